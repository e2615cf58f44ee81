"""Words a user reads, as data that the adapters say in the reader's language.

A sentence the arbiter builds is a `Text`: a `str` holding its English rendering (so English output
costs nothing and stays byte-identical), which also keeps the English template it came from (the
msgid) and the values of its named placeholders. An adapter says it in another language with a
`Translator`: the template is looked up in that language's gettext catalogue and the values are
put back in, themselves translated when they are `Text` and formatted as the language writes numbers.

- `msg("{player} must discard", player=name)` builds one; `msg_n(singular, plural, n, ...)` one whose
  wording depends on a count (one card, two cards), the count given as the placeholder `n`;
- `term(word)` marks a word of a rule set's data (a rule's name, the word for the pile) as a value to
  translate, where a plain `str` value (a player's name, a card) is put in as it is;
- `Translator(lang)(value)` says a `Text`, or looks up a plain data string, in `lang`.

The catalogues are in arbiter/locale/<lang>/LC_MESSAGES/<domain>.po (and the compiled .mo), one
domain per part of the project (`DOMAINS`); a language's translator reads all of them. Codes, the
notation's keywords, JSON keys and option names are never translated. docs/translations.md says how
to add or change a message.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Mapping, Sequence
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano"}
"""The languages the arbiter speaks, each by its code and its own name for itself."""

DEFAULT_LANGUAGE = "en"

DOMAINS = ("rulesets", "findings", "notation", "reports", "web")
"""The catalogues of each language: the rule sets' data (names, explanations, options, choices,
words), the engine's findings, the reader's findings, the rulings' reports (text, sheet, CLI) and
the web pages."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


class Text(str):
    """A sentence for a user: the `str` is its English rendering; `msgid`, `plural`, `n`,
    `params` and `context` say it again in another language (`Translator`)."""

    msgid: str
    plural: str | None
    n: int | None
    params: Mapping[str, Any]
    context: str | None
    """Which sense of an English word this is, where one word says two things ("no" as a count of
    cards and as an answer): gettext's message context (msgctxt)."""

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any],
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
    ) -> Text:
        template = msgid if plural is None or n == 1 else plural
        text = super().__new__(cls, template.format(**params) if params else template)
        text.msgid, text.plural, text.n, text.params, text.context = msgid, plural, n, params, context
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Rulings cross process boundaries (--jobs, the cluster): a Text travels as its parts.
        return (Text, (self.msgid, dict(self.params), self.plural, self.n, self.context))

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        return self  # immutable, like the str it is


def msg(msgid: str, /, **params: Any) -> Text:
    """A sentence for a user: an English template with named placeholders, and their values."""
    return Text(msgid, params)


def pmsg(context: str, msgid: str, /, **params: Any) -> Text:
    """`msg` for an English word that says two things: `context` names the sense ("a count of
    cards"), so each language can say each sense its own way."""
    return Text(msgid, params, context=context)


