"""The pages and the API in the reader's language (issue 25): how the language is chosen, that it
is said (Content-Language, <html lang>), kept in every link, and that no page leaves a word of its
own in English in Spanish, Portuguese or Italian."""

from __future__ import annotations

import functools
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from web_support import EXAMPLE, full_ruling

import arbiter
from app import create_app
from arbiter.i18n import LANGUAGES, Translator, msg
from arbiter_web.pages import page
from arbiter_web.serving import lang

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import messages

OTHERS = ("es", "pt", "it")
ILLEGAL_SAMPLE = EXAMPLE


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for the file (each test its own client): what a test keeps has its own link, and
    no test here counts what is kept, so the tests share the app's making and its pages' rendering."""
    kept = tmp_path_factory.mktemp("web_lang") / "kept.db"
    return create_app({"TESTING": True, "ACCESS_LOG": False, "DATABASE_URL": f"sqlite:///{kept}"})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


# --- choosing the language ---------------------------------------------------------------------


def test_english_without_a_lang_parameter_or_accept_language(client: Any) -> None:
    answer = client.get("/")
    assert answer.headers["Content-Language"] == "en"
    assert '<html lang="en">' in answer.get_data(as_text=True)


def test_the_browsers_accept_language_chooses_the_language(client: Any) -> None:
    answer = client.get("/", headers={"Accept-Language": "fr-CA, pt-BR;q=0.8, en;q=0.5"})
    assert answer.headers["Content-Language"] == "pt"
    assert '<html lang="pt">' in answer.get_data(as_text=True)


def test_the_lang_parameter_wins_over_accept_language(client: Any) -> None:
    answer = client.get("/?lang=it", headers={"Accept-Language": "es"})
    assert answer.headers["Content-Language"] == "it"
    assert "Verifica una registrazione" in answer.get_data(as_text=True)


def test_a_regional_tag_of_accept_language_counts_as_its_language(client: Any) -> None:
    assert client.get("/rules", headers={"Accept-Language": "es-UY"}).headers["Content-Language"] == "es"


def test_the_lang_parameter_is_one_of_the_four_codes_exactly(client: Any) -> None:
    assert client.get("/rules?lang=es-AR").status_code == 400
    assert client.get("/rules?lang=ES").status_code == 400


def test_a_language_the_browser_asks_for_that_the_arbiter_does_not_speak_is_english(client: Any) -> None:
    assert client.get("/", headers={"Accept-Language": "de, fr;q=0.9"}).headers["Content-Language"] == "en"


def test_an_unsupported_lang_parameter_is_a_400_that_names_the_languages(client: Any) -> None:
    answer = client.get("/api/v1/rulesets?lang=de")
    assert answer.status_code == 400
    assert answer.get_json()["message"] == "the arbiter does not speak the language 'de'; lang is one of en, es, pt, it"
    assert answer.headers["Content-Language"] == "en"


def test_an_unsupported_lang_parameter_is_refused_in_the_language_of_accept_language(client: Any) -> None:
    answer = client.get("/rules?lang=klingon", headers={"Accept-Language": "es"})
    assert answer.status_code == 400
    assert answer.headers["Content-Language"] == "es"
    html = answer.get_data(as_text=True)
    assert "el árbitro no habla el idioma &#39;klingon&#39;" in html
    assert "Solicitud incorrecta" in html


# --- every answer says its language ------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/rules",
        "/rules/samba",
        "/notation",
        "/editor",
        "/h",
        "/api/docs",
        "/healthz",
        "/api/v1/rulesets",
        "/nowhere",
    ],
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_has_content_language(client: Any, path: str, language: str) -> None:
    answer = client.get(path, query_string={"lang": language})
    assert answer.headers["Content-Language"] == language
    assert "Accept-Language" in answer.headers.get("Vary", "")


def test_a_static_file_has_no_language(client: Any) -> None:
    assert "Content-Language" not in client.get("/static/arbiter.css?lang=es").headers


# --- the language stays in the URL -------------------------------------------------------------


def _links(html: str) -> list[str]:
    return re.findall(r'(?:href|action|formaction)="([^"#][^"]*)"', html)


@pytest.mark.parametrize("path", ["/", "/rules", "/rules/hoyle", "/editor", "/h", "/notation", "/api/docs"])
def test_every_link_and_form_of_a_page_carries_its_language(client: Any, path: str) -> None:
    html = client.get(path, query_string={"lang": "pt"}).get_data(as_text=True)
    own = [link for link in _links(html) if link.startswith("/") and not link.startswith("/static/")]
    assert own, "the page links nowhere"
    switch = {f"lang={code}" for code in LANGUAGES}
    for link in own:
        assert any(word in link for word in switch), f"{link} does not carry the language"
    assert all("lang=pt" in link for link in own if not _in_switch(html, link))


def _in_switch(html: str, link: str) -> bool:
    switch = re.search(r'<div class="languages".*?</div>', html, re.S)
    return switch is not None and f'"{link}"' in switch.group(0)


def test_a_plain_english_page_keeps_plain_links(client: Any) -> None:
    html = client.get("/rules").get_data(as_text=True)
    assert 'href="/rules/samba"' in html
    assert 'href="/rules/samba?lang=en"' in client.get("/rules?lang=en").get_data(as_text=True)


def test_the_form_posts_in_the_pages_language_and_the_ruling_answers_in_it(client: Any) -> None:
    html = client.get("/?lang=es").get_data(as_text=True)
    assert 'action="/?lang=es"' in html
    ruled = client.post("/?lang=es", data={"record": ILLEGAL_SAMPLE})
    assert ruled.headers["Content-Language"] == "es"
    assert "Ir a la primera observación" in ruled.get_data(as_text=True)


def test_a_kept_ruling_link_opens_in_the_language_it_was_kept_in(client: Any) -> None:
    kept = client.post("/r?lang=it", data={"record": ILLEGAL_SAMPLE}, follow_redirects=True)
    assert kept.status_code == 200 and kept.request.args["kept"] == "new"
    link = re.search(r'id="kept-link" type="text" readonly value="([^"]+)"', kept.get_data(as_text=True))
    assert link is not None and link.group(1).endswith("?lang=it")
    other_table = client.application.test_client()  # the link sent: no receipt there
    opened = other_table.get(link.group(1).removeprefix("http://localhost"))
    assert opened.headers["Content-Language"] == "it"
    assert "La decisione è conservata" not in opened.get_data(as_text=True)  # the receipt is the keeper's
    assert "Giudicata di nuovo ora" in opened.get_data(as_text=True)


def test_the_editors_links_carry_the_language_once(client: Any) -> None:
    html = client.get("/editor?lang=es&rules=samba").get_data(as_text=True)
    assert '<input type="hidden" name="lang" value="es">' in html  # "Link to this table" sends the form
    link = client.get("/editor?rules=samba&lang=es&do=link").headers["Location"]
    assert link.startswith("/editor?lang=es&") and link.count("?") == 1


def test_the_switch_names_each_language_in_itself_and_marks_the_current_one(client: Any) -> None:
    html = client.get("/rules/classic?lang=it").get_data(as_text=True)
    switch = re.search(r'<div class="languages" role="navigation" aria-label="Lingua".*?</div>', html, re.S)
    assert switch is not None
    for code, name in LANGUAGES.items():
        assert f'lang="{code}" hreflang="{code}"' in switch.group(0)
        assert f">{name}</a>" in switch.group(0)
    assert switch.group(0).count("aria-current") == 1
    assert 'href="/rules/classic?lang=it" lang="it" hreflang="it" aria-current="true"' in switch.group(0)


def test_the_switch_keeps_the_pages_other_parameters(client: Any) -> None:
    html = client.get("/?example=samba&lang=es").get_data(as_text=True)
    assert 'href="/?example=samba&amp;lang=pt"' in html


# --- every page in every language --------------------------------------------------------------


class _Text(HTMLParser):
    """The words a reader sees (and hears: titles, labels, placeholders), without code, record
    text and the language switch, which are the same in every language."""

    SKIPPED = frozenset({"code", "pre", "script", "style", "textarea", "option"})
    SAID = ("title", "aria-label", "placeholder", "data-label")

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag in self.SKIPPED or (tag == "div" and attributes.get("class") == "languages") or tag == "select":
            self.skipping.append(tag)
        if not self.skipping:
            self.words += [value for name, value in attrs if name in self.SAID and value]

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.words.append(" ".join(data.split()))


def seen(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.words


def left_in_english(english: str, translated: str, language: str, also: frozenset[str] = frozenset()) -> list[str]:
    """The words of the English page the translated page still shows, leaving out those that are
    not the page's own (rule sets' data and rulings from the other catalogues, names, cards, and
    any part of the texts `also`), and those a language writes as English does ("API")."""
    translator = Translator(language)
    same = set(seen(english)) & set(seen(translated))
    return sorted(
        words
        for words in same
        if re.search(r"[A-Za-z]{3}", words)
        and not any(words in text for text in also)
        and not _written_alike(translator, words)
        and _is_the_pages_own(words)
    )


def _written_alike(translator: Translator, words: str) -> bool:
    """A message of the page the language writes as English does (Endpoints, Status, Total)."""
    catalogue = translator.catalogue
    return words in getattr(catalogue, "_catalog", {}) and translator.gettext(words) == words


def _openapi_words(client: Any) -> frozenset[str]:
    """Every text of the OpenAPI document, which the API docs page shows in English (it says so)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(" ".join(str(k).split()) for k in value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(" ".join(value.split()))

    walk(client.get("/api/openapi.json").get_json())
    return frozenset(found)


@functools.cache
def page_words() -> frozenset[str]:
    """The page's own messages, each cut at its markup and placeholders."""
    own: set[str] = set()
    for message in messages.template("web"):
        if message.id:
            for template in message.id if isinstance(message.id, tuple) else (message.id,):
                own.update(part.strip() for part in re.split(r"<[^>]+>|%\(\w+\)s|\{[^}]*\}", template))
    return frozenset(part for part in own if re.search(r"[A-Za-z]{3}", part))


@functools.cache
def data_words() -> frozenset[str]:
    """The other catalogues' messages (the rule sets' data, the rulings): put into the page, not its own."""
    return frozenset(
        " ".join(m.id.split())
        for d in messages.SOURCES
        if d != "web"
        for m in messages.template(d)
        if isinstance(m.id, str)
    )


SAME_IN_EVERY_LANGUAGE = frozenset(
    {"API", "Bonus", "Stop", "Caliente", "Positions", "draw", "take", "with", "meld", "add", "to", "discard"}
)
"""Words a page says alike in every language: a name, the brand words of the Caliente cards, the
notation's keywords (the editor's word buttons) and the title of the English notation document's
section a page links to."""


def _is_the_pages_own(words: str) -> bool:
    """The words are one of the page's messages (or a long part of one), not data put into one."""
    data = data_words()
    if words.strip(".,;: ") in SAME_IN_EVERY_LANGUAGE or words.rstrip(".") in data or words in data:
        return False
    own = page_words()
    return words in own or any(part in words for part in own if len(part) >= 24)


def _pages(client: Any, language: str) -> dict[str, str]:
    query = {"lang": language}
    pages = {
        path: client.get(path, query_string=query).get_data(as_text=True)
        for path in ("/", "/rules", "/rules/caliente", "/rules/hand-and-foot", "/editor", "/h", "/api/docs")
    }
    pages["/editor (samba, moves)"] = client.get(
        "/editor", query_string={**query, "rules": "samba", "do": "moves"}
    ).get_data(as_text=True)
    pages["ruling"] = client.post("/", query_string=query, data={"record": ILLEGAL_SAMPLE}).get_data(as_text=True)
    pages["round"] = client.post(
        "/", query_string=query, data={"record": ILLEGAL_SAMPLE + "\n" + ILLEGAL_SAMPLE}
    ).get_data(as_text=True)
    kept = client.post("/r", query_string=query, data={"record": ILLEGAL_SAMPLE}, follow_redirects=True)
    pages["kept"] = kept.get_data(as_text=True)
    found = re.search(r"/r/([A-Za-z0-9_-]+)/delete\?token=([^\"&]+)", pages["kept"])
    assert found is not None
    pages["delete"] = client.get(
        f"/r/{found.group(1)}/delete", query_string={**query, "token": found.group(2)}
    ).get_data(as_text=True)
    rulebook = client.post("/h", query_string=query, data={"rulebook": _rulebook()})
    pages["rulebook"] = client.get(rulebook.headers["Location"]).get_data(as_text=True)
    pages["404"] = client.get("/nowhere", query_string=query).get_data(as_text=True)
    pages["422"] = client.post("/", query_string=query, data={"record": " "}).get_data(as_text=True)
    return pages


def _rulebook() -> str:
    from arbiter_web.pages.rulebook_pages import EXAMPLE as RULEBOOK

    return RULEBOOK


@pytest.mark.parametrize("language", OTHERS)
def test_no_page_leaves_its_own_words_in_english(client: Any, language: str) -> None:
    english, translated = _pages(client, "en"), _pages(client, language)
    api_words = _openapi_words(client)
    for name, html in translated.items():
        assert f'<html lang="{language}">' in html, name
        also = api_words if name == "/api/docs" else frozenset()
        assert not left_in_english(english[name], html, language, also), name


@pytest.mark.parametrize("language", OTHERS)
def test_the_web_catalogue_is_complete(language: str) -> None:
    assert messages.problems(language, "web") == []


def test_the_404_and_422_pages_are_said_in_the_language(client: Any) -> None:
    missing = client.get("/r/nothing-here?lang=pt")
    assert missing.status_code == 404
    assert "Nenhuma decisão está guardada nesse link" in missing.get_data(as_text=True)
    empty = client.post("/?lang=it", data={"record": ""})
    assert empty.status_code == 422
    assert "Incolla una registrazione nel riquadro" in empty.get_data(as_text=True)


def test_the_notation_page_says_in_the_language_that_the_document_is_english(client: Any) -> None:
    assert 'id="notation-language"' not in client.get("/notation").get_data(as_text=True)
    html = client.get("/notation?lang=es").get_data(as_text=True)
    assert "Este documento está en inglés" in html
    assert '<article class="notation-doc" lang="en">' in html


# --- rulings' words through the Translator -----------------------------------------------------


def test_a_findings_text_is_said_by_the_translator(app: Any) -> None:
    with app.test_request_context("/?lang=es"):
        text = msg("{first}, {rest}", first=msg("Valid"), rest=msg("Illegal"))
        assert lang.say(text) == "Válida, Ilegal"
        assert Translator("es").unknown(text) == []


def test_a_round_title_is_said_with_its_counts_in_the_language(app: Any) -> None:
    games = [full_ruling(), arbiter.GameRuling(index=2, line=30, rules="caliente")]
    with app.test_request_context("/?lang=pt", content_length=10):
        html = page.render_ruling(ILLEGAL_SAMPLE, games)
    assert "2 partidas: 1 válida, 1 irregular" in html


def test_the_ruling_page_says_the_verdict_and_the_table_in_italian(client: Any) -> None:
    html = client.post("/?lang=it", data={"record": ILLEGAL_SAMPLE}).get_data(as_text=True)
    for words in ("Esito", "Irregolare", "Il tavolo subito prima di questa giocata", "Cosa era consentito", "Tallone"):
        assert words in html


def test_scores_are_grouped_as_the_language_writes_them(app: Any) -> None:
    with app.test_request_context("/?lang=es", content_length=10):
        html = page.render_ruling(ILLEGAL_SAMPLE, [full_ruling()])
    assert '<td class="num" data-label="bob+dee: contados">1.190</td>' in html


# --- the API ----------------------------------------------------------------------------------


def test_the_api_answers_in_the_language_of_the_lang_parameter(client: Any) -> None:
    answer = client.post("/api/v1/rulings?lang=it", data=ILLEGAL_SAMPLE, content_type="text/plain")
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] == "it"
    finding = answer.get_json()["games"][0]["findings"][0]
    assert finding["code"] == "card-not-held"  # codes and keys never change
    judged = next(iter(arbiter.check(ILLEGAL_SAMPLE))).findings[0]
    assert finding["rule"] == Translator("it")(judged.rule) != judged.rule  # the rule's name in Italian


