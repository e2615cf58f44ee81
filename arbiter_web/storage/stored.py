"""Keeping rulings in the web app: the store on the app, judging and keeping in one call, and
comparing a stored ruling with what today's arbiter rules (issue 17).

Configuration, from `config` or else the environment (docs/api.md, "Stored rulings"):
    DATABASE_URL       where rulings are kept (default: SQLite, instance/rulings.sqlite3)
    STORE_MAX_RECORD   the largest record kept, in bytes (default 256 KiB); larger is a 413
    STORE_MIGRATE      migrate the database at start-up (default yes; `flask --app app migrate` by hand)
    STORE_QUOTA        bytes kept at most, every kind of kept thing together (default 1 GiB); past it a 507
    STORE_KEEP_DAYS    days a ruling kept without a time is kept (default 365; 0: until deleted)
    STORE_BUSY_WAIT    seconds a request waits for a busy store before a 503 (default 5)

A kept ruling is judged again only by an engine other than the one that made it (`engine_version`,
a fingerprint of the core's code), in a lane as a request of the record's size would be, and that
judgement is kept, so opening a ruling costs a read.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed
from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app

import arbiter
from arbiter import Adjustment, Finding, GameRuling, HandResult, Severity
from arbiter.i18n import Text, joined, msg
from arbiter.notation import NotationError
from arbiter.notation.actions import Action
from arbiter.rulings.views import TableView
from arbiter_web import service
from arbiter_web.serving import lanes
from arbiter_web.storage.store import (
    DEFAULT_BUSY_WAIT,
    DEFAULT_KEEP_DAYS,
    DEFAULT_MAX_RECORD,
    DEFAULT_QUOTA,
    Receipt,
    Store,
    StoredRuling,
    database_url,
    make_engine,
)

EXTENSION = "arbiter_web.storage.store"


def arbiter_version() -> str:
    try:
        return installed("canasta-arbiter")  # the distribution; the import is arbiter
    except PackageNotFoundError:  # run from a source tree
        return "0+unknown"


@functools.cache
def engine_version() -> str:
    """The arbiter's version and a fingerprint of the core's code (its modules and grammar): any
    change to how records are judged changes it, whether or not the version number moved."""
    core = Path(arbiter.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(p for p in core.rglob("*") if p.suffix in (".py", ".lark")):
        digest.update(path.relative_to(core).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{arbiter_version()}+{digest.hexdigest()[:16]}"


def store() -> Store:
    return current_app.extensions[EXTENSION]


def keep(
    source: bytes, rules: str | None, options: Mapping[str, Any], games: list[GameRuling], keep_days: int | None
) -> Receipt:
    """Keep a ruling already made on `source`. Raises store.RecordTooLarge."""
    versions = (arbiter_version(), arbiter.NOTATION_VERSION)
    return store().save(source, rules, options, [g.to_dict() for g in games], versions, keep_days, engine_version())


# --- a stored ruling, read back ----------------------------------------------------------------


def _known(kind: type, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `data` that `kind` has: a ruling kept by an older or newer arbiter may carry
    a field this one does not know, or lack one it added since (those have defaults)."""
    names = {f.name for f in dataclasses.fields(kind)}
    return {key: value for key, value in data.items() if key in names}


def _action(text: str) -> str:
    """An alternative kept as text, read once as the typed `Action` it was (the text as it is if
    a newer or older notation wrote it otherwise)."""
    try:
        steps = Action.read(text)
    except NotationError:
        return text
    return steps[0] if len(steps) == 1 else text


def finding_from_dict(data: Mapping[str, Any]) -> Finding:
    fields = _known(Finding, data)
    fields["severity"] = Severity(fields["severity"])
    fields["alternatives"] = tuple(_action(text) for text in fields.get("alternatives") or ())
    if isinstance(fields.get("table"), Mapping):  # the typed view of the table kept as JSON
        fields["table"] = TableView.from_dict(fields["table"])
    if isinstance(fields.get("adjustment"), Mapping):  # a remedy's effect is data the score sheet reads
        fields["adjustment"] = Adjustment(**_known(Adjustment, fields["adjustment"]))
    return Finding(**fields)


def ruling_from_dict(data: Mapping[str, Any]) -> GameRuling:
    """A game object of the API (`GameRuling.to_dict()`) back as a GameRuling."""
    return GameRuling(
        index=data["index"],
        line=data["line"],
        rules=data.get("rules"),
        options=dict(data.get("options") or {}),
        findings=[finding_from_dict(f) for f in data.get("findings", [])],
        hands=[HandResult(**_known(HandResult, h)) for h in data.get("hands", [])],
        totals=dict(data.get("totals") or {}),
        winner=data.get("winner"),
        malformed=data.get("verdict") == "malformed",
        house=data.get("house"),
    )


@dataclass(frozen=True, slots=True)
class Change:
    """How today's ruling on one game differs from the stored one."""

    game: int
    stored: str
    today: str
    what: str  # a Text: said in the reader's language


@dataclass(frozen=True, slots=True)
class Recheck:
    """Today's arbiter on a stored record: its games, how they differ, or why it cannot judge."""

    games: list[dict[str, Any]]
    changes: list[Change]
    problem: Text | None = None

    @property
    def same(self) -> bool:
        return self.problem is None and not self.changes


