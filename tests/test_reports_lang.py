"""The library says its reports in a language where asked: `GameRuling.to_dict(lang=)`,
`Finding.to_dict(lang=)`, `ScoreSheet.to_dict(lang=)`, `reference(ruleset, lang)`; rulings stay
data, English stays byte-identical, and keys and codes never change."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import arbiter
from arbiter import families as rulesets
from arbiter.i18n import Text, and_list, joined, msg, translator
from arbiter.judging.allowed import allowed_line, allowed_sentence
from arbiter.rules import reference
from arbiter.rulings import PROBLEM_WORDS, Finding, Severity
from arbiter.rulings.corrected_sheet import what_to_write

SAMPLES = Path(__file__).parent.parent / "samples"
WRONG_TAKE = (SAMPLES / "caliente-illegal-first-take-short-of-minimum.acn").read_text(encoding="utf-8")
LANGUAGES = ("es", "pt", "it")


def judged(text: str) -> arbiter.GameRuling:
    (ruling,) = arbiter.check(text)
    return ruling


def keys(value: object) -> object:
    if isinstance(value, dict):
        return {key: keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [keys(item) for item in value]
    return None


def test_a_ruling_in_english_is_the_same_whether_or_not_a_language_is_given():
    ruling = judged(WRONG_TAKE)
    assert ruling.to_dict() == ruling.to_dict(lang="en") == ruling.to_dict(lang=None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_ruling_in_a_language_keeps_its_keys_codes_and_numbers(lang):
    ruling = judged(WRONG_TAKE)
    english, said = ruling.to_dict(), ruling.to_dict(lang=lang)
    assert keys(said) == keys(english)
    for field in ("verdict", "problems", "totals", "hands", "options", "rules"):
        assert said[field] == english[field]
    assert [f["code"] for f in said["findings"]] == [f["code"] for f in english["findings"]]
    assert said["findings"][0]["alternatives"] == english["findings"][0]["alternatives"]  # notation


def test_the_score_sheet_gives_its_reason_in_the_language_asked_for():
    ruling = judged(WRONG_TAKE)
    reason = ruling.to_dict(lang="es")["sheet"]["hands"][0]["reason"]
    assert reason.startswith("take-initial en la línea 19, turno 1: el registro no declara ninguna puntuación")
    assert "bob+dee: se restan 50 de lo que se puntúe en esta mano" in reason
    assert arbiter.score_sheet(ruling).to_dict("es")["hands"][0]["reason"] == reason


def test_saying_a_ruling_leaves_the_ruling_itself_in_english():
    ruling = judged(WRONG_TAKE)
    before = ruling.to_dict()
    ruling.to_dict(lang="it")
    assert ruling.to_dict() == before
    assert ruling.said(translator("en")) is ruling


def test_a_finding_of_the_reports_is_said_in_the_language():
    (ruling,) = arbiter.check("; nothing but a comment\n")
    finding = ruling.findings[0]
    assert finding.code == "empty-record"
    assert finding.to_dict(lang="pt")["message"].startswith("o registro não contém nenhuma partida")
    assert finding.to_dict()["message"] == finding.message


def test_an_adjustment_gives_its_reason_in_the_language():
    adjustment = arbiter.Adjustment("bob+dee", -50, msg("the hand was not judged"))
    assert adjustment.to_dict("it") == {"side": "bob+dee", "points": -50, "reason": "la smazzata non è stata giudicata"}


def test_what_to_write_keeps_the_side_and_the_points_in_every_language():
    adjustment = arbiter.Adjustment("bob+dee", -50, "x")
    assert what_to_write(adjustment) == "bob+dee: subtract 50 from whatever you score this hand (x)"
    assert translator("es")(what_to_write(adjustment)) == "bob+dee: se restan 50 de lo que se puntúe en esta mano (x)"


def test_problem_words_and_allowed_lines_are_translated_in_every_language():
    move = Finding(1, 1, "take-frozen", "", Severity.ERROR, "m", alternatives=("draw 7",), alternatives_total=4)
    nothing = Finding(1, 1, "take-frozen", "", Severity.ERROR, "m", alternatives=(), alternatives_total=0)
    texts = [*PROBLEM_WORDS.values(), allowed_line(move), allowed_sentence(move), allowed_line(nothing)]
    assert allowed_line(move) == "allowed instead: draw 7 (and 3 more)"
    assert allowed_sentence(nothing) == "Nothing else was allowed."
    for lang in LANGUAGES:
        say = translator(lang)
        assert [t for text in texts for t in say.unknown(text)] == []
        assert "draw 7" in say(allowed_line(move))


def test_the_rule_reference_in_english_is_the_file_in_docs():
    for name in rulesets.names():
        path = Path(__file__).parent.parent / "docs" / "rules" / f"{name}.md"
        assert reference(rulesets.get(name)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rule_reference_is_framed_in_the_language_and_keeps_its_codes(lang):
    ruleset = rulesets.get("caliente")
    english, said = reference(ruleset), reference(ruleset, lang)
    assert said.split("\n")[0] != english.split("\n")[0]
    codes = [line.split("`")[1] for line in english.split("\n") if line.startswith("### `")]
    assert [line.split("`")[1] for line in said.split("\n") if line.startswith("### `")] == codes
    assert "`arbiter rules caliente`" in said
    assert "| `always-frozen` | no |" in said  # option names and values are never translated


def test_a_list_of_texts_is_one_text_each_item_still_translated():
    words = joined([PROBLEM_WORDS[arbiter.Problem.MOVE], PROBLEM_WORDS[arbiter.Problem.SCORE]], "; ")
    assert words == "a move breaks a rule; a declared score or result is wrong"
    assert (
        translator("es")(words) == "una jugada infringe una regla; una puntuación o un resultado declarado es erróneo"
    )
    assert joined(["a", "b"]) == "a, b" and not isinstance(joined(["a", "b"]), Text)
    assert translator("it")(and_list(msg("valid"), msg("illegal"))) == "valida e irregolare"
    with pytest.raises(ValueError, match="separators"):
        joined(["a"], " / ")


def test_a_said_text_crosses_a_process_boundary_whole():
    reason = arbiter.score_sheet(judged(WRONG_TAKE)).rows[0].reason
    again = pickle.loads(pickle.dumps(reason))
    assert again == reason and translator("pt")(again) == translator("pt")(reason)


def test_a_disputed_table_names_what_does_not_add_up_in_the_language():
    from arbiter.positions.situation import Situation

    situation = Situation(rules="caliente", seats=["ann", "bob"], hands={"ann": ["9"] * 30}, turn="zed")
    problems = situation.problems()
    assert "say whose turn it is" in problems
    said = [translator("pt")(problem) for problem in problems]
    assert "indique de quem é a vez" in said
    assert any(line.startswith("há ") and "cartas 9 nesta mesa" in line for line in said)
