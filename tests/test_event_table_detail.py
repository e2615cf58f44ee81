"""The director's text report of a victory-point event shows each certified table as its score
sheet has it: every deal's points and the victory points each pair took for the round (the JSON
has had them; the text read only the totals)."""

from __future__ import annotations

from pathlib import Path

from test_cli_event import arbiter_cmd

from arbiter.event import load
from arbiter.event.ranking import standings
from arbiter.event.report import standings_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EVENING = SAMPLES / "events" / "burraco-evening" / "serata.event.toml"


def test_each_certified_table_of_a_victory_point_event_gives_its_deals_and_the_rounds_vp():
    text = standings_text(standings(load(EVENING)), "en")
    # round 1, table 1 (samples/events/burraco-evening/turno-1/tavolo-1.acn): 1,155 to 2,050,
    # a margin of 895 is 17 to 3 on the Italian 3-deal table
    heading = "  round 1, table 1: pair 1 1,155, pair 13 2,050, certified\n"
    assert heading + "    deal 1: 500 to 810; deal 2: 525 to 630; deal 3: 130 to 610; VP: 3 to 17\n" in text
    assert text.count("; VP: ") == 48


def test_the_detail_is_said_in_the_readers_language():
    text = standings_text(standings(load(EVENING)), "it")
    assert "    smazzata 1: 500 a 810; smazzata 2: 525 a 630; smazzata 3: 130 a 610; VP: 3 a 17\n" in text


def test_an_event_scored_otherwise_keeps_its_tables_to_one_line():
    text = standings_text(standings(load(SAMPLES / "mitchell-event" / "mitchell.event.toml")))
    assert "deal 1:" not in text and "VP:" not in text


def test_check_gives_the_deals_and_vp_under_each_table_the_director_decided():
    checked = arbiter_cmd("event", "check", str(EVENING), "--lang", "en")
    assert checked.exit_code == 0, checked.output
    decided = checked.output.split("turno-2/tavolo-5.acn: total-mismatch:")[1].splitlines()
    assert decided[1] == "  deal 1: 875 to 120; deal 2: 605 to 430; deal 3: 30 to 725; VP: 12 to 8"
    assert checked.output.count("; VP: ") == 3


def test_the_ranking_published_after_a_round_says_which_round_of_how_many():
    from arbiter.event.published import published_text

    sample = SAMPLES / "event" / "club-night.event.toml"
    after_one = published_text(standings(load(sample), after_round=1), "it").splitlines()[1]
    assert after_one == "classifica dopo il turno 1 di 2"
    assert published_text(standings(load(sample)), "en").splitlines()[1] == "final standings after 2 rounds"
