"""The illegal Caliente samples (samples/caliente-illegal-*.acn): each shows one dispute, says so
in its opening comment, and is judged illegal with the rule it names, at the line it is about."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import arbiter
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"

# sample name: (the code of its first error, its line, words of the remedy or None)
EXPECTED = {
    "frozen-pile-taken-with-wild": ("take-frozen", 19, "restored and bob+dee loses 50"),
    "short-first-meld": ("first-meld-minimum", 17, "rises by 10"),
    "going-out-without-canasta": ("go-out-canasta", 17, None),
    "wrong-declared-score": ("score-mismatch", 27, None),
    "first-take-short-of-minimum": ("take-initial", 19, "restored and bob+dee loses 50"),
    "replacement-for-pile-bonus": ("bonus-replacement", 16, None),
    "hand-after-game-over": ("game-over", 10, None),
    "caliente-card-on-exhausted-stock": ("caliente-card", 20, None),
    "foot-dealt": ("deal-packet", 14, None),
}


def test_every_illegal_sample_has_its_expected_ruling():
    assert sorted(p.name for p in SAMPLES.glob("caliente-illegal-*")) == sorted(
        f"caliente-illegal-{name}.acn" for name in EXPECTED
    )


@pytest.mark.parametrize("name", EXPECTED)
def test_an_illegal_sample_is_judged_illegal_by_the_rule_it_shows(name):
    code, line, remedy = EXPECTED[name]
    text = (SAMPLES / f"caliente-illegal-{name}.acn").read_text(encoding="utf-8")
    assert text.startswith("; Dispute: "), "the opening comment says what the dispute is"
    [ruling] = arbiter.check(text)
    errors = [f for f in ruling.findings if f.is_error]
    assert ruling.verdict == "illegal" and errors
    first = errors[0]
    assert (first.code, first.line) == (code, line), first.message
    assert (first.remedy is None) if remedy is None else (remedy in (first.remedy or "")), first.remedy


README = Path(__file__).parent.parent / "README.md"
CLEAN_ENV = {"GITHUB_ACTIONS": None, "NO_COLOR": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def readme_session(command: str) -> str:
    """What the README shows after `$ command`, up to the next command or the end of the block."""
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"$ {command}") + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(("$ ", "```")))
    return "\n".join(lines[start:end]) + "\n"


def test_the_readme_shows_an_illegal_sample_as_arbiter_check_rules_it(monkeypatch):
    monkeypatch.chdir(README.parent)
    runner = CliRunner()
    name = "samples/caliente-illegal-frozen-pile-taken-with-wild.acn"
    result = runner.invoke(cli, ["check", name], env=CLEAN_ENV)
    assert result.exit_code == 1 and result.output == readme_session(f"arbiter check {name}")
    every = sorted(str(p.relative_to(README.parent)) for p in SAMPLES.glob("caliente-illegal-*.acn"))
    result = runner.invoke(cli, ["check", *every], env=CLEAN_ENV)
    last = result.output.splitlines()[-1] + "\n"
    assert last == readme_session("arbiter check samples/caliente-illegal-*.acn | tail -1")
    for name in EXPECTED:
        assert f"(`{name}`)" in README.read_text(encoding="utf-8")
