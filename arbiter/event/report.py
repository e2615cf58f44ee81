"""The standings as a director signs them: text (`standings_text`), JSON (`standings_dict`) and CSV
(`standings_csv`), in any of the arbiter's languages, with the ledger (`ledger_lines`) and the
remedies the arbiter applied (`remedy_lines`). Codes, keys and the pairs' names stay as they are."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..i18n import Text, Translator, joined, msg, msg_n, translator
from .ranking import Entry, Line, Standings, victory_points
from .scales import VictoryStep
from .tables import Remedy, TableResult, reason


def score_shown(score: Fraction, language: str = "en") -> str:
    """A score as the language writes it: whole, or to two decimals (match points halve ties)."""
    value = round(float(score), 2)
    if language == "en":
        return f"{value:,.2f}".rstrip("0").rstrip(".") if score.denominator != 1 else f"{int(score):,}"
    from babel.numbers import format_decimal  # only another language than English gets here

    return format_decimal(value, format="#,##0.##", locale=language)


def count_shown(count: int, language: str = "en") -> str:
    """A whole number grouped as the language writes it (2,610; 2.610)."""
    if language == "en":
        return f"{count:,}"
    from babel.numbers import format_decimal

    return format_decimal(count, locale=language)


def standings_dict(result: Standings, lang: str | None = None) -> dict[str, Any]:
    """The standings' JSON shape (docs/events.md): scores as numbers, the reasons in `lang`."""
    say = translator(lang)
    event = result.event
    return {
        "event": {"name": event.name, "date": event.date, "family": event.family, "rulebook": event.rulebook},
        "movement": event.movement,
        "scoring": event.scoring,
        "rounds": {"scheduled": len(result.schedule.rounds), "of": event.rounds, "after": result.rounds},
        "as_of": result.as_of,
        "final": result.complete,
        "standings": [_line_dict(line) for line in result.lines],
        "tables": [_table_dict(table, say, _scale(result)) for table in result.tables],
        "penalties": [_entry_dict(entry) for entry in result.ledger],
        "remedies": [_remedy_dict(table, remedy, say) for table in result.tables for remedy in table.remedies],
    }


def _scale(result: Standings) -> tuple[VictoryStep, ...] | None:
    return result.event.victory_points if result.event.scoring == "victory-points" else None


def _entry_dict(entry: Entry) -> dict[str, Any]:
    penalty = entry.penalty
    return {
        "entry": entry.number,
        "pair": penalty.pair,
        "points": penalty.points,
        "reason": penalty.reason,
        "by": penalty.by,
        "at": penalty.at,
        "round": penalty.round,
        "corrects": penalty.corrects,
        "corrected_by": entry.corrected_by,
        "counts": entry.counts,
    }


def _remedy_dict(table: TableResult, remedy: Remedy, say: Translator) -> dict[str, Any]:
    return {
        "round": table.seating.round,
        "table": table.seating.table,
        "pair": remedy.pair,
        "points": remedy.points,
        "reason": say(remedy.reason),
        "code": remedy.code,
        "hand": remedy.hand,
        "record": table.path.as_posix(),
        "line": remedy.line,
    }


def _line_dict(line: Line) -> dict[str, Any]:
    return {
        "place": line.place,
        "shared": line.shared,
        "pair": line.pair.number,
        "name": line.pair.name,
        "score": float(line.score),
        "card_points": line.points,
        "margin": line.margin,
        "played": line.played,
        "penalties": line.penalties,
    }


def _table_dict(table: TableResult, say: Translator, scale: tuple[VictoryStep, ...] | None = None) -> dict[str, Any]:
    seating = table.seating
    data: dict[str, Any] = {
        "round": seating.round,
        "table": seating.table,
        "pairs": list(seating.pairs),
        "board_set": seating.board_set,
        "record": table.path.as_posix(),
        "certified": table.certified,
        "codes": list(table.codes),
    }
    if table.certified:
        data["card_points"] = {str(pair): table.total(pair) for pair in seating.pairs}
        data["deals"] = [[board[pair] for pair in seating.pairs] for board in table.boards]
        if scale is not None:  # each pair's victory points for the round at this table
            first, second = seating.pairs
            margin = table.total(first) - table.total(second)
            data["victory_points"] = {
                str(first): float(victory_points(margin, scale)),
                str(second): float(victory_points(-margin, scale)),
            }
    if table.decision is not None:
        decision = table.decision
        data["decided"] = {
            "reason": decision.reason,
            "by": decision.by,
            "at": decision.at,
            "record": list(table.overruled),
        }
    return data


