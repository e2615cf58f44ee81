"""Positions (arbiter.Position): a hand you can step, with every legal next action decided by the
engine's own checks. The engine and the simulator are independent, so each checks the other here:
random playouts through legal_actions() make records `arbiter check` finds valid, every action a
simulator bot plays is among legal_actions() at that moment, and every planted error of the
mutation tests is refused by the position with the code `arbiter check` gives it."""

from __future__ import annotations

import dataclasses
import functools
import random
from pathlib import Path

import pytest

import arbiter
from arbiter import IllegalAction, Move, Position, PositionError
from arbiter.cards import ORDER
from arbiter.notation.formatter import format_action
from arbiter.notation.records import Add, Draw, GoOut, Meld, MeldRef, MeldSpec, Take
from arbiter.simulate import simulate_games

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MAX_STEPS = 4_000  # actions in one hand: far more than any hand takes

# (rules, seats, teams, options): every family, and Caliente at every table size.
TABLES = [
    ("caliente", "ann bob", None, {}),
    ("caliente", "ann bob cid", None, {}),
    ("caliente", "ann bob cid dee", None, {}),
    ("caliente", "ann bob cid dee eve", "ann+cid+eve bob+dee", {}),
    ("caliente", "ann bob cid dee eve fay", "ann+cid+eve bob+dee+fay", {}),
    ("caliente", "ann bob cid dee eve fay", "ann+dee bob+eve cid+fay", {"three-packs": True}),
    ("caliente", "ann bob cid dee", None, {"caliente-cards": True}),
    ("samba", "ann bob cid dee", None, {}),
    ("samba", "ann bob", None, {}),
    ("hand-and-foot", "ann bob cid dee", None, {}),
    ("classic", "ann bob cid dee", None, {}),
    ("hoyle", "ann bob", None, {}),
]
SEEDS = (1, 2)


def play_out(position: Position, rng: random.Random) -> Position:
    """Uniformly random legal actions until the hand ends."""
    for _ in range(MAX_STEPS):
        if position.over:
            return position
        legal = position.legal_actions()
        assert legal, f"no legal action at {position!r}: {position.table}"
        position.push(rng.choice(legal))
    raise AssertionError(f"the hand did not end in {MAX_STEPS} actions")


