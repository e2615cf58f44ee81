"""The notation reader: statements, games and hands, and the syntax findings a newcomer reads."""

from __future__ import annotations

import itertools
import re

import pytest

from arbiter.notation import (
    Limits,
    NotationError,
    excerpt,
    parse,
    parse_line,
    parse_text,
)
from arbiter.notation.records import (
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    FamilyAction,
    GoOut,
    HandStart,
    Holding,
    LayBonus,
    Meld,
    Melded,
    MeldRef,
    MeldSpec,
    Pass,
    PilePosition,
    Points,
    PositionStart,
    SidePoints,
    Stock,
    TableSide,
    Tag,
    Take,
    ToPlay,
    Turn,
    UpCard,
)
from arbiter.rulings import Severity


def one(text: str):
    statement, _ = parse_line(text)
    return statement


# --- statements ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Event "Thursday club"]', Tag(name="Event", value="Thursday club")),
        ('[Event "a \\"quoted\\" back\\\\slash"]', Tag(name="Event", value='a "quoted" back\\slash')),
        ("hand 1 dealer dee", HandStart(number=1, dealer="dee")),
        ("hand 2 dealer ann sitout bob eve", HandStart(number=2, dealer="ann", sitting_out=("bob", "eve"))),
        ("deal ann 4 5 7 7 9 J Q K A 2 S", Deal(player="ann", cards=tuple("4577 9JQKA2S".replace(" ", "")))),
        ("foot ann 10 X B", Deal(player="ann", cards=("10", "X", "B"), foot=True)),
        ("up X 9", UpCard(cards=("X", "9"))),
        ("stock K 5", Stock(cards=("K", "5"))),
        ("stock 40 cards", Stock(count=40)),
        ("stock 4 cards", Stock(count=4)),
        ("position", PositionStart()),
        ("hold ann 4 5", Holding(player="ann", cards=("4", "5"))),
        ("hold ann", Holding(player="ann")),
        ("table ann+cid [7 7 7] [K K 2] B C", TableSide(side="ann+cid", melds=(MeldSpec(cards=("7", "7", "7")), MeldSpec(cards=("K", "K", "2"))), laid=("B", "C"))),
        ("table bob+dee", TableSide(side="bob+dee")),
        ("pile 4 2 9", PilePosition(cards=("4", "2", "9"))),
        ("pile", PilePosition()),
        ("melded ann bob", Melded(players=("ann", "bob"))),
        ("melded", Melded()),
        ("turn cid", ToPlay(player="cid")),
        ("score ann+cid -45 bob+dee +1190", Points(kind="score", entries=(SidePoints(side="ann+cid", points=-45), SidePoints(side="bob+dee", points=1190)))),
        ("total ann 0", Points(kind="total", entries=(SidePoints(side="ann", points=0),))),
    ],
)  # fmt: skip
def test_statements(text: str, expected: object) -> None:
    assert one(text) == expected


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw 7", Draw(cards=("7",))),
        ("draw 7 B", Draw(cards=("7", "B"))),
        ("take 9 with [9 9]", Take(card="9", with_cards=("9", "9"))),
        ("take 9 with 9 2", Take(card="9", with_cards=("9", "2"))),
        ("take 9 with [9 9] and [K K K] [A A 2]", Take(card="9", with_cards=("9", "9"), also=(MeldSpec(cards=("K", "K", "K")), MeldSpec(cards=("A", "A", "2"))))),
        ("take 9 onto 9", Take(card="9", onto=MeldRef(rank="9"))),
        ("take 9 onto 5-9", Take(card="9", onto=MeldRef(rank="5", high="9"))),
        ("meld [7 7 7] [10 10 2]", Meld(melds=(MeldSpec(cards=("7", "7", "7")), MeldSpec(cards=("10", "10", "2"))))),
        ("add [Q] to Q", Add(cards=("Q",), target=MeldRef(rank="Q"))),
        ("add Q 2 to Q#2", Add(cards=("Q", "2"), target=MeldRef(rank="Q", index=2))),
        ("add [10] to 6-9", Add(cards=("10",), target=MeldRef(rank="6", high="9"))),
        ("add [S] to S", Add(cards=("S",), target=MeldRef(rank="S"))),
        ("add [2] to 2", Add(cards=("2",), target=MeldRef(rank="2"))),
        ("add [X] to X", Add(cards=("X",), target=MeldRef(rank="2"))),
        ("add [10] to T", Add(cards=("10",), target=MeldRef(rank="10"))),
        ("discard 4", Discard(card="4")),
        ("bonus B B", LayBonus(cards=("B", "B"))),
        ("caliente", FamilyAction(keyword="caliente")),
        ("ask yes", Ask(answer=True)),
        ("ask no", Ask(answer=False)),
        ("pass", Pass()),
        ("out", GoOut()),
        ("foot", FamilyAction(keyword="foot")),
    ],
)  # fmt: skip
def test_actions(text: str, action: object) -> None:
    assert one(f"ann: {text}") == Turn(player="ann", actions=(action,))


