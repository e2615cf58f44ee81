"""An event's ranking to download (docs/events.md, "On the service"): the standings as a club posts
them, text for a notice board or CSV for the club's site, made by the same library call as
`arbiter event publish` (arbiter.event.published), in the reader's language, after the round the
reader asks for (`?round=N`) or as they stand. Kept as the event's pages are (render_cache: made
once per state of the ledger, round, format and language) and counted by READ_RATE_LIMIT as every
other download of something kept (arbiter_web/serving/limits.py, KEPT_READS)."""

from __future__ import annotations

import unicodedata
from typing import Any

from flask import Blueprint, abort

from arbiter.event import Standings
from arbiter.event.published import published_csv, published_text
from arbiter.event.ranking import history
from arbiter.i18n import msg, translator
from arbiter_web.pages import event_pages
from arbiter_web.pages.event_state import Refused, State, found
from arbiter_web.pages.events import kept_page
from arbiter_web.serving import lang

bp = Blueprint("event_published", __name__)

FORMATS = {
    "txt": (published_text, "text/plain; charset=utf-8"),
    "csv": (published_csv, "text/csv; charset=utf-8"),
}
"""Each download's file ending, the library call that writes it and its media type."""


def after_round(state: State, asked: int | None) -> Standings:
    """The standings after round `asked` (as they stand when None). Raises Refused (404) for a
    round not yet scheduled."""
    if asked is None:
        return state.standings
    rounds = history(state.standings)
    if not 1 <= asked <= len(rounds):
        raise Refused(msg("That round has not been played yet."), 404)
    return rounds[asked - 1]


def file_name(event_id: str, asked: int | None, ending: str) -> str:
    """`classifica-ID-2.csv`: the word in the reader's language, in plain letters for any system."""
    word = translator(lang.current())(msg("ranking"))
    plain = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii").replace(" ", "-")
    return f"{plain or 'ranking'}-{event_id}{f'-{asked}' if asked else ''}.{ending}"


@bp.get("/events/<event_id>/ranking.<ending>")
def download(event_id: str, ending: str) -> Any:
    """The event's ranking as a file, in the reader's language, after the round asked."""
    if ending not in FORMATS:
        abort(404)
    cleaned = event_pages.clean_query()
    if cleaned is not None:
        return cleaned
    written, media = FORMATS[ending]
    asked = event_pages.asked_round()

    def made(state: State) -> str:
        return written(after_round(state, asked), lang.current())

    body = kept_page(found(event_id), f"ranking-{ending}", made)
    headers = {
        "Content-Type": media,
        "Content-Disposition": f'attachment; filename="{file_name(event_id, asked, ending)}"',
        "Cache-Control": "no-cache",
        "X-Robots-Tag": "noindex, nofollow",
    }
    return body, 200, headers
