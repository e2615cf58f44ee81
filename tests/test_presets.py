"""House rules by name: a rule set's preset sets several options at once, in the record's Variant
tag or on the command line, and options written after it override it."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import arbiter
from arbiter.families import get
from arbiter.rules import UsageError
from arbiter_cli.main import cli

RECORD = """[Rules "hand-and-foot"]
[Seats "ann bob cid dee"]
{variant}
hand 1 dealer dee
position
hold ann 5 5 9
hold bob 4 4 6
hold cid 6 6 7
hold dee 7 7 8
table ann+cid [K K K]
pile 8 9 10 J Q K 4 5 6 7 9 10 5
turn ann
ann: take 5 with [5 5], discard 9
"""


def judged(variant: str, **options: object) -> arbiter.GameRuling:
    (ruling,) = arbiter.check(RECORD.format(variant=variant), options=options or None)
    return ruling


def test_a_preset_in_the_variant_tag_sets_each_of_its_options():
    ruling = judged('[Variant "pagat"]')
    assert ruling.options["pile-take"] == "7" and ruling.options["wild-ratio"] == "two-naturals-per-wild"
    assert ruling.verdict == "valid"


def test_an_option_after_a_preset_overrides_it():
    ruling = judged('[Variant "pagat pile-take=all"]')
    assert ruling.options["pile-take"] == "all" and ruling.options["wild-ratio"] == "two-naturals-per-wild"


def test_the_rule_books_preset_is_every_default():
    ruling = judged('[Variant "caliente-book"]')
    assert ruling.options == {spec.name: spec.default for spec in get("hand-and-foot").options}


def test_a_preset_asked_for_on_the_command_line_that_contradicts_the_record_is_a_usage_error():
    with pytest.raises(UsageError, match="pile-take=all in its tags, but pile-take=7 was asked for"):
        judged('[Variant "pile-take=all"]', pagat=True)


def test_an_unknown_option_names_the_presets_too():
    ruling = judged('[Variant "pagot"]')
    [finding] = ruling.findings
    assert finding.code == "unknown-option" and "its presets: caliente-book, pagat" in finding.message


def test_the_cli_takes_a_preset_as_an_option(tmp_path):
    path = tmp_path / "round.acn"
    path.write_text(RECORD.format(variant=""), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--option", "pagat", "-f", "json", str(path)])
    assert result.exit_code == 0, result.output
    assert '"pile-take": "7"' in result.output


def test_the_rule_reference_lists_the_presets():
    page = arbiter.rules.reference(get("hand-and-foot"))
    assert "## Presets" in page and "| `pagat` | `pile-take=7` `wild-ratio=two-naturals-per-wild` |" in page
