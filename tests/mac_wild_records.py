"""Issue 60's records of Modern American Canasta's search: a faulty opening from a hand of wild
cards (fourteen cards, seven of them jokers and deuces: a record of about 260 bytes), and one from
a stated hand of sixty cards with all eight wilds; and the same hands' positions after the draw, in
this family and in others, to weigh the work of listing what may be played. The search tests of
the command line, the service and the library share them."""

from __future__ import annotations

FOURTEEN_WILDS = "4 4 4 5 5 5 2 2 2 X X X X 9"
SIXTY_WILDS = (
    "4 4 4 4 4 5 5 5 5 5 6 6 6 6 6 7 7 7 7 7 8 8 8 8 8 9 9 9 9 9 10 10 10 10 10 "
    "J J J J J Q Q Q Q K K K K A A A A 2 2 2 2 X X X X"
)
FAULTY_OPENING = "ann: draw 9, meld [4 5 9], discard 5\n"


def position(hand: str, stock: int, rules: str = "modern-american") -> str:
    """A four-player position with ann to play, holding `hand` (the other families take the same
    cards; the stock's count is Modern American's own)."""
    teams = '[Teams "ann+cid bob+dee"]\n' if rules == "modern-american" else ""
    stock_line = f"stock {stock} cards\n" if rules == "modern-american" else ""
    return f"""[Rules "{rules}"]
[Seats "ann bob cid dee"]
{teams}
hand 1 dealer dee
position
hold ann {hand}
hold bob 5 7 K
hold cid J J A
hold dee 8 8 4
pile 6 Q
{stock_line}turn ann
"""


FOURTEEN = position(FOURTEEN_WILDS, 83)
SIXTY = position(SIXTY_WILDS, 37)
FOURTEEN_FAULT = FOURTEEN + FAULTY_OPENING
SIXTY_FAULT = SIXTY + FAULTY_OPENING
