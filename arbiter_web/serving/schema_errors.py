"""A schema failure's words in the reader's language (issue 25).

marshmallow formats its messages before the adapter sees them ("Longer than maximum length 64."),
and `str.format` turns a `Text` template into a plain `str`. So TEMPLATES holds every message a
schema may give as marshmallow formats it: its own defaults, for the fields and validators the
schemas use, and the project's `error_messages` and `error=` texts. `recognised` finds the template
a rendered message came from and gives it back as a `Text` with the values it was formatted with
(`{max}` is "64"), which `say` renders in any language. A message that is already a `Text` (the
project's own `ValidationError`s) stays as it is; one that fits no template stays English.
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

from arbiter.i18n import DEFAULT_LANGUAGE, Text, msg
from arbiter_web.serving import lang

MARSHMALLOW = (
    # marshmallow.fields: Field, String, Number, Integer, Boolean, Mapping/Dict, List, Nested, DateTime
    msg("Missing data for required field."),
    msg("Field may not be null."),
    msg("Invalid value."),
    msg("Not a valid string."),
    msg("Not a valid utf-8 string."),
    msg("Not a valid number."),
    msg("Number too large."),
    msg("Not a valid integer."),
    msg("Not a valid boolean."),
    msg("Not a valid mapping type."),
    msg("Not a valid list."),
    msg("Invalid type."),
    msg("Not a valid {obj_type}."),
    msg("Not a valid {awareness} {obj_type}."),
    msg('"{input}" cannot be formatted as a {obj_type}.'),
    # marshmallow.Schema
    msg("Invalid input type."),
    msg("Unknown field."),
    # marshmallow.validate: Length, Range (each way its bounds may be inclusive), OneOf, Regexp
    msg("Length must be between {min} and {max}."),
    msg("Length must be {equal}."),
    msg("Longer than maximum length {max}."),
    msg("Shorter than minimum length {min}."),
    msg("Must be greater than or equal to {min}."),
    msg("Must be greater than {min}."),
    msg("Must be less than or equal to {max}."),
    msg("Must be less than {max}."),
    msg("Must be greater than or equal to {min} and less than or equal to {max}."),
    msg("Must be greater than or equal to {min} and less than {max}."),
    msg("Must be greater than {min} and less than or equal to {max}."),
    msg("Must be greater than {min} and less than {max}."),
    msg("Must be one of: {choices}."),
    msg("String does not match expected pattern."),
)
"""marshmallow's messages as the pinned version writes them (tests/test_web_lang.py compares them
with the default messages of every field and validator the schemas use)."""

OPTION_VALUE = msg("an option's value is true, false, a whole number, or a short word such as yes or no")
NO_SUCH_OPTION = msg("no option of that name; GET /api/v1/rulesets lists each rule set's options")
UNKNOWN_RULESET = msg("unknown rule set {input}; the arbiter judges: {choices}")
HOUSE_DIGEST = msg("a kept rulebook's digest: 12 to 64 hex digits")

PROJECT = (OPTION_VALUE, NO_SUCH_OPTION, UNKNOWN_RULESET, HOUSE_DIGEST)
"""The project's own `error_messages` and `error=` texts, which marshmallow formats too (`{input}`
and `{choices}` are filled in by marshmallow's validators)."""

TEMPLATES = (*MARSHMALLOW, *PROJECT)


def _pattern(template: str) -> re.Pattern[str]:
    """The template as a regular expression: its text literally, each `{name}` a named group."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.*?)")
    return re.compile("".join(parts), re.DOTALL)


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], Text], ...]:
    """Every template's pattern, the most specific first (the most literal text), so that "Not a
    valid integer." is not taken for "Not a valid {obj_type}."."""
    literal = {template: sum(len(part[0]) for part in string.Formatter().parse(template)) for template in TEMPLATES}
    ordered = sorted(TEMPLATES, key=lambda template: -literal[template])
    return tuple((_pattern(template.msgid), template) for template in ordered)


def recognised(message: str) -> str:
    """A schema's message as a `Text` of its template, where one of TEMPLATES wrote it."""
    if isinstance(message, Text):
        return message
    for pattern, template in _patterns():
        found = pattern.fullmatch(message)
        if found:
            return msg(template.msgid, **found.groupdict())
    return message


def said(errors: Any) -> Any:
    """A schema failure's `errors` (field → messages, nested as marshmallow nests them) with every
    message in the request's language; the keys (fields, locations) stay as they are."""
    if lang.current() == DEFAULT_LANGUAGE:
        return errors
    if isinstance(errors, dict):
        return {key: said(value) for key, value in errors.items()}
    if isinstance(errors, list):
        return [said(value) for value in errors]
    if isinstance(errors, str):
        message = recognised(errors)
        return lang.say(message) if isinstance(message, Text) else message
    return errors
