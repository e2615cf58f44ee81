"""`arbiter event ...`: a tournament in one file (docs/events.md), each subcommand a thin shell over
`arbiter.event`: it reads the event file, calls the library and prints what it gives."""

from __future__ import annotations

import datetime
import json
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from arbiter import event as events
from arbiter.event import deals as prepared
from arbiter.event import printouts
from arbiter.event.writing import NEW_DEALS, NEW_MOVEMENT, NEW_RECORDS, NEW_SCORING, SEED_RANGE
from arbiter.i18n import msg, msg_n

from .language import configured_language, current, lang_option, said, speaker, spoken
from .params import work_budget_option

if TYPE_CHECKING:
    from arbiter.event.movements import Seating
    from arbiter.event.ranking import Certifier
    from arbiter.house import Rulebook

EVENT_FILE = click.Path(dir_okay=False)


@click.group("event", short_help="Run a tournament from one event file: schedule, deals, standings.")
def event() -> None:
    """A tournament in one file (*.event.toml, docs/events.md): the pairs, the movement, the
    prepared deals, each table's record certified, and the standings a director signs."""


def _load(path: str) -> events.Event:
    try:
        return events.load(path)
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None


def _standings(
    loaded: events.Event, after_round: int | None = None, as_of: str | None = None, work: int | None = None
) -> events.Standings:
    """The standings, each table's record judged within `work` steps of search (`--work-budget`,
    as `arbiter check` judges a game; None: unlimited)."""
    try:
        return events.standings(loaded, after_round, as_of, certifier=_within(work))
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None


def _within(work: int | None) -> Certifier:
    """Certify each table within a work budget of its own: `work` steps of the search for what was
    allowed instead (issue 60), as `arbiter check --work-budget` gives each game; None lifts it."""
    from arbiter.engine.work import WorkBudget, using

    def certified(event: events.Event, seating: Seating, rulebook: Rulebook | None) -> events.TableResult:
        budget = WorkBudget(steps=work) if work is not None else WorkBudget(steps=None, actions=None)
        with using(budget):
            return events.certify(event, seating, rulebook)

    return certified


def _schedule(loaded: events.Event) -> events.Schedule:
    try:
        return events.schedule_of(loaded)
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None


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
    loaded = _load(event_file)
    planned = _schedule(loaded)
    folder = Path(out) if out else loaded.folder / "boards"
    try:
        _, config = prepared.table_config(loaded)
        boards = prepared.boards(loaded, planned)
        written = prepared.write_boards(loaded, boards, config, folder)
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None
    except OSError as error:
        raise click.UsageError(
            say(msg("{path}: cannot be written ({problem})", path=str(folder), problem=str(error.strerror or error)))
        ) from None
    for board in boards:
        click.echo("\n".join(say(line) for line in prepared.slip(loaded, board, config)))
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
    loaded = _load(event_file)
    planned = _schedule(loaded)
    try:
        findings = prepared.verify(loaded, planned)
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None
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


def _pair_flag(context: click.Context, parameter: click.Parameter, values: tuple[str, ...]) -> list[events.Pair]:
    """`--pair "Ann and Cid=ann,cid"`: a pair's name and its players' names in the records."""
    pairs = []
    for number, value in enumerate(values, 1):
        name, equals, players = value.partition("=")
        if not equals or not name.strip() or not players.strip():
            raise click.BadParameter(said(msg('write a pair as "NAME=player,player", not {value}', value=repr(value))))
        pairs.append(events.Pair(number, name.strip(), tuple(player.strip() for player in players.split(","))))
    return pairs


