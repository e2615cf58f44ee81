"""A fixed, seeded corpus of simulated games per judged rule set takes every legal path that rule
set's games should take (arbiter.simulate.EXPECTED_PATHS), and the arbiter accepts all of it.

The corpora are `arbiter.simulate.COVERAGE_CORPUS` played from `COVERAGE_SEED`; each takes a few
seconds. If a change to the bots makes a rare path drop out, look for a seed that takes every path
again, with some to spare (here for Samba):

    .venv/bin/python -c "import arbiter; from arbiter.simulate import *
    for seed in range(1, 40):
        counts = coverage(next(arbiter.check(g.text)) for g in coverage_corpus('samba', seed=seed))
        print(seed, sorted((counts[f'path:{p}'], p) for p in EXPECTED_PATHS['samba'])[:3])"
"""

from __future__ import annotations

import pytest

import arbiter
import arbiter.families
from arbiter.families import PATHS
from arbiter.simulate import (
    COVERAGE_CORPUS,
    EXPECTED_PATHS,
    NOT_SIMULATED,
    coverage,
    coverage_corpus,
    coverage_report,
    expected_paths,
    missing_paths,
)

JUDGED = list(arbiter.families.names())
COVERED = [rules for rules in JUDGED if rules in COVERAGE_CORPUS]


def test_every_judged_rule_set_has_a_coverage_corpus():
    missing = [rules for rules in JUDGED if rules not in COVERAGE_CORPUS or rules not in EXPECTED_PATHS]
    assert missing == [], "judged rule sets need EXPECTED_PATHS and a COVERAGE_CORPUS in arbiter/simulate/coverage.py"


@pytest.fixture(scope="module", params=COVERED)
def corpus_rulings(request):
    rules = request.param
    games = list(coverage_corpus(rules))
    return rules, games, [next(iter(arbiter.check(game.text))) for game in games]


def test_the_coverage_corpus_takes_every_legal_path(corpus_rulings):
    rules, _, rulings = corpus_rulings
    counts = coverage(rulings)
    assert missing_paths(counts, rules) == [], coverage_report(counts, rules)


def test_the_corpus_takes_no_path_its_rule_set_does_not_expect(corpus_rulings):
    rules, _, rulings = corpus_rulings
    taken = {key.removeprefix("path:") for key in coverage(rulings) if key.startswith("path:")}
    assert taken - EXPECTED_PATHS[rules] == set(), f"{rules} games took paths of another family"


def test_the_arbiter_accepts_the_whole_corpus(corpus_rulings):
    rules, games, rulings = corpus_rulings
    assert len(games) == sum(part.games for part in COVERAGE_CORPUS[rules])
    for game, ruling in zip(games, rulings, strict=True):
        found = sorted((f.hand or 0, f.code, f.player or "") for f in ruling.findings)
        assert found == sorted((e.hand, e.code, e.player) for e in game.expected), (rules, game.players, game.index)
        assert ruling.verdict == "valid"
    codes = {key for key in coverage(rulings) if key.startswith("code:")}
    assert codes <= {"code:bonus-in-hand", "code:caliente-in-hand"}  # warnings only


def test_every_path_the_corpus_takes_is_declared(corpus_rulings):
    _, _, rulings = corpus_rulings
    taken = {key.removeprefix("path:") for key in coverage(rulings) if key.startswith("path:")}
    assert taken - PATHS == set(), (
        "the engine counts paths neither arbiter/engine/paths.py nor a family's action declares"
    )


def test_each_part_of_the_corpus_takes_the_paths_of_its_table(corpus_rulings):
    """Each table's games take only paths `expected_paths` allows there (the narrowing the CLI's
    coverage report relies on)."""
    rules, _, rulings = corpus_rulings
    by_part: dict[int, set[str]] = {}
    n = 0
    for p, part in enumerate(COVERAGE_CORPUS[rules]):
        for ruling in rulings[n : n + part.games]:
            by_part.setdefault(p, set()).update(k[5:] for k in ruling.coverage if k.startswith("path:"))
        n += part.games
    for p, part in enumerate(COVERAGE_CORPUS[rules]):
        allowed = expected_paths(rules, part.players, part.options, part.style)
        assert by_part[p] - allowed == set(), (rules, part)


@pytest.mark.parametrize("rules", COVERED)
def test_the_expected_paths_keep_in_step_with_the_engine(rules):
    assert EXPECTED_PATHS[rules] - PATHS == set(), "EXPECTED_PATHS names paths the engine does not declare"
    assert set(NOT_SIMULATED.get(rules, {})) - PATHS == set(), "NOT_SIMULATED names paths the engine does not declare"
    both = EXPECTED_PATHS[rules] & set(NOT_SIMULATED.get(rules, {}))
    assert both == set(), f"{rules}: paths both expected and not simulated"


def test_every_engine_path_is_expected_of_a_family_or_not_simulated():
    """A path one family never takes (Caliente has no sequences) is another's: together the
    families' expected paths and their not-simulated paths cover the engine's."""
    known = set().union(*EXPECTED_PATHS.values(), *(set(paths) for paths in NOT_SIMULATED.values()))
    assert PATHS - known == set(), "new engine paths: add them to EXPECTED_PATHS or NOT_SIMULATED of their family"
    assert all(reason for paths in NOT_SIMULATED.values() for reason in paths.values())
