"""Who sits where: the seats, the sides, and the order of play in a hand some players sit out.
The table rules of the Caliente rule books, which the other families follow too."""

from __future__ import annotations

import random

NAMES = ("ann", "bob", "cid", "dee", "eve", "fay")


def seating(players: int, three_packs: bool, rng: random.Random) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Seats in playing order and the sides: partners never side by side (with five players the
    team of two sits apart); with three packs two teams of three or three teams of two."""
    seats = NAMES[:players]
    if players <= 3:
        return seats, tuple((p,) for p in seats)
    if players == 6 and three_packs and rng.random() < 0.5:
        return seats, tuple(tuple(seats[i::3]) for i in range(3))
    return seats, (tuple(seats[0::2]), tuple(seats[1::2]))


def playing_order(seats: tuple[str, ...], sides: tuple[tuple[str, ...], ...], out: tuple[str, ...]) -> list[str]:
    """The order of play in a hand: with players sitting out, the four who play sit with partners
    facing, each team keeping its order of the seats, starting from the first seat still playing."""
    playing = [p for p in seats if p not in out]
    if not out:
        return playing
    teams: list[list[str]] = []
    for player in playing:
        side = next(s for s in sides if player in s)
        team = next((t for t in teams if t[0] in side), None)
        if team is None:
            teams.append([player])
        else:
            team.append(player)
    size = len(teams[0])
    if len(teams) < 2 or any(len(t) != size for t in teams):
        return playing
    return [team[i] for i in range(size) for team in teams]
