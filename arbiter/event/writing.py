"""An event written as its file says it (`to_toml`, which `parse` reads back the same), and a new
event made from its parts, as `arbiter event new` writes it."""

from __future__ import annotations

import json
from pathlib import Path

from .model import MAX_ROUNDS, MOVEMENTS, REMEDIES, RESULTS, Event, Pair, parse
from .movements import most_rounds
from .scales import DEFAULT_VICTORY_POINTS

NEW_MOVEMENT = "mitchell"
NEW_DEALS = 2
NEW_SCORING = "match-points"
NEW_RECORDS = "round-{round}/table-{table}.acn"
"""What `arbiter event new` writes when it is not told (docs/events.md, "Writing an event file")."""


def to_toml(event: Event) -> str:
    """The event as its file says it, keys in the documented order (`parse` reads it back the
    same). Strings are written as TOML basic strings, which JSON's escapes are."""
    lines = [
        f"name = {_quoted(event.name)}",
        f"date = {event.date}",
        f"family = {_quoted(event.family)}",
    ]
    if event.rulebook:
        lines.append(f"rulebook = {_quoted(event.rulebook)}")
    lines += [] if event.phases else [f"movement = {_quoted(event.movement)}"]
    lines += [
        f"rounds = {event.rounds}",
        f"deals = {event.deals}",
        f"scoring = {_quoted(event.scoring)}",
        f"seed = {event.seed}",
        f"records = {_quoted(event.records)}",
    ]
    if not event.prepared:
        lines.append("prepared = false")
    if event.results != RESULTS[0]:
        lines.append(f"results = {_quoted(event.results)}")
    if event.remedies != REMEDIES[0]:
        lines.append(f"remedies = {_quoted(event.remedies)}")
    if event.corrections_until:
        lines.append(f"corrections-until = {event.corrections_until}")
    for phase in event.phases:
        lines += ["", "[[phases]]", f"movement = {_quoted(phase.movement)}", f"rounds = {phase.rounds}"]
        lines += [f"groups = {phase.groups}"] if phase.groups != 1 else []
        lines += [f"tables = {_quoted(phase.tables)}"] if phase.tables else []
    for pair in event.pairs:
        players = ", ".join(_quoted(player) for player in pair.players)
        lines += ["", "[[pairs]]", f"number = {pair.number}", f"name = {_quoted(pair.name)}", f"players = [{players}]"]
    for penalty in event.penalties:
        lines += ["", "[[penalties]]", f"pair = {penalty.pair}", f"points = {penalty.points}"]
        lines.append(f"reason = {_quoted(penalty.reason)}")
        lines += [f"by = {_quoted(penalty.by)}"] if penalty.by else []
        lines += [f"at = {_quoted(penalty.at)}"] if penalty.at else []
        lines += [f"round = {penalty.round}"] if penalty.round is not None else []
        lines += [f"corrects = {penalty.corrects}"] if penalty.corrects is not None else []
    if event.victory_points != DEFAULT_VICTORY_POINTS:
        for step in event.victory_points:
            lines += ["", "[[victory-points]]", f"margin = {step.margin}", f"winner = {step.winner}"]
            lines.append(f"loser = {step.loser}")
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


SEED_RANGE = 10**9
"""A seed `arbiter event new` draws when none is given: at random, so that nobody can deal the
boards before the director publishes the file."""


def new_event(
    name: str,
    date: str,
    family: str,
    rulebook: str | None,
    movement: str,
    rounds: int | None,
    deals: int,
    scoring: str,
    seed: int,
    records: str,
    pairs: list[Pair],
    folder: Path = Path("."),
    origin: str = "the new event",
) -> Event:
    """An event from its parts, checked as its file would be (EventError naming the key); `rounds`
    None: as many as the movement gives without a rematch."""

    if rounds is None:
        rounds = min(most_rounds(movement, len(pairs)), MAX_ROUNDS) if movement in MOVEMENTS else 1
    draft = Event(name, date, family, rulebook, movement, rounds, deals, scoring, seed, records, tuple(pairs))
    return parse(to_toml(draft), origin, folder)
