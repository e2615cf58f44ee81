"""The pages in the reader's language in a real browser (Playwright driving Debian's Chromium, never
a downloaded one; issue 25): the language switch by keyboard, a shared ruling link opening in the
language it was shared in, the editor in Spanish, and every page at 390 px in every language, all
under the strict Content-Security-Policy (no console error)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import Watched, browser, screenshot  # noqa: F401 - fixtures
from web_support import EXAMPLE, serving_with_kept_rulings

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
PAGES = (
    "/",
    "/rules",
    "/rules/hand-and-foot",
    "/editor?rules=samba",
    "/pad?family=hand-and-foot",
    "/h",
    "/notation",
    "/api/docs",
)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_with_kept_rulings(tmp_path_factory.mktemp("kept") / "kept.db") as url:
        yield url


def _watched(browser: Any, base_url: str, **options: Any) -> Iterator[Watched]:  # noqa: F811
    context = browser.new_context(**options)
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    yield from _watched(browser, base_url, viewport={"width": 1200, "height": 900})


@pytest.fixture
def spanish_browser(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    yield from _watched(browser, base_url, viewport={"width": 1200, "height": 900}, locale="es-AR")


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    yield from _watched(browser, base_url, viewport=PHONE, is_mobile=True, has_touch=True)


def test_the_language_switch_works_by_keyboard(page: Watched) -> None:
    browser_page = page.page
    browser_page.goto(page.base_url + "/rules")
    assert browser_page.locator("html").get_attribute("lang") == "en"
    for _ in range(40):  # Tab through the page's head until the switch's Italian link has the focus
        browser_page.keyboard.press("Tab")
        if browser_page.evaluate("document.activeElement.getAttribute('hreflang')") == "it":
            break
    assert browser_page.evaluate("document.activeElement.textContent") == "Italiano"
    with browser_page.expect_navigation():
        browser_page.keyboard.press("Enter")
    assert browser_page.url.endswith("/rules?lang=it")
    assert browser_page.locator("html").get_attribute("lang") == "it"
    assert browser_page.locator("h1").inner_text() == "Regolamenti"
    current = browser_page.locator(".languages a[aria-current='true']")
    assert current.count() == 1 and current.inner_text() == "Italiano"
    page.assert_clean()


def test_the_browsers_language_chooses_the_page_and_its_links_keep_it(spanish_browser: Watched) -> None:
    browser_page = spanish_browser.page
    browser_page.goto(spanish_browser.base_url + "/")
    assert browser_page.locator("html").get_attribute("lang") == "es"
    assert browser_page.locator("#check-record").inner_text() == "Verificar el registro"
    with browser_page.expect_navigation():
        browser_page.click("header.site nav[aria-label='Principal'] >> text=Reglas")
    assert browser_page.url.endswith("/rules?lang=es")
    spanish_browser.assert_clean()


def test_a_shared_ruling_link_opens_in_the_language_it_was_shared_in(page: Watched, browser: Any) -> None:  # noqa: F811
    browser_page = page.page
    browser_page.goto(page.base_url + "/?lang=pt")
    browser_page.fill("#record", EXAMPLE)
    with browser_page.expect_navigation():
        browser_page.click("#keep")
    link = browser_page.locator("#kept-link").input_value()
    assert link.endswith("?lang=pt")
    assert browser_page.locator("#kept-h").inner_text() == "A decisão está guardada"
    page.assert_clean()
    # Someone else, whose browser asks for Italian, opens the link they were sent.
    context = browser.new_context(locale="it-IT", viewport={"width": 1200, "height": 900})
    try:
        other = Watched(context.new_page(), page.base_url)
        other.page.goto(link)
        assert other.page.locator("html").get_attribute("lang") == "pt"
        assert other.page.locator(".banner-kicker").first.text_content() == "Decisão"
        assert other.page.locator("#today").inner_text().startswith("Julgada de novo agora")
        other.assert_clean()
    finally:
        context.close()


def test_the_editor_in_spanish(page: Watched) -> None:
    browser_page = page.page
    browser_page.goto(page.base_url + "/editor?lang=es&rules=hoyle")  # two packs: four jokers
    assert browser_page.locator("#editor-h").inner_text() == "Arme la mesa"
    browser_page.select_option("#target", label="mano de ann")
    browser_page.click("#palette .card-button[data-card='9']")
    chip = browser_page.get_by_role("button", name="mano de ann: 9")
    assert chip.count() == 1
    assert chip.get_attribute("title") == "Quitarla"
    label = browser_page.locator("#palette .card-button[data-card='9']").get_attribute("aria-label")
    assert label == "Poner 9 en mano de ann"
    for _ in range(5):
        browser_page.click("#palette .card-button[data-card='X']")
    problems = browser_page.locator("#palette-problems").inner_text()
    assert (
        "Revise la mesa" in problems
        and "hay 5 cartas X en esta mesa, pero Canasta para dos de Hoyle solo tiene 4" in problems
        and "solo tiene 4" in problems
    )
    with browser_page.expect_navigation():
        browser_page.click("#show-moves")
    assert "/editor?lang=es" in browser_page.url
    assert browser_page.locator("html").get_attribute("lang") == "es"
    screenshot(browser_page, "editor-es.png")
    page.assert_clean()


@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_no_page_is_wider_than_a_phone_in_any_language(phone: Watched, language: str) -> None:
    wide = {}
    for path in PAGES:
        phone.page.goto(f"{phone.base_url}{path}{'&' if '?' in path else '?'}lang={language}")
        if _width(phone.page) > PHONE["width"]:
            wide[path] = _width(phone.page)
    phone.page.goto(f"{phone.base_url}/?lang={language}")
    phone.page.fill("#record", EXAMPLE)
    with phone.page.expect_navigation():
        phone.page.click("#check-record")
    if _width(phone.page) > PHONE["width"]:
        wide["a ruling"] = _width(phone.page)
    switch = phone.page.locator(".languages")
    assert switch.is_visible()
    box = switch.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    screenshot(phone.page, f"ruling-{language}-phone.png")
    assert wide == {}
    phone.assert_clean()


def _width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_the_ruling_file_is_in_the_language_it_was_downloaded_in(page: Watched, tmp_path: Path) -> None:
    browser_page = page.page
    browser_page.goto(page.base_url + "/?lang=it")
    browser_page.fill("#record", EXAMPLE)
    with browser_page.expect_download() as download:
        browser_page.click("#download-checked")
    saved = tmp_path / "ruling.html"
    download.value.save_as(saved)
    html = saved.read_text(encoding="utf-8")
    assert '<html lang="it">' in html
    assert re.search(r"Decisione dell'arbitro di Canasta|Decisione dell&#39;arbitro di Canasta", html)
