"""Which of the arbiter's modules run compiled. A wheel built where a C compiler is holds the
reader and the engine compiled with mypyc beside their source (setup.py), and Python imports the
build; an editable install (a checkout's `make install`) and a wheel built without a compiler run
the source alone, so this finds nothing. The bench records it with its figures, and the tests check
that each of `make test`'s two runs imports the build it asks for (tests/test_compiled.py)."""

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
