"""The structure drawn from the imports: the layers read from top to bottom.

The import graph of arbiter/, arbiter_cli/ and arbiter_web/ is built from the source with `ast`,
every import counted (at module level and inside functions alike, since an import inside a
function is still an arrow between modules), and so is the `__init__` of every package an import
runs (importing `arbiter.engine.context` runs `arbiter.engine` first); the imports a type checker
alone reads (`if TYPE_CHECKING:`) run nowhere and are not arrows. It holds: no import circle; the
layers of LAYERS never import upwards (the contract the engine reads, `arbiter.rules`, below the
engine, below the variations several families bring, below the families); the engine, the
contract, the variations and the reader never reach a family; no family imports another (what
several share is below them: `arbiter.rules.standard` and `arbiter.rules.laws`, the variations,
`arbiter.bots`); the pure core imports neither
adapter nor Flask nor click; the bench does not reach the command line to check records; and no
module of the core is past MAX_LINES lines (a longer one is split by concept).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

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


def packages_run(target: str) -> Iterator[str]:
    """The module and every package whose `__init__` importing it runs (`a.b.c`: `a.b.c`, `a.b`, `a`)."""
    parts = target.split(".")
    for end in range(len(parts), 0, -1):
        yield ".".join(parts[:end])


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


@cache
def import_graph() -> Graph:
    """Each module of the three packages, and the modules of theirs it imports."""
    modules = {module_name(path): path for path in source_files(*PACKAGES)}
    graph: Graph = {name: set() for name in modules}
    for name, path in modules.items():
        for target in {run for found in imported(path) for run in packages_run(found)}:
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


LAYERS = (
    "arbiter.i18n",
    "arbiter.errors",
    "arbiter.cards",
    "arbiter.rulings",
    "arbiter.notation",
    "arbiter.rules",
    "arbiter.engine",
    "arbiter.variations",
    "arbiter.bots",
    "arbiter.families",
    "arbiter.files",
    "arbiter.house",
    "arbiter.judging",
    "arbiter.positions",
    "arbiter.sheets",
    "arbiter.event",
    "arbiter.archive",
    "arbiter.simulate",
)
"""The core from the bottom up (docs/architecture.md draws it): words as data, the one base of every
error, the card alphabet, what a ruling is made of, the reader, the contract the engine reads, the
engine, the variations several families bring (the Caliente card), the bots' kit, the families, the
files a user hands in (read within bounds), the house rulebooks, judging a record, positions to play on, score sheets, events, archives, the
simulator. A package imports only those below it."""
NEVER_A_FAMILY = ("arbiter.engine", "arbiter.rules", "arbiter.notation", "arbiter.variations", "arbiter.bots")
"""The engine, its contract, the reader, the shared variations and the bots' kit: a rule set reaches
them as data, never as an import."""


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def family_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["arbiter", "families"] else None


def imports_named(path: Path, module: str) -> Iterator[str]:
    """The module each import of `path` names as the one it imports from (`from .x import y`: `.x`)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            yield ".".join([*anchor, *([node.module] if node.module else [])])
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def test_every_import_of_ours_names_a_module_that_is_there() -> None:
    """An import inside a function runs only when the function does: one left behind by a move
    would fail then, far from the move. Every module our imports name is found in the tree."""
    modules = {module_name(path): path for path in source_files(*PACKAGES)}
    missing = {
        (name, target)
        for name, path in modules.items()
        for target in imports_named(path, name)
        if target.split(".")[0] in PACKAGES and target not in modules and not (ROOT / target.replace(".", "/")).is_dir()
    }
    assert missing == set()


def test_the_layers_never_import_upwards() -> None:
    graph = import_graph()
    upward = {
        (name, target)
        for name in graph
        for low, layer in enumerate(LAYERS)
        if within(name, layer)
        for target in reachable(graph, name)
        if any(within(target, higher) for higher in LAYERS[low + 1 :])
    }
    assert upward == set()


