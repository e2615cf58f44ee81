"""Cards with their suits (ACN 1.3, docs/notation.md "Suits") at the engine's door.

A record may give a card's suit (`7h`). No family judged so far looks at suits, so a hand that gives
them is checked for what only suits can show (a card shown more often than the packs hold it, and,
where the rule set asks for suits, `Config.suits_required`, a card without its suit), and is then
judged as the same hand written without them: the rulings are the unsuited record's, by
construction. The reader says whether a hand gave suits (`HandRecord.suited`); a hand built in
code is looked through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .. import cards as C
from ..i18n import msg
from ..notation.records import (
    Action,
    Add,
    Deal,
    Discard,
    Draw,
    FamilyAction,
    HandRecord,
    Holding,
    LayBonus,
    Meld,
    MeldSpec,
    Node,
    PilePosition,
    Position,
    Stock,
    TableSide,
    Take,
    Turn,
    UpCard,
)
from ..rules.base import Config
from .illegal import Illegal

SUIT_MISSING = "suit-missing"  # a NOTATION code (rules/codes.py): the record leaves out what judging needs


# --- every card a hand shows, with the node that shows it ----------------------------------------


def _action_cards(action: Action) -> Iterator[tuple[Node, tuple[str, ...]]]:
    if isinstance(action, (Draw, LayBonus, FamilyAction, Add)):
        yield action, action.cards
    elif isinstance(action, Discard):
        yield action, (action.card,)
    elif isinstance(action, Meld):
        for spec in action.melds:
            yield spec, spec.cards
    elif isinstance(action, Take):
        yield action, (action.card, *(action.with_cards or ()))
        for spec in action.also:
            yield spec, spec.cards


def _position_cards(position: Position) -> Iterator[tuple[Node, tuple[str, ...]]]:
    for holding in position.holdings:
        yield holding, holding.cards
    for foot in position.feet:
        yield foot, foot.cards
    for side in position.tables:
        for spec in side.melds:
            yield spec, spec.cards
        yield side, side.laid
    if position.pile is not None:
        yield position.pile, position.pile.cards
    if position.stock is not None and position.stock.cards is not None:
        yield position.stock, position.stock.cards


def _shown(record: HandRecord) -> Iterator[tuple[Node, tuple[str, ...]]]:
    """Every card the hand's record shows, in the order written, with the node showing it."""
    for deal in (*record.deals, *record.feet):
        yield deal, deal.cards
    if record.stock is not None and record.stock.cards is not None:
        yield record.stock, record.stock.cards
    if record.position is not None:
        yield from _position_cards(record.position)
    for turn in record.setup_turns:
        for action in turn.actions:
            yield from _action_cards(action)
    if record.up is not None:
        yield record.up, record.up.cards
    for turn in record.turns:
        for action in turn.actions:
            yield from _action_cards(action)


def judged(record: HandRecord) -> HandRecord:
    """The hand as the engine judges it: without its cards' suits, if it gives any (the reader says
    whether it does, `HandRecord.suited`; a hand built in code is looked through)."""
    suited = record.suited if record.suited is not None else has_suits(record)
    return without_suits(record) if suited else record


def has_suits(record: HandRecord) -> bool:
    """Whether any card of the hand's record carries its suit."""
    card_set = C.CARD_SET
    return any(not card_set.issuperset(cards) for _, cards in _shown(record))


# --- the checks only suits allow -------------------------------------------------------------------


def require_suits(config: Config, record: HandRecord) -> None:
    """Where the rule set requires suits, raise Illegal for the first card written without its suit."""
    if config.suits_required:
        _require_suits(record)


def over_count(config: Config, record: HandRecord) -> Illegal | None:
    """The first suited card shown more often than the packs hold it (each pack holds one of each;
    the deal, the stock, the up card, the draws and a stated position put cards in play), or None.
    Asked once the hand's moves have passed: a card shown too often by rank is the engine's."""
    seen = C.no_counts()  # by card code (cards.py): a suited card's own count
    suit_of = C.SUIT_OF_CODE
    for node, cards, code in put_in_play(record):
        for card in cards:
            card_code = C.CODE_OF.get(card)
            if card_code is None or not suit_of[card_code]:
                continue
            seen[card_code] += 1
            if seen[card_code] > config.packs:
                message = msg(
                    "the packs hold only {count} {card}: this one cannot be in play",
                    count=C.number(config.packs),
                    card=card,
                )
                return Illegal(code, message, node, listed=False)
    return None


