"""The paste-a-record page through Flask's test client: the form, the ruling, escaping, headers."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape
from web_support import (
    HOSTILE,
    SYNTAX_ERROR,
    SYNTAX_ERROR_LINE,
    TAGS,
    full_ruling,
    never_500,  # noqa: F401 (a fixture, used by pytestmark)
)

import arbiter
from app import create_app
from arbiter import families as rulesets
from arbiter_web.pages import present
from arbiter_web.pages.page import render_ruling
from arbiter_web.pages.templating import inline_code

pytestmark = pytest.mark.usefixtures("never_500")
SAMPLES = Path(__file__).parent.parent / "samples"


@pytest.fixture(scope="module")
def app() -> Any:
    """One app for the file (each test its own client): made once, its pages rendered once."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


class Elements(HTMLParser):
    """Every element's tag and attributes, and whether any script or inline handler is present."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def by_id(self, element_id: str) -> tuple[str, dict[str, str | None]]:
        matches = [e for e in self.elements if e[1].get("id") == element_id]
        assert len(matches) == 1, f"{len(matches)} elements with id {element_id}"
        return matches[0]

    def hrefs(self) -> list[str]:
        return [attrs["href"] or "" for tag, attrs in self.elements if tag == "a" and "href" in attrs]


def check(client: Any, record: str, **fields: Any) -> Any:
    return client.post("/", data={"record": record, **fields})


def assert_safe_page(html: str) -> Elements:
    page = Elements(html)
    scripts = [attrs for tag, attrs in page.elements if tag == "script"]
    assert all(attrs.get("src") == "/static/pages/replay.js" for attrs in scripts), (
        "only the site's own script, no inline one"
    )
    for _, attrs in page.elements:
        assert not [name for name in attrs if name.startswith("on")], attrs
        assert "style" not in attrs, "inline styles break the Content-Security-Policy"
    return page


# --- the form ----------------------------------------------------------------------------------


def test_the_page_has_the_form(client: Any) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = assert_safe_page(response.get_data(as_text=True))
    form = next(attrs for tag, attrs in page.elements if tag == "form")
    assert form["method"] == "post" and form["enctype"] == "multipart/form-data"
    assert page.by_id("record")[0] == "textarea"
    assert page.by_id("upload")[1]["type"] == "file"
    assert page.by_id("rules")[0] == "select"
    for name in rulesets.names():
        for spec in rulesets.get(name).options:
            assert page.by_id(f"opt-{name}.{spec.name}")[1]["name"] == f"option.{name}.{spec.name}"


def test_static_files_are_served_by_the_app(client: Any) -> None:
    html = client.get("/").get_data(as_text=True)
    for path in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
        assert client.get(path).status_code == 200, path
    assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//""", html), "nothing may load from another site"


def test_the_example_fills_the_box(client: Any) -> None:
    html = client.get("/?example=1").get_data(as_text=True)
    assert "Thursday club, table 3" in html


# --- a ruling ----------------------------------------------------------------------------------


def test_a_syntax_error_end_to_end(client: Any) -> None:
    response = check(client, SYNTAX_ERROR)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    page = assert_safe_page(html)
    assert "Cannot be read" in html
    assert "syntax-error" in html
    (finding,) = next(arbiter.check(SYNTAX_ERROR)).findings
    assert inline_code(finding.message) in html
    assert escape(finding.rule) in html
    line = page.by_id(f"L{SYNTAX_ERROR_LINE}")
    assert "flagged-error" in (line[1]["class"] or "")
    assert f"#L{SYNTAX_ERROR_LINE}" in page.hrefs()  # the finding links to its line
    assert "#g1-f1" in page.hrefs()  # and the line back to its finding
    assert page.by_id("g1-f1")[0] == "li"
    for number in range(1, SYNTAX_ERROR.count("\n") + 1):
        classes = page.by_id(f"L{number}")[1]["class"] or ""
        assert ("flagged" in classes) == (number == SYNTAX_ERROR_LINE)