def test_aliases_read_as_canonical_cards() -> None:
    assert one("deal ann R3 B3 JK T 10").cards == ("B", "S", "X", "10", "10")


def test_blank_and_comment_lines_are_no_statement() -> None:
    assert parse_line("") == (None, [])
    assert parse_line("   \t ") == (None, [])
    assert parse_line("; a note") == (None, ["a note"])
    assert parse_line("{ inline }  ; and more") == (None, ["inline", "and more"])


def test_comments_and_columns_on_a_turn() -> None:
    text = "  ann: {first} draw 8, meld [7 7 7], {x, y} discard 4 ; done"
    turn, comments = parse_line(text, 12)
    assert comments == ["first", "x, y", "done"]
    assert (turn.line, turn.column) == (12, 3)
    assert [a.column for a in turn.actions] == [text.index(w) + 1 for w in ("draw", "meld", "discard")]
    assert turn.actions[1].melds[0].column == text.index("[") + 1


def test_players_may_have_unicode_names_and_keyword_prefixes() -> None:
    assert one("Zoë: draw 7").player == "Zoë"
    assert one("outlaw: draw 7").player == "outlaw"
    assert one("hand 1 dealer handy").dealer == "handy"


# --- syntax findings ------------------------------------------------------------------------------

# (line, column of the finding, code, words the message must contain)
ERRORS = [
    ("ann: draw 3", 11, "unknown-card", ["`3`", "B for a Bonus", "S for a Stop"]),
    ("ann: draw q", 11, "unknown-card", ["`q`", "capitals", "`Q`"]),
    ("ann: draw jk", 11, "unknown-card", ["`jk`", "`X`", "big wild"]),
    ("ann: draw 777", 11, "unknown-card", ["`777`", "`7 7 7`"]),
    ("ann: draw joker", 11, "unknown-card", ["`joker`", "`X`"]),
    ("ann: draw 8 11", 13, "unknown-card", ["`11`", "4 5 6 7 8 9 10 J Q K A"]),
    ("ann: draw 1", 11, "unknown-card", ["write 10"]),
    ("deal ann 4 5 Z", 14, "unknown-card", ["`Z`"]),
    ("ann: draw 8 discard 4", 13, "syntax-error", ["comma before `discard`"]),
    ("ann draw 8", 5, "syntax-error", ["colon", "`ann: draw"]),
    ("deel ann 4 5", 1, "syntax-error", ["`deel`", "did you mean `deal`"]),
    ("1. e4 e5", 1, "syntax-error", ["`1.`", "does not start a line"]),
    ("ann: Draw 8", 6, "syntax-error", ["not an action", "did you mean `draw`"]),  # a word is a family's
    ("ann: 8, discard 4", 6, "syntax-error", ["`8`", "`draw 8`"]),
    ("ann: draw 8, meld [7 7 7, discard 4", 25, "syntax-error", ["close the meld with `]`"]),
    ("ann: draw 8, meld 7 7 7", 19, "syntax-error", ["square brackets", "`meld [7 7 7]"]),
    ("ann: meld [7 7 7", 17, "syntax-error", ["not closed", "`]`"]),
    ("ann: meld []", 12, "syntax-error", ["needs its cards"]),
    ("ann: meld [7 7 [7]]", 16, "syntax-error", ["not nested"]),
    ("ann: draw 8 ]", 13, "syntax-error", ["closes no meld"]),
    ("ann: draw 8 [7 7 7]", 13, "syntax-error", ["`meld`"]),
    ("ann: draw 8, discard 4 5", 22, "syntax-error", ["one card", "`4 5`"]),
    ("ann: take 9", 12, "syntax-error", ["`take 9 with [9 9]`", "`take 9 onto 9`"]),
    ("ann: take 9 9 with [9]", 11, "syntax-error", ["one card", "the up card"]),
    ("ann: take 9 with", 17, "syntax-error", ["cards from the hand"]),
    ("ann: add [Q] Q", 14, "syntax-error", ["after `to`"]),
    ("ann: add [Q] to", 16, "syntax-error", ["by its rank"]),
    ("ann: add [7] to 3", 17, "syntax-error", ["`3`", "S"]),
    ("ann: add [7] to 10-4", 17, "syntax-error", ["`10-4`", "not a sequence", "`5-9`"]),
    ("ann: add [7] to 4-5", 17, "syntax-error", ["not a sequence"]),
    ("ann: add [7] to q", 17, "syntax-error", ["capitals", "`Q`"]),
    ("ann: add [7] to Q#", 17, "syntax-error", ["set number", "`Q#2`"]),
    ("ann: add [7] to Q#0", 17, "syntax-error", ["numbered from 1"]),
    ("ann: add [7] to B", 17, "syntax-error", ["`B` names no meld"]),
    ("ann: ask maybe", 10, "syntax-error", ["`yes` or `no`"]),
    ("ann: draw 8,, discard 4", 13, "syntax-error", ["two commas"]),
    ("ann: draw 8,", 13, "syntax-error", ["after a comma"]),
    ("ann:", 5, "syntax-error", ["actions", "`ann: draw 8"]),
    ("ann: out 4", 10, "syntax-error", ["`4` is left over", "comma"]),
    ("ann: draw 8 {comment", 13, "syntax-error", ["`{`", "not closed", "`}`"]),
    ("up: draw 7", 1, "syntax-error", ["`up`", "cannot be a player's name"]),
    ('[Event "x', 8, "syntax-error", ['closing `"`']),
    ("[Event x]", 8, "syntax-error", ["double quotes"]),
    ("[Event]", 7, "syntax-error", ["double quotes"]),
    ('[Event "x"', 11, "syntax-error", ["close the tag with `]`"]),
    ('[Event "x"] more', 13, "syntax-error", ["`more`", "stands alone"]),
    ("[7 7 7]", 2, "syntax-error", ["tag", "a meld is written in a turn"]),
    ("hand one dealer dee", 6, "syntax-error", ["number the hand", "`hand 1 dealer dee`"]),
    ("hand 1", 7, "syntax-error", ["name the dealer"]),
    ("hand 1 dealer", 14, "syntax-error", ["name the dealer"]),
    ("hand 1 dealer dee sitout", 25, "syntax-error", ["sit out"]),
    ("hand 1234567890123 dealer a", 6, "syntax-error", ["too large"]),
    ("deal ann", 9, "syntax-error", ["write the cards", "`deal ann"]),
    ("deal", 5, "syntax-error", ["name the player"]),
    ("score ann 10 bob", 17, "syntax-error", ["points", "`score ann+cid 120"]),
    ("score 10", 7, "syntax-error", ["name the side"]),
    ("total ann+cid 99999999999", 15, "syntax-error", ["too large"]),
    ("stock 40", 7, "syntax-error", ["`stock 40 cards`"]),
    ("stock 4 5 cards", 7, "syntax-error", ["`stock 40 cards`", "`stock K 5 9`"]),
    ("stock 40 cards more", 16, "syntax-error", ["`more` is left over"]),
    ("table ann [7 7 7] B [8 8 8]", 21, "syntax-error", ["melds come before"]),
    ("ann: draw\u00a08", 10, "syntax-error", ["U+00A0", "ordinary spaces"]),
    ("ann: draw 8\x00", 12, "syntax-error", ["control character", "U+0000"]),
]

