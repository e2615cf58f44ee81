"""The legal paths the engine counts, declared in one place.

Each hand counts the paths its moves take (`replay.paths["take-frozen"] += 1`), for coverage
reports (arbiter.simulate's EXPECTED_PATHS, tests/test_coverage_corpus.py). Every name counted
must be one of PATHS: the coverage test checks the counts of a whole corpus against it. The names
are declared here for every family, the paths of its policies included; the paths of a family's
own action are declared with it (`ActionKind.paths`), and `arbiter.families.PATHS` holds both.
"""

from __future__ import annotations

PATHS: frozenset[str] = frozenset(
    {
        # the start of the hand (engine/start.py)
        "sitting-out-hand",
        "sitting-out-reseated",
        "bonus-dealt",
        "up-card-covered",
        "position",
        # drawing (engine/drawing.py)
        "draw-1",
        "draw-2",
        "draw-last-card",
        # taking the pile
        *(f"take-{kind}{wild}" for kind in ("initial", "frozen", "unfrozen") for wild in ("", "-with-wild")),
        "take-onto-meld",
        "take-onto-sequence",
        "take-up-card-only",
        "take-top-of-pile",
        "take-exhausted-stock",
        # melds
        "add",
        "add-to-sequence",
        "meld-merged",
        "meld-sequence",
        "stop-meld",
        # Bonus cards
        "bonus-laid",
        "bonus-laid-no-replacement-left",
        "bonus-drawn-last",
        "bonus-drawn-last-kept",  # Modern American Canasta: the three stays in hand (Config.last_bonus_kept)
        "bonus-laid-late",  # Modern American Canasta: a three forgotten, laid later unreplaced (Config.forgotten_laid)
        # the talon drawn after an opening's discard (engine/talon.py, Modern American Canasta)
        "talon",
        # the end of the turn and of the hand
        *(f"discard-{kind}" for kind in ("natural", "wild", "stop", "caliente")),  # cards.KINDS, the Bonus card never
        "discard-taken-back",  # Modern American Canasta: no card held may go (Config.discard_from_melds)
        "ask-yes",
        "ask-no",
        "pass",
        "pass-blocked",
        "go-out-concealed",
        "go-out-discarding",
        "go-out-melding-all",
        "keep-last-card",
        # the rule set's end-of-hand warnings (Config.end_of_hand)
        "caliente-left-in-hand",
        "bonus-left-in-hand",
    }
)
