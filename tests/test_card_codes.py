"""Cards as small integers (arbiter/cards.py, "cards as small integers"): every card the notation
writes has one code, read from any of its spellings and shown again in its canonical one; the
tables by code say what the card texts' tables say; counts by code hold what a pack holds. And the
table state kept beside the cards: the dead ranks, grown as canastas complete."""

from __future__ import annotations

from collections import Counter

import pytest
from mac_support import first_error, position

from arbiter import cards as C

EVERY_CARD = (*C.CARDS, *sorted(C.SUITED_SET, key=lambda card: (C.ORDER[C.rank(card)], card)))


@pytest.mark.parametrize("card", EVERY_CARD)
def test_every_card_the_notation_writes_has_a_code_that_shows_it_again(card):
    code = C.code(card)
    assert code is not None and C.text(code) == card


def test_no_two_cards_share_a_code_and_no_code_names_two_cards():
    codes = [C.code(card) for card in EVERY_CARD]
    assert len(set(codes)) == len(EVERY_CARD) == len(C.CODE_OF)


@pytest.mark.parametrize(
    ("written", "card"),
    [("T", "10"), ("R3", "B"), ("B3", "S"), ("JK", "X"), ("7♥", "7h"), ("T♠", "10s"), ("3h", "Bh"), ("3c", "Sc")],
)
def test_another_spelling_reads_as_the_canonical_card(written, card):
    assert C.code(written) == C.code(card)


@pytest.mark.parametrize("token", ["1", "3", "Xh", "Bc", "Sd", "7x", "", "meld"])
def test_a_token_that_is_no_card_has_no_code(token):
    assert C.code(token) is None


def test_codes_sort_as_the_cards_are_shown_each_suited_card_after_its_rank():
    shown = sorted(["X", "7h", "4", "A", "7", "2s", "7c", "B"], key=C.code)
    assert shown == ["4", "7", "7c", "7h", "A", "2s", "X", "B"]


@pytest.mark.parametrize("card", EVERY_CARD)
def test_the_tables_by_code_say_what_the_card_texts_say(card):
    code = C.code(card)
    assert code is not None
    rank = C.rank(card)
    assert C.CARDS[C.RANK_OF_CODE[code]] == rank
    assert C.text(C.BARE[code]) == rank
    assert C.VALUE_OF_CODE[code] == C.value(rank)
    assert C.NATURAL_CODE[code] == C.is_natural(rank)
    assert C.WILD_CODE[code] == C.is_wild(rank)
    suit = C.suit(card)
    assert C.SUIT_OF_CODE[code] == (C.SUITLESS if suit is None else 1 + C.SUITS.index(suit))


def test_a_code_that_names_no_card_shows_as_nothing():
    assert C.TEXT[C.card_code("X") + 1] == "" and C.TEXT[C.card_code("B") + 1] == ""


def test_counts_by_code_hold_the_cards_given_and_give_them_back_in_order():
    cards = [C.CODE_OF[card] for card in ("7h", "X", "7h", "4", "2")]
    counts = C.counts_of(cards)
    assert len(counts) == C.CODE_COUNT and counts[C.CODE_OF["7h"]] == 2
    assert C.texts(C.counted_cards(counts)) == ["4", "7h", "7h", "2", "X"]
    assert C.texts(C.counted_cards(C.bare_counts(counts))) == ["4", "7", "7", "2", "X"]


def test_a_packs_counts_by_code_hold_the_pack():
    counts = C.pack_counts(2, {C.CALIENTE: 2})
    assert Counter(C.texts(C.counted_cards(counts))) == C.pack(2, {C.CALIENTE: 2})


def test_a_suited_pack_holds_each_suited_card_once_a_pack_and_the_jokers_bare():
    counts = C.suited_pack_counts(2)
    assert sum(counts) == 2 * C.PACK_SIZE
    assert counts[C.CODE_OF["7h"]] == 2 and counts[C.CODE_OF["7"]] == 0
    assert counts[C.CODE_OF["X"]] == 4 and counts[C.CODE_OF["Bh"]] == 2 and counts[C.CODE_OF["Sc"]] == 2
    assert C.bare_counts(counts) == C.pack_counts(2)


def test_cards_are_named_from_their_codes_as_from_their_text():
    assert C.describe_code(C.CODE_OF["7h"]) == "7h"
    assert C.describe_code(C.CODE_OF["2d"]) == C.describe("2")
    assert C.show_codes(C.codes(["7", "7h", "X"])) == "7 7h X"
    assert str(C.counted_code(3, C.CODE_OF["5"])) == str(C.counted(3, "5"))
    assert str(C.counted_code(2, C.CODE_OF["Bh"])) == str(C.counted(2, "B"))


# --- the dead ranks, kept as the table's state ------------------------------------------------------


def test_a_canasta_completed_this_turn_makes_its_rank_dead_for_the_turns_discard():
    tables = {"ann+cid": "[K K K K K 2] [9 9 9]", "bob+dee": "[Q Q Q]"}
    completed = position("K K 4 5", "ann: draw 6, add [K] to K, discard K", tables=tables, pile="")
    assert first_error(completed) == "discard-empty-pile"
    short = {"ann+cid": "[K K K K 2] [9 9 9]", "bob+dee": "[Q Q Q]"}  # six cards after the add: not yet dead
    assert first_error(position("K K 4 5", "ann: draw 6, add [K] to K, discard K", tables=short, pile="")) is None


def test_a_canasta_laid_whole_this_turn_makes_its_rank_dead_for_the_turns_discard():
    laid = position("K K K K K K K K 4", "ann: draw 6, meld [K K K K K K K], discard K", pile="")
    assert first_error(laid) == "discard-empty-pile"
    assert first_error(position("K K K K K K K K 4", "ann: draw 6, meld [K K K K K K K], discard 4", pile="")) is None
