"""The paste-a-record page (GET and POST /) and the rule references (/rules/<name>).

Plain HTML forms and server-side rendering: it works without JavaScript, and the page carries none.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from marshmallow import ValidationError

import arbiter
from arbiter import families as rulesets
from arbiter.archive.inputs import BINARY_SNIFF, sniff
from arbiter.house import RulebookError
from arbiter.i18n import msg
from arbiter.judging.checker import DEFAULT_RULES, on_a_form
from arbiter.notation.comment_languages import in_language
from arbiter.positions.situation import Situation
from arbiter.positions.situation import default_seats as editor_defaults
from arbiter_web import service
from arbiter_web.pages import family_words, files, notation, present, table_view
from arbiter_web.pages.schemas import PageFormSchema
from arbiter_web.serving import lang, page_size
from arbiter_web.storage import rulebook_store, rulebooks

bp = Blueprint("page", __name__)

EXAMPLE_FILE = "example.txt"
"""The Caliente example (`/?example=1` or `/?example=caliente`); each other family's is
`example-<family>.acn` beside it, a copy of one of the project's illegal samples."""

ASSUME_FIELD = "assume"
"""The button a ruling asks with, for a record without a `[Rules]` tag whose shape fits another
family better: the record is checked again under that family (the form's rule set)."""

PAGE_BUDGET = arbiter.FindingBudget(total=200, per_game=10)
"""Findings the page shows: a game's first 10, at most 200 in all; the rest are counted (the JSON
API lists more, up to its own budget). A page stays a small multiple of the record it shows."""


def sentence(text: object) -> str:
    """The core's message (an exception's, say) as a sentence of the page, in its language."""
    said = lang.said(text) if isinstance(text, BaseException) else text
    words = str(lang.say(on_a_form(said))).strip()  # a page has choices, not a command line's flags
    words = words[:1].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else words + "."


def blank_form(record: str = "", house: str | None = None) -> dict[str, Any]:
    return {"record": record, "rules": None, "options": {}, "fields": {}, "house": house}


def _rule_url(ruleset: str, code: str) -> str:
    return url_for("page.rules", name=ruleset, _anchor=f"rule-{code}")


def render_page(
    form: dict[str, Any] | None = None,
    ruling: present.RulingView | None = None,
    error: str | None = None,
    hint: str | None = None,
) -> str:
    """The page: the form (filled in with `form`), and the ruling or the error if there is one."""
    form = form or blank_form()
    return render_template(
        "index.html",
        form=form,
        house=_kept_rulebook(form.get("house")),
        ruling=ruling,
        error=error,
        hint=hint,
        rulesets=[rulesets.get(name) for name in rulesets.names()],
        default_rules=rulesets.get(DEFAULT_RULES),
        card_kind=present.card_kind,
        card_title=present.card_title,
    )


def render_ruling(
    text: str,
    games: list[arbiter.GameRuling],
    form: dict[str, Any] | None = None,
    replays: table_view.PageReplays | None = None,
) -> str:
    """The page showing the ruling on `games`, read from the record `text` (also for tests that
    build rulings by hand), within the bound on its size (page_size), with the replays of the
    frames `replays` kept while the games were judged (`judge`)."""
    filled = form or blank_form(text)

    def render(budget: int) -> tuple[str, int]:
        ruling = present.ruling_view(text, games, _rule_url)
        notation.link_findings(ruling)
        table_view.attach(ruling, text, games, replays, budget)
        family_words.annotate(ruling)
        return render_page(filled, ruling), table_view.frames_shown(ruling)

    return page_size.bounded(render, request.content_length or len(text.encode()))


def example(family: str) -> str:
    """A family's example record (the Caliente one for any other word), its comments in the
    reader's language (arbiter.notation.comment_languages: each explanation is written in all four)."""
    name = f"example-{family}.acn" if family in rulesets.names() else EXAMPLE_FILE
    path = files.STATIC / name
    text = path.read_text(encoding="utf-8") if path.is_file() else (path.parent / EXAMPLE_FILE).read_text("utf-8")
    return in_language(text, lang.current())


