"""The translation catalogues: extract every message, update each language's catalogue, compile,
and check that every catalogue is complete (`make messages`, and tests/test_catalogues.py).

    python tools/messages.py update   # extract, merge into each .po (new entries untranslated), compile .mo
    python tools/messages.py compile  # compile every .po into its .mo
    python tools/messages.py check    # what is missing, fuzzy, mis-placeholdered or stale: exit 1 if any

Each domain (arbiter.i18n.DOMAINS) takes its messages from its own part of the project: the code's
`msg`/`msg_n`/`term` calls (Babel's Python extractor), the web's `_`/`gettext`/`ngettext` calls and
templates (Babel with Jinja's extractor), and the rule sets' data (walked here: every rule's name,
explanation and source, every option, choice and word). One more domain, `click`, holds the messages
of the installed click (its `_`/`ngettext` calls), which the command line says in the user's language
(arbiter_cli/click_words.py). docs/translations.md says how to work on them.
"""

from __future__ import annotations

import copy
import io
import re
import string
import sys
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbiter.i18n import DEFAULT_LANGUAGE, DOMAINS, LANGUAGES, LOCALE_DIR  # noqa: E402
from arbiter_cli.click_words import DOMAIN as CLICK  # noqa: E402

CATALOGUES = (*DOMAINS, CLICK)
"""The catalogues of each language: the arbiter's domains, merged into one by its translators, and
click's own messages, said by click itself (arbiter_cli/click_words.py)."""

GLOSSARIES = {language: f"docs/glossaries/{language}.md" for language in LANGUAGES if language != DEFAULT_LANGUAGE}
"""The terms glossary each language's catalogues follow (named in each catalogue's header)."""

STABLE_DATE = datetime(2026, 11, 25, tzinfo=UTC)
"""The date every catalogue header gives, so that updating a catalogue changes only its messages."""

CODE_KEYWORDS = {"msg": None, "msg_n": (1, 2), "term": None, "pmsg": ((1, "c"), 2)}
WEB_KEYWORDS = {
    "_": None,
    "gettext": None,
    "lazy_gettext": None,
    "ngettext": (1, 2),
    "msg": None,
    "msg_n": (1, 2),
    "term": None,
    "pmsg": ((1, "c"), 2),
}
CLICK_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
"""How click marks its messages: `from gettext import gettext as _` and `ngettext`."""


Found = tuple[str, str | None, str | None]
"""A message found: its English (singular), its plural, its context."""


def _found(message: str | tuple[str, ...], context: str | None) -> Found:
    return (message, None, context) if isinstance(message, str) else (message[0], message[1], context)


def _python(paths: Iterable[Path], keywords: dict) -> Iterator[Found]:
    for path in sorted(paths):
        for _line, message, _comments, context in extract_from_file("python", str(path), keywords=keywords):
            yield _found(message, context)


def _templates(paths: Iterable[Path]) -> Iterator[Found]:
    for path in sorted(paths):
        found = extract_from_file(
            "jinja2.ext:babel_extract", str(path), keywords=WEB_KEYWORDS, options={"trimmed": "true"}
        )
        for _line, message, _comments, context in found:
            yield _found(message, context)


def _files(*patterns: str, leave_out: tuple[str, ...] = ()) -> list[Path]:
    found = {p for pattern in patterns for p in ROOT.glob(pattern)}
    return sorted(p for p in found if not any(p.match(x) for x in leave_out))


RULE_REFERENCE = ("arbiter/rules/reference.py",)
"""The rule reference's own framing words belong to the reports, not to the findings."""

SIMULATOR = ("arbiter/families/*/bot*.py", "arbiter/families/*/plans.py", "arbiter/families/*/coverage.py")
"""A family's bots and coverage speak with the simulator, in the reports, not in the findings."""


def _findings() -> Iterator[Found]:
    yield from _python(
        _files(
            "arbiter/engine/**/*.py",
            "arbiter/rules/**/*.py",
            "arbiter/variations/**/*.py",
            "arbiter/families/**/*.py",
            "arbiter/positions/**/*.py",
            "arbiter/sheets/**/*.py",
            "arbiter/cards.py",
            leave_out=RULE_REFERENCE + SIMULATOR,
        ),
        CODE_KEYWORDS,
    )


LIBRARY_ACTIONS = ("arbiter/notation/actions.py",)
"""The library's `Action` read from its text: its words are said to a library's user, in the
reports, not by the reader of records (whose every message the reader's own walk says)."""


