"""The README's screenshots (docs/screenshots/): the score pad, an event's evening, the situation
editor and a ruling, on a 390 px phone, in English and Spanish.

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

The app runs on a free loopback port in a thread, keeping what it keeps in a temporary SQLite file
it deletes on leaving; Playwright drives Debian's Chromium (never a downloaded browser). Each page
is reached as a player reaches it: by the page's own forms and buttons.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PHONE = {"width": 390, "height": 844}
LANGUAGES = ("en", "es")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


@contextlib.contextmanager
def serving() -> Iterator[str]:
    """The app on loopback, its base URL; stopped, and its database deleted, on leaving."""
    import logging

    from werkzeug.serving import make_server

    from app import create_app

    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "screenshots.sqlite3"
        server = make_server("127.0.0.1", 0, create_app({"DATABASE_URL": f"sqlite:///{database}"}), threaded=True)
        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()
            thread.join(timeout=10)


def submit(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def pad(page: Any, base: str, language: str) -> None:
    """A Caliente game of two hands on the score pad."""
    page.goto(f"{base}/pad?family=caliente&lang={language}")
    submit(page, "#pad-start")
    for first, second in (({"natural": 1, "mixed": 1}, {"mixed": 1}), ({"natural": 2}, {"natural": 1})):
        for index, steps in ((1, first), (2, second)):
            for word, count in steps.items():
                page.fill(f"#pad-{index}-{word}", str(count))
        page.fill("#pad-1-melded", "420")
        page.fill("#pad-2-melded", "260")
        page.fill("#pad-1-left", "0")  # the points left are written, 0 too
        page.fill("#pad-2-left", "45")
        page.check("#pad-1-out")
        submit(page, "#pad-add")
    page.locator("#pad-scores").scroll_into_view_if_needed()


def event(page: Any, base: str, language: str) -> None:
    """The example event kept, one table's result entered by both sides, the other's by one."""
    page.goto(f"{base}/events?lang={language}")
    submit(page, "#event-keep")
    permalink = page.locator("#event-permalink").get_attribute("href")
    codes = {
        (int(c.get_attribute("data-table") or 0), c.get_attribute("data-side")): c.inner_text()
        for c in page.locator("code.event-code[data-round='1']").all()
    }
    for (table, side), (first, second) in {
        (1, "first"): (1420, 515),
        (1, "second"): (1420, 515),
        (2, "first"): (800, 420),
    }.items():
        page.goto(permalink)
        page.fill("#event-code", codes[table, side])
        page.fill("#event-first-1", str(first))
        page.fill("#event-second-1", str(second))
        submit(page, "#event-enter")
    page.goto(permalink)
    page.locator("#event-standings").scroll_into_view_if_needed()


def editor(page: Any, base: str, language: str) -> None:
    """A Modern American table laid out by clicks, its legal moves shown."""
    page.goto(f"{base}/editor?lang={language}")
    page.select_option("#rules", "modern-american")
    submit(page, "#setup")
    targets = page.locator("#target option")
    for index, cards in ((1, ["2", "5", "9", "K", "B"]), (2, ["6", "7", "8"])):
        page.select_option("#target", index=index - 1 if targets.count() > 1 else 0)
        for card in cards:
            page.click(f"#palette .card-button[data-card='{card}']")
    page.locator("#palette").scroll_into_view_if_needed()


def ruling(page: Any, base: str, language: str) -> None:
    """The example record checked on the main page: a ruling with its findings."""
    page.goto(f"{base}/?example=1&lang={language}")
    submit(page, "#check-record")
    page.locator("#verdict").scroll_into_view_if_needed()


PAGES: dict[str, Callable[[Any, str, str], None]] = {"pad": pad, "event": event, "editor": editor, "ruling": ruling}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--pages", nargs="*", choices=list(PAGES), default=list(PAGES), help="the pages to take")
    parser.add_argument("--languages", nargs="*", default=list(LANGUAGES), help="the languages to take them in")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with serving() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        try:
            for name in args.pages:
                reach = PAGES[name]
                for language in args.languages:
                    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
                    page = context.new_page()
                    reach(page, base, language)
                    shot = args.out / f"{name}-{language}.png"
                    page.screenshot(path=str(shot))
                    print(shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot)
                    context.close()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
