"""Issue 46: house rulebooks bounded, and a digest that names exactly one rulebook.

Against the real `arbiter serve` on 127.0.0.1 (its SQLite file): nested TOML is a 422, not a
RecursionError; kept rulebooks count toward the limit on bases as files do; a keep whose digest is
kept with other content is refused. On a real SQLite file and a real PostgreSQL server: a short
digest names a rulebook only where no other starts with it, and the rulebooks kept before digests
were whole keep their twelve-digit names. On the command line: nested TOML is a usage error.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from service_support import Served, serving

from app import create_app
from arbiter import house
from arbiter.house.rulebook import MAX_BASES
from arbiter_web.storage import rulebook_store
from arbiter_web.storage.rulebooks import EXTENSION

pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures

SAMPLES = Path(__file__).parent.parent / "samples"
MAPLE = (SAMPLES / "maple-club.rules.toml").read_text(encoding="utf-8")
TEXT = {"Content-Type": "text/plain; charset=utf-8"}
NESTED = 'name = "Deep"\nversion = 1\nfamily = "hoyle"\ndescription = ' + "[" * 900 + "]" * 900 + "\n"
ASKING = (SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn").read_text(encoding="utf-8")


def _book(name: str, base: str | None = None) -> str:
    based = f'base = "{base}"\n' if base else ""
    return f'name = "{name}"\nversion = 1\nfamily = "hoyle"\n{based}'


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("rulebooks")) as server:
        yield server


def _keep(served: Served, text: str) -> tuple[int, dict[str, Any]]:
    status, _, raw = served.request("POST", "/api/v1/rulebooks", text.encode(), TEXT)
    return status, json.loads(raw)


# --- nesting ------------------------------------------------------------------------------------


def test_nested_toml_is_refused_by_the_api_and_the_form_not_a_server_error(served: Served) -> None:
    assert len(NESTED) < 2_000
    status, answer = _keep(served, NESTED)
    assert status == 422, answer
    assert "nest" in answer["message"]
    form = "rulebook=" + NESTED.replace("[", "%5B").replace("]", "%5D").replace("\n", "%0A").replace(" ", "+")
    status, _, page = served.request("POST", "/h", form.encode(), {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 422
    assert "nest" in page.decode()


def test_nested_toml_on_the_command_line_is_a_usage_error_without_a_traceback(tmp_path: Path) -> None:
    book = tmp_path / "deep.rules.toml"
    book.write_text(NESTED, encoding="utf-8")
    arbiter = Path(sys.executable).parent / "arbiter"
    done = subprocess.run([str(arbiter), "rules", "--house", str(book)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) < 10
    assert "nest" in done.stderr


def test_strings_and_comments_holding_brackets_do_not_count_as_nesting() -> None:
    text = (
        _book("Brackets")
        + 'description = "[[[[[[[[[[[[[[[[[[[[ \\" ]]]"  # [[[[[[[[[[[[[[[[[[[[\n'
        + "[rules.draw]\nvalue = 2\nnote = '''[[[[[[[[[[[[[[[[[[[[[[[[ a note'''\n"
    )
    assert house.parse(text).name == "Brackets"  # more brackets than MAX_NESTING, none of them nesting


# --- bases --------------------------------------------------------------------------------------


def test_a_chain_of_kept_rulebooks_is_refused_past_the_limit_on_bases(served: Served) -> None:
    status, answer = _keep(served, _book("Chain 0"))
    assert status == 201, answer
    for link in range(1, MAX_BASES + 2):
        status, answer = _keep(served, _book(f"Chain {link}", "#" + answer["digest"]))
        if status != 201:
            break
    assert (link, status) == (MAX_BASES + 1, 422), answer
    assert f"at most {MAX_BASES} deep" in answer["message"]


# --- digests ------------------------------------------------------------------------------------


def _plant(url: str, digest: str, text: str) -> None:
    """A row kept under `digest` holding `text`'s rulebook: what a digest collision would leave."""
    planted = house.parse(text)
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(
                sa.insert(rulebook_store.rulebooks).values(
                    digest=digest,
                    name=planted.name,
                    version=planted.version,
                    family=planted.family,
                    source=text,
                    canonical=planted.canonical(),
                    created=datetime.now(UTC),
                )
            )
    finally:
        engine.dispose()


