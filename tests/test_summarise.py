"""`arbiter fmt --summary` (arbiter.sheets.summarise): any record written as its score sheet, its
declared scores kept, judged as its moves are; and `arbiter table` on a summarised hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import arbiter
from arbiter.positions.frames import replay_games, where
from arbiter.sheets.summarise import summarise_source
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"
LEGAL = [p for p in sorted(SAMPLES.glob("*.acn")) if "illegal" not in p.name]


def rulings(text: str) -> list[arbiter.GameRuling]:
    return list(arbiter.check(text))


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_a_legal_sample_written_as_its_score_sheet_is_judged_as_its_moves(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    sheet, notes = summarise_source(text)
    before, after = rulings(text), rulings(sheet)
    ended = all(hand.ended for game in before for hand in game.hands)
    if ended:  # a sample that stops mid-hand keeps that hand in moves, with a note (a special hand has its line)
        assert notes == []
        assert "\nsummary " in sheet
        assert not any(
            line.startswith(("deal ", "position")) or re.match(r"\w+: ", line) for line in sheet.splitlines()
        )
    assert [(g.verdict, g.totals, g.winner) for g in after] == [(g.verdict, g.totals, g.winner) for g in before]


def test_the_declared_scores_are_kept_even_when_wrong() -> None:
    text = (SAMPLES / "caliente-illegal-wrong-declared-score.acn").read_text(encoding="utf-8")
    sheet, notes = summarise_source(text)
    assert notes == []
    [moves], [summary] = rulings(text), rulings(sheet)
    assert [f.code for f in summary.findings if f.is_error] == [f.code for f in moves.findings if f.is_error]
    assert summary.totals == moves.totals


def test_a_hand_whose_replay_breaks_a_rule_stays_in_moves_with_a_note() -> None:
    text = (SAMPLES / "caliente-illegal-short-first-meld.acn").read_text(encoding="utf-8")
    sheet, notes = summarise_source(text)
    assert "summary " not in sheet and "\ndeal ann" in sheet
    [note] = notes
    assert "hand 1 is kept in moves" in note.message


def test_arbiter_fmt_summary_prints_the_sheet_and_the_notes() -> None:
    runner = CliRunner()
    printed = runner.invoke(cli, ["fmt", "--summary", str(SAMPLES / "samba-full-hand.acn")])
    assert printed.exit_code == 0, printed.output
    assert "summary ann+cid samba 1 mixed 1 bonus 1 out melded 360 left 50\n" in printed.stdout
    kept = runner.invoke(cli, ["fmt", "--summary", str(SAMPLES / "caliente-illegal-short-first-meld.acn")])
    assert kept.exit_code == 0 and "hand 1 is kept in moves" in kept.stderr


def test_arbiter_fmt_summary_notes_are_in_the_language_asked() -> None:
    runner = CliRunner()
    kept = runner.invoke(
        cli, ["fmt", "--summary", "--lang", "es", str(SAMPLES / "caliente-illegal-short-first-meld.acn")]
    )
    assert "la mano 1 se deja en jugadas" in kept.stderr


def test_the_table_of_a_summarised_hand_says_it_has_no_moves() -> None:
    text = (SAMPLES / "sheets" / "hoyle.acn").read_text(encoding="utf-8")
    [game] = list(replay_games(text))
    moment = where(game, 1, 0)
    assert moment.frame is None and "given as its summary" in str(moment.problem)
    shown = CliRunner().invoke(cli, ["table", str(SAMPLES / "sheets" / "hoyle.acn"), "--hand", "2"])
    assert shown.exit_code == 1 and "has no moves to replay" in shown.output
