"""Coverage: which legal paths of the arbiter (`path:<name>`) and which rule codes of findings
(`code:<code>`) a corpus of simulated games exercised, which paths each family's games should take
(`EXPECTED_PATHS`), and a small corpus per family that takes them all (`COVERAGE_CORPUS`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..i18n import msg, translator
from ..rulings import GameRuling
from .choices import Style
from .families import family
from .runner import SimulatedGame, simulate_games

# The legal paths (arbiter/engine/paths.py) a corpus of simulated games takes, per rule set, built
# from the groups of paths the families share.
_DEAL = frozenset({"bonus-dealt", "up-card-covered"})
_SITTING_OUT = frozenset({"sitting-out-hand", "sitting-out-reseated"})  # five and six players
_DRAWS = frozenset({"draw-1", "draw-2", "draw-last-card"})
_TAKES = frozenset(  # the classic takes of the pile: a pair, or onto a meld when unfrozen
    {
        "take-initial",
        "take-frozen",
        "take-unfrozen",
        "take-unfrozen-with-wild",
        "take-onto-meld",
        "take-exhausted-stock",
    }
)
_BONUS = frozenset({"bonus-laid", "bonus-laid-no-replacement-left", "bonus-drawn-last"})
_CALIENTE_CARDS = frozenset({"caliente-card", "caliente-refill", "caliente-no-refill", "caliente-left-in-hand"})
_DISCARDS = frozenset({"discard-natural", "discard-wild", "discard-stop"})
_ASKING = frozenset({"ask-yes", "ask-no"})
_END = frozenset({"pass", "pass-blocked", "go-out-melding-all", "go-out-discarding"})

EXPECTED_PATHS: dict[str, frozenset[str]] = {
    "caliente": _DEAL
    | _SITTING_OUT
    | _DRAWS
    | _TAKES
    | {"take-initial-with-wild", "meld-merged", "add", "stop-meld"}
    | _BONUS
    | {"bonus-left-in-hand"}
    | _CALIENTE_CARDS
    | _DISCARDS
    | {"discard-caliente"}
    | _ASKING
    | _END
    | {"go-out-concealed"},
    # Samba: the Caliente table rules with sequences (made, grown, taken onto), natural pairs only,
    # the up card alone with sequence-take=top-card; a concealed going out earns nothing more in
    # Samba, but the engine still tells it apart.
    "samba": _DEAL
    | _SITTING_OUT
    | _DRAWS
    | (_TAKES - {"take-unfrozen-with-wild"})
    | {"take-onto-sequence", "take-up-card-only", "add", "add-to-sequence", "meld-sequence", "stop-meld"}
    | _BONUS
    | {"bonus-left-in-hand"}
    | _CALIENTE_CARDS
    | _DISCARDS
    | {"discard-caliente"}
    | _ASKING
    | _END
    | {"go-out-concealed"},
    # Hand & Foot: two cards drawn, the pile always frozen (taken with a natural pair into a new meld,
    # all of it or its top cards with pile-take=N), the Foot picked up in the turn the Hand is melded
    # out or on the next turn, Bonus cards laid from the Foot too, and the partner asked.
    "hand-and-foot": _DEAL
    | _DRAWS
    | {"take-initial", "take-frozen", "take-top-of-pile", "take-up-card-only", "foot-at-once", "foot-next-turn"}
    | {"add"}
    | _BONUS
    | _DISCARDS
    | _ASKING
    | _END,
    # Classic Canasta (the Official Canasta Laws): Caliente's paths without Caliente cards; no wild
    # takes the pile before a side's first meld.
    "classic": _DEAL
    | _DRAWS
    | _TAKES
    | {"meld-merged", "add", "stop-meld"}
    | _BONUS
    | {"bonus-left-in-hand"}
    | _DISCARDS
    | _ASKING
    | _END
    | {"go-out-concealed"},
    # Hoyle two-hand: the classic paths of two players, and the top card alone on an exhausted stock.
    "hoyle": _DEAL
    | _DRAWS
    | _TAKES
    | {"take-up-card-only", "meld-merged", "add", "stop-meld"}
    | _BONUS
    | _DISCARDS
    | _END
    | {"go-out-concealed"},
}

# Per family, the engine's paths its simulated games never take, and why: they cannot happen under
# its rules, or the simulator never plays them. Every engine path is expected of some family or
# listed here (tests/test_coverage_corpus.py); a family with no coverage corpus yet lists the paths
# only it would take until it gets its own EXPECTED_PATHS and COVERAGE_CORPUS.
NOT_SIMULATED: dict[str, dict[str, str]] = {
    "caliente": {
        "position": "simulated hands always start from a deal, never from a stated position",
        "take-frozen-with-wild": "a frozen pile is never taken with a wild: the engine reports it as take-frozen",
    },
    "samba": {
        "position": "simulated hands always start from a deal, never from a stated position",
        "take-initial-with-wild": "only a natural pair from hand takes the pile before the side's first meld",
        "take-frozen-with-wild": "only a natural pair from hand takes a frozen pile",
        "take-unfrozen-with-wild": "an unfrozen pile is taken with a natural pair, never a natural and a wild",
        "meld-merged": "a side's groups of one rank stay apart (Q, Q#2): a new group never merges into one",
    },
    "hand-and-foot": {
        "position": "simulated hands always start from a deal, never from a stated position",
        "take-initial-with-wild": "only a natural pair from the Hand takes the pile, always frozen",
        "take-frozen-with-wild": "only a natural pair from the Hand takes the pile, always frozen",
        "take-unfrozen": "the pile is always frozen",
        "take-onto-meld": "the pile is always frozen: its up card goes into a new meld, never onto one",
        "take-exhausted-stock": "a player who finds the stock empty passes and the round ends: nobody takes then",
        "meld-merged": "a canasta closed at seven and a new meld of its rank stay apart",
        "stop-meld": "the bots discard their Stop cards, they never meld them",
        "go-out-concealed": "the bots never play out the Hand and the whole Foot in the turn of their first meld",
        "bonus-left-in-hand": "the bots lay every Bonus card they hold (one left in a Foot is only scored)",
    },
    "classic": {
        "position": "simulated hands always start from a deal, never from a stated position",
        "take-initial-with-wild": "the pile is frozen against a side until its first meld: no wild takes it",
        "take-frozen-with-wild": "only a natural pair from hand takes a frozen pile",
    },
    "hoyle": {
        "position": "simulated hands always start from a deal, never from a stated position",
        "take-initial-with-wild": "the pile is frozen against a player until the first meld: no wild takes it",
        "take-frozen-with-wild": "only a natural pair from hand takes a frozen pile",
        "keep-last-card": "the bots keep two cards when they meld, so they never end a turn with one card short of "
        "canastas (tests/test_hoyle_rules.py judges it)",
        "bonus-left-in-hand": "the Hoyle bots lay every red three",
    },
}


@dataclass(frozen=True, slots=True)
class CorpusPart:
    """Some games of one table in a coverage corpus."""

    players: int
    games: int
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int | None = None
    style: Style = field(default_factory=Style)


# A small corpus per judged rule set that takes every path of EXPECTED_PATHS (tests/test_coverage_corpus.py):
# club play at each table, and hands played to the end of the stock, where the rare paths are
# (passes, forced takes, a Bonus card drawn last, one that cannot be laid).
COVERAGE_SEED = 23
COVERAGE_CORPUS: dict[str, tuple[CorpusPart, ...]] = {
    "caliente": (
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 60, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 100, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 6, {"always-frozen": True}, style=Style(long_hands=0.5)),
        CorpusPart(5, 10, hands=3),
        CorpusPart(6, 4, hands=3),
        CorpusPart(6, 4, {"three-packs": True}, hands=3),
        CorpusPart(4, 30, {"caliente-cards": True}, style=Style(long_hands=0.5)),
        CorpusPart(4, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 30, {"caliente-cards": True, "caliente-refill": 11}, hands=2, style=Style(long_hands=1.0)),
    ),
    # Samba at every table, with each option that opens or closes a path: sequence-take=top-card
    # (the up card alone onto a sequence), the pile always frozen, the Caliente cards (a player
    # holding fifteen or more draws nothing: caliente-no-refill); the other options change no path.
    "samba": (
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 30, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 6, hands=2),
        CorpusPart(5, 6, hands=3),
        CorpusPart(6, 4, hands=3),
        CorpusPart(4, 10, {"sequence-take": "top-card"}, hands=2),
        CorpusPart(4, 6, {"pile-always-frozen": True, "wild-ratio": "two-naturals-per-wild"}, hands=2),
        CorpusPart(4, 40, {"caliente-cards": True}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(
            2,
            20,
            {"caliente-cards": True, "bonus-penalty": "flat", "minimum-7000": 160},
            hands=2,
            style=Style(long_hands=1.0),
        ),
    ),
    # Hand & Foot (four players) with each option that opens or closes a path: pile-take=N (the top
    # cards of the pile, the up card alone with 1), asking left to the player (ask-required=no), and
    # the other melding rules; a game is four rounds, so most parts play two.
    "hand-and-foot": (
        CorpusPart(4, 20),
        CorpusPart(4, 10, {"pile-take": 7}, hands=2),
        CorpusPart(4, 8, {"pile-take": 1}, hands=2),
        CorpusPart(4, 10, {"ask-required": False}, hands=2, style=Style(ask=0.5)),
        CorpusPart(
            4,
            10,
            {"wild-ratio": "two-naturals-per-wild", "wild-pair-take": True, "canastas-to-go-out": "1/1/1"},
            hands=2,
        ),
        CorpusPart(4, 8, {"hand-size": 11, "foot-size": 11, "minimums": "50/50/50/50"}, hands=2),
    ),
    # Classic at every table, with the options that open a path (a black three on top blocks the
    # first player: pass-blocked is also a black three discarded on an exhausted stock).
    "classic": (
        CorpusPart(4, 40, style=Style(ask=0.9)),
        CorpusPart(4, 40, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 40, hands=2, style=Style(long_hands=1.0, forget_bonus=0.5)),
        CorpusPart(3, 20, hands=2, style=Style(long_hands=0.5)),
        CorpusPart(4, 10, {"black-three-up": "top", "black-three-freezes": True}, hands=2),
        CorpusPart(4, 10, {"wild-ratio": "at-most-three"}, hands=2),
    ),
    # Hoyle with one card drawn and two, played to the end of the stock (the top card alone).
    "hoyle": (
        CorpusPart(2, 40, hands=2),
        CorpusPart(2, 60, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 30, {"draw": 2}, hands=2, style=Style(long_hands=1.0)),
        CorpusPart(2, 20, {"canastas-to-go-out": 1, "black-three-up": "covered"}, hands=2, style=Style(long_hands=0.5)),
    ),
}


def coverage_corpus(rules: str = "caliente", seed: int = COVERAGE_SEED) -> Iterator[SimulatedGame]:
    """The games of the rule set's coverage corpus (COVERAGE_CORPUS)."""
    name = family(rules).name
    for part in COVERAGE_CORPUS.get(name, ()):  # none yet for a family the arbiter does not judge
        yield from simulate_games(name, part.players, part.options, part.games, part.hands, seed, style=part.style)


