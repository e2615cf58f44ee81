"""The reader's language (issue 25): which one a request gets, how pages keep it, how it is said.

The language is the `lang` query parameter (exactly one of en, es, pt, it), else the browser's
Accept-Language (where a regional tag such as `pt-BR` counts as its language), else English. An unsupported `lang` is a
400, said in the language the rest of the request asks for. Every answer but a static file says
its language in Content-Language.

On pages the language stays in the URL: every link and form the page builds with `url_for` carries
`lang` whenever the page is not in English or the reader chose English with `lang`, so a shared
ruling link opens in the language it was shared in; a plain English page keeps plain links.

Words are said by Flask-Babel over every domain's catalogue (arbiter.i18n.DOMAINS: the page's own
words, the rule sets' data, the findings, the reports), the same catalogues arbiter.i18n.Translator
reads: the template filter `say` renders a ruling's `Text`s and the rule sets' data with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from apispec import BasePlugin
from babel.dates import format_datetime
from babel.numbers import format_decimal
from flask import Flask, Response, g, has_request_context, request
from flask_babel import Babel
from werkzeug.exceptions import BadRequest

from arbiter.i18n import DEFAULT_LANGUAGE, DOMAINS, LANGUAGES, LOCALE_DIR, Text, language_of, msg, translator

PARAMETER = "lang"
"""The query parameter naming the language, on every page and API endpoint."""


def uncarried(endpoint: str | None) -> bool:
    """Whether the links of an endpoint never carry the language: the site's static files (`static`,
    and a package's own, `pages.static`) are the same in every one."""
    return endpoint is not None and (endpoint == "static" or endpoint.endswith(".static"))


class UnsupportedLanguage(BadRequest):
    """A `lang` parameter the arbiter does not speak: a 400 with a message saying which it does."""

    def __init__(self, asked: str) -> None:
        message = msg(
            "the arbiter does not speak the language {asked}; lang is one of {languages}",
            asked=repr(asked[:20]),
            languages=", ".join(LANGUAGES),
        )
        super().__init__(description=message)
        self.data = {"message": message}


def _from_header() -> str:
    """The first language of Accept-Language, by quality, that the arbiter speaks (`pt-BR` is
    Portuguese even where English comes later with a lower quality), else English."""
    for tag, quality in request.accept_languages:
        language = language_of(tag) if quality > 0 else None
        if language:
            return language
    return DEFAULT_LANGUAGE


def _asked() -> str:
    return request.args.get(PARAMETER, "").strip()


def current() -> str:
    """The language of this request (English outside one)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    if "lang" not in g:
        asked = _asked()
        g.lang = asked if asked in LANGUAGES else None
        g.lang_chosen = g.lang is not None
        if g.lang is None:
            g.lang = _from_header()
    return str(g.lang)


def carried() -> bool:
    """Whether this page's links carry the language: it is not English, or was chosen by `lang`."""
    language = current()
    return language != DEFAULT_LANGUAGE or bool(g.get("lang_chosen"))


def check_parameter() -> None:
    """Refuse an unsupported `lang` before anything else answers the request."""
    if PARAMETER in request.args and request.args[PARAMETER] not in LANGUAGES:  # an empty one too
        raise UnsupportedLanguage(request.args[PARAMETER])


def carry(endpoint: str, values: dict[str, Any]) -> None:
    """url_for's defaults: the language goes into every link a page builds, but the site's files."""
    if uncarried(endpoint) or PARAMETER in values or not has_request_context():
        return
    if carried():
        values[PARAMETER] = current()


def say(value: Any) -> Any:
    """A ruling's `Text`, a rule set's data string or a web message, in the request's language."""
    if value is None or not isinstance(value, str):
        return value
    return translator(current())(value)


DATA_KEYS = frozenset({"rule", "title", "summary", "source", "form", "point", "books", "chosen", "why"})
"""Keys of an API answer whose plain-string values are a rule set's data, looked up in the
`rulesets` catalogue (a `Text` anywhere is said from its template)."""


def localized(data: Any, key: str | None = None) -> Any:
    """An API answer's body in the request's language: every `Text` in it said, and the rule
    sets' data (DATA_KEYS) looked up; keys, codes, cards and notation stay as they are."""
    if current() == DEFAULT_LANGUAGE:
        return data
    if isinstance(data, dict):
        return {k: localized(v, k) for k, v in data.items()}
    if isinstance(data, list):
        return [localized(v, key) for v in data]
    if isinstance(data, Text) or (isinstance(data, str) and key in DATA_KEYS):
        return say(data)
    return data


def capfirst(text: str) -> str:
    """The text with its first letter a capital (a sentence built from lower-case parts)."""
    return text[:1].upper() + text[1:] if text else text


def number(value: int) -> str:
    """A score or count as the language groups it (1,500 in English, 1.500 in Spanish)."""
    language = current()
    if language == DEFAULT_LANGUAGE or not isinstance(value, int) or isinstance(value, bool):
        return f"{value:,}"
    return format_decimal(value, locale=language)


