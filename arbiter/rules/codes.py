"""Every code a ruling can carry, declared in one place.

- `ENGINE`: the codes the replay engine itself raises for every family (the deal, the turn, the
  pile, melds, going out, scores). Every rule set's catalogue explains each of them.
- A rule set's policies declare the further codes they can raise (`RuleSet.raises`), and building
  the rule set fails if its catalogue lacks one (see `RuleSet.__post_init__`).
- `NOTATION`: the codes of the reader and the checker, the same for every rule set; they are
  documented in docs/notation.md, "Findings", and cited from there. The engine raises a few of
  them too: a record without the tags or the stated position judging needs (its kind of problem
  is `incomplete`), and an unfinished Result of a finished game.

`category` says which kind of problem (arbiter.rulings.Problem) an error of each code is.
"""

from __future__ import annotations

from ..rulings import Problem, Rule, problem_of

ENGINE: frozenset[str] = frozenset(
    {
        # the table and the deal (engine/start.py, engine/game.py)
        "seating",
        "unknown-player",
        "sitting-out",
        "hand-number",
        "dealer-order",
        "deal-size",
        "deal-packet",
        "card-count",
        "stock-order",
        "stock-empty",
        "up-card",
        "position",
        # the turn (the handlers of engine/turn.py, engine/hand_play.py)
        "turn-order",
        "draw-first",
        "draw-count",
        "card-not-held",
        "take-blocked",
        "take-up-card",
        "take-initial",
        "take-frozen",
        "take-unfrozen",
        "take-always-frozen",
        "first-meld-minimum",
        "meld-unknown",
        "meld-rank",
        "stop-meld",
        "bonus-replacement",
        "bonus-discard",
        "discard",
        "go-out-canasta",
        "go-out-permission",
        "ask",
        "hand-over",
        "out-marker",
        "pass",
        "forced-take",
        "last-bonus",
        "caliente-card",
        "caliente-refill",
        # the game (engine/game.py)
        "game-over",
        "score-mismatch",
        "total-mismatch",
        "result-mismatch",
    }
)


def _notation(code: str, name: str, section: str, summary: str) -> tuple[str, Rule]:
    return code, Rule(code, name, f"Notation ({section}, docs/notation.md)", summary)


NOTATION: dict[str, Rule] = dict(
    [
        _notation("syntax-error", "A line the notation does not allow", "Lines", "A line must follow the grammar."),
        _notation("unknown-card", "An unknown card", "Cards", "Every card is one of the notation's card symbols."),
        _notation(
            "suit-missing",
            "A card without its suit",
            "Suits",
            "Where the rule set looks at suits, every card but a joker or a Caliente card is written with its suit.",
        ),
        _notation("not-utf8", "Not UTF-8", "Files", "A record is UTF-8 text."),
        _notation("line-too-long", "Line too long", "Files", "A line is at most the reader's line limit long."),
        _notation("record-too-large", "Record too large", "Files", "A record is at most the reader's size limit."),
        _notation("too-many-games", "Too many games", "Files", "A record holds at most the reader's game limit."),
        _notation("too-many-errors", "Too many errors", "Files", "Reading stops after the reader's error limit."),
        _notation(
            "out-of-place", "A line out of place", "Games and hands", "Lines come in the order a hand is played."
        ),
        _notation("tags-after-hands", "Tags after hands", "Games and hands", "A game's tags come before its hands."),
        _notation(
            "internal-error", "The reader failed", "Lines", "The reader could not read a line; please report it."
        ),
        _notation("empty-record", "An empty record", "Games and hands", "A record holds at least one game."),
        _notation("unknown-rules", "An unknown rule set", "Tags", "The Rules tag names a rule set the arbiter knows."),
        _notation("unknown-option", "An unknown option", "Tags", "The Variant tag names options of the rule set."),
        _notation("seats-missing", "No Seats tag", "Tags", "A game names its players in playing order in a Seats tag."),
        _notation(
            "teams-missing",
            "No Teams tag",
            "Tags",
            "A game of five or six players gives its partnerships in a Teams tag.",
        ),
        _notation(
            "position-incomplete",
            "An incomplete position",
            "Positions",
            "A stated position gives every playing hand and says whose turn it is.",
        ),
        _notation(
            "result-unfinished",
            "An unfinished result of a finished game",
            "Declared scores and the result",
            'A Result tag says "*" (not finished) only while no side has won; a game its totals have ended names its winner.',
        ),
        _notation(
            "house-rules-missing",
            "House rules not at hand",
            "Tags",
            "The House tag names a rulebook, by its digest, that the arbiter has at hand.",
        ),
        _notation(
            "house-rules-conflict",
            "Tags against the house rules",
            "Tags",
            "A game judged by a rulebook has no Rules or Variant tag that says otherwise.",
        ),
        _notation(
            "board-mismatch",
            "Not as the prepared board",
            "Prepared boards",
            "A record that names its prepared board holds the cards the board deals, in the stock's order.",
        ),
        _notation(
            "board-unknown",
            "A board that cannot be dealt",
            "Prepared boards",
            "A record that names its prepared board gives its number and the seed it was dealt from.",
        ),
    ]
)


def category(code: str) -> Problem:
    """The kind of problem an error of `code` makes: a notation code makes the record unreadable
    (or incomplete, or a wrong result), a rule set's code a broken rule (or a wrong score)."""
    return problem_of(code, notation=code in NOTATION)


def cite(code: str) -> str:
    """How a finding of a notation code cites its source."""
    return NOTATION[code].source
