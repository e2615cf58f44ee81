"""The score pad (GET and POST /pad): a table keeps a game's score sheet on one phone, hand by hand,
and the arbiter refuses a hand no game could give, with the reason, before the next can start.

A thin adapter over arbiter.sheets.pad: the pad's whole state is its ACN 1.1 record, carried in the
form (so reading and adding a hand work without scripts, by a plain POST), kept on the device by
pad.js (localStorage), shared by a permalink kept in the store with its quota (POST /pad/keep, then
/pad?kept=ID), and downloaded as the record `arbiter check` certifies with the same answer
(POST /pad/record.acn). pad.js adds the steppers for quick entry and the print button.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

import arbiter
from arbiter import families as rulesets
from arbiter.i18n import Text, msg, term
from arbiter.judging.checker import DEFAULT_RULES, Request
from arbiter.notation import parse_text
from arbiter.positions.situation import default_seats
from arbiter.rules.sheet_penalties import described, penalty_kinds
from arbiter.rules.sheet_spec import LEFT
from arbiter.sheets import pad as sheets
from arbiter_web.pages import pad_flow
from arbiter_web.serving import lanes, lang
from arbiter_web.storage import once, render_cache, rulebooks, stored
from arbiter_web.storage.store import RecordTooLarge, StoreFull

bp = Blueprint("pad", __name__)

MAX_COUNT = 9_999
"""The largest count or points a pad's field takes (a canasta count, points melded): more is no hand."""
MAX_RECORD = 200_000
"""The most characters of a pad's record carried in its form: a long evening's sheet is a few KiB.
A kept record longer than this is not opened on the pad (its ruling's page shows it)."""
PAGE_HANDS = 50
"""Hands shown on one page of a long sheet (the latest unless `page=N` asks), the totals always:
an evening's game is a few dozen hands, a sheet of thousands is paged (issue 60)."""
RECORD_FILE = "score-sheet.acn"


@dataclass
class PadView:
    """What the pad's page shows."""

    record: str = ""
    family: str = DEFAULT_RULES
    seats: str = ""
    teams: str = ""
    house: str = ""
    sides: list[str] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)
    counted: frozenset[str] = frozenset()
    hands: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    minimums: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    over: bool = False
    problems: list[str] = field(default_factory=list)
    entered: dict[str, Any] = field(default_factory=dict)
    asked: bool = False  # the hand waits for a side's points left (issue 58)
    penalties: str = ""  # what the table's penalties cost, said under the penalties' field (issue 58)


def _request() -> Request:
    if rulebooks.EXTENSION in current_app.extensions:
        return Request.of(shelf=rulebooks.shelf())
    return Request()


@bp.get("/pad")
def pad() -> Any:
    """A new game's choices, or the game kept under `kept`."""
    kept_id = request.args.get("kept", "")[:64]
    if kept_id:
        kept = stored.store().get(kept_id)
        if kept is None:
            abort(404, description=msg("No score sheet is kept under that link. It may have expired."))
        if len(kept.text) > MAX_RECORD:
            abort(413, description=msg("This score sheet is too long for the pad: open its ruling's page instead."))
        shared = url_for("pad.pad", kept=kept_id, _external=True)

        def render(view: PadView, correcting: int | None = None) -> str:
            return _render(view, shared, correcting, kept_id)

        return pad_flow.correcting(_kept_view(kept), request.args.get("correct", ""), render)
    game = request.args.get("game", "")
    if game:  # a form's redirect (pad_flow): the game as it stands
        record = pad_flow.unpacked(game)
        if record is None:
            abort(404, description=msg("The score sheet could not be read: start a new game."))
        return pad_flow.correcting(_view(record), request.args.get("correct", ""), _render)
    family = request.args.get("family", "")
    view = PadView(family=family if family in rulesets.names() else DEFAULT_RULES, house=request.args.get("house", ""))
    seats, teams = default_seats(view.family)
    view.seats, view.teams = " ".join(seats), teams
    return _render(view)


@bp.post("/pad")
def pad_post() -> Any:
    """Start a game, add a hand, or show the game a device kept (pad.js sends it back)."""
    record = request.form.get("record", "")[:MAX_RECORD]
    action = request.form.get("do", "")
    if action == "start":
        return _start()
    view = _view(record)
    if view.problems or not view.sides:
        return _render(view), 422
    if action in ("correct", "undo"):  # a hand corrected or taken back (issue 59): pad_flow
        return pad_flow.corrected(action, view, _entries(view), _request(), _render)
    if action == "add":
        entered = _entries(view)
        try:
            added = sheets.add_hand(record, entered, _request())
        except (arbiter.UsageError, ValueError) as problem:
            view.problems.append(lang.said(problem))
            return _render(view), 422
        if added.unwritten:  # issue 58: a blank "points left" is asked for, never taken as 0
            view.problems, view.asked = [_unwritten(side) for side in added.unwritten], True
            view.entered = {f"{side}.{word}": value for side, words in entered.items() for word, value in words.items()}
            return _render(view), 422
        if added.refused:
            view.problems = [in_pad_words(finding.message, view.labels) for finding in added.refused]
            view.entered = {f"{side}.{word}": value for side, words in entered.items() for word, value in words.items()}
            return _render(view), 422
        view = _view(added.record)
    return pad_flow.to_game(view.record) or _render(view)