def stock_order(config: Config, record: HandRecord) -> Illegal | None:
    """The first card drawn or turned up with a suit other than the one the listed stock gives
    at its place, or None; cards without a suit on either side are the engine's to compare (by
    rank, as ever). Asked once the hand's moves have passed. Talons dealt aside from a listed
    stock (Modern American Canasta) come off it in their own order, left to the engine."""
    stock = record.stock
    if stock is None or stock.cards is None or record.position is not None or config.talon_dealt_aside:
        return None
    listed = stock.cards
    at = 0
    for node, cards, _ in off_the_stock(record):
        for card in cards:
            if at >= len(listed):
                return None
            expected = listed[at]
            at += 1
            if card != expected and card in C.SUITED_SET and expected in C.SUITED_SET:
                message = msg("the next card of the stock is {expected}, not {card}", expected=expected, card=card)
                return Illegal("stock-order", message, node, listed=False)
    return None


def off_the_stock(record: HandRecord) -> Iterator[tuple[Node, tuple[str, ...], str]]:
    """The cards that come off the stock, in order: the Bonus cards' replacements, the up cards,
    then each turn's draws."""
    for turn in record.setup_turns:
        yield from _drawn(turn)
    if record.up is not None:
        yield record.up, record.up.cards, "stock-order"
    for turn in record.turns:
        yield from _drawn(turn)


def _require_suits(record: HandRecord) -> None:
    unsuited = C.CARD_SET - {C.BIG_WILD, C.CALIENTE}  # the cards that have a suit when written without it
    for node, cards in _shown(record):
        missing = next((card for card in cards if card in unsuited), None)
        if missing is not None:
            raise Illegal(
                SUIT_MISSING,
                msg(
                    "{card} is written without its suit, and this game's rules need every card's suit "
                    "(such as `7h`; the jokers and Caliente cards have none)",
                    card=f"`{missing}`",
                ),
                node,
            )


def put_in_play(record: HandRecord) -> Iterator[tuple[Node, tuple[str, ...], str]]:
    """The cards that come into play, as the engine claims them (engine/start.py, Table.claim): the
    stated position's; the deal's; the stock's when it is listed, else each card that comes off it
    (the up cards and the draws)."""
    position = record.position
    if position is not None:
        for node, cards in _position_cards(position):
            yield node, cards, "position"
    for deal in (*record.deals, *record.feet):
        yield deal, deal.cards, "card-count"
    stock = record.stock if position is None else position.stock
    if stock is not None and stock.cards is not None:
        if position is None:  # a position's listed stock is among its cards above
            yield stock, stock.cards, "card-count"
        return  # the rest comes off the listed stock
    for turn in record.setup_turns:
        yield from _drawn(turn)
    if record.up is not None:
        yield record.up, record.up.cards, "card-count"
    for turn in record.turns:
        yield from _drawn(turn)


def _drawn(turn: Turn) -> Iterator[tuple[Node, tuple[str, ...], str]]:
    for action in turn.actions:
        if isinstance(action, Draw):
            yield action, action.cards, "card-count"


# --- the hand with its cards written otherwise ----------------------------------------------------

Recard = Callable[[Node, tuple[str, ...]], tuple[str, ...]]
"""(the node showing some cards, the cards) -> the cards as they are to be written instead."""


def _ranks(node: Node, cards: tuple[str, ...]) -> tuple[str, ...]:
    return C.ranks(cards)


def without_suits(record: HandRecord) -> HandRecord:
    """The same hand's record with every card's suit left out (each node where it was written)."""
    return recarded(record, _ranks, suited=False)


