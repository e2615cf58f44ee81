"""The ruling page's additions for the table, through Flask's test client: the score sheet, the
kind of problem, the round's index, the replay's frames and their budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_page import Elements, assert_safe_page, check
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

from app import create_app
from arbiter_web.pages.table_view import DEFAULT_REPLAY_MAX_FRAMES

pytestmark = pytest.mark.usefixtures("never_500")

SAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
NO_KING = SAMPLE.replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")
WRONG_TAKE = SAMPLE.replace(
    "bob: take 10 with [10 10 10 10] and [5 5 5], add [X] to 5, discard 4", "bob: take 10 with [10], discard 4"
)


@pytest.fixture(scope="module")
def shared_app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(shared_app: Any) -> Any:
    return shared_app.test_client()


def page_of(client: Any, record: str) -> tuple[str, Elements]:
    html = check(client, record).get_data(as_text=True)
    return html, assert_safe_page(html)


def test_a_valid_game_has_no_separate_score_sheet_but_a_replay_of_every_turn(client: Any) -> None:
    html, page = page_of(client, SAMPLE)
    assert "The score sheet to write down" not in html
    frames = [a for t, a in page.elements if "frame" in a.get("class", "").split()]
    assert [a["id"] for a in frames] == [f"g1-h1-t{turn}" for turn in range(8)]
    assert frames[0]["class"] == "frame start"  # no dispute: the hand starts at its deal
    assert "What is wrong" not in html


def test_a_wrong_take_puts_the_adjusted_score_on_the_sheet(client: Any) -> None:
    html, _ = page_of(client, WRONG_TAKE)
    assert "The score sheet to write down" in html
    assert "adjustment" in html and "bob+dee -50: the Prize pile taken wrongly, and restored" in html
    assert "1,140" in html
    assert "What is wrong: <strong>a move breaks a rule</strong>" in html


def test_a_hand_without_a_remedy_says_it_cannot_be_scored(client: Any) -> None:
    html, _ = page_of(client, NO_KING)
    assert "cannot be scored" in html and "Provisional" in html


def test_the_replay_ends_at_the_illegal_move_and_starts_there(client: Any) -> None:
    html, page = page_of(client, NO_KING)
    frames = [a for t, a in page.elements if "frame" in a.get("class", "").split()]
    assert [a["id"] for a in frames] == ["g1-h1-t0", "g1-h1-t1", "g1-h1-t2", "g1-h1-t3"]
    assert frames[-1]["class"] == "frame start frame-illegal" and frames[-1]["data-line"] == "23"
    assert "The table before dee&#39;s offending move" in html
    assert 'href="#g1-h1-t3">Step through hand 1</a>' in html  # from the finding


def test_a_round_gets_an_index_and_a_single_game_none(client: Any) -> None:
    html, _ = page_of(client, SAMPLE + "\n" + NO_KING.replace("Rule book scoring example", "Second table"))
    assert "The games of this round" in html
    assert 'href="#game-2">Game 2</a>' in html and "Second table" in html
    single, _ = page_of(client, SAMPLE)
    assert "The games of this round" not in single


def test_a_disputed_hand_past_the_budget_shows_its_last_turns_and_says_how_to_get_the_rest() -> None:
    small = create_app({"TESTING": True, "REPLAY_MAX_FRAMES": 3}).test_client()
    html, page = page_of(small, NO_KING)
    frames = [a["id"] for t, a in page.elements if "frame" in a.get("class", "").split()]
    assert frames == ["g1-h1-t1", "g1-h1-t2", "g1-h1-t3"]  # the table before the illegal move, and two before
    assert "Only the last turns before the illegal move are shown" in html
    assert "arbiter table --game 1 --hand 1 --turn T" in html
    assert DEFAULT_REPLAY_MAX_FRAMES >= 100


def test_a_hostile_line_in_a_replay_is_shown_escaped(client: Any) -> None:
    record = NO_KING.replace("cid: draw 9, discard K", "cid: draw 9, discard K ; <script>alert(1)</script>")
    html, _ = page_of(client, record)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_script_is_a_static_file_of_the_site(client: Any) -> None:
    response = client.get("/static/pages/replay.js")
    assert response.status_code == 200 and "javascript" in response.mimetype
    assert "ArrowLeft" in response.get_data(as_text=True)


def test_the_disputed_hands_come_first_within_the_budget() -> None:
    small = create_app({"TESTING": True, "REPLAY_MAX_FRAMES": 4}).test_client()
    html, page = page_of(small, SAMPLE + "\n" + NO_KING)
    frames = [a["id"] for t, a in page.elements if "frame" in a.get("class", "").split()]
    assert frames == ["g2-h1-t0", "g2-h1-t1", "g2-h1-t2", "g2-h1-t3"]  # game 2's disputed hand, not game 1's
    assert 'id="g1-h1"' not in html and "arbiter table --game 1 --hand H --turn T" in html  # one note for game 1


def test_the_verdict_of_a_wrong_score_says_it_is_an_addition_error(client: Any) -> None:
    html, _ = page_of(client, SAMPLE.replace("score bob+dee 1190", "score bob+dee 1200"))
    assert "<p>A declared score or result is wrong.</p>" in html
    assert "What is wrong: <strong>a declared score or result is wrong</strong>" in html
