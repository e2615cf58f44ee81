"""The score pad's forms answered with a redirect (issue 59): a game started, a hand added,
corrected or taken back, a game taken up from the device go (303) to GET /pad?game=..., the pad's record itself
in the address (zlib, then URL-safe base64), so that a reload, the back button or a double tap
never adds a hand twice: the address is the game as it stands, and the back button goes to the
game a hand before. Nothing is kept on the service for it (a link kept to share is /pad?kept=ID).
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Callable
from typing import Any

from flask import Response, abort, redirect, request, url_for

import arbiter
from arbiter.i18n import msg
from arbiter.judging.checker import Request
from arbiter.sheets import pad_corrections
from arbiter_web.serving import lang

MAX_ADDRESS = 6_000
"""The most characters of a game carried in the address, within the service's bound on a URL
(MAX_URL_LENGTH, 8,192 by default): an evening's sheet packs to a few hundred; a longer one is
answered directly, as before the redirects."""
MAX_RECORD = 200_000


def packed(record: str) -> str:
    """The record as the `game` of an address, its lines ended alike (a browser sends a form's
    text with CRLF), so that one game has one address."""
    record = record.replace("\r\n", "\n")
    return base64.urlsafe_b64encode(zlib.compress(record.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpacked(game: str) -> str | None:
    """The record a `game` of an address carries; None when it carries none (mistyped, cut)."""
    try:
        data = base64.urlsafe_b64decode(game[: MAX_ADDRESS + 4] + "=" * (-len(game) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(data, MAX_RECORD)
        if inflate.unconsumed_tail or not inflate.eof:
            return None
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        return None


def to_game(record: str) -> Response | None:
    """The redirect (303) to the game as it stands now; None when it is too long for an address."""
    game = packed(record)
    if len(game) > MAX_ADDRESS:
        return None
    return redirect(url_for("pad.pad", game=game), 303)


# --- a hand corrected or taken back (arbiter.sheets.pad_corrections) ----------------------------

Render = Callable[..., str]


def corrections_of(record: str) -> list[pad_corrections.Correction]:
    return pad_corrections.corrections(record) if record else []


def correcting(view: Any, raw: str, render: Render) -> Any:
    """The game's page; with `correct=N`, hand N's entry form filled with what it was."""
    number = int(raw) if raw.isdigit() and len(raw) < 6 else None
    entries = pad_corrections.hand_entries(view.record, number) if number and view.sides else None
    if number is None or entries is None:
        return render(view)
    view.entered = {f"{side}.{word}": value for side, words in entries.items() for word, value in words.items()}
    return render(view, correcting=number)


def corrected(
    action: str, view: Any, entered: dict[str, dict[str, int | bool]], request_: Request, render: Render
) -> Any:
    """A hand corrected (`correct`, the form's `hand`) or the last taken back (`undo`): a redirect
    to the game as it stands then; a correction refused is answered with its reasons (422)."""
    raw = request.form.get("hand", "")
    try:
        if action == "undo":
            done = pad_corrections.take_back(view.record, request_)
        else:
            number = int(raw) if raw.isdigit() and len(raw) < 6 else 0
            done = pad_corrections.correct_hand(view.record, number, entered, request_)
    except ValueError:
        abort(422, description=msg("The score sheet has no such hand to correct."))
    except arbiter.UsageError as problem:
        view.problems.append(lang.said(problem))
        return render(view), 422
    if done.refused:
        view.problems = [finding.message for finding in done.refused]
        view.entered = {f"{side}.{word}": value for side, words in entered.items() for word, value in words.items()}
        return render(view, correcting=int(raw) if raw.isdigit() else None), 422
    return to_game(done.record) or render(view)