def test_the_api_answers_in_the_language_of_accept_language(client: Any) -> None:
    answer = client.get("/api/v1/rulesets/samba", headers={"Accept-Language": "es"})
    assert answer.headers["Content-Language"] == "es"
    body, english = answer.get_json(), client.get("/api/v1/rulesets/samba?lang=en").get_json()
    assert body["name"] == "samba"
    assert [o["name"] for o in body["options"]] == [o["name"] for o in english["options"]]
    assert body["rules"][0]["name"] == Translator("es")("Players")


def test_an_api_error_is_said_in_the_language(client: Any) -> None:
    answer = client.post("/api/v1/rulings?lang=es", data=b"{", content_type="application/json")
    assert answer.status_code == 400
    assert answer.headers["Content-Language"] == "es"
    assert answer.get_json()["status"] == "Bad Request"  # HTTP's name stays, for clients that compare it


def test_a_schema_error_is_said_in_the_language(client: Any) -> None:
    answer = client.post("/api/v1/rulings", json={}, headers={"Accept-Language": "pt-BR"})
    assert answer.status_code == 422
    assert answer.get_json()["message"].startswith("a requisição não segue o esquema")


def test_the_openapi_document_describes_lang_accept_language_and_content_language(client: Any) -> None:
    spec = client.get("/api/openapi.json").get_json()
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "delete", "patch"):
                continue
            names = {(p["name"], p["in"]) for p in operation["parameters"]}
            assert {("lang", "query"), ("Accept-Language", "header")} <= names, (method, path)
            assert "lang" in operation["responses"]["400"]["description"], (method, path)
            for answer in operation["responses"].values():
                if "$ref" not in answer:  # flask-smorest's shared answers, added after the plugins
                    assert "Content-Language" in answer["headers"], (method, path)


