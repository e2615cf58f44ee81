"""Every request and response of the web adapter, as marshmallow schemas.

The OpenAPI document (/api/openapi.json) is generated from these, so the published contract and
what the views load and dump cannot drift apart. The game object (`GameSchema`) describes exactly
`arbiter.GameRuling.to_dict()`, the object `arbiter check --format json` prints per game; a test
dumps a fully populated ruling through it and compares.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate

from arbiter import families as rulesets
from arbiter.i18n import Text, msg, term
from arbiter_web.serving.schema_errors import HOUSE_DIGEST as HOUSE_DIGEST_ERROR
from arbiter_web.serving.schema_errors import NO_SUCH_OPTION, OPTION_VALUE, UNKNOWN_RULESET

MAX_NAME = 100  # a rule set or option name, or an option value written as a word

_OPTION_VALUE_DOC = {
    "oneOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}],
    "description": "true or false for a switch, a whole number for a number; "
    'or the same written as a word ("yes", "no", "5000").',
}

_OPTION_RESULT_DOC = {"oneOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}


class OptionValue(fields.Field):
    """An option's value: a boolean, a whole number, or the same written as a word. Whether it
    suits the option is the rule set's call (`RuleSet.resolve`), answered as a 422."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own convention)
        "invalid": OPTION_VALUE,
    }

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool | int | str:
        if isinstance(value, bool | int):
            return value
        if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
            return int(value)
        if isinstance(value, str) and 0 < len(value) <= MAX_NAME:
            return value
        raise self.make_error("invalid")

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


# --- what a request may name: the rule sets and their options, published in the document -----------
# A request the schema allows is one the service acts on: the rule set names and the options (with
# the values each takes) are enumerated from the rule sets, so the OpenAPI document says exactly
# what is accepted, and anything else is a 422 from the schema itself.

RULESET_NAMES = sorted(rulesets.BY_NAME)
_WORDS_YES_NO = ("yes", "no", "true", "false", "on", "off", "1", "0")
_SWITCH_WORDS = (*_WORDS_YES_NO, *(w.upper() for w in _WORDS_YES_NO if w.isalpha()))
_MAX_OPTION_NUMBER = 2**53  # the largest whole number JSON carries exactly
_WHOLE_NUMBER = r"[+-]?[0-9]{1,15}"


def _option_specs() -> dict[str, list[Any]]:
    """Every option of every rule set, by name: one spec per type of value the rule sets give it
    (a number in Caliente and classic, a written form in Hand & Foot's `canastas-to-go-out`). Where
    rule sets of one type name different words (classic's and Samba's `wild-ratio`), or one lists a
    few numbers and another takes any, the document takes every word, or any number: each rule set
    checks its own."""
    specs: dict[str, list[Any]] = {}
    for name in rulesets.names():
        for spec in rulesets.get(name).options:
            kinds = specs.setdefault(spec.name, [])
            same = next((i for i, kind in enumerate(kinds) if type(kind.default) is type(spec.default)), None)
            if same is None:
                kinds.append(spec)
            elif kinds[same].choices != spec.choices:
                first = kinds[same]
                every = tuple(dict.fromkeys((*first.choices, *spec.choices))) if first.choices and spec.choices else ()
                kinds[same] = dataclasses.replace(first, choices=every)
    return specs


OPTION_SPECS = _option_specs()
"""Each option's specs by name, one per type of value (`_option_specs`)."""


def _is_switch(spec: Any) -> bool:
    return isinstance(spec.default, bool)


class SwitchValue(fields.Field):
    """A yes-or-no option: true or false, or the same as a word."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool | str:
        if isinstance(value, bool) or value in _SWITCH_WORDS:
            return value
        raise ValidationError(
            msg("a yes or no option is true, false, or one of: {words}", words=", ".join(_SWITCH_WORDS))
        )

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


class NumberValue(fields.Field):
    """A whole-number option: a whole number, or the same written as a word."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int | str:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= _MAX_OPTION_NUMBER:
            return value
        if isinstance(value, float) and value.is_integer() and abs(value) <= _MAX_OPTION_NUMBER:
            return int(value)
        if isinstance(value, str) and re.fullmatch(_WHOLE_NUMBER, value):
            return value
        raise ValidationError(msg("a number option is a whole number, as a number or a word of up to 15 digits"))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


