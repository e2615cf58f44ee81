"""Cards with their suits (ACN 1.3, docs/notation.md "Suits"): read alike by every path, written
canonically, counted by suit, and judged, in every family so far, as the same record without them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter import cards as C
from arbiter.checker import judge
from arbiter.engine.suits import put_in_play, recarded
from arbiter.formatter import format_game
from arbiter.notation import parse, parse_text
from arbiter.records import Game, HandRecord, Node

SAMPLES = sorted((Path(__file__).parent.parent / "samples").glob("*.acn"))


# --- a record given its suits ------------------------------------------------------------------------


def _suited_hand(record: HandRecord) -> HandRecord:
    """The hand with a suit on every card that has one: each card put in play takes the next suit of
    its rank (so no suited card is shown more often than the packs hold it), and a card played
    later (melded, discarded, taken) any suit of its rank, which no family so far looks at."""
    fresh: dict[int, tuple[str, ...]] = {}
    copies: dict[str, int] = {}
    for node, cards, _ in put_in_play(record):
        suited = []
        for card in cards:
            suits = _suits(card)
            if suits:
                n = copies.get(card, 0)
                copies[card] = n + 1
                suited.append(card + suits[n % len(suits)])
            else:
                suited.append(card)
        fresh[id(node)] = tuple(suited)

    def change(node: Node, cards: tuple[str, ...]) -> tuple[str, ...]:
        given = fresh.get(id(node))
        if given is not None and len(given) == len(cards):
            return given
        return tuple(card + _suits(card)[-1] if _suits(card) else card for card in cards)

    return recarded(record, change)


def _suits(card: str) -> str:
    return "".join(s for s in C.SUITS if card + s in C.RANK_OF)


def with_suits(game: Game) -> Game:
    return Game(game.line, game.column, game.tags, tuple(_suited_hand(hand) for hand in game.hands), game.trailing)


def output(text: str) -> str:
    """Everything the engine says of a record: each game's ruling, its coverage and its tables, each
    place as the line and the word it points at (a suit makes a word longer, not another word)."""
    games = []
    for parsed in parse(text):
        tables: list[Any] = []
        ruling = judge(parsed, observer=lambda hand, turn, table, seen=tables: seen.append([hand, turn, table]))
        games.append({"ruling": ruling.to_dict(), "coverage": sorted(ruling.coverage.items()), "tables": tables})
    return json.dumps(_words_for_columns(games, text.splitlines()), sort_keys=True, separators=(",", ":"))


def _words_for_columns(value: Any, lines: list[str]) -> Any:
    if isinstance(value, list):
        return [_words_for_columns(item, lines) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: _words_for_columns(item, lines) for key, item in value.items()}
    if isinstance(out.get("line"), int) and isinstance(out.get("column"), int) and 0 < out["line"] <= len(lines):
        text = lines[out["line"] - 1]
        out["column"] = (len(text[: out["column"] - 1].split()), text[out["column"] - 2 : out["column"] - 1].isspace())
    return out


def games_of(path: Path) -> Iterator[Game]:
    for parsed in parse_text(path.read_text(encoding="utf-8")):
        if not parsed.findings:
            yield parsed.game


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_given_suits_is_judged_as_without_them(sample):
    for game in games_of(sample):
        plain = format_game(game)
        suited = format_game(with_suits(game))
        assert suited != plain or all(hand.summarised for hand in game.hands)
        assert output(suited) == output(plain)
