"""Comments written in several languages (docs/notation.md, "Comments in several languages"): a
reader sees each explanation in their language, or the untagged one, and the ruling never changes."""

from __future__ import annotations

from pathlib import Path

import pytest

import arbiter
from arbiter.notation.comment_languages import in_language

STATIC = Path(__file__).parent.parent / "arbiter_web" / "pages" / "static"
EXAMPLES = sorted(STATIC.glob("example*"))

RECORD = """; Dispute: bob takes the 9.
;   and melds it.
;[es] Disputa: bob toma el 9.
;[es]   y lo baja.
[Rules "hoyle"] ; the rules
; untagged only
hand 1
"""


def test_a_reader_sees_the_lines_of_their_language_with_the_tag_left_out():
    assert in_language(RECORD, "es").splitlines()[:2] == ["; Disputa: bob toma el 9.", ";   y lo baja."]


def test_a_language_without_its_own_lines_sees_the_untagged_ones():
    for language in ("en", "it"):
        shown = in_language(RECORD, language)
        assert shown.splitlines()[:2] == ["; Dispute: bob takes the 9.", ";   and melds it."]
        assert "[es]" not in shown and "; untagged only" in shown


def test_lines_that_are_not_comments_are_kept_as_they_are():
    assert in_language(RECORD, "es").splitlines()[2:] == RECORD.splitlines()[4:]


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.name for path in EXAMPLES])
@pytest.mark.parametrize("language", ["es", "pt", "it"])
def test_every_example_explains_itself_in_every_language_and_rules_the_same(example, language):
    text = example.read_text(encoding="utf-8")
    shown = in_language(text, language)
    assert f";[{language}]" in text and ";[" not in shown
    assert shown.count("\n") < text.count("\n")
    (original,) = list(arbiter.check(text))
    (said,) = list(arbiter.check(shown))
    assert [f.code for f in said.findings] == [f.code for f in original.findings] and original.errors
    assert said.verdict == original.verdict
