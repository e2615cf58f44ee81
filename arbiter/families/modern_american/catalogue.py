"""Modern American Canasta: the rules the arbiter checks, each with its code, its name and its
source (by source and topic, never quoted), and the codes its policies raise beyond the engine's."""

from __future__ import annotations

from ...rules.base import entry
from ...rulings import Rule
from .sources import APP_BLOG, APP_HELP, CLUB_2018, HONORS, PAGAT, PLAYERS, PROJECT_DEFAULT, TEACHING, league

CODES = frozenset(
    {
        "talon",
        "dead-rank",
        "take-dead-rank",
        "meld-size",
        "meld-wilds",
        "meld-sevens",
        "meld-aces",
        "rule-of-five",
        "opening-clean-triple",
        "opening-mixed-canasta",
        "discard-wild",
        "discard-empty-pile",
        "special-hand",
        "opening-keep",
        "opening-pile-ace",
        "opening-wild-split",
        "wild-meld-unfinished",
        "ask-again",
        "three-forgotten",
        "take-back",
    }
)


def _ours(code: str, name: str, sources: str, summary: str) -> tuple[str, Rule]:
    return entry(code, name, f"{sources}; {PROJECT_DEFAULT}", summary)


CATALOGUE: dict[str, Rule] = dict(
    [
        # the table and the deal
        entry(
            "seating",
            "Players and partnerships",
            f"{league('Setup')}; {PAGAT}",
            "Four play as two partnerships, partners facing each other; the two- and three-player games (each for "
            "themselves) are thinly sourced options.",
        ),
        entry("unknown-player", "Players", league("Setup"), "Every name in the record must be a seated player."),
        entry("sitting-out", "Nobody sits out", league("Setup"), "Everyone plays every hand."),
        entry("hand-number", "Hands in order", league("Setup"), "Hands are numbered 1, 2, 3 ... in the order played."),
        entry("dealer-order", "The deal passes", league("Setup"), "The deal passes to the left after each hand."),
        _ours(
            "deal-size",
            "The deal",
            f"{league('Setup')}; {PAGAT}",
            "Each player is dealt 13 cards at four players, 15 at two or three (option deal-size).",
        ),
        entry("deal-packet", "The deal", league("Setup"), "Each player is dealt one hand and nothing else."),
        entry(
            "card-count",
            "The cards",
            f"{league('Setup')}; {PAGAT}",
            "Two packs of 52 with four jokers, 108 cards: eight of each rank from 4 to the Ace, eight deuces, four "
            "jokers, four red threes (B) and four black threes (S).",
        ),
        entry(
            "stock-order",
            "The stock",
            league("Setup"),
            "Where the record gives the stock, every card drawn must be its next card.",
        ),
        entry("stock-empty", "The stock", league("Game end"), "Nobody draws from an empty stock."),
        entry(
            "up-card",
            "No up card",
            f"{PAGAT}; {league('Discarding')}",
            "No card is turned up: the pile starts empty, written `up` alone.",
        ),
        entry(
            "position",
            "Stated position",
            league("The turn"),
            "A stated position must be one the game can reach, with no card more often than the packs hold it.",
        ),
        # the turn
        entry(
            "turn-order",
            "Play passes to the left",
            f"{HONORS}; {league('The turn')}",
            "The player to the dealer's left plays first; play passes to the left.",
        ),
        entry(
            "draw-first",
            "Begin the turn by drawing",
            f"{league('The turn')}; {PAGAT}",
            "A turn begins by drawing from the stock or taking the pile; then the player melds and discards.",
        ),
        _ours(
            "draw-count",
            "Drawing",
            f"{league('The turn')}; {PAGAT}",
            "A player draws one card from the stock (two at two or three players, option draw); drawing and taking "
            "the pile exclude each other.",
        ),
        entry(
            "card-not-held",
            "Playing from hand",
            league("The turn"),
            "A player plays only cards in hand. Where the pile is taken only above a wild in it (option "
            "pile-with-wild), the wild and the cards under it stay in the pile, not in the taker's hand.",
        ),
        # the talon
        entry(
            "talon",
            "The talon",
            f"{league('Initial meld')}; {PAGAT}; {APP_HELP}",
            "After the discard of its opening turn, the first side to open draws four cards from the stock and the "
            "second three, written as a `draw` after the `discard`; none for an opening made by taking the pile, "
            "nor once the turn card (the ninth card from the bottom of the stock) has been drawn. A talon "
            "forgotten is lost. With talon-source=predealt the talons are piles dealt aside at the deal, one for "
            "each side in the order the sides open, and an opener takes the side's pile instead.",
        ),
        # the pile
        entry(
            "take-blocked",
            "A wild on the pile",
            league("Picking up the pile"),
            "Nobody takes the pile while a wild card is its top card.",
        ),
        entry(
            "take-up-card",
            "Taking the pile",
            league("Picking up the pile"),
            "The pile is taken by melding its top card; an empty pile is not taken.",
        ),
        entry(
            "take-initial",
            "Taking the pile to open",
            f"{league('Initial meld')}; {PAGAT}",
            "A side opens by taking the pile only when the cards it melds from hand meet the minimum and the clean "
            "triple on their own: the pile's top card counts for neither, and where the table wants a separate pair "
            "(option opening-pile-pair), neither does the pair that takes it. A wrong take is restored and costs 50 "
            "(option wrong-take-penalty).",
        ),
        entry(
            "take-frozen",
            "The pile is always frozen",
            f"{league('Picking up the pile')}; {PAGAT}; {APP_BLOG}",
            "The pile is taken only with a natural pair from hand matching its top card, never with a wild and "
            "never onto a meld alone; the three cards join the side's meld of that rank or start one.",
        ),
        entry(
            "take-unfrozen",
            "The pile is always frozen",
            league("Picking up the pile"),
            "There is no unfrozen pile: it always takes a natural pair from hand.",
        ),
        entry(
            "take-always-frozen",
            "The pile is always frozen",
            league("Picking up the pile"),
            "The pile is always taken with a natural pair from hand.",
        ),
        entry(
            "take-dead-rank",
            "A dead card on the pile",
            f"{league('Melding')}; {APP_BLOG}",
            "Once either side completes a canasta of a rank, nobody takes the pile with a card of that rank on top.",
        ),
        # melds
        _ours(
            "first-meld-minimum",
            "The opening",
            f"{league('Initial meld')}; {PAGAT}; {TEACHING}",
            "A side's opening, by one player in one turn from hand, is worth at least 125 while the side's score is "
            "below 3,000, 155 from 3,000 and 180 from 5,000 (option opening-minimum). A mismeld goes back to hand "
            "and costs 10 points (option mismeld-penalty).",
        ),
        _ours(
            "opening-clean-triple",
            "The opening's clean triple",
            f"{league('Initial meld')}; {PAGAT}; {HONORS}",
            "The opening holds a meld of three or more natural cards of one rank without wilds (options "
            "opening-wild-meld-counts-as-clean, splash, wild-canasta-opening). A mismeld is taken back.",
        ),
        _ours(
            "opening-keep",
            "Cards kept after the opening",
            f"{league('Initial meld')}; {CLUB_2018}; {HONORS}; {PLAYERS}",
            "The opener keeps a card to discard and, when no talon follows (an opening with the pile, or after the "
            "turn card), a card to hold as well, so the opening turn never empties the hand (option "
            "keep-after-opening: always two, or a discard only). A mismeld: the opening is taken back.",
        ),
        _ours(
            "opening-pile-ace",
            "An ace from the pile stays natural",
            f"{league('Aces')}; {APP_BLOG}; {TEACHING}; {PLAYERS}",
            "An ace taken from the pile to open goes into a meld of natural aces, which takes no wild card that "
            "turn (option pile-ace-on-top-when-opening). A mismeld: the opening is taken back.",
        ),
        _ours(
            "opening-wild-split",
            "Wilds split at the opening",
            f"{league('Wild card melds')}; {PAGAT}; {PLAYERS}",
            "An opening that lays a wild-card meld and puts wild cards into other melds too is allowed only if the "
            "wild-card meld is a canasta by the end of the turn (option split-wilds-at-opening: always, or never). "
            "A mismeld: the opening is taken back.",
        ),
        _ours(
            "opening-mixed-canasta",
            "No mixed canasta in the opening",
            f"{league('Initial meld')}; {HONORS}",
            "A mixed canasta is not laid or completed in the opening (option mixed-canasta-in-opening).",
        ),
        entry(
            "meld-unknown",
            "Naming a meld",
            league("Melding"),
            "Cards are added only to a meld the side has; a side has one meld of each rank.",
        ),
        entry(
            "meld-rank",
            "Melds",
            f"{league('Melding')}; {PAGAT}",
            "A meld is three to seven cards of one rank from 4 to the Ace with wilds, or three to seven wilds; threes "
            "are never melded.",
        ),
        _ours(
            "meld-size",
            "Seven cards at most",
            f"{league('Melding')}; {PAGAT}",
            "A new meld has at least three cards, and no meld passes seven: a canasta is closed (option "
            "eighth-card-going-out: a player going out may add an eighth card to one).",
        ),
        _ours(
            "meld-wilds",
            "Two wilds at most",
            f"{league('Melding')}; {PAGAT}",
            "A meld of a rank holds at least two naturals and at most two wilds.",
        ),
        entry(
            "meld-sevens",
            "Sevens are never wild",
            f"{league('Sevens')}; {PAGAT}",
            "A meld of sevens never holds a wild card (at three players sevens are a rank like any other).",
        ),
        entry(
            "meld-aces",
            "Aces take wilds only in the opening",
            f"{league('Aces')}; {PAGAT}",
            "Wilds join aces only in the side's opening; later a meld of aces stays natural (at three players aces "
            "are a rank like any other).",
        ),
        _ours(
            "rule-of-five",
            "The rule of five",
            f"{league('Melding')}; {PAGAT}",
            "Once a side has opened, a wild joins only a meld that holds five natural cards or more (option "
            "meld-base), on the turn its player goes out too, unless the table relaxes it then to two naturals "
            "(option meld-base-when-going-out).",
        ),
        _ours(
            "wild-meld-unfinished",
            "Wilds wait for the wild-card meld",
            f"{league('Wild card melds')}; {PAGAT}",
            "While a side's wild-card meld is short of a canasta, the side's wild cards go into it alone: a turn "
            "that ends with it unfinished has put no wild into another meld. Judged at the end of the turn; the "
            "wild is taken back.",
        ),
        _ours(
            "dead-rank",
            "Dead cards",
            f"{league('Melding')}; {PAGAT}",
            "Once either side completes a canasta of a rank, nobody starts or grows a meld of that rank (option "
            "dead-rank-freezes-both-teams).",
        ),
        entry("stop-meld", "Threes are never melded", league("Threes"), "Threes are never melded."),
        # threes
        _ours(
            "bonus-replacement",
            "Threes laid and replaced",
            f"{league('Threes')}; {PAGAT}",
            "A three, red or black, is laid face up beside the side's melds at the start of the holder's turn (a "
            "dealt one before play, a drawn one at once) and replaced from the stock; with "
            "replace-threes-after-turn-card=no, not once the turn card has been drawn.",
        ),
        _ours(
            "three-forgotten",
            "A three not laid in time",
            f"{league('Threes')}; {HONORS}; {PLAYERS}",
            "A three still held when its holder discards was forgotten (but the one three a player whose side has "
            "not opened may keep for the Straight). It is laid at a later turn without a replacement (option "
            "forgotten-three: it stays in hand to the end, never laid, and counts as a three left in hand).",
        ),
        _ours(
            "bonus-discard",
            "Threes",
            f"{league('Threes')}; {league('Going out')}; {PAGAT}",
            "A three is never discarded, not even face down to go out (option three-as-final-discard).",
        ),
        _ours(
            "last-bonus",
            "A three drawn last",
            f"{league('Threes')}; {PAGAT}; {APP_BLOG}; {PLAYERS}",
            "A three drawn as the last card of the stock ends the hand at once; it stays in hand and costs 5 "
            "(option last-card-three: its drawer may still go out at once, discarding it face down; else the hand "
            "ends as it stands).",
        ),
        # special hands
        _ours(
            "special-hand",
            "Special hands",
            f"{league('Special hands')}; {PAGAT}",
            "A player whose side has not opened (option courtesy-special: or whose partner opened it on the turn "
            "before) may lay the whole hand, fourteen cards after the draw from the stock, as a special hand (`special CARDS`): Pairs, Wild Pairs, Miami Pairs, Zip Code, Straight, "
            "Garbage, Blast Off, Triples, Quads and the Dream Hands (option special-hands). The hand ends at once "
            "and the side scores the hand's value alone (a Dream Hand wins the game at once); a wrong one goes back "
            "to hand as a mismeld.",
        ),
        # discards
        _ours(
            "discard-wild",
            "Discarding a wild",
            f"{league('Discarding')}; {PAGAT}",
            "A wild is discarded only to go out, or by a player who holds nothing else.",
        ),
        _ours(
            "discard-empty-pile",
            "Nothing dangerous onto an empty pile",
            f"{league('Discarding')}; {APP_BLOG}; {PLAYERS}",
            "Onto an empty pile a player discards no seven, wild, ace or card of a dead rank (option empty-tray-ban); "
            "the face-down discard that goes out is exempt. At three players aces and sevens are not barred.",
        ),
        _ours(
            "take-back",
            "A card taken back to discard",
            f"{league('Discarding')}; {PLAYERS}",
            "A player none of whose cards may go onto the pile takes a natural card back from the side's meld of its "
            "rank, even from a canasta, and discards it, written as the discard of that card (`discard 9`); only "
            "then, and only from a meld that keeps three cards (option no-legal-discard: pagat lets an ace or a "
            "seven go instead).",
        ),
        entry(
            "discard",
            "Ending the turn",
            f"{league('The turn')}; {league('Going out')}; {PAGAT}",
            "A turn ends with one discard, the turn that goes out too: a player who melds every card and "
            "discards none has not gone out (only a special hand ends without a discard). Only the opener's talon "
            "is drawn after the discard.",
        ),
        # going out
        _ours(
            "go-out-canasta",
            "Going out",
            f"{league('Going out')}; {PAGAT}; {APP_BLOG}",
            "A side goes out with two canastas of any kind (option canastas-to-go-out) and no unfinished meld of "
            "natural aces, sevens or wild cards, ending with a discard face down.",
        ),
        _ours(
            "go-out-permission",
            "Asking to go out",
            f"{league('Going out')}; {PAGAT}",
            "A player may ask the partner before going out, once a hand; the answer binds, and going against it "
            "costs 100 (option permission-penalty).",
        ),
        _ours(
            "ask-again",
            "One ask a hand",
            f"{league('Going out')}; {PAGAT}",
            "A side asks its partner's leave to go out once a hand, whichever partner asks (option asks-per-hand: "
            "once for each player); a second ask is refused and its answer binds nobody.",
        ),
        entry(
            "ask",
            "Asking to go out",
            league("Going out"),
            "Only a player with a partner asks, and the question comes before melding.",
        ),
        entry("hand-over", "The hand ends", league("Game end"), "Nothing is played once the hand has ended."),
        entry("out-marker", "Going out", league("Going out"), "`out` states that the player's hand is empty."),
        entry(
            "pass",
            "The exhausted stock",
            f"{league('Game end')}; {PAGAT}",
            "Once the stock is exhausted a player takes the pile or passes, and the pass ends the hand.",
        ),
        entry(
            "forced-take",
            "The exhausted stock",
            f"{league('Game end')}; {PAGAT}",
            "Nobody is forced to take the pile once the stock is exhausted.",
        ),
        entry("caliente-card", "No Caliente cards", league("Setup"), "The game has no Caliente cards."),
        entry("caliente-refill", "No Caliente cards", league("Setup"), "The game has no Caliente cards."),
        # scores
        _ours(
            "score-mismatch",
            "Scoring",
            f"{league('Scoring')}; {PAGAT}; {APP_BLOG}",
            "A declared hand score must equal the recomputed one: canastas (natural 500, mixed 300, aces and sevens "
            "2,500, wild 2,000 to 3,000), going out 100, threes by colour (100, 300, 500, 1,000: added with two "
            "canastas (at three players with one, which is enough to go out there), nothing with one, subtracted "
            "with none), the melded cards (subtracted with no canasta), "
            "less cards left in hand, unfinished aces, sevens and wild melds, and three aces or sevens held by a "
            "player (option ace-seven-penalty-scope: by a side's hands together).",
        ),
        entry(
            "total-mismatch",
            "Scoring",
            league("Scoring"),
            "Declared running totals must equal the sum of the recomputed hand scores.",
        ),
        _ours(
            "result-mismatch",
            "End of the game",
            f"{league('Game end')}; {PAGAT}",
            "The game ends after the hand in which a side reaches 8,500 (option target); the higher total wins. "
            "Equal leading totals there are broken by another hand (option tie: both sides share the win). A side "
            "that lays a Dream Hand wins the game at once, whatever the totals.",
        ),
        entry(
            "game-over",
            "End of the game",
            league("Game end"),
            "No hand is played once a side has reached 8,500, or has laid a Dream Hand.",
        ),
    ]
)
