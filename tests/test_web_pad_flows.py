"""The score pad's forms answer with a redirect (issue 59): a game started, a hand added, a game
taken up from the device go (303) to the game as it stands, so a reload or a double tap never adds
a hand twice; a link kept to share goes to a page that shows the link, kept once per form."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from test_web_pad import GAMES, record_of

import arbiter
from app import create_app
from arbiter_web.pages.pad_flow import packed
from arbiter_web.storage import store as kept_store

SEATS, TEAMS, FIRST, SECOND, _ = GAMES["caliente"]


@pytest.fixture
def app(tmp_path: Path) -> Any:
    made = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'pad.sqlite3'}"})
    yield made
    made.extensions["arbiter_once"].engine.dispose()


def started(client: Any) -> str:
    answer = client.post("/pad", data={"do": "start", "family": "caliente", "seats": SEATS, "teams": TEAMS})
    assert answer.status_code == 303 and re.fullmatch(r"/pad\?game=[\w-]+", answer.headers["Location"])
    return answer.headers["Location"]


def test_a_hand_added_answers_303_to_the_game_and_the_same_form_twice_adds_it_once(app):
    client = app.test_client()
    record = record_of(client.get(started(client)).text)
    form = {"do": "add", "record": record, **FIRST, **SECOND}
    first, second = client.post("/pad", data=form), client.post("/pad", data=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    for _ in range(2):  # the page and its reload
        page = client.get(first.headers["Location"])
        [game] = arbiter.check(record_of(page.text))
        assert page.status_code == 200 and len(game.hands) == 1 and game.totals == {"ann+cid": 1320, "bob+dee": 515}


def test_a_refused_hand_is_answered_with_its_page_and_no_redirect(app):
    client = app.test_client()
    record = record_of(client.get(started(client)).text)
    refused = client.post("/pad", data={"do": "add", "record": record, **FIRST, "bob+dee.out": "on"})
    assert refused.status_code == 422 and "Location" not in refused.headers


def test_a_game_address_that_carries_no_game_is_a_404_in_words(app):
    client = app.test_client()
    for game in ("not-a-game", "eJzLSM3JyVcozy_KSQEAGgQEXQ", "%%%"):
        answer = client.get(f"/pad?game={game}")
        assert answer.status_code == 404 and "could not be read" in answer.text


def test_keeping_a_link_answers_303_to_a_page_that_shows_the_link_to_copy_and_keeps_it_once(app):
    client = app.test_client()
    page = client.get(started(client)).text
    form = {"record": record_of(page), "once": re.search(r'name="once" value="([^"]+)"', page).group(1)}
    first, second = client.post("/pad/keep", data=form), client.post("/pad/keep", data=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    kept_id = re.fullmatch(r"/pad\?kept=([\w-]+)&new=1", first.headers["Location"]).group(1)
    shown = client.get(first.headers["Location"]).text
    link = html.unescape(re.search(r'id="pad-shared-link"[^>]*>([^<]+)<', shown).group(1))
    assert link == f"http://localhost/pad?kept={kept_id}"
    assert 'data-copy="pad-shared-link"' in shown and "Hands added after that are not in it" in shown
    with app.extensions["arbiter_once"].engine.begin() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(kept_store.rulings)) == 1


OTHER = {"ann+cid.mixed": "1", "ann+cid.melded": "260", "ann+cid.left": "45"} | {
    "bob+dee.natural": "1",
    "bob+dee.mixed": "1",
    "bob+dee.melded": "420",
    "bob+dee.out": "on",
    "bob+dee.left": "0",  # a blank is not written (issue 58): 0 when no card was left
}


def two_hands(client: Any) -> str:
    """A game of two hands kept on the pad: its record."""
    record = record_of(client.get(started(client)).text)
    for hand in ({**FIRST, **SECOND}, OTHER):
        record = record_of(
            client.post("/pad", data={"do": "add", "record": record, **hand}, follow_redirects=True).text
        )
    return record


def test_a_hand_corrected_answers_303_and_the_later_hands_totals_and_minimums_follow(app):
    client = app.test_client()
    record = two_hands(client)
    form = client.get("/pad", query_string={"game": packed(record), "correct": "1"}).text
    assert 'name="do" value="correct"' in form and 'name="hand" value="1"' in form
    assert 'id="pad-1-natural" name="ann+cid.natural"' in form and 'value="420"' in form  # the hand as it was
    fixed = client.post(
        "/pad", data={"do": "correct", "hand": "1", "record": record, **FIRST, "ann+cid.natural": "2", **SECOND}
    )
    assert fixed.status_code == 303
    page = client.get(fixed.headers["Location"]).text
    [game] = arbiter.check(record_of(page))
    assert game.verdict == "valid" and game.totals == {"ann+cid": 1820 + 515, "bob+dee": 515 + 1320}
    assert [hand.minimums for hand in game.hands][-1] == {"ann+cid": 90, "bob+dee": 90}
    assert "Hand 1 corrected; before, it scored:" in page and "ann+cid 1,320" in page


def test_the_last_hand_taken_back_answers_303_and_is_kept_as_a_correction(app):
    client = app.test_client()
    record = two_hands(client)
    back = client.post("/pad", data={"do": "undo", "record": record})
    assert back.status_code == 303
    page = client.get(back.headers["Location"]).text
    [game] = arbiter.check(record_of(page))
    assert len(game.hands) == 1 and game.totals == {"ann+cid": 1320, "bob+dee": 515}
    assert "Hand 2 taken back; it had scored:" in page


def test_a_correction_no_game_could_give_is_refused_and_the_sheet_stays(app):
    client = app.test_client()
    record = two_hands(client)
    refused = client.post(
        "/pad", data={"do": "correct", "hand": "1", "record": record, **FIRST, **SECOND, "bob+dee.out": "on"}
    )
    assert refused.status_code == 422 and "only one side goes out" in refused.text
    assert record_of(refused.text) == record and 'name="hand" value="1"' in refused.text
    assert client.post("/pad", data={"do": "correct", "hand": "9", "record": record}).status_code == 422


def test_a_game_in_the_address_is_judged_and_counts_toward_the_rate_limit(tmp_path: Path):
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'limited.db'}", "RATE_LIMIT": "2 per minute"}
    )
    client = app.test_client()
    game = packed('[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n')
    assert [client.get(f"/pad?game={game}").status_code for _ in range(3)] == [200, 200, 429]
    assert client.get("/pad").status_code == 200  # a new game's form judges nothing


def test_a_game_too_long_for_an_address_is_answered_directly(app):
    client = app.test_client()
    record = record_of(client.get(started(client)).text)
    long_record = record + "".join(f"; a note {n} {'x' * (n % 97)}\n" for n in range(3000))
    answer = client.post("/pad", data={"do": "show", "record": long_record})
    assert answer.status_code == 200 and "Location" not in answer.headers
