"""Modern American Canasta: where the sources are silent or disagree about the end of a hand and of
the game (going out, asking, the scores, the tie, the smaller tables), and what the arbiter does.
Part of the choices (choices.py), rendered with them in docs/rules/modern-american.md."""

from __future__ import annotations

from ...rules.defaults import Choice
from .sources import APP_BLOG, LEAGUE, OURS, PAGAT, PLAYERS, TEACHING, TWO_HAND_APP

GOING_OUT: tuple[Choice, ...] = (
    Choice(
        point="Going out against the partner's answer",
        books=f"{LEAGUE}, Going out and {PAGAT}: the answer binds. No source gives a penalty for going against it.",
        chosen="100 points for the side, as the other families' books give.",
        why="A binding answer needs a remedy; the laws of classic Canasta give 100. " + OURS,
        option="permission-penalty",
    ),
    Choice(
        point="Taking the pile without the right to it",
        books="No source gives a penalty for taking the pile wrongly.",
        chosen="The pile is restored and the side loses 50 points.",
        why="It is the penalty of the laws of classic Canasta, which the game grew from. " + OURS,
        option="wrong-take-penalty",
    ),
    Choice(
        point="Asking to go out (G2)",
        books=f"{LEAGUE}, Going out and {PAGAT}: optional, the answer binds, one ask per hand; players quoting the "
        f"League say one ask per side. {TEACHING}, course script: once per hand, not saying it binds. Some tables of {PLAYERS} "
        "let the partner ask again or play on after a no.",
        chosen="Optional; the answer binds; one ask per side per hand, so a partner's second ask is a fault "
        "(`asks-per-hand=player`: one ask for each player).",
        why="It is the League's reading.",
        option="asks-per-hand",
    ),
    Choice(
        point="A three as the face-down last discard (G3)",
        books=f"{LEAGUE}, Going out and a thread of {PLAYERS}: never. Another thread calls it a table rule.",
        chosen="Never.",
        why="It is the League's rule.",
        option="three-as-final-discard",
    ),
    Choice(
        point="A wild as the face-down last discard (G4)",
        books=f"{LEAGUE}, Discarding and {PAGAT}: allowed. A summary of a thread of {PLAYERS} forbids it when another "
        "card could go, which the thread's replies do not support.",
        chosen="Allowed.",
        why="Both main sources allow it.",
        option="wild-as-final-discard",
    ),
    Choice(
        point="Going out without a discard",
        books=f"{LEAGUE}, Going out; {PAGAT}; {TEACHING}; {PLAYERS}: going out ends with a face-down discard; melding "
        "every card is not going out. Only a special hand ends without one.",
        chosen="As the sources say, in every preset: a turn that melds the whole hand and discards nothing has not "
        "gone out; it lacks its discard (`discard`), and the hand is not scored as gone out. No source gives a "
        "points penalty, so none is given.",
        why="They agree.",
    ),
)

SCORING_AND_TABLES: tuple[Choice, ...] = (
    Choice(
        point="Three aces or sevens held: per player or per side (X2)",
        books=f"{PAGAT} and canasta.com: per player, and the penalties add up. {LEAGUE}: per player by implication. "
        f"{APP_BLOG}, scoring guide part 3: per set held. A minority of {PLAYERS}: the side's cards combined.",
        chosen="Per player: 1,500 for each player holding three or more aces, and again for three or more sevens.",
        why="Every written source counts per player.",
        option="ace-seven-penalty-scope",
    ),
    Choice(
        point="The score of a hand ended by a three drawn last",
        books="No source says whether the drawer's side also loses the three's table value (it was never laid), or "
        "whether its 5 (or 100) is a card value or a penalty.",
        chosen="The three is not laid, so it does not count among the side's threes; its value is counted as a card "
        "left in hand.",
        why="It follows the sources' words: the three stays in the hand. " + OURS,
    ),
    Choice(
        point="A tie at 8,500 or more (X3)",
        books=f"{PAGAT} and {APP_BLOG}: the higher total wins when both sides reach 8,500 on the same hand. No "
        "source covers equal totals.",
        chosen="Equal totals at or above 8,500: another hand is played, and the game goes on until one side "
        'leads; `tie=shared` ends the game there, both sides sharing the win (`[Result "tie"]`).',
        why="A game needs a winner; another hand is the least invented answer. " + OURS,
        option="tie",
    ),
    Choice(
        point="Misdeals, exposed cards, wrong draws",
        books="No table of penalties for misdeals, exposed cards or drawing too many cards was found for this game.",
        chosen="The arbiter finds each such fault (a wrong deal, a draw of two) and gives no points penalty.",
        why="A ruling can say what was wrong without inventing a penalty. " + OURS,
    ),
    Choice(
        point="Two players (V2)",
        books=f"No League or pagat rule for two. {PLAYERS}: 15 cards, draw two, two canastas, no special hands, as in "
        f"pagat's two-hand Classic game. {TWO_HAND_APP}: 13 cards, the talons, draw one.",
        chosen="15 cards each, two drawn (a lone last card drawn alone), two canastas to go out, no special hands, "
        "otherwise the four-player rules; the talon as for four. Thinly sourced: a club should say how it plays.",
        why="It is the common table reading. " + OURS,
        option="deal-size",
    ),
    Choice(
        point="Cards drawn a turn",
        books=f"{LEAGUE}, The turn; {PAGAT}: one card at four players. {PLAYERS}: two at two or three players.",
        chosen="One at four players, two at two or three (the option's 0); any other number may be set.",
        why="It follows the table, as the sources that describe each table do.",
        option="draw",
    ),
    Choice(
        point="Three players (V3)",
        books=f"{PLAYERS}: each plays alone with 15 cards, draws two, talons of 4, 3 and 3, one canasta to go out, "
        "no special hands, aces and sevens ordinary ranks. A 13-card game of one against two is mentioned, not described.",
        chosen="The 15-card game as one poster gives it, aces and sevens ranks like any other (wild cards join them "
        "under the rule of five; their canastas score as natural or mixed; no penalties for them unfinished or "
        "held; no empty-tray ban on them), with the opening minimum, the threes' sign (one canasta counts as two) "
        "and the target of the four-player game. Thinly sourced.",
        why="It is the only three-player game described. " + OURS,
        option="canastas-to-go-out",
    ),
)
