"""Melds by identity: where a rule set lets a side hold several groups of one rank (Samba's
`merge_same_rank=False`), a record names each by its place (`K#2`), and a new set of that rank is a
new meld, never merged. Caliente keeps one meld per rank, so these tests judge Caliente positions
under a copy of the rule set with that one switch turned."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from caliente_records import position

from arbiter.families.caliente.policies import CALIENTE, configure
from arbiter.judging.checker import judge
from arbiter.notation import parse
from arbiter.rules.base import Config, OptionValue, Seating


def several_groups(seating: Seating, options: Mapping[str, OptionValue]) -> Config:
    return dataclasses.replace(configure(seating, options), merge_same_rank=False)


SEVERAL = dataclasses.replace(CALIENTE, name="caliente-several-groups", configure=several_groups)


def ruling_of(*turns: str, **kwargs: object):  # type: ignore[no-untyped-def]
    text = position(*turns, **kwargs).replace('[Rules "caliente"]\n', "")
    (parsed,) = parse(text)
    return judge(parsed, rules=SEVERAL)


TWO_GROUPS = {"bob+dee": "[K K K 2] [K K K]", "ann+cid": "[Q Q Q]"}
BOB = {"bob": "7 7 9 9 K 5 8 J 2 X 4"}


def test_adding_to_the_second_group_of_a_rank_names_it_by_its_place():
    ruling = ruling_of("bob: draw 6, add [K] to K#2, discard 6", tables=TWO_GROUPS, hands=BOB)
    assert [f.code for f in ruling.findings if f.is_error] == []


def test_a_group_that_is_not_there_is_named_in_the_finding():
    ruling = ruling_of("bob: draw 6, add [K] to K#3, discard 6", tables=TWO_GROUPS, hands=BOB)
    (error,) = [f for f in ruling.findings if f.is_error]
    assert error.code == "meld-unknown"
    assert "K#3 names no meld: bob+dee has 2 such melds" in error.message


def test_a_new_set_of_a_rank_the_side_holds_is_a_new_group():
    hands = {"bob": "7 7 9 9 K K K 5 8 J 4"}
    tables = {"bob+dee": "[K K K 2]", "ann+cid": "[Q Q Q]"}
    seen = []
    text = position("bob: draw 6, meld [K K K], discard 6", tables=tables, hands=hands)
    (parsed,) = parse(text.replace('[Rules "caliente"]\n', ""))
    ruling = judge(parsed, rules=SEVERAL, observer=lambda hand, turn, table: seen.append(table))
    assert [f.code for f in ruling.findings if f.is_error] == []
    assert seen[-1]["melds"]["bob+dee"] == [["K", "K", "K", "2"], ["K", "K", "K"]]


def test_one_meld_per_rank_still_refuses_a_second_group_by_name():
    text = position("bob: draw 6, add [K] to K#2, discard 6", tables={"bob+dee": "[K K K 2]"}, hands=BOB)
    (parsed,) = parse(text)
    ruling = judge(parsed)
    (error,) = [f for f in ruling.findings if f.is_error]
    assert error.code == "meld-unknown" and "keeps one meld per rank" in error.message
