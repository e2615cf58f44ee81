"""Cards with their suits (ACN 1.3, docs/notation.md "Suits"): read alike by every path, written
canonically, counted by suit, and judged, in every family so far, as the same record without them."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arbiter import Position, table_after
from arbiter import cards as C
from arbiter import families as rulesets
from arbiter.engine.suits import off_the_stock, put_in_play, recarded
from arbiter.judging.checker import judge
from arbiter.notation import forget_lines, parse, parse_text
from arbiter.notation.formatter import format_game
from arbiter.notation.records import Game, HandRecord, Node
from arbiter.rules.base import Config, OptionValue, RuleSet, Seating
from arbiter.rulings import GameRuling

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))


# --- a record given its suits ------------------------------------------------------------------------


def _suited_hand(record: HandRecord) -> HandRecord:
    """The hand with a suit on every card that has one: each card put in play takes the next suit of
    its rank (so no suited card is shown more often than the packs hold it), and a card played
    later (melded, discarded, taken) any suit of its rank, which no family so far looks at."""
    fresh: dict[int, tuple[str, ...]] = {}
    copies: dict[str, int] = {}
    for node, cards, _ in put_in_play(record):
        suited = []
        for card in cards:
            suits = _suits(card)
            if suits:
                n = copies.get(card, 0)
                copies[card] = n + 1
                suited.append(card + suits[n % len(suits)])
            else:
                suited.append(card)
        fresh[id(node)] = tuple(suited)
    stock = record.stock
    if stock is not None and stock.cards is not None and record.position is None:  # drawn as the stock lists them
        listed = iter(fresh[id(stock)])
        for node, cards, _ in off_the_stock(record):
            taken = tuple(next(listed, card) for card in cards)
            fresh[id(node)] = taken if tuple(map(C.rank, taken)) == cards else cards

    def change(node: Node, cards: tuple[str, ...]) -> tuple[str, ...]:
        given = fresh.get(id(node))
        if given is not None and len(given) == len(cards):
            return given
        return tuple(card + _suits(card)[-1] if _suits(card) else card for card in cards)

    return recarded(record, change)


def _suits(card: str) -> str:
    return "".join(s for s in C.SUITS if card + s in C.RANK_OF)


def with_suits(game: Game) -> Game:
    return Game(game.line, game.column, game.tags, tuple(_suited_hand(hand) for hand in game.hands), game.trailing)


def output(text: str) -> str:
    """Everything the engine says of a record: each game's ruling, its coverage and its tables, each
    place as the line and the word it points at (a suit makes a word longer, not another word)."""
    games = []
    for parsed in parse(text):
        tables: list[Any] = []
        ruling = judge(parsed, observer=lambda hand, turn, table, seen=tables: seen.append([hand, turn, table]))
        games.append({"ruling": ruling.to_dict(), "coverage": sorted(ruling.coverage.items()), "tables": tables})
    return json.dumps(_words_for_columns(games, text.splitlines()), sort_keys=True, separators=(",", ":"))


def _words_for_columns(value: Any, lines: list[str]) -> Any:
    if isinstance(value, list):
        return [_words_for_columns(item, lines) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: _words_for_columns(item, lines) for key, item in value.items()}
    if isinstance(out.get("line"), int) and isinstance(out.get("column"), int) and 0 < out["line"] <= len(lines):
        text = lines[out["line"] - 1]
        out["column"] = (len(text[: out["column"] - 1].split()), text[out["column"] - 2 : out["column"] - 1].isspace())
    return out


def games_of(path: Path) -> Iterator[Game]:
    for parsed in parse_text(path.read_text(encoding="utf-8")):
        if not parsed.findings:
            yield parsed.game


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_given_suits_is_judged_as_without_them(sample):
    for game in games_of(sample):
        plain = format_game(game)
        suited = format_game(with_suits(game))
        assert suited != plain or all(hand.summarised for hand in game.hands)
        assert output(suited) == output(plain)


# --- reading and writing ---------------------------------------------------------------------------


def _only_game(text: str) -> Game:
    (parsed,) = parse_text(text)
    assert parsed.findings == []
    return parsed.game


GAME = """[Rules "caliente"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]

