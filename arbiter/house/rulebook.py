"""A club's house rules as a rulebook: a small TOML file read, checked and given an identity.

    name = "Maple Club"
    version = 3
    family = "hand-and-foot"
    base = "pagat"                  # optional: a preset of the family, or another rulebook
    description = "Thursday nights" # optional

    [rules.pile-take]
    value = 7
    note = "We pick up the top seven cards only, as the club always has."

Every value is checked against the family's options (`RuleSet.option`), so an unknown option, a
value out of range or an option of another family is an error that names what is valid. A base
rulebook's rules are inherited and this file's rules are its exceptions. The rulebook's identity
is the SHA-256 digest of its canonical form (`canonical`), all 64 hex digits, so that no one can
make two rulebooks with one digest: the same rules written with other spacing, comments, key
order or quoting have the same digest, and changing one value gives a new one. People may name a
rulebook by the first twelve digits or more (`short`; the twelve digits records written before
were given), and a prefix names a rulebook only where no other at hand starts with it
(`unique_prefix`), as git does.

A rulebook's TOML is read by `arbiter.files.bounded_toml.read_toml`, within its bounds on nesting, dotted
keys and keys (a rulebook needs a few), so that no text costs more than reading it once.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import families as rulesets
from ..files.bounded_toml import TomlRefused, read_toml
from ..i18n import joined, msg, term
from ..rules.base import OptionValue, RuleSet, UsageError

SUFFIX = ".rules.toml"
DIGEST_LENGTH = 64  # hex digits: the whole SHA-256, so that no one can make two rulebooks with one digest
SHORT_DIGEST = 12  # the fewest hex digits that name a rulebook (a unique prefix), as records once gave it
FORMAT = 1  # the canonical form's own version, part of what is digested
MAX_NAME = 100
MAX_VERSION = 40
MAX_NOTE = 2_000
MAX_DESCRIPTION = 4_000
MAX_BASES = 8  # how deep a chain of bases may go
TOP_KEYS = ("name", "version", "family", "base", "description", "rules")
RULE_KEYS = ("value", "note")
DIGEST_IN_TAG = re.compile(rf"#([0-9a-f]{{{SHORT_DIGEST},{DIGEST_LENGTH}}})\b")


class RulebookError(UsageError):
    """A rulebook that cannot be used, said in words naming what is valid."""


class BasesTooDeep(RulebookError):
    """A chain of bases longer than MAX_BASES."""


class AmbiguousDigest(RulebookError):
    """A short digest that names more than one rulebook at hand."""

    def __init__(self, prefix: str) -> None:
        super().__init__(
            msg(
                "#{prefix} names more than one rulebook: give more of its digest (all {length} hex digits "
                "name exactly one)",
                prefix=prefix,
                length=DIGEST_LENGTH,
            )
        )


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One option the rulebook sets, the club's note on it, and where it comes from (the
    rulebook itself, a preset or a base rulebook)."""

    option: str
    value: OptionValue
    note: str
    origin: str


@dataclass(frozen=True, slots=True)
class Rulebook:
    name: str
    version: str
    family: str  # the rule set's name
    rules: tuple[HouseRule, ...]  # every option set, the base's included, in the family's order
    base: str | None = None  # the preset or rulebook it starts from, as written for people
    description: str = ""
    source: str = field(default="", compare=False)  # the text it was read from, as written

    @property
    def ruleset(self) -> RuleSet:
        return rulesets.get(self.family)

    @property
    def settings(self) -> dict[str, OptionValue]:
        """The option values the rulebook sets (what it does not set is the book's default)."""
        return {rule.option: rule.value for rule in self.rules}

    def options(self) -> dict[str, OptionValue]:
        """Every option's value when judging by this rulebook."""
        return self.ruleset.resolve(self.settings)

    def rule(self, option: str) -> HouseRule | None:
        return next((rule for rule in self.rules if rule.option == option), None)

    def canonical(self) -> str:
        """The rulebook as one line of JSON, keys sorted: what its digest is taken of."""
        document = {
            "format": FORMAT,
            "name": self.name,
            "version": self.version,
            "family": self.family,
            "base": self.base,
            "description": self.description,
            "rules": {r.option: {"value": r.value, "note": r.note, "origin": r.origin} for r in self.rules},
        }
        return json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.canonical().encode("utf-8")).hexdigest()

    @property
    def short(self) -> str:
        """The digest's first SHORT_DIGEST hex digits: how people are shown it."""
        return self.digest[:SHORT_DIGEST]

    @property
    def title(self) -> str:
        """`Maple Club, version 3`: how rulings name it (a family's defaults have no version)."""
        return f"{self.name}, version {self.version}" if self.version else self.name

    def tag(self) -> str:
        """The record's tag naming this rulebook: `[House "Maple Club, version 3, #1a2b3c..."]`, its
        digest whole."""
        value = f"{self.title}, #{self.digest}".replace("\\", "\\\\").replace('"', '\\"')
        return f'[House "{value}"]'

    def ref(self) -> dict[str, str]:
        """What a ruling says of the rulebook it was judged by."""
        return {"name": self.name, "version": self.version, "digest": self.digest, "family": self.family}


