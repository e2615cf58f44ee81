"""The arbiter as pip installs it: a wheel built from the tree, installed in a fresh virtual
environment, with one grammar file, its templates and static files, and no top-level `app`. The
wheel is built where no C compiler is: compiling is an optimisation, never a requirement (setup.py),
so the install holds the Python source and says so in one line. (`make test`'s compiled run installs
a compiled wheel and runs the core's tests on it: tests/test_compiled.py.)"""

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
BUILD_SECONDS = 600  # a wheel of the source takes seconds; a bound, not a timing
# A checkout's own compiled modules, built in place by an earlier version's `make install`: a wheel
# or an install made from the checkout leaves them as they are.
IN_PLACE = (f"arbiter__mypyc{EXTENSION}", f"arbiter/engine/melding{EXTENSION}")
NO_COMPILER = {"CC": "/nonexistent/cc", "ARBITER_COMPILE": "auto"}  # the compiler setuptools would run


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the tree: the files git tracks or would, and a build made in place."""
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
    for name in IN_PLACE:
        (source / name).write_bytes(b"the checkout's own build of " + name.encode())
    return source


def build_wheel(source: Path, out: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation", "-w", str(out), "."],
        cwd=source,
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=BUILD_SECONDS,
    )


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A wheel built from the copy of the tree with no C compiler to be found, and pip's output."""
    out = tmp_path_factory.mktemp("wheel")
    built = build_wheel(source, out, **NO_COMPILER)
    assert built.returncode == 0, built.stderr
    [path] = out.glob("canasta_arbiter-*.whl")
    return path, built.stdout + built.stderr


def build_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if line.strip().startswith("canasta-arbiter:")]


def test_a_build_with_no_c_compiler_holds_the_python_source_and_says_so_in_one_line(
    wheel: tuple[Path, str],
) -> None:
    path, output = wheel
    assert path.name.endswith("-py3-none-any.whl")  # the source, for any platform
    assert [name for name in zipfile.ZipFile(path).namelist() if name.endswith(EXTENSION)] == []
    [line] = build_lines(output)
    assert line.startswith("canasta-arbiter: not compiled (no working C compiler: ")
    assert "/nonexistent/cc" in line and line.endswith(
        "installing the Python source, which rules alike, about 1.3 to 1.4 times slower"
    )


def test_building_a_wheel_leaves_the_checkouts_own_build_alone(source: Path, wheel: tuple[Path, str]) -> None:
    for name in IN_PLACE:
        assert (source / name).read_bytes() == b"the checkout's own build of " + name.encode()
        assert name not in zipfile.ZipFile(wheel[0]).namelist()


def test_asked_to_compile_with_no_c_compiler_the_build_fails_saying_why(source: Path, tmp_path: Path) -> None:
    built = build_wheel(source, tmp_path, **{**NO_COMPILER, "ARBITER_COMPILE": "yes"})
    assert built.returncode != 0 and list(tmp_path.glob("*.whl")) == []
    assert "canasta-arbiter: ARBITER_COMPILE=yes, and the core cannot be compiled here: no working C compiler" in (
        built.stdout + built.stderr
    )


def test_asked_not_to_compile_the_build_holds_the_source_though_a_compiler_is_at_hand(
    source: Path, tmp_path: Path
) -> None:
    built = build_wheel(source, tmp_path, ARBITER_COMPILE="no")
    assert built.returncode == 0, built.stderr
    assert len(list(tmp_path.glob("canasta_arbiter-*-py3-none-any.whl"))) == 1
    assert build_lines(built.stdout + built.stderr) == [
        "canasta-arbiter: not compiled (ARBITER_COMPILE=no): installing the Python source, which rules alike, "
        "about 1.3 to 1.4 times slower"
    ]


def test_a_choice_of_build_that_is_none_of_the_three_is_refused(source: Path) -> None:
    ran = subprocess.run(
        [sys.executable, "setup.py", "--name"],
        cwd=source,
        capture_output=True,
        text=True,
        env={**os.environ, "ARBITER_COMPILE": "maybe"},
        timeout=BUILD_SECONDS,
    )
    assert ran.returncode != 0
    assert "canasta-arbiter: ARBITER_COMPILE='maybe'; it is one of auto, yes, no" in ran.stderr


def test_building_the_wheel_gives_no_setuptools_warning(wheel: tuple[Path, str]) -> None:
    _, output = wheel
    # setuptools' warnings are Python warnings (SetuptoolsDeprecationWarning, ...) boxed in `!!`
    warnings = [line for line in output.splitlines() if re.search(r"\w+Warning\b|^\s*!!", line)]
    assert warnings == []


def test_an_editable_install_compiles_nothing_and_gives_no_setuptools_warning(source: Path, tmp_path: Path) -> None:
    # what `pip install -e .` (make's install) asks of setuptools: the editable wheel (PEP 660), with a
    # compiler at hand; development runs the source, never a build of it
    build = "import sys; from setuptools import build_meta; print(build_meta.build_editable(sys.argv[1]))"
    built = subprocess.run(
        [sys.executable, "-W", "always", "-c", build, str(tmp_path)],
        cwd=source,
        capture_output=True,
        text=True,
        env={**os.environ, "ARBITER_COMPILE": "auto"},
        timeout=BUILD_SECONDS,
    )
    assert built.returncode == 0, built.stderr
    output = built.stdout + built.stderr
    assert [line for line in output.splitlines() if re.search(r"\w+Warning\b|^\s*!!", line)] == []
    assert build_lines(output) == [] and "mypyc" not in output
    [editable] = tmp_path.glob("canasta_arbiter-*.whl")
    assert [name for name in zipfile.ZipFile(editable).namelist() if name.endswith(EXTENSION)] == []
    built_in_place = sorted(path.relative_to(source).as_posix() for path in source.rglob(f"*{EXTENSION}"))
    assert built_in_place == sorted(IN_PLACE)  # nothing built beside the source, nothing removed


