"""The machine formats of `arbiter check`: json, junit, github and sarif.

Each renderer is fed the file reports in input order and writes to standard output. The JSON
shape is the project's stable contract (README, "JSON output"): fields may be added, never
removed. Problems with an input (unreadable, binary) are also written to standard error.
"""

from __future__ import annotations

import re
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import PurePath
from typing import IO, Any
from urllib.parse import quote

from rich.console import Console
from rich.text import Text

import arbiter
from arbiter import families as rulesets
from arbiter.archive.inputs import FileReport
from arbiter.archive.tally import Tally
from arbiter.house import house_finding_text
from arbiter.i18n import msg
from arbiter.judging.allowed import allowed_line, allowed_sentence
from arbiter.rulings import counts
from arbiter.rulings.jsontext import dumps_indented

from .about import version
from .language import current, said
from .report import RENDERERS as REPORT_RENDERERS
from .text import UNPRINTABLE, finding_line, game_name, ignored_words, one_line, shown_path

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _note_unreadable(err: Console, report: FileReport) -> None:
    """Input problems go to standard error as they come (through the rich console, so they print
    above a progress bar)."""
    if report.error:
        err.print(Text(f"{shown_path(report.path)}: error: {said(report.error)}"), soft_wrap=True)


def _indented(value: Any, spaces: int) -> str:
    """`value` dumped with every line indented: a part of a document dumped alone, placed at its depth
    (json.dumps(value, indent=2, ensure_ascii=False), twice as fast)."""
    return " " * spaces + dumps_indented(value, spaces)


def _dumped(value: Any) -> str:
    return dumps_indented(value)  # json.dumps(value, indent=2, ensure_ascii=False), twice as fast


class _Spool:
    """Parts of a document written before the head they follow is known (a count, a list of rules
    grown by the results), kept in a temporary file rather than in memory."""

    def __init__(self) -> None:
        # open across the run, closed by copy_to (or with the renderer, when a run stops early)
        self.file = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")  # noqa: SIM115
        self.parts = 0

    def add(self, text: str, separator: str = "") -> None:
        self.file.write(separator * bool(self.parts) + text)
        self.parts += 1

    def copy_to(self, out: IO[str], spaces: int = 0) -> None:
        """The parts, each line indented by `spaces`; the spool is closed."""
        self.file.seek(0)
        prefix = " " * spaces
        for line in self.file:
            out.write(prefix + line)
        self.file.close()


# --- json ---------------------------------------------------------------------------------------


class JsonRenderer:
    """The document written file by file as the reports come, the summary at the end: memory
    stays flat whatever the archive, and the text is the one `json.dump` gives of the whole."""

    def __init__(self, out: IO[str], err: Console, strict: bool = False) -> None:
        self.out, self.err = out, err
        self.files = 0

    def file(self, report: FileReport) -> None:
        _note_unreadable(self.err, report)
        self.out.write(",\n" if self.files else '{\n  "files": [\n')
        self.out.write(_indented(report.to_dict(current().language), 4))
        self.files += 1

    def finish(self, tally: Tally) -> None:
        self.out.write("\n  ],\n" if self.files else '{\n  "files": [],\n')
        self.out.write('  "summary": ' + _indented(tally.summary(), 2).lstrip() + "\n}\n")


# --- junit --------------------------------------------------------------------------------------

# XML 1.0 cannot carry most control characters, even escaped.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


