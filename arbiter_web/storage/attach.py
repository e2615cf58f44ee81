"""How kept rulings and rulebooks are attached to the app (`register`, called once by the app
factory): the database, migrated at start-up, the kept house rulebooks in it, and the permalink
pages (/r/<id>)."""

from __future__ import annotations

from flask import Flask

from arbiter_web.storage import event_store, once, permalink, render_cache, rulebooks, stored
from arbiter_web.storage.store import Store


def register(app: Flask) -> Store:
    """The store of kept rulings (issue 17), which the rate limits' counts share; returned."""
    kept = stored.init_app(app)
    rulebooks.init_app(app, kept)  # kept house rulebooks (issue 29): the same database, the same quota
    event_store.init_app(app, kept)  # events on the service (issue 43): the same database, the same quota
    once.init_app(app, kept)  # one-time form tokens (issue 59): nothing made twice by one form
    render_cache.init_app(app, kept)  # pages rendered once (issue 60): the same database, the same quota
    app.register_blueprint(permalink.bp)
    return kept
