"""The event file: every key read, and every bad file refused with the key and the remedy."""

from __future__ import annotations

import datetime
import json
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.event import EventError, parse
from arbiter.event.model import DEFAULT_VICTORY_POINTS, TOP_KEYS

GOOD = """
name = "Thursday pairs"
date = 2026-11-26
family = "caliente"
movement = "swiss"
rounds = 2
deals = 1
scoring = "match-points"
seed = 7
records = "round-{round}/table-{table}.acn"

[[pairs]]
number = 1
name = "Ann and Cid"
players = ["ann", "cid"]

[[pairs]]
number = 2
name = "Bob and Dee"
players = ["bob", "dee"]

[[penalties]]
pair = 2
points = -50
reason = "slow play"
"""


def refusal(text: str) -> str:
    with pytest.raises(EventError) as raised:
        parse(text, "club.event.toml")
    return str(raised.value)


def test_a_complete_event_file_is_read_key_by_key():
    event = parse(GOOD)
    assert (event.name, event.date, event.family, event.movement) == (
        "Thursday pairs",
        "2026-11-26",
        "caliente",
        "swiss",
    )
    assert (event.rounds, event.deals, event.scoring, event.seed) == (2, 1, "match-points", 7)
    assert [pair.players for pair in event.pairs] == [("ann", "cid"), ("bob", "dee")]
    assert event.penalties[0].points == -50 and event.penalties[0].reason == "slow play"
    assert event.victory_points == DEFAULT_VICTORY_POINTS
    assert event.record_path(2, 1).as_posix() == "round-2/table-1.acn"


def test_a_family_is_named_by_any_of_its_names():
    assert parse(GOOD.replace('"caliente"', '"standard"')).family == "caliente"


def test_not_toml_is_said_so_with_the_file():
    assert refusal("name = ").startswith("club.event.toml: not valid TOML")


@pytest.mark.parametrize(
    ("change", "key", "remedy"),
    [
        (('movement = "swiss"', 'movement = "shuffle"'), "movement", "write one of mitchell, howell"),
        (
            ('movement = "swiss"', 'movement = "mitchell"'),
            "rounds",
            "a mitchell movement of 2 pairs has at most 1 round",
        ),
        (('scoring = "match-points"', "scoring = 3"), "scoring", "write one of total, match-points"),
        (("rounds = 2", "rounds = 0"), "rounds", "write a whole number from 1"),
        (("deals = 1", 'deals = "one"'), "deals", "write a whole number from 1"),
        (("date = 2026-11-26", 'date = "Thursday"'), "date", "as 2026-11-26"),
        (('family = "caliente"', 'family = "poker"'), "family", "name the rule set the tables play"),
        (('records = "round-{round}/table-{table}.acn"', 'records = "all.acn"'), "records", "{round} {table}"),
        (("pair = 2\n", "pair = 9\n"), "penalties[1].pair", "no pair has the number 9"),
        (('reason = "slow play"', "reason = 5"), "penalties[1].reason", "one line of text"),
        (('players = ["bob", "dee"]', 'players = ["ann", "dee"]'), "pairs.players", "ann is given twice"),
        (("number = 2", "number = 1"), "pairs.number", "1 is given twice"),
        (('players = ["bob", "dee"]', 'players = "bob dee"'), "pairs[2].players", "list the names"),
        (('name = "Thursday pairs"', 'title = "Thursday pairs"'), "title", "not a key of the event file"),
    ],
)
def test_each_bad_value_is_refused_naming_its_key_and_the_remedy(change, key, remedy):
    message = refusal(GOOD.replace(*change))
    assert message.startswith(f"club.event.toml: {key}: ")
    assert remedy in message


def test_an_event_needs_two_pairs_at_least():
    one_pair = GOOD.split("[[pairs]]\nnumber = 2")[0].split("[[penalties]]")[0]
    assert "an event has from 2 to" in refusal(one_pair)


def test_a_victory_point_scale_starts_at_margin_zero_and_climbs():
    scale = "\n[[victory-points]]\nmargin = 100\nwinner = 12\nloser = 8\n"
    assert "start the scale at margin 0" in refusal(GOOD + scale)
    good = "\n[[victory-points]]\nmargin = 0\nwinner = 5\nloser = 5\n" + scale
    assert [step.margin for step in parse(GOOD + good).victory_points] == [0, 100]