hand 1 dealer dee
"""


def test_a_suit_is_written_by_its_letter_whatever_spelling_the_record_used():
    deal = "deal ann 7♥ 7♡ T♠ 10s 3h 3c 3d 3s Kd X C 9\u2666\ufe0f\n"  # a phone's sign: with a variation selector
    game = _only_game(GAME + deal + "ann: draw 7h, meld [Q♣ Qc Q], discard A♦\n")
    text = format_game(game)
    assert "deal ann 7h 7h 10s 10s Bh Sc Bd Ss Kd X C 9d\n" in text
    assert "ann: draw 7h, meld [Qc Qc Q], discard Ad\n" in text
    assert format_game(_only_game(text)) == text  # the canonical form reads back as itself


def test_cards_keep_the_order_they_were_written_in():
    game = _only_game(GAME + "deal ann Ks 4h X Kc 4\n")
    assert game.hands[0].deals[0].cards == ("Ks", "4h", "X", "Kc", "4")


@pytest.mark.parametrize(
    ("word", "advice"),
    [
        ("Xh", "the jokers (X) and the Caliente cards (C) have no suit"),
        ("C♠", "the jokers (X) and the Caliente cards (C) have no suit"),
        ("Bc", "B is a red three, of hearts or diamonds"),
        ("Sh", "S a black three, of clubs or spades"),
        ("7H", "write the suit in lower case, `7h`"),
        ("kh", "cards are written in capitals, `Kh`"),
    ],
)
def test_a_card_with_a_suit_it_cannot_have_is_explained(word, advice):
    (parsed,) = parse_text(GAME + f"deal ann 7h {word} 4\n")
    (finding,) = parsed.findings
    assert finding.code == "unknown-card" and advice in finding.message
    assert finding.column == len("deal ann 7h ") + 1


# --- counting by suit ---------------------------------------------------------------------------------

TWO_PLAYERS = (SAMPLES[0].parent / "caliente-2-players.acn").read_text(encoding="utf-8")


def _suited_sample() -> str:
    (game,) = [parsed.game for parsed in parse_text(TWO_PLAYERS)]
    return format_game(with_suits(game))


def test_a_third_seven_of_hearts_in_two_packs_is_one_too_many_though_eight_sevens_are_not():
    text = _suited_sample()
    assert "deal ann 4c 4d 6c 6d" in text
    twice = text.replace("deal ann 4c 4d 6c 6d", "deal ann 4c 4c 6c 6d")  # two 4c: as many as two packs hold
    assert judge(next(iter(parse(twice)))).findings == []
    thrice = text.replace("deal bob 10c 10d 10h 10s 10c", "deal bob 10c 10c 10h 10s 10c")
    (finding,) = judge(next(iter(parse(thrice)))).findings
    assert finding.code == "card-count" and finding.line == 10 and finding.turn is None and finding.player is None
    assert finding.message == "the packs hold only two 10c: this one cannot be in play"
    assert judge(next(iter(parse(thrice)))).hands[0].judged is False


def test_a_card_drawn_counts_with_the_cards_dealt():
    text = _suited_sample().replace("bob: draw 10d Kd", "bob: draw 10c Kd")  # bob was dealt 10c twice
    (finding,) = judge(next(iter(parse(text)))).findings
    assert finding.code == "card-count" and "two 10c" in finding.message and finding.line == 14
    assert (finding.turn, finding.player) == (1, "bob")


def test_a_record_may_give_the_suits_of_some_cards_only():
    text = _suited_sample().replace("deal ann 4c 4d 6c 6d", "deal ann 4 4 6c 6")
    assert output(text) == output(format_game(_only_game(TWO_PLAYERS)))


# --- a rule set that requires suits -----------------------------------------------------------------


def _requiring_suits() -> RuleSet:
    """Caliente as a family that looks at suits would configure it: every card needs its suit."""
    caliente = rulesets.get("caliente")

    def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
        return replace(caliente.configure(seating, options), suits_required=True)

    return replace(caliente, configure=configure)


def _judged_requiring_suits(text: str) -> GameRuling:
    untagged = text.replace('[Rules "caliente"]', "; the rule set is the caller's")  # a tag names a known one
    assert untagged != text
    return judge(next(iter(parse(untagged))), rules=_requiring_suits())


def test_a_record_with_every_suit_is_judged_where_suits_are_required():
    ruling = _judged_requiring_suits(_suited_sample())
    assert ruling.findings == [] and ruling.verdict == "valid"


def test_a_card_without_its_suit_where_suits_are_required_leaves_the_record_incomplete():
    ruling = _judged_requiring_suits(format_game(_only_game(TWO_PLAYERS)))
    (finding,) = ruling.findings
    assert (finding.code, finding.line, finding.column) == ("suit-missing", 9, 1)
    assert finding.message.startswith("`4` is written without its suit")
    assert finding.rule == "Notation (Suits, docs/notation.md)"
    assert ruling.verdict == "malformed"


def test_the_first_card_without_its_suit_is_the_one_found():
    text = _suited_sample().replace("meld [10s 10s 10s 10s 10s 10s 2s]", "meld [10s 10s 10s 10 10s 10s 2s]")
    (finding,) = _judged_requiring_suits(text).findings
    assert (finding.code, finding.line) == ("suit-missing", 14) and finding.message.startswith("`10`")


def test_a_joker_needs_no_suit_where_suits_are_required():
    assert " X " in _suited_sample()
    assert _judged_requiring_suits(_suited_sample()).findings == []


# --- a position ---------------------------------------------------------------------------------------


def test_a_position_plays_suited_actions_and_writes_them_back_with_their_suits():
    position = Position.from_record(_suited_sample(), hand=1, turn=2)
    assert position.to_play == "ann"
    assert position.is_legal("take 9h with [9s 9d] and [Ac Ad Ah]")
    position.push("take 9h with [9s 9d] and [Ac Ad Ah]")
    position.push("discard Sc")
    record = position.record()
    assert "deal ann 4c 4d 6c 6d" in record  # the deal as written
    assert "ann: take 9h with [9s 9d] and [Ac Ad Ah], discard Sc\n" in record
    assert format_game(_only_game(record)) == record


def test_a_position_refuses_a_suited_action_as_it_refuses_the_same_without_suits():
    position = Position.from_record(_suited_sample(), hand=1, turn=2)
    assert not position.is_legal("take 9h with [9s Ad]")
    assert position.explain("take 9h with [9s Ad]").code == position.explain("take 9 with [9 A]").code


# --- the reader says which hands give suits ----------------------------------------------------------


def test_the_reader_says_which_hands_give_suits_however_often_a_line_recurs():
    forget_lines()
    plain = "deal ann 4 5\nup 9\nann: draw 7, discard 7\n"
    suited_turn = plain + "ann: draw 7h, meld [Kh Ks K], discard 7h\n"
    suited_up = plain.replace("up 9\n", "up 9h  ; a line with a comment: Lark's, then remembered\n")
    hands = [(plain, suited_turn, suited_up, plain)[n % 4] for n in range(8)]
    tags = GAME.removesuffix("hand 1 dealer dee\n")
    text = tags + "".join(f"hand {n + 1} dealer dee\n{hand}" for n, hand in enumerate(hands))
    for _ in range(2):  # read cold, then with every line remembered
        (parsed,) = parse_text(text)
        assert [hand.suited for hand in parsed.game.hands] == [n % 4 in (1, 2) for n in range(8)]


def test_a_hand_built_in_code_is_looked_through_for_suits():
    (parsed,) = parse_text(_suited_sample())
    hand = replace(parsed.game.hands[0], suited=None)
    assert hand == parsed.game.hands[0]
    assert output(format_game(replace(parsed.game, hands=(hand,)))) == output(_suited_sample())


def test_a_position_shows_each_card_a_player_holds_with_the_suit_the_record_gave_it():
    position = Position.from_record(_suited_sample(), hand=1, turn=2)
    ann = ("4c", "4d", "6c", "6d", "8c", "9c", "9d", "Jc", "Jd", "Qc", "Qd", "Ac", "Ad", "Ah", "Sc")
    assert position.table.hands == {"ann": ann, "bob": ("5c", "5d")}
    position.push("take 9h with [9c 9d] and [Ac Ad Ah]")
    assert position.table.hands["ann"] == ("4c", "4d", "6c", "6d", "6h", "8c", "Jc", "Jd", "Qc", "Qd", "Sc")
    position.push("discard Sc")
    assert position.table.pile == ("Sc",)
    assert position.copy().table == position.table


def test_a_card_the_record_gives_without_its_suit_is_shown_by_its_rank():
    text = _suited_sample().replace("deal ann 4c 4d 6c 6d", "deal ann 4 4d 6c 6")
    hand = Position.from_record(text, hand=1, turn=2).table.hands["ann"]
    assert hand[:4] == ("4d", "4", "6c", "6")  # within a rank: the suits, then the cards without one


def test_a_position_without_suits_shows_ranks_as_ever():
    position = Position.from_record(TWO_PLAYERS, hand=1, turn=2)
    assert position.table.hands["bob"] == ("5", "5")


def test_a_samba_sequence_of_several_suits_is_judged_by_its_ranks():
    sample = (SAMPLES[0].parent / "samba-full-hand.acn").read_text(encoding="utf-8")
    mixed = sample.replace("meld [4 5 6 7 8 9 10], discard 9", "meld [4h 5s 6d 7c 8h 9h 10s], discard 9")
    assert mixed != sample
    ruling = judge(next(iter(parse(mixed))))
    assert ruling.findings == [] and ruling.hands == judge(next(iter(parse(sample)))).hands


def test_a_suited_record_of_a_prepared_board_is_checked_against_the_board_by_rank():
    text = (SAMPLES[0].parent / "event" / "round-1" / "table-1.acn").read_text(encoding="utf-8")
    text = text.replace('[Board "1"]', '[Board "1"]\n[Seed "20261126"]')  # the event file's seed, in the record
    (game,) = [parsed.game for parsed in parse_text(text)]
    plain = format_game(game)
    assert '[Board "1"]' in plain
    assert output(format_game(with_suits(game))) == output(plain)
    bad = plain.replace("deal bob 5 6 7 7", "deal bob 5 6 7 8", 1)  # not the board's deal
    assert "board-mismatch" in output(format_game(with_suits(next(iter(parse_text(bad))).game)))


def test_the_table_after_a_turn_shows_the_suits_held():
    hands = table_after(_suited_sample(), hand=1, turn=1).hands
    assert hands["bob"] == ("5c", "5d")


@pytest.mark.parametrize("ref", ["7♥", "7h", "5h-9h"])
def test_a_meld_named_with_a_suit_is_told_it_is_named_by_its_rank(ref):
    (parsed,) = parse_text(GAME + f"ann: add [7h] to {ref}\n")
    (finding,) = parsed.findings
    assert finding.code == "syntax-error" and finding.column == len("ann: add [7h] to ") + 1
    assert "name a meld by its rank" in finding.message or "is not a sequence" in finding.message


def test_a_card_drawn_with_another_suit_than_the_listed_stock_gives_is_out_of_order():
    (game,) = [parsed.game for parsed in parse_text((SAMPLES[0].parent / "samba-full-hand.acn").read_text("utf-8"))]
    suited = format_game(with_suits(game))
    assert "ann: draw 4s Ks," in suited and " 4s Ks " in suited.split("\nstock ")[1].split("\n")[0]
    wrong = suited.replace("ann: draw 4s Ks,", "ann: draw 4h Ks,", 1)
    (finding,) = judge(next(iter(parse(wrong)))).findings
    assert (finding.code, finding.turn, finding.player) == ("stock-order", 1, "ann")
    assert finding.message == "the next card of the stock is 4s, not 4h"
    unsuited = suited.replace("ann: draw 4s Ks,", "ann: draw 4 Ks,", 1)  # no suit to compare: the rank agrees
    assert judge(next(iter(parse(unsuited)))).findings == []