def test_a_kept_ruling_is_judged_again_so_that_its_words_can_be_said_in_another_language(app: Any, client: Any) -> None:
    from arbiter_web.storage import permalink, stored

    kept_page = client.post("/r", data={"record": ILLEGAL_SAMPLE}, follow_redirects=True).get_data(as_text=True)
    found = re.search(r"/r/([A-Za-z0-9_-]+)/delete", kept_page)
    assert found is not None
    with app.test_request_context("/?lang=en"):
        kept = stored.store().get(found.group(1))
        assert kept is not None
        english = permalink.said_games(kept, permalink.judged_again(kept))
    with app.test_request_context("/?lang=it"):
        italian = permalink.said_games(kept, permalink.judged_again(kept))
    assert not english[0].coverage  # the kept JSON, as it is
    assert italian[0].coverage  # judged again: the same ruling, with its sentences as Texts
    assert [g.to_dict() for g in italian] == kept.games


UNSCORED_SAMPLE = (Path(__file__).resolve().parent.parent / "samples" / "caliente-illegal-foot-dealt.acn").read_bytes()


def test_the_api_says_the_score_sheets_reasons_in_the_language(client: Any) -> None:
    answer = client.post("/api/v1/rulings?lang=es", data=UNSCORED_SAMPLE, content_type="text/plain")
    reasons = [hand["reason"] for hand in answer.get_json()["games"][0]["sheet"]["hands"] if hand.get("reason")]
    assert reasons and all("no se puede puntuar" in r or "el reglamento no prevé" in r for r in reasons), reasons


