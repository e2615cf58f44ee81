"""Click's own words in the command line's language: the frame of every usage error ("Usage:",
"Try ... for help.", "Error:"), the usage errors click finds while parsing (an unknown option, a
missing argument, a bad choice, a bad integer, a file that cannot be opened) and the frame words of
the help pages, said in the language of `--lang`, of the configuration or of the environment, from
the `click` catalogue (arbiter_cli/click_words.py). English stays as click writes it. Each test
fails if click's English comes back."""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from arbiter.i18n import LOCALE_DIR
from arbiter_cli.click_words import DOMAIN, language_of_arguments
from arbiter_cli.main import cli

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
RECORD = str(SAMPLES / "caliente-scoring-example.acn")
LANGUAGES = ("es", "pt", "it")
NO_LANGUAGE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
FRAME = {
    "es": ("Uso: arbiter ", "Pruebe 'arbiter ", "Error: "),
    "pt": ("Uso: arbiter ", "Experimente 'arbiter ", "Erro: "),
    "it": ("Uso: arbiter ", "Prova 'arbiter ", "Errore: "),
}
"""How each language begins the three lines of click's frame around a usage error."""

CLICKS_OWN_ERRORS = {
    "unknown option": (("check", "--selec", "x"), "No such option '--selec'."),
    "missing argument": (("fmt",), "Missing argument 'PATH... | -'."),
    "missing option": (("table", RECORD), "Missing option '--hand'."),
    "bad choice": (
        ("check", "-f", "xx"),
        "Invalid value for '--output-format' / '--format' / '-f': 'xx' is not one of",
    ),
    "bad integer": (("check", "-j", "abc"), "Invalid value for '--jobs' / '-j': 'abc' is not a valid integer range."),
    "missing path": (("table", "nowhere.acn", "--hand", "1"), "Invalid value for 'FILE|-': 'nowhere.acn'"),
    "extra argument": (("rules", "caliente", "samba"), "Got unexpected extra argument (samba)"),
    "a folder for a file": (("check", "--output-file", str(SAMPLES)), "Invalid value for '--output-file': File "),
    "unknown command": (("judge", "--lang", "{lang}"), "No such command 'judge'."),
}
"""Each usage error click finds itself: the arguments, and the start of its English message."""


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env={**NO_LANGUAGE, **(env or {})}, prog_name="arbiter")


def with_lang(args: tuple[str, ...], lang: str) -> tuple[str, ...]:
    given = tuple(arg.format(lang=lang) for arg in args)
    return given if "--lang" in given else (*given, "--lang", lang)


def click_says(lang: str, message: str) -> str:
    return gettext.translation(DOMAIN, LOCALE_DIR, [lang]).gettext(message)


def assert_framed_in(lang: str, result: Result, english_message: str) -> None:
    usage, hint, error = FRAME[lang]
    lines = result.output.splitlines()
    assert result.exit_code == 2, result.output
    assert lines[0].startswith(usage) and lines[1].startswith(hint) and lines[-1].startswith(error), result.output
    assert english_message not in result.output
    for english in ("Usage:", "Try '", "for help", "Invalid value", "Missing", "No such", "is not", "unexpected"):
        assert english not in result.output, result.output


@pytest.mark.parametrize(("args", "english"), CLICKS_OWN_ERRORS.values(), ids=CLICKS_OWN_ERRORS.keys())
def test_english_is_said_as_click_writes_it(args: tuple[str, ...], english: str) -> None:
    english_args = tuple(arg for arg in args if arg not in ("--lang", "{lang}"))
    for result in (run(*english_args), run(*with_lang(english_args, "en"), env={"LANG": "es_AR.UTF-8"})):
        lines = result.output.splitlines()
        assert result.exit_code == 2
        assert lines[0].startswith("Usage: arbiter") and lines[1].startswith("Try 'arbiter")
        assert lines[-1].startswith(f"Error: {english}"), result.output


@pytest.mark.parametrize(("args", "english"), CLICKS_OWN_ERRORS.values(), ids=CLICKS_OWN_ERRORS.keys())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_clicks_own_usage_errors_are_said_in_the_language_of_the_flag(
    lang: str, args: tuple[str, ...], english: str
) -> None:
    assert_framed_in(lang, run(*with_lang(args, lang)), english)


@pytest.mark.parametrize(("args", "english"), CLICKS_OWN_ERRORS.values(), ids=CLICKS_OWN_ERRORS.keys())
def test_clicks_own_usage_errors_are_said_in_the_language_of_the_environment(
    args: tuple[str, ...], english: str
) -> None:
    args = tuple(arg for arg in args if arg not in ("--lang", "{lang}"))
    assert_framed_in("pt", run(*args, env={"LANG": "pt_BR.UTF-8"}), english)


@pytest.mark.parametrize(
    ("lang", "said"), [("es", "Archivo '{path}': es una carpeta."), ("pt", "Arquivo '{path}': é uma pasta.")]
)
def test_the_kind_of_a_path_click_names_as_the_option_is_declared_is_said_in_the_language(lang: str, said: str) -> None:
    result = run("check", "--config", str(SAMPLES), "--lang", lang)
    assert result.output.splitlines()[-1].endswith(said.format(path=SAMPLES)), result.output


