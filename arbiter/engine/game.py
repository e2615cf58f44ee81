"""A whole game: its seating from the tags, its hands in order, the totals, the target, the result.

`judge_game` is the engine's entry point (arbiter.judging.checker calls it): each hand is replayed by a
`HandReplay` (engine/hand_play.py), its score recomputed (engine/scoring.py) and compared with the
declared one; the running totals, the end of the game at the rule set's target and the Result tag
are checked here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any

from .. import cards as C
from ..i18n import msg, term
from ..notation.records import Game, HandRecord, Node, Points
from ..rules.base import Config, OptionValue, RuleSet, Seating, cite
from ..rules.lists import listed
from ..rulings import Finding, GameRuling, HandResult, Severity
from ..rulings.finding_budget import shed
from .hand_play import HandReplay, Observer
from .summaries import SummarisedHand, next_minimums


def seating_from_tags(
    game: Game, ruleset: RuleSet, options: Mapping[str, OptionValue]
) -> tuple[Seating | None, Finding | None]:
    seats_tag = game.find_tag("seats")
    teams_tag = game.find_tag("teams")

    def problem(message: str, node: Node | None, code: str = "seating") -> tuple[None, Finding]:
        return None, Finding(
            line=node.line if node else game.line,
            column=1,
            code=code,
            rule=ruleset.cite(code),
            severity=Severity.ERROR,
            message=message,
        )

    if seats_tag is None:
        return problem(
            msg('the record must name the players in playing order: [Seats "ann bob cid dee"]'),
            game.tags[0] if game.tags else None,
            "seats-missing",
        )
    seats = tuple(seats_tag.value.split())
    if len(set(seats)) != len(seats):
        return problem(msg("a player is named twice in the Seats tag"), seats_tag)
    if len(seats) not in ruleset.seat_counts:
        return problem(
            msg(
                "{title} is played by {counts} players, not {count}",
                title=term(ruleset.title),
                counts=", ".join(map(str, ruleset.seat_counts)),
                count=len(seats),
            ),
            seats_tag,
        )
    if teams_tag is not None:
        sides = tuple(tuple(team.split("+")) for team in teams_tag.value.split())
    elif len(seats) == 4:
        sides = ((seats[0], seats[2]), (seats[1], seats[3]))
    elif len(seats) in (2, 3):
        sides = tuple((p,) for p in seats)
    else:
        return problem(
            msg('with {count} players the record must give the teams: [Teams "ann+cid+eve bob+dee"]', count=len(seats)),
            seats_tag,
            "teams-missing",
        )
    named = [p for side in sides for p in side]
    if sorted(named) != sorted(seats):
        return problem(msg("every seated player must be on exactly one team"), teams_tag)
    seating = Seating(seats, sides)
    message = ruleset.seating_problem(seating, options)
    if message:
        return problem(message, teams_tag or seats_tag)
    return seating, None


def judge_game(
    game: Game,
    ruleset: RuleSet,
    options: Mapping[str, OptionValue],
    ruling: GameRuling,
    observer: Observer | None = None,
) -> None:
    """Replay `game` under `ruleset`, adding findings, hand results, totals and the winner.
    `observer`, if given, sees the table as each hand starts (turn 0) and after each turn."""
    seating, problem = seating_from_tags(game, ruleset, options)
    if seating is None:
        assert problem is not None
        ruling.findings.append(problem)
        return
    config = ruleset.config_for(seating, options)
    sides = [Seating.side_name(s) for s in seating.sides]
    totals = dict.fromkeys(sides, 0)
    corrected = dict(totals)  # the score sheet's totals, remedies applied: what first-meld minimums follow
    previous: HandRecord | None = None
    game_over_at: int | None = None
    why_over = ""
    won_at_once: str | None = None
    paths: Counter[str] = C.Counts()
    shared = _SharedPoints()
    for record in game.hands:
        shed(ruling)  # a record of thousands of broken hands holds a bounded number of findings
        if game_over_at is not None:
            ruling.findings.append(
                _finding(
                    ruleset,
                    "game-over",
                    record.start,
                    msg("the game ended after hand {hand}, {why}", hand=game_over_at, why=why_over),
                    record.number,
                )
            )
            break
        if config.rounds and record.number > config.rounds:
            ruling.findings.append(
                _finding(
                    ruleset,
                    "game-over",
                    record.start,
                    msg(
                        "the game is played in {rounds} rounds, so there is no hand {hand}",
                        rounds=config.rounds,
                        hand=record.number,
                    ),
                    record.number,
                )
            )
            break
        _check_hand_sequence(ruleset, config, record, previous, ruling)
        if record.totals_before is not None:
            stated = _points(record.totals_before, sides)
            if previous is None:
                totals.update(stated)
                corrected.update(stated)
                over = "" if config.rounds else _past_target(stated, config.target)
                if over:
                    ruling.findings.append(
                        _finding(
                            ruleset,
                            "game-over",
                            record.totals_before,
                            msg(
                                "the record starts from totals with {over}, at or past the target of {target}: the "
                                "game was already over, so this hand cannot be played",
                                over=over,
                                target=config.target,
                            ),
                            record.number,
                        )
                    )
                    break
            else:
                _compare(
                    ruleset,
                    "total-mismatch",
                    record.totals_before,
                    stated,
                    totals,
                    msg("totals before the hand"),
                    record.number,
                    ruling,
                )
        hand_judge = SummarisedHand if record.summarised else HandReplay  # ACN 1.1: a hand given as its summary
        replay = hand_judge(config, ruleset, record, corrected, observer, paths)
        outcome = replay.run()
        ruling.findings.extend(replay.findings)
        judged = not any(f.is_error for f in replay.findings)
        declared = _declared(record, "score", sides)
        result = HandResult(
            number=record.number,
            line=record.line,
            scores=None,
            declared=shared(declared),
            judged=judged,
            ended=outcome.ended,
        )
        if judged and outcome.ended:
            breakdown = replay.scores()
            scores = {name: score.points for name, score in breakdown.items()}
            result.scores = shared(scores)
            for name in sides:
                totals[name] += scores[name]
            for line in (p for p in record.declared if p.kind == "score"):
                _compare(
                    ruleset,
                    "score-mismatch",
                    line,
                    _points(line, sides),
                    scores,
                    msg("hand {hand}", hand=record.number),
                    record.number,
                    ruling,
                    breakdown,
                )
        elif declared:
            for name in sides:  # carry on from the declared score of a hand that could not be judged
                totals[name] += declared.get(name, 0)
            if judged and not outcome.ended:
                line = next(p for p in record.declared if p.kind == "score")
                ruling.findings.append(
                    _finding(
                        ruleset,
                        "score-mismatch",
                        line,
                        msg("hand {hand} has not ended in the record, so it has no score yet", hand=record.number),
                        record.number,
                    )
                )
        for line in (p for p in record.declared if p.kind == "total"):
            if judged and outcome.ended:
                _compare(
                    ruleset,
                    "total-mismatch",
                    line,
                    _points(line, sides),
                    totals,
                    msg("running totals after hand {hand}", hand=record.number),
                    record.number,
                    ruling,
                )
        result.totals = dict(totals)
        ruling.hands.append(result)
        _correct(corrected, result, replay.findings)
        if record.summarised:  # the score sheet says each side's next minimum before the deal
            result.minimums = shared(next_minimums(config, corrected, record.number + 1))
        why_over = _over_after(config, record.number, totals) if outcome.ended else ""
        if judged and outcome.wins_game is not None:  # a hand that wins the game at once (a Dream Hand)
            won_at_once = outcome.wins_game
            why_over = msg("when {side} won it at once", side=won_at_once)
        if why_over:
            game_over_at = record.number
        previous = record
    ruling.totals = totals
    if game_over_at is not None:
        best = max(totals.values())
        leaders = [s for s, v in totals.items() if v == best]
        ruling.winner = won_at_once or (leaders[0] if len(leaders) == 1 else None)
    _check_result(ruleset, config, game, ruling, game_over_at is not None)
    ruling.coverage.update({f"path:{path}": n for path, n in paths.items()})
    ruling.coverage.update(f"code:{finding.code}" for finding in ruling.findings)


class _SharedPoints:
    """One dict for equal points: the hands of a long game repeat their scores and minimums, and a
    ruling keeps one copy of each (never changed once made) instead of one a hand. Bounded: past
    SHARED_POINTS distinct values it starts afresh."""

    def __init__(self) -> None:
        self.seen: dict[tuple[tuple[str, int], ...], dict[str, int]] = {}

    def __call__(self, points: dict[str, int] | None) -> dict[str, int] | None:
        if points is None:
            return None
        if len(self.seen) >= SHARED_POINTS:
            self.seen.clear()
        return self.seen.setdefault(tuple(points.items()), points)


SHARED_POINTS = 1024


def _correct(corrected: dict[str, int], result: HandResult, findings: list[Finding]) -> None:
    """Add a hand to the corrected totals as the score sheet writes it down (arbiter.rulings.corrected_sheet): the
    count, else the declared score with the remedy of the move that stopped the replay applied, or
    a summary's count with the one claim it was refused for struck."""
    struck = next((f.corrected for f in findings if f.is_error and f.corrected is not None), None)
    if result.scores is None and struck is not None:
        for name, points in struck.scores.items():
            corrected[name] = corrected.get(name, 0) + points
        return
    scores = result.scores if result.scores is not None else result.declared
    for name, points in (scores or {}).items():
        corrected[name] = corrected.get(name, 0) + points
    stop = next((f for f in findings if f.is_error and f.table is not None), None)
    if result.scores is None and result.declared and stop is not None and stop.adjustment is not None:
        side = stop.adjustment.side
        corrected[side] = corrected.get(side, 0) + stop.adjustment.points


