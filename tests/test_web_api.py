"""The JSON API through Flask's test client: every status, hostile input, and the OpenAPI document."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import files
from web_support import (
    ERRORS_LOGGER,
    SYNTAX_ERROR,
    SYNTAX_ERROR_LINE,
    TAGS,
    full_ruling,
    never_500,  # noqa: F401 (a fixture, used by pytestmark)
)
from werkzeug.test import EnvironBuilder, run_wsgi_app

import arbiter
import arbiter_web
from app import create_app
from arbiter import families as rulesets
from arbiter import format_game
from arbiter.rules import reference
from arbiter_web import service
from arbiter_web.api import ruling_schemas

pytestmark = pytest.mark.usefixtures("never_500")

RULINGS = "/api/v1/rulings"
GAME = TAGS + "hand 1 dealer dee\n"  # a game with a hand: a tag after it starts the next game


@pytest.fixture(scope="module")
def app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


def post_json(client: Any, body: Any, **kwargs: Any) -> Any:
    return client.post(RULINGS, json=body, **kwargs)


def post_text(client: Any, text: str | bytes, query: Any = None, content_type: str = "text/plain") -> Any:
    return client.post(RULINGS, data=text, content_type=content_type, query_string=query)


def expected_games(record: str | bytes, **kwargs: Any) -> list[dict[str, Any]]:
    """The CLI's game objects, within the same finding budget (arbiter.rulings.finding_budget)."""
    return [game.to_dict() for game in arbiter.within_budget(arbiter.check(record, **kwargs))]


