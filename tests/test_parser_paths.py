"""The accelerated parser (Lark's Cython plugin) and the pure-Python one read every line alike,
and a remembered line comes back at its own line number."""

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import names, sides

import arbiter.notation as notation
from arbiter import cards as C
from arbiter.notation import parsers, reading, tokens

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))


def positions(node):
    """Every (line, column) in a node and the nodes inside it, in order."""
    out = [(type(node).__name__, node.line, node.column)]
    for f in fields(node):
        value = getattr(node, f.name)
        for item in value if isinstance(value, tuple) else (value,):
            if is_dataclass(item):
                out += positions(item)
    return out


def test_the_cython_plugin_is_installed_so_both_paths_are_tested():
    import lark_cython  # noqa: F401

    assert notation.ACCELERATED


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_both_parsers_read_every_sample_line_alike(sample):
    for number, text in enumerate(sample.read_text(encoding="utf-8").splitlines(), 1):
        fast = parsers.read_with_lark(text, number, accelerated=True)
        pure = parsers.read_with_lark(text, number, accelerated=False)
        assert fast == pure, (number, text)
        if fast[0] is not None:
            assert positions(fast[0]) == positions(pure[0]), (number, text)


def test_a_line_that_is_not_notation_is_explained_whichever_parser_read_it():
    with pytest.raises(notation.NotationError) as raised:
        notation.parse_line("ann: draw 4 discard 5", 7)  # a misspelt word is a family's: the checker's to refuse
    assert raised.value.column == 13 and "comma" in raised.value.message


def test_a_remembered_line_comes_back_at_its_own_line_with_its_own_nodes():
    text = "bob: take 9 with [9 9] and [K K 2], add [K] to K, discard 5 ; nice"
    first, comments = notation.parse_line(text, 10)
    again, _ = notation.parse_line(text, 20)
    assert first == again and comments == ["nice"]
    assert {line for _, line, _ in positions(first)} == {10}
    assert {line for _, line, _ in positions(again)} == {20}
    assert positions(first)[1:] == [(kind, 10, column) for kind, _, column in positions(again)[1:]]
    assert first.actions[0] is not again.actions[0] and first.actions[0].also[0] is not again.actions[0].also[0]


def _plain_lines():
    for sample in SAMPLES:
        yield from sample.read_text(encoding="utf-8").splitlines()
    yield from (
        "ann: draw 8,discard 8",
        "  bob :  take 9 with [9 9] and [K K 2] [7 7 X] ,  add 5 to 5, discard 4",
        "cid: draw B, bonus B, draw 7, ask yes, meld [S S S], out",
        "dee: caliente, draw 4 5 6, add [Q 2] to Q#2, discard C",
        "eve: pass",
    )


@pytest.mark.parametrize("text", list(_plain_lines()))
def test_a_turn_read_action_by_action_equals_the_turn_read_whole(text):
    turn = reading.plain_turn(text, 42)
    if turn is None:
        return  # not a plain turn line (comments, other statements): the whole-line path reads it
    whole, comments = parsers.read_with_lark(text, 42, accelerated=False)
    assert comments == []
    assert turn == whole
    assert positions(turn) == positions(whole)


@pytest.mark.parametrize("text", ["deal: draw 4", "ann: draw 8,, discard 4", "ann: draw 8,", "ann: Drow 4", "ann:"])
def test_a_turn_line_the_action_path_cannot_read_goes_to_the_whole_line(text):
    assert reading.plain_turn(text, 1) is None


