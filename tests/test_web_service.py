"""What an operator expects of a public service: request ids, access logs, rate limits, a time
limit per request, a strict Content-Security-Policy on every page, and user input never echoed
as markup."""

from __future__ import annotations

import io
import json
import logging
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from web_support import SYNTAX_ERROR, TAGS, never_500  # noqa: F401 (a fixture, used by pytestmark)

from app import create_app
from arbiter_web.serving import security
from arbiter_web.serving.access import LOGGER, REQUEST_ID_HEADER

pytestmark = pytest.mark.usefixtures("never_500")

RULINGS = "/api/v1/rulings"
TWO_GAMES = TAGS + "\nhand 1 dealer dee\nann draw 8\n\n" + TAGS + "\nhand 1 dealer dee\nbob draw 9\n"


@pytest.fixture(scope="module")
def shared_app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(shared_app: Any) -> Any:
    return shared_app.test_client()


def _post_text(client: Any, record: str, **kwargs: Any) -> Any:
    return client.post(RULINGS, data=record.encode(), content_type="text/plain", **kwargs)


# --- request ids and the access log ------------------------------------------------------------


def test_every_answer_carries_a_request_id_and_error_bodies_repeat_it(client: Any) -> None:
    ok = client.get("/healthz")
    missing = client.get("/api/v1/rulesets/nope")
    page_error = client.get("/rules/nope")
    ids = [r.headers[REQUEST_ID_HEADER] for r in (ok, missing, page_error)]
    assert len(set(ids)) == 3 and all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids)
    assert missing.get_json()["request_id"] == ids[1]
    assert ids[2] in page_error.get_data(as_text=True)


def test_a_clients_own_request_id_is_kept_and_a_hostile_one_replaced(client: Any) -> None:
    kept = client.get("/healthz", headers={REQUEST_ID_HEADER: "lb-7f3a.42"})
    assert kept.headers[REQUEST_ID_HEADER] == "lb-7f3a.42"
    for hostile in ("<script>", "a" * 65, "x y", "id\u00e9"):
        answer = client.get("/healthz", headers={REQUEST_ID_HEADER: hostile})
        assert re.fullmatch(r"[0-9a-f]{32}", answer.headers[REQUEST_ID_HEADER])


def test_each_request_writes_one_json_access_line(client: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    answers = [_post_text(client, SYNTAX_ERROR), client.get("/nope"), client.post("/", data={"record": TAGS})]
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == LOGGER]
    assert len(lines) == 3
    for line, answer in zip(lines, answers, strict=True):
        assert {"time", "method", "path", "status", "duration_ms", "size", "request_id"} <= set(line)
        assert line["request_id"] == answer.headers[REQUEST_ID_HEADER]
        assert line["status"] == answer.status_code
        assert line["size"] == len(answer.data)
        assert line["duration_ms"] >= 0
    assert [(x["method"], x["path"]) for x in lines] == [("POST", RULINGS), ("GET", "/nope"), ("POST", "/")]


# --- rate limits ---------------------------------------------------------------------------------


def test_rate_limits_are_off_by_default(client: Any) -> None:
    assert all(_post_text(client, TAGS).status_code == 200 for _ in range(12))


def _limited_app(tmp_path: Path, **config: Any) -> Any:
    """An app with its own database, where the rate limiter keeps its counts."""
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'counts.db'}", **config})


def test_a_client_over_the_rate_limit_gets_429_with_retry_after(tmp_path: Path) -> None:
    client = _limited_app(tmp_path, RATE_LIMIT="3 per minute").test_client()
    assert [_post_text(client, TAGS).status_code for _ in range(3)] == [200, 200, 200]
    limited = _post_text(client, TAGS)
    assert limited.status_code == 429
    assert int(limited.headers["Retry-After"]) > 0
    body = limited.get_json()
    assert body["code"] == 429 and "3 per 1 minute" in body["message"]
    assert body["request_id"] == limited.headers[REQUEST_ID_HEADER]
    page = client.post("/", data={"record": TAGS})
    assert page.status_code == 429 and page.mimetype == "text/html" and "Retry-After" in page.headers
    assert client.get("/api/v1/rulesets").status_code == 200  # reading is not limited
    assert client.get("/").status_code == 200


def test_the_rate_limit_counts_each_client_apart(tmp_path: Path) -> None:
    client = _limited_app(tmp_path, RATE_LIMIT="1 per minute").test_client()
    first = {"REMOTE_ADDR": "192.0.2.1"}
    second = {"REMOTE_ADDR": "192.0.2.2"}
    assert _post_text(client, TAGS, environ_base=first).status_code == 200
    assert _post_text(client, TAGS, environ_base=first).status_code == 429
    assert _post_text(client, TAGS, environ_base=second).status_code == 200


def test_two_apps_on_one_database_share_one_count_per_client(tmp_path: Path) -> None:
    """As two workers do: the counts are in the database they share, not in either process."""
    first, second = (_limited_app(tmp_path, RATE_LIMIT="2 per minute").test_client() for _ in range(2))
    assert [_post_text(client, TAGS).status_code for client in (first, second, first, second)] == [200, 200, 429, 429]


def test_opening_kept_rulings_is_counted_when_read_rate_limit_is_set(tmp_path: Path) -> None:
    client = _limited_app(tmp_path, READ_RATE_LIMIT="2 per minute").test_client()
    kept = client.post("/api/v1/rulings/stored", json={"record": TAGS}).get_json()
    opened = [client.get(f"/api/v1/rulings/{kept['id']}").status_code for _ in range(3)]
    assert opened == [200, 200, 429]
    assert client.get(f"/r/{kept['id']}").status_code == 200  # the page is counted apart
    assert all(client.get("/api/v1/rulesets").status_code == 200 for _ in range(3))  # not a kept ruling
    assert _post_text(client, TAGS).status_code == 200  # RATE_LIMIT is off


