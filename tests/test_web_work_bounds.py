"""Issue 46: small requests that cost seconds, against the real `arbiter serve` on 127.0.0.1.

A position of a few hundred bytes that hands one player sixty cards has thousands of legal
actions, and listing them (POST /api/v1/legal-actions, the editor's legal moves, the "allowed
instead" of a finding) used to take tens of seconds. Every listing now spends a work budget: the
tests give the server a small one (MAX_STEPS) and a time limit far past it, so that the budget,
never the clock, is what stops the work, and check what holds by construction: the answer says
it is partial, the access log counts the steps within the budget, and the work past
LARGE_REQUEST_STEPS was done in a lane. The bounds on time are only hang guards.
"""

from __future__ import annotations

import json
import string
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from heavy_position import POSITION, SIXTY_CARDS
from service_support import Served, one_game, serving

from arbiter.engine.legal import CARDS_PER_STEP, SEARCH_BUDGET

pytestmark = pytest.mark.attack

MAX_STEPS = 6_000
LARGE_REQUEST_STEPS = 1_500
MOST_STEPS = MAX_STEPS + (SEARCH_BUDGET + 1) * (1 + 68 // CARDS_PER_STEP)  # the last try (68 cards) and its search
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
BROKEN = POSITION.replace("ann: draw 8", "ann: draw 8, meld [4 5 6]")
EDITOR_MOVES = "/editor?" + urlencode(
    {
        "rules": "caliente",
        "hold.ann": SIXTY_CARDS,
        "hold.bob": "5 7 K",
        "hold.cid": "J J A",
        "hold.dee": "8 8 4",
        "pile": "6 Q",
        "turn": "ann",
        "move": "draw 8",
        "do": "moves",
    }
)


def _legal_actions_body() -> bytes:
    return json.dumps({"record": POSITION, "game": 1, "hand": 1, "turn": 1, "actions": 1}).encode()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(
        tmp_path_factory.mktemp("work"),
        "--workers",
        "2",
        MAX_STEPS=str(MAX_STEPS),
        LARGE_REQUEST_STEPS=str(LARGE_REQUEST_STEPS),
        REQUEST_TIME_LIMIT="600",  # the budget, not the clock, stops the work
        LARGE_WAIT="600",
    ) as server:
        yield server


def _entries(served: Served) -> dict[str, dict[str, Any]]:
    entries = {}
    for line in served.log.read_text(errors="replace").splitlines():
        if line.startswith("{") and '"request_id"' in line:
            entry = json.loads(line)
            entries[entry["request_id"]] = entry
    return entries


def _spent_within_the_budget_in_a_lane(served: Served, request_id: str) -> None:
    entry = _entries(served)[request_id]
    assert LARGE_REQUEST_STEPS <= entry["steps"] <= MOST_STEPS, entry
    assert entry["lane"] == "heavy", entry


def test_legal_actions_of_a_sixty_card_hand_stop_at_the_work_budget_and_say_so(served: Served) -> None:
    body = _legal_actions_body()
    assert len(body) < 400
    status, _, raw = served.request(
        "POST", "/api/v1/legal-actions", body, {"Content-Type": "application/json", "X-Request-Id": "legal-60"}
    )
    answer = json.loads(raw)
    assert status == 200, answer
    assert answer.get("partial") is True
    assert answer["total"] == sum(len(moves) for moves in answer["legal"].values())
    _spent_within_the_budget_in_a_lane(served, "legal-60")


def test_judging_a_small_record_with_a_sixty_card_hand_keeps_its_allowed_instead_within_the_budget(
    served: Served,
) -> None:
    status, _, raw = served.request("POST", "/api/v1/rulings", BROKEN.encode(), TEXT | {"X-Request-Id": "ruling-60"})
    answer = json.loads(raw)
    assert status == 200, answer
    finding = answer["games"][0]["findings"][0]
    assert finding["code"] == "meld-rank"
    _spent_within_the_budget_in_a_lane(served, "ruling-60")


def test_the_editors_legal_moves_for_a_sixty_card_hand_stop_at_the_budget_and_say_so(served: Served) -> None:
    status, _, raw = served.request("GET", EDITOR_MOVES, headers={"X-Request-Id": "editor-60"})
    assert status == 200
    assert "stopped at the server&#39;s limit on work" in raw.decode()
    _spent_within_the_budget_in_a_lane(served, "editor-60")


def test_an_editor_link_with_nine_hundred_seats_gets_a_bounded_page(served: Served) -> None:
    letters = string.ascii_lowercase
    seats = " ".join(first + second for first in letters for second in letters + string.digits)
    path = "/editor?" + urlencode({"rules": "caliente", "seats": seats})
    assert len(path) < 8192  # within MAX_URL_LENGTH
    status, _, raw = served.request("GET", path)
    assert status == 422
    assert len(raw) <= max(20 * len(path), 256 * 1024)
    assert "more than the limit" in raw.decode()


HOSTILE_CLIENTS = 16
HOSTILE_ROUNDS = 2
HONEST_REQUESTS = 10
HANG_GUARD_SECONDS = 600


def _hostile(served: Served, client: int, answers: list[tuple[str, int, dict[str, str]]]) -> None:
    """One client sending the sixty-card hand to each endpoint in turn."""
    for round_ in range(HOSTILE_ROUNDS):
        for kind, method, path, body, headers in (
            ("legal", "POST", "/api/v1/legal-actions", _legal_actions_body(), {"Content-Type": "application/json"}),
            ("editor", "GET", EDITOR_MOVES, None, {}),
            ("ruling", "POST", "/api/v1/rulings", BROKEN.encode(), TEXT),
        ):
            request_id = f"hostile-{client}-{round_}-{kind}"
            status, answer_headers, _ = served.request(method, path, body, headers | {"X-Request-Id": request_id})
            answers.append((request_id, status, answer_headers))


def test_sixteen_clients_sending_sixty_card_hands_leave_honest_requests_answered_beside_them(served: Served) -> None:
    answers: list[tuple[str, int, dict[str, str]]] = []
    clients = [
        threading.Thread(target=_hostile, args=(served, client, answers), daemon=True)
        for client in range(HOSTILE_CLIENTS)
    ]
    for client in clients:
        client.start()
    honest = []
    for number in range(HONEST_REQUESTS):
        request_id = f"honest-{number}"
        honest.append(served.request("POST", "/api/v1/rulings", one_game(), TEXT | {"X-Request-Id": request_id})[0])
    for client in clients:
        client.join(HANG_GUARD_SECONDS)
    assert not any(client.is_alive() for client in clients)
    assert honest == [200] * HONEST_REQUESTS
    assert len(answers) == HOSTILE_CLIENTS * HOSTILE_ROUNDS * 3
    entries = _entries(served)
    for request_id, status, headers in answers:
        assert status in (200, 503), (request_id, status)
        if status == 503:
            assert "retry-after" in headers  # every lane taken: refused at once, not queued without end
        else:
            assert LARGE_REQUEST_STEPS <= entries[request_id]["steps"] <= MOST_STEPS
            assert entries[request_id]["lane"] == "heavy"  # the heavy work was done out of the honest ones' way
    for number in range(HONEST_REQUESTS):
        assert "lane" not in entries[f"honest-{number}"]


def test_the_editors_legal_moves_count_against_the_rate_limit(tmp_path: Path) -> None:
    small = "/editor?" + urlencode({"rules": "caliente", "do": "moves"})
    with serving(tmp_path, RATE_LIMIT="3 per minute") as server:
        statuses = [server.request("GET", small)[0] for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        assert server.request("GET", "/editor")[0] == 200  # the bare editor lists nothing: not counted