# Lines read from their tokens (a keyword, perhaps a name, then cards; or sides and points) must
# come out exactly as Lark reads them, or be left to Lark.
_TOKEN_LINES = (
    "deal bob 4 5 6 6 7 8 10 Q Q A 2",
    "  deal\tAnn   4 5 X B S  ",
    "foot ann 4 5 7 7 9 J Q K A 2 S 6 6",
    "hold ann 4 5 7 K",
    "up 2 B 7",
    "stock K 5 9",
    "score ann+cid 120 bob+dee -45",
    "total  ann+cid +1200\tbob+dee 0950 ",
    "score ann 5",
    "total ann+cid -0295 bob+dee +4650 ann2 000000000123",  # read by splitting it: one space a gap
    "up J",
    "deal bob 4h 5♥ 6s 6s 7c 8d 10h Qs Q A 2c",  # ACN 1.3: cards with their suits, by letter or sign
    "up 2d Bh 7♠",
    "stock Kh 5 9 Th 3s",
    "hold ann 10♡ 3h X J♣",
    "deal ann 7\u2665\ufe0f K\u2660\ufe0e 4",  # a phone's signs, with their variation selectors
)
_LARK_LINES = (
    "deal deal 4 5 6",  # a keyword where a name belongs
    "deal bob 4 5 Z",  # not a card: Lark's path says so
    "deal bob 4 5 ; a comment",
    "dealbob 4 5",
    "up Bob 4",
    "stock 40 cards",
    "stock 40",
    "hold ann",
    "score ann+cid 120 bob+dee",
    "score ann+cid 1234567890123",
    "score ann+cid120",
    "up r3 7",
    "up ",
    "score ann+cid 1234567890 bob+dee 5",
    "score ann+cid 120 bob+dee ",
    "deal bob 4 5 Xh",  # a joker has no suit: Lark's path says so
    "deal bob 4h 5 7H",
)
# Tags read from their tokens: a game's Event and Round, new in each game.
_TOKEN_TAGS = ('[Event "Simulated game 1, seed 1"]', ' [ Round\t"a \\" b" ] ', '[Event"x"]')
_LARK_TAGS = ('[Event "x"] ; a comment', '[9x "x"]', "[Event x]", '[Event "x"', 'Event "x"]')


@pytest.mark.parametrize("text", _TOKEN_TAGS)
def test_a_tag_is_read_from_its_tokens_as_lark_reads_it(text):
    fast = tokens.tag_from_tokens(text, 42)
    whole, comments = parsers.read_with_lark(text, 42, accelerated=False)
    assert (fast, positions(fast), comments) == (whole, positions(whole), [])


@pytest.mark.parametrize("text", _LARK_TAGS)
def test_a_tag_that_is_not_plainly_tokens_is_left_to_lark(text):
    assert tokens.tag_from_tokens(text, 1) is None


@pytest.mark.parametrize("text", _TOKEN_LINES)
def test_a_cards_or_points_line_is_read_from_its_tokens_as_lark_reads_it(text):
    fast = tokens.line_from_tokens(text, 42)
    assert fast is not None
    whole, comments = parsers.read_with_lark(text, 42, accelerated=False)
    assert comments == []
    assert fast == whole
    assert positions(fast) == positions(whole)


@pytest.mark.parametrize("text", _LARK_LINES)
def test_a_line_that_is_not_plainly_tokens_is_left_to_lark(text):
    assert tokens.line_from_tokens(text, 1) is None


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_line_read_from_its_tokens_is_read_as_lark_reads_it(sample):
    for number, text in enumerate(sample.read_text(encoding="utf-8").splitlines(), 1):
        fast = tokens.line_from_tokens(text, number)
        if fast is None:
            continue
        whole, _ = parsers.read_with_lark(text, number, accelerated=False)
        assert (fast, positions(fast)) == (whole, positions(whole)), (number, text)


@settings(deadline=None)  # a first reading may build a parser: slow on a busy machine
@given(
    keyword=st.sampled_from(["deal", "foot", "hold", "up", "stock", "score", "total", "turn", "pile"]),
    words=st.lists(
        st.one_of(
            names,
            sides,
            st.sampled_from([*C.CARDS, "R3", "jk", "T", "Z", "7x", "7h", "10♠", "Xh", "3h", "kh", "Bc"]),
            st.integers(-99, 9999).map(str),
        ),
        min_size=0,
        max_size=6,
    ),
    gaps=st.lists(st.sampled_from([" ", "  ", "\t", ""]), min_size=8, max_size=8),
)
def test_any_line_read_from_its_tokens_is_read_as_lark_reads_it(keyword, words, gaps):
    text = keyword + "".join(gap + word for gap, word in zip(gaps, words, strict=False)) + gaps[-1]
    _read_from_tokens_as_lark_reads_it(tokens.line_from_tokens, text, 3)


