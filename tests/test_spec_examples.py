"""docs/notation.md and the code stay in step: every `acn` example parses with no finding, every
`acn-error` example produces an error, and the spec's version, limits, codes and grammar words
match the implementation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbiter.notation import DEFAULT_LIMITS, NOTATION_VERSION, SECTIONS, parse_text

ROOT = Path(__file__).parent.parent
SPEC = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
GRAMMAR = (ROOT / "grammar" / "canasta.lark").read_text(encoding="utf-8")
BLOCKS = [
    (m.group(1), m.group(2), SPEC[: m.start()].count("\n") + 1)
    for m in re.finditer(r"```(acn(?:-error)?)\n(.*?)```", SPEC, re.S)
]
EXAMPLES = [(text, line) for kind, text, line in BLOCKS if kind == "acn"]
ERRORS = [(text, line) for kind, text, line in BLOCKS if kind == "acn-error"]


def test_the_spec_has_examples() -> None:
    assert len(EXAMPLES) >= 15 and len(ERRORS) >= 4


@pytest.mark.parametrize(("text", "line"), EXAMPLES, ids=[f"line {line}" for _, line in EXAMPLES])
def test_every_example_parses_with_no_finding(text: str, line: int) -> None:
    findings = [(f.line + line, f.message) for g in parse_text(text) for f in g.findings]
    assert findings == []


@pytest.mark.parametrize(("text", "line"), ERRORS, ids=[f"line {line}" for _, line in ERRORS])
def test_every_error_example_is_an_error(text: str, line: int) -> None:
    assert any(f.is_error for g in parse_text(text) for f in g.findings)


def test_the_version() -> None:
    assert SPEC.startswith(f"# Arbiter Canasta Notation (ACN) {NOTATION_VERSION}\n")
    assert f"version {NOTATION_VERSION}" in GRAMMAR


def test_the_limits_table_gives_the_defaults() -> None:
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(max_\w+)`[^|]*\| ([^|]+) \|", SPEC, re.M)}
    assert rows.keys() == {"max_bytes", "max_line_chars", "max_games", "max_errors"}
    assert rows["max_bytes"] == f"{DEFAULT_LIMITS.max_bytes // 2**20} MiB"
    assert rows["max_line_chars"] == f"{DEFAULT_LIMITS.max_line_chars:,} characters"
    assert rows["max_games"] == f"{DEFAULT_LIMITS.max_games:,}"
    assert rows["max_errors"] == f"{DEFAULT_LIMITS.max_errors:,}"


def test_every_finding_code_is_documented() -> None:
    for code in SECTIONS:
        assert f"`{code}`" in SPEC, code


def test_every_word_of_the_grammar_is_in_the_spec_grammar() -> None:
    ebnf = re.search(r"```ebnf\n(.*?)```", SPEC, re.S).group(1)
    for word in set(re.findall(r'"([a-z]+)"', GRAMMAR)):
        assert f'"{word}"' in ebnf, word
