"""The seed of a record's prepared boards, read from its event's file beside it: what `arbiter
check` of a folder hands the checker for a record that names its board without a `Seed` tag
(arbiter.judging.boards, docs/events.md "Prepared deals")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..i18n import Text, msg
from ..judging.boards import SeedSource
from ..notation.records import Game
from .errors import EventError
from .model import load


@dataclass(frozen=True)
class EventBeside(SeedSource):
    """The seed of the event the record belongs to: the event file (`*.event.toml`) in the
    record's folder or the nearest folder above it (at most `EVENT_DEPTH` up) that holds one;
    where a folder holds several, the one named by the record's `Event` tag."""

    record: Path

    def seed(self, game: Game) -> int | None:
        named = game.tag("Event")
        for folder in list(self.record.resolve().parents)[:EVENT_DEPTH]:
            found = sorted(folder.glob("*.event.toml"))
            if not found:
                continue
            events = []
            for path in found:
                try:
                    events.append(load(path))
                except EventError:
                    continue  # a broken event file says so when it is used; here it is not the record's
            chosen = [event for event in events if named is None or event.name == named]
            return chosen[0].seed if len(chosen) == 1 else None
        return None

    def where(self) -> Text:
        return msg(
            'give the record a [Seed "..."] tag, or keep it in its event\'s folder (or one below it, '
            "an [Event] tag naming the event where there are several)"
        )


EVENT_DEPTH = 3
"""How many folders up from a record its event file is looked for: the record's own folder and
two above it (`round-1/table-2.acn` beside the event file is one up)."""
