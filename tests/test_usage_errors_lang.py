"""The command line's usage errors are said in the language asked for: a rulebook that cannot be
used, a --select code that names nothing, a configuration file that cannot be used, and the
"(the book's defaults)" side of `arbiter rules --compare`. Each test fails if the words come out
in English again."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import arbiter
from arbiter.archive import cluster
from arbiter.archive.discovery import RecordFinder
from arbiter.house import RulebookError, parse
from arbiter.i18n import Translator
from arbiter_cli.config import ConfigError, load
from arbiter_cli.main import cli
from arbiter_cli.selection import UnknownCode, check_codes

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
HOUSEHOLD = SAMPLES / "hoyle-household.rules.toml"
LANGUAGES = ("es", "pt", "it")
NO_LANGUAGE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), env=NO_LANGUAGE)


def error_of(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises((RulebookError, UnknownCode, ConfigError)) as raised:
        call()
    return raised.value.args[0]


BAD_RULEBOOKS = {
    "not TOML": "name = ",
    "an unknown key": 'name = "x"\nfamily = "hoyle"\nversion = 1\ncolour = "red"\n',
    "no family": 'name = "x"\nversion = 1\n',
    "a rule with no note": 'name = "x"\nfamily = "hoyle"\nversion = 1\n[rules.pile-take]\nvalue = "covered"\n',
    "an unknown base": 'name = "x"\nfamily = "hoyle"\nversion = 1\nbase = "nowhere"\n',
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text", BAD_RULEBOOKS.values(), ids=BAD_RULEBOOKS.keys())
def test_a_rulebook_that_cannot_be_used_is_said_in_the_language(text: str, lang: str) -> None:
    problem = error_of(lambda: parse(text, "club.rules.toml"))
    say = Translator(lang)
    assert say.unknown(problem) == [] and say(problem) != problem


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_select_code_that_names_nothing_is_said_in_the_language(lang: str) -> None:
    say = Translator(lang)
    for pattern in ("frozen-pile-taken-with-wil", "zzz"):
        problem = error_of(lambda pattern=pattern: check_codes("--select", [pattern]))
        assert say.unknown(problem) == [] and say(problem) != problem


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_configuration_file_that_cannot_be_used_is_said_in_the_language(tmp_path: Path, lang: str) -> None:
    say = Translator(lang)
    for text in ("rules = 3\n", "colour = 1\n", "select = [1]\n", "rules = \n"):
        (tmp_path / "arbiter.toml").write_text(text)
        problem = error_of(lambda: load(str(tmp_path / "arbiter.toml")))
        assert say.unknown(problem) == [] and say(problem) != problem


def test_the_command_line_says_a_rulebook_error_in_spanish(tmp_path: Path) -> None:
    book = tmp_path / "club.rules.toml"
    book.write_text(BAD_RULEBOOKS["an unknown key"])
    result = run("rules", "--lang", "es", "--house", str(book))
    assert result.exit_code == 2
    assert "clave desconocida 'colour'" in result.output and "unknown key" not in result.output


def test_the_command_line_says_an_unknown_code_in_italian() -> None:
    result = run("check", "--lang", "it", "--select", "zzz", str(SAMPLES))
    assert result.exit_code == 2
    assert "non corrisponde a nessun codice" in result.output and "matches no" not in result.output


def test_a_configuration_error_is_said_in_the_language_of_the_flag(tmp_path: Path) -> None:
    (tmp_path / "arbiter.toml").write_text("colour = 1\n")
    result = run("check", "--lang", "pt", "--config", str(tmp_path / "arbiter.toml"), str(SAMPLES))
    assert result.exit_code == 2
    assert "chave desconhecida 'colour'" in result.output and "unknown key" not in result.output


@pytest.mark.parametrize(
    ("lang", "words"), [("es", "los valores del libro"), ("pt", "os valores do livro"), ("it", "i valori del libro")]
)
def test_the_books_defaults_in_a_comparison_are_said_in_the_language(lang: str, words: str) -> None:
    result = run("rules", "--lang", lang, "--compare", str(HOUSEHOLD), "hoyle")
    assert result.exit_code == 0, result.output
    assert words in result.output and "the book's defaults" not in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_clusters_errors_are_said_in_the_language(lang: str) -> None:
    say = Translator(lang)
    with pytest.raises(cluster.ClusterError) as raised:
        cluster.connect("local:many").__enter__()
    problems = [
        raised.value.args[0],
        cluster._died(cluster.Piece("club/a.acn", last_line=9)).error,
        cluster._died(cluster.Piece("s3://club/a.acn", url="s3://club/a.acn")).error,
        cluster._collect_url(str(SAMPLES / "nowhere"), RecordFinder(()))[0].error,
    ]
    for problem in problems:
        assert say.unknown(problem) == [] and say(problem) != problem


def test_a_cluster_error_reaches_the_command_line_in_the_language() -> None:
    result = run("check", "--lang", "es", "--scheduler", "local:many", str(SAMPLES))
    assert result.exit_code == 2
    assert "un clúster local se escribe local:N" in result.output and "a local cluster is" not in result.output


CONFLICTING_FLAGS = {
    "rules with a name and --house": ("rules", "caliente", "--house", str(HOUSEHOLD)),
    "fmt --write with --check": ("fmt", "--write", "--check", str(SAMPLES / "caliente-scoring-example.acn")),
    "fmt --write of standard input": ("fmt", "--write", "-"),
    "fmt printing a folder": ("fmt", str(SAMPLES)),
}


@pytest.mark.parametrize("args", CONFLICTING_FLAGS.values(), ids=CONFLICTING_FLAGS.keys())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_flags_that_cannot_go_together_are_said_in_the_language(args: tuple[str, ...], lang: str) -> None:
    english, said = run(*args), run(*args, "--lang", lang)
    assert english.exit_code == said.exit_code == 2
    problem = english.output.strip().splitlines()[-1].removeprefix("Error: ")
    error = {"es": "Error: ", "pt": "Erro: ", "it": "Errore: "}[lang]  # click's frame, in the language too
    assert problem and problem not in said.output and said.output.strip().splitlines()[-1].startswith(error)


def test_an_option_not_written_name_equals_value_is_said_in_the_environments_language() -> None:
    result = CliRunner().invoke(
        cli, ["check", "--option", "=yes", "-"], input="", env=NO_LANGUAGE | {"LANG": "es_AR.UTF-8"}
    )
    assert result.exit_code == 2 and "escriba NAME=VALUE" in result.output


def _simulator_errors() -> list[str]:
    """Every usage error of the simulator as a library: an option's value, an unknown option or
    rule set, a stock mode, a table size, a count, a style, a three-pack game of four."""
    from arbiter.families.hand_and_foot.bot_rules import HandAndFootRules
    from arbiter.simulate import Style, simulate_games
    from arbiter.simulate.families import family

    samba, caliente, hand_and_foot = family("samba"), family("caliente"), family("hand-and-foot")
    calls = [
        lambda: caliente.option("three-packs").parse("perhaps"),
        lambda: caliente.option("caliente-refill").parse("many"),
        lambda: samba.option("colour"),
        lambda: family("poker"),
        lambda: list(simulate_games("samba", stock="often")),
        lambda: list(simulate_games("samba", players=7)),
        lambda: list(simulate_games("samba", games=-1)),
        lambda: list(simulate_games("caliente", players=4, options={"three-packs": True})),
        lambda: Style(ask=2.0),
        lambda: HandAndFootRules.build(4, hand_and_foot.resolve({"pile-take": "some"})),
        lambda: HandAndFootRules.build(4, hand_and_foot.resolve({"minimums": "50/90"})),
        lambda: HandAndFootRules.build(4, hand_and_foot.resolve({"hand-size": 2})),
    ]
    problems = []
    for call in calls:
        with pytest.raises(arbiter.UsageError) as raised:
            call()
        problems.append(raised.value.args[0])
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_simulators_usage_errors_are_said_in_the_language(lang: str) -> None:
    say = Translator(lang)
    for problem in _simulator_errors():
        assert say.unknown(problem) == [] and say(problem) != problem, problem


def test_a_style_out_of_range_reaches_the_command_line_in_the_language() -> None:
    for value in ("2", "x"):
        result = run("simulate", "--lang", "es", "--style", f"ask={value}")
        assert result.exit_code == 2
        assert "es una probabilidad entre 0 y 1" in result.output and "is a probability" not in result.output


@pytest.mark.parametrize(
    ("lang", "words"),
    [("es", "no hay partida 2"), ("pt", "não há partida 2"), ("it", "non c'è la partita 2")],
)
def test_a_game_the_record_does_not_have_is_said_in_the_language(lang: str, words: str) -> None:
    record = str(SAMPLES / "caliente-scoring-example.acn")
    result = run("table", record, "--hand", "1", "--game", "2", "--lang", lang)
    assert result.exit_code == 1
    assert words in result.output and "there is no game" not in result.output


NO_KING = (
    (SAMPLES / "caliente-scoring-example.acn")
    .read_text()
    .replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_why_there_is_no_table_at_a_moment_is_said_in_the_language(lang: str) -> None:
    from arbiter.positions import frames

    say = Translator(lang)
    example = frames.replay((SAMPLES / "caliente-scoring-example.acn").read_bytes())
    stopped = frames.replay(NO_KING.encode())
    unreadable = frames.replay(b'[Rules "caliente"]\nhand 1 ???\n')
    moments = [
        frames.where(example, 2, 1),  # no such hand
        frames.where(example, 1, 80),  # no such turn
        frames.where(stopped, 1, 5),  # after the illegal turn
        frames.where(unreadable, 1, 1),  # not notation
    ]
    for moment in moments:
        assert moment.problem is not None
        assert say.unknown(moment.problem) == [] and say(moment.problem) != moment.problem, moment.problem


def test_the_table_command_says_a_turn_the_hand_does_not_have_in_portuguese() -> None:
    result = run("table", str(SAMPLES / "caliente-scoring-example.acn"), "--hand", "1", "--turn", "80", "--lang", "pt")
    assert result.exit_code == 1
    assert "não há vez 80" in result.output and "there is no turn" not in result.output


def test_a_binary_file_given_to_fmt_is_said_in_the_language(tmp_path: Path) -> None:
    binary = tmp_path / "photo.acn"
    binary.write_bytes(b"\x89PNG\0\0")
    printed, checked = run("fmt", "--lang", "es", str(binary)), run("fmt", "--lang", "pt", "--check", str(tmp_path))
    assert printed.exit_code == 2 and "es un archivo binario" in printed.output
    assert "é um arquivo binário" in checked.output and "binary file" not in checked.output
