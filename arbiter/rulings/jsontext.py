"""`json.dumps(value, indent=2, ensure_ascii=False)`, the same text, about twice as fast.

The standard library writes indented JSON with its pure-Python encoder (its C encoder cannot
indent), a generator a value: about a fifth of `arbiter check --format json`. This writes the same
text with one plain recursive function, each string escaped by the C encoder's own function. What
it does not know (a type `json` would refuse, a key that is not text or a number) goes to `json`
itself, so errors and odd values are `json`'s own. tests/test_jsontext.py holds the two equal.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # the C function where the interpreter has it
from typing import Any

INDENT = "  "


class _Unusual(Exception):
    """A value the fast path leaves to `json` (an unknown type, a key that is not text)."""


def dumps_indented(value: Any, margin: int = 0) -> str:
    """The text of `json.dumps(value, indent=2, ensure_ascii=False)`, every line after the first
    indented by `margin` more spaces (a part of a larger document, written at its depth without
    splitting a long text into lines to indent them)."""
    out: list[str] = []
    try:
        _write(value, "\n" + " " * margin, out)
    except (_Unusual, RecursionError):
        text = json.dumps(value, indent=2, ensure_ascii=False)
        return text.replace("\n", "\n" + " " * margin) if margin else text
    return "".join(out)


def _write(value: Any, newline: str, out: list[str]) -> None:
    # the order of json's own tests: a str subclass is text, a bool is not an int
    if isinstance(value, str):
        out.append(encode_basestring(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float(value))
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = newline + INDENT
        separator = "[" + inner
        for item in value:
            out.append(separator)
            _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = newline + INDENT
        separator = "{" + inner
        for key, item in value.items():
            out.append(separator)
            out.append(encode_basestring(_key(key)))
            out.append(": ")
            _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "}")
    else:
        raise _Unusual


def _key(key: Any) -> str:
    if isinstance(key, str):
        return key
    if key is True or key is False or key is None or not isinstance(key, int | float):
        raise _Unusual  # json's own words for these (and its refusal of the rest)
    return int.__repr__(key) if isinstance(key, int) else _float(key)


def _float(value: float) -> str:
    if value != value or value in (float("inf"), float("-inf")):
        raise _Unusual  # NaN and the infinities: json's own spelling
    return float.__repr__(value)
