"""The reader and the engine run compiled (setup.py builds them with mypyc): the tests run the
build an install makes, and that build rules every sample as the Python source does."""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

from arbiter.compiled import EXTENSION, compiled_modules, module_name, stale_modules
from arbiter.notation import Limits, Start

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.acn"))


def setup_module_list() -> set[str]:
    spec = importlib.util.spec_from_file_location("arbiter_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # not as __main__: it only lists what it compiles
    return {module_name(path) for path in setup.COMPILED}


def test_the_tests_run_the_modules_setup_compiles_each_built_after_its_source() -> None:
    expected = set() if os.environ.get("ARBITER_PURE_PYTHON") else setup_module_list()
    assert set(compiled_modules()) == expected
    assert {"arbiter.engine.melding", "arbiter.notation.reading"} <= expected or not expected
    assert stale_modules() == []


def test_a_compiled_module_changed_since_it_was_built_is_stale(tmp_path: Path) -> None:
    [(module, source)] = list(compiled_modules().items())[:1]
    built = source.with_name(source.stem + EXTENSION)
    before = built.stat().st_mtime
    try:
        os.utime(built, (before, source.stat().st_mtime - 1))
        assert stale_modules() == [module]
    finally:
        os.utime(built, (before, before))
    assert stale_modules() == []


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


def rulings(python_path: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(python_path)}
    ran = subprocess.run(
        [sys.executable, "-c", RULINGS, *map(str, SAMPLES)], cwd=python_path, env=env, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def test_the_compiled_core_rules_every_sample_as_its_python_source_does(tmp_path: Path) -> None:
    source = tmp_path / "source"  # the tree without its builds: the Python source alone
    for name in ("arbiter", "grammar"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", source)
    pure, built = rulings(source), rulings(ROOT)
    assert pure["compiled"] == [] and built["compiled"] == sorted(compiled_modules())
    assert pure["rulings"] == built["rulings"]
    assert len(pure["rulings"]) == len(SAMPLES) > 40
