"""Each command imports only what it needs when it runs (issue 45): `arbiter --version` loads
neither the command line's modules nor the core's engine, and `arbiter check` of one record loads
no simulator, cluster, web server, Markdown renderer, progress bar or HTML templating. Counted in
a fresh interpreter's sys.modules, never timed (bench/startup.py times them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "samples" / "hoyle-opening.acn"

RUN_AND_LIST = """
import json, sys
sys.argv = ["arbiter", *json.loads(sys.argv[1])]
from arbiter_cli.entry import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

HEAVY_FOR_CHECK = (
    "arbiter.simulate",
    "arbiter.bots",
    "arbiter.archive.cluster",
    "arbiter_cli.simulate",
    "arbiter_cli.serve",
    "arbiter_cli.table",
    "arbiter_web",
    "flask",
    "dask",
    "distributed",
    "rich.markdown",
    "markdown_it",
    "rich.progress",
    "jinja2",
)


def loaded(*arguments: str) -> set[str]:
    """The modules loaded by running `arbiter ARGUMENTS` in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, json.dumps(arguments)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8", "NO_COLOR": "1"},
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def under(modules: set[str], package: str) -> list[str]:
    return sorted(name for name in modules if name == package or name.startswith(package + "."))


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_the_version_loads_neither_the_command_line_nor_the_core(flag):
    modules = loaded(flag)
    assert under(modules, "arbiter_cli") == ["arbiter_cli", "arbiter_cli.about", "arbiter_cli.entry"]
    assert under(modules, "arbiter") == [] and under(modules, "click") == [] and under(modules, "rich") == []


def test_checking_one_record_loads_nothing_it_does_not_use():
    modules = loaded("check", "--isolated", str(RECORD))
    assert "arbiter.engine" in modules  # it did check
    assert [name for package in HEAVY_FOR_CHECK for name in under(modules, package)] == []


def test_checking_a_valid_record_loads_no_search_for_legal_actions_no_processes_and_no_version():
    modules = loaded("check", "--isolated", str(RECORD))
    unused = (
        "arbiter.engine.legal",  # the legal actions: only for what was allowed instead of a finding
        "arbiter.engine.candidates",
        "arbiter.engine.alternatives",
        "concurrent.futures.process",  # only with --jobs and several inputs
        "pathspec",  # only when a folder is searched
        "importlib.metadata",  # only for --version
    )
    assert [name for package in unused for name in under(modules, package)] == []


def test_formatting_a_record_judges_nothing():
    modules = loaded("fmt", str(RECORD))
    assert "arbiter.notation.formatter" in modules  # it did format
    assert under(modules, "arbiter.engine") == [] and under(modules, "arbiter.judging.checker") == []
    assert under(modules, "arbiter.sheets.summarise") == []  # --summary judges: only then


def test_listing_the_rule_sets_loads_no_checker_and_no_renderers():
    modules = loaded("rules")
    unused = (
        "arbiter.judging.checker",
        "arbiter.engine.legal",
        "arbiter_cli.formats",
        "arbiter_cli.rewrite",
    )
    assert [name for package in unused for name in under(modules, package)] == []


def test_the_lazy_commands_are_listed_and_run():
    modules = loaded("--help")
    assert "arbiter_cli.simulate" in modules and "arbiter_cli.serve" in modules  # listed with their help
    from click.testing import CliRunner

    from arbiter_cli.main import cli

    result = CliRunner().invoke(cli, ["table", "--help"])
    assert result.exit_code == 0 and "table" in result.output


def test_the_version_says_what_clicks_version_option_says():
    from click.testing import CliRunner

    from arbiter_cli.main import cli

    done = subprocess.run(
        [sys.executable, "-m", "arbiter", "--version"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.stdout == CliRunner().invoke(cli, ["--version"]).output


def test_every_name_the_package_exports_is_one_it_imports_when_first_used():
    """arbiter/__init__.py lists its names three times (for type checkers, `_WHERE`, `__all__`):
    the lazy map and `__all__` name the same names, and each resolves."""
    import arbiter

    assert sorted(arbiter.__all__) == sorted(arbiter._WHERE)
    assert all(getattr(arbiter, name) is not None for name in arbiter.__all__)
