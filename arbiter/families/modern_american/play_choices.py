"""Modern American Canasta: the project's readings of the melding, pile and opening options where
no source settles how they are judged (the relaxed rule of five, wilds kept for an unfinished
wild-card meld, a pile taken with a wild in it), rendered among choices.py's points."""

from __future__ import annotations

from ...rules.defaults import Choice
from .sources import APP_BLOG, LEAGUE, PAGAT, PLAYERS, TEACHING

OURS = "This is our choice: no source settles it."  # choices.py's sentence, said the same way

RELAXED_GOING_OUT = Choice(
    point="The relaxed rule of five: how the going-out turn is known",
    books="The tables that relax the rule for a player going out do not say when the table knows that the "
    "player is going out: the meld comes before the last discard.",
    chosen="Under `relaxed`, two naturals and a wild are allowed on the turn; if the turn ends without the player "
    "going out, the meld that used the exception is the fault.",
    why="The exception belongs to the going-out turn, which only its end shows. " + OURS,
    option="meld-base-when-going-out",
)

WILDS_AT_TURN_END = Choice(
    point="Wilds elsewhere while the wild meld is unfinished: when it is judged",
    books=f"{LEAGUE}, Wild cards and {PAGAT}: while a side's wild meld is unfinished, its wilds go into no other "
    "meld. Neither says whether a wild laid elsewhere early in a turn is excused when the same turn completes "
    "the wild meld.",
    chosen="Judged at the end of each turn, as at the opening: a turn that ends with the side's wild meld "
    "unfinished has put no wild into another meld; a turn that completes it may.",
    why="One reading for the opening and the turns after it, at the moment the table sees the melds. " + OURS,
)

PILE_WITH_WILD_D2 = Choice(
    point="Taking a pile that holds a wild (D2)",
    books=f"{APP_BLOG}; a thread of {PLAYERS}: the whole pile. {TEACHING}, tips, alone: only the cards above the wild.",
    chosen="The whole pile.",
    why="It is the app's and the majority's rule.",
    option="pile-with-wild",
)

SEVERAL_WILDS_IN_PILE = Choice(
    point="Taking only the cards above the wild, when the pile holds several wilds",
    books=f"{TEACHING}, tips, the one source of the reading, speaks of one wild in the pile.",
    chosen="Under `above-the-wild` the taker takes the cards above the last wild discarded (the highest in the "
    "pile); that wild and everything under it stay as the pile, which is no longer empty.",
    why="The wild nearest the top is the one that stopped the pile last. " + OURS,
    option="pile-with-wild",
)

PILE_WITH_WILD = (PILE_WITH_WILD_D2, SEVERAL_WILDS_IN_PILE)
