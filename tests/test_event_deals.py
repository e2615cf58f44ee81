"""Prepared deals: every board dealt from the event's seed as docs/events.md says, the same boards
again from the same seed, and each table's record checked against the boards it played."""

from __future__ import annotations

import dataclasses
import hashlib
import shutil
from collections import Counter
from pathlib import Path

import pytest

import arbiter
from arbiter.event import load, standings
from arbiter.event.deals import deal_board, opening, skeleton, table_config, verify

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "event"
EVENT = SAMPLE / "club-night.event.toml"
CARD_ORDER = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "X", "B", "S", "C"]


def event_of(family: str, players: int):
    event = load(EVENT)
    pairs = tuple(dataclasses.replace(pair, players=pair.players[:players]) for pair in event.pairs)
    return dataclasses.replace(event, family=family, pairs=pairs)


def dealt_as_the_guide_says(seed: int, board: int, pack: Counter, seats: list[str], size: int) -> dict:
    """An independent dealer, written from docs/events.md's four steps."""
    cards = [card for card in CARD_ORDER for _ in range(pack[card])]
    for i in range(len(cards) - 1, 0, -1):
        j = int.from_bytes(hashlib.sha256(f"{seed}:{board}:{i}".encode()).digest(), "big") % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    dealer = (board - 1) % len(seats)
    order = [seats[(dealer + 1 + k) % len(seats)] for k in range(len(seats))]
    hands = {seat: cards[k : k + size * len(seats) : len(seats)] for k, seat in enumerate(order)}
    return {"dealer": seats[dealer], "hands": hands, "stock": cards[size * len(seats) :]}


@pytest.mark.parametrize(
    ("family", "players"), [("caliente", 2), ("samba", 2), ("hand-and-foot", 2), ("classic", 2), ("hoyle", 1)]
)
def test_every_family_deals_its_whole_pack_and_its_own_piles(family, players):
    event = event_of(family, players)
    table, config = table_config(event)
    board = deal_board(event, 3, table, config)
    held = Counter(board.stock)
    for cards in (*board.hands.values(), *board.feet.values()):
        held += Counter(cards)
    assert held == config.pack()
    assert all(len(cards) == config.deal_size for cards in board.hands.values())
    assert bool(board.feet) == bool(config.foot_size)
    [parsed] = arbiter.parse(skeleton(event, board))
    assert not parsed.findings  # the deal, the Feet and the stock as the reader takes them
    laid = turned = 0
    for number in range(1, 17):  # boards enough for Bonus cards dealt and cards turned crosswise
        dealt = deal_board(event, number, table, config)
        [ruling] = arbiter.check(skeleton(event, dealt, config))
        assert ruling.verdict == "valid", (number, [f.code for f in ruling.findings])  # the opening as the rules say
        opened = opening(dealt, config)
        laid, turned = laid + len(opened.replacements), turned + len(opened.up) - 1
    assert laid and turned


def test_a_board_is_dealt_one_card_at_a_time_from_the_dealers_left_as_the_guide_says():
    event = event_of("caliente", 2)
    table, config = table_config(event)
    for number in (1, 2, 5):
        board = deal_board(event, number, table, config)
        expected = dealt_as_the_guide_says(event.seed, number, config.pack(), list(table.seats), config.deal_size)
        assert board.dealer == expected["dealer"]
        assert {seat: list(cards) for seat, cards in board.hands.items()} == expected["hands"]
        assert list(board.stock) == expected["stock"]


def test_the_same_seed_deals_the_same_boards_and_another_seed_others():
    event = event_of("caliente", 2)
    table, config = table_config(event)
    again = [deal_board(event, n, table, config) for n in (1, 2)]
    assert again == [deal_board(event, n, table, config) for n in (1, 2)]
    other = dataclasses.replace(event, seed=event.seed + 1)
    assert deal_board(other, 1, table, config).stock != again[0].stock