def test_the_api_gives_each_ruling_as_the_library_says_it_in_the_language(client: Any) -> None:
    for language in OTHERS:
        answer = client.post(f"/api/v1/rulings?lang={language}", data=UNSCORED_SAMPLE, content_type="text/plain")
        assert answer.get_json()["games"] == [g.to_dict(language) for g in arbiter.check(UNSCORED_SAMPLE)]


def test_a_kept_ruling_from_the_api_is_said_in_the_language(client: Any) -> None:
    kept = client.post("/api/v1/rulings/stored", json={"record": ILLEGAL_SAMPLE}).get_json()
    english = client.get(f"/api/v1/rulings/{kept['id']}").get_json()
    italian = client.get(f"/api/v1/rulings/{kept['id']}?lang=it").get_json()
    assert english["games"] == kept["games"]
    assert italian["games"] == [g.to_dict("it") for g in arbiter.check(ILLEGAL_SAMPLE)] != english["games"]
    assert [f["code"] for f in italian["games"][0]["findings"]] == [f["code"] for f in english["games"][0]["findings"]]


@pytest.mark.parametrize("language", OTHERS)
def test_how_todays_arbiter_differs_from_a_kept_ruling_is_said_in_the_language(language: str) -> None:
    from arbiter_web.storage import stored

    game = next(iter(arbiter.check(ILLEGAL_SAMPLE))).to_dict()
    other = game | {"verdict": "valid", "findings": [], "totals": {}, "winner": None}
    say = Translator(language)
    for kept, today in ((game, None), (None, game), (game, other), (game, game | {"line": 0})):
        what = stored._differences(kept, today)
        assert say.unknown(what) == [] and say(what) != what, what


