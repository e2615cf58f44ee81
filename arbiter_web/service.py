"""The one call into the core that every view makes, with the web's bounds on a request."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from flask import current_app

import arbiter
from arbiter import rules as rulesets

from . import DEFAULT_MAX_GAMES


class TooManyGames(Exception):
    """The record holds more games than one request may (config MAX_GAMES)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the record holds more than {limit:,} games; send at most {limit:,} per request")
        self.limit = limit


def rule(source: str | bytes, rules: str | None = None, options: Mapping[str, Any] | None = None) -> list[Any]:
    """Judge every game of `source`: a list of `arbiter.GameRuling`. Raises `arbiter.UsageError`
    (an unknown rule set or option, or a request contradicting the record) and TooManyGames."""
    limit = int(current_app.config.get("MAX_GAMES", DEFAULT_MAX_GAMES))
    limits = dataclasses.replace(arbiter.DEFAULT_LIMITS, max_games=limit + 1)
    games = []
    for game in arbiter.check(source, rules=rules or None, options=options or None, limits=limits):
        games.append(game)
        if len(games) > limit:
            raise TooManyGames(limit)
    return games


def answer(games: list[Any]) -> dict[str, Any]:
    """The body of a rulings response: the game objects, and the summary (as the CLI's: games by
    verdict, and the findings by severity)."""
    return {"games": [game.to_dict() for game in games], "summary": arbiter.summarize(games)}


def option_info(spec: Any) -> dict[str, Any]:
    return {
        "name": spec.name,
        "type": "boolean" if isinstance(spec.default, bool) else "integer",
        "default": spec.default,
        "summary": spec.summary,
        "source": spec.source,
    }


def ruleset_info(ruleset: Any, reference_url: str) -> dict[str, Any]:
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "summary": ruleset.summary,
        "options": [option_info(spec) for spec in ruleset.options],
        "rules": len(ruleset.catalogue),
        "reference": reference_url,
    }


def reference_info(ruleset: Any) -> dict[str, Any]:
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "summary": ruleset.summary,
        "options": [option_info(spec) for spec in ruleset.options],
        "rules": [
            {"code": r.code, "name": r.name, "source": r.source, "summary": r.summary}
            for r in ruleset.catalogue.values()
        ],
        "markdown": rulesets.reference(ruleset),
    }
