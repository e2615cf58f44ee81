"""Samba: three packs of the Caliente deck, fifteen cards, two drawn, sequences beside groups,
two canastas to go out, the game to 10,000.

Source: the Samba chapter of Canasta Caliente Complete ("Rules for Samba Canasta", "Samba for 2,
3, 5 or 6 players"), which lists how Samba differs from Caliente and plays Caliente's rules
otherwise; where it is silent, choices.py (rendered in docs/rules/samba.md) says what the
arbiter does, and each such default is an option below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ... import cards as C
from ...i18n import msg, msg_n, term
from ...rules import standard
from ...rules.base import Config, OptionSpec, OptionValue, RuleSet, Seating, Words, brings, entry
from ...rules.groups import (
    GROUP_CODES,
    canastas_to_go_out,
    group_canasta_bonus,
    group_meld_problem,
    two_naturals_per_wild,
)
from ...rules.policies import PileTake
from ...rules.remedies import failed_minimum_raise, permission_penalty, wrong_take_penalty
from ...rules.sequences import LONGEST, SEQUENCE_CODES, is_sequence, sequence_problem
from ...rules.sheet_rules import summary_rules
from ...rules.sheet_spec import SUMMARY_CODES, CanastaKind, SheetSpec
from ...rules.standard_rules import kept_from
from ...rulings import Rule
from ...variations import caliente_card
from ...variations.caliente_card import CalienteCard
from .choices import BOOK, CHOICES, PROJECT_DEFAULT, SAMBA, TABLES

SAMBA_BONUS = 1500
ALL_BONUS_CARDS = 6  # three packs hold six Bonus cards
ALL_BONUS_POINTS = 1000

SAMBA_WORDS = Words(laid="Bonus cards")
"""Samba's words: Caliente's, but only Bonus cards are laid beside the melds (no Caliente card,
unless the caliente-cards variation brings them: then Caliente's words)."""

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "wild-ratio",
        "at-most-two",
        "How many wilds a group may hold: `at-most-two` (one or two, with at least two naturals) or "
        "`two-naturals-per-wild` (also two naturals for every wild: [K K 2] but not [K K K 2 2]).",
        f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
        ("at-most-two", "two-naturals-per-wild"),
    ),
    OptionSpec(
        "sequence-take",
        "whole-pile",
        "What a player takes with an up card laid onto a sequence: `whole-pile` (the whole pile, as with "
        "every take) or `top-card` (that card alone; the rest of the pile stays).",
        f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
        ("whole-pile", "top-card"),
    ),
    OptionSpec(
        "pile-always-frozen",
        False,
        "The pile is always frozen: its up card is taken only with a natural pair of its rank from hand, never "
        "onto a meld; and on an exhausted stock nobody is forced to take it.",
        PROJECT_DEFAULT,
    ),
    OptionSpec(
        "merge-groups",
        False,
        "A side keeps one group of each rank: a new group of a rank joins the side's group of it (as in "
        "Caliente), so `K#2` names nothing. By default every group stays a meld of its own.",
        PROJECT_DEFAULT,
    ),
    OptionSpec(
        "minimum-7000",
        150,
        "The first-meld minimum of a side with 7,000 or more: 150 (the box) or 160.",
        f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
        (150, 160),
    ),
    OptionSpec(
        "bonus-penalty",
        "mirror",
        "What Bonus cards cost a side without two canastas: `mirror` (their value, negative: -100 each, "
        "-1,000 for all six) or `flat` (-100 each).",
        f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
        ("mirror", "flat"),
    ),
    OptionSpec(
        "caliente-cards",
        False,
        "Two Caliente cards (C) join the pack, as in Caliente's variation; a player who plays one draws back "
        "up to 15 cards.",
        f'{BOOK}, {SAMBA} and "Canasta Caliente exclusive variation"',
    ),
    OptionSpec(
        "caliente-on-exhausted-stock",
        False,
        "A Caliente card may be played once the stock is exhausted (the player draws nothing).",
        f'{BOOK}, "Canasta Caliente exclusive variation"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "stop-up-card-freezes",
        False,
        "A Stop card turned up at the start freezes the pile like a wild.",
        f'{BOOK}, "The Deal"; {PROJECT_DEFAULT}',
    ),
    OptionSpec(
        "bonus-in-hand-penalty",
        100,
        "Points lost for each Bonus card still in hand at the end of the hand.",
        f'{BOOK}, "Bonus Cards"; {PROJECT_DEFAULT}',
    ),
    permission_penalty(f'{BOOK}, "Going Out"; {PROJECT_DEFAULT}'),
    wrong_take_penalty(f'{BOOK}, "Taking the Prize Pile"; {PROJECT_DEFAULT}'),
    failed_minimum_raise(f'{BOOK}, "First Meld Requirement"; {PROJECT_DEFAULT}'),
    OptionSpec("target", 10_000, "The score that ends the game.", f"{BOOK}, {SAMBA}"),
)


