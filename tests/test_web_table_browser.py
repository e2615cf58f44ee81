"""What a table acts on, in a real browser (Debian's Chromium through Playwright): stepping through
a hand with the buttons, the arrow keys and without JavaScript, the round's index and the links
between findings, and the phone layout at 390 px where nothing scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_web_browser as shared
from test_web_browser import Watched, screenshot, submit

# the browser, the app's server and the pages of the browser tests, shared rather than started again
base_url, browser, page, page_without_javascript = (
    shared.base_url,
    shared.browser,
    shared.page,
    shared.page_without_javascript,
)

pytestmark = pytest.mark.browser

SAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
# dee discards a King she does not hold on turn 3 (line 23)
NO_KING = SAMPLE.replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")
# bob's side declares ten points too many: an addition error, not a foul
WRONG_SCORE = SAMPLE.replace("score bob+dee 1190", "score bob+dee 1200")
ROUND = "\n".join(
    record.replace('[Event "Rule book scoring example"]', f'[Event "Club cup"]\n[Table "{table}"]\n[Round "2"]')
    for table, record in (("1", SAMPLE), ("2", NO_KING), ("3", WRONG_SCORE))
)


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


def shown_frame(browser_page: Any, hand: str = "#g1-h1") -> str:
    frames = browser_page.locator(f"{hand} .frame")
    visible = [frames.nth(i).get_attribute("id") for i in range(frames.count()) if frames.nth(i).is_visible()]
    assert len(visible) == 1, visible
    return visible[0]


def test_the_replay_starts_at_the_disputed_move_and_steps_with_buttons_and_arrow_keys(page: Watched) -> None:
    browser_page = submit(page, NO_KING)
    assert shown_frame(browser_page) == "g1-h1-t3"
    assert "illegal" in browser_page.locator("#g1-h1-t3 .frame-title").inner_text()
    assert "replay-here" in (browser_page.locator("#L23").get_attribute("class") or "")
    hands = browser_page.locator("#g1-h1-t3 .table-state").inner_text()
    assert "The table before dee's offending move" in hands

    browser_page.locator("#g1-h1-t3 a[rel=prev]").click()
    assert shown_frame(browser_page) == "g1-h1-t2"
    assert "replay-here" in (browser_page.locator("#L22").get_attribute("class") or "")
    assert "replay-here" not in (browser_page.locator("#L23").get_attribute("class") or "")

    browser_page.keyboard.press("ArrowLeft")
    assert shown_frame(browser_page) == "g1-h1-t1"
    browser_page.keyboard.press("ArrowLeft")
    browser_page.keyboard.press("ArrowLeft")  # no turn before the start: it stays there
    assert shown_frame(browser_page) == "g1-h1-t0"
    browser_page.keyboard.press("ArrowRight")
    assert shown_frame(browser_page) == "g1-h1-t1"
    assert "bob" in browser_page.locator("#g1-h1-t1 .frame-title").inner_text()

    browser_page.locator("#g1-h1 .turn-link", has_text="2").click()
    assert shown_frame(browser_page) == "g1-h1-t2"
    assert browser_page.locator("#g1-h1 .turn-link[aria-current]").inner_text().strip() == "2"
    screenshot(browser_page, "replay-desktop.png")
    page.assert_clean()


def test_a_finding_leads_to_the_replay_of_its_hand(page: Watched) -> None:
    browser_page = submit(page, NO_KING)
    browser_page.locator("#g1-f1 .finding-nav a", has_text="Step through hand 1").click()
    assert browser_page.url.endswith("#g1-h1-t3")
    assert shown_frame(browser_page) == "g1-h1-t3"


def test_without_javascript_each_turn_is_a_link_to_its_table(page_without_javascript: Watched) -> None:
    browser_page = submit(page_without_javascript, NO_KING)
    assert shown_frame(browser_page) == "g1-h1-t3"  # the disputed move first
    browser_page.locator("#g1-h1 .turn-link", has_text="1").click()
    assert browser_page.url.endswith("#g1-h1-t1")
    assert shown_frame(browser_page) == "g1-h1-t1"
    assert "bob 3 cards" in browser_page.locator("#g1-h1-t1 .table-state").inner_text()  # bob took the pile
    browser_page.locator("#g1-h1-t1 a[rel=next]").click()
    assert shown_frame(browser_page) == "g1-h1-t2"
    page_without_javascript.assert_clean()


def test_a_round_has_an_index_and_links_from_finding_to_finding(page: Watched) -> None:
    browser_page = submit(page, ROUND)
    index = browser_page.locator(".round-index")
    rows = index.locator("tbody tr")
    assert rows.count() == 3
    assert "Club cup" in rows.nth(1).inner_text() and "Table 2" in rows.nth(1).inner_text()
    assert "a move breaks a rule" in rows.nth(1).inner_text()
    assert "a declared score or result is wrong" in rows.nth(2).inner_text()
    assert "Valid" in rows.nth(0).inner_text() and "no winner yet" in rows.nth(0).inner_text()
    rows.nth(2).locator("a", has_text="Game 3").click()
    assert browser_page.url.endswith("#game-3")
    assert "a declared score or result is wrong" in browser_page.locator("#game-3 .problem-kind").inner_text()

    browser_page.locator("#g2-f1 .finding-nav a[rel=next]").click()
    assert browser_page.url.endswith("#g3-f1")
    browser_page.locator("#g3-f1 .finding-nav a[rel=prev]").click()
    assert browser_page.url.endswith("#g2-f1")
    page.assert_clean()


def test_the_score_sheet_marks_the_adjustment(page: Watched) -> None:
    wrong_take = SAMPLE.replace(
        "bob: take 10 with [10 10 10 10] and [5 5 5], add [X] to 5, discard 4", "bob: take 10 with [10], discard 4"
    )
    browser_page = submit(page, wrong_take)
    sheet = browser_page.locator("table.sheet")
    assert "adjustment" in sheet.locator("tr.sheet-adjusted").inner_text()
    assert "1,140" in sheet.locator("tfoot").inner_text()


def _overflowing(browser_page: Any) -> list[str]:
    """Elements that reach past the window's right edge, or scroll sideways inside themselves."""
    return browser_page.evaluate(
        """() => {
        const width = document.documentElement.clientWidth;
        return Array.from(document.querySelectorAll('body *')).filter(e => {
            const box = e.getBoundingClientRect();
            const scrolls = ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1;
            return (box.width > 0 && box.right > width + 1) || scrolls;
        }).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className);
    }"""
    )


