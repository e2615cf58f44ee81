"""The canonical formatter: exact output, comments kept, broken games copied, and the round-trip
properties (parse(fmt(x)) == parse(x), fmt(fmt(x)) == fmt(x)) over the samples and generated
records."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import files, games

from arbiter import format_game, format_source
from arbiter.notation import Limits, parse_text

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))


def games_of(text: str) -> list:
    return [g.game for g in parse_text(text)]


MESSY = """\
;   A note before the tags
[Event   "Club \\"night\\""]   {an event}
[Rules "hoyle"]
hand 1 dealer bob
   deal ann R3 4 6 7 7 9 J J Q A A 2 K 10 B3
deal bob 5 5 8 8 8 9 10 Q Q K JK 6 4 B3 7 ; bob's
ann:bonus R3,draw 5
up   K
ann: draw 9 , meld [ A A 2 ]  [7 7 7],discard 4
bob: take 9 with 9 9 and [K K K], add Q 2 to Q#2, ask no, discard T
score ann   +60 bob -20
hand 2 dealer ann
total ann 60 bob -20
position
table ann [K K K] R3
hold bob
turn bob
stock 12 cards
pile 4 JK
bob: pass
; the end
"""

CANONICAL = """\
;   A note before the tags
[Event "Club \\"night\\""]  ; an event
[Rules "hoyle"]

hand 1 dealer bob
deal ann B 4 6 7 7 9 J J Q A A 2 K 10 S
deal bob 5 5 8 8 8 9 10 Q Q K X 6 4 S 7   ; bob's
ann: bonus B, draw 5
up K
ann: draw 9, meld [A A 2] [7 7 7], discard 4
bob: take 9 with [9 9] and [K K K], add [Q 2] to Q#2, ask no, discard 10
score ann 60 bob -20

hand 2 dealer ann
total ann 60 bob -20
position
hold bob
table ann [K K K] B
pile 4 X
stock 12 cards
turn bob
bob: pass
; the end
"""


def test_canonical_form() -> None:
    text, findings = format_source(MESSY)
    assert findings == []
    assert text == CANONICAL
    assert format_source(CANONICAL) == (CANONICAL, [])
    assert games_of(CANONICAL) == games_of(MESSY)


def test_format_game_prints_one_game() -> None:
    [parsed] = parse_text(MESSY)
    # Without the source text there is no layout to keep: comments as `; text`, two spaces after
    # their statement, the closing comments after a blank line.
    plain = (
        CANONICAL.replace(";   A note", "; A note")
        .replace("S 7   ; bob's", "S 7  ; bob's")
        .replace("pass\n; the end", "pass\n\n; the end")
    )
    assert format_game(parsed.game) == plain


def test_an_empty_record_formats_to_nothing() -> None:
    assert format_source("") == ("", [])
    assert format_source("\n\n  \n") == ("", [])


def test_comment_only_record_keeps_its_comments() -> None:
    assert format_source(";a\n\n{b}\n") == ("; a\n\n; b\n", [])


def test_games_are_separated_by_one_blank_line() -> None:
    text, _ = format_source('[A "1"]\nhand 1 dealer x\n\n\n\n[B "2"]\nhand 1 dealer y')
    assert text == '[A "1"]\n\nhand 1 dealer x\n\n[B "2"]\n\nhand 1 dealer y\n'


BROKEN = """\
[Event "good"]
hand 1 dealer x
deal x  4  5

; about the broken game
[Event "broken"]
hand 1 dealer x
deal x 4 Z   ; a card that is not one
x:  draw   5

