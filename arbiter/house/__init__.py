"""A club's house rules as a rulebook it can name, share, compare and be judged by (docs/house-rules.md).

- `rulebook`: the TOML file read and checked against the family's options, its base, its
  canonical form and digest, the `House` tag naming it;
- `shelf`: rulebooks read from files, and the rulebooks at hand by digest;
- `use`: which rulebook a game is judged by, and the findings that turn on a house rule;
- `compare`: where two rulebooks differ; `reference`: a club's full rule reference.
"""

from .compare import Difference, compare, comparison
from .reference import house_reference
from .rulebook import SUFFIX, HouseRule, Rulebook, RulebookError, defaults, digest_in_tag, parse
from .shelf import Shelf, load
from .use import HouseProblem, RulebookSource, cite_house_rules, conflicts, house_finding_text, tagged_rulebook

__all__ = [
    "SUFFIX",
    "Difference",
    "HouseProblem",
    "HouseRule",
    "Rulebook",
    "RulebookError",
    "RulebookSource",
    "Shelf",
    "cite_house_rules",
    "compare",
    "comparison",
    "conflicts",
    "defaults",
    "digest_in_tag",
    "house_finding_text",
    "house_reference",
    "load",
    "parse",
    "tagged_rulebook",
]
