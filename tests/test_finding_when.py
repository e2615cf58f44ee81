"""The "when" of a finding (hand, turn, player to play) agrees with the record, for every code the
samples and their planted turn-order and unknown-player errors give: a finding on a move names the
player whose turn line it is; a turn played out of order, or by someone not at the table, names
whose turn it was (never the player before); a warning on the cards left at the hand's end names
whose hand it is."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import arbiter
from arbiter.engine.hand_play import NOT_ON_A_MOVE
from arbiter.notation import parse

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))


def planted(text: str) -> list[tuple[str, str]]:
    """The record with its first hand's second turn played by the wrong player: the next one at
    the table (turn-order), or a stranger (unknown-player)."""
    lines = text.splitlines()
    turns = [i for i, line in enumerate(lines) if re.match(r"^[a-z]+: ", line)]
    if len(turns) < 3:
        return []
    second, third = turns[1], turns[2]
    player, rest = lines[second].split(": ", 1)
    after = lines[third].split(": ", 1)[0]
    out = [
        (f"{name} plays turn 2", [*lines[:second], f"{who}: {rest}", *lines[second + 1 :]])
        for name, who in (("next", after), ("zed", "zed"))
    ]
    return [(name, "\n".join(changed) + "\n") for name, changed in out if after != player]


RECORDS = [(path.name, path.read_text(encoding="utf-8")) for path in SAMPLES]
RECORDS += [(f"{name} ({label})", text) for name, original in RECORDS for label, text in planted(original)]


def whens(text: str) -> list[tuple[arbiter.Finding, str | None, str | None]]:
    """Each finding with a turn, with the player of that turn line and whose turn it was."""
    found = []
    parsed = list(parse(text))
    for game, ruling in zip(parsed, arbiter.check(text), strict=True):
        for finding in ruling.findings:
            if not (finding.hand and finding.turn):
                continue
            hand = next(h for h in game.game.hands if h.number == finding.hand)
            line_player = hand.turns[finding.turn - 1].player if finding.turn <= len(hand.turns) else None
            position = arbiter.Position.from_record(text, hand=finding.hand, turn=finding.turn, game=ruling.index)
            to_play = position.to_play
            if finding.severity is arbiter.Severity.WARNING and finding.turn == len(hand.turns):
                line_player = to_play = finding.message.split(" ", 1)[0]  # the hand's end: whose cards are left
            found.append((finding, line_player, to_play))
    return found


def test_every_finding_names_the_player_the_record_says():
    wrong, codes = [], Counter()
    for name, text in RECORDS:
        for finding, line_player, to_play in whens(text):
            codes[finding.code] += 1
            expected = to_play if finding.code in NOT_ON_A_MOVE else line_player
            if finding.player != expected:
                wrong.append((name, finding.code, finding.turn, finding.player, expected))
    assert wrong == []
    assert {"turn-order", "unknown-player"} <= set(codes), codes
    assert len(codes) >= 10, codes  # the samples' own codes besides


@pytest.mark.parametrize(("stranger", "code"), [("bob", "turn-order"), ("zed", "unknown-player")])
def test_a_turn_out_of_order_says_whose_turn_it_was_on_the_command_line_in_json_and_on_the_page(
    stranger, code, tmp_path
):
    from click.testing import CliRunner

    from arbiter_cli.main import cli

    text = (Path(__file__).parent.parent / "samples" / "hoyle-opening.acn").read_text(encoding="utf-8")
    lines = text.splitlines()
    turns = [i for i, line in enumerate(lines) if re.match(r"^[a-z]+: ", line)]
    second = turns[1]
    expected, rest = lines[second].split(": ", 1)
    lines[second] = f"{stranger if stranger != expected else 'ann'}: {rest}"
    record = tmp_path / "out-of-turn.acn"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (ruling,) = arbiter.check(record.read_text(encoding="utf-8"))
    (finding,) = [f for f in ruling.findings if f.code == code]
    assert finding.player == expected and finding.line == second + 1
    said = CliRunner().invoke(cli, ["check", str(record)]).output
    assert f"turn {finding.turn}, {expected} to play" in said
    data = CliRunner().invoke(cli, ["check", "--format", "json", str(record)]).output
    assert f'"player": "{expected}"' in data
    from app import create_app

    page = create_app({"TESTING": True}).test_client().post("/", data={"record": record.read_text(encoding="utf-8")})
    assert f"turn {finding.turn}, {expected} to play" in page.get_data(as_text=True)
