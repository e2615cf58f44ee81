"""What a director prints before play: the director's sheet (every round: who sits where, with
which boards, who sits out) and a card per table (who comes to it each round, in which seats,
with which boards). A Swiss event's rounds are known one at a time, from the results."""

from __future__ import annotations

from ..i18n import Text, msg, translator
from .model import Event
from .movements import Round, Schedule, Seating


def _pair(event: Event, number: int) -> str:
    return f"{number} {event.pair(number).name}"


def _boards(schedule: Schedule, seating: Seating) -> Text:
    """The boards a table plays, said as a player would: "board 1", "boards 1 to 3"."""
    boards = schedule.boards(seating)
    if len(boards) == 1:
        return msg("board {number}", number=boards[0])
    return msg("boards {first} to {last}", first=boards[0], last=boards[-1])


def directors_sheet(event: Event, schedule: Schedule, lang: str | None = None) -> str:
    say = translator(lang)
    lines = [
        say(msg("{name}, {date}", name=event.name, date=event.date)),
        say(
            msg(
                "director's sheet: {movement}; pairs: {pairs}; rounds: {rounds}; deals a round: {deals}",
                movement=event.movement,
                pairs=len(event.pairs),
                rounds=event.rounds,
                deals=event.deals,
            )
        ),
    ]
    for each in schedule.rounds:
        lines += ["", say(msg("round {round}", round=each.number))]
        for seating in each.seatings:
            lines.append("  " + say(_seating_line(event, schedule, seating)))
        lines += ["  " + say(msg("sits out: {pair}", pair=_pair(event, pair))) for pair in each.sitting_out]
    if len(schedule.rounds) < event.rounds:
        later = _paired_later(len(schedule.rounds) + 1, event.rounds)
        lines += ["", say(later)]
    return "\n".join(lines) + "\n"


def _paired_later(first: int, last: int) -> Text:
    """The rounds not yet paired (a Swiss event pairs a round on the standings before it)."""
    if first == last:
        return msg("round {round} is paired on the standings once the rounds before it are certified", round=first)
    return msg(
        "rounds {first} to {last} are paired on the standings once the rounds before them are certified",
        first=first,
        last=last,
    )


def _seating_line(event: Event, schedule: Schedule, seating: Seating) -> Text:
    return msg(
        "table {table}: {first} (first seats) against {second} (second seats), {boards}",
        table=seating.table,
        first=_pair(event, seating.first),
        second=_pair(event, seating.second),
        boards=_boards(schedule, seating),
    )


def table_cards(event: Event, schedule: Schedule, lang: str | None = None) -> str:
    """A card per table: for each round, the pairs that come to it and the boards."""
    say = translator(lang)
    tables = sorted({seating.table for seating in schedule.seatings})
    cards = []
    for table in tables:
        lines = [say(msg("{name}: table {table}", name=event.name, table=table))]
        for each in schedule.rounds:
            lines.append("  " + say(_card_line(event, schedule, each, table)))
        cards.append("\n".join(lines))
    return "\n\n".join(cards) + "\n"


def _card_line(event: Event, schedule: Schedule, each: Round, table: int) -> Text:
    seating = next((seating for seating in each.seatings if seating.table == table), None)
    if seating is None:
        return msg("round {round}: no play at this table", round=each.number)
    return msg(
        "round {round}: {first} (first seats) against {second} (second seats), {boards}",
        round=each.number,
        first=_pair(event, seating.first),
        second=_pair(event, seating.second),
        boards=_boards(schedule, seating),
    )
