"""A score pad: a game kept hand by hand as an ACN 1.1 record of summaries, each hand added only
when the summary judge finds it possible (the web page /pad is a thin adapter over this).

    record = new_game("caliente", ["ann", "bob", "cid", "dee"], "ann+cid bob+dee")
    added = add_hand(record, {"ann+cid": {"natural": 1, "melded": 300, "left": 0, "out": True}, "bob+dee": {...}})
    if added.unwritten:  # the sides whose points left are blank: ask for them (0 is written as 0)
        ...
    if added.refused:  # the findings that refuse it, in words
        ...
    record = added.record  # with the hand's score and the running totals, as the arbiter counts them

The record is the pad's whole state: what a table keeps, what the page downloads, and what
`arbiter check` certifies with the same answer, since it is judged the same way (`check`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine.game import seating_from_tags
from ..house import Rulebook
from ..judging.checker import Request, resolve_rules
from ..notation import parse_text
from ..rules.base import Config
from ..rules.sheet_spec import LEFT, SheetSpec
from ..rulings import GameRuling
from ..rulings.findings import Finding

Entries = Mapping[str, Mapping[str, int | bool | None]]
"""Per side, each category's count (a word that stands alone: True when it happened); None for a
count not written (the points left, which a pad asks for rather than take as 0)."""


@dataclass(slots=True)
class Added:
    """What came of adding a hand: the record with it, or the findings that refuse it."""

    record: str
    ruling: GameRuling | None
    refused: list[Finding] = field(default_factory=list)
    unwritten: list[str] = field(default_factory=list)
    """The sides whose points left are not written: the hand waits for them (a blank is not 0)."""


def new_game(rules: str, seats: Sequence[str], teams: str = "", house: Rulebook | None = None) -> str:
    """The tags of a new game kept on the pad."""
    lines = [f'[Rules "{rules}"]', f'[Seats "{" ".join(seats)}"]']
    if teams.strip():
        lines.append(f'[Teams "{" ".join(teams.split())}"]')
    if house is not None:
        lines.append(house.tag())
    return "\n".join(lines) + "\n"


def judge(record: str, request: Request | None = None) -> GameRuling | None:
    """The pad's one game judged as `arbiter check` judges it (None when the record holds none)."""
    return next(iter(_check(record, request or Request())), None)


def sheet_of(record: str, request: Request | None = None) -> tuple[Config, SheetSpec] | None:
    """The pad's table and its family's score sheet, or None when the tags do not seat a game."""
    parsed = parse_text(record)
    if len(parsed) != 1 or parsed[0].malformed:
        return None
    game = parsed[0].game
    resolved = resolve_rules(game, request or Request())
    if resolved is None:
        return None
    ruleset, values = resolved
    seating, _ = seating_from_tags(game, ruleset, values)
    if seating is None:
        return None
    config = ruleset.config_for(seating, values)
    return (config, config.sheet) if config.sheet is not None else None


def categories(config: Config, sheet: SheetSpec) -> dict[str, str]:
    """The sheet's words and headings a pad asks for at this table: every category but the cards
    laid that its packs hold none of (the Caliente cards, outside their variation)."""
    pack = config.pack()
    absent = {kind.word for kind in sheet.laid if not pack[kind.card]}
    return {word: label for word, label in sheet.labels().items() if word not in absent}


def add_hand(record: str, entries: Entries, request: Request | None = None) -> Added:
    """The record with the next hand given as these summaries and scored by the arbiter, or the
    record as it was and the findings that refuse the hand (its reason in words)."""
    request = request or Request()
    table = sheet_of(record, request)
    if table is None:
        raise ValueError("the pad's record does not seat a game")
    config, sheet = table
    sides = [config.seating.side_name(s) for s in config.seating.sides]
    unwritten = [side for side in sides if entries.get(side, {}).get(LEFT) is None]
    if unwritten:
        return Added(record, judge(record, request), unwritten=unwritten)
    games = parse_text(record)
    hands = games[0].game.hands
    number = hands[-1].number + 1 if hands else 1
    seats = config.seating.seats
    dealer = seats[(seats.index(hands[-1].start.dealer) + 1) % len(seats)] if hands else seats[-1]
    lines = [f"hand {number} dealer {dealer}"]
    for side in sides:
        lines.append(summary_line(side, entries.get(side, {}), sheet))
    candidate = record.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
    ruling = judge(candidate, request)
    refused = [f for f in (ruling.findings if ruling else []) if f.is_error and f.hand == number]
    if ruling is None or refused or not ruling.hands or ruling.hands[-1].scores is None:
        return Added(record, judge(record, request), refused)
    scores = ruling.hands[-1].scores
    totals = ruling.totals
    sides = list(scores)
    candidate += "score " + " ".join(f"{side} {scores[side]}" for side in sides) + "\n"
    candidate += "total " + " ".join(f"{side} {totals[side]}" for side in sides) + "\n"
    return Added(candidate, judge(candidate, request))


def summary_line(side: str, entries: Mapping[str, int | bool | None], sheet: SheetSpec) -> str:
    """`summary SIDE ...` in the sheet's order: counts above zero, and the words that happened."""
    counted = sheet.counted()
    words = []
    for word in sheet.words():
        value = entries.get(word)
        if word in counted and isinstance(value, int) and not isinstance(value, bool) and value:
            words.append(f"{word} {value}")
        elif word not in counted and value is True:
            words.append(word)
    return " ".join(["summary", side, *words])


def _check(record: str, request: Request) -> list[GameRuling]:
    return [request.judge(parsed) for parsed in parse_text(record)]
