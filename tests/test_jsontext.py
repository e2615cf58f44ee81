"""The JSON output's own writer gives the text `json.dumps(value, indent=2, ensure_ascii=False)`
gives, whatever the value: the reports' documents, and any value json accepts or refuses."""

from __future__ import annotations

import json
import math
from enum import IntEnum
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.archive import inputs
from arbiter.rulings.jsontext import dumps_indented

ROOT = Path(__file__).resolve().parent.parent


def standard(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


leaves = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text() | st.integers() | st.floats() | st.booleans() | st.none(), inner, max_size=4)
    ),
    max_leaves=30,
)


@given(values)
def test_any_value_json_writes_is_written_alike(value: object) -> None:
    assert dumps_indented(value) == standard(value)


def test_every_samples_report_is_written_alike() -> None:
    tasks = inputs.collect((str(ROOT / "samples"),), lambda: b"")
    documents = [report.to_dict() for report in inputs.run(tasks, None, 1)]
    assert len(documents) > 40 and any(document["games"] for document in documents)
    for document in documents:
        assert dumps_indented(document) == standard(document)


class Seats(IntEnum):
    NORTH = 1


def test_text_and_numbers_of_subclasses_and_odd_floats_are_jsons_own() -> None:
    class Word(str):
        pass

    value = {"word": Word("añejo \u2028 \x01"), "seat": Seats.NORTH, "nan": math.nan, "big": 1e300, "tiny": 1e-7}
    assert dumps_indented(value) == standard(value)


def test_a_value_json_refuses_is_refused_with_jsons_own_error() -> None:
    with pytest.raises(TypeError) as ours:
        dumps_indented({"when": {1, 2}})
    with pytest.raises(TypeError) as theirs:
        standard({"when": {1, 2}})
    assert str(ours.value) == str(theirs.value)
