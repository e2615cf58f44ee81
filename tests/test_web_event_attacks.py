"""Issue 60, events: no participant can break an event for another, against the real `arbiter
serve` on 127.0.0.1. A side's entries are bounded per table, so re-entering one table again and
again stops no other table nor the director; a settled table changes only by the director; wrong
codes are slowed down per event and client address (CODE_GUESSES)."""

from __future__ import annotations

import http.client
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from service_support import Served, serving

from arbiter_web.pages.events import EXAMPLE
from arbiter_web.storage.event_store import MAX_SIDE_ENTRIES

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
Codes = dict[tuple[int, int, str], str]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    with serving(tmp_path) as served:
        yield served
        assert "Traceback" not in served.log.read_text(errors="replace")


def post(served: Served, path: str, form: dict[str, str], source: str = "127.0.0.1") -> tuple[int, dict[str, str], str]:
    """A form posted from the loopback address `source` (each 127.x address is another client)."""
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30, source_address=(source, 0))
    try:
        connection.request("POST", path, body=urlencode(form).encode(), headers=FORM)
        answer = connection.getresponse()
        headers = {k.lower(): v for k, v in answer.getheaders()}
        return answer.status, headers, answer.read().decode()
    finally:
        connection.close()


def kept_director_page(served: Served, source: str) -> tuple[str, str]:
    """Keep an event, and read its director's page as the device that kept it sees it (its code and
    every side's code): the form answers with a redirect there, signing the device in."""
    status, headers, page = post(served, "/events", {"event": source})
    assert status == 303, page[-500:]
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
    try:
        cookie = headers["set-cookie"].split(";")[0]
        connection.request("GET", headers["location"], headers={"Cookie": cookie})
        answer = connection.getresponse()
        assert answer.status == 200
        return headers["location"].split("/")[2], answer.read().decode()
    finally:
        connection.close()


def keep_event(served: Served) -> tuple[str, str, Codes]:
    """A kept event (the example's four pairs, three rounds, scores entered): its id, the
    director's code and every side's code."""
    event_id, page = kept_director_page(served, EXAMPLE)
    director = re.search(r'id="event-director-shown"[^>]*>([^<]+)<', page).group(1)  # type: ignore[union-attr]
    codes = {
        (int(r), int(t), side): code
        for r, t, side, code in re.findall(r'data-round="(\d+)" data-table="(\d+)" data-side="(\w+)">(\w+)<', page)
    }
    return event_id, director, codes


def enter(served: Served, event_id: str, code: str, first: int, second: int, source: str = "127.0.0.1") -> int:
    form = {"code": code, "first-1": str(first), "second-1": str(second)}
    return post(served, f"/events/{event_id}/result", form, source)[0]


def test_a_side_re_entering_its_table_again_and_again_stops_no_other_table_nor_the_director(server: Served) -> None:
    event_id, director, codes = keep_event(server)
    answers = [enter(server, event_id, codes[1, 1, "first"], 1420, points) for points in range(MAX_SIDE_ENTRIES + 5)]
    assert answers[:MAX_SIDE_ENTRIES] == [303] * MAX_SIDE_ENTRIES
    assert answers[MAX_SIDE_ENTRIES:] == [409] * 5  # its own entries are bounded, and only its own
    assert enter(server, event_id, codes[1, 2, "first"], 900, 100) == 303
    assert enter(server, event_id, codes[1, 1, "second"], 1420, 7) == 303  # the other side of that table too
    decided = post(
        server,
        f"/events/{event_id}/decide",
        {"code": director, "round": "1", "table": "1", "first-1": "1420", "second-1": "7"},
    )
    assert decided[0] == 303
    penalty = post(
        server, f"/events/{event_id}/penalty", {"code": director, "pair": "1", "points": "-5", "reason": "slow"}
    )
    assert penalty[0] == 303


def test_a_confirmed_table_changes_only_by_the_directors_decision(server: Served) -> None:
    event_id, director, codes = keep_event(server)
    assert enter(server, event_id, codes[1, 1, "first"], 1420, 500) == 303
    assert enter(server, event_id, codes[1, 1, "second"], 1420, 500) == 303  # confirmed
    for side in ("first", "second"):
        status, _, page = post(
            server, f"/events/{event_id}/result", {"code": codes[1, 1, side], "first-1": "0", "second-1": "3000"}
        )
        assert status == 409 and "only the director can change it" in page
    decided = post(
        server,
        f"/events/{event_id}/decide",
        {"code": director, "round": "1", "table": "1", "first-1": "1400", "second-1": "500"},
    )
    assert decided[0] == 303
    assert enter(server, event_id, codes[1, 1, "first"], 0, 3000) == 409  # decided: still the director's alone
    standings = server.request("GET", f"/events/{event_id}")[2].decode()
    assert re.search(r"1[,\u202f\xa0 .]?400", standings)  # the director's scores stand


def test_wrong_codes_are_slowed_down_per_event_and_address_and_no_one_else_is(server: Served) -> None:
    event_id, director, codes = keep_event(server)
    guesses = [enter(server, event_id, f"AAAAAA{n:02d}", 1, 2, source="127.0.0.2") for n in range(10)]
    assert guesses == [403] * 10
    status, headers, page = post(server, f"/events/{event_id}/result", {"code": "AAAAAAZZ"}, source="127.0.0.2")
    assert status == 429 and int(headers["retry-after"]) > 0 and "Too many wrong codes" in page
    assert enter(server, event_id, codes[1, 1, "first"], 1420, 500, source="127.0.0.2") == 429  # right or wrong
    director_page = post(server, f"/events/{event_id}/director", {"code": director}, source="127.0.0.2")
    assert director_page[0] == 429
    assert enter(server, event_id, codes[1, 1, "first"], 1420, 500) == 303  # another address goes on
    assert post(server, f"/events/{event_id}/director", {"code": director})[0] == 303
    other_id, _, other_codes = keep_event(server)
    assert enter(server, other_id, other_codes[1, 1, "first"], 1420, 500, source="127.0.0.2") == 303  # another event


def test_wrong_directors_codes_count_as_the_sides_do(server: Served) -> None:
    event_id, director, _ = keep_event(server)
    wrong = [
        post(server, f"/events/{event_id}/director", {"code": f"guess{n}"}, source="127.0.0.3")[0] for n in range(10)
    ]
    assert wrong == [403] * 10
    assert post(server, f"/events/{event_id}/director", {"code": director}, source="127.0.0.3")[0] == 429


@pytest.mark.parametrize(("until", "status"), [("2999-01-01T00:00:00Z", 303), ("2001-01-01T00:00:00+01:00", 409)])
def test_a_confirmed_table_is_open_to_its_sides_until_the_event_files_deadline(
    server: Served, until: str, status: int
) -> None:
    source = EXAMPLE.replace('results = "scores"', f'results = "scores"\ncorrections-until = {until}')
    event_id, page = kept_director_page(server, source)
    codes = dict(re.findall(r'data-round="1" data-table="1" data-side="(\w+)">(\w+)<', page))
    assert enter(server, event_id, codes["first"], 1420, 500) == 303
    assert enter(server, event_id, codes["second"], 1420, 500) == 303  # confirmed
    assert enter(server, event_id, codes["first"], 1420, 515) == status