def coverage(rulings: Iterable[GameRuling]) -> Counter[str]:
    """The legal paths (`path:<name>`) and rule codes of findings (`code:<code>`) a corpus
    exercised, with how often."""
    total: Counter[str] = Counter()
    for ruling in rulings:
        total.update(ruling.coverage)
    return total


def expected_paths(
    rules: str = "caliente",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    style: Style | None = None,
) -> frozenset[str]:
    """The legal paths simulated games of `rules` should take: all of EXPECTED_PATHS, or, given a
    table, those possible there (nobody asks a partner with two or three players, nobody sits out
    with four, no Caliente card is played without the variation, no Samba take onto a sequence
    takes the up card alone without sequence-take=top-card, no Hand & Foot take leaves part of the
    pile without pile-take=N ...)."""
    fam = family(rules)
    paths = EXPECTED_PATHS.get(fam.name, frozenset())
    if players is None:
        return paths
    values = fam.resolve({name: fam.option(name).parse(v) for name, v in (options or {}).items()})
    three = bool(values.get("three-packs"))
    drop: set[str] = set()
    if players < 4:
        drop |= {"ask-yes", "ask-no"}
    if players <= 4 or three:
        drop |= {"sitting-out-hand", "sitting-out-reseated"}
    if fam.build(players, values).draw_count != 2:  # the table's rules: Caliente draws two at two players only
        drop.add("draw-2")
    if not values.get("caliente-cards"):
        drop |= {p for p in paths if "caliente" in p}
    if values.get("always-frozen"):
        drop |= {"take-unfrozen", "take-unfrozen-with-wild", "take-initial-with-wild"}
    if values.get("pile-always-frozen"):  # Samba: only a natural pair takes it, never onto a meld
        drop |= {"take-unfrozen", "take-onto-meld", "take-onto-sequence", "take-up-card-only"}
    if values.get("sequence-take", "top-card") != "top-card":
        drop.add("take-up-card-only")
    if "pile-take" in values:  # Hand & Foot: all of the pile, its top N cards, or the up card alone (1)
        take = str(values["pile-take"])
        if take == "all":
            drop |= {"take-top-of-pile", "take-up-card-only"}
        else:
            drop.add("take-up-card-only" if take != "1" else "take-top-of-pile")
    if values.get("ask-required") is False and not (style or Style()).ask:
        drop |= {"ask-yes", "ask-no"}
    if not (style or Style()).forget_bonus:
        drop.add("bonus-left-in-hand")
    return paths - drop