def msg_n(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A sentence whose wording depends on the count `n` (the placeholder `{n}` in both forms)."""
    return Text(singular, {"n": n, **params}, plural, n)


def term(word: str) -> Text:
    """A word or sentence of a rule set's data (not written as a template in the code), to be
    translated where it is put into a sentence; its catalogue is the `rulesets` domain."""
    return Text(word, {})


def language_of(code: str | None) -> str | None:
    """The arbiter's language for a language tag or locale name ('es_AR.UTF-8', 'pt-BR', 'it'),
    or None when it speaks none of that language (or `code` is empty, 'C' or 'POSIX')."""
    if not code:
        return None
    base = code.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, as other command line tools read it: the first of
    LANGUAGE (a colon-separated list), LC_ALL, LC_MESSAGES and LANG that is set decides; English
    when the arbiter does not speak it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for candidate in value.split(":"):
            if language := language_of(candidate):
                return language
        if name != "LANGUAGE":
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


class _LocalFormatter(string.Formatter):
    """Puts values into a translated template, writing grouped numbers (`{points:,}`) as the
    language does (1.500 in Italian, 1.500 or 1500 in Spanish by its rules)."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and "," in format_spec:
            from babel.numbers import format_decimal  # only another language than English gets here

            return format_decimal(value, locale=self.language)
        formatted: str = super().format_field(value, format_spec)
        return formatted


class Translator:
    """Says `Text`s and data strings in one language; `Translator("en")` gives them back as they are."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"no such language: {language!r} (one of {', '.join(LANGUAGES)})")
        self.language = language
        self.catalogue = catalogue(language)
        self._formatter = _LocalFormatter(language)

    @property
    def english(self) -> bool:
        return self.language == DEFAULT_LANGUAGE

    def __call__(self, value: str) -> str:
        """`value` in this language: a `Text` said from its template, a plain string looked up as a
        whole (a rule set's data), and either given back unchanged in English."""
        if self.english or not value:
            return str(value) if value is not None else value
        if isinstance(value, Text):
            return self._say(value)
        return self.catalogue.gettext(value)

    def _say(self, text: Text) -> str:
        if text.context is not None:
            template = self.catalogue.pgettext(text.context, text.msgid)
        elif text.plural is None:
            template = self.catalogue.gettext(text.msgid)
        else:
            template = self.catalogue.ngettext(text.msgid, text.plural, text.n if text.n is not None else 1)
        if not text.params:
            return template
        values = {name: self._say(v) if isinstance(v, Text) else v for name, v in text.params.items()}
        return self._formatter.format(template, **values)

    def unknown(self, value: str) -> list[str]:
        """The English templates in `value` (itself and the `Text`s among its values) that this
        language's catalogues do not translate: empty when a reader sees no English in it. A plain
        string counts as a data string to look up."""
        if self.english:
            return []
        if not isinstance(value, Text):
            return [] if not value or self._has(value) or _only_symbols(value) else [value]
        found = [] if self._translated(value) else [value.msgid]
        return found + [m for v in value.params.values() if isinstance(v, Text) for m in self.unknown(v)]

    def _translated(self, text: Text) -> bool:
        key = text.msgid if text.context is None else f"{text.context}\x04{text.msgid}"
        return self._has(key, plural=text.plural is not None) or _only_symbols(text.msgid)

    def _has(self, msgid: str, plural: bool = False) -> bool:
        """The catalogues translate `msgid`: it is in a compiled catalogue (which holds only the
        translated entries), even where the translation is the same word ("total", "Final")."""
        entries = getattr(self.catalogue, "_catalog", None)
        if entries is None:
            translated = self.catalogue.ngettext(msgid, msgid, 2) if plural else self.catalogue.gettext(msgid)
            return translated != msgid
        return ((msgid, 0) if plural else msgid) in entries

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalogue.ngettext(singular, plural, n)


def _only_symbols(message: str) -> bool:
    """A message with no word to translate (only placeholders, digits and punctuation)."""
    return not any(ch.isalpha() for ch in re.sub(r"\{[^}]*\}", "", message))


@cache
def catalogue(language: str) -> NullTranslations:
    """Every domain's compiled catalogue of `language`, merged (read once per process)."""
    if language == DEFAULT_LANGUAGE:
        return NullTranslations()
    from babel.support import Translations

    merged: Translations | None = None
    for domain in DOMAINS:
        loaded = Translations.load(str(LOCALE_DIR), [language], domain)
        if not isinstance(loaded, Translations):
            continue  # a domain not translated yet: its messages stay English
        if merged is None:
            merged = loaded
        else:
            merged.merge(loaded)
    return merged or NullTranslations()


@cache
def translator(language: str | None = None) -> Translator:
    """The translator of `language` (English when None), one per process."""
    return Translator(language or DEFAULT_LANGUAGE)


# Lists of words said as one `Text`, so that each item is still translated where the list is put
# into a sentence (a plain `", ".join(...)` would leave a list of translated sentences English).
def joined(items: Sequence[str], separator: str = ", ") -> str:
    """`items` one after another with `separator` (", " or "; "): a `Text` when an item is one."""
    if separator not in (", ", "; "):
        raise ValueError(f"joined() knows the separators ', ' and '; ', not {separator!r}")
    if not any(isinstance(item, Text) for item in items):
        return separator.join(items)
    said: str = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{first}, {rest}", first=item, rest=said) if separator == ", " else _semicolon(item, said)
    return said


def _semicolon(first: str, rest: str) -> Text:
    return msg("{first}; {rest}", first=first, rest=rest)


def and_list(first: str, second: str) -> Text:
    """`1 ignored error and 2 ignored warnings`."""
    return msg("{first} and {second}", first=first, second=second)
