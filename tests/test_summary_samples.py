"""The score-sheet samples (samples/sheets/): each family's game kept as a sheet is valid, and each
game of its faults file is judged by the fault its opening comment names, first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import arbiter
from arbiter.families import names
from arbiter.notation.formatter import format_source

SHEETS = Path(__file__).parent.parent / "samples" / "sheets"
FAULT = re.compile(r"^; Fault: .*\(([a-z-]+)\)\.$", re.M)
KINDS = ["score-mismatch", "summary-side", "summary-category", "summary-packs", "summary-points", "summary-going-out"]


def test_every_family_has_a_sheet_and_its_faults() -> None:
    assert sorted(p.name for p in SHEETS.glob("*.acn")) == sorted(
        name for family in names() for name in (f"{family}.acn", f"{family}-faults.acn")
    )


@pytest.mark.parametrize("family", list(names()))
def test_a_game_kept_as_a_score_sheet_is_valid(family: str) -> None:
    [game] = arbiter.check((SHEETS / f"{family}.acn").read_text(encoding="utf-8"))
    assert game.verdict == "valid", [f.message for f in game.findings]
    assert len(game.hands) >= 2 and all(hand.minimums for hand in game.hands)


@pytest.mark.parametrize("family", list(names()))
def test_each_kind_of_fault_is_found_first_in_its_game(family: str) -> None:
    text = (SHEETS / f"{family}-faults.acn").read_text(encoding="utf-8")
    expected = FAULT.findall(text)
    assert expected == KINDS
    games = list(arbiter.check(text))
    assert len(games) == len(expected)
    for game, code in zip(games, expected, strict=True):
        errors = [f for f in game.findings if f.is_error]
        assert game.verdict == "illegal" and errors[0].code == code, (code, errors[0].message)


@pytest.mark.parametrize("path", sorted(SHEETS.glob("*.acn")), ids=lambda p: p.name)
def test_every_sheet_sample_is_in_canonical_form(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_source(text) == (text, [])
