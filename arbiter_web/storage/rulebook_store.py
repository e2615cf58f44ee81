"""Kept house rulebooks (docs/house-rules.md): a club's rulebook behind a stable link, by digest.

A rulebook is kept under its digest, the digest of its content: keeping the same rules again
answers the one already kept, and a rulebook is never changed in place (a new version has a new
digest, so it is a new rulebook). Its own table, `house_rulebooks`, in the database of kept
rulings (arbiter_web/storage/store.py), with its own schema versions in `house_schema_version`, so the two
evolve apart. Rulebooks count toward the store's one quota of bytes (STORE_QUOTA, issue 26): a new
one takes its room in the rulings' store before it is inserted (`Store.take_room`, StoreFull when
full), and their bytes are one of the parts the store counts (`Store.count_toward_quota`).

The digest is the whole SHA-256 (64 hex digits); a rulebook is found by it or by a prefix of 12
digits or more that no other kept rulebook starts with (AmbiguousDigest otherwise), so the
twelve-digit digests of records written before still find theirs. Migration 2 gave the rulebooks
kept before their whole digests, from the canonical form each was kept with. A keep whose digest
is taken by other content is refused (DigestTaken), never answered with the other rulebook. A kept
rulebook's bases are read as a file's are, at most MAX_BASES deep, whether presets, files or
kept rulebooks.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from arbiter import house
from arbiter.house import Rulebook, RulebookError
from arbiter.house.rulebook import DIGEST_LENGTH, SHORT_DIGEST, AmbiguousDigest, BasesTooDeep
from arbiter.i18n import msg
from arbiter_web.storage.reading import reading
from arbiter_web.storage.store import Store, run_migrations

ADVISORY_LOCK = 0x686F7573  # any fixed number, not the rulings' own (store.ADVISORY_LOCK)
MAX_RULEBOOK = 64 * 1024  # bytes of TOML: a rulebook is a page of text
DIGEST = re.compile(rf"#?([0-9a-f]{{{SHORT_DIGEST},{DIGEST_LENGTH}}})")
FIRST_DIGEST_LENGTH = 12  # the digest column of migration 1

metadata = sa.MetaData()

schema_version = sa.Table(
    "house_schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("applied", sa.DateTime(timezone=True), nullable=False),
)


def _columns_v1() -> list[sa.Column]:
    return [
        sa.Column("digest", sa.String(FIRST_DIGEST_LENGTH), primary_key=True),
        sa.Column("name", sa.String(house.rulebook.MAX_NAME), nullable=False),
        sa.Column("version", sa.String(house.rulebook.MAX_VERSION), nullable=False),
        sa.Column("family", sa.String(100), nullable=False),
        sa.Column("source", sa.Text, nullable=False),  # the TOML as written
        sa.Column("canonical", sa.Text, nullable=False),  # what the digest is taken of
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    ]


def _columns() -> list[sa.Column]:
    """The columns today: migration 2 widened the digest to the whole SHA-256."""
    first, *rest = _columns_v1()
    return [sa.Column(first.name, sa.String(DIGEST_LENGTH), primary_key=True), *rest]


rulebooks = sa.Table("house_rulebooks", metadata, *_columns())


def _create_rulebooks(conn: Connection) -> None:
    sa.Table("house_rulebooks", sa.MetaData(), *_columns_v1()).create(conn)


def _whole_digests(conn: Connection) -> None:
    """The digest column holds 64 hex digits, and each rulebook kept before its whole digest, the
    SHA-256 of the canonical form it was kept with (whose first twelve digits it was kept under)."""
    if conn.dialect.name == "postgresql":  # SQLite does not hold a VARCHAR to its length
        conn.execute(sa.text(f"ALTER TABLE house_rulebooks ALTER COLUMN digest TYPE VARCHAR({DIGEST_LENGTH})"))
    rows = conn.execute(sa.select(rulebooks.c.digest, rulebooks.c.canonical)).all()
    for short, canonical in rows:
        whole = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
        conn.execute(sa.update(rulebooks).where(rulebooks.c.digest == short).values(digest=whole))


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_create_rulebooks, _whole_digests)
"""Migration N is MIGRATIONS[N - 1]. Append, never edit."""


class DigestTaken(RulebookError):
    """A rulebook whose digest is kept with other content: never answered with the other one."""

    def __init__(self, digest: str) -> None:
        super().__init__(
            msg(
                "another rulebook is kept under the digest #{digest}; this one is not kept: tell the service's "
                "operator",
                digest=digest,
            )
        )


class RulebookTooLarge(Exception):
    def __init__(self) -> None:
        super().__init__(msg("a rulebook is at most {limit:,} bytes", limit=MAX_RULEBOOK))


@dataclass(frozen=True, slots=True)
class Kept:
    """A rulebook kept, and whether this request kept it (False: it was kept already)."""

    book: Rulebook
    created: datetime
    new: bool


def digest_of(word: str) -> str | None:
    """The digest `word` names, whole or a prefix of 12 digits or more (`0c6343960519` or
    `#0c6343960519`), or None."""
    found = DIGEST.fullmatch(word.strip().lower())
    return found.group(1) if found else None


def _size(book: Rulebook) -> int:
    """The bytes a kept rulebook counts toward the quota: its text and its canonical form."""
    return len(book.source.encode("utf-8", "surrogatepass")) + len(book.canonical().encode("utf-8"))


def kept_bytes(conn: Connection) -> int:
    """Bytes of every kept rulebook, in the keeper's transaction (a part of the store's quota)."""
    total = sa.func.coalesce(sa.func.sum(sa.func.length(rulebooks.c.source) + sa.func.length(rulebooks.c.canonical)), 0)
    return int(conn.scalar(sa.select(total)) or 0)


class RulebookStore:
    def __init__(self, engine: Engine, room: Store | None = None) -> None:
        self.engine = engine
        self.room = room  # the store whose quota a new rulebook counts toward
        if room is not None:
            room.count_toward_quota(kept_bytes)

    def migrate(self) -> list[int]:
        """Apply the migrations of the rulebooks' table this database has not run."""
        return run_migrations(self.engine, schema_version, MIGRATIONS, ADVISORY_LOCK)

    def read(self, text: str) -> Rulebook:
        """A rulebook sent to be kept; its base may be a preset or a kept rulebook (`#digest`).
        Raises RulebookError, or RulebookTooLarge."""
        if len(text.encode("utf-8", "surrogatepass")) > MAX_RULEBOOK:
            raise RulebookTooLarge()
        return house.parse(text, "the rulebook", self._bases(1))

    def keep(self, book: Rulebook) -> Kept:
        """Keep `book` under its digest. Raises StoreFull when it would pass the store's quota
        (nothing kept is deleted to make room but what has expired), DigestTaken when its digest
        is kept with other content."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                sa.select(rulebooks.c.canonical).where(rulebooks.c.digest == book.digest)
            ).scalar_one_or_none()
        if taken is not None and taken != book.canonical():
            raise DigestTaken(book.digest)
        found = self._row(book.digest) if taken is not None else None
        if found is not None:
            return Kept(found[0], found[1], False)
        created = datetime.now(UTC)
        with self.engine.begin() as conn:
            if self.room is not None:
                self.room.take_room(conn, _size(book))
            conn.execute(
                sa.insert(rulebooks).values(
                    digest=book.digest,
                    name=book.name,
                    version=book.version,
                    family=book.family,
                    source=book.source,
                    canonical=book.canonical(),
                    created=created,
                )
            )
        return Kept(book, created, True)

    def get(self, digest: str) -> Rulebook | None:
        """The rulebook kept under `digest` (whole, or a prefix no other starts with), or None
        (`arbiter.house.RulebookSource`); AmbiguousDigest for a prefix of several."""
        found = self._row(digest)
        return found[0] if found else None

    def created(self, digest: str) -> datetime | None:
        found = self._row(digest)
        return found[1] if found else None

    def describe(self) -> str:
        return "none of the rulebooks kept on this service has that digest"

    def usage(self) -> tuple[int, int]:
        """How many rulebooks are kept, and the bytes of their text (for the storage quota)."""
        with self.engine.begin() as conn:
            row = conn.execute(
                sa.select(sa.func.count(), sa.func.coalesce(sa.func.sum(sa.func.length(rulebooks.c.source)), 0))
            ).first()
        return (int(row[0]), int(row[1])) if row else (0, 0)

    def _row(self, digest: str, depth: int = 0) -> tuple[Rulebook, datetime] | None:
        key = digest_of(digest)
        if key is None:
            return None
        with reading(self.engine) as conn:
            if len(key) == DIGEST_LENGTH:
                found = conn.execute(sa.select(rulebooks).where(rulebooks.c.digest == key)).mappings().all()
            else:
                starts = rulebooks.c.digest.startswith(key, autoescape=True)
                found = conn.execute(sa.select(rulebooks).where(starts).limit(2)).mappings().all()
        if len(found) > 1:
            raise AmbiguousDigest(key)
        if not found:
            return None
        row = found[0]
        try:
            book = house.parse(row["source"], f"kept rulebook #{key}", self._bases(depth + 1), depth)
        except BasesTooDeep:
            raise
        except RulebookError:  # an arbiter that no longer reads it: say it is not at hand
            return None
        if book.canonical() != row["canonical"]:
            return None  # today's arbiter reads other rules from it: never judge by rules it was not kept with
        created = row["created"] if row["created"].tzinfo else row["created"].replace(tzinfo=UTC)
        return book, created

    def _bases(self, depth: int) -> Callable[[str], Rulebook | None]:
        """The kept rulebooks a rulebook read `depth` bases deep may name as its base."""

        def find(base: str) -> Rulebook | None:
            found = self._row(base, depth) if digest_of(base) else None
            return found[0] if found else None

        return find


def summary(book: Rulebook) -> dict[str, object]:
    """The rulebook as the API answers it (without the links)."""
    ruleset = book.ruleset
    defaults = {spec.name: spec.default for spec in ruleset.options}
    return {
        "digest": book.digest,
        "name": book.name,
        "version": book.version,
        "family": book.family,
        "base": book.base,
        "description": book.description,
        "tag": book.tag(),
        "rules": [
            {"option": r.option, "value": r.value, "book": defaults[r.option], "note": r.note, "origin": r.origin}
            for r in book.rules
        ],
        "source": book.source,
        "canonical": json.loads(book.canonical()),
    }
