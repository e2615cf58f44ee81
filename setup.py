"""The build's one step beyond pyproject.toml: the core that reads and replays a record, compiled
to C with mypyc from its own type hints (docs/performance.md, "Compiled with mypyc").

The compiled modules are the same Python source: every test runs against them, and an install
built with ARBITER_PURE_PYTHON=1 runs the source as it is, for a machine with no C compiler or for
stepping through the engine in a debugger. The modules left out hold Lark's trees and transformer
(arbiter/notation/explain.py, parsers.py, transformer.py), which mypyc cannot compile, and
arbiter/cards.py, whose `Counts` must stay a Python class to keep the dict's own assignment.
"""

from __future__ import annotations

import os
from glob import glob
from pathlib import Path

from setuptools import setup

# The reader and the engine: where a check spends its time (reading a line, replaying an action).
COMPILED = sorted(
    [
        *glob("arbiter/engine/*.py"),
        *(
            path
            for path in glob("arbiter/notation/*.py")
            if os.path.basename(path) not in {"explain.py", "parsers.py", "transformer.py"}
        ),
    ]
)

# How mypy reads the tree to compile it: the modules imported but not compiled (the rule sets,
# Lark) are read for their types only, and their own type errors are not the build's.
MYPY_OPTIONS = ["--follow-imports=silent", "--ignore-missing-imports"]


def compiled_extensions() -> list:
    compiled = [] if os.environ.get("ARBITER_PURE_PYTHON") else COMPILED
    remove_earlier_builds(compiled)
    if not compiled:
        return []
    from mypyc.build import mypycify

    return mypycify([*MYPY_OPTIONS, *compiled], opt_level="3", group_name="arbiter")


def remove_earlier_builds(compiled: list[str]) -> None:
    """An editable install (`make install`) builds each compiled module beside its source, where it
    is imported instead of the source: one no longer compiled (every one, for a pure build) goes."""
    for built in [*Path("arbiter").rglob("*.so"), *Path(".").glob("arbiter__mypyc.*.so")]:
        source = built.with_name(built.name.split(".")[0] + ".py")
        if source.as_posix() not in compiled:
            built.unlink()


if __name__ == "__main__":  # as setuptools runs it; tests/test_compiled.py imports COMPILED
    setup(ext_modules=compiled_extensions())