BaseFinder = Callable[[str], "Rulebook | None"]
"""(a base as written) -> the rulebook it names, or None when none is at hand."""


def digest_in_tag(value: str) -> str | None:
    """The digest a `House` tag names (the last `#` and 12 to 64 hex digits: a club's name may
    hold such a word too), whole or a prefix, or None."""
    found = DIGEST_IN_TAG.findall(value.lower())
    return found[-1] if found else None


def unique_prefix(prefix: str, digests: Iterable[str]) -> str | None:
    """The one digest of `digests` that starts with `prefix`, or None; AmbiguousDigest when more
    than one does."""
    found = [digest for digest in digests if digest.startswith(prefix)]
    if len(found) > 1:
        raise AmbiguousDigest(prefix)
    return found[0] if found else None


def parse(text: str, origin: str = "the rulebook", find_base: BaseFinder | None = None, depth: int = 0) -> Rulebook:
    """The rulebook written in `text` (TOML). Raises RulebookError saying what is wrong, naming
    `origin` (a file's name) and what would be valid."""
    try:
        document = read_toml(text, origin)
    except TomlRefused as refused:
        raise RulebookError(refused.message) from None
    return _build(document, origin, find_base, depth, text)


def _build(document: dict[str, Any], origin: str, find_base: BaseFinder | None, depth: int, text: str) -> Rulebook:
    unknown = [key for key in document if key not in TOP_KEYS]
    if unknown:
        raise RulebookError(
            msg(
                "{origin}: unknown key {key}; a rulebook's keys are {keys}",
                origin=origin,
                key=repr(unknown[0]),
                keys=", ".join(TOP_KEYS),
            )
        )
    name = _text(document, "name", origin, MAX_NAME, required=True)
    version = _version(document, origin)
    ruleset = _family(document, origin)
    description = _text(document, "description", origin, MAX_DESCRIPTION)
    base_name = _text(document, "base", origin, MAX_NAME) or None
    inherited, base_shown = _base(base_name, ruleset, origin, find_base, depth)
    own = _own_rules(document.get("rules", {}), ruleset, origin, f"{name}, version {version}")
    merged = {**inherited, **own}
    order = [spec.name for spec in ruleset.options]
    rules = tuple(merged[option] for option in order if option in merged)
    return Rulebook(name, version, ruleset.name, rules, base_shown, description, text)


def _text(document: Mapping[str, Any], key: str, origin: str, limit: int, required: bool = False) -> str:
    value = document.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise RulebookError(
            msg("{origin}: {key} must be a non-empty string, not {value}", origin=origin, key=key, value=repr(value))
        )
    if len(value) > limit:
        raise RulebookError(msg("{origin}: {key} is at most {limit:,} characters", origin=origin, key=key, limit=limit))
    if key != "description" and ("\n" in value or "\r" in value):
        raise RulebookError(msg("{origin}: {key} is one line", origin=origin, key=key))
    return value.strip()


def _version(document: Mapping[str, Any], origin: str) -> str:
    value = document.get("version")
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).strip():
        raise RulebookError(
            msg(
                '{origin}: version must be a number (3) or a short string ("2026-spring"), not {value}',
                origin=origin,
                value=repr(value),
            )
        )
    shown = str(value).strip()
    if len(shown) > MAX_VERSION or "\n" in shown:
        raise RulebookError(
            msg("{origin}: version is one line of at most {limit} characters", origin=origin, limit=MAX_VERSION)
        )
    return shown


def _family(document: Mapping[str, Any], origin: str) -> RuleSet:
    value = document.get("family")
    if not isinstance(value, str):
        raise RulebookError(
            msg(
                "{origin}: family must name a rule set, one of {names}",
                origin=origin,
                names=", ".join(rulesets.names()),
            )
        )
    try:
        return rulesets.get(value)
    except UsageError as error:
        raise RulebookError(msg("{origin}: family: {problem}", origin=origin, problem=error.message)) from None


