"""One timed run in a process of its own: what bench/headline.py starts, one process a run.

    python bench/fresh.py check CORPUS.acn          # the arbiter checks a corpus, cold
    python bench/fresh.py read CORPUS.acn           # the arbiter reads it only (arbiter.parse)
    python bench/fresh.py split CORPUS.acn          # the split floor: lines, actions, words
    python bench/fresh.py chess GAMES.pgn --loops 3 # python-chess reads and validates PGN
    python bench/fresh.py rust GAMES.pgn            # the compiled validator (rust_pgn_reader_python_binding)

It prints one line of JSON: the CPU time of the timed part (`time.process_time`: this process,
every thread of it), the units done (actions or moves), the bytes, and the process's CPU time
before the timed part (`start_up`: the interpreter, the imports, the grammar, a first game).
The arbiter side runs as `arbiter check` does: its collector thresholds (`--gc cli`, the default)
and a first game checked and then forgotten (`arbiter.forget`), so that the timed run starts with
the grammar loaded and every memory of lines and actions empty. python-chess runs with Python's
own collector settings (`--gc own`, its default); `--gc cli` gives it the arbiter's instead. The
move count of the chess corpus is known before (the `.moves` file beside it), never counted
inside the timed read, unless `--count-moves` asks for the earlier bench's way.

Which arbiter runs is whichever `import arbiter` finds (PYTHONPATH): the build beside the source
(`compiled`) or a copy of the tree without its builds (`pure`); the JSON says which.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ANCHOR_SECONDS = 0.5
"""The anchors (the split floor, the compiled validator) take milliseconds a pass: each is
repeated within its process until this much CPU time has passed, and its rate taken over all."""

CLI_GC_THRESHOLD = (50_000, 20, 100)
"""`arbiter check`'s collector thresholds (arbiter/archive/inputs.py BATCH_GC_THRESHOLD), for the
sides that do not import the arbiter; `check` and `read` take them from the arbiter itself."""

ACTION_KEYWORDS = ("deal", "foot", "up")
"""The lines that are one action each; a turn line (`NAME: ...`) is as many as its commas say."""


def split_floor(text: str) -> tuple[int, int]:
    """The least any reader of these records must do: cut the text into lines, a line's comment
    off, a turn line into its actions at the commas and each action into its words. Returns the
    actions and words found (the actions as bench/workloads.py counts them)."""
    actions = words = 0
    for line in text.splitlines():
        body = line.partition(";")[0]
        player, colon, rest = body.partition(":")
        if colon and not player.startswith("["):
            for action in rest.split(","):
                words += len(action.split())
                actions += 1
            continue
        found = body.split()
        if found and found[0] in ACTION_KEYWORDS:
            words += len(found)
            actions += 1
    return actions, words


def repeated(run: Callable[[], Any], seconds: float) -> tuple[float, int, Any]:
    """Run until `seconds` of CPU time have passed: the time, the passes, the last result."""
    passes, start = 0, time.process_time()
    while True:
        result = run()
        passes += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return elapsed, passes, result


def arbiter_run(kind: str, path: Path, gc_mode: str, warm_up: int = 0) -> dict[str, Any]:
    import arbiter
    from arbiter.archive.inputs import BATCH_GC_THRESHOLD
    from arbiter.compiled import compiled_modules

    if gc_mode == "cli":
        gc.set_threshold(*BATCH_GC_THRESHOLD)
    data = path.read_bytes()
    first = data[: data.find(b"\n[", data.find(b"\nhand ")) + 1] or data
    list(arbiter.check(first))  # the grammar and the first-call paths, then every memory emptied
    for _ in range(warm_up):  # the earlier bench's "cold": the whole corpus checked, then forgotten
        list(arbiter.check(data))
    arbiter.forget()
    gc.collect()
    start_up = time.process_time()
    if kind == "check":
        for ruling in arbiter.check(data):
            if ruling.verdict != "valid":
                raise SystemExit(f"{path}: game {ruling.index} is {ruling.verdict}")
    else:
        for _ in arbiter.parse(data):
            pass
    seconds = time.process_time() - start_up
    actions = _sidecar(path)["actions"]
    build = "compiled" if compiled_modules() else "pure"
    return {"seconds": seconds, "units": actions, "bytes": len(data), "start_up": start_up, "build": build}


def chess_run(path: Path, loops: int, gc_mode: str, count_moves: bool) -> dict[str, Any]:
    import chess.pgn

    if gc_mode == "cli":
        gc.set_threshold(*CLI_GC_THRESHOLD)
    pgn = path.read_text(encoding="utf-8")
    chess.pgn.read_game(io.StringIO(pgn[: pgn.find("\n\n[") + 1]))  # python-chess's first-call paths
    gc.collect()
    start_up = time.process_time()
    counted = 0
    for _ in range(loops):
        stream = io.StringIO(pgn)
        while (game := chess.pgn.read_game(stream)) is not None:
            if game.errors:
                raise SystemExit(f"python-chess rejected a game: {game.errors}")
            if count_moves:
                counted += sum(1 for _ in game.mainline_moves())
    seconds = time.process_time() - start_up
    moves = _sidecar(path)["moves"]
    if count_moves and counted != moves * loops:
        raise SystemExit(f"{path}: {counted} moves read, {moves * loops} expected")
    return {"seconds": seconds, "units": moves * loops, "bytes": len(pgn.encode()) * loops, "start_up": start_up}


def rust_run(path: Path) -> dict[str, Any]:
    import rust_pgn_reader_python_binding as rust

    games = path.read_text(encoding="utf-8").split("\n\n\n")
    rust.parse_games_from_strings(games[:1], num_threads=1)
    start_up = time.process_time()

    def read() -> int:
        parsed = rust.parse_games_from_strings(games, num_threads=1)
        moves = 0
        for game in parsed:
            if not game.is_valid:
                raise SystemExit(f"the compiled validator rejected a game: {game.parse_error}")
            moves += len(game)
        return moves

    seconds, passes, moves = repeated(read, ANCHOR_SECONDS)
    if moves != _sidecar(path)["moves"]:
        raise SystemExit(f"{path}: the compiled validator read {moves} moves, {_sidecar(path)['moves']} expected")
    size = sum(len(g.encode()) for g in games)
    return {"seconds": seconds, "units": moves * passes, "bytes": size * passes, "start_up": start_up}


def split_run(path: Path) -> dict[str, Any]:
    text = path.read_bytes().decode("utf-8")
    start_up = time.process_time()
    seconds, passes, (actions, _) = repeated(lambda: split_floor(text), ANCHOR_SECONDS)
    if actions != _sidecar(path)["actions"]:
        raise SystemExit(f"{path}: the split floor found {actions} actions, {_sidecar(path)['actions']} expected")
    size = len(text.encode()) * passes
    return {"seconds": seconds, "units": actions * passes, "bytes": size, "start_up": start_up}


def _sidecar(path: Path) -> dict[str, Any]:
    """What a corpus holds, counted once when it was made (bench/headline.py writes it)."""
    return json.loads(path.with_suffix(path.suffix + ".json").read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=("check", "read", "split", "chess", "rust"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--loops", type=int, default=1, help="python-chess: read the corpus this many times")
    parser.add_argument("--gc", choices=("own", "cli"), help="collector thresholds (default: each side's own)")
    parser.add_argument("--warm-up", type=int, default=0, help="the arbiter: check the corpus this often first")
    parser.add_argument("--count-moves", action="store_true", help="python-chess counts its moves in the timed read")
    args = parser.parse_args(argv)
    if args.kind in ("check", "read"):
        figures = arbiter_run(args.kind, args.path, args.gc or "cli", args.warm_up)
    elif args.kind == "chess":
        figures = chess_run(args.path, args.loops, args.gc or "own", args.count_moves)
    elif args.kind == "rust":
        figures = rust_run(args.path)
    else:
        figures = split_run(args.path)
    json.dump({"kind": args.kind, **figures}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
