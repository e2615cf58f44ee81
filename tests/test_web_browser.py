"""The page in a real browser: Playwright driving Debian's Chromium (never a downloaded browser).

The app runs on a free loopback port in a thread. Screenshots go to test-output/ (gitignored).
A missing Chromium fails these tests with what to do; it never skips them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import EXAMPLE, HOSTILE, SYNTAX_ERROR, SYNTAX_ERROR_LINE

import arbiter
from app import create_app

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"Chromium is not at {CHROMIUM}: install Debian's with `make browser` "
            "(apt-get install chromium), or point CHROMIUM at it. The browser tests never download one.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class Watched:
    """A page, with every request it made and every console error it logged (CSP violations
    are console errors)."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def assert_clean(self) -> None:
        foreign = [url for url in self.requests if not url.startswith(self.base_url)]
        assert not foreign, f"the page loaded from elsewhere: {foreign}"
        assert not self.errors, f"console errors: {self.errors}"


@pytest.fixture
def page(browser: Any, base_url: str) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


@pytest.fixture
def page_without_javascript(browser: Any, base_url: str) -> Iterator[Watched]:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 900})
    watched = Watched(context.new_page(), base_url)
    yield watched
    context.close()


def screenshot(page: Any, name: str) -> Path:
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / name
    page.screenshot(path=str(path), full_page=True)
    return path


def submit(watched: Watched, record: str) -> Any:
    page = watched.page
    page.goto(watched.base_url + "/")
    page.fill("#record", record)
    with page.expect_navigation():
        page.click("button[type=submit]")
    return page


def test_a_disputed_record_shows_the_offending_line_and_the_rule(page: Watched) -> None:
    (expected,) = arbiter.check(EXAMPLE)
    assert expected.findings, "the example record is meant to be disputed"
    first = expected.findings[0]
    browser_page = submit(page, EXAMPLE)

    verdict = browser_page.locator("#verdict")
    assert verdict.inner_text().strip() == {"illegal": "Illegal", "malformed": "Cannot be read"}[str(expected.verdict)]
    finding = browser_page.locator("#g1-f1")
    assert first.rule in finding.locator(".rule").inner_text()
    assert first.code in finding.locator(".code").inner_text()
    assert first.message.replace("`", "") in finding.locator(".message").inner_text()

    line = browser_page.locator(f"#L{first.line}")
    assert "flagged-error" in (line.get_attribute("class") or "")
    assert line.locator(".text").inner_text() == EXAMPLE.split("\n")[first.line - 1]
    before = line.evaluate("e => getComputedStyle(e).backgroundColor")

    finding.locator("a.where").click()  # follow the finding to its line
    assert browser_page.url.endswith(f"#L{first.line}")
    assert line.evaluate("e => e.matches(':target')")
    assert line.evaluate("e => getComputedStyle(e).backgroundColor") != before  # highlighted further
    assert line.is_visible()
    if first.table is not None:
        assert finding.locator(".table-state").is_visible()
    screenshot(browser_page, "ruling-disputed.png")
    page.assert_clean()


def test_a_syntax_error_end_to_end(page: Watched) -> None:
    browser_page = submit(page, SYNTAX_ERROR)
    assert browser_page.locator("#verdict").inner_text().strip() == "Cannot be read"
    line = browser_page.locator(f"#L{SYNTAX_ERROR_LINE}")
    assert "flagged-error" in (line.get_attribute("class") or "")
    line.locator("a.mark").click()  # from the line to its finding
    assert browser_page.url.endswith("#g1-f1")
    assert "syntax-error" in browser_page.locator("#g1-f1 .code").inner_text()
    assert browser_page.locator("#record").input_value().replace("\r\n", "\n") == SYNTAX_ERROR
    screenshot(browser_page, "ruling-syntax-error.png")
    page.assert_clean()


def test_the_page_works_without_javascript(page_without_javascript: Watched) -> None:
    browser_page = submit(page_without_javascript, SYNTAX_ERROR)
    assert browser_page.locator("#verdict").inner_text().strip() == "Cannot be read"
    assert browser_page.locator(f"#L{SYNTAX_ERROR_LINE}.flagged").count() == 1
    page_without_javascript.assert_clean()


def test_a_pasted_script_is_shown_not_run(page: Watched) -> None:
    dialogs: list[str] = []
    page.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    browser_page = submit(page, SYNTAX_ERROR + HOSTILE + "\n<img src=x onerror=alert(2)>\n")
    assert not dialogs
    assert HOSTILE in browser_page.locator(".record").inner_text()
    assert browser_page.locator(".record script, .record img").count() == 0


def test_uploading_a_file(page: Watched, tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text(SYNTAX_ERROR, encoding="utf-8")
    browser_page = page.page
    browser_page.goto(page.base_url + "/")
    browser_page.set_input_files("#upload", str(record))
    with browser_page.expect_navigation():
        browser_page.click("button[type=submit]")
    assert browser_page.locator(f"#L{SYNTAX_ERROR_LINE}.flagged").count() == 1
    page.assert_clean()


def test_choosing_a_rule_set_and_options(page: Watched) -> None:
    browser_page = page.page
    browser_page.goto(page.base_url + "/")
    browser_page.fill("#record", '[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n')
    browser_page.select_option("#rules", "caliente")
    browser_page.locator("details.options summary").first.click()
    browser_page.select_option("#opt-caliente\\.always-frozen", "yes")
    with browser_page.expect_navigation():
        browser_page.click("button[type=submit]")
    assert browser_page.locator("#verdict").inner_text().strip() == "Valid"
    assert "always-frozen=yes" in browser_page.locator(".game .meta").inner_text()
    page.assert_clean()


def test_the_first_page_and_the_api_docs(page: Watched) -> None:
    browser_page = page.page
    browser_page.goto(page.base_url + "/")
    assert browser_page.locator("h2#form-h").inner_text() == "Check a game record"
    screenshot(browser_page, "page-empty.png")
    browser_page.click("text=Load an example")
    assert "Thursday club" in browser_page.locator("#record").input_value()
    browser_page.goto(page.base_url + "/api/docs")
    assert browser_page.locator("#schema-Game").is_visible()
    screenshot(browser_page, "api-docs.png")
    browser_page.goto(page.base_url + "/rules/caliente")
    assert browser_page.locator("dl.rules dt").count() > 0
    assert browser_page.locator("#silent-or-disagree").is_visible()  # the project's own defaults
    page.assert_clean()
