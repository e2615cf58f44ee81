"""Where two rulebooks differ (or a rulebook and its family's defaults): the table a director
reads before an inter-club match."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import Translator, msg, msg_n, term, translator
from ..rules.base import OptionValue
from .rulebook import Rulebook, RulebookError


@dataclass(frozen=True, slots=True)
class Difference:
    """One option the two rulebooks judge by differently, with each side's note ('' where a
    side keeps the book's default) and the book's default."""

    option: str
    first: OptionValue
    second: OptionValue
    first_note: str
    second_note: str
    book: OptionValue


def compare(first: Rulebook, second: Rulebook) -> list[Difference]:
    """Every option whose value differs, in the family's order. Rulebooks of two families do not
    compare option by option: a RulebookError says so."""
    if first.family != second.family:
        raise RulebookError(
            msg(
                "{first} is a {first_family} rulebook and {second} a {second_family} one: "
                "only rulebooks of one family compare rule by rule",
                first=first.title,
                first_family=term(first.ruleset.title),
                second=second.title,
                second_family=term(second.ruleset.title),
            )
        )
    values = first.options(), second.options()
    differences = []
    for spec in first.ruleset.options:
        a, b = values[0][spec.name], values[1][spec.name]
        if a != b:
            differences.append(
                Difference(spec.name, a, b, _note(first, spec.name), _note(second, spec.name), spec.default)
            )
    return differences


def _note(book: Rulebook, option: str) -> str:
    rule = book.rule(option)
    return rule.note if rule else ""


def comparison(first: Rulebook, second: Rulebook, lang: str | None = None) -> str:
    """The comparison as Markdown: who is compared, then one row per difference; its own words in
    `lang` (English when None), the rulebooks' titles and notes as the clubs wrote them."""
    say = translator(lang)
    differences = compare(first, second)
    ruleset = first.ruleset
    lines = [
        say(msg("# {first} and {second}", first=first.title, second=second.title)),
        "",
        say(
            msg(
                "Two {family} rulebooks: {first} and {second}.",
                family=term(ruleset.title),
                first=_identity(first),
                second=_identity(second),
            )
        ),
        "",
    ]
    if not differences:
        lines.append(say(msg("They judge by the same rules: every option has the same value in both.")))
        return "\n".join(lines) + "\n"
    differ = msg_n(
        "They differ in {n} rule (of {options} options):",
        "They differ in {n} rules (of {options} options):",
        len(differences),
        options=len(ruleset.options),
    )
    header = say(
        msg("| rule | {first} | {second} | the book |", first=_cell(say(first.title)), second=_cell(say(second.title)))
    )
    lines += [say(differ), "", header, "|---|---|---|---|"]
    for d in differences:
        lines.append(
            f"| `{d.option}` | {_side(d.first, d.first_note, say)} | {_side(d.second, d.second_note, say)} | {_show(d.book)} |"
        )
    return "\n".join(lines) + "\n"


def _identity(book: Rulebook) -> str:
    return f"`#{book.short}`" if book.version else f"`arbiter rules {book.family}`"


def _side(value: OptionValue, note: str, say: Translator) -> str:
    return f"**{_show(value)}**: {_cell(note)}" if note else f"{_show(value)} " + say(msg("(the book)"))


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _show(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)