# What Lark calls things: a message must never show them.
TOKEN_NAMES = re.compile(r"\b(?:[A-Z]+_[A-Z_]+|LSQB|RSQB|COLON|COMMA|NAME|SIDE|INT|STRING|MELD_REF|ANSWER)\b|\$END")


@pytest.mark.parametrize(("text", "column", "code", "words"), ERRORS, ids=[e[0] for e in ERRORS])
def test_syntax_findings_say_where_what_and_what_to_write(text: str, column: int, code: str, words: list[str]) -> None:
    [game] = parse_text(f'[Event "x"]\n{text}\n')
    [finding] = game.findings
    assert (finding.line, finding.column, finding.code) == (2, column, code)
    assert finding.severity is Severity.ERROR
    assert finding.rule.startswith("Notation (")
    for word in words:
        assert word in finding.message
    assert not TOKEN_NAMES.search(finding.message), finding.message


def test_notation_error_carries_column_and_code() -> None:
    with pytest.raises(NotationError) as caught:
        parse_line("ann: draw 8, discard Z")
    assert (caught.value.column, caught.value.code) == (22, "unknown-card")


# (record, line, column, words)
PLACEMENT = [
    ("ann: draw 7", 1, 1, ["`hand 1 dealer NAME`"]),
    ("hand 1 dealer a\ndeal a 4\nsummary a melded 5", 3, 1, ["moves or by its summary, not both"]),
    ("hand 1 dealer a\nsummary a melded 5\nup 9", 3, 1, ["cannot follow the summary (line 2)"]),
    ("hand 1 dealer a\nsummary a melded 5\na: draw 5", 3, 1, ["cannot follow the summary (line 2)"]),
    ("hand 1 dealer a\nann: draw 7", 2, 1, ["before the hand's deal"]),
    ("hand 1 dealer a\ndeal a 4\n  pile 4", 3, 3, ["position block"]),
    ("hand 1 dealer a\ntotal a 1\ntotal a 1", 3, 1, ["already given on line 2"]),
    ("hand 1 dealer a\ndeal a 4\nup 9\nup 9", 4, 1, ["already given on line 3"]),
    ("hand 1 dealer a\ndeal a 4\nup 9\ndeal b 5", 4, 1, ["before the up card (line 3)"]),
    ("hand 1 dealer a\nup 9", 2, 1, ["after the `deal` lines"]),
    ("hand 1 dealer a\ndeal a 4\nup 9\na: draw 5\nstock 4", 5, 1, ["before the hand's first turn (line 4)"]),
    ("hand 1 dealer a\ndeal a 4\nstock 4\nstock 5", 4, 1, ["already given on line 3"]),
    ("hand 1 dealer a\ndeal a 4\nstock 4 cards", 3, 1, ["belongs in a position"]),
    ("hand 1 dealer a\ndeal a 4\nup 9\nscore a 1\na: draw 5", 5, 1, ["score line (line 4)", "next hand"]),
    ("hand 1 dealer a\nposition\ndeal a 5", 3, 1, ["`hold NAME cards`"]),
    ("hand 1 dealer a\nposition\nup 5", 3, 1, ["`pile cards`"]),
    ("hand 1 dealer a\nposition\npile 4\npile 5", 4, 1, ["already given", "line 3"]),
    ("hand 1 dealer a\nposition\nposition", 3, 1, ["already started on line 2"]),
    ("hand 1 dealer a\ndeal a 4\nposition", 3, 1, ["deal or from a position"]),
    ("hand 1 dealer a\nposition\nstock 4 cards\nstock 5 cards", 4, 1, ["already given on line 3"]),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), PLACEMENT, ids=[p[0] for p in PLACEMENT])
