"""The sample records: every one parses cleanly, and the hand-written Samba, Hand & Foot and Hoyle
records keep the cards straight (a small replay that follows every card, not the rules engine)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arbiter import cards as C
from arbiter.notation import parse_text
from arbiter.notation.records import Add, Deal, Discard, Draw, FamilyAction, Game, HandRecord, LayBonus, Meld, Take

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))
PACKS = {"samba": 3, "hand-and-foot": 5, "hoyle": 2}
MINE = [p for p in SAMPLES if p.name.split("-")[0] in ("samba", "hand", "hoyle")]


def test_there_is_a_sample_for_each_family() -> None:
    for family in PACKS:
        assert any(p.name.startswith(family) for p in SAMPLES), family


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_every_sample_parses_with_no_findings(path: Path) -> None:
    games = parse_text(path.read_text(encoding="utf-8"))
    assert [f for g in games for f in g.findings] == []
    assert all(g.game.hands or g.game.tags for g in games)


class Replay:
    """Follows every card of one hand: who holds it, the pile, the table."""

    def __init__(self, hand: HandRecord, packs: int) -> None:
        self.pack = C.pack(packs)
        self.hands: dict[str, Counter[str]] = {}
        self.feet: dict[str, Counter[str]] = {}
        self.pile: list[str] = []
        self.seen: Counter[str] = Counter()  # every card that has shown up somewhere
        if hand.position is None:
            for deal in hand.deals:
                self.hands[deal.player] = self.show(deal.cards)
            self.feet = {d.player: self.show(d.cards) for d in hand.feet}
            for turn in hand.setup_turns:
                self.play(turn.player, turn.actions)
            self.pile = list(hand.up.cards)
            self.show(self.pile)
        else:
            p = hand.position
            self.hands = {h.player: self.show(h.cards) for h in p.holdings}
            self.feet = {d.player: self.show(d.cards) for d in p.feet}
            for side in p.tables:
                for meld in side.melds:
                    self.show(meld.cards)
                self.show(side.laid)
            self.pile = list(p.pile.cards)
            self.show(self.pile)
            unseen = sum(self.pack.values()) - sum(self.seen.values())
            assert p.stock.count == unseen, f"the stock should be {unseen} cards"

    def show(self, cards: tuple[str, ...] | list[str]) -> Counter[str]:
        self.seen.update(cards)
        over = {c: n for c, n in self.seen.items() if n > self.pack[c]}
        assert not over, f"more cards than the packs hold: {over}"
        return Counter(cards)

    def give_up(self, player: str, cards: tuple[str, ...] | list[str]) -> None:
        hand = self.hands[player]
        hand.subtract(cards)
        assert all(n >= 0 for n in hand.values()), f"{player} plays {cards} without holding them"

    def play(self, player: str, actions: tuple) -> None:
        for action in actions:
            if isinstance(action, Draw):
                self.hands[player].update(self.show(action.cards))
            elif isinstance(action, Take):
                assert self.pile and self.pile[-1] == action.card, f"{action.card} is not the up card"
                self.give_up(player, action.with_cards or ())
                for spec in action.also:
                    self.give_up(player, spec.cards)
                self.hands[player].update(self.pile[:-1])
                self.pile = []
            elif isinstance(action, Meld):
                for spec in action.melds:
                    assert meld_shape(spec.cards), spec.cards
                    self.give_up(player, spec.cards)
            elif isinstance(action, (Add, LayBonus)):
                self.give_up(player, action.cards)
            elif isinstance(action, Discard):
                self.give_up(player, [action.card])
                self.pile.append(action.card)
            elif action == FamilyAction(keyword="caliente"):
                self.give_up(player, [C.CALIENTE])
            elif action == FamilyAction(keyword="foot"):
                self.hands[player].update(self.feet.pop(player))


def meld_shape(cards: tuple[str, ...]) -> bool:
    """Cards of one rank with wilds, all wilds, or a run of naturals (Samba)."""
    naturals = [c for c in cards if not C.is_wild(c)]
    if len(cards) < 3 or len(set(naturals)) <= 1:
        return True
    order = sorted(C.SEQUENCE_ORDER[c] for c in naturals if C.is_natural(c))
    return len(order) == len(cards) and order == list(range(order[0], order[0] + len(order)))


def replay(game: Game, packs: int) -> None:
    for hand in game.hands:
        table = Replay(hand, packs)
        for turn in hand.turns:
            table.play(turn.player, turn.actions)
            if any(type(a).__name__ == "GoOut" for a in turn.actions):
                assert sum(table.hands[turn.player].values()) == 0, f"{turn.player} goes out holding cards"
        scores = {e.side: e.points for p in hand.declared if p.kind == "score" for e in p.entries}
        totals = {e.side: e.points for p in hand.declared if p.kind == "total" for e in p.entries}
        if scores and totals and hand.totals_before is not None:
            before = {e.side: e.points for e in hand.totals_before.entries}
            assert totals == {side: before[side] + scores[side] for side in scores}


@pytest.mark.parametrize("path", MINE, ids=[p.name for p in MINE])
def test_hand_written_samples_keep_the_cards_straight(path: Path) -> None:
    [parsed] = parse_text(path.read_text(encoding="utf-8"))
    rules = parsed.game.tag("rules")
    assert rules in PACKS and path.name.startswith(rules)
    replay(parsed.game, PACKS[rules])


def test_the_replay_catches_a_card_nobody_holds() -> None:
    text = (Path(__file__).parent.parent / "samples" / "hoyle-opening.acn").read_text()
    [parsed] = parse_text(text.replace("ann: draw 9, meld [A A 2]", "ann: draw 9, meld [A A A]"))
    with pytest.raises(AssertionError, match="without holding"):
        replay(parsed.game, 2)


def test_feet_are_dealt_in_hand_and_foot() -> None:
    [parsed] = parse_text((Path(__file__).parent.parent / "samples" / "hand-and-foot-opening.acn").read_text())
    hand = parsed.game.hands[0]
    assert [len(d.cards) for d in hand.deals] == [13] * 4
    assert [d.player for d in hand.feet] == ["ann", "bob", "cid", "dee"]
    assert all(isinstance(d, Deal) and d.foot and len(d.cards) == 13 for d in hand.feet)
