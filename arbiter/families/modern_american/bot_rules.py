"""Modern American Canasta's table rules as the simulator reads them from the sources (docs/simulator.md,
"Modern American Canasta"), never from the arbiter's rule set: the table by its size, the options the
bots play (`OPTIONS`) and the presets clubs name (the League's, pagat's, the app's)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...bots.cards import deck
from ...bots.family import SimOption

TURN_CARD_LEFT = 8  # the turn card is the ninth card from the bottom of the stock: drawn, eight remain
SPECIAL_VALUES = {  # the special hands the bots aim for, by the table's `special-hands`
    "league": {"pairs": 2_500, "garbage": 3_000, "triples": 3_500, "quads": 3_500},
    "pagat": {"pairs": 2_500, "garbage": 2_000},
    "flat-2500": {"pairs": 2_500, "garbage": 2_500, "triples": 2_500, "quads": 2_500},
    "none": {},
}

PRESETS = ("league", "pagat", "app")

OPTIONS = (
    SimOption("league", False, "the League's reading of every disputed point (the default)"),
    SimOption("pagat", False, "pagat's readings: its special hands and values, -2,500 for four jokers unfinished"),
    SimOption("app", False, "the Canasta Junction app's readings: a three left in hand costs 100"),
    SimOption("talon-source", "stock", "where the talon comes from", ("stock", "predealt")),
    SimOption("replace-threes-after-turn-card", True, "a three laid after the turn card is still replaced"),
    SimOption("special-hands", "league", "which special hands are played", tuple(SPECIAL_VALUES)),
    SimOption("first-talon", 4, "cards of the talon of the first side to open"),
    SimOption("later-talon", 3, "cards of the talon of each later side to open"),
)


@dataclass(frozen=True, slots=True)
class MacRules:
    """The table rules: four players in two partnerships, or two or three each for themselves."""

    players: int
    playing: int
    three_packs: bool = False  # the seating reads it: two packs, never a team of three
    deal_size: int = 13
    draw_count: int = 1
    canastas_to_go_out: int = 2
    target: int = 8_500
    first_talon: int = 4
    later_talon: int = 3
    talon_dealt_aside: bool = False  # the talons set aside at the deal, a pile per side
    threes_replaced_late: bool = True  # threes laid after the turn card are replaced
    three_in_hand: int = 5  # a three left in hand (the app: 100; one drawn last always 5)
    four_jokers_unfinished: int = 2_000  # an unfinished wild meld of all four jokers (pagat: 2,500)
    specials: Mapping[str, int] | None = None  # the special hands the bots aim for, and their values
    stop_up_card_freezes: bool = False  # the deal protocol asks; no card is turned up
    take_back: bool = True  # a player none of whose cards may be discarded takes one back from a meld (pagat: no)
    aces_and_sevens_apart: bool = True  # their canastas, penalties and bans; three players: ordinary ranks

    @classmethod
    def build(cls, players: int, options: Mapping[str, Any]) -> MacRules:
        """The sources' table (15 cards, two drawn and, with three, one canasta to go out at two or
        three players), the presets' readings, then the options."""
        rules = cls(
            players=players,
            playing=players,
            deal_size=13 if players == 4 else 15,
            draw_count=1 if players == 4 else 2,
            canastas_to_go_out=1 if players == 3 else 2,
            aces_and_sevens_apart=players != 3,
        )
        # a preset sets every option, as the rule set reads it: only the last preset counts, and only
        # the options written after it
        items = list(options.items())
        last = max((i for i, (name, on) in enumerate(items) if name in PRESETS and on), default=-1)
        preset, chosen = (items[last][0] if last >= 0 else "league"), dict(items[last + 1 :])
        specials = str(chosen.get("special-hands", "pagat" if preset == "pagat" else "league"))
        if preset == "pagat":
            rules = replace(rules, four_jokers_unfinished=2_500, take_back=False)
        if preset == "app":
            rules = replace(rules, three_in_hand=100)
        return replace(
            rules,
            first_talon=int(chosen.get("first-talon", 4)),
            later_talon=int(chosen.get("later-talon", 3)),
            talon_dealt_aside=chosen.get("talon-source") == "predealt",
            threes_replaced_late=bool(chosen.get("replace-threes-after-turn-card", True)),
            specials=SPECIAL_VALUES[specials] if rules.deal_size + rules.draw_count == 14 else {},
        )

    def pack(self) -> list[str]:
        """Two packs and four jokers: per pack four of each natural, four 2s, two jokers, two threes
        of each colour (108 cards)."""
        return deck(2)

    @property
    def talon_far(self) -> int:
        """The fewest cards in the stock with which the bots open (or aim at a special hand): the
        talon drawn after the discard still leaves the turn card and a card above it, so that the
        talon is always whole (from 20, one side in two never opened in a hand)."""
        return TURN_CARD_LEFT + 2 + max(self.first_talon, self.later_talon)

    def minimum(self, score: int) -> int:
        return 125 if score < 3_000 else 155 if score < 5_000 else 180

    def talons(self, sides: int) -> list[int]:
        """The talons by the order the sides open: the first side's, then each later side's."""
        return [self.first_talon] + [self.later_talon] * (sides - 1)

    def replaceable(self, stock: int) -> int:
        """How many threes laid now are replaced: while the stock lasts, or, where threes stop at the
        turn card, while it is still in the stock."""
        return stock if self.threes_replaced_late else max(0, stock - TURN_CARD_LEFT)


__all__ = ["OPTIONS", "SPECIAL_VALUES", "TURN_CARD_LEFT", "MacRules"]
