"""The Result tag against the totals: a record that looks unfinished must not be certified as a
finished game, nor a finished-looking record as an unfinished game."""

from __future__ import annotations

from pathlib import Path

import arbiter

EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
ENDED = EXAMPLE.replace("[Rules", '[Variant "target=1000"]\n[Rules')  # bob+dee's 1190 ends the game


def _errors(record: str) -> list[arbiter.Finding]:
    (game,) = arbiter.check(record)
    return [finding for finding in game.findings if finding.is_error]


def test_an_unfinished_result_of_a_game_the_totals_ended_is_a_finding():
    (finding,) = _errors(ENDED.replace("[Rules", '[Result "*"]\n[Rules'))
    assert finding.code == "result-unfinished" and "bob+dee won" in finding.message
    assert finding.rule == "Notation (Declared scores and the result, docs/notation.md)"
    (game,) = arbiter.check(ENDED.replace("[Rules", '[Result "*"]\n[Rules'))
    assert game.verdict == "illegal" and game.problems == [arbiter.Problem.SCORE]


def test_the_winner_named_for_a_game_the_totals_ended_is_valid():
    assert _errors(ENDED.replace("[Rules", '[Result "bob+dee"]\n[Rules')) == []


def test_an_unfinished_result_of_an_unfinished_game_is_valid():
    assert _errors(EXAMPLE.replace("[Rules", '[Result "*"]\n[Rules')) == []


def test_a_winner_named_for_a_game_not_over_is_a_wrong_result():
    (finding,) = _errors(EXAMPLE.replace("[Rules", '[Result "bob+dee"]\n[Rules'))
    assert finding.code == "result-mismatch" and "not over" in finding.message
