"""`arbiter table`: the state of the table at one moment of a record, for a dispute about it."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

import arbiter
from arbiter.cards import show

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
    scores after TURN turns of HAND, as the arbiter replays the record. Exits 1 if the record
    does not reach that turn legally.

    \b
      arbiter table game.txt --hand 2 --turn 14
    """
    try:
        state = arbiter.table_after(record, hand, turn, game=game, rules=rules_name, options=options)
    except arbiter.UsageError as error:
        raise click.UsageError(str(error)) from None
    if state is None:
        click.echo(
            f"game {game} does not reach turn {turn} of hand {hand} legally: `arbiter check` says where it stops",
            err=True,
        )
        sys.exit(1)
    click.echo(json.dumps(state, indent=2) if as_json else describe(state, hand, turn))


def describe(state: dict[str, Any], hand: int, turn: int) -> str:
    """The table in plain lines a card player reads at a glance."""
    moment = "as it starts" if turn == 0 else f"after turn {turn}"
    scores = ", ".join(f"{side} {points}" for side, points in state["scores"].items())
    lines = [f"hand {hand}, {moment}" + (f" (scores before the hand: {scores})" if scores else ""), "hands:"]
    width = max(map(len, state["hands"]), default=0)
    lines += [f"  {player:<{width}}  {show(cards) or '(no cards)'}" for player, cards in state["hands"].items()]
    lines.append("melds:")
    for side, melds in state["melds"].items():
        laid = state["laid"].get(side)
        shown = " ".join(f"[{show(m)}]" for m in melds) or "none yet"
        lines.append(f"  {side}  {shown}" + (f"  laid: {show(laid)}" if laid else ""))
    pile = state["pile"]
    top = f", {pile[-1]} on top" if pile else ""
    frozen = "frozen" if state["frozen"] else "not frozen"
    lines.append(f"Prize pile ({len(pile)} card{'s' * (len(pile) != 1)}{top}, {frozen}): {show(pile) or 'empty'}")
    lines.append(f"stock: {state['stock']} cards")
    return "\n".join(lines)
