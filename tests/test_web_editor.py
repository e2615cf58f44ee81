"""The situation editor and the notation page through Flask's test client: the editor works
without JavaScript, its Check gives the ruling `arbiter check` gives on the record it wrote, a
ruling opens back in the editor, and bad input gets a message, never a 500."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from web_support import EXAMPLE, never_500  # noqa: F401 (a fixture, used by pytestmark)

import arbiter
from app import create_app

pytestmark = pytest.mark.usefixtures("never_500")
SAMPLES = Path(__file__).parent.parent / "samples"

PROTEST = {
    "rules": "caliente",
    "seats": "ann bob cid dee",
    "teams": "ann+cid bob+dee",
    "hand": "3",
    "hold.ann": "4 4 9 9 K Q",
    "hold.bob": "5 6 7 8 10 J",
    "hold.cid": "5 5 A A 2 S 10",
    "hold.dee": "6 6 8 J Q K",
    "melds.ann+cid": "[7 7 7 7 2] [J J J]",
    "laid.ann+cid": "B",
    "melds.bob+dee": "[10 10 10 10 10 10 X] [4 4 2]",
    "pile": "8 Q 5 2 9",
    "total.ann+cid": "1620",
    "total.bob+dee": "980",
    "turn": "ann",
    "move": "take 9 with [9 9], discard 4",
}


@pytest.fixture(scope="module")
def app() -> Any:
    """One app for the file, each test its own client: the editor's answers keep nothing."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


def written(body: str) -> str:
    found = re.search(r'<pre class="sample" id="written-record"[^>]*>(.*?)</pre>', body, re.S)
    assert found, "the page shows the record the editor wrote"
    return html.unescape(found.group(1))


def codes(body: str) -> list[str]:
    return re.findall(r'<span class="code">(?:<a [^>]*>)?([a-z0-9-]+)', body)


def test_the_editor_is_linked_from_every_page(client):
    body = client.get("/rules").get_data(as_text=True)
    assert 'href="/editor"' in body


def test_check_gives_the_ruling_arbiter_check_gives_on_the_written_record(client):
    response = client.post("/editor", data={**PROTEST, "do": "check"})
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    record = written(body)
    (expected,) = list(arbiter.check(record))
    assert codes(body) == [f.code for f in expected.findings]
    assert "ann: take 9 with [9 9], discard 4" in record
    assert "The record the editor wrote" in body


def test_the_editor_reads_the_table_it_was_given(client):
    body = client.get("/editor?" + urlencode(PROTEST)).get_data(as_text=True)
    record = written(body)
    assert "table ann+cid [7 7 7 7 2] [J J J] B" in record
    assert "total ann+cid 1620 bob+dee 980" in record
    assert "pile 8 Q 5 2 9" in record


def test_the_legal_moves_are_listed_and_picking_one_adds_it_to_the_move(client):
    fields = {**PROTEST, "move": "", "do": "moves"}
    body = client.post("/editor", data=fields).get_data(as_text=True)
    picks = re.findall(r'name="pick" value="([^"]+)"', body)
    assert "draw 7" in picks
    body = client.post("/editor", data={**fields, "do": "", "pick": "draw 7"}).get_data(as_text=True)
    assert 'id="move" name="move" value="draw 7"' in body
    assert "discard 4" in re.findall(r'name="pick" value="([^"]+)"', body)


def test_an_illegal_move_so_far_says_why_instead_of_listing_moves(client):
    body = client.post("/editor", data={**PROTEST, "move": "discard Q", "do": "moves"}).get_data(as_text=True)
    assert "The move so far is not allowed" in body


def test_too_many_cards_of_a_kind_is_a_message_not_a_refusal(client):
    response = client.post("/editor", data={**PROTEST, "hold.bob": "9 9 9 9 9 9 9 9", "do": "setup"})
    assert response.status_code == 200
    assert "there are 11 cards 9 on this table, but Canasta Caliente with 2 packs has only 8" in response.get_data(
        as_text=True
    )


def test_a_family_that_cannot_seat_the_players_gets_its_usual_table(client):
    body = client.post("/editor", data={**PROTEST, "rules": "hoyle", "do": "setup"}).get_data(as_text=True)
    assert 'name="seats" value="ann bob"' in body
    assert "discard pile" in body and "Prize pile" not in body


