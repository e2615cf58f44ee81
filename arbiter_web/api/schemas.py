"""The web adapter's requests, rule sets and service answers, as marshmallow schemas; the rulings
it answers are in ruling_schemas.py, the tables and legal actions in table_schemas.py and
legal_schemas.py.

The OpenAPI document (/api/openapi.json) is generated from these, so the published contract and
what the views load and dump cannot drift apart.
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

OPTION_RESULT_DOC = {"oneOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}


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


def cards_field(description: str) -> fields.List:
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


# --- rule sets ---------------------------------------------------------------------------------


class OptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    default = OptionValue(required=True, metadata=OPTION_RESULT_DOC)
    choices = fields.List(
        OptionValue(metadata=OPTION_RESULT_DOC),
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