FILES = ("templates", "static")


def test_the_wheel_ships_one_grammar_the_templates_and_no_top_level_app(
    wheel: tuple[Path, str],
) -> None:
    names = zipfile.ZipFile(wheel[0]).namelist()
    grammar = "canasta_arbiter-0.1.0.data/data/share/canasta-arbiter/grammar/canasta.lark"
    assert [n for n in names if n.endswith(".lark")] == [grammar]  # the one grammar file, as a data file
    web = ROOT / "arbiter_web"  # the shared templates and static files, and each blueprint package's own
    files = {
        path.relative_to(ROOT).as_posix() for path in web.rglob("*") if path.is_file() and path.parent.name in FILES
    }
    assert "arbiter_web/pages/templates/index.html" in files and "arbiter_web/static/arbiter.css" in files
    assert files <= set(names), sorted(files - set(names))
    tops = {name.split("/")[0] for name in names if ".dist-info" not in name and ".data/" not in name}
    assert tops == {"arbiter", "arbiter_cli", "arbiter_web"}
    assert {"arbiter/engine/melding.py", "arbiter/notation/reading.py"} <= set(names)
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
    # the dependencies are those of the test environment (no second download); the arbiter is the wheel's,
    # installed beside the checkout's editable install that environment also shows (never replacing it)
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "--python", str(python)),
            *("install", "-q", "--no-deps", "--ignore-installed", str(wheel[0])),
        ],
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
    assert melding == str(site / "arbiter" / "engine" / "melding.py")  # the Python source
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


def test_release_wheels_are_compiled_or_not_built_and_each_passes_the_wheel_check() -> None:
    import tomllib

    import yaml

    release = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cibuildwheel"]
    assert release["environment"] == {"ARBITER_COMPILE": "yes"}  # a wheel that cannot compile fails its build
    assert release["test-command"] == "python {project}/tools/wheel_check.py {project}/samples"
    assert "cp311-*" in release["build"]  # the oldest Python the project supports (requires-python)
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "wheels.yml").read_text(encoding="utf-8"))
    wheels = workflow["jobs"]["wheels"]
    assert any(step.get("uses", "").startswith("pypa/cibuildwheel@") for step in wheels["steps"])
    systems = {os.split("-")[0] for os in wheels["strategy"]["matrix"]["os"]}
    assert systems == {"ubuntu", "macos", "windows"}


def test_the_wheel_check_refuses_an_arbiter_that_is_not_compiled() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # the checkout's source
    ran = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "wheel_check.py"), str(ROOT / "samples")],
        capture_output=True,
        text=True,
        env=env,
        timeout=BUILD_SECONDS,
    )
    assert ran.returncode == 1
    assert ran.stderr.startswith("not compiled: arbiter.engine.melding, arbiter.notation.reading")


def test_every_sample_is_judged_as_its_name_says_so_the_wheel_check_can_tell() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import wheel_check
    finally:
        sys.path.remove(str(ROOT / "tools"))
    records = sorted((ROOT / "samples").glob("*.acn"))
    assert wheel_check.surprises(records) == []
    assert any("-illegal-" in path.name for path in records) and any("-illegal-" not in p.name for p in records)


def test_make_run_serves_the_source_at_once_and_a_compiled_build_only_while_it_is_the_trees(tmp_path: Path) -> None:
    venv, compiled = tmp_path / "venv", tmp_path / "compiled"

    def dry_run() -> str:  # what `make run` would run, nothing run
        return subprocess.run(
            ["make", "-n", "-C", str(ROOT), f"VENV={venv}", f"COMPILED={compiled}", "run"],
            capture_output=True,
            text=True,
            check=True,
            timeout=BUILD_SECONDS,
        ).stdout

    fresh = dry_run()  # a fresh clone: the source, installed editable, served at once
    assert "-r requirements.txt -e ." in fresh and "pip wheel" not in fresh
    assert "serving the Python source; `make compiled` builds the reader and the engine compiled" in fresh
    assert f"{venv}/bin/arbiter serve --host 127.0.0.1 --port 8000" in fresh
    compiled.mkdir()
    (compiled / ".installed").touch()  # `make compiled` has just built the tree as it is
    built = dry_run()
    assert f"serving the compiled build ({compiled}/venv)" in built
    assert f"{compiled}/venv/bin/arbiter serve" in built
    os.utime(compiled / ".installed", (0, 0))  # built before the tree's files last changed
    assert f"{venv}/bin/arbiter serve" in dry_run()


def test_every_package_of_the_tree_is_one_the_wheel_ships() -> None:
    """A new package (arbiter/sheets/, arbiter/event/) missing from pyproject.toml's list would be
    left out of every wheel while the checkout's own tests still pass."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {
        ".".join(folder.relative_to(ROOT).parts)
        for top in ("arbiter", "arbiter_cli", "arbiter_web")
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]
        if folder.is_dir() and "__pycache__" not in folder.parts and any(folder.glob("*.py"))
    }
    assert found <= listed, sorted(found - listed)
