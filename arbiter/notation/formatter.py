"""Printing records in canonical form (docs/notation.md, "Canonical form").

`format_game` prints one game: tags first, then each hand, one statement per line, canonical card
symbols, single spaces, melds in brackets, actions joined by ", ", a blank line after the tags and
between hands. Comments survive: the comment lines before a statement are printed before it as
`; text`, the comments on its line after it as `  ; text`.

`format_source` also keeps what the writer chose for the layout (a `Layout` read from the text):
a blank line wherever the record had one or more (between groups of turns, between comments), and
the column of each comment written after a statement, when the statement leaves room for it (two
spaces at least); a hand-written record with aligned comments keeps them aligned.

`format_source` formats a whole file. Parsing the output gives the same games (records compare
equal, positions and comments aside) and formatting it again changes nothing. A game with syntax
errors is never reprinted from what could be read of it: its lines are copied through as they were
written, and the findings say what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from ..rulings import Finding
from . import (
    DEFAULT_LIMITS,
    Limits,
    NotationError,
    ParsedGame,
    Source,
    family_word_findings,
    notation_finding,
    parse,
    parse_line,
)
from .family_words import family_actions
from .records import (
    Action,
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    FamilyAction,
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
    PilePosition,
    Points,
    PositionStart,
    Statement,
    Stock,
    Summary,
    TableSide,
    Tag,
    Take,
    ToPlay,
    Turn,
    UpCard,
)
from .words import PACKET_WORDS

__all__ = ["Layout", "format_action", "format_game", "format_source", "format_statement"]

REMARK_GAP = 2  # spaces at least between a statement and the comment after it


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
        case Ask(answer=answer):
            return f"ask {'yes' if answer else 'no'}"
        case Pass():
            return "pass"
        case GoOut():
            return "out"
        case FamilyAction(keyword=keyword, cards=cards):
            return _words(keyword, _cards(cards))  # a family's own action, written as it was read
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
            return _words(PACKET_WORDS[foot], player, _cards(cards))
        case UpCard(cards=cards):
            return f"up {_cards(cards)}" if cards else "up"
        case Stock(count=count, cards=cards):
            return f"stock {count} cards" if cards is None else f"stock {_cards(cards)}"
        case Turn(player=player, actions=actions):
            return f"{player}: " + ", ".join(format_action(a) for a in actions)
        case Points(kind=kind, entries=entries):
            return _words(kind, *(f"{e.side} {e.points}" for e in entries))
        case Summary(side=side, items=items):
            return _words("summary", side, *map(str, items))
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


@dataclass(frozen=True, slots=True)
class Layout:
    """What canonical form keeps of how a game was laid out, by the line of each statement: the
    lines before it (comment lines as `; text`, "" for a blank line, runs of blank lines made
    one), and the column its own comment starts at, counted from the statement's first character."""

    before: dict[int, tuple[str, ...]] = field(default_factory=dict)
    remark_at: dict[int, int] = field(default_factory=dict)
    trailing: tuple[str, ...] = ()


_NO_LAYOUT = Layout()


def _note(text: str) -> str:
    return f"; {text}" if text else ";"


def _with_comments(st: Statement, layout: Layout = _NO_LAYOUT, first: bool = False) -> Iterator[str]:
    before = layout.before.get(st.line) if st.line else None
    if before is None:
        before = tuple(_note(note) for note in st.notes)
    if first:  # the blank line before a block is the block's separator
        before = _lstrip_blank(before)
    yield from before
    line = format_statement(st)
    if not st.remark:
        yield line
        return
    at = layout.remark_at.get(st.line, 0)
    yield line + " " * max(REMARK_GAP, at - len(line.expandtabs())) + _note(st.remark)


def _lstrip_blank(lines: tuple[str, ...]) -> tuple[str, ...]:
    start = 0
    while start < len(lines) and not lines[start]:
        start += 1
    return lines[start:]


def _statements(game: Game) -> Iterator[Statement]:
    yield from game.tags
    for hand in game.hands:
        yield from _hand_statements(hand)


def read_layout(parsed: ParsedGame, lines: list[str]) -> Layout:
    """The layout of a game read without syntax errors, from the text of its file (`lines`,
    split at \n)."""
    layout = Layout()
    previous = max(parsed.first_line - 1, 0)
    for st in sorted((st for st in _statements(parsed.game) if st.line > 0), key=lambda st: st.line):
        layout.before[st.line] = _preamble(lines[previous : st.line - 1], st.notes)
        at = _remark_column(_clean(lines[st.line - 1])) if st.remark else None
        if at is not None:
            layout.remark_at[st.line] = at
        previous = st.line
    trailing = parsed.game.trailing
    if trailing is not None and trailing.notes:
        kept = _preamble(lines[previous : max(parsed.last_line, previous)], trailing.notes)
        return Layout(layout.before, layout.remark_at, _rstrip_blank(kept))
    return layout


