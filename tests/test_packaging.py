"""The arbiter as pip installs it: a wheel built from the tree, installed in a fresh virtual
environment, with one grammar file, its templates and static files, and no top-level `app`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
EXTENSION = sysconfig.get_config_var("EXT_SUFFIX")  # .cpython-311-x86_64-linux-gnu.so, say


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the tree: the files git tracks or would."""
    source = tmp_path_factory.mktemp("source")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes((ROOT / name).read_bytes())
    return source


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A wheel built from the copy of the tree, and pip's output."""
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "-w", str(out), "."],
        cwd=source,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    [path] = out.glob("canasta_arbiter-*.whl")
    return path, built.stdout + built.stderr


def test_building_the_wheel_gives_no_setuptools_warning(wheel: tuple[Path, str]) -> None:
    _, output = wheel
    # setuptools' warnings are Python warnings (SetuptoolsDeprecationWarning, ...) boxed in `!!`
    warnings = [line for line in output.splitlines() if re.search(r"\w+Warning\b|^\s*!!", line)]
    assert warnings == []


def test_an_editable_install_gives_no_setuptools_warning(source: Path, tmp_path: Path) -> None:
    # what `pip install -e .` (make's install) asks of setuptools: the editable wheel (PEP 660)
    build = "import sys; from setuptools import build_meta; print(build_meta.build_editable(sys.argv[1]))"
    built = subprocess.run(
        [sys.executable, "-W", "always", "-c", build, str(tmp_path)], cwd=source, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    output = built.stdout + built.stderr
    assert [line for line in output.splitlines() if re.search(r"\w+Warning\b|^\s*!!", line)] == []
    assert list(tmp_path.glob("canasta_arbiter-*.whl"))


def test_the_wheel_ships_one_grammar_the_templates_the_compiled_core_and_no_top_level_app(
    wheel: tuple[Path, str],
) -> None:
    names = zipfile.ZipFile(wheel[0]).namelist()
    grammar = "canasta_arbiter-0.1.0.data/data/share/canasta-arbiter/grammar/canasta.lark"
    assert [n for n in names if n.endswith(".lark")] == [grammar]  # the one grammar file, as a data file
    assert "arbiter_web/templates/index.html" in names and "arbiter_web/static/arbiter.css" in names
    tops = {name.split("/")[0] for name in names if ".dist-info" not in name and ".data/" not in name}
    # the packages, and the shared library of the modules mypyc compiled (setup.py)
    assert tops == {"arbiter", "arbiter_cli", "arbiter_web", f"arbiter__mypyc{EXTENSION}"}
    for module in ("arbiter/engine/melding", "arbiter/notation/reading"):  # each beside its source
        assert {f"{module}.py", f"{module}{EXTENSION}"} <= set(names)
    tracked = subprocess.run(["git", "ls-files", "*.lark"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert tracked.stdout.split() == ["grammar/canasta.lark"]  # one grammar file in the tree, at its top


def test_the_installed_wheel_checks_records_and_serves_from_its_package(
    wheel: tuple[Path, str], tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # the dependencies are those of the test environment (no second download); the arbiter is the wheel's
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel[0])],
        check=True,
        capture_output=True,
    )
    sample = ROOT / "samples" / "caliente-scoring-example.acn"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    checked = subprocess.run(
        [str(venv / "bin" / "arbiter"), "check", str(sample)], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.rstrip().endswith("1 file, 1 game: 1 valid, 0 illegal, 0 malformed")
    probe = (
        "import arbiter, arbiter.engine.melding as m, arbiter_web.wsgi; print(arbiter.__file__, m.__file__); import app"
    )
    where = subprocess.run([str(python), "-c", probe], cwd=tmp_path, capture_output=True, text=True, env=env)
    package, melding = where.stdout.split()
    assert package == str(site / "arbiter" / "__init__.py")  # the wheel's arbiter, not the source tree's
    assert melding == str(site / "arbiter" / "engine" / f"melding{EXTENSION}")  # compiled
    assert "No module named 'app'" in where.stderr
    grammar = subprocess.run(
        [str(python), "-c", LOADS_THE_GRAMMAR], cwd=tmp_path, capture_output=True, text=True, env=env, check=True
    ).stdout.split()
    assert grammar == [
        str(venv.resolve() / "share" / "canasta-arbiter" / "grammar" / "canasta.lark"),
        "Turn",
        "Discard",
    ]


# The installed arbiter's grammar file, and a line Lark reads with a parser built from it alone.
LOADS_THE_GRAMMAR = """
from arbiter.notation import ACCELERATED, grammar_path
from arbiter.notation.parsers import read_with_lark
statement, _ = read_with_lark("ann: draw 4 {a comment}, discard 9", 1, ACCELERATED)
print(grammar_path(), type(statement).__name__, type(statement.actions[-1]).__name__)
"""


DISTRIBUTION = "canasta-arbiter"  # "arbiter" on the public package index is an unrelated project
INSTRUCTIONS = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "arbiter_cli").glob("*.py")]


def test_the_distribution_has_its_own_name_on_the_package_index() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION and project["scripts"] == {"arbiter": "arbiter_cli.entry:main"}


@pytest.mark.parametrize("path", INSTRUCTIONS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_install_instruction_names_the_distribution(path: Path) -> None:
    commands = re.findall(r"pip install ([^\n`]*)", path.read_text(encoding="utf-8"))
    packages = [word.strip("'\"") for command in commands for word in command.split()]
    wrong = [package for package in packages if re.fullmatch(r"arbiter(\[[a-z,]+\])?", package)]
    assert wrong == [], f"{path.name} tells pip to install someone else's package: {wrong}"


def test_python_m_arbiter_runs_the_command_and_the_core_does_not_import_it() -> None:
    ran = subprocess.run([sys.executable, "-m", "arbiter", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert ran.returncode == 0 and ran.stdout.startswith("arbiter ")
    probe = "import sys, arbiter; print(sorted(m for m in ('arbiter_cli', 'click', 'flask') if m in sys.modules))"
    imported = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert imported.stdout.strip() == "[]"
