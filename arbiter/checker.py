"""The one library call behind every adapter: text in, a ruling per game out.

    for ruling in arbiter.check(open("game.txt", "rb")):
        print(ruling.verdict, [f.code for f in ruling.findings])

Reading (arbiter.notation) and judging (arbiter.engine) stay separate; this module joins them and
decides which rule set and options a game is judged by: the record's tags, or the caller's
`rules` and `options` where the tags are silent. A caller that contradicts a tag gets a
UsageError, because there is no right answer to give.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import rules as rulesets
from .engine import Observer, judge_game
from .notation import DEFAULT_LIMITS, SOURCE_START, Limits, ParsedGame, Source, Start, parse
from .records import Game
from .rules.base import OptionValue, RuleSet, UsageError
from .rules.codes import NOTATION
from .rulings import Finding, GameRuling, Severity

DEFAULT_RULES = "caliente"
OPTION_TAGS = ("variant", "options")


def check(
    source: Source,
    *,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    start: Start = SOURCE_START,
) -> Iterator[GameRuling]:
    """Judge every game of a record, one at a time. Raises UsageError for an unknown rule set
    or option given by the caller, or one that contradicts a game's tags. `start` says where
    the source begins when it is a piece of a larger record (arbiter.notation.Start)."""
    requested = rulesets.get(rules) if rules else None
    if requested and options:
        requested.resolve(options)  # fail fast on a bad option, before reading anything
    for parsed in parse(source, limits, start):
        yield judge(parsed, rules=requested, options=options or {})


def judge(
    parsed: ParsedGame,
    *,
    rules: RuleSet | None = None,
    options: Mapping[str, Any] | None = None,
    observer: Observer | None = None,
) -> GameRuling:
    game = parsed.game
    ruling = GameRuling(index=parsed.index, line=parsed.line, rules=rules.name if rules else None)
    try:
        ruleset, values = _resolve(game, rules, options or {})
    except _RecordProblem as problem:
        ruling.findings = [*parsed.findings, problem.finding]
        ruling.malformed = True
        return ruling
    ruling.rules, ruling.options = ruleset.name, values
    ruling.findings = list(parsed.findings)
    empty = not game.tags and not game.hands and not parsed.findings
    if empty:
        ruling.findings.append(
            Finding(
                line=max(parsed.line, 1),
                column=1,
                code="empty-record",
                rule=NOTATION["empty-record"].source,
                severity=Severity.ERROR,
                message="the record holds no game: a game starts with its tags ([Rules ...], [Seats ...]) and then its hands",
            )
        )
    if parsed.malformed or empty:
        ruling.malformed = True
        return ruling
    judge_game(game, ruleset, values, ruling, observer)
    return ruling


class _RecordProblem(Exception):
    def __init__(self, finding: Finding) -> None:
        self.finding = finding


def _resolve(game: Game, rules: RuleSet | None, options: Mapping[str, Any]) -> tuple[RuleSet, dict[str, OptionValue]]:
    tag = game.find_tag("rules")
    ruleset = rules
    if tag is not None:
        try:
            tagged = rulesets.get(tag.value)
        except UsageError as error:
            raise _RecordProblem(_tag_finding(tag, "unknown-rules", str(error))) from None
        if rules is not None and tagged.name != rules.name:
            raise UsageError(
                f'game {game.line and "at line " + str(game.line)} says [Rules "{tag.value}"] '
                f"(line {tag.line}) but {rules.name} was asked for; drop the flag or fix the tag"
            )
        ruleset = tagged
    ruleset = ruleset or rulesets.get(DEFAULT_RULES)
    tagged_options = _tagged_options(game, ruleset)
    asked = ruleset.expand(options)  # a preset asked for is the options it sets
    for name, value in asked.items():
        if name in tagged_options and value != tagged_options[name]:
            raise UsageError(
                f"the record sets option {name}={_show(tagged_options[name])} in its tags, "
                f"but {name}={_show(value)} was asked for; drop the flag or fix the tag"
            )
    return ruleset, ruleset.resolve({**asked, **tagged_options})


def _tagged_options(game: Game, ruleset: RuleSet) -> dict[str, OptionValue]:
    values: dict[str, OptionValue] = {}
    for tag in game.tags:
        if tag.name.lower() not in OPTION_TAGS:
            continue
        for word in tag.value.replace(",", " ").split():
            name, _, raw = word.partition("=")
            try:
                values.update(ruleset.expand({name: raw if raw else True}))
            except UsageError as error:
                raise _RecordProblem(_tag_finding(tag, "unknown-option", str(error))) from None
    return values


def _tag_finding(tag: Any, code: str, message: str) -> Finding:
    return Finding(
        line=tag.line,
        column=tag.column,
        code=code,
        rule=NOTATION[code].source,
        severity=Severity.ERROR,
        message=message,
    )


def _show(value: OptionValue) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)
