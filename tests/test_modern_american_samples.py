"""The Modern American Canasta samples (samples/modern-american-*.acn): the opening from the deal and
the worked scoring example are valid, the scores recomputed as declared; each illegal sample shows
one dispute, says so in its opening comment, and is ruled by the rule it names, at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

import arbiter

SAMPLES = Path(__file__).parent.parent / "samples"

# sample name: (the code of its first error, its line, words of the remedy or None)
ILLEGAL = {
    "talon-of-three-to-the-first-side": ("talon", 17, None),
    "talon-after-opening-with-the-pile": ("talon", 17, None),
    "opening-without-a-clean-triple": ("opening-clean-triple", 17, "loses 10 points"),
    "opening-short-of-the-minimum": ("first-meld-minimum", 17, "loses 10 points"),
    "mixed-canasta-in-the-opening": ("opening-mixed-canasta", 17, "loses 10 points"),
    "wild-added-below-five-naturals": ("rule-of-five", 20, None),
    "wild-added-to-aces": ("meld-aces", 20, None),
    "wild-in-sevens": ("meld-sevens", 20, None),
    "three-wilds-in-a-meld": ("meld-wilds", 20, None),
    "meld-on-a-dead-rank": ("dead-rank", 20, None),
    "pile-taken-with-a-dead-card-on-top": ("take-dead-rank", 20, "restored and ann+cid loses 50"),
    "pile-taken-with-a-wild": ("take-frozen", 20, "restored and ann+cid loses 50"),
    "wild-discarded": ("discard-wild", 20, None),
    "seven-onto-an-empty-pile": ("discard-empty-pile", 20, None),
    "going-out-with-unfinished-sevens": ("go-out-canasta", 20, None),
    "up-card-turned": ("up-card", 13, None),
    "pile-taken-with-a-wild-on-top": ("take-blocked", 20, "restored and ann+cid loses 50"),
    "opening-with-the-pile-counting-its-top-card": ("take-initial", 17, "restored and ann+cid loses 50"),
    "discard-after-a-three-drawn-last": ("last-bonus", 20, None),
    "draw-from-the-exhausted-stock": ("stock-empty", 20, None),
    "special-hand-after-opening": ("special-hand", 20, None),
    "turn-ended-without-a-discard": ("discard", 20, None),
    "going-out-by-melding-every-card": ("discard", 21, None),
    "card-from-under-the-wild": ("card-not-held", 21, None),
    "opening-with-the-pile-counting-its-pair": ("take-initial", 18, "restored and ann+cid loses 50"),
    "opening-that-empties-the-hand": ("opening-keep", 17, "loses 10 points"),
    "wild-added-to-an-ace-taken-from-the-pile": ("opening-pile-ace", 17, "loses 10 points"),
    "wilds-split-at-the-opening": ("opening-wild-split", 17, "loses 10 points"),
    "wild-added-beside-an-unfinished-wild-meld": ("wild-meld-unfinished", 20, None),
    "relaxed-rule-of-five-without-going-out": ("rule-of-five", 21, None),
    "talon-not-the-pile-dealt-aside": ("talon", 18, None),
    "three-replaced-after-the-turn-card": ("bonus-replacement", 23, None),
    "second-ask-by-the-partner": ("ask-again", 22, None),
    "forgotten-three-laid-where-it-is-kept": ("three-forgotten", 25, None),
    "eighth-card-without-going-out": ("meld-size", 21, None),
    "playing-on-after-a-three-drawn-last": ("last-bonus", 21, None),
    "card-taken-back-while-one-held-may-go": ("take-back", 20, None),
    "special-hand-on-the-sheet-with-melded-points": ("summary-category", 9, None),
}


def test_every_illegal_sample_has_its_expected_ruling():
    assert sorted(p.name for p in SAMPLES.glob("modern-american-illegal-*")) == sorted(
        f"modern-american-illegal-{name}.acn" for name in ILLEGAL
    )


@pytest.mark.parametrize("name", ILLEGAL)
def test_an_illegal_sample_is_ruled_by_the_rule_it_shows(name):
    code, line, remedy = ILLEGAL[name]
    text = (SAMPLES / f"modern-american-illegal-{name}.acn").read_text(encoding="utf-8")
    assert text.startswith("; Dispute: ") and f"; Ruling: {code}:" in text
    [ruling] = arbiter.check(text)
    errors = [f for f in ruling.findings if f.is_error]
    assert ruling.verdict == "illegal" and errors
    first = errors[0]
    assert (first.code, first.line) == (code, line), first.message
    assert (first.remedy is None) if remedy is None else (remedy in (first.remedy or "")), first.remedy
    assert "Canasta League of America" in str(first.rule) or "pagat" in str(first.rule), first.rule


def test_the_opening_from_the_deal_is_valid():
    [ruling] = arbiter.check((SAMPLES / "modern-american-opening.acn").read_text(encoding="utf-8"))
    assert ruling.verdict == "valid" and not ruling.findings


def test_a_special_hand_ends_the_hand_and_scores_its_value_alone():
    [ruling] = arbiter.check((SAMPLES / "modern-american-special-hand.acn").read_text(encoding="utf-8"))
    assert ruling.verdict == "valid" and not ruling.findings
    assert ruling.hands[0].scores == {"ann+cid": 2_000, "bob+dee": -95}


def test_the_worked_scoring_example_checks_out_to_the_point():
    [ruling] = arbiter.check((SAMPLES / "modern-american-scoring-example.acn").read_text(encoding="utf-8"))
    assert ruling.verdict == "valid" and not [f for f in ruling.findings if f.is_error]
    [hand] = ruling.hands
    assert hand.scores == {"ann+cid": 1_475, "bob+dee": -4_240}


def test_a_hand_played_in_moves_summarises_to_a_score_sheet_that_scores_the_same():
    from arbiter.sheets.summarise import summarise_source

    played = (SAMPLES / "modern-american-scoring-example.acn").read_bytes()
    sheet, _ = summarise_source(played)
    assert "summary bob+dee red-threes 1 melded 95 left 1545 penalties 2500" in sheet
    [ruling] = arbiter.check(sheet)
    assert ruling.verdict == "valid" and ruling.hands[0].scores == {"ann+cid": 1_475, "bob+dee": -4_240}
