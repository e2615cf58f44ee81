"""The event file (`*.event.toml`): one evening's tournament in one file, read and checked.

    name = "Thursday pairs"
    date = 2026-11-26
    family = "caliente"
    rulebook = "thursday.rules.toml"      # optional: a rulebook beside it, by file, #digest or name
    movement = "mitchell"                 # mitchell, howell, round-robin, swiss (danish)
    rounds = 2                            # or, round by round, [[phases]] (docs/events.md)
    deals = 1                             # deals (hands) played at each table in a round
    scoring = "match-points"              # total, match-points, win-draw-loss, victory-points
    seed = 20261126                       # the prepared deals are made from it
    records = "tables/round-{round}-table-{table}.acn"

    [[pairs]]
    number = 1
    name = "Ann and Cid"
    players = ["ann", "cid"]

Every key is checked, and a file that cannot be used raises `EventError` naming the key and the
remedy (never a traceback). docs/events.md describes every key.
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import families as rulesets
from ..files.bounded_toml import TomlRefused, read_toml
from ..files.regular_files import read_regular
from ..i18n import LANGUAGES, msg
from ..rules.base import UsageError
from .danish import DEFAULT_DANISH, DanishOptions, read_danish
from .decisions import Decision, read_decisions, read_moment
from .errors import EventError
from .movements import LISTED, ON_RESULTS, Phase, check_rounds, plan
from .scales import DEFAULT_VICTORY_POINTS, NAMED_SCALES, VictoryStep

SUFFIX = ".event.toml"
MAX_FILE = 512 * 1024  # bytes: an event of a few hundred pairs and its penalty ledger
MAX_TEXT = 200  # characters of a name, a reason or a path
MAX_PAIRS = 400
MAX_ROUNDS = 60
MAX_DEALS = 12
MOVEMENTS = ("mitchell", "howell", "round-robin", "swiss", "danish")
MIXED = "mixed"
"""The movement of an event that mixes movements round by round (its `[[phases]]`)."""
SCORINGS = ("total", "match-points", "win-draw-loss", "victory-points")
RECORD_FIELDS = ("{round}", "{table}")
TOP_KEYS = (
    "name",
    "date",
    "family",
    "rulebook",
    "movement",
    "rounds",
    "deals",
    "scoring",
    "seed",
    "records",
    "pairs",
    "penalties",
    "victory-points",
    "remedies",
    "prepared",
    "results",
    "phases",
    "corrections-until",
    "tie-breaks",
    "language",
    "decisions",
    "danish",
)
PHASE_KEYS = ("movement", "rounds", "groups", "tables")
PHASE_MOVEMENTS = (*MOVEMENTS, LISTED)
REMEDIES = ("apply", "hold")
RESULTS = ("records", "scores")
"""What a table hands in (the `results` key): its record, judged (`records`, the default), or, where
that is all the event keeps, only each deal's card points (`scores`; on the service, a side may
still hand in a record instead, and it is judged)."""
PAIR_KEYS = ("number", "name", "players")
PENALTY_KEYS = ("pair", "points", "reason", "by", "at", "round", "corrects")
STEP_KEYS = ("margin", "winner", "loser")
TIE_BREAKS = ("card-points", "margin", "head-to-head")
"""What breaks a tie on the score, in the order the `tie-breaks` key lists them (docs/events.md,
"Ties"): the card points, the signed margin, the points the tied pairs took off each other."""
DEFAULT_TIE_BREAKS = ("card-points",)


@dataclass(frozen=True, slots=True)
class Pair:
    """An entrant: a pair (or a team, or one player in a two-handed event) by its number."""

    number: int
    name: str
    players: tuple[str, ...]
    """The names its players have in the tables' records (the `Seats` and `Teams` tags)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """A line of the director's ledger: points added to (or, negative, taken from) a pair's score;
    0 points is a warning. The ledger only grows: a correction is a new entry naming the one it
    corrects, which then counts no more (docs/events.md, "The ledger")."""

    pair: int
    points: int
    reason: str
    by: str | None = None
    """Who wrote the entry (the director's name)."""
    at: str | None = None
    """When, as ISO 8601 (`2026-11-26T21:40:00+00:00`, or a day)."""
    round: int | None = None
    """The round it belongs to: it counts in the standings after that round and later; None: in
    every round's standings."""
    corrects: int | None = None
    """The number (from 1, in the file's order) of the earlier entry this one corrects."""


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    date: str
    family: str
    rulebook: str | None
    movement: str
    rounds: int
    deals: int
    scoring: str
    seed: int
    records: str
    pairs: tuple[Pair, ...]
    penalties: tuple[Penalty, ...] = ()
    victory_points: tuple[VictoryStep, ...] = DEFAULT_VICTORY_POINTS
    prepared: bool = True
    """The tables play the prepared deals dealt from `seed` (checked against their boards);
    false: each table shuffles and deals its own cards."""
    results: str = "records"
    """What each table hands in: `records` (its record, certified) or `scores` (each deal's card
    points only, as the service's sides enter them; RESULTS)."""
    remedies: str = "apply"
    """`apply`: a table whose only errors are irregularities its rules remedy with points is
    certified with the remedies applied (each shown in the ledger); `hold`: it is not certified."""
    corrections_until: str | None = None
    """Until when (an ISO date-time, UTC unless it says its offset) a side may enter a confirmed
    table again on the service; None: once confirmed, only the director changes it."""
    folder: Path = Path(".")
    """Where the event file is: the records and the rulebook are found from here."""
    tie_breaks: tuple[str, ...] = DEFAULT_TIE_BREAKS
    """What breaks a tie on the score, in order (TIE_BREAKS); none: the tied pairs share the place."""
    language: str | None = None
    """The language the standings are published in (`language = "it"`), unless the reader asks
    for another; None: the reader's, or English."""
    decisions: tuple[Decision, ...] = ()
    """The director's decisions: a table's result as the director gives it, in place of its record."""
    danish: DanishOptions = DEFAULT_DANISH
    """How rounds on the standings are paired where the sources leave it open (`[danish]`)."""
    phases: tuple[Phase, ...] = ()
    """The movements round by round (`[[phases]]`), for an event that mixes them (`movement` is
    then MIXED); none: `movement` for every round."""

    def in_phases(self) -> tuple[Phase, ...]:
        """The event's rounds as phases: its own, or one phase of its one movement."""
        return self.phases or (Phase(self.movement, self.rounds),)

    def table_list_path(self, phase: Phase, round_number: int) -> Path:
        """Where a listed phase's table list of round `round_number` is."""
        return self.folder / (phase.tables or "").format(round=round_number)

    def board_sets(self) -> int:
        """How many board sets its rounds play, those of rounds still to be paired included."""
        return sum(phase.board_sets for phase in plan(self.in_phases(), [pair.number for pair in self.pairs]))

    def decision(self, round_number: int, table: int) -> Decision | None:
        """The director's decision of a table, if the file has one."""
        return next((each for each in self.decisions if (each.round, each.table) == (round_number, table)), None)

    def pair(self, number: int) -> Pair:
        return next(pair for pair in self.pairs if pair.number == number)

    def record_path(self, round_number: int, table: int) -> Path:
        """Where the record of `table` in round `round_number` is."""
        return self.folder / self.records.format(round=round_number, table=table)


def load(path: str | Path) -> Event:
    """The event in the file `path`. Raises EventError saying what is wrong."""
    path = Path(path)
    try:
        data = read_regular(path, MAX_FILE)  # a pipe or a device beside a record is no file to wait on
    except OSError as error:
        raise EventError(
            msg("{path}: cannot be read ({problem})", path=str(path), problem=str(error.strerror or error))
        ) from None
    if len(data) > MAX_FILE:
        raise EventError(msg("{path}: an event file is at most {limit:,} bytes", path=str(path), limit=MAX_FILE))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise EventError(msg("{path}: not UTF-8 text", path=str(path))) from None
    return parse(text, str(path), path.parent)


def parse(text: str, origin: str = "the event file", folder: Path = Path(".")) -> Event:
    """The event written in `text` (TOML); `origin` names it in errors, `folder` is where its
    records are found."""
    try:
        document = read_toml(text, origin)
    except TomlRefused as refused:
        raise EventError(refused.message) from None
    return _Reader(origin).event(document, folder)


def all_of(problems: list[EventError]) -> EventError:
    """One error saying each of `problems`, a line each."""
    said = problems[-1].message
    for problem in reversed(problems[:-1]):
        said = msg("{first}\n{rest}", first=problem.message, rest=said)
    return EventError(said)


@dataclass(frozen=True, slots=True)
class _Reader:
    origin: str

    def fail(self, key: str, problem: str) -> EventError:
        return EventError(msg("{origin}: {key}: {problem}", origin=self.origin, key=key, problem=problem))

    def event(self, document: Mapping[str, Any], folder: Path) -> Event:
        problems: list[EventError] = []  # every mistake of the file is said at once, as `check` says a record's

        def read(reading: Callable[..., Any], *args: Any, fallback: Any = None) -> Any:
            try:
                return reading(*args)
            except EventError as error:
                problems.append(error)
                return fallback

        read(self.known, document, TOP_KEYS, "")
        pairs = read(self.pairs, document.get("pairs"), fallback=())
        phases = read(self.phases, document, len(pairs), fallback=()) if pairs else ()
        fields = {
            "name": read(self.text, document, "name"),
            "date": read(self.date, document.get("date")),
            "family": read(self.family, document.get("family")),
            "rulebook": read(self.text, document, "rulebook", "", False) or None,
            "movement": MIXED if phases else read(self.choice, document, "movement", MOVEMENTS),
            "rounds": read(self.phased_rounds, document, phases)
            if phases
            else read(self.count, document, "rounds", 1, MAX_ROUNDS),
            "deals": read(self.count, document, "deals", 1, MAX_DEALS),
            "scoring": read(self.choice, document, "scoring", SCORINGS),
            "seed": read(self.count, document, "seed", 0, 2**63 - 1),
            "records": read(self.records, document.get("records")),
            "pairs": pairs,
        }
        numbers = {pair.number for pair in fields["pairs"]}
        fields |= {
            "penalties": read(self.penalties, document.get("penalties", []), numbers, fallback=())
            if fields["pairs"]
            else (),
            "victory_points": read(self.scale, document.get("victory-points")),
            "remedies": read(self.choice, document, "remedies", REMEDIES) if "remedies" in document else REMEDIES[0],
            "prepared": read(self.flag, document, "prepared"),
            "results": read(self.choice, document, "results", RESULTS) if "results" in document else RESULTS[0],
            "corrections_until": read(self.deadline, document.get("corrections-until")),
            "tie_breaks": read(self.tie_breaks, document.get("tie-breaks"), fallback=DEFAULT_TIE_BREAKS),
            "language": read(self.language, document.get("language")),
            "decisions": read(read_decisions, self.fail, document.get("decisions", []), fallback=()),
            "danish": read(read_danish, self.fail, document.get("danish"), fallback=DEFAULT_DANISH),
        }
        if problems:
            raise all_of(problems)
        event = Event(**fields, folder=folder, phases=phases)
        self.rounds_fit(event)
        if event.scoring == "match-points" and not event.prepared:
            raise self.fail(
                "scoring",
                msg("match points compare the tables that held the same cards: they need prepared deals"),
            )
        for index, penalty in enumerate(event.penalties, 1):
            if penalty.round is not None and penalty.round > event.rounds:
                raise self.fail(
                    f"penalties[{index}].round",
                    msg("write a whole number from {low:,} to {high:,}", low=1, high=event.rounds),
                )
        for index, decision in enumerate(event.decisions, 1):
            if decision.round > event.rounds:
                raise self.fail(
                    f"decisions[{index}].round",
                    msg("write a whole number from {low:,} to {high:,}", low=1, high=event.rounds),
                )
            if len(decision.scores) != event.deals:
                raise self.fail(
                    f"decisions[{index}].scores",
                    msg("the event deals {deals} a round: write each deal's points", deals=event.deals),
                )
        return event

    def rounds_fit(self, event: Event) -> None:
        """A movement planned before play cannot give more rounds than it has without a rematch."""
        for index, phase in enumerate(event.in_phases(), 1):
            if phase.movement not in ON_RESULTS:
                try:
                    check_rounds(phase.movement, len(event.pairs), phase.rounds)
                except EventError as error:
                    raise self.fail(f"phases[{index}].rounds" if event.phases else "rounds", error.message) from None

    def phases(self, document: Mapping[str, Any], pairs: int) -> tuple[Phase, ...]:
        """The movements round by round, where the file mixes them; the file then names no one
        `movement` for the whole event."""
        if "phases" not in document:
            return ()
        if "movement" in document:
            raise self.fail("movement", msg("an event played in [[phases]] names each phase's movement there instead"))
        entries = self.tables(document["phases"], "phases")
        if not 1 <= len(entries) <= MAX_ROUNDS:
            raise self.fail("phases", msg("write from 1 to {limit} phases", limit=MAX_ROUNDS))
        phases = []
        for index, entry in enumerate(entries, 1):
            where = f"phases[{index}]."
            self.known(entry, PHASE_KEYS, where)
            movement = self.choice(entry, "movement", PHASE_MOVEMENTS, where)
            groups = self.count(entry, "groups", 1, max(1, pairs // 2), where) if "groups" in entry else 1
            if groups > 1 and movement not in ON_RESULTS:
                raise self.fail(
                    where + "groups", msg("only a phase paired on the standings (danish, swiss) plays in groups")
                )
            tables = self.table_lists(entry, movement, where)
            phases.append(Phase(movement, self.count(entry, "rounds", 1, MAX_ROUNDS, where), groups, tables))
        return tuple(phases)

    def table_lists(self, entry: Mapping[str, Any], movement: str, where: str) -> str | None:
        """Where a listed phase's table lists are, a file a round: `tables`, with {round} in it."""
        if movement != LISTED:
            if "tables" in entry:
                raise self.fail(where + "tables", msg('only a listed phase (movement = "list") reads table lists'))
            return None
        value = entry.get("tables")
        rest = value.replace("{round}", "") if isinstance(value, str) else ""
        if not isinstance(value, str) or "{round}" not in value or "{" in rest or "}" in rest or len(value) > MAX_TEXT:
            raise self.fail(
                where + "tables",
                msg(
                    "write where each round's table list is, with {field} in it, such as {example}",
                    field="{round}",
                    example='"round-{round}.txt"',
                ),
            )
        return value

    def phased_rounds(self, document: Mapping[str, Any], phases: tuple[Phase, ...]) -> int:
        """The event's rounds: its phases' rounds together, which a `rounds` key must agree with."""
        rounds = sum(phase.rounds for phase in phases)
        if rounds > MAX_ROUNDS:
            raise self.fail("phases", msg("an event has at most {limit} rounds", limit=MAX_ROUNDS))
        if "rounds" in document and document["rounds"] != rounds:
            raise self.fail(
                "rounds", msg("the phases play {rounds} rounds: write that, or leave rounds out", rounds=rounds)
            )
        return rounds

    def tie_breaks(self, value: Any) -> tuple[str, ...]:
        if value is None:
            return DEFAULT_TIE_BREAKS
        if (
            not isinstance(value, list)
            or not all(isinstance(name, str) and name in TIE_BREAKS for name in value)
            or len(set(value)) != len(value)
        ):
            raise self.fail(
                "tie-breaks",
                msg(
                    "list what breaks a tie, in order, among {names} (each once), or [] to share the place",
                    names=", ".join(TIE_BREAKS),
                ),
            )
        return tuple(value)

    def language(self, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or value not in LANGUAGES:
            raise self.fail("language", msg("write one of {choices}", choices=", ".join(LANGUAGES)))
        return str(value)

    def flag(self, table: Mapping[str, Any], key: str) -> bool:
        value = table.get(key, True)
        if not isinstance(value, bool):
            raise self.fail(key, msg("write true or false"))
        return value

    def known(self, table: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
        for key in table:
            if key not in keys:
                raise self.fail(
                    where + key, msg("not a key of the event file; use one of {keys}", keys=", ".join(keys))
                )

    def text(self, table: Mapping[str, Any], key: str, where: str = "", required: bool = True) -> str:
        value = table.get(key)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > MAX_TEXT:
            raise self.fail(
                where + key,
                msg("write one line of text in double quotes (at most {limit} characters)", limit=MAX_TEXT),
            )
        return value.strip()

    def date(self, value: Any) -> str:
        if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
            return value.isoformat()
        if isinstance(value, str):
            try:
                return datetime.date.fromisoformat(value.strip()).isoformat()
            except ValueError:
                pass
        raise self.fail("date", msg("write the day the event is played, as 2026-11-26"))

    def family(self, value: Any) -> str:
        names = ", ".join(rulesets.names())
        if not isinstance(value, str):
            raise self.fail("family", msg("name the rule set the tables play, one of {names}", names=names))
        try:
            return rulesets.get(value).name
        except UsageError:
            raise self.fail("family", msg("name the rule set the tables play, one of {names}", names=names)) from None

    def choice(self, table: Mapping[str, Any], key: str, choices: tuple[str, ...], where: str = "") -> str:
        value = table.get(key)
        if value not in choices:
            raise self.fail(where + key, msg("write one of {choices}", choices=", ".join(choices)))
        return str(value)

    def count(self, table: Mapping[str, Any], key: str, low: int, high: int, where: str = "") -> int:
        value = table.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(where + key, msg("write a whole number from {low:,} to {high:,}", low=low, high=high))
        return value

    def number(self, table: Mapping[str, Any], key: str, where: str) -> int:
        value = table.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
            raise self.fail(where + key, msg("write a whole number of points, such as -100"))
        return value

    def records(self, value: Any) -> str:
        if not isinstance(value, str) or not all(field in value for field in RECORD_FIELDS):
            raise self.fail(
                "records",
                msg(
                    "write where each table's record is, with {fields} in it, such as {example}",
                    fields="{round} {table}",
                    example='"round-{round}/table-{table}.acn"',
                ),
            )
        rest = value.replace("{round}", "").replace("{table}", "")
        if "{" in rest or "}" in rest:  # no other field, and no format spec (a width could be huge)
            raise self.fail("records", msg("use no braces but {fields}", fields="{round} {table}"))
        return value

    def tables(self, value: Any, key: str) -> list[Mapping[str, Any]]:
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.fail(key, msg("write each entry as a [[{key}]] table", key=key))
        return value

    def pairs(self, value: Any) -> tuple[Pair, ...]:
        if value is None:
            raise self.fail("pairs", msg("list the pairs, each as a [[pairs]] table with its number and name"))
        entries = self.tables(value, "pairs")
        if not 2 <= len(entries) <= MAX_PAIRS:
            raise self.fail("pairs", msg("an event has from 2 to {limit} pairs", limit=MAX_PAIRS))
        pairs = tuple(self.pair(entry, index) for index, entry in enumerate(entries, 1))
        self.unique([pair.number for pair in pairs], "pairs.number")
        self.unique([player for pair in pairs for player in pair.players], "pairs.players")
        return pairs

    def pair(self, entry: Mapping[str, Any], index: int) -> Pair:
        where = f"pairs[{index}]."
        self.known(entry, PAIR_KEYS, where)
        players = entry.get("players")
        if (
            not isinstance(players, list)
            or not 1 <= len(players) <= 3
            or not all(isinstance(name, str) and name.isidentifier() for name in players)
        ):
            raise self.fail(
                where + "players",
                msg('list the names its players have in the records, such as ["ann", "cid"]'),
            )
        return Pair(self.count(entry, "number", 1, 9999, where), self.text(entry, "name", where), tuple(players))

    def unique(self, values: list[Any], key: str) -> None:
        seen: set[Any] = set()
        for value in values:
            if value in seen:
                raise self.fail(key, msg("{value} is given twice; each must be different", value=str(value)))
            seen.add(value)

    def penalties(self, value: Any, numbers: set[int]) -> tuple[Penalty, ...]:
        penalties = []
        for index, entry in enumerate(self.tables(value, "penalties"), 1):
            where = f"penalties[{index}]."
            self.known(entry, PENALTY_KEYS, where)
            pair = self.count(entry, "pair", 1, 9999, where)
            if pair not in numbers:
                raise self.fail(where + "pair", msg("no pair has the number {number}", number=pair))
            penalties.append(
                Penalty(
                    pair,
                    self.number(entry, "points", where),
                    self.text(entry, "reason", where),
                    by=self.text(entry, "by", where, required=False) or None,
                    at=self.moment(entry.get("at"), where + "at") if "at" in entry else None,
                    round=self.count(entry, "round", 1, MAX_ROUNDS, where) if "round" in entry else None,
                    corrects=self.count(entry, "corrects", 1, index - 1, where) if "corrects" in entry else None,
                )
            )
        return tuple(penalties)

    def deadline(self, value: Any) -> str | None:
        """The moment a confirmed table stops being open to its sides (`corrections-until`): a
        TOML date-time, UTC unless it says its offset."""
        if value is None:
            return None
        moment: datetime.datetime | None = value if isinstance(value, datetime.datetime) else None
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                moment = datetime.datetime.fromisoformat(value.strip())
        if moment is None:
            raise self.fail("corrections-until", msg("write when, as 2026-11-26T23:30:00+01:00"))
        return (moment if moment.tzinfo else moment.replace(tzinfo=datetime.UTC)).isoformat()

    def moment(self, value: Any, key: str) -> str:
        """When a ledger entry was written: read as a decision's moment is."""
        return read_moment(self.fail, value, key)

    def scale(self, value: Any) -> tuple[VictoryStep, ...]:
        if value is None:
            return DEFAULT_VICTORY_POINTS
        if isinstance(value, str):
            if value.strip() not in NAMED_SCALES:
                raise self.fail(
                    "victory-points",
                    msg(
                        "write the scale's rows as [[victory-points]] tables, or name one of {names}",
                        names=", ".join(NAMED_SCALES),
                    ),
                )
            return NAMED_SCALES[value.strip()]
        steps = []
        for index, entry in enumerate(self.tables(value, "victory-points"), 1):
            where = f"victory-points[{index}]."
            self.known(entry, STEP_KEYS, where)
            steps.append(
                VictoryStep(
                    self.count(entry, "margin", 0, 10**9, where),
                    self.count(entry, "winner", 0, 1000, where),
                    self.count(entry, "loser", 0, 1000, where),
                )
            )
        margins = [step.margin for step in steps]
        if not steps or margins[0] != 0 or margins != sorted(set(margins)):
            raise self.fail(
                "victory-points", msg("start the scale at margin 0 and list the margins from the smallest up")
            )
        return tuple(steps)
