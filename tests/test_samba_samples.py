"""The Samba samples: the whole hand is judged valid with a samba scored, and each illegal sample
(samples/samba-illegal-*.acn) says what it disputes and is judged illegal by the rule it shows,
at the line it is about."""

from __future__ import annotations

from pathlib import Path

import pytest

import arbiter

SAMPLES = Path(__file__).parent.parent / "samples"

# sample name: (the code of its first error, its line, words of the remedy or None)
EXPECTED = {
    "pile-taken-with-natural-and-wild": ("take-unfrozen", 22, "restored and bob+dee loses 50"),
    "wild-added-to-canasta": ("canasta-wild", 21, None),
    "going-out-with-one-canasta": ("go-out-canasta", 23, None),
    "sequence-with-a-wild": ("sequence", 22, None),
    "up-card-starts-a-sequence": ("take-unfrozen", 23, "restored and bob+dee loses 50"),
}


def test_every_illegal_samba_sample_has_its_expected_ruling():
    assert sorted(p.name for p in SAMPLES.glob("samba-illegal-*")) == sorted(
        f"samba-illegal-{name}.acn" for name in EXPECTED
    )


@pytest.mark.parametrize("name", EXPECTED)
def test_an_illegal_samba_sample_is_judged_illegal_by_the_rule_it_shows(name):
    code, line, remedy = EXPECTED[name]
    text = (SAMPLES / f"samba-illegal-{name}.acn").read_text(encoding="utf-8")
    assert text.startswith("; Dispute: "), "the opening comment says what the dispute is"
    [ruling] = arbiter.check(text)
    assert ruling.rules == "samba"
    errors = [f for f in ruling.findings if f.is_error]
    assert ruling.verdict == "illegal" and errors
    first = errors[0]
    assert (first.code, first.line) == (code, line), first.message
    assert (first.remedy is None) if remedy is None else (remedy in (first.remedy or "")), first.remedy


def test_the_whole_samba_hand_is_valid_and_scores_a_samba():
    text = (SAMPLES / "samba-full-hand.acn").read_text(encoding="utf-8")
    [ruling] = arbiter.check(text)
    assert ruling.verdict == "valid" and not ruling.findings
    [hand] = ruling.hands
    assert hand.ended and hand.scores == hand.declared == {"ann+cid": 2410, "bob+dee": 1350}
    assert ruling.totals == {"ann+cid": 2410, "bob+dee": 1350}
    # the count, as the arbiter explains it when a declared score is wrong
    wrong = text.replace("score ann+cid 2410 bob+dee 1350", "score ann+cid 2400 bob+dee 1340")
    [judged] = arbiter.check(wrong)
    messages = {f.message.split(" is declared")[0]: f.message for f in judged.findings if f.code == "score-mismatch"}
    ann_cid, bob_dee = messages["hand 1: ann+cid"], messages["hand 1: bob+dee"]
    assert "samba: sequence 6-Q +1500" in ann_cid and "going out +200" in ann_cid
    assert "mixed canasta of 4s +300" in ann_cid
    assert "samba: sequence 4-10 +1500" in bob_dee
    assert "1 Bonus card, counted against a side without 2 canastas -100" in bob_dee
