"""A record written as its score sheet: every hand given in moves becomes its summary (ACN 1.1).

    text, notes = summarise_source(open("club.acn").read())

Each hand in moves is replayed by the engine, as `arbiter check` replays it, and what its table
came to is written in the family's words (`Config.sheet`): the canastas by kind (the kind the
family's `canasta_bonus` names), the cards laid beside the melds, who went out and how, the points
melded and what the cards left cost; a special hand laid out, as its one word (`SheetSpec.specials`). The declared `score` and `total` lines are kept as written, so
the sheet says what the scorer said and `arbiter check` judges it the same way. A hand that cannot
be summarised (one whose replay finds an error, or that has not ended) is kept in moves, and a note
says why. A game the reader cannot read, or whose rules cannot be resolved, is copied as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import cards as C
from ..engine.game import seating_from_tags
from ..engine.hand_play import HandReplay
from ..engine.table import SideState
from ..i18n import Text, msg
from ..judging.checker import Request, resolve_rules
from ..notation import DEFAULT_LIMITS, Limits, Source, parse
from ..notation.formatter import format_game
from ..notation.records import Game, HandRecord, Summary, SummaryItem
from ..rules.base import Config
from ..rules.sheet_spec import CONCEALED, LEFT, MELDED, OUT, PENALTIES


@dataclass(frozen=True, slots=True)
class SheetNote:
    """Why a hand was kept in moves (or a game copied as it was)."""

    line: int
    message: Text


def summarise_source(
    source: Source, *, limits: Limits = DEFAULT_LIMITS, request: Request | None = None
) -> tuple[str, list[SheetNote]]:
    """The record written as its score sheet, in canonical form, and the notes on what stayed in
    moves. `request` judges the games as `arbiter check` would (rules, options, house rulebooks)."""
    request = request or Request()
    games: list[str] = []
    notes: list[SheetNote] = []
    for parsed in parse(source, limits):
        game, said = summarise_game(parsed.game, request) if not parsed.malformed else (parsed.game, [])
        if parsed.malformed:
            said = [
                SheetNote(parsed.line, msg("game {game} cannot be read, so it is copied as it is", game=parsed.index))
            ]
        notes += said
        games.append(format_game(game))
    return "\n".join(text for text in games if text), notes


def summarise_game(game: Game, request: Request) -> tuple[Game, list[SheetNote]]:
    """The game with its hands in moves given as their summaries, and the notes on the rest."""
    if not game.tags and not game.hands:  # an empty file, or one of comments only
        return game, [SheetNote(max(game.line, 1), msg("the file holds no game: nothing to summarise"))]
    resolved = resolve_rules(game, request)
    if resolved is None:
        return game, [SheetNote(game.line, msg("the rules of this game cannot be resolved, so it is copied as it is"))]
    ruleset, values = resolved
    seating, _ = seating_from_tags(game, ruleset, values)
    if seating is None:
        return game, [SheetNote(game.line, msg("the players of this game cannot be seated, so it is copied as it is"))]
    config = ruleset.config_for(seating, values)
    totals = {config.seating.side_name(side): 0 for side in seating.sides}
    hands: list[HandRecord] = []
    notes: list[SheetNote] = []
    for record in game.hands:
        if record.totals_before is not None and not hands:
            totals.update({entry.side: entry.points for entry in record.totals_before.entries})
        summarised, scores, why = _summarised(record, config, ruleset, totals)
        hands.append(summarised)
        if why is not None:
            notes.append(SheetNote(record.line, why))
        for side, points in scores.items():
            totals[side] = totals.get(side, 0) + points
    return replace(game, hands=tuple(hands)), notes


def _summarised(
    record: HandRecord, config: Config, ruleset: Any, totals: dict[str, int]
) -> tuple[HandRecord, dict[str, int], Text | None]:
    """The hand as its summary, the scores it adds to the totals, and why it stayed in moves."""
    declared = _declared_scores(record)
    if record.summarised:
        return record, declared, None
    replay = HandReplay(config, ruleset, record, dict(totals))
    outcome = replay.run()
    if any(finding.is_error for finding in replay.findings) or not outcome.ended:
        why = msg("hand {hand} is kept in moves: its replay does not end by the rules", hand=record.number)
        return record, declared, why
    laid_out = outcome.laid_out
    special = special_word(config, laid_out) if laid_out is not None else None
    if laid_out is not None and special is None:  # a special hand the sheet has no word for
        why = msg(
            "hand {hand} is kept in moves: it ends with a special hand, which has no line on the score sheet",
            hand=record.number,
        )
        return record, declared, why
    lines = tuple(
        Summary(side=side.name, items=(SummaryItem(word=special),))
        if special is not None and laid_out is not None and laid_out[0] == side.name
        else summary_line(side, replay.table.hands, replay.table.feet, config, outcome)
        for side in replay.table.sides.values()
    )
    scores = {name: score.points for name, score in replay.scores().items()}
    summarised = HandRecord(
        line=record.line,
        column=record.column,
        start=record.start,
        totals_before=record.totals_before,
        declared=record.declared,
        summaries=lines,
    )
    return summarised, scores, None


def _declared_scores(record: HandRecord) -> dict[str, int]:
    lines = [points for points in record.declared if points.kind == "score"]
    return {entry.side: entry.points for entry in lines[-1].entries} if lines else {}


def summary_line(
    side: SideState,
    hands: Mapping[str, Counter[str]],
    feet: Mapping[str, Counter[str]],
    config: Config,
    outcome: Any,
) -> Summary:
    """One side's summary line from the table a hand ended with, in the family's words."""
    assert config.sheet is not None
    items: list[SummaryItem] = []
    for word, count in _canastas(side, config).items():
        items.append(SummaryItem(word=word, count=count))
    for kind in config.sheet.laid:
        laid = side.laid.count(kind.card)
        if laid:
            items.append(SummaryItem(word=kind.word, count=laid))
    went_out = outcome.went_out in side.players
    if went_out:
        items.append(SummaryItem(word=OUT))
        if outcome.concealed:  # a fact of the hand in every family, whatever it scores
            items.append(SummaryItem(word=CONCEALED))
    items.append(SummaryItem(word=MELDED, count=sum(C.points(meld.cards) for meld in side.melds)))
    left = sum(_cost(held, config) for held in _held(side, hands, feet))
    if left:
        items.append(SummaryItem(word=LEFT, count=left))
    unfinished = config.unfinished_penalty
    if unfinished is not None:
        size = config.canasta_size
        penalties = sum(unfinished(meld.cards, config) for meld in side.melds if len(meld.cards) < size)
        if penalties:
            items.append(SummaryItem(word=PENALTIES, count=penalties))
    return Summary(side=side.name, items=tuple(items))


def _canastas(side: SideState, config: Config) -> dict[str, int]:
    """The side's canastas counted by the sheet's kinds, in the sheet's order."""
    assert config.sheet is not None
    kinds = [(kind.word, config.canasta_bonus(kind.sample, config)) for kind in config.sheet.canastas]
    counts = dict.fromkeys((word for word, _ in kinds), 0)
    for meld in side.melds:
        if len(meld.cards) < config.canasta_size:
            continue
        valued = config.canasta_bonus(meld.cards, config)
        if valued is None:
            continue
        word = next((word for word, named in kinds if named is not None and named[0] is valued[0]), None)
        if word is None:  # a kind the sheet does not name: a family's sheet must name every kind
            raise ValueError(f"the {config.sheet} names no canasta of the kind of {meld.cards}")
        counts[word] += 1
    return {word: count for word, count in counts.items() if count}


def _held(
    side: SideState, hands: Mapping[str, Counter[str]], feet: Mapping[str, Counter[str]]
) -> Iterator[Counter[str]]:
    for player in side.players:
        for held in (hands.get(player), feet.get(player)):
            if held and any(held.values()):
                yield held


def _cost(held: Counter[str], config: Config) -> int:
    cost, _ = config.hand_penalty(held, config)
    return cost


def special_word(config: Config, laid_out: tuple[str, Any, int]) -> str | None:
    """The sheet's word for the special hand a side laid out (`SheetSpec.specials`): the kind whose
    sample the family's `laid_out_value` names as it named the hand laid."""
    assert config.sheet is not None
    if config.laid_out_value is None:
        return None
    for kind in config.sheet.specials:
        valued = config.laid_out_value(kind.sample, config)
        if valued is not None and valued[0] is laid_out[1]:
            return kind.word
    return None
