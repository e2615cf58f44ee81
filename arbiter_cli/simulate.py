"""`arbiter simulate`: complete legal games played by bots, written to standard output.

A thin shell over `arbiter.simulate` (docs/simulator.md): the games come out in canonical
notation, one after another with a blank line between them, the same for the same seed. With
`--coverage` each game is also judged, and a report of the legal paths and rule codes the games
exercised goes to standard error; the exit status is then 1 if the arbiter found any game not
valid (which would be a bug in the simulator or in the arbiter).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import arbiter
from arbiter.i18n import msg, msg_n
from arbiter.rulings.counts import VERDICT_WORDS
from arbiter.simulate import (
    STOCK_MODES,
    SUPPORTED,
    Style,
    coverage,
    coverage_report,
    expected_paths,
    simulate_games,
)
from arbiter.simulate.families import family

from .language import configured_language, current, lang_option, said, speaker, spoken
from .params import name_values, options_option

EXIT_NOT_VALID = 1


def _style(values: dict[str, str]) -> Style:
    try:
        return Style(**{name.replace("-", "_"): _probability(name, value) for name, value in values.items()})
    except TypeError:
        known = ", ".join(Style.__dataclass_fields__)
        raise click.BadParameter(said(msg("the style names are {known}", known=known)), param_hint="--style") from None
    except arbiter.UsageError as error:  # a value out of range
        raise click.BadParameter(spoken(error), param_hint="--style") from None


def _probability(name: str, value: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise arbiter.UsageError(
            msg("style {name} is a probability between 0 and 1, not {value}", name=name, value=repr(value))
        ) from None


def _judged(rules_name: str) -> None:
    """--coverage judges every game: the family must be one the arbiter judges."""
    name = family(rules_name).name
    if name not in arbiter.families.names():
        judged = ", ".join(arbiter.families.names())
        raise arbiter.UsageError(
            msg(
                "--coverage judges the games, and {name} is not judged yet (judged: {judged})", name=name, judged=judged
            )
        )


@click.command("simulate", short_help="Write complete legal games played by bots.")
@click.option(
    "--rules",
    "rules_name",
    default="caliente",
    show_default=True,
    metavar="NAME",
    help=f"The family: {', '.join(SUPPORTED)}.",
)
@click.option("--players", "-p", type=click.IntRange(min=2, max=6), help="Players at the table [default: 4; hoyle: 2].")
@options_option("A rule set option (repeatable; NAME alone means NAME=yes), written in the games' Variant tag.")
@click.option("--games", "-n", type=click.IntRange(min=0), default=1, show_default=True)
@click.option(
    "--hands", type=click.IntRange(min=1), help="Stop each game after this many hands [default: play to the target]."
)
@click.option("--seed", "-s", type=int, default=0, show_default=True, help="The same seed gives the same games.")
@click.option(
    "--stock",
    type=click.Choice(STOCK_MODES),
    default="some",
    show_default=True,
    help="Write the stock line (the stock's order) in no hand, about one hand in four, or every hand.",
)
@click.option(
    "--style",
    "style_values",
    multiple=True,
    metavar="NAME=P",
    callback=name_values,
    help="How often the bots play a way, a probability (repeatable): long_hands (play to the end of the "
    "stock), concealed, ask, freeze, forget_bonus.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Play in this many processes (0: one per CPU). The games are the same.",
)
@click.option(
    "--coverage",
    "report",
    is_flag=True,
    help="Judge each game too; report the legal paths and rule codes exercised on standard error.",
)
@lang_option
def simulate(
    rules_name: str,
    players: int | None,
    options: dict[str, str],
    games: int,
    hands: int | None,
    seed: int,
    stock: str,
    style_values: dict[str, str],
    jobs: int,
    report: bool,
    lang: str | None,
) -> None:
    """Write GAMES complete games of a rule set, played by bots that keep the rules, to standard
    output in canonical notation. Each game runs until a side reaches the target score (or for
    --hands hands).

    \b
      arbiter simulate --games 1000 --seed 1 > games.acn
      arbiter simulate --players 6 -o three-packs --games 10
      arbiter simulate -p 2 -o caliente-cards --games 200 --coverage > /dev/null
    """
    from arbiter.simulate import simulate as play

    speaker(lang, *configured_language())  # the command's language, which every part of it says its words in
    jobs = jobs or os.cpu_count() or 1
    style = _style(style_values)
    out = sys.stdout
    try:
        players = players or family(rules_name).usual_players
        if report:
            _judged(rules_name)
            texts: Any = (
                g.text
                for g in simulate_games(rules_name, players, options, games, hands, seed, stock=stock, style=style)
            )
        else:
            texts = play(rules_name, players, options, games, hands, seed, stock=stock, style=style, jobs=jobs)
        counts = coverage([])
        not_valid = 0
        with _progress(games) as advance:
            not_valid = _write(texts, sys.stdout, report, counts, advance)  # above the bar, if any
        out.flush()
    except arbiter.UsageError as error:
        raise click.UsageError(spoken(error)) from None
    except BrokenPipeError:  # `arbiter simulate ... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return
    _report(report, rules_name, players, options, style, counts, games, not_valid)


def _write(texts: Any, out: Any, report: bool, counts: Any, advance: Callable[[], None]) -> int:
    """Write each game as it comes (judging it with --coverage); how many were not valid."""
    say = current()
    not_valid = 0
    for index, text in enumerate(texts):
        out.write(text if index == 0 else "\n" + text)
        advance()
        if not report:
            continue
        (ruling,) = arbiter.check(text)
        counts.update(ruling.coverage)
        if ruling.verdict != "valid":
            not_valid += 1
            first = next(f for f in ruling.findings if f.is_error)
            said = msg(
                "game {index}: {verdict}: line {line}: {code}: {message}",
                index=index + 1,
                verdict=VERDICT_WORDS[ruling.verdict],
                line=first.line,
                code=first.code,
                message=first.message,
            )
            click.echo(say(said), err=True)
    return not_valid


def _report(
    report: bool,
    rules_name: str,
    players: int,
    options: Any,
    style: Style,
    counts: Any,
    games: int,
    not_valid: int,
) -> None:
    """With --coverage: the legal paths and rule codes the games took, on standard error."""
    say = current()
    if not report:
        return
    expected = expected_paths(rules_name, players, options, style)
    click.echo(coverage_report(counts, rules_name, expected, say.language), err=True, nl=False)
    said = msg_n(
        "{n} game judged, {not_valid} not valid", "{n} games judged, {not_valid} not valid", games, not_valid=not_valid
    )
    click.echo(say(said), err=True)
    if not_valid:
        click.get_current_context().exit(EXIT_NOT_VALID)


@contextlib.contextmanager
def _progress(games: int) -> Iterator[Callable[[], None]]:
    """A bar of the games played on standard error, when it is a terminal (never in a CI log or
    a file); the games themselves go to standard output."""
    err = Console(stderr=True)
    if games < 2 or not err.is_terminal:
        yield lambda: None
        return
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    redirect = Console().is_terminal  # games printed on the terminal go above the bar
    with Progress(*columns, console=err, transient=True, redirect_stdout=redirect, redirect_stderr=True) as bar:
        task = bar.add_task("playing", total=games)
        yield lambda: bar.advance(task)


__all__ = ["simulate"]