SHARED = (
    "unknown-player",
    "hand-number",
    "dealer-order",
    "stock-order",
    "stock-empty",
    "position",
    "turn-order",
    "draw-first",
    "card-not-held",
    "take-blocked",
    "take-up-card",
    "bonus-replacement",
    "bonus-discard",
    "discard",
    "go-out-permission",
    "ask",
    "hand-over",
    "out-marker",
    "pass",
    "last-bonus",
    "caliente-in-hand",
    "total-mismatch",
)

SAMBA_SEQUENCE = f"{BOOK}, {SAMBA}"

CATALOGUE: dict[str, Rule] = dict(
    [
        *(kept_from(code, BOOK, SAMBA) for code in SHARED),
        entry(
            "seating",
            "Players and partnerships",
            f"{BOOK}, {TABLES}; {PROJECT_DEFAULT}",
            "Four play as two partnerships, partners facing. The other tables follow Caliente's: two or three "
            "each play alone, five play as a team of two against a team of three, six as two teams of three "
            "seated alternately, and the record names the teams in a [Teams] tag.",
        ),
        entry(
            "sitting-out",
            "Sitting out",
            f'{BOOK}, {TABLES} and "5 Player Rules", "6 Player Rules"',
            "With five players one member of the team of three sits out each hand; with six, one member of each "
            "team. The hand line names them (`sitout NAME`); they are dealt nothing and may not play.",
        ),
        entry(
            "deal-size",
            "The deal",
            f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
            "Each player is dealt 15 cards, at every table.",
        ),
        entry(
            "deal-packet",
            "The deal",
            f"{BOOK}, {SAMBA}",
            "Each player is dealt one hand and nothing else: Samba has no Foot, so a record that shows one shows "
            "cards nobody was dealt.",
        ),
        entry(
            "card-count",
            "The cards",
            f"{BOOK}, {SAMBA}",
            "Samba is played with three packs, 162 cards: twelve of each natural and of the little wild, six big "
            "wilds, six Bonus and six Stop cards, and two Caliente cards only in that variation. No card may "
            "appear more often than that.",
        ),
        entry(
            "up-card",
            "The up card",
            f'{BOOK}, "The Deal"; {PROJECT_DEFAULT}',
            "The first card of the pile is turned from the stock; a wild or Bonus card turned is set sideways "
            "(freezing the pile) and another turned, until a natural card is on top. A Stop card turned is "
            "covered the same way without freezing (option stop-up-card-freezes).",
        ),
        entry(
            "draw-count",
            "Drawing",
            f"{BOOK}, {SAMBA}",
            "A player draws two cards from the stock, or the last one when only one is left. Drawing and taking "
            "the pile exclude each other.",
        ),
        entry(
            "take-initial",
            "Taking the pile before the first meld",
            f'{BOOK}, {SAMBA} and "Taking the Prize Pile"',
            "Before the side's first meld the pile is frozen against it: the up card is taken only with a natural "
            "pair of its rank from hand, and the up card with the cards melded from hand as the pile is taken "
            "must meet the first-meld minimum. A take short of it is a take without the right to it: the pile "
            "is restored and the side loses 50 points (option wrong-take-penalty).",
        ),
        entry(
            "take-frozen",
            "Taking the frozen pile",
            f'{BOOK}, {SAMBA} and "Taking the Prize Pile"',
            "While a wild is in the pile, its up card is taken only with a natural pair of its rank from hand, "
            "never with a wild and never onto a meld.",
        ),
        entry(
            "take-unfrozen",
            "Taking the unfrozen pile",
            f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
            "After the first meld an unfrozen up card is taken with a natural pair of its rank from hand (never "
            "a natural and a wild), or laid alone onto one of the side's groups of its rank or onto a sequence it "
            "extends, neither of them yet a canasta. The up card never starts a sequence, nor extends one "
            "together with cards from hand.",
        ),
        entry(
            "take-always-frozen",
            "Pile always frozen",
            PROJECT_DEFAULT,
            "With the option pile-always-frozen the pile counts as frozen all the time: only a natural pair from "
            "hand takes it, never a meld on the table, and on an exhausted stock nobody is forced to take it.",
        ),
        entry(
            "first-meld-minimum",
            "First meld requirement",
            f'{BOOK}, {SAMBA} and "First Meld Requirement"',
            "A side's first melds, made by one player in one turn, must be worth at least 15 points below zero, "
            "50 from 0, 90 from 1,500, 120 from 3,000 and 150 from 7,000 (option minimum-7000). Sequences count "
            "toward it, Bonus cards do not. The player may add cards that turn to reach it; otherwise the cards "
            "go back and the minimum rises by 10 for the hand (option failed-minimum-raise).",
        ),
        entry("meld-size", "Melds", f"{BOOK}, {SAMBA}", "A new group or sequence has at least three cards."),
        entry(
            "meld-rank",
            "Melds",
            f"{BOOK}, {SAMBA}",
            "A group is cards of one rank with wilds; cards of several ranks are a sequence (see `sequence`); "
            "Bonus and Caliente cards are never melded.",
        ),
        entry(
            "meld-wilds",
            "Wild cards in groups",
            f"{BOOK}, {SAMBA}; {PROJECT_DEFAULT}",
            "A group holds one or two wilds at most and at least two naturals, so a group canasta has five "
            "naturals or more (option wild-ratio: also two naturals per wild); wilds are never melded alone.",
        ),
        entry(
            "sequence",
            "Sequences",
            SAMBA_SEQUENCE,
            "A sequence is three to seven natural cards of consecutive ranks from 4 up to the Ace, each rank once, "
            "with no wild and no Stop card and no wrap-around. It grows at either end up to seven cards, a samba, "
            "and never past it; two sequences never join.",
        ),
        entry(
            "canasta-wild",
            "No wild joins a canasta",
            SAMBA_SEQUENCE,
            "Once a group is a canasta (seven cards), no wild may be added to it; naturals still may.",
        ),
        entry(
            "meld-unknown",
            "Naming a meld",
            f"{BOOK}, {SAMBA}",
            "Cards are added only to a meld the side has. A side may hold several groups of a rank, named `Q`, "
            "`Q#2` in the order it made them, and sequences named by their span, such as `5-9`.",
        ),
        entry(
            "stop-meld",
            "Melding Stop cards",
            f'{BOOK}, "Stop Cards", which {SAMBA} keeps',
            "Stop cards are melded only by a player going out, three or more of them (the three packs hold six), "
            "with no wilds.",
        ),
        entry(
            "bonus-in-hand",
            "Forgotten Bonus cards",
            f'{BOOK}, "Bonus Cards"; {PROJECT_DEFAULT}',
            "A Bonus card still in hand when the hand ends costs its holder's side 100 points (option "
            "bonus-in-hand-penalty).",
        ),
        entry(
            "go-out-canasta",
            "Going out needs two canastas",
            f"{BOOK}, {SAMBA}",
            "A player may only empty their hand when the side has two canastas (a samba is one of them); without "
            "them the player must keep a card after discarding.",
        ),
        entry(
            "forced-take",
            "Forced take",
            f'{BOOK}, "What Happens if the Draw Pile Is Exhausted?"; {PROJECT_DEFAULT}',
            "With the stock exhausted, a player must take an unfrozen up card that could go onto one of the side's "
            "groups or sequences that is not yet a canasta.",
        ),
        entry(
            "caliente-card",
            "Playing a Caliente card",
            f'{BOOK}, "Canasta Caliente exclusive variation"; {PROJECT_DEFAULT}',
            "Instead of drawing or taking the pile, a player holding a Caliente card may lay it beside the side's "
            "melds, provided the side has not melded more melds than an opponent; at most one a turn, and not on "
            "an exhausted stock (option caliente-on-exhausted-stock).",
        ),
        entry(
            "caliente-refill",
            "Drawing up after a Caliente card",
            f'{BOOK}, "Canasta Caliente exclusive variation"',
            "Having played a Caliente card, the player draws until the hand holds 15 cards again, the whole stock "
            "if it is short, nothing if the hand is already that big; before any meld or discard.",
        ),
        entry(
            "score-mismatch",
            "Scoring",
            f"{BOOK}, {SAMBA}",
            "A declared hand score must equal the recomputed one. A side scores its melded cards and loses the "
            "cards left in its players' hands; a samba is worth 1,500, a natural group canasta 500 and a mixed "
            "one 300; going out earns 200 and nothing more for going out concealed. Bonus cards are worth 100 "
            "each, 1,000 for all six, and count against a side without two canastas (option bonus-penalty). Each "
            "Caliente card played costs 100.",
        ),
        entry(
            "result-mismatch",
            "End of the game",
            f"{BOOK}, {SAMBA}",
            "The game ends after the hand in which a side reaches 10,000 (option target); the higher score wins.",
        ),
        entry(
            "game-over",
            "End of the game",
            f"{BOOK}, {SAMBA}",
            "No hand is played after a side has reached 10,000, whether an earlier hand of the record took it "
            "there or the record starts from stated totals at or past it.",
        ),
    ]
)


