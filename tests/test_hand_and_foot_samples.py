"""The Hand & Foot samples: the whole round is judged valid with its declared score and totals,
and each illegal sample (samples/hand-and-foot-illegal-*.acn) says what it disputes and is judged
illegal by the rule it shows, at the line it is about."""

from __future__ import annotations

from pathlib import Path

import pytest

import arbiter

SAMPLES = Path(__file__).parent.parent / "samples"

# sample name: (the code of its first error, its line, words of the remedy or None)
EXPECTED = {
    "frozen-pile-taken-with-a-wild": ("take-frozen", 26, "restored and ann+cid loses 50"),
    "card-added-to-closed-canasta": ("meld-closed", 26, None),
    "going-out-before-the-partner-picked-up-the-foot": ("go-out-foot", 25, None),
    "going-out-without-asking": ("ask", 24, None),
    "second-open-meld-of-a-rank": ("open-meld", 26, None),
    "foot-picked-up-with-cards-in-the-hand": ("foot-pickup", 26, None),
}


def test_every_illegal_hand_and_foot_sample_has_its_expected_ruling():
    assert sorted(p.name for p in SAMPLES.glob("hand-and-foot-illegal-*")) == sorted(
        f"hand-and-foot-illegal-{name}.acn" for name in EXPECTED
    )


@pytest.mark.parametrize("name", EXPECTED)
def test_an_illegal_hand_and_foot_sample_is_judged_illegal_by_the_rule_it_shows(name):
    code, line, remedy = EXPECTED[name]
    text = (SAMPLES / f"hand-and-foot-illegal-{name}.acn").read_text(encoding="utf-8")
    assert text.startswith("; Dispute: "), "the opening comment says what the dispute is"
    assert f"Ruling: {code} " in text, "the opening comment gives the ruling"
    [ruling] = arbiter.check(text)
    assert ruling.rules == "hand-and-foot"
    errors = [f for f in ruling.findings if f.is_error]
    assert ruling.verdict == "illegal" and errors
    first = errors[0]
    assert (first.code, first.line) == (code, line), first.message
    assert (first.remedy is None) if remedy is None else (remedy in (first.remedy or "")), first.remedy


def test_the_whole_round_is_valid_and_scored_as_declared():
    text = (SAMPLES / "hand-and-foot-full-round.acn").read_text(encoding="utf-8")
    assert "\ndeal " in text and "\nfoot " in text, "the round starts from the deal, Feet included"
    [ruling] = arbiter.check(text)
    assert ruling.verdict == "valid" and not ruling.findings
    [hand] = ruling.hands
    assert hand.ended and hand.scores == hand.declared == {"ann+cid": 4520, "bob+dee": 2695}
    assert ruling.totals == {"ann+cid": 4520, "bob+dee": 2695}
    assert ruling.winner is None  # the first of four rounds
    # the count, as the arbiter explains it when a declared score is wrong
    wrong = text.replace("score ann+cid 4520 bob+dee 2695", "score ann+cid 4500 bob+dee 2600")
    [judged] = arbiter.check(wrong)
    messages = {f.message.split(" is declared")[0]: f.message for f in judged.findings if f.code == "score-mismatch"}
    ann_cid, bob_dee = messages["hand 1: ann+cid"], messages["hand 1: bob+dee"]
    assert "wild canasta of wild cards +1500" in ann_cid and "going out +100" in ann_cid
    assert "left in cid's hand (6) -5" in ann_cid
    assert "5 Bonus cards +500" in bob_dee and "going out" not in bob_dee


def test_the_whole_round_picks_up_the_foot_both_ways():
    text = (SAMPLES / "hand-and-foot-full-round.acn").read_text(encoding="utf-8")
    turns = [line for line in text.splitlines() if ": " in line and not line.startswith(("[", ";"))]
    assert any(", foot, " in turn for turn in turns), "a Foot picked up at once, the turn going on"
    assert any(": foot, draw" in turn for turn in turns), "a Foot picked up as the next turn begins"
