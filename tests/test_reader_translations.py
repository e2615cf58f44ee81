"""The reader's findings in every language: each message a Text whose every template the `notation`
catalogue of es, pt and it translates, for every reader code, from the malformed lines the reader's
own tests use, the samples, and records that pass each of the reader's limits (with the findings on
the families' own actions, `arbiter.notation.family_words`, which the checker adds)."""

from __future__ import annotations

import importlib.util
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from test_notation import ERRORS, PLACEMENT

import arbiter
from arbiter import notation
from arbiter.i18n import LANGUAGES, Text, Translator
from arbiter.notation import DEFAULT_LIMITS, Limits, Source, family_word_findings, parse
from arbiter.rulings import Finding

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.acn"))
OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]

# Lines the reader's tests above do not write, each reaching another of its explanations.
MORE_LINES = [
    "ann: Drw 8",  # not a word, and no action: the reader's own explanation
    "zzzz ann",  # a first word that starts no line, with no suggestion
    "ann: draw Q, discard 4 5 6",
    "ann: take 9 onto 9 and [K K]",
    "ann: take 9 with [9",
    "ann: take 9 9 onto 9",
    "ann: draw 8, ask",
    "ann: meld [7 7 7] junk",
    "ann: draw 77",
    "ann: draw deuce",
    "ann: draw 2345",
    "ann: draw 7h Xh",  # ACN 1.3: a joker has no suit
    "ann: draw Bc",  # a red three of clubs
    "ann: draw 7H",  # a suit in capitals
    "summary ann melded 12345678901",  # a summary's count too large
    "ann: draw 0",
    "ann: add [7] to",
    "ann: add [7] to 4-",
    "ann: draw 8 ; fine",
    "ann: draw 8\u200b",
    "[Event \u00a0 x]",
    "[7 7 7]",
    '[Event "x"] [Site "y"]',
    "[Event",
    "hand 1 dealer ann ann",
    "hand 1 dealer",
    "deal ann 4 5 [7 7 7]",
    "foot ann",
    "up",
    "stock",
    "stock cards",
    "stock x cards",
    "stock 99999999999 cards",
    "hold",
    "table",
    "table ann+cid [7 7 7] B [K K K]",
    "pile [4]",
    "score",
    "score ann+cid",
    "total ann+cid 12 bob",
    "melded 4",
    "turn",
    "position extra",
    "hand 1 dealer dee sitout",
    "hand",
    "hand 12345678901 dealer ann",
    '["x"]',
    *(f"ann: draw {word}" for word in ("ace", "king", "queen", "jack", "ten", "Bonus", "stop")),
]

# Whole records, each reaching a reader code the single lines above cannot: a file limit, a tag
# after the hands, a placement.
RECORDS: list[tuple[bytes | str, Limits]] = [
    (b'[Event "x"]\nhand 1 dealer ann\nann: draw \xff\n', Limits()),
    ('[Event "x"]\n' + "ann: draw 8, " * 40 + "discard 4\n", Limits(max_line_chars=100)),
    ('[Event "x"]\n' * 50, Limits(max_bytes=200)),
    ('[Event "a"]\nhand 1 dealer ann\n[Event "b"]\nhand 1 dealer ann\n', Limits(max_games=1)),
    ('[Event "x"]\nann: Dra 8\nann: Dra 8\nann: Dra 8\n', Limits(max_errors=1)),
    ('[Event "x"]\nann: Dra 8\nann: Dra 8\n', Limits(max_errors=1)),
    ('[Event "a"]\nhand 1 dealer ann\n[Event "b"]\n', Limits()),
    ('[Event "x"]\nhand 1 dealer a\ndeal a 4\nup 9\nturn a\n', Limits()),
    # the families' actions in a hand's turns: a word misspelt (with a suggestion), a word that is
    # no action at all, a family's word with cards it does not take, and without those it does
    ('[Event "x"]\nhand 1 dealer a\ndeal a 4\nup 9\na: drow 4\na: zzz\na: caliente 4\na: draw 8, special\n', Limits()),
    ('[Event "x"]\nhand 1 dealer a\nposition\nhold a 4\nturn a\nturn a\n', Limits()),
    ('[Event "x"]\nhand 1 dealer a\nposition\nstock 4 5\nstock 4\n', Limits()),
    ('[Event "x"]\nhand 1 dealer a\ndeal a 4\nup 9\nstock 4\nstock 5\n', Limits()),
]


