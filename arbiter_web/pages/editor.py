"""The situation editor (GET and POST /editor, POST /editor/open): a player lays out the table of a
dispute card by card and asks whether a move was allowed, without writing the notation.

An adapter over arbiter.positions.situation: the form's fields are the situation's (one text field per hand,
Foot, side's melds and laid cards, the pile), so the page works without JavaScript; editor.js adds
card buttons to fill them by clicks and checks the card counts as the player builds. Check writes
the record and shows the ordinary ruling page with that record beneath it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, g, redirect, render_template, request, url_for
from marshmallow import ValidationError
from werkzeug.datastructures import MultiDict

import arbiter
from arbiter import cards as C
from arbiter import families as rulesets
from arbiter.engine import work as bounded
from arbiter.i18n import msg, pmsg, term
from arbiter.judging.allowed import in_words
from arbiter.judging.checker import DEFAULT_RULES
from arbiter.notation.actions import END_TEXT
from arbiter.positions import IllegalAction, PositionError
from arbiter.positions.marks import table_words
from arbiter.positions.situation import Situation, cards_from_text, default_seats, melds_from_text, read_variant
from arbiter_web.pages import editor_answer, page, present
from arbiter_web.pages.schemas import PageFormSchema
from arbiter_web.serving import lang, page_size

bp = Blueprint("editor", __name__)

MAX_LEGAL_SHOWN = 24
"""Legal moves listed at once of each kind (draw, take, meld ...); the rest are counted: two cards
drawn in Samba are 120 choices, and a big hand has hundreds of melds."""

MOVE_KINDS = {
    "draw": pmsg("legal moves of a kind", "Draw"),
    "take": pmsg("legal moves of a kind", "Take the pile"),
    "meld": pmsg("legal moves of a kind", "Meld"),
    "add": pmsg("legal moves of a kind", "Add to a meld"),
    "discard": pmsg("legal moves of a kind", "Discard"),
    "bonus": pmsg("legal moves of a kind", "Lay a card beside the melds"),
    "ask": pmsg("legal moves of a kind", "Ask the partner"),
    "pass": pmsg("legal moves of a kind", "Pass"),
    "out": pmsg("legal moves of a kind", "Go out"),
}
MOVE_KINDS.update({kind.keyword: kind.heading for kind in rulesets.ACTIONS})
"""The heading of each kind of legal move (Move.kind, the action's ACN keyword), in words: the
engine's, and each family's own (`ActionKind.heading`)."""

MOVE_WORDS = {
    "draw": pmsg("a word of a move", "draw"),
    "take": pmsg("a word of a move", "take"),
    "with": pmsg("a word of a move", "with"),
    "meld": pmsg("a word of a move", "meld"),
    "add": pmsg("a word of a move", "add"),
    "to": pmsg("a word of a move", "to"),
    "discard": pmsg("a word of a move", "discard"),
    "[": "[",
    "]": "]",
    ",": ",",
}
"""The word buttons that build a move: each puts its ACN keyword into the move, and is shown in
the reader's language (the notation underneath stays ACN, as a record writes it)."""

HOUSE_FIELD = "house"
SHOWN_FIELD = "shown"
"""`shown=link`: the page came from "Link to this table", and shows the link to copy."""
"""A kept rulebook to judge by (issue 29's house rulebooks), by its digest: passed through the
editor and its links, and the table is judged by it when checked."""


@dataclass
class Zone:
    """Somewhere cards lie: one form field, filled by typing or by the card buttons."""

    name: str
    label: str
    kind: str  # "cards" (in order) or "melds" (bracketed groups)
    value: str
    hint: str = ""


@dataclass
class LegalView:
    """The legal next actions after the move entered so far, or why there are none."""

    kinds: dict[str, list[str]] = field(default_factory=dict)  # the moves listed, by keyword
    totals: dict[str, int] = field(default_factory=dict)  # how many there are of each
    problem: str | None = None
    player: str | None = None


def _known_rules(name: str) -> str:
    return name if name in rulesets.names() else DEFAULT_RULES


def situation_from_form(values: MultiDict[str, str]) -> tuple[Situation, list[str]]:
    """The situation the form describes, and what in the form could not be read."""
    rules = _known_rules(values.get("rules", "").strip())
    seats, teams = default_seats(rules)
    typed = values.get("seats", "").split()
    new_family = values.get("do") == "setup" and len(typed) not in rulesets.get(rules).seat_counts
    if typed and not new_family:  # a family chosen anew that these players cannot play: its usual table
        seats, teams = typed, values.get("teams", "")
    errors: list[str] = []
    try:
        options = read_variant(rules, values.get("variant", ""))
    except arbiter.UsageError as problem:
        options = {}
        errors.append(msg("House rules: {problem}", problem=lang.said(problem)))
    situation = Situation(rules=rules, seats=seats, teams=" ".join(teams.split()), options=options)
    situation.hand = _number(values.get("hand"), 1, errors, msg("The hand number")) or 1
    situation.sitting_out = [p for p in values.get("sitout", "").split() if p in seats]
    situation.hands = {p: cards_from_text(values.get(f"hold.{p}", "")) for p in seats}
    situation.feet = {p: cards_from_text(values.get(f"foot.{p}", "")) for p in seats if values.get(f"foot.{p}")}
    for side in situation.sides():
        situation.melds[side] = melds_from_text(values.get(f"melds.{side}", ""))
        situation.laid[side] = cards_from_text(values.get(f"laid.{side}", ""))
        situation.totals[side] = _number(values.get(f"total.{side}"), 0, errors, msg("{side}'s score", side=side))
    situation.pile = cards_from_text(values.get("pile", ""))
    turn = values.get("turn", "")
    situation.turn = turn if turn in seats else seats[1 % len(seats)] if seats else ""
    situation.melded = [p for p in values.getlist("melded") if p in seats]
    situation.move = " ".join(values.get("move", "").split())
    return situation, errors


def _number(raw: str | None, default: int, errors: list[str], what: str) -> int:
    """`raw` as a whole number; `what` (a sentence's subject, capitalised) names it in the error."""
    text = (raw or "").strip().replace(",", "")
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        errors.append(msg("{what} must be a whole number, not {raw}.", what=what, raw=repr(raw)))
        return default


def form_fields(situation: Situation, house: str = "") -> list[tuple[str, str]]:
    """The form's fields for a situation: the editor's link to this very table."""
    fields = [("rules", situation.rules), ("seats", " ".join(situation.seats)), ("teams", situation.teams)]
    if situation.options:
        fields.append(("variant", arbiter.positions.dealing.variant(situation.options)))
    fields.append(("hand", str(situation.hand)))
    fields.append(("sitout", " ".join(situation.sitting_out)))
    fields += [(f"hold.{p}", " ".join(c)) for p, c in situation.hands.items() if c]
    fields += [(f"foot.{p}", " ".join(c)) for p, c in situation.feet.items() if c]
    for side in situation.sides():
        melds = " ".join(f"[{' '.join(m)}]" for m in situation.melds.get(side, []))
        fields += [(f"melds.{side}", melds), (f"laid.{side}", " ".join(situation.laid.get(side, [])))]
        fields.append((f"total.{side}", str(situation.totals.get(side, 0))))
    fields += [("pile", " ".join(situation.pile)), ("turn", situation.turn)]
    fields += [("melded", p) for p in situation.melded]
    fields.append(("move", situation.move))
    if house:
        fields.append((HOUSE_FIELD, house))
    return [(name, value) for name, value in fields if value]


def zones(situation: Situation, words: Any, feet: bool) -> dict[str, list[Zone]]:
    """Where cards may be put, grouped as the page shows them."""
    hands = []
    for p in situation.seats:
        hands.append(Zone(f"hold.{p}", msg("{player}'s hand", player=p), "cards", " ".join(situation.hands.get(p, []))))
        if feet:
            hint = msg("Leave it empty once the Foot is picked up.")
            foot = msg("{player}'s Foot", player=p)
            hands.append(Zone(f"foot.{p}", foot, "cards", " ".join(situation.feet.get(p, [])), hint))
    table = []
    marks = table_words({"melds": situation.melds}, situation.rules, situation.options).marks
    for side in situation.sides():
        melds = " ".join(f"[{' '.join(m)}]" for m in situation.melds.get(side, []))
        canastas = [msg("meld {n}: {mark}", n=i, mark=mark) for i, mark in enumerate(marks.get(side, []), 1) if mark]
        hint = (
            msg("Each meld in brackets: [7 7 7] [J J 2]. Canastas: {canastas}.", canastas=_listed(canastas))
            if canastas
            else msg("Each meld in brackets: [7 7 7] [J J 2].")
        )
        table.append(Zone(f"melds.{side}", msg("{side}'s melds", side=side), "melds", melds, hint))
        laid = msg("{side}'s {cards} laid", side=side, cards=term(words.laid))
        table.append(Zone(f"laid.{side}", laid, "cards", " ".join(situation.laid.get(side, []))))
    pile = [
        Zone(
            "pile",
            msg("the {pile}", pile=term(words.pile)),
            "cards",
            " ".join(situation.pile),
            msg("Bottom card first: the last is the top card."),
        )
    ]
    return {"hands": hands, "table": table, "pile": pile}


def legal_view(situation: Situation) -> LegalView:
    """The legal next actions once the move entered so far is played."""
    try:
        position = situation.position()
    except (PositionError, arbiter.UsageError) as problem:
        return LegalView(problem=msg("This table cannot be played from yet: {problem}", problem=lang.said(problem)))
    player = position.to_play
    if situation.move:
        try:
            position.push(situation.move)
        except IllegalAction as illegal:
            problem = msg("The move so far is not allowed: {why}", why=illegal.finding.message)
            return LegalView(problem=problem, player=player)
        if position.turn > 1:
            return LegalView(problem=msg("The move is a whole turn: press Check for the ruling."), player=player)
    budget = bounded.current()  # the request's work budget (arbiter_web.serving.workload)
    if budget is not None:
        budget.partial = False
    moves = position.legal_actions(budget)
    if situation.move and [move.kind for move in moves] == [END_TEXT]:  # kept her last card: nothing else to do
        return LegalView(problem=msg("The move is a whole turn: press Check for the ruling."), player=player)
    view = LegalView(player=player)
    for move in moves:
        if move.kind == END_TEXT:  # the end of a turn without a discard: where the move, a turn line, ends
            continue
        view.totals[move.kind] = view.totals.get(move.kind, 0) + 1
        listed = view.kinds.setdefault(move.kind, [])
        if len(listed) < MAX_LEGAL_SHOWN:
            listed.append(str(move))
    if budget is not None and budget.partial:
        view.problem = msg("Listing the legal moves stopped at the server's limit on work: more may be allowed.")
    return view


def pack_counts(situation: Situation) -> dict[str, int]:
    try:
        config = situation.config()
    except arbiter.UsageError:
        return {}
    return dict(config.pack())


_CARD_TOKEN = re.compile(r"(?<![\w-])([A-Z0-9]+)(?![\w-])")


def written(text: str, symbols: Mapping[str, str]) -> str:
    """Cards in `text` (a zone's cards, a move) as the family's players write them (`Words.symbols`:
    the classic books' red three `R3` for `B`), so that the buttons, the hands and the moves call a
    card by one name; the notation reads both."""
    if not symbols or not text:
        return text
    return _CARD_TOKEN.sub(lambda found: symbols.get(found.group(1), found.group(1)), text)


def render_editor(situation: Situation, errors: list[str], legal: LegalView | None = None, house: str = "") -> str:
    ruleset = rulesets.get(situation.rules)
    try:
        config = situation.config()
        words, feet, deal = config.words, bool(config.foot_size), config.deal_size
        foot_size = config.foot_size
    except arbiter.UsageError:
        words, feet, deal, foot_size = arbiter.rules.base.Words(), False, 0, 0
    fields = form_fields(situation, house)
    return render_template(
        "editor.html",
        situation=situation,
        ruleset=ruleset,
        rulesets=[rulesets.get(name) for name in rulesets.names()],
        sides=situation.sides(),
        zones=zones(situation, words, feet),
        words=words,
        problems=errors + situation.problems(),
        legal=legal,
        record=situation.record(),
        variant=arbiter.positions.dealing.variant(situation.options) if situation.options else "",
        link=_link(fields),
        pack=pack_counts(situation),
        deal=deal,
        foot_size=foot_size,
        cards=[card for card in C.CARDS if card != C.CALIENTE or pack_counts(situation).get(card)],
        card_label=lambda card: words.symbols.get(card, card),
        card_name=lambda card: words.describe(card) if card in words.cards else "",
        house=house,
        shown_link=request.host_url.rstrip("/") + _link(fields) if request.args.get(SHOWN_FIELD) == "link" else None,
        lang_carried=lang.carried(),
        card_kind=present.card_kind,
        card_title=present.card_title,
        move_kinds=MOVE_KINDS,
        move_words=MOVE_WORDS,
        said_move=in_words,  # a legal move in players' words, its notation beside
        written=lambda text: written(text, words.symbols),
        aliases={symbol: card for card, symbol in words.symbols.items()},
    )


@bp.route("/editor", methods=["GET", "POST"])
def editor() -> Any:
    values = request.values
    house = values.get(HOUSE_FIELD, "")
    situation, errors = situation_from_form(values)
    pick = values.get("pick", "").strip()
    if pick:
        situation.move = f"{situation.move}, {pick}" if situation.move else pick
    if values.get("do") == "clear-move":
        situation.move = ""
    if values.get("do") == "check":
        return check(situation, house)
    if values.get("do") == "link":  # the table as it stands when pressed (issue 59)
        return redirect(_link([*form_fields(situation, house), (SHOWN_FIELD, "link")]), 303)
    legal = legal_view(situation) if values.get("do") == "moves" or pick else None
    return _bounded(render_editor(situation, errors, legal, house), situation)


def _bounded(html: str, situation: Situation) -> Any:
    """The page, if within the bound of a page for this request (page_size: 20 times the
    request, or 256 KiB); else a 422 with a table of the family's usual seats saying why."""
    asked = len(request.full_path) + (request.content_length or 0)
    limit = page_size.page_bound(asked)
    size = len(html.encode())
    if size <= limit:
        return html
    seats, teams = default_seats(situation.rules)
    usual = Situation(rules=situation.rules, seats=seats, teams=" ".join(teams.split()))
    problem = msg(
        "This table would make a page of {size:,} bytes, more than the limit of {limit:,} for a request of "
        "{asked:,} bytes (PAGE_RATIO, PAGE_FLOOR): lay out a table of fewer players or cards.",
        size=size,
        limit=limit,
        asked=asked,
    )
    return render_editor(usual, [problem]), 422


def check(situation: Situation, house: str) -> Any:
    """The editor's answer (allowed, or not and why), then the ordinary ruling page on the record
    the editor wrote, folded, with that record beneath: the record read and judged once, the
    answer played on the position that pass reached."""
    text = situation.record()
    g.editor_record = text
    g.editor_link = _link(form_fields(situation, house))
    try:
        games, replays = page.judge(text, None, {}, house or None)
    except arbiter.UsageError as problem:  # an unknown rulebook, or one of another family than the table's
        return render_editor(situation, [page.sentence(problem)], None, house), 422
    judged = judged_as(situation, games)
    before = editor_answer.judged_position(judged, replays.kept.get(1) if len(games) == 1 else None)
    g.editor_answer = editor_answer.answer_view(judged, before)
    return page.render_ruling(text, games, page.blank_form(text, house or None), replays)


@bp.post("/editor/open")
def open_ruling() -> Any:
    """ "Edit this table" on a ruling: the table before the disputed turn, with that turn as the move."""
    try:
        form = PageFormSchema().load(request.form)
    except ValidationError:
        return page.render_page(error=msg("The form was not filled in as expected; please try again.")), 422
    game, hand, turn = _at(request.form.get("at", ""))
    try:
        situation = Situation.before(
            form["record"], game=game, hand=hand, turn=turn, rules=form["rules"], options=form["options"]
        )
    except (PositionError, arbiter.UsageError) as problem:
        problem_said = msg("This table cannot be opened in the editor: {problem}.", problem=lang.said(problem))
        return page.render_page(form, error=problem_said), 422
    return render_editor(situation, [], legal_view(_without_move(situation)), request.form.get(HOUSE_FIELD, ""))


def judged_as(situation: Situation, games: list[arbiter.GameRuling]) -> Situation:
    """The situation under the rule set and options its record was judged by (a kept house
    rulebook's, where one was chosen), so that the answer and the audit agree."""
    if len(games) != 1 or not games[0].rules:
        return situation
    return Situation(**{**situation.__dict__, "rules": games[0].rules, "options": dict(games[0].options)})


def _link(fields: list[tuple[str, str]]) -> str:
    """The editor's address with these fields (and the page's language, which url_for adds)."""
    base = url_for("editor.editor")
    return base + ("&" if "?" in base else "?") + urlencode(fields)


def _listed(parts: list[Any]) -> Any:
    """Parts separated by semicolons, each said in the reader's language."""
    return parts[0] if len(parts) == 1 else msg("{first}; {rest}", first=parts[0], rest=_listed(parts[1:]))


def _at(text: str) -> tuple[int, int, int]:
    """`game:hand:turn` as the button sends it (0 where a number is missing or not one)."""
    parts = [*text.split(":"), "", "", ""][:3]
    numbers = [_number(part, 0, [], "") for part in parts]
    return numbers[0], numbers[1], numbers[2]


def _without_move(situation: Situation) -> Situation:
    return Situation(**{**situation.__dict__, "move": ""})
