"""Modern American Canasta: where the sources are silent or disagree on the talon and on threes after
the turn card, and what the arbiter does (rendered with the rest of choices.py, after the setup)."""

from __future__ import annotations

from ...rules.defaults import Choice
from .sources import APP_HELP, CLUB_2018, HONORS, LEAGUE, PAGAT, PLAYERS, TWO_HAND_APP

OURS = "This is our choice: no source settles it."

TALON: tuple[Choice, ...] = (
    Choice(
        point="Where the talon comes from (S3)",
        books=f"{LEAGUE}, {APP_HELP}, {CLUB_2018}, {HONORS}: from the top of the stock, after the opener's discard. "
        f"{PAGAT}: bonus cards were formerly set aside at the deal; two overview sites and {TWO_HAND_APP} still "
        "deal piles of 4 and 3 aside.",
        chosen="The opener takes the talon from the top of the stock after discarding; it is for the next turn.",
        why="It is what the League, the app and both club rulebooks do today.",
        option="talon-source",
    ),
    Choice(
        point="Threes after the turn card (S4)",
        books=f"Players quoting the League, and nine of eleven positions in a thread of {PLAYERS}: a three is still "
        "laid and replaced after the turn card. Some tables stop replacing it.",
        chosen="Threes are replaced until the stock is empty. Where a table stops (`replace-threes-after-turn-card=no`), "
        "a three laid once the turn card has been drawn (eight cards or fewer left in the stock) is laid without a "
        "replacement, and a replacement drawn then is refused; a three laid while the turn card is still in the "
        "stock is replaced, by the turn card itself when it is next.",
        why="It is the reading attributed to the League and the majority's; where the others stop is the turn "
        "card, as its name says.",
        option="replace-threes-after-turn-card",
    ),
    Choice(
        point="How talons dealt aside are played",
        books=f"The sources that deal the talons aside (two overview sites and {TWO_HAND_APP}) say only that piles "
        "of four and three are set aside at the deal.",
        chosen="With `talon-source=predealt` the piles are set aside from the top of what the deal leaves, before "
        "any dealt three is replaced: one for each side, the first side to open taking the first (first-talon "
        "cards), each later side the next (later-talon cards). An opener takes the side's pile after the opening "
        "discard, written as a `draw` after the `discard`, on the stock's talon's conditions: none for an "
        "opening made by taking the pile, none once the turn card has been drawn; a pile nobody takes stays out "
        "of play. A stock line lists the piles first, in that order, then the stock; a stated position's stock "
        "leaves out the piles of the sides that have not opened.",
        why="The option changes only where the talon's cards come from; the rest of the talon stays the League's. "
        + OURS,
        option="talon-source",
    ),
    Choice(
        point="An opener whose opening discard empties the hand while a talon is due",
        books=f"{HONORS} and a thread of {PLAYERS}: a player who cannot go out keeps a card after discarding, "
        f"unless a talon is about to be taken. {LEAGUE}, Going out: the card that goes out is discarded face "
        "down. No source says what an opener whose side could go out does with the talon.",
        chosen="The opener chooses. Going out (`out` after the discard, the card face down) ends the hand there "
        "and the talon is not drawn; drawing the talon after the discard is not going out, and play goes on "
        "with the talon in hand. An opener whose side cannot go out draws the talon; a turn that ends at the "
        "discard with the hand empty is going out, and is judged as such.",
        why="The face-down discard is how a player says so at the table, and the talon is for the next turn, which "
        "going out leaves none of. " + OURS,
    ),
)

__all__ = ["TALON"]
