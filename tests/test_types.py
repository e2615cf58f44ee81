"""mypy checks the core (`make lint`; pyproject.toml's [tool.mypy]): the compiled build enforces the
hints at run time (setup.py), so a call that does not match them is caught before it becomes an
error only the compiled build raises."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
CHECK_SECONDS = 600  # mypy takes seconds with its cache, a minute without; a bound, not a timing


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True, timeout=CHECK_SECONDS
    )


def test_a_call_only_the_compiled_engine_would_refuse_is_a_type_error(tmp_path: Path) -> None:
    caller = tmp_path / "caller.py"
    caller.write_text(
        "from arbiter.engine.start import sitting_out_count\n\nsitting_out_count(5, 1.0, 0)\n", encoding="utf-8"
    )
    checked = mypy(str(caller))
    assert checked.returncode == 1
    assert 'Argument 2 to "sitting_out_count" has incompatible type "float"; expected "int"' in checked.stdout


def test_the_core_is_checked_strictly_and_every_exception_is_narrow() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["arbiter"] and config["strict"] is True
    relaxed = {option for override in config["overrides"] for option in override if option != "module"}
    assert relaxed <= {"follow_imports", "implicit_reexport", "ignore_missing_imports"}
    assert "ignore_errors" not in config and "disable_error_code" not in config