class WordValue(fields.Field):
    """An option that is one of a few words (Samba's `wild-ratio`): the word, in any case."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if isinstance(value, str) and 0 < len(value) <= MAX_NAME:
            return value
        raise ValidationError(msg("this option is one of its words, written as a string"))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


class SaidRegexp(validate.Regexp):
    """A Regexp whose error is a whole `Text` (an option's written form), kept one so that it is
    said in the reader's language: marshmallow's own formatting would give a plain str."""

    def _format_error(self, value: Any) -> Any:
        return self.error if isinstance(self.error, Text) else super()._format_error(value)


class EitherValue(fields.Field[Any]):
    """An option whose value is of one type in some rule sets and another in others (a number, or
    Hand & Foot's written form): a value any of them takes; the rule set judging checks its own."""

    def __init__(self, kinds: list[fields.Field[Any]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kinds = kinds

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        problems: list[Any] = []
        for kind in self.kinds:
            try:
                return kind.deserialize(value, attr, data, **kwargs)
            except ValidationError as error:
                problems.extend(error.messages if isinstance(error.messages, list) else [error.messages])
        raise ValidationError(problems)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


_SCHEMA_WORDS = ("type", "enum", "pattern", "minimum", "maximum", "oneOf")


def _schema_of(field: fields.Field[Any]) -> list[dict[str, Any]]:
    """The document's schemas of one kind of value (its `oneOf`'s, where it has one)."""
    described = {word: field.metadata[word] for word in _SCHEMA_WORDS if word in field.metadata}
    return list(described.pop("oneOf", [])) or [described]


def _option_field(specs: list[Any]) -> fields.Field[Any]:
    if len(specs) == 1:
        return _one_kind_field(specs[0])
    kinds = [_one_kind_field(spec) for spec in specs]
    doc = " ".join(
        f"{_titles_giving(spec)}: {kind.metadata['description']}" for spec, kind in zip(specs, kinds, strict=True)
    )
    return EitherValue(
        kinds, metadata={"description": doc, "oneOf": [one for kind in kinds for one in _schema_of(kind)]}
    )


def _titles_giving(kind: Any) -> str:
    """The rule sets whose option of `kind`'s name takes values of its type, by title."""
    return ", ".join(
        ruleset.title
        for ruleset in map(rulesets.get, rulesets.names())
        for spec in ruleset.options
        if spec.name == kind.name and type(spec.default) is type(kind.default)
    )


def _one_kind_field(spec: Any) -> fields.Field:
    doc = f"{spec.summary} Default: {spec.default!r}."
    if isinstance(spec.default, str) and spec.choices:
        return WordValue(
            validate=validate.OneOf(spec.choices),
            metadata={"description": doc, "type": "string", "enum": list(spec.choices)},
        )
    if isinstance(spec.default, str):  # a written form, such as Hand & Foot's 2/2/1
        return WordValue(
            validate=SaidRegexp(
                f"^(?:{spec.pattern})$", error=msg("{option} is {form}", option=spec.name, form=term(spec.form))
            ),
            metadata={"description": doc, "type": "string", "pattern": f"^(?:{spec.pattern})$"},
        )
    if _is_switch(spec):
        words = {"type": "string", "enum": list(_SWITCH_WORDS)}
        return SwitchValue(metadata={"description": doc, "oneOf": [{"type": "boolean"}, words]})
    if spec.choices:  # a number that takes only a few values (Samba's minimum-7000)
        number = {"type": "integer", "enum": list(spec.choices)}
        word = {"type": "string", "enum": [str(choice) for choice in spec.choices]}
        allowed = validate.OneOf([*spec.choices, *map(str, spec.choices)])
        return NumberValue(validate=allowed, metadata={"description": doc, "oneOf": [number, word]})
    number = {"type": "integer", "minimum": -_MAX_OPTION_NUMBER, "maximum": _MAX_OPTION_NUMBER}
    word = {"type": "string", "pattern": f"^{_WHOLE_NUMBER}$"}
    return NumberValue(metadata={"description": doc, "oneOf": [number, word]})


class _Closed(Schema):
    class Meta:
        unknown = RAISE

    error_messages = {"unknown": NO_SUCH_OPTION}  # noqa: RUF012


OptionsSchema = _Closed.from_dict({name: _option_field(spec) for name, spec in OPTION_SPECS.items()}, name="Options")


def _query_option_pattern() -> str:
    """`name=value` (a bare `name` means yes) for every option, as one regular expression."""
    forms = []
    every = [spec for name in rulesets.names() for spec in rulesets.get(name).options]  # each family's form
    for name, spec in ((spec.name, spec) for spec in every):
        if _is_switch(spec):
            forms.append(f"{name}(=({'|'.join(_WORDS_YES_NO)}))?")
        elif spec.choices:  # words (Modern American Canasta's tie) or a few numbers, as the body takes them
            forms.append(f"{name}=({'|'.join(re.escape(str(choice)) for choice in spec.choices)})")
        elif isinstance(spec.default, str):  # a written form, such as Hand & Foot's 2/2/1
            forms.append(f"{name}=(?:{spec.pattern})")
        else:
            forms.append(f"{name}={_WHOLE_NUMBER}")
    return "^(" + "|".join(dict.fromkeys(forms)) + ")$"


QUERY_OPTION = _query_option_pattern()
_RULESET_ERROR = UNKNOWN_RULESET  # marshmallow's OneOf fills in {choices}: RULESET_NAMES


def _ruleset_name(**metadata: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(RULESET_NAMES, error=_RULESET_ERROR), metadata=metadata)


def _names(**metadata: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=MAX_NAME), metadata=metadata)


def points_field(description: str) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        allow_none=True,
        metadata={"description": description, "example": {"ann+cid": -45, "bob+dee": 1190}},
    )


def _cards(description: str) -> fields.List:
    return fields.List(fields.String(), metadata={"description": description, "example": ["7", "7", "2"]})


# --- requests ----------------------------------------------------------------------------------


HOUSE_DIGEST = r"^#?[0-9a-f]{12,64}$"  # whole, or a prefix (arbiter.house.rulebook.SHORT_DIGEST)


def _house_digest(description: str, **defaults: Any) -> fields.String:
    return fields.String(
        **defaults,
        validate=validate.Regexp(HOUSE_DIGEST, error=HOUSE_DIGEST_ERROR),
        metadata={"description": description, "example": "0c6343960519"},
    )


HOUSE_DESCRIPTION = (
    "The digest of a kept house rulebook (POST /api/v1/rulebooks) to judge by where a game's tags name none; "
    "a game whose House tag names a kept rulebook is judged by it. An unknown digest is a 422."
)


class RulingRequestSchema(Schema):
    """The JSON body of POST /api/v1/rulings."""

    record = fields.String(
        required=True,
        metadata={
            "description": "The game record in the notation (docs/notation.md): one or more games, UTF-8 text.",
            "example": '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n',
        },
    )
    rules = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(RULESET_NAMES, error=_RULESET_ERROR),
        metadata={
            "description": "The rule set to judge by where a game has no [Rules] tag (GET /api/v1/rulesets). "
            "Default: the record's tag, else caliente. Contradicting a tag is a 422.",
            "example": "caliente",
        },
    )
    options = fields.Nested(
        OptionsSchema,
        load_default=dict,
        metadata={
            "description": "Rule set options by name, where the record's tags are silent (GET /api/v1/rulesets "
            "lists them with their defaults). Unknown options, bad values and contradicting a tag are 422.",
            "example": {"always-frozen": True, "target": 5000},
        },
    )
    house = _house_digest(HOUSE_DESCRIPTION, load_default=None, allow_none=True)


class RulingQuerySchema(Schema):
    """The query parameters of POST /api/v1/rulings, for a text/plain body."""

    class Meta:
        unknown = RAISE  # an unknown query parameter is a 422, as the document allows none

    rules = _ruleset_name(
        description="The rule set, as `rules` in the JSON body (with a JSON body, only where the body gives none)."
    )
    option = fields.List(
        fields.String(validate=[validate.Length(min=1, max=2 * MAX_NAME), validate.Regexp(QUERY_OPTION)]),
        validate=validate.Length(max=MAX_NAME),
        metadata={
            "description": "An option, `name=value` (a bare `name` means yes); repeat the parameter for "
            "several (with a JSON body, only for options the body does not give).",
            "example": ["always-frozen=yes", "target=5000"],
        },
    )

    house = _house_digest(HOUSE_DESCRIPTION)
    lang = fields.String(
        validate=validate.OneOf(["en", "es", "pt", "it"]),
        metadata={
            "description": "The language of the answer's words (`en`, `es`, `pt`, `it`), as on every endpoint "
            '(docs/api.md, "Languages"): it wins over Accept-Language; any other value is a 400.',
            "example": "es",
        },
    )

    @post_load
    def _options(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """{"rules", "options" (by name), "house", "given" (the parameters present)}."""
        options: dict[str, Any] = {}
        for word in data.get("option", []):
            name, equals, value = word.partition("=")
            options[name] = value if equals else True
        return {"rules": data.get("rules"), "options": options, "house": data.get("house"), "given": sorted(data)}


# --- rulings -----------------------------------------------------------------------------------


class TableSchema(Schema):
    """The state of the table just before an offending move."""

    hands = fields.Dict(
        keys=fields.String(), values=fields.List(fields.String()), metadata={"description": "Each player's hand."}
    )
    melds = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.List(fields.String())),
        metadata={"description": "Each side's melds, each a list of cards."},
    )
    laid = fields.Dict(
        keys=fields.String(), values=fields.List(fields.String()), metadata={"description": "Bonus cards laid."}
    )
    pile = _cards("The Prize pile, bottom card first.")
    frozen = fields.Boolean(metadata={"description": "Whether the Prize pile is frozen."})
    stock = fields.Integer(metadata={"description": "Cards left in the stock."})
    scores = points_field("Each side's score before the hand.")


