"""The `arbiter` console script: `arbiter --version` is answered before the command line's
modules are loaded (they bring the reader and the engine); every other command goes to
arbiter_cli.main, whose heavier commands are themselves loaded only when run (main.LAZY_COMMANDS).
"""

from __future__ import annotations

import sys

VERSION_FLAGS = frozenset({"-V", "--version"})


def main() -> None:
    if len(sys.argv) == 2 and sys.argv[1] in VERSION_FLAGS:
        from .about import version

        print(f"arbiter {version()}")  # as click's version option says it (main.cli)
        return
    from .main import cli

    cli(prog_name="arbiter")
