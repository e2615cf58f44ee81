"""Each error makes its game not valid as one kind of problem, the one a director would name: a
broken rule, a wrong declared score or result, a record that cannot be read, or an incomplete one.
An incomplete record is malformed and cites the notation, never a rule book."""

from __future__ import annotations

from pathlib import Path

import pytest

import arbiter
from arbiter import families as rulesets
from arbiter.rules.codes import ENGINE, NOTATION, category
from arbiter.rulings import Problem

EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()
MOVE, SCORE, INCOMPLETE, UNREADABLE = Problem.MOVE, Problem.SCORE, Problem.INCOMPLETE, Problem.UNREADABLE

# Every code a ruling can carry, with its kind: a new code must be placed here on purpose.
KINDS: dict[str, Problem] = {
    # the reader and the checker: the record cannot be read
    **dict.fromkeys(
        [
            "syntax-error",
            "unknown-card",
            "not-utf8",
            "line-too-long",
            "record-too-large",
            "too-many-games",
            "too-many-errors",
            "out-of-place",
            "tags-after-hands",
            "internal-error",
            "empty-record",
            "unknown-rules",
            "unknown-option",
            "house-rules-missing",  # the rulebook the record names is not at hand: nothing can be judged
            "house-rules-conflict",  # the record's tags say otherwise than its rulebook
        ],
        UNREADABLE,
    ),
    # the record leaves out what judging needs
    **dict.fromkeys(["seats-missing", "teams-missing", "position-incomplete", "suit-missing"], INCOMPLETE),
    # a record naming its prepared board without its seed (a warning) says nothing was played wrongly
    "board-unknown": INCOMPLETE,
    # a card dealt or drawn that the prepared board the record names does not hold there
    "board-mismatch": MOVE,
    # an addition error, not a foul
    **dict.fromkeys(["score-mismatch", "total-mismatch", "result-mismatch", "result-unfinished"], SCORE),
    # a rule of the game, cited from the rule book
    **dict.fromkeys(
        [
            *sorted(ENGINE - {"score-mismatch", "total-mismatch", "result-mismatch"}),
            "bonus-in-hand",
            "caliente-in-hand",
            "canasta-wild",
            "foot-pickup",
            "go-out-foot",
            "meld-closed",
            "meld-size",
            "meld-wilds",
            "open-meld",
            "sequence",
            "take-one-card-pile",
            # Modern American Canasta's own rules
            "talon",
            "dead-rank",
            "take-dead-rank",
            "meld-sevens",
            "meld-aces",
            "rule-of-five",
            "opening-clean-triple",
            "opening-mixed-canasta",
            "discard-wild",
            "discard-empty-pile",
            "special-hand",
            "ask-again",
            "three-forgotten",
            "take-back",
            "opening-keep",
            "opening-pile-ace",
            "opening-wild-split",
            "wild-meld-unfinished",
            # a score sheet no hand played by the rules could give (ACN 1.1 summaries)
            "summary-category",
            "summary-going-out",
            "summary-packs",
            "summary-points",
            "summary-side",
        ],
        MOVE,
    ),
}


def every_code() -> set[str]:
    codes = set(ENGINE) | set(NOTATION)
    for name in rulesets.names():
        codes |= set(rulesets.get(name).catalogue)
    return codes


def test_every_code_has_its_kind_pinned():
    assert every_code() == set(KINDS)


@pytest.mark.parametrize("code", sorted(KINDS))
def test_the_kind_of_each_code(code):
    assert category(code) is KINDS[code]


def test_the_incomplete_codes_are_the_notations_not_a_rule_books():
    for code, kind in KINDS.items():
        if kind is INCOMPLETE:
            assert code in NOTATION and NOTATION[code].source.startswith("Notation (")
            assert all(code not in rulesets.get(name).catalogue for name in rulesets.names())


def _ruling(record: str) -> arbiter.GameRuling:
    (game,) = arbiter.check(record)
    return game


def test_a_record_without_seats_is_incomplete_not_illegal():
    game = _ruling(EXAMPLE.replace('[Seats "ann bob cid dee"]\n', ""))
    (finding,) = game.findings
    assert finding.code == "seats-missing" and finding.rule == "Notation (Tags, docs/notation.md)"
    assert game.verdict == "malformed" and game.problems == [INCOMPLETE]


def test_five_players_without_teams_are_an_incomplete_record():
    game = _ruling('[Rules "caliente"]\n[Seats "ann bob cid dee eve"]\n')
    assert [f.code for f in game.findings] == ["teams-missing"]
    assert game.verdict == "malformed" and game.problems == [INCOMPLETE]


POSITION = """[Rules "caliente"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]

hand 3 dealer ann
position
hold ann 4 4 6 6 8 9 Q Q A A 7
hold bob 7 7 9 9 K K 5 8 J 2 X
hold dee 5 5 6 7 8 10 10 J Q 4 6
pile 4 5 9
turn bob
bob: take 9 with [9 9], discard 5
"""


def test_a_position_that_omits_a_hand_is_incomplete_and_cites_the_notation():
    game = _ruling(POSITION)
    (finding,) = game.findings
    assert finding.code == "position-incomplete" and "missing: cid" in finding.message
    assert finding.rule == "Notation (Positions, docs/notation.md)"
    assert game.verdict == "malformed" and game.problems == [INCOMPLETE]


def test_a_position_that_does_not_say_whose_turn_it_is_is_incomplete():
    record = POSITION.replace("hold dee", "hold cid 4 6 8 9 J Q 10 A A 5 10\nhold dee").replace("turn bob\n", "")
    game = _ruling(record.replace("bob: take 9 with [9 9], discard 5\n", ""))
    assert [f.code for f in game.findings] == ["position-incomplete"]
    assert "whose turn" in game.findings[0].message and game.verdict == "malformed"


def test_a_broken_rule_is_still_illegal_citing_its_rule_book():
    game = _ruling(EXAMPLE.replace("discard Q   ", "discard K   "))
    assert game.verdict == "illegal" and game.problems == [MOVE]
    assert "Caliente rules" in game.findings[0].rule


def test_the_text_verdict_line_names_an_incomplete_record():
    from click.testing import CliRunner

    from arbiter_cli.main import cli

    result = CliRunner().invoke(cli, ["check", "--isolated", "-"], input=POSITION, env={"GITHUB_ACTIONS": None})
    assert "<stdin>: game 1 (line 1, caliente): malformed (1 error): the record is incomplete" in result.stdout
    assert result.exit_code == 1
