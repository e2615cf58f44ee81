"""Events on the service, form by form (the Flask test client over a real SQLite store): what is
refused and why, codes that name their table and side, the ledger that only grows, the quota."""

from __future__ import annotations

import hashlib
import html
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

from app import create_app
from arbiter_web.pages.events import EXAMPLE
from arbiter_web.storage import event_store
from arbiter_web.storage.event_store import table_code

pytestmark = pytest.mark.usefixtures("never_500")
pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures: SQLite and PostgreSQL


@pytest.fixture
def client(database_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False})
    yield app.test_client()
    app.extensions["arbiter_events"].engine.dispose()


def test_an_event_past_the_stores_quota_is_refused_and_nothing_is_kept(database_url: str):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False, "STORE_QUOTA": 100})
    answer = app.test_client().post("/events", data={"event": EXAMPLE})
    assert answer.status_code == 507
    store = app.extensions["arbiter_events"]
    with store.engine.begin() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(event_store.events)) == 0
    store.engine.dispose()


def kept(client: Any, source: str = EXAMPLE) -> tuple[str, str, dict[tuple[int, int, str], str]]:
    answer = client.post("/events", data={"event": source}, follow_redirects=True)
    assert answer.status_code == 200 and answer.request.path.endswith("/director")
    page = answer.get_data(as_text=True)
    event_id = re.search(r"/events/([\w-]+)/decide", page).group(1)
    director = re.search(r'id="event-director-shown"[^>]*>([^<]+)<', page).group(1)
    codes = {
        (int(r), int(t), side): code
        for r, t, side, code in re.findall(r'data-round="(\d+)" data-table="(\d+)" data-side="(\w+)">(\w+)<', page)
    }
    return event_id, director, codes


def test_every_side_of_every_table_has_its_own_code(client):
    _, _, codes = kept(client)
    assert len(codes) == 3 * 2 * 2 and len(set(codes.values())) == 12  # 3 rounds, 2 tables, 2 sides


def test_a_code_is_the_tables_and_sides_and_no_other_events():
    assert table_code("a" * 64, 1, 1, "first") != table_code("b" * 64, 1, 1, "first")
    assert table_code("a" * 64, 1, 1, "first") != table_code("a" * 64, 1, 1, "second")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (('movement = "round-robin"', 'movement = "relay"'), "movement: write one of"),
        (("seed = 1", 'seed = 1\nrulebook = "../secret.rules.toml"'), "name a rulebook kept here by its #digest"),
        (("seed = 1", 'seed = 1\nrulebook = "#0c6343960519"'), "no rulebook is kept under #0c6343960519"),
        (('results = "scores"', 'results = "photos"'), "results: write one of records, scores"),
        (('name = "Club night"', "name = [1]"), "name: write one line of text"),
    ],
)
def test_an_event_file_that_cannot_be_used_is_refused_with_its_key(client, change, said):
    answer = client.post("/events", data={"event": EXAMPLE.replace(*change)})
    assert answer.status_code == 422 and said in answer.get_data(as_text=True)


def test_a_result_is_refused_without_a_code_of_the_event_or_with_points_that_are_not_numbers(client):
    event_id, _, codes = kept(client)
    wrong = client.post(f"/events/{event_id}/result", data={"code": "AAAAAAAA", "first-1": "10", "second-1": "5"})
    assert wrong.status_code == 403 and "No table of this event has that code." in wrong.get_data(as_text=True)
    words = client.post(f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "lots"})
    assert words.status_code == 422 and "whole number" in words.get_data(as_text=True)
    huge = client.post(
        f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "10", "second-1": "999999"}
    )
    assert huge.status_code == 422


def test_a_side_that_enters_again_corrects_its_result_and_the_first_entry_stays_in_the_ledger(client):
    event_id, _, codes = kept(client)
    for points in ("500", "515"):
        client.post(
            f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "1420", "second-1": points}
        )
    answer = client.post(
        f"/events/{event_id}/result",
        data={"code": codes[1, 1, "second"], "first-1": "1420", "second-1": "515"},
        follow_redirects=True,
    )
    assert "it is confirmed" in answer.get_data(as_text=True)
    store = client.application.extensions["arbiter_events"]
    assert [entry.data["scores"] for entry in store.ledger(store.get(event_id))] == [
        [[1420, 500]],
        [[1420, 515]],
        [[1420, 515]],
    ]