def test_the_flag_beats_the_environment_for_clicks_words() -> None:
    result = run("check", "--selec", "x", "--lang", "it", env={"LANG": "pt_BR.UTF-8"})
    assert_framed_in("it", result, "No such option")
    assert click_says("it", "No such option {name!r}.").format(name="--selec") in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_configurations_language_says_clicks_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    (tmp_path / "arbiter.toml").write_text(f'lang = "{lang}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert_framed_in(lang, run("check", "-j", "abc"), "is not a valid")
    english = run("check", "-j", "abc", "--isolated")  # no configuration read: the environment's, English
    assert english.output.startswith("Usage: arbiter check")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_message_of_the_arbiter_in_clicks_frame_is_said_in_one_language(lang: str) -> None:
    # An option not written NAME=VALUE is found while click parses, before --lang's value is known.
    result = run("check", "--option", "=yes", "--lang", lang, "-")
    assert_framed_in(lang, result, "write NAME=VALUE")
    assert {"es": "escriba", "pt": "escreva", "it": "scrivi"}[lang] + " NAME=VALUE" in result.output


@pytest.mark.parametrize(
    ("environment", "said"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "Erro: --lang: 'xx' não é um idioma que o árbitro fale (um de en, es, pt, it)"),
        ({"LANG": "es_AR.UTF-8"}, "Error: --lang: 'xx' no es un idioma que hable el árbitro (uno de en, es, pt, it)"),
        ({"LANGUAGE": "it"}, "Errore: --lang: 'xx' non è una lingua che l'arbitro parla (una tra en, es, pt, it)"),
        ({}, "Error: --lang: 'xx' is not a language the arbiter speaks (one of en, es, pt, it)"),
    ],
)
def test_an_unknown_lang_is_said_in_the_environments_language(environment: dict[str, str], said: str) -> None:
    result = run("check", "--lang", "xx", RECORD, env=environment)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_frame_words_of_the_help_are_said_in_the_language(lang: str) -> None:
    check = run("check", "--help", "--lang", lang).output
    table = run("table", "--help", "--lang", lang).output
    group = run("--help", env={"LANG": f"{lang}_XX.UTF-8"}).output
    for english in ("Usage:", "Options:", "[default: <stdin>]", "required]"):
        assert english not in check + table
    assert check.startswith(click_says(lang, "Usage:"))
    assert f"{click_says(lang, 'Options')}:" in check
    assert f"[{click_says(lang, 'default: {default}').format(default='<stdin>')}]" in check
    assert click_says(lang, "required") in table
    assert f"{click_says(lang, 'Commands')}:" in group and "Commands:" not in group
    assert click_says(lang, "Show the version and exit.") in group and "Show the version" not in group
    assert "Check game records" in check  # the arbiter's own help texts stay English


def test_the_help_options_own_help_is_said_in_the_language() -> None:
    # Click makes a command's --help option once per process, in the language of that run: a real run.
    lang = "pt"
    environment = {**os.environ, **NO_LANGUAGE}
    said = subprocess.run(
        [sys.executable, "-m", "arbiter", "fmt", "--help", "--lang", lang],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    ).stdout
    assert said.startswith(click_says(lang, "Usage:")) and click_says(lang, "Show this message and exit.") in said


def test_english_help_is_as_click_writes_it() -> None:
    check = run("check", "--help").output
    assert check.startswith("Usage: arbiter check [OPTIONS] [PATH... | -]")
    assert "Options:" in check and "Show this message and exit." in check and "[default: <stdin>]" in check


def test_a_run_leaves_the_process_as_it_found_it() -> None:
    # The language is the run's: click's modules, gettext and the environment are as they were after.
    environment, domain = dict(os.environ), gettext.textdomain()
    assert run("check", "--selec", "x", "--lang", "es").output.startswith("Uso:")
    assert click.core._ is gettext.gettext and click.exceptions.ngettext is gettext.ngettext  # type: ignore[attr-defined]
    assert gettext.textdomain() == domain and dict(os.environ) == environment
    assert run("check", "--selec", "x").output.startswith("Usage:")


# --- finding the language before click parses ---------------------------------------------------


@pytest.mark.parametrize(
    ("args", "language"),
    [
        (["check", "--lang", "es", "x.acn"], "es"),
        (["check", "--lang=PT", "x.acn"], "pt"),
        (["check", "--lang", "es", "--lang", "it"], "it"),  # the last one, as click reads it
        (["check", "--", "--lang", "es"], "en"),  # a path, not an option
        (["check", "--lang", "xx"], "pt"),  # not spoken: the environment's
        (["check", "--lang"], "pt"),
        (["check"], "pt"),
    ],
)
def test_the_language_is_found_in_the_arguments(args: list[str], language: str) -> None:
    environment = {"LANG": "pt_BR.UTF-8"} if "--" not in args else {}
    assert language_of_arguments(args, environment) == language


def test_the_configuration_named_or_found_gives_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "arbiter.toml").write_text('lang = "it"\n', encoding="utf-8")
    (tmp_path / "club.toml").write_text('lang = "es"\n', encoding="utf-8")
    (tmp_path / "broken.toml").write_text("lang = \n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert language_of_arguments(["check"], {}) == "it"
    assert language_of_arguments(["check", "--config", "club.toml"], {}) == "es"
    assert language_of_arguments(["check", "--config=club.toml", "--lang", "pt"], {}) == "pt"
    assert language_of_arguments(["check", "--isolated"], {"LANG": "pt_BR"}) == "pt"
    assert language_of_arguments(["check", "--config", "broken.toml"], {"LANG": "es_ES"}) == "es"
