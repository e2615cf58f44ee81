"""The corrected score sheet in the `text` format: printed under the score table when some hand is
not simply the arbiter's count (adjusted by a remedy, or not scorable), with the reason beside it."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

import arbiter
from arbiter.i18n import joined, msg
from arbiter.rulings.corrected_sheet import ScoreSheet, SheetRow, Status

from .language import current

INDENT = "    "


def sheet_lines(game: arbiter.GameRuling, sides: list[str]) -> list[Text]:
    """The sheet the table writes down, or nothing when it is the score table already shown, in
    the command's language (`current`; a game whose findings it has said already, `GameRuling.said`)."""
    say = current()
    sheet = arbiter.score_sheet(game)
    if not sheet.corrected:
        return []
    rows = [[say(msg("score sheet")), *sides, ""]]
    rows += [[str(row.hand), *(_cell(row, side) for side in sides), say(_note(row))] for row in sheet.rows]
    rows.append([say(msg("total")), *(str(sheet.totals.get(side, "")) for side in sides), say(_total_note(sheet))])
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(sides) + 1)]
    lines = []
    for number, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in range(1, len(sides) + 1)]
        text = Text(INDENT + "  ".join(cells), style="bold" if number in (0, len(rows) - 1) else "")
        if row[-1]:
            text.append("  " + row[-1], style="cyan")
        text.rstrip()
        lines.append(text)
    return lines


def _cell(row: SheetRow, side: str) -> str:
    if row.scores is None:
        return "-"
    return str(row.scores.get(side, ""))


def _note(row: SheetRow) -> str:
    if row.status is Status.COUNTED:
        return ""
    if row.status is Status.UNSCORED:
        return msg("cannot be scored: {reason}", reason=row.reason)
    changes = joined(
        [msg("{change} ({reason})", change=f"{a.side} {a.points:+d}", reason=a.reason) for a in row.adjustments]
    )
    declared = ", ".join(f"{side} {points}" for side, points in (row.declared or {}).items())
    return msg("adjusted: {changes}, on the declared {declared}", changes=changes, declared=declared)


def _total_note(sheet: ScoreSheet) -> str:
    return msg("provisional: carries the declared score of a hand that cannot be scored") if sheet.provisional else ""