def test_the_stores_and_services_limits_are_said_in_the_language() -> None:
    from arbiter_web.service import TooManyGames
    from arbiter_web.storage.rulebook_store import RulebookTooLarge
    from arbiter_web.storage.store import RecordTooLarge, StoreFull

    for error in (RecordTooLarge(1000), StoreFull(1000), RulebookTooLarge(), TooManyGames(10)):
        for language in OTHERS:
            say = Translator(language)
            assert say.unknown(lang.said(error)) == [] and say(lang.said(error)) != str(error), error


# --- a schema failure in the language ------------------------------------------------------------

SCHEMA_FAILURES = {
    "missing field": ("/api/v1/rulings", {"json": {}}),
    "wrong type": ("/api/v1/rulings", {"json": {"record": 5}}),
    "not a whole number": ("/api/v1/legal-actions", {"json": {"record": "x", "hand": "two", "turn": 1}}),
    "out of range": ("/api/v1/legal-actions", {"json": {"record": "x", "hand": 0, "turn": 1}}),
    "below the least": ("/api/v1/tables", {"json": {"record": "x", "hand": 0}}),
    "too long": (
        "/api/v1/rulings",
        {"data": "x", "content_type": "text/plain", "query_string": "&".join(101 * ["option=target=1"])},
    ),
    "too short": ("/api/v1/rulebooks", {"json": {"text": ""}}),
    "not among the choices": ("/api/v1/rulings", {"json": {"record": "x", "options": {"wild-ratio": "lots"}}}),
    "unknown rule set": ("/api/v1/rulings", {"data": "x", "content_type": "text/plain", "query_string": "rules=nope"}),
    "unknown field": ("/api/v1/rulings", {"json": {"record": "x", "extra": 1}}),
    "unknown parameter": ("/api/v1/rulings", {"data": "x", "content_type": "text/plain", "query_string": "extra=1"}),
    "no such option": ("/api/v1/rulings", {"json": {"record": "x", "options": {"no-such-option": 1}}}),
    "yes or no": ("/api/v1/rulings", {"json": {"record": "x", "options": {"always-frozen": "maybe"}}}),
    "a number": ("/api/v1/rulings", {"json": {"record": "x", "options": {"target": "many"}}}),
    "a word": ("/api/v1/rulings", {"json": {"record": "x", "options": {"wild-ratio": 5}}}),
    "a written form": ("/api/v1/rulings", {"json": {"record": "x", "options": {"minimums": "low"}}}),
    "a rulebook's digest": ("/api/v1/rulings", {"json": {"record": "x", "house": "zz"}}),
}
"""A request for each kind of schema failure: marshmallow's own messages and the project's."""

