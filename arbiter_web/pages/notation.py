"""The notation on the site (GET /notation): docs/notation.md rendered to HTML with markdown-it-py,
each heading given the anchor a Markdown reader would give it (`## Positions` is `#positions`), so
the document's own links and the links from Notation findings land on their section."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, render_template, url_for
from markdown_it import MarkdownIt
from markupsafe import Markup

import arbiter_web
from arbiter.i18n import msg
from arbiter.rules.codes import NOTATION

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


FALLBACK_SECTION = "findings"
"""Where a Notation finding links when the section it cites has no heading of its own."""


def anchors() -> frozenset[str]:
    """The anchors of the document's headings (none without the document)."""
    if not DOCUMENT.is_file():
        return frozenset()
    return frozenset(re.findall(r'<h\d id="([^"]+)"', str(_rendered(DOCUMENT, DOCUMENT.stat().st_mtime))))


def section_url(code: str) -> str | None:
    """The link of a Notation finding's code to its section of /notation, or None for a code
    that is not the notation's (a rule set's own codes link to the rule reference)."""
    rule = NOTATION.get(code)
    found = re.match(r"Notation \(([^,]+),", rule.source) if rule else None
    if not found or not anchors():
        return None
    anchor = slug(found.group(1))
    return url_for("notation.notation", _anchor=anchor if anchor in anchors() else FALLBACK_SECTION)


def link_findings(ruling: Any) -> None:
    """Give the findings of a ruling view that cite the notation a link to their section."""
    for game in ruling.games:
        for view in game.findings:
            if view.rule_url is None:
                view.rule_url = section_url(view.finding.code)


@bp.get("/notation")
def notation() -> Any:
    if not DOCUMENT.is_file():
        abort(404, description=msg("The notation document (docs/notation.md) is not installed with this copy."))
    return render_template("notation.html", body=_rendered(DOCUMENT, DOCUMENT.stat().st_mtime))
