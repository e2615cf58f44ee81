"""Modern American Canasta: the sources a rule or an option cites, by name.

No single rule book governs the game: the Canasta League of America's rules are the standard most
clubs invoke, pagat describes the game as one documented variant, and the Canasta Junction app
enforces its own reading. A rule is cited by source and section, never quoted; where no source
settles a point the source is our own page (`PROJECT_DEFAULT`).
"""

from __future__ import annotations

LEAGUE = "Canasta League of America rules (as transcribed)"
PAGAT = 'pagat, "Modern American Canasta"'
APP_HELP = "Canasta Junction help"
APP_BLOG = "Canasta Junction blog"
CLUB_2018 = "Official WCA Canasta Rules (2018)"
HONORS = "Honors Bridge Club house rules"
PLAYERS = "Modern American Canasta players' groups"
TEACHING = "a Modern American Canasta course"
WIKIPEDIA = 'Wikipedia, "Canasta", US American Canasta'
TOURNAMENT = "Northern Virginia Senior Olympics canasta event"
TWO_HAND_APP = "MeggieSoft Canasta help"

OURS = "This is our choice: no source settles it."  # a choice's closing words, where no source settles it
PROJECT_DEFAULT = 'Project default (docs/rules/modern-american.md, "Where the rule books are silent or disagree")'


def league(rule: str) -> str:
    """The League's rule, cited by its topic: `Canasta League of America rules (as transcribed), "Melding"`."""
    return f'{LEAGUE}, "{rule}"'
