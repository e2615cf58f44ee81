"""A club's full rule reference: its rulebook's rules marked against the book's defaults, with
the club's notes, then every rule the arbiter checks for the family (arbiter.rules.reference)."""

from __future__ import annotations

from ..rules.reference import reference
from .rulebook import Rulebook

RULES_HEADING = "\n## Rules\n"


def house_reference(book: Rulebook) -> str:
    ruleset = book.ruleset
    based = f", based on {book.base}" if book.base else ""
    lines = [f"# {book.title}: house rules", ""]
    if book.description:
        lines += [book.description, ""]
    lines += [
        f"A {ruleset.title} rulebook{based}. Its digest is `#{book.digest}`; a record played by it names it",
        "with the tag",
        "",
        f"    {book.tag()}",
        "",
        "and `arbiter check --house FILE` judges by it. Rules marked **house** are the club's; the rest are the",
        f"book's defaults (`arbiter rules {ruleset.name}`).",
        "",
        "## The club's rules",
        "",
        "| option | the club plays | the book | the club's note |",
        "|---|---|---|---|",
    ]
    for spec in ruleset.options:
        rule = book.rule(spec.name)
        if rule is None or rule.value == spec.default:
            played = f"{_show(spec.default)}" + (" (as the book)" if rule else "")
        else:
            played = f"**{_show(rule.value)}** (house)"
        note = _cell(rule.note) if rule else ""
        lines.append(f"| `{spec.name}` | {played} | {_show(spec.default)} | {note} |")
    family = reference(ruleset)
    rest = family[family.index(RULES_HEADING) :] if RULES_HEADING in family else ""
    return "\n".join(lines) + "\n" + rest


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _show(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)
