"""The rules of the standard game (arbiter/rules/standard.py) as the Caliente rule books state them,
which Samba's and Hand & Foot's chapters keep as they are: each a `Rule` cited by the books'
section. Caliente's catalogue lists them among its own (`standard_rule`); another family cites
one from its own book with the section that keeps it (`kept_from`).
"""

from __future__ import annotations

from ..rulings import Rule

BOOKS = "Caliente rules"
"""The four Caliente rule books (classic 2001, Complete, 50th Anniversary, Deluxe), cited together:
they agree on the standard game and share their section names."""
CALIENTE_SECTION = '"Canasta Caliente exclusive variation"'


def _rule(code: str, name: str, section: str, summary: str) -> tuple[str, Rule]:
    """An entry; `section` is one section name, or several quoted by `_sections`."""
    cited = section if '"' in section else f'"{section}"'
    return code, Rule(code, name, f"{BOOKS}, {cited}", summary)


def _sections(*names: str) -> str:
    quoted = [name if '"' in name else f'"{name}"' for name in names]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


STANDARD_RULES: dict[str, Rule] = dict(
    [
        _rule("unknown-player", "Players", "The Play", "Every name in the record must be one of the seated players."),
        _rule("hand-number", "Hands in order", "Next Deal", "Hands are numbered 1, 2, 3 ... in the order played."),
        _rule(
            "dealer-order",
            "The deal passes to the left",
            _sections("The Deal", "5 Player Rules", "6 Player Rules"),
            "After each hand the deal passes to the next player on the left, round every seat, a player who sits "
            "out the coming hand included (that player deals without playing). A dealer who plays is followed by "
            "the left-hand neighbour at the hand's table; a dealer who sits out is followed by the first seat to "
            "the left that plays.",
        ),
        _rule(
            "stock-order",
            "The Draw pile",
            "The Deal",
            "Where the record gives the stock, every card turned or drawn must be the next card of it.",
        ),
        _rule(
            "stock-empty",
            "The Draw pile",
            "What Happens if the Draw Pile Runs Out?",
            "Nobody can draw from an empty stock.",
        ),
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
            "The player to the dealer's left plays first, then play passes to the left. In a hand that some "
            "players sit out, the order is the one of the four who play (see sitting-out).",
        ),
        _rule(
            "draw-first",
            "Begin the turn by drawing",
            "The Play",
            "A turn begins by drawing from the stock or taking the Prize pile (or, with Caliente cards, playing "
            "one); only then may the player meld and discard.",
        ),
        _rule(
            "card-not-held",
            "Playing from hand",
            "Making Melds",
            "A player can only meld, lay or discard cards that are in their hand.",
        ),
        _rule(
            "take-blocked",
            "Stop and wild cards on the Prize pile",
            _sections("Discarding", CALIENTE_SECTION),
            "Nobody may take the Prize pile when a Stop card, a wild card or a discarded Caliente card is on top.",
        ),
        _rule(
            "take-up-card",
            "Taking the Prize pile",
            "Taking the Prize Pile",
            "The pile is taken by melding its top card, the up card.",
        ),
        _rule(
            "bonus-replacement",
            "Playing Bonus cards",
            "Bonus Cards",
            "A Bonus card laid from hand is replaced at once by a card drawn from the stock; one that came with the "
            "first Prize pile is laid without a replacement.",
        ),
        _rule(
            "bonus-discard", "Bonus cards are never discarded", "Bonus Cards", "A Bonus card may never be discarded."
        ),
        _rule(
            "discard",
            "Discarding",
            "Discarding",
            "A turn ends with exactly one discard, unless the player goes out by melding every card.",
        ),
        _rule(
            "go-out-permission",
            "Asking to go out",
            "Going Out",
            "A player may ask the partner for permission to go out; the answer binds: no means the player may not "
            "go out this turn.",
        ),
        _rule(
            "ask",
            "Asking to go out",
            _sections("Going Out", "2 Player Rules", "3 Player Rules"),
            "Only a player with a partner in the hand may ask (never with two or three players, who each play "
            "alone), and the question comes before melding.",
        ),
        _rule(
            "hand-over",
            "The hand ends",
            "Going Out",
            "The hand ends as soon as a player goes out (or passes on an exhausted stock): nothing more is played.",
        ),
        _rule(
            "out-marker",
            "Going out",
            "Going Out",
            "`out` states that the player has no cards left; it must agree with the cards played.",
        ),
        _rule(
            "pass",
            "Passing",
            "What Happens if the Draw Pile Runs Out?",
            "A player may pass only when the stock is exhausted; the pass ends the hand. A player facing a Stop "
            "card, a wild or a discarded Caliente card on an exhausted stock can only pass.",
        ),
        _rule(
            "last-bonus",
            "Bonus card drawn last",
            "What Happens if the Draw Pile Runs Out?",
            "A Bonus card drawn as the last card of the stock is laid, and the hand ends at once.",
        ),
        _rule(
            "caliente-in-hand",
            "Caught holding a Caliente card",
            CALIENTE_SECTION,
            "A player who ends the hand holding a Caliente card loses twice the value of the cards left in hand, "
            "three times when holding both; a hand of nothing but Caliente cards costs nothing. Forgotten Bonus "
            "cards in that hand are multiplied too (option caliente-multiplies-bonus).",
        ),
        _rule(
            "total-mismatch",
            "Scoring",
            "Scoring",
            "Declared running totals must equal the sum of the recomputed hand scores.",
        ),
    ]
)
"""The standard game's rules that more than one family states alike, by code."""


def standard_rule(code: str) -> tuple[str, Rule]:
    """The catalogue entry of a standard rule, cited from the Caliente rule books."""
    return code, STANDARD_RULES[code]


def kept_from(code: str, book: str, kept_by: str) -> tuple[str, Rule]:
    """A standard rule another family plays as the Caliente books state it (its chapter says so):
    the books' entry, cited from `book` with the books' section, and the chapter's section that
    keeps it."""
    rule = STANDARD_RULES[code]
    section = rule.source.removeprefix(f"{BOOKS}, ")
    return code, Rule(code, rule.name, f"{book}, {section}, which {kept_by} keeps", rule.summary)