# --- the policies ------------------------------------------------------------------------------


def first_meld_minimum(from_7000: int) -> Callable[[int, int], int]:
    def minimum(score: int, hand: int) -> int:
        if score < 0:
            return 15
        if score < 1500:
            return 50
        if score < 3000:
            return 90
        return 120 if score < 7000 else from_7000

    return minimum


def meld_problem(cards: Sequence[str], config: Config, new: bool) -> tuple[str, str] | None:
    """A sequence when the cards hold several natural ranks, else a group (or Stop cards); with
    `wild-ratio=two-naturals-per-wild` a group also needs two naturals for each wild."""
    if is_sequence(cards):
        return sequence_problem(cards, config, new)
    problem = group_meld_problem(cards, config, new)
    if problem or config.options.get("wild-ratio") != "two-naturals-per-wild":
        return problem
    return two_naturals_per_wild(cards)


def addition_problem(meld: Sequence[str], added: Sequence[str], config: Config) -> tuple[str, str] | None:
    """No wild joins a group that is already a canasta."""
    if len(meld) >= config.canasta_size and not C.WILDS.isdisjoint(added):
        return "canasta-wild", msg(
            "[{cards}] is a canasta already: no wild may be added to it, only naturals", cards=C.show(meld)
        )
    return None


def take_problem(take: PileTake, config: Config) -> tuple[str, str] | None:
    """Only a natural pair from hand takes the pile, or (unfrozen, after the first meld) the up
    card alone onto a group of its rank or a sequence it extends, neither yet a canasta."""
    top, side = take.top, take.side
    always = config.always_frozen and not take.frozen
    frozen_code = "take-always-frozen" if always else "take-frozen"
    if take.onto:
        if not take.side_has_melded:
            return "take-initial", msg(
                "before {side}'s first meld the up card is taken only with a natural pair from hand", side=side
            )
        if take.frozen or config.always_frozen:
            return frozen_code, msg(
                "the {pile} is frozen: the up card {top} is taken only with two natural {top}s from hand, never onto "
                "a meld",
                pile=term(config.words.pile),
                top=top,
            )
        meld = take.meld()
        if len(meld) >= config.canasta_size:
            return "take-unfrozen", msg(
                "[{cards}] is a canasta: the up card may be taken only onto a group or sequence that is not yet one",
                cards=C.show(meld),
            )
        return None
    own = take.own
    if len(own) >= 2 and all(card == top for card in own):
        return None
    shown = C.show([top, *own])
    if not take.side_has_melded:
        return "take-initial", msg(
            "before {side}'s first meld the up card {top} is taken only with a natural pair of {top}s from hand; "
            "[{cards}] is not that",
            side=side,
            top=top,
            cards=shown,
        )
    if take.frozen or config.always_frozen:
        return frozen_code, msg(
            "the {pile} is frozen: the up card {top} is taken only with two natural {top}s from hand; [{cards}] is "
            "not that",
            pile=term(config.words.pile),
            top=top,
            cards=shown,
        )
    return "take-unfrozen", msg(
        "the up card {top} is taken with a natural pair of {top}s from hand (never with a wild, never into a new "
        "sequence), or alone onto {side}'s group of {top}s or a sequence it extends; [{cards}] is none of these",
        top=top,
        side=side,
        cards=shown,
    )


