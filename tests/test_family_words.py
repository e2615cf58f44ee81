"""A family's own action is read and written without the reader knowing its word (`FamilyAction`:
its keyword and its cards), and held to the families' words by whoever knows them: the checker and
`arbiter fmt` refuse a word no family brings, or cards where its family writes none, as a syntax
error; a rule set refuses another family's word with that family's own words; the engine, played
directly, says the same, never with a traceback."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import arbiter
from arbiter.judging.checker import judge
from arbiter.notation import parse, parse_line
from arbiter.notation.formatter import format_source
from arbiter.notation.records import FamilyAction
from arbiter.notation.words import ACTIONS
from arbiter_cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "samples" / "caliente-illegal-short-first-meld.acn").read_text(encoding="utf-8")
"""A Caliente record whose first turn after the up card is bob's (line 17)."""
BOB = "bob: draw 9, meld [5 5 5], discard 4"


def judged(text: str, rules: str | None = None):
    [parsed] = parse(text)
    return judge(parsed, rules=arbiter.families.get(rules) if rules else None)


def with_bob(turn: str, rules: str = "caliente") -> str:
    return SAMPLE.replace(BOB, turn).replace('[Rules "caliente"]', f'[Rules "{rules}"]')


def test_a_family_word_the_notation_does_not_know_is_read_and_written_as_it_stands():
    text = "ann: knock 4 5, lay-down, discard 9"
    turn, _ = parse_line(text)
    assert turn.actions[:2] == (FamilyAction(keyword="knock", cards=("4", "5")), FamilyAction(keyword="lay-down"))
    assert [action.column for action in turn.actions] == [6, 17, 27]
    assert format_source(f"{text}\n")[0] == f"{text}\n"  # the library formats any family's word


def test_a_misspelt_action_is_a_syntax_error_of_the_checker_with_the_word_it_meant():
    ruling = judged(with_bob("bob: drow 9, meld [5 5 5], discard 4"))
    [finding] = ruling.findings
    assert (finding.line, finding.column, finding.code) == (17, 6, "syntax-error")
    assert "`drow` is not an action (did you mean `draw`?)" in str(finding.message)
    assert all(word in str(finding.message) for word in (*ACTIONS, *arbiter.families.WORDS))
    assert ruling.malformed


@pytest.mark.parametrize(
    ("turn", "column", "says"),
    [
        ("bob: caliente 4, draw 9, meld [5 5 5], discard 4", 6, "`caliente` is written alone"),
        ("bob: draw 9, special, discard 4", 14, "`special` is written with its cards"),
    ],
    ids=["cards where the family writes none", "no cards where the family writes them"],
)
def test_a_family_word_written_as_its_family_does_not_write_it_is_a_syntax_error(turn, column, says):
    ruling = judged(with_bob(turn))
    [finding] = ruling.findings
    assert (finding.line, finding.column, finding.code) == (17, column, "syntax-error")
    assert says in str(finding.message) and ruling.malformed


def test_another_familys_word_gets_that_familys_refusal():
    ruling = judged(with_bob("bob: draw 9, foot, meld [5 5 5], discard 4"))
    assert not ruling.malformed
    [finding] = [f for f in ruling.findings if f.is_error]
    assert finding.code == "draw-first" and "`foot` is a Hand & Foot action" in str(finding.message)


def test_the_engine_played_directly_tells_a_word_no_family_brings():
    position = arbiter.Position.from_record(with_bob("bob: draw 9, meld [5 5 5], discard 4"), hand=1, turn=1)
    finding = position.explain("drow 9")
    assert finding is not None and finding.code == "syntax-error"
    assert "did you mean `draw`" in str(finding.message)
    assert not position.is_legal("special 5 5 6 6 8 8 9 9 J J Q Q K K")  # Modern American's, refused
    with pytest.raises(arbiter.IllegalAction):
        position.push("drow 9")


def test_arbiter_fmt_refuses_a_word_no_family_brings(tmp_path):
    record = tmp_path / "game.acn"
    record.write_text(with_bob("bob: drow 9, meld [5 5 5], discard 4"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", str(record)])
    assert result.exit_code == 1
    assert "17:6: error[syntax-error] `drow` is not an action (did you mean `draw`?)" in result.output


# --- no family's word below the families ----------------------------------------------------------

BELOW_THE_FAMILIES = ("arbiter/notation/formatter.py", "arbiter/notation/records.py", "arbiter/notation/transformer.py")
"""The record's nodes, the formatter and the grammar's transformer: they read and write a family's
action as its keyword and cards, and spell no family's word."""


def _written_strings(path: Path) -> set[str]:
    """Every word of the strings a module's code holds, its docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        word
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        for word in re.findall(r"[a-z-]+", node.value)
    }


@pytest.mark.parametrize("module", BELOW_THE_FAMILIES)
def test_no_family_action_word_is_spelled_below_the_families(module):
    assert _written_strings(ROOT / module) & set(arbiter.families.WORDS) == set()


def test_the_grammar_spells_no_family_action_word_and_keeps_the_notations_own_apart():
    grammar = arbiter.notation.grammar_path().read_text(encoding="utf-8")
    rules = re.search(r"^\?action:.*?(?=^\S)", grammar, re.M | re.S)
    assert rules is not None
    assert set(re.findall(r'"([a-z]+)"', rules.group())) == set(ACTIONS) | {"with", "onto", "and", "to"}
    [excluded] = re.findall(r"^FAMILY_WORD: /\(\?!\(\?:([a-z|]+)\)", grammar, re.M)
    assert set(excluded.split("|")) == set(ACTIONS)  # the notation's own words are never a family's


# --- a new family's action: its folder alone ------------------------------------------------------


def test_a_new_familys_action_is_read_judged_and_written_with_nothing_but_its_own_declaration():
    """A rule set that brings an action of its own (here a `knock`, declared in this test as a
    family's folder would) is judged with it, and its records written back, with no change to the
    reader, the formatter or the engine."""
    from dataclasses import replace

    from arbiter.rules.base import ActionKind, ExtraAction, brings

    knocked: list[str] = []
    kind = ActionKind(
        keyword="knock",
        heading="Knock",
        said="knock on the table",
        related=("knock",),
        paths=(),
        refusal=lambda player, words: ("draw-first", f"{player} may not knock here"),
    )
    knock = ExtraAction(lambda r, state, action: knocked.append(state.player), lambda r, state: (), kind)
    caliente = arbiter.families.get("caliente")
    knocking = replace(
        caliente,
        actions=(*caliente.actions, kind),
        configure=lambda seating, options: (
            lambda config: replace(config, actions={**config.actions, **brings(knock)})
        )(caliente.configure(seating, options)),
    )
    text = with_bob("bob: draw 9, knock, meld [5 5 5], discard 4").replace('[Rules "caliente"]\n', "")
    [parsed] = parse(text)
    ruling = judge(parsed, rules=knocking)
    assert set(knocked) == {"bob"} and not ruling.malformed  # played by its handler (again as the engine replays)
    assert [f.code for f in ruling.findings if f.is_error] == ["first-meld-minimum"]  # the sample's own
    assert judged(text).malformed  # a rule set of the list knows no `knock`
    assert format_source(text, family_words={**arbiter.families.WORDS, "knock": False}) == (text, [])
