"""What a rule set is: data the engine reads, plus a few small policy functions.

The engine never asks which rule set it is playing. Everything that differs between Caliente,
Samba, Hand & Foot and Hoyle is a field of `Config` (built by the rule set's `configure` from the
table and the options): numbers and switches, the words its messages use (`Words`), and the
policies (`meld_problem`, `first_meld_minimum`, `hand_penalty`, `laid_score`, `end_of_hand`), or
a `Rule` in the rule set's catalogue (its code, its name in that rule set, and the section of the
rule book it comes from). docs/engine.md is the guide for writing a new family.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cards as C
from ..errors import ArbiterError
from ..i18n import Text, msg, msg_n, pmsg, term
from ..notation.records import FamilyAction
from ..rulings import Rule
from .codes import ENGINE, NOTATION  # the names: the package's function codes() takes the module's
from .defaults import Choice
from .policies import (
    AdditionProblem,
    CanastaBonus,
    DiscardProblem,
    EndOfHand,
    ForgottenLaid,
    GoOutProblem,
    HandPenalty,
    LaidOutValue,
    LaidScore,
    MeldProblem,
    OpeningProblem,
    OpeningWaiver,
    OutOnlyProblem,
    PileTaken,
    SideHandPenalty,
    TakeProblem,
    Talon,
    TurnEndAsked,
    TurnEndProblem,
)
from .sheet_spec import SheetSpec

OptionValue = bool | int | str
CONFIGS_KEPT = 16  # configurations (and memories of meld verdicts) a rule set keeps: see RuleSet.config_for
YES = ("", "yes", "true", "on", "1")  # a switch written as a word, or a preset named alone


class UsageError(ArbiterError, ValueError):
    """A request the arbiter cannot act on: an unknown rule set or option, a bad option value,
    or a flag that contradicts the record's own tags. Its message (`message`, the first argument)
    is a `Text` where the arbiter wrote it, for an adapter to say in the reader's language."""

    @property
    def message(self) -> str:
        return self.args[0] if self.args else ""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A named, documented switch of a rule set; every project default is one."""

    name: str
    default: OptionValue
    summary: str
    source: str
    choices: tuple[OptionValue, ...] = ()  # the values allowed, where only a few are (a word or a number)
    pattern: str = ""  # a written value's form, where it has one (a regular expression)
    form: str = ""  # that form in words, for messages: "all, or a number of cards"
    least: int | None = None  # the smallest number allowed
    book_value: Callable[[Config], OptionValue] | None = field(default=None, compare=False, repr=False)
    """What the default stands for, read from a table's configuration under it, where the default
    is a placeholder ("0: the laws' count"): what a finding says the book has."""

    def value_at(self, config: Config | None) -> OptionValue:
        """The book's value at a table configured with the default (the default itself, unless it
        stands for another)."""
        return self.book_value(config) if self.book_value is not None and config is not None else self.default

    def parse(self, raw: str | OptionValue) -> OptionValue:
        value = self._convert(raw)
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise UsageError(
                msg(
                    "option {option} is one of {allowed}, not {value}",
                    option=self.name,
                    allowed=allowed,
                    value=repr(raw),
                )
            )
        if self.pattern and not re.fullmatch(self.pattern, str(value)):
            raise UsageError(
                msg("option {option} is {form}, not {value}", option=self.name, form=term(self.form), value=repr(raw))
            )
        if self.least is not None and isinstance(value, int) and value < self.least:
            raise UsageError(
                msg(
                    "option {option} is a whole number of {least} or more, not {value}",
                    option=self.name,
                    least=self.least,
                    value=repr(raw),
                )
            )
        return value

    def _convert(self, raw: str | OptionValue) -> OptionValue:
        if isinstance(self.default, str):
            return str(raw).strip().lower()
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in YES:
                return True
            if text in ("no", "false", "off", "0"):
                return False
            raise UsageError(msg("option {option} is yes or no, not {value}", option=self.name, value=repr(raw)))
        try:
            return int(raw)
        except (TypeError, ValueError):
            raise UsageError(
                msg("option {option} is a whole number, not {value}", option=self.name, value=repr(raw))
            ) from None


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays: the seats in playing order (play passes to the left) and the sides."""

    seats: tuple[str, ...]
    sides: tuple[tuple[str, ...], ...]

    def side_of(self, player: str) -> tuple[str, ...] | None:
        return next((side for side in self.sides if player in side), None)

    def playing_order(self, sitting_out: Collection[str] = ()) -> tuple[str, ...]:
        """The order of play in a hand that some players sit out (Caliente, five and six
        players): those who sit out leave the table and the others sit with opponents between
        partners, so the sides take turns. Each side's players keep their order of the seats, and
        the first seat still playing starts the round. Nobody moves when the seats still left
        already alternate; with nobody sitting out this is the seats' own order."""
        playing = [p for p in self.seats if p not in sitting_out]
        if not sitting_out:
            return self.seats
        groups: dict[tuple[str, ...], list[str]] = {}
        for player in playing:
            side = self.side_of(player)
            groups.setdefault(side or (player,), []).append(player)
        sizes = {len(group) for group in groups.values()}
        if len(groups) < 2 or len(sizes) != 1:
            return tuple(playing)  # sides of unequal size cannot alternate: a finding elsewhere
        return tuple(group[i] for i in range(sizes.pop()) for group in groups.values())

    @property
    def shape(self) -> tuple[int, tuple[int, ...]]:
        """The table without the names: how many seats, and how many players each side has."""
        return len(self.seats), tuple(len(side) for side in self.sides)

    @staticmethod
    def side_name(side: tuple[str, ...]) -> str:
        return "+".join(side)


