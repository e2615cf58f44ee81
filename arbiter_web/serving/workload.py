"""The work one request may do, whatever its size: a work budget (arbiter/engine/work.py) in force for
every request, so that a position of a few hundred bytes that hands a player most of the packs
cannot cost seconds.

Every listing of the legal actions a request makes (POST /api/v1/legal-actions, the editor's
legal moves, the "allowed instead" of a finding while a record is judged) counts its steps (an
action tried, a combination of melds weighed) against MAX_STEPS (default 50,000 per request) and
lists at most MAX_LEGAL_ACTIONS (default 1,000); past either, or past the request's time limit
(REQUEST_TIME_LIMIT), it stops and its answer says it is partial. Cost, not size, chooses the
lane: once a request has taken LARGE_REQUEST_STEPS steps (default 1,000; an ordinary turn takes
a few hundred, a Samba turn with two cards drawn up to some 30,000, which then take a lane too),
it takes a lane as a large record does (arbiter_web.serving.lanes), or is answered 503 with Retry-After
when they are all taken, so light requests keep flowing past it.

The access log says how many steps each request took (`steps`) and whether it held a lane
(`lane`).
"""

from __future__ import annotations

from flask import Flask, current_app, g

from arbiter.engine import work
from arbiter_web.serving import lanes, limits

DEFAULT_MAX_STEPS = work.DEFAULT_MAX_STEPS
DEFAULT_MAX_LEGAL_ACTIONS = work.DEFAULT_MAX_LEGAL_ACTIONS
DEFAULT_LARGE_REQUEST_STEPS = 1_000


def _config(name: str, default: int) -> int:
    return int(current_app.config.get(name, default))


def _begin() -> None:
    budget = work.WorkBudget(
        steps=_config("MAX_STEPS", DEFAULT_MAX_STEPS),
        actions=_config("MAX_LEGAL_ACTIONS", DEFAULT_MAX_LEGAL_ACTIONS),
        deadline=limits.deadline(),
        heavy_at=_config("LARGE_REQUEST_STEPS", DEFAULT_LARGE_REQUEST_STEPS),
    )
    budget.on_heavy = lambda: _heavy(budget)
    g.work = budget
    g.work_token = work.begin(budget)


def _heavy(budget: work.WorkBudget) -> None:
    lanes.enter_for_work(budget.spent)
    budget.deadline = limits.deadline()  # restarted once the lane is held


def _end(_error: BaseException | None) -> None:
    token = g.pop("work_token", None)
    if token is not None:
        work.end(token)


def budget() -> work.WorkBudget | None:
    """The current request's work budget."""
    return g.get("work")


def init_app(app: Flask) -> None:
    """After lanes.init_app: a large record already holds its lane when its budget is made."""
    app.before_request(_begin)
    app.teardown_request(_end)