[Event   "good again"]
hand 1 dealer y
"""


def test_a_game_with_syntax_errors_is_copied_as_written() -> None:
    text, findings = format_source(BROKEN)
    assert [(f.line, f.code) for f in findings] == [(8, "unknown-card")]
    assert text == (
        '[Event "good"]\n\nhand 1 dealer x\ndeal x 4 5\n\n'
        '; about the broken game\n[Event "broken"]\nhand 1 dealer x\ndeal x 4 Z   ; a card that is not one\n'
        'x:  draw   5\n\n[Event "good again"]\n\nhand 1 dealer y\n'
    )
    assert format_source(text)[0] == text
    assert [f.code for f in format_source(text)[1]] == ["unknown-card"]


def test_lines_that_are_not_utf8_are_copied_with_a_replacement_character() -> None:
    text, findings = format_source(b'[A "1"]\nhand 1 dealer x\n\xff\xfe bad\n')
    assert [f.code for f in findings] == ["not-utf8"]
    assert text == '[A "1"]\nhand 1 dealer x\n\ufffd\ufffd bad\n'


def test_a_record_over_the_size_limit_is_refused() -> None:
    text, findings = format_source('[A "1"]\n' * 100, Limits(max_bytes=50))
    assert text == ""
    assert [f.code for f in findings] == ["record-too-large"]
    assert format_source(io.BytesIO(b"x" * 60), Limits(max_bytes=50))[0] == ""


def test_games_past_the_limit_are_copied_unread() -> None:
    source = "".join(f'[N  "{i}"]\nhand 1 dealer x\n' for i in range(4))
    text, findings = format_source(source, Limits(max_games=2))
    assert findings[-1].code == "too-many-games"
    assert (
        text
        == '[N "0"]\n\nhand 1 dealer x\n\n[N "1"]\n\nhand 1 dealer x\n\n[N  "2"]\nhand 1 dealer x\n[N  "3"]\nhand 1 dealer x\n'
    )


def test_streams_of_text_and_bytes() -> None:
    assert format_source(io.StringIO(MESSY))[0] == CANONICAL
    assert format_source(io.BytesIO(MESSY.encode()))[0] == CANONICAL
    assert format_source(MESSY.encode())[0] == CANONICAL


def test_a_text_stream_that_is_not_utf8_is_a_finding() -> None:
    stream = io.TextIOWrapper(io.BytesIO(b"\xff\xfe"), encoding="utf-8")
    text, findings = format_source(stream)
    assert text == "" and [f.code for f in findings] == ["not-utf8"]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_samples_round_trip(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    text, findings = format_source(source)
    assert findings == []
    assert games_of(text) == games_of(source)
    assert format_source(text) == (text, [])
    # every comment survives
    assert sum(line.count(";") for line in text.splitlines()) >= source.count("\n;")


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_is_in_canonical_form(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert format_source(source) == (source, [])


HAND_WRITTEN = """\
[Event "Club night"]               ; aligned by hand
[Rules "caliente"]

hand 1 dealer ann                  ; bob plays first
deal ann 4 4 6 6 8 9 Q Q A A S
up 9                               ; the first up card


; the turns of the first round:
;   bob, cid, dee, then ann
;
bob: draw 5, discard 9
cid: draw 9, discard 4       ; a short gap is kept too

