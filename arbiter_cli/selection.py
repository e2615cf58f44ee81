"""`--select` and `--ignore`: which finding codes a run reports, as a linter's rule selection.

Codes are matched as globs (`score-*`, `take-*`: a family of codes by its prefix). Each code or glob
must name a code of some rule set (`arbiter rules NAME` lists them): a typo is a usage error naming
the closest codes, never a selection that silently matches nothing. With a selection, only the
codes it matches are reported; an ignored code is never reported. A finding left out does not fail
the run, and a game whose every error is left out is valid, but it is still counted: the verdict
line says `valid with 1 ignored error` and the summary counts the ignored findings. The verdict of
the arbiter itself is unchanged in the library; this is the command line's view of it.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fnmatch import fnmatchcase

import arbiter
from arbiter import families as rulesets
from arbiter.archive.inputs import FileReport
from arbiter.i18n import joined, msg


@dataclass(frozen=True, slots=True)
class CodeFilter:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def reports(self, code: str) -> bool:
        if self.select and not any(fnmatchcase(code, glob) for glob in self.select):
            return False
        return not any(fnmatchcase(code, glob) for glob in self.ignore)

    @property
    def everything(self) -> bool:
        return not self.select and not self.ignore

    def game(self, game: arbiter.GameRuling) -> arbiter.GameRuling:
        if self.everything:
            return game
        kept = [f for f in game.findings if self.reports(f.code)]
        if len(kept) == len(game.findings):
            return game
        ignored = Counter(str(f.severity) for f in game.findings if not self.reports(f.code))
        still_malformed = game.malformed and any(f.is_error for f in kept)
        return dataclasses.replace(game, findings=kept, malformed=still_malformed, ignored=ignored)

    def report(self, report: FileReport) -> FileReport:
        if self.everything or not report.games:
            return report
        report.games = [self.game(game) for game in report.games]
        return report


class UnknownCode(ValueError):
    """A code or glob of --select/--ignore that names no code of any rule set."""


def check_codes(option: str, patterns: Iterable[str], known: frozenset[str] | None = None) -> None:
    """Raise UnknownCode for the first pattern that matches no known code, naming the closest."""
    known = rulesets.codes() if known is None else known
    for pattern in patterns:
        if any(fnmatchcase(code, pattern) for code in known):
            continue
        stem = pattern.rstrip("*?")
        prefixed = sorted(code for code in known if stem and code.startswith(stem))
        close = difflib.get_close_matches(stem, sorted(known), n=3, cutoff=0.6)
        hints: list[str] = list(dict.fromkeys(prefixed[:3] + close))[:3]
        if len(prefixed) > 1:
            hints.append(msg("the glob {glob}", glob=f"'{stem}*'"))
        if hints:
            raise UnknownCode(
                msg(
                    "{option} {pattern} matches no finding code of any rule set; did you mean {hints}? "
                    "(a family of codes is a glob: 'score-*'; the codes: arbiter rules NAME)",
                    option=option,
                    pattern=repr(pattern),
                    hints=joined(hints),
                )
            )
        raise UnknownCode(
            msg(
                "{option} {pattern} matches no finding code of any rule set "
                "(a family of codes is a glob: 'score-*'; the codes: arbiter rules NAME)",
                option=option,
                pattern=repr(pattern),
            )
        )


@dataclass(slots=True)
class Statistics:
    """How many findings of each code a run reported, for `--statistics`."""

    counts: Counter[str] = dataclasses.field(default_factory=Counter)
    rules: dict[str, str] = dataclasses.field(default_factory=dict)
    errors: set[str] = dataclasses.field(default_factory=set)

    def add_game(self, game: arbiter.GameRuling) -> None:
        for finding in game.findings:
            self.counts[finding.code] += 1
            self.rules.setdefault(finding.code, finding.rule)
            if finding.is_error:
                self.errors.add(finding.code)

    def rows(self) -> list[str]:
        """`count  code  severity  rule`, the most frequent first, aligned."""
        ranked = sorted(self.counts.items(), key=lambda item: (-item[1], item[0]))
        if not ranked:
            return []
        count_width = max(len(str(count)) for _, count in ranked)
        code_width = max(len(code) for code, _ in ranked)
        return [
            f"{count:>{count_width}}  {code:<{code_width}}  {'error  ' if code in self.errors else 'warning'}  "
            f"{self.rules.get(code) or ''}".rstrip()
            for code, count in ranked
        ]