class AdjustmentSchema(Schema):
    """What a remedy does to the score sheet."""

    side = fields.String(required=True, metadata={"description": "The side whose score the remedy changes."})
    points = fields.Integer(
        required=True,
        metadata={
            "description": "Points added to the side's score for the hand: a penalty is negative; 0 for a "
            "remedy that changes play but costs no points (a raised first-meld minimum)."
        },
    )
    reason = fields.String(required=True, metadata={"description": "The remedy, in plain words."})


class HouseNoteSchema(Schema):
    """A house rule a finding turns on: the club's value and note beside the book's default."""

    option = fields.String(required=True, metadata={"description": "The option the rulebook sets."})
    value = OptionValue(required=True, metadata={"description": "The club's value."})
    book = OptionValue(required=True, metadata={"description": "The book's default (the rule the finding cites)."})
    note = fields.String(required=True, metadata={"description": "The club's note, in its own words."})


class HouseRefSchema(Schema):
    """The house rulebook a game was judged by (docs/house-rules.md)."""

    name = fields.String(required=True, metadata={"example": "Maple Club"})
    version = fields.String(required=True, metadata={"example": "3"})
    digest = fields.String(required=True, metadata={"description": "Its identity: twelve hex digits of SHA-256."})
    family = fields.String(required=True, metadata={"example": "hand-and-foot"})


