"""The family's words and the canasta marks on every table a ruling page draws (issue 30): each
finding's table and each replay frame get `words` (what the pile and the laid cards are called)
and `marks` (each side's canastas), from arbiter.marks. New dicts: the ruling itself is untouched."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbiter.marks import table_words


def marked(table: Mapping[str, Any], rules: str | None, options: Mapping[str, Any]) -> dict[str, Any]:
    words = table_words(table, rules, options)
    return {**table, "words": {"pile": words.pile, "laid": words.laid}, "marks": words.marks}


def annotate(ruling: Any) -> None:
    """Mark the tables of a ruling view (present.RulingView, after table_view.attach)."""
    for game in ruling.games:
        rules, options = game.ruling.rules, game.ruling.options
        for view in game.findings:
            if isinstance(view.table, Mapping):
                view.table = marked(view.table, rules, options)
        for hand in getattr(game.extra, "replays", None) or []:
            for frame in hand.frames:
                if isinstance(frame.table, Mapping):
                    frame.table = marked(frame.table, rules, options)
