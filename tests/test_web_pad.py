"""The score pad (/pad) through Flask's test client, without scripts: a game of each family kept hand
by hand by plain form posts, an impossible hand refused with its reason, the next minimums, the
record downloaded and certified by `arbiter check` with the same answer, the permalink kept in the
store, the house rulebook, and bad input answered with a message, never a 500."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

import arbiter
from app import create_app
from arbiter.house import parse as parse_rulebook

pytestmark = pytest.mark.usefixtures("never_500")
SAMPLES = Path(__file__).parent.parent / "samples"

GAMES = {
    "caliente": (
        "ann bob cid dee",
        "ann+cid bob+dee",
        {
            "ann+cid.natural": "1",
            "ann+cid.mixed": "1",
            "ann+cid.melded": "420",
            "ann+cid.left": "0",
            "ann+cid.out": "on",
        },
        {"bob+dee.mixed": "1", "bob+dee.melded": "260", "bob+dee.left": "45"},
        (1320, 515),
    ),
    "samba": (
        "ann bob cid dee",
        "ann+cid bob+dee",
        {
            "ann+cid.samba": "1",
            "ann+cid.natural": "1",
            "ann+cid.melded": "510",
            "ann+cid.left": "0",
            "ann+cid.out": "on",
        },
        {"bob+dee.mixed": "1", "bob+dee.melded": "200", "bob+dee.left": "60"},
        (2710, 440),
    ),
    "hand-and-foot": (
        "ann bob cid dee",
        "ann+cid bob+dee",
        {
            "ann+cid.clean": "2",
            "ann+cid.dirty": "2",
            "ann+cid.wild": "1",
            "ann+cid.melded": "900",
            "ann+cid.left": "0",
            "ann+cid.out": "on",
        },
        {"bob+dee.clean": "1", "bob+dee.melded": "300", "bob+dee.left": "230"},
        (4100, 570),
    ),
    "classic": (
        "ann bob cid dee",
        "ann+cid bob+dee",
        {
            "ann+cid.natural": "1",
            "ann+cid.red-threes": "2",
            "ann+cid.melded": "260",
            "ann+cid.left": "0",
            "ann+cid.out": "on",
        },
        {"bob+dee.melded": "0", "bob+dee.left": "120"},
        (1060, -120),
    ),
    "hoyle": (
        "ann bob",
        "",
        {"ann.natural": "1", "ann.mixed": "1", "ann.melded": "300", "ann.left": "0", "ann.out": "on"},
        {"bob.mixed": "1", "bob.melded": "120", "bob.left": "75"},
        (1200, 345),
    ),
    "modern-american": (  # the sources' worked example: unfinished aces and three sevens held cost 4,000
        "ann bob cid dee",
        "ann+cid bob+dee",
        {
            "ann+cid.natural": "1",
            "ann+cid.mixed": "1",
            "ann+cid.red-threes": "2",
            "ann+cid.black-threes": "1",
            "ann+cid.melded": "190",
            "ann+cid.left": "15",
            "ann+cid.out": "on",
        },
        {"bob+dee.red-threes": "1", "bob+dee.melded": "95", "bob+dee.left": "45", "bob+dee.penalties": "4000"},
        (1475, -4240),
    ),
}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'pad.sqlite3'}"}).test_client()


def record_of(page: str) -> str:
    found = re.search(r'<textarea name="record"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "the page carries its record"
    return html.unescape(found.group(1))


def start(client: Any, family: str, seats: str, teams: str, **extra: str) -> str:
    answer = client.post(
        "/pad", data={"do": "start", "family": family, "seats": seats, "teams": teams, **extra}, follow_redirects=True
    )
    assert answer.status_code == 200, answer.text
    return record_of(answer.text)


def add(client: Any, record: str, entries: dict[str, str]) -> Any:
    return client.post("/pad", data={"do": "add", "record": record, **entries}, follow_redirects=True)


@pytest.mark.parametrize("family", list(GAMES))
def test_a_game_of_each_family_is_kept_without_scripts(client: Any, family: str) -> None:
    seats, teams, first, second, (score_a, score_b) = GAMES[family]
    record = start(client, family, seats, teams)
    answer = add(client, record, {**first, **second})
    assert answer.status_code == 200, answer.text
    record = record_of(answer.text)
    [game] = arbiter.check(record)
    assert game.verdict == "valid" and list(game.totals.values()) == [score_a, score_b]
    assert "First-meld minimum next hand:" in answer.text
    other = next(iter(second)).split(".")[0]
    refused = add(client, record, {**first, **second, f"{other}.out": "on"})
    assert refused.status_code == 422
    assert "This hand cannot be right" in refused.text and "only one side goes out" in refused.text
    assert record_of(refused.text) == record  # the hand is not added; the game goes on from the last one


def test_the_downloaded_record_is_certified_by_arbiter_check_with_the_same_answer(client: Any) -> None:
    seats, teams, first, second, _ = GAMES["caliente"]
    record = record_of(add(client, start(client, "caliente", seats, teams), {**first, **second}).text)
    download = client.post("/pad/record.acn", data={"record": record})
    assert download.status_code == 200
    assert 'filename="score-sheet.acn"' in download.headers["Content-Disposition"]
    [game] = arbiter.check(download.text)
    assert game.verdict == "valid" and game.totals == {"ann+cid": 1320, "bob+dee": 515}
    assert game.hands[0].minimums == {"ann+cid": 50, "bob+dee": 50}
    assert (
        '<span class="pad-minimum">ann+cid 50</span>'
        in client.post("/pad", data={"do": "show", "record": record}, follow_redirects=True).text
    )


def test_a_permalink_keeps_the_sheet_in_the_store(client: Any) -> None:
    seats, teams, first, second, _ = GAMES["samba"]
    record = record_of(add(client, start(client, "samba", seats, teams), {**first, **second}).text)
    kept = client.post("/pad/keep", data={"record": record})
    assert kept.status_code == 303 and "/pad?kept=" in kept.headers["Location"]
    again = client.get(kept.headers["Location"])
    assert again.status_code == 200 and record_of(again.text) == record
    assert client.get("/pad?kept=no-such-sheet").status_code == 404


def test_the_pad_judges_by_the_house_rulebook(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'house.sqlite3'}"})
    client = app.test_client()
    text = (
        'name = "Two to go"\nversion = 1\nfamily = "caliente"\n\n[rules.canastas-to-go-out]\nvalue = 2\n'
        'note = "Two canastas to go out."\n'
    )
    book = parse_rulebook(text)
    kept = client.post("/api/v1/rulebooks", data=text.encode("utf-8"), content_type="text/plain; charset=utf-8")
    assert kept.status_code in (200, 201), kept.text
    record = start(client, "caliente", "ann bob cid dee", "ann+cid bob+dee", house=book.digest)
    assert "[House " in record
    one_canasta = {
        "ann+cid.natural": "1",
        "ann+cid.melded": "300",
        "ann+cid.left": "0",
        "ann+cid.out": "on",
        "bob+dee.melded": "90",
        "bob+dee.left": "0",
    }
    refused = add(client, record, one_canasta)
    assert refused.status_code == 422 and "needs 2 to go out" in refused.text


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"do": "add", "record": "garbage"}, 422),
        ({"do": "add", "record": '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n', "ann+cid.natural": "x"}, 422),
        ({"do": "add", "record": '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n', "ann+cid.melded": "-5"}, 422),
        ({"do": "start", "family": "caliente", "seats": "ann", "teams": ""}, 422),
        ({"do": "start", "family": "nope", "seats": "ann bob", "teams": ""}, 303),
    ],
)
def test_bad_input_gets_a_message_never_a_500(client: Any, data: dict[str, str], status: int) -> None:
    assert client.post("/pad", data=data).status_code == status


def test_the_pad_speaks_the_readers_language(client: Any) -> None:
    page = client.get("/pad?lang=es")
    assert "Libreta de puntos" in page.text
    seats, teams, first, *_ = GAMES["caliente"]
    record = start(client, "caliente", seats, teams)
    refused = client.post(
        "/pad?lang=it",
        data={
            "do": "add",
            "record": record,
            **first,
            **{"bob+dee.out": "on", "bob+dee.melded": "90", "bob+dee.left": "0"},
        },
    )
    assert "Questa smazzata non può essere giusta" in refused.text and "chiude una sola squadra" in refused.text


def test_home_and_the_editor_link_to_the_pad(client: Any) -> None:
    for path in ("/", "/editor"):
        assert 'href="/pad"' in client.get(path).text


def test_the_ruling_page_says_a_summarised_hand_has_no_moves(client: Any) -> None:
    text = (SAMPLES / "sheets" / "classic.acn").read_text(encoding="utf-8")
    page = client.post("/", data={"record": text})
    assert page.status_code == 200
    assert page.text.count("the hand is given as its summary, with no moves") == 3


def test_the_api_gives_each_summarised_hand_the_next_minimums(client: Any) -> None:
    text = (SAMPLES / "sheets" / "caliente.acn").read_text(encoding="utf-8")
    answer = client.post("/api/v1/rulings", data=text.encode("utf-8"), content_type="text/plain")
    hands = answer.get_json()["games"][0]["hands"]
    assert [hand["minimums"] for hand in hands][-1] == {"ann+cid": 120, "bob+dee": 120}
    moves = (SAMPLES / "caliente-scoring-example.acn").read_text(encoding="utf-8")
    played = client.post("/api/v1/rulings", data=moves.encode("utf-8"), content_type="text/plain")
    assert "minimums" not in played.get_json()["games"][0]["hands"][0]


def test_the_pad_asks_for_caliente_cards_only_in_their_variation(client: Any) -> None:
    plain = client.post(
        "/pad", data={"do": "show", "record": '[Rules "caliente"]\n[Seats "ann bob"]\n'}, follow_redirects=True
    )
    assert "Caliente cards played" not in plain.text and "Bonus cards" in plain.text
    variation = '[Rules "caliente"]\n[Variant "caliente-cards"]\n[Seats "ann bob"]\n'
    assert (
        "Caliente cards played"
        in client.post("/pad", data={"do": "show", "record": variation}, follow_redirects=True).text
    )


# --- issue 58: the points left asked for, the penalties and going out concealed offered -------------------


def test_a_blank_points_left_is_asked_for_and_never_taken_as_0(client: Any) -> None:
    seats, teams, first, second, _ = GAMES["caliente"]
    record = start(client, "caliente", seats, teams)
    blank = {**first, **second, "ann+cid.left": ""}
    asked = add(client, record, blank)
    assert asked.status_code == 422 and record_of(asked.text) == record
    assert "Write the points left" in asked.text
    assert "Write the points left in hand for ann+cid: 0 if no card was left." in html.unescape(asked.text)
    assert "Write the points left in hand for bob+dee" not in html.unescape(asked.text)
    assert record_of(add(client, record, {**first, **second}).text) != record  # written as 0, it is added
    spanish = client.post("/pad?lang=es", data={"do": "add", "record": record, **blank}).text
    assert "Escribe los puntos que quedan en la mano de ann+cid: 0 si no quedó ninguna carta." in html.unescape(spanish)


def test_a_points_left_written_as_0_shows_as_0_when_the_hand_comes_back(client: Any) -> None:
    seats, teams, first, second, _ = GAMES["caliente"]
    record = start(client, "caliente", seats, teams)
    refused = add(client, record, {**first, **second, "bob+dee.out": "on"})
    assert refused.status_code == 422
    assert re.search(r'name="ann\+cid\.left"[^>]*value="0"', refused.text)
    assert re.search(r'name="bob\+dee\.left"[^>]*value="45"', refused.text)
    fresh = client.post("/pad", data={"do": "show", "record": record}, follow_redirects=True).text
    assert re.search(r'name="ann\+cid\.left"[^>]*value=""[^>]*required', fresh)


@pytest.mark.parametrize("family", list(GAMES))
def test_every_family_pad_offers_the_penalties_and_takes_them_off(client: Any, family: str) -> None:
    seats, teams, first, second, (score_a, score_b) = GAMES[family]
    record = start(client, family, seats, teams)
    page = client.post("/pad?lang=es", data={"do": "show", "record": record}, follow_redirects=True).text
    other = next(iter(second)).split(".")[0]
    assert f'name="{other}.penalties"' in page and "Penalizaciones" in page
    before = int(second.get(f"{other}.penalties", "0"))
    answer = add(client, record, {**first, **second, f"{other}.penalties": str(before + 100)})
    assert answer.status_code == 200, answer.text
    [game] = arbiter.check(record_of(answer.text))
    assert game.verdict == "valid" and list(game.totals.values()) == [score_a, score_b - 100]


def test_the_samba_pad_offers_going_out_concealed_which_earns_nothing_more(client: Any) -> None:
    seats, teams, first, second, (score_a, score_b) = GAMES["samba"]
    record = start(client, "samba", seats, teams)
    assert (
        'name="ann+cid.concealed"'
        in client.post("/pad", data={"do": "show", "record": record}, follow_redirects=True).text
    )
    answer = add(client, record, {**first, **second, "ann+cid.concealed": "on"})
    assert answer.status_code == 200, answer.text
    kept = record_of(answer.text)
    assert "out concealed" in kept
    [game] = arbiter.check(kept)
    assert game.verdict == "valid" and list(game.totals.values()) == [score_a, score_b]


def test_the_pad_says_the_table_penalties_under_their_field(client: Any) -> None:
    record = start(client, "caliente", "ann bob cid dee", "ann+cid bob+dee")
    page = html.unescape(client.post("/pad", data={"do": "show", "record": record}, follow_redirects=True).text)
    said = "A sum of: 50 (taking the pile without the right to it), 100 (going out against the partner's answer)."
    assert said in page and 'aria-describedby="pad-1-penalties-hint"' in page
    spanish = html.unescape(
        client.post("/pad?lang=es", data={"do": "show", "record": record}, follow_redirects=True).text
    )
    assert (
        "Una suma de: 50 (tomar el pozo sin derecho a ello), 100 (cerrar contra la respuesta del compañero)." in spanish
    )
    free = '[Rules "hoyle"]\n[Variant "wrong-take-penalty=0"]\n[Seats "ann bob"]\n'  # no partner to ask either
    assert (
        "This game charges no penalty."
        in client.post("/pad", data={"do": "show", "record": free}, follow_redirects=True).text
    )