def in_pad_words(message: str, labels: Mapping[str, str]) -> str:
    """A refusal said in the pad's words: each notation word of the sheet (`bonus`, `melded`) as
    the pad labels its field (the page then drops the backticks that mark notation in a record)."""
    if not isinstance(message, Text):
        return message
    params = {
        name: in_pad_words(value, labels)
        if isinstance(value, Text)
        else term(labels[value])
        if value in labels
        else value
        for name, value in message.params.items()
    }
    return Text(message.msgid, params, message.plural, message.n, message.context)


def _start() -> Any:
    family = request.form.get("family", DEFAULT_RULES)
    family = family if family in rulesets.names() else DEFAULT_RULES
    seats = request.form.get("seats", "").split()
    teams = request.form.get("teams", "")
    house = request.form.get("house", "")
    view = PadView(family=family, seats=" ".join(seats), teams=teams, house=house)
    try:
        book = rulebooks.chosen(house) if house and rulebooks.EXTENSION in current_app.extensions else None
    except arbiter.UsageError as problem:
        view.problems.append(lang.said(problem))
        return _render(view), 422
    record = sheets.new_game(book.family if book else family, seats, teams, book)
    table = sheets.sheet_of(record, _request())
    if table is None:
        ruling = sheets.judge(record, _request())
        view.problems = [f.message for f in (ruling.findings if ruling else []) if f.is_error] or [
            msg("These players cannot be seated for this game: check the players and the partnerships.")
        ]
        return _render(view), 422
    return pad_flow.to_game(record) or _render(_view(record))


def _entries(view: PadView) -> dict[str, dict[str, int | bool | None]]:
    """The hand entered in the form, per side: counts (a blank is zero, but the points left, which
    a blank leaves unwritten: None) and the words ticked."""
    entered: dict[str, dict[str, int | bool | None]] = {}
    for side in view.sides:
        values: dict[str, int | bool | None] = {}
        for word in view.labels:
            raw = request.form.get(f"{side}.{word}", "").strip()
            if word == LEFT and not raw:
                values[word] = None
            elif word in view.counted:
                values[word] = _count(raw)
            else:
                values[word] = raw in ("on", "yes", "1", "true")
        entered[side] = values
    return entered


def _unwritten(side: str) -> str:
    return msg("Write the points left in hand for {side}: 0 if no card was left.", side=side)


def _count(raw: str) -> int:
    try:
        value = int(raw or "0")
    except ValueError:
        abort(422, description=msg("A count on the score pad is a whole number, not {raw}.", raw=repr(raw[:20])))
    if not 0 <= value <= MAX_COUNT:
        abort(422, description=msg("A count on the score pad is from 0 to {most}.", most=MAX_COUNT))
    return value


def _kept_view(kept: stored.StoredRuling) -> PadView:
    """A kept game's pad, judged once per version (in a lane as a record of its size would be) and
    read back from what was kept at every later opening (render_cache; issue 60)."""

    def judged() -> bytes:
        return pickle.dumps(_view(kept.text))  # in a lane by its cost (_view)

    versions = (stored.arbiter_version(), stored.engine_version())
    view: PadView = pickle.loads(render_cache.made(kept.id, "pad-view", versions, judged))  # the service's own
    return view


def _view(record: str) -> PadView:
    """The pad's page for a record: its sheet, its totals, the next minimums; judged in a lane
    when its hands are many (its cost, not its bytes: issue 60)."""
    lanes.enter_for_cost(record.count("\nhand "))
    view = PadView(record=record)
    games = parse_text(record) if record.strip() else []
    if len(games) != 1 or games[0].malformed:
        view.problems.append(msg("The score sheet could not be read: start a new game."))
        view.record = ""
        return view
    game = games[0].game
    view.family = game.tag("Rules") or DEFAULT_RULES
    view.seats, view.teams = game.tag("Seats") or "", game.tag("Teams") or ""
    request_ = _request()
    table = sheets.sheet_of(record, request_)
    ruling = sheets.judge(record, request_)
    if table is None or ruling is None:
        view.problems.append(msg("The score sheet could not be read: start a new game."))
        view.record = ""
        return view
    config, sheet = table
    view.sides = [config.seating.side_name(s) for s in config.seating.sides]
    view.labels, view.counted = sheets.categories(config, sheet), sheet.counted()
    view.penalties = _penalties(config)
    view.hands = _hands(game.hands, ruling)
    view.totals = dict(ruling.totals)
    view.winner = ruling.winner
    view.over = ruling.winner is not None  # a hand after the game's end is refused anyway (game-over)
    last = ruling.hands[-1].minimums if ruling.hands else None
    view.minimums = last or {side: config.first_meld_minimum(0, 1) for side in view.sides}
    view.problems = [f.message for f in ruling.findings if f.is_error]
    return view


