"""The work the benchmark times: the seeded corpora, reading and checking them, the archive, the
API, the client of a cluster (bench/run.py measures them)."""

from __future__ import annotations

import cProfile
import io
import itertools
import json
import pickle
import pstats
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from paired import wall_seconds

import arbiter
from arbiter.notation import parse

# The families judged, the first the main corpus: (family, players, corpus name, JSON key, title).
# Each family's corpus has as many games (`--games`), so that its lines recur about as often.
FAMILIES = (
    ("caliente", 4, "caliente-4p", "caliente", "Caliente"),
    ("samba", 4, "samba-4p", "samba", "Samba"),
    ("hand-and-foot", 4, "hand-and-foot-4p", "hand_and_foot", "Hand & Foot"),
    ("classic", 4, "classic-4p", "classic", "classic"),
    ("hoyle", 2, "hoyle-2p", "hoyle", "Hoyle two-hand"),
    ("modern-american", 4, "modern-american-4p", "modern_american", "Modern American"),
)


@dataclass
class Corpus:
    name: str
    path: Path
    games: int
    actions: int
    turn_lines: int
    size: int


def count(path: Path) -> Corpus:
    games = actions = turn_lines = 0
    with path.open("rb") as stream:
        for parsed in parse(stream):
            games += 1
            for hand in parsed.game.hands:
                turns = (*hand.setup_turns, *hand.turns)
                turn_lines += len(turns)
                actions += len(hand.deals) + len(hand.feet) + (hand.up is not None) + sum(len(t.actions) for t in turns)
    return Corpus(path.stem, path, games, actions, turn_lines, path.stat().st_size)


def build_corpora(out: Path, games: int, seed: int) -> list[Corpus]:
    from corpus import write_corpus  # bench/corpus.py, the saved corpus generator

    out.mkdir(parents=True, exist_ok=True)
    smaller = max(min(50, games), games // 10)
    specs = [(name, rules, players, {}, games) for rules, players, name, _, _ in FAMILIES]
    specs += [(f"caliente-{n}p", "caliente", n, {}, smaller) for n in (2, 3, 5, 6)]
    specs += [("caliente-6p-three-packs", "caliente", 6, {"three-packs": True}, smaller)]
    corpora = []
    for name, rules, players, options, n in specs:
        path = out / f"{name}-{n}-seed{seed}.acn"
        if not path.exists():
            try:
                write_corpus(path, rules=rules, players=players, options=options, games=n, seed=seed)
            except Exception as error:  # a table size the simulator does not play yet
                print(f"  (skipping {name}: {error})", file=sys.stderr)
                path.unlink(missing_ok=True)
                continue
        corpora.append(count(path))
    return corpora


def parse_only(path: Path) -> None:
    with path.open("rb") as stream:
        for _ in parse(stream):
            pass


def full_check(path: Path) -> None:
    with path.open("rb") as stream:
        for ruling in arbiter.check(stream):
            if ruling.verdict != "valid":
                raise SystemExit(f"{path}: game {ruling.index} is {ruling.verdict}: {ruling.findings[:1]}")


def split_archive(corpus: Corpus, per_file: int, games: int | None = None) -> Path:
    """The corpus (its first `games` games) as a tournament archive: a folder of files of
    `per_file` games each, next to the corpus."""
    folder = corpus.path.parent / f"{corpus.path.stem}-archive-{per_file}{'' if games is None else f'-{games}'}"
    if not folder.exists():
        folder.mkdir()
        texts = list(itertools.islice(games_text(corpus.path), games))
        for start in range(0, len(texts), per_file):
            name = f"round-{start // per_file + 1:03}.acn"
            (folder / name).write_text("".join(texts[start : start + per_file]), encoding="utf-8")
    return folder


def client_games_per_second(folder: Path) -> float:
    """What the client of a cluster can take per second, however many workers check: cutting the
    records into pieces, unpickling the reports the workers send back, rendering them as JSON.
    The archive's games over that time (the checking itself is not in it)."""
    from arbiter.archive import cluster, inputs
    from arbiter.archive.tally import Tally

    tasks = inputs.collect((str(folder),), lambda: b"")
    reports = list(inputs.run(tasks, None, 1))
    games = sum(len(report.games) for report in reports)
    sent_back = [pickle.dumps([report]) for report in reports]

    def client_side() -> None:
        for _ in cluster.pieces(tasks):
            pass
        out, tally = io.StringIO(), Tally()
        for blob in sent_back:  # as `arbiter check --format json` writes them: file by file
            (report,) = pickle.loads(blob)
            tally.add(report)
            out.write(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        out.write(json.dumps(tally.summary(), indent=2, ensure_ascii=False))

    client_side()
    return games / wall_seconds(client_side)


def api_latency(path: Path, requests: int) -> tuple[float, float]:
    from arbiter_web.factory import create_app

    record = next(games_text(path))
    client = create_app({"ACCESS_LOG": False}).test_client()  # a log line a request would flood the output
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        response = client.post("/api/v1/rulings", json={"record": record})
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]


def games_text(path: Path):  # type: ignore[no-untyped-def]
    """The text of each game of a corpus (games start at a tag line after a hand)."""
    game: list[str] = []
    seen_hand = False
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("[") and seen_hand:
            yield "".join(game)
            game, seen_hand = [], False
        seen_hand = seen_hand or line.startswith("hand ")
        game.append(line)
    if game:
        yield "".join(game)


def profile(path: Path, top: int) -> str:
    profiler = cProfile.Profile(time.process_time)  # CPU time: the machine is shared
    profiler.enable()
    full_check(path)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()
