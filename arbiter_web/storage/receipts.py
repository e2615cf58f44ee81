"""A kept ruling's receipt shown once and not lost on a reload (issue 59): the page's "Check and
keep a link" answers with a redirect (303) to the ruling's page, and the deletion token goes with
it in a cookie of that ruling's page alone (HttpOnly, SameSite=Strict, an hour), so the page, and
its reload, shows the deletion link; the service still keeps only the token's SHA-256. The token
is made from the form's one-time token (`once.derived`), so the same form sent twice keeps one
ruling and gives its receipt again.
"""

from __future__ import annotations

import hmac
import re

import sqlalchemy as sa
from flask import Response, request, url_for
from sqlalchemy.engine import Engine

from .store import rulings, token_hash

COOKIE = "arbiter_receipt"
SECONDS = 3600
"""How long the device that kept a ruling is shown its deletion link again: while it copies it."""


def rekey(engine: Engine, ruling_id: str, token: str) -> None:
    """Make `token` the deletion token of a ruling just kept (in place of the random one)."""
    with engine.begin() as conn:
        conn.execute(sa.update(rulings).where(rulings.c.id == ruling_id).values(token_hash=token_hash(token)))


def is_deletion_token(engine: Engine, ruling_id: str, token: str) -> bool:
    with engine.begin() as conn:
        kept = conn.scalar(sa.select(rulings.c.token_hash).where(rulings.c.id == ruling_id))
    return kept is not None and hmac.compare_digest(kept, token_hash(token))


def _path(ruling_id: str) -> str:
    return url_for("permalink.show", ruling_id=ruling_id).split("?", 1)[0]


def handed(response: Response, ruling_id: str, token: str) -> Response:
    """The response, with the deletion token for the ruling's page on this device."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=SECONDS,
        path=_path(ruling_id),
        secure=request.is_secure,
        httponly=True,
        samesite="Strict",
    )
    return response


def held() -> str:
    """The deletion token this device holds for the page asked (its cookie's path is the page's)."""
    return request.cookies.get(COOKIE, "")[:200]


def ruling_of(target: str) -> str:
    """The id of the ruling a kept ruling's address names."""
    found = re.search(r"/r/([\w-]+)", target)
    return found.group(1) if found else ""