def _check_hand_sequence(
    ruleset: RuleSet, config: Config, record: HandRecord, previous: HandRecord | None, ruling: GameRuling
) -> None:
    if previous is None:
        return
    if record.number != previous.number + 1:
        ruling.findings.append(
            _finding(
                ruleset,
                "hand-number",
                record.start,
                msg(
                    "hand {hand} follows hand {previous}; hands are numbered in order",
                    hand=record.number,
                    previous=previous.number,
                ),
                record.number,
            )
        )
    seats = config.seating.seats
    if previous.start.dealer in seats and record.start.dealer in seats:
        expected = seats[(seats.index(previous.start.dealer) + 1) % len(seats)]
        if record.start.dealer != expected:
            ruling.findings.append(
                _finding(
                    ruleset,
                    "dealer-order",
                    record.start,
                    msg(
                        "the deal passes to the left: {expected} deals hand {hand}, not {dealer}",
                        expected=expected,
                        hand=record.number,
                        dealer=record.start.dealer,
                    ),
                    record.number,
                )
            )


def _over_after(config: Config, number: int, totals: Mapping[str, int]) -> str:
    """Why the game is over after hand `number` with these totals, or ''."""
    if config.rounds:
        return msg("the last of its {rounds} rounds", rounds=config.rounds) if number >= config.rounds else ""
    reached = any(v >= config.target for v in totals.values())
    if reached and config.tie_plays_on and _leaders_tied(totals):
        return ""  # equal leading totals at or past the target: another hand breaks the tie
    return msg("when a side reached {target}", target=config.target) if reached else ""


