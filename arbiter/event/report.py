"""The standings as a director signs them: text (`standings_text`) and JSON (`standings_dict`),
in any of the arbiter's languages. Codes, keys and the pairs' names stay as they are."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..i18n import Text, Translator, msg, msg_n, translator
from ..wording import joined
from .ranking import Line, Standings
from .tables import TableResult, reason


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
        "rounds": {"scheduled": len(result.schedule.rounds), "of": event.rounds},
        "final": result.complete,
        "standings": [_line_dict(line) for line in result.lines],
        "tables": [_table_dict(table, say) for table in result.tables],
        "penalties": [
            {"pair": penalty.pair, "points": penalty.points, "reason": penalty.reason} for penalty in event.penalties
        ],
    }


def _line_dict(line: Line) -> dict[str, Any]:
    return {
        "place": line.place,
        "shared": line.shared,
        "pair": line.pair.number,
        "name": line.pair.name,
        "score": float(line.score),
        "card_points": line.points,
        "played": line.played,
        "penalties": line.penalties,
    }


def _table_dict(table: TableResult, say: Translator) -> dict[str, Any]:
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
        say(_state(result)),
        "",
    ]
    lines += _columns(
        [say(msg("place")), say(msg("pair")), say(msg("name")), say(msg("score")), say(msg("card points"))],
        [_ranked(line, say.language) for line in result.lines],
    )
    lines += ["", say(msg("tables"))]
    lines += ["  " + say(_table_line(table)) for table in result.tables]
    if event.penalties:
        lines += ["", say(msg("penalties"))]
        lines += [
            "  " + say(msg("pair {pair}: {points} ({reason})", pair=p.pair, points=f"{p.points:+,}", reason=p.reason))
            for p in event.penalties
        ]
    lines += ["", say(msg("director: ____________________  signed: ____________________"))]
    return "\n".join(lines) + "\n"


def _state(result: Standings) -> Text:
    if result.complete:
        return msg("final: every table is certified")
    missing = len(result.not_certified)
    if missing:
        return msg_n("provisional: {n} table is not certified", "provisional: {n} tables are not certified", missing)
    return msg("provisional: rounds are still to be played")


def _ranked(line: Line, language: str) -> list[str]:
    place = f"{line.place}=" if line.shared else str(line.place)
    return [
        place,
        str(line.pair.number),
        line.pair.name,
        score_shown(line.score, language),
        count_shown(line.points, language),
    ]


def _columns(heading: list[str], rows: list[list[str]]) -> list[str]:
    every = [heading, *rows]
    widths = [max(len(row[i]) for row in every) for i in range(len(heading))]
    right = {0, 1, 3, 4}
    return [
        "  ".join(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
        for row in every
    ]


def _table_line(table: TableResult) -> Text:
    seating = table.seating
    first, second = seating.pairs
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