def _base(
    base: str | None, ruleset: RuleSet, origin: str, find_base: BaseFinder | None, depth: int
) -> tuple[dict[str, HouseRule], str | None]:
    """The rules a base gives, by option, and the base as shown to people."""
    if base is None:
        return {}, None
    if base in ruleset.presets:
        note = msg("Set by the {title} preset `{base}`.", title=term(ruleset.title), base=base)
        origin_of = f"preset {base}"
        return {o: HouseRule(o, v, note, origin_of) for o, v in ruleset.presets[base].items()}, base
    if depth >= MAX_BASES:
        raise BasesTooDeep(
            msg(
                "{origin}: base {base}: bases nest at most {limit} deep (a loop?)",
                origin=origin,
                base=repr(base),
                limit=MAX_BASES,
            )
        )
    found = find_base(base) if find_base else None
    if found is None:
        presets = ", ".join(ruleset.presets) or msg("none")
        raise RulebookError(
            msg(
                "{origin}: base {base} is neither a preset of {family} (its presets: {presets}) nor a rulebook at hand",
                origin=origin,
                base=repr(base),
                family=term(ruleset.title),
                presets=presets,
            )
        )
    if found.family != ruleset.name:
        raise RulebookError(
            msg(
                "{origin}: base {base} is a {other} rulebook; this one is {family}",
                origin=origin,
                base=repr(base),
                other=term(found.ruleset.title),
                family=term(ruleset.title),
            )
        )
    return {
        rule.option: rule for rule in found.rules
    }, f"{found.title}, #{found.short}"  # its rules are in this one's canonical form, whole


def _own_rules(table: Any, ruleset: RuleSet, origin: str, title: str) -> dict[str, HouseRule]:
    if not isinstance(table, dict):
        raise RulebookError(
            msg("{origin}: rules is a table of options ([rules.pile-take] with value and note)", origin=origin)
        )
    rules: dict[str, HouseRule] = {}
    for option, entry in table.items():
        spec = _spec(ruleset, option, origin)
        where = f"{origin}: rules.{option}"
        if not isinstance(entry, dict):
            raise RulebookError(
                msg("{where} is a table with a value and a note, not {entry}", where=where, entry=repr(entry))
            )
        unknown = [key for key in entry if key not in RULE_KEYS]
        if unknown:
            raise RulebookError(
                msg("{where}: unknown key {key}; each rule has a value and a note", where=where, key=repr(unknown[0]))
            )
        if "value" not in entry:
            raise RulebookError(msg("{where} has no value", where=where))
        note = entry.get("note")
        if not isinstance(note, str) or not note.strip():
            raise RulebookError(
                msg("{where} has no note: say in the club's own words what the club plays", where=where)
            )
        if len(note) > MAX_NOTE:
            raise RulebookError(msg("{where}: a note is at most {limit:,} characters", where=where, limit=MAX_NOTE))
        value = entry["value"]
        if not isinstance(value, bool | int | str):
            raise RulebookError(
                msg("{where}: value is a word, a number or true/false, not {value}", where=where, value=repr(value))
            )
        try:
            parsed = spec.parse(value)
        except UsageError as error:
            raise RulebookError(msg("{where}: {problem}", where=where, problem=error.message)) from None
        rules[option] = HouseRule(option, parsed, " ".join(note.split()), title)
    return rules


def _spec(ruleset: RuleSet, option: str, origin: str) -> Any:
    if option in ruleset.presets:
        raise RulebookError(
            msg(
                '{origin}: {option} is a preset of {family}: write base = "{option}"',
                origin=origin,
                option=option,
                family=term(ruleset.title),
            )
        )
    try:
        return ruleset.option(option)
    except UsageError as error:
        others = [
            rulesets.get(n).title for n in rulesets.names() if n != ruleset.name and _has(rulesets.get(n), option)
        ]
        if others:
            raise RulebookError(
                msg(
                    "{origin}: {problem} ({option} is an option of {families})",
                    origin=origin,
                    problem=error.message,
                    option=option,
                    families=joined([term(title) for title in others]),
                )
            ) from None
        raise RulebookError(msg("{origin}: {problem}", origin=origin, problem=error.message)) from None


def _has(ruleset: RuleSet, option: str) -> bool:
    return any(spec.name == option for spec in ruleset.options)


def defaults(family: str) -> Rulebook:
    """A family's own rules as a rulebook that sets nothing: what a club's rules compare with."""
    ruleset = rulesets.get(family)
    return Rulebook(msg("{family} (the book's defaults)", family=term(ruleset.title)), "", ruleset.name, ())