def test_a_clean_record(client: Any) -> None:
    html = check(client, TAGS).get_data(as_text=True)
    assert "verdict-valid" in html
    assert "No findings" in html
    assert "flagged" not in html


def test_the_record_is_shown_with_the_readers_line_numbers(client: Any) -> None:
    record = '; one\r\n; two\r\n\r\n[Rules "caliente"]\n\x0b; five has a vertical tab\nann draw 8\n'
    html = check(client, record).get_data(as_text=True)
    page = Elements(html)
    (game,) = arbiter.check(record)
    for finding in game.findings:
        assert "flagged" in (page.by_id(f"L{finding.line}")[1]["class"] or "")
    assert [int(attrs["id"][1:]) for _, attrs in page.elements if re.fullmatch(r"L\d+", attrs.get("id") or "")] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]


def test_everything_the_user_sent_is_escaped(client: Any) -> None:
    record = TAGS.replace("ann bob", "ann <b>bob</b>") + HOSTILE + '\n"><img src=x onerror=alert(1)>\n'
    response = check(client, record, rules="caliente", **{"option.caliente.target": "<script>"})
    html = response.get_data(as_text=True)
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "<img src=x" not in html
    assert "<b>bob</b>" not in html
    assert_safe_page(html)


def test_the_ruling_of_an_uploaded_file(client: Any) -> None:
    data = {"record": "", "upload": (io.BytesIO(SYNTAX_ERROR.encode()), "game.txt")}
    html = client.post("/", data=data, content_type="multipart/form-data").get_data(as_text=True)
    assert "syntax-error" in html
    assert "flagged-error" in html


def test_an_upload_that_is_not_utf8(client: Any) -> None:
    data = {"upload": (io.BytesIO(TAGS.encode() + b"ann: draw \xff\xfe\n"), "game.txt")}
    response = client.post("/", data=data, content_type="multipart/form-data")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "not-utf8" in html
    assert "flagged-error" in Elements(html).by_id("L4")[1]["class"]


def test_nul_bytes_and_odd_characters(client: Any) -> None:
    record = TAGS + "ann: draw \x00 8\n\ud7ff \u202e \ufffe\n"
    response = check(client, record)
    assert response.status_code == 200
    assert "\x00" not in response.get_data(as_text=True).replace("&#0;", "")


def test_several_games(client: Any) -> None:
    game = TAGS + "hand 1 dealer dee\n"
    html = check(client, game + SYNTAX_ERROR).get_data(as_text=True)
    assert "2 games:" in html
    assert 'id="game-1"' in html and 'id="game-2"' in html


def test_options_from_the_form_are_applied(client: Any) -> None:
    record = '[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
    fields = {"rules": "caliente", "option.caliente.always-frozen": "yes", "option.caliente.target": "7000"}
    html = check(client, record, **fields).get_data(as_text=True)
    assert "always-frozen=yes" in html and "target=7000" in html
    assert '<details class="options" open>' in html  # the options the user set stay in view
    assert Elements(html).by_id("opt-caliente.always-frozen")  # still offered for the next check
    assert 'value="yes" selected' in html


def test_blank_options_keep_the_defaults(client: Any) -> None:
    html = check(client, TAGS, **{"option.caliente.always-frozen": "", "option.caliente.target": "  "}).get_data(
        as_text=True
    )
    assert "Default options." in html


# --- the page's errors -------------------------------------------------------------------------


def test_an_empty_record(client: Any) -> None:
    response = check(client, "   \n")
    assert response.status_code == 422
    assert "Paste a record" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"rules": "no-such-rules"}, "Unknown rule set"),
        ({"option.caliente.target": "lots"}, "whole number"),
        ({"rules": "caliente", "option.caliente.no-such-option": "yes"}, "no option"),
    ],
)
def test_a_usage_error_is_shown_with_the_form(client: Any, fields: dict[str, str], words: str) -> None:
    response = check(client, TAGS, **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert words in html
    assert "Thursday" not in html and "[Seats &#34;ann bob cid dee&#34;]" in html  # the record stays in the box


def test_a_form_that_does_not_fit(client: Any) -> None:
    response = check(client, TAGS, rules="r" * 500)
    assert response.status_code == 422


def test_a_form_over_the_limit_is_a_413_page() -> None:
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 2000}).test_client()
    response = check(client, "; comment\n" * 500)
    assert response.status_code == 413
    assert response.mimetype == "text/html"
    assert "2,000 bytes" in response.get_data(as_text=True)