def _notation() -> Iterator[Found]:
    yield from _python(
        _files("arbiter/notation.py", "arbiter/notation/**/*.py", leave_out=LIBRARY_ACTIONS), CODE_KEYWORDS
    )


def _reports() -> Iterator[Found]:
    shared = ("arbiter/notation.py", "arbiter/cards.py")
    code = _files(
        "arbiter/*.py",
        "arbiter/rulings/**/*.py",
        "arbiter/judging/**/*.py",
        "arbiter/files/**/*.py",
        "arbiter/archive/**/*.py",
        "arbiter/house/**/*.py",
        "arbiter/event/**/*.py",
        "arbiter/simulate/**/*.py",
        "arbiter/bots/**/*.py",
        "arbiter_cli/**/*.py",
        leave_out=shared,
    ) + _files(*RULE_REFERENCE, *SIMULATOR, *LIBRARY_ACTIONS)
    yield from _python(code, CODE_KEYWORDS)
    yield from _templates(_files("arbiter_cli/templates/**/*.html"))


def _web() -> Iterator[Found]:
    yield from _python(_files("arbiter_web/**/*.py"), WEB_KEYWORDS)
    yield from _templates(_files("arbiter_web/templates/**/*.html", "arbiter_web/*/templates/**/*.html"))


def _rulesets() -> Iterator[Found]:
    """The rule sets' data: what the rule reference, the rulings and the pages say of each rule."""
    import importlib
    import pkgutil

    import arbiter.families as families_package
    import arbiter.rules as rules_package
    from arbiter import cards
    from arbiter.families import get as ruleset
    from arbiter.families import names
    from arbiter.rules.base import Words
    from arbiter.rules.codes import NOTATION

    for rule in NOTATION.values():
        yield from ((s, None, None) for s in (rule.name, rule.summary, rule.source))
    for name in names():
        rules = ruleset(name)
        yield from ((s, None, None) for s in (rules.title, rules.summary))
        for rule in rules.catalogue.values():
            yield from ((s, None, None) for s in (rule.name, rule.summary, rule.source))
        for option in rules.options:
            yield from ((s, None, None) for s in (option.summary, option.source, option.form))
        for choice in rules.choices:
            yield from ((s, None, None) for s in (choice.point, choice.books, choice.chosen, choice.why))
    modules = [
        importlib.import_module(module.name)
        for package in (rules_package, families_package)
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    ]
    words = [Words()]
    for loaded in modules:
        words += [value for value in vars(loaded).values() if isinstance(value, Words)]
    for word in words:
        yield from ((s, None, None) for s in (word.pile, word.bonus, word.stop, word.laid, *word.cards.values()))
    from arbiter.rules.sheet_spec import SHARED_LABELS, SheetSpec

    yield from ((s, None, None) for s in SHARED_LABELS.values())
    for loaded in modules:
        sheets = [value for value in vars(loaded).values() if isinstance(value, SheetSpec)]
        yield from ((s, None, None) for sheet in sheets for s in sheet.labels().values())
    yield from ((s, None, None) for s in cards.NAMES.values())


def _click() -> Iterator[Found]:
    """Every message of the installed click (requirements.txt pins it): upgrading click and running
    `update` brings its new messages in, and `check` fails until they are translated."""
    import click

    yield from _python(Path(click.__file__).parent.glob("*.py"), CLICK_KEYWORDS)


SOURCES: dict[str, Callable[[], Iterator[Found]]] = {
    "rulesets": _rulesets,
    "findings": _findings,
    "notation": _notation,
    "reports": _reports,
    "web": _web,
    CLICK: _click,
}
assert tuple(SOURCES) == CATALOGUES


def template(domain: str) -> Catalog:
    """The domain's messages as the code says them now (a .pot, kept in memory)."""
    catalog = Catalog(domain=domain, project="arbiter", version="1", fuzzy=False, creation_date=STABLE_DATE)
    for message, plural, context in SOURCES[domain]():
        if message:
            catalog.add((message, plural) if plural else message, context=context)
    return catalog


def _po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def _header(language: str, domain: str) -> str:
    return (
        f"# {LANGUAGES[language]} ({language}) messages of arbiter: the {domain} domain.\n"
        f"# The terms follow the glossary {GLOSSARIES[language]}; keep to it, and to the placeholders\n"
        "# ({name}) of each English message. tools/messages.py updates, compiles and checks this file.\n"
    )


