"""A round's tables as the tournament software lists them, pasted or saved as text, read into the
event's seatings (docs/events.md, "Table lists from the tournament software").

Italian Burraco clubs pair their rounds in the federation's licensed software and hand the table
list round. Three layouts are read, one row a line, the columns split by a tab, `;` or `,`, or
else by two spaces or more (columns past those the layout needs are left out):

- the Danish list, `GROUP  TABLE  PAIR`, two lines a table: the first the pair that keeps its
  seats (the first seats), the second the pair that moves;
- by table, `TABLE  PAIR  PAIR`, the first pair in the first seats;
- alphabetical, `PAIR  TABLE`, a line a pair: the table's two pairs seated in the order of the
  event's own numbers (the list does not say who keeps the seats).

A table is its number with every other character left out (`T. 12` is table 12). A pair is named
by its name in the event file (`ROSSI MARIO - BIANCHI MARTINA`: case, spaces, the order of the
two players and of each one's names do not matter) or by its number. A first line that names neither a table nor a pair is
a heading. Every line that cannot be read is said at once, with its number: the list is read
whole or not at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import Text, joined, msg
from .errors import EventError
from .model import Pair
from .movements import Round, Seating

MAX_LINES = 2_000
"""Lines a list may hold: a field of 400 pairs is 400 lines in the longest layout."""
MAX_PROBLEMS = 20
"""Problems said of one list before the rest are counted, not listed."""


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    cells: tuple[str, ...]


def cells_of(line: str) -> tuple[str, ...]:
    """A line's columns: split by a tab, `;` or `,` where the line has one, else by two spaces or more."""
    for separator in ("\t", ";", ","):
        if separator in line:
            return tuple(cell.strip() for cell in line.split(separator))
    return tuple(cell.strip() for cell in re.split(r" {2,}", line.strip()))


def table_number(cell: str) -> int | None:
    digits = re.sub(r"\D", "", cell)
    return int(digits) if digits and len(digits) <= 6 else None


def _key(name: str) -> frozenset[str]:
    """A pair's name as a list may write it: its players in either order, each player's names in
    either order (ROSSI MARIO, Mario Rossi), in any case and spacing."""
    players = re.split(r"\s[-–/&]\s|\s+e\s|\s+and\s", name.casefold())
    return frozenset(" ".join(sorted(player.split())) for player in players if player.split())


class _Pairs:
    """The event's pairs found by name (in either order of its players) or by number."""

    def __init__(self, pairs: Sequence[Pair]) -> None:
        self.by_name = {_key(pair.name): pair.number for pair in pairs}
        self.numbers = {pair.number for pair in pairs}

    def find(self, cell: str) -> int | None:
        if cell.isdigit() and int(cell) in self.numbers:
            return int(cell)
        return self.by_name.get(_key(cell)) if cell else None