def skeleton(family: str) -> str:
    """A record to start from: the family's usual table as a position, every line to fill in."""
    seats, teams = editor_defaults(family)
    situation = Situation(rules=family, seats=seats, teams=teams, turn=seats[1 % len(seats)])
    situation.note = SKELETON_NOTE
    return situation.record()


SKELETON_NOTE = """Put each player's cards after their name (hold ann 4 4 9 9 K Q), a side's melds on
a line of its own (table SIDE [7 7 7] [J J 2]), the pile bottom card first (pile 8 Q 2 9),
then write the disputed turn below, as: PLAYER: take 9 with [9 9], discard 4"""


def _kept_rulebook(digest: str | None) -> Any:
    """The kept rulebook the form judges by, or None (also for a prefix of several)."""
    try:
        return rulebooks.shelf().get(digest) if digest else None
    except RulebookError:
        return None


@bp.get("/")
def index() -> Any:
    """The page; `?house=<digest>` judges by that kept rulebook (the link its page gives)."""
    record = ""
    if request.args.get("example"):
        record = example(request.args["example"])
    elif request.args.get("skeleton") in rulesets.names():
        record = skeleton(request.args["skeleton"])
    digest = rulebook_store.digest_of(request.args.get("house", ""))
    if request.args.get("house") and (digest is None or _kept_rulebook(digest) is None):
        problem = msg("No rulebook is kept under that link: check the link, or keep the rulebook first.")
        return render_page(blank_form(record), error=problem), 404
    return render_page(blank_form(record, digest))


@bp.post("/")
def submit() -> Any:
    if request.content_length is None:  # browsers always say how long a form is
        abort(411, description=msg("Send the form with its length (Content-Length)."))
    try:
        form = PageFormSchema().load(request.form)
    except ValidationError:
        return render_page(error=msg("The form was not filled in as expected; please try again.")), 422
    if request.form.get(ASSUME_FIELD) in rulesets.names():  # "Check it as Samba", the ruling's question
        form["rules"] = request.form[ASSUME_FIELD]
    upload = request.files.get("upload")
    data = upload.read() if upload is not None and upload.filename else b""
    problem = sniff(data[:BINARY_SNIFF]) if data else None
    if problem:  # what the command line says of the same file (arbiter.archive.inputs.sniff)
        said = msg("The file {name} {problem}.", name=upload.filename if upload else "", problem=problem)
        return render_page(form, error=said), 422
    source: str | bytes = data or form["record"]
    text = data.decode("utf-8", "replace") if data else form["record"]
    form["record"] = text
    if not text.strip():
        return render_page(form, error=msg("Paste a record in the box, or choose a file, then press Check.")), 422
    try:
        games, replays = judge(source, form["rules"], form["options"], form["house"])
    except arbiter.UsageError as problem:
        hint = msg("Change the rule set or the options chosen below, or fix the record, and check again.")
        return render_page(form, error=sentence(problem), hint=hint), 422
    except service.TooManyGames as problem:
        return render_page(form, error=sentence(problem)), 413
    return render_ruling(text, games, form, replays)


def judge(
    source: str | bytes, rules: str | None, options: dict[str, Any], house: str | None
) -> tuple[list[arbiter.GameRuling], table_view.PageReplays]:
    """The page's rulings on a record, read and judged once, with the frames its replays may show."""
    replays = table_view.PageReplays(page_size.most_frames())
    games = service.rule(source, service.asked(rules, options, house), listed=PAGE_BUDGET, replays=replays)
    return games, replays


@bp.get("/rules")
def rules_index() -> Any:
    return render_template(
        "rulesets.html", rulesets=[rulesets.get(name) for name in rulesets.names()], planned=rulesets.PLANNED.values()
    )


@bp.get("/rules/<string:name>")
def rules(name: str) -> Any:
    try:
        ruleset = rulesets.get(name)
    except arbiter.UsageError as problem:
        abort(404, description=lang.said(problem))
    return render_template("rules.html", ruleset=ruleset)
