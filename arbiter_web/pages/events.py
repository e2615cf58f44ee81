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

import functools
import hashlib
import hmac
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from arbiter import event as events
from arbiter.event import published, report
from arbiter.event.movements import Seating
from arbiter.event.report import joined_with_semicolons
from arbiter.event.tables import TableResult, certify_record
from arbiter.event.tables import reason as reasons_of_table
from arbiter.i18n import Text, msg, msg_n
from arbiter_web.pages import director_device, event_pages
from arbiter_web.pages.event_state import Refused, State, found, kept, read, state_of
from arbiter_web.pages.present import FindingView, Listing, allowed_view, excerpt, record_lines
from arbiter_web.serving import guesses, lang
from arbiter_web.serving.limits import check_time
from arbiter_web.storage import once, render_cache
from arbiter_web.storage import stored as stored_rulings
from arbiter_web.storage.event_store import (
    DIRECTOR,
    EventTooLarge,
    KeptEvent,
    LedgerFull,
    fits,
    side_author,
    table_code,
)
from arbiter_web.storage.store import ID_LENGTH, StoreFull

bp = Blueprint("events", __name__)
SIDES = ("first", "second")
MAX_POINTS = 100_000
"""The most card points a pair can enter for a deal, either way: more is a typing error."""
MAX_REASON = 200
LIVE_SECONDS = 30
"""How often the live standings page reloads itself (a `refresh` meta, no script)."""
DIRECTOR_CODE = 12
"""Letters of a director's code (URL-safe base64: 72 bits)."""
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


def _guessing_slowed(state: State) -> None:
    """Refuse any code, right or wrong, from a client that has sent too many wrong ones for this
    event lately (CODE_GUESSES): a 429 with Retry-After."""
    wait = guesses.guesses().wait(state.kept.id)
    if wait:
        said = msg(
            "Too many wrong codes were tried for this event from here; try again in {seconds} seconds.", seconds=wait
        )
        raise Refused(said, 429, retry_after=wait)


def _wrong_code(state: State, said: str) -> Refused:
    guesses.guesses().wrong(state.kept.id)
    return Refused(said, 403)


def _director(state: State) -> str:
    _guessing_slowed(state)
    code = request.form.get("code", "")[:64]
    if not kept().is_director(state.kept, code):
        raise _wrong_code(state, msg("That is not the director's code of this event."))
    return code


def _add(state: State, kind: str, data: dict[str, Any], target: str, author: str = DIRECTOR) -> str | None:
    """Write an entry in the ledger by `author`, once per form sent (its one-time token): None when
    written now; the page the first sending went to when this form was sent before (nothing written)."""
    purpose, token = f"{kind} {state.kept.id}", once.token_of(request.form.get("once"))
    earlier = once.claims_of_app().claim(purpose, token, target)
    if earlier is not None:
        return earlier
    try:
        kept().add(state.kept, kind, data, author)
    except LedgerFull as error:
        once.claims_of_app().release(purpose, token)
        raise Refused(lang.said(error), 409) from None
    except StoreFull as error:
        once.claims_of_app().release(purpose, token)
        raise Refused(lang.said(error), 507) from None
    return None


def _public(
    state: State,
    problem: str | None = None,
    status: int = 200,
    findings: list[FindingView] | None = None,
    record: str = "",
    notice: str | None = None,
    listed: Listing | None = None,
    headers: dict[str, str] | None = None,
    once_value: str | None = None,
) -> Any:
    """The event's page; a refused record's `findings`, and its text `record` back in the box;
    `once_value`, the result form's one-time token (a new one unless given)."""
    shown = _shown(state) | {"once": once_value or once.new_token()}
    page = render_template(
        "event.html", **shown, notice=notice, problem=problem, findings=findings or [], record=record, listed=listed
    )
    return page, status, headers or {}


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


def _director_page(
    state: State, code: str, notice: str | None = None, problem: str | None = None, fresh: bool = False
) -> Any:
    """The director's page; `fresh`: just kept, the director's code shown to be copied. Past
    PAGED_TABLES tables, the codes of the round shown only, as its tables are (issue 60)."""
    shown = _shown(state)
    paged = shown["paged"]
    codes = [
        (
            seating,
            table_code(state.kept.secret, seating.round, seating.table, "first"),
            table_code(state.kept.secret, seating.round, seating.table, "second"),
        )
        for seating in state.standings.schedule.seatings
        if paged is None or seating.round == paged.shown
    ]
    return render_template(
        "event_director.html", **shown, code=code, codes=codes, notice=notice, problem=problem, fresh=fresh
    )


def _shown(state: State) -> dict[str, Any]:
    result = state.standings
    tables, paged = event_pages.paged_tables(state.tables, state.kept.id)
    return {
        "tables": tables,
        "paged": paged,
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
        "ties": published.ties(result),
        "ledger": list(zip(result.ledger, report.ledger_lines(result, _moment), strict=True)),
        "score": lambda value: report.score_shown(value, lang.current()),
        "permalink": url_for("events.show", event_id=state.kept.id, _external=True),
        "deals": range(1, state.event.deals + 1),
        "pair_name": lambda number: f"{number} {state.event.pair(number).name}",
        "once": once.new_token(),
    }


