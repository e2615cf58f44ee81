"""The standings in the shape a club posts them (`published_text`, `published_csv`): one line a
pair with its place, number and name, its score (victory points, where the event scores them)
and beside it the signed sum of its match points' differences, as Italian Burraco clubs publish
an evening's ranking; then how ties were broken. In the event's language (`Event.language`)
unless the reader asks for another. The director's sheet (`report.standings_text`) keeps the
tables, the ledger and the lines to sign; this is what goes on the club's notice board or site."""

from __future__ import annotations

import csv
import io

from ..i18n import Text, Translator, joined, msg, translator
from .ranking import Line, Standings
from .report import count_shown, score_shown

TIE_BREAK_WORDS = {
    "card-points": msg("card points"),
    "margin": msg("margin"),
    "head-to-head": msg("head to head"),
}
"""Each tie-break in the reader's words (`Event.tie_breaks`)."""

DECIMAL_COMMA = ("es", "pt", "it")
"""Languages that write 20,5 for 20.5: their spreadsheets read `;` between a CSV's columns."""


def language_of(result: Standings, lang: str | None) -> str | None:
    """The language to publish in: the reader's choice, else the event's own."""
    return lang or result.event.language


def headings(result: Standings, say: Translator) -> list[str]:
    """Place, pair, name, then the score (VP where the event scores victory points) and the margin
    (MP beside VP, the signed sum of the match points' differences)."""
    victory = result.event.scoring == "victory-points"
    score = msg("VP") if victory else msg("score")
    margin = msg("MP") if victory else msg("margin")
    return [say(word) for word in (msg("place"), msg("pair"), msg("name"), score, margin)]


def title(result: Standings) -> Text:
    if result.complete and result.rounds < result.event.rounds:  # the ranking published after a round
        return msg("standings after round {round} of {rounds}", round=result.rounds, rounds=result.event.rounds)
    if result.complete:
        return msg("final standings after {rounds} rounds", rounds=result.rounds)
    return msg(
        "provisional standings after {scheduled} of {rounds} rounds",
        scheduled=len(result.schedule.rounds),
        rounds=result.rounds,
    )


def ties(result: Standings) -> Text:
    """How the pairs level on the score were ordered."""
    names = result.event.tie_breaks
    if not names:
        return msg("pairs level on the score share the place")
    return msg(
        "pairs level on the score are ordered by {tie_breaks}; still level, they share the place",
        tie_breaks=joined([TIE_BREAK_WORDS[name] for name in names]),
    )


def _place(line: Line) -> str:
    return f"{line.place}=" if line.shared else str(line.place)


def _margin(line: Line, language: str) -> str:
    return ("+" if line.margin > 0 else "") + count_shown(line.margin, language)


def published_text(result: Standings, lang: str | None = None) -> str:
    """The ranking as a club posts it: the event, the title, a line a pair, how ties were broken."""
    say = translator(language_of(result, lang))
    event = result.event
    rows = [
        [
            _place(line),
            str(line.pair.number),
            line.pair.name,
            score_shown(line.score, say.language),
            _margin(line, say.language),
        ]
        for line in result.lines
    ]
    every = [headings(result, say), *rows]
    widths = [max(len(row[i]) for row in every) for i in range(5)]
    table = [
        "  ".join(cell.ljust(widths[i]) if i == 2 else cell.rjust(widths[i]) for i, cell in enumerate(row)).rstrip()
        for row in every
    ]
    lines = [say(msg("{name}, {date}", name=event.name, date=event.date)), say(title(result)), "", *table]
    return "\n".join([*lines, "", say(ties(result))]) + "\n"


def published_csv(result: Standings, lang: str | None = None) -> str:
    """The ranking as CSV for the club's site or spreadsheet: the headings in the reader's words,
    the numbers plain; in a language that writes a decimal comma, `;` between the columns and the
    comma in a shared score (20,5), as its spreadsheets read them."""
    say = translator(language_of(result, lang))
    comma = say.language in DECIMAL_COMMA
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if comma else ",", lineterminator="\n")
    writer.writerow(headings(result, say))
    for line in result.lines:
        score = score_shown(line.score).replace(",", "")
        writer.writerow(
            [
                _place(line),
                line.pair.number,
                line.pair.name,
                score.replace(".", ",") if comma else score,
                f"{line.margin:+d}" if line.margin else "0",
            ]
        )
    return out.getvalue()
