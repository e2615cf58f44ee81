"""Events on the service (docs/events.md, "On the service"): a director keeps an event file and
gets its permalink, a code per side of each table and a director's code; each side hands in its
table's record with its code, certified at once by the event library (`tables.certify_record`, the
certification `arbiter event check` makes) under the event's family and kept rulebook, and the
table's result is what the certified record says; a record not certified is refused with its
findings. Where the event keeps only the final hand scores (`results = "scores"`), a side may enter
each deal's card points instead. The same result from both sides is confirmed, different ones are
a disagreement the director decides; the director adds penalties; the standings are live and print.

A thin adapter over arbiter.event: the results entered are each table's result
(`tables.entered`, `tables.decided`), the penalties ledger entries, and the standings are the
library's (`ranking.standings` with the service's results in place of records). Kept with
arbiter_web/event_store.py, in the store of kept rulings, with its quota. Pages work without
scripts (plain form posts).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request, url_for

from arbiter import event as events
from arbiter.event import report
from arbiter.event.movements import Seating
from arbiter.event.report import joined_with_semicolons
from arbiter.event.tables import TableResult, certify_record, decided, entered
from arbiter.event.tables import reason as reasons_of_table
from arbiter.house import Rulebook, RulebookError
from arbiter.i18n import Text, msg, msg_n
from arbiter_web.pages.present import FindingView, Listing, allowed_view, excerpt, listing, record_lines
from arbiter_web.serving import lang
from arbiter_web.serving.limits import check_time
from arbiter_web.storage import event_store, rulebooks
from arbiter_web.storage.event_store import EventStore, EventTooLarge, KeptEvent, LedgerFull, table_code
from arbiter_web.storage.rulebook_store import digest_of
from arbiter_web.storage.store import StoreFull

bp = Blueprint("events", __name__)
SIDES = ("first", "second")
MAX_POINTS = 100_000
"""The most card points a pair can enter for a deal, either way: more is a typing error."""
MAX_REASON = 200
NOWHERE = Path("/nonexistent/arbiter-service-event")
"""The folder a service's event is read as being in: none, so no file beside it is ever read."""
LIVE_SECONDS = 30
"""How often the live standings page reloads itself (a `refresh` meta, no script)."""
SHOWN_FINDINGS = 20
"""The most findings of a refused record the page lists (the table's codes name every kind)."""
EXAMPLE = """name = "Club night"
date = 2026-11-26
family = "caliente"
movement = "round-robin"
rounds = 3
deals = 1
scoring = "victory-points"
seed = 1
records = "round-{round}/table-{table}.acn"
results = "scores"

[[pairs]]
number = 1
name = "Ann and Cid"
players = ["ann", "cid"]

[[pairs]]
number = 2
name = "Bob and Dee"
players = ["bob", "dee"]

[[pairs]]
number = 3
name = "Eve and Gus"
players = ["eve", "gus"]

[[pairs]]
number = 4
name = "Fay and Hal"
players = ["fay", "hal"]
"""


def kept() -> EventStore:
    return current_app.extensions[event_store.EXTENSION]


class Refused(Exception):
    """A form that cannot be used: said on the page with the status."""

    def __init__(
        self, message: str, status: int = 422, findings: list[FindingView] | None = None, record: str = ""
    ) -> None:
        super().__init__(message)
        self.message, self.status, self.findings = message, status, findings or []
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
    event, book = read(stored.source)
    sides: dict[tuple[int, int], dict[str, list[tuple[int, int]]]] = {}
    decisions: dict[tuple[int, int], list[tuple[int, int]]] = {}
    recorded: dict[tuple[int, int], dict[str, bool]] = {}  # whether a side's latest result is a record
    penalties: list[events.Penalty] = []
    for entry in kept().ledger(stored):
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


def found(event_id: str) -> KeptEvent:
    stored = kept().get(event_id)
    if stored is None:
        abort(404, description=msg("No event is kept under that link."))
    return stored


