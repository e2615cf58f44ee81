"""Judging: a record's text in, a ruling per game out (docs/library.md).

The step that joins reading (arbiter.notation) and replaying (arbiter.engine) under the rule set a
record names, in import order:

- `assumed`: the rule set a record without a `[Rules]` tag is judged by, and the hint where its
  shape fits another family better;
- `checker`: `check` and `judge`, the one library call behind every adapter, and its `Request`;
- `allowed`: what was allowed instead of a disputed move, said for the adapters;
- `memory`: what reading and judging remember from one game to the next, and `forget`.

What a ruling is made of (findings, the corrected sheet, the table shown) is data below every
step, in arbiter.rulings.
"""

from __future__ import annotations

from .checker import Request, check, judge

__all__ = ["Request", "check", "judge"]
