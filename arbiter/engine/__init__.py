"""The replay engine: plays a record's hands move by move, checks every rule, recomputes scores.

The modules, named from the rules:

- `game`: a whole game (judge_game): seating from the tags, hands in order, totals, target, result;
- `context`: what every check reads (HandContext): the configuration, the table, the outcome, a turn;
- `replay`: the hand loop (HandReplay): turn order, each turn's actions in order;
- `start`: the start of a hand: the deal, the stock, dealt Bonus cards, the up card, a stated position;
- `turn`: each action's handler (HANDLERS, the actions every family plays), from the modules named
  for them: `drawing` (draw, and the draws a turn owes), `taking_the_pile` (take), `melding` (meld,
  add), `bonus_cards` (bonus), `going_out` (ask, out), `passing` (pass, the forced take);
  `first_meld` checks a side's first meld, `holding` the cards held. The actions only some families
  play are the rule set's (`Config.actions`), from a module of its family;
- `steps`: a turn step by step (start_turn, play_action), shared by a replay and a position;
- `ending`: the end of a turn: the discard, what a turn may not leave undone (going out: `going_out`);
- `legal`, `candidates`, `alternatives`: every legal next action, and what was allowed instead of an illegal one
  (`together`: the melds laid together for a first meld, weighed without making the hopeless ones);
- `table`: the table state: hands, sides with their melds and laid cards, the pile, the stock;
- `melds`: one model for every meld, and how a record names one (`Q`, `Q#2`, `5-9`);
- `scoring`: what a side's hand is worth, line by line;
- `summaries`: a hand given as its summary (a score sheet's line), judged instead of replayed;
- `work`: the bound on the steps one listing of legal actions may take (`WorkBudget`);
- `paths`: the legal paths counted for coverage reports;
- `illegal`: the exception a broken rule raises, before the move changes anything.
- `suits`: a hand that gives its cards' suits (ACN 1.3): counted by suit, then judged without them.

The engine never asks which rule set it is playing: every difference between families is data
or a policy of the rule set's `Config` (arbiter/rules/base.py; docs/engine.md is the guide).
The first illegal move of a hand is reported and the rest of that hand is not judged; later
hands that start from a deal are judged as usual.
"""

from __future__ import annotations

from .context import HandContext, HandOutcome, TurnState
from .game import judge_game, seating_from_tags
from .hand_play import HandReplay, Observer
from .illegal import Illegal
from .melds import MeldState, resolve
from .paths import PATHS
from .scoring import Score, score_side
from .table import SideState, Table
from .turn import HANDLERS

__all__ = [
    "HANDLERS",
    "PATHS",
    "HandContext",
    "HandOutcome",
    "HandReplay",
    "Illegal",
    "MeldState",
    "Observer",
    "Score",
    "SideState",
    "Table",
    "TurnState",
    "judge_game",
    "resolve",
    "score_side",
    "seating_from_tags",
]
