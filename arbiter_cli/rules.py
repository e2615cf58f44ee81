"""`arbiter rules`: the rule sets with their options, one rule set's reference, a club's house
rulebook, or where two rulebooks differ."""

from __future__ import annotations

import textwrap

import click
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

import arbiter
from arbiter.i18n import msg
from arbiter.rules import RuleSet, reference

from . import house as house_cli
from .language import configured_language, current, lang_option, speaker
from .main import consoles, usage_error


def _show(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _list_rule_set(out: Console, ruleset: RuleSet) -> None:
    """`name  title`, the summary, then one option a row: name, default, meaning (wrapped)."""
    say = current()
    out.print(Text.assemble((ruleset.name, "bold"), f"  {say(ruleset.title)}"), soft_wrap=True)
    out.print(Text(f"  {say(ruleset.summary)}"), soft_wrap=True)
    heading = say(msg('options (--option NAME=VALUE, or [Variant "NAME=VALUE"] in the record):'))
    out.print(Text("  " + heading), soft_wrap=True)
    option, default, meaning_word = say(msg("option")), say(msg("default")), say(msg("meaning"))
    names = max([cell_len(option), *(len(spec.name) for spec in ruleset.options)])
    defaults = max([cell_len(default), *(len(_show(spec.default)) for spec in ruleset.options)])
    indent = 4 + names + 2 + defaults + 2
    width = max(out.width - indent, 30)
    out.print(Text(f"    {option:<{names}}  {default:<{defaults}}  {meaning_word}", style="dim"), soft_wrap=True)
    for spec in ruleset.options:
        meaning = textwrap.wrap(say(spec.summary), width) or [""]
        out.print(Text(f"    {spec.name:<{names}}  {_show(spec.default):<{defaults}}  {meaning[0]}"), soft_wrap=True)
        for more in meaning[1:]:
            out.print(Text(" " * indent + more), soft_wrap=True)


@click.command("rules", short_help="List the rule sets, or print the rule reference of one.")
@click.argument("name", required=False)
@lang_option
@click.option("--house", "house_file", metavar="FILE", help="Print a house rulebook's full rule reference.")
@click.option(
    "--compare",
    nargs=2,
    metavar="A B",
    help="Print where two rulebooks differ, side by side (each a *.rules.toml, or a rule set's name for its defaults).",
)
def rules(name: str | None, lang: str | None, house_file: str | None, compare: tuple[str, str] | None) -> None:
    """List the rule sets with their options and defaults, or print the rule reference of NAME
    (Markdown; rendered on a terminal, as plain Markdown text when piped). With --house, a club's
    rule reference; with --compare, where two rulebooks differ."""
    from arbiter import families as rulesets  # with the engine they play on: `fmt` needs neither
    from arbiter.house import house_reference

    say = speaker(lang, *configured_language())
    out, _ = consoles()
    if sum(bool(given) for given in (name, house_file, compare)) > 1:
        raise click.UsageError(say(msg("give one of NAME, --house FILE and --compare A B")))
    if house_file or compare:
        markdown = (
            house_reference(house_cli.load(house_file), say.language)
            if house_file
            else house_cli.comparison(*compare, say.language)  # type: ignore[misc]
        )
        _print_markdown(out, markdown)
        return
    if name is None:
        for index, rule_set_name in enumerate(rulesets.names()):
            if index:
                out.print()
            _list_rule_set(out, rulesets.get(rule_set_name))
        out.print()
        out.print(Text(say(msg("The rule reference of a rule set: arbiter rules NAME"))))
        return
    try:
        ruleset = rulesets.get(name)
    except arbiter.UsageError as error:
        raise usage_error(error) from None
    _print_markdown(out, reference(ruleset, say.language))


def _print_markdown(out: Console, markdown: str) -> None:
    if out.is_terminal:
        from rich.markdown import Markdown  # markdown-it and its plugins: only for a terminal

        out.print(Markdown(markdown))
    else:
        click.echo(markdown, nl=False)
