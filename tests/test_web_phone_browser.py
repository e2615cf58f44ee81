"""The pages at phone width (issue 59), in a real browser (Playwright driving Debian's Chromium) at
360 and 390 px, in every language: every field styled alike at 16 px or more (a phone zooms into
a smaller one), every table fits the screen or scrolls inside a focusable, labelled box, and the
editor says a count gone wrong beside the card buttons that made it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_web_browser import Watched, browser  # noqa: F401 - fixtures
from web_support import serving_with_kept_rulings

pytestmark = pytest.mark.browser
WIDTHS = (360, 390)
LANGUAGES = ("en", "es", "pt", "it")
SCREENS = [(width, language) for width in WIDTHS for language in LANGUAGES]
IDS = [f"{width}px-{language}" for width, language in SCREENS]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_with_kept_rulings(tmp_path_factory.mktemp("phone") / "phone.sqlite3") as url:
        yield url


@pytest.fixture(scope="module")
def event_link(browser: Any, base_url: str) -> str:  # noqa: F811
    """The example event kept, a table's result entered by one side: its page's link."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base_url}/events")
    with page.expect_navigation():
        page.click("#event-keep")
    link = page.locator("#event-permalink").get_attribute("href")
    code = page.locator("code.event-code[data-round='1'][data-table='1'][data-side='first']").inner_text()
    page.goto(link)
    page.fill("#event-code", code)
    page.fill("#event-first-1", "1420")
    page.fill("#event-second-1", "515")
    with page.expect_navigation():
        page.click("#event-enter")
    context.close()
    return str(link)


def phone(browser: Any, base_url: str, width: int) -> Watched:  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    return Watched(context.new_page(), base_url)


def with_language(url: str, language: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}lang={language}"


def pad_with_a_hand(page: Any, base_url: str, language: str) -> None:
    page.goto(f"{base_url}/pad?family=caliente&lang={language}")
    with page.expect_navigation():
        page.click("#pad-start")
    page.fill("#pad-1-natural", "1")
    page.fill("#pad-1-melded", "420")
    page.check("#pad-1-out")
    page.fill("#pad-1-left", "0")  # the points left are written, 0 too (issue 58)
    page.fill("#pad-2-melded", "260")
    page.fill("#pad-2-left", "45")
    with page.expect_navigation():
        page.click("#pad-add")


FIELDS = """() => Array.from(document.querySelectorAll('input, select, textarea'))
  .filter(f => !['hidden', 'checkbox', 'radio', 'file'].includes(f.type) && f.offsetParent !== null)
  .map(f => { const s = getComputedStyle(f);
    return {id: f.id || f.name, type: f.type, size: parseFloat(s.fontSize), border: s.borderTopColor,
            radius: s.borderTopLeftRadius}; })"""


@pytest.mark.parametrize(("width", "language"), SCREENS, ids=IDS)
def test_every_field_is_styled_alike_and_large_enough_not_to_zoom(
    browser: Any,  # noqa: F811
    base_url: str,
    event_link: str,
    width: int,
    language: str,
) -> None:
    watched = phone(browser, base_url, width)
    page = watched.page
    seen: list[dict[str, Any]] = []
    for url in ("/editor", "/", "/pad?family=caliente"):
        page.goto(with_language(base_url + url, language))
        seen += page.evaluate(FIELDS)
    page.goto(with_language(event_link, language))  # the side's code (text) and the director's (a password)
    seen += page.evaluate(FIELDS)
    kinds = {field["type"] for field in seen}
    assert {"text", "password", "number", "textarea", "select-one"} <= kinds
    for field in seen:
        assert field["size"] >= 16, field
    assert {(field["border"], field["radius"]) for field in seen} == {(seen[0]["border"], seen[0]["radius"])}
    watched.assert_clean()
    page.context.close()


TABLES = """() => Array.from(document.querySelectorAll('main table')).filter(t => t.offsetParent !== null).map(t => {
  let box = t.parentElement;
  while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
  const label = box && (box.getAttribute('aria-label') || (box.getAttribute('aria-labelledby') &&
      document.getElementById(box.getAttribute('aria-labelledby')).textContent.trim()));
  return {id: t.id || t.className, width: t.getBoundingClientRect().width, room: document.documentElement.clientWidth,
          scrolls: !!box && box.tagName !== 'HTML' && box.tagName !== 'BODY' && box.scrollWidth > box.clientWidth,
          focusable: !!box && box.tabIndex === 0, role: box && box.getAttribute('role'), label: label || '',
          right: t.getBoundingClientRect().right};
})"""


def assert_tables_fit_or_scroll_visibly(page: Any) -> list[dict[str, Any]]:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    tables = page.evaluate(TABLES)
    assert tables
    for table in tables:
        if table["right"] > table["room"] or table["scrolls"]:  # wider than the screen: its box scrolls
            assert table["scrolls"] and table["focusable"] and table["role"] == "region" and table["label"], table
    return tables


