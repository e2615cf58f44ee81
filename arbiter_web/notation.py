"""The notation on the site (GET /notation): docs/notation.md rendered to HTML with markdown-it-py,
each heading given the anchor a Markdown reader would give it (`## Positions` is `#positions`), so
the document's own links and the links from Notation findings land on their section."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template
from markdown_it import MarkdownIt
from markupsafe import Markup

import arbiter_web

bp = Blueprint("notation", __name__)

DOCUMENT = Path(arbiter_web.__file__).resolve().parent.parent / "docs" / "notation.md"
"""The notation's one text: a checkout's docs/notation.md (a wheel without the docs answers 404)."""


def slug(title: str) -> str:
    """A heading's anchor as Markdown readers make it: lower case, spaces to hyphens, other
    punctuation dropped (`Rule-set families` is `rule-set-families`)."""
    words = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return words.replace(" ", "-")


@cache
def _rendered(path: Path, modified: float) -> Markup:
    """The document as HTML (kept until the file changes); the source is the project's own, and
    markdown-it leaves raw HTML out (html=False), so nothing in it can run."""
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = markdown.parse(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            anchor = slug(tokens[i + 1].content)
            seen[anchor] = seen.get(anchor, -1) + 1
            token.attrSet("id", anchor if not seen[anchor] else f"{anchor}-{seen[anchor]}")
        if token.type == "table_open":
            token.attrSet("class", "reference")
    return Markup(markdown.renderer.render(tokens, markdown.options, {}))  # markdown-it escapes the text


@bp.get("/notation")
def notation() -> Any:
    if not DOCUMENT.is_file():
        abort(404, description="The notation document (docs/notation.md) is not installed with this copy.")
    return render_template("notation.html", body=_rendered(DOCUMENT, DOCUMENT.stat().st_mtime))
