"""The situation of a dispute as a player lays it out: who plays, the cards in every hand and Foot,
each side's melds, the pile, whose turn it is, the scores so far and the disputed move. It writes
the ACN record with a `position` block (docs/notation.md, "Positions") that a ruling is made on,
and is read back from the table before a record's disputed turn (the editor's "Edit this table").

    situation = Situation(rules="caliente", seats=["ann", "bob", "cid", "dee"], teams="ann+cid bob+dee",
                          hands={"ann": ["9", "9", "K"], ...}, pile=["8", "9"], turn="ann",
                          move="take 9 with [9 9], discard K")
    situation.problems()   # what does not add up (too many 9s, a Foot of the wrong size), in words
    situation.record()     # the record to check
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import cards as C
from .. import families as rulesets
from ..engine import seating_from_tags
from ..i18n import msg, msg_n, term
from ..notation import DEFAULT_LIMITS, Limits, Source
from ..notation.formatter import format_action
from ..notation.records import Add, HandRecord, Meld, Turn
from ..rules.base import Config, Seating, UsageError
from . import Position
from .dealing import game_tags, variant
from .move_answer import MoveAnswer, answer_move
from .reading import find_game, totals_before

PLAUSIBLE_HAND_FACTOR = 4
"""A hand holding more than this many times the family's deal is reported as implausible: taking
a big pile can double a hand, but not many times over (a typing slip is likelier)."""


@dataclass
class Situation:
    """One moment of one hand, laid out card by card. Sides are named as in the Teams tag
    (`ann+cid`), or by the player where each plays for themselves."""

    rules: str
    seats: list[str]
    teams: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    hand: int = 1
    sitting_out: list[str] = field(default_factory=list)  # who sits this hand out (five or six players)
    hands: dict[str, list[str]] = field(default_factory=dict)
    feet: dict[str, list[str]] = field(default_factory=dict)  # a Foot not yet picked up
    melds: dict[str, list[list[str]]] = field(default_factory=dict)
    laid: dict[str, list[str]] = field(default_factory=dict)  # Bonus and Caliente cards laid
    pile: list[str] = field(default_factory=list)  # bottom card first: the last is the up card
    turn: str = ""
    totals: dict[str, int] = field(default_factory=dict)
    melded: list[str] = field(default_factory=list)
    move: str = ""
    note: str = ""

    # --- what the situation is played under -----------------------------------------------------

    def seating(self) -> Seating:
        """The seats and sides, as the Seats and Teams tags give them; UsageError saying why not."""
        ruleset = rulesets.get(self.rules)
        teams = [team.split("+") for team in self.teams.split()] or None
        seating, problem = seating_from_tags(game_tags(ruleset, self.seats, {}, teams), ruleset, self.values())
        if seating is None:
            raise UsageError(problem.message if problem else msg("these players cannot sit at this table"))
        return seating

    def values(self) -> dict[str, Any]:
        return rulesets.get(self.rules).resolve(self.options)

    def config(self) -> Config:
        return rulesets.get(self.rules).config_for(self.seating(), self.values())

    def sides(self) -> list[str]:
        """The sides' names; while the seating is wrong, as the Teams tag names them, or each
        player alone (so a record can still be written, and its ruling says what is wrong)."""
        try:
            return [Seating.side_name(side) for side in self.seating().sides]
        except UsageError:
            return self.teams.split() or [Seating.side_name((player,)) for player in self.seats]

    # --- checking the counts --------------------------------------------------------------------

    def shown(self) -> Counter[str]:
        """Every card the situation shows, wherever it lies."""
        counts: Counter[str] = Counter()
        for cards in (*self.hands.values(), *self.feet.values(), *self.laid.values(), self.pile):
            counts.update(cards)
        for melds in self.melds.values():
            for meld in melds:
                counts.update(meld)
        return counts

    def problems(self) -> list[str]:
        """What cannot be so, in words a player can act on (empty when the counts add up)."""
        try:
            config = self.config()
        except UsageError as problem:
            return [str(problem)]
        return [*self._unknown_cards(), *self._too_many(config), *self._sizes(config), *self._turn_problem()]

    def _unknown_cards(self) -> Iterable[str]:
        for card in sorted(set(self.shown()) - C.CARD_SET):
            yield msg(
                "{card} is not a card: use 4 to 10, J Q K A, 2 (little wild), X (big wild), B, S or C", card=repr(card)
            )

    def _too_many(self, config: Config) -> Iterable[str]:
        pack = config.pack()
        packs = msg_n("{n} pack", "{n} packs", config.packs)
        title = term(rulesets.get(self.rules).title)
        for card, count in sorted(self.shown().items(), key=lambda item: C.ORDER.get(item[0], 99)):
            if card in C.CARD_SET and count > pack[card]:
                yield msg(
                    "there are {count} cards {card} on this table, but {title} with {packs} has only {most}",
                    count=count,
                    card=card,
                    title=title,
                    packs=packs,
                    most=pack[card],
                )

    def _sizes(self, config: Config) -> Iterable[str]:
        limit = config.deal_size * PLAUSIBLE_HAND_FACTOR
        for player, cards in self.hands.items():
            if len(cards) > limit:
                yield msg(
                    "{player} holds {count} cards: more than {limit} is not a plausible hand (the deal is {deal})",
                    player=player,
                    count=len(cards),
                    limit=limit,
                    deal=config.deal_size,
                )
        for player, cards in self.feet.items():
            if cards and len(cards) != config.foot_size:
                yield msg(
                    "{player}'s Foot has {count} cards: a Foot is dealt {size} and stays untouched until picked up",
                    player=player,
                    count=len(cards),
                    size=config.foot_size,
                )

    def _turn_problem(self) -> Iterable[str]:
        if self.turn not in self.seats:
            yield msg("say whose turn it is")

    # --- writing the record ---------------------------------------------------------------------

    def record(self) -> str:
        """The record a ruling is made on: tags, the hand's position block and the disputed turn."""
        lines = [f'[Rules "{self.rules}"]']
        if self.options:
            lines.append(f'[Variant "{variant(self.options)}"]')
        lines.append(f'[Seats "{" ".join(self.seats)}"]')
        if self.teams.strip():
            lines.append(f'[Teams "{" ".join(self.teams.split())}"]')
        sitout = [player for player in self.seats if player in self.sitting_out]
        lines += ["", " ".join([f"hand {self.hand} dealer {self._dealer()}", *(["sitout", *sitout] if sitout else [])])]
        if any(self.totals.values()):
            lines.append("total " + " ".join(f"{side} {self.totals.get(side, 0)}" for side in self.sides()))
        lines.append("position")
        lines += [_joined(f"hold {player}", self.hands.get(player, [])) for player in self.playing()]
        lines += [_joined(f"foot {player}", self.feet[player]) for player in self.seats if self.feet.get(player)]
        lines += self._table_lines()
        if self.pile:
            lines.append(_joined("pile", self.pile))
        melded = [player for player in self.seats if player in self.melded]
        if melded:
            lines.append(_joined("melded", melded))
        lines.append(f"turn {self.turn}")
        lines += [f"; {line}" for line in self.note.splitlines() if line.strip()]
        if self.move.strip():
            lines.append(f"{self.turn}: {self.move.strip()}")
        return "\n".join(lines) + "\n"

    def _table_lines(self) -> list[str]:
        lines = []
        for side in self.sides():
            melds = [meld for meld in self.melds.get(side, []) if meld]
            laid = self.laid.get(side, [])
            if melds or laid:
                lines.append(_joined(f"table {side}", [f"[{' '.join(meld)}]" for meld in melds] + laid))
        return lines

    def playing(self) -> list[str]:
        """The players of this hand in playing order: those sitting out left out, the rest closed
        up as the table plays (Seating.playing_order); in seat order while the seating is wrong."""
        try:
            return list(self.seating().playing_order(set(self.sitting_out)))
        except UsageError:
            return [player for player in self.seats if player not in self.sitting_out]

    def _dealer(self) -> str:
        """The player before the one to play, of those playing: who dealt matters only to who
        plays first."""
        playing = self.playing() or self.seats
        at = playing.index(self.turn) if self.turn in playing else 1
        return playing[at - 1]

    def position(self) -> Position:
        """The Position the record stands for, before the disputed move (PositionError if the
        table cannot be so)."""
        without_move = Situation(**{**self.__dict__, "move": ""})
        return Position.from_record(without_move.record(), hand=self.hand, turn=1)

    def answer(self) -> MoveAnswer:
        """Whether the disputed move was allowed on this table, and the table after it
        (arbiter.positions.move_answer); PositionError if the table cannot be played from."""
        return answer_move(self.position(), self.move)

    # --- reading one back -----------------------------------------------------------------------

    @classmethod
    def before(
        cls,
        source: Source,
        *,
        hand: int,
        turn: int,
        game: int = 1,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> Situation:
        """The table just before turn `turn` of hand `hand` of game `game`, with that turn as the
        disputed move; turn 0 is the hand's last turn (PositionError if the record does not
        reach it)."""
        parsed, ruling = find_game(source, game, rules, options, limits)
        record = parsed.game
        index = next((i for i, h in enumerate(record.hands) if h.number == hand), None)
        played = record.hands[index].turns if index is not None else ()
        turn = turn or max(1, len(played))
        position = Position.from_record(
            source, hand=hand, turn=turn, game=game, rules=rules, options=options, limits=limits
        )
        assert index is not None  # from_record has said so otherwise
        table = position.table
        seats_tag = record.find_tag("seats")
        seats = seats_tag.value.split() if seats_tag else []
        teams = record.find_tag("teams")
        return cls(
            rules=ruling.rules or "",
            seats=seats,
            teams=teams.value if teams else "",
            options=_changed(ruling.rules or "", ruling.options),
            hand=hand,
            sitting_out=list(record.hands[index].start.sitting_out),
            hands={player: list(cards) for player, cards in table["hands"].items()},
            feet={player: list(cards) for player, cards in table.get("feet", {}).items() if cards},
            melds={side: [list(meld) for meld in melds] for side, melds in table["melds"].items()},
            laid={side: list(cards) for side, cards in table["laid"].items()},
            pile=list(table["pile"]),
            turn=position.to_play or "",
            totals=totals_before(record, ruling, index),
            melded=_melded(record.hands[index], played[: turn - 1]),
            move=_move_text(played[turn - 1]) if turn <= len(played) else "",
        )


def _joined(head: str, words: Iterable[str]) -> str:
    return " ".join([head, *words])


def _changed(rules: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from the rule set's defaults (what a Variant tag needs to say)."""
    if not rules:
        return {}
    defaults = rulesets.get(rules).resolve({})
    return {name: value for name, value in options.items() if defaults.get(name) != value}


def _melded(hand: HandRecord, turns: Iterable[Turn]) -> list[str]:
    """Who has melded or added to a meld in this hand before the disputed turn."""
    stated = hand.position.melded.players if hand.position and hand.position.melded else ()
    players = list(stated)
    for turn in turns:
        if any(isinstance(action, Meld | Add) for action in turn.actions) and turn.player not in players:
            players.append(turn.player)
    return players


def _move_text(turn: Turn) -> str:
    return ", ".join(format_action(action) for action in turn.actions)


def default_seats(rules: str) -> tuple[list[str], str]:
    """A family's usual table: four players in two partnerships where it allows four, else two
    each for themselves."""
    if 4 in rulesets.get(rules).seat_counts:
        return ["ann", "bob", "cid", "dee"], "ann+cid bob+dee"
    return ["ann", "bob"], ""


# --- reading what a player typed ------------------------------------------------------------------


def cards_from_text(text: str) -> list[str]:
    """Cards as typed, `9 9 k r3`: each in canonical form where it is a card, else as typed (so
    `problems()` can name it)."""
    return [C.canonical(word) or C.canonical(word.upper()) or word for word in text.replace(",", " ").split()]


def melds_from_text(text: str) -> list[list[str]]:
    """Melds as typed, `[7 7 7] [J J 2]`; cards outside brackets make a meld of their own."""
    melds = [cards_from_text(group) for group in re.findall(r"\[([^\[\]]*)\]", text)]
    rest = re.sub(r"\[[^\[\]]*\]", " ", text).replace("[", " ").replace("]", " ")
    if rest.strip():
        melds.append(cards_from_text(rest))
    return [meld for meld in melds if meld]


def read_variant(rules: str, text: str) -> dict[str, Any]:
    """Options written as in a Variant tag (`always-frozen take-with-wild=no`), by their full
    names; UsageError naming an option the rule set does not have."""
    ruleset = rulesets.get(rules)
    values: dict[str, Any] = {}
    for word in text.replace(",", " ").split():
        name, _, raw = word.partition("=")
        values.update(ruleset.expand({name: raw if raw else True}))
    return values