def assert_error(response: Any, code: int) -> dict[str, Any]:
    assert response.status_code == code, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["code"] == code
    assert body["status"] and body["message"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


# --- 200 ---------------------------------------------------------------------------------------


def test_healthz(client: Any) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {
        "status": "ok",
        "notation": arbiter.NOTATION_VERSION,
        "rulesets": rulesets.names(),
    }


def test_a_clean_record_gets_the_same_game_objects_as_the_cli(client: Any) -> None:
    response = post_json(client, {"record": TAGS})
    assert response.status_code == 200
    body = response.get_json()
    assert body["games"] == expected_games(TAGS)
    assert body["summary"] == {
        "games": 1,
        "valid": 1,
        "illegal": 0,
        "malformed": 0,
        "errors": 0,
        "warnings": 0,
        "unlisted": 0,
    }


def test_a_record_with_a_syntax_error_is_a_200_with_its_findings(client: Any) -> None:
    response = post_json(client, {"record": SYNTAX_ERROR})
    assert response.status_code == 200
    body = response.get_json()
    assert body["games"] == expected_games(SYNTAX_ERROR)
    (game,) = body["games"]
    assert game["verdict"] == "malformed"
    assert [f["line"] for f in game["findings"]] == [SYNTAX_ERROR_LINE]
    assert game["findings"][0]["code"] == "syntax-error"
    assert body["summary"]["malformed"] == 1 and body["summary"]["errors"] == 1


def test_json_rules_and_options(client: Any) -> None:
    record = '[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
    options = {"always-frozen": True, "target": 7000, "concealed-allows-discard": "no"}
    response = post_json(client, {"record": record, "rules": "caliente", "options": options})
    assert response.status_code == 200
    (game,) = response.get_json()["games"]
    assert game["rules"] == "caliente"
    assert game["options"]["always-frozen"] is True
    assert game["options"]["target"] == 7000
    assert game["options"]["concealed-allows-discard"] is False
    assert [game] == expected_games(record, rules="caliente", options=options)


def test_null_rules_is_the_default(client: Any) -> None:
    response = post_json(client, {"record": TAGS, "rules": None})
    assert response.status_code == 200


def test_text_plain_with_rules_and_options_in_the_query(client: Any) -> None:
    query = [("rules", "caliente"), ("option", "always-frozen"), ("option", "target=6000")]
    response = post_text(client, TAGS, query)
    assert response.status_code == 200
    (game,) = response.get_json()["games"]
    assert game["options"]["always-frozen"] is True
    assert game["options"]["target"] == 6000
    assert response.get_json()["games"] == expected_games(
        TAGS, rules="caliente", options={"always-frozen": True, "target": "6000"}
    )


def test_text_plain_charset_utf8_and_a_byte_order_mark(client: Any) -> None:
    response = post_text(client, "\ufeff" + TAGS, content_type="text/plain; charset=UTF-8")
    assert response.status_code == 200
    assert response.get_json()["games"][0]["verdict"] == "valid"


def test_several_games_in_one_record(client: Any) -> None:
    record = GAME + GAME + SYNTAX_ERROR
    response = post_text(client, record)
    assert response.status_code == 200
    body = response.get_json()
    assert body["games"] == expected_games(record)
    assert body["summary"]["games"] == len(body["games"]) == 3


def test_the_response_schema_keeps_every_field_of_a_full_ruling(client: Any, monkeypatch: Any) -> None:
    ruling = full_ruling()
    dumped = ruling_schemas.RulingsSchema().dump(service.answer([ruling]))
    assert dumped["games"] == [ruling.to_dict()]
    monkeypatch.setattr(service, "rule", lambda *args, **kwargs: [ruling])
    response = post_json(client, {"record": "anything"})
    assert response.status_code == 200
    assert response.get_json()["games"] == [json.loads(json.dumps(ruling.to_dict()))]
    assert response.get_json()["summary"] == {
        "games": 1,
        "valid": 0,
        "illegal": 1,
        "malformed": 0,
        "errors": 1,
        "warnings": 1,
        "unlisted": 0,
    }


def test_key_order_of_the_game_object_is_kept(client: Any) -> None:
    text = post_json(client, {"record": TAGS}).get_data(as_text=True)
    keys = list(json.loads(text)["games"][0])
    assert keys == list(expected_games(TAGS)[0])


# --- rule sets ---------------------------------------------------------------------------------


def test_rulesets_list_every_rule_set_with_its_options_and_defaults(client: Any) -> None:
    response = client.get("/api/v1/rulesets")
    assert response.status_code == 200
    body = response.get_json()
    assert body["default"] in rulesets.names()
    assert [rs["name"] for rs in body["rulesets"]] == rulesets.names()
    for listed in body["rulesets"]:
        ruleset = rulesets.get(listed["name"])
        assert listed["title"] == ruleset.title
        assert listed["rules"] == len(ruleset.catalogue)
        assert {o["name"]: o["default"] for o in listed["options"]} == {o.name: o.default for o in ruleset.options}
        for option in listed["options"]:
            default = option["default"]
            kind = "boolean" if isinstance(default, bool) else "string" if isinstance(default, str) else "integer"
            assert option["type"] == kind
            assert option.get("choices", []) == list(ruleset.option(option["name"]).choices)
        assert client.get(listed["reference"]).status_code == 200


def test_a_rule_reference(client: Any) -> None:
    for name in rulesets.names():
        ruleset = rulesets.get(name)
        response = client.get(f"/api/v1/rulesets/{name}")
        assert response.status_code == 200
        body = response.get_json()
        assert body["markdown"] == reference(ruleset)
        assert [r["code"] for r in body["rules"]] == list(ruleset.catalogue)
        assert [o["name"] for o in body["options"]] == [o.name for o in ruleset.options]
        assert [(c["point"], c["option"]) for c in body["choices"]] == [(c.point, c.option) for c in ruleset.choices]


def test_a_rule_set_alias(client: Any) -> None:
    assert client.get("/api/v1/rulesets/standard").get_json()["name"] == "caliente"


# --- 400 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        b"{",
        b"",
        b"{'record': 'x'}",
        b'{"record": "x"',
        b"\xff\xfe{}",  # not UTF-8
        '{"record": "caf\u00e9"}'.encode("latin-1"),  # not UTF-8 either
        b"[" * 100_000 + b"]" * 100_000,  # nested far past any recursion limit
        b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        b'{"record": "x", "options": {"target": ' + b"9" * 10_000 + b"}}",  # an integer too long to read
        b"NaN-ish",
        b"\x00\x00\x00",
    ],
    ids=[
        "unclosed",
        "empty",
        "single-quotes",
        "truncated",
        "utf16-bom",
        "latin1",
        "deep-arrays",
        "deep-objects",
        "huge-integer",
        "garbage",
        "nul-bytes",
    ],
)
def test_malformed_json_is_a_400(client: Any, body: bytes) -> None:
    response = client.post(RULINGS, data=body, content_type="application/json")
    message = assert_error(response, 400)["message"]
    assert "JSON" in message or "UTF-8" in message