dee: draw K, discard K
; the end
"""


def test_a_hand_written_record_keeps_its_blank_lines_and_comment_columns() -> None:
    text, findings = format_source(HAND_WRITTEN)
    assert findings == []
    # the two blank lines after `up 9` are made one; nothing else moves
    assert text == HAND_WRITTEN.replace("card\n\n\n;", "card\n\n;")


def test_a_comment_that_no_longer_fits_moves_two_spaces_after_its_statement() -> None:
    written = (
        "hand 1 dealer ann\ndeal ann 4 ; one space\nup 9\nann:draw 7,discard 4 ; tight\nbob: draw 8        ; roomy\n"
    )
    text, findings = format_source(written)
    assert findings == []
    canonical = "hand 1 dealer ann\ndeal ann 4  ; one space\nup 9\nann: draw 7, discard 4  ; tight\nbob: draw 8        ; roomy\n"
    assert text == canonical


def test_a_semicolon_inside_a_tag_value_is_no_comment_column() -> None:
    text, _ = format_source('[Event "a; b"]      ; the event\n')
    assert text == '[Event "a; b"]      ; the event\n'


def comments(parsed_games: list) -> list:
    """Every comment of some games, in order, with the statement it belongs to."""
    out = []
    for game in parsed_games:
        for tag in game.tags:
            out.append((tag.notes, tag.remark))
        for hand in game.hands:
            for st_ in (hand.start, *hand.deals, *hand.turns, *hand.declared):
                out.append((st_.notes, st_.remark))
        out.append(game.trailing.notes if game.trailing else None)
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_generated_games_round_trip(game) -> None:
    text = format_game(game)
    [parsed] = parse_text(text)
    assert parsed.findings == []
    assert parsed.game == game
    assert comments([parsed.game]) == comments([game])
    assert format_game(parsed.game) == text


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files())
def test_generated_files_round_trip(record) -> None:
    source = "\n".join(format_game(game) for game in record)
    text, findings = format_source(source)
    assert [f for f in findings if f.is_error] == []
    assert games_of(text) == record
    assert format_source(text)[0] == text


LAYOUT_NOISE = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 30)), min_size=1, max_size=60)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(files(), LAYOUT_NOISE)
def test_a_laid_out_record_formats_to_the_same_games_and_stays_put(record, noise) -> None:
    """Blank lines and comment columns chosen by a writer: the games read the same, and a
    second formatting changes nothing."""
    lines = "\n".join(format_game(game) for game in record).split("\n")
    laid_out = []
    for i, line in enumerate(lines):
        blanks, pad = noise[i % len(noise)]
        laid_out += [""] * blanks
        laid_out.append(line.replace("  ; ", " " * (2 + pad) + "; ", 1))
    source = "\n".join(laid_out)
    text, findings = format_source(source)
    assert [f for f in findings if f.is_error] == []
    assert games_of(text) == games_of(source) == record
    assert format_source(text)[0] == text  # (warnings move up with the blank lines made one)
    assert "\n\n\n" not in text


# Whatever the text, formatting is stable: a second pass changes nothing.
FRAGMENTS = st.sampled_from(
    [
        '[Event "x"]',
        "hand 1 dealer ann",
        "deal ann 4 5 6",
        "up 9",
        "ann: draw 7, discard 4",
        "ann: take 9 with [9 9]",
        "score ann 10",
        "total ann 5",
        "position",
        "hold ann 4",
        "pile 4",
        "stock 4 cards",
        "; note",
        ";   a note going on",
        ";",
        "ann: draw 7, discard 4          ; aligned",
        "ann: draw 7 {x} ; y",
        "{x}",
        "",
        "bad",
        "[",
        "deal ann Z",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(FRAGMENTS, max_size=14).map("\n".join))
def test_formatting_any_record_is_stable(source: str) -> None:
    text, findings = format_source(source)
    again, refound = format_source(text)
    assert again == text
    assert [f.code for f in refound] == [f.code for f in findings]  # the lines may move, not the problems


SUMMARISED = """[Rules "caliente"]
[Seats "ann bob cid dee"]

hand 1 dealer dee
summary   ann+cid natural 1  mixed 1 bonus 1 melded 420 out   ; ann went out
summary bob+dee mixed 1 melded 260 left 45
score ann+cid 1420 bob+dee 515
"""


def test_a_summarised_hand_is_printed_with_single_spaces_and_its_words_as_written() -> None:
    text, findings = format_source(SUMMARISED)
    assert findings == []
    assert "summary ann+cid natural 1 mixed 1 bonus 1 melded 420 out      ; ann went out\n" in text  # its column kept
    assert "summary bob+dee mixed 1 melded 260 left 45\n" in text
    assert format_source(text) == (text, [])
    assert games_of(text) == games_of(SUMMARISED)


def test_a_summary_line_reads_as_its_side_and_categories() -> None:
    [parsed] = parse_text(SUMMARISED)
    [hand] = parsed.game.hands
    assert hand.summarised and hand.deals == () and hand.turns == ()
    first = hand.summaries[0]
    assert first.side == "ann+cid"
    assert [(item.word, item.count) for item in first.items] == [
        ("natural", 1),
        ("mixed", 1),
        ("bonus", 1),
        ("melded", 420),
        ("out", None),
    ]
