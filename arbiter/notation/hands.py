"""A hand's statements as they arrive, filed in the order the notation requires, with the reason a
statement cannot stand where it is."""

from __future__ import annotations

from typing import Any

from ..i18n import Text, msg
from .records import (
    Deal,
    HandRecord,
    HandStart,
    Holding,
    Melded,
    PilePosition,
    Points,
    Position,
    PositionStart,
    Statement,
    Stock,
    Summary,
    TableSide,
    Tag,
    ToPlay,
    Turn,
    UpCard,
)
from .words import PACKET_WORDS, suits_read

_POSITION = (Holding, TableSide, PilePosition, Melded, ToPlay)


class HandParts:
    """The statements of one hand as they arrive, in the order the notation requires."""

    def __init__(self, start: HandStart) -> None:
        self.start = start
        self.deals: list[Deal] = []
        self.feet: list[Deal] = []
        self.up: UpCard | None = None
        self.stock: Stock | None = None
        self.position: dict[str, Any] | None = None
        self.totals_before: Points | None = None
        self.setup_turns: list[Turn] = []
        self.turns: list[Turn] = []
        self.declared: list[Points] = []
        self.summaries: list[Summary] = []
        self.suits_before = suits_read[0]  # the suited cards read before the hand began (words.suits_read)
        self.in_play: list[Turn] | None = None
        """Where a turn goes straight to: the hand's turns once it is dealt (or its position given)
        and until its score line; None before and after."""

    @property
    def playing(self) -> bool:
        return self.up is not None or self.position is not None

    def place(self, st: Statement) -> Text | None:
        """File a statement, or say why it cannot stand here."""
        if type(st) is Turn and self.in_play is not None:
            self.in_play.append(st)  # nearly every line: a turn of a hand in play
            return None
        if self.declared and not isinstance(st, Points):
            return msg(
                "`{word}` comes after the hand's score line (line {line}), which ends the hand: "
                "start the next hand with `hand N dealer NAME` first",
                word=statement_keyword(st),
                line=self.declared[0].line,
            )
        if isinstance(st, Points):
            if st.kind == "total" and not self.turns and not self.setup_turns and not self.declared:
                if self.totals_before is not None:
                    return msg(
                        "the totals this hand starts from are already given on line {line}; give them once",
                        line=self.totals_before.line,
                    )
                self.totals_before = st
            else:
                self.declared.append(st)
                self.in_play = None
            return None
        if isinstance(st, Summary):
            return self._place_summary(st)
        if self.summaries:
            return msg(
                "a hand is given by its moves or by its summary, not both: `{word}` cannot follow the summary "
                "(line {line})",
                word=statement_keyword(st),
                line=self.summaries[0].line,
            )
        if isinstance(st, Turn):
            if self.playing:
                self.turns.append(st)
            elif self.deals:
                self.setup_turns.append(st)
            else:
                return msg(
                    "the turn of {player} comes before the hand's deal: write the `deal NAME cards` lines "
                    "(or a `position` block) first",
                    player=st.player,
                )
            return None
        if self.turns:
            return msg(
                "`{word}` belongs before the hand's first turn (line {line})",
                word=statement_keyword(st),
                line=self.turns[0].line,
            )
        if isinstance(st, PositionStart):
            if self.deals or self.up:
                return msg("a hand starts from a deal or from a position, not both: remove the `deal` and `up` lines")
            if self.position is not None:
                return msg("the position is already started on line {line}", line=self.position["start"].line)
            self.position = {"start": st}
            self.in_play = self.turns
            return None
        if isinstance(st, _POSITION):
            if self.position is None:
                return msg(
                    "`{word}` belongs in a position block: write `position` on the line before the block",
                    word=statement_keyword(st),
                )
            return self._place_in_position(st)
        if isinstance(st, Deal):
            if st.foot:
                (self.position.setdefault("feet", []) if self.position is not None else self.feet).append(st)
            elif self.position is not None:
                return msg("a position gives each player's cards with `hold NAME cards`, not `deal`")
            elif self.up is not None:
                return msg("the `deal` lines come before the up card (line {line})", line=self.up.line)
            else:
                self.deals.append(st)
            return None
        if isinstance(st, UpCard):
            if self.position is not None:
                return msg("a position gives the Prize pile with `pile cards` (bottom card first), not `up`")
            if self.up is not None:
                return msg("the up card of this hand is already given on line {line}", line=self.up.line)
            if not self.deals:
                return msg("the up card comes after the `deal` lines")
            self.up = st
            self.in_play = self.turns
            return None
        if isinstance(st, Stock):
            return self._place_stock(st)
        return msg(
            "`{word}` cannot stand inside a hand", word=statement_keyword(st)
        )  # pragma: no cover - every statement is placed above

    def _place_summary(self, st: Summary) -> Text | None:
        if self.deals or self.position is not None or self.setup_turns:
            return msg(
                "a hand is given by its moves or by its summary, not both: remove the `summary` lines or the "
                "deal and the turns"
            )
        self.summaries.append(st)
        return None

    def _place_stock(self, st: Stock) -> Text | None:
        if self.position is not None:
            if "stock" in self.position:
                return msg(
                    "the stock of this position is already given on line {line}", line=self.position["stock"].line
                )
            self.position["stock"] = st
        elif self.stock is not None:
            return msg("the stock of this hand is already given on line {line}", line=self.stock.line)
        elif st.count is not None:
            return msg(
                "`stock N cards` (a count) belongs in a position; after a deal, give the stock's cards, top first"
            )
        else:
            self.stock = st
        return None

    def _place_in_position(self, st: Statement) -> Text | None:
        assert self.position is not None
        if isinstance(st, (Holding, TableSide)):
            self.position.setdefault(type(st).__name__, []).append(st)
            return None
        key = type(st).__name__
        if key in self.position:
            return msg(
                "`{word}` is already given for this position on line {line}",
                word=statement_keyword(st),
                line=self.position[key].line,
            )
        self.position[key] = st
        return None

    def build(self) -> HandRecord:
        position = None
        if self.position is not None:
            p = self.position
            position = Position(
                line=p["start"].line,
                column=p["start"].column,
                start=p["start"],
                holdings=tuple(p.get("Holding", ())),
                feet=tuple(p.get("feet", ())),
                tables=tuple(p.get("TableSide", ())),
                pile=p.get("PilePosition"),
                stock=p.get("stock"),
                melded=p.get("Melded"),
                to_play=p.get("ToPlay"),
            )
        return HandRecord(
            line=self.start.line,
            column=self.start.column,
            start=self.start,
            deals=tuple(self.deals),
            feet=tuple(self.feet),
            up=self.up,
            stock=self.stock,
            position=position,
            totals_before=self.totals_before,
            setup_turns=tuple(self.setup_turns),
            turns=tuple(self.turns),
            declared=tuple(self.declared),
            summaries=tuple(self.summaries),
            suited=suits_read[0] != self.suits_before,
        )


_STATEMENT_KEYWORDS = {
    Tag: "[tag]",
    HandStart: "hand",
    Deal: "deal",
    UpCard: "up",
    Stock: "stock",
    Turn: "turn",
    PositionStart: "position",
    Holding: "hold",
    TableSide: "table",
    PilePosition: "pile",
    Melded: "melded",
    ToPlay: "turn",
    Summary: "summary",
}


def statement_keyword(st: Statement) -> str:
    """How a message names a statement: its keyword, or `ann: ...` for a turn."""
    if isinstance(st, Deal):
        return PACKET_WORDS[st.foot]
    if isinstance(st, Points):
        return st.kind
    if isinstance(st, Turn):
        return f"{st.player}: ..."
    return _STATEMENT_KEYWORDS.get(type(st), type(st).__name__.lower())