def test_a_form_near_the_default_limit_is_judged(client: Any) -> None:
    record = "; a comment line of some length, repeated to make a large record\n" * 15_000  # ~1 MB minus a bit
    assert len(record) < 1024 * 1024 - 2000
    response = check(client, record)
    assert response.status_code == 200


def test_too_many_games_on_the_page() -> None:
    client = create_app({"TESTING": True, "MAX_GAMES": 1}).test_client()
    game = TAGS + "hand 1 dealer dee\n"
    response = check(client, game * 2)
    assert response.status_code == 413
    assert "more than 1 games" in response.get_data(as_text=True)


def test_html_errors_outside_the_api(client: Any) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    response = client.put("/")
    assert response.status_code == 405 and response.mimetype == "text/html"
    assert "GET" in response.headers["Allow"]


def test_the_catch_all_page_has_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app({"TESTING": True})

    @app.get("/boom")
    def boom() -> Any:
        raise ValueError("secret detail")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert response.mimetype == "text/html"
    assert "secret detail" not in response.get_data(as_text=True)
    caplog.clear()


# --- headers -----------------------------------------------------------------------------------


def test_security_headers(client: Any) -> None:
    for response in (client.get("/"), check(client, TAGS), client.get("/nope"), client.get("/static/arbiter.css")):
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "default-src 'none'" in csp
        assert "frame-ancestors 'none'" in csp and "'unsafe-inline'" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "no-referrer"
    assert check(client, TAGS).headers["Cache-Control"] == "no-store"


# --- the rule reference ------------------------------------------------------------------------


def test_the_rule_reference_pages(client: Any) -> None:
    assert client.get("/rules").status_code == 200
    for name in rulesets.names():
        ruleset = rulesets.get(name)
        page = Elements(client.get(f"/rules/{name}").get_data(as_text=True))
        for code in ruleset.catalogue:
            page.by_id(f"rule-{code}")
        # where the rule books are silent or disagree: each point, linked to the option that switches it
        page.by_id("silent-or-disagree")
        for number, choice in enumerate(ruleset.choices, 1):
            page.by_id(f"choice-{number}")
            if choice.option:
                page.by_id(f"option-{choice.option}")
                assert f"#option-{choice.option}" in page.hrefs()
    # the explanations' `code` is shown as code, not as backticks
    caliente = client.get("/rules/caliente").get_data(as_text=True)
    assert "<code>tie</code>" in caliente and "<code>sitout NAME</code>" in caliente and "`" not in caliente
    assert client.get("/rules/no-such-rules").status_code == 404


# --- rendering a full ruling (illegal moves, the table, the score table) --------------------


@pytest.fixture
def full_page(app: Any) -> str:
    ruling = full_ruling()
    record = "\n".join(f"; line {n}" for n in range(1, 31)) + "\n" + HOSTILE + "\n"
    with app.test_request_context("/", method="POST"):
        return render_ruling(record, [ruling])


def test_an_illegal_move_is_rendered_with_its_rule_and_remedy(full_page: str) -> None:
    page = assert_safe_page(full_page)
    ruling = full_ruling()
    move = ruling.findings[0]
    assert "verdict-illegal" in full_page
    assert inline_code(move.message) in full_page
    assert escape(move.rule) in full_page
    assert inline_code(move.remedy) in full_page
    assert move.code in full_page
    assert "hand 2, turn 1, ann to play" in full_page
    assert "flagged-error" in page.by_id("L16")[1]["class"]
    assert "flagged-warning" in page.by_id("L3")[1]["class"]
    assert "#L16" in page.hrefs() and "#g1-f1" in page.hrefs()
    rule = rulesets.get("caliente").catalogue.get(move.code)
    if rule is not None:  # the finding links to its rule in the reference and quotes it
        assert f"/rules/caliente#rule-{move.code}" in page.hrefs()
        assert inline_code(rule.summary) in full_page


