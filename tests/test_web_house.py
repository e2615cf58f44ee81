"""House rulebooks on the service, on a real SQLite file and a real PostgreSQL server: keeping one
(the API and the page's form) under its digest, never changed in place, its readable page and its
text, judging by it (the API, the check page from its link, kept rulings), and the records whose
House tag names a kept rulebook or one that is not kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from web_support import never_500  # noqa: F401 (a fixture)

from app import create_app
from arbiter import house
from arbiter_web.storage import rulebook_store
from arbiter_web.storage.rulebooks import EXTENSION
from arbiter_web.storage.stored import EXTENSION as STORE_EXTENSION

pytestmark = pytest.mark.usefixtures("never_500")
pytest_plugins = ["storage_support"]  # the database_url and postgres fixtures

SAMPLES = Path(__file__).parent.parent / "samples"
MAPLE = (SAMPLES / "maple-club.rules.toml").read_text(encoding="utf-8")
DIGEST = house.load(SAMPLES / "maple-club.rules.toml").digest
ASKING = (SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn").read_text(encoding="utf-8")
TAGGED = ASKING.replace(
    '[Rules "hand-and-foot"]', f'[Rules "hand-and-foot"]\n[House "Maple Club, version 3, #{DIGEST}"]'
)

APPS: list[Any] = []


@pytest.fixture(autouse=True)
def _close_databases() -> Iterator[None]:
    yield
    while APPS:
        APPS.pop().extensions[EXTENSION].engine.dispose()


@pytest.fixture
def client(database_url: str) -> Any:
    return make_app(database_url).test_client()


def make_app(url: str) -> Any:
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    APPS.append(app)
    return app


def keep(client: Any, text: str = MAPLE) -> Any:
    return client.post("/api/v1/rulebooks", data=text.encode("utf-8"), content_type="text/plain; charset=utf-8")


# --- keeping ------------------------------------------------------------------------------------


def test_a_rulebook_is_kept_under_its_digest_and_reads_back_after_a_restart(database_url: str):
    first = make_app(database_url).test_client()
    answer = keep(first)
    assert answer.status_code == 201 and answer.headers["Location"] == f"/api/v1/rulebooks/{DIGEST}"
    body = answer.get_json()
    assert (body["digest"], body["name"], body["version"], body["family"]) == (
        DIGEST,
        "Maple Club",
        "3",
        "hand-and-foot",
    )
    assert body["url"].endswith(f"/h/{DIGEST}") and body["check"].endswith(f"/?house={DIGEST}")
    assert [(r["option"], r["value"], r["book"]) for r in body["rules"]] == [
        ("pile-take", "7", "all"),
        ("ask-required", False, True),
    ]

    restarted = make_app(database_url).test_client()
    again = restarted.get(f"/api/v1/rulebooks/{DIGEST}")
    assert again.status_code == 200 and again.get_json()["source"] == MAPLE


def test_keeping_the_same_rules_again_answers_the_rulebook_kept(client: Any):
    assert keep(client).status_code == 201
    reformatted = MAPLE.replace("version = 3", "version = '3'   # the same version")
    again = client.post("/api/v1/rulebooks", json={"text": reformatted})
    assert again.status_code == 200 and again.get_json()["digest"] == DIGEST


def test_a_new_version_is_a_new_rulebook_and_the_old_one_stays(client: Any, database_url: str):
    keep(client)
    newer = keep(client, MAPLE.replace("version = 3", "version = 4").replace("value = 7", "value = 5"))
    assert newer.status_code == 201 and newer.get_json()["digest"] != DIGEST
    old = client.get(f"/api/v1/rulebooks/{DIGEST}").get_json()
    assert old["version"] == "3" and old["rules"][0]["value"] == "7"
    engine = APPS[-1].extensions[EXTENSION].engine
    with engine.connect() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(rulebook_store.rulebooks)) == 2


def test_kept_rulebooks_count_toward_the_store_quota_and_a_full_store_is_a_507(client: Any):
    kept_rulings = APPS[-1].extensions[STORE_EXTENSION]
    before = kept_rulings.used()
    assert keep(client).status_code == 201
    grown = kept_rulings.used() - before
    assert grown >= len(MAPLE.encode("utf-8"))  # the rulebook's bytes are counted
    kept_rulings.quota = kept_rulings.used() + grown // 2  # no room for another rulebook
    newer = MAPLE.replace("version = 3", "version = 4")
    full = keep(client, newer)
    assert full.status_code == 507 and "STORE_QUOTA" in full.get_json()["message"]
    page = client.post("/h", data={"rulebook": newer})
    assert page.status_code == 507 and "storage is full" in page.get_data(as_text=True)
    assert client.get(f"/api/v1/rulebooks/{DIGEST}").status_code == 200  # nothing kept was lost
    assert keep(client).status_code == 200  # the same rules again take no room


def test_a_rulebook_based_on_a_kept_one_names_it_by_digest(client: Any):
    keep(client)
    juniors = f'name = "Maple Juniors"\nversion = 1\nfamily = "hand-and-foot"\nbase = "#{DIGEST}"\n'
    body = keep(client, juniors).get_json()
    assert body["base"] == f"Maple Club, version 3, #{DIGEST[:12]}"  # its rules are in the canonical form
    assert {r["option"] for r in body["rules"]} == {"pile-take", "ask-required"}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('name = "X"\nversion = 1\nfamily = "hoyle"\n[rules.drawn]\nvalue = 2\nnote = "n"\n', "its options are: draw"),
        ('name = "X"\nversion = 1\nfamily = "hoyle"\nbase = "#000000000000"\n', "nor a rulebook at hand"),
        ("name = ", "not valid TOML"),
    ],
)
def test_a_rulebook_that_cannot_be_used_is_a_422_saying_why(client: Any, text: str, says: str):
    answer = keep(client, text)
    assert answer.status_code == 422 and says in answer.get_json()["message"]


def test_an_unknown_digest_is_a_404(client: Any):
    assert client.get("/api/v1/rulebooks/000000000000").status_code == 404
    assert client.get("/h/000000000000").status_code == 404


def test_a_rulebook_of_another_type_is_a_415(client: Any):
    assert client.post("/api/v1/rulebooks", data=MAPLE, content_type="application/toml").status_code == 415


def test_the_rulebook_endpoints_are_in_the_openapi_document(client: Any):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert "post" in paths["/api/v1/rulebooks"] and "get" in paths["/api/v1/rulebooks/{digest}"]


# --- judging by a kept rulebook -----------------------------------------------------------------


def test_a_ruling_asked_by_digest_names_the_rulebook(client: Any):
    keep(client)
    (game,) = client.post("/api/v1/rulings", json={"record": ASKING, "house": DIGEST}).get_json()["games"]
    assert game["verdict"] == "valid" and game["house"]["digest"] == DIGEST


def test_a_ruling_asked_by_an_unknown_digest_is_a_422_not_the_defaults(client: Any):
    answer = client.post("/api/v1/rulings", json={"record": ASKING, "house": "abcdefabcdef"})
    assert answer.status_code == 422 and "no rulebook is kept under #abcdefabcdef" in answer.get_json()["message"]


def test_a_record_whose_house_tag_names_a_kept_rulebook_is_judged_by_it(client: Any):
    keep(client)
    (game,) = client.post("/api/v1/rulings", data=TAGGED, content_type="text/plain").get_json()["games"]
    assert game["verdict"] == "valid" and game["house"]["name"] == "Maple Club"


def test_a_record_whose_house_tag_names_a_rulebook_not_kept_is_reported(client: Any):
    (game,) = client.post("/api/v1/rulings", data=TAGGED, content_type="text/plain").get_json()["games"]
    assert game["verdict"] == "malformed" and [f["code"] for f in game["findings"]] == ["house-rules-missing"]


def test_a_kept_ruling_names_its_rulebook_and_is_rechecked_by_it(client: Any):
    keep(client)
    answer = client.post("/api/v1/rulings/stored", json={"record": ASKING, "house": DIGEST})
    assert answer.status_code == 201
    body = client.get(f"/api/v1/rulings/{answer.get_json()['id']}").get_json()
    assert body["games"][0]["house"]["digest"] == DIGEST
    assert body["today"]["same"] is True, body["today"]
    page = client.get(f"/r/{answer.get_json()['id']}").get_data(as_text=True)
    assert f"#{DIGEST}" in page and "Judged by the house rules of" in page


def test_a_finding_that_turns_on_a_house_rule_shows_the_clubs_note_on_the_page(client: Any):
    twice = 'name = "Two draws"\nversion = 1\nfamily = "hoyle"\n[rules.draw]\nvalue = 2\nnote = "We draw two."\n'
    digest = keep(client, twice).get_json()["digest"]
    record = (SAMPLES / "hoyle-opening.acn").read_text(encoding="utf-8")
    (game,) = client.post("/api/v1/rulings", json={"record": record, "house": digest}).get_json()["games"]
    assert game["findings"][0]["house"] == [{"option": "draw", "value": 2, "book": 1, "note": "We draw two."}]
    page = client.post("/", data={"record": record, "house": digest}).get_data(as_text=True)
    assert "House rule" in page and "We draw two." in page


# --- the pages ----------------------------------------------------------------------------------


def test_the_form_keeps_a_rulebook_and_sends_to_its_page(client: Any):
    answer = client.post("/h", data={"rulebook": MAPLE})
    assert answer.status_code == 303 and answer.headers["Location"] == f"/h/{DIGEST}?kept=new"
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Maple Club, version 3: house rules" in page and "The rulebook is kept" in page
    assert "A take picks up the top seven cards" in page and f'href="/?house={DIGEST}"' in page


def test_the_form_says_what_is_wrong_with_a_rulebook(client: Any):
    answer = client.post("/h", data={"rulebook": 'name = "X"\nversion = 1\nfamily = "whist"\n'})
    assert answer.status_code == 422 and "the arbiter knows: caliente" in answer.get_data(as_text=True)


def test_the_rulebook_as_a_file_is_the_text_kept(client: Any):
    keep(client)
    answer = client.get(f"/h/{DIGEST}.rules.toml")
    assert answer.status_code == 200 and answer.get_data(as_text=True) == MAPLE
    assert answer.mimetype == "text/plain"


def test_the_check_page_from_the_rulebooks_link_judges_by_it(client: Any):
    keep(client)
    page = client.get(f"/?house={DIGEST}").get_data(as_text=True)
    assert f'name="house" value="{DIGEST}"' in page and "Judged by the house rules of" in page
    checked = client.post("/", data={"record": ASKING, "house": DIGEST}).get_data(as_text=True)
    assert "No findings" in checked and f"#{DIGEST}" in checked


def test_the_check_page_asked_for_a_rulebook_and_other_options_speaks_of_its_choices_not_flags(client: Any):
    keep(client)
    fields = {"record": ASKING, "house": DIGEST, "rules": "hand-and-foot", "option.hand-and-foot.ask-required": "yes"}
    answer = client.post("/", data=fields)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "clear the rule set and the options chosen below" in text and "--option" not in text


def test_the_check_page_from_a_link_to_no_rulebook_says_so(client: Any):
    answer = client.get("/?house=000000000000")
    assert answer.status_code == 404 and "No rulebook is kept under that link" in answer.get_data(as_text=True)
