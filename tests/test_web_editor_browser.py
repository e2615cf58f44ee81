"""The situation editor in a real browser (Playwright driving Debian's Chromium): a disputed table
laid out in each family by clicks alone, checked, and the ruling compared with `arbiter check` on
the record the editor wrote; the way back from a ruling to its table; the pages on a phone."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from click.testing import CliRunner
from test_web_browser import Watched, base_url, browser, screenshot  # noqa: F401 - fixtures
from web_support import EXAMPLE

import arbiter
from arbiter.i18n import LOCALE_DIR
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"
pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


@dataclass
class Dispute:
    """A table to lay out: cards per place (as the target list names it), whose turn, the first
    action picked from the legal moves, and the rest of the move entered word by word."""

    family: str
    places: dict[str, list[str]]
    turn: str
    pick: str
    words: list[str] = field(default_factory=list)


DISPUTES = [
    Dispute(
        "caliente",
        {
            "ann's hand": ["K", "K", "5", "9", "9"],
            "bob's hand": ["6", "7", "8"],
            "cid's hand": ["5", "5", "J"],
            "dee's hand": ["6", "6", "Q"],
            "ann+cid's new meld": ["7", "7", "7"],
            "the Prize pile": ["8", "2", "9"],
        },
        "ann",
        "draw 7",
        ["meld", "[", "K", "K", "]", ",", "discard", "5"],
    ),
    Dispute(
        "samba",
        {
            "ann's hand": ["K", "K", "5", "9"],
            "bob's hand": ["6", "7", "8"],
            "cid's hand": ["5", "5", "J"],
            "dee's hand": ["6", "6", "Q"],
            "bob+dee's new meld": ["4", "5", "6", "7"],
            "the Prize pile": ["8", "9"],
        },
        "ann",
        "draw 4 4",
        ["meld", "[", "K", "K", "2", "2", "]", ",", "discard", "5"],
    ),
    Dispute(
        "hand-and-foot",
        {
            "ann's hand": ["K", "K", "5", "9"],
            "bob's hand": ["6", "7", "8"],
            "cid's hand": ["5", "5", "J"],
            "dee's hand": ["6", "6", "Q"],
            "bob's Foot": ["4", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A"],
            "the Prize pile": ["8", "9"],
        },
        "ann",
        "draw 4 4",
        ["meld", "[", "K", "K", "]", ",", "discard", "5"],
    ),
    Dispute(
        "classic",
        {
            "ann's hand": ["K", "K", "5", "9", "9"],
            "bob's hand": ["6", "7", "8"],
            "cid's hand": ["5", "5", "J"],
            "dee's hand": ["6", "6", "Q"],
            "the discard pile": ["8", "2", "9"],
        },
        "ann",
        "draw 7",
        ["meld", "[", "K", "K", "X", "]", ",", "discard", "5"],
    ),
    Dispute(
        "hoyle",
        {"ann's hand": ["K", "K", "5", "9"], "bob's hand": ["6", "7", "8"], "the discard pile": ["8", "9"]},
        "ann",
        "draw 7",
        ["meld", "[", "K", "K", "]", ",", "discard", "5"],
    ),
    Dispute(  # the rule of five: once ann+cid has opened, a wild joins only a meld of five naturals
        "modern-american",
        {
            "ann's hand": ["2", "5", "9", "K"],
            "bob's hand": ["6", "7", "8"],
            "cid's hand": ["5", "5", "J"],
            "dee's hand": ["6", "6", "Q"],
            "ann+cid's new meld": ["9", "9", "9"],
            "the discard pile": ["8", "4"],
        },
        "ann",
        "draw 7",
        ["add", "[", "2", "]", "to", "9", ",", "discard", "5"],
    ),
]


def lay_out(watched: Watched, dispute: Dispute) -> Any:
    """The dispute laid out on /editor by clicks alone (choices in lists, buttons pressed)."""
    page = watched.page
    page.goto(watched.base_url + "/editor")
    page.select_option("#rules", dispute.family)
    with page.expect_navigation():
        page.click("#setup")
    for place, cards in dispute.places.items():
        page.select_option("#target", label=place)  # the next cards go to the same place
        for card in cards:
            page.click(f"#palette .card-button[data-card='{card}']")
    page.select_option("#turn", dispute.turn)
    with page.expect_navigation():
        page.click("#show-moves")
    with page.expect_navigation():
        page.click(f"button[name=pick][value='{dispute.pick}']")
    page.select_option("#target", label="the move")
    for word in dispute.words:
        if page.locator(f".word-button[data-word='{word}']").count():
            page.click(f".word-button[data-word='{word}']")
        else:
            page.click(f"#palette .card-button[data-card='{word}']")
    return page


@pytest.mark.parametrize("dispute", DISPUTES, ids=[d.family for d in DISPUTES])
def test_a_disputed_table_laid_out_by_clicks_gets_the_ruling_arbiter_check_gives(page: Watched, dispute: Dispute):
    browser_page = lay_out(page, dispute)
    with browser_page.expect_navigation():
        browser_page.click("#check")
    assert browser_page.locator("#answer-title").inner_text().strip() == "Not allowed"
    browser_page.click("#audit summary")  # the full ruling, one click away
    record = browser_page.locator("#written-record").inner_text()
    (expected,) = list(arbiter.check(record))
    codes = [code.strip() for code in browser_page.locator(".finding .code").all_inner_texts()]
    assert codes == [f.code for f in expected.findings]
    assert expected.errors, "each dispute is a move the rules refuse"
    assert f"{dispute.turn}: {dispute.pick}, " in record
    for place, cards in dispute.places.items():  # a Foot laid out by clicks is written as dealt
        if place.endswith("'s Foot"):
            assert f"foot {place.split(chr(39))[0]} {' '.join(cards)}" in record.splitlines()
    verdict = browser_page.locator("#verdict").inner_text().strip()
    assert verdict == "Illegal"
    screenshot(browser_page, f"editor-{dispute.family}.png")
    page.assert_clean()


def test_card_buttons_are_named_after_where_the_card_lies(page: Watched):
    browser_page = page.page
    browser_page.goto(page.base_url + "/editor")
    browser_page.select_option("#target", label="ann's hand")
    browser_page.click("#palette .card-button[data-card='9']")
    chip = browser_page.get_by_role("button", name="ann's hand: 9")
    assert chip.count() == 1
    assert browser_page.locator("#z-hold\\.ann").input_value() == "9"
    chip.click()  # taken back
    assert browser_page.locator("#z-hold\\.ann").input_value() == ""
    page.assert_clean()


def test_too_many_cards_of_a_kind_are_reported_as_the_player_builds(page: Watched):
    browser_page = page.page
    browser_page.goto(page.base_url + "/editor?rules=hoyle")  # two packs: four jokers
    browser_page.select_option("#target", label="ann's hand")
    for _ in range(5):
        browser_page.click("#palette .card-button[data-card='X']")
    assert "there are 5 cards X on this table, but Hoyle" in browser_page.locator("#palette-problems").inner_text()
    browser_page.get_by_role("button", name="ann's hand: X").first.click()
    assert browser_page.locator("#palette-problems").inner_text().strip() == ""


def test_the_editor_works_by_keyboard(page: Watched):
    browser_page = page.page
    browser_page.goto(page.base_url + "/editor")
    browser_page.focus("#target")
    browser_page.select_option("#target", label="bob's hand")
    browser_page.focus("#palette .card-button[data-card='Q']")
    browser_page.keyboard.press("Enter")
    browser_page.keyboard.press("Space")
    assert browser_page.locator("#z-hold\\.bob").input_value() == "Q Q"


def test_edit_this_table_reopens_a_ruling_with_the_move_and_gives_the_same_ruling(page: Watched):
    browser_page = page.page
    browser_page.goto(page.base_url + "/")
    browser_page.fill("#record", EXAMPLE)
    with browser_page.expect_navigation():
        browser_page.click("button[type=submit]")
    first = browser_page.locator(".finding .code").first.inner_text().strip()
    with browser_page.expect_navigation():
        browser_page.click("text=Edit this table")
    assert browser_page.locator("#move").input_value()
    with browser_page.expect_navigation():
        browser_page.click("#check")
    assert browser_page.locator("#answer-title").inner_text().strip() == "Not allowed"
    assert f"#rule-{first}" in browser_page.locator("#answer .rule a").get_attribute("href")
    browser_page.click("#answer-audit")  # the link to the audit opens it
    assert browser_page.locator("#audit").evaluate("details => details.open")
    assert browser_page.locator(".finding .code").first.inner_text().strip() == first
    with browser_page.expect_navigation():  # and from the editor's answer, back again
        browser_page.click("#answer-edit")
    assert browser_page.locator("#move").input_value()
    page.assert_clean()


def test_the_check_button_is_where_the_thumb_is_on_a_phone(phone: Watched):
    for path in ("/", "/editor"):
        phone.page.goto(phone.base_url + path)
        button = phone.page.locator("button[type=submit].primary").first
        assert button.bounding_box()["y"] + button.bounding_box()["height"] <= PHONE["height"], path


PHONE_PAGES = [
    "/",
    "/?example=1",
    "/editor",
    "/editor?rules=hand-and-foot",
    "/notation",
    "/rules",
    *(f"/rules/{name}" for name in arbiter.families.names()),
    "/api/docs",
]


def round_of(names: list[str]) -> str:
    return "\n".join((SAMPLES / name).read_text(encoding="utf-8") for name in names)


ROUND = ["caliente-scoring-example.acn", "samba-illegal-sequence-with-a-wild.acn", "hoyle-endgame.acn"]


def width(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_no_page_is_wider_than_a_phone(phone: Watched, tmp_path: Path):
    wide = {}
    for path in PHONE_PAGES:
        phone.page.goto(phone.base_url + path)
        if width(phone.page) > PHONE["width"]:
            wide[path] = width(phone.page)
    for kings in ("[K K K]", "[K K]"):  # the editor's answers, allowed and not
        phone.page.goto(phone.base_url + kings_link("hand-and-foot", f"draw 4 4, meld {kings}, discard 5", "pt"))
        if width(phone.page) > PHONE["width"]:
            wide[f"the answer on meld {kings}"] = width(phone.page)
    phone.page.goto(phone.base_url + "/")  # a ruling on a three-game round
    phone.page.fill("#record", round_of(ROUND))
    with phone.page.expect_navigation():
        phone.page.click("#check-record")
    if width(phone.page) > PHONE["width"]:
        wide["a three-game round"] = width(phone.page)
    report = tmp_path / "round.html"  # the HTML round report of `arbiter check --format html`
    result = CliRunner().invoke(cli, ["check", "--format", "html", *(str(SAMPLES / name) for name in ROUND)])
    report.write_text(result.output, encoding="utf-8")
    phone.page.goto(report.as_uri())
    if width(phone.page) > PHONE["width"]:
        wide["the HTML round report"] = width(phone.page)
    assert wide == {}


LANGUAGES = ["en", "es", "pt", "it"]
FROZEN_FOR_BOB = {"hand-and-foot", "classic", "hoyle", "modern-american"}
"""The families whose pile is frozen for bob, next to play on the table of three Kings: Hand &
Foot's and Modern American Canasta's always, the classic books' until his side's first meld."""


def web_words(language: str) -> Any:
    """The page's own catalogue in `language` (English: the words as written)."""
    return gettext.translation("web", LOCALE_DIR, [language], fallback=True).gettext


