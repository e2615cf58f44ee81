"""What was allowed instead of a disputed move, on the page in a real browser (Debian's Chromium
through Playwright): under the remedy, in players' words, on a desktop and on a 390 px phone where
nothing scrolls sideways, under the strict Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_web_browser as shared
from test_web_browser import Watched, screenshot, submit
from test_web_table_browser import _overflowing

# the browser, the app's server and the page of the browser tests, shared rather than started again
base_url, browser, page = shared.base_url, shared.browser, shared.page

pytestmark = pytest.mark.browser

# bob takes the frozen pile with one 10: the takes that were allowed are long lines of notation
WRONG_TAKE = (
    (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn")
    .read_text(encoding="utf-8")
    .replace(
        "bob: take 10 with [10 10 10 10] and [5 5 5], add [X] to 5, discard 4", "bob: take 10 with [10], discard 4"
    )
)


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


def allowed_entry(browser_page: Any) -> Any:
    finding = browser_page.locator("#g1-f1")
    term = finding.locator("dt", has_text="Allowed instead")
    assert term.is_visible()
    return finding.locator("dd.allowed")


def test_the_alternatives_read_in_players_words_under_the_remedy(page: Watched) -> None:
    browser_page = submit(page, WRONG_TAKE)
    remedy = browser_page.locator("#g1-f1 dd.remedy").bounding_box()
    entry = allowed_entry(browser_page)
    box = entry.bounding_box()
    assert remedy is not None and box is not None and box["y"] > remedy["y"]  # under the remedy
    items = [text.strip() for text in entry.locator("li").all_inner_texts()]
    assert items[0].startswith("Take the pile with the up card 10 and 10 10 10 from the hand, after melding 5 5 5")
    assert entry.locator("li code").first.inner_text() == "take 10 with [10 10 10] and [5 5 5]"
    assert "written" in items[0]  # a screen reader hears the notation introduced, not a bare parenthesis
    assert any(item.startswith("Draw from the stock") for item in items)
    screenshot(browser_page, "allowed-instead.png")
    page.assert_clean()


def test_on_a_phone_the_alternatives_fit_the_screen(phone: Watched) -> None:
    browser_page = submit(phone, WRONG_TAKE)
    entry = allowed_entry(browser_page)
    entry.scroll_into_view_if_needed()
    assert browser_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _overflowing(browser_page) == []
    screenshot(browser_page, "phone-allowed-instead.png")
    phone.assert_clean()
