"""Paired measurements: python-chess and the arbiter timed alike, one right after the other.

On a shared machine the load moves from one second to the next, so a figure for one side taken
minutes before the other's says more about the moment than about the code. Here each arbiter run
is bracketed by two python-chess runs (chess, arbiter, chess, arbiter, ..., chess), both timed the
same way (CPU time of this process, `time.process_time`, after a collection), and each arbiter
run's ratio is taken against the mean of the two chess runs around it. The ratios are kept, and
reported as their median and their range (pyperf's way: many runs, the spread shown).

python-chess is calibrated to take about as long as the arbiter's run it is compared with (it
reads its corpus as many times as needed), so that both sides see the same stretch of load.
"""

from __future__ import annotations

import gc
import io
import itertools
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Spread:
    """The median and the range of repeated figures, and the figures themselves."""

    median: float
    low: float
    high: float
    values: tuple[float, ...]

    @classmethod
    def of(cls, values: list[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values), tuple(values))

    def text(self, digits: int = 2, suffix: str = "") -> str:
        return f"{self.median:.{digits}f}{suffix} ({self.low:.{digits}f} to {self.high:.{digits}f})"

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "values": list(self.values)}


@dataclass(frozen=True)
class Work:
    """Something timed: how to run it once, and how much it does (actions or moves, bytes read)."""

    run: Callable[[], object]
    units: int
    size: int


def cpu_seconds(run: Callable[[], object]) -> float:
    """CPU time of this process over one call (children excluded), after a collection."""
    gc.collect()
    start = time.process_time()
    run()
    return time.process_time() - start


def wall_seconds(run: Callable[[], object]) -> float:
    """Wall time over one call, for work spread over several processes (CPU time of one process
    would miss the others)."""
    gc.collect()
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


@dataclass(frozen=True)
class Paired:
    """The ratios of the arbiter's rate to python-chess's, one per arbiter run."""

    per_action: Spread  # arbiter actions/s over python-chess moves/s
    per_byte: Spread  # arbiter record bytes/s over python-chess PGN bytes/s
    arbiter_rate: Spread  # actions/s
    chess_rate: Spread  # moves/s (the mean of the two runs around each arbiter run)
    arbiter_seconds: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ratio_per_action": self.per_action.to_dict(),
            "ratio_per_byte": self.per_byte.to_dict(),
            "arbiter_actions_per_s": self.arbiter_rate.to_dict(),
            "chess_moves_per_s": self.chess_rate.to_dict(),
            "arbiter_seconds": list(self.arbiter_seconds),
        }


def paired(
    chess: Work,
    arbiter: Work,
    pairs: int,
    before_arbiter: Callable[[], object] = lambda: None,
    clock: Callable[[Callable[[], object]], float] = cpu_seconds,
) -> Paired:
    """`pairs` arbiter runs, each between two chess runs; `before_arbiter` runs untimed before
    each arbiter run (`arbiter.forget` for a cold run)."""
    chess_times = [clock(chess.run)]
    arbiter_times = []
    for _ in range(pairs):
        before_arbiter()
        arbiter_times.append(clock(arbiter.run))
        chess_times.append(clock(chess.run))
    around = [(a + b) / 2 for a, b in itertools.pairwise(chess_times)]
    chess_rates = [chess.units / t for t in around]
    arbiter_rates = [arbiter.units / t for t in arbiter_times]
    per_byte = [(arbiter.size / a) / (chess.size / c) for a, c in zip(arbiter_times, around, strict=True)]
    return Paired(
        Spread.of([a / c for a, c in zip(arbiter_rates, chess_rates, strict=True)]),
        Spread.of(per_byte),
        Spread.of(arbiter_rates),
        Spread.of(chess_rates),
        tuple(arbiter_times),
    )


@dataclass(frozen=True)
class ChessCorpus:
    """Random legal games as PGN, which python-chess reads and validates move by move."""

    pgn: str
    games: int
    moves: int

    @property
    def size(self) -> int:
        return len(self.pgn.encode("utf-8"))

    def read(self) -> int:
        import chess.pgn

        stream, moves = io.StringIO(self.pgn), 0
        while (game := chess.pgn.read_game(stream)) is not None:
            if game.errors:
                raise SystemExit(f"python-chess rejected a game: {game.errors}")
            moves += sum(1 for _ in game.mainline_moves())
        return moves

    def work(self, loops: int) -> Work:
        """The corpus read `loops` times, as one timed run."""

        def run() -> None:
            for _ in range(loops):
                self.read()

        return Work(run, self.moves * loops, self.size * loops)

    def calibrated(self, seconds: float, clock: Callable[[Callable[[], object]], float] = cpu_seconds) -> Work:
        """Enough readings of the corpus to take about `seconds`."""
        once = min(clock(self.read) for _ in range(2))
        return self.work(max(1, round(seconds / max(once, 1e-6))))


def chess_corpus(games: int, seed: int) -> ChessCorpus:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    texts = []
    for _ in range(games):
        board, game = chess.Board(), chess.pgn.Game()
        node = game
        for _ in range(rng.randint(40, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        texts.append(str(game))
    pgn = "\n\n".join(texts)
    corpus = ChessCorpus(pgn, games, 0)
    return ChessCorpus(pgn, games, corpus.read())