class JunitRenderer:
    """One test suite per file, one test case per game; a game that is not valid (or, with
    --strict, has warnings) is a failure carrying its findings; an unreadable file is an error.
    Each file's suite is written as its report comes, to a spool (the totals head the document),
    so memory stays flat whatever the archive."""

    def __init__(self, out: IO[str], err: Console, strict: bool = False) -> None:
        self.out, self.err, self.strict = out, err, strict
        self.stamp = datetime.now(UTC).replace(microsecond=0, tzinfo=None).isoformat()
        self.totals = {"tests": 0, "failures": 0, "errors": 0}
        self.seconds = 0.0
        self.suites = _Spool()

    def file(self, report: FileReport) -> None:
        _note_unreadable(self.err, report)
        suite = self._suite(report)
        ET.indent(suite, level=1)  # as ET.indent places it in the whole document
        self.suites.add("\n  " + ET.tostring(suite, encoding="unicode"))

    def _suite(self, report: FileReport) -> ET.Element:
        say = current()
        suite = ET.Element("testsuite", name=_xml(report.path), timestamp=self.stamp)
        tests = {"tests": 0, "failures": 0, "errors": 0}
        if report.error:
            read = say(msg("read the file"))
            case = ET.SubElement(suite, "testcase", name=read, classname=_xml(report.path), time="0")
            case.set("file", _xml(report.path))
            problem = ET.SubElement(case, "error", type="unreadable", message=_xml(say(report.error)))
            problem.text = _xml(f"{shown_path(report.path)}: error: {say(report.error)}")
            tests["tests"] += 1
            tests["errors"] += 1
        for game, spent in zip(report.games, report.seconds or [0.0] * len(report.games), strict=True):
            tests["tests"] += 1
            name = _xml(say(game_name(game)))
            game = game.said(say)
            case = ET.SubElement(suite, "testcase", name=name, classname=_xml(report.path), time=f"{spent:.3f}")
            case.set("file", _xml(report.path))
            case.set("line", str(max(game.line, 1)))
            verdict = str(game.verdict)
            failing = verdict != "valid" or (self.strict and game.findings)
            if failing:
                tests["failures"] += 1
                found = counts.errors_and_warnings(game.errors, game.warnings)
                if game.findings:
                    summary = msg(
                        "{verdict}: {found}; first: {message}",
                        verdict=counts.VERDICT_WORDS[game.verdict],
                        found=found,
                        message=one_line(game.findings[0].message),
                    )
                else:
                    summary = msg("{verdict}: {found}", verdict=counts.VERDICT_WORDS[game.verdict], found=found)
                failure = ET.SubElement(case, "failure", type=verdict, message=_xml(say(summary)))
                failure.text = _xml("\n".join(_finding_text(report, f) for f in game.findings))
            elif game.findings:  # warnings on a valid game, without --strict
                out = ET.SubElement(case, "system-out")
                out.text = _xml("\n".join(_finding_text(report, f) for f in game.findings))
        spent_here = sum(report.seconds)
        self.seconds += spent_here
        for key, value in tests.items():
            suite.set(key, str(value))
            self.totals[key] += value
        suite.set("skipped", "0")
        suite.set("time", f"{spent_here:.3f}")
        return suite

    def finish(self, tally: Tally) -> None:
        root = ET.Element("testsuites", name="arbiter check")
        for key, value in self.totals.items():
            root.set(key, str(value))
        root.set("skipped", "0")
        root.set("time", f"{self.seconds:.3f}")
        self.out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        if not self.suites.parts:
            self.out.write(ET.tostring(root, encoding="unicode") + "\n")
            return
        head = ET.tostring(root, encoding="unicode", short_empty_elements=False).removesuffix("</testsuites>")
        self.out.write(head)
        self.suites.copy_to(self.out)
        self.out.write("\n</testsuites>\n")


def _finding_text(report: FileReport, finding: arbiter.Finding) -> str:
    say = current()
    """A finding (said already, `Finding.said`) with its remedy, alternatives and house rules."""
    text = finding_line(report.path, finding).plain
    if finding.remedy:
        text += "\n    " + say(msg("remedy: {remedy}", remedy=one_line(finding.remedy)))
    allowed = allowed_line(finding)
    if allowed:
        text += f"\n    {one_line(say(allowed))}"
    for note in house_finding_text(finding):
        text += "\n    " + one_line(say(msg("house rule: {note}", note=note)))
    return text


# --- github -------------------------------------------------------------------------------------


def _gh_data(text: str) -> str:
    """`text` as a workflow command's data: GitHub's own escapes (%, CR, LF), and every other
    control or format character (ESC, BEL, a bidirectional override) percent-encoded or written
    as its escape, so a file name reaches no log viewer or terminal raw."""
    escaped = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if all(unicodedata.category(char) not in UNPRINTABLE for char in escaped):
        return escaped
    return "".join(_gh_char(char) if unicodedata.category(char) in UNPRINTABLE else char for char in escaped)


