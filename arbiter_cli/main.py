"""The `arbiter` console script: `arbiter check`, `arbiter fmt`, `arbiter rules`.

Each command is a thin shell over the core: it reads its inputs, calls the library and renders
the result. Exit codes: 0 every game valid; 1 a finding of severity error (with --strict, any
finding); 2 a usage or I/O problem.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.text import Text

import arbiter
from arbiter.archive.tally import EXIT_FINDINGS, EXIT_USAGE, EXIT_VALID, Tally
from arbiter.i18n import msg, msg_n

from . import config
from . import house as house_cli
from .about import version
from .click_words import SpokenGroup, SpokenHelp
from .config import Settings
from .language import current, lang_option, said, speaker, spoken
from .params import (
    SpokenPath,
    codes_option,
    config_options,
    include_option,
    options_option,
    stdin_name_option,
    work_budget_option,
)
from .text import StatisticsRenderer, TextRenderer, excerpt, finding_line, one_line, printable, shown_path

if TYPE_CHECKING:
    from rich.progress import Progress

    from arbiter.archive.discovery import RecordFinder
    from arbiter.archive.inputs import FileReport

    from .rewrite import Formatted

# `check` and `fmt` import the reader, the inputs and their renderers when they run: `arbiter rules`
# needs none of them (tests/test_startup_imports.py).
STDIN = "-"  # the path that stands for standard input (arbiter.archive.inputs.STDIN)

FORMATS = ("text", "json", "junit", "github", "sarif", "html", "csv")
PROGRESS_MIN_FILES = 20  # a progress bar on a terminal from this many inputs
PROGRESS_MIN_BYTES = 256 * 1024  # or from this much to read (a large file: some hundred games)


def consoles(stream: IO[str] | None = None) -> tuple[Console, Console]:
    """Standard output (or `stream`) and standard error as rich consoles: colour on a terminal
    only, NO_COLOR and FORCE_COLOR honoured, no markup or highlighting (records are shown as
    written)."""
    plain = {"color_system": None} if os.environ.get("NO_COLOR") else {}  # no bold either
    if stream is not None and stream is not sys.stdout:
        out = Console(file=stream, markup=False, highlight=False, emoji=False, color_system=None, width=10_000)
    else:
        out = Console(markup=False, highlight=False, emoji=False, **plain)
    err = Console(stderr=True, markup=False, highlight=False, emoji=False, **plain)
    return out, err


def usage_error(error: Exception) -> click.UsageError:
    return click.UsageError(spoken(error))


def cluster_error(error: Exception) -> click.ClickException:
    """A cluster that cannot be used: exit 2, as for any problem that keeps inputs unchecked."""
    problem = click.ClickException(spoken(error))
    problem.exit_code = EXIT_USAGE
    return problem


LAZY_COMMANDS = {
    "simulate": "arbiter_cli.simulate",
    "table": "arbiter_cli.table",
    "serve": "arbiter_cli.serve",
    "event": "arbiter_cli.event",
    "rules": "arbiter_cli.rules",
}
"""Commands imported only when run (or listed by --help): the simulator, the table and the web
server bring modules `arbiter check` and `arbiter --version` never need."""


class LazyGroup(SpokenGroup):
    """The command group, its heavier commands imported when asked for (LAZY_COMMANDS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            self.add_command(getattr(importlib.import_module(LAZY_COMMANDS[cmd_name]), cmd_name))
        return super().get_command(ctx, cmd_name)


def _say_version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    """`--version` after other options (`arbiter --lang es -V`; alone, arbiter_cli.entry answers
    it): the installed version, read only when asked (importlib.metadata is slow to load)."""
    if value and not ctx.resilient_parsing:
        click.echo(f"arbiter {version()}")
        ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option(
    "-V",
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_say_version,
    help="Show the version and exit.",
    cls=SpokenHelp,
)
def cli() -> None:
    """The rules arbiter for Canasta: checks game records against the rules and recomputes every
    score.

    \b
      arbiter check records/          check every record in a folder
      arbiter check game.acn -f json  the rulings as JSON
      arbiter fmt game.acn            the record in canonical form
      arbiter rules caliente          the rule reference of a rule set
      arbiter serve --port 8000       the web API and the paste-a-record page

    Shell completion (bash, zsh, fish): see the README, "Shell completion".
    """


# --- check --------------------------------------------------------------------------------------


def _read_stdin() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise OSError(errno.EBADF, "standard input is closed")
    return stream.read(arbiter.DEFAULT_LIMITS.max_bytes + 1)


@cli.command(short_help="Check game records: findings, scores and a verdict per game.")
@click.argument("paths", nargs=-1, metavar="[PATH... | -]")
@click.option(
    "--rules",
    "rules_name",
    metavar="NAME",
    help="Judge every record by this rule set; a record tagged with another is reported as a usage problem "
    "(for a default, set rules in [tool.arbiter]) [default: the record's [Rules] tag, else caliente].",
)
@options_option("A rule set option for records whose tags are silent (repeatable; NAME alone means NAME=yes).")
@click.option(
    "--output-format",
    "--format",
    "-f",
    "output_format",
    type=click.Choice(FORMATS),
    help="Output format (--format is the same) [default: text; github when GITHUB_ACTIONS=true].",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    help="Check files in this many processes (0: one per CPU) [default: 1]. Output stays in input order.",
)
@click.option("--strict/--no-strict", default=None, help="Fail (exit 1) on warnings too.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when games are not valid (2 still means a usage problem).")
@include_option("Also take files matching GLOB as records when searching folders (repeatable; *.acn always).")
@codes_option("--select", "Report only the findings with these codes (globs such as 'score-*').")
@codes_option("--ignore", "Never report the findings with these codes: they do not fail the run.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the findings and the summary (text format).")
@click.option("--statistics", is_flag=True, help="Print how many findings of each code, not each finding.")
@click.option(
    "--output-file",
    type=SpokenPath(dir_okay=False, writable=True),
    metavar="FILE",
    help="Write the output to FILE instead of standard output.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Check on a Dask cluster: its scheduler's address (tcp://HOST:8786), or local:N for N worker processes "
    "here. PATHs may then be URLs (s3://, gs://, https://, file://) read by the workers. Needs canasta-arbiter[cluster].",
)
@house_cli.house_option(
    "Judge by this house rulebook (a *.rules.toml) the records whose tags name none; repeatable: every one "
    "given is at hand for the records whose [House] tag names it."
)
@stdin_name_option
@work_budget_option
@lang_option
@config_options
def check(
    paths: tuple[str, ...],
    rules_name: str | None,
    options: dict[str, str],
    output_format: str | None,
    jobs: int | None,
    scheduler: str | None,
    strict: bool | None,
    exit_zero: bool,
    include: tuple[str, ...],
    select: tuple[str, ...] | None,
    ignore: tuple[str, ...] | None,
    quiet: bool,
    statistics: bool,
    output_file: str | None,
    house_files: tuple[str, ...],
    stdin_name: str,
    work_budget: int | None,
    config_file: str | None,
    isolated: bool,
    lang: str | None,
) -> None:
    """Check game records: each PATH is a file, a directory (searched recursively for *.acn
    records and the --include globs, skipping hidden and git-ignored files and folders, and not
    following symbolic links out of it) or - for standard input; no PATH checks the current folder.

    Prints the findings, a score table and a verdict for every game. Exits 0 when every game is
    valid, 1 when a finding of severity error was made (with --strict: any finding), 2 on a
    usage or I/O problem. Options not given here come from [tool.arbiter] in pyproject.toml or
    from arbiter.toml.
    """
    from arbiter.archive.discovery import RecordFinder
    from arbiter.archive.inputs import collect, run

    from .formats import RENDERERS
    from .selection import CodeFilter

    paths = paths or (".",)
    configured = _settings(config_file, isolated, lang)
    say = speaker(lang, configured.lang, configured.source)
    settings = configured.with_flags(
        rules=rules_name,
        options=options,
        include=include,
        select=select,
        ignore=ignore,
        format=output_format,
        strict=strict,
        jobs=jobs,
        house=house_files,
    )
    strict = bool(settings.strict)
    output_format = settings.format or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    if statistics and output_format == "github" and not settings.format:
        output_format = "text"  # the counts are a table for people; --format picks a machine format
    if output_format not in FORMATS:
        refusal = msg(
            "format {format} is not one of {formats} ({source})",
            format=repr(output_format),
            formats=", ".join(FORMATS),
            source=str(settings.source),
        )
        raise click.UsageError(say(refusal))
    if statistics and output_format != "text":
        refusal = msg(
            "--statistics prints a text table; it does not combine with --format {format}", format=output_format
        )
        raise click.UsageError(say(refusal))
    if paths.count(STDIN) > 1:
        raise click.UsageError(say(msg("standard input (-) can be read only once")))
    house, shelf = house_cli.books(settings.house)
    if house and (settings.rules or settings.options):
        refusal = msg(
            "{rulebook} sets the rule set and every option; drop --rules and --option "
            "(and rules and options in {source})",
            rulebook=house.title,
            source=str(settings.source) if settings.source else msg("the configuration"),
        )
        raise click.UsageError(say(refusal))
    # The one request every file is judged by, validated here once (--rules insists; the configured
    # `rules` stands in for a silent [Rules] tag): the runs, the workers and the cluster take it as it is.
    try:
        request = arbiter.Request.of(
            rules=rules_name,
            default_rules=None if rules_name else configured.rules,
            options=settings.options,
            house=house,
            shelf=shelf,
            work=work_budget,
        )
    except arbiter.UsageError as error:
        raise usage_error(error) from None
    _check_codes(settings, select, ignore)
    finder = RecordFinder(settings.include)
    cluster: Any = importlib.import_module("arbiter.archive.cluster") if scheduler else None  # only with --scheduler
    cluster_errors: tuple[type[Exception], ...] = (cluster.ClusterError,) if cluster else ()
    tasks = (cluster.collect if cluster else collect)(paths, _read_stdin, stdin_name, finder)
    codes = CodeFilter(settings.select, settings.ignore)
    with _output(output_file) as stream:
        out, err = consoles(stream)
        _say_skipped(err, finder)
        renderer: Any
        if output_format == "text":
            renderer = (StatisticsRenderer if statistics else TextRenderer)(out, err, strict, quiet)
        else:
            renderer = RENDERERS[output_format](stream, err, strict)
        tally = Tally()

        def take(report: FileReport) -> None:
            if report.usage_error:  # this file only: reported as not checked, and the others go on
                report.error, report.games = report.usage_error, []
            report = codes.report(report)
            tally.add(report)
            renderer.file(report)

        try:
            with _progress(err, out, tasks) as bar:
                if cluster:
                    reports = cluster.run(tasks, request, scheduler)
                else:
                    reports = run(tasks, request, _processes(settings.jobs), bar.read)
                with contextlib.closing(reports):
                    for report in reports:
                        take(report)
                        bar.done()
        except cluster_errors as error:
            raise cluster_error(error) from None
        renderer.finish(tally)
    code = tally.exit_code(strict)
    click.get_current_context().exit(EXIT_VALID if exit_zero and code == EXIT_FINDINGS else code)


def _check_codes(settings: Settings, select: tuple[str, ...] | None, ignore: tuple[str, ...] | None) -> None:
    """Every code or glob of --select and --ignore (and of the configuration) names a real code."""
    from .selection import UnknownCode, check_codes  # every family's codes: the rule sets, for `check`

    where = f" ({settings.source})" if settings.source else ""
    try:
        check_codes("--select" if select is not None else f"select{where}", settings.select)
        check_codes("--ignore", ignore or ())
        check_codes(f"ignore{where}", settings.ignore[: len(settings.ignore) - len(ignore or ())])
    except UnknownCode as error:
        raise click.UsageError(spoken(error)) from None


def _say_skipped(err: Console, finder: RecordFinder) -> None:
    """Name each symbolic link not followed out of a folder searched (on standard error)."""
    for link in finder.skipped:
        notice = msg(
            "{path}: skipped: a symbolic link out of the folder searched (name the file to check it)",
            path=shown_path(link),
        )
        err.print(Text(said(notice), style="dim"), soft_wrap=True)


def _processes(jobs: int | None) -> int:
    if jobs is None:
        return 1
    return jobs or os.cpu_count() or 1


def _settings(config_file: str | None, isolated: bool, lang: str | None) -> Settings:
    try:
        return config.load(config_file, isolated)
    except config.ConfigError as error:  # the file that could say the language cannot: the flag or environment
        speaker(lang)
        raise click.UsageError(spoken(error)) from None


@contextlib.contextmanager
def _output(path: str | None) -> Iterator[IO[str]]:
    """Standard output, or the file of --output-file (created or emptied, closed at the end)."""
    if path is None:
        yield sys.stdout
        sys.stdout.flush()
        return
    try:
        stream = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        from arbiter.archive.inputs import describe_os_error

        raise click.UsageError(f"{shown_path(path)}: {said(describe_os_error(error))}") from None
    with stream:
        yield stream


class _Bar:
    """Where the check is: files done, or (for a few large files) bytes read, game by game."""

    def __init__(self, progress: Progress | None = None, files: int = 0, sizes: list[int] | None = None) -> None:
        self.progress, self.sizes = progress, sizes
        self.task = progress.add_task("checking", total=sum(sizes) if sizes else files) if progress else None
        self.files = self.finished = 0

    def read(self, position: int) -> None:
        """A game of the current file was checked, `position` bytes into it."""
        if self.progress is not None and self.sizes is not None and self.task is not None:
            self.progress.update(self.task, completed=self.finished + min(position, self.sizes[self.files]))

    def done(self) -> None:
        """A file was checked."""
        if self.progress is None or self.task is None:
            return
        if self.sizes is None:
            self.progress.advance(self.task)
            return
        self.finished += self.sizes[self.files] if self.files < len(self.sizes) else 0
        self.files += 1
        self.progress.update(self.task, completed=self.finished)


@contextlib.contextmanager
def _progress(err: Console, out: Console, tasks: list[Any]) -> Iterator[_Bar]:
    """A progress bar on standard error when it is a terminal and the work is long: many files
    (counted), or a large file (its bytes read, game by game); never in a CI log."""
    from arbiter.archive import inputs

    sizes = [inputs.size(task) for task in tasks]
    many, large = len(tasks) >= PROGRESS_MIN_FILES, sum(sizes) >= PROGRESS_MIN_BYTES
    if not err.is_terminal or not (many or large):
        yield _Bar()
        return
    from rich.progress import BarColumn, DownloadColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    count = (MofNCompleteColumn(),) if many else (DownloadColumn(),)
    columns = (TextColumn("checking"), BarColumn(), *count, TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, redirect_stdout=out.is_terminal, redirect_stderr=False) as bar:
        yield _Bar(bar, len(tasks), None if many else sizes)


# --- fmt ----------------------------------------------------------------------------------------


def _read_one(path: str) -> bytes:
    """A whole input for `fmt`; OSError or a usage error (exit 2) saying why it cannot be read."""
    from arbiter.archive.inputs import BINARY_SNIFF, sniff

    if path == STDIN:
        data = _read_stdin()
    else:
        with open(path, "rb") as stream:
            data = stream.read(arbiter.DEFAULT_LIMITS.max_bytes + 1)
    problem = sniff(data[:BINARY_SNIFF])
    if problem:
        raise click.UsageError(f"{shown_path(path)}: {said(problem)}")
    return data


def _show_errors(err: Console, record: Formatted) -> None:
    say = current()
    lines = record.written.split("\n")
    for finding in record.errors:
        finding = finding.said(say)
        err.print(finding_line(record.path, finding), soft_wrap=True)
        if 0 < finding.line <= len(lines):
            for row in excerpt(lines[finding.line - 1].rstrip("\r"), finding.column).splitlines():
                err.print(Text("    " + printable(row)), soft_wrap=True)
        if finding.remedy:
            err.print(Text("    " + say(msg("remedy: {remedy}", remedy=one_line(finding.remedy)))), soft_wrap=True)
    line = msg("{path}: not formatted: the record has syntax errors", path=shown_path(record.path))
    err.print(Text(say(line)), soft_wrap=True)


@cli.command("fmt", short_help="Print, check or rewrite records in canonical form.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH... | -")
@click.option("--check", "check_only", is_flag=True, help="Write nothing; exit 1 if a record is not canonical.")
@click.option("--diff", "show_diff", is_flag=True, help="Print the changes as a unified diff; exit 1 if any.")
@click.option("--write", "-w", is_flag=True, help="Rewrite the records in place (atomically).")
@click.option(
    "--summary", is_flag=True, help="Write each record as its score sheet: every hand in moves as its summary."
)
@include_option("Also take files matching GLOB as records when searching folders (repeatable; *.acn always).")
@stdin_name_option
@lang_option
@config_options
def fmt(
    paths: tuple[str, ...],
    check_only: bool,
    show_diff: bool,
    write: bool,
    summary: bool,
    include: tuple[str, ...],
    stdin_name: str,
    config_file: str | None,
    isolated: bool,
    lang: str | None,
) -> None:
    """Put records in canonical form. Each PATH is a file, a folder (searched for records as
    `arbiter check` does) or - for standard input. A single file or - is printed in canonical
    form; --check, --diff and --write work on any number of records. With --summary each record is
    written as its score sheet (ACN 1.1): a hand given in moves becomes its summary, its declared
    score and totals kept; a hand whose replay finds an error stays in moves, with a note.

    Exits 1 if a record has syntax errors (printed on standard error; the record is left as it
    is) or, with --check or --diff, if a record is not canonical; 2 on a usage or I/O problem.
    """
    from arbiter.archive.discovery import RecordFinder
    from arbiter.archive.inputs import collect, describe_os_error

    from .rewrite import format_record, unified_diff, write_atomically

    settings = _settings(config_file, isolated, lang).with_flags(include=include)
    say = speaker(lang, settings.lang, settings.source)
    if write and (check_only or show_diff):
        raise click.UsageError(say(msg("--write rewrites the records; --check and --diff only report")))
    if write and STDIN in paths:
        raise click.UsageError(say(msg("standard input cannot be rewritten in place; leave out --write to print it")))
    finder = RecordFinder(settings.include)
    tasks = collect(paths, _read_stdin, stdin_name, finder)
    printing = not (check_only or show_diff or write)
    if printing and (len(tasks) != 1 or (paths[0] != STDIN and os.path.isdir(paths[0]))):
        raise click.UsageError(say(msg("arbiter fmt prints one record; for several, use --check, --diff or --write")))
    _, err = consoles()
    _say_skipped(err, finder)
    changed = broken = unreadable = 0
    for task in tasks:
        try:
            if task.error:
                raise click.UsageError(f"{shown_path(task.path)}: {say(task.error)}")
            record = format_record(task.path, task.data if task.data is not None else _read_one(task.path), summary)
        except OSError as error:
            record, problem = None, f"{shown_path(task.path)}: {say(describe_os_error(error))}"
        except click.UsageError as error:
            record, problem = None, error.message
        if record is None:
            if printing:
                raise click.UsageError(problem)
            err.print(Text(f"{problem}"), soft_wrap=True)
            unreadable += 1
            continue
        if record.errors:
            _show_errors(err, record)
            broken += 1
            continue
        for note in record.notes:
            err.print(Text(f"{shown_path(record.path)}:{note.line}: {say(note.message)}"), soft_wrap=True)
        if printing:
            click.echo(record.canonical, nl=False)
            return
        if not record.changed:
            continue
        changed += 1
        if record.only_line_endings and (show_diff or check_only):
            line = msg(
                "{path}: not in canonical form: only its line endings differ (CR LF, as Windows writes them; "
                "arbiter fmt --write ends its lines in LF)",
                path=shown_path(record.path),
            )
            err.print(Text(say(line)), soft_wrap=True)
        elif show_diff:
            click.echo(unified_diff(record), nl=False)
        if write:
            try:
                write_atomically(record.path, record.canonical)
            except OSError as error:
                err.print(Text(f"{shown_path(record.path)}: not rewritten: {describe_os_error(error)}"), soft_wrap=True)
                unreadable += 1
                continue
        elif check_only and not show_diff and not record.only_line_endings:
            line = msg("{path}: not in canonical form (arbiter fmt {path} prints it)", path=shown_path(record.path))
            err.print(Text(say(line)), soft_wrap=True)
    formatted = len(tasks) - broken - unreadable
    err.print(Text(say(_formatted_sentence(changed, formatted - changed, write))), soft_wrap=True)
    if unreadable:
        click.get_current_context().exit(EXIT_USAGE)
    if broken or (changed and not write):
        click.get_current_context().exit(EXIT_FINDINGS)


def _formatted_sentence(changed: int, canonical: int, written: bool) -> str:
    """`2 records reformatted, 3 already canonical` (or `would be reformatted`, without --write)."""
    if written:
        return msg_n(
            "{n} record reformatted, {canonical} already canonical",
            "{n} records reformatted, {canonical} already canonical",
            changed,
            canonical=canonical,
        )
    return msg_n(
        "{n} record would be reformatted, {canonical} already canonical",
        "{n} records would be reformatted, {canonical} already canonical",
        changed,
        canonical=canonical,
    )


# --- rules --------------------------------------------------------------------------------------


__all__ = ["FORMATS", "cli", "fmt"]
