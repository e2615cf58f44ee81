"""Finding the records in a folder, as linters find the files they check.

A record is a file whose name ends in `.acn` (either case), or matches one of the `include` globs
the user gives (`--include`, or `include` in the configuration). Hidden files and folders (names
starting with `.`) are skipped, and so is whatever the `.gitignore` files (and the repository's
`.git/info/exclude`) ignore: those of the folders searched and of the folders above them, up to
the repository's root. Globs and ignore files follow git's wildmatch rules (the `pathspec`
library); a glob without a `/` matches a file name at any depth, and names are compared without
regard to case. A file named on the command line is always checked, whatever its name, and a
folder named on the command line is searched even if git ignores it.

Symbolic links are not followed out of the folder searched (as git and ruff do not): a record
written by a stranger may be a link to any file of the machine, whose lines would then be printed
into a CI log. A link to a file inside the folder is taken; a link leading out of it is skipped and
named in `skipped`, for the command to say so. Linked folders are not entered.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathspec is loaded when a folder is searched, not for the files named
    from pathspec import GitIgnoreSpec, PathSpec, Pattern

RECORD_GLOB = "*.acn"
IGNORE_FILE = ".gitignore"


@dataclass(frozen=True, slots=True)
class _Ignore:
    """The rules of one ignore file, for the paths below its folder."""

    base: str
    spec: GitIgnoreSpec

    def ignores(self, path: str, is_dir: bool) -> bool:
        relative = os.path.relpath(os.path.abspath(path), self.base).replace(os.sep, "/")
        if relative == "." or relative.startswith("../"):
            return False
        return self.spec.match_file(relative + "/" if is_dir else relative)


def _read_ignore(folder: str, file: str) -> list[_Ignore]:
    from pathspec import GitIgnoreSpec

    try:
        with open(file, encoding="utf-8", errors="replace") as stream:
            return [_Ignore(os.path.abspath(folder), GitIgnoreSpec.from_lines(stream))]
    except OSError:  # no ignore file here (or it cannot be read): nothing ignored by it
        return []


def repository_root(folder: str) -> str | None:
    """The nearest folder at or above `folder` holding a `.git` (a folder, or a worktree's file)."""
    here = Path(folder).resolve()
    for candidate in (here, *here.parents):
        if (candidate / ".git").exists():
            return str(candidate)
    return None


def _inherited_ignores(top: str) -> list[_Ignore]:
    """The ignore files of the repository above `top`: its info/exclude and the .gitignore of
    every folder from the root down to `top`'s parent."""
    root = repository_root(top)
    if root is None:
        return []
    ignores = _read_ignore(root, os.path.join(root, ".git", "info", "exclude"))
    for folder in reversed(Path(top).resolve().parents):
        if folder.is_relative_to(root):
            ignores += _read_ignore(str(folder), str(folder / IGNORE_FILE))
    return ignores


@dataclass(frozen=True, slots=True)
class RecordFinder:
    """Which files of a folder are records."""

    include: tuple[str, ...] = ()
    skipped: list[str] = field(default_factory=list, compare=False, hash=False)
    """The links met that lead out of the folder searched, as `path -> target`, not followed."""

    @property
    def globs(self) -> tuple[str, ...]:
        return (RECORD_GLOB, *self.include)

    def describe(self) -> str:
        return ", ".join(self.globs)

    def _matcher(self) -> PathSpec[Pattern]:
        from pathspec import PathSpec

        return PathSpec.from_lines("gitignore", (glob.lower() for glob in self.globs))

    def takes(self, relative: str) -> bool:
        """Whether a file at this path (relative to the folder searched, `/`-separated) is a record."""
        return self._matcher().match_file(relative.lower())

    def records(self, top: str) -> Iterator[str | OSError]:
        """The records below `top`, in sorted order, and the problems met reading the folders."""
        matcher = self._matcher()
        problems: list[OSError] = []
        inherited = _inherited_ignores(top)
        if _ignored(inherited, top, is_dir=True):  # a folder named on purpose is searched all the same
            inherited = []
        ignores_of: dict[str, list[_Ignore]] = {top: inherited}  # a folder: the rules that apply in it
        for root, dirs, files in os.walk(top, onerror=problems.append):
            here = ignores_of.pop(root, inherited)
            if IGNORE_FILE in files:
                here = here + _read_ignore(root, os.path.join(root, IGNORE_FILE))
            dirs[:] = sorted(
                d for d in dirs if not d.startswith(".") and not _ignored(here, os.path.join(root, d), is_dir=True)
            )
            ignores_of.update((os.path.join(root, d), here) for d in dirs)
            for name in sorted(files):
                path = os.path.join(root, name)
                relative = os.path.relpath(path, top).replace(os.sep, "/")
                if name.startswith(".") or not matcher.match_file(relative.lower()):
                    continue
                if _ignored(here, path, is_dir=False):
                    continue
                if os.path.islink(path) and not _inside(path, top):
                    self.skipped.append(f"{path} -> {os.readlink(path)}")
                    continue
                yield path
        yield from problems


def _inside(link: str, top: str) -> bool:
    """Whether a link leads to a file within the folder `top` (every link on the way resolved)."""
    target, folder = Path(os.path.realpath(link)), Path(os.path.realpath(top))
    return target.is_relative_to(folder) and target.is_file()


def _ignored(ignores: Iterable[_Ignore], path: str, is_dir: bool) -> bool:
    return any(rule.ignores(path, is_dir) for rule in ignores)