ENGLISH_DATES = {"date": "%d %B %Y", "datetime": "%d %B %Y at %H:%M UTC"}
DATES = {"date": "d MMMM y", "datetime": "d MMMM y, HH:mm 'UTC'"}


def when(value: datetime, kind: str = "datetime") -> str:
    """A date (kind "date") or a moment in UTC, as the language writes it."""
    language = current()
    if language == DEFAULT_LANGUAGE:
        return value.strftime(ENGLISH_DATES[kind])
    return format_datetime(value, DATES[kind], locale=language)


@dataclass(frozen=True)
class Choice:
    """One language of the switch every page shows."""

    code: str
    name: str
    url: str
    current: bool


def switch() -> list[Choice]:
    """This page in each language: the same address with `lang` set (a page reached by a form
    opens its address, or the home page where that address takes only forms)."""
    here = current()
    path = request.path
    rule = request.url_rule
    if request.method != "GET" and (rule is None or "GET" not in (rule.methods or ())):
        path = "/"
    args = [(k, v) for k, v in request.args.items(multi=True) if k != PARAMETER] if request.method == "GET" else []
    from urllib.parse import urlencode

    choices = []
    for code, name in LANGUAGES.items():
        query = urlencode([*args, (PARAMETER, code)])
        choices.append(Choice(code, name, f"{request.script_root}{path}?{query}", code == here))
    return choices


def content_language(response: Response) -> Response:
    """Every answer but a static file says its language, and that it depends on Accept-Language."""
    if not uncarried(request.endpoint):
        response.headers["Content-Language"] = current()
        response.vary.add("Accept-Language")
    return response


def said(problem: BaseException) -> str:
    """An exception's message as a `Text` where the core built it as one (so that it can be said
    in the reader's language), else as its string."""
    first = problem.args[0] if problem.args else None
    return first if isinstance(first, Text) and len(problem.args) == 1 else str(problem)


LANG_DESCRIPTION = (
    "The language of the answer's words (messages, remedies, rule names and summaries, error messages): "
    "`en` (the default), `es`, `pt` or `it`. It wins over Accept-Language; any other value is a 400. "
    "Keys, codes, cards and notation never change."
)
ACCEPT_DESCRIPTION = (
    "The languages the client reads, as browsers send them (`es-AR,es;q=0.9`): the best one the arbiter "
    "speaks is used where there is no `lang` parameter, else English."
)
CONTENT_LANGUAGE = {
    "description": "The language the answer's words are in: `en`, `es`, `pt` or `it`.",
    "schema": {"type": "string", "enum": list(LANGUAGES)},
}


class LanguageParameters(BasePlugin):  # type: ignore[misc]
    """Documents on every operation how a client chooses the language (the `lang` query
    parameter, the Accept-Language header), the 400 of an unsupported `lang`, and the
    Content-Language header of every answer."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any) -> None:
        for operation in (operations or {}).values():
            parameters = operation.setdefault("parameters", [])
            named = {(p.get("name"), p.get("in")) for p in parameters if isinstance(p, dict)}
            if (PARAMETER, "query") not in named:
                parameters.append(
                    {
                        "name": PARAMETER,
                        "in": "query",
                        "required": False,
                        "description": LANG_DESCRIPTION,
                        "schema": {"type": "string", "enum": list(LANGUAGES)},
                    }
                )
            if ("Accept-Language", "header") not in named:
                parameters.append(
                    {
                        "name": "Accept-Language",
                        "in": "header",
                        "required": False,
                        "description": ACCEPT_DESCRIPTION,
                        "schema": {"type": "string", "example": "es-AR,es;q=0.9"},
                    }
                )
            responses = operation.setdefault("responses", {})
            refused = "An unsupported `lang` parameter: `message` lists the languages the arbiter speaks."
            known = next((key for key in ("400", 400) if key in responses), None)
            if known is not None:
                responses[known]["description"] = f"{responses[known].get('description', '')} Or: {refused}".strip()
            else:
                error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                responses["400"] = {"description": refused, **error}
            for answer in responses.values():
                if isinstance(answer, dict):
                    answer.setdefault("headers", {}).setdefault("Content-Language", CONTENT_LANGUAGE)


def init_app(app: Flask) -> None:
    directories = ";".join(str(LOCALE_DIR) for _ in DOMAINS)  # Flask-Babel pairs directories and domains
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", directories)
    app.config.setdefault("BABEL_DOMAIN", ";".join(DOMAINS))
    Babel(app, default_locale=DEFAULT_LANGUAGE, locale_selector=current)
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # as tools/messages.py extracts them
    app.before_request(check_parameter)
    app.url_defaults(carry)
    app.after_request(content_language)
    app.add_template_filter(say, "say")
    app.add_template_filter(number, "number")
    app.add_template_filter(capfirst, "capfirst")
    app.add_template_filter(when, "when")
    app.add_template_global(switch, "language_switch")
    app.add_template_global(current, "page_language")
