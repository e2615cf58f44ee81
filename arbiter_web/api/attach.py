"""How the JSON API is attached to the app (`register`, called once by the app factory): the
flask-smorest Api with the service's answers and the reader's language in its document, then each
blueprint of the API, in the order the published document lists them."""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from flask import Flask
from flask_smorest import Api

from arbiter_web.api import docs, rulebooks_api, rulings, stored_api
from arbiter_web.api.body import JSON_TYPE
from arbiter_web.api.legal_actions import legal
from arbiter_web.api.schemas import ErrorSchema
from arbiter_web.api.tables import tables
from arbiter_web.serving import lang

SERVICE_ANSWERS = {
    "414": "The URL is longer than MAX_URL_LENGTH (8,192 characters unless configured).",
    "429": "Over the rate limit (RATE_LIMIT for POST, READ_RATE_LIMIT for kept rulings); see Retry-After.",
    "503": "Past REQUEST_TIME_LIMIT, or the lanes for large records are busy; see Retry-After.",
}
"""What any operation may answer, whatever it is asked: the service's own bounds (docs/api.md)."""


class ServiceAnswers(BasePlugin):  # type: ignore[misc]
    """Adds SERVICE_ANSWERS to every operation of the document."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any) -> None:
        error = {"content": {JSON_TYPE: {"schema": {"$ref": "#/components/schemas/Error"}}}}
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            for code, description in SERVICE_ANSWERS.items():
                responses.setdefault(code, {"description": description, **error})


class ArbiterApi(Api):
    """flask-smorest's Api with the arbiter's error shape in the published document."""

    ERROR_SCHEMA = ErrorSchema

    def _register_pagination_header(self) -> None:
        """Nothing here is paginated: keep flask-smorest's pagination schema out of the document."""

    def _register_error_handlers(self) -> None:
        """None: the service's own handlers (arbiter_web.serving.errors) answer every error, in the
        same shape, whichever package is attached first."""


BLUEPRINTS = (
    rulings.rulings,
    rulings.rulesets_blp,
    rulings.health,
    tables,
    legal,
    stored_api.blp,
    rulebooks_api.blp,
)
"""The API's blueprints, in the order of the published document's paths."""


def register(app: Flask) -> ArbiterApi:
    """The JSON API under /api/v1, its OpenAPI document (/api/openapi.json) and its page (/api/docs)."""
    api = ArbiterApi(app)
    answers = ServiceAnswers()
    answers.init_spec(api.spec)
    api.spec.plugins.append(answers)  # before the blueprints: their operations get the answers
    languages = lang.LanguageParameters()
    languages.init_spec(api.spec)
    api.spec.plugins.append(languages)  # the lang parameter, Accept-Language and Content-Language
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    app.extensions[docs.EXTENSION] = api
    app.register_blueprint(docs.bp)
    return api
