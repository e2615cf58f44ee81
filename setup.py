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

The build uses every core: mypyc writes one C file a module (`multi_file`), and the one extension's
C files are compiled side by side, `ARBITER_COMPILE_JOBS` at once (default: the machine's cores).
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOT_COMPILED = {
    # Lark's trees and transformer, which mypyc cannot compile.
    "arbiter/notation/explain.py",
    "arbiter/notation/parsers.py",
    "arbiter/notation/transformer.py",
    # Writing records and the library's `Action` (a `str`): not where a check spends its time.
    "arbiter/notation/actions.py",
    "arbiter/notation/comment_languages.py",
    "arbiter/notation/formatter.py",
    # The bound on a listing's work and the judge of a hand given as its summary: run the source.
    "arbiter/engine/summaries.py",
    "arbiter/engine/work.py",
}
"""The modules of the reader and the engine left to run as their source."""

# The reader and the engine: where a check spends its time (reading a line, replaying an action),
# with the record's nodes between them (arbiter/notation/records.py).
COMPILED = sorted(
    path
    for path in (*glob("arbiter/engine/*.py"), *glob("arbiter/notation/*.py"))
    if path.replace(os.sep, "/") not in NOT_COMPILED
)

# How mypy reads the tree to compile it: the modules imported but not compiled (the rule sets,
# Lark) are read for their types only, and their own type errors are not the build's.
MYPY_OPTIONS = ["--follow-imports=silent", "--ignore-missing-imports"]

CHOICES = ("auto", "yes", "no")  # ARBITER_COMPILE
JOBS = "ARBITER_COMPILE_JOBS"
"""C files compiled at once (a whole number, 1 or more); unset, as many as the machine has cores."""
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

    # One C file a module, so that the compiler's work can be shared among the cores (one file of
    # 10 MB took one gcc 4 minutes while the other core idled); calls across files are not inlined.
    return mypycify([*MYPY_OPTIONS, *COMPILED], opt_level="3", group_name="arbiter", multi_file=True)


def compile_jobs() -> int:
    """How many C files are compiled at once: `ARBITER_COMPILE_JOBS`, else the machine's cores."""
    value = os.environ.get(JOBS, "")
    if not value:
        return os.cpu_count() or 1
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"canasta-arbiter: {JOBS}={value!r}; it is a whole number, 1 or more")
    return int(value)


class ParallelBuildExt(build_ext):
    """setuptools' build_ext, compiling each extension's C files side by side (its own `--parallel`
    builds several extensions at once, never one extension's files, and the core is one extension)."""

    def build_extensions(self) -> None:
        self.compiler.compile = side_by_side(self.compiler, compile_jobs())
        super().build_extensions()


def side_by_side(compiler: Any, jobs: int) -> Callable[..., list[str]]:
    """`compiler.compile` (distutils' CCompiler), with its C files compiled `jobs` at once: the same
    steps as its own loop, each file in a thread that waits for its compiler process."""

    def compile(
        sources: Sequence[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        todo = [(obj, *build[obj]) for obj in objects if obj in build]
        todo.sort(key=lambda job: -os.path.getsize(job[1]))  # the largest first: the cores end together
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            done = [
                pool.submit(compiler._compile, obj, src, ext, cc_args, extra_postargs, pp_opts)
                for obj, src, ext in todo
            ]
            for future in done:
                future.result()  # a file that failed raises its CompileError here
        compiled: list[str] = objects  # every object file, as setuptools' own loop returns
        return compiled

    return compile


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
    setup(ext_modules=compiled_extensions(sys.argv[1:]), cmdclass={"build_ext": ParallelBuildExt})
