"""The device signed in as an event's director (issue 59): after the director keeps the event or
enters the director's code, this device holds the code in a cookie of its own, kept for an
evening, sent back only to that event's pages (its path), never to another site (SameSite=Strict)
and never read by a script (HttpOnly). So the pages after a director's form are plain redirects
(post/redirect/get): a reload, the back button or a double tap does nothing again, and the
director's page opens again from the device without typing the code. The service keeps no copy of
the code (only its SHA-256); each director's form still sends the code itself.
"""

from __future__ import annotations

from flask import Response, request, url_for

COOKIE = "arbiter_director"
HOURS = 12
"""How long a device stays signed in as the director: an evening's play and its ranking."""
MAX_CODE = 64


def _path(event_id: str) -> str:
    """The event's pages, under the site's root: no query (url_for may add the language)."""
    return url_for("events.show", event_id=event_id).split("?", 1)[0]


def signed_in(response: Response, event_id: str, code: str) -> Response:
    """The response, signing this device in as the director of `event_id`."""
    response.set_cookie(
        COOKIE,
        code,
        max_age=HOURS * 3600,
        path=_path(event_id),
        secure=request.is_secure,
        httponly=True,
        samesite="Strict",
    )
    return response


def code_of() -> str | None:
    """The director's code this device holds for the event asked (the cookie goes only to its
    pages), if any: checked by the caller."""
    code = request.cookies.get(COOKIE, "")[:MAX_CODE]
    return code or None
