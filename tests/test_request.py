"""One request from the edge to the engine (issue 49): `arbiter.Request` is validated once, where
an adapter builds it, and travels whole, to worker processes too."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import arbiter
from arbiter import families as rulesets
from arbiter.archive import inputs
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"


def test_an_unknown_option_is_refused_when_the_request_is_made_before_anything_is_read() -> None:
    with pytest.raises(arbiter.UsageError, match="no-such-option"):
        arbiter.Request.of(rules="caliente", options={"no-such-option": True})


def test_a_request_arrives_in_another_process_with_that_process_own_rule_sets() -> None:
    request = arbiter.Request.of(rules="samba", options={"target": 15000}, default_rules="hoyle")
    arrived = pickle.loads(pickle.dumps(request))
    assert arrived.rules is rulesets.get("samba") and arrived.default is rulesets.get("hoyle")
    assert dict(arrived.options) == {"target": 15000}


def test_a_request_and_its_parts_together_are_a_mistake_of_the_caller() -> None:
    with pytest.raises(TypeError, match="not both"):
        arbiter.check("", arbiter.Request(), rules="caliente")


def test_the_command_line_makes_its_request_once_for_every_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("caliente-2-players.acn", "caliente-3-players.acn", "caliente-5-players.acn"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    made: list[arbiter.Request] = []
    original = arbiter.Request.of.__func__  # type: ignore[attr-defined]

    def counted(cls: type[arbiter.Request], **parts: object) -> arbiter.Request:
        made.append(original(cls, **parts))
        return made[-1]

    monkeypatch.setattr(arbiter.Request, "of", classmethod(counted))
    result = CliRunner().invoke(cli, ["check", "--rules", "caliente", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(made) == 1


def test_an_archive_run_judges_every_file_by_the_one_request_it_is_given() -> None:
    tasks = inputs.collect((str(SAMPLES / "hoyle-endgame.acn"),), read_stdin=lambda: b"")
    (report,) = inputs.run(tasks, arbiter.Request.of(rules="caliente"))
    assert report.usage_error is not None and "hoyle" in report.usage_error
