"""The score pad's forms answered with a redirect (issue 59): a game started, a hand added or
corrected, a game taken up from the device go (303) to GET /pad?game=..., the pad's record itself
in the address (zlib, then URL-safe base64), so that a reload, the back button or a double tap
never adds a hand twice: the address is the game as it stands, and the back button goes to the
game a hand before. Nothing is kept on the service for it (a link kept to share is /pad?kept=ID).
"""

from __future__ import annotations

import base64
import binascii
import zlib

from flask import Response, redirect, url_for

MAX_ADDRESS = 16_000
"""The most characters of a game carried in the address (the server reads 32 KiB of request line
and headers): a long evening's sheet is a few hundred; a longer one is answered directly."""
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
        raw = inflate.decompress(data, MAX_RECORD * 4)
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