@pytest.mark.parametrize(("width", "language"), SCREENS, ids=IDS)
def test_every_table_fits_the_phone_or_scrolls_in_a_labelled_box(
    browser: Any,  # noqa: F811
    base_url: str,
    event_link: str,
    width: int,
    language: str,
) -> None:
    watched = phone(browser, base_url, width)
    page = watched.page
    page.goto(with_language(event_link, language))
    ids = {table["id"] for table in assert_tables_fit_or_scroll_visibly(page)}
    assert {"event-standings", "event-tables"} <= ids
    for box in page.locator(".event-fit").all():  # focusable and labelled, whether or not it scrolls here
        assert box.get_attribute("tabindex") == "0" and box.get_attribute("role") == "region"
    line = float(
        page.locator("#event-standings td.event-name").first.evaluate("c => parseFloat(getComputedStyle(c).lineHeight)")
    )
    for name in page.locator("#event-standings td.event-name").all():  # "Fay and Hal" on two lines at most
        assert name.bounding_box()["height"] < 3 * line + 12, name.inner_text()

    pad_with_a_hand(page, base_url, language)
    assert_tables_fit_or_scroll_visibly(page)
    cells = page.locator("#pad-scores tbody td").all()
    assert cells
    total_word = page.locator("#pad-scores tfoot th").inner_text().strip()
    for cell in cells:  # the running total is the cell's second line: the word is said to a screen reader, not shown
        shown = cell.evaluate(
            "c => { const k = c.cloneNode(true); k.querySelectorAll('.sr').forEach(s => s.remove()); return k.textContent; }"
        )
        assert total_word not in shown, shown

    page.goto(with_language(f"{base_url}/?example=1", language))
    with page.expect_navigation():
        page.click("#check-record")
    assert_tables_fit_or_scroll_visibly(page)
    watched.assert_clean()
    page.context.close()


@pytest.mark.parametrize(("width", "language"), SCREENS, ids=IDS)
def test_too_many_cards_is_said_beside_the_card_buttons(
    browser: Any,  # noqa: F811
    base_url: str,
    width: int,
    language: str,
) -> None:
    watched = phone(browser, base_url, width)
    page = watched.page
    page.goto(f"{base_url}/editor?rules=hoyle&lang={language}")  # two packs: four jokers
    page.locator("#palette").scroll_into_view_if_needed()
    page.select_option("#target", index=0)
    joker = page.locator("#palette .card-button[data-card='X']")
    for _ in range(5):
        joker.click()
    said = page.locator("#palette-problems")
    assert said.is_visible() and "5" in said.inner_text()
    assert said.get_attribute("aria-live") == "polite" and said.get_attribute("role") == "status"
    box, button = said.bounding_box(), joker.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800, "the message is on the screen"
    assert 0 < box["y"] - button["y"] < 250, "the message is just beneath the card buttons"
    page.locator(".chip").first.click()  # one taken back: four jokers is right, and the message goes
    assert not said.is_visible()
    watched.assert_clean()
    page.context.close()


@pytest.mark.parametrize(("width", "language"), SCREENS, ids=IDS)
def test_a_card_has_one_name_on_the_buttons_the_hands_and_the_moves(
    browser: Any,  # noqa: F811
    base_url: str,
    width: int,
    language: str,
) -> None:
    watched = phone(browser, base_url, width)
    page = watched.page
    page.goto(f"{base_url}/editor?rules=modern-american&lang={language}")
    with page.expect_navigation():
        page.click("#setup")
    page.select_option("#target", index=0)  # the first player's hand
    red, black = (
        page.locator("#palette .card-button[data-card='B']"),
        page.locator("#palette .card-button[data-card='S']"),
    )
    assert (red.inner_text(), black.inner_text()) == ("R3", "B3")
    for button in (red, black, page.locator("#palette .card-button[data-card='7']")):
        button.click()
    hand = page.locator(".zone[data-kind='cards'] input").first
    assert hand.input_value() == "R3 B3 7"
    chips = page.locator(".zone[data-kind='cards']").first.locator(".chip").all_inner_texts()
    assert chips == ["R3", "B3", "7"]
    assert not page.locator("#palette-problems").is_visible()  # R3 and B3 are counted as the cards they are
    with page.expect_navigation():
        page.click("#show-moves")
    assert hand.input_value() == "R3 B3 7", "the hand comes back from the server as the buttons wrote it"
    moves = " ".join(page.locator("#legal .legal-moves").all_inner_texts() or [""])
    assert moves.strip()
    assert not re.search(r"(?<![\w-])[BS](?![\w-])", moves), moves
    watched.assert_clean()
    page.context.close()
