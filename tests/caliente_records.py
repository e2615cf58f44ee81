"""Small record builders for the Caliente rule tests: a game around a stated position, so each
test sets up exactly the moment its rule is about."""

from __future__ import annotations

import arbiter
import arbiter.cards as C
from arbiter.rulings import GameRuling

TAGS = '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'

# Four hands that leave room in the pack for the melds the tests put on the table: only bob
# holds Kings, Stops and wilds.
HANDS = {
    "ann": "4 4 6 6 8 9 Q Q A A 7",
    "bob": "7 7 9 9 K K 5 8 J 2 X",
    "cid": "4 6 8 9 J Q 10 A A 5 10",
    "dee": "5 5 6 7 8 10 10 J Q 4 6",
}


def tags(seats: str, teams: str | None = None, variant: str = "") -> str:
    """The tags of a Caliente game at another table: `tags("ann bob")` for two players,
    `tags("ann bob cid dee eve", "ann+cid+eve bob+dee")` for five, `variant="three-packs"`."""
    text = f'[Rules "caliente"]\n[Seats "{seats}"]\n'
    if teams:
        text += f'[Teams "{teams}"]\n'
    if variant:
        text += f'[Variant "{variant}"]\n'
    return text


def position(
    *turns: str,
    hands: dict[str, str] | None = None,
    tables: dict[str, str] | None = None,
    pile: str = "4 5 9",
    to_play: str = "bob",
    totals: str | None = None,
    stock: str | None = None,
    melded: str | None = None,
    tags: str = "",
    number: int = 3,
    dealer: str = "ann",
    after: str = "",
    seats: str | None = None,
    sitout: str = "",
) -> str:
    """A game around a stated position. By default the four players of TAGS with HANDS (`hands`
    replaces some of them); with `seats` (and `tags` from `tags()` for the table) `hands` gives
    every playing hand and `sitout` names the players sitting out."""
    if seats is None:
        held = {**HANDS, **(hands or {})}
        head = TAGS + tags
    else:
        held = dict(hands or {})
        head = tags
    lines = [head + f"hand {number} dealer {dealer}" + (f" sitout {sitout}" if sitout else ""), "position"]
    if totals:
        lines.append(f"total {totals}")
    lines += [f"hold {player} {cards}".rstrip() for player, cards in held.items()]
    lines += [f"table {side} {melds}" for side, melds in (tables or {}).items()]
    lines.append(f"pile {pile}".rstrip())
    if stock is not None:
        lines.append(f"stock {stock}")
    if melded is not None:
        lines.append(f"melded {melded}".rstrip())
    lines.append(f"turn {to_play}")
    lines += turns
    return "\n".join(lines) + "\n" + after


def the_rest(
    players: list[str],
    *accounted: str,
    packs: int = 2,
    caliente: int = 0,
    hands: dict[str, str] | None = None,
) -> dict[str, str]:
    """Hands for `players` holding every card of the pack that is not in `accounted` (melds,
    pile, stock, as written) nor in the given `hands`, dealt round the players in turn: for
    positions on an exhausted stock."""
    rest = C.pack(packs, {C.CALIENTE: caliente})
    given = dict(hands or {})
    for cards in (*accounted, *given.values()):
        rest.subtract(cards.replace("[", " ").replace("]", " ").split())
    assert all(n >= 0 for n in rest.values()), rest
    cards = sorted(rest.elements(), key=C.CARDS.index)
    dealt = [p for p in players if p not in given]
    return {p: given.get(p) or " ".join(cards[dealt.index(p) :: len(dealt)]) for p in players}


def judge(text: str, **kwargs: object) -> GameRuling:
    games = list(arbiter.check(text, **kwargs))  # type: ignore[arg-type]
    assert len(games) == 1, games
    return games[0]


def codes(ruling: GameRuling) -> list[str]:
    return [f.code for f in ruling.findings if f.is_error]


def first_error(ruling: GameRuling):  # type: ignore[no-untyped-def]
    errors = [f for f in ruling.findings if f.is_error]
    assert errors, f"expected an error, got {ruling.findings}"
    return errors[0]


def assert_legal(text: str, **kwargs: object) -> GameRuling:
    ruling = judge(text, **kwargs)
    errors = [(f.line, f.code, f.message) for f in ruling.findings if f.is_error]
    assert not errors, errors
    return ruling


def assert_illegal(text: str, code: str, line_text: str | None = None, **kwargs: object):  # type: ignore[no-untyped-def]
    """The first error has `code` and stands on the line that contains `line_text`."""
    ruling = judge(text, **kwargs)
    error = first_error(ruling)
    assert error.code == code, (error.code, error.message)
    if line_text is not None:
        lines = text.splitlines()
        assert line_text in lines[error.line - 1], (error.line, lines[error.line - 1], line_text)
    assert ruling.verdict == "illegal"
    return error
