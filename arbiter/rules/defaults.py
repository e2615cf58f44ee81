"""Where the rule books are silent or disagree: the choice the project made on each point.

A rule set lists its `Choice`s (RuleSet.choices); the rule reference renders them as the section
"Where the rule books are silent or disagree", each with the option that switches it, if any.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Choice:
    point: str  # the question the books leave open
    books: str  # what each book says, or that they are silent
    chosen: str  # what the arbiter does
    why: str
    option: str | None = None  # the option that switches it, where there is one