def _read_from_tokens_as_lark_reads_it(read: Callable[[str, int], Any], text: str, line: int) -> None:
    """A token path (`read`) either leaves the line to Lark (None) or reads it exactly as Lark
    does, positions included."""
    fast = read(text, line)
    if fast is None:
        return
    try:
        whole, comments = parsers.read_with_lark(text, line, accelerated=False)
    except Exception as error:  # the token path accepted what Lark rejects
        raise AssertionError(f"{text!r}: read from its tokens, but Lark says {error!r}") from None
    assert (fast, positions(fast), comments) == (whole, positions(whole), [])


@settings(deadline=None)  # a first reading may build a parser: slow on a busy machine
@given(
    name=st.sampled_from(["Event", "Round", "x", "Ev-1_2", "9x", "deal", "", "a b"]),
    value=st.text(alphabet='ab "\\];{}', max_size=8),
    gaps=st.lists(st.sampled_from([" ", "  ", "\t", ""]), min_size=5, max_size=5),
)
def test_any_tag_read_from_its_tokens_is_read_as_lark_reads_it(name, value, gaps):
    text = f'{gaps[0]}[{gaps[1]}{name}{gaps[2]}"{value}"{gaps[3]}]{gaps[4]}'
    _read_from_tokens_as_lark_reads_it(tokens.tag_from_tokens, text, 5)


@settings(deadline=None)  # a first reading may build a parser: slow on a busy machine
@given(
    keyword=st.sampled_from(
        ["deal", "foot", "hold", "up", "stock", "score", "total", "turn", "pile", "hand", "[Event"]
    ),
    words=st.lists(
        st.one_of(
            names,
            sides,
            st.sampled_from([*C.CARDS, "cards", "dealer", "; note", '"x"]', "R3", "Z"]),
            st.integers(-99, 9999).map(str),
        ),
        min_size=0,
        max_size=6,
    ),
    lines=st.lists(st.integers(1, 10_000), min_size=3, max_size=3),
)
def test_any_line_read_again_and_again_is_read_as_lark_reads_it_at_each_line(keyword, words, lines):
    """A line that recurs takes another path than the first time (its tokens again, or the maker
    remembered from Lark's reading): each time it comes out as Lark reads it at that line."""
    text = " ".join([keyword, *words])
    notation.forget_lines()
    for line in lines:
        try:
            whole, lark_comments = parsers.read_with_lark(text, line, accelerated=False)
        except Exception:
            with pytest.raises(notation.NotationError):
                notation.parse_line(text, line)
            continue
        read, comments = notation.parse_line(text, line)
        assert (read, comments) == (whole, lark_comments), (text, line)
        if read is not None:
            assert positions(read) == positions(whole), (text, line)


# The actions read from their tokens (a meld, an addition, a take: the actions whose texts vary most) must
# come out exactly as Lark reads them with the grammar's `action` rule, or be left to Lark.
_TOKEN_ACTIONS = (
    "meld [4 5 6 7 8] [K K K]",
    "meld [ 4  5\t6 ]   [Q Q 2]",
    "meld [J J X]",
    "add [9 10] to 4-8",
    "add 9 9 to K#2",
    "add [2]\tto  2",
    "add [R3 B3] to S",
    "take K with [K K]",
    "take 9 with 9 9 and [Q Q Q] [4 5 6]",
    "take  8\tonto 8",
    "take 8 onto 4-7 and [K K K]",
    "take 7 onto 7#2",
    "meld [5 6 7] [9 10 J Q K A] [A A 2]",  # read by splitting it: one space a gap
    "draw 9 J",
    "draw X",
    "discard K",
    "meld [4h 5h 6h] [K♠ K Kd]",  # ACN 1.3: cards with their suits
    "add [9c Th] to K#2",
    "take Kh with [Ks K] and [4♣ 5♣ 6♣]",
    "take 8s onto 8",
)
_LARK_ACTIONS = (
    "meld[4 5 6]",
    "meld [4 5 6]]",
    "meld [4 5 6] []",
    "draw 9 Z",
    "draw  9",
    "discard K Q",
    "discard k",
    "meld [4 5 Z]",
    "add [9] to",
    "add [9]to K",
    "meld",
    "add to K",
    "meld [4 5] x",
    "take 9 9 with [9 9]",
    "take 9 with [9 9] and",
    "take 9 onto",
    "take 9 with [9 Z]",
    "take 9 with [9 9][4 5 6]",
    "take 8 onto 3",
    "draw 9h J",  # a suited draw or discard, read the first time: Lark's
    "discard K♥",
    "meld [Xh K K]",
)