def read(language: str, domain: str) -> Catalog:
    path = _po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain, project="arbiter", version="1", fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def write(catalog: Catalog, language: str, domain: str) -> None:
    catalog.header_comment = _header(language, domain)
    catalog.fuzzy = False
    catalog.project, catalog.version = "arbiter", "1"
    catalog.creation_date = catalog.revision_date = STABLE_DATE
    catalog.last_translator = f"arbiter's {LANGUAGES[language]} translators"
    catalog.language_team = f"{LANGUAGES[language]} ({GLOSSARIES[language]})"
    catalog.msgid_bugs_address = ""
    path = _po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True, omit_header=False, sort_output=True, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def update() -> None:
    """Every domain's catalogue made from the code again. A message that moved to another domain
    (its module moved to another package) keeps its translation, found in the domain it left."""
    said = {language: _translations(language) for language in GLOSSARIES}
    for domain in CATALOGUES:
        pot = template(domain)
        for language in GLOSSARIES:
            catalog = read(language, domain)
            catalog.update(copy.deepcopy(pot), no_fuzzy_matching=True)  # its messages become the catalogue's
            for message in catalog:
                if message.id and not _translated(message) and _key(message) in said[language]:
                    message.string = said[language][_key(message)]
            write(catalog, language, domain)
            _po_path(language, domain).with_suffix(".mo").write_bytes(compiled(catalog))


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings)


def _translations(language: str) -> dict[str, object]:
    """Each message's translation in any domain of `language`, by its English and context."""
    return {
        _key(message): message.string
        for domain in CATALOGUES
        for message in read(language, domain)
        if message.id and _translated(message)
    }


def compile_all() -> None:
    for domain in CATALOGUES:
        for language in GLOSSARIES:
            _po_path(language, domain).with_suffix(".mo").write_bytes(compiled(read(language, domain)))


def _fields(text: str) -> set[str]:
    """The placeholders of a message: `{name}` fields, and `%(name)s` ones (some of click's)."""
    named = {f"%({name})" for name in re.findall(r"%\((\w+)\)", text)}
    try:
        return named | {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def problems(language: str, domain: str) -> list[str]:
    """What is wrong with one catalogue: every message of the code present and translated, none
    fuzzy, none left over, the placeholders those of the English, the .mo compiled from the .po."""
    pot, catalog = template(domain), read(language, domain)
    where = f"{language}/{domain}.po"
    found = []
    wanted = {_key(m) for m in pot if m.id}
    have = {_key(m): m for m in catalog if m.id}
    found += [f"{where}: missing {key!r}" for key in sorted(wanted - set(have))]
    found += [f"{where}: no longer used {key!r}" for key in sorted(set(have) - wanted)]
    for key in sorted(wanted & set(have)):
        message = have[key]
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.fuzzy:
            found.append(f"{where}: fuzzy {key!r}")
        if not all(strings):
            found.append(f"{where}: untranslated {key!r}")
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        english = set().union(*(_fields(form) for form in forms))
        for index, translated in enumerate(strings):
            # Each form keeps its English form's placeholders (a singular may say the count `n` in
            # words, and click's singulars write their count: "1 was given"), and adds none.
            needed = _fields(forms[min(index, len(forms) - 1)]) - ({"n"} if len(forms) > 1 else set())
            if not (needed <= _fields(translated) <= english):
                fields = sorted(_fields(translated))
                found.append(f"{where}: placeholders {fields} differ from {sorted(english)} in {key!r}")
    mo = _po_path(language, domain).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(catalog):
        found.append(f"{where}: the .mo is not compiled from the .po (python tools/messages.py compile)")
    return found


def _key(message: Message) -> str:
    """A message's English (its singular), preceded by its context where it has one."""
    english = message.id if isinstance(message.id, str) else message.id[0]
    return english if message.context is None else f"{message.context}|{english}"


def disagreements(language: str) -> list[str]:
    """The same English message (in the same context) said two ways in two domains of one
    language: the catalogues are merged into one, so one of the two would be lost. A word that
    says two things takes a context instead (arbiter.i18n.pmsg)."""
    said: dict[str, dict[str, object]] = {}
    for domain in DOMAINS:
        for message in read(language, domain):
            if message.id and message.string:
                said.setdefault(_key(message), {})[domain] = message.string
    return [
        f"{language}: {key!r} is said differently in {', '.join(f'{d} ({t!r})' for d, t in ways.items())}"
        for key, ways in sorted(said.items())
        if len({str(t) for t in ways.values()}) > 1
    ]


def check() -> list[str]:
    per_domain = [problem for domain in CATALOGUES for language in GLOSSARIES for problem in problems(language, domain)]
    return per_domain + [problem for language in GLOSSARIES for problem in disagreements(language)]


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = check()
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
