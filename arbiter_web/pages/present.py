"""What the page shows, prepared from rulings: plain data for the templates, no HTML here.

The templates escape everything (Jinja autoescape); this module only arranges: the record's
lines with the findings that point at them, each finding with its rule, the table at the move,
and the score table by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arbiter import Finding, GameRuling, Verdict
from arbiter import families as rulesets
from arbiter.i18n import Text, msg, msg_n
from arbiter.judging.allowed import Alternative, alternatives, more_count

LISTING_MAX_LINES = 2000  # a longer record shows only the lines around findings
LISTING_CONTEXT = 3

VERDICTS = {
    Verdict.VALID: (msg("Valid"), msg("Every rule kept, every declared score right.")),
    Verdict.ILLEGAL: (msg("Illegal"), msg("A move breaks a rule, or a declared score or result is wrong.")),
    Verdict.MALFORMED: (
        msg("Cannot be read"),
        msg("Part of the record is not in the notation, so the game was not judged."),
    ),
}
COUNTED = {
    Verdict.VALID: lambda n: msg_n("{n} valid", "{n} valid", n),
    Verdict.ILLEGAL: lambda n: msg_n("{n} illegal", "{n} illegal", n),
    Verdict.MALFORMED: lambda n: msg_n("{n} cannot be read", "{n} cannot be read", n),
}
"""A round's count of games of each verdict, in its title ("3 games: 2 valid, 1 illegal")."""
SEVERITY_ORDER = (Verdict.MALFORMED, Verdict.ILLEGAL, Verdict.VALID)

CARD_KINDS = {"2": "wild", "X": "wild", "B": "bonus", "S": "stop", "C": "caliente"}
CARD_TITLES = {
    "2": msg("little wild"),
    "X": msg("big wild"),
    "B": msg("Bonus card"),
    "S": msg("Stop card"),
    "C": msg("Caliente card"),
}


# Control characters shown as their Control Pictures (␀ for NUL, ...), so a stray one is visible
# on the line a finding points at; a tab stays a tab.
VISIBLE = {code: 0x2400 + code for code in range(0x20) if code != 0x09} | {0x7F: 0x2421}


def visible(text: str) -> str:
    return text.translate(VISIBLE)


def card_kind(card: Any) -> str:
    return CARD_KINDS.get(str(card), "natural")


def card_title(card: Any) -> str:
    return CARD_TITLES.get(str(card), "")


@dataclass(slots=True)
class Mark:
    anchor: str
    severity: str
    code: str


@dataclass(slots=True)
class Line:
    number: int
    text: str
    marks: list[Mark] = field(default_factory=list)
    gap_before: bool = False

    @property
    def severity(self) -> str | None:
        if not self.marks:
            return None
        return "error" if any(m.severity == "error" for m in self.marks) else "warning"


@dataclass(slots=True)
class FindingView:
    anchor: str
    finding: Any
    rule_summary: str | None
    rule_url: str | None
    table: dict[str, Any] | None
    excerpt: tuple[str, str, str] | None = None
    """The offending line, split around the word at the finding's column: (before, word, after)."""
    previous: str | None = None
    next: str | None = None
    """The anchors of the findings before and after this one in the whole round (table_view.attach)."""
    replay: str | None = None
    """The anchor of the replay of the finding's hand, where the page has one (table_view.attach)."""
    allowed: AllowedView | None = None
    """What was allowed instead of the move, for a finding on a move."""


@dataclass(frozen=True, slots=True)
class AllowedView:
    """The actions allowed instead of a disputed move, in players' words; none: nothing else was."""

    actions: list[Alternative]
    more: int
    """Allowed actions counted but not listed."""
    partial: bool = False
    """The search for them stopped at the request's work budget: more may have been allowed."""


def allowed_view(finding: Finding) -> AllowedView | None:
    if finding.alternatives_total is None:
        return None
    return AllowedView(alternatives(finding), more_count(finding), finding.alternatives_partial)


@dataclass(slots=True)
class ScoreCell:
    score: int | None
    declared: int | None
    total: int | None

    @property
    def disagrees(self) -> bool:
        return self.score is not None and self.declared is not None and self.score != self.declared


@dataclass(slots=True)
class ScoreRow:
    number: int
    line: int
    judged: bool
    ended: bool
    cells: list[ScoreCell]


@dataclass(slots=True)
class GameView:
    ruling: GameRuling
    anchor: str
    verdict: str
    verdict_title: str
    verdict_text: str
    ruleset_title: str | None
    changed_options: dict[str, Any]
    findings: list[FindingView]
    sides: list[str]
    rows: list[ScoreRow]
    totals: dict[str, int]
    winner: str | None
    unlisted: int = 0
    """Findings counted but not shown (the page's finding budget)."""
    extra: Any = None
    """The score sheet, tags, kind of problem and replays of the game (table_view.attach)."""


@dataclass(slots=True)
class RulingView:
    games: list[GameView]
    lines: list[Line]
    verdict: str
    title: str
    text: str
    counts: dict[str, int]
    listing_cut: bool