def lark_action(text: str):
    reader = parsers.borrow(False)
    try:
        reader.builder.line = 0
        return reader.lark.parse(text, start="action")
    finally:
        parsers.give_back(reader, False)


@pytest.mark.parametrize("text", _TOKEN_ACTIONS)
def test_a_meld_an_addition_or_a_take_is_read_from_its_tokens_as_lark_reads_it(text):
    fast = tokens.action_from_tokens(text)
    assert fast is not None
    whole = lark_action(text)
    assert (fast, positions(fast)) == (whole, positions(whole))


@pytest.mark.parametrize("text", _LARK_ACTIONS)
def test_an_action_that_is_not_plainly_tokens_is_left_to_lark(text):
    assert tokens.action_from_tokens(text) is None


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_action_read_from_its_tokens_is_read_as_lark_reads_it(sample):
    for text in sample.read_text(encoding="utf-8").splitlines():
        player, colon, rest = text.partition(";")[0].partition(":")
        if not colon or " " in player.strip():
            continue
        for piece in rest.split(","):
            fast = tokens.action_from_tokens(piece.strip())
            if fast is not None:
                whole = lark_action(piece.strip())
                assert (fast, positions(fast)) == (whole, positions(whole)), piece


@settings(deadline=None)  # a first reading may build a parser: slow on a busy machine
@given(
    keyword=st.sampled_from(["meld", "add", "take"]),
    words=st.lists(
        st.sampled_from(
            [*C.CARDS, "R3", "jk", "T", "Z", "[", "]", "to", "with", "onto", "and", "K#2", "4-8", "2", "#"]
        ),
        min_size=0,
        max_size=8,
    ),
    gaps=st.lists(st.sampled_from([" ", "  ", "\t", ""]), min_size=10, max_size=10),
)
def test_any_meld_addition_or_take_read_from_its_tokens_is_read_as_lark_reads_it(keyword, words, gaps):
    text = (keyword + "".join(gap + word for gap, word in zip(gaps, words, strict=False))).strip()
    fast = tokens.action_from_tokens(text)
    if fast is None:
        return
    try:
        whole = lark_action(text)
    except Exception as error:  # the token path accepted what Lark rejects
        raise AssertionError(f"{text!r}: read from its tokens, but Lark says {error!r}") from None
    assert (fast, positions(fast)) == (whole, positions(whole))


def test_an_action_read_the_first_time_and_a_remembered_one_are_alike_at_any_place():
    """An action seen once is read straight at its place; seen again, it is made from its
    remembered reading. Both readings carry the same nodes at the same line and columns."""
    notation.forget_lines()
    text = "  dee: take 9 with [9 9] and [K K K],  meld [4 5 6] [Q Q 2], add [7] to 4-6, discard 5"
    first = reading.plain_turn(text, 3)
    again = reading.plain_turn(text, 8)
    whole, _ = parsers.read_with_lark(text, 3, accelerated=False)
    assert first == again == whole
    assert positions(first) == positions(whole)
    assert positions(again) == [(kind, 8, column) for kind, _, column in positions(whole)]
    reading.plain_turn(text, 9)  # the third time: a maker of the whole turn is made
    assert notation.remembered()["turn lines with a maker"] == [text]
    made = reading.plain_turn(text, 12)
    assert made == whole
    assert positions(made) == [(kind, 12, column) for kind, _, column in positions(whole)]


_GAPS = st.sampled_from([" ", "  ", "\t", ""])
_RUN_WORDS = st.sampled_from([*C.CARDS, "10", "R3", "jk", "Z"])
_REFS = st.sampled_from(["8", "K#2", "4-8", "Q#", "3", "2", "S", "4-5", "k", "X"])