# --- 413 ---------------------------------------------------------------------------------------


def test_a_body_over_the_default_limit_is_a_413(client: Any) -> None:
    limit = arbiter_web.DEFAULT_MAX_CONTENT_LENGTH
    assert limit == 1024 * 1024
    assert_error(post_text(client, b"; x\n" * (limit // 4 + 1)), 413)
    body = assert_error(post_json(client, {"record": "x" * limit}), 413)
    assert "1,048,576" in body["message"]


def test_a_body_just_under_the_limit_is_judged() -> None:
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 10_000}).test_client()
    assert post_text(client, b"; comment\n" * 999).status_code == 200
    assert_error(post_text(client, b"; comment\n" * 1001), 413)


def test_the_limit_is_configurable_and_announced() -> None:
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 100}).test_client()
    body = assert_error(post_json(client, {"record": TAGS * 2}), 413)
    assert "100 bytes" in body["message"]


def test_the_limit_comes_from_the_environment(monkeypatch: Any) -> None:
    monkeypatch.setenv("MAX_CONTENT_LENGTH", "2048")
    monkeypatch.setenv("MAX_GAMES", "3")
    app = create_app({"TESTING": True})
    assert app.config["MAX_CONTENT_LENGTH"] == 2048
    assert app.config["MAX_GAMES"] == 3
    assert app.config["MAX_FORM_MEMORY_SIZE"] == 2048


def test_a_body_over_the_limit_without_a_length_is_a_413() -> None:
    """Chunked transfer encoding: no Content-Length, so the limit applies while reading."""
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000})
    for size, status in ((900, "200"), (5000, "413")):
        builder = EnvironBuilder(path=RULINGS, method="POST", data=b";" * (size - 1) + b"\n", content_type="text/plain")
        environ = builder.get_environ()
        del environ["CONTENT_LENGTH"]
        environ["wsgi.input_terminated"] = True
        body, answer, headers = run_wsgi_app(app, environ, buffered=True)
        assert answer.startswith(status), answer
        assert headers["Content-Type"] == "application/json"
        assert json.loads(b"".join(body))


def test_too_many_games_is_a_413() -> None:
    client = create_app({"TESTING": True, "MAX_GAMES": 2}).test_client()
    assert len(post_text(client, GAME * 2).get_json()["games"]) == 2
    body = assert_error(post_text(client, GAME * 3), 413)
    assert "2 games" in body["message"]


# --- 415 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "application/xml",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "text/html",
        "text/plain; charset=latin-1",
        "application/json; charset=utf-16",
        "application/octet-stream",
    ],
)
def test_an_unsupported_content_type_is_a_415(client: Any, content_type: str | None) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post(RULINGS, data=TAGS.encode(), headers=headers)
    assert_error(response, 415)