def _gh_char(char: str) -> str:
    return f"%{ord(char):02X}" if ord(char) < 0x100 else char.encode("unicode_escape").decode("ascii")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubRenderer:
    """GitHub Actions workflow commands: each finding becomes an annotation on its line, as
    `::error file=...,line=...,col=...,title=...::message`."""

    def __init__(self, out: IO[str], err: Console, strict: bool = False) -> None:
        self.out = out

    def file(self, report: FileReport) -> None:
        say = current()
        if report.error:
            title = say(msg("arbiter: not checked"))
            self._command("error", {"file": report.path, "title": title}, say(report.error))
            return
        for game in report.games:
            name = say(game_name(game))
            game = game.said(say)
            for finding in game.findings:
                properties = {"file": report.path}
                if finding.line > 0:
                    properties["line"] = str(finding.line)
                    properties["col"] = str(max(finding.column, 1))
                properties["title"] = f"arbiter {finding.severity}[{finding.code}]"
                message = one_line(finding.message) + (f" ({one_line(finding.rule)})" if finding.rule else "")
                if finding.remedy:
                    message += f"\n{one_line(finding.remedy)}"
                allowed = allowed_sentence(finding)
                if allowed:
                    message += f"\n{one_line(say(allowed))}"
                for note in house_finding_text(finding):
                    message += "\n" + one_line(say(msg("house rule: {note}", note=note)))
                level = "warning" if str(finding.severity) == "warning" else "error"
                self._command(level, properties, message)
            verdict = say(counts.VERDICT_WORDS[game.verdict])
            self.out.write(f"{shown_path(report.path)}: {name}: {verdict}{ignored_words(game)}\n")

    def _command(self, level: str, properties: dict[str, str], message: str) -> None:
        joined = ",".join(f"{key}={_gh_property(value)}" for key, value in properties.items())
        self.out.write(f"::{level} {joined}::{_gh_data(message)}\n")

    def finish(self, tally: Tally) -> None:
        self.out.write(said(tally.sentence()) + "\n")


# --- sarif --------------------------------------------------------------------------------------


def artifact_uri(path: str) -> dict[str, str]:
    pure = PurePath(path)
    if pure.is_absolute():
        return {"uri": "file://" + quote(pure.as_posix())}
    return {"uri": quote(pure.as_posix()), "uriBaseId": "%SRCROOT%"}


def sarif_rules() -> list[dict[str, Any]]:
    """The reportingDescriptors of every rule set's catalogue (a code once, the first rule set
    that has it naming it), their words in the command's language (ids and names of rule sets stay)."""
    say = current()
    rules: dict[str, dict[str, Any]] = {}
    for name in rulesets.names():
        ruleset = rulesets.get(name)
        for rule in ruleset.catalogue.values():
            if rule.code in rules:
                rules[rule.code]["properties"]["ruleSets"].append(ruleset.name)
                continue
            name, summary, source = say(rule.name), say(rule.summary), say(rule.source)
            rules[rule.code] = {
                "id": rule.code,
                "name": name,
                "shortDescription": {"text": name},
                "fullDescription": {"text": summary or name},
                "help": {"text": say(msg("{summary} Source: {source}.", summary=summary, source=source)).strip()},
                "defaultConfiguration": {"level": "error"},
                "properties": {"source": rule.source, "ruleSets": [ruleset.name]},
            }
    return list(rules.values())


