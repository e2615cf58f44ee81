"""Coverage: which legal paths of the arbiter (`path:<name>`) and which rule codes of findings
(`code:<code>`) a corpus of simulated games exercised, which paths each family's games should take
(`EXPECTED_PATHS`), and a small corpus per family that takes them all (`COVERAGE_CORPUS`). The
data is each family's own (`Family.coverage`, from its package's `coverage.py`); this module only
combines it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..bots.choices import Style
from ..bots.coverage_parts import CorpusPart
from ..i18n import msg, translator
from ..rulings import GameRuling
from .families import family, registered
from .runner import SimulatedGame, simulate_games

# What each family brings (its package's `coverage.py`, through `Family.coverage`), combined by name.
_COVERED = {fam.name: fam.coverage for fam in registered() if fam.coverage is not None}

EXPECTED_PATHS: dict[str, frozenset[str]] = {name: data.expected for name, data in _COVERED.items()}
"""Per judged family, the legal paths (arbiter/engine/paths.py) its simulated games should take."""

NOT_SIMULATED: dict[str, dict[str, str]] = {name: dict(data.not_simulated) for name, data in _COVERED.items()}
"""Per family, the engine's paths its simulated games never take, and why. Every engine path is
expected of some family or listed here (tests/test_coverage_corpus.py)."""

COVERAGE_SEED = 23
COVERAGE_CORPUS: dict[str, tuple[CorpusPart, ...]] = {name: data.corpus for name, data in _COVERED.items()}
"""Per judged family, a small corpus that takes every path of EXPECTED_PATHS, played from COVERAGE_SEED."""


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
    table, those possible there: nobody asks a partner with two or three players, nobody sits out
    with four, nobody draws two where the table's rules draw one, no Bonus card is left in hand
    unless the style forgets one, and whatever the family's own options close
    (`FamilyCoverage.closed_paths`)."""
    fam = family(rules)
    paths = EXPECTED_PATHS.get(fam.name, frozenset())
    if players is None:
        return paths
    values = fam.resolve({name: fam.option(name).parse(v) for name, v in (options or {}).items()})
    style = style or Style()
    drop: set[str] = set()
    if players < 4:
        drop |= {"ask-yes", "ask-no"}
    if players <= 4:
        drop |= {"sitting-out-hand", "sitting-out-reseated"}
    if fam.build(players, values).draw_count != 2:  # the table's rules say how many are drawn
        drop.add("draw-2")
    if not style.forget_bonus:
        drop.add("bonus-left-in-hand")
    if fam.coverage is not None:  # what the family's own options close
        drop |= fam.coverage.closed_paths(values, style)
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
