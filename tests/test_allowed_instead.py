"""What was allowed instead of a disputed move, in every output: one "allowed instead:" line in
the text format, the message of the github and sarif formats, the round reports, and the page in
players' words (arbiter.judging.allowed says them; the core fills `Finding.alternatives`)."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import arbiter
from arbiter import Finding, GameRuling, Severity
from arbiter.archive.inputs import FileReport
from arbiter.archive.tally import Tally
from arbiter.i18n import Translator
from arbiter.judging.allowed import allowed_line, allowed_sentence, alternatives, in_words, meld_name
from arbiter_cli.formats import RENDERERS
from arbiter_cli.main import cli
from arbiter_cli.text import TextRenderer

WRONG_TAKE = Finding(
    line=19,
    column=6,
    code="take-frozen",
    rule='Taking the frozen Prize pile (Caliente rules, "Taking the Prize Pile")',
    severity=Severity.ERROR,
    message="the Prize pile is frozen",
    remedy="the Prize pile is restored and bob+dee loses 50 points",
    hand=3,
    turn=1,
    player="bob",
    alternatives=("take 9 with [9 9]", "draw 7"),
    alternatives_total=2,
)
NOTHING_ELSE = replace(WRONG_TAKE, code="go-out-without-canasta", alternatives=(), alternatives_total=0)
MANY = replace(WRONG_TAKE, alternatives=("discard 4", "discard 5", "discard 6", "discard 7", "discard 8"))
MANY.alternatives_total = 12
SCORE = Finding(29, 20, "score-mismatch", "Scoring", Severity.ERROR, "hand 1: ann+cid is declared -220", hand=1)
LINE = "bob: take 9 with [9 2], discard 5"


# --- the line and the words ---------------------------------------------------------------------


def test_a_move_finding_lists_what_was_allowed_as_written_in_a_record() -> None:
    assert allowed_line(WRONG_TAKE) == "allowed instead: take 9 with [9 9]; draw 7"
    assert allowed_sentence(WRONG_TAKE) == "Allowed instead: take 9 with [9 9]; draw 7."


def test_a_move_with_no_alternative_says_nothing_else_was_allowed() -> None:
    assert allowed_line(NOTHING_ELSE) == "nothing else was allowed"
    assert allowed_sentence(NOTHING_ELSE) == "Nothing else was allowed."


def test_more_alternatives_than_listed_are_counted() -> None:
    assert allowed_line(MANY) == "allowed instead: discard 4; discard 5; discard 6; discard 7; discard 8 (and 7 more)"


def test_a_finding_not_on_a_move_says_nothing_about_alternatives() -> None:
    assert allowed_line(SCORE) is None and allowed_sentence(SCORE) is None
    assert "alternatives" not in SCORE.to_dict()


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("draw 7", "draw from the stock"),
        ("draw 7 K", "draw from the stock"),
        ("take 9 with [9 9]", "take the pile with the up card 9 and 9 9 from the hand"),
        ("take 9 with 9 9", "take the pile with the up card 9 and 9 9 from the hand"),
        (
            "take 9 with [9 9] and [K K K] [A A 2]",
            "take the pile with the up card 9 and 9 9 from the hand, after melding K K K and A A 2",
        ),
        ("take K onto K", "take the pile, putting the up card K onto the Kings"),
        ("meld [K K X]", "meld K K X"),
        ("meld [K K K] [4 5 6 7]", "meld K K K and 4 5 6 7"),
        ("add [5] to 5", "add 5 to the 5s"),
        ("add [8] to 4-7", "add 8 to the sequence from 4 to 7"),
        ("add [K] to K#2", "add K to the second meld of Kings"),
        ("add [2] to 2", "add 2 to the wild cards"),
        ("add [S] to S", "add S to the Stop cards"),
        ("discard Q", "discard Q"),
        ("bonus B B", "lay B B beside the melds"),
        ("caliente", "play a Caliente card instead of drawing"),
        ("ask yes", "ask the partner whether to go out"),
        ("pass", "pass: decline the up card, which ends the hand"),
        ("out", "go out"),
        ("foot", "pick up the Foot"),
        ("meld [K K K], discard 4", "meld K K K, then discard 4"),
    ],
)
def test_an_action_in_players_words(action: str, words: str) -> None:
    assert in_words(action) == words


def test_an_action_the_words_do_not_know_is_shown_as_written() -> None:
    assert in_words("frobnicate  3") == "frobnicate 3"
    assert in_words("take 9 with") == "take 9 with"


def test_a_meld_name_past_the_tenth_is_numbered() -> None:
    assert meld_name("Q#12") == "the meld number 12 of Queens"
    assert meld_name("5-9#3") == "the third sequence from 5 to 9"


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
@pytest.mark.parametrize(
    "action",
    [
        "draw 7",
        "take 9 with [9 9] and [K K K] [A A 2] [4 5 6]",
        "take K onto K#2 and [Q Q Q]",
        "take 6 onto 4-6#12",
        "add [5] to 5",
        "add [8] to 4-7#3",
        "add [2] to X",
        "add [S] to S",
        "add [Q] to Q#11",
        "bonus B B",
        "caliente",
        "ask yes",
        "pass",
        "out",
        "foot",
        "meld [K K K], discard 4, out",
    ],
)
def test_an_action_in_players_words_is_said_in_every_language(action: str, lang: str) -> None:
    say = Translator(lang)
    words = in_words(action)
    assert say.unknown(words) == []
    assert say(words) != words


def test_draws_of_different_cards_read_the_same_and_are_said_once() -> None:
    finding = replace(WRONG_TAKE, alternatives=("draw 7", "draw K", "take 9 with [9 9]"), alternatives_total=3)
    said = alternatives(finding)
    assert [(a.words, a.notations) for a in said] == [
        ("draw from the stock", ("draw 7", "draw K")),
        ("take the pile with the up card 9 and 9 9 from the hand", ("take 9 with [9 9]",)),
    ]


# --- the command line's formats -----------------------------------------------------------------


def report_of(*findings: Finding) -> FileReport:
    game = GameRuling(index=1, line=5, rules="caliente", findings=list(findings))
    return FileReport("club/table3.acn", games=[game], seconds=[0.0], lines={19: LINE, 29: "score"})


def rendered(output_format: str, *findings: Finding) -> str:
    out = io.StringIO()
    err = Console(file=io.StringIO())
    report, tally = report_of(*findings), Tally()
    tally.add(report)
    if output_format == "text":
        renderer = TextRenderer(Console(file=out, width=200, color_system=None), err)
    else:
        renderer = RENDERERS[output_format](out, err)
    renderer.file(report)
    renderer.finish(tally)
    return out.getvalue()


def test_the_text_format_gives_one_allowed_line_under_the_remedy() -> None:
    lines = rendered("text", WRONG_TAKE, NOTHING_ELSE, SCORE).splitlines()
    remedy = lines.index("    remedy: the Prize pile is restored and bob+dee loses 50 points")
    assert lines[remedy + 1] == "    allowed instead: take 9 with [9 9]; draw 7"
    assert "    nothing else was allowed" in lines
    score_at = next(n for n, line in enumerate(lines) if "score-mismatch" in line)
    assert not any("allowed" in line for line in lines[score_at:])


def test_github_annotations_append_what_was_allowed_to_the_message() -> None:
    annotations = [line for line in rendered("github", WRONG_TAKE, NOTHING_ELSE, SCORE).splitlines() if "::" in line]
    assert annotations[0].endswith("%0AAllowed instead: take 9 with [9 9]; draw 7.")
    assert annotations[1].endswith("%0ANothing else was allowed.")
    assert "llowed" not in annotations[2]


def test_sarif_results_append_what_was_allowed_and_carry_it_as_properties() -> None:
    results = json.loads(rendered("sarif", WRONG_TAKE, NOTHING_ELSE, SCORE))["runs"][0]["results"]
    assert results[0]["message"]["text"] == (
        "the Prize pile is frozen Remedy: the Prize pile is restored and bob+dee loses 50 points. "
        "Allowed instead: take 9 with [9 9]; draw 7."
    )
    assert results[0]["properties"]["alternatives"] == ["take 9 with [9 9]", "draw 7"]
    assert results[0]["properties"]["alternativesTotal"] == 2
    assert results[1]["message"]["text"].endswith("Nothing else was allowed.")
    assert results[1]["properties"]["alternativesTotal"] == 0
    assert "alternatives" not in results[2]["properties"] and "llowed" not in results[2]["message"]["text"]


def test_junit_failures_list_what_was_allowed_under_each_finding() -> None:
    failure = ET.fromstring(rendered("junit", WRONG_TAKE, SCORE)).find(".//failure")
    assert failure is not None and failure.text is not None
    assert "    allowed instead: take 9 with [9 9]; draw 7" in failure.text.splitlines()


def test_the_json_format_carries_the_alternatives_of_a_move_only() -> None:
    findings = json.loads(rendered("json", WRONG_TAKE, NOTHING_ELSE, SCORE))["files"][0]["games"][0]["findings"]
    assert [(f.get("alternatives"), f.get("alternatives_total")) for f in findings] == [
        (["take 9 with [9 9]", "draw 7"], 2),
        ([], 0),
        (None, None),
    ]


def test_the_html_round_report_says_what_was_allowed_under_the_remedy() -> None:
    page = rendered("html", WRONG_TAKE, NOTHING_ELSE)
    assert '<span class="allowed">Allowed instead: take 9 with [9 9]; draw 7.</span>' in page
    assert '<span class="allowed">Nothing else was allowed.</span>' in page


def test_the_csv_round_report_has_a_column_for_what_was_allowed_instead_of_the_first_finding() -> None:
    (row,) = csv.DictReader(io.StringIO(rendered("csv", WRONG_TAKE, SCORE)))
    assert row["allowed_instead"] == "allowed instead: take 9 with [9 9]; draw 7"
    (row,) = csv.DictReader(io.StringIO(rendered("csv", SCORE)))
    assert row["allowed_instead"] == ""


# --- from a record, end to end --------------------------------------------------------------------

SAMPLE = Path(__file__).parent.parent / "samples" / "caliente-illegal-frozen-pile-taken-with-wild.acn"


def test_arbiter_check_says_what_was_allowed_instead_of_a_wrong_take() -> None:
    result = CliRunner().invoke(cli, ["check", str(SAMPLE)], env={"NO_COLOR": "1"})
    (finding,) = next(iter(arbiter.check(SAMPLE.read_text(encoding="utf-8")))).findings
    assert finding.alternatives[0] == "take 9 with [9 9]" and finding.alternatives_total
    assert f"    {allowed_line(finding)}" in result.output.splitlines()


def test_every_alternative_shown_was_legal_at_that_moment_and_the_disputed_move_was_not() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    (finding,) = next(iter(arbiter.check(text))).findings
    position = arbiter.Position.from_record(text, hand=finding.hand, turn=finding.turn)
    legal = {str(move) for move in position.legal_actions()}
    assert set(finding.alternatives) <= legal and len(legal) == finding.alternatives_total
    assert "take 9 with [9 2]" not in legal


# --- the moment the alternatives hold (Finding.action) -----------------------------------------------

AT_THE_DISCARD = replace(WRONG_TAKE, code="go-out-canasta", action=2, alternatives=("end",), alternatives_total=1)


def test_the_allowed_line_says_the_moment_of_the_turn_its_alternatives_hold():
    assert allowed_line(AT_THE_DISCARD) == "allowed instead (after 2 actions of turn 1): end"
    assert (
        allowed_line(replace(WRONG_TAKE, action=0))
        == "allowed instead (at the start of turn 1): take 9 with [9 9]; draw 7"
    )
    assert allowed_sentence(replace(NOTHING_ELSE, action=1)) == "Nothing else was allowed (after 1 action of turn 1)."
    assert (
        Translator("es")(allowed_line(AT_THE_DISCARD)) == "en su lugar se permitía (tras 2 acciones del turno 1): end"
    )
    assert in_words("end") == "end the turn keeping the last card"


@pytest.mark.parametrize("output_format", ["text", "github", "junit", "sarif", "json", "html", "csv"])
def test_every_format_gives_the_moment_of_a_finding_on_a_move(output_format):
    out = rendered(output_format, AT_THE_DISCARD)
    if output_format in ("json", "sarif"):
        assert '"action": 2' in out
    else:
        assert "after 2 actions of turn 1" in out


# --- the order a player thinks of a turn (issue 59) ----------------------------------------------

SCORING_EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()


def test_alternatives_come_in_the_order_of_a_turn_the_rarest_last() -> None:
    # cid has drawn and melds two Kings: no meld was allowed, so the discards come next, and
    # asking the partner to go out (the rarest) comes after them all
    (game,) = arbiter.check(SCORING_EXAMPLE.replace("cid: draw 9, discard K", "cid: draw 9, meld [K K], discard 9"))
    (finding,) = [f for f in game.findings if f.code == "meld-size"]
    assert finding.alternatives[0] == "discard 4"
    assert all(text.startswith("discard") for text in finding.alternatives)
    assert finding.alternatives_total == 10  # "ask no" is counted, among the ones not listed


def test_turn_order_puts_draws_before_melds_before_the_discard_and_asking_last() -> None:
    from arbiter.engine.alternatives import turn_place

    kinds = ["ask", "discard", "meld", "add", "take", "draw", "end"]
    assert sorted(kinds, key=turn_place) == ["draw", "take", "meld", "add", "discard", "end", "ask"]
