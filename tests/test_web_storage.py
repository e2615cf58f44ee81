"""Kept rulings on a real SQLite file and a real PostgreSQL server: keeping on request only, the
link surviving a restart, deletion with the token, size limit and expiry, migrations, concurrent
writers in several processes, and what the page says when today's arbiter rules differently."""

from __future__ import annotations

import base64
import hashlib
import json
import multiprocessing
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from web_support import EXAMPLE, SYNTAX_ERROR, TAGS, never_500  # noqa: F401 (a fixture)

import arbiter
from app import create_app
from arbiter_web.storage import store as store_module
from arbiter_web.storage.stored import EXTENSION

pytestmark = pytest.mark.usefixtures("never_500")
pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures

STORE = "/api/v1/rulings/stored"
VALID = TAGS  # tags and no hands: a valid game
WRITERS = 4
WRITES_EACH = 8


APPS: list[Any] = []


@pytest.fixture(autouse=True)
def _close_databases() -> Iterator[None]:
    """Each test's apps give their database connections back when it ends."""
    yield
    while APPS:
        APPS.pop().extensions[EXTENSION].engine.dispose()


def make_app(url: str, **config: Any) -> Any:
    app = create_app({"TESTING": True, "DATABASE_URL": url, **config})
    APPS.append(app)
    return app