# --- 422 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "record"),
        ({"rules": "caliente"}, "record"),
        ({"record": None}, "record"),
        ({"record": 5}, "record"),
        ({"record": ["x"]}, "record"),
        ({"record": {"a": 1}}, "record"),
        ({"record": True}, "record"),
        ({"record": "x", "rules": 5}, "rules"),
        ({"record": "x", "rules": ""}, "rules"),
        ({"record": "x", "rules": "r" * 101}, "rules"),
        ({"record": "x", "options": []}, "options"),
        ({"record": "x", "options": "always-frozen"}, "options"),
        ({"record": "x", "options": {"target": [1]}}, "options"),
        ({"record": "x", "options": {"target": {"a": 1}}}, "options"),
        ({"record": "x", "options": {"target": None}}, "options"),
        ({"record": "x", "options": {"target": 1.5}}, "options"),
        ({"record": "x", "options": {"target": ""}}, "options"),
        ({"record": "x", "options": {"": 1}}, "options"),
        ({"record": "x", "options": {f"o{i}": 1 for i in range(101)}}, "options"),
        ({"record": "x", "unexpected": 1}, "unexpected"),
    ],
)
def test_a_body_that_does_not_fit_the_schema_is_a_422_with_field_errors(
    client: Any, body: dict[str, Any], field: str
) -> None:
    errors = assert_error(post_json(client, body), 422)["errors"]
    assert field in errors["json"], errors


@pytest.mark.parametrize("body", [[], ["record"], "record", 5, None, True])
def test_a_body_that_is_not_an_object_is_a_422(client: Any, body: Any) -> None:
    response = client.post(RULINGS, data=json.dumps(body), content_type="application/json")
    assert "_schema" in assert_error(response, 422)["errors"]["json"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"record": TAGS, "rules": "no-such-rules"}, "unknown rule set"),
        ({"record": TAGS, "options": {"no-such-option": True}}, "no option"),
        ({"record": TAGS, "rules": "caliente", "options": {"no-such-option": True}}, "no option"),
        ({"record": TAGS, "options": {"target": "lots"}}, "whole number"),
        ({"record": TAGS, "options": {"always-frozen": "perhaps"}}, "yes or no"),
        ({"record": TAGS, "options": {"always-frozen": 7}}, "yes or no"),
    ],
)
def test_a_usage_error_is_a_422_with_its_message(client: Any, body: dict[str, Any], words: str) -> None:
    assert words in assert_error(post_json(client, body), 422)["message"]


def test_contradicting_the_record_is_a_422(client: Any) -> None:
    record = '[Rules "caliente"]\n[Variant "always-frozen"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
    message = assert_error(post_json(client, {"record": record, "options": {"always-frozen": False}}), 422)["message"]
    assert "always-frozen" in message and "tag" in message
    query = [("option", "always-frozen=no")]
    assert "always-frozen" in assert_error(post_text(client, record, query), 422)["message"]


def test_query_parameters_with_a_json_body_apply_where_the_body_is_silent(client: Any) -> None:
    query = [("rules", "caliente"), ("option", "target=5000"), ("option", "always-frozen")]
    response = post_json(client, {"record": TAGS, "options": {"target": 3000}}, query_string=query)
    options = response.get_json()["games"][0]["options"]
    assert (options["target"], options["always-frozen"]) == (3000, True)


def test_an_unknown_query_parameter_is_a_422(client: Any) -> None:
    response = post_text(client, TAGS, {"rule": "caliente"})
    assert assert_error(response, 422)["errors"] == {"query": {"rule": ["Unknown field."]}}


@pytest.mark.parametrize(
    "query",
    [
        [("option", "=yes")],
        [("option", "")],
        [("option", " spaced=yes")],
        [("rules", "")],
        [("rules", "r" * 101)],
        [("option", f"o{i}") for i in range(101)],
    ],
)
def test_bad_query_parameters_are_a_422(client: Any, query: Any) -> None:
    errors = assert_error(post_text(client, TAGS, query), 422)["errors"]
    assert "query" in errors


def test_unknown_rules_in_the_query_is_a_422(client: Any) -> None:
    assert "unknown rule set" in assert_error(post_text(client, TAGS, {"rules": "nope"}), 422)["message"]


# --- 404 and 405 -------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api", "/api/", "/api/v1", "/api/v2/rulings", "/api/v1/nothing", "/api/x.json"])
def test_not_found_under_api_is_json(client: Any, path: str) -> None:
    assert_error(client.get(path), 404)