def test_statements_out_of_place(text: str, line: int, column: int, words: list[str]) -> None:
    [game] = parse_text(text)
    [finding] = game.findings
    assert (finding.line, finding.column, finding.code) == (line, column, "out-of-place")
    for word in words:
        assert word in finding.message


# --- games and hands ------------------------------------------------------------------------------

RECORD = """\
; A note before the first tag
[Event "Club"]
[Rules "caliente"]

hand 1 dealer dee
total ann+cid 0 bob+dee 0
deal ann 4 5 7 7 9 J Q K A 2 S
deal bob 5 6 8 8 10 10 J K A X S
stock 9 4 7 8
dee: bonus B, draw 7   ; replaced
up 4
ann: draw 8, meld [7 7 7], discard 4
score ann+cid -45 bob+dee 1190

hand 2 dealer ann
position
hold ann 4 5
foot ann 6 6
table ann+cid [7 7 7] B
pile 4 9
stock 40 cards
melded ann
turn bob
bob: pass
"""


def test_a_game_is_assembled_into_hands() -> None:
    [parsed] = parse_text(RECORD)
    assert parsed.findings == []
    game = parsed.game
    assert game.tag("rules") == "caliente" and game.tag("EVENT") == "Club"
    first, second = game.hands
    assert first.number == 1 and first.start.dealer == "dee"
    assert [d.player for d in first.deals] == ["ann", "bob"]
    assert first.totals_before.entries[1].points == 0
    assert first.stock.cards == ("9", "4", "7", "8")
    assert [t.player for t in first.setup_turns] == ["dee"]
    assert first.up.cards == ("4",)
    assert [t.player for t in first.turns] == ["ann"]
    assert first.declared[0].kind == "score"
    position = second.position
    assert position is not None and second.deals == () and second.up is None
    assert position.holdings[0].cards == ("4", "5") and position.feet[0].foot
    assert position.tables[0].laid == ("B",)
    assert position.pile.cards == ("4", "9") and position.stock.count == 40
    assert position.melded.players == ("ann",) and position.to_play.player == "bob"
    assert second.turns[0].actions == (Pass(),)


