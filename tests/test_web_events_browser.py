"""An event run on the service, in a real browser (Playwright driving Debian's Chromium, a 390 px
phone) against the real `arbiter serve` on loopback: the director keeps the event and reads the
tables' codes; at one table both sides enter the same result (confirmed), at the other they
disagree and the director decides; the director writes a penalty; the live standings show it all,
as computed here from the scale the guide prints, and print."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from service_support import serving
from test_web_browser import Watched, browser, screenshot  # noqa: F401 - fixtures
from test_web_events import RECORDS, record

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
SCALE = [(0, 10), (100, 11), (300, 12), (600, 13), (1000, 14), (1500, 15), (2000, 16), (2600, 17), (3300, 18), (4100, 19), (5000, 20)]  # fmt: skip
"""The arbiter's own victory-point scale, as docs/events.md prints it (the winner's points)."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("events")) as served:
        yield f"http://127.0.0.1:{served.port}"


@pytest.fixture
def phone(browser: Any, base_url: str) -> Iterator[Watched]:  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


def victory(margin: int) -> int:
    winner = [points for low, points in SCALE if abs(margin) >= low][-1]
    return 10 if margin == 0 else winner if margin > 0 else 20 - winner


def fits(page: Any) -> bool:
    """The page is no wider than the phone (its tables scroll inside themselves)."""
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def submit(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def enter_result(page: Any, permalink: str, code: str, first: int, second: int) -> str:
    page.goto(permalink)
    page.fill("#event-code", code)
    page.fill("#event-first-1", str(first))
    page.fill("#event-second-1", str(second))
    submit(page, "#event-enter")
    return page.locator("#event-notice").inner_text()


def seated(page: Any, round_number: int, table: int) -> tuple[int, int]:
    """The pairs at a table, read from the event's page (first seats, second seats)."""
    row = page.locator(f"#event-table-{round_number}-{table} td")
    return int(row.nth(2).inner_text().split()[0]), int(row.nth(3).inner_text().split()[0])


def standings_on(page: Any) -> dict[int, Fraction]:
    rows = page.locator("#event-standings tbody tr")
    return {
        int(rows.nth(i).locator("td").nth(1).inner_text()): Fraction(rows.nth(i).locator("td").nth(3).inner_text())
        for i in range(rows.count())
    }


def test_an_event_with_a_disagreement_the_director_decides_and_a_penalty(phone: Watched, base_url: str) -> None:
    page = phone.page
    page.goto(f"{base_url}/events")
    submit(page, "#event-keep")  # the example event: four pairs, a round robin scored in victory points
    director_code = page.locator("#event-director-shown").inner_text()
    permalink = page.locator("#event-permalink").get_attribute("href")
    codes = {
        (int(c.get_attribute("data-table")), c.get_attribute("data-side")): c.inner_text()
        for c in page.locator("code.event-code[data-round='1']").all()
    }
    assert len(codes) == 4 and len(set(codes.values())) == 4
    assert fits(page)
    screenshot(page, "event-director-phone.png")

    assert "the other side is to confirm it" in enter_result(page, permalink, codes[1, "first"], 1420, 515)
    assert "it is confirmed" in enter_result(page, permalink, codes[1, "second"], 1420, 515)
    enter_result(page, permalink, codes[2, "first"], 800, 420)
    said = enter_result(page, permalink, codes[2, "second"], 800, 400)
    assert "the director decides" in said
    assert page.locator("#event-table-1-2").get_attribute("class") == "event-disputed"
    assert "not certified" in page.locator("#event-verdict").inner_text() and fits(page)
    screenshot(page, "event-disputed-phone.png")

    page.fill("#event-director-code", director_code)
    submit(page, "#event-director-open")
    page.fill("#event-decide-round", "1")
    page.fill("#event-decide-table", "2")
    page.fill("#event-decide-first-1", "800")
    page.fill("#event-decide-second-1", "420")
    submit(page, "#event-decide-button")
    assert "decided" in page.locator("#event-table-1-2").inner_text()
    first_at_2, second_at_2 = seated(page, 1, 2)
    page.select_option("#event-penalty-pair", str(second_at_2))
    page.fill("#event-penalty-points", "-1")
    page.fill("#event-penalty-reason", "score sheet handed in late")
    page.fill("#event-penalty-by", "Dora Director")
    submit(page, "#event-penalty-button")
    assert "The penalty is in the ledger." in page.locator("#event-notice").inner_text()

    page.goto(permalink)
    first_at_1, second_at_1 = seated(page, 1, 1)
    expected = {first_at_1: victory(905), second_at_1: victory(-905), first_at_2: victory(380)}
    expected[second_at_2] = victory(-380) - 1
    page.click("#event-live-link")
    page.wait_for_load_state()
    assert standings_on(page) == expected
    assert "score sheet handed in late" in page.locator("#event-ledger").inner_text()
    assert page.locator("meta[http-equiv='refresh']").count() == 1 and fits(page)
    screenshot(page, "event-standings-phone.png")
    page.emulate_media(media="print")
    assert not page.locator("header.site").is_visible() and page.locator("#event-standings").is_visible()
    pdf = page.pdf()
    assert pdf.startswith(b"%PDF")
    (Path(screenshot(page, "event-standings-print.png")).parent / "event-standings.pdf").write_bytes(pdf)
    phone.assert_clean()


def test_a_wrong_code_enters_nothing_and_says_so(phone: Watched, base_url: str) -> None:
    page = phone.page
    page.goto(f"{base_url}/events")
    submit(page, "#event-keep")
    permalink = page.locator("#event-permalink").get_attribute("href")
    page.goto(permalink)
    page.fill("#event-code", "NOTACODE")
    page.fill("#event-first-1", "100")
    page.fill("#event-second-1", "50")
    submit(page, "#event-enter")
    assert "No table of this event has that code." in page.locator("#event-problem").inner_text()
    assert re.fullmatch(r"\s*not entered yet\s*", page.locator("#event-table-1-1 td").nth(4).inner_text())
    assert phone.errors == ["Failed to load resource: the server responded with a status of 403 (FORBIDDEN)"]
    phone.errors.clear()  # the page itself, answered 403: the only thing the console says
    phone.assert_clean()


def test_a_table_hands_in_its_record_and_a_wrong_one_is_refused_with_its_finding(phone: Watched, base_url: str) -> None:
    page = phone.page
    page.goto(f"{base_url}/events")
    page.fill("#event-source", RECORDS)
    submit(page, "#event-keep")
    codes = {
        c.get_attribute("data-side"): c.inner_text()
        for c in page.locator("code.event-code[data-round='1'][data-table='1']").all()
    }
    permalink = page.locator("#event-permalink").get_attribute("href")
    page.goto(permalink)
    assert page.locator("#event-first-1").count() == 0  # this event certifies records: no points to type
    first, second = seated(page, 1, 1)
    page.fill("#event-code", codes["first"])
    page.fill("#event-record", record(first, second, declared=1600))
    submit(page, "#event-enter")
    assert "Your result was not entered" in page.locator("#event-problem").inner_text()
    assert "is declared 1600 but makes 1590" in page.locator("#event-findings").inner_text() and fits(page)
    screenshot(page, "event-record-refused-phone.png")
    refused = page.locator("#event-record").input_value()  # given back in the box, to be corrected
    assert refused == record(first, second, declared=1600)
    page.fill("#event-record", refused.replace("1600", "1590"))
    for side in ("first", "second"):
        page.fill("#event-code", codes[side])
        if side == "second":
            page.fill("#event-record", record(first, second))
        submit(page, "#event-enter")
    assert "it is confirmed" in page.locator("#event-notice").inner_text()
    assert "1,590 – 515" in page.locator("#event-table-1-1").inner_text()
    assert phone.errors == ["Failed to load resource: the server responded with a status of 422 (UNPROCESSABLE ENTITY)"]
    phone.errors.clear()  # the refused record's page itself, answered 422
    phone.assert_clean()
