"""The counted words of the reports, the command line's and the archive's tally (one error, two
errors), as `Text`s a `Translator` says in the reader's language."""

from __future__ import annotations

from arbiter.i18n import Text, msg, msg_n
from arbiter.rulings import Severity, Verdict

VERDICT_WORDS = {
    Verdict.VALID: msg("valid"),
    Verdict.ILLEGAL: msg("illegal"),
    Verdict.MALFORMED: msg("malformed"),
}
"""A game's verdict as a reader reads it (the machine formats keep the code: `valid`, ...)."""

SEVERITY_WORDS = {Severity.ERROR: msg("error"), Severity.WARNING: msg("warning")}
"""A finding's severity as a reader of a report reads it (`path:line:col: error[code]` keeps the code)."""


def errors(n: int) -> Text:
    return msg_n("{n} error", "{n} errors", n)


def warnings(n: int) -> Text:
    return msg_n("{n} warning", "{n} warnings", n)


def files(n: int) -> Text:
    return msg_n("{n} file", "{n} files", n)


def games(n: int) -> Text:
    return msg_n("{n} game", "{n} games", n)


def errors_and_warnings(errors_found: int, warnings_found: int) -> Text:
    """`2 errors, 1 warning`."""
    return msg("{errors}, {warnings}", errors=errors(errors_found), warnings=warnings(warnings_found))
