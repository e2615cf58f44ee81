"""Judging a hand given as its summary (ACN 1.1): one generic judge over every family's sheet.

A `SummarisedHand` stands where a replay stands in `engine.game.judge_game`: it is run, says
whether the hand ended, gives its findings and each side's score line by line, so the running
totals, the game's end, the winner and the Result tag are the engine's, as for a hand in moves. It
reads the family only through its `Config`: the sheet's categories (`Config.sheet`,
rules/sheet_spec.py), what they are worth (`canasta_bonus`, `laid_score`, the going-out bonuses),
what going out needs (`go_out_problem`) and the packs (`pack()`).

What a summary can be judged on, in order (a check stops the hand from being scored when it fails):
the sides (`summary-side`), the family's categories (`summary-category`), what the packs can make
(`summary-packs`), the points of the cards and of the penalties (`summary-points`), how the hand
ended (`summary-going-out`). A hand that passes is scored, and a declared score that differs is the
engine's `score-mismatch`: an error of addition is corrected on the sheet, not a broken rule. A
sheet refused for one claim of one side (a word the game does not have, Caliente cards where the
packs hold none, points left to a player who went out alone, a word beside a special hand) whose
rest passes is scored without it, and the finding carries that score
(`Finding.corrected`), which the corrected score sheet (arbiter/rulings/corrected_sheet.py) writes beside the
declared one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import cards as C
from ..i18n import Text, msg
from ..notation.records import HandRecord, Node, Summary, SummaryItem
from ..rules.base import Config, RuleSet, cite
from ..rules.sheet_penalties import adds_up, described, penalty_kinds
from ..rules.sheet_spec import CONCEALED, LEFT, MELDED, OUT, PENALTIES, SheetSpec
from ..rulings import Finding, Severity
from ..rulings.findings import Correction

POINTS_STEP = 5
"""Every card is worth a multiple of 5, and so is every penalty: melded and left points are too."""


@dataclass(slots=True)
class SideSheet:
    """One side's summary line, read: the counts of its categories, whether it went out."""

    side: str
    line: Summary
    counts: dict[str, int] = field(default_factory=dict)
    out: bool = False
    concealed: bool = False
    special: str | None = None  # the special hand the side laid out (`SheetSpec.specials`)

    @property
    def melded(self) -> int:
        return self.counts.get(MELDED, 0)

    @property
    def left(self) -> int:
        return self.counts.get(LEFT, 0)


@dataclass(slots=True)
class SummaryScore:
    """A side's points for a summarised hand, category by category (what a replay's `Score` gives)."""

    points: int
    lines: list[tuple[str, int]]


@dataclass(slots=True)
class SummaryOutcome:
    ended: bool = False
    wins_game: str | None = None  # a side whose special hand wins the game at once