@pytest.mark.parametrize(("rules", "seats", "teams", "options"), TABLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_playout_writes_a_record_the_arbiter_finds_valid(rules, seats, teams, options, seed):
    position = Position.deal(rules, seats.split(), seed=seed, options=options, teams=teams)
    play_out(position, random.Random(seed))
    (ruling,) = arbiter.check(position.record())
    assert ruling.verdict == "valid", [(f.code, f.message) for f in ruling.findings if f.is_error]
    assert ruling.hands[0].scores == position.scores


def test_a_dealt_position_knows_the_stock_so_there_is_one_draw():
    position = Position.deal("caliente", ["ann", "bob", "cid", "dee"], seed=3)
    assert position.to_play == "bob"
    draws = [m for m in position.legal_actions() if m.kind == "draw"]
    assert len(draws) == 1
    assert position.is_legal(draws[0]) and position.is_legal(str(draws[0]))


def test_the_same_seed_deals_the_same_hand():
    one = Position.deal("samba", ["ann", "bob", "cid", "dee"], seed="club night")
    two = Position.deal("samba", ["ann", "bob", "cid", "dee"], seed="club night")
    assert one.table == two.table and one.record() == two.record()


def test_pushing_an_illegal_action_raises_with_the_finding_and_changes_nothing():
    position = Position.deal("caliente", ["ann", "bob", "cid", "dee"], seed=3)
    before = position.table
    with pytest.raises(IllegalAction) as raised:
        position.push("discard 4")
    assert raised.value.finding.code == "draw-first"
    assert position.table == before and position.turn_actions == []
    assert position.explain("discard 4").code == "draw-first"
    draw = [str(m) for m in position.legal_actions() if m.kind == "draw"]
    assert raised.value.finding.alternatives[0] == draw[0]  # draw first, as arbiter check says


def test_text_that_is_not_notation_is_refused_with_a_syntax_finding():
    position = Position.deal("hoyle", ["ann", "bob"], seed=1)
    finding = position.explain("draw seven")
    assert finding is not None and finding.code == "unknown-card" and finding.column == 6
    assert position.explain("draw 4 to 5").code == "syntax-error"


def test_a_copy_is_stepped_apart_from_the_original():
    position = Position.deal("hoyle", ["ann", "bob"], seed=1)
    other = position.copy()
    other.push(other.legal_actions()[0])
    assert position.turn_actions == [] and len(other.turn_actions) == 1


def test_a_piece_of_a_turn_line_is_pushed_whole_or_not_at_all():
    position = Position.deal("caliente", ["ann", "bob", "cid", "dee"], seed=3)
    draw = str(next(m for m in position.legal_actions() if m.kind == "draw"))
    with pytest.raises(IllegalAction):
        position.push(f"{draw}, discard 2, discard 2")
    assert position.turn_actions == []


def test_a_finished_hand_offers_nothing_and_refuses_more():
    position = play_out(Position.deal("hoyle", ["ann", "bob"], seed=5), random.Random(5))
    assert position.over and position.to_play is None and position.legal_actions() == []
    assert position.explain("draw 4").code == "hand-over"


# --- positions read from a record ------------------------------------------------------------------


def test_a_position_from_a_record_has_the_table_arbiter_table_shows():
    text = (SAMPLES / "caliente-scoring-example.acn").read_text()
    for turn in (1, 2, 5):
        position = Position.from_record(text, hand=1, turn=turn)
        assert position.table == arbiter.table_after(text, 1, turn - 1)


def test_every_action_of_a_valid_record_is_legal_when_it_is_played():
    text = (SAMPLES / "samba-full-hand.acn").read_text()
    (parsed,) = arbiter.read_games(text)
    hand = parsed.game.hands[0]
    position = Position.from_record(text, hand=hand.number, turn=1)
    for turn in hand.turns:
        for action in turn.actions:
            if type(action) is not GoOut:
                assert position.is_legal(action), (turn.line, format_action(action), position.explain(action))
                position.push(action)
    (ruling,) = arbiter.check(position.record())
    assert ruling.verdict == "valid"


def test_a_record_that_does_not_reach_the_turn_says_why():
    text = (SAMPLES / "caliente-scoring-example.acn").read_text()
    with pytest.raises(PositionError, match="there is no game 2"):
        Position.from_record(text, hand=1, turn=1, game=2)
    with pytest.raises(PositionError, match="has no hand 9"):
        Position.from_record(text, hand=9, turn=1)
    with pytest.raises(PositionError, match="turn 99"):
        Position.from_record(text, hand=1, turn=99)


def test_a_record_broken_before_the_turn_carries_the_finding():
    text = (SAMPLES / "caliente-illegal-short-first-meld.acn").read_text()
    (ruling,) = arbiter.check(text)
    found = next(f for f in ruling.findings if f.is_error)
    with pytest.raises(PositionError) as raised:
        Position.from_record(text, hand=found.hand, turn=found.turn + 1)
    assert raised.value.finding is not None and raised.value.finding.code == found.code


def test_with_the_stock_unknown_a_draw_takes_any_card_not_accounted_for():
    text = (SAMPLES / "hoyle-opening.acn").read_text()
    (parsed,) = arbiter.read_games(text)
    position = Position.from_record(text, hand=parsed.game.hands[0].number, turn=1)
    draws = {str(m) for m in position.legal_actions() if m.kind == "draw"}
    unseen = {card for card in ORDER if position.explain(f"draw {card}") is None}
    assert draws == {f"draw {card}" for card in unseen} and len(draws) > 1


# --- what was allowed instead of an illegal move -------------------------------------------------


ILLEGAL_SAMPLES = sorted(SAMPLES.glob("*-illegal-*.acn"))


@pytest.mark.parametrize("path", ILLEGAL_SAMPLES, ids=lambda p: p.stem)
def test_each_alternative_of_an_illegal_sample_is_legal_and_the_offence_is_not_among_them(path):
    text = path.read_text()
    (ruling,) = arbiter.check(text)
    (parsed,) = arbiter.read_games(text)
    for found in ruling.findings:
        if found.alternatives_total is None:
            continue
        assert len(found.alternatives) == min(found.alternatives_total, 5)
        hand = next(h for h in parsed.game.hands if h.number == found.hand)
        actions = [a for a in hand.turns[found.turn - 1].actions if type(a) is not GoOut]
        assert any(allowed_instead(text, found, actions, k) for k in range(len(actions) + 1)), (
            f"{found.alternatives} are not the legal actions before any action of the turn"
        )


def allowed_instead(text: str, found, actions, k: int) -> bool:
    """Whether the finding's alternatives are legal before action `k` of its turn, which is not
    among them (the offence is the action the finding is on, or the turn's end)."""
    position = Position.from_record(text, hand=found.hand, turn=found.turn)
    for action in actions[:k]:
        if not position.is_legal(action):
            return False
        position.push(action)
    legal = {str(m) for m in position.legal_actions()}
    offence = {format_action(actions[k])} if k < len(actions) else set()  # else the turn's end
    return (
        set(found.alternatives) <= legal
        and not offence & set(found.alternatives)
        and (found.alternatives_total == len(legal - offence))
    )


def test_alternatives_to_a_wrong_take_are_the_allowed_takes_then_the_draw():
    (ruling,) = arbiter.check((SAMPLES / "caliente-illegal-frozen-pile-taken-with-wild.acn").read_text())
    (found,) = [f for f in ruling.findings if f.is_error]
    assert found.alternatives[0] == "take 9 with [9 9]"
    assert all(text.startswith("draw") for text in found.alternatives[1:])


def test_alternatives_to_a_short_first_meld_are_melds_that_reach_the_minimum():
    (ruling,) = arbiter.check((SAMPLES / "caliente-illegal-short-first-meld.acn").read_text())
    (found,) = [f for f in ruling.findings if f.is_error]
    assert found.alternatives[0].startswith("meld ")


def test_a_finding_not_on_a_move_lists_no_alternatives_in_json():
    (ruling,) = arbiter.check((SAMPLES / "caliente-illegal-wrong-declared-score.acn").read_text())
    (found,) = [f for f in ruling.findings if f.is_error]
    assert found.alternatives_total is None
    assert "alternatives" not in found.to_dict() and "alternatives_total" not in found.to_dict()


# --- the simulator's bots, move by move ------------------------------------------------------------

BOT_TABLES = [
    ("caliente", 4, {}),
    ("caliente", 6, {"three-packs": True}),
    ("samba", 4, {}),
    ("hand-and-foot", 4, {}),
    ("classic", 4, {}),
    ("hoyle", 2, {}),
]


def canonical(action) -> str:
    """An action with its cards in the canonical order (melds as a set): what the bot wrote and
    what a position lists compare equal when they have the same outcome."""

    def cards(c):
        return tuple(sorted(c, key=ORDER.__getitem__))

    if isinstance(action, Draw):
        action = dataclasses.replace(action, cards=cards(action.cards))
    elif isinstance(action, Meld):
        specs = sorted((cards(s.cards) for s in action.melds), key=lambda c: [ORDER[x] for x in c])
        action = dataclasses.replace(action, melds=tuple(MeldSpec(cards=c) for c in specs))
    elif isinstance(action, Add):
        action = dataclasses.replace(action, cards=cards(action.cards))
    elif isinstance(action, Take):
        also = sorted((cards(s.cards) for s in action.also), key=lambda c: [ORDER[x] for x in c])
        action = dataclasses.replace(
            action,
            with_cards=None if action.with_cards is None else cards(action.with_cards),
            also=tuple(MeldSpec(cards=c) for c in also),
        )
    return format_action(action)


def offered(position: Position, action) -> bool:
    """Whether the action is among the legal actions: as it is, or, for several melds laid at
    once (after the side's first meld, or with a take), as its parts one after another (the same
    outcome): a take with the fewest of its melds it is offered with, then each other meld."""
    legal = {canonical(m.action) for m in position.legal_actions()}
    if canonical(action) in legal:
        return True
    if isinstance(action, Meld) and len(action.melds) == 1:  # merged into the side's meld of its rank
        rank = next((c for c in action.melds[0].cards if c in ORDER and c not in ("2", "X")), None)
        return rank is not None and canonical(Add(cards=action.melds[0].cards, target=MeldRef(rank=rank))) in legal
    if isinstance(action, Meld) and len(action.melds) > 1:
        return in_turn(position, [Meld(melds=(spec,)) for spec in action.melds])
    if isinstance(action, Take) and action.also:
        for k in range(len(action.also) + 1):
            take = dataclasses.replace(action, also=action.also[:k])
            if canonical(take) in legal:
                return in_turn(position, [take, *(Meld(melds=(spec,)) for spec in action.also[k:])])
    return False


def in_turn(position: Position, actions) -> bool:
    """Whether each action is offered after the ones before it."""
    trial = position.copy()
    for action in actions:
        if not offered(trial, action):
            return False
        trial.push(action)
    return True


@pytest.mark.parametrize(("rules", "players", "options"), BOT_TABLES)
def test_every_action_a_bot_plays_is_among_the_legal_actions(rules, players, options):
    for game in simulate_games(rules, players, options, games=1, hands=1, seed=4, stock="some"):
        (parsed,) = arbiter.read_games(game.text)
        for hand in parsed.game.hands:
            position = Position.from_record(game.text, hand=hand.number, turn=1)
            for turn in hand.turns:
                for action in turn.actions:
                    if type(action) is GoOut:  # only states that the player went out
                        continue
                    assert offered(position, action), (hand.number, turn.line, format_action(action))
                    position.push(action)


# --- planted errors ------------------------------------------------------------------------------

PLANTED_PER_KIND = 3  # mutants walked per kind of planted error


@functools.cache
def mutants() -> list:
    import test_classic_mutations as classic
    import test_hand_and_foot_mutations as hand_and_foot
    import test_mutations as caliente
    import test_samba_mutations as samba

    found = []
    sources = [
        (caliente.MUTATIONS, caliente.corpus()),
        (samba.MUTATIONS, samba.corpus()),
        (hand_and_foot.MUTATIONS, hand_and_foot.corpus()),
        (classic.MUTATIONS, classic.corpus("classic")),
    ]
    for kinds, corpus in sources:
        for kind, mutation in kinds.items():
            made = 0
            for game, record in corpus[:6]:
                for mutant in mutation(game, record):
                    found.append((kind, mutant))
                    made += 1
                    if made >= PLANTED_PER_KIND:
                        break
                if made >= PLANTED_PER_KIND:
                    break
    return found


def test_every_planted_error_on_a_move_is_refused_with_the_code_arbiter_check_gives():
    walked = 0
    for kind, mutant in mutants():
        (ruling,) = arbiter.check(mutant.text)
        found = next((f for f in ruling.findings if f.is_error), None)
        if found is None or found.turn is None or found.code == "turn-order":
            continue  # a declared score, the deal, or who plays: not a move a position is asked
        (parsed,) = arbiter.read_games(mutant.text)
        hand = next(h for h in parsed.game.hands if h.number == found.hand)
        position = Position.from_record(mutant.text, hand=found.hand, turn=found.turn)
        refused = None
        for action in hand.turns[found.turn - 1].actions:
            refused = position.explain(action)
            if refused is not None:
                assert not position.is_legal(action)
                break
            position.push(action)
        if refused is None:  # the record ends the turn where it cannot end
            assert position.turn == found.turn and not position.over, (kind, found.code)
        else:
            assert refused.code == found.code, (kind, mutant.what, refused.message, found.message)
        walked += 1
    assert walked >= 20


def test_moves_compare_by_their_text():
    assert Move.of(Draw(cards=("7",))) == Move("draw 7", Draw(cards=("7",)))
    assert str(Move.of(Take(card="9", with_cards=("9", "9")))) == "take 9 with [9 9]"
