"""Command-line parameters shared by the commands."""

from __future__ import annotations

from typing import IO, Any

import click

from arbiter.archive.inputs import describe_os_error
from arbiter.i18n import msg

from .click_words import click_says
from .language import said


def name_values(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    """Repeated `NAME=VALUE` options as a dict; `NAME` alone means `NAME=yes`."""
    pairs: dict[str, str] = {}
    for value in values:
        name, sep, raw = value.partition("=")
        name = name.strip()
        if not name:
            problem = msg("{value}: write NAME=VALUE, such as always-frozen=yes or target=10000", value=repr(value))
            raise click.BadParameter(said(problem))  # the language found before click parsed
        pairs[name] = raw.strip() if sep else "yes"
    return pairs


class RecordFile(click.File):
    """`click.File("rb")`, a record to read (or - for standard input) as the command's argument: a
    file that cannot be opened is said as `arbiter check` says it, in the command line's language,
    where click gives the system's reason in English (English keeps click's words)."""

    def __init__(self) -> None:
        super().__init__("rb")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> IO[Any]:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as problem:
            reason = problem.__context__  # the OSError click caught
            english = describe_os_error(reason) if isinstance(reason, OSError) else None
            if english is None or said(english) == english:
                raise
            self.fail(f"'{click.format_filename(value)}': {said(english)}", param, ctx)


class SpokenPath(click.Path):
    """`click.Path`, naming its kind ("file", "directory", "path") in the run's language when a
    value is refused (`File 'x' is a directory`): click names it when the option is declared,
    before the language is known."""

    @property  # type: ignore[override]
    def name(self) -> str:
        return click_says(self.kind)

    @name.setter
    def name(self, kind: str) -> None:
        self.kind = kind  # click's English word, set as the option is declared


stdin_name_option = click.option(
    "--stdin-name",
    default="<stdin>",
    show_default=True,
    metavar="NAME",
    help="The name standard input is reported under.",
)


def options_option(help: str):  # type: ignore[no-untyped-def]
    """`-o/--option NAME=VALUE`, repeatable, given to the command as a dict `options`."""
    return click.option(
        "-o", "--option", "options", multiple=True, metavar="NAME=VALUE", callback=name_values, help=help
    )


def comma_separated(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...] | None:
    """A repeatable option whose values may also be joined by commas (`--ignore a,b --ignore c`);
    None when it is not given, so the configuration file's value stands."""
    items = tuple(item.strip() for value in values for item in value.split(",") if item.strip())
    return items or None


def codes_option(name: str, help: str):  # type: ignore[no-untyped-def]
    """`--select` / `--ignore`: finding codes or globs of codes, repeatable or comma-separated."""
    return click.option(name, multiple=True, metavar="CODE[,CODE...]", callback=comma_separated, help=help)


def include_option(help: str):  # type: ignore[no-untyped-def]
    """`--include GLOB`, repeatable: more file names that are records when searching folders."""
    return click.option("--include", multiple=True, metavar="GLOB", help=help)


def config_options(command):  # type: ignore[no-untyped-def]
    """`--config FILE` and `--isolated`: which configuration file the command reads, if any."""
    command = click.option(
        "--isolated", is_flag=True, help="Read no configuration file (pyproject.toml, arbiter.toml)."
    )(command)
    return click.option(
        "--config",
        "config_file",
        metavar="FILE",
        type=SpokenPath(dir_okay=False),
        help="The configuration file to read [default: the nearest arbiter.toml, or pyproject.toml with "
        "[tool.arbiter], from the current folder up].",
    )(command)


class WorkSteps(click.ParamType):
    """A number of steps of work, or `unlimited` (None)."""

    name = "N|unlimited"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | None:
        if value is None or isinstance(value, int):
            return value
        if str(value).strip().lower() == "unlimited":
            return None
        try:
            steps = int(str(value))
        except ValueError:
            steps = 0
        if steps < 1:
            self.fail(said(msg("write a whole number of steps from 1, or unlimited")), param, ctx)
        return steps


def _default_steps() -> str:
    """The engine's default bound, read when a command that searches runs: `fmt` and `--version`
    load no engine (tests/test_startup_imports.py)."""
    from arbiter.engine.work import DEFAULT_MAX_STEPS

    return str(DEFAULT_MAX_STEPS)


def work_budget_option(command):  # type: ignore[no-untyped-def]
    return click.option(
        "--work-budget",
        "work_budget",
        type=WorkSteps(),
        default=_default_steps,
        show_default=False,
        help="Steps of work each game's search for what was allowed instead may take (as the web service's "
        "MAX_STEPS); past it the answer lists what was found and says it was cut short; 'unlimited' lifts it "
        "[default: 50000].",
    )(command)
