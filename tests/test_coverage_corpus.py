"""A fixed, seeded corpus of simulated games takes every legal path of the rule sets the engine
supports (arbiter.simulate.EXPECTED_PATHS), and the arbiter accepts all of it.

The corpus is `arbiter.simulate.COVERAGE_CORPUS` played from `COVERAGE_SEED`; it takes a few
seconds. If a change to the bots makes a rare path drop out, look for a seed that takes every path
again, with some to spare:

    .venv/bin/python -c "import arbiter; from arbiter.simulate import *
    for seed in range(1, 40):
        counts = coverage(next(arbiter.check(g.text)) for g in coverage_corpus(seed=seed))
        print(seed, sorted((counts[f'path:{p}'], p) for p in EXPECTED_PATHS['caliente'])[:3])"
"""

from __future__ import annotations

import pytest

import arbiter
from arbiter.engine import PATHS
from arbiter.simulate import (
    COVERAGE_CORPUS,
    EXPECTED_PATHS,
    NOT_SIMULATED,
    coverage,
    coverage_corpus,
    coverage_report,
    missing_paths,
)


@pytest.fixture(scope="module")
def corpus_rulings():
    games = list(coverage_corpus("caliente"))
    return games, [next(iter(arbiter.check(game.text))) for game in games]


def test_the_coverage_corpus_takes_every_legal_path(corpus_rulings):
    _, rulings = corpus_rulings
    counts = coverage(rulings)
    assert missing_paths(counts, "caliente") == [], coverage_report(counts, "caliente")


def test_the_arbiter_accepts_the_whole_corpus(corpus_rulings):
    games, rulings = corpus_rulings
    assert len(games) == sum(part.games for part in COVERAGE_CORPUS["caliente"])
    for game, ruling in zip(games, rulings, strict=True):
        found = sorted((f.hand or 0, f.code, f.player or "") for f in ruling.findings)
        assert found == sorted((e.hand, e.code, e.player) for e in game.expected), (game.players, game.index)
        assert ruling.verdict == "valid"
    codes = {key for key in coverage(rulings) if key.startswith("code:")}
    assert codes <= {"code:bonus-in-hand", "code:caliente-in-hand"}  # warnings only


def test_every_path_the_corpus_takes_is_declared(corpus_rulings):
    _, rulings = corpus_rulings
    taken = {key.removeprefix("path:") for key in coverage(rulings) if key.startswith("path:")}
    assert taken - PATHS == set(), "the engine counts paths arbiter/engine/paths.py does not declare"


def test_the_expected_paths_keep_in_step_with_the_engine():
    known = EXPECTED_PATHS["caliente"] | set(NOT_SIMULATED)
    assert PATHS - known == set(), "new engine paths: add them to EXPECTED_PATHS or NOT_SIMULATED"
    assert EXPECTED_PATHS["caliente"] - PATHS == set(), "EXPECTED_PATHS names paths the engine does not declare"
