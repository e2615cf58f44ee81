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

import re
from pathlib import Path

import pytest

import arbiter
from arbiter.simulate import (
    COVERAGE_CORPUS,
    EXPECTED_PATHS,
    NOT_SIMULATED,
    coverage,
    coverage_corpus,
    coverage_report,
    missing_paths,
)

ENGINE = Path(arbiter.__file__).parent / "engine.py"


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


def _engine_paths() -> tuple[set[str], set[str]]:
    """The path names engine.py counts (`self.paths[...]`): the literal ones, and the prefixes of
    the ones it builds (`f"draw-{n}"`)."""
    source = ENGINE.read_text(encoding="utf-8")
    literal = set(re.findall(r'self\.paths\[\s*"([a-z0-9-]+)"\s*\]', source))
    literal |= set(re.findall(r'self\.paths\[\s*"([a-z0-9-]+)" if', source))
    literal |= set(re.findall(r'self\.paths\[\s*"[a-z0-9-]+" if [^]]*? else "([a-z0-9-]+)"\s*\]', source))
    prefixes = set(re.findall(r'self\.paths\[\s*f?"([a-z-]+-)[{"]', source))
    prefixes |= set(re.findall(r'self\.paths\[\s*"([a-z-]+-)"\s*\+', source, flags=re.S))
    return literal, prefixes


def test_the_expected_paths_keep_in_step_with_the_engine():
    literal, prefixes = _engine_paths()
    assert "draw-" in prefixes and "take-" in prefixes and "bonus-dealt" in literal  # the scan works
    known = EXPECTED_PATHS["caliente"] | set(NOT_SIMULATED)
    assert literal - known == set(), "new engine paths: add them to EXPECTED_PATHS or NOT_SIMULATED"
    unknown = {p for p in EXPECTED_PATHS["caliente"] if p not in literal and not p.startswith(tuple(prefixes))}
    assert unknown == set(), "EXPECTED_PATHS names paths the engine no longer counts"
