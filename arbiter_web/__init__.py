"""arbiter_web: the web adapter of the arbiter (issue 5).

A thin shell over `arbiter.check`: the JSON API under /api/v1 (flask-smorest blueprints,
marshmallow schemas, OpenAPI 3 at /api/openapi.json and an offline docs page at /api/docs) and the
paste-a-record page at /. The app factory is `app.create_app`; the pure core (`arbiter`) never
imports from here, nor from Flask.

Modules: `schemas` (every request and response shape), `service` (the one call into the core),
`api` (the JSON endpoints), `page` and `present` (the page and what it shows), `apidocs` (the HTML
view of the OpenAPI document), `errors` (JSON or HTML errors, never a traceback) and `security`
(response headers).
"""

DEFAULT_MAX_CONTENT_LENGTH = 1024 * 1024
"""The largest request body accepted, in bytes (config MAX_CONTENT_LENGTH)."""

DEFAULT_MAX_GAMES = 1000
"""The most games one request may hold (config MAX_GAMES)."""
