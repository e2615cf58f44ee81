"""arbiter_web: the web adapter of the arbiter (issue 5).

A thin shell over `arbiter.check`: the JSON API under /api/v1 (flask-smorest blueprints,
marshmallow schemas, OpenAPI 3 at /api/openapi.json and an offline docs page at /api/docs) and the
paste-a-record page at /. The app factory is `factory.create_app` (`wsgi.app` for a WSGI
server, `arbiter serve` on the command line); the pure core (`arbiter`) never imports from here,
nor from Flask.

Modules: `schemas` (every request and response shape), `service` (the one call into the core),
`api` (the JSON endpoints), `page` and `present` (the page and what it shows), `apidocs` (the HTML
view of the OpenAPI document), `errors` (JSON or HTML errors, never a traceback) and `security`
(response headers). Kept rulings (issue 17): `store` (the database, SQLAlchemy Core), `stored`
(keeping and re-judging), `stored_api` (their JSON API) and `permalink` (their pages, /r/<id>).
"""

DEFAULT_MAX_CONTENT_LENGTH = 1024 * 1024
"""The largest request body accepted, in bytes (config MAX_CONTENT_LENGTH)."""

DEFAULT_MAX_GAMES = 1000
"""The most games one request may hold (config MAX_GAMES)."""