def _scores(deals: int) -> list[tuple[int, int]]:
    """The card points entered for each deal: the first seats' pair's, then the second's."""
    scores = []
    for deal in range(1, deals + 1):
        pair = []
        for side in SIDES:
            raw = request.form.get(f"{side}-{deal}", "").strip()
            try:
                value = int(raw)
            except ValueError:
                raise Refused(msg("write each pair's card points as a whole number, such as 1420 or -35")) from None
            if abs(value) > MAX_POINTS:
                raise Refused(msg("a pair's card points on a deal are at most {most:,} either way", most=MAX_POINTS))
            pair.append(value)
        scores.append((pair[0], pair[1]))
    return scores


def _side_of(state: State, code: str) -> tuple[Seating, str] | None:
    """The table and side a code names, among the tables scheduled so far."""
    code = code.strip().upper()
    for seating in state.standings.schedule.seatings:
        for side in SIDES:
            if hmac.compare_digest(table_code(state.kept.secret, seating.round, seating.table, side), code):
                return seating, side
    return None


def _director(state: State) -> str:
    code = request.form.get("code", "")[:64]
    if not kept().is_director(state.kept, code):
        raise Refused(msg("That is not the director's code of this event."), 403)
    return code


def _add(state: State, kind: str, data: dict[str, Any]) -> None:
    try:
        kept().add(state.kept, kind, data)
    except LedgerFull as error:
        raise Refused(lang.said(error), 507) from None
    except StoreFull as error:
        raise Refused(lang.said(error), 507) from None


def _public(
    state: State,
    problem: str | None = None,
    status: int = 200,
    findings: list[FindingView] | None = None,
    record: str = "",
    notice: str | None = None,
    listed: Listing | None = None,
) -> Any:
    """The event's page; a refused record's `findings`, and its text `record` back in the box."""
    shown = _shown(state)
    page = render_template(
        "event.html", **shown, notice=notice, problem=problem, findings=findings or [], record=record, listed=listed
    )
    return page, status


def _record() -> str | None:
    """The record a side hands in: the file uploaded, else the text written; None when neither.
    The request's size is bounded by MAX_CONTENT_LENGTH (a 413 past it)."""
    upload = request.files.get("record-file")
    data = upload.read() if upload is not None and upload.filename else b""
    if data:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise Refused(msg("the record's file is not UTF-8 text; save it as UTF-8 and hand it in again")) from None
    text = request.form.get("record", "")
    return text if text.strip() else None