@pytest.mark.parametrize("record", [ROUND, NO_KING], ids=["round", "disputed"])
def test_on_a_phone_nothing_scrolls_sideways(phone: Watched, record: str) -> None:
    browser_page = submit(phone, record)
    assert browser_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _overflowing(browser_page) == []
    declared = browser_page.locator("table.scores td[data-label$=declared]").first
    box = declared.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # the disputed column is on screen
    assert_the_rule_set_menu_fits(browser_page)
    screenshot(browser_page, f"phone-{'round' if record is ROUND else 'disputed'}.png")
    phone.assert_clean()


def assert_the_rule_set_menu_fits(browser_page: Any) -> None:
    """The menu stays inside its field, and its chosen entry is shown whole, not cut."""
    menu, field = (
        browser_page.locator("#rules").bounding_box(),
        browser_page.locator("#rules").locator("..").bounding_box(),
    )
    assert menu is not None and field is not None
    assert menu["x"] + menu["width"] <= field["x"] + field["width"] + 0.5 <= 390
    text_width, room = browser_page.evaluate(
        """() => {
        const menu = document.querySelector('#rules');
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = getComputedStyle(menu).font;
        return [pen.measureText(menu.options[menu.selectedIndex].text).width, menu.clientWidth - 32];
    }"""
    )
    assert text_width <= room


def test_on_a_phone_the_empty_form_fits(phone: Watched) -> None:
    phone.page.goto(phone.base_url + "/")
    assert _overflowing(phone.page) == []
    assert_the_rule_set_menu_fits(phone.page)
    assert phone.page.locator("#upload").get_attribute("accept").startswith(".acn,")


def test_a_keyboard_user_reaches_the_replay_with_tab_and_steps_with_the_arrows(page: Watched) -> None:
    browser_page = submit(page, NO_KING)
    for _ in range(200):  # Tab through the page until the replay has the focus
        browser_page.keyboard.press("Tab")
        if browser_page.evaluate("document.activeElement.id") == "g1-h1":
            break
    assert browser_page.evaluate("document.activeElement.id") == "g1-h1"
    browser_page.keyboard.press("ArrowLeft")
    assert shown_frame(browser_page) == "g1-h1-t2"
    browser_page.keyboard.press("ArrowRight")
    assert shown_frame(browser_page) == "g1-h1-t3"
