"""`arbiter table`: the state of the table at one moment of a record, for a dispute about it."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

import arbiter
from arbiter.cards import show
from arbiter.i18n import msg, msg_n, term
from arbiter.positions import frames
from arbiter.positions.marks import TableWords, table_words

from .language import configured_language, current, lang_option, speaker, spoken
from .params import RecordFile, options_option


@click.command("table", short_help="Show the table after a turn of a record.")
@click.argument("record", metavar="FILE|-", type=RecordFile())
@click.option("--hand", type=click.IntRange(min=1), required=True, help="The hand, by its number in the record.")
@click.option(
    "--turn",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="After this many turns of the hand (0: as it starts, after the deal or the position).",
)
@click.option(
    "--game", type=click.IntRange(min=1), default=1, show_default=True, help="The game, for a file of several."
)
@click.option("--rules", "rules_name", metavar="NAME", help="The rule set, for records whose tags do not say.")
@options_option("A rule set option, for records whose tags do not say (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@lang_option
def table(
    record: Any,
    hand: int,
    turn: int,
    game: int,
    rules_name: str | None,
    options: dict[str, str],
    as_json: bool,
    lang: str | None,
) -> None:
    """Print every hand, each side's melds and laid cards, the Prize pile, the stock and the
    scores after TURN turns of HAND, as the arbiter replays the record. At an illegal turn, prints
    the table before its offending move and exits 1; exits 1 too, saying why, when the record has
    no such game, hand or turn, or the turn comes after an illegal one.

    \b
      arbiter table game.acn --hand 2 --turn 14
    """
    say = speaker(lang, *configured_language())
    try:
        replayed = frames.replay(record, game=game, rules=rules_name, options=options)
    except arbiter.UsageError as error:
        raise click.UsageError(spoken(error)) from None
    except arbiter.PositionError as error:
        click.echo(spoken(error), err=True)
        sys.exit(1)
    found = frames.where(replayed, hand, turn, game)
    if found.frame is None:
        click.echo(say(found.problem), err=True)
        sys.exit(1)
    illegal = found.frame.illegal
    if as_json:
        click.echo(json.dumps(dict(found.frame.table), indent=2))
    else:
        if illegal is not None:
            said = msg(
                "turn {turn} of hand {hand} is illegal (line {line}, {code}): {message}",
                turn=turn,
                hand=hand,
                line=illegal.line,
                code=illegal.code,
                message=illegal.message,
            )
            click.echo(say(said))
            click.echo(say(msg("the table before it:")))
        to_move = illegal.player if illegal is not None else None
        words = table_words(found.frame.table, replayed.ruling.rules, replayed.ruling.options, to_move)
        click.echo(describe(found.frame.table, hand, turn, before=illegal is not None, words=words))
    if illegal is not None:
        sys.exit(1)


def describe(
    state: dict[str, Any],
    hand: int,
    turn: int,
    *,
    before: bool = False,
    words: TableWords | None = None,
) -> str:
    """The table in plain lines a card player reads at a glance (`before`: before turn's offending
    move), in the family's `words`, each canasta marked, in the command's language."""
    words, say = words or TableWords(), current()
    if before:
        moment = msg("hand {hand}, before the offending move of turn {turn}", hand=hand, turn=turn)
    elif turn == 0:
        moment = msg("hand {hand}, as it starts", hand=hand)
    else:
        moment = msg("hand {hand}, after turn {turn}", hand=hand, turn=turn)
    scores = ", ".join(f"{side} {points}" for side, points in state["scores"].items())
    head = say(moment) + (" " + say(msg("(scores before the hand: {scores})", scores=scores)) if scores else "")
    lines = [head, say(msg("hands:"))]
    width = max(map(len, state["hands"]), default=0)
    no_cards = say(msg("(no cards)"))
    lines += [f"  {player:<{width}}  {show(cards) or no_cards}" for player, cards in state["hands"].items()]
    if "feet" in state:  # Hand & Foot: the Feet not yet picked up, face down
        lines.append(say(msg("feet not yet picked up:")))
        none = "  " + say(msg("none"))
        lines += [f"  {player:<{width}}  {show(cards)}" for player, cards in state["feet"].items()] or [none]
    lines.append(say(msg("melds:")))
    none_yet = say(msg("none yet"))
    for side, melds in state["melds"].items():
        laid = state["laid"].get(side)
        marks = words.marks.get(side, [])
        shown = " ".join(_meld(m, marks[i] if i < len(marks) else None) for i, m in enumerate(melds))
        laid_words = "  " + say(msg("laid: {cards}", cards=show(laid))) if laid else ""
        lines.append(f"  {side}  {shown or none_yet}" + laid_words)
    lines.append(_pile_line(state, words))
    lines.append(say(msg_n("stock: {n} card", "stock: {n} cards", state["stock"])))
    return "\n".join(lines)


def _pile_line(state: dict[str, Any], words: TableWords) -> str:
    say = current()
    """`Prize pile (3 cards, 7 on top, frozen): 4 X 7`, in the family's word for the pile."""
    pile = state["pile"]
    frozen = msg("frozen") if (state["frozen"] if words.frozen is None else words.frozen) else msg("not frozen")
    if pile:
        said = msg_n(
            "{n} card, {top} on top, {frozen}",
            "{n} cards, {top} on top, {frozen}",
            len(pile),
            top=pile[-1],
            frozen=frozen,
        )
    else:
        said = msg_n("{n} card, {frozen}", "{n} cards, {frozen}", 0, frozen=frozen)
    name = say(term(words.pile))
    empty = say(msg("empty"))
    return f"{name[:1].upper()}{name[1:]} ({say(said)}): {show(pile) or empty}"


def _meld(cards: list[str], mark: str | None) -> str:
    say = current()
    return f"[{show(cards)}]" + (f" ({say(mark)})" if mark else "")