def _new_form(source: str, problem: str | None = None) -> str:
    return render_template("event_new.html", source=source, problem=problem, once=once.new_token())


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
    return _new_form(EXAMPLE)


@bp.post("/events")
def create() -> Any:
    """Keep the event, then go to its director's page (303), signed in on this device, where the
    director's code is shown to be copied. The event's id and code are made from the form's
    one-time token, so the same form sent twice keeps one event and shows the same code."""
    source = request.form.get("event", "")
    token = once.token_of(request.form.get("once"))
    event_id, code = once.derived("event", token, ID_LENGTH), once.derived("director", token, DIRECTOR_CODE)
    target = url_for("events.director_page", event_id=event_id, kept="new")
    try:
        fits(source)  # the size first: a long text is refused before it is read
        read(source)
        earlier = once.claims_of_app().claim("event", token, target)
        if earlier is None:
            try:
                kept().keep(source, event_id, code)
            except BaseException:
                once.claims_of_app().release("event", token)
                raise
    except Refused as refused:
        return _new_form(source[:200_000], refused.message), refused.status
    except EventTooLarge as error:
        return _new_form("", lang.said(error)), 413
    except StoreFull as error:
        return _new_form(source[:200_000], lang.said(error)), 507
    return director_device.signed_in(redirect(earlier or target, 303), event_id, code)


@bp.get("/events/<event_id>/director")
def director_page(event_id: str) -> Any:
    """The director's page on the device signed in as the director (director_device); elsewhere,
    the event's page, asking for the code. Just kept (`kept=new`), the code is shown to be
    copied, on every reload while this device is signed in; after that, the page says it was
    shown when the event was kept."""
    state = state_of(found(event_id))
    code = director_device.code_of()
    fresh = request.args.get("kept") == "new"
    if code is None or not kept().is_director(state.kept, code):
        said = (
            msg(
                "The director's code was shown once, when the event was kept; the arbiter keeps no copy of it. Enter it below to open the director's page."
            )
            if fresh
            else msg("Enter the director's code below to open the director's page.")
        )
        return _public(state, notice=said)
    notice = _director_notice(state) or (
        msg("The event is kept. Copy or write down the director's code now: the arbiter keeps no copy of it.")
        if fresh
        else None
    )
    page = _director_page(state, code, notice=notice, fresh=fresh)
    return page, 200, {"Cache-Control": "no-store"}


def _director_notice(state: State) -> Text | None:
    """What the director's last form did, said after its redirect (`decided`, `penalty`)."""
    decided = _round_table(request.args.get("decided", ""))
    if decided is not None and state.table(*decided) is not None:
        return msg(
            "Round {round}, table {table}: the director has decided this table's result.",
            round=decided[0],
            table=decided[1],
        )
    if request.args.get("penalty"):
        return msg("The penalty is in the ledger.")
    return None


def _round_table(raw: str) -> tuple[int, int] | None:
    """A table named as `round-table` in a redirect's address."""
    parts = raw[:20].split("-")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return None
    return int(parts[0]), int(parts[1])


def kept_page(stored: KeptEvent, kind: str, render: Callable[[State], str]) -> str:
    """An event's page as its ledger stands: rendered once per state of the ledger, version and
    language, and read back from what was kept (render_cache); rendered in a lane when its cost is
    large (event_state.state_of; issue 60)."""
    stamp, _ = kept().stamp(stored)

    def rendered() -> str:
        try:
            return render(state_of(stored))
        except Refused as refused:
            abort(refused.status, description=refused.message)

    versions = (stored_rulings.arbiter_version(), stored_rulings.engine_version())
    page = f"{kind}:{event_pages.asked_round() or ''}"  # one page kept per round asked, at most
    return render_cache.rendered(stored.id, page, versions, rendered, stamp=stamp)


@bp.get("/events/<event_id>")
def show(event_id: str) -> Any:
    """The event's page (its permalink): the schedule, each table's result, the standings, and the
    form where each side enters its table's result."""
    entered_at = _round_table(request.args.get("entered", ""))
    if entered_at:  # a side's own answer once it entered its table: said to it alone, never kept
        try:
            state = state_of(found(event_id))
        except Refused as refused:
            abort(refused.status, description=refused.message)
        return _public(state, notice=_entered_notice(state, *entered_at))
    cleaned = event_pages.clean_query()
    if cleaned is not None:
        return cleaned
    page = kept_page(found(event_id), "event", lambda state: str(_public(state, once_value=ONCE_MARK)[0]))
    return page.replace(ONCE_MARK, once.new_token())  # each reader's form its own one-time token


