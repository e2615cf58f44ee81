"""How the HTML pages are attached to the app (`register`, called once by the app factory): the
ruling page (/), the situation editor, the score pad, the notation, the rulebook pages and the events, and
what their templates share."""

from __future__ import annotations

from typing import Any

from flask import Flask

import arbiter
from arbiter_web.pages import editor, event_published, events, files, notation, pad, page, rulebook_pages, templating

BLUEPRINTS = (page.bp, editor.bp, pad.bp, notation.bp, rulebook_pages.bp, events.bp, event_published.bp, files.bp)
"""The pages' blueprints; the last, `files`, holds their templates and static files."""


def register(app: Flask) -> None:
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    templating.init_app(app)
    app.context_processor(versions)


def versions() -> dict[str, Any]:
    """What every page says of the notation it reads."""
    return {"notation_version": arbiter.NOTATION_VERSION}
