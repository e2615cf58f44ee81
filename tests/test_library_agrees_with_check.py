"""The library and `arbiter check` agree at every moment (issue 47): each record below is
replayed action by action through `Position` (tests/differential.py) and meets `check`'s first
error on a move at the same line, turn, step and code, or pushes through to the same scores.

A bounded corpus runs here: every sample, the README's records, a one-hand simulated game of
every family at every table size, and one mutant of each planted error of every family's
mutation tests. bench/differential.py runs the same comparison over whole simulated games and
every mutant."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import test_classic_mutations
import test_hand_and_foot_mutations
import test_modern_american_mutations
import test_mutations
import test_samba_mutations
from differential import TABLES, agree, readme_records, simulated
from mutation_support import traced_corpus

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.acn"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.stem)
def test_each_sample_reads_the_same_through_a_position_as_through_check(path):
    agree(path.read_text())


def test_each_record_of_the_readme_reads_the_same_through_a_position_as_through_check():
    records = list(readme_records())
    assert records
    for text in records:
        agree(text)


@pytest.mark.parametrize(
    ("rules", "players"), [(rules, players) for rules, sizes in TABLES.items() for players in sizes]
)
def test_a_simulated_hand_pushes_through_a_position_to_the_scores_check_gives(rules, players):
    for text in simulated(rules, players, seed=11):
        agree(text)


MUTATED = {
    "caliente": test_mutations.MUTATIONS,
    "samba": test_samba_mutations.MUTATIONS,
    "hand-and-foot": test_hand_and_foot_mutations.MUTATIONS,
    "classic": test_classic_mutations.MUTATIONS,
    "hoyle": test_classic_mutations.MUTATIONS,
    "modern-american": test_modern_american_mutations.MUTATIONS,
}


@pytest.mark.parametrize("rules", list(MUTATED))
def test_a_planted_error_stops_a_position_where_it_stops_check(rules):
    players = 2 if rules == "hoyle" else 4
    corpus = traced_corpus(rules, [(players, {}, 2)], hands=2)
    planted = 0
    for mutation in MUTATED[rules].values():
        for game, record in corpus:
            for mutant in itertools.islice(mutation(game, record), 1):
                agree(mutant.text)
                planted += 1
    assert planted >= len(MUTATED[rules]) // 2
