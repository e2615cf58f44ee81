"""Every word on a page a player's (issue 59): the score sheet says once that a hand cannot be
scored, the ledger says a warning is one and writes its time as the reader's language does."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_events import kept
from test_web_pad import start

from app import create_app

pytest_plugins = ["storage_support"]
EXAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text()


@pytest.fixture
def client(database_url: str) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "ACCESS_LOG": False})
    yield app.test_client()
    app.extensions["arbiter_events"].engine.dispose()


def test_a_hand_that_cannot_be_scored_says_so_once_with_its_reason(client: Any) -> None:
    unscored = EXAMPLE.replace("discard Q   ", "discard K   ")  # dee plays a king not held: no remedy
    page = client.post("/", data={"record": unscored}).get_data(as_text=True)
    row = re.search(r'<tr class="sheet-unscored">(.*?)</tr>', page, re.S).group(1)
    assert len(re.findall("cannot be scored", row, re.I)) == 1
    assert "dee plays K but holds none" in row


def warned(client: Any, language: str) -> str:
    event_id, director, _ = kept(client)
    answer = client.post(
        f"/events/{event_id}/penalty?lang={language}",
        data={"code": director, "pair": "2", "points": "0", "reason": "slow play", "by": "Dora"},
    )
    assert answer.status_code in (200, 303)
    ledger = client.get(f"/events/{event_id}?lang={language}").get_data(as_text=True)
    return re.search(r'<ul id="event-ledger">(.*?)</ul>', ledger, re.S).group(1)


@pytest.mark.parametrize(
    ("language", "warning", "month"),
    [
        ("en", "warning", r"\d+ [A-Z][a-z]+ 20\d\d at \d\d:\d\d UTC"),
        ("es", "advertencia", r"\d+ [a-z]+ 20\d\d, \d\d:\d\d UTC"),
    ],
)
def test_a_warning_in_the_ledger_is_called_one_and_its_time_is_written_as_the_language_does(
    client: Any, language: str, warning: str, month: str
) -> None:
    line = warned(client, language)
    assert f": {warning} (slow play)" in line and "+0" not in line
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", line), "no ISO time"
    assert re.search(month, line), line


MA_SAMPLE = Path(__file__).parent.parent / "samples" / "modern-american-illegal-discard-after-a-three-drawn-last.acn"


@pytest.mark.parametrize("language", ["en", "es", "pt", "it"])
def test_a_project_default_is_cited_by_the_familys_reference_page_never_a_file_path(client: Any, language: str) -> None:
    ruling = client.post(f"/?lang={language}", data={"record": MA_SAMPLE.read_text()}).get_data(as_text=True)
    rule = re.search(r'<dd class="rule">(.*?)</dd>', ruling, re.S).group(1)
    assert "docs/rules" not in rule and ".md" not in rule
    assert re.search(r'<a href="/rules/modern-american\?lang=\w\w#silent-or-disagree">|'
                     r'<a href="/rules/modern-american#silent-or-disagree">', rule), rule  # fmt: skip
    if language != "en":
        assert "Project default" not in rule
    reference = client.get(f"/rules/modern-american?lang={language}").get_data(as_text=True)
    assert "docs/rules/" not in reference


def pad_refusal(client: Any, language: str, entries: dict[str, str]) -> str:
    record = start(client, "samba", "ann bob cid dee", "ann+cid bob+dee")
    written = {"ann+cid.left": "0", "bob+dee.left": "0"} | entries  # the points left written (issue 58)
    refused = client.post(f"/pad?lang={language}", data={"do": "add", "record": record, **written})
    assert refused.status_code == 422
    return re.search(r'id="pad-problems">(.*?)</div>', refused.get_data(as_text=True), re.S).group(1)


@pytest.mark.parametrize("language", ["en", "es", "pt", "it"])
def test_the_pads_refusals_are_in_the_pads_words(client: Any, language: str) -> None:
    both_out = pad_refusal(
        client, language, {"ann+cid.out": "on", "ann+cid.melded": "400", "bob+dee.out": "on", "bob+dee.melded": "400"}
    )
    assert "ann+cid, bob+dee" not in both_out and "`" not in both_out
    too_many = pad_refusal(client, language, {"ann+cid.bonus": "9", "ann+cid.melded": "400", "ann+cid.out": "on"})
    assert "`" not in too_many and "bonus" not in too_many.replace("Bonus", "")  # the pad's label, never the word
    canastas = pad_refusal(client, language, {"ann+cid.natural": "40", "ann+cid.melded": "9000", "ann+cid.out": "on"})
    assert "ann+cid" in canastas
    if language == "en":
        assert "both sides go out" in both_out
