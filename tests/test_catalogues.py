"""The translation catalogues are complete: every message a user can read, in every domain, is
translated into Spanish, Portuguese and Italian, none fuzzy, with the English message's placeholders,
and each compiled .mo is the one its .po gives (tools/messages.py, docs/translations.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from arbiter.i18n import LANGUAGES, Text, Translator, msg, msg_n, pmsg, term

ROOT = Path(__file__).resolve().parent.parent


def _messages_tool():
    spec = importlib.util.spec_from_file_location("messages_tool", ROOT / "tools" / "messages.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("messages_tool", module)
    spec.loader.exec_module(module)
    return module


TOOL = _messages_tool()
TRANSLATED = [language for language in LANGUAGES if language != "en"]


@pytest.mark.parametrize("domain", TOOL.CATALOGUES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_domain_is_translated_with_its_placeholders(language: str, domain: str) -> None:
    assert TOOL.problems(language, domain) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_names_the_glossary_it_follows(language: str) -> None:
    glossary = ROOT / TOOL.GLOSSARIES[language]
    assert glossary.exists()
    for domain in TOOL.CATALOGUES:
        header = (TOOL.LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
        assert TOOL.GLOSSARIES[language] in header.split("msgid", 1)[0]


def test_a_check_finds_a_message_left_untranslated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The check itself can fail: a catalogue that lacks one English message is reported.
    monkeypatch.setattr(TOOL, "LOCALE_DIR", tmp_path)
    catalog = TOOL.read("es", "rulesets")
    TOOL.write(catalog, "es", "rulesets")
    assert any(problem.startswith("es/rulesets.po: missing") for problem in TOOL.problems("es", "rulesets"))


def test_a_placeholder_changed_in_a_translation_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TOOL, "LOCALE_DIR", tmp_path)
    catalog = TOOL.read("it", "rulesets")
    catalog.update(TOOL.template("rulesets"), no_fuzzy_matching=True)
    for message in catalog:
        if message.id:
            message.string = ("{wrong}",) * 2 if isinstance(message.id, tuple) else "{wrong}"
    TOOL.write(catalog, "it", "rulesets")
    assert any("placeholders" in problem for problem in TOOL.problems("it", "rulesets"))


def test_english_is_the_text_itself_and_costs_no_lookup() -> None:
    text = msg("{player} loses {points:,} points", player="Ana", points=1500)
    assert text == "Ana loses 1,500 points" and isinstance(text, str)
    assert Translator("en")(text) == "Ana loses 1,500 points"


def test_a_count_chooses_the_plural_form() -> None:
    assert msg_n("{n} card", "{n} cards", 1) == "1 card"
    assert msg_n("{n} card", "{n} cards", 3) == "3 cards"


def test_a_plain_value_is_put_in_as_it_is_and_a_term_is_translated() -> None:
    spanish = Translator("es")
    pile = spanish(term("Prize pile"))
    assert pile != "Prize pile" and spanish.unknown(term("Prize pile")) == []
    said = spanish(msg("{player} takes the {pile}", player="Prize pile", pile=term("Prize pile")))
    assert said == f"Prize pile takes the {pile}"  # the template is not in a catalogue: English, with its values


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no such language"):
        Translator("fr")


def test_a_text_survives_pickling_with_its_parts() -> None:
    import pickle

    text = msg("{a} and {b}", a="x", b=msg("the pile"))
    again = pickle.loads(pickle.dumps(text))
    assert isinstance(again, Text) and again == text and again.params["b"].msgid == "the pile"


def test_a_word_that_says_two_things_is_said_in_each_sense() -> None:
    spanish = Translator("es")
    as_a_count = spanish(pmsg("a count of cards", "no"))
    as_an_answer = spanish(msg("no"))
    assert as_a_count != as_an_answer and spanish.unknown(pmsg("a count of cards", "no")) == []


def test_one_english_message_said_two_ways_in_two_domains_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The domains are merged into one catalogue: of two translations of one message, one is lost.
    monkeypatch.setattr(TOOL, "LOCALE_DIR", tmp_path)
    for domain, said in (("reports", "todavía no hay ganador"), ("web", "todavía sin ganador")):
        catalog = TOOL.read("es", domain)
        catalog.add("no winner yet", said)
        TOOL.write(catalog, "es", domain)
    assert TOOL.disagreements("es") == [
        "es: 'no winner yet' is said differently in reports ('todavía no hay ganador'), web ('todavía sin ganador')"
    ]


def test_clicks_messages_are_taken_from_the_installed_click() -> None:
    # The click domain is extracted from click's own source: an upgrade brings its new messages in.
    messages = {message.id for message in TOOL.template("click") if message.id}
    assert {"Usage:", "No such option {name!r}.", "Error: {message}", "%(prog)s, version %(version)s"} <= messages
    assert ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.") in messages


def test_a_click_message_left_untranslated_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = TOOL.read("pt", "click")
    monkeypatch.setattr(TOOL, "LOCALE_DIR", tmp_path)
    catalog["Missing argument"].string = ""
    TOOL.write(catalog, "pt", "click")
    (tmp_path / "pt" / "LC_MESSAGES" / "click.mo").write_bytes(TOOL.compiled(catalog))
    assert TOOL.problems("pt", "click") == ["pt/click.po: untranslated 'Missing argument'"]


def test_a_click_placeholder_changed_in_a_translation_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Click's placeholders are {name}-style .format fields and some %(name)s ones.
    catalog = TOOL.read("es", "click")
    monkeypatch.setattr(TOOL, "LOCALE_DIR", tmp_path)
    catalog["%(prog)s, version %(version)s"].string = "%(prog)s, versión"
    catalog["No such option {name!r}."].string = "No existe la opción {nombre!r}."
    TOOL.write(catalog, "es", "click")
    (tmp_path / "es" / "LC_MESSAGES" / "click.mo").write_bytes(TOOL.compiled(catalog))
    found = TOOL.problems("es", "click")
    assert len(found) == 2 and all("placeholders" in problem for problem in found)
