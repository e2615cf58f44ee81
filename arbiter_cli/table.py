"""`arbiter table`: the state of the table at one moment of a record, for a dispute about it."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

import arbiter
from arbiter import turn_tables
from arbiter.cards import show
from arbiter.marks import TableWords, table_words

from .params import options_option


@click.command("table", short_help="Show the table after a turn of a record.")
@click.argument("record", metavar="FILE|-", type=click.File("rb"))
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
def table(
    record: Any, hand: int, turn: int, game: int, rules_name: str | None, options: dict[str, str], as_json: bool
) -> None:
    """Print every hand, each side's melds and laid cards, the Prize pile, the stock and the
    scores after TURN turns of HAND, as the arbiter replays the record. At an illegal turn, prints
    the table before its offending move and exits 1; exits 1 too, saying why, when the record has
    no such game, hand or turn, or the turn comes after an illegal one.

    \b
      arbiter table game.acn --hand 2 --turn 14
    """
    try:
        replayed = turn_tables.replay(record, game=game, rules=rules_name, options=options)
    except arbiter.UsageError as error:
        raise click.UsageError(str(error)) from None
    except arbiter.PositionError as error:
        click.echo(str(error), err=True)
        sys.exit(1)
    found = turn_tables.where(replayed, hand, turn, game)
    if found.frame is None:
        click.echo(found.problem, err=True)
        sys.exit(1)
    illegal = found.frame.illegal
    if as_json:
        click.echo(json.dumps(found.frame.table, indent=2))
    else:
        if illegal is not None:
            click.echo(
                f"turn {turn} of hand {hand} is illegal (line {illegal.line}, {illegal.code}): {illegal.message}"
            )
            click.echo("the table before it:")
        words = table_words(found.frame.table, replayed.ruling.rules, replayed.ruling.options)
        click.echo(describe(found.frame.table, hand, turn, before=illegal is not None, words=words))
    if illegal is not None:
        sys.exit(1)


def describe(
    state: dict[str, Any], hand: int, turn: int, *, before: bool = False, words: TableWords | None = None
) -> str:
    """The table in plain lines a card player reads at a glance (`before`: before turn's offending
    move), in the family's `words`, each canasta marked."""
    words = words or TableWords()
    moment = (
        f"before the offending move of turn {turn}" if before else "as it starts" if turn == 0 else f"after turn {turn}"
    )
    scores = ", ".join(f"{side} {points}" for side, points in state["scores"].items())
    lines = [f"hand {hand}, {moment}" + (f" (scores before the hand: {scores})" if scores else ""), "hands:"]
    width = max(map(len, state["hands"]), default=0)
    lines += [f"  {player:<{width}}  {show(cards) or '(no cards)'}" for player, cards in state["hands"].items()]
    if "feet" in state:  # Hand & Foot: the Feet not yet picked up, face down
        lines.append("feet not yet picked up:")
        lines += [f"  {player:<{width}}  {show(cards)}" for player, cards in state["feet"].items()] or ["  none"]
    lines.append("melds:")
    for side, melds in state["melds"].items():
        laid = state["laid"].get(side)
        marks = words.marks.get(side, [])
        shown = " ".join(_meld(m, marks[i] if i < len(marks) else None) for i, m in enumerate(melds)) or "none yet"
        lines.append(f"  {side}  {shown}" + (f"  laid: {show(laid)}" if laid else ""))
    pile = state["pile"]
    top = f", {pile[-1]} on top" if pile else ""
    frozen = "frozen" if state["frozen"] else "not frozen"
    lines.append(
        f"{words.pile[:1].upper()}{words.pile[1:]} ({len(pile)} card{'s' * (len(pile) != 1)}{top}, {frozen}): {show(pile) or 'empty'}"
    )
    lines.append(f"stock: {state['stock']} cards")
    return "\n".join(lines)


def _meld(cards: list[str], mark: str | None) -> str:
    return f"[{show(cards)}]" + (f" ({mark})" if mark else "")
