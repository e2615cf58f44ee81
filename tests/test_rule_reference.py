"""The rule reference in docs/rules/ is generated from the catalogue, and stays in step with it."""

from pathlib import Path

import pytest

import arbiter.families as rulesets
from arbiter.rules import reference

DOCS = Path(__file__).parent.parent / "docs" / "rules"


@pytest.mark.parametrize("name", rulesets.names())
def test_the_docs_rule_reference_matches_the_catalogue(name):
    expected = reference(rulesets.get(name))
    written = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert written == expected, f"regenerate with: arbiter rules {name} > docs/rules/{name}.md"


@pytest.mark.parametrize("name", rulesets.names())
def test_every_rule_has_a_kebab_case_code_a_name_and_a_source(name):
    for code, rule in rulesets.get(name).catalogue.items():
        assert code == rule.code and code == code.lower() and " " not in code
        assert rule.name and rule.summary and '"' in rule.source


def test_every_option_has_a_default_a_meaning_and_a_source():
    for name in rulesets.names():
        for option in rulesets.get(name).options:
            assert option.summary and option.source
