"""A club's full rule reference: its rulebook's rules marked against the book's defaults, with
the club's notes, then every rule the arbiter checks for the family (arbiter.rules.reference)."""

from __future__ import annotations

from ..i18n import msg, term, translator
from ..rules.reference import reference
from .rulebook import Rulebook

RULES_HEADING = msg("## Rules")


def house_reference(book: Rulebook, lang: str | None = None) -> str:
    """The club's full rule reference in Markdown, in `lang` (English when None): its own words
    from the reports catalogue, the club's title, description and notes as the club wrote them."""
    say = translator(lang)
    ruleset = book.ruleset
    lines = [say(msg("# {title}: house rules", title=book.title)), ""]
    if book.description:
        lines += [book.description, ""]
    if book.base:
        kind = msg("A {family} rulebook, based on {base}.", family=term(ruleset.title), base=book.base)
    else:
        kind = msg("A {family} rulebook.", family=term(ruleset.title))
    intro = msg(
        "{kind} Its digest is `#{digest}`; a record played by it names it\nwith the tag",
        kind=kind,
        digest=book.digest,
    )
    lines += [
        *say(intro).split("\n"),
        "",
        f"    {book.tag()}",
        "",
        *say(
            msg(
                "and `arbiter check --house FILE` judges by it. Rules marked **house** are the club's; the rest are the\n"
                "book's defaults (`arbiter rules {name}`).",
                name=ruleset.name,
            )
        ).split("\n"),
        "",
        say(msg("## The club's rules")),
        "",
        say(msg("| option | the club plays | the book | the club's note |")),
        "|---|---|---|---|",
    ]
    for spec in ruleset.options:
        rule = book.rule(spec.name)
        if rule is None or rule.value == spec.default:
            played = _show(spec.default) + (" " + say(msg("(as the book)")) if rule else "")
        else:
            played = f"**{_show(rule.value)}** " + say(msg("(house)"))
        note = _cell(rule.note) if rule else ""
        lines.append(f"| `{spec.name}` | {played} | {_show(spec.default)} | {note} |")
    family = reference(ruleset, lang)
    heading = "\n" + say(RULES_HEADING) + "\n"
    rest = family[family.index(heading) :] if heading in family else ""
    return "\n".join(lines) + "\n" + rest


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _show(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)
