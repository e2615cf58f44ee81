"""The one library call behind every adapter: text in, a ruling per game out.

    for ruling in arbiter.check(open("game.txt", "rb")):
        print(ruling.verdict, [f.code for f in ruling.findings])

Reading (arbiter.notation) and judging (arbiter.engine) stay separate; this module joins them and
decides which rule set and options a game is judged by: the record's tags, or the caller's
`rules` and `options` where the tags are silent. A caller that contradicts a tag gets a
UsageError, because there is no right answer to give.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .. import families as rulesets
from ..engine import Observer, judge_game
from ..engine import work as bounded
from ..errors import record_source
from ..house import HouseProblem, Rulebook, RulebookSource, cite_house_rules, conflicts, tagged_rulebook
from ..i18n import Text, joined, msg, term
from ..notation import DEFAULT_LIMITS, SOURCE_START, Limits, ParsedGame, Source, Start, family_word_findings, parse
from ..notation.records import Game
from ..rules.base import OptionValue, RuleSet, UsageError
from ..rules.codes import NOTATION
from ..rulings import ROUND_TAGS, GameRuling
from ..rulings.findings import Finding, Severity
from .assumed import rules_assumed

if TYPE_CHECKING:
    from .boards import SeedSource

DEFAULT_RULES = "caliente"
OPTION_TAGS = ("variant", "options")


def check(
    source: Source | os.PathLike[str],
    request: Request | None = None,
    *,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    start: Start = SOURCE_START,
    default_rules: str | None = None,
    house: Rulebook | None = None,
    shelf: RulebookSource | None = None,
    seeds: SeedSource | None = None,
) -> Iterator[GameRuling]:
    """Judge every game of a record, one at a time, as `request` asks (a `Request`, validated once
    by the caller), or else as its parts given here ask. Raises UsageError for an unknown rule set
    or option given by the caller, or one that contradicts a game's tags. `rules` insists (a
    game tagged with another rule set is a UsageError); `default_rules` only stands in for a
    silent [Rules] tag (the default's default is Caliente). `start` says where the source begins
    when it is a piece of a larger record (arbiter.notation.Start). `house` is the rulebook for
    games whose tags name none; `shelf` holds the rulebooks at hand for games whose `House` tag
    names one (arbiter.house). `seeds` gives the seed of a game that names its prepared board
    (`[Board "N"]`) without a `Seed` tag (arbiter.event.beside.EventBeside). A record is its text, bytes, a file opened to read, or a path
    (read whole); anything else raises `NotARecord` (an `ArbiterError` and a `TypeError`)."""
    readable = record_source(source)  # at the call: what is not a record fails before any game is asked for
    parts = (rules, options, default_rules, house, shelf, seeds)
    if request is not None and any(part is not None for part in parts):
        raise TypeError("check takes a Request or the parts of one (rules, options, ...), not both")

    def judged() -> Iterator[GameRuling]:
        asked = request or Request.of(
            rules=rules, options=options, default_rules=default_rules, house=house, shelf=shelf, seeds=seeds
        )
        for parsed in parse(readable, limits, start):
            ruling = asked.judge(parsed)
            del parsed  # a long game's record is let go before its ruling is rendered, not after
            yield ruling

    return judged()


# How a caller undoes a request that contradicts a game's rules: the command line drops a flag, a
# form of choices (the web page) clears the choice. A message says the command line's remedy as
# its `remedy`; `on_a_form` gives the message with the form's remedy instead, in every language.
DROP_THE_FLAG = msg("drop the flag")
DROP_THE_FLAG_OR_FIX_THE_TAG = msg("drop the flag or fix the tag")
DROP_RULES_AND_OPTIONS = msg("drop --rules and --option")
ON_A_FORM = {
    DROP_THE_FLAG.msgid: msg("clear that choice below"),
    DROP_THE_FLAG_OR_FIX_THE_TAG.msgid: msg("clear that choice below or fix the tag"),
    DROP_RULES_AND_OPTIONS.msgid: msg("clear the rule set and the options chosen below"),
}


def on_a_form(message: str) -> str:
    """A usage error's message as a form of choices says it: the remedy a command line gives
    (`drop the flag`) becomes the form's (`clear that choice below`); any other message as it is."""
    if not isinstance(message, Text) or "remedy" not in message.params:
        return message
    remedy = message.params["remedy"]
    instead = ON_A_FORM.get(remedy.msgid, remedy) if isinstance(remedy, Text) else remedy
    return Text(message.msgid, {**message.params, "remedy": instead}, message.plural, message.n)


@dataclass(frozen=True, slots=True)
class Request:
    """How a caller asks for a record's games to be judged: the rule set it insists on, the options,
    the rule set standing in for a silent [Rules] tag, and the house rulebooks (see `check`).

    An adapter builds it once, at its edge, with `Request.of` (which validates it) and hands the
    one value to `check`, to archive runs and to worker processes: a request travels to another
    process by its rule sets' names (it is never validated again)."""

    rules: RuleSet | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    default: RuleSet | None = None
    house: Rulebook | None = None
    shelf: RulebookSource | None = None
    seeds: SeedSource | None = None
    work: int | None = None
    """Steps of work (arbiter/engine/work.py) each game's searches for legal actions may take (the
    "allowed instead" of its findings), a budget of its own put in force while it is judged; None:
    no budget of its own (the one in force, if any: the web service's per request)."""

    @classmethod
    def of(
        cls,
        *,
        rules: str | None = None,
        options: Mapping[str, Any] | None = None,
        default_rules: str | None = None,
        house: Rulebook | None = None,
        shelf: RulebookSource | None = None,
        seeds: SeedSource | None = None,
        work: int | None = None,
    ) -> Request:
        """The caller's request, checked before anything is read: raises UsageError for an unknown
        rule set or option, or a house rulebook asked for beside a rule set or options of its own."""
        requested = rulesets.get(rules) if rules else None
        default = rulesets.get(default_rules) if default_rules else None
        if house is not None and ((requested and requested.name != house.family) or options):
            raise UsageError(
                msg(
                    "{rulebook} is a {family} rulebook and sets every option a game is judged by; "
                    "{remedy} (a different rule is a new version of the rulebook)",
                    rulebook=house.title,
                    family=term(house.ruleset.title),
                    remedy=DROP_RULES_AND_OPTIONS,
                )
            )
        chosen = requested or default
        if chosen and options:
            chosen.resolve(options)  # fail fast on a bad option, before reading anything
        return cls(requested, dict(options or {}), default, house, shelf, seeds, work)

    def judge(self, parsed: ParsedGame, observer: Observer | None = None) -> GameRuling:
        """One game's ruling, as asked; `observer` sees its tables (arbiter.engine.Observer)."""
        if self.work is not None:
            with bounded.using(bounded.WorkBudget(steps=self.work)):
                return replace(self, work=None).judge(parsed, observer)
        return judge(
            parsed,
            rules=self.rules,
            options=self.options,
            observer=observer,
            default=self.default,
            house=self.house,
            shelf=self.shelf,
            seeds=self.seeds,
        )

    def __repr__(self) -> str:
        """Short: the rule sets by name and the rulebook by title, not every rule they hold."""
        rules, default = (ruleset.name if ruleset else None for ruleset in (self.rules, self.default))
        house = self.house.title if self.house else None
        return f"Request(rules={rules!r}, options={dict(self.options)!r}, default={default!r}, house={house!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """To another process (`--jobs`, a cluster's workers) by the rule sets' names: each process
        keeps its own rule sets, with what they have learnt of tables and melds."""
        names = (self.rules.name if self.rules else None, self.default.name if self.default else None)
        return (_arrived, (*names, dict(self.options), self.house, self.shelf, self.seeds, self.work))


def _arrived(
    rules: str | None,
    default: str | None,
    options: Mapping[str, Any],
    house: Rulebook | None,
    shelf: RulebookSource | None,
    seeds: SeedSource | None,
    work: int | None = None,
) -> Request:
    """A request as it arrives in another process (`Request.__reduce__`), valid as it was sent."""
    return Request(
        rulesets.get(rules) if rules else None,
        options,
        rulesets.get(default) if default else None,
        house,
        shelf,
        seeds,
        work,
    )


def judge(
    parsed: ParsedGame,
    *,
    rules: RuleSet | None = None,
    options: Mapping[str, Any] | None = None,
    observer: Observer | None = None,
    default: RuleSet | None = None,
    house: Rulebook | None = None,
    shelf: RulebookSource | None = None,
    seeds: SeedSource | None = None,
) -> GameRuling:
    game = parsed.game
    ruling = GameRuling(
        index=parsed.index, line=parsed.line, rules=rules.name if rules else None, tags=_round_tags(game)
    )
    try:
        book = _house(game, house, shelf)
        ruleset, values = _resolve(game, rules, options or {}, default, book)
    except _RecordProblem as problem:
        ruling.findings = [*parsed.findings, problem.finding]
        ruling.malformed = True
        if rules is None and house is None and game.find_tag("rules") is None and game.find_tag("house") is None:
            ruling.assumed = rules_assumed(game, default or rulesets.get(DEFAULT_RULES), default is not None)
        return ruling
    ruling.rules, ruling.options = ruleset.name, values
    misspelt = family_word_findings(game, _family_words(ruleset))  # a word no family writes so: a syntax error
    ruling.findings = sorted([*parsed.findings, *misspelt], key=lambda f: f.line) if misspelt else list(parsed.findings)
    empty = not game.tags and not game.hands and not parsed.findings
    if empty:
        ruling.findings.append(
            Finding(
                line=max(parsed.line, 1),
                column=1,
                code="empty-record",
                rule=NOTATION["empty-record"].source,
                severity=Severity.ERROR,
                message=msg(
                    "the record holds no game: a game starts with its tags ([Rules ...], [Seats ...]) and then its hands"
                ),
            )
        )
    if rules is None and book is None and game.find_tag("rules") is None and not empty:
        ruling.assumed = rules_assumed(game, ruleset, configured=default is not None)
    if parsed.malformed or misspelt or empty:
        ruling.malformed = True
        return ruling
    judge_game(game, ruleset, values, ruling, observer)
    if game.find_tag("board") is not None:
        _check_boards(game, ruleset, values, ruling, seeds)
    if book is not None:
        ruling.house = book.ref()
        cite_house_rules(game, ruleset, values, book, ruling)
    return ruling


def _family_words(ruleset: RuleSet) -> Mapping[str, bool]:
    """Every family's action words, each with whether it takes cards: the list's, and the judging
    rule set's own (one built outside the list too)."""
    own = {kind.keyword: kind.cards for kind in ruleset.actions}
    return rulesets.WORDS if own.items() <= rulesets.WORDS.items() else {**rulesets.WORDS, **own}


def _check_boards(
    game: Game, ruleset: RuleSet, values: dict[str, OptionValue], ruling: GameRuling, seeds: SeedSource | None
) -> None:
    """A game that names its prepared board checked against it (docs/notation.md, "Prepared
    boards"); imported only for such a game."""
    from ..engine.game import seating_from_tags
    from .boards import NO_SEEDS, board_findings

    seating, _ = seating_from_tags(game, ruleset, values)
    if seating is not None:
        config = ruleset.config_for(seating, values)
        ruling.findings += board_findings(game, seating, config, seeds or NO_SEEDS)


def resolve_rules(game: Game, request: Request) -> tuple[RuleSet, dict[str, OptionValue]] | None:
    """The rule set and options `judge` would judge `game` by, as asked; None when the game's tags
    or rulebook leave them unresolved (a finding `judge` reports). Raises UsageError as `check`."""
    try:
        book = _house(game, request.house, request.shelf)
        return _resolve(game, request.rules, request.options, request.default, book)
    except _RecordProblem:
        return None


def _round_tags(game: Game) -> dict[str, str]:
    """The round tags the game gives (the last of each name, as `Game.tag` reads them)."""
    return {name: value for name in ROUND_TAGS if (value := game.tag(name))}


def _house(game: Game, house: Rulebook | None, shelf: RulebookSource | None) -> Rulebook | None:
    """The rulebook the game is judged by: the one its House tag names, else the caller's."""
    try:
        return tagged_rulebook(game, shelf) or house
    except HouseProblem as problem:
        raise _RecordProblem(_tag_finding(problem.tag, problem.code, problem.message)) from None


class _RecordProblem(Exception):
    def __init__(self, finding: Finding) -> None:
        self.finding = finding


def _resolve(
    game: Game,
    rules: RuleSet | None,
    options: Mapping[str, Any],
    default: RuleSet | None = None,
    book: Rulebook | None = None,
) -> tuple[RuleSet, dict[str, OptionValue]]:
    if book is None:
        return _resolve_options(game, rules, options, default)
    _check_request(book, rules, options)
    tag = game.find_tag("rules")
    family = _tagged_rule_set(tag) if tag is not None else book.ruleset
    tagged = _tagged_options(game, family) if family.name == book.family else {}
    departures = conflicts(book, family, tagged)
    if departures:
        message = msg(
            "the game is judged by {rulebook} (#{digest}), but its tags set {options}; "
            "drop those tags, or play by a new version of the rulebook",
            rulebook=book.title,
            digest=book.digest,
            options=joined(departures),
        )
        house_tag = game.find_tag("house")
        if house_tag is None:
            raise UsageError(message)
        raise _RecordProblem(_tag_finding(house_tag, "house-rules-conflict", message))
    return book.ruleset, book.options()


def _check_request(book: Rulebook, rules: RuleSet | None, options: Mapping[str, Any]) -> None:
    """A caller asking for another rule set or other options than the rulebook's: a UsageError."""
    if rules is not None and rules.name != book.family:
        raise UsageError(
            msg(
                "the game is judged by {rulebook}, a {family} rulebook, but {asked} was asked for",
                rulebook=book.title,
                family=term(book.ruleset.title),
                asked=rules.name,
            )
        )
    wanted = book.options()
    clash = [f"{name}={_show(value)}" for name, value in book.ruleset.expand(options).items() if wanted[name] != value]
    if clash:
        raise UsageError(
            msg(
                "the game is judged by {rulebook}, but {asked} was asked for; {remedy}",
                rulebook=book.title,
                asked=", ".join(clash),
                remedy=DROP_THE_FLAG,
            )
        )


def _resolve_options(
    game: Game, rules: RuleSet | None, options: Mapping[str, Any], default: RuleSet | None = None
) -> tuple[RuleSet, dict[str, OptionValue]]:
    tag = game.find_tag("rules")
    ruleset = rules
    if tag is not None:
        tagged = _tagged_rule_set(tag)
        if rules is not None and tagged.name != rules.name:
            raise UsageError(
                msg(
                    'game at line {line} says [Rules "{value}"] (line {tag_line}) but {asked} was asked for; {remedy}',
                    line=game.line,
                    value=tag.value,
                    tag_line=tag.line,
                    asked=rules.name,
                    remedy=DROP_THE_FLAG_OR_FIX_THE_TAG,
                )
                if game.line
                else msg(
                    'game {line} says [Rules "{value}"] (line {tag_line}) but {asked} was asked for; {remedy}',
                    line=str(game.line),
                    value=tag.value,
                    tag_line=tag.line,
                    asked=rules.name,
                    remedy=DROP_THE_FLAG_OR_FIX_THE_TAG,
                )
            )
        ruleset = tagged
    ruleset = ruleset or default or rulesets.get(DEFAULT_RULES)
    tagged_options = _tagged_options(game, ruleset)
    asked = ruleset.expand(options)  # a preset asked for is the options it sets
    for name, value in asked.items():
        if name in tagged_options and value != tagged_options[name]:
            raise UsageError(
                msg(
                    "the record sets option {tagged} in its tags, but {asked} was asked for; {remedy}",
                    tagged=f"{name}={_show(tagged_options[name])}",
                    asked=f"{name}={_show(value)}",
                    remedy=DROP_THE_FLAG_OR_FIX_THE_TAG,
                )
            )
    return ruleset, ruleset.resolve({**asked, **tagged_options})


def _tagged_rule_set(tag: Any) -> RuleSet:
    try:
        return rulesets.get(tag.value)
    except UsageError as error:
        raise _RecordProblem(_tag_finding(tag, "unknown-rules", _words(error))) from None


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
                raise _RecordProblem(_tag_finding(tag, "unknown-option", _words(error))) from None
    return values


def _tag_finding(tag: Any, code: str, message: str) -> Finding:
    """A finding on a tag; `message` a `Text`, or the words of a UsageError as it was raised."""
    return Finding(
        line=tag.line,
        column=tag.column,
        code=code,
        rule=NOTATION[code].source,
        severity=Severity.ERROR,
        message=message,
    )


def _words(error: Exception) -> str:
    """An error's message, kept a `Text` where it was raised with one (so it can be translated)."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, str) else str(error)


def _show(value: OptionValue) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)