def recarded(record: HandRecord, change: Recard, suited: bool | None = None) -> HandRecord:
    """The same hand's record with the cards of each node as `change` writes them, in the order
    written (`_shown`'s), each node where it was."""
    position = record.position
    stock = record.stock
    listed = None if stock is None else _stock(stock, change)  # before the draws: in the order _shown gives
    setup_turns = tuple([_turn(turn, change) for turn in record.setup_turns])
    return HandRecord(
        line=record.line,
        column=record.column,
        start=record.start,
        deals=tuple([_deal(deal, change) for deal in record.deals]),
        feet=tuple([_deal(foot, change) for foot in record.feet]),
        stock=listed,
        position=None if position is None else _position(position, change),
        setup_turns=setup_turns,
        up=None if record.up is None else _up(record.up, change),
        totals_before=record.totals_before,
        turns=tuple([_turn(turn, change) for turn in record.turns]),
        declared=record.declared,
        summaries=record.summaries,
        suited=suited,
    )


def _deal(deal: Deal, change: Recard) -> Deal:
    return Deal(deal.line, deal.column, deal.notes, deal.remark, deal.player, change(deal, deal.cards), deal.foot)


def _up(up: UpCard, change: Recard) -> UpCard:
    return UpCard(up.line, up.column, up.notes, up.remark, change(up, up.cards))


def _stock(stock: Stock, change: Recard) -> Stock:
    cards = None if stock.cards is None else change(stock, stock.cards)
    return Stock(stock.line, stock.column, stock.notes, stock.remark, cards, stock.count)


def _spec(spec: MeldSpec, change: Recard) -> MeldSpec:
    return MeldSpec(spec.line, spec.column, change(spec, spec.cards))


def _position(position: Position, change: Recard) -> Position:
    holdings = tuple(
        [Holding(h.line, h.column, h.notes, h.remark, h.player, change(h, h.cards)) for h in position.holdings]
    )
    feet = tuple([_deal(foot, change) for foot in position.feet])
    tables: list[TableSide] = []
    for t in position.tables:
        melds = tuple([_spec(m, change) for m in t.melds])
        tables.append(TableSide(t.line, t.column, t.notes, t.remark, t.side, melds, change(t, t.laid)))
    pile = position.pile
    if pile is not None:
        pile = PilePosition(pile.line, pile.column, pile.notes, pile.remark, change(pile, pile.cards))
    return Position(
        line=position.line,
        column=position.column,
        holdings=holdings,
        feet=feet,
        tables=tuple(tables),
        pile=pile,
        stock=None if position.stock is None else _stock(position.stock, change),
        melded=position.melded,
        to_play=position.to_play,
        start=position.start,
    )


def _turn(turn: Turn, change: Recard) -> Turn:
    actions = tuple([recarded_action(action, change) for action in turn.actions])
    return Turn(turn.line, turn.column, turn.notes, turn.remark, turn.player, actions)


def unsuited_action(action: Action) -> Action:
    """An action as written without its cards' suits."""
    return recarded_action(action, _ranks)


def recarded_action(action: Action, change: Recard) -> Action:
    """An action with its cards as `change` writes them (the same node when it names none)."""
    made: Action
    if isinstance(action, Draw):
        made = Draw(action.line, action.column, change(action, action.cards))
    elif isinstance(action, Discard):
        made = Discard(action.line, action.column, change(action, (action.card,))[0])
    elif isinstance(action, Meld):
        made = Meld(action.line, action.column, tuple([_spec(spec, change) for spec in action.melds]))
    elif isinstance(action, Add):
        made = Add(action.line, action.column, change(action, action.cards), action.target)
    elif isinstance(action, Take):
        card = change(action, (action.card,))[0]
        with_cards = None if action.with_cards is None else change(action, action.with_cards)
        also = tuple([_spec(spec, change) for spec in action.also])
        made = Take(action.line, action.column, card, with_cards, action.onto, also)
    elif isinstance(action, LayBonus):
        made = LayBonus(action.line, action.column, change(action, action.cards))
    elif isinstance(action, FamilyAction):
        made = FamilyAction(action.line, action.column, action.keyword, change(action, action.cards))
    else:
        made = action  # no cards
    return made