def findings_of(source: Source, limits: Limits = DEFAULT_LIMITS) -> Iterator[Finding]:
    """The reader's findings, and those of the families' actions as the checker holds them."""
    for game in parse(source, limits):
        yield from game.findings
        yield from family_word_findings(game.game, arbiter.families.WORDS)


def every_reader_finding() -> Iterator[Finding]:
    for text, *_ in ERRORS:
        yield from findings_of(f'[Event "x"]\n{text}\n')
    for text in MORE_LINES:
        yield from findings_of(f'[Event "x"]\n{text}\n')
    for text, *_ in PLACEMENT:
        yield from findings_of(text)
    for source, limits in RECORDS:
        yield from findings_of(source, limits)
    for sample in SAMPLES:
        yield from findings_of(sample.read_bytes())
    yield from findings_of(io.TextIOWrapper(io.BytesIO(b'[Event "x"]\n\xff\xfe\n'), encoding="utf-8"))


def failing_reader(text: str, line: int, accelerated: bool) -> None:
    raise RuntimeError("a fault put in on purpose")


@pytest.fixture(scope="module")
def findings() -> list[Finding]:
    found = list(every_reader_finding())
    # The one code a record cannot reach: a fault of the arbiter's own while it reads a line (one
    # Lark reads, a turn with a comment in it). Lark is called through the reader's module: the
    # compiled reader (setup.py) calls its own functions directly, and those of other modules by name.
    patch = pytest.MonkeyPatch()
    patch.setattr(sys.modules["arbiter.notation.reading"], "read_with_lark", failing_reader)
    try:
        found += findings_of('[Event "x"]\nann: draw 8 {a fault}\n')
    finally:
        patch.undo()
    return found


def messages_tool() -> ModuleType:
    """tools/messages.py, which extracts each domain's templates from the code."""
    spec = importlib.util.spec_from_file_location("messages_tool", ROOT / "tools" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def templates(text: Text) -> Iterator[str]:
    """The English templates a Text is said from: its own and those of the Texts it holds."""
    yield text.msgid
    for value in text.params.values():
        if isinstance(value, Text):
            yield from templates(value)


def test_the_walk_reaches_every_reader_code(findings: list[Finding]) -> None:
    assert {f.code for f in findings} == set(notation.SECTIONS)


def test_every_reader_message_is_a_text(findings: list[Finding]) -> None:
    assert [f.message for f in findings if not isinstance(f.message, Text)] == []


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_reader_finding_reads_whole_in_each_language(findings: list[Finding], language: str) -> None:
    say = Translator(language)
    for finding in findings:
        assert say.unknown(finding.message) == [], finding.message
        said = say(finding.message)
        assert said != finding.message, finding.message
        assert "{" not in said.replace("`{`", "") and "}" not in said.replace("`}`", ""), said


def test_english_is_the_message_itself(findings: list[Finding]) -> None:
    say = Translator("en")
    assert all(say(f.message) == f.message and type(say(f.message)) is str for f in findings)


def test_the_walk_says_nearly_every_template_of_the_reader(findings: list[Finding]) -> None:
    """Every template the reader has comes up in the walk, so that each one is read in every
    language above: all but three no line can reach (a line Lark rejects with neither of its two
    errors, a statement no placement rule files, a line that ends early where nothing else explains
    it), kept so that a change of the grammar still gets a message."""
    said = {msgid for f in findings for msgid in templates(f.message)}
    written = {m.id if isinstance(m.id, str) else m.id[0] for m in messages_tool().template("notation") if m.id}
    unreachable = {
        "this line is not notation: {kinds}",
        "`{word}` cannot stand inside a hand",
        "the line ends too early",
    }
    assert written - said == unreachable


def test_numbers_are_grouped_as_each_language_writes_them() -> None:
    [game] = parse('[Event "x"]\n' + "ann: Dra 8\n" * 1002, Limits(max_errors=1))
    last = game.findings[-1]
    assert last.code == "too-many-errors" and last.message.startswith("1,001 more lines")
    assert Translator("it")(last.message).startswith("altre 1.001 righe")
    assert Translator("es")(last.message).startswith("1.001 líneas más")


def test_a_remembered_explanation_keeps_its_template() -> None:
    """A line explained once is remembered; the finding made from the memory is as translatable."""
    notation.forget_lines()
    first = next(findings_of('[Event "x"]\nann: Drow 4\n'))
    again = next(findings_of('[Event "x"]\nann: Drow 4\n'))
    assert isinstance(again.message, Text) and again.message.msgid == first.message.msgid
    assert Translator("pt")(again.message) == Translator("pt")(first.message) != first.message