@dataclass(frozen=True, slots=True)
class Words:
    """What the rule set calls things, in messages: the Caliente books' "Prize pile" is the
    classic books' "discard pile", their Bonus card a red three."""

    pile: str = "Prize pile"
    bonus: str = "Bonus card"  # the classic books' "red three"
    stop: str = "Stop card"  # the classic books' "black three"
    laid: str = "Bonus and Caliente cards"  # the cards laid beside the melds, never melded
    cards: Mapping[str, str] = field(default_factory=lambda: C.NAMES)  # names of the cards that are not naturals
    symbols: Mapping[str, str] = field(default_factory=dict)
    """How the family's players write a card where it differs from its symbol (the classic books'
    red three `R3` for `B`): what a card button shows; the notation reads both."""

    def describe(self, card: str) -> str:
        return C.describe(card, self.cards)

    def counted(self, n: int, card: str) -> str:
        return C.counted(n, card, self.cards)

    def bonuses(self) -> Text:
        """The plural of `bonus`, for messages: "Bonus cards", "red threes"."""
        return _PLURALS[self.bonus]() if self.bonus in _PLURALS else term(f"{self.bonus}s")

    def count(self, n: int, word: str, spelled: bool = True) -> Text:
        """`n` of one of these words (`bonus`, `stop`): "three Bonus cards", or "3 red threes" when
        not `spelled`."""
        says = C.number(n) if spelled else n
        if word in _COUNTED:
            return _COUNTED[word](n, says)
        return Text("{n} " + word, {"n": says}, "{n} " + word + "s", n)  # a word no template says: English only

    def stops(self) -> Text:
        """The plural of `stop`, for messages: "Stop cards", "black threes"."""
        return _PLURALS[self.stop]() if self.stop in _PLURALS else term(f"{self.stop}s")


