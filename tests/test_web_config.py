"""The service's settings from the environment in Flask's way (`ARBITER_<SETTING>`, read by
`app.config.from_prefixed_env`), beside the plain names it has always read (docs/api.md,
"Configuration")."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import TAGS

from arbiter_web.factory import create_app

GAME = TAGS + "hand 1 dealer dee\n"  # a game with a hand: a tag after it starts the next game


def test_a_prefixed_setting_bounds_the_requests(monkeypatch: Any) -> None:
    monkeypatch.setenv("ARBITER_MAX_GAMES", "2")
    client = create_app({"TESTING": True}).test_client()
    assert len(client.post("/api/v1/rulings", data=GAME * 2, content_type="text/plain").get_json()["games"]) == 2
    assert client.post("/api/v1/rulings", data=GAME * 3, content_type="text/plain").status_code == 413


def test_the_plain_names_still_work_and_the_prefixed_one_wins(monkeypatch: Any) -> None:
    monkeypatch.setenv("MAX_GAMES", "3")
    monkeypatch.setenv("LARGE_WAIT", "4")
    assert create_app({"TESTING": True}).config["MAX_GAMES"] == 3
    monkeypatch.setenv("ARBITER_MAX_GAMES", "5")
    app = create_app({"TESTING": True})
    assert (app.config["MAX_GAMES"], app.config["LARGE_WAIT"]) == (5, 4.0)


def test_a_value_in_code_wins_over_the_environment(monkeypatch: Any) -> None:
    monkeypatch.setenv("ARBITER_MAX_GAMES", "5")
    assert create_app({"TESTING": True, "MAX_GAMES": 7}).config["MAX_GAMES"] == 7


def test_each_prefixed_setting_has_its_settings_type(monkeypatch: Any) -> None:
    monkeypatch.setenv("ARBITER_MAX_CONTENT_LENGTH", "2_048")
    monkeypatch.setenv("ARBITER_REQUEST_TIME_LIMIT", "2.5")
    monkeypatch.setenv("ARBITER_RATE_LIMIT", "30 per minute")
    monkeypatch.setenv("ARBITER_ACCESS_LOG", "false")
    config = create_app({"TESTING": True}).config
    assert config["MAX_CONTENT_LENGTH"] == 2048
    assert config["MAX_FORM_MEMORY_SIZE"] == 2048  # the page's form follows the body's limit, as before
    assert config["REQUEST_TIME_LIMIT"] == 2.5
    assert config["RATE_LIMIT"] == "30 per minute"
    assert config["ACCESS_LOG"] is False


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("ARBITER_MAX_GAMES", "lots", "ARBITER_MAX_GAMES must be a whole number of bytes or games, not 'lots'"),
        ("ARBITER_MAX_GAMES", "true", "ARBITER_MAX_GAMES must be a whole number of bytes or games, not True"),
        ("ARBITER_LARGE_WAIT", "soon", "ARBITER_LARGE_WAIT must be a number of seconds, not 'soon'"),
        ("MAX_GAMES", "lots", "MAX_GAMES must be a whole number of bytes or games, not 'lots'"),
    ],
)
def test_a_setting_of_the_wrong_kind_stops_the_app_naming_it(
    monkeypatch: Any, name: str, value: str, said: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        create_app({"TESTING": True})
    assert str(stopped.value) == said
