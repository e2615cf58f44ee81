"""The base every family starts from lives below the families (arbiter/rules/standard.py, the
standard game; arbiter/rules/laws.py, the Official Canasta Laws' game), so that no family package
imports another (tests/test_layout.py). These tests hold that the families read the base as it
stands: Caliente at its defaults is the standard game with its Caliente card, Classic Canasta is the
laws' game, and what two families state alike is stated once."""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any

import pytest

import arbiter.families as families
from arbiter.rules.base import Config, Seating, brings
from arbiter.rules.laws import LAWS_OPTIONS, laws_game
from arbiter.rules.laws_rules import LAWS_RULES
from arbiter.rules.standard import standard_config
from arbiter.rules.standard_rules import STANDARD_RULES
from arbiter.variations.caliente_card import CalienteCard

NAMES = ("ann", "bob", "cid", "dee", "eve", "fay")
TABLES = {
    2: (("ann",), ("bob",)),
    3: (("ann",), ("bob",), ("cid",)),
    4: (("ann", "cid"), ("bob", "dee")),
    5: (("ann", "cid", "eve"), ("bob", "dee")),
    6: (("ann", "cid", "eve"), ("bob", "dee", "fay")),
}


def seating(players: int) -> Seating:
    return Seating(NAMES[:players], TABLES[players])


def same(a: Any, b: Any) -> bool:
    """Equal, where a policy made afresh (a closure, a bound method) counts as the same policy when it
    runs the same code on the same values: two configurations made alike are the same game."""
    if isinstance(a, types.MethodType) and isinstance(b, types.MethodType):
        return a.__func__ is b.__func__ and same(a.__self__, b.__self__)
    if isinstance(a, types.FunctionType) and isinstance(b, types.FunctionType):
        cells_a, cells_b = a.__closure__ or (), b.__closure__ or ()
        return (
            a.__code__ is b.__code__
            and len(cells_a) == len(cells_b)
            and all(same(x.cell_contents, y.cell_contents) for x, y in zip(cells_a, cells_b, strict=True))
        )
    if is_dataclass(a) and not isinstance(a, type) and type(a) is type(b):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in fields(a) if f.compare)
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    return bool(a == b)


def defaults(name: str) -> dict[str, Any]:
    return {spec.name: spec.default for spec in families.get(name).options}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_caliente_at_its_defaults_is_the_standard_game_with_its_caliente_card(players: int) -> None:
    options = defaults("caliente")
    base = standard_config(seating(players))
    caliente = families.get("caliente").configure(seating(players), options)
    card = CalienteCard(refill=base.deal_size).action()
    assert same(caliente, replace(base, actions=brings(card), options=options))


def test_caliente_with_three_packs_is_the_standard_game_of_three_packs() -> None:
    options = {**defaults("caliente"), "three-packs": True}
    base = standard_config(seating(6), three_packs=True)
    caliente = families.get("caliente").configure(seating(6), options)
    card = CalienteCard(refill=base.deal_size).action()
    assert same(caliente, replace(base, actions=brings(card), options=options))


def test_a_policy_made_afresh_alike_is_the_same_but_not_with_other_values() -> None:
    assert same(standard_config(seating(4)), standard_config(seating(4)))
    assert not same(standard_config(seating(6)), standard_config(seating(6), three_packs=True))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_canasta_at_its_defaults_is_the_laws_game(players: int) -> None:
    classic: Config = families.get("classic").configure(seating(players), defaults("classic"))
    laws = laws_game(seating(players), {spec.name: spec.default for spec in LAWS_OPTIONS})
    assert same(classic, laws)


def test_a_rule_caliente_states_as_the_standard_game_is_the_standard_rule() -> None:
    catalogue = families.get("caliente").catalogue
    assert all(catalogue[code] is rule for code, rule in STANDARD_RULES.items())


def test_a_rule_samba_and_hand_and_foot_keep_says_what_the_caliente_books_say() -> None:
    for name in ("samba", "hand-and-foot"):
        catalogue = families.get(name).catalogue
        kept = [code for code in STANDARD_RULES if code in catalogue and catalogue[code].source.endswith(" keeps")]
        assert kept, name
        assert all(catalogue[code].summary == STANDARD_RULES[code].summary for code in kept)


def test_a_rule_hoyle_takes_from_the_laws_says_what_classic_canasta_says() -> None:
    classic, hoyle = families.get("classic").catalogue, families.get("hoyle").catalogue
    assert all(classic[code] is rule for code, rule in LAWS_RULES.items())
    assert all(hoyle[code].summary == rule.summary for code, rule in LAWS_RULES.items())
    assert all("where the Hoyle Canasta rules page is silent" in hoyle[code].source for code in LAWS_RULES)