KNOWN_WORDS = {
    "missing field": {"es": "obligatorio", "pt": "obrigatório", "it": "obbligatorio"},
    "wrong type": {"es": "texto", "pt": "texto", "it": "testo"},
    "not a whole number": {"es": "entero", "pt": "inteiro", "it": "intero"},
    "out of range": {"es": "mayor o igual", "pt": "maior ou igual", "it": "maggiore o uguale"},
    "below the least": {"es": "mayor o igual", "pt": "maior ou igual", "it": "maggiore o uguale"},
    "too long": {"es": "longitud máxima", "pt": "comprimento máximo", "it": "lunghezza massima"},
    "too short": {"es": "longitud mínima", "pt": "comprimento mínimo", "it": "lunghezza minima"},
    "not among the choices": {"es": "uno de", "pt": "um de", "it": "uno tra"},
    "unknown rule set": {
        "es": "reglamento desconocido",
        "pt": "regulamento desconhecido",
        "it": "regolamento sconosciuto",
    },
    "unknown field": {"es": "desconocido", "pt": "desconhecido", "it": "sconosciuto"},
    "unknown parameter": {"es": "desconocido", "pt": "desconhecido", "it": "sconosciuto"},
    "no such option": {"es": "ninguna opción", "pt": "não há opção", "it": "nessuna opzione"},
    "yes or no": {"es": "sí o no", "pt": "sim ou não", "it": "sì o no"},
    "a number": {"es": "opción numérica", "pt": "opção numérica", "it": "opzione numerica"},
    "a word": {"es": "sus palabras", "pt": "suas palavras", "it": "sue parole"},
    "a written form": {
        "es": "minimums es cuatro números",
        "pt": "minimums é quatro números",
        "it": "minimums è quattro numeri",
    },
    "a rulebook's digest": {"es": "de 12 a 64 dígitos", "pt": "de 12 a 64 dígitos", "it": "da 12 a 64 cifre"},
}