def standings_text(result: Standings, lang: str | None = None) -> str:
    """The standings a director signs: the heading, the ranking, each table's result, the
    tables not certified with their codes, the penalty ledger and the lines to sign."""
    say = translator(lang)
    event = result.event
    lines = [
        say(msg("{name}, {date}", name=event.name, date=event.date)),
        say(
            msg(
                "standings after {scheduled} of {rounds} rounds: {family}, {movement}, {scoring}",
                scheduled=len(result.schedule.rounds),
                rounds=event.rounds,
                family=event.family,
                movement=event.movement,
                scoring=event.scoring,
            )
        ),
        say(state(result)),
        "",
    ]
    margins = event.scoring == "victory-points"  # Burraco's standings print it beside the victory points
    heading = [say(msg("place")), say(msg("pair")), say(msg("name")), say(msg("score")), say(msg("card points"))]
    lines += _columns(
        heading + ([say(msg("margin"))] if margins else []),
        [_ranked(line, say.language, margins) for line in result.lines],
    )
    lines += ["", say(msg("tables"))]
    for table in result.tables:
        lines.append("  " + say(table_line(table)))
        lines += ["    " + say(words) for words in table_detail(table, _scale(result), say.language)]
    if result.ledger:
        lines += ["", say(msg("penalties"))]
        lines += ["  " + say(words) for words in ledger_lines(result)]
    remedies = remedy_lines(result)
    if remedies:
        lines += ["", say(msg("remedies the arbiter applied (in the card points)"))]
        lines += ["  " + say(words) for words in remedies]
    lines += ["", say(msg("director: ____________________  signed: ____________________"))]
    return "\n".join(lines) + "\n"


def ledger_lines(result: Standings, when: Callable[[str], str] | None = None) -> list[Text]:
    """Each ledger entry in words: its number, the pair, the points (a warning, of no points, said
    so), the reason, who wrote it and when (`when` says the entry's ISO time as the reader's
    language writes it; as written, without it), the entry it corrects, and whether a later one
    corrected it."""
    return [_entry_line(entry, when) for entry in result.ledger]


def _entry_line(entry: Entry, when: Callable[[str], str] | None = None) -> Text:
    penalty = entry.penalty
    if penalty.points == 0:
        said = msg(
            "{entry}. pair {pair}: warning ({reason})", entry=entry.number, pair=penalty.pair, reason=penalty.reason
        )
    else:
        said = msg(
            "{entry}. pair {pair}: {points} ({reason})",
            entry=entry.number,
            pair=penalty.pair,
            points=f"{penalty.points:+,}",
            reason=penalty.reason,
        )
    parts = [said]
    if penalty.round is not None:
        parts.append(msg("round {round}", round=penalty.round))
    if penalty.by or penalty.at:
        at = (when(penalty.at) if when else penalty.at) if penalty.at else "-"
        parts.append(msg("by {who}, {when}", who=penalty.by or "-", when=at))
    if penalty.corrects is not None:
        parts.append(msg("corrects entry {entry}", entry=penalty.corrects))
    if entry.corrected_by is not None:
        parts.append(msg("corrected by entry {entry}: does not count", entry=entry.corrected_by))
    return joined_with_semicolons(parts)


def moment_shown(iso: str, language: str) -> str:
    """A ledger entry's time (ISO 8601) as the language writes it, in UTC ("26 November 2026,
    21:10 UTC"); as written where it is not an ISO time."""
    from datetime import UTC, datetime

    from babel.dates import format_datetime

    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return format_datetime(moment, "d MMMM y, HH:mm 'UTC'", locale=language)


def joined_with_semicolons(parts: list[Text]) -> Text:
    """Sentences joined by "; ", each said in the reader's language."""
    said = parts[0]
    for part in parts[1:]:
        said = msg("{said}; {more}", said=said, more=part)
    return said


