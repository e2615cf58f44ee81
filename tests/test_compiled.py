"""The reader and the engine may run compiled (setup.py builds them with mypyc where a C compiler
is): `make test` runs every test on the Python source, then the core's tests on the compiled build,
a wheel installed in its own environment (ARBITER_TEST_BUILD=compiled), where the build must rule
every sample as the source does."""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import arbiter
from arbiter.compiled import compiled_modules, module_name
from arbiter.notation import Limits, Start

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.acn"))
COMPILED_RUN = os.environ.get("ARBITER_TEST_BUILD") == "compiled"


def setup_module_list() -> set[str]:
    spec = importlib.util.spec_from_file_location("arbiter_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # not as __main__: it only lists what it compiles
    return {module_name(path) for path in setup.COMPILED}


def test_the_session_runs_the_build_it_asks_for() -> None:
    """The source run imports the checkout's source, nothing compiled shadowing it; the compiled
    run imports an installed build of every module setup.py compiles."""
    installed_from = Path(arbiter.__file__).resolve().parent.parent
    if COMPILED_RUN:
        assert set(compiled_modules()) == setup_module_list()
        assert {"arbiter.engine.melding", "arbiter.notation.reading"} <= set(compiled_modules())
        assert installed_from != ROOT.resolve()
    else:
        assert compiled_modules() == {}, "a build in place shadows the source: `make clean`, then `make install`"
        assert installed_from == ROOT.resolve()


def test_the_limits_and_start_a_cluster_is_sent_pickle_though_frozen_and_compiled() -> None:
    for value in (Limits(max_games=7, max_errors=3), Start(line=3, game=2, offset=40)):
        assert pickle.loads(pickle.dumps(value)) == value


# Every sample's ruling as data: the verdict, each finding's place and code, the scores.
RULINGS = """
import json, sys
from pathlib import Path
import arbiter
from arbiter.compiled import compiled_modules
out = {}
for path in sys.argv[1:]:
    rulings = arbiter.check(Path(path).read_bytes())
    out[Path(path).name] = [ruling.to_dict() for ruling in rulings]
print(json.dumps({"compiled": sorted(compiled_modules()), "rulings": out}))
"""


def rulings(cwd: Path, python_path: Path | None) -> dict:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    if python_path is not None:
        env["PYTHONPATH"] = str(python_path)
    ran = subprocess.run(
        [sys.executable, "-c", RULINGS, *map(str, SAMPLES)], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


@pytest.mark.compiled
def test_the_compiled_core_rules_every_sample_as_its_python_source_does(tmp_path: Path) -> None:
    source = tmp_path / "source"  # the checkout's Python source alone, put before the installed build
    for name in ("arbiter", "grammar"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", source)
    pure, built = rulings(source, source), rulings(tmp_path, None)
    assert pure["compiled"] == [] and built["compiled"] == sorted(setup_module_list())
    assert pure["rulings"] == built["rulings"]
    assert len(pure["rulings"]) == len(SAMPLES) > 40


@pytest.mark.compiled
def test_the_release_wheels_check_passes_on_the_compiled_build(tmp_path: Path) -> None:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    ran = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "wheel_check.py"), str(ROOT / "samples")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == f"{len(setup_module_list())} modules compiled; {len(SAMPLES)} samples judged as named"
