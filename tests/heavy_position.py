"""One position of a few hundred bytes that hands one player sixty cards (issue 46): listing what
she may do tries thousands of actions. The work-budget tests of the library and of the service
share it."""

SIXTY_CARDS = " ".join((["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "X"] * 5)[:60])
POSITION = f"""[Rules "caliente"]
[Seats "ann bob cid dee"]

hand 1 dealer dee
position
hold ann {SIXTY_CARDS}
hold bob 5 7 K
hold cid J J A
hold dee 8 8 4
pile 6 Q
turn ann
ann: draw 8
"""
