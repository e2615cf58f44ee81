"""An event's pages kept small however long the event (issue 60): past PAGED_TABLES tables, its
tables are shown one round a page (`?round=N`, the latest scheduled round unless asked, a link to
each round), and its pages take no query but the language and the round, so the pages kept
(arbiter_web/storage/render_cache.py) are the ones every reader gets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from flask import redirect, request, url_for

from arbiter.event.movements import Seating
from arbiter_web.serving import lang

PAGED_TABLES = 200
"""An event with more tables than this shows one round's tables a page."""
ROUND = "round"


class Seated(Protocol):
    @property
    def seating(self) -> Seating: ...


T = TypeVar("T", bound=Seated)


@dataclass
class RoundPages:
    """The rounds an event's tables are paged by, the one shown, and each one's address."""

    rounds: list[int]
    shown: int
    url: Callable[[int], str]


def asked_round() -> int | None:
    """The round the query asks for, if it is a number of at most three digits."""
    raw = request.args.get(ROUND, "")
    return int(raw) if raw.isdigit() and len(raw) <= 3 else None


def paged_tables(tables: Sequence[T], event_id: str) -> tuple[list[T], RoundPages | None]:
    """Every table, or, past PAGED_TABLES, the tables of the round asked (else the latest)."""
    rounds = sorted({t.seating.round for t in tables})
    if len(tables) <= PAGED_TABLES or not rounds:
        return list(tables), None
    asked = asked_round()
    shown = asked if asked in rounds else rounds[-1]
    endpoint = request.endpoint if request.method == "GET" and request.endpoint else "events.show"
    pages = RoundPages(rounds, shown, lambda number: url_for(endpoint, event_id=event_id, round=number))
    return [t for t in tables if t.seating.round == shown], pages


def clean_query() -> Any:
    """None when the query holds only the language and a round (a number); else a redirect to the
    page without the rest."""
    kept = {name: request.args[name] for name in (lang.PARAMETER, ROUND) if name in request.args}
    if ROUND in kept and asked_round() is None:
        del kept[ROUND]
    if set(request.args) == set(kept):
        return None
    return redirect(url_for(request.endpoint or "events.show", **(request.view_args or {}), **kept), 303)