# --- the time limit per request ------------------------------------------------------------------


def test_a_request_over_its_time_limit_is_a_503_with_retry_after() -> None:
    client = create_app({"TESTING": True, "REQUEST_TIME_LIMIT": 1e-9}).test_client()
    slow = _post_text(client, TWO_GAMES)
    assert slow.status_code == 503
    assert "REQUEST_TIME_LIMIT" in slow.get_json()["message"]
    assert int(slow.headers["Retry-After"]) > 0
    page = client.post("/", data={"record": TWO_GAMES})
    assert page.status_code == 503 and "REQUEST_TIME_LIMIT" in page.get_data(as_text=True)


def test_within_the_time_limit_the_ruling_is_given(client: Any) -> None:
    assert _post_text(client, TWO_GAMES).status_code == 200


# --- the Content-Security-Policy, page by page ------------------------------------------------------

SAMPLE_ARGUMENTS = {"name": "caliente", "filename": "arbiter.css"}


def _get_pages(app: Any) -> list[str]:
    """Every GET route of the app, with sample arguments (an unknown argument gets a value the
    route must answer as an error page, which carries the headers all the same)."""
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()):
            continue
        values = {name: SAMPLE_ARGUMENTS.get(name, "1") for name in rule.arguments}
        urls.append(rule.build(values, append_unknown=False)[1])
    return sorted(set(urls))


class _Markup(HTMLParser):
    """What a page would run: script elements, event handler attributes, javascript: URLs and
    inline styles."""

    def __init__(self) -> None:
        super().__init__()
        self.inline_scripts: list[str] = []
        self.scripts: list[str] = []
        self.handlers: list[str] = []
        self.inline_styles: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            if named.get("src"):
                self.scripts.append(str(named["src"]))
            else:
                self._in_script = True
                self.inline_scripts.append("")
        if tag == "style":
            self.inline_styles.append("<style>")
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"{tag} {name}")
            if name == "style":
                self.inline_styles.append(f"{tag} style")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.handlers.append(f"{tag} {name}={value}")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = self._in_script and tag != "script"


def _assert_strict(response: Any) -> None:
    assert response.headers["Content-Security-Policy"] == security.CONTENT_SECURITY_POLICY
    csp = dict(part.strip().split(" ", 1) for part in security.CONTENT_SECURITY_POLICY.split(";"))
    assert csp["script-src"] == "'self'" and csp["default-src"] == "'none'"
    assert "unsafe" not in security.CONTENT_SECURITY_POLICY
    if response.mimetype == "text/html":
        markup = _Markup()
        markup.feed(response.get_data(as_text=True))
        assert markup.inline_scripts == [] and markup.handlers == [] and markup.inline_styles == []
        assert all(src.startswith("/static/") for src in markup.scripts), markup.scripts


def test_every_page_has_the_strict_policy_and_nothing_inline() -> None:
    app = create_app({"TESTING": True})
    client = app.test_client()
    pages = _get_pages(app)
    assert {"/", "/rules", "/rules/caliente", "/api/docs"} <= set(pages)
    for url in pages:
        _assert_strict(client.get(url))
    for response in (
        client.post("/", data={"record": TWO_GAMES}),
        client.post("/", data={"record": ""}),
        client.get("/no/such/page"),
        client.get("/?example=1"),
    ):
        _assert_strict(response)


# --- user input is never markup -------------------------------------------------------------------

HOSTILE = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "</textarea><script>alert(2)</script>",
    "javascript:alert(3)",
)


def _hostile_record(payload: str) -> str:
    return (
        f'[Event "{payload.replace(chr(34), "")}"]\n'
        f'[Seats "ann bob {payload.replace(chr(34), "")} dee"]\n'
        f'[Teams "ann+cid bob+dee"]\n'
        "\nhand 1 dealer dee\n"
        f"{payload}: draw 8, discard 8\n"  # a player's name
        f"ann: draw 8, discard 8 ; {payload}\n"  # a comment
        f"bob: draw 9 {{{payload.replace('}', '')}}}\n"  # a brace comment
        f"[{payload}]\n"  # a broken tag
    )


@pytest.mark.parametrize("payload", HOSTILE)
def test_hostile_names_tags_comments_and_file_names_are_shown_as_text(client: Any, payload: str) -> None:
    record = _hostile_record(payload)
    pasted = client.post("/", data={"record": record})
    uploaded = client.post(
        "/",
        data={"upload": (io.BytesIO(record.encode()), f"{payload}.acn")},
        content_type="multipart/form-data",
    )
    missing = client.get(f"/rules/{payload}")
    for response in (pasted, uploaded, missing):
        page = response.get_data(as_text=True)
        markup = _Markup()
        markup.feed(page)
        assert markup.inline_scripts == [] and markup.handlers == [], payload
        own = page.replace('<script src="/static/pages/replay.js" defer></script>', "")  # the site's one script file
        assert "<script" not in own and "<img" not in page and "<svg" not in page
    assert "&lt;" in pasted.get_data(as_text=True) or "<" not in payload
    api = _post_text(client, record)
    assert api.mimetype == "application/json" and api.headers["X-Content-Type-Options"] == "nosniff"