@pytest.mark.parametrize(
    "fields",
    [
        {"rules": "nonsense"},
        {"seats": "ann"},
        {"variant": "no-such-option"},
        {"hand": "three"},
        {"total.ann+cid": "lots"},
        {"hold.ann": "[[[ ]]] Z 99"},
        {"melds.ann+cid": "[7 7"},
        {"turn": "zed"},
    ],
)
def test_bad_input_gets_a_page_never_a_500(client, fields):
    for do in ("setup", "moves", "check"):
        response = client.post("/editor", data={**PROTEST, **fields, "do": do})
        assert response.status_code == 200, do


def test_edit_this_table_opens_the_table_before_the_disputed_move(client):
    text = (SAMPLES / "caliente-illegal-frozen-pile-taken-with-wild.acn").read_text(encoding="utf-8")
    ruling = client.post("/", data={"record": text}).get_data(as_text=True)
    at = html.unescape(re.search(r'name="at"\s+value="([^"]+)"', ruling).group(1))
    body = client.post("/editor/open", data={"record": text, "at": at}).get_data(as_text=True)
    assert 'value="take 9 with [9 2], discard 5"' in body
    again = client.post("/", data={"record": written(body)}).get_data(as_text=True)
    assert codes(again)[:1] == codes(ruling)[:1] == ["take-frozen"]


def test_edit_this_table_keeps_who_sits_out_the_hand(client):
    text = (SAMPLES / "caliente-5-players.acn").read_text(encoding="utf-8")
    ruling = client.post("/", data={"record": text}).get_data(as_text=True)
    at = html.unescape(re.search(r'name="at"\s+value="([^"]+)"', ruling).group(1))
    body = client.post("/editor/open", data={"record": text, "at": at}).get_data(as_text=True)
    sitting_out = re.search(r'id="sitout" name="sitout" value="([^"]*)"', body).group(1)
    assert sitting_out in ("cid", "eve")
    again = client.post("/", data={"record": written(body)}).get_data(as_text=True)
    assert codes(again) == codes(ruling) == [] and "valid" in again


def test_a_ruling_without_an_error_opens_its_last_turn(client):
    ruling = client.post("/", data={"record": EXAMPLE}).get_data(as_text=True)
    assert "Edit this table" in ruling


@pytest.mark.parametrize("at", ["", "1:99:1", "9:1:1", "x:y:z", "1:1:999"])
def test_a_table_that_cannot_be_opened_says_why(client, at):
    response = client.post("/editor/open", data={"record": EXAMPLE, "at": at})
    assert response.status_code == 422
    assert "cannot be opened in the editor" in response.get_data(as_text=True)


def test_the_notation_is_served_with_an_anchor_per_section(client):
    body = client.get("/notation").get_data(as_text=True)
    assert '<h2 id="positions">Positions</h2>' in body
    assert '<h2 id="rule-set-families">Rule-set families</h2>' in body
    assert "<script" not in body


def test_a_notation_finding_links_to_its_section(client):
    body = client.post(
        "/", data={"record": '[Rules "caliente"]\n[Seats "ann bob"]\n\nhand 1 dealer ann\ndeal ann 4 Z\n'}
    )
    text = body.get_data(as_text=True)
    assert re.search(r'<a href="/notation#cards"[^>]*>unknown-card</a>', text)


def test_the_page_never_speaks_of_flags(client):
    body = client.post("/", data={"record": '[Rules "samba"]\n[Seats "a b"]\n', "rules": "caliente"})
    text = body.get_data(as_text=True)
    assert body.status_code == 422 and "flag" not in text.replace("flagged", "")


def test_the_house_rulebook_is_passed_through(client):
    body = client.get("/editor?house=thursday-club").get_data(as_text=True)
    assert 'name="house" value="thursday-club"' in body
    linked = client.get("/editor?house=thursday-club&do=link")
    assert linked.status_code == 303 and "house=thursday-club" in linked.headers["Location"]


THURSDAY_CLUB = """name = "Thursday Club"
version = 1
family = "caliente"

[rules.always-frozen]
value = true
note = "The pile is always frozen at our tables."
"""


