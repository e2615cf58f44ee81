"""The family's words and the canasta marks on a drawn table (arbiter/positions/marks.py), on the page and
in `arbiter table`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from arbiter.positions.marks import canasta_mark, family_config, table_words
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"


@pytest.mark.parametrize(
    ("family", "pile"),
    [
        ("caliente", "Prize pile"),
        ("samba", "Prize pile"),
        ("hand-and-foot", "Prize pile"),
        ("classic", "discard pile"),
        ("hoyle", "discard pile"),
    ],
)
def test_each_family_calls_the_pile_by_its_books_word(family, pile):
    assert table_words({}, family).pile == pile


@pytest.mark.parametrize(
    ("cards", "mark"),
    [
        (["7"] * 7, "natural canasta"),
        (["K"] * 5 + ["2", "X"], "mixed canasta"),
        (["2", "2", "X", "X", "2", "2", "X"], "wild canasta"),
        (["4", "5", "6", "7", "8", "9", "10"], "sequence canasta"),
        (["Q"] * 6, None),
        (["S"] * 7, None),
    ],
)
def test_a_canasta_is_marked_by_its_kind(cards, mark):
    assert canasta_mark(cards, family_config("samba")) == mark


def test_a_family_that_closes_its_canastas_says_so():
    assert canasta_mark(["7"] * 7, family_config("hand-and-foot")) == "closed natural canasta"


def test_an_unknown_family_gets_the_plain_words_and_no_marks():
    words = table_words({"melds": {"a": [["7"] * 7]}}, "nonsense")
    assert words.pile == "Prize pile" and words.marks == {}


def test_arbiter_table_speaks_the_familys_words_and_marks_canastas():
    hoyle = CliRunner().invoke(cli, ["table", str(SAMPLES / "hoyle-endgame.acn"), "--hand", "4", "--turn", "1"])
    assert "Discard pile (" in hoyle.output and "Prize pile" not in hoyle.output
    samba = CliRunner().invoke(cli, ["table", str(SAMPLES / "samba-endgame.acn"), "--hand", "5", "--turn", "1"])
    assert "[4 5 6 7 8 9 10] (sequence canasta)" in samba.output and "Prize pile (" in samba.output


def test_the_ruling_page_marks_canastas_and_names_the_pile():
    from app import create_app

    client = create_app({"TESTING": True}).test_client()
    record = (SAMPLES / "hand-and-foot-illegal-card-added-to-closed-canasta.acn").read_text(encoding="utf-8")
    body = client.post("/", data={"record": record}).get_data(as_text=True)
    assert '<span class="canasta-mark">closed natural canasta</span>' in body
    hoyle = (SAMPLES / "hoyle-illegal-one-card-pile-taken.acn").read_text(encoding="utf-8")
    body = client.post("/", data={"record": hoyle}).get_data(as_text=True)
    assert "<h4>Discard pile</h4>" in body and "<h4>Prize pile</h4>" not in body