class SarifRenderer:
    """SARIF 2.1.0: one run, the rule set catalogues as the driver's rules, a result per finding,
    unreadable inputs as tool execution notifications. The results and notifications are
    written file by file to spools (the rules they add head the document), so memory stays
    flat whatever the archive; the text is the one `json.dump` gives of the whole."""

    _MARK = "\x00{}"  # where a spooled list goes in the document's text (no rule or version has it)

    def __init__(self, out: IO[str], err: Console, strict: bool = False) -> None:
        self.out, self.err = out, err
        self.rules = sarif_rules()
        self.index = {rule["id"]: i for i, rule in enumerate(self.rules)}
        self.results, self.notifications = _Spool(), _Spool()

    def file(self, report: FileReport) -> None:
        _note_unreadable(self.err, report)
        if report.error:
            notification = {
                "level": "error",
                "message": {"text": f"{report.path}: {said(report.error)}"},
                "locations": [{"physicalLocation": {"artifactLocation": artifact_uri(report.path)}}],
            }
            self.notifications.add(_dumped(notification), ",\n")
        for game in report.games:
            game = game.said(current())
            for finding in game.findings:
                if finding.code not in self.index:  # a notation rule, or one no catalogue lists
                    self.index[finding.code] = len(self.rules)
                    self.rules.append(
                        {
                            "id": finding.code,
                            "shortDescription": {"text": finding.rule or finding.code},
                            "defaultConfiguration": {"level": "error"},
                        }
                    )
                result = self._result(report, game, finding, self.index[finding.code])
                self.results.add(_dumped(result), ",\n")

    def finish(self, tally: Tally) -> None:
        spooled = {"notifications": self.notifications, "results": self.results}
        marks = {name: [self._MARK.format(name)] if spool.parts else [] for name, spool in spooled.items()}
        run: dict[str, Any] = {
            "tool": {
                "driver": {
                    "name": "arbiter",
                    "version": version(),
                    "rules": self.rules,
                }
            },
            "invocations": [
                {
                    "executionSuccessful": not tally.unreadable,
                    "toolExecutionNotifications": marks["notifications"],
                }
            ],
            "columnKind": "unicodeCodePoints",
            "results": marks["results"],
        }
        document = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
        text = _dumped(document) + "\n"
        for name, spool in spooled.items():
            if not spool.parts:
                continue
            mark = _dumped(self._MARK.format(name))
            before, _, text = text.partition(mark + "\n")
            head, _, indent = before.rpartition("\n")
            self.out.write(head + "\n")
            spool.copy_to(self.out, len(indent))
            self.out.write("\n")
        self.out.write(text)

    @staticmethod
    def _result(report: FileReport, game: arbiter.GameRuling, finding: arbiter.Finding, rule_index: int) -> dict:
        """A finding (said already, `Finding.said`) as a SARIF result."""
        say = current()
        physical: dict[str, Any] = {"artifactLocation": artifact_uri(report.path)}
        if finding.line > 0:
            physical["region"] = {"startLine": finding.line, "startColumn": max(finding.column, 1)}
            source = report.lines.get(finding.line)
            if source is not None:
                physical["region"]["snippet"] = {"text": source}
        message = one_line(finding.message)
        if finding.remedy:
            message += " " + say(msg("Remedy: {remedy}", remedy=one_line(finding.remedy)))
        allowed = allowed_sentence(finding)
        if allowed:
            message += ("" if message.endswith(".") else ".") + f" {one_line(say(allowed))}"
        properties: dict[str, Any] = {"game": game.index, "rule": finding.rule, "verdict": str(game.verdict)}
        if game.house:
            properties["house"] = game.house
        if finding.house:
            properties["houseRules"] = finding.house
        for key in ("hand", "turn", "player"):
            value = getattr(finding, key)
            if value is not None:
                properties[key] = value
        if finding.alternatives_total is not None:  # a move: what was allowed instead, as notation
            properties["alternatives"] = list(finding.alternatives)
            properties["alternativesTotal"] = finding.alternatives_total
        if finding.action is not None:  # the step of the turn the finding is on, from 0
            properties["action"] = finding.action
        return {
            "ruleId": finding.code,
            "ruleIndex": rule_index,
            "level": "warning" if str(finding.severity) == "warning" else "error",
            "message": {"text": message},
            "locations": [{"physicalLocation": physical}],
            "properties": properties,
        }


RENDERERS = {"json": JsonRenderer, "junit": JunitRenderer, "github": GithubRenderer, "sarif": SarifRenderer}
RENDERERS.update(REPORT_RENDERERS)  # the round reports: html and csv

__all__ = ["RENDERERS", "version"]