class FindingSchema(Schema):
    """One thing wrong (or worth a warning) at one place in the record."""

    line = fields.Integer(required=True, metadata={"description": "Line of the record, from 1."})
    column = fields.Integer(required=True, metadata={"description": "Column of the line, from 1."})
    code = fields.String(
        required=True, metadata={"description": "The rule's stable code (GET /api/v1/rulesets/{name})."}
    )
    rule = fields.String(required=True, metadata={"description": "The rule's name and where the rule set states it."})
    severity = fields.String(required=True, validate=validate.OneOf(["error", "warning"]))
    message = fields.String(required=True, metadata={"description": "What is wrong, in the arbiter's words."})
    remedy = fields.String(allow_none=True, metadata={"description": "What the rule set prescribes, if anything."})
    hand = fields.Integer(allow_none=True)
    turn = fields.Integer(allow_none=True)
    player = fields.String(allow_none=True)
    table = fields.Nested(
        TableSchema, metadata={"description": "Present on illegal moves: the table just before the move."}
    )
    repeats = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={
            "description": "Present when the same message was already said in this answer: where it was first "
            "said (game, line, column); `message` then only points back to it.",
            "example": {"game": 1, "line": 7, "column": 1},
        },
    )
    adjustment = fields.Nested(
        AdjustmentSchema,
        metadata={
            "description": "Present where the rule set's remedy changes the score sheet (see the game's `sheet`)."
        },
    )
    alternatives = fields.List(
        fields.String(),
        metadata={
            "description": "Present on a finding on a move (not a declared score, not the notation): the actions "
            "that were legal instead at that moment, as written in a record, the same kind first, at most five "
            "(POST /api/v1/legal-actions lists them all).",
            "example": ["take 9 with [9 9]", "draw 7"],
        },
    )
    alternatives_total = fields.Integer(
        metadata={
            "description": "Present with `alternatives`: how many actions were legal instead (more than are listed "
            "past five); 0 when nothing else was allowed.",
            "example": 2,
        },
    )
    alternatives_partial = fields.Boolean(
        metadata={
            "description": "Present, true, where the search for the alternatives stopped at the request's work "
            "budget (MAX_STEPS): those listed are legal, `alternatives_total` counts those found, and more may "
            "have been allowed.",
            "example": True,
        },
    )
    action = fields.Integer(
        metadata={
            "description": "Present with `alternatives`: the index (from 0) of the step of its turn the finding is on, "
            "where the alternatives hold: the offending action, or the turn's number of actions when the turn line "
            "ended where it should not have. A position stepped to that moment refuses the step.",
            "example": 2,
        },
    )
    house = fields.List(
        fields.Nested(HouseNoteSchema),
        metadata={
            "description": "Present where the game was judged by a house rulebook and the finding turns on its rules."
        },
    )