@pytest.mark.parametrize("package", NEVER_A_FAMILY)
def test_the_engine_its_contract_and_the_reader_never_reach_a_family(package: str) -> None:
    graph = import_graph()
    reached = {target for name in graph if within(name, package) for target in reachable(graph, name)}
    assert {target for target in reached if within(target, "arbiter.families")} == set()


def family_crossings(graph: Graph) -> set[tuple[str, str]]:
    """The imports of one family package's modules into another's."""
    return {
        (name, target)
        for name, targets in graph.items()
        if family_of(name)
        for target in targets
        if family_of(target) and family_of(target) != family_of(name)
    }


def test_no_family_imports_another() -> None:
    """What several families share (the standard game, the laws' game, the Caliente card, the bots'
    standard hand) lives below them, so a change to one family's package never changes another."""
    assert family_crossings(import_graph()) == set()


def test_a_family_importing_another_is_found() -> None:
    graph: Graph = {
        "arbiter.families.samba.policies": {"arbiter.families.caliente.policies", "arbiter.rules.standard"},
        "arbiter.families.caliente.policies": {"arbiter.rules.standard"},
        "arbiter.rules.standard": set(),
    }
    assert family_crossings(graph) == {("arbiter.families.samba.policies", "arbiter.families.caliente.policies")}


def test_every_family_package_is_in_the_explicit_list() -> None:
    import arbiter.families

    folders = {path.parent.name for path in (ROOT / "arbiter" / "families").glob("*/__init__.py")}
    assert {package.__name__.rpartition(".")[2] for package in arbiter.families.PACKAGES} == folders


def test_an_import_runs_the_packages_above_it() -> None:
    assert list(packages_run("arbiter.engine.context")) == ["arbiter.engine.context", "arbiter.engine", "arbiter"]


def test_an_import_a_type_checker_alone_reads_is_an_arrow_too(tmp_path: Path) -> None:
    """A reader follows `if TYPE_CHECKING:` imports as any other: two modules that name each other's
    types are a circle to a reader, whether or not Python runs the import."""
    module = tmp_path / "views.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .tables import Table\nelse:\n    import arbiter.cards\n",
        encoding="utf-8",
    )
    assert {"arbiter_web.tables", "arbiter.cards"} <= set(imported(module, "arbiter_web.views"))


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


def test_no_module_is_past_600_lines() -> None:
    long = {
        str(path.relative_to(ROOT))
        for path in source_files(*PACKAGES)
        if len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES
    }
    assert long == set()


ROOT_MODULES = {"__init__", "__main__", "cards", "compiled", "errors", "i18n"}
"""What the library's root holds beside its packages: its public face, the program, and the few
modules every step shares (the card alphabet, words as data, the base of every error, which parts
run compiled). Everything else is in the package of its step (docs/architecture.md)."""


def test_the_root_holds_the_library_as_a_whole_and_every_package_is_a_layer() -> None:
    core = ROOT / "arbiter"
    assert {path.stem for path in core.glob("*.py")} == ROOT_MODULES
    packages = {f"arbiter.{path.name}" for path in core.iterdir() if path.is_dir() and any(path.glob("*.py"))}
    assert packages == set(LAYERS) - {f"arbiter.{name}" for name in ROOT_MODULES}


def test_an_import_inside_a_function_is_an_arrow_too(tmp_path: Path) -> None:
    module = tmp_path / "views.py"
    module.write_text(
        "def view():\n    from .tables import tables\n    import arbiter.judging.checker\n", encoding="utf-8"
    )
    found = set(imported(module, "arbiter_web.views"))
    assert {"arbiter_web.tables", "arbiter_web.tables.tables", "arbiter.judging.checker"} <= found


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


# --- each blueprint package's own templates and static files (issue 49; docs/api.md) ----------------