def test_a_keep_whose_digest_is_kept_with_other_content_is_refused_not_answered_with_the_other(
    served: Served,
) -> None:
    mine, theirs = _book("Mine"), _book("Theirs")
    _plant(f"sqlite:///{served.log.parent / 'rulings.db'}", house.parse(mine).digest, theirs)
    status, answer = _keep(served, mine)
    assert status == 422, answer
    assert "another rulebook is kept under the digest" in answer["message"]


APPS: list[Any] = []


@pytest.fixture
def client(database_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})
    yield app.test_client()
    app.extensions[EXTENSION].engine.dispose()


def _keep_on(client: Any, text: str) -> Any:
    return client.post("/api/v1/rulebooks", data=text.encode("utf-8"), content_type="text/plain; charset=utf-8")


def test_a_short_digest_names_a_rulebook_only_where_no_other_starts_with_it(client: Any, database_url: str) -> None:
    maple = house.parse(MAPLE)
    assert _keep_on(client, MAPLE).status_code == 201
    assert client.get(f"/api/v1/rulebooks/{maple.short}").get_json()["digest"] == maple.digest
    _plant(database_url, maple.short + "f" * 52, _book("Lookalike"))  # another rulebook starting alike
    ambiguous = client.get(f"/api/v1/rulebooks/{maple.short}")
    assert ambiguous.status_code == 404 and "names more than one rulebook" in ambiguous.get_json()["message"]
    assert client.get(f"/api/v1/rulebooks/{maple.digest}").get_json()["name"] == "Maple Club"
    tagged = ASKING.replace('[Rules "hand-and-foot"]', f'[Rules "hand-and-foot"]\n[House "Maple, #{maple.short}"]')
    ruling = client.post("/api/v1/rulings", data=tagged.encode(), content_type="text/plain").get_json()
    finding = ruling["games"][0]["findings"][0]
    assert finding["code"] == "house-rules-missing" and "names more than one rulebook" in finding["message"]


def test_rulebooks_kept_with_twelve_digit_digests_keep_their_names_after_the_migration(database_url: str) -> None:
    engine = sa.create_engine(database_url)
    maple = house.parse(MAPLE)
    try:
        rulebook_store.run_migrations(
            engine, rulebook_store.schema_version, rulebook_store.MIGRATIONS[:1], rulebook_store.ADVISORY_LOCK
        )
        old = sa.Table("house_rulebooks", sa.MetaData(), *rulebook_store._columns_v1())
        with engine.begin() as conn:
            row = {"name": maple.name, "version": maple.version, "family": maple.family, "source": MAPLE}
            conn.execute(
                sa.insert(old).values(digest=maple.short, canonical=maple.canonical(), created=datetime.now(UTC), **row)
            )
    finally:
        engine.dispose()
    app = create_app({"TESTING": True, "DATABASE_URL": database_url})  # migrates to whole digests
    try:
        client = app.test_client()
        assert client.get(f"/api/v1/rulebooks/{maple.short}").get_json()["digest"] == maple.digest
        tagged = ASKING.replace(
            '[Rules "hand-and-foot"]', f'[Rules "hand-and-foot"]\n[House "Maple Club, version 3, #{maple.short}"]'
        )
        ruling = client.post("/api/v1/rulings", data=tagged.encode(), content_type="text/plain").get_json()
        assert ruling["games"][0]["house"]["digest"] == maple.digest
        assert ruling["games"][0]["verdict"] == "valid"
    finally:
        app.extensions[EXTENSION].engine.dispose()