def pile_cards_taken(take: PileTake, rest: int, config: Config) -> int:
    """With `sequence-take=top-card`, an up card laid onto a sequence comes alone."""
    if config.options.get("sequence-take") == "top-card" and take.onto and is_sequence(take.meld()):
        return 0
    return rest


def canasta_bonus(cards: Sequence[str], config: Config) -> tuple[Callable[[], str], int] | None:
    """A samba (seven in sequence) is worth 1,500 instead of a canasta's 500."""
    if len(cards) >= LONGEST and is_sequence(cards):
        return samba, SAMBA_BONUS
    return group_canasta_bonus(cards, config)


def samba() -> str:
    """The name of a samba, in a score's breakdown."""
    return msg("samba")


def laid_score(
    laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config
) -> list[tuple[Callable[[], str], int]]:
    """Bonus cards: 100 each, 1,000 for all six, against a side short of two canastas; each
    Caliente card played costs."""
    lines: list[tuple[Callable[[], str], int]] = []
    bonus_cards = laid.count(C.BONUS)
    if bonus_cards:
        value = ALL_BONUS_POINTS if bonus_cards >= ALL_BONUS_CARDS else 100 * bonus_cards
        canastas = sum(len(cards) >= config.canasta_size for cards in melds)
        if canastas < config.canastas_to_go_out:
            value = -value if config.options.get("bonus-penalty") == "mirror" else -100 * bonus_cards

        def label() -> str:
            if value < 0:
                return msg_n(
                    "{n} Bonus card, counted against a side without {canastas} canastas",
                    "{n} Bonus cards, counted against a side without {canastas} canastas",
                    bonus_cards,
                    canastas=config.canastas_to_go_out,
                )
            return msg_n("{n} Bonus card", "{n} Bonus cards", bonus_cards)

        lines.append((label, value))
    return lines + standard.caliente_cards_played(laid, config)