class HandSchema(Schema):
    """The recomputed (and declared) result of one hand."""

    number = fields.Integer(required=True)
    line = fields.Integer(required=True, metadata={"description": "Line of the record where the hand starts."})
    scores = points_field("Recomputed points of each side; null when the hand was not judged or did not end.")
    declared = points_field("Points the record declares (its score line), if any.")
    totals = points_field("Each side's running total after the hand.")
    judged = fields.Boolean(required=True)
    ended = fields.Boolean(required=True)
    minimums = points_field(
        "For a hand given as its summary (ACN 1.1): each side's first-meld minimum in the next hand, from the "
        "corrected totals. Absent for a hand given in moves."
    )


class SheetHandSchema(Schema):
    """One hand of the corrected score sheet: what the table writes down for it."""

    hand = fields.Integer(required=True, metadata={"description": "The hand's number."})
    line = fields.Integer(required=True, metadata={"description": "Line of the record where the hand starts."})
    status = fields.String(
        required=True,
        validate=validate.OneOf(["counted", "adjusted", "unscored"]),
        metadata={
            "description": "counted: the arbiter's own count; adjusted: the declared score with the remedy's "
            "adjustment applied; unscored: the hand cannot be scored (see `reason`)."
        },
    )
    scores = points_field("What the table writes down for the hand; null when it cannot be scored.")
    declared = points_field("Points the record declares for the hand, if any.")
    adjustments = fields.List(fields.Nested(AdjustmentSchema), required=True)
    reason = fields.String(allow_none=True, metadata={"description": "Why the hand is adjusted or cannot be scored."})
    totals = points_field("Running totals after the hand.")
    provisional = fields.Boolean(
        required=True,
        metadata={"description": "The totals carry the declared score of a hand that could not be scored."},
    )