def test_the_editor_judges_by_the_house_rulebook_of_its_link(tmp_path):
    client = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'kept.db'}"}).test_client()
    kept = client.post("/api/v1/rulebooks", json={"text": THURSDAY_CLUB}).get_json()
    body = client.post("/editor", data={**PROTEST, "house": kept["digest"], "do": "check"}).get_data(as_text=True)
    assert f"#{kept['digest']}" in body and "Thursday Club" in body
    other = client.post("/editor", data={**PROTEST, "rules": "samba", "house": kept["digest"], "do": "check"})
    assert other.status_code == 422 and "Thursday Club" in other.get_data(as_text=True)
    unknown = client.post("/editor", data={**PROTEST, "house": "0123456789ab", "do": "check"})
    assert unknown.status_code == 422 and "no rulebook is kept" in unknown.get_data(as_text=True).lower()


FAMILIES = arbiter.families.names()


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_an_example_with_a_disputed_move(client, family):
    body = client.get(f"/?example={family}").get_data(as_text=True)
    record = html.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", body, re.S).group(1))
    (game,) = list(arbiter.check(record))
    assert game.rules == family and game.errors


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_has_a_position_to_start_from_that_reads_cleanly(client, family):
    body = client.get(f"/?skeleton={family}").get_data(as_text=True)
    record = html.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", body, re.S).group(1))
    (game,) = list(arbiter.check(record))
    assert game.rules == family and not game.malformed and "position" in record


def test_the_home_page_offers_every_family_a_way_in(client):
    body = client.get("/").get_data(as_text=True)
    for family in FAMILIES:
        assert f"/?example={family}#record" in body and f"/editor?rules={family}" in body


@pytest.mark.parametrize("path", ["/editor", "/editor?rules=hand-and-foot", "/notation", "/", "/?skeleton=samba"])
def test_the_new_pages_keep_the_content_security_policy(client, path):
    from test_web_page import Elements

    body = client.get(path).get_data(as_text=True)
    page = Elements(body)
    for tag, attrs in page.elements:
        assert tag != "script" or (attrs.get("src") or "").startswith("/static/"), "only the site's own scripts"
        assert not [name for name in attrs if name.startswith("on")] and "style" not in attrs, attrs
    ids = [attrs["id"] for _, attrs in page.elements if attrs.get("id")]
    assert len(ids) == len(set(ids)), "every id once"


def test_every_editor_control_has_a_label(client):
    from test_web_page import Elements

    page = Elements(client.get("/editor?rules=hand-and-foot").get_data(as_text=True))
    labelled = {attrs.get("for") for tag, attrs in page.elements if tag == "label"}
    for tag, attrs in page.elements:
        if tag in ("input", "select") and attrs.get("type") not in ("hidden", "checkbox"):
            assert attrs.get("id") in labelled, attrs


def answer_of(body: str) -> str:
    """The editor's answer section, before the folded audit."""
    found = re.search(r'<section class="banner answer[^"]*" id="answer".*?</section>', body, re.S)
    assert found, "the page answers the question first"
    return found.group(0)


def audit_of(body: str) -> str:
    found = re.search(r'<details class="audit" id="audit">(.*)</details>', body, re.S)
    assert found, "the full ruling is one click away"
    return found.group(1)


def test_an_allowed_move_is_answered_allowed_with_the_table_after_it(client):
    body = client.post("/editor", data={**PROTEST, "do": "check"}).get_data(as_text=True)
    answer = answer_of(body)
    assert re.search(r'id="answer-title"[^>]*>Allowed<', answer)
    assert "Next to play: bob." in answer
    head = body[: body.index('<details class="audit"')]
    assert "The table after the move" in head
    for auditors_word in ("did not end", "cannot be scored", "Line ", "Valid"):
        assert auditors_word not in head, auditors_word
    assert "did not end" in audit_of(body)  # the audit keeps its words, one click away


