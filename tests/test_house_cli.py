"""House rulebooks on the command line: `arbiter check --house FILE`, `house = "..."` in the
configuration, `arbiter rules --house FILE` and `arbiter rules --compare A B`."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from arbiter import house
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"
MAPLE = SAMPLES / "maple-club.rules.toml"
HOUSEHOLD = SAMPLES / "hoyle-household.rules.toml"
ASKING = SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn"


def arbiter_cmd(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A club's folder: its rulebook and a record played by it."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(MAPLE, tmp_path / "maple-club.rules.toml")
    (tmp_path / "records").mkdir()
    shutil.copy(ASKING, tmp_path / "records" / "table1.acn")
    return tmp_path


def test_check_with_house_judges_by_the_clubs_rules_and_names_them(club: Path):
    short = house.load(MAPLE).short  # people are shown the digest's first twelve digits
    result = arbiter_cmd("check", "--house", "maple-club.rules.toml", "records/")
    assert result.exit_code == 0, result.output
    assert f"(line 5, hand-and-foot, by Maple Club, version 3, #{short}): valid" in result.output


def test_check_without_the_house_judges_by_the_book(club: Path):
    assert arbiter_cmd("check", "--isolated", "records/").exit_code == 1


def test_the_configuration_names_the_house_rulebook_next_to_it(club: Path, monkeypatch: pytest.MonkeyPatch):
    (club / "arbiter.toml").write_text('house = "maple-club.rules.toml"\n', encoding="utf-8")
    monkeypatch.chdir(club / "records")  # the configuration is found above; its rulebook beside it
    result = arbiter_cmd("check", ".")
    assert result.exit_code == 0 and "by Maple Club, version 3" in result.output


def test_house_in_the_json_output_names_the_rulebook(club: Path):
    result = arbiter_cmd("check", "--house", "maple-club.rules.toml", "-f", "json", "records/")
    (game,) = json.loads(result.output)["files"][0]["games"]
    assert game["house"] == {
        "name": "Maple Club",
        "version": "3",
        "digest": house.load(MAPLE).digest,
        "family": "hand-and-foot",
    }


def test_house_with_jobs_judges_in_worker_processes_too(club: Path):
    shutil.copy(ASKING, club / "records" / "table2.acn")
    result = arbiter_cmd("check", "--jobs", "2", "--house", "maple-club.rules.toml", "records/")
    assert result.exit_code == 0 and result.output.count("by Maple Club") == 2


def test_a_record_naming_a_rulebook_not_given_is_reported(club: Path):
    tagged = ASKING.read_text(encoding="utf-8").replace(
        '[Rules "hand-and-foot"]', f'[Rules "hand-and-foot"]\n{house.load(MAPLE).tag()}'
    )
    (club / "records" / "table1.acn").write_text(tagged, encoding="utf-8")
    result = arbiter_cmd("check", "records/")
    assert result.exit_code == 1
    assert "error[house-rules-missing]" in result.output and "not at hand (no rulebook is at hand)" in result.output
    assert arbiter_cmd("check", "--house", "maple-club.rules.toml", "records/").exit_code == 0


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            'name = "X"\nversion = 1\nfamily = "hoyle"\n[rules.drawn]\nvalue = 2\nnote = "n"\n',
            "Hoyle two-hand Canasta has no option 'drawn'; its options are: draw,",
        ),
        ("name = ", "not valid TOML"),
    ],
)
def test_a_rulebook_that_cannot_be_used_is_a_usage_error(club: Path, text: str, says: str):
    (club / "bad.rules.toml").write_text(text, encoding="utf-8")
    result = arbiter_cmd("check", "--house", "bad.rules.toml", "records/")
    assert result.exit_code == 2 and says in result.output and "Traceback" not in result.output


def test_a_missing_rulebook_file_is_a_usage_error(club: Path):
    result = arbiter_cmd("check", "--house", "nowhere.rules.toml", "records/")
    assert result.exit_code == 2 and "nowhere.rules.toml: cannot be read" in result.output


def test_house_with_rules_or_options_is_a_usage_error(club: Path):
    result = arbiter_cmd("check", "--house", "maple-club.rules.toml", "-o", "ask-required=yes", "records/")
    assert result.exit_code == 2 and "drop --rules and --option" in result.output


def test_rules_house_prints_every_rule_with_the_clubs_choices_marked_and_its_notes():
    result = arbiter_cmd("rules", "--house", str(MAPLE))
    assert result.exit_code == 0
    assert "| `pile-take` | **7** (house) | all | A take picks up the top seven cards" in result.output
    assert "| `hand-size` | 13 | 13 |  |" in result.output
    assert "### `meld-closed`" in result.output  # every rule of the family follows
    assert house.load(MAPLE).tag() in result.output


def test_rules_compare_prints_only_the_differences_side_by_side():
    result = arbiter_cmd("rules", "--compare", str(HOUSEHOLD), "hoyle")
    assert result.exit_code == 0
    rows = [line for line in result.output.splitlines() if line.startswith("| `")]
    assert [row.split("|")[1].strip() for row in rows] == ["`canastas-to-go-out`", "`pass-the-discard`"]
    assert "**1**: One canasta is enough" in rows[0] and "2 (the book)" in rows[0]


def test_rules_compare_of_two_families_is_a_usage_error():
    result = arbiter_cmd("rules", "--compare", str(HOUSEHOLD), str(MAPLE))
    assert result.exit_code == 2 and "only rulebooks of one family compare" in result.output


def test_rules_compare_of_an_unknown_word_is_a_usage_error():
    result = arbiter_cmd("rules", "--compare", str(HOUSEHOLD), "whist")
    assert result.exit_code == 2 and "neither a rulebook file" in result.output


# --- the README's examples ----------------------------------------------------------------------

README = Path(__file__).parent.parent / "README.md"
CLEAN_ENV = {"GITHUB_ACTIONS": None, "NO_COLOR": None, "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
README_COMMANDS = [
    "arbiter check --house samples/maple-club.rules.toml samples/hand-and-foot-illegal-going-out-without-asking.acn",
    "arbiter simulate --rules hand-and-foot --hands 1 --seed 0 | arbiter check -q --house samples/maple-club.rules.toml -",
    "arbiter rules --compare samples/hoyle-household.rules.toml hoyle",
]


def readme_session(command: str) -> str:
    """What the README shows after `$ command`, up to the next command or the end of the block."""
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"$ {command}") + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(("$ ", "```")))
    return "\n".join(lines[start:end]) + "\n"


@pytest.mark.parametrize("command", README_COMMANDS)
def test_the_readmes_house_rules_examples_print_what_it_shows(command: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(README.parent)
    output = None
    for stage in command.split(" | "):
        words = shlex.split(stage)
        assert words[0] == "arbiter"
        result = CliRunner().invoke(cli, words[1:], input=output, env=CLEAN_ENV, catch_exceptions=False)
        output = result.output
    assert output == readme_session(command)


def test_the_readme_and_the_docs_name_the_samples_tag_and_digest():
    tag = house.load(MAPLE).tag()
    assert tag in README.read_text(encoding="utf-8")
    assert tag in (README.parent / "docs" / "house-rules.md").read_text(encoding="utf-8")
