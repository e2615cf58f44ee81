"""Issue 60, large pages paged and in a lane by their cost: a long score sheet on the pad shows a
page of its hands with links to the others and its totals; the director's page shows one round's
codes as it shows one round's tables; working out an event's or a pad's page takes a lane from
LARGE_PAGE_COST rows (tables, ledger entries, hands), whatever its bytes; the director's page is
counted by READ_RATE_LIMIT. Against the real `arbiter serve` on 127.0.0.1, under a memory cap, an
honest request answered beside the attack; no assertion is timed."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from urllib.parse import urlencode

from service_support import Served, one_game, serving
from test_web_page_attacks import FORM, TEXT, keep, large_event

from arbiter_web.pages.pad import MAX_RECORD, PAGE_HANDS
from arbiter_web.serving.lanes import DEFAULT_LARGE_PAGE_COST, DEFAULT_LARGE_REQUEST_BYTES

MEMORY_CAP = 2 * 1024 * 1024 * 1024
DEALERS = ("dee", "ann", "bob", "cid")


def long_sheet(hands: int) -> str:
    """A valid score sheet of `hands` hands whose totals never end the game (each side goes out
    in turn, the other caught with 700 points in hand)."""
    parts = ['[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n']
    for n in range(1, hands + 1):
        dealer = DEALERS[(n - 1) % 4]
        if n % 2:
            parts.append(
                f"\nhand {n} dealer {dealer}\nsummary ann+cid natural 1 out melded 100\nsummary bob+dee left 700\n"
                "score ann+cid 700 bob+dee -700\ntotal ann+cid 700 bob+dee -700\n"
            )
        else:
            parts.append(
                f"\nhand {n} dealer {dealer}\nsummary ann+cid left 700\nsummary bob+dee natural 1 out melded 100\n"
                "score ann+cid -700 bob+dee 700\ntotal ann+cid 0 bob+dee 0\n"
            )
    return "".join(parts)


def access_lines(served: Served, path: str) -> list[dict[str, object]]:
    lines = served.log.read_text(errors="replace").splitlines()
    return [entry for line in lines if line.startswith("{") and (entry := json.loads(line)).get("path") == path]


def shown_hands(page: str) -> int:
    return page.count('class="pad-score"') // 2  # two sides a hand


def test_a_long_kept_score_sheet_is_paged_with_its_totals_beside_an_honest_request(tmp_path: Path) -> None:
    record = long_sheet(1_300)
    assert len(record) <= MAX_RECORD
    with serving(tmp_path, memory_cap=MEMORY_CAP) as server:
        ruling = keep(server, record)
        answers: list[tuple[int, str]] = []

        def opener() -> None:
            status, _, page = server.request("GET", f"/pad?kept={ruling}")
            answers.append((status, page.decode()))

        clients = [threading.Thread(target=opener) for _ in range(4)]
        for client in clients:
            client.start()
        honest = server.request("POST", "/api/v1/rulings", one_game(), TEXT)
        for client in clients:
            client.join(timeout=600)
        assert honest[0] == 200
        assert [status for status, _ in answers] == [200] * 4
        latest = answers[0][1]
        assert shown_hands(latest) == PAGE_HANDS  # 11.7 MB with every hand and a link to correct each before
        assert "Hands 1251 to 1300 of 1300." in latest and 'id="pad-total-1"' in latest
        assert len(latest.encode()) < 4 * len(record) + 200_000  # the record in its forms, and one page of hands
        assert all(f"kept={ruling}&amp;page={n}" in latest for n in (1, 13, 26))
        first = server.request("GET", f"/pad?kept={ruling}&page=1")[2].decode()
        assert "Hands 1 to 50 of 1300." in first and shown_hands(first) == PAGE_HANDS
        assert f"kept={ruling}&amp;correct=1" in first and "correct=51" not in first
        assert max(server.worker_rss_mib().values()) < 1024  # MiB


def test_a_score_sheet_of_many_hands_in_few_bytes_is_worked_out_in_a_lane(tmp_path: Path) -> None:
    record = long_sheet(2 * DEFAULT_LARGE_PAGE_COST)
    assert len(record) < DEFAULT_LARGE_REQUEST_BYTES  # a byte threshold would let it by
    with serving(tmp_path, memory_cap=MEMORY_CAP) as server:
        ruling = keep(server, record)
        assert server.request("GET", f"/pad?kept={ruling}")[0] == 200
        (opened,) = access_lines(server, "/pad")
        assert opened["cost"] == 2 * DEFAULT_LARGE_PAGE_COST and opened["lane"] == "heavy"
        small = keep(server, long_sheet(3))
        assert server.request("GET", f"/pad?kept={small}")[0] == 200
        assert "lane" not in access_lines(server, "/pad")[-1]  # an evening's game flows past


def _kept_event(server: Served, source: str) -> tuple[str, dict[str, str]]:
    status, headers, page = server.request("POST", "/events", urlencode({"event": source}).encode(), FORM)
    assert status == 303, page[-300:]
    event = re.search(r"/events/([\w-]{22})", headers["location"]).group(1)  # type: ignore[union-attr]
    return event, {"Cookie": headers["set-cookie"].split(";")[0]}  # the device that kept it is the director's


def test_the_directors_page_of_a_long_event_shows_one_rounds_codes(tmp_path: Path) -> None:
    with serving(tmp_path, memory_cap=MEMORY_CAP) as server:
        event, director = _kept_event(server, large_event())
        latest = server.request("GET", f"/events/{event}/director", None, director)[2].decode()
        assert latest.count('data-side="first"') == 50  # round 5's tables: 250 codes before
        assert not re.search(r'data-round="[1-4]"', latest)
        assert all(f"/events/{event}/director?round={n}" in latest for n in range(1, 6))
        second = server.request("GET", f"/events/{event}/director?round=2", None, director)[2].decode()
        assert second.count('data-round="2" data-table=') == 100 and 'data-round="5"' not in second  # both sides


def test_a_long_event_of_a_few_kilobytes_is_worked_out_in_a_lane_beside_an_honest_request(tmp_path: Path) -> None:
    source = large_event()
    assert len(source) < DEFAULT_LARGE_REQUEST_BYTES  # a byte threshold would let it by
    with serving(tmp_path, "--workers", "2", memory_cap=MEMORY_CAP) as server:
        event, director = _kept_event(server, source)
        statuses: list[int] = []

        def opener(number: int) -> None:
            path = (f"/events/{event}", f"/events/{event}/standings", f"/events/{event}/director")[number % 3]
            statuses.append(server.request("GET", path, None, director)[0])

        clients = [threading.Thread(target=opener, args=(n,)) for n in range(6)]
        for client in clients:
            client.start()
        honest = server.request("POST", "/api/v1/rulings", one_game(), TEXT)
        for client in clients:
            client.join(timeout=600)
        assert honest[0] == 200
        assert set(statuses) <= {200, 503} and 200 in statuses  # a full lane says so, never a 500
        worked_out = [
            entry
            for path in (f"/events/{event}", f"/events/{event}/standings", f"/events/{event}/director")
            for entry in access_lines(server, path)
            if entry["status"] == 200 and "cost" in entry
        ]
        assert worked_out and all(entry["cost"] == 250 and entry["lane"] == "heavy" for entry in worked_out)
        assert max(server.worker_rss_mib().values()) < 1024  # MiB


def test_the_directors_page_is_counted_by_the_read_rate_limit(tmp_path: Path) -> None:
    with serving(tmp_path, READ_RATE_LIMIT="3 per minute") as server:
        event, director = _kept_event(server, large_event(pairs=4, rounds=3))
        path = f"/events/{event}/director"
        assert [server.request("GET", path, None, director)[0] for _ in range(4)] == [200, 200, 200, 429]
