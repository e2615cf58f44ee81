"""The rules of the Official Canasta Laws' game (arbiter/rules/laws.py) that Classic Canasta states
as the laws do and Hoyle two-hand keeps where its page is silent: each a `Rule` cited by the laws
and the part of the game it belongs to. Classic Canasta's catalogue lists them among its own
(`laws_rule`); Hoyle's cites them as the laws', where its page is silent.
"""

from __future__ import annotations

from ..rulings import Rule

LAWS = "Official Canasta Laws"
LAWS_DEFAULT = 'Project default (docs/rules/classic.md, "Where the rule books are silent or disagree")'
"""Where the laws are silent, the project's choice, set out with Classic Canasta's rules."""


def _rule(code: str, name: str, section: str, summary: str) -> tuple[str, Rule]:
    cited = section if '"' in section else f'"{section}"'
    return code, Rule(code, name, f"{LAWS}, {cited}", summary)


LAWS_RULES: dict[str, Rule] = dict(
    [
        _rule("unknown-player", "Players", "Players", "Every name in the record must be one of the seated players."),
        _rule("hand-number", "Hands in order", "The Deal", "Hands are numbered 1, 2, 3 ... in the order played."),
        _rule(
            "dealer-order",
            "The deal passes to the left",
            "The Deal",
            "After each hand the deal passes to the next player on the left.",
        ),
        _rule(
            "deal-packet",
            "The deal",
            "The Deal",
            "Each player is dealt one hand and nothing else: a record that shows a Foot (`foot NAME cards`) "
            "shows cards nobody was dealt.",
        ),
        _rule(
            "stock-order",
            "The stock",
            "The Deal",
            "Where the record gives the stock, every card turned or drawn must be the next card of it.",
        ),
        _rule("stock-empty", "The stock", "Exhausting the Stock", "Nobody can draw from an empty stock."),
        _rule(
            "position",
            "Stated position",
            "The Play",
            "A stated position must be a position the game can reach: every player's hand, each side's melds, the "
            "pile and the stock, with no card more often than the pack holds it.",
        ),
        _rule(
            "turn-order",
            "Play passes to the left",
            "The Play",
            "The player to the dealer's left plays first, then play passes to the left.",
        ),
        _rule(
            "card-not-held",
            "Playing from hand",
            "The Play",
            "A player can only meld, lay or discard cards that are in their hand.",
        ),
        _rule(
            "take-always-frozen",
            "No pile is frozen for good",
            "Freezing the Discard Pile",
            "The laws have no pile frozen all the time: it is frozen by a wild or red three in it (and by a black "
            "three with option black-three-freezes) and against a side until its first meld, and taking it unfreezes "
            "it. This ruling is never given in classic Canasta.",
        ),
        _rule(
            "meld-unknown",
            "Naming a meld",
            "Melds",
            "Cards are added only to a meld the side has; a side has one meld of each rank, named by its rank.",
        ),
        _rule(
            "meld-rank",
            "Melds",
            "Melds",
            "A meld is three or more cards of one rank from 4 to the Ace, with wilds; red threes are laid beside the "
            "melds and never melded; a second meld of a rank the side has joins the first.",
        ),
        _rule(
            "bonus-discard", "Red threes", "Red Threes", "A red three is never discarded: it is laid beside the melds."
        ),
        _rule(
            "bonus-in-hand",
            "A red three left in hand",
            f'"Red Threes"; {LAWS_DEFAULT}',
            "A red three still in hand when the hand ends costs its side 500 points (option "
            "red-three-in-hand-penalty).",
        ),
        _rule("out-marker", "Going out", "Going Out", "`out` states that the player has no cards left; it must agree."),
        _rule(
            "last-bonus",
            "A red three drawn last",
            f'"Exhausting the Stock"; {LAWS_DEFAULT}',
            "A red three drawn as the last card of the stock is laid without a replacement and the hand ends: the "
            "player neither melds nor discards, and nobody goes out (option last-red-three-melds lets the player "
            "meld first).",
        ),
        _rule(
            "caliente-card",
            "No Caliente cards",
            "The Pack",
            "Classic Canasta has no Caliente cards: a turn begins by drawing or taking the pile, never with "
            "`caliente`.",
        ),
        _rule(
            "caliente-refill",
            "No Caliente cards",
            "The Pack",
            "Classic Canasta has no Caliente cards, so nobody draws up after one.",
        ),
        _rule(
            "total-mismatch",
            "Scoring",
            "Scoring",
            "Declared running totals must equal the sum of the recomputed hand scores.",
        ),
    ]
)
"""The laws' rules more than one family states alike, by code."""


def laws_rule(code: str) -> tuple[str, Rule]:
    """The catalogue entry of one of the laws' rules."""
    return code, LAWS_RULES[code]