def missing_paths(counts: Counter[str], rules: str = "caliente", expected: frozenset[str] | None = None) -> list[str]:
    """The expected legal paths of `rules` (or `expected`) that `counts` never took."""
    wanted = expected if expected is not None else EXPECTED_PATHS.get(family(rules).name, frozenset())
    return sorted(p for p in wanted if counts[f"path:{p}"] == 0)


def coverage_report(
    counts: Counter[str], rules: str = "caliente", expected: frozenset[str] | None = None, lang: str | None = None
) -> str:
    """A plain-text report: each legal path and rule code with its count, then the expected
    paths (all of the rule set's, or `expected`: see `expected_paths`) the corpus missed; its
    words in `lang` (the paths and codes stay as they are)."""
    say = translator(lang)
    name = family(rules).name
    expected = expected if expected is not None else EXPECTED_PATHS.get(name, frozenset())
    paths = sorted({key[5:] for key in counts if key.startswith("path:")} | set(expected))
    codes = sorted(key[5:] for key in counts if key.startswith("code:"))
    width = max([len(p) for p in paths] + [len(c) for c in codes] + [10])
    taken = sum(1 for p in paths if counts[f"path:{p}"])
    lines = [say(msg("legal paths ({taken} of {paths} taken):", taken=taken, paths=len(paths)))]
    not_exercised = "  " + say(msg("<- not exercised"))
    for path in paths:
        count = counts[f"path:{path}"]
        flag = "" if count or path not in expected else not_exercised
        lines.append(f"  {path:<{width}}  {count:>8,}{flag}")
    heading = (
        msg("rule codes in findings ({codes}):", codes=len(codes)) if codes else msg("rule codes in findings: none")
    )
    lines.append(say(heading))
    for code in codes:
        lines.append(f"  {code:<{width}}  {counts[f'code:{code}']:>8,}")
    missing = missing_paths(counts, name, expected)
    ending = (
        msg("missing: {paths}", paths=", ".join(missing)) if missing else msg("every expected legal path was taken")
    )
    lines.append(say(ending))
    return "\n".join(lines) + "\n"


__all__ = [
    "COVERAGE_CORPUS",
    "COVERAGE_SEED",
    "EXPECTED_PATHS",
    "NOT_SIMULATED",
    "CorpusPart",
    "coverage",
    "coverage_corpus",
    "coverage_report",
    "expected_paths",
    "missing_paths",
]