@st.composite
def _card_run(draw, most: int = 4) -> str:  # type: ignore[no-untyped-def]
    return draw(_GAPS).join(draw(st.lists(_RUN_WORDS, min_size=1, max_size=most)))


@st.composite
def _bracket(draw) -> str:  # type: ignore[no-untyped-def]
    return f"[{draw(_GAPS)}{draw(_card_run())}{draw(_GAPS)}]"


@st.composite
def _meld_action(draw) -> str:  # type: ignore[no-untyped-def]
    """A meld, an addition or a take as a player might write one: right, or nearly."""
    gap, loose = _GAPS, st.one_of(_bracket(), _card_run())
    melds = st.lists(_bracket(), min_size=1, max_size=3).map(lambda b: draw(gap).join(b))
    kind = draw(st.sampled_from(["meld", "add", "take"]))
    if kind == "meld":
        return f"meld{draw(gap)}{draw(melds)}"
    if kind == "add":
        return f"add{draw(gap)}{draw(loose)}{draw(gap)}to{draw(gap)}{draw(_REFS)}"
    card = draw(_card_run(most=2))
    how = f"with{draw(gap)}{draw(loose)}" if draw(st.booleans()) else f"onto{draw(gap)}{draw(_REFS)}"
    also = f"{draw(gap)}and{draw(gap)}{draw(melds)}" if draw(st.booleans()) else ""
    return f"take{draw(gap)}{card}{draw(gap)}{how}{also}"


@settings(deadline=None)  # a first reading may build a parser: slow on a busy machine
@given(text=_meld_action(), line=st.integers(1, 9999), shift=st.integers(0, 80))
def test_a_meld_addition_or_take_read_from_its_tokens_at_its_place_is_read_as_lark_reads_it(text, line, shift):
    fast = tokens.action_from_tokens(text.strip(), line, shift)
    if fast is None:
        return  # Lark reads it (and says what is wrong with it)
    try:
        whole = lark_action(text.strip())
    except Exception as error:  # the token path accepted what Lark rejects
        raise AssertionError(f"{text!r}: read from its tokens, but Lark says {error!r}") from None
    assert fast == whole
    moved = [(kind, line, column + shift) for kind, _, column in positions(whole)[1:]]
    assert positions(fast)[1:] == moved


_PLAIN_ACTIONS = st.sampled_from(["draw 8", "discard K", "draw 4 5", "meld [7 7 7]", "add 9 to 9", "pass", "out"])
_SPACES = st.sampled_from(["", " ", "  ", "\t", " \t "])


@settings(deadline=None)  # a first reading may build a parser: slow on a busy machine
@given(
    actions=st.lists(st.one_of(_PLAIN_ACTIONS, _meld_action()), min_size=1, max_size=4),
    spaces=st.lists(_SPACES, min_size=8, max_size=8),
    lines=st.lists(st.integers(1, 9999), min_size=5, max_size=5),
    lead=st.sampled_from(["", " ", "  "]),
)
def test_a_turn_read_again_piece_by_piece_is_read_as_lark_reads_it(actions, spaces, lines, lead):
    """A turn line read five times: the first time its actions are read from their tokens or by
    Lark, the second from their remembered readings, the third from the memory of each piece as
    written between the commas, spaces included (which also makes a maker of the whole turn), the
    fourth and fifth by the maker of the whole turn. Every reading is Lark's at its own line."""
    notation.forget_lines()
    pieces = [f"{spaces[2 * i % 8]}{action}{spaces[(2 * i + 1) % 8]}" for i, action in enumerate(actions)]
    text = lead + "ann:" + ",".join(pieces)
    for line in lines:
        turn = reading.plain_turn(text, line)
        try:
            whole, _ = parsers.read_with_lark(text, line, accelerated=False)
        except Exception:
            assert turn is None, f"{text!r}: read action by action, but Lark rejects the line"
            continue
        if turn is None:
            continue  # an action Lark reads only as part of the whole line (it says what is wrong)
        assert turn == whole
        assert positions(turn) == positions(whole)
    if len(set(lines)) == len(lines) and turn is not None:  # read five times: the last two by its maker
        assert notation.remembered()["turn lines with a maker"] == [text]
