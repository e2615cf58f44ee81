"""The command line in the reader's language: `--lang`, `lang` in [tool.arbiter], the environment.

Every command that prints words says them in Spanish, Portuguese or Italian when asked; codes,
JSON keys, option names and the notation stay as they are. A translator that records every `Text`
it is asked to say proves that no template of the reports reaches a reader untranslated.
"""

from __future__ import annotations

import ast
import csv
import importlib
import io
import json
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from arbiter.i18n import Text, Translator
from arbiter_cli.main import cli

SAMPLES = Path(__file__).parent.parent / "samples"
WRONG_TAKE = SAMPLES / "caliente-illegal-first-take-short-of-minimum.acn"
WRONG_SCORE = SAMPLES / "caliente-illegal-wrong-declared-score.acn"
LANGUAGES = ("es", "pt", "it")
FORMATS = ("text", "json", "junit", "github", "sarif", "html", "csv")
NO_LANGUAGE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}

MALFORMED = """\
[Rules "caliente"]
[Seats "ann bob cid dee"]
[Teams "ann+cid bob+dee"]

hand 1 dealer ann
deal ann 4 4 6 6 8 9 Q Q A A 3
"""


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env={**NO_LANGUAGE, **(env or {})})


def check_in(lang: str, *paths: Path, fmt: str = "text") -> Result:
    return run("check", "--isolated", "--lang", lang, "-f", fmt, *map(str, paths))


# --- choosing the language ----------------------------------------------------------------------


def test_the_lang_flag_says_the_verdict_the_summary_and_the_score_sheet_in_spanish():
    result = check_in("es", WRONG_TAKE)
    assert result.exit_code == 1
    assert "partida 1 (línea 6, caliente): ilegal (1 error): una jugada infringe una regla" in result.output
    assert "1 archivo, 1 partida: válidas 0, ilegales 1, mal formadas 0; 1 error, 0 avisos" in result.output
    assert "hoja de puntuación" in result.output
    assert "cuándo: mano 1, turno 1, juega bob" in result.output


def test_codes_severities_and_notation_stay_as_they_are_in_every_language():
    english = check_in("en", WRONG_TAKE).output
    for lang in LANGUAGES:
        said = check_in(lang, WRONG_TAKE).output
        assert "19:6: error[take-initial]" in said
        assert "take 10 with [10 10 10] and [5 5 5]" in said
        assert said != english


def test_english_is_the_default_and_the_same_as_asking_for_it():
    assert run("check", "--isolated", str(WRONG_TAKE)).output == check_in("en", WRONG_TAKE).output
    assert "game 1 (line 6, caliente): illegal" in check_in("en", WRONG_TAKE).output


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "partida 1 (linha 6, caliente): irregular"),
        ({"LANG": "es_AR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "partita 1 (riga 6, caliente): irregolare"),
        ({"LANG": "it_IT.UTF-8", "LANGUAGE": "es:it"}, "partida 1 (línea 6, caliente): ilegal"),
        ({"LANG": "de_DE.UTF-8"}, "game 1 (line 6, caliente): illegal"),
    ],
)
def test_the_environment_chooses_the_language_when_no_flag_or_configuration_does(environment, expected):
    result = run("check", "--isolated", str(WRONG_TAKE), env=environment)
    assert expected in result.output


def write_config(folder: Path, lang: str) -> None:
    (folder / "arbiter.toml").write_text(f'lang = "{lang}"\n', encoding="utf-8")


def test_lang_in_the_configuration_file_chooses_the_language(tmp_path, monkeypatch):
    write_config(tmp_path, "it")
    monkeypatch.chdir(tmp_path)
    result = run("check", str(WRONG_TAKE))
    assert "partita 1 (riga 6, caliente): irregolare" in result.output


def test_the_flag_beats_the_configuration_which_beats_the_environment(tmp_path, monkeypatch):
    write_config(tmp_path, "it")
    monkeypatch.chdir(tmp_path)
    assert "partita 1" in run("check", str(WRONG_TAKE), env={"LANG": "pt_BR.UTF-8"}).output
    assert "partida 1 (línea 6" in run("check", "--lang", "es", str(WRONG_TAKE), env={"LANG": "pt_BR"}).output