def test_pairs_of_different_sizes_cannot_share_prepared_boards():
    event = load(EVENT)
    uneven = dataclasses.replace(event, pairs=(dataclasses.replace(event.pairs[0], players=("ann",)), *event.pairs[1:]))
    with pytest.raises(arbiter.event.EventError, match="every pair to have as many players"):
        table_config(uneven)


def test_the_sample_events_played_tables_were_dealt_from_their_boards():
    event = load(EVENT)
    findings = verify(event, standings(event).schedule)
    assert {finding.code for finding in findings} == {"board-not-dealt"}  # the two score sheets
    assert sorted((f.round, f.table) for f in findings) == [(1, 2), (2, 1)]


@pytest.fixture
def copied(tmp_path):
    shutil.copytree(SAMPLE, tmp_path / "event")
    return tmp_path / "event"


def planted(folder: Path, record: str, old: str, new: str) -> list:
    path = folder / record
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    event = load(folder / "club-night.event.toml")
    return [f for f in verify(event, standings(event).schedule) if f.code == "board-mismatch"]


def test_a_card_dealt_that_the_board_does_not_hold_is_a_mismatch_on_its_line(copied):
    [finding] = planted(
        copied, "round-1/table-1.acn", "deal bob 5 6 7 7 9 J J Q A 2 B", "deal bob 5 6 7 7 9 J J Q K 2 B"
    )
    assert (finding.round, finding.table, finding.board) == (1, 1, 1)
    line = (copied / "round-1/table-1.acn").read_text().splitlines()[finding.line - 1]
    assert line.startswith("deal bob") and "bob holds 5 6 7 7 9 J J Q A 2 B on the board" in finding.message


def test_a_card_drawn_out_of_the_stocks_order_is_a_mismatch_where_it_was_drawn(copied):
    text = (copied / "round-1/table-1.acn").read_text()
    stock_line = next(line for line in text.splitlines() if line.startswith("stock "))
    without = text.replace(stock_line + "\n", "")  # no stock line: the draws are still checked
    (copied / "round-1/table-1.acn").write_text(without)
    findings = planted(copied, "round-1/table-1.acn", "bob: draw 4,", "bob: draw 8,")
    [finding] = findings
    assert "the board's stock gives 4 here" in finding.message
    assert "bob: draw 8" in (copied / "round-1/table-1.acn").read_text().splitlines()[finding.line - 1]


def test_pairs_in_each_others_seats_do_not_hold_their_boards_cards(copied):
    findings = planted(copied, "round-1/table-1.acn", '[Seats "ann bob cid dee"]', '[Seats "bob ann dee cid"]')
    assert any("pair 1 sits there" in finding.message for finding in findings)


def test_a_skeleton_names_the_events_rulebook_so_the_table_is_judged_by_it(tmp_path):
    shutil.copy(SAMPLE.parent / "hoyle-household.rules.toml", tmp_path)
    event = dataclasses.replace(event_of("hoyle", 1), rulebook="hoyle-household.rules.toml", folder=tmp_path)
    table, config = table_config(event)
    text = skeleton(event, deal_board(event, 1, table, config), config)
    assert '[House "The Hoyle household, version 2026-winter, #' in text
    [ruling] = arbiter.check(text, shelf=arbiter.house.Shelf([arbiter.event.rulebook_of(event)]))
    assert ruling.verdict == "valid" and ruling.house["name"] == "The Hoyle household"


@pytest.mark.parametrize(
    ("family", "players"), [("caliente", 2), ("samba", 2), ("hand-and-foot", 2), ("classic", 2), ("hoyle", 1)]
)
def test_a_record_that_stops_after_its_deal_is_a_hand_not_yet_played_not_an_internal_error(family, players):
    event = event_of(family, players)
    table, config = table_config(event)
    for number in range(1, 9):
        lines = skeleton(event, deal_board(event, number, table, config), config).splitlines()
        dealt_only = "\n".join(line for line in lines if not line.startswith("up ")) + "\n"
        [ruling] = arbiter.check(dealt_only)
        assert ruling.verdict == "valid", (number, [f.code for f in ruling.findings])
        assert ruling.hands[0].scores is None  # not ended, so not scored