# The plurals of the rule sets' words, as templates a translator sees (Words.bonuses, Words.stops).
_PLURALS: dict[str, Callable[[], Text]] = {
    "Bonus card": lambda: pmsg("within a sentence", "Bonus cards"),
    "red three": lambda: pmsg("within a sentence", "red threes"),
    "Stop card": lambda: pmsg("within a sentence", "Stop cards"),
    "black three": lambda: pmsg("within a sentence", "black threes"),
    "three": lambda: pmsg("within a sentence", "threes"),
}

# How many of the rule sets' words, as templates a translator sees (Words.count).
_COUNTED: dict[str, Callable[[int, int | str], Text]] = {
    "Bonus card": lambda n, says: msg_n("{n} Bonus card", "{n} Bonus cards", n, n=says),
    "red three": lambda n, says: msg_n("{n} red three", "{n} red threes", n, n=says),
    "Stop card": lambda n, says: msg_n("{n} Stop card", "{n} Stop cards", n, n=says),
    "black three": lambda n, says: msg_n("{n} black three", "{n} black threes", n, n=says),
    "three": lambda n, says: msg_n("{n} three", "{n} threes", n, n=says),
}


Refusal = Callable[[str, "Words"], tuple[str, Text]]
"""(the player, the rule set's words) -> the code and the words of the finding that refuses an action
the rule set does not bring."""


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A family's own kind of action and its vocabulary, wherever the arbiter and its adapters speak
    of it: declared once, by the family that brings it (`RuleSet.actions`), and read from there by
    the engine (alternatives, refusals), the checker (a word no family brings), the web (the
    editor's headings, the legal actions' kinds) and the docs. The notation reads and writes it as a
    `FamilyAction`, its keyword and its cards, without knowing the word; nothing else lists it."""

    keyword: str
    """The first word of its notation text: the kind of move it is."""
    heading: Text
    """How it is said: the heading of its kind of legal move (`pmsg("legal moves of a kind", ...)`)."""
    said: Text
    """One such action in a player's words (`arbiter.judging.allowed.in_words`)."""
    related: tuple[str, ...]
    """The kinds of action a finding on it lists first among its alternatives (engine/alternatives.py)."""
    paths: tuple[str, ...]
    """The coverage paths playing it takes (engine/paths.py lists every path)."""
    refusal: Refusal
    """The finding that refuses it where a rule set does not bring it."""
    opens_turn: bool = False
    """Whether it opens a turn (as a draw does): while one is legal the turn is at its start."""
    cards: bool = False
    """Whether it is written with cards after its keyword (`KEYWORD 4 4 5 ...`) or alone."""

    def action(self, cards: Sequence[str] = ()) -> FamilyAction:
        """One such action, as a record writes it."""
        return FamilyAction(keyword=self.keyword, cards=tuple(cards))


@dataclass(frozen=True, slots=True)
class ExtraAction:
    """An action a rule set brings beyond the engine's own, from a module of its family
    (docs/engine.md lists them). The engine plays it as one of its own handlers, and the legal
    actions at a point of a turn include its offers. The engine's types are said as `Any` here:
    the engine imports this module."""

    handle: Callable[[Any, Any, Any], None]
    """(hand context, turn state, action): checks the action, raising `Illegal` before it changes
    anything, then plays it, as the handlers of engine/turn.py do."""
    offers: Callable[[Any, Any], Iterable[Any]]
    """(hand context, turn state) -> the actions of this kind worth trying there (engine/candidates.py)."""
    kind: ActionKind
    """What the action is called and how it is told (the family's declaration)."""
    picks_up_foot: bool = False
    """Whether it picks up the Foot: the one action, beside a pass, that may open a turn whose Foot
    is due, or follow a Hand played out."""


