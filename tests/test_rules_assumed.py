"""A record without a [Rules] tag (issue 45): every ruling says which rule set it was judged by,
on the command line, in JSON and on the page; where the record's shape fits another family
better (its deal, its Feet, cards the assumed family lacks), it says so, and the page asks."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import arbiter
from app import create_app
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"


def untagged(name: str) -> str:
    """A sample with its [Rules] tag taken out."""
    return re.sub(r'^\[Rules "[^"]*"\]\n', "", (SAMPLES / name).read_text(encoding="utf-8"), flags=re.M)


@pytest.mark.parametrize(
    ("sample", "fits", "why"),
    [
        ("samba-opening.acn", "samba", "15 cards are dealt to each player"),
        ("hand-and-foot-opening.acn", "hand-and-foot", "13 cards are dealt to each player"),
        ("classic-full-hand.acn", None, None),  # dealt like Caliente: nothing says otherwise
        ("caliente-scoring-example.acn", None, None),
    ],
)
def test_a_game_without_a_rules_tag_says_what_it_was_judged_by_and_what_it_fits(sample, fits, why):
    (ruling,) = arbiter.check(untagged(sample))
    assert ruling.rules == "caliente" and ruling.assumed is not None
    assert (ruling.assumed.rules, ruling.assumed.configured) == ("caliente", False)
    assert (ruling.assumed.fits, ruling.assumed.why) == (fits, why)


def test_the_hint_is_right_checking_as_the_family_it_names_makes_the_game_valid():
    (assumed,) = arbiter.check(untagged("samba-opening.acn"))
    (chosen,) = arbiter.check(untagged("samba-opening.acn"), rules=assumed.assumed.fits)
    assert assumed.errors and not chosen.errors and chosen.assumed is None


def test_a_tagged_record_or_a_chosen_rule_set_assumes_nothing():
    (tagged,) = arbiter.check((SAMPLES / "samba-opening.acn").read_text(encoding="utf-8"))
    (chosen,) = arbiter.check(untagged("classic-full-hand.acn"), rules="classic")
    assert tagged.assumed is None and chosen.assumed is None


def test_a_configured_default_is_said_to_be_the_configured_one():
    (ruling,) = arbiter.check(untagged("classic-full-hand.acn"), default_rules="classic")
    assert ruling.rules == "classic" and ruling.assumed.configured
    assert "the configured default" in ruling.assumed.said()


def test_the_command_line_says_it_in_text_and_in_json(tmp_path):
    path = tmp_path / "samba.acn"
    path.write_text(untagged("samba-opening.acn"), encoding="utf-8")
    text = CliRunner().invoke(cli, ["check", str(path)]).output
    assert "no [Rules] tag: judged by Canasta Caliente, the arbiter's default" in text
    assert 'it looks like Samba (add [Rules "samba"], or choose samba)' in text
    data = json.loads(CliRunner().invoke(cli, ["check", "--format", "json", str(path)]).output)
    (game,) = data["files"][0]["games"] if "files" in data else data["games"]
    assert game["assumed"]["rules"] == "caliente" and game["assumed"]["fits"] == "samba"
    spanish = json.loads(CliRunner().invoke(cli, ["check", "--format", "json", "--lang", "es", str(path)]).output)
    (said,) = spanish["files"][0]["games"] if "files" in spanish else spanish["games"]
    assert said["assumed"]["said"].startswith("sin etiqueta [Rules]")


def test_the_page_says_it_and_asks_and_the_answer_checks_it_as_that_family():
    client = create_app({"TESTING": True}).test_client()
    record = untagged("samba-opening.acn")
    body = html.unescape(client.post("/", data={"record": record}).get_data(as_text=True))
    assert "it was judged by Canasta Caliente, the arbiter's default." in body
    assert "But 15 cards are dealt to each player: it looks like Samba." in body
    assert re.search(r'<button[^>]*form="check-form" name="assume" value="samba"', body)
    again = html.unescape(client.post("/", data={"record": record, "assume": "samba"}).get_data(as_text=True))
    assert re.search(r'id="verdict"[^>]*>Valid<', again) and "arbiter's default" not in again
    api = client.post("/api/v1/rulings", json={"record": record}).get_json()
    assert api["games"][0]["assumed"]["fits"] == "samba"
