"""Which of the arbiter's modules run compiled, and which were built before their source last
changed. An install builds the reader and the engine with mypyc (setup.py); an editable install
(a checkout's `make install`) puts each build beside its source, where Python imports it instead
of the source, so an edit does nothing until the next build. The tests and the benchmark refuse
to run on a stale build."""

from __future__ import annotations

import sysconfig
from pathlib import Path

PACKAGE = Path(__file__).parent
EXTENSION = sysconfig.get_config_var("EXT_SUFFIX") or ".so"  # .cpython-311-x86_64-linux-gnu.so


def compiled_modules() -> dict[str, Path]:
    """The source of each module built, by module name (`arbiter.engine.melding`)."""
    found = {}
    for built in sorted(PACKAGE.rglob("*" + EXTENSION)):
        source = built.with_name(built.name[: -len(EXTENSION)] + ".py")
        found[module_name(source.relative_to(PACKAGE.parent).as_posix())] = source
    return found


def module_name(path: str) -> str:
    """`arbiter.engine.melding` for arbiter/engine/melding.py, `arbiter.engine` for its __init__.py."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def stale_modules() -> list[str]:
    """The compiled modules whose source changed after they were built (or is gone)."""
    stale = []
    for module, source in compiled_modules().items():
        built = source.with_name(source.stem + EXTENSION)
        if not source.exists() or source.stat().st_mtime > built.stat().st_mtime:
            stale.append(module)
    return stale
