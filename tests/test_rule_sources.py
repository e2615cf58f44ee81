"""Every source a user reads can be followed inside the project: rules and options cite a rule
book by its title and section, or the rule set's own section "Where the rule books are silent or
disagree"; nothing the project ships cites a file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import arbiter.families as rulesets
from arbiter.rules import reference
from arbiter.rules.reference import SILENT_OR_DISAGREE

ROOT = Path(__file__).parent.parent
# DIGEST.md and shared/ are outside the project; "digest" alone is a word (a house rulebook's digest).
OUTSIDE = re.compile(r"DIGEST|(?i:digest\.md)|(?i:shared/)")
SHIPPED_TEXT = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "arbiter_web").glob("**/templates/*.html")),
]


def project_default(name: str) -> str:
    return f'Project default (docs/rules/{name}.md, "{SILENT_OR_DISAGREE}")'


def every_source(name: str) -> list[tuple[str, str]]:
    ruleset = rulesets.get(name)
    return [
        *((f"rule {rule.code}", rule.source) for rule in ruleset.catalogue.values()),
        *((f"option {option.name}", option.source) for option in ruleset.options),
    ]


@pytest.mark.parametrize("name", rulesets.names())
def test_no_rule_option_or_choice_cites_a_file_outside_the_project(name):
    ruleset = rulesets.get(name)
    texts = [*every_source(name)]
    texts += [(f"rule {rule.code}", rule.summary) for rule in ruleset.catalogue.values()]
    texts += [(f"option {option.name}", option.summary) for option in ruleset.options]
    texts += [(f"choice {c.point}", " ".join((c.books, c.chosen, c.why))) for c in ruleset.choices]
    texts += [("the rule reference", reference(ruleset))]
    cited = [(where, text) for where, text in texts if OUTSIDE.search(text)]
    assert not cited, cited


@pytest.mark.parametrize("path", SHIPPED_TEXT, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_page_the_project_ships_cites_a_file_outside_it(path):
    text = path.read_text(encoding="utf-8")
    found = [line for line in text.splitlines() if OUTSIDE.search(line)]
    assert not found, found


@pytest.mark.parametrize("name", rulesets.names())
def test_every_source_names_a_rule_book_section_or_our_own_page(name):
    for where, source in every_source(name):
        without_ours = source.replace(project_default(name), "")
        assert '"' in without_ours or project_default(name) in source, (where, source)
        # a project default is cited only in the one form a reader can follow
        assert "project default" not in without_ours.lower(), (where, source)


@pytest.mark.parametrize("name", rulesets.names())
def test_every_option_resting_on_a_project_default_is_explained_on_the_page(name):
    ruleset = rulesets.get(name)
    explained = {choice.option for choice in ruleset.choices}
    options = {option.name for option in ruleset.options}
    assert explained - {None} <= options
    resting = {option.name for option in ruleset.options if project_default(name) in option.source}
    assert resting and resting <= explained, resting - explained


@pytest.mark.parametrize("name", rulesets.names())
def test_the_rule_reference_says_where_the_rule_books_are_silent_or_disagree(name):
    ruleset = rulesets.get(name)
    page = reference(ruleset)
    assert f"\n## {SILENT_OR_DISAGREE}\n" in page
    for choice in ruleset.choices:
        assert f"\n### {choice.point}\n" in page
        assert choice.books in page and choice.chosen in page and choice.why in page
        assert f"**Option:** `{choice.option}`" in page if choice.option else "**Option:** none" in page
