"""Bonus cards (red threes): laid beside the melds with `bonus`, each replaced from the stock."""

from __future__ import annotations

from .. import cards as C
from ..i18n import Text, msg, msg_n, term
from ..notation.records import LayBonus
from .context import HandContext, TurnState
from .illegal import Illegal


def bonus(r: HandContext, state: TurnState, action: LayBonus) -> None:
    table = r.table
    if table.stock_count == 0 and state.last_bonus:
        if r.config.last_bonus_kept:  # it stays in hand: its drawer goes out with it or the hand ends
            raise Illegal("last-bonus", _kept_last(r, state), action)
        lay_bonus(r, state.player, action, from_pile=len(action.cards))
        r.outcome.ended = True
        r.paths["bonus-drawn-last"] += 1
        return
    r.paths["bonus-laid"] += 1
    forgotten = _forgotten_laid(r, state, action)
    replaced = lay_bonus(r, state.player, action, from_pile=state.pile_bonus + forgotten)
    unreplaced = len(action.cards) - replaced - forgotten
    state.pile_bonus -= unreplaced
    state.unreplaced_bonus += unreplaced
    # a replacement comes from the stock: with the stock drawn out there is none to take, nor, where
    # the rule set stops replacing (Config.replacements_stop_at), once the stock is down to it
    owed = state.replacements_owed + replaced
    stop = r.config.replacements_stop_at
    state.replacements_owed = min(owed, table.stock_count - stop if table.stock_count > stop else 0)
    state.unreplaced_late += min(owed, table.stock_count) - state.replacements_owed
    if owed > state.replacements_owed:
        r.paths["bonus-laid-no-replacement-left"] += 1


def lay_bonus(r: HandContext, player: str, action: LayBonus, from_pile: int) -> int:
    """Lay Bonus cards from a hand; returns how many need a replacement."""
    laid = r.config.replaced_cards
    if any(c not in laid for c in action.cards):
        raise Illegal(
            "bonus-replacement",
            msg(
                "only {bonuses} are laid with `bonus`, not {cards}",
                bonuses=r.config.words.bonuses(),
                cards=C.show(action.cards),
            ),
            action,
        )
    hand = r.table.hands[player]
    for card in set(action.cards):  # one kind of card but in Modern American Canasta (both threes)
        if hand[card] < action.cards.count(card):
            raise Illegal(
                "card-not-held",
                lays_unheld(r, player, action.cards.count(card), hand[card]),
                action,
            )
    for card in action.cards:
        hand[card] -= 1
    r.table.side_of[player].laid.extend(action.cards)
    return max(0, len(action.cards) - from_pile)


def lays_unheld(r: HandContext, player: str, laid: int, held: int) -> Text:
    bonuses = r.config.words.count(laid, r.config.words.bonus)
    if held:
        return msg(
            "{player} lays {bonuses} but holds only {count}", player=player, bonuses=bonuses, count=C.number(held)
        )
    return msg("{player} lays {bonuses} but holds none", player=player, bonuses=bonuses)


def note_forgotten(r: HandContext, state: TurnState) -> None:
    """As the turn's discard is made: how many of the laid cards still held the player forgot to lay
    (Config.forgotten_laid)."""
    config, forgotten = r.config, r.table.forgotten
    assert config.forgotten_laid is not None
    hand, held = state.hand, 0
    for card in config.replaced_cards:  # at every discard: no generator, no Counter.__missing__ call
        held += hand.get(card, 0)
    count = config.forgotten_laid(held, bool(state.side.melds), config) if held else 0
    if count or forgotten.get(state.player):
        forgotten[state.player] = count


def _forgotten_laid(r: HandContext, state: TurnState, action: LayBonus) -> int:
    """How many of the cards laid were forgotten on an earlier turn and are laid without a replacement;
    where a forgotten card stays in hand to the end (Config.forgotten_kept), laying one is refused."""
    forgotten = r.table.forgotten.get(state.player, 0)
    if not forgotten:
        return 0
    laid = len(action.cards)
    if r.config.forgotten_kept:
        held = sum(state.hand[card] for card in r.config.replaced_cards)
        if laid > held - forgotten:
            words = r.config.words
            raise Illegal(
                "three-forgotten",
                msg_n(
                    "{player} did not lay {cards} in time: it stays in hand to the end of the hand",
                    "{player} did not lay {cards} in time: they stay in hand to the end of the hand",
                    forgotten,
                    player=state.player,
                    cards=words.count(forgotten, words.bonus),
                ),
                action,
            )
        return 0
    unreplaced = min(forgotten, laid)
    r.table.forgotten[state.player] = forgotten - unreplaced
    r.paths["bonus-laid-late"] += 1
    return unreplaced


def _kept_last(r: HandContext, state: TurnState) -> Text:
    return msg(
        "{player} drew a {bonus} as the last card of the stock: it stays in hand and is not laid",
        player=state.player,
        bonus=term(r.config.words.bonus),
    )
