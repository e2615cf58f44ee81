"""Counts are written in words, so that a number never reads as a card: `three 5s`, not `3 5`."""

from pathlib import Path

import pytest

import arbiter
from arbiter import cards

EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()


@pytest.mark.parametrize(
    ("n", "card", "words"),
    [
        (3, "5", "three 5s"),
        (1, "K", "one K"),
        (2, "2", "two little wilds (2)"),
        (1, "X", "one big wild (X)"),
        (4, "B", "four Bonus cards (B)"),
        (13, "10", "13 10s"),  # past twelve, digits again: a count this large is never a card
    ],
)
def test_a_count_of_cards_in_words(n: int, card: str, words: str) -> None:
    assert cards.counted(n, card) == words


def test_melding_more_cards_than_held_says_how_many_in_words() -> None:
    record = EXAMPLE.replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7 7], discard Q")
    (game,) = arbiter.check(record)
    assert game.findings[0].message == "dee melds four 7s but holds only three"


def test_laying_more_bonus_cards_than_held() -> None:
    record = EXAMPLE.replace("dee: bonus B, draw J", "dee: bonus B B, draw J 4")
    (game,) = arbiter.check(record)
    assert "dee lays two Bonus cards but holds only one" in [f.message for f in game.findings]