def test_an_unknown_rule_set_is_a_404(client: Any) -> None:
    body = assert_error(client.get("/api/v1/rulesets/no-such-rules"), 404)
    assert "caliente" in body["message"]


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("get", RULINGS, "POST"),
        ("put", RULINGS, "POST"),
        ("delete", RULINGS, "POST"),
        ("post", "/api/v1/rulesets", "GET"),
        ("post", "/api/v1/rulesets/caliente", "GET"),
        ("post", "/healthz", "GET"),
        ("post", "/api/openapi.json", "GET"),
    ],
)
def test_a_wrong_method_is_a_json_405_with_allow(client: Any, method: str, path: str, allowed: str) -> None:
    response = getattr(client, method)(path)
    assert_error(response, 405)
    assert allowed in response.headers["Allow"]


# --- hostile input: never a 500 ----------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        b"\xff\xfe\xfa not utf-8\n",
        TAGS.encode() + b"hand 1 dealer \xc3\x28\n",
        b"\x00" * 1000,
        TAGS.encode() + b"ann: draw \x00 8\n",
        b"\r\n" * 1000,
        b"\r" * 1000,
        b"[" * 5000 + b"\n",
        b"{" * 5000 + b"\n",
        b"x" * 20_000 + b"\n",  # a line over the notation's length limit
        "\u202e\u2028\u2029\ufffe\U0001f0a1\n".encode(),
        b'[Rules "' + b"\\" * 3000 + b'"]\n',
        b"hand 99999999999999999999999999 dealer dee\n",
        ("; " + "\ud800").encode("utf-8", "surrogatepass"),
        b"<script>alert(1)</script>\n",
        b"",
    ],
)
def test_hostile_text_bodies_get_rulings_not_errors(client: Any, record: bytes) -> None:
    response = post_text(client, record)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["games"] == expected_games(record)


@pytest.mark.parametrize(
    "record",
    ["\x00", "a\x00b\n" * 100, "\ud800\udc00\udfff", "\ud83c", TAGS + "hand 1 dealer \ud800\n", "\u0000[Rules]"],
)
def test_hostile_json_strings_get_rulings_not_errors(client: Any, record: str) -> None:
    body = json.dumps({"record": record})  # escapes NULs and lone surrogates as \\u sequences
    response = client.post(RULINGS, data=body, content_type="application/json")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["summary"]["games"] >= 1


def test_hostile_query_strings(client: Any) -> None:
    for query in ("option=%FF%FE", "rules=%00", "option=a%3D%00", "rules=caliente&rules=other", "%ZZ=1"):
        response = client.post(f"{RULINGS}?{query}", data=TAGS, content_type="text/plain")
        assert response.status_code in (200, 422), (query, response.status_code)
        assert response.mimetype == "application/json"


def test_hostile_headers(client: Any) -> None:
    for content_type in ("text/plain; charset=", "text/plain; charset=\x00", ";;;", "application/json; q=\xff"):
        response = client.post(RULINGS, data=TAGS, headers={"Content-Type": content_type})
        assert response.status_code in (200, 400, 415), (content_type, response.status_code)


