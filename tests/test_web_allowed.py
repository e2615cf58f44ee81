"""The page says what was allowed instead of a disputed move, under the remedy, in players' words
(each with its notation), and so does a kept ruling read back from the database."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from web_support import full_ruling, never_500  # noqa: F401 (a fixture, used by pytestmark)

from app import create_app
from arbiter import GameRuling
from arbiter_web.pages.page import render_ruling
from arbiter_web.storage.stored import EXTENSION, ruling_from_dict

pytestmark = pytest.mark.usefixtures("never_500")
RECORD = "\n".join(f"; line {n}" for n in range(1, 31)) + "\n"


@pytest.fixture(scope="module")
def app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


def page_of(app: Any, ruling: GameRuling) -> str:
    with app.test_request_context("/", method="POST"):
        return render_ruling(RECORD, [ruling])


def allowed_part(html: str) -> str:
    """The finding's "Allowed instead" entry, up to the next entry of the finding's facts."""
    start = html.index("<dt>Allowed instead</dt>")
    return html[start : html.index("<dt>", start + 1)]


def test_the_alternatives_come_under_the_remedy_in_players_words(app: Any) -> None:
    html = page_of(app, full_ruling())
    assert html.index('class="remedy"') < html.index("<dt>Allowed instead</dt>")
    part = allowed_part(html)
    assert "<li>Meld 7 7 2 " in part and "<code>meld [7 7 2]</code>" in part
    assert "<li>Add 7 to the 7s " in part and "<code>add [7] to 7</code>" in part
    assert part.count("<li>") == 5
    assert "and 4 other legal actions, not listed." in part


def test_a_single_alternative_reads_as_a_sentence(app: Any) -> None:
    ruling = full_ruling()
    ruling.findings[0] = replace(ruling.findings[0], alternatives=("draw 7",), alternatives_total=1)
    part = allowed_part(page_of(app, ruling))
    assert "Draw from the stock" in part and "<code>draw 7</code>" in part and "<li>" not in part


def test_a_move_with_no_alternative_says_nothing_else_was_allowed(app: Any) -> None:
    ruling = full_ruling()
    ruling.findings[0] = replace(ruling.findings[0], alternatives=(), alternatives_total=0)
    assert "Nothing else was allowed." in allowed_part(page_of(app, ruling))


def test_a_finding_not_on_a_move_has_no_alternatives_entry(app: Any) -> None:
    ruling = full_ruling()
    ruling.findings = ruling.findings[1:]  # only the warning on a tag
    assert "Allowed instead" not in page_of(app, ruling)


def test_a_kept_ruling_read_back_keeps_its_alternatives(app: Any) -> None:
    ruling = full_ruling()
    kept = ruling_from_dict(ruling.to_dict())
    assert kept.findings[0].alternatives == ruling.findings[0].alternatives
    assert kept.findings[0].alternatives_total == 9
    assert allowed_part(page_of(app, kept)) == allowed_part(page_of(app, ruling))


WRONG_TAKE = (
    (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn")
    .read_text(encoding="utf-8")
    .replace(
        "bob: take 10 with [10 10 10 10] and [5 5 5], add [X] to 5, discard 4", "bob: take 10 with [10], discard 4"
    )
)


def test_a_kept_ruling_whose_remedy_adjusts_the_score_opens_with_its_sheet(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'rulings.sqlite3'}"})
    try:
        client = app.test_client()
        kept = client.post("/api/v1/rulings/stored", json={"record": WRONG_TAKE})
        assert kept.status_code == 201
        page = client.get(f"/r/{kept.get_json()['id']}")
        assert page.status_code == 200
        assert "badge-adjusted" in page.get_data(as_text=True)
    finally:
        app.extensions[EXTENSION].engine.dispose()


SAMPLE = Path(__file__).parent.parent / "samples" / "caliente-illegal-frozen-pile-taken-with-wild.acn"
TAKE_WORDS = "Take the pile with the up card 9 and 9 9 from the hand"


def test_the_page_says_in_players_words_what_was_allowed_instead_of_a_wrong_take(app: Any) -> None:
    html = app.test_client().post("/", data={"record": SAMPLE.read_text(encoding="utf-8")}).get_data(as_text=True)
    part = allowed_part(html)
    assert TAKE_WORDS in part and "<code>take 9 with [9 9]</code>" in part
    assert part.count("Draw from the stock") == 1  # the draws of one card or another, said once
    assert "<code>draw 4</code> or <code>draw 5</code>" in part
    assert "other legal actions, not listed" in part


def test_a_kept_ruling_shows_what_was_allowed_instead(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'rulings.sqlite3'}"})
    try:
        client = app.test_client()
        kept = client.post("/api/v1/rulings/stored", json={"record": SAMPLE.read_text(encoding="utf-8")})
        assert kept.status_code == 201
        assert kept.get_json()["games"][0]["findings"][0]["alternatives"][0] == "take 9 with [9 9]"
        page = client.get(f"/r/{kept.get_json()['id']}").get_data(as_text=True)
        assert TAKE_WORDS in allowed_part(page)
    finally:
        app.extensions[EXTENSION].engine.dispose()