def test_a_refused_move_is_answered_not_allowed_because_with_rule_remedy_and_what_was_allowed(client):
    move = "take 9 with [9 9], meld [K K], discard 4"
    body = client.post("/editor", data={**PROTEST, "move": move, "do": "check"}).get_data(as_text=True)
    answer = answer_of(body)
    assert re.search(r'id="answer-title"[^>]*>Not allowed<', answer)
    assert "Because ann melds two Ks but holds only one." in html.unescape(answer)
    assert "<code>take 9 with [9 9]</code>" in answer  # allowed first
    assert 'href="/rules/caliente#rule-' in answer and "Making Melds" in html.unescape(answer)
    assert "Allowed instead" in answer and "Line " not in answer
    assert "The table when it was refused" in body[: body.index('<details class="audit"')]


def test_a_record_without_an_answer_keeps_the_ruling_unfolded(client):
    body = client.post("/", data={"record": EXAMPLE}).get_data(as_text=True)
    assert 'id="answer"' not in body and 'class="audit"' not in body
    assert 'id="verdict"' in body


def kings_form(family: str, move: str, **more: str) -> dict[str, Any]:
    """test_move_answer's table of three Kings, as the editor's form sends it, checked."""
    from test_move_answer import kings_table

    situation = kings_table(family, move)
    fields = {"hold." + p: " ".join(c) for p, c in situation.hands.items()}
    fields |= {"foot." + p: " ".join(c) for p, c in situation.feet.items()}
    fields |= {f"melds.{side}": " ".join(f"[{' '.join(m)}]" for m in melds) for side, melds in situation.melds.items()}
    data = {"rules": family, "seats": " ".join(situation.seats), "teams": situation.teams, "pile": "8 9", "turn": "ann"}
    return data | {**fields, "melded": situation.seats, "move": situation.move, "do": "check", **more}


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("kings", ["[K K K]", "[K K]"])
def test_the_answer_agrees_with_the_audit_in_every_family(client, family, kings):
    from test_move_answer import DRAWS

    body = client.post("/editor", data=kings_form(family, f"{DRAWS[family]}, meld {kings}, discard 5")).get_data(
        as_text=True
    )
    (ruling,) = list(arbiter.check(written(body)))
    allowed = re.search(r'id="answer-title"[^>]*>([^<]+)<', answer_of(body)).group(1)
    assert allowed == ("Not allowed" if ruling.errors else "Allowed")


@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_an_example_is_explained_in_the_readers_language(client, language):
    body = client.get(f"/?example=hoyle&lang={language}").get_data(as_text=True)
    record = html.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", body, re.S).group(1))
    assert "Dispute:" not in record and ";[" not in record
    assert record.startswith("; Disput")  # Disputa, in each of the three


def test_the_legal_moves_are_headed_and_built_in_the_readers_language(client):
    fields = {**PROTEST, "move": "", "do": "moves", "lang": "es"}
    body = client.get("/editor?" + urlencode(fields)).get_data(as_text=True)
    headings = re.findall(r'<h3 id="legal-(\w+)">([^<]+)<span class="quiet">\(([^)]*)\)', body)
    assert headings and all(word.strip() != kind.capitalize() for kind, word, _ in headings), headings
    assert any("se listan las primeras" in note for _, _, note in headings) or all(n.isdigit() for *_, n in headings)
    buttons = dict(re.findall(r'data-word="([^"]+)" aria-label="[^"]*">([^<]+)</button>', body))
    assert buttons["draw"] != "draw" and buttons["discard"] != "discard"  # said in Spanish, written in ACN
    picks = re.findall(r'name="pick" value="([^"]+)">([^<]+)<code class="notation">([^<]+)</code>', html.unescape(body))
    assert picks and all(value == notation for value, _, notation in picks)
    assert ("draw 7", "Robar del mazo ", "draw 7") in picks  # the move in words, its notation beside


def pile_badge(body: str) -> str:
    """The pile's badge on the table after the answered move."""
    head = body[: body.index('<details class="audit"')]
    return re.search(r'<span class="badge badge-(frozen|open)">', head).group(1)


