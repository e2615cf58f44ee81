"""Nothing made twice, nothing lost (issue 59), in a real browser (Playwright driving Debian's
Chromium) at 360 and 390 px, in English and Spanish, against the real `arbiter serve` on loopback:
the director keeps an event and lands on a page of its own (post/redirect/get) that shows the
director's code with a copy button; a reload, the back button and the same form sent twice keep
one event; a result entered and reloaded is entered once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from service_support import serving
from test_web_browser import Watched, browser  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser
PHONES = [({"width": 360, "height": 780}, "en-GB"), ({"width": 390, "height": 844}, "es-ES")]
COPIED = {"en-GB": "Copied.", "es-ES": "Copiado."}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("once")
    with serving(folder) as server:
        yield f"http://127.0.0.1:{server.port}", folder / "rulings.db"


def counted(database: Path, table: str) -> int:
    engine = sa.create_engine(f"sqlite:///{database}")
    try:
        with engine.begin() as conn:
            return int(conn.scalar(sa.text(f"SELECT count(*) FROM {table}")))  # our own table names
    finally:
        engine.dispose()


@pytest.fixture(params=PHONES, ids=["360-en", "390-es"])
def phone(request: Any, browser: Any, served: tuple[str, Path]) -> Iterator[tuple[Watched, str]]:  # noqa: F811
    viewport, locale = request.param
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served[0])
    yield Watched(context.new_page(), served[0]), locale
    context.close()


def fits(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_kept_event_shows_its_code_to_copy_and_a_reload_or_the_back_button_keeps_no_second(phone, served):
    watched, locale = phone
    page, database = watched.page, served[1]
    before = counted(database, "service_events")
    page.goto(f"{watched.base_url}/events")
    with page.expect_navigation():
        page.click("#event-keep")
    assert re.search(r"/events/[\w-]+/director\?kept=new(&lang=\w+)?$", page.url)
    code = page.locator("#event-director-shown").inner_text()
    assert len(code) == 12 and page.locator("#event-director-shown-note").is_visible() and fits(page)
    copy = page.locator("#event-director-shown-copy")
    assert copy.is_visible() and copy.inner_text().strip()
    copy.press("Enter")  # by keyboard; the status is said to a screen reader
    status = page.locator("#event-director-shown-status")
    assert status.get_attribute("role") == "status"
    status.filter(has_text=COPIED[locale]).wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == code

    page.reload()
    assert page.locator("#event-director-shown").inner_text() == code
    page.go_back()
    assert re.search(r"/events(\?lang=\w+)?$", page.url) and page.locator("#event-keep").is_visible()
    page.go_forward()
    assert page.locator("#event-director-shown").inner_text() == code
    assert counted(database, "service_events") == before + 1
    watched.assert_clean()


def test_the_same_event_form_sent_twice_keeps_one_event_with_one_code(phone, served):
    watched, _ = phone
    page, database = watched.page, served[1]
    before = counted(database, "service_events")
    page.goto(f"{watched.base_url}/events")
    form = {  # the first tap, sent as the browser sends the form (its cookies too); its answer never shown
        "event": page.locator("#event-source").input_value(),
        "once": page.locator("#event-new input[name=once]").input_value(),
    }
    first = page.context.request.post(f"{watched.base_url}/events", form=form, max_redirects=0)
    assert first.status == 303
    with page.expect_navigation():
        page.click("#event-keep")  # the second tap, the same form
    assert page.url == watched.base_url + first.headers["location"]
    assert page.locator("#event-director-shown").inner_text()
    assert counted(database, "service_events") == before + 1
    watched.assert_clean()


def test_a_result_entered_then_reloaded_is_entered_once(phone, served):
    watched, _ = phone
    page, database = watched.page, served[1]
    page.goto(f"{watched.base_url}/events")
    with page.expect_navigation():
        page.click("#event-keep")
    code = page.locator("code.event-code[data-round='1'][data-table='1'][data-side='first']").inner_text()
    page.goto(page.locator("#event-permalink").get_attribute("href"))
    before = counted(database, "service_event_entries")
    page.fill("#event-code", code)
    page.fill("#event-first-1", "1420")
    page.fill("#event-second-1", "515")
    with page.expect_navigation():
        page.click("#event-enter")
    assert re.search(r"\?entered=1-1(&lang=\w+)?$", page.url) and page.locator("#event-notice").is_visible()
    said = page.locator("#event-notice").inner_text()
    page.reload()
    page.go_back()
    page.go_forward()
    assert page.locator("#event-notice").inner_text() == said and fits(page)
    assert counted(database, "service_event_entries") == before + 1
    watched.assert_clean()


def test_a_kept_rulings_deletion_link_is_copied_and_a_reload_does_not_lose_it(phone, served):
    from web_support import EXAMPLE

    watched, locale = phone
    page, database = watched.page, served[1]
    before = counted(database, "stored_rulings")
    page.goto(f"{watched.base_url}/")
    page.fill("#record", EXAMPLE)
    with page.expect_navigation():
        page.click("#keep")
    assert re.search(r"/r/[\w-]+\?kept=new", page.url)
    deletion = page.locator("#deletion-link").input_value()
    assert "/delete?token=" in deletion and fits(page)
    page.locator("#deletion-link-copy").press("Enter")
    page.locator("#deletion-link-status").filter(has_text=COPIED[locale]).wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == deletion
    page.reload()
    assert page.locator("#deletion-link").input_value() == deletion
    page.go_back()
    page.go_forward()
    assert page.locator("#deletion-link").input_value() == deletion
    assert counted(database, "stored_rulings") == before + 1
    watched.assert_clean()
