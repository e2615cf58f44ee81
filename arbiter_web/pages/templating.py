"""Template filters shared by the page and the API docs."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

_CODE = re.compile(r"`([^`]+)`")
_REFERENCE = re.compile(r'(?P<label>Project default )?\(docs/rules/(?P<family>[\w-]+)\.md, "[^"]*"\)')
"""A rule's source that names the file of the family's reference page (the project's defaults)."""


def inline_code(text: Any) -> Markup:
    """Escape `text`, then show its `backticked` words as code: findings, rule summaries and the
    API's descriptions quote notation the way Markdown does."""
    return Markup(_CODE.sub(r"<code>\1</code>", str(escape(text))))


def cited(text: Any, linked: bool = True) -> Markup:
    """A rule's source as a page says it: where it names the file of the family's reference page
    (docs/rules/<family>.md, a project default), the page by its name in the reader's language,
    linked to its section on the rule reference (`linked`) where the source is not in a link
    already. A page shows no file path."""
    from flask import url_for
    from flask_babel import gettext

    said, parts, last = str(text), [], 0
    for found in _REFERENCE.finditer(said):
        parts.append(escape(said[last : found.start()]))
        name = gettext("the family's reference page, where the rule books are silent or disagree")
        where = url_for("page.rules", name=found["family"], _anchor="silent-or-disagree")
        page = Markup('<a href="{}">{}</a>').format(where, name) if linked else escape(name)
        label = Markup("{} ").format(gettext("Project default")) if found["label"] else ""
        parts.append(Markup("{}({})").format(label, page))
        last = found.end()
    parts.append(escape(said[last:]))
    return Markup("").join(parts)


def init_app(app: Flask) -> None:
    # Block tags leave no blank lines behind: a round of a thousand games is a long page, and the
    # answer must stay a small multiple of the request (docs/api.md, "Limits a client can rely on").
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.add_template_filter(inline_code, "inline_code")
    app.add_template_filter(cited, "cited")
    app.add_template_global(ruleset_title, "ruleset_title")


def ruleset_title(name: str) -> str:
    """A rule set's title by its name (a word of the rule sets' data, said by the page)."""
    from arbiter import families

    return families.get(name).title