def _penalties(config: Any) -> str:
    """The penalties this table charges, for the hint under the pad's penalties (issue 58)."""
    kinds = penalty_kinds(config)
    if not kinds:
        return msg("This game charges no penalty.")
    return msg("A sum of: {penalties}.", penalties=described(kinds))


def _hands(records: Any, ruling: arbiter.GameRuling) -> list[dict[str, Any]]:
    """Each hand's row: its categories per side as written, its score and the running totals."""
    rows = []
    for record, result in zip(records, ruling.hands, strict=False):
        items = {line.side: {item.word: item.count for item in line.items} for line in record.summaries}
        rows.append({"number": record.number, "items": items, "scores": result.scores or {}, "totals": result.totals})
    return rows


@dataclass(frozen=True)
class HandPages:
    """A long sheet's hands, a page at a time (PAGE_HANDS): the page shown, every page's number,
    and its address (None where the game cannot be carried in one: only the latest is shown)."""

    shown: int
    pages: list[int]
    first: int
    last: int
    count: int
    url: Callable[[int], str] | None


def _hand_pages(view: PadView, game: str, kept_id: str | None) -> HandPages:
    count = len(view.hands)
    pages = list(range(1, max(1, -(-count // PAGE_HANDS)) + 1))
    url = _address(game, kept_id, "page")
    raw = request.args.get("page", "") if request.method == "GET" and url is not None else ""
    shown = int(raw) if raw.isdigit() and len(raw) < 6 and int(raw) in pages else pages[-1]
    first = (shown - 1) * PAGE_HANDS
    return HandPages(shown, pages, first + 1, min(count, first + PAGE_HANDS), count, url)


def _address(game: str, kept_id: str | None, parameter: str) -> Callable[[int], str] | None:
    """The address of the game (its kept link, else the game itself) with `parameter` set to a
    number (a page, a hand to correct); None when the game is too long for an address."""
    where: dict[str, Any] = {"kept": kept_id} if kept_id else {"game": game}
    if not kept_id and not (game and len(game) <= pad_flow.MAX_ADDRESS):
        return None

    def address(number: int) -> str:
        values: dict[str, Any] = {**where, parameter: number}
        return url_for("pad.pad", **values)

    return address


def _render(view: PadView, shared: str | None = None, correcting: int | None = None, kept_id: str | None = None) -> str:
    """The pad's page; `shared`: the link it was kept under, shown to copy (issue 59). A long
    sheet shows a page of its hands (HandPages), with its totals."""
    game = pad_flow.packed(view.record) if view.record else ""
    paged = _hand_pages(view, game, kept_id)
    return render_template(
        "pad.html",
        view=view,
        shown_hands=view.hands[paged.first - 1 : paged.last],
        hand_pages=paged,
        correct_url=_address(game, kept_id, "correct"),
        rulesets=[rulesets.get(name) for name in rulesets.names()],
        max_count=MAX_COUNT,
        shared=shared,
        just_shared=bool(shared) and request.args.get("new") == "1",
        once=once.new_token(),
        game=game,
        corrections=pad_flow.corrections_of(view.record),
        correcting=correcting,
    )


@bp.post("/pad/keep")
def keep() -> Any:
    """Keep the pad's record in the store (with its quota) and go to its permalink (303), which
    shows the link to copy. The form's one-time token keeps it once, however often it is sent."""
    record = request.form.get("record", "")[:MAX_RECORD]
    view = _view(record)
    if not view.sides:
        return _render(view), 422
    token = once.token_of(request.form.get("once"))
    earlier = once.claims_of_app().claim("pad-keep", token, "")
    if earlier:  # kept by the same form sent before
        return redirect(earlier, 303)
    if earlier == "":  # the same form, still being kept: the game as it stands
        return pad_flow.to_game(record) or _render(view)
    games = list(arbiter.check(record, _request()))
    try:
        receipt = stored.keep(record.encode("utf-8"), None, {}, games, None)
    except (RecordTooLarge, StoreFull) as problem:
        once.claims_of_app().release("pad-keep", token)
        view.problems.append(lang.said(problem))
        return _render(view), 413 if isinstance(problem, RecordTooLarge) else 507
    target = url_for("pad.pad", kept=receipt.id, new=1)
    once.claims_of_app().settle("pad-keep", token, target)
    return redirect(target, 303)


@bp.post("/pad/record.acn")
def download() -> Any:
    """The pad's record as a file: what `arbiter check` certifies with the same answer."""
    record = request.form.get("record", "")[:MAX_RECORD]
    if not _view(record).sides:
        abort(422, description=msg("The score sheet could not be read: start a new game."))
    headers = {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": f'attachment; filename="{RECORD_FILE}"',
        "Cache-Control": "no-store",
    }
    return record, 200, headers