def _handed_in(state: State, seating: Seating) -> dict[str, Any]:
    """What a side hands in, as its ledger entry has it: each deal's card points (the first seats'
    pair's, then the second's) as its record certified says, with the record's SHA-256; or, where
    the event keeps only scores (`results = "scores"`) and no record is handed in, the points
    entered. A record the arbiter does not certify is refused with its findings (Refused)."""
    text = _record()
    if text is None:
        if state.event.results != "scores":
            raise Refused(msg("Hand in your table's record: this event certifies every table's record."))
        return {"scores": _scores(state.event.deals)}
    where = Path(state.event.records.format(round=seating.round, table=seating.table))
    table = certify_record(state.event, seating, text, state.book, where)
    check_time()  # past REQUEST_TIME_LIMIT: a 503, as any record judged on the service
    if not table.certified:
        raise Refused(_not_entered(table), findings=_findings(table, text), record=text)
    scores = [[board[seating.first], board[seating.second]] for board in table.boards]
    return {"scores": scores, "record": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def _not_entered(table: TableResult) -> Text:
    """Why a record handed in was refused, for the side at the table: that nothing was entered,
    why in words (the event's reasons, else the record's first errors, all listed below), and
    what to do."""
    why = [words for words in map(reasons_of_table, table.codes) if words is not None]
    errors = [finding.message for finding in table.findings if finding.is_error]
    why += errors[: max(0, 2 - len(why))]
    more = len(table.findings) - len(why) if errors else 0
    said = joined_with_semicolons(why) if why else msg("the arbiter does not certify it")
    if more > 0:
        said = msg_n("{why}; and {n} more problem, below", "{why}; and {n} more problems, below", more, why=said)
    return msg(
        "Your result was not entered: the table's record is not certified ({why}). Correct the record and "
        "hand it in again, or ask the director to decide the table's result.",
        why=said,
    )


def _findings(table: TableResult, text: str) -> list[FindingView]:
    """The errors of a record not certified, as the ruling pages show a finding (the shared
    `finding` macro), each with its line."""
    lines = record_lines(text)
    return [
        FindingView(
            anchor=f"record-f{number}",
            finding=finding,
            rule_summary=None,
            rule_url=None,
            table=None,
            excerpt=excerpt(lines, finding.line, finding.column),
            allowed=allowed_view(finding),
        )
        for number, finding in enumerate(table.findings[:SHOWN_FINDINGS], start=1)
    ]


def _director_page(state: State, code: str, notice: str | None = None, problem: str | None = None) -> Any:
    codes = [
        (
            seating,
            table_code(state.kept.secret, seating.round, seating.table, "first"),
            table_code(state.kept.secret, seating.round, seating.table, "second"),
        )
        for seating in state.standings.schedule.seatings
    ]
    return render_template(
        "event_director.html", **_shown(state), code=code, codes=codes, notice=notice, problem=problem
    )


def _shown(state: State) -> dict[str, Any]:
    result = state.standings
    return {
        "state": state,
        "event": state.event,
        "book": state.book,
        "result": result,
        "heading": msg(
            "standings after {scheduled} of {rounds} rounds: {family}, {movement}, {scoring}",
            scheduled=len(result.schedule.rounds),
            rounds=state.event.rounds,
            family=state.event.family,
            movement=state.event.movement,
            scoring=state.event.scoring,
        ),
        "verdict": report.state(result),
        "ledger": list(zip(result.ledger, report.ledger_lines(result, _moment), strict=True)),
        "score": lambda value: report.score_shown(value, lang.current()),
        "permalink": url_for("events.show", event_id=state.kept.id, _external=True),
        "deals": range(1, state.event.deals + 1),
        "pair_name": lambda number: f"{number} {state.event.pair(number).name}",
    }


def _moment(iso: str) -> str:
    """A ledger entry's time as the reader's language writes it (as written, if not an ISO time)."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    return lang.when(moment.astimezone(UTC) if moment.tzinfo else moment)


@bp.get("/events")
def new() -> Any:
    """The form that keeps a new event."""
    return render_template("event_new.html", source=EXAMPLE, problem=None)


@bp.post("/events")
def create() -> Any:
    source = request.form.get("event", "")
    try:
        read(source)
        stored, code = kept().keep(source)
    except Refused as refused:
        return render_template("event_new.html", source=source[:200_000], problem=refused.message), refused.status
    except EventTooLarge as error:
        return render_template("event_new.html", source="", problem=lang.said(error)), 413
    except StoreFull as error:
        return render_template("event_new.html", source=source[:200_000], problem=lang.said(error)), 507
    notice = msg("The event is kept. Write down the director's code now: it is shown only once.")
    return _director_page(state_of(stored), code, notice=notice), 201


@bp.get("/events/<event_id>")
def show(event_id: str) -> Any:
    """The event's page (its permalink): the schedule, each table's result, the standings, and the
    form where each side enters its table's result."""
    try:
        return _public(state_of(found(event_id)))
    except Refused as refused:
        abort(refused.status, description=refused.message)


@bp.post("/events/<event_id>/result")
def result(event_id: str) -> Any:
    """A side hands in its table's record (or, in a `results = "scores"` event, its points) with its code."""
    state = state_of(found(event_id))
    try:
        side = _side_of(state, request.form.get("code", "")[:64])
        if side is None:
            raise Refused(msg("No table of this event has that code."), 403)
        seating, which = side
        entry = {"round": seating.round, "table": seating.table, "side": which}
        _add(state, "result", entry | _handed_in(state, seating))
    except Refused as refused:
        kept_text = request.form.get("record", "")  # written again in the box, to be corrected
        return _public(state, refused.message, refused.status, refused.findings, kept_text, listed=refused.listing)
    state = state_of(state.kept)
    table = state.table(seating.round, seating.table)
    words = {
        "confirmed": msg("Round {round}, table {table}: both sides entered the same result; it is confirmed."),
        "decided": msg("Round {round}, table {table}: the director has decided this table's result."),
        "unconfirmed": msg("Round {round}, table {table}: entered; the other side is to confirm it."),
        "disputed": msg("Round {round}, table {table}: the two sides entered different results; the director decides."),
    }
    said = words.get(table.state if table else "", words["unconfirmed"])
    notice = Text(said.msgid, {"round": seating.round, "table": seating.table})
    return _public(state, notice=notice)


def directors_only(view: Callable[[State, str], Any]) -> Callable[[str], Any]:
    """A view for the director alone, given the event's state and the director's code: a code that
    is not the director's gets the event's page saying so (403), checked here once for every
    director's view; what the view itself refuses comes back on the director's page."""

    @functools.wraps(view)
    def checked(event_id: str) -> Any:
        state = state_of(found(event_id))
        try:
            code = _director(state)
        except Refused as refused:
            return _public(state, problem=refused.message, status=refused.status)
        try:
            return view(state, code)
        except Refused as refused:
            return _director_page(state, code, problem=refused.message), refused.status

    return checked


@bp.post("/events/<event_id>/director")
@directors_only
def director(state: State, code: str) -> Any:
    """The director's page: the tables' codes, the disagreements to decide, the penalties."""
    return _director_page(state, code)


@bp.post("/events/<event_id>/decide")
@directors_only
def decide(state: State, code: str) -> Any:
    """The director decides a table's result (a disagreement, or a side that never entered)."""
    round_number, table = _int("round"), _int("table")
    if state.table(round_number, table) is None:
        raise Refused(msg("This event has no table {table} in round {round}.", table=table, round=round_number))
    _add(state, "decision", {"round": round_number, "table": table, "scores": _scores(state.event.deals)})
    notice = msg(
        "Round {round}, table {table}: the director has decided this table's result.", round=round_number, table=table
    )
    return _director_page(state_of(state.kept), code, notice=notice)


@bp.post("/events/<event_id>/penalty")
@directors_only
def penalty(state: State, code: str) -> Any:
    """The director writes a penalty (or, of 0 points, a warning) in the ledger."""
    pair, points = _int("pair"), _int("points")
    if pair not in {p.number for p in state.event.pairs}:
        raise Refused(msg("No pair has the number {number}.", number=pair))
    if abs(points) > MAX_POINTS:
        raise Refused(msg("A penalty is at most {most:,} points either way.", most=MAX_POINTS))
    reason = " ".join(request.form.get("reason", "").split())[:MAX_REASON]
    by = " ".join(request.form.get("by", "").split())[:MAX_REASON] or None
    if not reason:
        raise Refused(msg("Write why: the reason is shown with the standings."))
    _add(state, "penalty", {"pair": pair, "points": points, "reason": reason, "by": by})
    return _director_page(state_of(state.kept), code, notice=msg("The penalty is in the ledger."))


def _int(name: str) -> int:
    try:
        return int(request.form.get(name, "").strip())
    except ValueError:
        raise Refused(msg("Write a whole number.")) from None


@bp.get("/events/<event_id>/standings")
def live(event_id: str) -> Any:
    """The live standings: the page reloads itself, and prints as the standings a director signs."""
    try:
        state = state_of(found(event_id))
    except Refused as refused:
        abort(refused.status, description=refused.message)
    return render_template("event_standings.html", **_shown(state), live_seconds=LIVE_SECONDS)
