"""Properties of score sheets over simulated games (arbiter.simulate): every game, summarised hand by
hand, is valid and totals as its move record does, mixed with hands in moves too; and every fault
planted in a summary is found, in its hand, by the code of its kind."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arbiter
from arbiter.families import get
from arbiter.notation import parse_text
from arbiter.notation.formatter import format_game
from arbiter.notation.records import Game, HandRecord, Points, SidePoints, Summary, SummaryItem
from arbiter.rules.base import Seating
from arbiter.rules.sheet_spec import OUT
from arbiter.sheets.summarise import summarise_source
from arbiter.simulate import simulate_games
from arbiter.simulate.families import family

FAMILIES = ("caliente", "samba", "hand-and-foot", "classic", "hoyle")
tables = st.sampled_from(FAMILIES).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(family(name).seat_counts))
)
seeds = st.integers(min_value=0, max_value=2**32)
BOUNDED = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def simulated(table: tuple[str, int], seed: int, hands: int) -> str:
    rules, players = table
    (game,) = simulate_games(rules, players, games=1, hands=hands, seed=seed)
    return game.text


def judged(text: str) -> arbiter.GameRuling:
    (game,) = arbiter.check(text)
    return game


def summarised(text: str) -> Game:
    sheet, notes = summarise_source(text)
    assert notes == []
    [parsed] = parse_text(sheet)
    assert parsed.findings == []
    return parsed.game


@BOUNDED
@given(table=tables, seed=seeds, hands=st.integers(1, 3))
def test_every_simulated_game_summarised_is_valid_and_totals_as_its_moves(table, seed, hands):
    text = simulated(table, seed, hands)
    moves = judged(text)
    sheet = summarised(text)
    assert all(hand.summarised for hand in sheet.hands)
    ruling = judged(format_game(sheet))
    assert [f for f in ruling.findings if f.is_error] == []
    assert ruling.verdict == moves.verdict
    assert ruling.totals == moves.totals and ruling.winner == moves.winner
    assert [hand.scores for hand in ruling.hands] == [hand.scores for hand in moves.hands]


@BOUNDED
@given(table=tables, seed=seeds, chosen=st.lists(st.booleans(), min_size=3, max_size=3))
def test_a_game_mixing_hands_in_moves_and_summaries_keeps_one_set_of_totals(table, seed, chosen):
    text = simulated(table, seed, 3)
    moves = parse_text(text)[0].game
    sheet = summarised(text)
    mixed = Game(
        tags=moves.tags,
        hands=tuple(
            summary if pick else played for pick, summary, played in zip(chosen, sheet.hands, moves.hands, strict=False)
        ),
    )
    ruling = judged(format_game(mixed))
    assert [f for f in ruling.findings if f.is_error] == []
    assert ruling.totals == judged(text).totals


# --- planted faults ------------------------------------------------------------------------------


def _items(line: Summary) -> dict[str, int | None]:
    return {item.word: item.count for item in line.items}


def _line(line: Summary, items: dict[str, int | None]) -> Summary:
    return Summary(side=line.side, items=tuple(SummaryItem(word=w, count=c) for w, c in items.items()))


def _with(hand: HandRecord, lines: tuple[Summary, ...], declared: tuple[Points, ...] | None = None) -> HandRecord:
    return HandRecord(
        start=hand.start,
        totals_before=hand.totals_before,
        summaries=lines,
        declared=hand.declared if declared is None else declared,
    )


def wrong_sum(hand: HandRecord, packs: dict[str, int], laid: dict[str, str]) -> HandRecord:
    score = next(p for p in hand.declared if p.kind == "score")
    first, *rest = score.entries
    wrong = Points(kind="score", entries=(SidePoints(side=first.side, points=first.points + 5), *rest))
    return _with(hand, hand.summaries, tuple(wrong if p is score else p for p in hand.declared))


def a_side_left_out(hand: HandRecord, packs: dict[str, int], laid: dict[str, str]) -> HandRecord:
    return _with(hand, hand.summaries[1:])


def a_word_off_the_sheet(hand: HandRecord, packs: dict[str, int], laid: dict[str, str]) -> HandRecord:
    first = hand.summaries[0]
    return _with(hand, (_line(first, {**_items(first), "aces": 1}), *hand.summaries[1:]))


def more_than_the_packs(hand: HandRecord, packs: dict[str, int], laid: dict[str, str]) -> HandRecord:
    word, card = next(iter(laid.items()))
    first = hand.summaries[0]
    return _with(hand, (_line(first, {**_items(first), word: packs[card] + 1}), *hand.summaries[1:]))


def points_no_card_makes(hand: HandRecord, packs: dict[str, int], laid: dict[str, str]) -> HandRecord:
    first = hand.summaries[0]
    items = _items(first)
    return _with(hand, (_line(first, {**items, "melded": (items.get("melded") or 0) + 1}), *hand.summaries[1:]))


def everyone_out(hand: HandRecord, packs: dict[str, int], laid: dict[str, str]) -> HandRecord:
    return _with(hand, tuple(_line(line, {**_items(line), OUT: None}) for line in hand.summaries))


FAULTS = {
    "score-mismatch": wrong_sum,
    "summary-side": a_side_left_out,
    "summary-category": a_word_off_the_sheet,
    "summary-packs": more_than_the_packs,
    "summary-points": points_no_card_makes,
    "summary-going-out": everyone_out,
}


def sheet_facts(game: Game) -> tuple[dict[str, int], dict[str, str]]:
    """The packs' cards and the sheet's laid words of the game's table."""
    rules = get(game.tag("Rules") or "caliente")
    seats = tuple((game.tag("Seats") or "").split())
    teams = game.tag("Teams")
    if teams:
        sides = tuple(tuple(team.split("+")) for team in teams.split())
    elif len(seats) == 4:
        sides = ((seats[0], seats[2]), (seats[1], seats[3]))
    else:
        sides = tuple((seat,) for seat in seats)
    values = rules.resolve(dict(_variant(game)))
    config = rules.config_for(Seating(seats, sides), values)
    assert config.sheet is not None
    return dict(config.pack()), {kind.word: kind.card for kind in config.sheet.laid}


def _variant(game: Game) -> dict[str, object]:
    text = game.tag("Variant") or ""
    found: dict[str, object] = {}
    for word in re.split(r"[\s,]+", text.strip()):
        if word:
            name, _, value = word.partition("=")
            found[name] = value or True
    return found


@BOUNDED
@given(table=tables, seed=seeds, kind=st.sampled_from(list(FAULTS)), where=st.integers(0, 2))
def test_every_fault_planted_in_a_summary_is_found_by_its_code(table, seed, kind, where):
    sheet = summarised(simulated(table, seed, 3))
    hand = sheet.hands[min(where, len(sheet.hands) - 1)]
    packs, laid = sheet_facts(sheet)
    planted = FAULTS[kind](hand, packs, laid)
    game = Game(tags=sheet.tags, hands=tuple(planted if h is hand else h for h in sheet.hands))
    ruling = judged(format_game(game))
    errors = [f for f in ruling.findings if f.is_error and f.hand == hand.number]
    assert errors and errors[0].code == kind, (kind, [(f.code, f.message) for f in errors])
