"""`arbiter event ...`: a tournament in one file (docs/event.md), each subcommand a thin shell over
`arbiter.event`: it reads the event file, calls the library and prints what it gives."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from arbiter import event as events
from arbiter.event import deals as prepared
from arbiter.i18n import Translator, msg, msg_n

from .language import configured_language, lang_option, speaker, spoken

EVENT_FILE = click.Path(dir_okay=False)


@click.group("event", short_help="Run a tournament from one event file: schedule, deals, standings.")
def event() -> None:
    """A tournament in one file (*.event.toml, docs/event.md): the pairs, the movement, the
    prepared deals, each table's record certified, and the standings a director signs."""


def _load(path: str, say: Translator) -> events.Event:
    try:
        return events.load(path)
    except events.EventError as error:
        raise click.UsageError(spoken(error, say)) from None


def _schedule(loaded: events.Event, say: Translator) -> events.Standings:
    try:
        return events.standings(loaded)
    except events.EventError as error:
        raise click.UsageError(spoken(error, say)) from None


@event.command("deals", short_help="Deal every board from the event's seed: record skeletons and slips.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@click.option(
    "--out",
    "out",
    metavar="DIR",
    type=click.Path(file_okay=False),
    help="Write each board's record skeleton (board-N.acn) here [default: boards/ beside the event file].",
)
@lang_option
def deals(event_file: str, out: str | None, lang: str | None) -> None:
    """Deal every board the event's schedule plays from its seed, write a record skeleton of each
    (its deal, Foot and stock lines) and print the board slips a dealer lays the cards out by.
    The same seed always gives the same boards.
    """
    say = speaker(lang, *configured_language())
    loaded = _load(event_file, say)
    result = _schedule(loaded, say)
    folder = Path(out) if out else loaded.folder / "boards"
    try:
        boards = prepared.boards(loaded, result.schedule)
        written = prepared.write_boards(loaded, result.schedule, folder)
    except events.EventError as error:
        raise click.UsageError(spoken(error, say)) from None
    except OSError as error:
        raise click.UsageError(
            say(msg("{path}: cannot be written ({problem})", path=str(folder), problem=str(error.strerror or error)))
        ) from None
    for board in boards:
        click.echo("\n".join(say(line) for line in prepared.slip(loaded, board)))
        click.echo()
    click.echo(
        say(msg_n("{n} board written to {folder}", "{n} boards written to {folder}", len(written), folder=str(folder)))
    )


@event.command("verify", short_help="Check that each table's record was dealt from its boards.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@lang_option
def verify(event_file: str, lang: str | None) -> None:
    """Deal the boards again from the event's seed and check each table's record against the
    boards it played: every card dealt, every Foot, the stock, every card drawn or turned up.
    Exits 1 when a record holds a card its board does not (board-mismatch).
    """
    say = speaker(lang, *configured_language())
    loaded = _load(event_file, say)
    result = _schedule(loaded, say)
    try:
        findings = prepared.verify(loaded, result.schedule)
    except events.EventError as error:
        raise click.UsageError(spoken(error, say)) from None
    for finding in findings:
        path = loaded.record_path(finding.round, finding.table)
        where = say(
            msg(
                "round {round}, table {table}, board {board}",
                round=finding.round,
                table=finding.table,
                board=finding.board,
            )
        )
        click.echo(f"{path}:{finding.line}: {finding.code}: {say(finding.message)} ({where})")
    mismatches = sum(1 for finding in findings if finding.code == "board-mismatch")
    click.echo(
        say(msg_n("{n} card not as its board holds it", "{n} cards not as their boards hold them", mismatches))
        if mismatches
        else say(msg("every record checked was dealt from its boards"))
    )
    if mismatches:
        sys.exit(1)
