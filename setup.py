"""The build's one step beyond pyproject.toml: the core that reads and replays a record, compiled
to C with mypyc from its own type hints where it can be (docs/performance.md, "Compiled with mypyc").

Compiling is an optimisation, never a requirement. A wheel (`pip install .`, the release wheels)
compiles where a C compiler and Python's headers are, and otherwise holds the Python source, which
rules alike, about 1.3 to 1.4 times slower; the build says which in one line. An editable install
(`pip install -e .`, `make install`) never compiles: development runs the source as it is, so an
edit never waits for a build and never runs stale code. `ARBITER_COMPILE` chooses: `auto` (the
default: compile where it can), `yes` (compile or fail: the release wheels) or `no` (the source).

The modules left out hold Lark's trees and transformer (arbiter/notation/explain.py, parsers.py,
transformer.py), which mypyc cannot compile, and arbiter/cards.py, whose `Counts` must stay a
Python class to keep the dict's own assignment.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from glob import glob
from pathlib import Path

from setuptools import Extension, setup

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

CHOICES = ("auto", "yes", "no")  # ARBITER_COMPILE
# The setuptools commands that build a wheel's contents; metadata, an sdist and an editable install
# (`editable_wheel`) build nothing, so they never run mypy or look for a compiler.
BUILDING = {"bdist_wheel", "build", "build_ext", "install"}
SOURCE = "installing the Python source, which rules alike, about 1.3 to 1.4 times slower"


def say(line: str) -> None:
    print(f"canasta-arbiter: {line}", file=sys.stderr, flush=True)


def compiled_extensions(commands: list[str]) -> list[Extension]:
    choice = os.environ.get("ARBITER_COMPILE", "auto")
    if choice not in CHOICES:
        raise SystemExit(f"canasta-arbiter: ARBITER_COMPILE={choice!r}; it is one of {', '.join(CHOICES)}")
    if not BUILDING & set(commands):
        return []
    if choice == "no":
        say(f"not compiled (ARBITER_COMPILE=no): {SOURCE}")
        return []
    problem = compile_problem()
    if problem and choice == "yes":
        raise SystemExit(f"canasta-arbiter: ARBITER_COMPILE=yes, and the core cannot be compiled here: {problem}")
    if problem:
        say(f"not compiled ({problem}): {SOURCE}")
        return []
    say("compiling the reader and the engine with mypyc, for a check 1.3 to 1.4 times as fast (minutes on 2 cores)")
    from mypyc.build import mypycify

    return mypycify([*MYPY_OPTIONS, *COMPILED], opt_level="3", group_name="arbiter")


def compile_problem() -> str | None:
    """Why the core cannot be compiled here, or None: mypyc, a C compiler (`CC` where it applies)
    and Python's headers must build a one-line C file that includes Python.h."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    from distutils.ccompiler import new_compiler  # setuptools' distutils, as its build_ext uses
    from distutils.sysconfig import customize_compiler

    from setuptools.errors import BaseError, CCompilerError

    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder, "probe.c")
        probe.write_text("#include <Python.h>\nint arbiter_probe(void) { return 0; }\n", encoding="utf-8")
        try:
            compiler = new_compiler()
            customize_compiler(compiler)
            compiler.compile([str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]])
        except (BaseError, CCompilerError, OSError) as error:
            reason = str(error).strip().splitlines() or [type(error).__name__]
            return f"no working C compiler: {reason[0]}"
    return None


if __name__ == "__main__":  # as setuptools runs it; tests/test_compiled.py imports COMPILED
    setup(ext_modules=compiled_extensions(sys.argv[1:]))
