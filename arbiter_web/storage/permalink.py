"""The pages of kept rulings: keep one from the page's form (POST /r), show it (/r/<id>),
download it as one self-contained HTML file, and delete it with its deletion link.

Thin views over `stored`; nothing is kept unless the "Check and keep a link" button is pressed.
"""

from __future__ import annotations

import base64
import hashlib
import pickle
import zlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from markupsafe import Markup
from marshmallow import ValidationError

import arbiter
from arbiter.i18n import DEFAULT_LANGUAGE, msg
from arbiter_web import service
from arbiter_web.pages import page, present, table_view
from arbiter_web.pages.schemas import PageFormSchema
from arbiter_web.serving import lanes, lang, page_size
from arbiter_web.storage import once, receipts, render_cache, stored
from arbiter_web.storage.store import MAX_KEEP_DAYS, Receipt, RecordTooLarge, StoreFull

bp = Blueprint("permalink", __name__, template_folder="templates")  # the kept rulings' pages and file

KEEP_CHOICES = {"": None, "7": 7, "30": 30, "365": 365}
"""The page's choices of how long to keep a ruling (days; blank: the store's default, STORE_KEEP_DAYS)."""
CSS_FILE = "arbiter.css"
RULING = "/r/<string:ruling_id>"
DELETION_TOKEN = 32
"""Letters of a deletion token made from a form's token: as many as the store's own (24 bytes)."""
NOT_INDEXED = {"X-Robots-Tag": "noindex, nofollow"}  # a kept ruling is for whoever was sent its link


def _rule_url(ruleset: str, code: str) -> str:
    return url_for("page.rules", name=ruleset, _anchor=f"rule-{code}")


def _view(
    kept: stored.StoredRuling, replays: table_view.PageReplays | None, budget: int, rule_url: Any = _rule_url
) -> present.RulingView:
    """The kept ruling as the page shows it, with the score sheet and the replay of its hands
    (at most `budget` frames of those `replays` kept), its words in the reader's language."""
    games = said_games(kept, replays)
    view = present.ruling_view(kept.text, games, rule_url)
    table_view.attach(view, kept.text, games, replays, budget)
    return view


def judged_again(kept: stored.StoredRuling) -> table_view.PageReplays | None:
    """The frames a kept ruling's page may show, from today's arbiter reading and judging its
    record once, as it was asked (None: it cannot be judged so today, which the page says); today's
    games are kept with them (`PageReplays.games`). Judged once per engine: what it gives is kept
    beside the ruling (`Store.keep_view`) and read back at the next opening, in any language; the
    judging takes a lane as a request of the record's size would."""
    engine = stored.engine_version()
    known = stored.store().view(kept.id, engine)
    if known is not None:
        return _unpacked(known)
    lanes.enter_for_size(len(kept.record))
    replays: table_view.PageReplays | None = table_view.PageReplays(page_size.most_frames())
    try:
        asked = service.asked(kept.rules, kept.options, stored.kept_house(kept))
        replays.games = service.rule(kept.text, asked, replays=replays)  # type: ignore[union-attr]
    except (arbiter.UsageError, service.TooManyGames):
        replays = None
    stored.store().keep_view(kept.id, engine, zlib.compress(pickle.dumps(replays)))
    return replays


def _unpacked(data: bytes) -> table_view.PageReplays | None:
    """What `judged_again` kept. Pickled: it is the service's own writing, in its own database."""
    return pickle.loads(zlib.decompress(data))


def said_games(kept: stored.StoredRuling, replays: table_view.PageReplays | None) -> list[arbiter.GameRuling]:
    """The kept games, to be said in the reader's language. The kept JSON holds the English words
    only, so in another language today's ruling (judged once for the replay) is shown when it is
    the kept one word for word (its sentences can then be said in any language); otherwise, the
    kept ruling as it is, its findings in English."""
    kept_games = [stored.ruling_from_dict(g) for g in kept.games]
    if lang.current() == DEFAULT_LANGUAGE or replays is None:
        return kept_games
    return stored.said_kept(kept, replays.games) or kept_games


def _kept(ruling_id: str) -> stored.StoredRuling:
    kept = stored.store().get(ruling_id)
    if kept is None:
        abort(404, description=msg("No ruling is kept under that link. It may have expired or been deleted."))
    return kept