def test_comments_are_kept_with_their_statements() -> None:
    [parsed] = parse_text(RECORD)
    game = parsed.game
    assert game.tags[0].notes == ("A note before the first tag",)
    assert game.hands[0].setup_turns[0].remark == "replaced"


def test_several_games_and_a_broken_one_between_them() -> None:
    text = RECORD + '\n[Event "Broken"]\nhand 1 dealer ann\ndeal ann 4 4 Z\n\n' + RECORD
    games = parse_text(text)
    assert [g.index for g in games] == [1, 2, 3]
    assert [g.game.tag("event") for g in games] == ["Club", "Broken", "Club"]
    assert [g.malformed for g in games] == [False, True, False]
    assert games[1].findings[0].code == "unknown-card"
    assert games[2].game == games[0].game
    assert games[2].game.tags[0].notes == ("A note before the first tag",)
    # every line belongs to exactly one game
    spans = [(g.first_line, g.last_line) for g in games]
    assert spans[0][0] == 1 and spans[-1][1] == text.count("\n")
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(spans))


def test_a_new_game_starts_only_at_a_tag_after_hands() -> None:
    games = parse_text('[A "1"]\n[B "2"]\nhand 1 dealer x\n[C "3"]\nhand 1 dealer y\n')
    assert [len(g.game.tags) for g in games] == [2, 1]


def test_tags_after_the_hands_are_a_warning() -> None:
    _first, second = parse_text('[Event "e"]\nhand 1 dealer x\n[Result "x"]\n')
    assert second.game.hands == ()
    [warning] = second.findings
    assert warning.code == "tags-after-hands" and warning.severity is Severity.WARNING
    assert not second.malformed


def test_an_empty_source_is_one_empty_game() -> None:
    [parsed] = parse_text("")
    assert parsed.game.tags == () and parsed.findings == []


def test_streams_and_bytes_read_alike() -> None:
    import io

    as_text = [g.game for g in parse(io.StringIO(RECORD))]
    assert as_text == [g.game for g in parse(RECORD.encode())] == [g.game for g in parse(io.BytesIO(RECORD.encode()))]


def test_a_byte_order_mark_and_crlf_are_read() -> None:
    [parsed] = parse_text("\ufeff" + RECORD.replace("\n", "\r\n"))
    assert parsed.findings == []
    assert parsed.game == parse_text(RECORD)[0].game


# --- limits -----------------------------------------------------------------------------------------


def test_max_errors_lists_the_first_and_counts_the_rest() -> None:
    [parsed] = parse_text("[\n" * 30, Limits(max_errors=5))
    assert len(parsed.findings) == 6
    assert parsed.findings[-1].code == "too-many-errors" and "25 more lines" in parsed.findings[-1].message


def test_max_games_stops_with_a_finding() -> None:
    games = parse_text('[A "b"]\nhand 1 dealer a\n' * 5, Limits(max_games=3))
    assert len(games) == 4
    assert [g.malformed for g in games] == [False, False, False, True]
    [finding] = games[-1].findings
    assert finding.code == "too-many-games" and finding.line == 7
    assert games[-1].game.hands == () and games[-1].first_line == 7


def test_max_line_chars() -> None:
    [parsed] = parse_text("ann: draw " + "7 " * 50 + "\nfoo\n", Limits(max_line_chars=40))
    assert [(f.line, f.code) for f in parsed.findings] == [(1, "line-too-long"), (2, "syntax-error")]


def test_max_bytes_stops_reading() -> None:
    [parsed] = parse_text('[A "b"]\n' * 100, Limits(max_bytes=50))
    assert parsed.findings[-1].code == "record-too-large"
    assert len(parsed.game.tags) == 6


# --- the caret excerpt ------------------------------------------------------------------------------


def test_excerpt_points_at_the_column() -> None:
    assert excerpt("ann: draw 8 discard 4", 13) == "ann: draw 8 discard 4\n            ^"
    assert excerpt("abc", 4) == "abc\n   ^"
    assert excerpt("abc", 0) == "abc\n^"


def test_excerpt_keeps_tabs_and_hides_control_characters() -> None:
    assert excerpt("\tann:\x00 x", 8) == "\tann:? x\n\t      ^"


def test_excerpt_of_wide_characters_lines_up() -> None:
    assert excerpt("漢字: x", 5) == "漢字: x\n      ^"


def test_excerpt_cuts_a_long_line_around_the_column() -> None:
    line = "x" * 500 + "!" + "y" * 500
    text, caret = excerpt(line, 501, width=40).split("\n")
    assert text.startswith("…") and text.endswith("…") and len(text) == 42
    assert text[caret.index("^")] == "!"