def _rstrip_blank(lines: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(reversed(_lstrip_blank(tuple(reversed(lines)))))


def _clean(text: str) -> str:
    return text.lstrip("\ufeff").rstrip("\r")


def _preamble(gap: list[str], notes: tuple[str, ...]) -> tuple[str, ...]:
    """The comment and blank lines of `gap` as canonical lines: runs of blank lines made one, a
    line holding one `;` comment kept as written after its `;` (the indent of a comment that goes
    on from the line above, an empty `;` line), other comments as `; text`. The notes alone if the
    gap does not hold them as read (it always should)."""
    out: list[str] = []
    queue = list(notes)
    for raw in gap:
        text = _clean(raw).strip()
        if not text:
            if not out or out[-1]:
                out.append("")
            continue
        try:
            statement, comments = parse_line(text)
        except NotationError:
            statement, comments = None, [text]  # one thing unread: counted as one comment
        if statement is not None or len(comments) > len(queue):
            return tuple(_note(note) for note in notes)
        if text.startswith(";") and len(comments) <= 1 and "{" not in text:
            out.append(_comment_line(text))
            queue = queue[len(comments) :]
            continue
        out.extend(_note(queue.pop(0)) for _ in comments)
    if queue:
        return tuple(_note(note) for note in notes)
    return tuple(out)


def _comment_line(text: str) -> str:
    """A `;` comment line as written, with one space at least after the `;` and none at the end."""
    rest = text[1:].rstrip()
    return ";" + rest if not rest or rest[0] in " \t" else "; " + rest


def _remark_column(text: str) -> int | None:
    """Where the `;` comment of a statement line starts, counted from the statement's first
    character (tabs expanded); None if the line's first comment is a `{...}` one."""
    text = text.expandtabs()
    quoted = escaped = False
    for index, char in enumerate(text):
        if quoted:  # inside a tag's value: a `;` there is no comment
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
            continue
        if char == '"':
            quoted = True
        elif char in ";{":
            start = len(text) - len(text.lstrip())
            return index - start if char == ";" else None
    return None


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
    yield from hand.summaries
    yield from hand.declared


def format_game(game: Game, layout: Layout = _NO_LAYOUT) -> str:
    """One game in canonical form, ending with a newline ("" for an empty game). Prints what the
    record holds: for a game read with syntax errors, use `format_source`, which keeps its text.
    With a `layout` (`read_layout`), keeps the writer's blank lines and comment columns."""
    blocks: list[list[str]] = []
    sections: list[list[Statement]] = [[*game.tags], *(list(_hand_statements(hand)) for hand in game.hands)]
    for statements in sections:
        if statements:
            blocks.append(
                [line for i, st in enumerate(statements) for line in _with_comments(st, layout, first=i == 0)]
            )
    if game.trailing is not None and game.trailing.notes:
        trailing = layout.trailing or ("", *(_note(note) for note in game.trailing.notes))
        if blocks and trailing[0]:  # written right under the last statement: kept there
            blocks[-1].extend(trailing)
        else:
            blocks.append(list(_lstrip_blank(trailing)))
    return "\n\n".join("\n".join(block) for block in blocks) + "\n" if blocks else ""


def format_source(
    source: Source,
    limits: Limits = DEFAULT_LIMITS,
    family_words: Mapping[str, bool] | Callable[[], Mapping[str, bool]] | None = None,
) -> tuple[str, list[Finding]]:
    """A whole record in canonical form, and the findings met while reading it.

    A family's own action is written as it was read, whatever its word. Given `family_words`
    (every family's action words, each with whether it takes cards: `arbiter.families.WORDS`),
    a game with a family's action written as no family writes it is a game with a syntax error.
    They may come as a function, asked only when a game holds a family's action: loading every
    family to learn their words is then a cost only such a record pays (`arbiter fmt`).

    Games with syntax errors keep their text as written (their lines are copied, not reprinted),
    so nothing is lost; the findings say what to mend. Lines that are not UTF-8 are copied with
    U+FFFD in place of the bad bytes. A source larger than `limits.max_bytes` is refused: the text
    is empty and the one finding says why. Games past `limits.max_games` are copied as written.
    """
    try:
        data = _read(source, limits.max_bytes)
    except UnicodeDecodeError:  # a text stream that is not UTF-8
        return "", [notation_finding(1, 1, "not-utf8", "the record is not UTF-8 text; save it as UTF-8")]
    if data is None:
        message = f"the record is larger than {limits.max_bytes:,} bytes; nothing was formatted"
        return "", [notation_finding(1, 1, "record-too-large", message)]
    findings: list[Finding] = []
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    lines = text.split("\n")
    chunks: list[str] = []
    for parsed in parse(data, limits):
        misspelt = []
        if family_words is not None and family_actions(parsed.game):
            if callable(family_words):
                family_words = family_words()
            misspelt = family_word_findings(parsed.game, family_words)
        findings.extend(sorted([*parsed.findings, *misspelt], key=lambda f: f.line) if misspelt else parsed.findings)
        if any(f.code == "too-many-games" for f in parsed.findings):  # the rest is unread: copy it all
            chunks.append("\n".join(lines[parsed.first_line - 1 :]).strip("\n"))
        elif parsed.malformed or misspelt:
            chunks.append("\n".join(lines[parsed.first_line - 1 : parsed.last_line]).strip("\n"))
        else:
            chunks.append(format_game(parsed.game, read_layout(parsed, lines)).rstrip("\n"))
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
