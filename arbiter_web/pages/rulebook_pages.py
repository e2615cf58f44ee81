"""The pages of house rulebooks (docs/house-rules.md): a form to keep one (GET and POST /h), its
readable page behind a stable link (/h/<digest>), and its text (/h/<digest>.rules.toml).

A rulebook is kept under its digest, so its link names exactly those rules and never shows other
ones: a new version is a new rulebook with a new link. Plain forms, no JavaScript.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from arbiter import families as rulesets
from arbiter.house import Rulebook, RulebookError
from arbiter.i18n import msg
from arbiter_web.serving import lang
from arbiter_web.storage import rulebooks
from arbiter_web.storage.rulebook_store import RulebookTooLarge
from arbiter_web.storage.store import StoreFull

bp = Blueprint("rulebook_pages", __name__)

EXAMPLE = """name = "Maple Club"
version = 3
family = "hand-and-foot"
description = "Hand & Foot as the Maple Club plays it."

[rules.pile-take]
value = 7
note = "A take picks up the top seven cards of the pile, never more."
"""


def render_form(text: str = "", error: str | None = None) -> str:
    return render_template(
        "rulebook_form.html",
        text=text,
        error=error,
        example=EXAMPLE,
        rulesets=[rulesets.get(name) for name in rulesets.names()],
    )


@bp.get("/h")
def form() -> Any:
    return render_form(EXAMPLE if request.args.get("example") else "")


@bp.post("/h")
def keep() -> Any:
    if request.content_length is None:  # browsers always say how long a form is
        abort(411, description=msg("Send the form with its length (Content-Length)."))
    text = request.form.get("rulebook", "")
    if not text.strip():
        return render_form(text, msg("Write the rulebook in the box (or load the example), then press Keep.")), 422
    try:
        kept = rulebooks.shelf().keep(rulebooks.shelf().read(text))
    except RulebookError as problem:
        return render_form(text, sentence(problem)), 422
    except RulebookTooLarge as problem:
        return render_form(text, sentence(problem)), 413
    except StoreFull as problem:
        return render_form(text, sentence(problem)), 507
    return redirect(url_for("rulebook_pages.show", digest=kept.book.digest, kept="new" if kept.new else "again"), 303)


def _book(digest: str) -> Rulebook:
    try:
        book = rulebooks.shelf().get(digest)
    except RulebookError as problem:  # a prefix of several digests
        abort(404, description=lang.said(problem))
    if book is None:
        abort(404, description=msg("No rulebook is kept under that link."))
    return book


@bp.get("/h/<string:digest>")
def show(digest: str) -> Any:
    book = _book(digest)
    defaults = {spec.name: spec.default for spec in book.ruleset.options}
    return render_template(
        "rulebook.html",
        book=book,
        defaults=defaults,
        created=rulebooks.shelf().created(book.digest),
        kept=request.args.get("kept"),
    )


@bp.get("/h/<string:digest>.rules.toml")
def text(digest: str) -> Any:
    book = _book(digest)
    name = f"{book.digest}.rules.toml"
    return (
        book.source,
        200,
        {"Content-Type": "text/plain; charset=utf-8", "Content-Disposition": f"inline; filename={name}"},
    )


def sentence(problem: object) -> str:
    said = lang.said(problem) if isinstance(problem, BaseException) else problem
    words = str(lang.say(said)).strip()
    words = words[:1].upper() + words[1:]
    return words if words.endswith(".") else words + "."