def _messages(errors: Any) -> list[str]:
    """Every message of a 422's `errors`, in order."""
    if isinstance(errors, dict):
        return [m for value in errors.values() for m in _messages(value)]
    if isinstance(errors, list):
        return [m for value in errors for m in _messages(value)]
    return [errors]


def _refused(client: Any, failure: str, language: str) -> dict[str, Any]:
    path, request = SCHEMA_FAILURES[failure]
    query = request.get("query_string", "")
    answer = client.post(path, **{**request, "query_string": f"{query}&lang={language}".lstrip("&")})
    assert answer.status_code == 422, (failure, answer.get_json())
    assert answer.headers["Content-Language"] == language
    return answer.get_json()


@pytest.mark.parametrize("failure", SCHEMA_FAILURES)
@pytest.mark.parametrize("language", OTHERS)
def test_a_schema_failure_is_said_in_the_language_message_and_errors(client: Any, failure: str, language: str) -> None:
    english, said = _refused(client, failure, "en"), _refused(client, failure, language)
    problems = _messages(english["errors"])
    assert problems and len(_messages(said["errors"])) == len(problems)
    assert KNOWN_WORDS[failure][language] in said["message"], said["message"]
    for problem, translated in zip(problems, _messages(said["errors"]), strict=True):
        assert problem not in said["message"] and problem != translated, (failure, problem)
        assert translated in said["message"] or problem not in english["message"]
    assert all(word not in said["message"] for word in ("Missing", "Not a valid", "Must be", "Unknown", "Longer"))
    assert _keys(said["errors"]) == _keys(english["errors"])  # fields and locations are keys: they stay


def _keys(errors: Any) -> Any:
    return {key: _keys(value) for key, value in errors.items()} if isinstance(errors, dict) else None


def test_a_schema_failure_in_english_is_as_marshmallow_and_the_schemas_write_it(client: Any) -> None:
    answer = _refused(client, "too long", "en")
    assert answer["errors"] == {"query": {"option": ["Longer than maximum length 100."]}}
    assert (
        answer["message"]
        == "the request does not fit the schema (query.option: Longer than maximum length 100.); see errors"
    )
    form = _refused(client, "a written form", "en")["errors"]["json"]["options"]["minimums"]
    assert form == ["minimums is four numbers joined by /, for rounds 1 to 4 (50/90/120/150)"]


