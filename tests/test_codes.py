"""Every code a ruling can carry is declared in arbiter/rules/codes.py and explained: the engine's
by each rule set's catalogue (a rule set cannot be built without them), the reader's and the
checker's in docs/notation.md, "Findings"."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import arbiter
from arbiter import families as rulesets
from arbiter import notation
from arbiter.families.caliente.policies import CALIENTE
from arbiter.rules.codes import ENGINE, NOTATION

NOTATION_PAGE = Path(__file__).parent.parent / "docs" / "notation.md"


def test_a_rule_set_whose_catalogue_misses_an_engine_code_cannot_be_built():
    catalogue = {code: rule for code, rule in CALIENTE.catalogue.items() if code != "forced-take"}
    with pytest.raises(ValueError, match="forced-take"):
        dataclasses.replace(CALIENTE, catalogue=catalogue)


def test_a_rule_set_whose_catalogue_misses_a_code_its_policies_raise_cannot_be_built():
    with pytest.raises(ValueError, match="sequence-size"):
        dataclasses.replace(CALIENTE, raises=CALIENTE.raises | {"sequence-size"})


@pytest.mark.parametrize("name", rulesets.names())
def test_every_judged_rule_set_explains_every_code_it_can_raise(name):
    ruleset = rulesets.get(name)
    assert ENGINE | ruleset.raises <= ruleset.catalogue.keys()


def test_the_reader_cites_the_declared_notation_codes():
    for code, section in notation.SECTIONS.items():
        assert NOTATION[code].source == f"Notation ({section}, docs/notation.md)"


def test_every_notation_code_is_in_the_findings_table_of_the_notation_page():
    text = NOTATION_PAGE.read_text(encoding="utf-8")
    findings = text[text.index("## Findings") : text.index("## Grammar")]
    listed = set(re.findall(r"`([a-z0-9-]+)`", findings))
    assert set(NOTATION) <= listed, set(NOTATION) - listed


@pytest.mark.parametrize(
    ("record", "code"),
    [
        ("", "empty-record"),
        ('[Rules "whist"]\n[Seats "ann bob"]\n', "unknown-rules"),
        ('[Rules "caliente"]\n[Variant "no-such-option"]\n[Seats "ann bob"]\n', "unknown-option"),
    ],
)
def test_the_checkers_findings_cite_the_declared_codes(record, code):
    (ruling,) = arbiter.check(record)
    (finding,) = [f for f in ruling.findings if f.code == code]
    assert finding.rule == NOTATION[code].source
