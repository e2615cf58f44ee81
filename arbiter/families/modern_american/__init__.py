"""Modern American Canasta (MAC), the sixth family: two packs and four jokers, 13-card hands, the
talon of bonus cards for opening, opening minimums of 125/155/180, sevens and aces with their own
canastas and penalties, wild-card canastas, threes that swing with the side's canastas, special
hands, the game to 8,500."""
