"""What the engine works out once and keeps: a rule set's configuration for a table and its options
(shared by every game of an archive played that way), and in it the verdict on each meld checked
(a pure function of the cards and the configuration). Kept answers must be the answers."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from arbiter.engine.melds import VERDICTS_KEPT, meld_problem, meld_shape
from arbiter.families import get
from arbiter.families.samba import policies as samba
from arbiter.judging.checker import judge
from arbiter.notation import parse
from arbiter.rules.base import CONFIGS_KEPT, Config, OptionValue, RuleSet, Seating

SAMPLES = Path(__file__).parent.parent / "samples"
FOUR = Seating(("ann", "bob", "cid", "dee"), (("ann", "cid"), ("bob", "dee")))


def samba_counting_melds() -> tuple[RuleSet, list[tuple[tuple[str, ...], bool]]]:
    """A copy of the Samba rule set whose meld policy notes each time it is asked."""
    asked: list[tuple[tuple[str, ...], bool]] = []

    def counted(cards: Sequence[str], config: Config, new: bool) -> tuple[str, str] | None:
        asked.append((tuple(cards), new))
        return samba.meld_problem(cards, config, new)

    def configure(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
        return dataclasses.replace(samba.configure(seating, options), meld_problem=counted)

    return dataclasses.replace(samba.SAMBA_RULES, configure=configure), asked


def test_games_played_the_same_way_share_one_configuration():
    samba = get("samba")
    options = samba.resolve({})
    first = samba.config_for(FOUR, options)
    assert samba.config_for(FOUR, dict(reversed(options.items()))) is first  # the same options, in any order
    assert samba.config_for(FOUR, {**options, "target": 5000}) is not first
    assert samba.config_for(FOUR, {**options, "target": 5000}).target == 5000


def test_each_table_has_its_own_configuration():
    samba = get("samba")
    options = samba.resolve({})
    other = Seating(("ann", "bob", "cid", "dee"), (("ann", "bob"), ("cid", "dee")))
    assert samba.config_for(other, options).seating == other
    assert samba.config_for(FOUR, options).seating == FOUR


def test_tables_of_other_players_share_what_is_known_of_melds():
    samba = dataclasses.replace(get("samba"))
    options = samba.resolve({})
    others = Seating(("eve", "fay", "gus", "hal"), (("eve", "gus"), ("fay", "hal")))
    three = Seating(("ann", "bob", "cid"), (("ann",), ("bob",), ("cid",)))
    ours, theirs = samba.config_for(FOUR, options), samba.config_for(others, options)
    assert ours is not theirs and theirs.seating == others
    assert ours.verdicts is theirs.verdicts  # a meld's verdict never depends on who sits where
    assert samba.config_for(three, options).verdicts is not ours.verdicts  # another table's shape
    assert samba.config_for(FOUR, {**options, "wild-ratio": "two-naturals-per-wild"}).verdicts is not ours.verdicts


def test_a_rule_set_keeps_a_bounded_number_of_configurations():
    samba = dataclasses.replace(get("samba"))  # a fresh copy keeps nothing yet
    options = samba.resolve({})
    for target in range(CONFIGS_KEPT + 5):
        samba.config_for(FOUR, {**options, "target": 1000 + target})
    assert 0 < len(samba.configured) <= CONFIGS_KEPT
    assert 0 < len(samba.verdicts) <= CONFIGS_KEPT


def test_a_meld_is_judged_by_the_policy_once_per_configuration():
    rules, asked = samba_counting_melds()
    text = (SAMPLES / "samba-full-hand.acn").read_text(encoding="utf-8")
    (parsed,) = parse(text.replace('[Rules "samba"]\n', ""))  # judged by the copy, not the tag's rule set
    first = judge(parsed, rules=rules)
    asked_by_the_first = list(asked)
    again = judge(parsed, rules=rules)
    assert asked_by_the_first
    assert len(set(asked_by_the_first)) == len(asked_by_the_first)  # each meld asked about once
    assert asked == asked_by_the_first  # the second game, played the same way, asked nothing new
    assert first.to_dict() == again.to_dict()
    assert first.verdict == "valid"


@pytest.mark.parametrize("cards", [("4", "5", "6"), ("K", "K", "2"), ("4", "6", "7"), ("K", "Q"), ("2", "2", "X")])
def test_a_kept_verdict_is_the_policys_verdict(cards):
    config = get("samba").configure(FOUR, get("samba").resolve({}))
    for new in (True, False):
        assert meld_problem(cards, config, new) == config.meld_problem(cards, config, new)
        assert meld_problem(cards, config, new) == config.meld_problem(cards, config, new)  # kept, still the same


def test_the_verdicts_a_configuration_keeps_are_bounded():
    config = get("samba").configure(FOUR, get("samba").resolve({}))
    for n in range(VERDICTS_KEPT + 10):
        meld_problem(("K",) * (n % 7 + 1) + ("2",) * (n // 7), config, True)
    assert 0 < len(config.verdicts) <= VERDICTS_KEPT


def test_a_configuration_made_from_another_keeps_nothing_of_it():
    config = get("samba").configure(FOUR, get("samba").resolve({}))
    meld_problem(("K", "K", "K"), config, True)
    assert dataclasses.replace(config, target=5000).verdicts == {}


def test_every_hand_gets_a_full_pack_of_its_own_from_the_kept_composition():
    """A configuration works out its cards once; each `pack()` is a fresh copy, so a hand that
    draws cards out of its pool leaves the next hand's pack whole."""
    caliente = get("caliente")
    options = caliente.resolve({})
    config = caliente.config_for(FOUR, options)
    first = config.pack()
    whole = first.total()
    first["A"] -= 8
    first["X"] = 0
    second = config.pack()
    assert second is not first and second.total() == whole
    assert second == caliente.configure(FOUR, options).pack()  # as a configuration made afresh has it


def test_a_melds_shape_names_a_group_by_its_rank_and_a_sequence_by_its_ends():
    assert meld_shape(("K", "K", "2")) == ("K", None)
    assert meld_shape(("7", "5", "6")) == ("5", "7")
    assert meld_shape(("10", "J", "Q", "K", "A")) == ("10", "A")
    assert meld_shape(("S", "S", "S")) == ("S", None)


def test_forgetting_empties_every_memory_and_the_rulings_stay_the_same():
    """`arbiter.forget` (what a cold benchmark run starts from) empties the reader's memories,
    each rule set's configurations and kept verdicts, and the meld shapes; judging again gives
    the same rulings."""
    import arbiter
    from arbiter import notation

    text = (SAMPLES / "samba-full-hand.acn").read_text(encoding="utf-8")
    before = [ruling.to_dict() for ruling in arbiter.check(text)]
    samba = get("samba")
    assert samba.configured and samba.verdicts and meld_shape.cache_info().currsize
    assert any(notation.remembered().values())

    arbiter.forget()

    assert not samba.configured and not samba.verdicts
    assert meld_shape.cache_info().currsize == 0
    assert not any(notation.remembered().values())
    assert [ruling.to_dict() for ruling in arbiter.check(text)] == before