def _leaders_tied(totals: Mapping[str, int]) -> bool:
    best = max(totals.values())
    return sum(v == best for v in totals.values()) > 1


def _check_result(ruleset: RuleSet, config: Config, game: Game, ruling: GameRuling, over: bool) -> None:
    tag = game.find_tag("result")
    if tag is None or tag.value.strip() == "":
        return
    if tag.value.strip() == "*":
        if over:
            winner = msg("{side} won", side=ruling.winner) if ruling.winner else msg("the sides tied")
            ruling.findings.append(
                Finding(
                    line=tag.line,
                    column=tag.column,
                    code="result-unfinished",
                    rule=ruleset.cite("result-unfinished"),
                    severity=Severity.ERROR,
                    message=msg(
                        'the result says "*" (not finished), but the totals have ended the game: {winner}',
                        winner=winner,
                    ),
                )
            )
        return
    declared = tag.value.strip()
    if not over:
        short = (
            msg("fewer than its {rounds} rounds are played", rounds=config.rounds)
            if config.rounds
            else msg("no side has reached the target score")
        )
        message = msg("the result names {declared}, but the game is not over: {short}", declared=declared, short=short)
    elif declared != (ruling.winner or "tie"):
        message = msg(
            "the result names {declared}, but the recomputed winner is {winner}",
            declared=declared,
            winner=ruling.winner or msg("nobody (a tie)"),
        )
    else:
        return
    ruling.findings.append(
        Finding(
            line=tag.line,
            column=tag.column,
            code="result-mismatch",
            rule=cite(ruleset.rule("result-mismatch")),
            severity=Severity.ERROR,
            message=message,
        )
    )