def read_table_list(text: str, pairs: Sequence[Pair], number: int, board_set: int, origin: str) -> Round:
    """Round `number` as the list `text` seats it (every table on board set `board_set`); raises
    EventError saying every line that cannot be read, `origin` naming the list."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise EventError(msg("{origin}: a table list has at most {limit:,} lines", origin=origin, limit=MAX_LINES))
    rows = [_Row(index, cells_of(line)) for index, line in enumerate(lines, 1) if line.strip()]
    known = _Pairs(pairs)
    if rows and not _names_anything(rows[0], known):
        rows = rows[1:]  # a heading: GIRONE, TAVOLO, COPPIA
    if not rows:
        raise EventError(msg("{origin}: the table list is empty", origin=origin))
    problems: list[Text] = []
    tables = _read(rows, known, problems)
    seated = [pair for first, second in tables.values() for pair in (first, second)]
    problems += [
        msg("pair {pair} is seated at two tables", pair=str(pair))
        for pair in sorted(set(seated))
        if seated.count(pair) > 1
    ]
    if problems:
        said = problems[:MAX_PROBLEMS] + (
            [msg("and {count} more", count=len(problems) - MAX_PROBLEMS)] if len(problems) > MAX_PROBLEMS else []
        )
        raise EventError(msg("{origin}: {problems}", origin=origin, problems=joined(said, "; ")))
    seatings = tuple(
        Seating(number, table, first, second, board_set) for table, (first, second) in sorted(tables.items())
    )
    return Round(number, seatings, tuple(sorted(known.numbers - set(seated))))


def _names_anything(row: _Row, known: _Pairs) -> bool:
    return any(table_number(cell) is not None or known.find(cell) is not None for cell in row.cells)


def _read(rows: list[_Row], known: _Pairs, problems: list[Text]) -> dict[int, tuple[int, int]]:
    """The tables, by the layout the first row shows."""
    first = rows[0].cells
    by_table = table_number(first[0]) is not None and known.find(first[1]) is not None
    if len(first) >= 3 and by_table and known.find(first[2]) is not None:
        return _by_table(rows, known, problems)
    if len(first) >= 3 and table_number(first[1]) is not None and known.find(first[2]) is not None:
        return _danish(rows, known, problems)
    return _alphabetical(rows, known, problems)


def _pair(row: _Row, column: int, known: _Pairs, problems: list[Text]) -> int | None:
    cell = row.cells[column] if column < len(row.cells) else ""
    found = known.find(cell)
    if found is None:
        problems.append(msg('line {line}: no pair of the event is "{name}"', line=row.line, name=cell[:60]))
    return found


def _table(row: _Row, column: int, problems: list[Text]) -> int | None:
    cell = row.cells[column] if column < len(row.cells) else ""
    found = table_number(cell)
    if found is None or found == 0:
        problems.append(msg('line {line}: "{cell}" is no table number', line=row.line, cell=cell[:60]))
        return None
    return found


def _by_table(rows: list[_Row], known: _Pairs, problems: list[Text]) -> dict[int, tuple[int, int]]:
    tables: dict[int, tuple[int, int]] = {}
    for row in rows:
        table, first, second = _table(row, 0, problems), _pair(row, 1, known, problems), _pair(row, 2, known, problems)
        if table is None or first is None or second is None:
            continue
        if table in tables:
            problems.append(msg("line {line}: table {table} is listed twice", line=row.line, table=table))
            continue
        tables[table] = (first, second)
    return tables


def _danish(rows: list[_Row], known: _Pairs, problems: list[Text]) -> dict[int, tuple[int, int]]:
    """Two lines a table of a group, the pair that keeps its seats first; the tables numbered as listed."""
    at: dict[tuple[str, int], list[int]] = {}
    for row in rows:
        table, pair = _table(row, 1, problems), _pair(row, 2, known, problems)
        if table is None or pair is None:
            continue
        seated = at.setdefault((row.cells[0].casefold(), table), [])
        if len(seated) == 2:
            problems.append(msg("line {line}: a third pair at table {table}", line=row.line, table=table))
            continue
        seated.append(pair)
    return _whole(at, problems)


def _alphabetical(rows: list[_Row], known: _Pairs, problems: list[Text]) -> dict[int, tuple[int, int]]:
    at: dict[tuple[str, int], list[int]] = {}
    for row in rows:
        pair, table = _pair(row, 0, known, problems), _table(row, 1, problems)
        if table is None or pair is None:
            continue
        seated = at.setdefault(("", table), [])
        if len(seated) == 2:
            problems.append(msg("line {line}: a third pair at table {table}", line=row.line, table=table))
            continue
        seated.append(pair)
    return {table: (min(pair), max(pair)) for table, pair in _whole(at, problems).items()}


def _whole(at: dict[tuple[str, int], list[int]], problems: list[Text]) -> dict[int, tuple[int, int]]:
    """Each table with its two pairs; a table of one pair is said. A table number used by two
    groups of a Danish list is the same table: the event numbers its tables once."""
    tables: dict[int, tuple[int, int]] = {}
    for (_group, table), seated in at.items():
        if len(seated) != 2:
            problems.append(msg("table {table} has one pair; a table seats two", table=table))
        elif table in tables:
            problems.append(msg("table {table} is listed in two groups", table=table))
        else:
            tables[table] = (seated[0], seated[1])
    return tables
