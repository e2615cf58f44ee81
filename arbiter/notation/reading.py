"""Reading one line: a plain turn line from its remembered actions, a line seen before from its
maker, a plain line from its tokens, and anything else with Lark, which explains a line that is not
notation. Every memory here is bounded, and `forget_lines` empties them all."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark.exceptions import UnexpectedInput

from .explain import explanation
from .makers import Maker, maker_for
from .parsers import ACCELERATED, borrow, give_back, read_with_lark
from .records import Action, Statement, Turn
from .tokens import action_from_tokens, line_from_tokens, tag_from_tokens
from .words import KEYWORDS, NotationError, suits_read

LINE_CACHE_SIZE = 16_384
"""Distinct lines remembered: most turn lines of an archive (`bob: draw 8, discard 8`) recur."""
MEMORABLE_CHARS = 400
"""The longest line or action remembered. Longer ones (rare in real records, common in junk) are
read afresh each time, so each memory below holds at most LINE_CACHE_SIZE entries of at most this
many characters, with their makers: bounded in bytes, not only in count."""


_seen_once: set[str] = set()
"""Lines Lark read once: such a line is remembered when it recurs, so the lines that never do cost
no maker. Bounded: forgotten all at once when full."""
_line_makers: dict[str, tuple[Maker | None, tuple[str, ...]]] = {}
"""Lines Lark read, seen before, remembered for every later time they recur, with their comments
(errors are not remembered). Forgotten all at once when full."""


def _line_maker(text: str) -> tuple[Maker | None, tuple[str, ...]]:
    known = _line_makers.get(text)
    if known is None:
        before = suits_read[0]
        statement, comments = read_with_lark(text, 0, ACCELERATED)
        make = None if statement is None else _with_suits(maker_for(statement), before)
        known = make, tuple(comments)
        if len(_line_makers) >= LINE_CACHE_SIZE:
            _line_makers.clear()
        _line_makers[text] = known
    return known


def _statement(text: str, line: int) -> tuple[Statement | None, list[str]]:
    """A line that is neither a plain turn line nor a plain line (other_line reads those)."""
    if text in _seen_once:
        make, comments = _line_maker(text)
        return (None if make is None else make(line, 0)), list(comments)
    if len(text) <= MEMORABLE_CHARS:
        if len(_seen_once) >= LINE_CACHE_SIZE:
            _seen_once.clear()
        _seen_once.add(text)
    tag = tag_from_tokens(text, line)  # most lines read once are a game's Event or Round
    if tag is not None:
        return tag, []
    return read_with_lark(text, line, ACCELERATED)


def _action_maker(text: str) -> Maker:
    """One action of a turn (`draw 8`, `meld [7 7 7]`), read with the grammar's `action` rule,
    its columns counted from the action's start."""
    before = suits_read[0]
    action = action_from_tokens(text)
    if action is not None:
        return _with_suits(maker_for(action, column=1), before)
    reader = borrow(ACCELERATED)
    try:
        reader.builder.line = 0
        return _with_suits(maker_for(reader.lark.parse(text, start="action"), column=1), before)
    finally:
        give_back(reader, ACCELERATED)


def _with_suits(make: Maker, before: int) -> Maker:
    """The maker of what was just read; if it was read with a suited card (the count of them,
    `words.suits_read`, is past `before`), one that counts each time it makes it again, so that the
    hand it is read into says it gives suits (notation/hands.py). Costs nothing without suits."""
    return make if suits_read[0] == before else _counting(make)


def _counting(make: Maker) -> Maker:
    """A maker of nodes with a suited card, which counts each time it makes them (`suits_read`)."""

    def counted(line: int, shift: int) -> Any:
        suits_read[0] += 1
        return make(line, shift)

    return counted


_action_makers: dict[str, Maker] = {}
"""The actions seen more than once, remembered: actions recur far more than lines do. Bounded:
forgotten all at once when full."""
_actions_seen_once: dict[str, tuple[Action, int, bool]] = {}
"""Actions read once from their tokens (as _seen_once for lines), with the reading and the shift it
was read at and whether it had a suited card: an action is remembered when it recurs, its maker made from that first reading, so
the melds and takes that never do (most of Samba's) cost no maker. Forgotten all at once when full."""


