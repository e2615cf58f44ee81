"""Writes samples/events/burraco-evening/ (docs/events.md, "A mixed evening of 12 tables"): an
Italian club's evening of 24 pairs at 12 tables, three Mitchell rounds then a Danish one, three
deals a round; the event file and each table's score sheet, three of them handed in wrong as a
scoring room sees them, with the director's decisions.

    python tools/burraco_evening.py [FOLDER]      # default: samples/events/burraco-evening

What the evening is made of is written here as data: the pairs, each table's deals as its score
sheet gives them (each side's hand summary, the first seats' first), the three faults and the
director's decisions. Everything else is derived: who sits where comes from the event's own
movements (`arbiter.event`: the Mitchell rounds from the plan, the Danish round paired on the
standings after round 3, decisions included), the seats and the dealers from the pairs, each
deal's score from its summaries (classic Canasta's count), the running totals from the scores.
tests/test_burraco_evening_sample.py holds the sample to what this script writes, byte for byte.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbiter import event as events  # noqa: E402 - the repository's own package, run from its tools/

SAMPLE = ROOT / "samples" / "events" / "burraco-evening"
EVENT_FILE = "serata.event.toml"
EVENT_NAME = "Serata del giovedì"
HEAD = """# A club evening of Burraco tournament play (docs/events.md, "A mixed evening of 12 tables"):
# 24 pairs at 12 tables, three Mitchell rounds then one Danish round in one field, three deals
# a round scored in victory points by the Italian 3-deal table. Each table hands in its score
# sheet; three were handed in wrong and the director decided them (the [[decisions]] below).
# The tables play classic Canasta's score sheets until the Burraco family is in the arbiter.
name = "Serata del giovedì"
date = 2026-12-03
family = "classic"
deals = 3
scoring = "victory-points"
victory-points = "burraco-italian-3"
seed = 20261203
records = "turno-{round}/tavolo-{table}.acn"
prepared = false
results = "scores"
tie-breaks = ["head-to-head", "margin"]
language = "it"
"""
PHASES = """
[[phases]]
movement = "mitchell"
rounds = 3