def record_lines(text: str) -> list[str]:
    """The lines of a record numbered as the reader numbers them: split at line feeds only."""
    lines = [line.rstrip("\r") for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    if lines:
        lines[0] = lines[0].lstrip("\ufeff")
    return lines


def _ruleset(name: str | None) -> Any:
    if not name:
        return None
    try:
        return rulesets.get(name)
    except Exception:  # an unknown rule set named in a tag: the finding says so
        return None


def _sides(game: GameRuling) -> list[str]:
    seen: dict[str, None] = {}
    for hand in game.hands:
        for points in (hand.scores, hand.declared, hand.totals):
            for side in points or {}:
                seen.setdefault(side, None)
    for side in game.totals or {}:
        seen.setdefault(side, None)
    return list(seen)


def _rows(game: GameRuling, sides: list[str]) -> list[ScoreRow]:
    rows = []
    for hand in game.hands:
        cells = [
            ScoreCell(
                (hand.scores or {}).get(side),
                (hand.declared or {}).get(side),
                (hand.totals or {}).get(side),
            )
            for side in sides
        ]
        rows.append(ScoreRow(hand.number, hand.line, hand.judged, hand.ended, cells))
    return rows


EXCERPT_MAX = 200


def excerpt(lines: list[str], line: int, column: int) -> tuple[str, str, str] | None:
    """The line a finding points at, split around the word that starts at its column."""
    if not 1 <= line <= len(lines):
        return None
    text = visible(lines[line - 1])
    start = max(0, min(column - 1, len(text)))
    end = start
    if text[start : start + 1] == "[" and "]" in text[start:]:  # a meld: mark it whole
        end = text.index("]", start) + 1
    else:
        while end < len(text) and not text[end].isspace():
            end += 1
    if end == start and start < len(text):
        end = start + 1
    before, word, after = text[:start], text[start:end], text[end:]
    if len(before) > EXCERPT_MAX:
        before = "…" + before[-EXCERPT_MAX:]
    if len(after) > EXCERPT_MAX:
        after = after[:EXCERPT_MAX] + "…"
    return before, word[:EXCERPT_MAX], after


def game_view(game: GameRuling, rule_url: Any = None, lines: list[str] | None = None) -> GameView:
    """`rule_url(ruleset_name, code)` links a finding's code to the rule reference; `lines`, the
    record's lines, give each finding an excerpt of its line."""
    ruleset = _ruleset(game.rules)
    defaults = {spec.name: spec.default for spec in ruleset.options} if ruleset else {}
    findings = []
    for number, finding in enumerate(game.findings, start=1):
        rule = ruleset.catalogue.get(finding.code) if ruleset else None
        findings.append(
            FindingView(
                anchor=f"g{game.index}-f{number}",
                finding=finding,
                rule_summary=rule.summary if rule else None,
                rule_url=rule_url(ruleset.name, finding.code) if rule and rule_url else None,
                table=finding.table if isinstance(finding.table, Mapping) else None,
                excerpt=excerpt(lines, finding.line, finding.column) if lines else None,
                allowed=allowed_view(finding),
            )
        )
    title, text = VERDICTS[game.verdict]
    sides = _sides(game)
    return GameView(
        ruling=game,
        anchor=f"game-{game.index}",
        verdict=str(game.verdict),
        verdict_title=title,
        verdict_text=text,
        ruleset_title=ruleset.title if ruleset else game.rules,
        changed_options={k: v for k, v in (game.options or {}).items() if k in defaults and defaults[k] != v},
        findings=findings,
        sides=sides,
        rows=_rows(game, sides),
        totals=dict(game.totals or {}),
        winner=game.winner,
        unlisted=sum(game.unlisted.values()),
    )


def _listing(lines: list[str], games: Iterable[GameView | GameFindings]) -> tuple[list[Line], bool]:
    marks: dict[int, list[Mark]] = {}
    for game in games:
        for view in game.findings:
            f = view.finding
            marks.setdefault(f.line, []).append(Mark(view.anchor, str(f.severity), f.code))
    shown = range(1, len(lines) + 1)
    cut = len(lines) > LISTING_MAX_LINES
    if cut:
        keep = set(range(1, 21))
        for number in marks:
            keep.update(range(number - LISTING_CONTEXT, number + LISTING_CONTEXT + 1))
        shown = sorted(n for n in keep if 1 <= n <= len(lines))
    out: list[Line] = []
    previous = 0
    for number in shown:
        out.append(Line(number, visible(lines[number - 1]), marks.get(number, []), gap_before=number != previous + 1))
        previous = number
    return out, cut


@dataclass(slots=True)
class Listing:
    """A record line by line with its findings marked (the `record_listing` macro's `ruling`)."""

    lines: list[Line]
    listing_cut: bool


def listing(text: str, findings: list[FindingView]) -> Listing:
    """The listing of a record whose findings are shown outside a ruling (a refused event record)."""
    lines, cut = _listing(record_lines(text), [GameFindings(findings)])
    return Listing(lines, cut)


@dataclass(slots=True)
class GameFindings:
    findings: list[FindingView]


def listed(parts: list[Text]) -> Text:
    """Parts said one after the other, comma-separated, each in the reader's language."""
    if len(parts) == 1:
        return parts[0]
    return msg("{first}, {rest}", first=parts[0], rest=listed(parts[1:]))


def ruling_view(text: str, games: list[GameRuling], rule_url: Any = None) -> RulingView:
    text_lines = record_lines(text)
    views = [game_view(game, rule_url, text_lines) for game in games]
    counts = {str(v): sum(1 for g in games if g.verdict is v) for v in Verdict}
    worst = next((v for v in SEVERITY_ORDER if counts[str(v)]), Verdict.VALID)
    title, summary = VERDICTS[worst]
    if len(games) > 1:
        parts = [COUNTED[v](counts[str(v)]) for v in reversed(SEVERITY_ORDER) if counts[str(v)]]
        title = msg_n("{n} game: {counts}", "{n} games: {counts}", len(games), counts=listed(parts))
        summary = msg("Every game keeps every rule.") if worst is Verdict.VALID else msg("Each game's ruling follows.")
    lines, cut = _listing(text_lines, views)
    return RulingView(views, lines, str(worst), title, summary, counts, cut)