def _new_action(text: str, line: int, shift: int) -> Action:
    """An action not remembered yet, `text` stripped, at `line` with its columns moved right by
    `shift`: read straight from its tokens the first time, remembered the second (or at once, when
    Lark reads it)."""
    first = _actions_seen_once.pop(text, None)
    if first is not None:  # read once before: its maker is made from that reading
        read_before, read_at, suited = first
        make = maker_for(read_before, shift=-read_at, column=1)
        make = _counting(make) if suited else make
    else:
        before = suits_read[0]
        action = action_from_tokens(text, line, shift)
        if action is not None:
            action.column = 1 + shift
            if len(text) <= MEMORABLE_CHARS:
                if len(_actions_seen_once) >= LINE_CACHE_SIZE:
                    _actions_seen_once.clear()
                _actions_seen_once[text] = action, shift, suits_read[0] != before
            return action
        make = _action_maker(text)
    if len(text) <= MEMORABLE_CHARS:
        if len(_action_makers) >= LINE_CACHE_SIZE:
            _action_makers.clear()
        _action_makers[text] = make
    made: Action = make(line, shift)  # an action's maker makes an action
    return made


_pieces: dict[str, tuple[Maker, int, int]] = {}
"""Remembered actions by the piece of a turn line that holds them, spaces around included
(` draw 8`), with the spaces before the action and the piece's width with its comma: most pieces
are found with this one lookup. Forgotten all at once when full."""


def _actions(text: str, line: int, shift: int) -> tuple[Action, ...] | None:
    """The actions of a plain turn line (`text` is the part after the colon, starting at index
    `shift` of the line), each made from its remembered reading; None if an action needs the
    whole-line path to be explained."""
    actions = []
    offset = shift
    pieces, remembered = _pieces, _action_makers
    for piece in text.split(","):
        known = pieces.get(piece)
        if known is not None:  # a maker never raises: the action was read without error before
            make, lead, width = known
            actions.append(make(line, offset + lead))
            offset += width
            continue
        action_text = piece.strip()
        if not action_text:
            return None  # an empty action: the whole-line path says what is missing
        lead = piece.index(action_text[0])
        remembered_make = remembered.get(action_text)
        try:
            actions.append(
                remembered_make(line, offset + lead)
                if remembered_make is not None
                else _new_action(action_text, line, offset + lead)
            )
        except (UnexpectedInput, NotationError):
            return None
        if remembered_make is not None and len(piece) <= MEMORABLE_CHARS:  # spaces around a short action count too
            if len(pieces) >= LINE_CACHE_SIZE:
                pieces.clear()
            pieces[piece] = remembered_make, lead, len(piece) + 1
        offset += len(piece) + 1
    return tuple(actions)


# A turn line with no comment in it: the player, then the actions separated by commas (no action
# holds a comma). Anything else, and any part the `action` rule rejects, takes the whole-line path.
_PLAIN_TURN = re.compile(r"[ \t]*([^\W\d]\w*)[ \t]*:([^;{}]*)")


_turns: dict[str, int | Callable[[int], Turn]] = {}
"""Plain turn lines by how often they were seen (1, 2), and once seen three times, a maker of the
whole turn (`draw 4, discard 4` recurs for every player): one lookup instead of matching and
splitting the line, and the lines that recur less (most of Samba's) cost no maker. Forgotten all
at once when full."""


def plain_turn(text: str, line: int) -> Turn | None:
    """A plain turn line read action by action from the memories, or None for the other paths."""
    known = _turns.get(text)
    if known is not None and not isinstance(known, int):
        return known(line)
    match = _PLAIN_TURN.fullmatch(text)
    if match is None:
        return None
    player, text_of_actions = match.group(1, 2)
    actions = None if player in KEYWORDS else _actions(text_of_actions, line, match.start(2))
    if actions is None:
        return None
    # By position, in the order of Turn's fields (line, column, notes, remark, player, actions):
    # made for nearly every line, and keyword arguments cost a good part of the call.
    turn = Turn(line, match.start(1) + 1, (), "", player, actions)
    if len(text) <= MEMORABLE_CHARS:
        if known is None:
            if len(_turns) >= LINE_CACHE_SIZE:
                _forget_counts()
            _turns[text] = 1
        elif known == 1:
            _turns[text] = 2
        elif (make := _turn_maker(match, turn)) is not None:
            _turns[text] = make
    return turn


