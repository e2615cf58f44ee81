"""How near the split floor a reader that builds what the engine needs could come: a prototype
measured against the split floor and the arbiter's own reader (docs/performance.md, "The limit").

    python bench/reader_floor.py bench/out/samba-4p-300-seed1.acn
    python bench/reader_floor.py bench/out/samba-4p-300-seed1.acn --shared-bound --rounds 3

Three readings of one corpus, each repeated for about a second of CPU time in this process, the
rate per action printed with its fraction of the split floor:
  - the split floor (bench/fresh.py `split_floor`): lines, actions, words, counted, nothing kept;
  - the prototype: the same cuts, and each action's text made once into a tuple of its words and
    remembered by its text, a list of the actions kept for each turn line with its line number
    (what a reader that remembers its nodes and gives positions only when asked would do);
  - the arbiter's reader (`arbiter.parse`), every memory forgotten before each pass.

With `--shared-bound`, instead: what one shared node for each distinct action text could gain at
most (docs/performance.md, "Issue 55"), the Python source only. Each round reads (`arbiter.parse`)
and checks (`arbiter.check`) the corpus cold as the reader is, then with each maker returning the
node it first made, so that every later place of an action is its first one (the positions, and
so the findings' places, are wrong: a measurement, never a reader), and prints both times.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from fresh import ACTION_KEYWORDS, split_floor  # noqa: E402


def remembering_reader(text: str) -> int:
    """The prototype: each distinct action text made into its words once, every turn line's
    actions kept with its line number; returns the actions read."""
    memory: dict[str, tuple[str, ...]] = {}
    turns: list[tuple[int, str, list[tuple[str, ...]]]] = []
    actions = 0
    for number, line in enumerate(text.splitlines(), 1):
        body = line.partition(";")[0]
        player, colon, rest = body.partition(":")
        if colon and not player.startswith("["):
            made = []
            for piece in rest.split(","):
                action = memory.get(piece)
                if action is None:
                    action = memory[piece] = tuple(piece.split())
                made.append(action)
            turns.append((number, player, made))
            actions += len(made)
            continue
        found = body.split()
        if found and found[0] in ACTION_KEYWORDS:
            turns.append((number, found[0], [tuple(found)]))
            actions += 1
    return actions


def arbiter_reader(data: bytes) -> Callable[[], Any]:
    import arbiter

    def read() -> None:
        arbiter.forget()
        for _ in arbiter.parse(data):
            pass

    return read


def rate(run: Callable[[], Any], actions: int, seconds: float = 1.0) -> float:
    run()  # once outside the timing: the first call's paths
    passes, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        run()
        passes += 1
    return actions * passes / elapsed


def shared_bound(data: bytes, rounds: int) -> None:
    """Reading and checking cold, with a node made for every place and with one node shared by
    every place of an action text, in CPU time, alternated."""
    import gc

    import arbiter
    from arbiter.compiled import compiled_modules
    from arbiter.notation import reading

    if compiled_modules():
        raise SystemExit("--shared-bound patches the reader's source: run it with .venv/bin/python")
    made_each_time = reading.maker_for

    def shared(node: Any, shift: int = 0, column: int | None = None) -> Callable[[int, int], Any]:
        return lambda line, more: node

    def seconds(kind: str, maker: Any) -> float:
        reading.maker_for = maker
        arbiter.forget()
        gc.collect()
        start = time.process_time()
        for _ in getattr(arbiter, kind)(data):
            pass
        return time.process_time() - start

    list(arbiter.check(data[: data.find(b"\n[", data.find(b"\nhand ")) + 1]))  # the grammar, outside the timings
    try:
        for _ in range(rounds):
            for kind in ("parse", "check"):
                each, one = seconds(kind, made_each_time), seconds(kind, shared)
                print(
                    f"  {kind}: a node a place {each:.3f} s, one node a text {one:.3f} s, {each / one:.2f} times as fast"
                )
    finally:
        reading.maker_for = made_each_time


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--shared-bound", action="store_true", help="the bound on shared action nodes (source only)")
    parser.add_argument("--rounds", type=int, default=3, help="--shared-bound's rounds")
    args = parser.parse_args(argv)
    data = args.corpus.read_bytes()
    if args.shared_bound:
        print(f"{args.corpus.name}: per read and per check, CPU time, one process, cold")
        shared_bound(data, args.rounds)
        return
    text = data.decode("utf-8")
    actions, _ = split_floor(text)
    if remembering_reader(text) != actions:
        raise SystemExit("the prototype found other actions than the split floor")
    floor = rate(lambda: split_floor(text), actions)
    print(f"{args.corpus.name}: {actions:,} actions; per action, CPU time, one process")
    print(f"  split floor: {floor:,.0f} actions/s")
    for name, run in (("prototype", lambda: remembering_reader(text)), ("arbiter.parse", arbiter_reader(data))):
        found = rate(run, actions)
        print(f"  {name}: {found:,.0f} actions/s, {found / floor:.2f} of the split floor")


if __name__ == "__main__":
    main()
