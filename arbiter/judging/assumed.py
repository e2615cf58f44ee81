"""A game judged by a rule set its record does not name (issue 45): a record without a `[Rules]`
tag is judged by the caller's choice or the arbiter's default (Caliente), and every ruling says
so; where the record's shape fits another family better, it says which and why, as a hint.

The shape is read from the first dealt hand, against each family's table at the record's seats
(its defaults): the cards dealt to each player (Samba and Hoyle deal 15, Caliente 11), a Foot
dealt or not, and cards the family's packs do not hold (a Caliente card, a fourth joker).

    assumed = rules_assumed(game, ruleset, configured=False)
    assumed.rules, assumed.fits, assumed.said()  # "caliente", "samba", "... fits Samba better ..."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import families as rulesets
from ..engine import seating_from_tags
from ..i18n import Text, msg, term
from ..notation.records import FamilyAction, Game, HandRecord
from ..rules.base import Config, RuleSet, UsageError


@dataclass(frozen=True, slots=True)
class Assumed:
    """The rule set a game without a `[Rules]` tag was judged by, and a family its record fits
    better, with what in the record says so."""

    rules: str
    configured: bool = False  # the caller's configured default, not the arbiter's own
    fits: str | None = None
    why: Text | None = None

    def said(self) -> Text:
        """One sentence for a report: what was assumed, and the hint where there is one."""
        title = term(rulesets.get(self.rules).title)
        judged = (
            msg("no [Rules] tag: judged by {title}, the configured default", title=title)
            if self.configured
            else msg("no [Rules] tag: judged by {title}, the arbiter's default", title=title)
        )
        if self.fits is None or self.why is None:
            return judged
        better = term(rulesets.get(self.fits).title)
        return msg(
            '{judged}; {why}: it looks like {better} (add [Rules "{name}"], or choose {name})',
            judged=judged,
            why=self.why,
            better=better,
            name=self.fits,
        )

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules, "configured": self.configured, "fits": self.fits, "why": self.why}


def rules_assumed(game: Game, ruleset: RuleSet, configured: bool) -> Assumed:
    """What a game without a `[Rules]` tag was judged by, with the family its shape fits better,
    or whose words (its options, its own actions) the record writes."""
    worded = _words_fit(game, ruleset)
    if worded is not None:
        return Assumed(ruleset.name, configured, *worded)
    hand = next((hand for hand in game.hands if hand.deals), None)
    if hand is None:
        return Assumed(ruleset.name, configured)
    misfit = _misfit(game, hand, ruleset)
    if misfit is None:
        return Assumed(ruleset.name, configured)
    for name in rulesets.names():
        other = rulesets.get(name)
        if name != ruleset.name and _misfit(game, hand, other) is None:
            return Assumed(ruleset.name, configured, name, misfit)
    return Assumed(ruleset.name, configured)


def _words_fit(game: Game, ruleset: RuleSet) -> tuple[str, Text] | None:
    """Another family and why, where the record writes a word only that family has: an option in
    its `[Variant]` tag, or an action of the family's own (`special`)."""
    options = [part.split("=", 1)[0].strip() for part in (game.tag("variant") or "").split()]
    actions = {
        action.keyword
        for hand in game.hands
        for turn in (*hand.setup_turns, *hand.turns)
        for action in turn.actions
        if isinstance(action, FamilyAction)
    }
    own_options = {spec.name for spec in ruleset.options}
    own_actions = {kind.keyword for kind in ruleset.actions}
    strange_options = [name for name in options if name and name not in own_options]
    strange_actions = sorted(actions - own_actions)
    if not strange_options and not strange_actions:
        return None
    for name in rulesets.names():
        other = rulesets.get(name)
        if name == ruleset.name:
            continue
        if set(strange_options) <= {spec.name for spec in other.options} and set(strange_actions) <= {
            kind.keyword for kind in other.actions
        }:
            if strange_options:
                return name, msg("its [Variant] tag names the option {option}", option=strange_options[0])
            return name, msg("it writes the action `{word}`", word=strange_actions[0])
    return None


def _misfit(game: Game, hand: HandRecord, ruleset: RuleSet) -> Text | None:
    """What in the hand's deal the family's table at the game's seats does not have, or None."""
    values = ruleset.resolve({})
    seating, _ = seating_from_tags(game, ruleset, values)
    if seating is None:
        return msg("{count} players", count=len((game.tag("seats") or "").split()))
    try:
        config = ruleset.config_for(seating, values)
    except UsageError:
        return msg("{count} players", count=len(seating.seats))
    dealt = {len(deal.cards) for deal in hand.deals}
    if dealt and dealt != {config.deal_size}:
        return msg("{count} cards are dealt to each player", count=max(dealt))
    if bool(hand.feet) != bool(config.foot_size):
        return msg("a Foot is dealt to each player") if hand.feet else msg("no Foot is dealt")
    return _beyond_the_packs(_cards(hand), config)


def _cards(hand: HandRecord) -> Counter[str]:
    seen: Counter[str] = Counter()
    pieces: Iterable[Any] = (*hand.deals, *hand.feet, *((hand.up,) if hand.up else ()))
    for piece in pieces:
        seen.update(piece.cards)
    if hand.stock is not None and hand.stock.cards:
        seen.update(hand.stock.cards)
    return seen


def _beyond_the_packs(seen: Counter[str], config: Config) -> Text | None:
    pack = config.pack()
    for card, count in sorted(seen.items()):
        if count > pack.get(card, 0):
            return msg("the deal holds {count} cards {card}", count=count, card=card)
    return None