class SheetSchema(Schema):
    """The corrected score sheet of a game."""

    hands = fields.List(fields.Nested(SheetHandSchema), required=True)
    totals = points_field("Totals after the last hand on the sheet.")
    provisional = fields.Boolean(required=True, metadata={"description": "Some hand could not be scored."})


class AssumedSchema(Schema):
    """The rule set a game without a [Rules] tag was judged by (arbiter.assumed)."""

    rules = fields.String(required=True, metadata={"description": "The rule set the game was judged by."})
    configured = fields.Boolean(
        required=True, metadata={"description": "Chosen by the caller's configured default, not the arbiter's."}
    )
    fits = fields.String(
        allow_none=True, metadata={"description": "A rule set the record's shape fits better (its deal, Feet, cards)."}
    )
    why = fields.String(allow_none=True, metadata={"description": "What in the record says so, in words."})
    said = fields.String(required=True, metadata={"description": "The whole note, in the request's language."})


class GameSchema(Schema):
    """The ruling on one game: `arbiter check --format json` prints the same object per game."""

    index = fields.Integer(required=True, metadata={"description": "The game's place in the record, from 1."})
    line = fields.Integer(required=True, metadata={"description": "Line where the game starts."})
    rules = fields.String(allow_none=True, metadata={"description": "The rule set the game was judged by."})
    options = fields.Dict(
        keys=fields.String(),
        values=OptionValue(metadata=_OPTION_RESULT_DOC),
        metadata={"description": "Every option's value in effect."},
    )
    verdict = fields.String(
        required=True,
        validate=validate.OneOf(["valid", "illegal", "malformed"]),
        metadata={
            "description": "valid: every rule kept and every declared score right; illegal: a move breaks a rule "
            "or a declared result is wrong; malformed: the record cannot be read as notation."
        },
    )
    findings = fields.List(fields.Nested(FindingSchema), required=True)
    hands = fields.List(fields.Nested(HandSchema), required=True)
    totals = points_field("Each side's final total.")
    winner = fields.String(allow_none=True)
    unlisted = fields.Integer(
        metadata={
            "description": "Findings of this game counted but not listed, once the answer's finding budget "
            "(MAX_FINDINGS in all, MAX_GAME_FINDINGS per game) is spent; the verdict and the summary count them."
        }
    )
    problems = fields.List(
        fields.String(validate=validate.OneOf(["move", "score", "incomplete", "unreadable"])),
        required=True,
        metadata={
            "description": "Which kinds of problem the game has: move (a move breaks a rule), score (a declared "
            "score, total or result is wrong), unreadable (the record cannot be read); empty when valid."
        },
    )
    sheet = fields.Nested(SheetSchema, required=True)
    house = fields.Nested(
        HouseRefSchema, metadata={"description": "Present where the game was judged by a house rulebook."}
    )
    assumed = fields.Nested(
        AssumedSchema,
        metadata={"description": "Present where the record names no rule set (no [Rules] tag, none asked for)."},
    )


class SummarySchema(Schema):
    games = fields.Integer(required=True, metadata={"description": "Games in the record."})
    valid = fields.Integer(required=True, metadata={"description": "Games judged valid."})
    illegal = fields.Integer(required=True, metadata={"description": "Games judged illegal."})
    malformed = fields.Integer(required=True, metadata={"description": "Games that could not be read."})
    errors = fields.Integer(required=True, metadata={"description": "Findings of severity error, in all games."})
    warnings = fields.Integer(required=True, metadata={"description": "Findings of severity warning."})
    unlisted = fields.Integer(metadata={"description": "Findings counted but not listed (over the finding budget)."})