def remedy_lines(result: Standings) -> list[Text]:
    """Each remedy the arbiter applied at a certified table, where it is in the table's record."""
    return [
        msg(
            "round {round}, table {table}, hand {hand}: pair {pair} {points} ({reason}; {code}, line {line})",
            round=table.seating.round,
            table=table.seating.table,
            hand=remedy.hand if remedy.hand is not None else "-",
            pair=remedy.pair,
            points=f"{remedy.points:+,}",
            reason=remedy.reason,
            code=remedy.code,
            line=remedy.line,
        )
        for table in result.tables
        for remedy in table.remedies
    ]


CSV_COLUMNS = (
    msg("place"),
    msg("pair"),
    msg("name"),
    msg("score"),
    msg("card points"),
    msg("tables played"),
    msg("penalties"),
)


def standings_csv(result: Standings, lang: str | None = None) -> str:
    """The standings as CSV, one pair a row, the headings in `lang`; the numbers as numbers
    (a score to two decimals at most, a shared place as `2=`), for a spreadsheet."""
    say = translator(lang)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([say(column) for column in CSV_COLUMNS])
    for line in result.lines:
        writer.writerow(
            [
                f"{line.place}=" if line.shared else str(line.place),
                line.pair.number,
                line.pair.name,
                score_shown(line.score).replace(",", ""),
                line.points,
                line.played,
                line.penalties,
            ]
        )
    return out.getvalue()


def state(result: Standings) -> Text:
    if result.complete:
        return msg("final: every table is certified")
    missing = len(result.not_certified)
    if missing:
        return msg_n("provisional: {n} table is not certified", "provisional: {n} tables are not certified", missing)
    return msg("provisional: rounds are still to be played")


def _ranked(line: Line, language: str, margin: bool = False) -> list[str]:
    """A pair's row: its place, number, name, score and card points; and its signed margin where
    the standings show it (victory points)."""
    place = f"{line.place}=" if line.shared else str(line.place)
    shown = [
        place,
        str(line.pair.number),
        line.pair.name,
        score_shown(line.score, language),
        count_shown(line.points, language),
    ]
    return shown + ([("+" if line.margin > 0 else "") + count_shown(line.margin, language)] if margin else [])


def _columns(heading: list[str], rows: list[list[str]]) -> list[str]:
    every = [heading, *rows]
    widths = [max(len(row[i]) for row in every) for i in range(len(heading))]
    right = {0, 1, 3, 4, 5}
    return [
        "  ".join(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
        for row in every
    ]


def table_detail(table: TableResult, scale: tuple[VictoryStep, ...] | None, language: str = "en") -> list[Text]:
    """A certified table of a victory-point event in detail, as its score sheet gives it: each
    deal's points (the first seats' then the second seats') and each pair's victory points for the
    round. Nothing for a table not certified, or an event scored otherwise."""
    if scale is None or not table.certified:
        return []
    first, second = table.seating.pairs
    margin = table.total(first) - table.total(second)
    deals = [
        msg(
            "deal {deal}: {first_points:,} to {second_points:,}",
            deal=number,
            first_points=board[first],
            second_points=board[second],
        )
        for number, board in enumerate(table.boards, 1)
    ]
    return [
        msg(
            "{deals}; VP: {first_vp} to {second_vp}",
            deals=joined(deals, "; "),
            first_vp=score_shown(victory_points(margin, scale), language),
            second_vp=score_shown(victory_points(-margin, scale), language),
        )
    ]


def table_line(table: TableResult) -> Text:
    seating = table.seating
    first, second = seating.pairs
    if table.decision is not None:
        return msg(
            "round {round}, table {table}: pair {first} {first_points:,}, pair {second} {second_points:,}, "
            "decided by the director: {reason}",
            round=seating.round,
            table=seating.table,
            first=first,
            second=second,
            first_points=table.total(first),
            second_points=table.total(second),
            reason=table.decision.reason,
        )
    if table.certified:
        return msg(
            "round {round}, table {table}: pair {first} {first_points:,}, pair {second} {second_points:,}, certified",
            round=seating.round,
            table=seating.table,
            first=first,
            second=second,
            first_points=table.total(first),
            second_points=table.total(second),
        )
    reasons = [reason(code) for code in table.codes]
    words = [
        code if words is None else msg("{code} ({reason})", code=code, reason=words)
        for code, words in zip(table.codes, reasons, strict=True)
    ]
    return msg(
        "round {round}, table {table}: pairs {first} and {second}, not certified: {codes}",
        round=seating.round,
        table=seating.table,
        first=first,
        second=second,
        codes=joined(words),
    )