@pytest.mark.parametrize(
    ("family", "variant", "opponents_meld", "badge"),
    [
        ("caliente", "", "", "open"),
        ("caliente", "always-frozen", "", "frozen"),  # the house rule freezes it for everyone
        ("samba", "", "", "open"),
        ("hand-and-foot", "", "[4 4 4]", "frozen"),  # always frozen, melded or not
        ("classic", "", "", "frozen"),  # frozen against bob+dee until their first meld
        ("classic", "", "[4 4 4]", "open"),
        ("hoyle", "", "", "frozen"),  # frozen against bob until his first meld
        ("hoyle", "", "[4 4 4]", "open"),
    ],
)
def test_the_piles_badge_is_its_state_for_the_player_to_move(client, family, variant, opponents_meld, badge):
    from test_move_answer import DRAWS

    form = kings_form(family, f"{DRAWS[family]}, meld [K K K], discard 5", variant=variant)
    opponents = "bob" if family == "hoyle" else "bob+dee"
    form[f"melds.{opponents}"] = opponents_meld
    body = client.post("/editor", data=form).get_data(as_text=True)
    assert re.search(r'id="answer-title"[^>]*>Allowed<', body)
    assert pile_badge(body) == badge


def test_a_house_rulebook_that_always_freezes_the_pile_shows_it_frozen(tmp_path):
    from test_move_answer import DRAWS

    client = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'kept.db'}"}).test_client()
    kept = client.post("/api/v1/rulebooks", json={"text": THURSDAY_CLUB}).get_json()
    form = kings_form("caliente", f"{DRAWS['caliente']}, meld [K K K], discard 5", house=kept["digest"])
    assert pile_badge(client.post("/editor", data=form).get_data(as_text=True)) == "frozen"
    assert pile_badge(client.post("/editor", data={**form, "house": ""}).get_data(as_text=True)) == "open"


@pytest.mark.parametrize(
    ("family", "laid", "absent"),
    [
        ("samba", "Bonus cards", "Caliente"),
        ("hand-and-foot", "Bonus cards", "Caliente"),
        ("classic", "red threes", "Bonus"),
        ("hoyle", "red threes", "Bonus"),
    ],
)
def test_each_family_names_its_laid_cards_and_card_buttons_in_its_own_words(client, family, laid, absent):
    body = html.unescape(client.get(f"/editor?rules={family}").get_data(as_text=True))
    if family == "samba":  # its Caliente-card variation lays them too
        varied = html.unescape(client.get("/editor?rules=samba&variant=caliente-cards").get_data(as_text=True))
        assert "Bonus and Caliente cards laid" in varied and 'data-card="C"' in varied
    zones = re.findall(r'data-label="([^"]*) laid"', body)
    assert zones and all(zone.endswith(laid) for zone in zones)
    assert absent not in " ".join(zones)
    buttons = dict(re.findall(r'data-card="(\w+)"(?: title="([^"]*)")?>', body))
    labels = dict(re.findall(r'data-card="(\w+)"[^>]*>([^<]+)</button>', body))
    if laid == "red threes":
        assert labels["B"] == "R3" and buttons["B"] == "red three (R3)" and labels["S"] == "B3"
    else:
        assert labels["B"] == "B" and buttons["B"] == "Bonus card (B)" and "C" not in labels


INLINE = re.compile(r"<(code|a|strong|span|mark|em)\b[^>]*>|</(code|a|strong|span|mark|em)>")


@pytest.mark.parametrize("path", ["/", "/editor", "/rules/classic", "ruling"])
def test_no_two_sentences_of_a_page_are_glued_together(client, path):
    response = client.post("/", data={"record": EXAMPLE}) if path == "ruling" else client.get(path)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", INLINE.sub("", response.get_data(as_text=True))))
    assert re.findall(r"[a-z0-9]\.[A-Z][a-z]{2,}", text) == []  # "line 3.Default", "Caliente.Load"


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (EXAMPLE.encode("utf-16"), "is UTF-16 text; save the record as UTF-8"),
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)), "is a binary file, not a game record"),
    ],
    ids=["utf-16", "binary"],
)
def test_an_uploaded_file_gets_the_answer_the_command_line_gives(client, data, says, tmp_path):
    import io

    from click.testing import CliRunner

    from arbiter_cli.main import cli

    response = client.post("/", data={"record": "", "upload": (io.BytesIO(data), "game.acn")})
    body = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422 and f"The file game.acn {says}." in body
    assert "not-utf8" not in body
    path = tmp_path / "game.acn"
    path.write_bytes(data)
    assert says in CliRunner().invoke(cli, ["check", str(path)]).output
