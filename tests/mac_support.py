"""Small Modern American Canasta records for the tests: a position of four players (ann+cid against
bob+dee), its stock counted from the cards shown, and the first error a check of it finds."""

from __future__ import annotations

from collections.abc import Mapping

import arbiter
from arbiter import cards as C
from arbiter.families import get
from arbiter.rules import Seating

RULES = get("modern-american")
SEATS = Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee")))
PACK = sum(C.pack(2, {}).values())
OTHERS = {"bob": "4 5 6 8 9 J", "cid": "5 6 8 10 Q 4", "dee": "4 6 9 10 J Q"}
OPENED = {"ann+cid": "[9 9 9] [J J J J J]", "bob+dee": "[Q Q Q]"}


def config(**options: object):  # type: ignore[no-untyped-def]
    return RULES.config_for(SEATS, RULES.resolve(options))


def _shown(text: str) -> list[str]:
    words = text.replace("[", " ").replace("]", " ").split()
    return [card for card in map(C.canonical, words) if card is not None]


def position(
    ann: str,
    turn: str,
    *,
    tables: Mapping[str, str] | None = None,
    pile: str = "8 4",
    variant: str = "",
    melded: str = "ann bob cid dee",
    stock: str = "",
    totals: str = "",
    number: int = 1,
) -> str:
    """A record of one turn of ann's from a stated position; the others hold `OTHERS`. With `stock`,
    the stock holds just those cards (top first) and dee every other card not shown."""
    holds = {"ann": ann, **OTHERS}
    tables = OPENED if tables is None else tables
    if stock:
        unseen = C.pack(2, {})
        unseen.subtract(_shown(" ".join((*holds.values(), *tables.values(), pile, stock))))
        holds["dee"] += " " + " ".join(sorted(unseen.elements(), key=C.ORDER.__getitem__))
    shown = sum(len(_shown(cards)) for cards in (*holds.values(), *tables.values(), pile))
    lines = ['[Rules "modern-american"]', '[Seats "ann bob cid dee"]', '[Teams "ann+cid bob+dee"]']
    if variant:
        lines.append(f'[Variant "{variant}"]')
    lines += ["", f"hand {number} dealer dee"]
    if totals:
        lines.append(totals)
    lines.append("position")
    lines += [f"hold {player} {cards}" for player, cards in holds.items()]
    lines += [f"table {side} {cards}" for side, cards in tables.items()]
    lines += [f"pile {pile}".rstrip(), f"stock {stock}" if stock else f"stock {PACK - shown} cards"]
    if melded:
        lines.append(f"melded {melded}")
    lines += ["turn ann", turn]
    return "\n".join(lines) + "\n"


def first_error(text: str) -> str | None:
    """The code of the first error a check finds, or None for a valid record."""
    [ruling] = arbiter.check(text)
    errors = [finding for finding in ruling.findings if finding.is_error]
    return errors[0].code if errors else None


def finding(text: str):  # type: ignore[no-untyped-def]
    [ruling] = arbiter.check(text)
    return next(finding for finding in ruling.findings if finding.is_error)