def _finding(
    ruleset: RuleSet, code: str, node: Node, message: str, hand: int | None = None, remedy: str | None = None
) -> Finding:
    return Finding(
        line=node.line,
        column=node.column or 1,
        code=code,
        rule=cite(ruleset.rule(code)),
        severity=Severity.ERROR,
        message=message,
        remedy=remedy,
        hand=hand,
    )


def _side(name: str, sides: Collection[str]) -> str:
    """A side as written, named as in the Teams tag: `cid+ann` is the side `ann+cid`."""
    if name in sides:
        return name
    players = set(name.split("+"))
    return next((side for side in sides if set(side.split("+")) == players), name)


def _points(line: Points, sides: Collection[str]) -> dict[str, int]:
    return {_side(entry.side, sides): entry.points for entry in line.entries}


def _declared(record: HandRecord, kind: str, sides: Collection[str]) -> dict[str, int] | None:
    lines = [p for p in record.declared if p.kind == kind]
    return _points(lines[-1], sides) if lines else None


def _compare(
    ruleset: RuleSet,
    code: str,
    line: Points,
    stated: dict[str, int],
    actual: dict[str, int],
    what: str,
    hand: int,
    ruling: GameRuling,
    breakdown: dict[str, Any] | None = None,
) -> None:
    for entry in line.entries:
        side = _side(entry.side, actual)
        if side not in actual:
            ruling.findings.append(
                _finding(
                    ruleset,
                    code,
                    entry,
                    msg("{side} is not a side of this game (sides: {sides})", side=entry.side, sides=", ".join(actual)),
                    hand,
                )
            )
        elif actual[side] != entry.points:
            values = {"what": what, "side": entry.side, "declared": entry.points, "made": actual[side]}
            if breakdown and side in breakdown:
                lines = [
                    msg("{label} {points:+d}", label=label, points=points) for label, points in breakdown[side].lines
                ]
                message = msg(
                    "{what}: {side} is declared {declared} but makes {made}: {lines}", lines=listed(lines), **values
                )
            else:
                message = msg("{what}: {side} is declared {declared} but makes {made}", **values)
            ruling.findings.append(_finding(ruleset, code, entry, message, hand))
    missing = [s for s in actual if s not in stated]
    if missing:
        ruling.findings.append(
            Finding(
                line=line.line,
                column=1,
                code=code,
                rule=cite(ruleset.rule(code)),
                severity=Severity.WARNING,
                message=msg("{what}: no points are declared for {sides}", what=what, sides=", ".join(missing)),
                hand=hand,
            )
        )


def _past_target(totals: Mapping[str, int], target: int) -> str:
    """The sides at or past the target ("ann+cid 5000"), or an empty string."""
    return " and ".join(f"{side} {points}" for side, points in totals.items() if points >= target)
