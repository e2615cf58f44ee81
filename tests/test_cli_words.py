"""The command line in a player's words (issue 59): boards and rounds said as one says them, every
mistake of an event file said at once, an empty file summarised as holding no game."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from arbiter_cli.main import cli

PAIRS = ["--pair", "Ann and Cid=ann,cid", "--pair", "Bob and Dee=bob,dee", "--pair", "Eve and Gus=eve,gus",
         "--pair", "Fay and Hal=fay,hal"]  # fmt: skip


def arbiter_cmd(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def new_event(path: Path, *flags: str) -> None:
    made = arbiter_cmd("event", "new", str(path), "--name", "Club", "--family", "caliente", "--seed", "1",
                       "--date", "2026-11-26", *flags, *PAIRS)  # fmt: skip
    assert made.exit_code == 0, made.output


def test_one_board_is_a_board_and_several_are_a_range(tmp_path: Path) -> None:
    new_event(tmp_path / "one.event.toml", "--deals", "1", "--movement", "round-robin")
    one = arbiter_cmd("event", "schedule", str(tmp_path / "one.event.toml"))
    assert "(second seats), board 1\n" in one.output and "boards 1" not in one.output
    new_event(tmp_path / "three.event.toml", "--deals", "3", "--movement", "round-robin")
    three = arbiter_cmd("event", "schedule", str(tmp_path / "three.event.toml"), "--cards")
    assert "(second seats), boards 1 to 3\n" in three.output and "1-3" not in three.output


def test_the_one_round_a_swiss_event_pairs_later_is_said_as_one(tmp_path: Path) -> None:
    new_event(tmp_path / "swiss.event.toml", "--deals", "1", "--movement", "swiss", "--rounds", "2")
    sheet = arbiter_cmd("event", "schedule", str(tmp_path / "swiss.event.toml")).output
    assert "round 2 is paired on the standings once the rounds before it are certified" in sheet
    assert "rounds 2 to 2" not in sheet


def test_every_mistake_of_an_event_file_is_said_at_once(tmp_path: Path) -> None:
    path = tmp_path / "club.event.toml"
    new_event(path, "--deals", "1", "--movement", "round-robin")
    text = path.read_text()
    text = text.replace("date = 2026-11-26", 'date = "yesterday"').replace(
        'family = "caliente"', 'family = "calliente"'
    )
    text = text.replace("deals = 1", "deals = 0")
    path.write_text(text)
    said = arbiter_cmd("event", "schedule", str(path))
    assert said.exit_code != 0
    for key in ("date", "family", "deals"):
        assert f"club.event.toml: {key}: " in said.output, said.output


def test_an_empty_file_summarised_holds_no_game(tmp_path: Path) -> None:
    empty = tmp_path / "empty.acn"
    empty.write_text("")
    said = arbiter_cmd("fmt", "--summary", str(empty))
    assert "the file holds no game" in said.output and "cannot be seated" not in said.output


SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def without_rules(name: str, tmp_path: Path, *tags: str) -> Path:
    lines = (SAMPLES / name).read_text().splitlines(keepends=True)
    path = tmp_path / name
    path.write_text("".join(line for line in lines if not line.startswith(tags)))
    return path


def test_a_modern_american_record_without_its_rules_tag_is_told_which_tag_is_missing(tmp_path: Path) -> None:
    special = without_rules("modern-american-special-hand.acn", tmp_path, "[Rules", "[Variant")
    said = arbiter_cmd("check", str(special)).output
    assert (
        'it writes the action `special`: it looks like Modern American Canasta (add [Rules "modern-american"]' in said
    )
    variant = without_rules("modern-american-illegal-card-from-under-the-wild.acn", tmp_path, "[Rules")
    said = arbiter_cmd("check", str(variant)).output
    assert "its [Variant] tag names the option pile-with-wild" in said and '[Rules "modern-american"]' in said