def test_an_event_file_that_cannot_be_read_is_an_error_not_a_traceback(tmp_path):
    from arbiter.event import load

    with pytest.raises(EventError, match="cannot be read"):
        load(tmp_path / "missing.event.toml")
    (tmp_path / "latin1.event.toml").write_bytes(b'name = "Caf\xe9"')
    with pytest.raises(EventError, match="not UTF-8"):
        load(tmp_path / "latin1.event.toml")


def test_an_event_file_says_the_same_when_written_back():
    from arbiter.event import to_toml

    event = parse(GOOD)
    assert parse(to_toml(event)) == event
    with_scale = parse(GOOD + "\n[[victory-points]]\nmargin = 0\nwinner = 3\nloser = 1\n")
    assert parse(to_toml(with_scale)) == with_scale


def test_an_event_keeps_records_unless_it_says_it_keeps_only_the_final_hand_scores():
    from arbiter.event import to_toml

    assert parse(GOOD).results == "records"
    scores = parse(GOOD.replace("[[pairs]]", 'results = "scores"\n\n[[pairs]]', 1))
    assert scores.results == "scores" and parse(to_toml(scores)) == scores
    with pytest.raises(EventError, match="results: write one of records, scores"):
        parse(GOOD.replace("[[pairs]]", 'results = "photos"\n\n[[pairs]]', 1))


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["number", "name", "players", "pair"]), st.integers(), max_size=3),
)


@settings(max_examples=300)
@given(st.sampled_from([*TOP_KEYS, "pairs[1].number", "pairs[1].players", "penalties[1].points"]), VALUES)
def test_any_value_of_any_key_is_read_or_refused_with_an_event_error(key, value):
    document = tomllib.loads(GOOD)
    if "." in key:
        table, field = key.split(".")
        name, index = table[:-3], int(table[-2]) - 1
        document[name][index][field] = value
    elif value is None:
        document.pop(key, None)
    else:
        document[key] = value
    try:
        parse(tomli_w_free_dump(document), "club.event.toml")
    except EventError as error:
        assert str(error).startswith("club.event.toml: ")


@given(st.text(alphabet="{}[].0roundtable-/x!:>", max_size=20))
def test_a_records_path_with_any_braces_is_read_or_refused_with_an_event_error(path):
    try:
        parse(GOOD.replace('"round-{round}/table-{table}.acn"', json.dumps(path)), "club.event.toml")
    except EventError as error:
        assert "club.event.toml: records: " in str(error)


def tomli_w_free_dump(document) -> str:
    """The document as TOML, written here (the standard library only reads TOML): dates stay
    dates, tables of arrays stay tables of arrays."""
    lines, tables = [], []
    for key, value in document.items():
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            tables += [(key, item) for item in value]
        else:
            lines.append(f"{json.dumps(key)} = {_value(value)}")
    for key, item in tables:
        lines += ["", f"[[{key}]]"] + [f"{json.dumps(k)} = {_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else "nan"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value)


@pytest.mark.parametrize(
    "path", ["r{round}/t{table}-{table:>99999999}.acn", "r{round}/t{table}{0}.acn", "{round}{table}{round.real}"]
)
def test_a_records_path_holds_round_and_table_as_written_and_nothing_else_in_braces(path):
    assert "records: use no braces but {round} {table}" in refusal(
        GOOD.replace("round-{round}/table-{table}.acn", path)
    )


def test_corrections_are_open_until_the_moment_the_event_file_sets_utc_unless_it_says_its_offset():
    from arbiter.event import to_toml

    assert parse(GOOD).corrections_until is None
    local = parse(GOOD.replace("[[pairs]]", "corrections-until = 2026-11-26T23:30:00+01:00\n\n[[pairs]]", 1))
    assert local.corrections_until == "2026-11-26T23:30:00+01:00" and parse(to_toml(local)) == local
    plain = parse(GOOD.replace("[[pairs]]", 'corrections-until = "2026-11-26T22:30:00"\n\n[[pairs]]', 1))
    assert plain.corrections_until == "2026-11-26T22:30:00+00:00"
    with pytest.raises(EventError, match="corrections-until: write when"):
        parse(GOOD.replace("[[pairs]]", "corrections-until = 3\n\n[[pairs]]", 1))