def brings(*actions: ExtraAction) -> dict[str, ExtraAction]:
    """`Config.actions` for these actions, by keyword."""
    return {action.kind.keyword: action for action in actions}


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the engine needs to know about the game being judged."""

    # the table
    seating: Seating
    players_per_hand: int  # seats less those sitting out each hand
    # the cards
    packs: int
    deal_size: int
    draw_count: int  # cards drawn from the stock per turn
    # melds
    max_wilds: int  # in any meld, canastas included
    naturals_must_outnumber_wilds: bool  # else wilds may equal naturals (Hoyle)
    merge_same_rank: bool  # one meld per rank per side; a second set merges into it
    canasta_size: int
    # taking the Prize pile
    always_frozen: bool
    stop_up_card_freezes: bool
    # going out
    canastas_to_go_out: int
    concealed_waives_minimum: bool
    concealed_allows_discard: bool
    # scoring
    target: int
    first_meld_minimum: Callable[[int, int], int]  # (score before the hand, hand number) -> minimum (0: any meld)
    going_out_bonus: int
    concealed_bonus: int
    natural_canasta_bonus: int
    mixed_canasta_bonus: int
    bonus_card_points: Callable[[int, bool], int]  # (cards laid, side has melded) -> points
    bonus_in_hand_penalty: int
    # remedies the rule set prescribes
    permission_penalty: int
    wrong_take_penalty: int
    failed_minimum_raise: int
    # the rule set's policies
    meld_problem: MeldProblem[Config]
    take_problem: TakeProblem[Config]
    canasta_bonus: CanastaBonus[Config]
    go_out_problem: GoOutProblem[Config]
    hand_penalty: HandPenalty[Config]
    laid_score: LaidScore[Config]
    end_of_hand: EndOfHand[Config]
    laid_cards: frozenset[str]  # cards laid beside the melds, never melded (Bonus, Caliente)
    blocks_pile: frozenset[str]  # cards that, on top of the pile, stop anyone taking it
    addition_problem: AdditionProblem[Config] = lambda meld, added, config: None  # anything a legal meld allows
    pile_cards_taken: PileTaken[Config] = lambda take, rest, config: rest  # the whole pile, always
    # the cards: what the rule set adds to its packs, and the actions it brings beyond every family's
    extra_cards: Mapping[str, int] = field(default_factory=dict)  # cards added to the packs, by card
    absent_cards: Mapping[str, Text] = field(default_factory=dict)
    """What a finding says of a card the packs hold none of, by card, where the rule set says why."""
    suits_required: bool = False
    """Every card the record shows carries its suit (ACN 1.3), the jokers and Caliente cards aside:
    for a family whose rules look at suits (runs). A card without its suit is a `suit-missing`
    finding. Off (every family so far), a record's suits are read, counted and kept, and the
    record is judged as it would be without them (docs/notation.md, "Suits")."""
    actions: Mapping[str, ExtraAction] = field(default_factory=dict)
    """The actions the rule set brings beyond the engine's own (engine/turn.py's HANDLERS), by
    keyword: `brings(...)` of its family's modules' actions."""
    # a second packet (the Foot) per player, and the game in a set number of rounds (Hand & Foot).
    # The Foot is the engine's: it deals it (Table.feet), holds a turn to picking it up once the
    # Hand is played out, and counts who has played from one; picking it up is the rule set's
    # action (an ExtraAction with `picks_up_foot`)
    foot_size: int = 0  # cards dealt to each Foot (0: no Foot)
    rounds: int = 0  # hands in a game (0: played until a side reaches the target)
    one_open_meld_per_rank: bool = False  # a new meld of a rank only once the side's earlier one is closed
    take_joins_open_meld: bool = False  # a take with a natural pair joins the side's open meld of the rank
    ask_required: bool = False  # going out needs the partner's yes
    exhausted_stock_ends_hand: bool = False  # with the stock drawn out nobody takes the pile: the next player passes
    stop_meld_sizes: tuple[int, int] = (3, 4)  # the fewest and most Stop cards a Stop meld holds
    words: Words = Words()
    sheet: SheetSpec | None = None
    """The family's score sheet: its scoring categories in its own words (rules/sheet_spec.py), for
    a hand given as its summary (arbiter/sheets/)."""
    # the classic deck (Hoyle, the Official Canasta Laws)
    covered_up_cards: frozenset[str] = C.CARD_SET - C.NATURAL_SET
    """cards turned up to start the pile that are covered by the next card turned (the naturals
    stay on top)"""
    discard_freezes: frozenset[str] = C.WILDS  # cards that freeze the pile when discarded
    keeps_last_card: bool = False  # a player short of canastas left with one card keeps it, discarding nothing
    last_bonus_melds: bool = True  # a player who draws a Bonus card as the stock's last card may meld first
    last_bonus_kept: bool = False  # a laid card drawn as the stock's last card stays in hand; the hand ends at once
    last_bonus_goes_out: bool = False  # ... unless its drawer goes out at once, discarding it face down
    last_bonus_cost: int | None = None  # what that card costs left in hand (None: as `hand_penalty` says)
    frozen_until_first_meld: bool = False  # the pile is frozen against a side until its first meld (classic, Hoyle)
    # Modern American Canasta's mechanisms; each default keeps the other families as they were
    up_card: bool = True  # a card is turned up to start the pile; False: the pile starts empty (`up` alone)
    replaced_cards: frozenset[str] = frozenset({C.BONUS})  # cards laid with `bonus` and replaced from the stock
    discard_problem: DiscardProblem[Config] | None = None  # None: any card but a laid one may be discarded
    opened_meld_problem: AdditionProblem[Config] | None = None
    """(a meld's cards before, the cards laid or added, config) -> why a side that opened before this
    turn may not lay them (the rule of five), or None; a new meld has no cards before."""
    dead_canasta_ranks: bool = False  # a rank with a completed canasta is closed to every side
    first_take_counts_up_card: bool = True  # the up card of a first take counts toward its minimum
    opening_problem: OpeningProblem[Config] = lambda melds, config: None
    opening_waives_minimum: OpeningWaiver[Config] = lambda melds, config: False
    opening_reachable: Callable[[Sequence[Sequence[str]], Counter[str], Config], bool] = lambda melds, hand, config: (
        True
    )
    """(the side's melds laid in its opening turn so far, the cards held, config) -> whether more melds
    and additions from hand might still meet `opening_problem` (False: the search for a legal end of
    the turn, engine/legal.py, gives up there at once)."""
    failed_minimum_penalty: int = 0  # points a side loses for a first meld taken back (0: its minimum rises instead)
    melded_sign: Callable[[int], int] = lambda canastas: 1
    """(the side's canastas) -> 1 or -1: whether its melded cards count for it or against it."""
    unfinished_penalty: Callable[[Sequence[str], Config], int] | None = None
    """(a meld short of a canasta, config) -> what it costs its side when the hand ends, or None."""
    talon: Talon[Config] = lambda opened_before, took_pile, stock_left, config: 0
    turn_end_problem: TurnEndProblem[Config] | None = None  # None: a turn's end asks nothing of its melds
    turn_end_asked: TurnEndAsked[Config] | None = None
    """Whether a turn that is not the side's opening leaves `turn_end_problem` anything to ask, from
    the side's melds at the discard (None: always asked); the opening turn is always asked."""
    excused_going_out: frozenset[str] = frozenset()
    """Codes of `opened_meld_problem` a player who goes out on the turn is excused: such a problem
    is raised at the turn's end, on the action that broke it, unless the player goes out."""
    first_take_counts_pair: bool = True
    """The cards from hand a first take melds with the up card count toward the opening (its
    minimum and conditions); False: only the melds laid beside them do."""
    talon_dealt_aside: bool = False
    """The talons are dealt aside before play rather than drawn from the stock's top: one pile for
    each side, in the order the sides open, of the size `talon` gives from a full stock, taken from
    the top of what the deal leaves (a stock line lists them first). An opener draws its own pile."""
    replacements_stop_at: int = 0
    """The stock's size at which the cards laid with `bonus` stop being replaced (0: replaced while
    any card is left; Modern American Canasta's tables that stop at the turn card: 8)."""
    # the end of a hand and of a game (Modern American Canasta); each default keeps the others as they were
    laid_card_goes_out: bool = False  # a card laid beside the melds may be the discard that goes out
    going_out_discards: bool = False
    """Going out ends with a discard (face down): a player who melds every card and discards none has
    not gone out, and the turn lacks its discard (Modern American Canasta; a special hand is no turn's end)."""
    asks_per_hand: str = ""  # one ask to go out each hand per "side" or per "player"; "": as often as one likes
    out_only_problem: OutOnlyProblem[Config] | None = None
    """(the side's melds, config) -> what the side may hold only on the turn its player goes out (an
    eighth card on a canasta), as (code, explanation), or None."""
    side_hand_penalty: SideHandPenalty[Config] | None = None
    """(the cards left in each hand of a side, config) -> score lines the hands cost taken together,
    beyond each hand's own (`hand_penalty`): three aces held between partners."""
    tie_plays_on: bool = False  # equal leading totals at or past the target: another hand is played
    discard_from_melds: bool = False  # a player none of whose cards may be discarded takes one back from a meld
    laid_out_value: LaidOutValue[Config] | None = None
    """(a whole hand laid out at once, config) -> its name, its value and whether it wins the game at
    once, at this table, or None: the score sheet's special hands (`SheetSpec.specials`)."""
    forgotten_laid: ForgottenLaid[Config] | None = None
    """(the laid cards a player holds as the turn's discard is made, whether the side has opened,
    config) -> how many of them the player forgot to lay (a three kept for the Straight is not
    forgotten), or None: nobody is held to laying them in time."""
    forgotten_kept: bool = False  # a forgotten laid card stays in hand to the end; else it is laid later, unreplaced
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    unplayed: Mapping[str, ActionKind] = field(default_factory=dict, compare=False, repr=False)
    """The other families' actions, which this rule set does not bring, by keyword: refused with
    their own words (`ActionKind.refusal`). `RuleSet.config_for` sets it from `RuleSet.unplayed`."""
    verdicts: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """What `meld_problem` said of each meld checked so far, by (cards, new): the policy is a pure
    function of the cards and this configuration (engine.melds.meld_problem keeps it). A Config
    starts with its own; `RuleSet.config_for` shares one among the tables of one shape."""

    composition: dict[str, int] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The cards in play, worked out at the first `pack()`: every hand starts from a copy, which
    costs a fifth of working them out again. Dropped with the configuration (`arbiter.forget`)."""

    def pack(self) -> Counter[str]:
        """The cards in play: the packs and the cards the rule set adds to them (a fresh Counter)."""
        if not self.composition:
            self.composition.update(C.pack(self.packs, self.extra_cards))
        return C.Counts(self.composition)


def entry(code: str, name: str, source: str, summary: str) -> tuple[str, Rule]:
    """A catalogue entry, (code, rule): rule sets build their catalogues as dicts of these."""
    return code, Rule(code, name, source, summary)


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    title: str
    summary: str
    options: tuple[OptionSpec, ...]
    catalogue: Mapping[str, Rule]
    configure: Callable[[Seating, Mapping[str, OptionValue]], Config]
    seat_counts: tuple[int, ...]
    seating_problem: Callable[[Seating, Mapping[str, OptionValue]], str | None]
    """Why a table's seats and sides do not fit the rule set, or None."""
    raises: frozenset[str] = frozenset()
    """The codes the rule set's policies can raise beyond the engine's own (codes.ENGINE)."""
    choices: tuple[Choice, ...] = ()
    """Where the rule books are silent or disagree, and what the project chose."""
    presets: Mapping[str, Mapping[str, OptionValue]] = field(default_factory=dict)
    """House rules by name: a preset written alone (`[Variant "pagat"]`, `--option pagat`) sets
    each of its options; options written after it override them."""
    aliases: tuple[str, ...] = ()
    actions: tuple[ActionKind, ...] = ()
    """The kinds of action the family brings beyond the engine's own (its configurations' `actions`
    play them)."""
    unplayed: dict[str, ActionKind] = field(default_factory=dict, init=False, compare=False, repr=False)
    """Every other family's kinds of action, which this one does not bring: `arbiter.families` fills
    it from its list, and each configuration reads it (`Config.unplayed`)."""
    """Other names the rule set is asked for by (`canasta` for Caliente); `arbiter.families.get`
    reads them."""
    configured: dict[Any, Config] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The configurations made so far (`config_for`), by table and options."""
    verdicts: dict[Any, dict[Any, Any]] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The meld verdicts kept (`Config.verdicts`), by the table's shape and the options."""

    def __post_init__(self) -> None:
        missing = sorted((ENGINE | self.raises) - self.catalogue.keys())
        if missing:
            raise ValueError(f"the {self.name} catalogue does not explain the codes {', '.join(missing)}")

    def config_for(self, seating: Seating, options: Mapping[str, OptionValue]) -> Config:
        """The configuration for a table and its options, made once (a Config never changes) and
        shared by the games of an archive played at that table that way. Whether cards make a
        legal meld never depends on who sits where, so the tables of one shape (the same number
        of seats and sides, other players) with the same options share what the engine learns of
        melds (`Config.verdicts`)."""
        chosen = frozenset(options.items())
        config = self.configured.get((seating, chosen))
        if config is None:
            for kept in (self.configured, self.verdicts):
                if len(kept) >= CONFIGS_KEPT:
                    kept.clear()
            config = self.configured[seating, chosen] = self.configure(seating, options)
            shared = self.verdicts.setdefault((seating.shape, chosen), config.verdicts)
            object.__setattr__(config, "verdicts", shared)  # frozen: its shared parts are set once, here
            object.__setattr__(config, "unplayed", self.unplayed)
        return config

    def forget(self) -> None:
        """Drop the configurations made so far and the meld verdicts they share (`arbiter.forget`)."""
        self.configured.clear()
        self.verdicts.clear()

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(spec.name for spec in self.options)
        values = {"title": term(self.title), "option": repr(name), "known": known}
        if self.presets:
            raise UsageError(
                msg(
                    "{title} has no option {option}; its options are: {known}; its presets: {presets}",
                    presets=", ".join(self.presets),
                    **values,
                )
            )
        raise UsageError(msg("{title} has no option {option}; its options are: {known}", **values))

    def resolve(self, raw: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Every option's value: the defaults, overridden by `raw` (checked and converted)."""
        values: dict[str, OptionValue] = {spec.name: spec.default for spec in self.options}
        values.update(self.expand(raw))
        return values

    def expand(self, raw: Mapping[str, Any]) -> dict[str, OptionValue]:
        """`raw`'s options checked and converted, each preset among them (a name set to yes)
        replaced by its options, in order, so that what follows a preset overrides it."""
        values: dict[str, OptionValue] = {}
        for name, value in raw.items():
            if name in self.presets and (value is True or str(value).strip().lower() in YES):
                values.update(self.presets[name])
            else:
                values[name] = self.option(name).parse(value)
        return values

    def rule(self, code: str) -> Rule:
        return self.catalogue[code]

    def cite(self, code: str) -> Text:
        """The rule a finding of `code` cites, "Name (Source)": its name and source are words of
        the rule set's data, said in the reader's language."""
        if code in NOTATION:
            return term(NOTATION[code].source)
        return cite(self.catalogue[code])


def cite(rule: Rule) -> Text:
    """`rule` cited as `Rule.cite` writes it, its name and source to be translated."""
    return msg("{name} ({source})", name=term(rule.name), source=term(rule.source))
