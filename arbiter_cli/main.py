"""The `arbiter` console script: `arbiter check`, `arbiter fmt`, `arbiter rules`.

Each command is a thin shell over the core: it reads its inputs, calls the library and renders
the result. Exit codes: 0 every game valid; 1 a finding of severity error (with --strict, any
finding); 2 a usage or I/O problem.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

import arbiter
from arbiter import rules as rulesets

from .formats import RENDERERS, version
from .inputs import BINARY_SNIFF, RECORD_SUFFIXES, STDIN, FileReport, collect, describe_os_error, run, sniff
from .params import options_option, stdin_name_option
from .simulate import simulate
from .table import table
from .tally import EXIT_FINDINGS, Tally
from .text import TextRenderer, excerpt, finding_line, one_line, printable

FORMATS = ("text", "json", "junit", "github", "sarif")
PROGRESS_MIN_FILES = 20  # a progress bar on a terminal from this many inputs


def consoles() -> tuple[Console, Console]:
    """Standard output and standard error as rich consoles: colour on a terminal only, NO_COLOR
    and FORCE_COLOR honoured, no markup or highlighting (records are shown as written)."""
    plain = {"color_system": None} if os.environ.get("NO_COLOR") else {}  # no bold either
    out = Console(markup=False, highlight=False, emoji=False, **plain)
    err = Console(stderr=True, markup=False, highlight=False, emoji=False, **plain)
    return out, err


def usage_error(error: Exception) -> click.UsageError:
    return click.UsageError(str(error))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(version(), "-V", "--version", prog_name="arbiter", message="%(prog)s %(version)s")
def cli() -> None:
    """The rules arbiter for Canasta: checks game records against the rules and recomputes every
    score.

    \b
      arbiter check records/          check every record in a folder
      arbiter check game.acn -f json  the rulings as JSON
      arbiter fmt game.acn            the record in canonical form
      arbiter rules caliente          the rule reference of a rule set
    """


# --- check --------------------------------------------------------------------------------------


def _read_stdin() -> bytes:
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise OSError(errno.EBADF, "standard input is closed")
    return stream.read(arbiter.DEFAULT_LIMITS.max_bytes + 1)


@cli.command(short_help="Check game records: findings, scores and a verdict per game.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH... | -")
@click.option(
    "--rules",
    "rules_name",
    metavar="NAME",
    help="Rule set for records whose [Rules] tag is silent (default: caliente).",
)
@options_option("A rule set option for records whose tags are silent (repeatable; NAME alone means NAME=yes).")
@click.option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(FORMATS),
    help="Output format [default: text; github when GITHUB_ACTIONS=true].",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Check files in this many processes (0: one per CPU). Output stays in input order.",
)
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@stdin_name_option
def check(
    paths: tuple[str, ...],
    rules_name: str | None,
    options: dict[str, str],
    output_format: str | None,
    jobs: int,
    strict: bool,
    stdin_name: str,
) -> None:
    """Check game records: each PATH is a file, a directory (searched recursively for *.acn and
    *.txt records, skipping hidden files and folders) or - for standard input.

    Prints the findings, a score table and a verdict for every game. Exits 0 when every game is
    valid, 1 when a finding of severity error was made (with --strict: any finding), 2 on a
    usage or I/O problem.
    """
    output_format = output_format or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    if paths.count(STDIN) > 1:
        raise click.UsageError("standard input (-) can be read only once")
    if rules_name:
        try:
            rulesets.get(rules_name).resolve(options)
        except arbiter.UsageError as error:
            raise usage_error(error) from None
    jobs = jobs or os.cpu_count() or 1
    tasks = collect(paths, _read_stdin, stdin_name)
    out, err = consoles()
    renderer: Any
    if output_format == "text":
        renderer = TextRenderer(out, err, strict)
    else:
        renderer = RENDERERS[output_format](sys.stdout, err, strict)
    tally = Tally()

    def take(report: FileReport) -> None:
        if report.usage_error:
            raise click.UsageError(f"{report.path}: {report.usage_error}")
        tally.add(report)
        renderer.file(report)

    reports = run(tasks, rules_name, options, jobs)
    with contextlib.closing(reports), _progress(err, out, len(tasks)) as advance:
        for report in reports:
            take(report)
            advance()
    renderer.finish(tally)
    sys.stdout.flush()
    click.get_current_context().exit(tally.exit_code(strict))


@contextlib.contextmanager
def _progress(err: Console, out: Console, total: int) -> Any:
    """A progress bar on standard error when it is a terminal and there are many files."""
    if total < PROGRESS_MIN_FILES or not err.is_terminal:
        yield lambda: None
        return
    columns = (TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True, redirect_stdout=out.is_terminal, redirect_stderr=False) as bar:
        task = bar.add_task("checking", total=total)
        yield lambda: bar.advance(task)


# --- fmt ----------------------------------------------------------------------------------------


def _read_one(path: str) -> bytes:
    """A whole input for `fmt`, or a usage error (exit 2) saying why it cannot be read."""
    try:
        if path == STDIN:
            data = _read_stdin()
        elif os.path.isdir(path):
            raise click.UsageError(f"{path}: is a directory; arbiter fmt formats one record at a time")
        else:
            with open(path, "rb") as stream:
                data = stream.read(arbiter.DEFAULT_LIMITS.max_bytes + 1)
    except OSError as error:
        raise click.UsageError(f"{path}: {describe_os_error(error)}") from None
    problem = sniff(data[:BINARY_SNIFF])
    if problem:
        raise click.UsageError(f"{path}: {problem}")
    return data


def _formatter() -> Callable[[Any], tuple[str, list[arbiter.Finding]]]:
    try:
        from arbiter.formatter import format_source
    except ImportError as error:
        raise click.ClickException(f"the formatter is not available in this build of the arbiter ({error})") from None
    return format_source


@cli.command("fmt", short_help="Print a record in canonical form.")
@click.argument("path", metavar="FILE|-")
@click.option(
    "--check", "check_only", is_flag=True, help="Print nothing; exit 1 if the record is not in canonical form."
)
@stdin_name_option
def fmt(path: str, check_only: bool, stdin_name: str) -> None:
    """Print a record in canonical form (FILE, or - for standard input).

    Exits 1 with the findings on standard error if the record has syntax errors.
    """
    data = _read_one(path)
    shown = stdin_name if path == STDIN else path
    format_source = _formatter()
    text, findings = format_source(data)
    errors = [f for f in findings if f.is_error]
    _, err = consoles()
    if errors:
        lines = data.decode("utf-8", "replace").split("\n")
        for finding in errors:
            err.print(finding_line(shown, finding), soft_wrap=True)
            if 0 < finding.line <= len(lines):
                for row in excerpt(lines[finding.line - 1].rstrip("\r"), finding.column).splitlines():
                    err.print(Text("    " + printable(row)), soft_wrap=True)
            if finding.remedy:
                err.print(Text(f"    remedy: {one_line(finding.remedy)}"), soft_wrap=True)
        err.print(Text(f"{shown}: not formatted: the record has syntax errors"), soft_wrap=True)
        click.get_current_context().exit(EXIT_FINDINGS)
    if check_only:
        if text != data.decode("utf-8", "replace").lstrip("\ufeff"):
            err.print(Text(f"{shown}: not in canonical form (arbiter fmt {shown} prints it)"), soft_wrap=True)
            click.get_current_context().exit(EXIT_FINDINGS)
        return
    click.echo(text, nl=False)


# --- rules --------------------------------------------------------------------------------------


def _show(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _list_rule_set(out: Console, ruleset: rulesets.RuleSet) -> None:
    """`name  title`, the summary, then one option a row: name, default, meaning (wrapped)."""
    out.print(Text.assemble((ruleset.name, "bold"), f"  {ruleset.title}"), soft_wrap=True)
    out.print(Text(f"  {ruleset.summary}"), soft_wrap=True)
    out.print(Text('  options (--option NAME=VALUE, or [Variant "NAME=VALUE"] in the record):'), soft_wrap=True)
    names = max([len("option"), *(len(spec.name) for spec in ruleset.options)])
    defaults = max([len("default"), *(len(_show(spec.default)) for spec in ruleset.options)])
    indent = 4 + names + 2 + defaults + 2
    width = max(out.width - indent, 30)
    out.print(Text(f"    {'option':<{names}}  {'default':<{defaults}}  meaning", style="dim"), soft_wrap=True)
    for spec in ruleset.options:
        meaning = textwrap.wrap(spec.summary, width) or [""]
        out.print(Text(f"    {spec.name:<{names}}  {_show(spec.default):<{defaults}}  {meaning[0]}"), soft_wrap=True)
        for more in meaning[1:]:
            out.print(Text(" " * indent + more), soft_wrap=True)


@cli.command("rules", short_help="List the rule sets, or print the rule reference of one.")
@click.argument("name", required=False)
def rules_command(name: str | None) -> None:
    """List the rule sets with their options and defaults, or print the rule reference of NAME
    (Markdown; rendered on a terminal, as plain Markdown text when piped)."""
    out, _ = consoles()
    if name is None:
        for index, rule_set_name in enumerate(rulesets.names()):
            if index:
                out.print()
            _list_rule_set(out, rulesets.get(rule_set_name))
        out.print()
        out.print(Text("The rule reference of a rule set: arbiter rules NAME"))
        return
    try:
        ruleset = rulesets.get(name)
    except arbiter.UsageError as error:
        raise usage_error(error) from None
    markdown = rulesets.reference(ruleset)
    if out.is_terminal:
        out.print(Markdown(markdown))
    else:
        click.echo(markdown, nl=False)


cli.add_command(simulate)
cli.add_command(table)

__all__ = ["FORMATS", "RECORD_SUFFIXES", "cli", "fmt"]