WEB_ROOT = ROOT / "arbiter_web"
SHARED_FILES = {"templates": {"base.html"}, "static": {"arbiter.css", "favicon.svg"}}
"""What stays with the app, shared by every package's pages: the base layout, the stylesheet, the icon."""
STATIC_ENDPOINTS = {"static": WEB_ROOT / "static", "pages.static": WEB_ROOT / "pages" / "static"}


def files_of(kind: str) -> list[Path]:
    """Every template (or static file) of the app's shared folder and of each package's own."""
    folders = [WEB_ROOT / kind, *(WEB_ROOT / package / kind for package in WEB_PACKAGES)]
    return [path for folder in folders if folder.is_dir() for path in sorted(folder.iterdir()) if path.is_file()]


@pytest.mark.parametrize("kind", sorted(SHARED_FILES))
def test_each_file_name_is_in_one_folder_and_the_apps_own_are_the_shared_ones(kind: str) -> None:
    names = [path.name for path in files_of(kind)]
    assert sorted(names) == sorted(set(names)), "a template is found by its name alone, in the first folder"
    assert {path.name for path in (WEB_ROOT / kind).iterdir()} == SHARED_FILES[kind]


@pytest.mark.parametrize("path", WEB, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_web_module_renders_the_templates_of_its_own_package(path: Path) -> None:
    rendered = re.findall(r"render_template\(\s*\"([^\"]+)\"", path.read_text(encoding="utf-8"))
    own = WEB_ROOT / path.relative_to(WEB_ROOT).parts[0] / "templates"
    assert [name for name in rendered if not (own / name).is_file()] == []


@pytest.mark.parametrize("path", files_of("templates"), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_template_links_static_files_that_are_where_their_endpoint_serves_them(path: Path) -> None:
    linked = re.findall(r"url_for\('([\w.]*static)', filename='([^']+)'\)", path.read_text(encoding="utf-8"))
    assert [(endpoint, name) for endpoint, name in linked if not (STATIC_ENDPOINTS[endpoint] / name).is_file()] == []


# --- the picture of the house (docs/architecture.md, issue 54) --------------------------------------


def architecture_tool() -> Any:
    """tools/architecture.py, which draws docs/architecture.md's picture from this module's graph."""
    spec = importlib.util.spec_from_file_location("architecture_tool", ROOT / "tools" / "architecture.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_architecture_page_draws_the_packages_as_the_code_imports_them() -> None:
    tool = architecture_tool()
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert tool.page_with(page, tool.picture()) == page, "python tools/architecture.py draws it again"


def test_the_picture_draws_only_the_arrows_no_other_path_gives() -> None:
    tool = architecture_tool()
    edges = {"top": {"middle", "bottom"}, "middle": {"bottom"}, "bottom": set()}
    assert tool.reduced(edges) == {"top": {"middle"}, "middle": {"bottom"}, "bottom": set()}


def test_an_old_module_path_still_imports_with_a_warning() -> None:
    code = "import warnings; warnings.simplefilter('error')\ntry:\n    import arbiter.checker\nexcept DeprecationWarning as w:\n    print(w)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert "arbiter.checker is now arbiter.judging.checker" in done.stdout
    import arbiter

    with pytest.warns(DeprecationWarning):
        moved = importlib.import_module("arbiter.turn_tables")
    assert moved is importlib.import_module("arbiter.positions.frames")
    assert all(importlib.util.find_spec(new) is not None for new in arbiter.MOVED.values())


def test_no_module_of_ours_imports_a_module_by_its_old_name() -> None:
    """The old names (arbiter.MOVED) are for the library's users, and warn: our own code uses the new."""
    import arbiter

    old = set(arbiter.MOVED)
    users = {
        (module_name(path), name)
        for path in source_files(*PACKAGES, "tests", "bench", "tools")
        for name in imported(path)
    }
    assert {(module, name) for module, name in users if name in old and module != "tests.test_layout"} == set()
