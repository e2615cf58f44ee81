"""arbiter_web: the web adapter of the arbiter (issue 5).

A thin shell over `arbiter.check`: the JSON API under /api/v1 (flask-smorest blueprints,
marshmallow schemas, OpenAPI 3 at /api/openapi.json and an offline docs page at /api/docs) and the
paste-a-record page at /. The app factory is `factory.create_app` (`wsgi.app` for a WSGI
server, `arbiter serve` on the command line); the pure core (`arbiter`) never imports from here,
nor from Flask.

Four packages, each attached to the app once by its own `register(app)` (in its `attach` module),
called from the app factory in this order: `storage` (kept rulings and rulebooks, the database,
the permalink pages), `serving` (request ids, the reader's language, the bounds, errors and
security headers), `api` (the JSON API and its document, each with its schemas) and `pages` (the
HTML pages). Beside them: `factory` (`create_app`, the configuration), `service` (the one call into
the core, which every package makes) and `wsgi`. A module imports another's public names only.
"""

SETTINGS_PREFIX = "ARBITER"
"""`ARBITER_<SETTING>` in the environment sets <SETTING>, the app's (`app.config.from_prefixed_env`)
and the server's (HOST, PORT, WORKERS, SERVER_*: arbiter_web.serving.server) alike."""

DEFAULT_MAX_CONTENT_LENGTH = 1024 * 1024
"""The largest request body accepted, in bytes (config MAX_CONTENT_LENGTH)."""

DEFAULT_MAX_GAMES = 1000
"""The most games one request may hold (config MAX_GAMES)."""