def _differences(stored: Mapping[str, Any] | None, today: Mapping[str, Any] | None) -> str:
    if stored is None:
        return msg("today's arbiter reads a game here that was not there")
    if today is None:
        return msg("today's arbiter does not read this game")
    parts = []
    if stored["verdict"] != today["verdict"]:
        parts.append(msg("the verdict is {today}, not {kept}", today=today["verdict"], kept=stored["verdict"]))
    codes = [f["code"] for f in stored["findings"]], [f["code"] for f in today["findings"]]
    if codes[0] != codes[1]:
        parts.append(msg("the findings are {today}, not {kept}", today=_codes(codes[1]), kept=_codes(codes[0])))
    if stored["totals"] != today["totals"] or stored["winner"] != today["winner"]:
        parts.append(msg("the scores or the winner differ"))
    if not parts:
        return msg("the findings' details differ")
    return joined(parts, "; ")


def _codes(codes: list[str]) -> str | Text:
    return ", ".join(codes) or msg("none")


def unchanged(games: list[GameRuling]) -> Recheck:
    """The recheck of a ruling kept a moment ago: today's ruling is the one just made."""
    return Recheck(as_stored(games), [])


def as_stored(games: list[GameRuling]) -> list[dict[str, Any]]:
    """The game objects as a kept ruling holds them (JSON's lists, not tuples), in English."""
    return json.loads(json.dumps([game.to_dict() for game in games]))


def kept_house(kept: StoredRuling) -> str | None:
    """The digest of the house rulebook a kept ruling's games were judged by, if any."""
    return next((game["house"]["digest"] for game in kept.games if game.get("house")), None)


def said_kept(kept: StoredRuling, today: list[GameRuling] | None) -> list[GameRuling] | None:
    """Today's games, when they are the kept ruling word for word: the kept JSON holds the English
    words only, and today's sentences can be said in any language. None when they differ (or
    today's arbiter cannot judge the record: `today` is None), and the kept words stand."""
    return today if today is not None and as_stored(today) == kept.games else None


def recheck(kept: StoredRuling, judged: list[GameRuling] | None = None) -> Recheck:
    """Today's arbiter on the stored record, with the stored rule set, options and house rulebook
    (the one its games name), compared with the stored ruling: judged again only if today's engine
    is not the one that made it, and then once (the judgement is kept beside the ruling).
    `judged`: today's games on it, where the caller has them (then not judged again)."""
    current = engine_version()
    if kept.engine_version == current:
        return Recheck(kept.games, [])
    if kept.today_version == current and kept.today_games is not None:
        return compare(kept, kept.today_games)
    try:
        if judged is None:
            lanes.enter_for_size(len(kept.record))  # judged as a request of the record's size would be
            judged = service.rule(kept.record, service.asked(kept.rules, kept.options, kept_house(kept)))
        today = as_stored(judged)
    except (arbiter.UsageError, service.TooManyGames) as problem:
        why = problem.args[0] if problem.args and isinstance(problem.args[0], Text) else str(problem)
        return Recheck([], [], msg("today's arbiter cannot judge this record as it was asked: {why}", why=why))
    store().keep_today(kept.id, current, today)
    return compare(kept, today)


def compare(kept: StoredRuling, today: list[dict[str, Any]]) -> Recheck:
    """How `today`'s game objects differ from the kept ones, game by game."""
    changes = []
    for number in range(max(len(today), len(kept.games))):
        before = kept.games[number] if number < len(kept.games) else None
        now = today[number] if number < len(today) else None
        if before != now:
            changes.append(
                Change(
                    number + 1,
                    before["verdict"] if before else "absent",
                    now["verdict"] if now else "absent",
                    _differences(before, now),
                )
            )
    return Recheck(today, changes)


# --- the app -----------------------------------------------------------------------------------


def _setting(app: Flask, name: str, default: Any) -> Any:
    if name in app.config:
        return app.config[name]
    raw = os.environ.get(name, "").strip()
    return raw or default


def _whole(app: Flask, name: str, default: int) -> int:
    try:
        value = int(str(_setting(app, name, default)).replace("_", ""))
    except ValueError:
        raise SystemExit(f"{name} must be a whole number") from None
    if value < 0:
        raise SystemExit(f"{name} must not be negative")
    return value


def init_app(app: Flask) -> Store:
    url = database_url(_setting(app, "DATABASE_URL", None), app.instance_path)
    try:
        max_record = int(str(_setting(app, "STORE_MAX_RECORD", DEFAULT_MAX_RECORD)).replace("_", ""))
    except ValueError:
        raise SystemExit("STORE_MAX_RECORD must be a whole number of bytes") from None
    try:
        busy_wait = float(_setting(app, "STORE_BUSY_WAIT", DEFAULT_BUSY_WAIT))
    except ValueError:
        raise SystemExit("STORE_BUSY_WAIT must be a number of seconds") from None
    kept = Store(
        make_engine(url, busy_wait),
        max_record,
        quota=_whole(app, "STORE_QUOTA", DEFAULT_QUOTA),
        keep_days=_whole(app, "STORE_KEEP_DAYS", DEFAULT_KEEP_DAYS),
    )
    app.extensions[EXTENSION] = kept
    app.context_processor(lambda: {"store_keep_days": kept.keep_days})  # the page's default choice
    if str(_setting(app, "STORE_MIGRATE", "yes")).lower() not in ("0", "no", "false", "off"):
        kept.migrate()

    @app.cli.command("migrate")
    def migrate_command() -> None:
        """Bring the database of stored rulings to the current schema."""
        applied = kept.migrate()
        click.echo(f"applied migrations {', '.join(map(str, applied))}" if applied else "the schema is current")
        click.echo(f"schema version {kept.version()}")

    @app.cli.command("purge-expired")
    def purge_command() -> None:
        """Delete the stored rulings whose time is up."""
        click.echo(f"deleted {kept.purge_expired()} expired rulings")

    return kept