def render_kept(
    kept: stored.StoredRuling, receipt: Any = None, again: stored.Recheck | None = None, shown_already: bool = False
) -> str:
    """The kept ruling's page, within the bound on its size for the record kept (page_size)."""
    replays = judged_again(kept)
    recheck = again or stored.recheck(kept, replays.games if replays is not None else None)

    def render(budget: int) -> tuple[str, int]:
        view = _view(kept, replays, budget)
        html = render_template(
            "stored.html",
            kept=kept,
            receipt=receipt,
            shown_already=shown_already,
            view=view,
            recheck=recheck,
            version=stored.arbiter_version(),
            card_kind=present.card_kind,
            card_title=present.card_title,
        )
        return html, table_view.frames_shown(view)

    return page_size.bounded(render, len(kept.record))


def _keep_days(raw: str | None) -> int | None:
    if (raw or "") not in KEEP_CHOICES:
        try:
            days = int(raw or "")
        except ValueError:
            days = 0
        if not 1 <= days <= MAX_KEEP_DAYS:
            abort(
                422, description=msg("Keep a ruling for 1 to {days} days, or until it is deleted.", days=MAX_KEEP_DAYS)
            )
        return days
    return KEEP_CHOICES[raw or ""]


def _judged_form() -> tuple[dict[str, Any], bytes, list[arbiter.GameRuling]] | tuple[str, int]:
    """The page's form, judged as / judges it: (form, the record's bytes, the rulings), or the
    page with the problem and its status."""
    try:
        form = PageFormSchema().load(request.form)
    except ValidationError:
        return page.render_page(error=msg("The form was not filled in as expected; please try again.")), 422
    upload = request.files.get("upload")
    data = upload.read() if upload is not None and upload.filename else b""
    source = data or form["record"].encode("utf-8", "surrogatepass")
    form["record"] = source.decode("utf-8", "replace")
    if not form["record"].strip():
        return page.render_page(form, error=msg("Paste a record in the box, or choose a file, then press Check.")), 422
    try:
        return form, source, service.rule(source, service.asked(form["rules"], form["options"], form["house"]))
    except arbiter.UsageError as problem:
        return page.render_page(form, error=page.sentence(problem)), 422
    except service.TooManyGames as problem:
        return page.render_page(form, error=page.sentence(problem)), 413


@bp.post("/r")
def keep() -> Any:
    """The page's form, sent with "Check and keep a link": judge as / does, keep the ruling, then
    go (303) to its page, which shows the link and, on this device, the deletion link (receipts).
    The same form sent twice (its one-time token) keeps one ruling and lands on the same page."""
    days = _keep_days(request.form.get("keep_days"))
    judged = _judged_form()
    if len(judged) == 2:
        return judged
    form, source, games = judged
    token = once.token_of(request.form.get("once"))
    deletion = once.derived("deletion", token, DELETION_TOKEN)
    earlier = once.claims_of_app().claim("ruling", token, "")
    if earlier:
        return receipts.handed(redirect(earlier, 303), receipts.ruling_of(earlier), deletion)
    if earlier == "":  # the same form, still being kept: the ruling as / gives it
        return page.render_page(form, error=msg("This ruling is being kept; reload the page in a moment.")), 409
    try:
        receipt = stored.keep(source, form["rules"], form["options"], games, days)
    except (RecordTooLarge, StoreFull) as problem:
        once.claims_of_app().release("ruling", token)
        return page.render_page(form, error=page.sentence(problem)), 413 if isinstance(problem, RecordTooLarge) else 507
    receipts.rekey(stored.store().engine, receipt.id, deletion)
    target = url_for("permalink.show", ruling_id=receipt.id, kept="new")
    once.claims_of_app().settle("ruling", token, target)
    return receipts.handed(redirect(target, 303), receipt.id, deletion)


@bp.post("/ruling.html")
def download_checked() -> Any:
    """The page's form, sent with "Download the ruling": the ruling as one HTML file, kept nowhere."""
    judged = _judged_form()
    if len(judged) == 2:
        return judged
    form, _, games = judged
    view = present.ruling_view(form["record"], games, None)
    return _file_response(_file_html(view, None), "ruling.html")


def _versions() -> tuple[str, str]:
    """What a kept page was rendered by: the arbiter (its templates) and the engine (its rulings)."""
    return stored.arbiter_version(), stored.engine_version()


def _only_the_language() -> Any:
    """A kept ruling's page takes no query but its language: any other is a redirect to the page
    without it, so the page kept is the one every reader of that language gets."""
    if any(name != lang.PARAMETER for name in request.args):
        chosen = request.args.get(lang.PARAMETER)
        return redirect(
            url_for(
                request.endpoint or "permalink.show",
                **request.view_args or {},
                **({lang.PARAMETER: chosen} if chosen else {}),
            ),
            303,
        )
    return None


