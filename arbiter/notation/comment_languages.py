"""Comments written in several languages (docs/notation.md, "Comments in several languages").

A comment line whose text starts with a language tag, `;[es] ...`, is that comment in Spanish. In
each run of consecutive comment lines, a reader in a language sees the lines tagged with it (the
tag left out) where the run has any, else the untagged lines; lines in other languages are left
out. The checker never reads comments, so a record rules the same whatever its comments' languages.

    in_language("; Dispute: ...\\n;[es] Disputa: ...\\nhand 1 ...", "es")  # ";  Disputa: ...\\nhand 1 ..."
"""

from __future__ import annotations

import re

TAGGED = re.compile(r"^(?P<head>\s*;)\[(?P<lang>[a-z]{2})\]")
"""A comment line written in one language: `;[es]`, the tag right after the `;`."""


def in_language(text: str, language: str) -> str:
    """The record with, in each run of comment lines, the lines of `language` where it has any,
    else the untagged ones; every other line as it is."""
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    run: list[str] = []
    for line in [*lines, ""]:
        if line.lstrip().startswith(";"):
            run.append(line)
            continue
        kept += _chosen(run, language)
        run = []
        kept.append(line)
    return "".join(kept)


def _chosen(run: list[str], language: str) -> list[str]:
    tags = [TAGGED.match(line) for line in run]
    own = [
        TAGGED.sub(r"\g<head>", line) for line, tag in zip(run, tags, strict=True) if tag and tag["lang"] == language
    ]
    return own or [line for line, tag in zip(run, tags, strict=True) if not tag]