def _forget_counts() -> None:
    """Make room in the full memory of turn lines: the lines only counted go, the lines with a
    maker (those that recur most, `draw 4, discard 4`) stay, unless they fill half the memory."""
    makers = {text: known for text, known in _turns.items() if type(known) is not int}
    _turns.clear()
    if len(makers) <= LINE_CACHE_SIZE // 2:
        _turns.update(makers)


def _turn_maker(match: re.Match[str], turn: Turn) -> Callable[[int], Turn] | None:
    """The turn again at another line, each action made by the maker of its piece of the line
    (`match` is the line's match of _PLAIN_TURN); None while a piece has none yet (an action seen
    once)."""
    offset, made = match.start(2), []
    for piece in match.group(2).split(","):
        known = _pieces.get(piece)
        if known is None:
            return None
        make, lead, width = known
        made.append((make, offset + lead))
        offset += width
    column, player = turn.column, turn.player
    if len(made) == 2:  # most turns: a draw and a discard
        (first, at), (second, then) = made
        return lambda line: Turn(line, column, (), "", player, (first(line, at), second(line, then)))
    return lambda line: Turn(line, column, (), "", player, tuple([make(line, at) for make, at in made]))


def _memories() -> dict[str, set[str] | dict[str, Any]]:
    return {
        "lines seen once": _seen_once,
        "lines": _line_makers,
        "actions seen once": _actions_seen_once,
        "actions": _action_makers,
        "pieces of turn lines": _pieces,
        "turn lines": _turns,
        "not notation": _not_notation,
    }


def forget_lines() -> None:
    """Empty the memory of lines and actions read (for measurements that must start cold)."""
    for memory in _memories().values():
        memory.clear()


def remembered() -> dict[str, list[str]]:
    """The texts each memory of the reader holds, by memory (for tests and measurements)."""
    texts = {name: list(memory) for name, memory in _memories().items()}
    texts["turn lines with a maker"] = [text for text, known in _turns.items() if type(known) is not int]
    return texts


def parse_line(text: str, line: int = 1, explain: bool = True) -> tuple[Statement | None, list[str]]:
    """One line as a statement (None for a blank or comment line) and the comments on it.
    Raises NotationError for text that is not notation (with no message if not `explain`)."""
    turn = plain_turn(text, line)
    if turn is not None:
        return turn, []
    return other_line(text, line, explain)


_not_notation: dict[str, NotationError] = {}
"""Lines found not to be notation, with what is wrong with them (a pure function of the text, as
reading is). A hostile record repeats one bad line thousands of times, and explaining it costs a
second parse and a search for the nearest word. Bounded: forgotten all at once when full."""


def other_line(text: str, line: int, explain: bool) -> tuple[Statement | None, list[str]]:
    """Any line but a plain turn line."""
    if not text:  # a blank line (one between games, or a hand's last): nothing to read or remember
        return None, []
    # A plain line (a deal, a score: most of the others) is read from its tokens each time, which
    # costs about what a maker does: remembering it would only cost a maker's making (and a warm
    # run, reading again every deal line a cold one saw once, would make one for each).
    statement = line_from_tokens(text, line)
    if statement is not None:
        return statement, []
    known = _not_notation.get(text) if explain else None
    if known is not None:  # a fresh exception each time: threads may raise it at once
        raise NotationError(known.column, known.message, known.code)
    try:
        return _statement(text, line)
    except NotationError as error:
        problem = error
    except UnexpectedInput as rejected:  # a name of its own: compiled, one name takes one type
        if not explain:
            raise NotationError(rejected.column, "") from None
        problem = _explained(text, line) or explanation(rejected, text)
    if explain and len(text) <= MEMORABLE_CHARS:
        if len(_not_notation) >= LINE_CACHE_SIZE:
            _not_notation.clear()
        _not_notation[text] = problem
    raise problem from None


def _explained(text: str, line: int) -> NotationError | None:
    """What the pure-Python parser makes of a line the grammar rejects, said while its reader is
    still ours (explaining feeds the parser again). None if it reads the line (it never should:
    both parsers share the grammar)."""
    reader = borrow(False)
    try:
        reader.read(text, line)
    except UnexpectedInput as explained:
        return explanation(explained, text)
    finally:
        give_back(reader, False)
    return None  # pragma: no cover - both parsers share the grammar
