"""The round report's data, a library call (arbiter.archive.round_report): made from the rulings
alone, each of which keeps the tags that place its game in the round (`GameRuling.tags`)."""

from __future__ import annotations

import pickle
from pathlib import Path

import arbiter
from arbiter.archive.inputs import FileReport
from arbiter.archive.round_report import RoundReport, result
from arbiter.i18n import translator
from arbiter.rulings import ROUND_TAGS

SEATS = '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n[Teams "ann+cid bob+dee"]\n'
TAGGED = '[event "Club night"]\n[TABLE "7"]\n[Round "3"]\n[Round "4"]\n[Date "2026.11.27"]\n' + SEATS
UNKNOWN_RULES = '[Event "Club night"]\n[Rules "tute"]\n[Seats "ann bob"]\n'
SCORED = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text(encoding="utf-8")


def test_a_ruling_keeps_the_round_tags_as_the_reader_reads_them() -> None:
    (ruling,) = arbiter.check(TAGGED)
    assert ruling.tags == {"Event": "Club night", "Table": "7", "Round": "4"}  # any case; the last one
    (untagged,) = arbiter.check(SEATS)
    assert untagged.tags == {}


def test_a_game_not_judged_keeps_its_tags_too() -> None:
    (ruling,) = arbiter.check(UNKNOWN_RULES)
    assert ruling.malformed and ruling.tags == {"Event": "Club night"}


def test_the_tags_cross_a_pickle_and_stay_out_of_the_json_shape() -> None:
    (ruling,) = arbiter.check(TAGGED)
    assert pickle.loads(pickle.dumps(ruling)).tags == ruling.tags
    assert "tags" not in ruling.to_dict() and "tags" not in ruling.to_dict("es")


def test_a_report_numbers_every_game_of_its_files_in_order_beside_the_unreadable_ones() -> None:
    untagged = SCORED.replace('[Event "Rule book scoring example"]\n', "")
    report = RoundReport()
    report.add(FileReport("a.acn", games=list(arbiter.check(untagged + "\n" + SCORED))))
    report.add(FileReport("b.acn", error="is a binary file, not a game record"))
    report.add(FileReport("c.acn", games=list(arbiter.check(UNKNOWN_RULES))))
    assert [(entry.path, entry.number, entry.game.index) for entry in report.entries] == [
        ("a.acn", 1, 1),
        ("a.acn", 2, 2),
        ("c.acn", 3, 1),
    ]
    assert [entry.tags for entry in report.entries] == [
        dict.fromkeys(ROUND_TAGS, ""),
        {"Event": "Rule book scoring example", "Table": "", "Round": ""},
        {"Event": "Club night", "Table": "", "Round": ""},
    ]
    assert [entry.verdict for entry in report.entries] == ["valid", "valid", "malformed"]
    assert [str(result(entry.game)) for entry in report.entries] == ["no winner yet", "no winner yet", "not judged"]
    assert [unreadable.path for unreadable in report.unreadable] == ["b.acn"]


def test_a_report_has_each_games_score_table_and_its_findings_in_the_language_asked() -> None:
    (game,) = arbiter.check(UNKNOWN_RULES)
    report = RoundReport()
    report.add(FileReport("c.acn", games=[game]), translator("es"))
    (entry,) = report.entries
    assert entry.game.findings[0].message != game.findings[0].message  # said in Spanish
    assert (entry.sides, entry.rows) == ([], [])
    (sample,) = arbiter.check(SCORED)
    report.add(FileReport("s.acn", games=[sample]))
    scored = report.entries[-1]
    assert scored.sides == list(sample.totals) and len(scored.rows) == len(sample.hands)
    last = sample.hands[-1]
    assert scored.rows[-1].cells[0] == tuple(
        points[scored.sides[0]] for points in (last.scores, last.declared, last.totals)
    )
