"""The standard game every family starts from: Canasta as the Caliente rule books play it with two
packs of the Caliente deck (Bonus and Stop cards), at the books' values, with the policies that
play it. Caliente's rule set is this game with its options and its Caliente card; Samba and Hand &
Foot keep what their chapters do not change; the Official Canasta Laws' game (arbiter/rules/laws.py)
replaces what the laws say otherwise.

What is here is shared, so it never names a family: `standard_config` (the table's numbers by the
seats and packs, the books' values and policies), `seating_problem` (the sides at each table), the
policies (the take of the pile, what a hand left costs, what the laid cards score, the warnings at
the end of a hand), the Caliente cards of the variation Caliente and Samba play (`caliente_cards`,
`caliente_cards_played`) and the kinds of the score sheet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import mul

from .. import cards as C
from ..i18n import msg, msg_n, term
from .base import Config, OptionValue, Seating, Words
from .groups import canastas_to_go_out, group_canasta_bonus, group_meld_problem
from .lists import any_of
from .policies import HandPenalty, PileTake
from .sheet_spec import CanastaKind, LaidKind, SheetSpec

CALIENTE_PLAYED_PENALTY = 100  # what each Caliente card played costs its side


def first_meld_minimum(three_packs: bool, below_zero: int = 0) -> Callable[[int, int], int]:
    def minimum(score: int, hand: int) -> int:
        if score < 0:
            return below_zero
        if three_packs and score >= 7500:
            return 150
        return 50 if score < 1500 else 90 if score < 3000 else 120

    return minimum


def bonus_card_points(three_packs: bool) -> Callable[[int, bool], int]:
    def points(laid: int, side_has_melded: bool) -> int:
        extra = 600 if three_packs and laid >= 5 else 400 if not three_packs and laid == 4 else 0
        total = 100 * laid + extra
        return total if side_has_melded else -total

    return points


# --- the policies: the Prize pile taken, and what Bonus and Caliente cards do to a hand's score -----
def take_problem(take: PileTake, config: Config) -> tuple[str, str] | None:
    """Taking the Prize pile: before the first meld, frozen, unfrozen, and always frozen."""
    top, side = take.top, take.side
    if take.onto:
        if not take.side_has_melded:
            return "take-initial", msg(
                "before {side}'s first meld the up card must be melded with two naturals of its rank from hand",
                side=side,
            )
        if take.frozen and not config.always_frozen:  # the variation has its own rule for melds
            return "take-frozen", msg(
                "the {pile} is frozen: the up card {top} can only be taken with two natural {top}s from hand, not "
                "added to a meld",
                pile=term(config.words.pile),
                top=top,
            )
        meld = take.meld()
        if config.always_frozen and len(meld) >= config.canasta_size:
            return "take-always-frozen", msg(
                "the up card may only go onto a meld of six cards or fewer; {side}'s {top}s has {count} cards",
                side=side,
                top=top,
                count=C.number(len(meld)),
            )
        return None
    own = take.own
    naturals = own.count(top)
    if not take.side_has_melded and naturals < 2:
        return "take-initial", msg(
            "before {side}'s first meld the up card {top} must be melded with at least two natural {top}s from hand; "
            "[{cards}] has {count}",
            side=side,
            top=top,
            cards=C.show([top, *own]),
            count=C.number(naturals),
        )
    if (take.frozen or config.always_frozen) and (naturals < 2 or len(own) != naturals):
        code = "take-always-frozen" if config.always_frozen and not take.frozen else "take-frozen"
        return code, msg(
            "the {pile} is frozen: the up card {top} can only be taken with two natural {top}s from hand, without "
            "wilds; [{cards}] does not qualify",
            pile=term(config.words.pile),
            top=top,
            cards=C.show([top, *own]),
        )
    if len(own) < 2:
        return "take-unfrozen", msg(
            "the up card {top} is taken with two cards of its rank from hand (one may be wild), or onto {side}'s meld "
            "of {top}s",
            top=top,
            side=side,
        )
    return None


def hand_penalty(multiplies_bonus: bool) -> HandPenalty[Config]:
    """What the cards left in one player's hand cost, and how it was counted. A Caliente card
    held doubles the loss of the hand, two triple it; the card itself is worth nothing, so a hand
    of only Caliente cards costs nothing. Forgotten Bonus cards are part of that loss where
    `multiplies_bonus` (option caliente-multiplies-bonus)."""

    def penalty(held: Counter[str], config: Config) -> tuple[int, str]:
        bonuses = held.get(C.BONUS, 0)  # get: no Counter.__missing__ call
        bonus = bonuses * config.bonus_in_hand_penalty
        caliente = held.get(C.CALIENTE, 0)
        values = C.VALUES
        # Each card's value times its count, summed in C, less what the Bonus and Caliente cards
        # add there: they cost by the lines above and below, not by their value.
        every = sum(map(mul, map(values.__getitem__, held), held.values()))
        plain = every - values[C.BONUS] * bonuses - values[C.CALIENTE] * caliente
        if caliente:
            factor = 2 if caliente == 1 else 3
            cost = (plain + bonus) * factor if multiplies_bonus else plain * factor + bonus
            return cost, msg_n(
                "x{factor} for holding {n} Caliente card",
                "x{factor} for holding {n} Caliente cards",
                caliente,
                factor=factor,
            )
        return plain + bonus, ""

    return penalty


def laid_score(
    laid: Sequence[str], melds: Sequence[Sequence[str]], config: Config
) -> list[tuple[Callable[[], str], int]]:
    """Bonus cards laid score by the table of "Bonus Cards" (against a side that has not melded);
    each Caliente card played costs."""
    has_melded = bool(melds)
    lines: list[tuple[Callable[[], str], int]] = []
    bonus_cards = laid.count(C.BONUS)
    if bonus_cards:
        lines.append(
            (
                lambda: msg_n("{n} Bonus card", "{n} Bonus cards", bonus_cards),
                config.bonus_card_points(bonus_cards, has_melded),
            )
        )
    return lines + caliente_cards_played(laid, config)


def caliente_cards_played(laid: Sequence[str], config: Config) -> list[tuple[Callable[[], str], int]]:
    """Each Caliente card played costs its side (the families that play the variation share this)."""
    lines: list[tuple[Callable[[], str], int]] = []
    caliente_played = laid.count(C.CALIENTE)
    if caliente_played:
        lines.append(
            (
                lambda: msg_n("{n} Caliente card played", "{n} Caliente cards played", caliente_played),
                -CALIENTE_PLAYED_PENALTY * caliente_played,
            )
        )
    return lines


def end_of_hand(player: str, hand: Counter[str], config: Config) -> list[tuple[str, str, str]]:
    """Warnings for cards that cost their holder at the end of the hand."""
    warnings: list[tuple[str, str, str]] = []
    held = hand.get(C.CALIENTE, 0)  # get: no Counter.__missing__ call
    if held > 0:
        warnings.append(
            (
                "caliente-in-hand",
                "caliente-left-in-hand",
                msg(
                    "{player} ends the hand holding 1 Caliente card: the cards left in that hand count double",
                    player=player,
                )
                if held == 1
                else msg_n(
                    "{player} ends the hand holding {n} Caliente cards: the cards left in that hand count triple",
                    "{player} ends the hand holding {n} Caliente cards: the cards left in that hand count triple",
                    held,
                    player=player,
                ),
            )
        )
    bonus = hand.get(C.BONUS, 0)
    if bonus > 0:
        warnings.append(
            (
                "bonus-in-hand",
                "bonus-left-in-hand",
                msg_n(
                    "{player} ends the hand holding {n} Bonus card, which costs {points} points each",
                    "{player} ends the hand holding {n} Bonus cards, which costs {points} points each",
                    bonus,
                    player=player,
                    points=config.bonus_in_hand_penalty,
                ),
            )
        )
    return warnings


NATURAL_CANASTA = CanastaKind("natural", (C.NATURALS[0],) * 7, "Natural canastas")
MIXED_CANASTA = CanastaKind("mixed", (C.NATURALS[0],) * 6 + (C.LITTLE_WILD,), "Mixed canastas")
BONUS_CARDS = LaidKind("bonus", C.BONUS, "Bonus cards")
CALIENTE_CARDS_PLAYED = LaidKind("caliente", C.CALIENTE, "Caliente cards played")
SHEET = SheetSpec(
    canastas=(NATURAL_CANASTA, MIXED_CANASTA),
    laid=(BONUS_CARDS, CALIENTE_CARDS_PLAYED),
)
"""The standard game's score sheet (the Caliente books' "Scoring"): natural and mixed canastas, Bonus
cards, the Caliente cards played (in the variation), going out and going out concealed, the points
melded and left, the penalties."""


def caliente_cards(options: Mapping[str, OptionValue]) -> dict[str, int]:
    """The Caliente cards the variation adds to the packs (option caliente-cards): two, or none."""
    return {C.CALIENTE: 2} if options["caliente-cards"] else {}


CALIENTE_CARDS_ABSENT = msg("Caliente cards are in play only in the Caliente-card variation (option caliente-cards)")
"""What a finding says of a Caliente card where the packs hold none (the rule sets that start
from the standard configuration keep it)."""


def seating_problem(seating: Seating, options: Mapping[str, OptionValue]) -> str | None:
    """Sides by table size (Rules for 2 to 6 players), partners never side by side. Five seats
    cannot alternate two sides: there the team of two sits apart and two of the team of three
    sit together (one of them sits out each hand, and the four who play then alternate)."""
    seats, n = seating.seats, len(seating.seats)
    sizes = sorted(len(side) for side in seating.sides)
    allowed = {2: [[1, 1]], 3: [[1, 1, 1]], 4: [[2, 2]], 5: [[2, 3]], 6: [[3, 3]]}[n]
    if options.get("three-packs"):
        if n != 6:
            return msg("the three-pack game is for six players, not {count}", count=n)
        allowed = [[3, 3], [2, 2, 2]]
    if sizes not in allowed:
        shown = any_of(["+".join(map(str, a)) for a in allowed])
        if sizes == [2, 2, 2]:
            return msg(
                "three teams of two play only the three-pack game (option three-packs); otherwise the sides are "
                "{shown}",
                shown=shown,
            )
        return msg(
            "with {count} players the sides are {shown} players, not {sizes}",
            count=n,
            shown=shown,
            sizes="+".join(map(str, sizes)),
        )
    side_of = {p: side for side in seating.sides for p in side}
    for i, player in enumerate(seats):
        neighbour = seats[(i + 1) % n]
        side = side_of[player]
        if side is side_of[neighbour] and (n != 5 or len(side) == 2):
            return msg(
                "{player} and {neighbour} are partners but sit side by side: partners sit with opponents between them",
                player=player,
                neighbour=neighbour,
            )
    return None


def standard_config(seating: Seating, *, three_packs: bool = False) -> Config:
    """The standard game at this table, at the rule books' values: two packs (three for six players
    with `three_packs`), the deal, draw and canastas to go out by the players dealt in, the game to
    5,000 (10,000 with three packs). It brings no action of its own and adds no card to the packs."""
    seats = len(seating.seats)
    players_per_hand = seats if seats <= 4 or three_packs else 4
    solo_or_big = players_per_hand == 2 or three_packs
    return Config(
        seating=seating,
        players_per_hand=players_per_hand,
        packs=3 if three_packs else 2,
        deal_size={2: 15, 3: 13}.get(players_per_hand, 13 if three_packs else 11),
        draw_count=2 if players_per_hand == 2 else 1,
        max_wilds=3,
        naturals_must_outnumber_wilds=True,
        merge_same_rank=True,
        canasta_size=7,
        always_frozen=False,
        stop_up_card_freezes=False,
        canastas_to_go_out=2 if solo_or_big else 1,
        concealed_waives_minimum=False,
        concealed_allows_discard=True,
        target=10_000 if three_packs else 5_000,
        first_meld_minimum=first_meld_minimum(three_packs),
        going_out_bonus=100,
        concealed_bonus=100,
        natural_canasta_bonus=500,
        mixed_canasta_bonus=300,
        bonus_card_points=bonus_card_points(three_packs),
        bonus_in_hand_penalty=100,
        permission_penalty=100,
        wrong_take_penalty=50,
        failed_minimum_raise=10,
        meld_problem=group_meld_problem,
        take_problem=take_problem,
        canasta_bonus=group_canasta_bonus,
        go_out_problem=canastas_to_go_out,
        hand_penalty=hand_penalty(multiplies_bonus=True),
        laid_score=laid_score,
        end_of_hand=end_of_hand,
        laid_cards=frozenset({C.BONUS, C.CALIENTE}),
        blocks_pile=frozenset({C.STOP, C.CALIENTE, *C.WILDS}),
        words=Words(pile="Prize pile"),
        sheet=SHEET,
        absent_cards={C.CALIENTE: CALIENTE_CARDS_ABSENT},
    )