[[phases]]
movement = "danish"
rounds = 1
"""
PAIRS = (
    "ROSSI MARIO - BIANCHI MARTINA",
    "FERRARI LUCA - RUSSO GIULIA",
    "ESPOSITO ANNA - ROMANO PAOLO",
    "COLOMBO SARA - RICCI MARCO",
    "MARINO ELENA - GRECO DAVIDE",
    "BRUNO LAURA - GALLO ANDREA",
    "CONTI CHIARA - DE LUCA STEFANO",
    "MANCINI SILVIA - COSTA FRANCO",
    "GIORDANO MARTA - RIZZO PIETRO",
    "LOMBARDI RITA - MORETTI GIANNI",
    "BARBIERI LUISA - FONTANA ENZO",
    "SANTORO CARLA - MARIANI SERGIO",
    "RINALDI NADIA - CARUSO BRUNO",
    "FERRARA TINA - GALLI RENATO",
    "MARTINI ADA - LEONE DARIO",
    "LONGO IRENE - GENTILE MAURO",
    "MARTINELLI EVA - VITALE NINO",
    "LOMBARDO OLGA - SERRA UGO",
    "COPPOLA PIA - DE SANTIS LINO",
    "D'ANGELO ROSA - MARCHETTI ALDO",
    "PARISI NORA - VILLA TONI",
    "CONTE LINA - FERRI GINO",
    "FABBRI DORA - BIANCO CARLO",
    "MARINI ALMA - GRASSO BRUNO",
)
"""Named as the tournament software writes them: SURNAME NAME - SURNAME NAME, numbered in order."""

SHEETS = """
1 1 | mixed 1 melded 225 left 25 / natural 1 melded 210 out | mixed 1 melded 285 left 60 / mixed 1 melded 230 out | melded 165 left 35 / mixed 1 melded 210 out
1 2 | mixed 1 melded 280 left 95 / mixed 1 melded 290 out | mixed 1 melded 240 left 35 / natural 1 melded 290 out | mixed 1 melded 230 out / mixed 1 melded 200 left 50
1 3 | melded 120 left 30 / natural 1 melded 230 out | mixed 1 melded 205 out / mixed 1 melded 235 left 85 | melded 50 left 45 / mixed 1 melded 225 out
1 4 | mixed 1 melded 225 left 45 / natural 1 melded 280 out | melded 80 left 65 / mixed 1 melded 205 out | melded 90 left 15 / mixed 1 melded 295 out
1 5 | mixed 1 melded 330 out / melded 225 left 90 | natural 1 melded 235 out / melded 180 left 50 | mixed 1 melded 225 left 15 / natural 1 melded 240 out
1 6 | mixed 1 melded 250 out / mixed 1 melded 270 left 20 | mixed 1 melded 255 left 75 / natural 1 melded 265 out | mixed 1 melded 315 out / mixed 1 melded 255 left 20
1 7 | mixed 1 melded 265 out / melded 50 left 60 | mixed 1 melded 245 out / melded 120 left 35 | mixed 1 melded 280 out / melded 205 left 95
1 8 | mixed 1 melded 210 out / mixed 1 melded 250 left 10 | natural 1 melded 335 out / mixed 1 melded 215 left 15 | mixed 1 melded 275 out / melded 55 left 90
1 9 | natural 1 melded 215 out / mixed 1 melded 205 left 50 | mixed 1 melded 275 out / melded 200 left 55 | melded 130 left 25 / natural 1 melded 210 out
1 10 | mixed 1 melded 330 out / melded 155 left 65 | natural 1 melded 290 out / melded 55 left 75 | mixed 1 melded 285 left 85 / mixed 1 melded 275 out
1 11 | mixed 1 melded 205 left 15 / mixed 1 melded 290 out | mixed 1 melded 200 left 30 / mixed 1 melded 245 out | natural 1 melded 310 out / melded 175 left 75
1 12 | mixed 1 melded 205 left 60 / mixed 1 melded 330 out | mixed 1 melded 325 out / melded 175 left 70 | melded 230 left 85 / mixed 1 melded 320 out
2 1 | mixed 1 melded 255 left 50 / mixed 1 melded 325 out | melded 240 left 40 / natural 1 melded 235 out | melded 115 left 30 / mixed 1 melded 310 out
2 2 | mixed 1 melded 210 out / mixed 1 melded 205 left 50 | mixed 1 melded 270 out / melded 85 left 25 | mixed 1 melded 255 out / mixed 1 melded 270 left 15
2 3 | melded 195 left 70 / natural 1 melded 225 out | mixed 1 melded 205 left 55 / mixed 1 melded 255 out | mixed 1 melded 245 left 15 / natural 1 melded 305 out
2 4 | mixed 1 melded 295 out / melded 75 left 45 | mixed 1 melded 275 out / melded 130 left 30 | natural 1 melded 280 out / melded 55 left 20
2 5 | natural 1 melded 275 out / melded 190 left 70 | mixed 1 melded 205 out / mixed 1 melded 205 left 75 | melded 105 left 75 / mixed 1 melded 325 out
2 6 | mixed 1 melded 315 out / melded 55 left 30 | mixed 1 melded 210 out / melded 145 left 65 | mixed 1 melded 315 out / mixed 1 melded 265 left 75
2 7 | mixed 1 melded 300 out / melded 220 left 45 | natural 1 melded 310 out / mixed 1 melded 290 left 70 | natural 1 melded 275 out / melded 200 left 80
2 8 | melded 95 left 60 / natural 1 melded 240 out | natural 1 melded 260 out / melded 140 left 70 | mixed 1 melded 220 out / melded 80 left 25
2 9 | melded 185 left 80 / mixed 1 melded 245 out | mixed 1 melded 295 out / melded 80 left 60 | mixed 1 melded 215 out / mixed 1 melded 240 left 25
2 10 | mixed 1 melded 265 left 90 / mixed 1 melded 245 out | mixed 1 melded 290 out / melded 85 left 70 | mixed 1 melded 215 left 35 / natural 1 melded 285 out
2 11 | natural 1 melded 260 out / melded 120 left 50 | mixed 1 melded 210 out / melded 90 left 30 | melded 105 left 75 / mixed 1 melded 245 out
2 12 | melded 125 left 90 / mixed 1 melded 270 out | mixed 1 melded 300 out / melded 240 left 50 | mixed 1 melded 255 left 25 / natural 1 melded 330 out
3 1 | mixed 1 melded 255 out / melded 55 left 75 | mixed 1 melded 245 left 75 / mixed 1 melded 305 out | mixed 1 melded 295 out / mixed 1 melded 200 left 80
3 2 | natural 1 melded 235 out / melded 205 left 95 | natural 1 melded 285 out / mixed 1 melded 270 left 80 | mixed 1 melded 340 out / melded 95 left 35
3 3 | natural 1 melded 310 out / mixed 1 melded 235 left 50 | melded 115 left 55 / mixed 1 melded 215 out | mixed 1 melded 220 left 35 / mixed 1 melded 310 out
3 4 | mixed 1 melded 295 left 10 / mixed 1 melded 320 out | mixed 1 melded 265 out / melded 245 left 95 | natural 1 melded 255 out / melded 130 left 55
3 5 | melded 145 left 10 / mixed 1 melded 240 out | melded 155 left 35 / mixed 1 melded 245 out | mixed 1 melded 245 out / melded 235 left 35
3 6 | mixed 1 melded 290 out / melded 170 left 70 | melded 180 left 80 / natural 1 melded 295 out | mixed 1 melded 225 out / mixed 1 melded 230 left 60
3 7 | melded 190 left 10 / natural 1 melded 305 out | natural 1 melded 255 out / melded 245 left 45 | mixed 1 melded 310 out / melded 100 left 50
3 9 | mixed 1 melded 200 out / melded 125 left 20 | mixed 1 melded 215 left 15 / mixed 1 melded 205 out | mixed 1 melded 245 out / mixed 1 melded 270 left 50
3 10 | mixed 1 melded 320 out / mixed 1 melded 265 left 35 | mixed 1 melded 260 out / mixed 1 melded 255 left 50 | natural 1 melded 215 out / melded 190 left 60
3 11 | mixed 1 melded 210 out / melded 220 left 80 | melded 85 left 65 / mixed 1 melded 205 out | mixed 1 melded 200 left 35 / mixed 1 melded 345 out
3 12 | mixed 1 melded 200 out / mixed 1 melded 220 left 35 | mixed 1 melded 260 left 45 / mixed 1 melded 250 out | mixed 1 melded 200 left 30 / natural 1 melded 300 out
4 1 | melded 140 left 10 / mixed 1 melded 240 out | melded 65 left 10 / mixed 1 melded 335 out | mixed 1 melded 230 left 55 / mixed 1 melded 345 out
4 2 | mixed 1 melded 315 out / mixed 1 melded 255 left 30 | mixed 1 melded 280 left 85 / mixed 1 melded 255 out
4 3 | melded 115 left 65 / mixed 1 melded 260 out | melded 175 left 40 / natural 1 melded 240 out | mixed 1 melded 225 left 20 / mixed 1 melded 300 out
4 4 | melded 145 left 95 / natural 1 melded 255 out | mixed 1 melded 270 out / melded 245 left 35 | melded 240 left 75 / mixed 1 melded 210 out
4 5 | mixed 1 melded 220 left 90 / natural 1 melded 250 out | mixed 1 melded 250 left 15 / mixed 1 melded 320 out | melded 50 left 75 / mixed 1 melded 205 out
4 6 | natural 1 melded 250 out / melded 230 left 95 | melded 105 left 70 / natural 1 melded 310 out | mixed 1 melded 240 left 75 / natural 1 melded 240 out
4 7 | melded 95 left 75 / natural 1 melded 265 out | mixed 1 melded 265 left 25 / mixed 1 melded 290 out | mixed 1 melded 335 out / melded 70 left 20
4 8 | mixed 1 melded 295 out / mixed 1 melded 250 left 70 | natural 1 melded 245 out / melded 200 left 70 | melded 155 left 40 / mixed 1 melded 250 out
4 9 | melded 165 left 30 / mixed 1 melded 245 out | mixed 1 melded 255 left 15 / mixed 1 melded 340 out | melded 185 left 25 / mixed 1 melded 290 out
4 10 | melded 240 left 60 / mixed 1 melded 205 out | natural 1 melded 275 out / melded 85 left 90 | mixed 1 melded 285 left 60 / mixed 1 melded 340 out
4 11 | mixed 1 melded 340 out / melded 205 left 70 | mixed 1 melded 250 left 10 / natural 1 melded 235 out | mixed 1 melded 245 left 55 / mixed 1 melded 265 out
4 12 | melded 80 left 45 / mixed 1 melded 240 out | mixed 1 melded 225 left 80 / natural 1 melded 255 out | melded 150 left 70 / mixed 1 melded 345 out
"""
"""Each table's sheet as handed in: `ROUND TABLE | deal | deal | deal`, each deal the first seats'
summary then the second seats' (`first / second`). Round 3's table 8 is not here: it handed in
table 9's sheet (ANOTHER_TABLES_SHEET); round 4's table 2 gives two deals: its sheet left the
third out (its points are in the director's decision)."""

DECISIONS = (
    (
        2,
        5,
        ((875, 120), (605, 430), (30, 725)),
        "il totale dello score era sbagliato di 100; le smazzate come scritte",
        "2026-12-03T21:35:00+01:00",
    ),
    (
        3,
        8,
        ((735, 115), (30, 890), (820, 40)),
        "lo score consegnato era quello del tavolo 9; le smazzate come le hanno firmate le due coppie",
        "2026-12-03T22:38:00+01:00",
    ),
    (
        4,
        2,
        ((715, 525), (495, 655), (710, 55)),
        "lo score non riportava la terza smazzata; scritta come le due coppie l'hanno confermata",
        "2026-12-03T23:32:00+01:00",
    ),
)
"""The director's decisions (round, table, each deal's points, why, when), one per faulty sheet."""
DIRECTOR = "Dora Arbitro"
WRONG_TOTAL = (2, 5)
"""The sheet whose last running total was copied 100 too many for the first seats."""
ANOTHER_TABLES_SHEET = ((3, 8), (3, 9))
"""The table that handed in another table's sheet, and that table."""


def players(name: str) -> list[str]:
    """`DE LUCA STEFANO` is `deluca_stefano`: the surname's words run together, then the name."""
    ids = []
    for player in name.split(" - "):
        *surname, given = player.split()
        ids.append("".join(surname).replace("'", "").lower() + "_" + given.lower())
    return ids


def score(summary: str) -> int:
    """A hand summary's score, as classic Canasta counts it: 500 a natural canasta, 300 a mixed
    one, the cards melded less those left in hand, 100 for going out."""
    words = summary.split()
    value = dict(zip(words[::2], words[1::2], strict=False))
    points = 500 * int(value.get("natural", 0)) + 300 * int(value.get("mixed", 0)) + int(value.get("melded", 0))
    return points - int(value.get("left", 0)) + (100 if words[-1] == "out" else 0)


def sheets() -> dict[tuple[int, int], list[tuple[str, str]]]:
    written = {}
    for line in SHEETS.strip().splitlines():
        where, *deals = line.split(" | ")
        round_number, table = (int(part) for part in where.split())
        written[round_number, table] = [tuple(deal.split(" / ")) for deal in deals]
    return written


def event_text(decided: bool) -> str:
    """The event file; with the director's decisions once the evening is played."""
    lines = [HEAD.rstrip("\n"), PHASES.rstrip("\n")]
    for number, name in enumerate(PAIRS, 1):
        quoted = ", ".join(f'"{player}"' for player in players(name))
        lines.append(f'\n[[pairs]]\nnumber = {number}\nname = "{name}"\nplayers = [{quoted}]')
    if decided:
        for round_number, table, scores, reason, at in DECISIONS:
            written = ", ".join(f"[{first}, {second}]" for first, second in scores)
            lines.append(
                f"\n[[decisions]]\nround = {round_number}\ntable = {table}\nscores = [{written}]\n"
                f'reason = "{reason}"\nby = "{DIRECTOR}"\nat = {at}'
            )
    return "\n".join(lines) + "\n"


def sheet_text(round_number: int, seating: events.Seating, deals: list[tuple[str, str]]) -> str:
    first, second = (players(PAIRS[pair - 1]) for pair in seating.pairs)
    seats = [first[0], second[0], first[1], second[1]]
    sides = ("+".join(first), "+".join(second))
    lines = [
        f"; {EVENT_NAME}, turno {round_number}, tavolo {seating.table}: lo score delle tre smazzate.",
        f'[Event "{EVENT_NAME}"]',
        f'[Round "{round_number}"]',
        f'[Table "{seating.table}"]',
        '[Rules "classic"]',
        f'[Seats "{" ".join(seats)}"]',
        f'[Teams "{" ".join(sides)}"]',
    ]
    totals = [0, 0]
    for hand, summaries in enumerate(deals, 1):
        points = [score(summary) for summary in summaries]
        totals = [total + point for total, point in zip(totals, points, strict=True)]
        shown = list(totals)
        if (round_number, seating.table) == WRONG_TOTAL and hand == len(deals):
            shown[0] += 100
        lines += [
            "",
            f"hand {hand} dealer {seats[(hand - 1) % 4]}",
            f"summary {sides[0]} {summaries[0]}",
            f"summary {sides[1]} {summaries[1]}",
            f"score {sides[0]} {points[0]} {sides[1]} {points[1]}",
            f"total {sides[0]} {shown[0]} {sides[1]} {shown[1]}",
        ]
    return "\n".join(lines) + "\n"


def write(folder: Path) -> None:
    """The event file and every sheet; each round seated as the event's movements seat it, the
    Danish round on the standings of the rounds written before it."""
    folder.mkdir(parents=True, exist_ok=True)
    event_path = folder / EVENT_FILE
    event_path.write_text(event_text(decided=True), encoding="utf-8")
    written = sheets()
    for round_number in range(1, 5):
        schedule = events.standings(events.load(event_path), after_round=round_number).schedule
        (folder / f"turno-{round_number}").mkdir(exist_ok=True)
        for seating in schedule.rounds[round_number - 1].seatings:
            if (round_number, seating.table) == ANOTHER_TABLES_SHEET[0]:
                continue  # written below, once the table it copied is
            text = sheet_text(round_number, seating, written[round_number, seating.table])
            (folder / f"turno-{round_number}" / f"tavolo-{seating.table}.acn").write_text(text, encoding="utf-8")
        copied, original = ANOTHER_TABLES_SHEET
        if copied[0] == round_number:
            sheet = folder / f"turno-{round_number}" / f"tavolo-{original[1]}.acn"
            (folder / f"turno-{round_number}" / f"tavolo-{copied[1]}.acn").write_bytes(sheet.read_bytes())


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else SAMPLE)