@bp.get(RULING)
def show(ruling_id: str) -> Any:
    """A kept ruling's page, rendered once per version and language (render_cache) and shown from
    what was kept; no-cache, so a browser asks again and a newer arbiter's page shows at once. On
    the device that kept it, for an hour, with its receipt (the deletion link); just kept
    (`kept=new`) elsewhere, saying the deletion link was shown once: those two are never kept."""
    kept = _kept(ruling_id)
    token = receipts.held()
    if token and receipts.is_deletion_token(stored.store().engine, kept.id, token):
        receipt = Receipt(kept.id, token, kept.expires)
        page = _rendered_in_a_lane(kept, lambda ruling: render_kept(ruling, receipt))
        return page, 200, NOT_INDEXED | {"Cache-Control": "no-store"}
    if request.args.get("kept") == "new":
        page = _rendered_in_a_lane(kept, lambda ruling: render_kept(ruling, shown_already=True))
        return page, 200, NOT_INDEXED | {"Cache-Control": "no-cache"}
    elsewhere = _only_the_language()
    if elsewhere is not None:
        return elsewhere
    page_html = render_cache.rendered(kept.id, "page", _versions(), lambda: _rendered_in_a_lane(kept, render_kept))
    return page_html, 200, NOT_INDEXED | {"Cache-Control": "no-cache"}


def _rendered_in_a_lane(kept: stored.StoredRuling, render: Any) -> str:
    """Render a kept ruling's page, in a lane as judging a record of its size would (the work is
    of that size: the page is rendered as many times as its bound asks)."""
    lanes.enter_for_size(len(kept.record))
    return str(render(kept))


def _inline_css() -> str:
    return (Path(current_app.static_folder or ".") / CSS_FILE).read_text(encoding="utf-8")


@bp.get(RULING + "/download")
def download(ruling_id: str) -> Any:
    """The kept ruling as one HTML file, rendered once per version and language, as its page is."""
    elsewhere = _only_the_language()
    if elsewhere is not None:
        return elsewhere
    kept = _kept(ruling_id)
    file_html = render_cache.rendered(kept.id, "file", _versions(), lambda: _rendered_in_a_lane(kept, _file_of))
    return _file_response(file_html, f"ruling-{kept.id}.html")


def _file_of(kept: stored.StoredRuling) -> str:
    replays = judged_again(kept)

    def render(budget: int) -> tuple[str, int]:
        view = _view(kept, replays, budget, rule_url=None)
        return _file_html(view, kept), table_view.frames_shown(view)

    return page_size.bounded(render, len(kept.record))


def _file_html(view: present.RulingView, kept: stored.StoredRuling | None) -> str:
    """The ruling as one HTML file: the style inline (allowed by its hash), no script, no links
    that load anything."""
    return render_template(
        "ruling_file.html",
        kept=kept,
        view=view,
        css=Markup(_inline_css()),
        link=url_for("permalink.show", ruling_id=kept.id, _external=True) if kept else None,
        judged=datetime.now(UTC),
        version=stored.arbiter_version(),
        notation_version=arbiter.NOTATION_VERSION,
        card_kind=present.card_kind,
        card_title=present.card_title,
    )


def _file_response(html: str, filename: str) -> Any:
    css = _inline_css()
    digest = base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii")
    headers = {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": f'attachment; filename="{filename}"',
        "Content-Security-Policy": f"default-src 'none'; style-src 'sha256-{digest}'; base-uri 'none'",
        "Cache-Control": "no-store",
        **NOT_INDEXED,
    }
    return html, 200, headers


@bp.get(RULING + "/delete")
def confirm_delete(ruling_id: str) -> Any:
    _kept(ruling_id)
    page_with_token = render_template(
        "stored_delete.html", ruling_id=ruling_id, token=request.args.get("token", "")[:200]
    )
    return page_with_token, 200, NOT_INDEXED | {"Cache-Control": "no-store"}


@bp.post(RULING + "/delete")
def delete(ruling_id: str) -> Any:
    _kept(ruling_id)
    if not stored.store().delete(ruling_id, request.form.get("token", "")[:200]):
        abort(403, description=msg("That is not this ruling's deletion token."))
    return render_template("stored_delete.html", ruling_id=ruling_id, deleted=True)
