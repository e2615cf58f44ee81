"""The picture that opens docs/architecture.md, drawn from the code so that it cannot drift.

    python tools/architecture.py          # rewrite the picture in docs/architecture.md
    python tools/architecture.py --check  # exit 1 if the page's picture is not the code's

The packages of the core are drawn from the import graph tests/test_layout.py holds (every import,
functions' and type-only ones too), one box a package with what it is (SAYS), one
arrow where a package imports another that it does not already reach through a third (the
transitive reduction: the picture shows the layers, not every edge). Below it, the path of a record
through them: each step a library call that is checked to be there.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- The picture below is drawn by tools/architecture.py from the code: edit the code, then run it. -->"
END = "<!-- End of the drawn picture. -->"

RECORD_PATH = (
    ("the record's text", None),
    ("read", "arbiter.notation.parse"),
    ("judged under its rule set", "arbiter.judging.check"),
    ("replayed move by move", "arbiter.engine.judge_game"),
    ("ruled", "arbiter.rulings.GameRuling"),
    ("shown", "arbiter_cli.report"),
)
"""The path of a record, step by step: what is done, and the library call (or module) that does it."""


def _layout() -> ModuleType:
    """tests/test_layout.py, whose import graph this draws (one graph for the test and the picture)."""
    spec = importlib.util.spec_from_file_location("layout", ROOT / "tests" / "test_layout.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def package_of(module: str) -> str | None:
    """`arbiter.engine` for `arbiter.engine.melds`; None for the root's own modules' package."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "arbiter" and len(parts) > 1 else None


def package_graph(graph: dict[str, set[str]], layers: tuple[str, ...]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {layer: set() for layer in layers}
    for name, targets in graph.items():
        source = package_of(name)
        for target in targets:
            imported = package_of(target)
            if source in edges and imported in edges and imported != source:
                edges[source].add(imported)
    return edges


def reduced(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each arrow that no longer path gives already (the graph has no circle: the layout test holds it)."""

    def reach(start: str) -> set[str]:
        seen, todo = set(), list(edges[start])
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo.extend(edges[node])
        return seen

    return {
        source: {target for target in targets if not any(target in reach(other) for other in targets - {target})}
        for source, targets in edges.items()
    }


SAYS = {
    "arbiter.i18n": "words as data, said in the reader's language",
    "arbiter.errors": "the one base of every error the library raises",
    "arbiter.cards": "the card alphabet every rule set shares",
    "arbiter.rulings": "what a ruling is made of: findings, the table shown, the corrected sheet",
    "arbiter.notation": "reading and writing records: text to typed records and back",
    "arbiter.rules": "the contract the engine reads: rule sets, options, codes, shared policies",
    "arbiter.engine": "the replay: a hand move by move, every rule checked, every score recomputed",
    "arbiter.variations": "what several families bring (the Caliente card)",
    "arbiter.bots": "the simulator's bots' kit",
    "arbiter.families": "one package a family, its rules as data and small policies",
    "arbiter.files": "the files a user hands in, read within their bounds",
    "arbiter.house": "a club's house rulebooks",
    "arbiter.judging": "check: a record in, a ruling per game out",
    "arbiter.positions": "tables to play on: Position, legal actions, the editor's situation, a hand's frames",
    "arbiter.sheets": "score sheets written from records, and the score pad",
    "arbiter.event": "a tournament in one file: movements, deals, certified tables, standings",
    "arbiter.archive": "many records at once: folders, processes, a cluster",
    "arbiter.simulate": "complete legal games played by bots",
}
"""What each package is, in a line. A package the layout test knows and this does not is an error."""


def summary(package: str) -> str:
    if package not in SAYS:
        raise SystemExit(f"tools/architecture.py: say in SAYS what {package} is")
    return SAYS[package]


def _exists(dotted: str) -> bool:
    """Whether a dotted name is a module of the tree, or a name defined at the top of one."""
    module, _, name = dotted.rpartition(".")
    for candidate, attribute in ((dotted, None), (module, name)):
        folder = ROOT / candidate.replace(".", "/")
        path = folder / "__init__.py" if folder.is_dir() else folder.with_suffix(".py")
        if not path.is_file():
            continue
        if attribute is None:
            return True
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return attribute in _top_names(tree)
    return False


def _top_names(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.ImportFrom | ast.Import):
            yield from ((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value  # a lazy name map's keys (PEP 562 `__getattr__`)


def picture() -> str:
    layout = _layout()
    layers = tuple(layout.LAYERS)
    edges = reduced(package_graph(layout.import_graph(), layers))
    short = {layer: layer.removeprefix("arbiter.") for layer in layers}
    lines = ["```mermaid", "flowchart BT"]
    lines += [f'  {short[layer]}["<b>{short[layer]}</b><br/>{summary(layer)}"]' for layer in layers]
    lines += [f"  {short[source]} --> {short[target]}" for source in layers for target in sorted(edges[source])]
    lines += ["```", ""]
    lines += ["The layers from the bottom up (a package imports only packages below it):", ""]
    lines += ["| | package | what it is |", "|---|---|---|"]
    lines += [f"| {index} | `{layer}` | {summary(layer)} |" for index, layer in enumerate(layers, 1)]
    lines += ["", "The path of a record:", ""]
    for step, call in RECORD_PATH:
        if call is not None and not _exists(call):
            raise SystemExit(f"tools/architecture.py: {call} is not in the tree; say the path of a record again")
        lines.append(f"1. {step}" + (f": `{call}`" if call else ""))
    return "\n".join(lines)


def page_with(text: str, drawn: str) -> str:
    before, _, rest = text.partition(BEGIN)
    _, _, after = rest.partition(END)
    return f"{before}{BEGIN}\n\n{drawn}\n\n{END}{after}"


def main(argv: list[str]) -> int:
    text = PAGE.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"tools/architecture.py: {PAGE} has lost its markers")
    new = page_with(text, picture())
    if "--check" in argv:
        if new != text:
            print("docs/architecture.md's picture is not the code's: python tools/architecture.py")
            return 1
        return 0
    PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
