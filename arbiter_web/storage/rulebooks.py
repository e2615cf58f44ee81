"""House rulebooks in the web app: the kept rulebooks on the app, and the rulebook a request
judges by (docs/house-rules.md)."""

from __future__ import annotations

import os

import click
from flask import Flask, current_app

import arbiter
from arbiter.house import Rulebook
from arbiter_web.storage.rulebook_store import RulebookStore, digest_of
from arbiter_web.storage.store import Store

EXTENSION = "arbiter_web.storage.rulebooks"


def shelf() -> RulebookStore:
    return current_app.extensions[EXTENSION]


def chosen(digest: str | None) -> Rulebook | None:
    """The kept rulebook a request names to judge by, or None when it names none. An unknown
    digest is a UsageError (a 422): the request is never judged by the defaults instead."""
    if not digest:
        return None
    book = shelf().get(digest)
    if book is None:
        raise arbiter.UsageError(
            f"no rulebook is kept under #{digest_of(digest) or digest}: keep it first (POST /api/v1/rulebooks, "
            "or the form at /h)"
        )
    return book


def judged_by(game: arbiter.GameRuling) -> Rulebook | None:
    """The kept rulebook a game was judged by, where it was judged by one and it is kept here."""
    if not game.house or EXTENSION not in current_app.extensions:
        return None
    return shelf().get(game.house["digest"])


def init_app(app: Flask, room: Store) -> RulebookStore:
    """The kept rulebooks, in the database of kept rulings (`room`, whose quota they count toward),
    migrated at start-up as the rulings are (STORE_MIGRATE)."""
    kept = RulebookStore(room.engine, room)
    app.extensions[EXTENSION] = kept
    wanted = app.config.get("STORE_MIGRATE", os.environ.get("STORE_MIGRATE", "").strip() or "yes")
    if str(wanted).lower() not in ("0", "no", "false", "off"):
        kept.migrate()

    @app.cli.command("migrate-rulebooks")
    def migrate_command() -> None:
        """Bring the table of kept house rulebooks to the current schema."""
        applied = kept.migrate()
        click.echo(f"applied migrations {', '.join(map(str, applied))}" if applied else "the schema is current")

    return kept
