"""Kept rulings in a real browser (Debian's Chromium through Playwright): keep a ruling from the
page, open its link as the other table would, print it, and open its downloaded file offline."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import OUTPUT, Watched, browser, page, screenshot  # noqa: F401 (fixtures, over this module's base_url)
from web_support import EXAMPLE, serving_with_kept_rulings

import arbiter

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_with_kept_rulings(tmp_path_factory.mktemp("kept") / "rulings.sqlite3") as url:
        yield url


def keep_example(watched: Watched) -> str:
    """Paste the disputed example, press "Check and keep a link"; the link the page gives."""
    browser_page = watched.page
    browser_page.goto(watched.base_url + "/")
    browser_page.fill("#record", EXAMPLE)
    browser_page.select_option("#keep_days", "30")
    with browser_page.expect_navigation():
        browser_page.click("#keep")
    assert browser_page.locator("#kept-h").inner_text() == "The ruling is kept"
    assert "/delete?token=" in browser_page.locator("#deletion-link").input_value()
    return browser_page.locator("#kept-link").input_value()


def test_a_kept_ruling_opens_the_same_at_the_other_table(page: Watched, browser: Any) -> None:  # noqa: F811
    link = keep_example(page)
    assert link.startswith(page.base_url + "/r/")
    screenshot(page.page, "kept-receipt.png")
    page.assert_clean()

    (expected,) = arbiter.check(EXAMPLE)
    other_table = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        watched = Watched(other_table.new_page(), page.base_url)
        watched.page.goto(link)
        assert watched.page.locator("#verdict").inner_text().strip() == "Illegal"
        assert expected.findings[0].code in watched.page.locator("#g1-f1 .code").inner_text()
        assert watched.page.locator("#kept-h").count() == 0  # the deletion link is shown only once
        assert "the ruling is the same" in watched.page.locator("#today").inner_text()
        watched.assert_clean()
    finally:
        other_table.close()


def test_a_kept_ruling_prints_without_navigation(page: Watched) -> None:  # noqa: F811
    link = keep_example(page)
    browser_page = page.page
    browser_page.goto(link)
    browser_page.emulate_media(media="print")
    for hidden in ("header.site", "header.site nav", "footer.site", "#download", ".button"):
        assert not browser_page.locator(hidden).first.is_visible(), f"{hidden} is printed"
    for shown in ("#verdict", "#g1-f1", "table.scores", ".listing .record"):
        assert browser_page.locator(shown).first.is_visible(), f"{shown} is not printed"
    OUTPUT.mkdir(exist_ok=True)
    pdf = browser_page.pdf(path=str(OUTPUT / "kept-ruling.pdf"))
    assert pdf.startswith(b"%PDF")
    browser_page.emulate_media(media="screen")
    assert browser_page.locator("header.site nav").is_visible()
    page.assert_clean()


def test_the_checked_page_prints_the_ruling_not_the_form(page: Watched) -> None:  # noqa: F811
    browser_page = page.page
    browser_page.goto(page.base_url + "/")
    browser_page.fill("#record", EXAMPLE)
    with browser_page.expect_navigation():
        browser_page.click("button[type=submit]")
    browser_page.emulate_media(media="print")
    assert not browser_page.locator("#record").is_visible()
    assert not browser_page.locator("header.site").is_visible()
    assert browser_page.locator("#verdict").is_visible()
    assert browser_page.locator("table.scores").first.is_visible()


def test_the_downloaded_ruling_opens_offline_with_its_style(page: Watched, tmp_path: Path) -> None:  # noqa: F811
    link = keep_example(page)
    browser_page = page.page
    browser_page.goto(link)
    with browser_page.expect_download() as download_info:
        browser_page.click("#download")
    saved = tmp_path / "ruling.html"
    download_info.value.save_as(saved)

    requests: list[str] = []
    browser_page.on("request", lambda request: requests.append(request.url))
    browser_page.goto(saved.as_uri())
    assert requests == [saved.as_uri()]  # nothing else loaded
    assert browser_page.locator("#verdict").inner_text().strip() == "Illegal"
    banner = browser_page.locator("section.banner").first
    assert banner.evaluate("e => getComputedStyle(e).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")


def test_a_checked_ruling_downloads_without_being_kept(page: Watched, tmp_path: Path) -> None:  # noqa: F811
    browser_page = page.page
    browser_page.goto(page.base_url + "/")
    browser_page.fill("#record", EXAMPLE)
    with browser_page.expect_download() as download_info:
        browser_page.click("#download-checked")
    saved = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(saved)
    browser_page.goto(saved.as_uri())
    assert browser_page.locator("#verdict").inner_text().strip() == "Illegal"
    assert "this file is its only copy" in browser_page.locator("main .meta").first.inner_text()