def _schema_classes() -> list[type]:
    """Every schema of the web adapter's modules."""
    import importlib
    import pkgutil

    from marshmallow import Schema

    import arbiter_web

    found: dict[type, None] = {}
    for module in pkgutil.iter_modules(arbiter_web.__path__):
        loaded = importlib.import_module(f"arbiter_web.{module.name}")
        for value in vars(loaded).values():
            if isinstance(value, type) and issubclass(value, Schema) and value.__module__.startswith("arbiter_web"):
                found[value] = None
    return list(found)


def _fields(field: Any, seen: set[int]) -> list[Any]:
    """A field and the fields inside it (a list's items, a dict's keys and values, a nested schema's)."""
    from marshmallow import fields

    if id(field) in seen:
        return []
    seen.add(id(field))
    inner: list[Any] = []
    if isinstance(field, fields.List):
        inner = [field.inner]
    elif isinstance(field, fields.Mapping):
        inner = [f for f in (field.key_field, field.value_field) if f is not None]
    elif isinstance(field, fields.Nested):
        inner = list(field.schema.fields.values())
    return [field, *(f for i in inner for f in _fields(i, seen))]


def _schema_templates() -> set[str]:
    """Every message a schema of the adapter may give, as marshmallow holds it before formatting."""
    from marshmallow import validate

    templates: set[str] = set()
    ranges = [validate.Range(0, 1, min_inclusive=a, max_inclusive=b) for a in (True, False) for b in (True, False)]
    ranges += [validate.Range(min=0, min_inclusive=a) for a in (True, False)]
    ranges += [validate.Range(max=1, max_inclusive=b) for b in (True, False)]
    seen: set[int] = set()
    for cls in _schema_classes():
        schema = cls()
        templates |= {str(m) for m in schema.error_messages.values()}
        for field in (f for top in schema.fields.values() for f in _fields(top, seen)):
            templates |= {str(m) for m in field.error_messages.values()}
            for validator in field.validators:
                if isinstance(validator, validate.Length):
                    templates |= {validator.message_min, validator.message_max, validator.message_all}
                    templates.add(validator.message_equal)
                elif isinstance(validator, validate.Range):
                    templates |= {m for r in ranges for m in (r.message_min, r.message_max, r.message_all)}
                elif isinstance(validator, validate.OneOf | validate.Regexp) and not getattr(
                    validator.error, "params", None
                ):
                    templates.add(str(validator.error))  # a Text with values is said as it is (SaidRegexp)
    return templates


def test_every_message_a_schema_may_give_is_in_the_table() -> None:
    from arbiter_web.serving import schema_errors

    table = {template.msgid for template in schema_errors.TEMPLATES}
    missing = _schema_templates() - table
    assert not missing, f"add these to arbiter_web/serving/schema_errors.py and translate them: {sorted(missing)}"


@pytest.mark.parametrize("language", OTHERS)
def test_every_template_of_the_table_is_recognised_and_translated(language: str) -> None:
    import string

    from arbiter_web.serving import schema_errors

    say = Translator(language)
    for template in schema_errors.TEMPLATES:
        names = [name for _, name, _, _ in string.Formatter().parse(template.msgid) if name]
        values = {name: f"<{name}{i}>" for i, name in enumerate(names)}
        rendered = template.msgid.format(**values)
        found = schema_errors.recognised(rendered)
        assert getattr(found, "msgid", None) == template.msgid and dict(found.params) == values, rendered
        assert say.unknown(found) == [] and say(found) != rendered, (language, rendered)
        assert all(value in say(found) for value in values.values())  # the values are put in as they are


def test_a_message_no_template_wrote_stays_as_it_is() -> None:
    from arbiter_web.serving import schema_errors

    assert schema_errors.recognised("something else entirely") == "something else entirely"
    assert schema_errors.recognised("Not a valid integer.").msgid == "Not a valid integer."  # not {obj_type}
