"""The reader's findings: each code's section of the notation's spec, and the finding itself."""

from __future__ import annotations

from ..i18n import Text
from ..rulings import Finding, Severity

_NOTATION_RULE = "Notation ({section}, docs/notation.md)"

_SECTIONS = {
    "syntax-error": "Lines",
    "unknown-card": "Cards",
    "not-utf8": "Files",
    "line-too-long": "Files",
    "record-too-large": "Files",
    "too-many-games": "Files",
    "too-many-errors": "Files",
    "out-of-place": "Games and hands",
    "tags-after-hands": "Games and hands",
    "internal-error": "Lines",
}


def _finding(line: int, column: int, code: str, message: Text | str, severity: Severity = Severity.ERROR) -> Finding:
    return Finding(
        line=line,
        column=column,
        code=code,
        rule=_NOTATION_RULE.format(section=_SECTIONS.get(code, "Lines")),
        severity=severity,
        message=message,
    )
