"""House rulebooks in a real browser (Debian's Chromium through Playwright): keep a club's
rulebook from the form, open its link as another table would, and judge a record by it from
there; on a desktop and on a 390 px phone, by keyboard, under the page's Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import Watched, browser, page, screenshot  # noqa: F401 (fixtures, over this module's base_url)
from web_support import serving_with_kept_rulings

from arbiter import house

pytestmark = pytest.mark.browser

SAMPLES = Path(__file__).parent.parent / "samples"
MAPLE = (SAMPLES / "maple-club.rules.toml").read_text(encoding="utf-8")
DIGEST = house.load(SAMPLES / "maple-club.rules.toml").digest
ASKING = (SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_with_kept_rulings(tmp_path_factory.mktemp("house") / "rulings.sqlite3") as url:
        yield url


def keep_maple(watched: Watched) -> str:
    """Write the Maple Club's rulebook in the form and keep it, by keyboard; the link it gives."""
    browser_page = watched.page
    browser_page.goto(watched.base_url + "/h")
    browser_page.fill("#rulebook", MAPLE)
    browser_page.focus("#rulebook")
    for _ in range(3):  # past the hint's link to the rule references, to the button
        if browser_page.evaluate("document.activeElement.type") == "submit":
            break
        browser_page.keyboard.press("Tab")
    assert browser_page.evaluate("document.activeElement.innerText") == "Keep the rulebook"
    with browser_page.expect_navigation():
        browser_page.keyboard.press("Enter")
    return browser_page.locator("#rulebook-link").input_value()


def test_a_kept_rulebook_opens_at_another_table_and_judges_a_record_by_it(page: Watched, browser: Any) -> None:  # noqa: F811
    link = keep_maple(page)
    assert link == f"{page.base_url}/h/{DIGEST}"
    screenshot(page.page, "house-kept.png")
    page.assert_clean()

    other_table = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        watched = Watched(other_table.new_page(), page.base_url)
        browser_page = watched.page
        browser_page.goto(link)
        assert browser_page.locator("#rulebook-title").inner_text() == "Maple Club, version 3: house rules"
        assert browser_page.locator("#kept").count() == 0  # the "kept" banner is for whoever kept it
        row = browser_page.locator("#option-pile-take")
        assert "house" in row.inner_text() and "top seven cards" in row.inner_text()
        with browser_page.expect_navigation():
            browser_page.click("#check-by-rulebook")
        assert "Maple Club, version 3" in browser_page.locator("#house-choice").inner_text()
        browser_page.fill("#record", ASKING)
        with browser_page.expect_navigation():
            browser_page.click("button[type=submit]")
        assert browser_page.locator("#verdict").inner_text().strip() == "Valid"
        assert f"#{DIGEST}" in browser_page.locator(".house-line").inner_text()
        watched.assert_clean()
    finally:
        other_table.close()


def test_a_rulebooks_page_fits_a_phone(browser: Any, base_url: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        watched = Watched(context.new_page(), base_url)
        keep_maple(watched)
        browser_page = watched.page
        assert browser_page.evaluate("document.documentElement.scrollWidth") <= 390
        assert browser_page.locator("#check-by-rulebook").is_visible()
        screenshot(browser_page, "house-phone.png")
        watched.assert_clean()
    finally:
        context.close()
