"""The event file (`*.event.toml`): one evening's tournament in one file, read and checked.

    name = "Thursday pairs"
    date = 2026-11-26
    family = "caliente"
    rulebook = "thursday.rules.toml"      # optional: a rulebook beside it, by file, #digest or name
    movement = "mitchell"                 # mitchell, howell, round-robin, swiss
    rounds = 2
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

import datetime
import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import families as rulesets
from ..i18n import msg
from ..rules.base import UsageError
from .errors import EventError
from .movements import check_rounds, most_rounds

SUFFIX = ".event.toml"
MAX_FILE = 512 * 1024  # bytes: an event of a few hundred pairs and its penalty ledger
MAX_TEXT = 200  # characters of a name, a reason or a path
MAX_PAIRS = 400
MAX_ROUNDS = 60
MAX_DEALS = 12
MOVEMENTS = ("mitchell", "howell", "round-robin", "swiss")
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
)
REMEDIES = ("apply", "hold")
RESULTS = ("records", "scores")
"""What a table hands in (the `results` key): its record, judged (`records`, the default), or, where
that is all the event keeps, only each deal's card points (`scores`; on the service, a side may
still hand in a record instead, and it is judged)."""
PAIR_KEYS = ("number", "name", "players")
PENALTY_KEYS = ("pair", "points", "reason", "by", "at", "round", "corrects")
STEP_KEYS = ("margin", "winner", "loser")


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
class VictoryStep:
    """A row of the victory-point scale: from this margin of card points up, the table's winner
    gets `winner` and its loser `loser` victory points."""

    margin: int
    winner: int
    loser: int


DEFAULT_VICTORY_POINTS = (
    VictoryStep(0, 10, 10),
    VictoryStep(100, 11, 9),
    VictoryStep(300, 12, 8),
    VictoryStep(600, 13, 7),
    VictoryStep(1000, 14, 6),
    VictoryStep(1500, 15, 5),
    VictoryStep(2000, 16, 4),
    VictoryStep(2600, 17, 3),
    VictoryStep(3300, 18, 2),
    VictoryStep(4100, 19, 1),
    VictoryStep(5000, 20, 0),
)
"""The project's own scale out of 20 (docs/events.md): a drawn table is 10 to 10, and the winner's
share grows with the margin until a margin of 5,000 card points gives 20 to 0."""


def _scale(margins: tuple[int, ...]) -> tuple[VictoryStep, ...]:
    """A scale out of 20 from the margins where each step starts: 10 to 10 from the first, one
    victory point more to the winner (and one less to the loser) at each next one."""
    return tuple(VictoryStep(margin, 10 + step, 10 - step) for step, margin in enumerate(margins))


NAMED_SCALES = {
    "burraco-italian-3": _scale((0, 55, 155, 255, 355, 505, 655, 805, 1005, 1255, 1505)),
    "burraco-italian-4": _scale((0, 105, 305, 505, 705, 905, 1105, 1305, 1505, 1705, 2005)),
}
"""Published scales a file names instead of writing rows (`victory-points = "burraco-italian-3"`):
the victory points of Italian Burraco tournaments for rounds of 3 and of 4 deals, as
puntiburraco.it reproduces them ("Partite e Punti Vittoria nei Tornei di Burraco"; the 3-deal
scale as eburraco.com's "Victory Points, i termini del Burraco" too). docs/events.md, "Scoring",
says where they come from and what a director checks before using them."""


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
    folder: Path = Path(".")
    """Where the event file is: the records and the rulebook are found from here."""

    def pair(self, number: int) -> Pair:
        return next(pair for pair in self.pairs if pair.number == number)

    def record_path(self, round_number: int, table: int) -> Path:
        """Where the record of `table` in round `round_number` is."""
        return self.folder / self.records.format(round=round_number, table=table)


def load(path: str | Path) -> Event:
    """The event in the file `path`. Raises EventError saying what is wrong."""
    path = Path(path)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE + 1)
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
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise EventError(msg("{origin}: not valid TOML ({error})", origin=origin, error=str(error))) from None
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
        fields = {
            "name": read(self.text, document, "name"),
            "date": read(self.date, document.get("date")),
            "family": read(self.family, document.get("family")),
            "rulebook": read(self.text, document, "rulebook", "", False) or None,
            "movement": read(self.choice, document, "movement", MOVEMENTS),
            "rounds": read(self.count, document, "rounds", 1, MAX_ROUNDS),
            "deals": read(self.count, document, "deals", 1, MAX_DEALS),
            "scoring": read(self.choice, document, "scoring", SCORINGS),
            "seed": read(self.count, document, "seed", 0, 2**63 - 1),
            "records": read(self.records, document.get("records")),
            "pairs": read(self.pairs, document.get("pairs"), fallback=()),
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
        }
        if problems:
            raise all_of(problems)
        event = Event(**fields, folder=folder)
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
        return event

    def rounds_fit(self, event: Event) -> None:
        """A movement planned before play cannot give more rounds than it has without a rematch."""

        if event.movement != "swiss":
            try:
                check_rounds(event.movement, len(event.pairs), event.rounds)
            except EventError as error:
                raise self.fail("rounds", error.message) from None

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

    def choice(self, table: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
        value = table.get(key)
        if value not in choices:
            raise self.fail(key, msg("write one of {choices}", choices=", ".join(choices)))
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

    def moment(self, value: Any, key: str) -> str:
        """When a ledger entry was written: a TOML date-time or day, or the same as text."""
        if isinstance(value, datetime.datetime | datetime.date):
            return value.isoformat()
        if isinstance(value, str):
            try:
                return datetime.datetime.fromisoformat(value.strip()).isoformat()
            except ValueError:
                pass
        raise self.fail(key, msg("write when, as 2026-11-26T21:40:00Z or 2026-11-26"))

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


NEW_MOVEMENT = "mitchell"
NEW_DEALS = 2
NEW_SCORING = "match-points"
NEW_RECORDS = "round-{round}/table-{table}.acn"
"""What `arbiter event new` writes when it is not told (docs/events.md, "Writing an event file")."""


def to_toml(event: Event) -> str:
    """The event as its file says it, keys in the documented order (`parse` reads it back the
    same). Strings are written as TOML basic strings, which JSON's escapes are."""
    lines = [
        f"name = {_quoted(event.name)}",
        f"date = {event.date}",
        f"family = {_quoted(event.family)}",
    ]
    if event.rulebook:
        lines.append(f"rulebook = {_quoted(event.rulebook)}")
    lines += [
        f"movement = {_quoted(event.movement)}",
        f"rounds = {event.rounds}",
        f"deals = {event.deals}",
        f"scoring = {_quoted(event.scoring)}",
        f"seed = {event.seed}",
        f"records = {_quoted(event.records)}",
    ]
    if not event.prepared:
        lines.append("prepared = false")
    if event.results != RESULTS[0]:
        lines.append(f"results = {_quoted(event.results)}")
    if event.remedies != REMEDIES[0]:
        lines.append(f"remedies = {_quoted(event.remedies)}")
    for pair in event.pairs:
        players = ", ".join(_quoted(player) for player in pair.players)
        lines += ["", "[[pairs]]", f"number = {pair.number}", f"name = {_quoted(pair.name)}", f"players = [{players}]"]
    for penalty in event.penalties:
        lines += ["", "[[penalties]]", f"pair = {penalty.pair}", f"points = {penalty.points}"]
        lines.append(f"reason = {_quoted(penalty.reason)}")
        lines += [f"by = {_quoted(penalty.by)}"] if penalty.by else []
        lines += [f"at = {_quoted(penalty.at)}"] if penalty.at else []
        lines += [f"round = {penalty.round}"] if penalty.round is not None else []
        lines += [f"corrects = {penalty.corrects}"] if penalty.corrects is not None else []
    if event.victory_points != DEFAULT_VICTORY_POINTS:
        for step in event.victory_points:
            lines += ["", "[[victory-points]]", f"margin = {step.margin}", f"winner = {step.winner}"]
            lines.append(f"loser = {step.loser}")
    return "\n".join(lines) + "\n"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


SEED_RANGE = 10**9
"""A seed `arbiter event new` draws when none is given: at random, so that nobody can deal the
boards before the director publishes the file."""


def new_event(
    name: str,
    date: str,
    family: str,
    rulebook: str | None,
    movement: str,
    rounds: int | None,
    deals: int,
    scoring: str,
    seed: int,
    records: str,
    pairs: list[Pair],
    folder: Path = Path("."),
    origin: str = "the new event",
) -> Event:
    """An event from its parts, checked as its file would be (EventError naming the key); `rounds`
    None: as many as the movement gives without a rematch."""

    if rounds is None:
        rounds = min(most_rounds(movement, len(pairs)), MAX_ROUNDS) if movement in MOVEMENTS else 1
    draft = Event(name, date, family, rulebook, movement, rounds, deals, scoring, seed, records, tuple(pairs))
    return parse(to_toml(draft), origin, folder)
