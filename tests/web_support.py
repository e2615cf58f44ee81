"""Shared by the web tests: records, a fully populated ruling, and the guard that no request ever
reaches the catch-all error handler."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter import Adjustment, Finding, GameRuling, HandResult, Severity

ERRORS_LOGGER = "arbiter_web.serving.errors"

TAGS = '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'

# Line 6 is not notation: a turn without the colon after the player's name.
SYNTAX_ERROR = TAGS + "\nhand 1 dealer dee\nann draw 8\n"
SYNTAX_ERROR_LINE = 6

HOSTILE = "<script>alert('x')</script>"

EXAMPLE = (Path(__file__).parent.parent / "arbiter_web" / "pages" / "static" / "example.txt").read_text(
    encoding="utf-8"
)


def full_ruling() -> GameRuling:
    """A ruling with everything the engine can set: an illegal move with the table, a warning,
    hands with recomputed, declared and running totals, the totals and the winner."""
    table = {
        "hands": {"ann": ["4", "5", "7", "7", "2", "S"], "bob": ["X", "B", "C"], "<b>cid</b>": ["K"]},
        "melds": {"ann+cid": [["7", "7", "7"], ["10", "10", "2"]], "bob+dee": []},
        "laid": {"ann+cid": [], "bob+dee": ["B"]},
        "pile": ["9", "2", "Q"],
        "frozen": True,
        "stock": 61,
        "scores": {"ann+cid": 0, "bob+dee": 120},
    }
    move = Finding(
        line=16,
        column=19,
        code="card-not-held",
        rule='Playing from hand (Caliente rules, "Making Melds")',
        severity=Severity.ERROR,
        message="ann melds three 7s but holds only two",
        remedy="the cards go back to the hand and the side loses 50",
        hand=2,
        turn=1,
        player="ann",
        table=table,
        adjustment=Adjustment("ann+cid", -50, "the cards go back to the hand"),
        alternatives=("meld [7 7 2]", "add [7] to 7", "discard 7", "discard 4", "discard 5"),
        alternatives_total=9,
        action=1,
    )
    warning = Finding(
        line=3, column=1, code="unknown-tag", rule="Notation (Tags)", severity=Severity.WARNING, message="an odd tag"
    )
    hands = [
        HandResult(
            1,
            9,
            {"ann+cid": -45, "bob+dee": 1190},
            {"ann+cid": -55, "bob+dee": 1190},
            {"ann+cid": -45, "bob+dee": 1190},
        ),
        HandResult(
            2, 20, None, {"ann+cid": 20, "bob+dee": 0}, {"ann+cid": -25, "bob+dee": 1190}, judged=False, ended=False
        ),
    ]
    return GameRuling(
        index=1,
        line=1,
        rules="caliente",
        options={"always-frozen": True, "target": 5000},
        findings=[move, warning],
        hands=hands,
        totals={"ann+cid": -25, "bob+dee": 1190},
        winner="bob+dee",
    )


@pytest.fixture
def never_500(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fails the test if any request reached the catch-all handler (which logs on ERRORS_LOGGER)."""
    caplog.set_level(logging.ERROR, logger=ERRORS_LOGGER)
    yield
    reached = [r for r in caplog.records if r.name == ERRORS_LOGGER]
    assert not reached, f"a request reached the catch-all error handler: {reached[0].getMessage()}"


@contextlib.contextmanager
def serving_with_kept_rulings(database: Path) -> Iterator[str]:
    """The app served on loopback in a thread, keeping rulings in the SQLite file `database`; its
    base URL. The server is stopped on leaving."""
    from werkzeug.serving import make_server

    from app import create_app

    server = make_server("127.0.0.1", 0, create_app({"DATABASE_URL": f"sqlite:///{database}"}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