@event.command("new", short_help="Write an event file from flags.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@click.option("--name", required=True, help="The event's name, as every report shows it.")
@click.option("--date", "day", metavar="YYYY-MM-DD", help="The day it is played [default: today, in UTC].")
@click.option("--family", required=True, metavar="NAME", help="The rule set every table plays.")
@click.option("--rulebook", metavar="FILE|#DIGEST", help="The club's house rulebook, beside the event file.")
@click.option(
    "--movement",
    default=NEW_MOVEMENT,
    show_default=True,
    help="mitchell, howell, round-robin, swiss or danish (one for the whole event; mix them with [[phases]] in the file).",
)
@click.option("--rounds", type=int, help="How many rounds [default: as many as the movement gives without a rematch].")
@click.option("--deals", type=int, default=NEW_DEALS, show_default=True, help="Deals (hands) per table and round.")
@click.option(
    "--scoring",
    default=NEW_SCORING,
    show_default=True,
    help="total, match-points, win-draw-loss or victory-points.",
)
@click.option("--seed", type=int, help="The seed of the prepared deals [default: a random one, chosen now].")
@click.option("--records", default=NEW_RECORDS, show_default=True, help="Where each table's record is.")
@click.option(
    "--pair",
    "pairs",
    multiple=True,
    required=True,
    callback=_pair_flag,
    metavar='"NAME=PLAYER,PLAYER"',
    help="A pair, numbered in the order given (repeatable; two at least).",
)
@click.option("--force", is_flag=True, help="Replace EVENT if it exists.")
@lang_option
def new(
    event_file: str,
    name: str,
    day: str | None,
    family: str,
    rulebook: str | None,
    movement: str,
    rounds: int | None,
    deals: int,
    scoring: str,
    seed: int | None,
    records: str,
    pairs: list[events.Pair],
    force: bool,
    lang: str | None,
) -> None:
    """Write the event file EVENT (*.event.toml, docs/events.md) from the flags, checked as every
    event file is: a value it would refuse is refused here, naming its key.

    \b
      arbiter event new club.event.toml --name "Club night" --family caliente \\
          --movement swiss --rounds 2 --pair "Ann and Cid=ann,cid" --pair "Bob and Dee=bob,dee"
    """
    say = speaker(lang, *configured_language())
    path = Path(event_file)
    if path.exists() and not force:
        raise click.UsageError(say(msg("{path} exists; give --force to replace it", path=event_file)))
    when = day or datetime.datetime.now(datetime.UTC).date().isoformat()
    drawn = seed if seed is not None else secrets.randbelow(SEED_RANGE)
    try:
        written = events.new_event(
            name,
            when,
            family,
            rulebook,
            movement,
            rounds,
            deals,
            scoring,
            drawn,
            records,
            pairs,
            path.parent,
            event_file,
        )
        path.write_text(events.to_toml(written), encoding="utf-8")
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None
    except OSError as error:
        problem = msg("{path}: cannot be written ({problem})", path=event_file, problem=str(error.strerror or error))
        raise click.UsageError(say(problem)) from None
    click.echo(
        say(
            msg_n(
                "{path}: {n} pair; {movement}, rounds: {rounds}",
                "{path}: {n} pairs; {movement}, rounds: {rounds}",
                len(pairs),
                path=event_file,
                rounds=written.rounds,
                movement=written.movement,
            )
        )
    )


@event.command("schedule", short_help="Print the director's sheet and the table cards.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@click.option("--cards", is_flag=True, help="Print a card per table instead of the director's sheet.")
@lang_option
def schedule(event_file: str, cards: bool, lang: str | None) -> None:
    """Print who plays whom in each round, at which table and with which boards: the director's
    sheet, or with --cards a card for each table. A Swiss event's rounds after the first are
    printed once the rounds before them are certified.
    """
    say = speaker(lang, *configured_language())
    loaded = _load(event_file)
    planned = _schedule(loaded)
    printed = printouts.table_cards if cards else printouts.directors_sheet
    click.echo(printed(loaded, planned, say.language), nl=False)


@event.command("standings", short_help="Certify every table and print the standings.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@click.option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(("text", "json", "csv", "html")),
    default="text",
    show_default=True,
    help="The standings as text a director signs, JSON, CSV for a spreadsheet, or a page that prints.",
)
@click.option(
    "--round",
    "after_round",
    type=int,
    metavar="N",
    help="The standings after round N: rounds 1 to N and the ledger's entries of those rounds.",
)
@click.option(
    "--as-of",
    "as_of",
    metavar="MOMENT",
    help="Read the ledger as it stood at MOMENT (2026-11-26T22:00:00Z): the standings published then.",
)
@work_budget_option
@lang_option
def standings(
    event_file: str,
    output_format: str,
    after_round: int | None,
    as_of: str | None,
    work_budget: int | None,
    lang: str | None,
) -> None:
    """Certify every table's record under the event's rules, score the results by its method,
    apply its penalty ledger and print the standings. Exits 0 when they are final (every table
    certified), 1 when they are provisional, 2 on a usage problem.
    """
    say = speaker(lang, *configured_language())
    loaded = _load(event_file)
    if as_of is not None:
        try:
            as_of = datetime.datetime.fromisoformat(as_of.strip()).isoformat()
        except ValueError:
            raise click.BadParameter(
                said(msg("write when, as 2026-11-26T21:40:00Z or 2026-11-26")), param_hint="--as-of"
            ) from None
    result = _standings(loaded, after_round, as_of, work_budget)
    if output_format == "json":
        click.echo(json.dumps(events.standings_dict(result, say.language), indent=2, ensure_ascii=False))
    elif output_format == "csv":
        from arbiter.event.report import standings_csv

        click.echo(standings_csv(result, say.language), nl=False)
    elif output_format == "html":
        from .event_page import standings_html

        click.echo(standings_html(result), nl=False)
    else:
        click.echo(events.standings_text(result, say.language), nl=False)
    if not result.complete:
        sys.exit(1)


@event.command("publish", short_help="The standings as a club posts them: text or CSV, in the event's language.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@click.option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(("text", "csv")),
    default="text",
    show_default=True,
    help="The ranking as text for a notice board, or CSV for the club's site or spreadsheet.",
)
@click.option("--round", "after_round", type=int, metavar="N", help="The ranking after round N.")
@lang_option
def publish(event_file: str, output_format: str, after_round: int | None, lang: str | None) -> None:
    """Print the ranking as a club publishes it: place, pair, name, the score (victory points) and
    the signed sum of the match points' differences beside it, and how ties were broken; in the
    event file's language (its `language` key) unless --lang says another. Exits 0 when the
    standings are final, 1 when they are provisional, 2 on a usage problem.
    """
    speaker(lang, *configured_language())
    loaded = _load(event_file)
    say = speaker(lang or loaded.language, *configured_language())
    result = _standings(loaded, after_round)
    from arbiter.event.published import published_csv, published_text

    printed = published_csv if output_format == "csv" else published_text
    click.echo(printed(result, say.language), nl=False)
    if not result.complete:
        sys.exit(1)


@event.command("check", short_help="Certify a whole event for CI: every table, every board, the standings.")
@click.argument("event_file", metavar="EVENT", type=EVENT_FILE)
@work_budget_option
@lang_option
def check(event_file: str, work_budget: int | None, lang: str | None) -> None:
    """Certify every table's record under the event's rules, check each record against its
    prepared boards, and print every problem where it is (path:line). Exits 0 when the event's
    standings are final and every record was dealt from its boards, 1 otherwise, 2 on a usage
    problem.
    """
    say = speaker(lang, *configured_language())
    loaded = _load(event_file)
    result = _standings(loaded, work=work_budget)
    try:
        boards = prepared.verify(loaded, result.schedule)
    except events.EventError as error:
        raise click.UsageError(spoken(error)) from None
    for table in result.not_certified:
        for line in _table_problems(table):
            click.echo(line)
    from arbiter.event.report import table_detail, table_line

    scale = loaded.victory_points if loaded.scoring == "victory-points" else None
    for table in result.tables:
        if table.decision is not None:  # the record's faults, and the director's decision that stands instead
            faults = ", ".join(table.overruled) or "-"
            click.echo(f"{table.path}: {faults}: {say(table_line(table))}")
            for words in table_detail(table, scale, say.language):
                click.echo(f"  {say(words)}")
    mismatches = [finding for finding in boards if finding.code == "board-mismatch"]
    for finding in mismatches:
        path = loaded.record_path(finding.round, finding.table)
        click.echo(f"{path}:{finding.line}: {finding.code}: {say(finding.message)}")
    summary = msg(
        "tables: {tables}; certified: {certified}; not certified: {failed}; cards not as their boards hold them: "
        "{mismatches}",
        tables=len(result.tables),
        certified=len(result.tables) - len(result.not_certified),
        failed=len(result.not_certified),
        mismatches=len(mismatches),
    )
    click.echo(say(summary))
    click.echo(say(msg("the standings are final") if result.complete else msg("the standings are provisional")))
    if mismatches or not result.complete:
        sys.exit(1)


def _table_problems(table: events.TableResult) -> list[str]:
    """A table not certified: each error of its record where it is, with what was allowed instead
    (and whether the search for it was cut short) as `arbiter check` says it; or the event's reason."""
    from arbiter.judging.allowed import allowed_line

    say = current()
    if table.findings:
        lines = []
        for f in table.findings:
            lines.append(f"{table.path}:{f.line}:{f.column}: {f.code}: {say(f.message)}")
            allowed = allowed_line(f)
            if allowed:
                lines.append(f"    {say(allowed)}")
        return lines
    reasons = [events.TABLE_CODES.get(code) for code in table.codes]
    return [
        f"{table.path}: {code}: {say(reason) if reason else code}"
        for code, reason in zip(table.codes, reasons, strict=True)
    ]