def kings_link(family: str, move: str, language: str) -> str:
    """The editor's link to test_move_answer's table of three Kings, checked at once."""
    from test_move_answer import kings_table

    situation = kings_table(family, move)
    fields: list[tuple[str, str]] = [
        ("rules", family),
        ("seats", " ".join(situation.seats)),
        ("teams", situation.teams),
    ]
    fields += [(f"hold.{p}", " ".join(cards)) for p, cards in situation.hands.items()]
    fields += [(f"foot.{p}", " ".join(cards)) for p, cards in situation.feet.items()]
    fields += [
        (f"melds.{side}", " ".join(f"[{' '.join(m)}]" for m in melds)) for side, melds in situation.melds.items()
    ]
    fields += [("pile", "8 9"), ("turn", "ann"), *(("melded", p) for p in situation.seats), ("move", move)]
    return "/editor?" + urlencode([*fields, ("lang", language), ("do", "check")])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("family", arbiter.families.names())
def test_the_editor_answers_allowed_and_not_allowed_in_the_readers_language(page: Watched, family, language):
    from test_move_answer import DRAWS

    words, browser_page = web_words(language), page.page
    browser_page.goto(page.base_url + kings_link(family, f"{DRAWS[family]}, meld [K K K], discard 5", language))
    assert browser_page.locator("#answer-title").inner_text().strip() == words("Allowed")
    assert browser_page.locator("html").get_attribute("lang") == language
    after = browser_page.locator(".table-state summary").first.inner_text().strip()
    assert after == words("The table after the move")
    badge = browser_page.locator(".table-state .badge").first.inner_text().strip()
    assert badge == words("frozen" if family in FROZEN_FOR_BOB else "not frozen")
    browser_page.goto(page.base_url + kings_link(family, f"{DRAWS[family]}, meld [K K], discard 5", language))
    assert browser_page.locator("#answer-title").inner_text().strip() == words("Not allowed")
    because = browser_page.locator("#answer-text").inner_text().strip()
    assert because.startswith(words("Because %(why)s.").split("%")[0]) and "[K K]" in because
    assert browser_page.locator("#answer .allowed").count() == 1  # what was allowed instead
    assert not browser_page.locator("#audit").evaluate("details => details.open")
    if family == "caliente":
        screenshot(browser_page, f"editor-answer-{language}.png")
    page.assert_clean()
