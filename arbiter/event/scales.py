"""Victory points: the scales that turn a table's margin of card points into each pair's share of
20 (docs/events.md, "Scoring"): the arbiter's own, and the published ones an event file names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class VictoryStep:
    """A row of the victory-point scale: from this margin of card points up, the table's winner
    gets `winner` and its loser `loser` victory points."""

    margin: int
    winner: int
    loser: int


DEFAULT_VICTORY_POINTS = (
    VictoryStep(0, 10, 10),
    VictoryStep(100, 11, 9),
    VictoryStep(300, 12, 8),
    VictoryStep(600, 13, 7),
    VictoryStep(1000, 14, 6),
    VictoryStep(1500, 15, 5),
    VictoryStep(2000, 16, 4),
    VictoryStep(2600, 17, 3),
    VictoryStep(3300, 18, 2),
    VictoryStep(4100, 19, 1),
    VictoryStep(5000, 20, 0),
)
"""The project's own scale out of 20 (docs/events.md): a drawn table is 10 to 10, and the winner's
share grows with the margin until a margin of 5,000 card points gives 20 to 0."""


def _scale(margins: tuple[int, ...]) -> tuple[VictoryStep, ...]:
    """A scale out of 20 from the margins where each step starts: 10 to 10 from the first, one
    victory point more to the winner (and one less to the loser) at each next one."""
    return tuple(VictoryStep(margin, 10 + step, 10 - step) for step, margin in enumerate(margins))


NAMED_SCALES = {
    "burraco-italian-2": _scale((0, 45, 125, 205, 305, 405, 505, 625, 745, 875, 1005)),
    "burraco-italian-3": _scale((0, 55, 155, 255, 355, 505, 655, 805, 1005, 1255, 1505)),
    "burraco-italian-4": _scale((0, 105, 305, 505, 705, 905, 1105, 1305, 1505, 1705, 2005)),
}
"""Published scales a file names instead of writing rows (`victory-points = "burraco-italian-3"`):
the victory points of Italian Burraco tournaments for rounds of 2, 3 and 4 deals: the 3- and
4-deal scales as puntiburraco.it reproduces them ("Partite e Punti Vittoria nei Tornei di
Burraco"; the 3-deal scale as eburraco.com's "Victory Points, i termini del Burraco" too), the
2-deal scale as the gioco-burraco project transcribes the 2026 *Codice di Gara* ("Le tabelle"). docs/events.md, "Scoring",
says where they come from and what a director checks before using them."""
