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


@pytest.mark.parametrize("path", list(source_files("bench")), ids=lambda p: str(p.relative_to(ROOT)))
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


# --- the web adapter's packages (issue 49) ---------------------------------------------------------

WEB_PACKAGES = ("api", "pages", "serving", "storage")
"""arbiter_web's blueprint packages, each attached to the app once by `<package>.attach.register`."""
WEB_TOP = {"arbiter_web", "arbiter_web.factory", "arbiter_web.service", "arbiter_web.wsgi"}
"""arbiter_web's modules outside the packages: the app factory, the one call into the core, the WSGI app."""
ATTACHING = ("register_blueprint", "init_app", "register_error_handler", "before_request", "after_request")
"""The calls that attach something to the app (or the Api), made only where a package attaches itself."""


def private_names_used(path: Path) -> set[str]:
    """`module._name` for every private name `path` takes from another module: imported by name
    (`from x import _name`), or read off an imported module (`x._name`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: dict[str, str] = {}  # the local name of each module imported, and that module
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update({(alias.asname or alias.name).split(".")[0]: alias.name for alias in node.names})
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_"):
                    used.add(f"{node.module}.{alias.name}")
                modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        private = isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
        if private and isinstance(node.value, ast.Name) and node.value.id in modules:
            used.add(f"{modules[node.value.id]}.{node.attr}")
    return used


WEB = list(source_files("arbiter_web"))


@pytest.mark.parametrize("path", WEB, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_web_module_uses_no_private_name_of_another_module(path: Path) -> None:
    assert private_names_used(path) == set()


@pytest.mark.parametrize("path", WEB, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_web_module_is_in_a_package_or_one_of_the_few_at_the_top(path: Path) -> None:
    name = module_name(path)
    assert name in WEB_TOP or name.split(".")[1] in WEB_PACKAGES


def calls(path: Path) -> list[str]:
    return [
        node.func.attr
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    ]


def test_each_web_package_is_attached_once_by_the_app_factory() -> None:
    factory = ROOT / "arbiter_web" / "factory.py"
    attached = [name for name in imported(factory) if name.endswith(".attach")]
    assert sorted(attached) == [f"arbiter_web.{package}.attach" for package in sorted(WEB_PACKAGES)]
    assert calls(factory).count("register") == len(WEB_PACKAGES)
    assert not set(ATTACHING) & set(calls(factory))  # nothing attached beside the packages


@pytest.mark.parametrize("path", WEB, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_a_packages_attach_module_and_its_own_init_app_attach_to_the_app(path: Path) -> None:
    """A module may say how it is attached (its `init_app`), but only its package's `attach`
    calls it: a blueprint or a hook is never attached from a view module or another package."""
    name = module_name(path)
    attaching = [call for call in calls(path) if call in ATTACHING]
    if name.endswith(".attach"):
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside_init_app = [
        call
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "init_app"
        for call in (
            inner.func.attr
            for inner in ast.walk(node)
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute)
        )
        if call in ATTACHING
    ]
    assert sorted(attaching) == sorted(inside_init_app)


def test_a_private_name_taken_from_another_module_is_found(tmp_path: Path) -> None:
    module = tmp_path / "views.py"
    module.write_text(
        "from arbiter_web.pages import page\nfrom x import _y\n\npage._sentence('no')\n", encoding="utf-8"
    )
    assert private_names_used(module) == {"arbiter_web.pages.page._sentence", "x._y"}