ONCE_MARK = "\x00arbiter-once\x00"
"""Where the result form's one-time token stands in a kept event page (a NUL: never in a rendered
page); each opening puts a new token there, so no two readers share one."""


def _entered_notice(state: State, round_number: int, table_number: int) -> Text | None:
    """What a table's result is now, said after a side entered it (the redirect's `entered`)."""
    table = state.table(round_number, table_number)
    if table is None:
        return None
    words = {
        "confirmed": msg("Round {round}, table {table}: both sides entered the same result; it is confirmed."),
        "decided": msg("Round {round}, table {table}: the director has decided this table's result."),
        "unconfirmed": msg("Round {round}, table {table}: entered; the other side is to confirm it."),
        "disputed": msg("Round {round}, table {table}: the two sides entered different results; the director decides."),
    }
    said = words.get(table.state, words["unconfirmed"])
    return Text(said.msgid, {"round": round_number, "table": table_number})


@bp.post("/events/<event_id>/result")
def result(event_id: str) -> Any:
    """A side hands in its table's record (or, in a `results = "scores"` event, its points) with
    its code, then goes to the event's page (303), which says what the table's result is now."""
    state = state_of(found(event_id))
    try:
        _guessing_slowed(state)
        side = _side_of(state, request.form.get("code", "")[:64])
        if side is None:
            raise _wrong_code(state, msg("No table of this event has that code."))
        seating, which = side
        _still_open(state, seating)
        entry = {"round": seating.round, "table": seating.table, "side": which}
        target = url_for("events.show", event_id=state.kept.id, entered=f"{seating.round}-{seating.table}")
        author = side_author(seating.round, seating.table, which)
        earlier = _add(state, "result", entry | _handed_in(state, seating), target, author)
    except Refused as refused:
        kept_text = request.form.get("record", "")  # written again in the box, to be corrected
        return _public(
            state,
            refused.message,
            refused.status,
            refused.findings,
            kept_text,
            listed=refused.listing,
            headers=refused.headers,
        )
    return redirect(earlier or target, 303)


def _still_open(state: State, seating: Seating) -> None:
    """A table whose result is confirmed or decided changes only by the director's decision (a
    confirmed one by its sides too, until the event file's `corrections-until`)."""
    table = state.table(seating.round, seating.table)
    if table is not None and table.state == "confirmed" and _corrections_open(state.event):
        return
    if table is not None and table.state in ("confirmed", "decided"):
        said = msg(
            "Round {round}, table {table}: its result is settled; only the director can change it now.",
            round=seating.round,
            table=seating.table,
        )
        raise Refused(said, 409)


def _corrections_open(event: events.Event) -> bool:
    """Whether the event file's `corrections-until` is still to come (a confirmed table's sides
    may then enter it again)."""
    if event.corrections_until is None:
        return False
    return datetime.now(UTC) < datetime.fromisoformat(event.corrections_until)


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
            return _public(state, problem=refused.message, status=refused.status, headers=refused.headers)
        try:
            return view(state, code)
        except Refused as refused:
            return _director_page(state, code, problem=refused.message), refused.status

    return checked


@bp.post("/events/<event_id>/director")
@directors_only
def director(state: State, code: str) -> Any:
    """The director's code entered: this device is signed in as the director, and goes to the
    director's page (303): the tables' codes, the disagreements to decide, the penalties."""
    target = url_for("events.director_page", event_id=state.kept.id)
    return director_device.signed_in(redirect(target, 303), state.kept.id, code)


@bp.post("/events/<event_id>/decide")
@directors_only
def decide(state: State, code: str) -> Any:
    """The director decides a table's result (a disagreement, or a side that never entered)."""
    round_number, table = _int("round"), _int("table")
    if state.table(round_number, table) is None:
        raise Refused(msg("This event has no table {table} in round {round}.", table=table, round=round_number))
    target = url_for("events.director_page", event_id=state.kept.id, decided=f"{round_number}-{table}")
    scores = _scores(state.event.deals)
    earlier = _add(state, "decision", {"round": round_number, "table": table, "scores": scores}, target)
    return director_device.signed_in(redirect(earlier or target, 303), state.kept.id, code)


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
    target = url_for("events.director_page", event_id=state.kept.id, penalty=1)
    earlier = _add(state, "penalty", {"pair": pair, "points": points, "reason": reason, "by": by}, target)
    return director_device.signed_in(redirect(earlier or target, 303), state.kept.id, code)


def _int(name: str) -> int:
    try:
        return int(request.form.get(name, "").strip())
    except ValueError:
        raise Refused(msg("Write a whole number.")) from None


@bp.get("/events/<event_id>/standings")
def live(event_id: str) -> Any:
    """The live standings: the page reloads itself, and prints as the standings a director signs."""

    def page(state: State) -> str:
        return render_template("event_standings.html", **_shown(state), live_seconds=LIVE_SECONDS)

    return event_pages.clean_query() or kept_page(found(event_id), "standings", page)
