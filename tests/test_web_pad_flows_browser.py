"""The score pad's forms in a real browser (Playwright driving Debian's Chromium) at 360 and 390 px,
in Portuguese and English (issue 59): a hand added then reloaded, gone back over and sent twice is
added once; a link kept to share is shown with a copy button and what it does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from test_web_browser import Watched, browser  # noqa: F401 - fixtures
from test_web_pad_browser import GAMES, add_hand, base_url, start  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
PHONES = [({"width": 360, "height": 780}, "pt-BR"), ({"width": 390, "height": 844}, "en-US")]
COPIED = {"pt-BR": "Copiado.", "en-US": "Copied."}
HAND, SCORES = GAMES["caliente"]
EXPECTED = [str(points) for points in SCORES.values()]


@pytest.fixture(params=PHONES, ids=["360-pt", "390-en"])
def phone(request: Any, browser: Any, base_url: str) -> Iterator[tuple[Watched, str]]:  # noqa: F811
    viewport, locale = request.param
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    yield Watched(context.new_page(), base_url), locale
    context.close()


def totals(page: Any, count: int) -> list[str]:
    """The totals as numbers, in any language's way of grouping digits."""
    return [page.locator(f"#pad-total-{i}").inner_text().replace(",", "").replace(".", "") for i in range(1, count + 1)]


def hands_on(page: Any) -> int:
    return page.locator("#pad-scores tbody th[scope=row]").count()


def game_of(address: str) -> str:
    return parse_qs(urlsplit(address).query)["game"][0]


def fits(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def stepper_words(page: Any, hand: dict[str, Any]) -> None:
    """The hand typed into the fields (the steppers' labels are in the reader's language)."""
    for index, entry in enumerate(hand.values(), 1):
        for word, times in entry["steps"].items():
            page.fill(f"#pad-{index}-{word}", str(times))
        for word, value in entry["typed"].items():
            page.fill(f"#pad-{index}-{word}", value)
        for word in entry["ticked"]:
            page.check(f"#pad-{index}-{word}")


def test_a_hand_reloaded_gone_back_over_and_sent_twice_is_added_once(phone, base_url):  # noqa: F811
    watched, _ = phone
    page = watched.page
    start(page, base_url, "caliente")
    stepper_words(page, HAND)
    entry = page.locator("#pad-entry")
    form = {  # the first tap, as the browser sends the form; its answer never shown
        name: entry.locator(f"[name='{name}']").first.input_value()
        for name in (
            "do",
            "record",
            "ann+cid.natural",
            "ann+cid.mixed",
            "ann+cid.melded",
            "ann+cid.left",
            "bob+dee.mixed",
            "bob+dee.melded",
            "bob+dee.left",
        )
    } | {"ann+cid.out": "on"}
    first = page.context.request.post(f"{base_url}/pad", form=form, max_redirects=0)
    assert first.status == 303
    add_hand(page)  # the second tap
    assert game_of(page.url) == game_of(first.headers["location"])  # the same game, one hand
    assert hands_on(page) == 1 and totals(page, 2) == EXPECTED
    page.reload()
    assert hands_on(page) == 1 and totals(page, 2) == EXPECTED
    page.go_back()  # the game a hand before: the hand is not added again
    assert hands_on(page) == 0 and page.locator("#pad-add").is_visible()
    page.go_forward()
    assert hands_on(page) == 1 and totals(page, 2) == EXPECTED and fits(page)
    watched.assert_clean()


def test_the_kept_link_is_shown_with_a_copy_button_and_what_it_does(phone, base_url):  # noqa: F811
    watched, locale = phone
    page = watched.page
    start(page, base_url, "caliente")
    stepper_words(page, HAND)
    add_hand(page)
    with page.expect_navigation():
        page.click("#pad-keep")
    box = page.locator("#pad-shared")
    link = page.locator("#pad-shared-link").inner_text()
    assert box.is_visible() and link.startswith(f"{base_url}/pad?kept=")
    assert page.locator("#pad-shared-link-note").is_visible() and fits(page)
    page.locator("#pad-shared-link-copy").press("Enter")
    page.locator("#pad-shared-link-status").filter(has_text=COPIED[locale]).wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.reload()  # kept once: the same link, the same sheet
    assert page.locator("#pad-shared-link").inner_text() == link
    page.goto(link)
    assert totals(page, 2) == EXPECTED and page.locator("#pad-shared-link").inner_text() == link
    watched.assert_clean()


BACK = {  # the second hand: bob+dee go out
    "ann+cid": {"steps": {"mixed": 1}, "typed": {"melded": "260", "left": "45"}, "ticked": []},
    "bob+dee": {"steps": {"natural": 1, "mixed": 1}, "typed": {"melded": "420", "left": "0"}, "ticked": ["out"]},
}


def test_a_hand_corrected_and_the_last_taken_back_are_kept_once_each(phone, base_url):  # noqa: F811
    watched, _ = phone
    page = watched.page
    start(page, base_url, "caliente")
    for hand in (HAND, BACK):
        stepper_words(page, hand)
        add_hand(page)
    assert totals(page, 2) == ["1835", "1835"]
    with page.expect_navigation():
        page.click("#pad-correct-1")
    assert page.locator("#pad-1-natural").input_value() == "1"  # the hand as it was written
    page.fill("#pad-1-natural", "2")
    with page.expect_navigation():
        page.click("#pad-correct")
    assert totals(page, 2) == ["2335", "1835"] and fits(page)  # hand 1 worth 500 more, hand 2 scored again
    assert page.locator("#pad-corrections li").count() == 1
    page.reload()
    assert totals(page, 2) == ["2335", "1835"] and page.locator("#pad-corrections li").count() == 1
    with page.expect_navigation():
        page.click("#pad-undo")
    assert hands_on(page) == 1 and totals(page, 2) == ["1820", "515"]
    page.reload()
    assert hands_on(page) == 1 and page.locator("#pad-corrections li").count() == 2 and fits(page)
    watched.assert_clean()
