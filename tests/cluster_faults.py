"""A Dask worker preload for tests/test_cluster.py (`dask worker --preload tests/cluster_faults.py`).

A worker started with it dies at once, as a process killed by the system dies, when it is given a
record holding `KILLER_LINE`: a record that crashes every worker that checks it, for the test of
what the client reports then. Workers started without it are ordinary workers.
"""

from __future__ import annotations

import os
from typing import Any

from arbiter.archive import cluster

KILLER_LINE = b"; this record kills the worker that checks it"
WORKER_KILLED_EXIT = 70
_check_piece = cluster.check_piece


def _check_piece_or_die(piece: cluster.Piece, request: Any = None) -> Any:
    if KILLER_LINE in piece.data:
        os._exit(WORKER_KILLED_EXIT)
    return _check_piece(piece, request)


def dask_setup(worker: Any) -> None:
    cluster.check_piece = _check_piece_or_die