class SummaryProblem(Exception):
    """A check that keeps the hand from being scored."""

    def __init__(self, code: str, message: Text, node: Node, claim: tuple[str, SummaryItem] | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.node = code, message, node
        self.claim = claim
        """The one claim the check refuses, (side, item), where striking it may leave a sheet to score."""


class SummarisedHand:
    """A hand given as its summary, judged. Made and run as `engine.hand_play.HandReplay` is."""

    def __init__(
        self,
        config: Config,
        ruleset: RuleSet,
        record: HandRecord,
        totals_before: dict[str, int],
        observer: object = None,
        paths: Counter[str] | None = None,
    ) -> None:
        self.config, self.ruleset, self.record = config, ruleset, record
        self.findings: list[Finding] = []
        self.outcome = SummaryOutcome()
        self.sheets: dict[str, SideSheet] = {}
        self.paths = paths if paths is not None else Counter()

    def run(self) -> SummaryOutcome:
        try:
            self.sheets, wins = judged_sheets(self.record, self.config)
        except SummaryProblem as problem:
            self.findings.append(
                Finding(
                    line=problem.node.line,
                    column=problem.node.column or 1,
                    code=problem.code,
                    rule=cite(self.ruleset.rule(problem.code)),
                    severity=Severity.ERROR,
                    message=problem.message,
                    hand=self.record.number,
                    corrected=struck_score(self.record, self.config, problem.claim),
                )
            )
            self.paths[f"{problem.code}"] += 1
            return self.outcome
        self.paths["summary-judged"] += 1
        self.outcome.ended = True
        self.outcome.wins_game = wins
        return self.outcome

    def scores(self) -> dict[str, Any]:
        return {side: score_sheet(sheet, self.config) for side, sheet in self.sheets.items()}


def judged_sheets(record: HandRecord, config: Config) -> tuple[dict[str, SideSheet], str | None]:
    """Each side's sheet, read and checked in order, and the side a special hand wins the game for."""
    sheets = read_sheets(record, config)
    wins = check_special(sheets, config)
    check_packs(sheets, config)
    check_points(sheets, config)
    check_going_out(sheets, config)
    return sheets, wins


def struck_score(record: HandRecord, config: Config, claim: tuple[str, SummaryItem] | None) -> Correction | None:
    """The hand's score with the one refused claim struck from its side's line, when the rest of the
    sheet passes every check (None otherwise: the sheet then says nothing it can score)."""
    if claim is None:
        return None
    side, item = claim
    lines = tuple(
        replace(line, items=tuple(kept for kept in line.items if kept is not item)) for line in record.summaries
    )
    try:
        sheets, _ = judged_sheets(replace(record, summaries=lines), config)
    except SummaryProblem:
        return None
    return Correction(side, item.word, {name: score_sheet(sheet, config).points for name, sheet in sheets.items()})


# --- reading the summary lines ----------------------------------------------------------------


def side_named(name: str, sides: Collection[str]) -> str | None:
    """A side as written, named as in the Teams tag (`cid+ann` is `ann+cid`), or None."""
    if name in sides:
        return name
    players = set(name.split("+"))
    return next((side for side in sides if set(side.split("+")) == players), None)


def read_sheets(record: HandRecord, config: Config) -> dict[str, SideSheet]:
    """Each side's summary line, read with the family's words."""
    sides = [config.seating.side_name(s) for s in config.seating.sides]
    spec = sheet_of(config, record)
    sheets: dict[str, SideSheet] = {}
    for line in record.summaries:
        side = side_named(line.side, sides)
        if side is None:
            raise SummaryProblem(
                "summary-side",
                msg("{side} is not a side of this game (sides: {sides})", side=line.side, sides=", ".join(sides)),
                line,
            )
        if side in sheets:
            raise SummaryProblem(
                "summary-side",
                msg(
                    "{side} has two summary lines in this hand (lines {first} and {second})",
                    side=side,
                    first=sheets[side].line.line,
                    second=line.line,
                ),
                line,
            )
        sheets[side] = read_side(side, line, spec)
    missing = [side for side in sides if side not in sheets]
    if missing:
        raise SummaryProblem(
            "summary-side",
            msg("hand {hand} gives no summary line for {sides}", hand=record.number, sides=", ".join(missing)),
            record.summaries[-1],
        )
    return sheets


def sheet_of(config: Config, record: HandRecord) -> SheetSpec:
    if config.sheet is None:
        raise SummaryProblem("summary-category", msg("this game keeps no score sheet"), record.summaries[0])
    return config.sheet


def read_side(side: str, line: Summary, spec: SheetSpec) -> SideSheet:
    words, counted, specials = (*spec.words(), *spec.special_words()), spec.counted(), spec.special_words()
    sheet = SideSheet(side, line)
    seen: set[str] = set()
    for item in line.items:
        if item.word not in words:
            raise SummaryProblem(
                "summary-category",
                msg(
                    "`{word}` is not on this game's score sheet: its words are {words}",
                    word=item.word,
                    words=", ".join(words),
                ),
                item,
                claim=(side, item),
            )
        if item.word in seen:
            raise SummaryProblem(
                "summary-category", msg("`{word}` is given twice for {side}", word=item.word, side=side), item
            )
        seen.add(item.word)
        if item.word in counted and item.count is None:
            raise SummaryProblem("summary-category", msg("`{word}` needs its number: `{word} 2`", word=item.word), item)
        if item.word not in counted and item.count is not None:
            raise SummaryProblem(
                "summary-category", msg("`{word}` stands alone, without a number", word=item.word), item
            )
        if item.word in specials:
            sheet.special = item.word
        elif item.word == OUT:
            sheet.out = True
        elif item.word == CONCEALED:
            sheet.concealed = True
        else:
            sheet.counts[item.word] = item.count or 0
    return sheet


# --- a special hand ---------------------------------------------------------------------------


def special_value(word: str, config: Config) -> tuple[Any, int, bool] | None:
    """What the special hand `word` is worth at this table (the family's `laid_out_value` of its
    sample): its name, its value and whether it wins the game at once; None if the table plays none."""
    assert config.sheet is not None
    kind = next(kind for kind in config.sheet.specials if kind.word == word)
    return None if config.laid_out_value is None else config.laid_out_value(kind.sample, config)


def check_special(sheets: Mapping[str, SideSheet], config: Config) -> str | None:
    """A special hand ends the hand: one side lays it, alone on its line, nobody goes out, and the
    table plays it. Returns the side it wins the game for at once, if it does."""
    laid = [sheet for sheet in sheets.values() if sheet.special]
    if not laid:
        return None
    if len(laid) > 1:
        raise SummaryProblem(
            "summary-going-out",
            msg(
                "{sides} each lay a special hand, but the first one laid ends the hand",
                sides=", ".join(s.side for s in laid),
            ),
            laid[1].line,
        )
    [sheet] = laid
    beside = [item for item in sheet.line.items if item.word != sheet.special]
    if beside:
        raise SummaryProblem(
            "summary-category",
            msg(
                "{side} lays a special hand, which scores its value alone: `{word}` has no place beside it",
                side=sheet.side,
                word=beside[0].word,
            ),
            sheet.line,
            claim=(sheet.side, beside[0]) if len(beside) == 1 else None,
        )
    gone = [other for other in sheets.values() if other.out]
    if gone:
        raise SummaryProblem(
            "summary-going-out",
            msg("{side} lays a special hand, which ends the hand: nobody goes out in it", side=sheet.side),
            gone[0].line,
        )
    assert sheet.special is not None
    valued = special_value(sheet.special, config)
    if valued is None:
        raise SummaryProblem(
            "summary-category", msg("`{word}` is not a special hand this table plays", word=sheet.special), sheet.line
        )
    return sheet.side if valued[2] else None


# --- what the packs can make and the points of the cards --------------------------------------


def check_packs(sheets: Mapping[str, SideSheet], config: Config) -> None:
    spec, pack = config.sheet, config.pack()
    assert spec is not None
    first = next(iter(sheets.values())).line
    for kind in spec.laid:
        laid = sum(sheet.counts.get(kind.word, 0) for sheet in sheets.values())
        if laid > pack[kind.card]:
            raise SummaryProblem(
                "summary-packs",
                msg(
                    "the sides lay {laid} `{word}` between them, but the packs hold {held}",
                    laid=laid,
                    word=kind.word,
                    held=pack[kind.card],
                ),
                first,
                claim=absent_claim(sheets, kind.word) if not pack[kind.card] else None,
            )
    naturals_held = sum(pack[card] for card in C.NATURALS)
    wilds_held = sum(pack[card] for card in C.WILDS)
    naturals = wilds = 0
    for sheet in sheets.values():
        for canasta in spec.canastas:
            count = sheet.counts.get(canasta.word, 0)
            naturals += count * sum(card in C.NATURAL_SET for card in canasta.sample)
            wilds += count * sum(card in C.WILDS for card in canasta.sample)
    if naturals > naturals_held or wilds > wilds_held:
        claiming = [sheet.side for sheet in sheets.values() if any(sheet.counts.get(c.word) for c in spec.canastas)]
        raise SummaryProblem(
            "summary-packs",
            msg(
                "the canastas {sides} declare need at least {naturals} naturals and {wilds} wild cards, but the "
                "packs hold {naturals_held} and {wilds_held}",
                sides=_sides_said(claiming, len(sheets)),
                naturals=naturals,
                wilds=wilds,
                naturals_held=naturals_held,
                wilds_held=wilds_held,
            ),
            first,
        )
    worth = sum(C.VALUES[card] * n for card, n in pack.items() if card not in config.laid_cards)
    melded = sum(sheet.melded for sheet in sheets.values())
    if melded > worth:
        raise SummaryProblem(
            "summary-packs",
            msg(
                "the sides meld {melded} points between them, but all the cards of the packs are worth {worth}",
                melded=melded,
                worth=worth,
            ),
            first,
        )


def absent_claim(sheets: Mapping[str, SideSheet], word: str) -> tuple[str, SummaryItem] | None:
    """The one line that names cards the packs hold none of (Caliente cards outside their
    variation): a claim of a category this table's game does not have."""
    naming = [
        (sheet.side, item) for sheet in sheets.values() for item in sheet.line.items if item.word == word and item.count
    ]
    return naming[0] if len(naming) == 1 else None


def _sides_said(sides: list[str], of: int) -> Text | str:
    """Sides named as a player would: one by its name, "both sides" where they are the two of the
    table, else "ann+cid and bob+dee"."""
    if len(sides) == 1:
        return sides[0]
    if len(sides) == of == 2:
        return msg("both sides")
    return msg("{first} and {second}", first=", ".join(sides[:-1]), second=sides[-1])


def _all_out(out: list[SideSheet], of: int) -> Text:
    if len(out) == of == 2:
        return msg("both sides go out, but only one side goes out in a hand")
    return msg("{sides} all go out, but only one side goes out in a hand", sides=_sides_said([s.side for s in out], of))


def check_points(sheets: Mapping[str, SideSheet], config: Config) -> None:
    spec = config.sheet
    assert spec is not None
    for sheet in sheets.values():
        for word in (MELDED, LEFT):
            points = sheet.counts.get(word, 0)
            if points % POINTS_STEP:
                raise SummaryProblem(
                    "summary-points",
                    msg(
                        "{side}: `{word} {points}` is not a multiple of 5, as every card's value is",
                        side=sheet.side,
                        word=word,
                        points=points,
                    ),
                    sheet.line,
                )
        check_penalties(sheet, config)
        least = sum(sheet.counts.get(kind.word, 0) * C.points(kind.sample) for kind in spec.canastas)
        if sheet.melded < least:
            raise SummaryProblem(
                "summary-points",
                msg(
                    "{side}: the canastas declared hold at least {least} points of cards, but `melded` is {melded}",
                    side=sheet.side,
                    least=least,
                    melded=sheet.melded,
                ),
                sheet.line,
            )


def check_penalties(sheet: SideSheet, config: Config) -> None:
    """`penalties N` is a sum of the penalties this table's options charge, each as often as it was
    incurred (rules/sheet_penalties.py)."""
    points = sheet.counts.get(PENALTIES, 0)
    kinds = penalty_kinds(config)
    if adds_up(points, kinds):
        return
    if not kinds:
        message = msg(
            "{side}: `penalties {points}`, but this game charges no penalty on the score sheet",
            side=sheet.side,
            points=points,
        )
    else:
        message = msg(
            "{side}: `penalties {points}` is not a sum of this game's penalties, which cost {penalties}",
            side=sheet.side,
            points=points,
            penalties=described(kinds),
        )
    raise SummaryProblem("summary-points", message, sheet.line)


# --- how the hand ended -----------------------------------------------------------------------


def check_going_out(sheets: Mapping[str, SideSheet], config: Config) -> None:
    out = [sheet for sheet in sheets.values() if sheet.out]
    if len(out) > 1:
        raise SummaryProblem(
            "summary-going-out",
            _all_out(out, len(sheets)),
            out[1].line,
        )
    for sheet in sheets.values():
        if sheet.concealed and not sheet.out:
            raise SummaryProblem(
                "summary-going-out",
                msg("{side} is said to go out concealed without going out", side=sheet.side),
                sheet.line,
            )
    if not out:
        check_cards_left(sheets)
        return
    [gone] = out
    lacking = config.go_out_problem(sample_melds(gone, config), config)
    if lacking:
        raise SummaryProblem(
            "summary-going-out", msg("{side} goes out, but {lacking}", side=gone.side, lacking=lacking), gone.line
        )
    if len(gone.side.split("+")) == 1 and gone.left:
        raise SummaryProblem(
            "summary-going-out",
            msg(
                "{side} goes out alone, so no card is left in hand, but `left` is {left}",
                side=gone.side,
                left=gone.left,
            ),
            gone.line,
            claim=next(((gone.side, item) for item in gone.line.items if item.word == LEFT), None),
        )


def check_cards_left(sheets: Mapping[str, SideSheet]) -> None:
    """A hand nobody went out of (the stock ran out) leaves cards in hand, and every card has a
    value: some side's `left` is above zero. A special hand ends the hand otherwise (check_special)."""
    if any(sheet.special for sheet in sheets.values()) or any(sheet.left for sheet in sheets.values()):
        return
    line = next(iter(sheets.values())).line
    raise SummaryProblem(
        "summary-going-out",
        msg(
            "nobody goes out, yet no side is left with a card: a hand that ends without going out leaves "
            "cards in hand, and every card left costs points (`left`)"
        ),
        line,
    )


# --- the score --------------------------------------------------------------------------------


def sample_melds(sheet: SideSheet, config: Config) -> list[tuple[str, ...]]:
    """Melds that stand for the side's table as the family's policies read it: each canasta
    declared as its kind's sample, and a meld short of a canasta when the side melded no canasta."""
    assert config.sheet is not None
    melds = [kind.sample for kind in config.sheet.canastas for _ in range(sheet.counts.get(kind.word, 0))]
    if sheet.melded and not melds:
        melds.append((C.NATURALS[0],) * 3)
    return melds


def score_sheet(sheet: SideSheet, config: Config) -> SummaryScore:
    """What a side's summary is worth, category by category, by the family's own policies."""
    assert config.sheet is not None
    if sheet.special is not None:  # a special hand: its value is all the side scores
        special = special_value(sheet.special, config)
        assert special is not None  # check_special has found it played
        name, value, _ = special
        return SummaryScore(value, [(name(), value)])
    lines: list[tuple[str, int]] = []
    for kind in config.sheet.canastas:
        count = sheet.counts.get(kind.word, 0)
        valued = config.canasta_bonus(kind.sample, config)
        if count and valued is not None:
            label, bonus = valued
            lines.append((msg("{kind} x{count}", kind=label(), count=count), bonus * count))
    laid = [kind.card for kind in config.sheet.laid for _ in range(sheet.counts.get(kind.word, 0))]
    lines += [(label(), points) for label, points in config.laid_score(laid, sample_melds(sheet, config), config)]
    if sheet.out:
        lines.append((msg("going out"), config.going_out_bonus))
        if sheet.concealed:
            lines.append((msg("going out concealed"), config.concealed_bonus))
    canastas = sum(sheet.counts.get(kind.word, 0) for kind in config.sheet.canastas)
    lines.append((msg("cards melded"), config.melded_sign(canastas) * sheet.melded))
    lines.append((msg("cards left in hand"), -sheet.left))
    lines.append((msg("penalties"), -sheet.counts.get(PENALTIES, 0)))
    lines = [line for line in lines if line[1]]
    return SummaryScore(sum(points for _, points in lines), lines)


def next_minimums(config: Config, totals: Mapping[str, int], hand: int) -> dict[str, int]:
    """Each side's first-meld minimum in hand `hand`, from the totals it starts from (the
    corrected score sheet's): what a table needs to know before dealing."""
    return {side: config.first_meld_minimum(points, hand) for side, points in totals.items()}