def test_only_the_directors_code_opens_the_directors_page_decides_and_writes_penalties(client):
    event_id, director, _ = kept(client)
    for view in ("director", "decide", "penalty"):  # each says why on the event's page, and does nothing
        refused = client.post(f"/events/{event_id}/{view}", data={"code": "guess", "round": "1", "table": "1"})
        page = html.unescape(refused.get_data(as_text=True))
        assert refused.status_code == 403 and "not the director's code" in page and 'id="event-decide"' not in page
    refused = client.post(
        f"/events/{event_id}/penalty", data={"code": "guess", "pair": "1", "points": "-5", "reason": "x"}
    )
    assert refused.status_code == 403
    written = client.post(
        f"/events/{event_id}/penalty",
        data={"code": director, "pair": "1", "points": "-5", "reason": "slow play"},
        follow_redirects=True,
    )
    assert written.status_code == 200 and "slow play" in written.get_data(as_text=True)
    no_pair = client.post(
        f"/events/{event_id}/penalty", data={"code": director, "pair": "9", "points": "-5", "reason": "x"}
    )
    assert no_pair.status_code == 422 and "No pair has the number 9." in no_pair.get_data(as_text=True)


def test_an_event_not_kept_is_a_404(client):
    assert client.get("/events/no-such-event").status_code == 404
    assert client.get("/events/no-such-event/standings").status_code == 404


def test_the_event_pages_are_said_in_each_language(client):
    event_id, _, _ = kept(client)
    page = client.get(f"/events/{event_id}?lang=es").get_data(as_text=True)
    assert "Enter your table's result" not in page and "Standings" not in page


RECORDS = EXAMPLE.replace('results = "scores"\n', "")
"""The example event as most are: each table hands in its record, certified."""
PLAYERS = {1: ("ann", "cid"), 2: ("bob", "dee"), 3: ("eve", "gus"), 4: ("fay", "hal")}


def seated(client: Any, event_id: str, round_number: int, table: int) -> tuple[int, int]:
    """The pairs at a table, read from the event's page (first seats, second seats)."""
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    row = re.search(rf'id="event-table-{round_number}-{table}"[^>]*>(.*?)</tr>', page, re.S).group(1)
    cells = re.findall(r"<td>(\d+)(?: [^<]*)?</td>", row)
    return int(cells[2]), int(cells[3])


def record(winners: int, losers: int, declared: int = 1590) -> str:
    """A score sheet of one hand: `winners` go out concealed with 1,590 (as `declared`), `losers` make 515."""
    (w1, w2), (l1, l2) = PLAYERS[winners], PLAYERS[losers]
    return (
        f'[Rules "caliente"]\n[Seats "{w1} {l1} {w2} {l2}"]\n[Teams "{w1}+{w2} {l1}+{l2}"]\n\n'
        f"hand 1 dealer {w1}\n"
        f"summary {w1}+{w2} natural 1 mixed 1 bonus 2 melded 390 out concealed\n"
        f"summary {l1}+{l2} mixed 1 melded 260 left 45\n"
        f"score {w1}+{w2} {declared} {l1}+{l2} 515\ntotal {w1}+{w2} {declared} {l1}+{l2} 515\n"
    )


def hand_in(client: Any, event_id: str, code: str, text: str, as_file: bool = False) -> Any:
    """A side hands in its record; the page it lands on (after the redirect of a record entered)."""
    data: dict[str, Any] = {"code": code}
    if as_file:
        data["record-file"] = (io.BytesIO(text.encode("utf-8")), "table.acn")
    else:
        data["record"] = text
    return client.post(
        f"/events/{event_id}/result", data=data, content_type="multipart/form-data", follow_redirects=True
    )


def test_a_record_both_sides_hand_in_is_certified_and_confirmed_with_its_scores(client):
    event_id, _, codes = kept(client, RECORDS)
    first, second = seated(client, event_id, 1, 1)
    once = hand_in(client, event_id, codes[1, 1, "first"], record(first, second))
    assert once.status_code == 200 and "the other side is to confirm it" in once.get_data(as_text=True)
    twice = hand_in(client, event_id, codes[1, 1, "second"], record(first, second), as_file=True)
    page = twice.get_data(as_text=True)
    assert "it is confirmed" in page and "1,590 – 515 (confirmed: both records certified)" in page
    store = client.application.extensions["arbiter_events"]
    entries = store.ledger(store.get(event_id))
    assert [entry.data["scores"] for entry in entries] == [[[1590, 515]], [[1590, 515]]]
    assert entries[0].data["record"] == hashlib.sha256(record(first, second).encode()).hexdigest()


