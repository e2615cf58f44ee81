"""Command-line parameters shared by the commands."""

from __future__ import annotations

import click


def name_values(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    """Repeated `NAME=VALUE` options as a dict; `NAME` alone means `NAME=yes`."""
    pairs: dict[str, str] = {}
    for value in values:
        name, sep, raw = value.partition("=")
        name = name.strip()
        if not name:
            raise click.BadParameter(f"{value!r}: write NAME=VALUE, such as always-frozen=yes or target=10000")
        pairs[name] = raw.strip() if sep else "yes"
    return pairs


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
