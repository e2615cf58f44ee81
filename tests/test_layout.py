"""The structure drawn from the imports: the layers read from top to bottom.

The import graph of arbiter/, arbiter_cli/ and arbiter_web/ is built from the source with `ast`,
every import counted (at module level and inside functions alike, since an import inside a
function is still an arrow between modules). It holds: no import circle; the pure core imports
neither adapter nor Flask nor click; the bench does not reach the command line to check records;
and no module of the core is past MAX_LINES lines (a longer one is split by concept).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGES = ("arbiter", "arbiter_cli", "arbiter_web")
MAX_LINES = 600
ADAPTERS_AND_FRAMEWORKS = ("arbiter_cli", "arbiter_web", "flask", "click")
PROGRAM = "arbiter/__main__.py"
"""`python -m arbiter`: the command itself, which starts the command line adapter; never imported."""

# Pending on other branches, which are fixing these right now; emptied when they are merged.


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files(*folders: str) -> Iterator[Path]:
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.py"))


def imported(path: Path, module: str | None = None) -> Iterator[str]:
    """Every module `path` (the module `module`) imports, at any depth of its code; `from package
    import name` counts as importing `package.name` (a module when there is one, else the package)."""
    module = module or module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


Graph = dict[str, set[str]]


def import_graph() -> Graph:
    """Each module of the three packages, and the modules of theirs it imports."""
    modules = {module_name(path): path for path in source_files(*PACKAGES)}
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        for target in imported(path):
            if target in modules and target != name and not name.startswith(target + "."):
                graph[name].add(target)  # a package's own modules importing it are not a circle
    return graph


def reachable(graph: Graph, start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in graph[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def circles(graph: Graph) -> list[set[str]]:
    """The groups of modules that import each other, each group once."""
    reach = {name: reachable(graph, name) for name in graph}
    groups = {frozenset(n for n in reach[name] if name in reach[n]) | {name} for name in graph if name in reach[name]}
    return [set(group) for group in groups]


def test_no_import_circles() -> None:
    assert circles(import_graph()) == []


CORE = [path for path in source_files("arbiter") if path != ROOT / PROGRAM]


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_core_imports_no_adapter_or_framework(path: Path) -> None:
    wrong = [name for name in imported(path) if name.split(".")[0] in ADAPTERS_AND_FRAMEWORKS]
    assert wrong == []


# bench/out holds what the bench made (a copy of the tree among it), not the bench's code.
BENCH_CODE = [path for path in source_files("bench") if path.relative_to(ROOT / "bench").parts[0] != "out"]


@pytest.mark.parametrize("path", BENCH_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_bench_checks_through_the_library_not_the_command_line(path: Path) -> None:
    assert [name for name in imported(path) if name.split(".")[0] == "arbiter_cli"] == []


def test_no_core_module_is_past_600_lines() -> None:
    long = {
        str(path.relative_to(ROOT))
        for path in source_files("arbiter")
        if len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES
    }
    assert long == set()


def test_an_import_inside_a_function_is_an_arrow_too(tmp_path: Path) -> None:
    module = tmp_path / "views.py"
    module.write_text("def view():\n    from .tables import tables\n    import arbiter.checker\n", encoding="utf-8")
    found = set(imported(module, "arbiter_web.views"))
    assert {"arbiter_web.tables", "arbiter_web.tables.tables", "arbiter.checker"} <= found


def test_a_circle_is_found_however_long() -> None:
    graph: Graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [{"a", "b", "c"}]
