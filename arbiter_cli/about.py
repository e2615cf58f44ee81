"""What the command line says of itself: the installed version (read once, without loading the
checker: `arbiter --version` answers from here)."""

from __future__ import annotations

DISTRIBUTION = "canasta-arbiter"  # the name on the package index ("arbiter" there is another project)


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:  # run from a source tree
        return "0+unknown"
