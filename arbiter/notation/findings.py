"""The reader's findings: each code's section of the notation's spec, and the finding itself."""

from __future__ import annotations

from ..i18n import Text
from ..rulings import Finding, Severity

_NOTATION_RULE = "Notation ({section}, docs/notation.md)"

SECTIONS = {  # each code the reader finds: the section of docs/notation.md it cites
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


def notation_finding(
    line: int, column: int, code: str, message: Text | str, severity: Severity = Severity.ERROR
) -> Finding:
    """A finding of the reader (or of the formatter, which reads as it does), citing the notation."""
    return Finding(
        line=line,
        column=column,
        code=code,
        rule=_NOTATION_RULE.format(section=SECTIONS.get(code, "Lines")),
        severity=severity,
        message=message,
    )