def test_the_catch_all_answers_json_without_a_traceback(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app({"TESTING": True})

    @app.get("/api/v1/boom")
    def boom() -> Any:
        raise RuntimeError("secret detail")

    response = app.test_client().get("/api/v1/boom")
    body = assert_error(response, 500)
    assert "secret detail" not in response.get_data(as_text=True)
    assert body["message"].startswith("the arbiter hit an internal error")
    assert any(r.name == ERRORS_LOGGER and r.levelno == logging.ERROR for r in caplog.records)
    caplog.clear()  # the guard of this module checks that nothing else reaches it


# --- headers -----------------------------------------------------------------------------------


def test_security_headers_on_api_responses(client: Any) -> None:
    for response in (client.get("/healthz"), post_json(client, {"record": TAGS}), client.get("/api/nope")):
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "no-referrer"


# --- the OpenAPI document ----------------------------------------------------------------------


@pytest.fixture
def spec(client: Any) -> dict[str, Any]:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def _refs(node: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                found.add(value)
            else:
                found |= _refs(value)
    elif isinstance(node, list):
        for item in node:
            found |= _refs(item)
    return found


def _resolve(spec: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = spec
    for part in ref[2:].split("/"):
        assert part in node, f"{ref} does not resolve"
        node = node[part]
    return node


def test_openapi_structure(spec: dict[str, Any]) -> None:
    assert re.fullmatch(r"3\.\d+\.\d+", spec["openapi"])
    assert spec["info"]["title"] and spec["info"]["version"]
    assert isinstance(spec["paths"], dict) and spec["paths"]
    for path, item in spec["paths"].items():
        assert path.startswith("/")
        for method, operation in item.items():
            if method == "parameters":
                continue
            assert method in ("get", "post", "put", "delete", "patch", "options", "head", "parameters")
            assert operation["responses"], (method, path)
            assert operation.get("summary"), (method, path)
            for code in operation["responses"]:
                assert code == "default" or re.fullmatch(r"[1-5]\d\d", str(code))
            for parameter in operation.get("parameters", []):
                assert parameter["in"] in ("query", "path", "header", "cookie")
                assert "schema" in parameter


def test_openapi_has_every_path_of_the_app(app: Any, spec: dict[str, Any]) -> None:
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/") or rule.rule in ("/healthz", "/readyz"):
            routes.add(re.sub(r"<(?:\w+(?:\([^)]*\))?:)?(\w+)>", r"{\1}", rule.rule))
    assert routes == set(spec["paths"])
    assert {"/api/v1/rulings", "/api/v1/rulesets", "/api/v1/rulesets/{name}", "/healthz"} <= set(spec["paths"])
    assert set(spec["paths"]["/api/v1/rulings"]) == {"post"}


def test_openapi_refs_resolve_and_every_schema_is_used(spec: dict[str, Any]) -> None:
    refs = _refs(spec)
    for ref in refs:
        _resolve(spec, ref)
    used = set()
    pending = list(_refs(spec["paths"]))
    while pending:
        ref = pending.pop()
        if ref in used:
            continue
        used.add(ref)
        pending += _refs(_resolve(spec, ref))
    declared = {f"#/components/schemas/{name}" for name in spec["components"]["schemas"]}
    assert declared <= used, f"schemas never referenced: {declared - used}"


def test_openapi_describes_the_rulings_endpoint(spec: dict[str, Any]) -> None:
    operation = spec["paths"]["/api/v1/rulings"]["post"]
    content = operation["requestBody"]["content"]
    assert content["application/json"]["schema"] == {"$ref": "#/components/schemas/RulingRequest"}
    assert content["text/plain"]["schema"]["type"] == "string"
    assert {p["name"] for p in operation["parameters"]} == {"rules", "option", "house", "lang", "Accept-Language"}
    responses = operation["responses"]
    assert {"200", "400", "413", "415", "422"} <= set(responses)
    assert responses["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Rulings"}
    for code in ("400", "413", "415", "422"):
        assert responses[code]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert "404" in spec["paths"]["/api/v1/rulesets/{name}"]["get"]["responses"]


MOVE_ONLY = ("alternatives", "alternatives_total", "alternatives_partial", "action")  # on a finding on a move only


def test_openapi_schemas_match_the_objects(spec: dict[str, Any]) -> None:
    components = spec["components"]["schemas"]
    ruling = full_ruling().to_dict()
    assert list(components["Game"]["properties"]) == [*ruling, "house", "assumed"]  # house, assumed: where they apply
    assert set(components["Finding"]["properties"]) == set(ruling["findings"][0]) | {
        "repeats",
        "house",
        "corrected",
        *MOVE_ONLY,
    }  # corrected: a summary refused for one claim
    assert set(components["Hand"]["properties"]) == set(ruling["hands"][0]) | {"minimums"}  # a summarised hand's
    assert set(components["Table"]["properties"]) == set(ruling["findings"][0]["table"])
    assert set(components["RulingRequest"]["required"]) == {"record"}
    assert set(components["Error"]["properties"]) == {"code", "status", "message", "errors", "request_id"}


def test_docs_page_renders_the_document_offline(client: Any, spec: dict[str, Any]) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    for path in spec["paths"]:
        assert path in html
    for name in spec["components"]["schemas"]:
        assert f'id="schema-{name}"' in html
    assert "<script" not in html
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", html), "the docs page must not load anything remote"


def test_a_bad_limit_in_the_environment_stops_the_app(monkeypatch: Any) -> None:
    monkeypatch.setenv("MAX_CONTENT_LENGTH", "lots")
    with pytest.raises(SystemExit, match="MAX_CONTENT_LENGTH"):
        create_app()


# --- property: whatever the record, a ruling -------------------------------------------------

_FUZZ_APP = create_app({"TESTING": True})
_FRAGMENTS = st.sampled_from(
    ["[", "]", '"', "{", "}", ";", ":", ",", "\\", "\x00", "\r", "\t", "\ufeff", "é", "<script>", "\n", " "]
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=files(),
    noise=st.lists(st.tuples(st.integers(0, 10_000), st.one_of(_FRAGMENTS, st.text(max_size=5))), max_size=4),
)
def test_any_record_gets_a_ruling(record: Any, noise: list[tuple[int, str]]) -> None:
    text = "\n".join(format_game(game) for game in record)
    for position, fragment in noise:
        position %= len(text) + 1
        text = text[:position] + fragment + text[position:]
    client = _FUZZ_APP.test_client()
    data = text.encode("utf-8", "surrogatepass")
    response = client.post(RULINGS, data=data, content_type="text/plain")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["games"] == expected_games(data)
    page = client.post("/", data={"record": text})
    assert page.status_code in (200, 422), page.status_code


def test_openapi_documents_every_type_an_option_takes_in_some_rule_set(spec: dict[str, Any]) -> None:
    """One option name, several types: `canastas-to-go-out` is a number in Caliente and classic and
    a written form (`2/2/1`) in Hand & Foot; the document accepts each family's values, by one
    schema of its `oneOf` only."""
    documented = spec["components"]["schemas"]["Options"]["properties"]
    for name in rulesets.names():
        for option in rulesets.get(name).options:
            for value in (option.default, *option.choices):
                jsonschema.validate(value, documented[option.name], cls=jsonschema.Draft4Validator)
    kinds = documented["canastas-to-go-out"]["oneOf"]
    assert {kind["type"] for kind in kinds} == {"integer", "string"}
    assert any(re.fullmatch(kind.get("pattern", "$^"), "2/2/1") for kind in kinds)
    assert "Hand & Foot" in documented["canastas-to-go-out"]["description"]


def test_an_option_of_several_types_takes_each_family_s_form_in_the_body(client: Any) -> None:
    record = '[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
    hand_and_foot = {"record": record, "rules": "hand-and-foot", "options": {"canastas-to-go-out": "1/1/1"}}
    (game,) = post_json(client, hand_and_foot).get_json()["games"]
    assert game["options"]["canastas-to-go-out"] == "1/1/1"
    caliente = {"record": record, "rules": "caliente", "options": {"canastas-to-go-out": 2}}
    (game,) = post_json(client, caliente).get_json()["games"]
    assert game["options"]["canastas-to-go-out"] == 2
    wrong_family = {**caliente, "options": {"canastas-to-go-out": "1/1/1"}}
    assert "whole number" in assert_error(post_json(client, wrong_family), 422)["message"]
    neither = {**caliente, "options": {"canastas-to-go-out": "lots"}}
    assert "canastas-to-go-out" in json.dumps(assert_error(post_json(client, neither), 422))
