"""The simulator's Caliente games are pinned: the same seed gives, byte for byte, the games it gave
before the simulator was split into a package with one module per family. A change to the
Caliente bots that is meant to change their games updates these digests on purpose; any other
change to the simulator (a new family, a module moved) must leave them alone.

To print the digests again after a deliberate change to the Caliente bots:

    .venv/bin/python -c "from tests.test_simulator_golden import *; print_digests()"
"""

from __future__ import annotations

import hashlib

import pytest

from arbiter.simulate import Style, simulate

CLUB = None
RARE = Style(long_hands=1.0, forget_bonus=0.5, ask=0.9)  # the end of the stock, forgotten Bonus cards

# (players, options, hands per game, style) -> the first 16 hex digits of the SHA-256 of three
# games of seed 17, joined by a newline.
PINNED: list[tuple[int, dict[str, object], int | None, Style | None, str]] = [
    (2, {}, None, CLUB, "180c9d254830c576"),
    (2, {}, None, RARE, "895fb2f132bcb4d2"),
    (3, {}, None, CLUB, "4c7e83fe8e31587f"),
    (3, {}, None, RARE, "46c21177be0ffdb3"),
    (4, {}, None, CLUB, "7a75b5ec0238766d"),
    (4, {}, None, RARE, "96829f3c331ecf48"),
    (5, {}, 3, CLUB, "392c9e64aa26e232"),
    (5, {}, 3, RARE, "f34b23a5403df449"),
    (6, {}, 3, CLUB, "ebf21595c90b099a"),
    (6, {}, 3, RARE, "7e8ae8c4712777c2"),
    (6, {"three-packs": True}, 2, CLUB, "82d37477b6b593e7"),
    (6, {"three-packs": True}, 2, RARE, "b1b7896294dd1777"),
    (4, {"caliente-cards": True}, None, CLUB, "da43a0878792671e"),
    (4, {"caliente-cards": True}, None, RARE, "58e2dd3dc32c51f4"),
    (4, {"always-frozen": True}, None, CLUB, "cf15f7691cf4a9c1"),
    (4, {"always-frozen": True}, None, RARE, "42d314ba6072d2af"),
    (2, {"caliente-cards": True, "caliente-refill": 11}, 3, CLUB, "142ef67c152e6115"),
    (2, {"caliente-cards": True, "caliente-refill": 11}, 3, RARE, "d590db28956db276"),
]


def digest(players: int, options: dict[str, object], hands: int | None, style: Style | None) -> str:
    texts = simulate("caliente", players, options, games=3, hands=hands, seed=17, stock="some", style=style)
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("players", "options", "hands", "style", "pinned"), PINNED, ids=lambda v: str(v))
def test_caliente_games_of_a_seed_are_the_games_pinned(players, options, hands, style, pinned):
    assert digest(players, options, hands, style) == pinned


def print_digests() -> None:
    for players, options, hands, style, _ in PINNED:
        print(players, options, hands, "RARE" if style else "CLUB", digest(players, options, hands, style))
