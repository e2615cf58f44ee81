"""A club's rulebook on Modern American Canasta (samples/sunrise-condo.rules.toml): based on the
app's preset, with its own table rules, and judging a record by them."""

from __future__ import annotations

from pathlib import Path

from mac_support import position

import arbiter
from arbiter import house

SUNRISE = Path(__file__).resolve().parent.parent / "samples" / "sunrise-condo.rules.toml"
# bob+dee have a canasta of Kings, so Kings are dead; the pile is empty (just taken, or a new hand)
DEAD_KINGS = {"ann+cid": "[9 9 9] [J J J J J]", "bob+dee": "[K K K K K K K]"}


def discarding(card: str) -> str:
    return position(f"{card} 5 10", f"ann: draw 6, discard {card}", tables=DEAD_KINGS, pile="")


def errors(text: str, book: house.Rulebook | None = None) -> list[str]:
    (ruling,) = arbiter.check(text, house=book)
    return [finding.code for finding in ruling.findings if finding.is_error]


def test_the_rulebook_takes_the_apps_preset_and_adds_the_clubs_two_rules():
    book = house.load(SUNRISE)
    assert book.family == "modern-american" and book.base == "app"
    assert book.settings["three-in-hand-value"] == 100  # from the app's preset
    assert book.settings["empty-tray-ban"] == "aces-sevens" and book.settings["mismeld-penalty"] == "minimum"


def test_a_dead_card_onto_an_empty_pile_is_a_fault_by_the_book_but_not_at_the_club():
    assert errors(discarding("K")) == ["discard-empty-pile"]
    assert errors(discarding("K"), house.load(SUNRISE)) == []


def test_a_seven_onto_an_empty_pile_is_a_fault_at_the_club_too():
    assert errors(discarding("7"), house.load(SUNRISE)) == ["discard-empty-pile"]
