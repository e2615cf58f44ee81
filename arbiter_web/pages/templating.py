"""Template filters shared by the page and the API docs."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

_CODE = re.compile(r"`([^`]+)`")


def inline_code(text: Any) -> Markup:
    """Escape `text`, then show its `backticked` words as code: findings, rule summaries and the
    API's descriptions quote notation the way Markdown does."""
    return Markup(_CODE.sub(r"<code>\1</code>", str(escape(text))))


def init_app(app: Flask) -> None:
    # Block tags leave no blank lines behind: a round of a thousand games is a long page, and the
    # answer must stay a small multiple of the request (docs/api.md, "Limits a client can rely on").
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.add_template_filter(inline_code, "inline_code")
    app.add_template_global(ruleset_title, "ruleset_title")


def ruleset_title(name: str) -> str:
    """A rule set's title by its name (a word of the rule sets' data, said by the page)."""
    from arbiter import families

    return families.get(name).title
