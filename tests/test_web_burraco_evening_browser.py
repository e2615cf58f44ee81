"""The Burraco evening's first round in a real browser (Playwright driving Debian's Chromium, a
390 px phone, in Italian) against the real `arbiter serve`: the director keeps the 12-table event,
a table's two sides enter the same sheet (confirmed), another's disagree (one copied another
table's sheet) and the director decides it; the standings show VP and the signed MP in Italian,
how ties are broken, the decided table, and fit the phone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from service_support import serving
from test_web_browser import Watched, browser, screenshot  # noqa: F401 - fixtures
from test_web_burraco_evening import EVENT, evening_without_decisions
from test_web_events_browser import fits, submit

from arbiter.event import load
from arbiter.event.ranking import standings

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("evening-browser")) as served:
        yield f"http://127.0.0.1:{served.port}"


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT")
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


def enter(page: Any, permalink: str, code: str, scores: list[tuple[int, int]]) -> str:
    page.goto(permalink)
    page.fill("#event-code", code)
    for deal, (first, second) in enumerate(scores, 1):
        page.fill(f"#event-first-{deal}", str(first))
        page.fill(f"#event-second-{deal}", str(second))
    submit(page, "#event-enter")
    return page.locator("#event-notice, #event-problem").first.inner_text()


def test_an_italian_director_runs_the_evenings_first_tables_on_a_phone(phone: Watched, base_url: str) -> None:
    page = phone.page
    page.goto(f"{base_url}/events")
    page.fill("#event-source", evening_without_decisions())
    submit(page, "#event-keep")
    assert page.locator("html").get_attribute("lang") == "it" and fits(page)
    director_code = page.locator("#event-director-shown").inner_text()
    permalink = page.locator("#event-permalink").get_attribute("href")
    codes = {
        (int(c.get_attribute("data-table")), c.get_attribute("data-side")): c.inner_text()
        for c in page.locator("code.event-code[data-round='1']").all()
    }
    assert len(codes) == 24
    tables = {t.seating.table: t for t in standings(load(EVENT)).tables if t.seating.round == 1}
    sheet = {number: [tuple(b[p] for p in t.seating.pairs) for b in t.boards] for number, t in tables.items()}

    enter(page, permalink, codes[1, "first"], sheet[1])
    assert "confermat" in enter(page, permalink, codes[1, "second"], sheet[1])
    enter(page, permalink, codes[2, "first"], sheet[3])  # the sheet of table 3, handed in at table 2
    enter(page, permalink, codes[2, "second"], sheet[2])
    assert page.locator("#event-table-1-2").get_attribute("class") == "event-disputed" and fits(page)

    page.fill("#event-director-code", director_code)
    submit(page, "#event-director-open")
    page.fill("#event-decide-round", "1")
    page.fill("#event-decide-table", "2")
    for deal, (first, second) in enumerate(sheet[2], 1):
        page.fill(f"#event-decide-first-{deal}", str(first))
        page.fill(f"#event-decide-second-{deal}", str(second))
    submit(page, "#event-decide-button")
    assert "deciso dal direttore" in page.locator("#event-table-1-2").inner_text()

    page.goto(permalink)
    page.click("#event-live-link")
    page.wait_for_load_state()
    headings = page.locator("#event-standings thead th").all_inner_texts()
    assert headings[:5] == ["Posizione", "Coppia", "Nome", "VP", "MP"], headings
    assert "scontro diretto" in page.locator("#event-ties").inner_text()
    margins = {
        int(row.locator("td").nth(1).inner_text()): row.locator("td").nth(4).inner_text()
        for row in page.locator("#event-standings tbody tr").all()
    }
    first, second = tables[1].seating.pairs
    margin = tables[1].total(first) - tables[1].total(second)
    assert margins[first] == (f"+{margin:,}" if margin > 0 else f"{margin:,}").replace(",", ".")
    assert fits(page)
    screenshot(page, "event-burraco-evening-it-phone.png")
    phone.assert_clean()
