"""Judging by a rulebook: which one a game is judged by, and which findings turn on it.

A record names the rulebook its game was played by in a `House` tag (its name, version and
digest); the rulebook is used when it is at hand (`RulebookSource`: files given, the service's
store), and when it is not the game is reported, never judged by the defaults instead. A game
whose tags are silent is judged by the caller's rulebook, if any.

A finding turns on a house rule when judging the game with that one rule back at the book's
default does not make the same finding: the finding then cites the club's note beside the book's
rule (`Finding.house`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..i18n import Text, msg
from ..notation.records import Game
from ..rules.base import OptionSpec, OptionValue, RuleSet, Seating, UsageError
from ..rules.codes import NOTATION
from ..rulings import Finding, GameRuling
from .rulebook import Rulebook, RulebookError, digest_in_tag

TAG = "house"


class RulebookSource(Protocol):
    """Where rulebooks named by digest are looked for: a `Shelf`, or the service's store."""

    def get(self, digest: str) -> Rulebook | None:
        """The rulebook whose digest is `digest` or, for 12 hex digits or more, starts with it;
        raises AmbiguousDigest when more than one does."""
        ...

    def describe(self) -> str: ...


class HouseProblem(Exception):
    """A game that cannot be judged by the rulebook it names: (code, message, the tag)."""

    def __init__(self, code: str, message: str, tag: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.tag = code, message, tag


def tagged_rulebook(game: Game, shelf: RulebookSource | None) -> Rulebook | None:
    """The rulebook the game's `House` tag names, or None without the tag. Raises HouseProblem
    when the tag names no digest or a rulebook not at hand."""
    tag = game.find_tag(TAG)
    if tag is None:
        return None
    digest = digest_in_tag(tag.value)
    if digest is None:
        raise HouseProblem(
            "house-rules-missing",
            msg(
                'the House tag "{tag}" names no rulebook digest: write the tag `arbiter rules --house FILE` '
                'prints, such as [House "Maple Club, version 3, #1a2b3c4d5e6f"]',
                tag=tag.value,
            ),
            tag,
        )
    try:
        book = shelf.get(digest) if shelf is not None else None
    except RulebookError as error:  # a short digest that names more than one rulebook at hand
        raise HouseProblem("house-rules-missing", error.message, tag) from None
    if book is None:
        at_hand = shelf.describe() if shelf is not None else msg("no rulebook is at hand")
        raise HouseProblem(
            "house-rules-missing",
            msg(
                'the game was played by the house rules "{tag}", which are not at hand ({at_hand}); '
                "give that rulebook (arbiter check --house FILE, or keep it on the service) to judge the game: "
                "it is not judged by the rule set's defaults instead",
                tag=tag.value,
                at_hand=at_hand,
            ),
            tag,
        )
    return book


def conflicts(book: Rulebook, ruleset: RuleSet, tagged: Mapping[str, OptionValue]) -> list[Text]:
    """Where a record's tags (its rule set, the options its Variant tag sets) depart from the
    rulebook's: `name=value (the rulebook: value)`."""
    if ruleset.name != book.family:
        return [msg("Rules {name} (the rulebook is for {family})", name=ruleset.name, family=book.family)]
    wanted = book.options()
    return [
        msg("{option} (the rulebook: {value})", option=f"{name}={_show(value)}", value=_show(wanted[name]))
        for name, value in tagged.items()
        if wanted[name] != value
    ]


def cite_house_rules(
    game: Game, ruleset: RuleSet, values: Mapping[str, OptionValue], book: Rulebook, ruling: GameRuling
) -> None:
    """Mark each finding that turns on one of the rulebook's rules with the club's note and the
    book's default, by judging the game again with that one rule at the default."""
    judged = [f for f in ruling.findings if f.code not in NOTATION]
    if not judged:
        return
    from ..engine import seating_from_tags  # the engine, for a command that judges (`fmt` and `rules` do not)

    seating, _ = seating_from_tags(game, ruleset, values)
    for spec in ruleset.options:
        rule = book.rule(spec.name)
        if rule is None or rule.value == spec.default:
            continue
        made = _findings_with(game, ruleset, {**values, spec.name: spec.default})
        for finding in judged:
            if made is not None and _key(finding) in made:
                continue
            note = {
                "option": rule.option,
                "value": rule.value,
                "book": _book_value(ruleset, seating, values, spec),
                "note": rule.note,
            }
            finding.house = [*(finding.house or []), note]


def _book_value(
    ruleset: RuleSet, seating: Seating | None, values: Mapping[str, OptionValue], spec: OptionSpec
) -> OptionValue:
    """The book's value of an option at this table: its default, or what the default stands for
    (`OptionSpec.book_value`: the laws' canastas to go out, not 0)."""
    if spec.book_value is None or seating is None:
        return spec.default
    try:
        return spec.value_at(ruleset.config_for(seating, {**values, spec.name: spec.default}))
    except UsageError:  # a combination of options the family cannot play: the default as written
        return spec.default


def _findings_with(game: Game, ruleset: RuleSet, values: dict[str, OptionValue]) -> set[tuple[Any, ...]] | None:
    from ..engine import judge_game

    other = GameRuling(index=0, line=0, rules=ruleset.name, options=values)
    try:
        judge_game(game, ruleset, values, other, None)
    except Exception:  # a combination of options the family cannot play: nothing to compare with
        return None
    return {_key(f) for f in other.findings}


def _key(finding: Finding) -> tuple[Any, ...]:
    return finding.code, finding.line, finding.column, finding.message


def house_finding_text(finding: Finding) -> list[Text]:
    """Each house rule a finding turns on, in words: `pile-take=7 (the book: all): "note"` (the
    club's note as the club wrote it)."""
    return [
        msg(
            "{option} (the book: {book}): {note}",
            option=f"{note['option']}={_show(note['value'])}",
            book=_show(note["book"]),
            note=note["note"],
        )
        for note in finding.house or []
    ]


def _show(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)
