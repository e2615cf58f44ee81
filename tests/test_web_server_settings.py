"""The server's own settings and answers (arbiter_web.serving.server), without starting it; the real
server meets the attacks in tests/test_web_attacks.py."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from arbiter_cli.serve import serve
from arbiter_web.serving import security
from arbiter_web.serving.server import ServerSettings, error_answer


def test_settings_come_from_server_variables_and_the_body_bound_follows_max_content_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SERVER_THREADS", "4")
    monkeypatch.setenv("SERVER_READ_TIMEOUT", "12.5")
    monkeypatch.setenv("MAX_CONTENT_LENGTH", "2_000_000")
    settings = ServerSettings.from_environment()
    assert (settings.threads, settings.read_timeout) == (4, 12.5)
    assert settings.max_body_bytes == 2_000_000 + 64 * 1024
    assert settings.adjustments().threads == 4


def test_the_arbiter_names_are_read_in_flasks_way_over_the_plain_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_THREADS", "4")
    monkeypatch.setenv("ARBITER_SERVER_THREADS", "6")  # read as JSON, as Flask reads ARBITER_MAX_GAMES
    monkeypatch.setenv("ARBITER_SERVER_IDLE_TIMEOUT", "2.5")
    monkeypatch.setenv("MAX_CONTENT_LENGTH", "2_000_000")
    monkeypatch.setenv("ARBITER_MAX_CONTENT_LENGTH", "3000000")
    settings = ServerSettings.from_environment()
    assert (settings.threads, settings.idle_timeout) == (6, 2.5)
    assert settings.max_body_bytes == 3_000_000 + 64 * 1024


def test_a_prefixed_setting_that_is_not_a_number_is_named_as_it_was_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_SERVER_READ_TIMEOUT", "true")
    with pytest.raises(SystemExit, match="ARBITER_SERVER_READ_TIMEOUT must be a number, not True"):
        ServerSettings.from_environment()


def test_arbiter_serve_names_a_bad_port_or_worker_count_of_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_PORT", "eighty")
    said = CliRunner().invoke(serve, [])
    assert said.exit_code == 2 and "ARBITER_PORT: 'eighty' is not a valid integer" in said.output
    monkeypatch.setenv("ARBITER_PORT", "0")
    monkeypatch.setenv("ARBITER_WORKERS", "0")
    said = CliRunner().invoke(serve, [])
    assert said.exit_code == 2 and "ARBITER_WORKERS: 0 is not in the range x>=1" in said.output


def test_a_setting_that_is_not_a_number_stops_the_worker_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_CONNECTIONS", "many")
    with pytest.raises(SystemExit, match="SERVER_CONNECTIONS must be a number"):
        ServerSettings.from_environment()


def test_a_refusal_of_the_server_is_json_for_the_api_and_a_page_elsewhere() -> None:
    headers, body = error_answer(431, "too <big>", "/api/v1/rulings")
    named = dict(headers)
    assert named["Content-Type"] == "application/json"
    assert json.loads(body) == {"code": 431, "status": "Request Header Fields Too Large", "message": "too <big>",
                                "request_id": named["X-Request-Id"]}  # fmt: skip
    assert all(named[name] == value for name, value in security.HEADERS.items())
    headers, page = error_answer(400, "not <http>", "")
    assert dict(headers)["Content-Type"].startswith("text/html") and b"not &lt;http&gt;" in page
    assert dict(error_answer(400, "x", "", "application/json")[0])["Content-Type"] == "application/json"
