"""Reading a file a stranger may have put in a folder: only a regular file, only so much of it.

A record, an event file or a rulebook found in a folder may be a named pipe (opening it for
reading waits for a writer forever), a device (`/dev/zero` never ends) or a link to any file of
the machine (whose lines would be printed in syntax errors). `read_regular` opens without waiting,
reads only a regular file and at most `limit + 1` bytes of it (so that the caller can say the file
is past its bound); `inside` says whether a path, its links resolved, stays within a folder, as
`arbiter check`'s folder walk decides (arbiter/archive/discovery.py).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..i18n import msg

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class NotRegular(OSError):
    """The path names a pipe, a device, a socket or a folder: nothing to read as a file."""


def read_regular(path: str | Path, limit: int) -> bytes:
    """At most `limit + 1` bytes of the regular file at `path`. Raises NotRegular for anything
    else, OSError when it cannot be opened."""
    descriptor = os.open(path, _FLAGS)
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise NotRegular(errno.EINVAL, msg("not a regular file (a pipe, a device or a folder)"))
        return stream.read(limit + 1)


def inside(path: str | Path, folder: str | Path) -> bool:
    """Whether `path`, every link on the way resolved, is within `folder` (itself resolved)."""
    return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))
