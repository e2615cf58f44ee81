"""An event as the pages see it (arbiter_web/pages/events.py): the file read with its kept
rulebook, the ledger replayed into each table's result and the standings, and a form refused."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import abort, current_app

from arbiter import event as events
from arbiter.event.movements import Seating
from arbiter.event.tables import decided, entered
from arbiter.house import Rulebook, RulebookError
from arbiter.i18n import msg
from arbiter_web.pages.present import FindingView, Listing, listing
from arbiter_web.serving import lanes, lang
from arbiter_web.storage import event_store, rulebooks
from arbiter_web.storage.event_store import EventStore, KeptEvent
from arbiter_web.storage.rulebook_store import digest_of

NOWHERE = Path("/nonexistent/arbiter-service-event")
"""The folder a service's event is read as being in: none, so no file beside it is ever read."""


def kept() -> EventStore:
    return current_app.extensions[event_store.EXTENSION]


class Refused(Exception):
    """A form that cannot be used: said on the page with the status (and `retry_after`, seconds)."""

    def __init__(
        self,
        message: str,
        status: int = 422,
        findings: list[FindingView] | None = None,
        record: str = "",
        retry_after: int = 0,
    ) -> None:
        super().__init__(message)
        self.message, self.status, self.findings = message, status, findings or []
        self.headers = {"Retry-After": str(retry_after)} if retry_after else {}
        self.listing: Listing | None = listing(record, self.findings) if findings else None
        """The refused record, line by line, its findings marked (the ruling page's listing)."""


@dataclass
class Table:
    seating: Seating
    state: str
    """`confirmed`, `decided`, `missing`, `unconfirmed` or `disputed`."""
    first: list[tuple[int, int]] | None = None
    second: list[tuple[int, int]] | None = None
    scores: list[tuple[int, int]] | None = None
    records: bool = False
    """Both sides' results are their records, certified (not points entered)."""


@dataclass
class State:
    """An event as the service has it: the file read, its ledger replayed, the standings."""

    kept: KeptEvent
    event: events.Event
    standings: events.Standings
    book: Rulebook | None = None
    """The kept rulebook the event names (`rulebook = "#digest"`), its tables' records judged by it."""
    tables: list[Table] = field(default_factory=list)

    def table(self, round_number: int, table: int) -> Table | None:
        return next((t for t in self.tables if (t.seating.round, t.seating.table) == (round_number, table)), None)


def read(source: str) -> tuple[events.Event, Rulebook | None]:
    """The event file as the service reads it: checked as any event file, and its rulebook, a
    rulebook kept on the service named by its `#digest` (no file beside it is ever read). Raises
    Refused."""
    try:
        event = events.parse(source, "the event file", NOWHERE)
    except events.EventError as error:
        raise Refused(lang.said(error)) from None
    return event, rulebook_of(event)


def rulebook_of(event: events.Event) -> Rulebook | None:
    """The kept rulebook an event names by its `#digest`, of the event's family. Raises Refused."""
    if event.rulebook is None:
        return None
    digest = digest_of(event.rulebook) if event.rulebook.startswith("#") else None
    if digest is None or rulebooks.EXTENSION not in current_app.extensions:
        raise Refused(msg("rulebook: on the service, name a rulebook kept here by its #digest (keep it at /h)"))
    try:
        book: Rulebook | None = rulebooks.shelf().get(digest)
    except RulebookError as error:
        raise Refused(msg("rulebook: {problem}", problem=error.message)) from None
    if book is None:
        raise Refused(msg("rulebook: no rulebook is kept under {named}; keep it first at /h", named=event.rulebook))
    if book.family != event.family:
        raise Refused(
            msg(
                "rulebook: {name} is a rulebook of {family}, and the event plays {event}; name a rulebook of {event}",
                name=event.rulebook,
                family=book.family,
                event=event.family,
            )
        )
    return book


def state_of(stored: KeptEvent) -> State:
    """The event as its ledger stands, worked out in a lane when its cost is large (issue 60)."""
    event, book = read(stored.source)
    ledger = kept().ledger(stored)
    lanes.enter_for_cost(cost_of(event, len(ledger)))
    sides: dict[tuple[int, int], dict[str, list[tuple[int, int]]]] = {}
    decisions: dict[tuple[int, int], list[tuple[int, int]]] = {}
    recorded: dict[tuple[int, int], dict[str, bool]] = {}  # whether a side's latest result is a record
    penalties: list[events.Penalty] = []
    for entry in ledger:
        data = entry.data
        key = (data.get("round", 0), data.get("table", 0))
        if entry.kind == "result":
            sides.setdefault(key, {})[data["side"]] = [tuple(deal) for deal in data["scores"]]
            recorded.setdefault(key, {})[data["side"]] = "record" in data
        elif entry.kind == "decision":
            decisions[key] = [tuple(deal) for deal in data["scores"]]
        elif entry.kind == "penalty":
            penalties.append(
                events.Penalty(
                    data["pair"],
                    data["points"],
                    data["reason"],
                    by=data.get("by"),
                    at=entry.created.replace(microsecond=0).isoformat(),
                )
            )
    event = dataclasses.replace(event, penalties=event.penalties + tuple(penalties))

    def certifier(_event: events.Event, seating: Seating, _book: Any) -> events.TableResult:
        key = (seating.round, seating.table)
        if key in decisions:
            return decided(seating, decisions[key])
        given = sides.get(key, {})
        return entered(seating, given.get("first"), given.get("second"))

    try:  # the records were certified by the kept rulebook when entered: the ledger has their results
        result = events.standings(dataclasses.replace(event, rulebook=None), certifier=certifier)
    except events.EventError as error:
        raise Refused(lang.said(error)) from None
    state = State(stored, event, result, book)
    for table in result.tables:
        key = (table.seating.round, table.seating.table)
        given = sides.get(key, {})
        status = "decided" if key in decisions else "confirmed" if table.certified else table.codes[0][len("result-") :]
        state.tables.append(
            Table(
                table.seating,
                status,
                given.get("first"),
                given.get("second"),
                decisions.get(key) or given.get("first"),
                records=list(recorded.get(key, {}).values()) == [True, True],
            )
        )
    return state


def cost_of(event: events.Event, entries: int) -> int:
    """What working out an event's pages costs, in rows: the most tables its rounds seat (a table
    for each two pairs, each round) and the entries of its ledger. Its file's bytes say little:
    400 pairs and 60 rounds fit in a few KiB."""
    return (len(event.pairs) + 1) // 2 * event.rounds + entries


def found(event_id: str) -> KeptEvent:
    stored = kept().get(event_id)
    if stored is None:
        abort(404, description=msg("No event is kept under that link."))
    return stored
