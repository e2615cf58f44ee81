"""The README's console examples are true: every ```console block is run, command by command, in
a folder holding a copy of samples/ (as a checkout has it), and each command prints what the
README shows after it. A README that goes stale fails here."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
PROMPT = "$ "


def console_blocks() -> list[tuple[int, list[tuple[str, str]]]]:
    """Each console block's line in the README and its (command, output shown) pairs."""
    blocks = []
    for match in re.finditer(r"^```console\n(.*?)^```", README.read_text(encoding="utf-8"), re.M | re.S):
        line = README.read_text(encoding="utf-8")[: match.start()].count("\n") + 1
        session: list[tuple[str, str]] = []
        for row in match.group(1).splitlines(keepends=True):
            if row.startswith(PROMPT):
                session.append((row[len(PROMPT) :].rstrip("\n"), ""))
            else:
                assert session, f"README line {line}: a console block starts with a command"
                command, shown = session[-1]
                session[-1] = (command, shown + row)
        blocks.append((line, session))
    return blocks


BLOCKS = console_blocks()


def test_the_readme_has_console_examples_and_each_runs_the_arbiter():
    assert len(BLOCKS) >= 8
    for line, session in BLOCKS:
        assert any("arbiter " in command for command, _ in session), f"README line {line}"


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder set up as the README's examples assume: the samples of a checkout."""
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    return tmp_path


def _environment() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("GITHUB_ACTIONS", "FORCE_COLOR")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["NO_COLOR"] = "1"
    for key in ("COLUMNS", "LINES", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(key, None)
    env["LANG"] = "C.UTF-8"  # the examples are in English unless they ask for a language (--lang)
    return env


@pytest.mark.parametrize(("line", "session"), BLOCKS, ids=[f"line-{line}" for line, _ in BLOCKS])
def test_a_console_example_prints_what_the_readme_shows(checkout: Path, line: int, session: list[tuple[str, str]]):
    status = 0
    for command, shown in session:
        script = f"(exit {status}); {command}"  # `$?` is the previous command's status
        ran = subprocess.run(
            ["bash", "-c", script],
            cwd=checkout,
            env=_environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=300,
        )
        assert ran.stdout == shown, f"README line {line}: `{command}`"
        status = ran.returncode