def test_the_table_at_the_move_is_rendered(full_page: str) -> None:
    table = full_ruling().findings[0].table
    assert table is not None
    assert "The table just before this move" in full_page
    for player in ("ann", "bob"):
        assert f"<dt>{player} <small>" in full_page
    assert "&lt;b&gt;cid&lt;/b&gt;" in full_page and "<b>cid</b>" not in full_page
    assert "Prize pile" in full_page and "badge-frozen" in full_page
    assert "3 cards; top card" in full_page
    assert "61 cards" in full_page
    assert "Bonus and Caliente cards laid" in full_page  # Caliente's own words (issue 30)
    assert "no melds yet" in full_page  # bob+dee
    assert full_page.count('class="meld"') == 2
    assert 'class="card card-wild"' in full_page and 'class="card card-stop"' in full_page
    assert 'class="card card-bonus"' in full_page and 'class="card card-caliente"' in full_page
    assert "Scores before this hand" in full_page


def test_the_score_table_is_rendered(full_page: str) -> None:
    assert "<caption>Scores by hand" in full_page
    assert full_page.count('class="num disagrees"') == 1  # ann+cid declared -55, the arbiter counts -45
    assert "-55" in full_page and "1,190" in full_page
    assert "did not end" in full_page
    assert "Winner: <strong>bob+dee</strong>" in full_page
    assert 'class="num total"' in full_page


def test_a_long_record_shows_the_lines_around_findings(app: Any) -> None:
    ruling = full_ruling()
    record = "".join(f"; line {n}\n" for n in range(1, 5001))
    with app.test_request_context("/", method="POST"):
        html = render_ruling(record, [ruling])
    page = Elements(html)
    page.by_id("L16")
    page.by_id("L19")
    assert 'id="L4000"' not in html
    assert "only its first lines" in html


def test_a_finding_quotes_its_line_and_marks_the_column(client: Any) -> None:
    html = check(client, SYNTAX_ERROR).get_data(as_text=True)
    assert '<span class="excerpt-ln">6</span> ann <mark>draw</mark> 8</pre>' in html


def test_excerpts_show_control_characters_and_stay_short() -> None:
    assert present.excerpt(["a\x00b c"], 1, 2) == ("a", "\u2400b", " c")
    assert present.excerpt(["x"], 2, 1) is None
    before, word, after = present.excerpt(["a " * 500 + "bad" + " z" * 500], 1, 1001)
    assert word == "bad" and before.startswith("…") and after.endswith("…")
    assert len(before) <= present.EXCERPT_MAX + 1
    assert present.excerpt(["end"], 1, 99) == ("end", "", "")
    assert present.excerpt(["ann: meld [7 7 7], discard 4"], 1, 11) == ("ann: meld ", "[7 7 7]", ", discard 4")


def test_a_hand_and_foot_ruling_shows_the_feet_not_yet_picked_up(client: Any) -> None:
    sample = (SAMPLES / "hand-and-foot-endgame.acn").read_text(encoding="utf-8")
    record = sample.replace("ann: draw 9 4, ask yes, ", "ann: draw 9 4, ")  # going out without asking
    body = client.post("/", data={"record": record}).get_data(as_text=True)
    assert "went out without asking cid" in body
    assert "Feet not yet picked up" in body
    assert re.search(r"<dt>dee <small>13 cards, face down</small></dt>", body)


def test_options_written_in_a_form_are_text_fields_with_their_form(client: Any) -> None:
    body = client.get("/").get_data(as_text=True)
    field = re.search(r'<input type="text" id="opt-hand-and-foot\.canastas-to-go-out"[^>]*>', body)
    assert field and 'placeholder="Default: 2/2/1"' in field.group(0) and "natural/mixed/wild" in field.group(0)
    choice = re.search(r'<select id="opt-samba\.wild-ratio"[^>]*>(.*?)</select>', body, re.S)
    assert choice and '<option value="two-naturals-per-wild"' in choice.group(1)