def test_a_record_with_an_error_is_refused_with_its_finding_and_nothing_is_entered(client):
    event_id, _, codes = kept(client, RECORDS)
    first, second = seated(client, event_id, 1, 1)
    answer = hand_in(client, event_id, codes[1, 1, "first"], record(first, second, declared=1600))
    page = answer.get_data(as_text=True)
    banner = re.search(r'id="event-problem"><p>(.*?)</p>', page).group(1)
    assert answer.status_code == 422 and banner.startswith("Your result was not entered: the table&#39;s record")
    assert "is declared 1600 but makes 1590" in banner and "hand it in again" in banner and "-mismatch" not in banner
    assert 'id="event-findings"' in page and "is declared 1600 but makes 1590" in page
    assert re.search(r'class="line flagged flagged-error" id="L8">', page)  # the record listed, its line marked
    store = client.application.extensions["arbiter_events"]
    assert store.ledger(store.get(event_id)) == []


def test_a_record_of_other_players_or_no_record_at_all_is_refused_in_words(client):
    event_id, _, codes = kept(client, RECORDS)
    first, second = seated(client, event_id, 1, 1)
    others = next(n for n in PLAYERS if n not in (first, second))
    strangers = hand_in(client, event_id, codes[1, 1, "first"], record(first, others))
    assert strangers.status_code == 422 and "seats other players than the pairs" in strangers.get_data(as_text=True)
    points = client.post(f"/events/{event_id}/result", data={"code": codes[1, 1, "first"], "first-1": "5"})
    assert points.status_code == 422 and "certifies every table&#39;s record" in points.get_data(as_text=True)
    binary = hand_in(client, event_id, codes[1, 1, "first"], "", as_file=False)
    assert binary.status_code == 422
    latin = client.post(
        f"/events/{event_id}/result",
        data={"code": codes[1, 1, "first"], "record-file": (io.BytesIO(b"\xff\xfe\x00"), "t.acn")},
        content_type="multipart/form-data",
    )
    assert latin.status_code == 422 and "not UTF-8 text" in latin.get_data(as_text=True)


def test_two_certified_records_that_disagree_are_decided_by_the_director(client):
    event_id, director, codes = kept(client, RECORDS)
    first, second = seated(client, event_id, 1, 1)
    hand_in(client, event_id, codes[1, 1, "first"], record(first, second))
    disagreed = hand_in(client, event_id, codes[1, 1, "second"], record(second, first))
    assert disagreed.status_code == 200 and "the director decides" in disagreed.get_data(as_text=True)
    decided = client.post(
        f"/events/{event_id}/decide",
        data={"code": director, "round": "1", "table": "1", "first-1": "1590", "second-1": "515"},
        follow_redirects=True,
    )
    assert decided.status_code == 200
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "1,590 – 515 (decided by the director)" in page


def keep_rulebook(client: Any, name: str) -> str:
    rules = f'name = "{name}"\nversion = 1\nfamily = "caliente"\n\n[rules.stop-up-card-freezes]\nvalue = true\n'
    kept_book = client.post("/h", data={"rulebook": rules + 'note = "A Stop turned up freezes the pile."\n'})
    return re.search(r"/h/([0-9a-f]{64})", kept_book.headers["Location"]).group(1)


def test_a_record_is_judged_by_the_kept_rulebook_the_event_names_and_no_other(client):
    ours, theirs = keep_rulebook(client, "Frozen stops"), keep_rulebook(client, "Other club")
    event_id, _, codes = kept(client, RECORDS.replace("seed = 1", f'seed = 1\nrulebook = "#{ours[:12]}"'))
    assert f"Frozen stops #{ours[:12]}" in client.get(f"/events/{event_id}").get_data(as_text=True)
    first, second = seated(client, event_id, 1, 1)
    other = record(first, second).replace("\n\n", f'\n[House "#{theirs}"]\n\n', 1)
    refused = hand_in(client, event_id, codes[1, 1, "first"], other)
    assert refused.status_code == 422 and "Your result was not entered" in refused.get_data(as_text=True)
    named = record(first, second).replace("\n\n", f'\n[House "#{ours}"]\n\n', 1)
    assert hand_in(client, event_id, codes[1, 1, "first"], named).status_code == 200
    assert hand_in(client, event_id, codes[1, 1, "second"], record(first, second)).status_code == 200


def test_a_record_past_the_size_limit_or_of_nonsense_is_refused_in_words_and_nothing_is_entered(database_url: str):
    app = create_app(
        {"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False, "MAX_CONTENT_LENGTH": 8 * 1024}
    )
    client = app.test_client()
    event_id, _, codes = kept(client, RECORDS)
    huge = hand_in(client, event_id, codes[1, 1, "first"], "; a comment\n" * 1_000)
    assert huge.status_code == 413
    nonsense = hand_in(client, event_id, codes[1, 1, "first"], "\x00\x01 this is no record {{[[")
    assert nonsense.status_code == 422 and "Your result was not entered" in nonsense.get_data(as_text=True)
    store = app.extensions["arbiter_events"]
    assert store.ledger(store.get(event_id)) == []
    store.engine.dispose()
