"""A new game's first hand, dealt from a seeded shuffle, written as the record a club would keep:
tags, the deal (and the Feet), the up card and the whole stock, so its order is known."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .. import cards as C
from ..i18n import msg
from ..notation.records import Deal, Game, HandRecord, HandStart, Stock, Tag, UpCard
from ..rules.base import Config, RuleSet, Seating, UsageError

DEALER_SEAT = 0
"""The first seat named deals the first hand, so the second seat plays first."""


def game_tags(
    ruleset: RuleSet, seats: Sequence[str], options: Mapping[str, Any], teams: Sequence[Sequence[str]] | None
) -> Game:
    """The tags of a game played at these seats; UsageError for seats given as one string (a
    string is a sequence of letters, which would read as players each named by a letter)."""
    if isinstance(seats, str):
        raise UsageError(
            msg(
                "the seats are a list of names, like {example}, not one string {seats}",
                example='["ann", "bob"]',
                seats=repr(seats),
            )
        )
    tags = [Tag(name="Rules", value=ruleset.name)]
    if options:
        tags.append(Tag(name="Variant", value=variant(options)))
    tags.append(Tag(name="Seats", value=" ".join(seats)))
    if teams:
        tags.append(Tag(name="Teams", value=" ".join("+".join(team) for team in teams)))
    return Game(tags=tuple(tags))


def variant(options: Mapping[str, Any]) -> str:
    """The Variant tag's value: `name` for yes, `name=no`, `name=value`."""
    words = []
    for name, value in options.items():
        if isinstance(value, bool):
            words.append(name if value else f"{name}=no")
        else:
            words.append(f"{name}={value}")
    return " ".join(words)


def sitting_out(seating: Seating, config: Config) -> tuple[str, ...]:
    """Who sits out the first hand at a table of more players than play a hand: the first-named
    player of each team of three."""
    if config.players_per_hand >= len(seating.seats):
        return ()
    return tuple(side[0] for side in seating.sides if len(side) == 3)


def deal_hand(config: Config, seed: int | str) -> HandRecord:
    """Hand 1: the pack shuffled by `random.Random(seed)`, dealt one packet per player in the
    order of play (and a Foot each where the rule set has one), then cards turned from the stock
    until a card the rule set does not cover is the up card."""
    seating = config.seating
    out = sitting_out(seating, config)
    dealer = seating.seats[DEALER_SEAT]
    active = [p for p in seating.playing_order(set(out))]
    cards = sorted(config.pack().elements(), key=C.ORDER.__getitem__)
    random.Random(seed).shuffle(cards)
    deals, feet = [], []
    for player in active:
        deals.append(Deal(player=player, cards=tuple(_take(cards, config.deal_size))))
    for player in active if config.foot_size else ():
        feet.append(Deal(player=player, cards=tuple(_take(cards, config.foot_size)), foot=True))
    up = [cards.pop(0)] if config.up_card else []  # Modern American Canasta turns none
    while up and up[-1] in config.covered_up_cards and cards:
        up.append(cards.pop(0))
    return HandRecord(
        start=HandStart(number=1, dealer=dealer, sitting_out=out),
        deals=tuple(deals),
        feet=tuple(feet),
        up=UpCard(cards=tuple(up)),
        stock=Stock(cards=(*up, *cards)),  # the up card is turned from the stock
    )


def _take(cards: list[str], n: int) -> list[str]:
    taken = cards[:n]
    del cards[:n]
    return taken
