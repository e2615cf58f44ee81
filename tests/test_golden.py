"""Golden rulings: the engine's Caliente output, byte for byte, over the samples and over seeded
simulated corpora with and without planted errors.

For every record the test builds the `check` JSON (each ruling's `to_dict`: verdict, findings with
their messages, remedies and tables, hand results, totals), the legal paths counted for coverage,
and the table after every turn of every hand (what `table_after` returns). The files in
tests/golden/ hold, per record, the SHA-256 of that output and a readable summary (verdict and
finding codes); the samples are also kept whole, so a change shows as a diff.

A change to the engine that is meant to change its output (a corrected ruling, a new message)
regenerates the files and says in its commit message which records changed and why:

    .venv/bin/python tests/test_golden.py --regen

Records with planted errors are simulated games with one turn line changed by a seeded edit (a
card swapped, an action dropped, two actions swapped, a stray action put first), so illegal-move
findings and the tables they carry are pinned too.

Samples are found by name (`samples/caliente-*`, `.txt` or `.acn`); a sample added later is pinned
at the next regeneration.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # run as a script to regenerate: import the worktree's package
    sys.path.insert(0, str(ROOT))

from arbiter.judging.checker import judge  # noqa: E402
from arbiter.notation import parse  # noqa: E402
from arbiter.simulate import coverage_corpus, simulate_games  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
SAMPLES = ROOT / "samples"

# (players, options) of the simulated corpora: every table, and each option that changes play.
TABLES: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (6, {}),
    (6, {"three-packs": True}),
    (2, {"caliente-cards": True}),
    (3, {"caliente-cards": True}),
    (4, {"caliente-cards": True}),
    (5, {"caliente-cards": True}),
    (6, {"caliente-cards": True, "three-packs": True}),
    (2, {"always-frozen": True}),
    (4, {"always-frozen": True}),
    (6, {"always-frozen": True}),
    (4, {"caliente-cards": True, "always-frozen": True, "caliente-refill": 11}),
)
GAMES_PER_TABLE = 3
MUTANTS_PER_GAME = 6


# --- what is pinned --------------------------------------------------------------------------------


def output(text: str) -> str:
    """Everything the engine says about a record, as canonical JSON: each game's ruling, its
    coverage counts, and the table after every turn."""
    games = []
    for parsed in parse(text):
        tables: list[Any] = []
        ruling = judge(parsed, observer=lambda hand, turn, table, seen=tables: seen.append([hand, turn, table]))
        games.append(
            {
                "ruling": ruling.to_dict(),
                "coverage": sorted(ruling.coverage.items()),
                "tables": tables,
            }
        )
    return json.dumps(games, sort_keys=True, separators=(",", ":"))


def summary(produced: str) -> dict[str, Any]:
    games = json.loads(produced)
    return {
        "sha256": hashlib.sha256(produced.encode()).hexdigest(),
        "verdicts": [g["ruling"]["verdict"] for g in games],
        "codes": [[f["code"] for f in g["ruling"]["findings"]] for g in games],
    }


# --- the records -----------------------------------------------------------------------------------


def sample_records() -> Iterator[tuple[str, str]]:
    paths = sorted([*SAMPLES.glob("caliente-*.txt"), *SAMPLES.glob("caliente-*.acn")])
    for path in paths:
        yield path.stem, path.read_text(encoding="utf-8")


def simulated_records() -> Iterator[tuple[str, str]]:
    for players, options in TABLES:
        label = "-".join([str(players), *sorted(options)]) or str(players)
        for game in simulate_games("caliente", players, options, games=GAMES_PER_TABLE, hands=3, seed=7):
            yield f"sim-{label}-{game.index}", game.text


def coverage_records() -> Iterator[tuple[str, str]]:
    for n, game in enumerate(coverage_corpus("caliente"), 1):
        yield f"coverage-{n}", game.text


CARD = re.compile(r"(?<![\w#-])(10|[2-9JQKAXBSC])(?![\w#])")
CARDS = ("4", "5", "7", "9", "10", "Q", "K", "A", "2", "X", "B", "S")
STRAYS = ("draw 5", "discard 7", "meld [4 4 4]", "take 9 with [9 9]", "pass", "ask yes", "bonus B", "caliente")


def mutate(line: str, rng: random.Random) -> str:
    """One seeded edit of a turn line (`ann: draw 5, discard 9`)."""
    player, _, rest = line.partition(": ")
    comment = ""
    if ";" in rest:
        rest, _, comment = rest.partition(";")
        comment = " ;" + comment
    actions = [a.strip() for a in rest.strip().split(",")]
    kind = rng.randrange(4)
    if kind == 0:
        spots = [m.span() for m in CARD.finditer(rest)]
        if spots:
            start, end = rng.choice(spots)
            rest = rest[:start] + rng.choice(CARDS) + rest[end:]
            return f"{player}: {rest.strip()}{comment}"
    if kind == 1 and len(actions) > 1:
        del actions[rng.randrange(len(actions))]
    elif kind == 2 and len(actions) > 1:
        i = rng.randrange(len(actions) - 1)
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    else:
        actions.insert(rng.randrange(len(actions) + 1), rng.choice(STRAYS))
    return f"{player}: {', '.join(actions)}{comment}"


def mutant_records() -> Iterator[tuple[str, str]]:
    for name, text in simulated_records():
        lines = text.splitlines()
        turns = [i for i, line in enumerate(lines) if re.match(r"[a-z]+: ", line)]
        rng = random.Random(f"golden/{name}")
        for m in range(MUTANTS_PER_GAME):
            i = rng.choice(turns)
            changed = [*lines[:i], mutate(lines[i], rng), *lines[i + 1 :]]
            yield f"{name}-mutant-{m}", "\n".join(changed) + "\n"


CORPORA = {
    "samples": sample_records,
    "simulated": simulated_records,
    "mutants": mutant_records,
    "coverage": coverage_records,
}


# --- the files -------------------------------------------------------------------------------------


def golden_path(corpus: str) -> Path:
    return GOLDEN / f"caliente-{corpus}.jsonl"


def produce(corpus: str) -> dict[str, dict[str, Any]]:
    pinned = {}
    for name, text in CORPORA[corpus]():
        produced = output(text)
        entry = summary(produced)
        if corpus == "samples":
            entry["output"] = json.loads(produced)
        pinned[name] = entry
    return pinned


def read(corpus: str) -> dict[str, dict[str, Any]]:
    lines = golden_path(corpus).read_text(encoding="utf-8").splitlines()
    return {entry.pop("name"): entry for entry in map(json.loads, lines)}


def write(corpus: str, pinned: dict[str, dict[str, Any]]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    lines = [
        json.dumps({"name": name, **entry}, sort_keys=True, separators=(",", ":")) for name, entry in pinned.items()
    ]
    golden_path(corpus).write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("corpus", list(CORPORA))
def test_the_engine_says_what_it_said_before(corpus):
    expected = read(corpus)
    produced = produce(corpus)
    if corpus == "samples":  # a sample added since the last regeneration is pinned at the next
        assert set(expected) <= set(produced), "a pinned sample is gone"
        produced = {name: produced[name] for name in expected}
    changed = [name for name in expected if produced.get(name) != expected[name]]
    assert not changed, f"{len(changed)} records changed, first {changed[:10]}: {produced.get(changed[0])}"
    assert list(produced) == list(expected)


def test_the_golden_corpora_plant_errors_and_reach_every_verdict():
    mutants = read("mutants")
    codes = {code for entry in mutants.values() for game in entry["codes"] for code in game}
    assert len(codes) >= 20, sorted(codes)
    verdicts = {v for entry in mutants.values() for v in entry["verdicts"]}
    assert {"valid", "illegal", "malformed"} <= verdicts


if __name__ == "__main__":
    if sys.argv[1:] != ["--regen"]:
        sys.exit("usage: python tests/test_golden.py --regen")
    for corpus in CORPORA:
        write(corpus, produce(corpus))
        print(f"{golden_path(corpus).relative_to(ROOT)}: regenerated")