def test_an_unknown_language_on_the_command_line_is_a_usage_error():
    result = run("check", "--isolated", "--lang", "xx", str(WRONG_TAKE))
    assert result.exit_code == 2
    assert "--lang: 'xx' is not a language the arbiter speaks (one of en, es, pt, it)" in result.output


def test_an_unknown_language_in_the_configuration_is_a_usage_error_naming_the_file(tmp_path, monkeypatch):
    write_config(tmp_path, "tlh")
    monkeypatch.chdir(tmp_path)
    result = run("check", str(WRONG_TAKE))
    assert result.exit_code == 2
    assert "arbiter.toml" in result.output and "'tlh' is not a language the arbiter speaks" in result.output


def test_a_language_in_the_configuration_that_is_not_a_string_is_a_usage_error(tmp_path, monkeypatch):
    (tmp_path / "arbiter.toml").write_text("lang = 3\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("check", str(WRONG_TAKE))
    assert result.exit_code == 2 and "lang must be a string" in result.output


def test_a_language_tag_with_a_region_or_capitals_is_the_language():
    assert "partida 1 (linha 6" in run("check", "--isolated", "--lang", "PT", str(WRONG_TAKE)).output


# --- every format, every language: nothing English left of the reports ------------------------


class Recorder(Translator):
    """A translator that keeps every `Text` it is asked to say, to look for untranslated ones."""

    def __init__(self, language: str) -> None:
        super().__init__(language)
        self.said: list[Text] = []

    def __call__(self, value: str) -> str:
        if isinstance(value, Text):
            self.said.append(value)
        return super().__call__(value)


@pytest.fixture
def recorders(monkeypatch) -> dict[str, Recorder]:
    """Every module that makes a translator makes a recording one, one per language."""
    made: dict[str, Recorder] = {}

    def recording(language: str | None = None) -> Translator:
        language = language or "en"
        if language == "en":
            return Translator("en")
        return made.setdefault(language, Recorder(language))

    for name in (
        "arbiter_cli.language",
        "arbiter.rulings",
        "arbiter.rulings.corrected_sheet",
        "arbiter.rules.reference",
    ):
        monkeypatch.setattr(importlib.import_module(name), "translator", recording)
    monkeypatch.setattr(importlib.import_module("arbiter.simulate.coverage"), "translator", recording)
    return made


def inputs(tmp_path: Path) -> list[Path]:
    """A move against a rule, a wrong declared score, an unreadable record and a binary file."""
    malformed = tmp_path / "malformed.acn"
    malformed.write_text(MALFORMED, encoding="utf-8")
    binary = tmp_path / "binary.acn"
    binary.write_bytes(b"\x00\x01\x02")
    return [WRONG_TAKE, WRONG_SCORE, malformed, binary]


def untranslated(recorder: Recorder) -> list[str]:
    """The English templates said untranslated, but those of the other domains' catalogues (the
    engine's findings, the reader's, the rule sets' data), which their own tests hold to account."""
    found = {template for text in recorder.said for template in recorder.unknown(text)}
    return sorted(found - other_domains())


@cache
def other_domains() -> frozenset[str]:
    sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
    messages = importlib.import_module("messages")
    return frozenset(
        m.id if isinstance(m.id, str) else m.id[0]
        for domain in ("findings", "notation", "rulesets")
        for m in messages.template(domain)
        if m.id
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_says_every_word_of_the_reports_in_the_language(fmt, lang, recorders, tmp_path):
    result = check_in(lang, *inputs(tmp_path), fmt=fmt)
    assert result.exit_code == 2, result.output  # the binary file is not checked
    recorder = recorders[lang]
    assert recorder.said, "nothing was said through the translator"
    assert untranslated(recorder) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_json_keeps_its_keys_and_codes_and_says_the_sheet_in_the_language(lang, tmp_path):
    english = json.loads(check_in("en", *inputs(tmp_path), fmt="json").stdout)
    said = json.loads(check_in(lang, *inputs(tmp_path), fmt="json").stdout)
    assert shape(said) == shape(english)
    assert codes(said) == codes(english)
    first_english = english["files"][0]["games"][0]["sheet"]["hands"][0]["reason"]
    first_said = said["files"][0]["games"][0]["sheet"]["hands"][0]["reason"]
    assert first_said != first_english and first_said.startswith("take-initial")
    assert said["files"][3]["error"] != english["files"][3]["error"]  # the binary file, said


def shape(value: Any) -> Any:
    """The keys of a JSON value, all the way down."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


def codes(document: dict) -> list[tuple[str, str, str]]:
    return [
        (finding["code"], finding["severity"], game["verdict"])
        for file in document["files"]
        for game in file["games"]
        for finding in game["findings"]
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sarif_keeps_its_rule_ids_and_levels(lang, tmp_path):
    english = json.loads(check_in("en", *inputs(tmp_path), fmt="sarif").stdout)["runs"][0]
    said = json.loads(check_in(lang, *inputs(tmp_path), fmt="sarif").stdout)["runs"][0]
    assert [(r["ruleId"], r["level"]) for r in said["results"]] == [
        (r["ruleId"], r["level"]) for r in english["results"]
    ]
    assert [rule["id"] for rule in said["tool"]["driver"]["rules"]] == [
        rule["id"] for rule in english["tool"]["driver"]["rules"]
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_junit_keeps_its_structure_and_says_the_game_names(lang, tmp_path):
    english = ET.fromstring(check_in("en", *inputs(tmp_path), fmt="junit").stdout.split("\n", 1)[1])
    said = ET.fromstring(check_in(lang, *inputs(tmp_path), fmt="junit").stdout.split("\n", 1)[1])
    assert [(e.tag, e.get("type")) for e in said.iter()] == [(e.tag, e.get("type")) for e in english.iter()]
    names = [case.get("name") for case in said.iter("testcase")]
    assert names != [case.get("name") for case in english.iter("testcase")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_csv_keeps_its_column_names_and_says_its_cells(lang, tmp_path):
    english = list(csv.reader(io.StringIO(check_in("en", *inputs(tmp_path), fmt="csv").stdout)))
    said = list(csv.reader(io.StringIO(check_in(lang, *inputs(tmp_path), fmt="csv").stdout)))
    assert said[0] == english[0]
    assert [row[said[0].index("verdict")] for row in said] == [row[english[0].index("verdict")] for row in english]
    assert [row[said[0].index("result")] for row in said[1:]] != [
        row[english[0].index("result")] for row in english[1:]
    ]


HTML_WORDS = ("Round report", "Games", "Verdict", "Scores by hand", "Counted", "Declared", "No findings")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_html_report_is_in_the_language_with_its_lang_attribute(lang, tmp_path):
    page = check_in(lang, *inputs(tmp_path), fmt="html").stdout
    assert f'<html lang="{lang}">' in page
    assert [word for word in HTML_WORDS if word in page] == []


def test_the_html_report_in_english_says_english_on_its_html_element(tmp_path):
    page = check_in("en", *inputs(tmp_path), fmt="html").stdout
    assert '<html lang="en">' in page and "Round report" in page


def test_numbers_in_the_round_report_are_grouped_as_the_language_writes_them():
    english = check_in("en", SAMPLES / "caliente-2-players.acn", fmt="csv").stdout
    italian = check_in("it", SAMPLES / "caliente-2-players.acn", fmt="csv").stdout
    assert "," in english.split("\n")[1] and italian != english
    assert any(cell.count(".") for cell in next(csv.reader(io.StringIO(italian.split("\n", 1)[1]))))


# --- the other commands -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rule_reference_is_framed_in_the_language(lang, recorders):
    result = run("rules", "caliente", "--lang", lang)
    assert result.exit_code == 0
    assert "rule reference" not in result.output.split("\n")[0]
    assert "`arbiter rules caliente`" in result.output  # the command, as it is typed
    assert untranslated(recorders[lang]) == []


def test_the_rule_set_list_is_in_the_language():
    result = run("rules", "--lang", "es")
    assert "opciones (--option NAME=VALUE" in result.output and "La referencia de reglas" in result.output


def test_the_table_is_described_in_the_language():
    result = run("table", str(SAMPLES / "caliente-2-players.acn"), "--hand", "1", "--turn", "3", "--lang", "pt")
    assert result.exit_code == 0
    assert result.output.startswith("rodada 1, após a vez 3")
    assert "mãos:" in result.output and "monte: " in result.output


def test_fmt_reports_syntax_errors_in_the_language(tmp_path):
    record = tmp_path / "broken.acn"
    record.write_text(MALFORMED, encoding="utf-8")
    result = run("fmt", "--isolated", "--check", "--lang", "it", str(record))
    assert "non formattata: la registrazione ha errori di sintassi" in result.output
    assert "0 registrazioni verrebbero riformattate" in result.output


def test_simulate_reports_its_coverage_in_the_language():
    result = run("simulate", "--games", "1", "--coverage", "--lang", "es")
    assert "1 partida juzgada; no válidas: 0" in result.stderr
    assert "caminos legales (recorridos" in result.stderr


def test_a_clubs_rule_reference_is_in_the_language_with_the_clubs_own_words_as_written():
    result = run("rules", "--house", str(SAMPLES / "hoyle-household.rules.toml"), "--lang", "it")
    assert result.exit_code == 0
    assert result.output.startswith("# The Hoyle household, version 2026-winter: varianti del circolo")
    assert "## Le regole del circolo" in result.output and "**1** (del circolo)" in result.output
    assert "One canasta is enough to go out" in result.output  # the club's note, as the club wrote it
    assert "## Regole" in result.output  # the family's rules follow, framed in Italian too


def test_the_command_lines_own_usage_errors_are_in_the_language():
    result = run("check", "--isolated", "--lang", "es", "--statistics", "-f", "json", str(WRONG_TAKE))
    assert result.exit_code == 2
    assert "--statistics imprime una tabla de texto; no se combina con --format json" in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reports_catalogue_is_complete_compiled_and_keeps_every_placeholder(lang):
    """tools/messages.py check, for the reports domain: every message of the code translated, none
    fuzzy or left over, the placeholders of the English, the .mo compiled from the .po."""
    sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
    messages = importlib.import_module("messages")
    assert messages.problems(lang, "reports") == []


def test_a_comparison_of_two_rulebooks_is_in_the_language():
    result = run("rules", "--compare", str(SAMPLES / "hoyle-household.rules.toml"), "hoyle", "--lang", "pt")
    assert result.exit_code == 0
    assert "Diferem em 2 regras (de 12 opções):" in result.output
    assert "| regra |" in result.output and "`arbiter rules hoyle`" in result.output


# --- one carrier of the reader's language (issue 49) ----------------------------------------------


def test_no_part_of_the_command_line_is_handed_a_translator_of_its_own() -> None:
    """The renderers and helpers say their words through the one carrier (arbiter_cli.language):
    none takes the translator as a parameter beside it."""
    handed = []
    for path in sorted((Path(__file__).parent.parent / "arbiter_cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = [arg.arg for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
                handed += [f"{path.name}:{node.lineno} {node.name}" for name in names if name == "say"]
    assert handed == []


def test_a_renderer_speaks_the_language_the_command_carries_and_english_outside_a_command() -> None:
    from arbiter import check
    from arbiter.i18n import translator
    from arbiter.rulings import counts
    from arbiter_cli.language import chosen
    from arbiter_cli.text import verdict_line

    (game,) = check('[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n')
    with chosen("es"):
        spanish = verdict_line("a.acn", game).plain
    english = verdict_line("a.acn", game).plain
    valid = counts.VERDICT_WORDS[game.verdict]
    assert translator("es")(valid) in spanish and translator("es")(valid) != str(valid)
    assert english.endswith(f": {translator('en')(valid)}") and spanish != english
