"""The one call into the core that every view makes, with the web's bounds on a request."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from flask import current_app

import arbiter
from arbiter.i18n import msg
from arbiter.positions import frames
from arbiter.rules import reference
from arbiter.rulings.finding_budget import DEFAULT_MAX_FINDINGS, DEFAULT_MAX_GAME_FINDINGS
from arbiter_web import DEFAULT_MAX_GAMES
from arbiter_web.pages.table_view import PageReplays
from arbiter_web.serving import lang
from arbiter_web.serving.limits import check_time
from arbiter_web.storage import rulebooks


class TooManyGames(Exception):
    """The record holds more games than one request may (config MAX_GAMES)."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            msg("the record holds more than {limit:,} games; send at most {limit:,} per request", limit=limit)
        )
        self.limit = limit


def asked(
    rules: str | None = None, options: Mapping[str, Any] | None = None, house: str | None = None
) -> arbiter.Request:
    """The request a view was sent, as the library takes it: built and validated once, here.
    `house` is the digest of a kept rulebook to judge by where a game's tags name none; every
    kept rulebook is at hand for a game whose House tag names one. Raises `arbiter.UsageError`
    (an unknown rule set, option or rulebook: a 422)."""
    if rulebooks.EXTENSION not in current_app.extensions:
        return arbiter.Request.of(rules=rules or None, options=options or None)
    book = rulebooks.chosen(house)
    return arbiter.Request.of(rules=rules or None, options=options or None, house=book, shelf=rulebooks.shelf())


def rule(
    source: str | bytes,
    request: arbiter.Request,
    listed: arbiter.FindingBudget | None = None,
    replays: PageReplays | None = None,
) -> list[Any]:
    """Judge every game of `source` as `request` asks (`asked`): a list of `arbiter.GameRuling`,
    listing the findings the budget `listed` leaves room for (default: the request's, `budget()`).
    Raises `arbiter.UsageError` (a request contradicting the record) and TooManyGames; raises
    limits.TookTooLong (a 503) past the request's time limit. `replays`, for a ruling page, keeps
    the frames it may show on the way: the record is read and judged once."""
    limit = int(current_app.config.get("MAX_GAMES", DEFAULT_MAX_GAMES))
    limits = dataclasses.replace(arbiter.DEFAULT_LIMITS, max_games=limit + 1)
    games = []
    if replays is None:
        rulings = arbiter.check(source, request, limits=limits)
    else:
        rulings = replays.rulings(frames.replay_games(source, request, limits=limits, wanted=replays.wanted))
    for game in arbiter.within_budget(rulings, listed or budget()):
        games.append(game)
        if len(games) > limit:
            raise TooManyGames(limit)
        check_time()  # past REQUEST_TIME_LIMIT: a 503, not a worker killed mid-reply
    return games


def budget() -> arbiter.FindingBudget:
    """The finding budget of one request (config MAX_FINDINGS and MAX_GAME_FINDINGS)."""
    config = current_app.config
    return arbiter.FindingBudget(
        total=int(config.get("MAX_FINDINGS", DEFAULT_MAX_FINDINGS)),
        per_game=int(config.get("MAX_GAME_FINDINGS", DEFAULT_MAX_GAME_FINDINGS)),
    )


def answer(games: list[Any]) -> dict[str, Any]:
    """The body of a rulings response: the game objects, and the summary (as the CLI's: games by
    verdict, and the findings by severity), the rulings said by the library in the request's language."""
    language = lang.current()
    return {"games": [game.to_dict(language) for game in games], "summary": arbiter.summarize(games)}


def option_info(spec: Any) -> dict[str, Any]:
    kind = "boolean" if isinstance(spec.default, bool) else "string" if isinstance(spec.default, str) else "integer"
    info = {"name": spec.name, "type": kind, "default": spec.default, "summary": spec.summary, "source": spec.source}
    if spec.choices:
        info["choices"] = list(spec.choices)
    if spec.form:
        info["form"] = spec.form
    return info


def ruleset_info(ruleset: Any, reference_url: str) -> dict[str, Any]:
    return lang.localized(
        {
            "name": ruleset.name,
            "title": ruleset.title,
            "summary": ruleset.summary,
            "options": [option_info(spec) for spec in ruleset.options],
            "rules": len(ruleset.catalogue),
            "reference": reference_url,
        }
    )


def reference_info(ruleset: Any) -> dict[str, Any]:
    """The rule reference in the reader's language; its Markdown (docs/rules/) stays English."""
    return lang.localized(
        {
            "name": ruleset.name,
            "title": ruleset.title,
            "summary": ruleset.summary,
            "options": [option_info(spec) for spec in ruleset.options],
            "rules": [
                {"code": r.code, "name": lang.say(r.name), "source": r.source, "summary": r.summary}
                for r in ruleset.catalogue.values()
            ],
            "choices": [dataclasses.asdict(choice) for choice in ruleset.choices],
        }
    ) | {"markdown": reference(ruleset)}