SHEET = SheetSpec(
    canastas=(
        CanastaKind("samba", ("4", "5", "6", "7", "8", "9", "10"), "Sambas"),
        standard.NATURAL_CANASTA,
        standard.MIXED_CANASTA,
    ),
    laid=(standard.BONUS_CARDS, standard.CALIENTE_CARDS_PLAYED),
)
"""Samba's score sheet: sambas, natural and mixed canastas, Bonus cards, Caliente cards played,
going out (concealed too, which earns nothing more), the points melded and left, the penalties."""


def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    # Samba plays Caliente's rules where its chapter lists no difference: start from the standard game.
    base = standard.standard_config(seating)
    return replace(
        base,
        players_per_hand=min(len(seating.seats), 4),
        packs=3,
        deal_size=15,
        draw_count=2,
        words=base.words if options["caliente-cards"] else SAMBA_WORDS,
        max_wilds=2,
        naturals_must_outnumber_wilds=False,
        merge_same_rank=bool(options["merge-groups"]),
        always_frozen=bool(options["pile-always-frozen"]),
        stop_up_card_freezes=bool(options["stop-up-card-freezes"]),
        canastas_to_go_out=2,
        concealed_waives_minimum=False,
        target=int(options["target"]),
        first_meld_minimum=first_meld_minimum(int(options["minimum-7000"])),
        going_out_bonus=200,
        concealed_bonus=0,
        bonus_in_hand_penalty=int(options["bonus-in-hand-penalty"]),
        hand_penalty=standard.hand_penalty(multiplies_bonus=True),
        permission_penalty=int(options["permission-penalty"]),
        wrong_take_penalty=int(options["wrong-take-penalty"]),
        failed_minimum_raise=int(options["failed-minimum-raise"]),
        meld_problem=meld_problem,
        take_problem=take_problem,
        canasta_bonus=canasta_bonus,
        go_out_problem=canastas_to_go_out,
        laid_score=laid_score,
        addition_problem=addition_problem,
        pile_cards_taken=pile_cards_taken,
        stop_meld_sizes=(3, 6),
        sheet=SHEET,
        extra_cards=standard.caliente_cards(options),
        actions=brings(
            CalienteCard(refill=15, on_exhausted_stock=bool(options["caliente-on-exhausted-stock"])).action()
        ),
        options=dict(options),
    )


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """The Caliente tables: Samba's other tables follow them."""
    return standard.seating_problem(seating, {})


SAMBA_RULES = RuleSet(
    name="samba",
    title="Samba",
    summary="Samba with the Caliente deck: three packs, 15 cards, two drawn, sequences as well as groups of a "
    "rank, a samba (seven in sequence) worth 1,500, two canastas to go out, the game to 10,000; 2 to 6 players, "
    "with the Caliente-card variation.",
    options=OPTIONS,
    catalogue={**CATALOGUE, **summary_rules(CATALOGUE)},
    configure=configure,
    seat_counts=(2, 3, 4, 5, 6),
    seating_problem=seating_problem,
    raises=GROUP_CODES | SEQUENCE_CODES | SUMMARY_CODES | {"canasta-wild", "caliente-in-hand", "bonus-in-hand"},
    choices=CHOICES,
    actions=(caliente_card.KIND,),
)
