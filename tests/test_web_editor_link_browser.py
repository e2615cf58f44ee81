"""The editor's "Link to this table" in a real browser (Playwright driving Debian's Chromium) at 360
and 390 px, in Italian and Spanish (issue 59): pressed before any check, after cards were placed
by clicks, the link carries the hands and the pile as they stand, is shown with a copy button, and
opens the same table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_web_browser import Watched, base_url, browser  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
PHONES = [({"width": 360, "height": 780}, "it-IT", "Copiato."), ({"width": 390, "height": 844}, "es-ES", "Copiado.")]


@pytest.fixture(params=PHONES, ids=["360-it", "390-es"])
def phone(request: Any, browser: Any, base_url: str) -> Iterator[tuple[Watched, str]]:  # noqa: F811
    viewport, locale, copied = request.param
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    yield Watched(context.new_page(), base_url), copied
    context.close()


def place(page: Any, zone: str, cards: list[str]) -> None:
    """Cards put by clicks into the zone whose field is named `zone` (its place in the list of targets)."""
    index = page.evaluate(
        "name => Array.from(document.querySelectorAll(\".zone[data-kind='cards'], .zone[data-kind='melds']\"))"
        ".findIndex(zone => zone.querySelector('input').name === name)",
        zone,
    )
    page.select_option("#target", value=f"{index}:")
    for card in cards:
        page.click(f"#palette .card-button[data-card='{card}']")


def test_the_link_pressed_before_a_check_carries_the_cards_placed_by_clicks(phone):
    watched, copied = phone
    page = watched.page
    page.goto(watched.base_url + "/editor")
    place(page, "hold.ann", ["K", "K", "5"])
    place(page, "pile", ["8", "9"])
    with page.expect_navigation():
        page.click("#table-link")
    link = page.locator("#table-link-shown").inner_text()
    assert "hold.ann=K+K+5" in link and "pile=8+9" in link and link.startswith(watched.base_url)
    assert page.locator("#table-link-shown-note").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.locator("#table-link-shown-copy").press("Enter")
    page.locator("#table-link-shown-status").filter(has_text=copied).wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.goto(link)
    assert page.locator("#z-hold\\.ann").input_value() == "K K 5"
    assert page.locator("#z-pile").input_value() == "8 9"
    watched.assert_clean()