def keep(client: Any, record: str = EXAMPLE, **body: Any) -> dict[str, Any]:
    response = client.post(STORE, json={"record": record, **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def kept_count(app: Any) -> int:
    return app.extensions[EXTENSION].count()


def rows(app: Any) -> list[dict[str, Any]]:
    with app.extensions[EXTENSION].engine.connect() as conn:
        return [dict(row) for row in conn.execute(sa.select(store_module.rulings)).mappings()]


def test_a_kept_ruling_reads_back_the_same_after_a_restart(database_url: str) -> None:
    first = make_app(database_url)
    answer = keep(first.test_client())
    expected = [game.to_dict() for game in arbiter.check(EXAMPLE)]
    assert answer["games"] == json.loads(json.dumps(expected))
    first.extensions[EXTENSION].engine.dispose()

    restarted = make_app(database_url).test_client()
    again = restarted.get(f"/api/v1/rulings/{answer['id']}")
    assert again.status_code == 200
    read = again.get_json()
    assert read["games"] == answer["games"]
    assert read["record"] == EXAMPLE
    assert read["today"]["same"] is True
    assert "deletion_token" not in read
    page = restarted.get(f"/r/{answer['id']}").get_data(as_text=True)
    assert expected[0]["findings"][0]["code"] in page
    assert "the ruling is the same" in page


def test_a_kept_ruling_steps_through_its_hands_and_gives_the_score_sheet(database_url: str) -> None:
    client = make_app(database_url).test_client()
    answer = keep(client)
    page = client.get(f"/r/{answer['id']}").get_data(as_text=True)
    assert 'class="replay"' in page and 'class="frame' in page  # the replay of each hand, as on the page
    assert "/static/pages/replay.js" in page


def test_nothing_is_kept_unless_asked(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    assert client.post("/api/v1/rulings", json={"record": EXAMPLE}).status_code == 200
    assert client.post("/", data={"record": EXAMPLE}).status_code == 200
    assert kept_count(app) == 0
    assert client.post("/r", data={"record": EXAMPLE}).status_code == 303
    assert kept_count(app) == 1


def test_the_kept_record_rule_set_options_and_version_are_stored(database_url: str) -> None:
    app = make_app(database_url)
    answer = keep(app.test_client(), VALID, rules="caliente", options={"always-frozen": True})
    (row,) = rows(app)
    assert bytes(row["record"]) == VALID.encode()
    assert row["rules"] == "caliente"
    assert json.loads(row["options"]) == {"always-frozen": True}
    assert row["arbiter_version"] == answer["arbiter_version"] != ""
    assert row["notation_version"] == arbiter.NOTATION_VERSION


def test_the_deletion_token_is_kept_only_as_a_hash(database_url: str) -> None:
    app = make_app(database_url)
    answer = keep(app.test_client())
    (row,) = rows(app)
    token = answer["deletion_token"]
    assert row["token_hash"] == hashlib.sha256(token.encode()).hexdigest()
    assert not any(token in str(value) for value in row.values())


def test_ids_are_long_random_and_distinct(database_url: str) -> None:
    client = make_app(database_url).test_client()
    ids = {keep(client, VALID)["id"] for _ in range(20)}
    assert len(ids) == 20
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", ruling_id) for ruling_id in ids)


def test_deleting_needs_the_deletion_token(database_url: str) -> None:
    client = make_app(database_url).test_client()
    answer = keep(client)
    address = f"/api/v1/rulings/{answer['id']}"
    assert client.delete(address).status_code == 422  # no token at all
    assert client.delete(address, headers={"Deletion-Token": "guess"}).status_code == 403
    assert client.get(address).status_code == 200
    assert client.delete(address, headers={"Deletion-Token": answer["deletion_token"]}).status_code == 204
    gone = client.get(address)
    assert gone.status_code == 404
    assert "expired or been deleted" in gone.get_json()["message"]
    assert client.get(f"/r/{answer['id']}").status_code == 404


def test_the_deletion_link_of_the_page_deletes(database_url: str) -> None:
    client = make_app(database_url).test_client()
    kept = client.post("/r", data={"record": EXAMPLE}, follow_redirects=True)
    html = kept.get_data(as_text=True)
    link = re.search(r'id="deletion-link" type="text" readonly value="http://localhost([^"]+)"', html).group(1)
    path, token = link.replace("&amp;", "&").split("?token=")
    confirm = client.get(link.replace("&amp;", "&"))
    assert confirm.status_code == 200 and token in confirm.get_data(as_text=True)
    assert client.post(path, data={"token": "wrong"}).status_code == 403
    assert client.post(path, data={"token": token}).status_code == 200
    assert client.get(path.removesuffix("/delete")).status_code == 404


def test_a_record_over_the_size_limit_is_not_kept(database_url: str) -> None:
    app = make_app(database_url, STORE_MAX_RECORD=len(VALID))
    client = app.test_client()
    keep(client, VALID)
    too_big = client.post(STORE, json={"record": VALID + "; one more comment\n"})
    assert too_big.status_code == 413
    assert "STORE_MAX_RECORD" in too_big.get_json()["message"]
    assert client.post("/r", data={"record": VALID + "; more\n"}).status_code == 413
    assert kept_count(app) == 1


def test_an_expired_ruling_is_gone_and_purged(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    answer = keep(client, keep_days=1)
    forever = keep(client)  # without a time: STORE_KEEP_DAYS (a year unless configured)
    assert answer["expires"] is not None and forever["expires"] > answer["expires"]
    assert client.get(f"/api/v1/rulings/{answer['id']}").status_code == 200
    kept = app.extensions[EXTENSION]
    with kept.engine.begin() as conn:  # a day passes
        conn.execute(
            sa.update(store_module.rulings)
            .where(store_module.rulings.c.id == answer["id"])
            .values(expires=sa.func.current_timestamp())
        )
    assert client.get(f"/api/v1/rulings/{answer['id']}").status_code == 404
    assert app.test_cli_runner().invoke(args=["purge-expired"]).output == "deleted 1 expired rulings\n"
    assert kept_count(app) == 1
    assert client.get(f"/api/v1/rulings/{forever['id']}").status_code == 200


def test_the_page_says_so_when_todays_arbiter_rules_differently(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    answer = keep(client, VALID)
    older = [dict(answer["games"][0], verdict="illegal", findings=[dict(_a_finding(), code="old-rule")])]
    with app.extensions[EXTENSION].engine.begin() as conn:  # as an older arbiter ruled
        conn.execute(
            sa.update(store_module.rulings)
            .where(store_module.rulings.c.id == answer["id"])
            .values(games=json.dumps(older), engine_version="0.0.9+older")
        )
    read = client.get(f"/api/v1/rulings/{answer['id']}").get_json()
    assert read["games"] == older
    assert read["today"]["same"] is False
    (change,) = read["today"]["changes"]
    assert change["stored"] == "illegal" and change["today"] == "valid"
    page = client.get(f"/r/{answer['id']}").get_data(as_text=True)
    assert "Today's arbiter rules differently" in page
    assert "the verdict is valid, not illegal" in page
    assert "old-rule" in page  # the stored ruling is what is shown


def test_a_ruling_kept_by_another_version_still_opens(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    answer = keep(client)
    game = answer["games"][0]
    finding = {key: value for key, value in game["findings"][0].items() if key not in ("hand", "turn", "table")}
    other = [dict(game, findings=[dict(finding, since="2.0")], hands=[dict(h, bonus=1) for h in game["hands"]])]
    with app.extensions[EXTENSION].engine.begin() as conn:  # fields one version lacks and another adds
        conn.execute(
            sa.update(store_module.rulings)
            .where(store_module.rulings.c.id == answer["id"])
            .values(games=json.dumps(other), arbiter_version="2.0.0")
        )
    page = client.get(f"/r/{answer['id']}")
    assert page.status_code == 200
    assert "by arbiter 2.0.0" in page.get_data(as_text=True)
    assert client.get(f"/api/v1/rulings/{answer['id']}").status_code == 200


def test_two_instances_on_one_database_share_the_links(database_url: str) -> None:
    first, second = make_app(database_url).test_client(), make_app(database_url).test_client()
    answer = keep(first)
    assert second.get(f"/r/{answer['id']}").status_code == 200
    deleted = second.delete(f"/api/v1/rulings/{answer['id']}", headers={"Deletion-Token": answer["deletion_token"]})
    assert deleted.status_code == 204
    assert first.get(f"/api/v1/rulings/{answer['id']}").status_code == 404


def _a_finding() -> dict[str, Any]:
    (game,) = arbiter.check(SYNTAX_ERROR)
    return game.findings[0].to_dict()


def test_migrations_run_at_start_up_once_and_by_command(database_url: str) -> None:
    idle = make_app(database_url, STORE_MIGRATE="no")
    assert idle.extensions[EXTENSION].version() == 0
    result = idle.test_cli_runner().invoke(args=["migrate"])
    assert result.exit_code == 0, result.output
    latest = len(store_module.MIGRATIONS)
    assert f"schema version {latest}" in result.output
    again = make_app(database_url)
    assert again.extensions[EXTENSION].version() == latest
    assert again.extensions[EXTENSION].migrate() == []
    assert "the schema is current" in again.test_cli_runner().invoke(args=["migrate"]).output


def test_the_default_database_is_a_file_in_the_instance_folder(tmp_path: Any) -> None:
    url = store_module.database_url(None, str(tmp_path / "instance"))
    assert url == f"sqlite:///{tmp_path / 'instance' / 'rulings.sqlite3'}"
    assert store_module.database_url("postgres://u@h/db", "x") == "postgresql+psycopg://u@h/db"


def _writer(url: str, number: int, queue: Any) -> None:
    client = make_app(url).test_client()
    ids = []
    for turn in range(WRITES_EACH):
        record = f"{TAGS}; writer {number}, ruling {turn}\n"
        response = client.post(STORE, json={"record": record})
        ids.append((response.status_code, response.get_json().get("id"), record))
    queue.put(ids)


def test_concurrent_writers_in_several_processes_lose_nothing(database_url: str) -> None:
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    workers = [context.Process(target=_writer, args=(database_url, n, queue)) for n in range(WRITERS)]
    for worker in workers:
        worker.start()
    written = [entry for _ in workers for entry in queue.get(timeout=180)]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    assert [status for status, _, _ in written] == [201] * WRITERS * WRITES_EACH
    app = make_app(database_url)
    assert kept_count(app) == WRITERS * WRITES_EACH
    client = app.test_client()
    for _, ruling_id, record in written:
        assert client.get(f"/api/v1/rulings/{ruling_id}").get_json()["record"] == record


def test_the_download_is_one_self_contained_file(database_url: str) -> None:
    client = make_app(database_url).test_client()
    answer = keep(client)
    download = client.get(f"/r/{answer['id']}/download")
    assert download.status_code == 200
    assert download.headers["Content-Disposition"] == f'attachment; filename="ruling-{answer["id"]}.html"'
    html = download.get_data(as_text=True)
    assert not re.search(r"<link|<script|<img|\bsrc=|url\(|@import", html)
    assert not re.search(r'href="(?!#)', html)  # links only within the file
    style = re.search(r"<style>(.*?)</style>", html, re.DOTALL).group(1)
    assert "@media print" in style
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in download.headers["Content-Security-Policy"]
    assert answer["games"][0]["findings"][0]["code"] in html


def test_the_checked_ruling_downloads_without_being_kept(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    download = client.post("/ruling.html", data={"record": EXAMPLE})
    assert download.status_code == 200
    assert download.headers["Content-Disposition"] == 'attachment; filename="ruling.html"'
    html = download.get_data(as_text=True)
    assert "It was not kept: this file is its only copy." in html
    assert not re.search(r"<link|<script|<img|\bsrc=|url\(|@import", html)
    assert next(arbiter.check(EXAMPLE)).findings[0].code in html
    assert kept_count(app) == 0
    assert client.post("/ruling.html", data={"record": ""}).status_code == 422


def test_bad_requests_to_keep_are_clear_errors(database_url: str) -> None:
    app = make_app(database_url)
    client = app.test_client()
    assert client.post(STORE, data="{", content_type="application/json").status_code == 400
    assert client.post(STORE, data="[" * 100_000, content_type="application/json").status_code == 400
    assert client.post(STORE, data=VALID, content_type="text/plain").status_code == 415
    assert client.post(STORE, json={"record": VALID, "keep_days": 0}).status_code == 422
    assert client.post(STORE, json={"record": VALID, "rules": "nosuch"}).status_code == 422
    assert client.post("/r", data={"record": VALID, "keep_days": "forever"}).status_code == 422
    assert client.post("/r", data={"record": " "}).status_code == 422
    assert client.get("/api/v1/rulings/" + "x" * 22).status_code == 404
    assert client.get("/r/" + "x" * 22).status_code == 404
    assert client.get("/api/v1/rulings/" + "x" * 5000).status_code == 404
    assert client.delete("/api/v1/rulings/short", headers={"Deletion-Token": "t"}).status_code == 404
    assert kept_count(app) == 0


def test_a_record_with_control_characters_and_broken_unicode_is_kept_as_sent(database_url: str) -> None:
    client = make_app(database_url).test_client()
    record = SYNTAX_ERROR + "\x00 \ud800 <script>\n"
    answer = keep(client, record)
    read = client.get(f"/api/v1/rulings/{answer['id']}").get_json()
    assert read["record"] == record.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    assert read["games"] == answer["games"] and read["today"]["same"]
    page = client.get(f"/r/{answer['id']}")
    assert page.status_code == 200 and "<script>" not in page.get_data(as_text=True)


def test_kept_pages_are_not_indexed_and_the_deletion_link_is_not_cached(database_url: str) -> None:
    client = make_app(database_url).test_client()
    answer = keep(client)
    shown = client.get(f"/r/{answer['id']}")
    assert shown.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert shown.headers["Cache-Control"] == "no-cache"
    confirm = client.get(f"/r/{answer['id']}/delete", query_string={"token": answer["deletion_token"]})
    assert confirm.headers["Cache-Control"] == "no-store"
    landed = client.post("/r", data={"record": VALID}, follow_redirects=True)
    assert landed.headers["Cache-Control"] == "no-store"  # the page with the deletion link


def test_the_openapi_document_describes_kept_rulings(database_url: str) -> None:
    document = make_app(database_url).test_client().get("/api/openapi.json").get_json()
    paths = document["paths"]
    assert set(paths["/api/v1/rulings/stored"]) == {"post"}
    assert {"get", "delete"} <= set(paths["/api/v1/rulings/{ruling_id}"])
    schemas = document["components"]["schemas"]
    assert {"StoredRuling", "Receipt", "StoreRequest", "Today", "Change"} <= set(schemas)
    assert "deletion_token" in schemas["Receipt"]["properties"]


DOCS = Path(__file__).parent.parent / "docs" / "storage.md"


def test_the_documented_request_keeps_a_ruling(database_url: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    body = json.loads(re.search(r"```json\n(.*?)\n```", text, re.DOTALL).group(1))
    client = make_app(database_url).test_client()
    answer = client.post(STORE, json=body)
    assert answer.status_code == 201
    undocumented = [key for key in answer.get_json() if f"`{key}`" not in text]
    assert not undocumented, f"fields of the answer missing from docs/storage.md: {undocumented}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _post_json(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())


@pytest.fixture
def gunicorn_url(database_url: str) -> Iterator[str]:
    """`make run`'s server: gunicorn with three workers (each migrates the fresh database at start-up)."""
    port = _free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    server = subprocess.Popen(
        [str(gunicorn), "--bind", f"127.0.0.1:{port}", "--workers", "3", "app:create_app()"],
        cwd=Path(__file__).parent.parent,
        env={**os.environ, "DATABASE_URL": database_url},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).close()
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_gunicorn_workers_writing_at_once_lose_nothing(gunicorn_url: str, database_url: str) -> None:
    records = [f"{TAGS}; table {n}\n" for n in range(30)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(lambda record: _post_json(gunicorn_url + STORE, {"record": record}), records))
    assert [status for status, _ in answers] == [201] * len(records)
    app = make_app(database_url)
    assert kept_count(app) == len(records)
    client = app.test_client()
    assert [client.get(f"/api/v1/rulings/{body['id']}").get_json()["record"] for _, body in answers] == records
