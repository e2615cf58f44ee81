"""Printing records in canonical form (docs/notation.md, "Canonical form").

`format_game` prints one game: tags first, then each hand, one statement per line, canonical card
symbols, single spaces, melds in brackets, actions joined by ", ", a blank line after the tags and
between hands. Comments survive: the comment lines before a statement are printed before it as
`; text`, the comments on its line after it as `  ; text`.

`format_source` formats a whole file. Parsing the output gives the same games (records compare
equal, positions and comments aside) and formatting it again changes nothing. A game with syntax
errors is never reprinted from what could be read of it: its lines are copied through as they were
written, and the findings say what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .notation import DEFAULT_LIMITS, Limits, Source, _finding, parse
from .records import (
    Action,
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    Game,
    GoOut,
    HandRecord,
    HandStart,
    Holding,
    LayBonus,
    Meld,
    Melded,
    MeldSpec,
    Pass,
    PickUpFoot,
    PilePosition,
    PlayCaliente,
    Points,
    PositionStart,
    Statement,
    Stock,
    TableSide,
    Tag,
    Take,
    ToPlay,
    Turn,
    UpCard,
)
from .rulings import Finding

__all__ = ["format_action", "format_game", "format_source", "format_statement"]


def _cards(cards: Iterable[str]) -> str:
    return " ".join(cards)


def _meld(spec: MeldSpec) -> str:
    return f"[{_cards(spec.cards)}]"


def _melds(specs: Iterable[MeldSpec]) -> str:
    return " ".join(_meld(spec) for spec in specs)


def _words(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def format_action(action: Action) -> str:
    """One action of a turn, as written in a turn line: `take 9 with [9 9] and [K K K]`."""
    match action:
        case Draw(cards=cards):
            return f"draw {_cards(cards)}"
        case Take(card=card, onto=onto, with_cards=with_cards, also=also):
            use = f"onto {onto}" if onto is not None else f"with [{_cards(with_cards or ())}]"
            return _words("take", card, use, f"and {_melds(also)}" if also else "")
        case Meld(melds=melds):
            return f"meld {_melds(melds)}"
        case Add(cards=cards, target=target):
            return f"add [{_cards(cards)}] to {target}"
        case Discard(card=card):
            return f"discard {card}"
        case LayBonus(cards=cards):
            return f"bonus {_cards(cards)}"
        case PlayCaliente():
            return "caliente"
        case Ask(answer=answer):
            return f"ask {'yes' if answer else 'no'}"
        case Pass():
            return "pass"
        case GoOut():
            return "out"
        case PickUpFoot():
            return "foot"
    raise TypeError(f"not an action: {action!r}")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format_statement(st: Statement) -> str:
    """One statement as its line, without its comments."""
    match st:
        case Tag(name=name, value=value):
            return f'[{name} "{_escape(value)}"]'
        case HandStart(number=number, dealer=dealer, sitting_out=out):
            return _words("hand", str(number), "dealer", dealer, f"sitout {' '.join(out)}" if out else "")
        case Deal(player=player, cards=cards, foot=foot):
            return _words("foot" if foot else "deal", player, _cards(cards))
        case UpCard(cards=cards):
            return f"up {_cards(cards)}"
        case Stock(count=count, cards=cards):
            return f"stock {count} cards" if cards is None else f"stock {_cards(cards)}"
        case Turn(player=player, actions=actions):
            return f"{player}: " + ", ".join(format_action(a) for a in actions)
        case Points(kind=kind, entries=entries):
            return _words(kind, *(f"{e.side} {e.points}" for e in entries))
        case PositionStart():
            return "position"
        case Holding(player=player, cards=cards):
            return _words("hold", player, _cards(cards))
        case TableSide(side=side, melds=melds, laid=laid):
            return _words("table", side, _melds(melds), _cards(laid))
        case PilePosition(cards=cards):
            return _words("pile", _cards(cards))
        case Melded(players=players):
            return _words("melded", *players)
        case ToPlay(player=player):
            return f"turn {player}"
    raise TypeError(f"not a statement: {st!r}")


def _with_comments(st: Statement) -> Iterator[str]:
    for note in st.notes:
        yield f"; {note}"
    line = format_statement(st)
    yield f"{line}  ; {st.remark}" if st.remark else line


def _hand_statements(hand: HandRecord) -> Iterator[Statement]:
    """A hand's statements in canonical order."""
    yield hand.start
    if hand.totals_before is not None:
        yield hand.totals_before
    position = hand.position
    if position is not None:
        yield position.start or PositionStart()
        yield from position.holdings
        yield from position.feet
        yield from position.tables
        for part in (position.pile, position.stock, position.melded, position.to_play):
            if part is not None:
                yield part
    else:
        yield from hand.deals
        yield from hand.feet
        if hand.stock is not None:
            yield hand.stock
        yield from hand.setup_turns
        if hand.up is not None:
            yield hand.up
    yield from hand.turns
    yield from hand.declared


def format_game(game: Game) -> str:
    """One game in canonical form, ending with a newline ("" for an empty game). Prints what the
    record holds: for a game read with syntax errors, use `format_source`, which keeps its text."""
    blocks: list[list[str]] = []
    if game.tags:
        blocks.append([line for tag in game.tags for line in _with_comments(tag)])
    for hand in game.hands:
        blocks.append([line for st in _hand_statements(hand) for line in _with_comments(st)])
    if game.trailing is not None and game.trailing.notes:
        blocks.append([f"; {note}" for note in game.trailing.notes])
    return "\n\n".join("\n".join(block) for block in blocks) + "\n" if blocks else ""


def format_source(source: Source, limits: Limits = DEFAULT_LIMITS) -> tuple[str, list[Finding]]:
    """A whole record in canonical form, and the findings met while reading it.

    Games with syntax errors keep their text as written (their lines are copied, not reprinted),
    so nothing is lost; the findings say what to mend. Lines that are not UTF-8 are copied with
    U+FFFD in place of the bad bytes. A source larger than `limits.max_bytes` is refused: the text
    is empty and the one finding says why. Games past `limits.max_games` are copied as written.
    """
    try:
        data = _read(source, limits.max_bytes)
    except UnicodeDecodeError:  # a text stream that is not UTF-8
        return "", [_finding(1, 1, "not-utf8", "the record is not UTF-8 text; save it as UTF-8")]
    if data is None:
        message = f"the record is larger than {limits.max_bytes:,} bytes; nothing was formatted"
        return "", [_finding(1, 1, "record-too-large", message)]
    findings: list[Finding] = []
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    lines = text.split("\n")
    chunks: list[str] = []
    for parsed in parse(data, limits):
        findings.extend(parsed.findings)
        if any(f.code == "too-many-games" for f in parsed.findings):  # the rest is unread: copy it all
            chunks.append("\n".join(lines[parsed.first_line - 1 :]).strip("\n"))
        elif parsed.malformed:
            chunks.append("\n".join(lines[parsed.first_line - 1 : parsed.last_line]).strip("\n"))
        else:
            chunks.append(format_game(parsed.game).rstrip("\n"))
    out = "\n\n".join(chunk for chunk in chunks if chunk)
    return (out + "\n" if out else ""), findings


def _read(source: Source, max_bytes: int) -> str | bytes | None:
    """The whole source, or None if it is larger than `max_bytes`."""
    if isinstance(source, (str, bytes)):
        data: str | bytes = source
    else:
        data = source.read(max_bytes + 1)
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > max_bytes:
        return None
    return data