class RulingsSchema(Schema):
    """The answer of POST /api/v1/rulings."""

    games = fields.List(fields.Nested(GameSchema), required=True)
    summary = fields.Nested(SummarySchema, required=True)


# --- rule sets ---------------------------------------------------------------------------------


class OptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    default = OptionValue(required=True, metadata=_OPTION_RESULT_DOC)
    choices = fields.List(
        OptionValue(metadata=_OPTION_RESULT_DOC),
        metadata={"description": "The only values the option takes, where it takes only a few."},
    )
    form = fields.String(metadata={"description": "The form a written value takes, where it has one: `2/2/1`."})
    summary = fields.String(required=True)
    source = fields.String(required=True, metadata={"description": "Where the rule books (or the project) say so."})


class RuleSchema(Schema):
    code = fields.String(required=True)
    name = fields.String(required=True)
    source = fields.String(required=True)
    summary = fields.String(required=True)


class RuleSetSchema(Schema):
    name = fields.String(required=True, metadata={"example": "caliente"})
    title = fields.String(required=True)
    summary = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    rules = fields.Integer(required=True, metadata={"description": "How many rules the arbiter checks."})
    reference = fields.String(required=True, metadata={"description": "URL of the rule reference."})


class RuleSetListSchema(Schema):
    default = fields.String(required=True, metadata={"description": "The rule set used when nothing says."})
    rulesets = fields.List(fields.Nested(RuleSetSchema), required=True)


class ChoiceSchema(Schema):
    point = fields.String(required=True, metadata={"description": "The question the rule books leave open."})
    books = fields.String(required=True, metadata={"description": "What each rule book says, by title and section."})
    chosen = fields.String(required=True, metadata={"description": "The project's default."})
    why = fields.String(required=True)
    option = fields.String(
        required=True, allow_none=True, metadata={"description": "The option that switches it, or null."}
    )


class RuleReferenceSchema(Schema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    summary = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    rules = fields.List(fields.Nested(RuleSchema), required=True)
    choices = fields.List(
        fields.Nested(ChoiceSchema),
        required=True,
        metadata={"description": "Where the rule books are silent or disagree, and the default chosen."},
    )
    markdown = fields.String(required=True, metadata={"description": "The reference as Markdown (docs/rules/)."})


# --- the rest ----------------------------------------------------------------------------------


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})
    notation = fields.String(required=True, metadata={"description": "The notation version read."})
    rulesets = fields.List(fields.String(), required=True)


class ReadySchema(Schema):
    status = fields.String(
        required=True,
        validate=validate.OneOf(["ok", "store-cannot-write"]),
        metadata={"description": "ok, or store-cannot-write: judging goes on, keeping does not."},
    )
    store = fields.String(
        required=True, allow_none=True, metadata={"description": "Why the store cannot be written; null when it can."}
    )


class ErrorSchema(Schema):
    """Every error under /api: the HTTP status, its name, a message, and field errors on a 422."""

    code = fields.Integer(required=True, metadata={"description": "The HTTP status code.", "example": 422})
    status = fields.String(required=True, metadata={"description": "Its name.", "example": "Unprocessable Entity"})
    message = fields.String(metadata={"description": "What went wrong, for a person."})
    errors = fields.Dict(
        metadata={
            "description": "Field errors, by location (json, query) and field.",
            "example": {"json": {"record": ["Missing data for required field."]}},
        }
    )
    request_id = fields.String(
        metadata={
            "description": "The request's id, also in the X-Request-Id header and the access log: quote it "
            "when reporting a problem.",
            "example": "3f2b9c0e5a6d4e7f8a9b0c1d2e3f4a5b",
        }
    )
