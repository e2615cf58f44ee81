"""The start of a hand: the table checked, the deal, the stock, the dealt Bonus cards laid, the up
card turned; or a stated position set up instead of a deal."""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from ..records import Deal, Draw, HandRecord, LayBonus, Node, Turn
from .bonus_cards import lay_bonus
from .context import HandContext
from .illegal import Illegal
from .melds import meld_problem, new_meld


def check_table(r: HandContext) -> None:
    start = r.record.start
    seats = r.config.seating.seats
    for name in (start.dealer, *start.sitting_out):
        if name not in seats:
            raise Illegal("unknown-player", f"{name} is not seated at this table ({' '.join(seats)})", start)
    expected_out = len(seats) - r.config.players_per_hand
    if len(r.sitting_out) != expected_out:
        raise Illegal(
            "sitting-out",
            f"with {len(seats)} players, {expected_out or 'nobody'} sit{'s' * (expected_out == 1)} out each hand; "
            f"this hand names {len(r.sitting_out) or 'nobody'}",
            start,
        )
    for side in r.config.seating.sides if expected_out else ():
        resting = [p for p in side if p in r.sitting_out]
        if len(resting) != (1 if len(side) == 3 else 0):
            team = "+".join(side)
            raise Illegal(
                "sitting-out",
                f"one player of each three-player team sits out, and nobody of a two-player "
                f"team; {team} has {' and '.join(resting) or 'nobody'} sitting out",
                start,
            )
    if r.sitting_out:
        r.paths["sitting-out-hand"] += 1
        playing = [p for p in seats if p not in r.sitting_out]
        if r.active != playing:  # the seats left do not alternate: a team-mate changes places
            r.paths["sitting-out-reseated"] += 1


# --- dealing ---------------------------------------------------------------------------


def refuse_feet(r: HandContext, feet: tuple[Deal, ...]) -> None:
    """A rule set that deals no Foot: a `foot` line shows cards nobody was dealt, which would
    otherwise escape the count of the pack."""
    if feet and not r.config.foot_size:
        foot = feet[0]
        raise Illegal(
            "deal-packet",
            f"{r.ruleset.title} deals each player one hand and no Foot, so the {len(foot.cards)} cards of "
            f"{foot.player}'s Foot cannot be in play",
            foot,
        )


def set_feet(r: HandContext, feet: tuple[Deal, ...], *, dealt: bool) -> None:
    """Each player's Foot, face down beside the Hand: in a deal, one of the deal's size for every
    player; in a stated position, for those who have not picked theirs up yet (the others have,
    and have played from it)."""
    table, config = r.table, r.config
    for foot in feet:
        if foot.player not in r.active:
            code = "sitting-out" if foot.player in r.sitting_out else "unknown-player"
            raise Illegal(code, f"{foot.player} is not playing this hand", foot)
        if foot.player in table.feet:
            raise Illegal("deal-packet", f"{foot.player} is dealt two Feet", foot)
        if len(foot.cards) != config.foot_size:  # a Foot not picked up is as it was dealt
            raise Illegal(
                "deal-packet" if dealt else "position",
                f"{foot.player}'s Foot has {len(foot.cards)} cards; each Foot has {config.foot_size}",
                foot,
            )
        table.claim(foot.cards, foot, "card-count" if dealt else "position")
        table.feet[foot.player] = Counter(foot.cards)
        if dealt:
            table.stock_count -= len(foot.cards)
    if dealt and config.foot_size:
        missing = [p for p in r.active if p not in table.feet]
        if missing:
            raise Illegal("deal-packet", f"no Foot is dealt to {', '.join(missing)}", r.record.start)
    if not dealt:
        table.played_foot = {p for p in r.active if p not in table.feet}


def deal(r: HandContext) -> None:
    record, table, config = r.record, r.table, r.config
    refuse_feet(r, record.feet)
    table.stock_count = sum(table.pool.values())
    dealt: set[str] = set()
    for deal in record.deals:
        if deal.player not in config.seating.seats:
            raise Illegal("unknown-player", f"{deal.player} is not seated at this table", deal)
        if deal.player in r.sitting_out:
            raise Illegal("sitting-out", f"{deal.player} sits out this hand and is dealt no cards", deal)
        if deal.player in dealt:
            raise Illegal("deal-size", f"{deal.player} is dealt twice", deal)
        dealt.add(deal.player)
        if len(deal.cards) != config.deal_size:
            raise Illegal(
                "deal-size",
                f"{deal.player} is dealt {len(deal.cards)} cards; each player gets {config.deal_size}",
                deal,
            )
        table.claim(deal.cards, deal)
        table.hands[deal.player].update(deal.cards)
        table.stock_count -= len(deal.cards)
    missing = [p for p in r.active if p not in dealt]
    if missing:
        raise Illegal("deal-size", f"no deal is given for {', '.join(missing)}", record.start)
    set_feet(r, record.feet, dealt=True)
    if record.stock is not None and record.stock.cards is not None:
        set_stock(r, list(record.stock.cards), record.stock)
    for turn in record.setup_turns:
        setup_bonus(r, turn)
    turn_up(r, record)


def set_stock(r: HandContext, stock: list[str], node: Node) -> None:
    table = r.table
    table.claim(stock, node)
    if +table.pool:
        missing = C.show(sorted(table.pool.elements(), key=C.ORDER.__getitem__))
        raise Illegal("card-count", f"the deal and the stock leave out cards of the pack: {missing}", node)
    if len(stock) != table.stock_count:
        raise Illegal("card-count", f"the stock should hold {table.stock_count} cards, not {len(stock)}", node)
    table.stock = list(reversed(stock))  # pop() takes the top


def setup_bonus(r: HandContext, turn: Turn) -> None:
    """A dealt Bonus card laid before the up card is turned, and its replacement."""
    check_player(r, turn.player, turn)
    owed = 0
    for action in turn.actions:
        if isinstance(action, LayBonus):
            r.paths["bonus-dealt"] += 1
            lay_bonus(r, turn.player, action, from_pile=0)
            owed += len(action.cards)
        elif isinstance(action, Draw):
            if len(action.cards) > owed:
                raise Illegal(
                    "bonus-replacement",
                    f"{turn.player} draws {len(action.cards)} replacement cards for {owed} {r.config.words.bonus}{'s' * (owed != 1)} laid",
                    action,
                )
            for card in action.cards:
                r.table.take_from_stock(card, action)
                r.table.hands[turn.player][card] += 1
            owed -= len(action.cards)
        else:
            raise Illegal(
                "draw-first",
                f"before the up card is turned, players only lay dealt {r.config.words.bonus}s and draw their replacements",
                action,
            )
    if owed:
        raise Illegal(
            "bonus-replacement", f"{turn.player} must draw a replacement for each {r.config.words.bonus} laid", turn
        )


def turn_up(r: HandContext, record: HandRecord) -> None:
    """The up card: cards are turned from the stock until a natural one is on top. The whole
    line is checked before any card is turned."""
    up = record.up
    assert up is not None  # the reader guarantees a deal is followed by an up card before play
    table, config = r.table, r.config
    cards = up.cards
    for i, card in enumerate(cards):
        table.check_from_stock(cards[: i + 1], up)
        last = i == len(cards) - 1
        covered = card in config.covered_up_cards
        if last and covered:
            raise Illegal(
                "up-card",
                f"{config.words.describe(card)} was turned up: it is set aside and the next card of the stock turned, until a natural card is on top",
                up,
            )
        if not last and not covered:
            raise Illegal(
                "up-card",
                f"{config.words.describe(card)} {'is a natural card' if C.is_natural(card) else 'stays on top'}: the turning stops there, so the up card line cannot go on after it",
                up,
            )
    for card in cards:
        table.take_from_stock(card, up)
        table.pile.append(card)
        if card in C.WILDS or card == C.BONUS or (card in (C.STOP, C.CALIENTE) and config.stop_up_card_freezes):
            table.frozen = True
    if len(cards) > 1:
        r.paths["up-card-covered"] += len(cards) - 1


# --- a stated position --------------------------------------------------------------------


def set_up_position(r: HandContext) -> None:
    position = r.record.position
    assert position is not None
    r.paths["position"] += 1
    table, config = r.table, r.config
    refuse_feet(r, position.feet)
    held: set[str] = set()
    set_feet(r, position.feet, dealt=False)
    for holding in position.holdings:
        if holding.player not in r.active:
            code = "sitting-out" if holding.player in r.sitting_out else "unknown-player"
            raise Illegal(code, f"{holding.player} is not playing this hand", holding)
        held.add(holding.player)
        table.claim(holding.cards, holding, "position")
        table.hands[holding.player].update(holding.cards)
    missing = [p for p in r.active if p not in held]
    if missing:
        raise Illegal(
            "position-incomplete",
            f"the position must give every player's hand (`hold NAME cards`); missing: {', '.join(missing)}",
            position,
        )
    for line in position.tables:
        side = table.sides.get(line.side)
        if side is None:
            raise Illegal("position", f"{line.side} is not a side of this game (sides: {', '.join(table.sides)})", line)
        for spec in line.melds:
            cards = spec.cards
            problem = meld_problem(cards, config, True)
            if problem:
                raise Illegal("position", f"the position's meld is not legal: {problem[1]}", spec)
            table.claim(cards, spec, "position")
            meld = new_meld(cards)
            if config.merge_same_rank and not meld.is_sequence and side.meld_of(meld.rank):
                raise Illegal(
                    "position", f"{line.side} has two melds of {meld.rank}s; a side has one meld per rank", spec
                )
            side.melds.append(meld)
        for card in line.laid:
            if card not in config.laid_cards:
                raise Illegal(
                    "position",
                    f"only {config.words.laid} are laid beside the melds, not {config.words.describe(card)}",
                    line,
                )
            table.claim((card,), line, "position")
            side.laid.append(card)
    if position.pile is not None:
        table.claim(position.pile.cards, position.pile, "position")
        table.pile.extend(position.pile.cards)
        table.frozen = any(c in config.discard_freezes or c == C.BONUS for c in table.pile)
    stock = position.stock
    unseen = sum(table.pool.values())
    if stock is None or (stock.count is None and stock.cards is None):
        table.stock_count = unseen
    elif stock.count is not None:
        if stock.count != unseen:
            raise Illegal(
                "position",
                f"the position accounts for {C.PACK_SIZE * config.packs + config.caliente_cards - unseen} cards, "
                f"which leaves {unseen} for the stock, not {stock.count}",
                stock,
            )
        table.stock_count = stock.count
    else:
        table.stock_count = unseen
        set_stock(r, list(stock.cards or ()), stock)
    if position.melded is not None:
        table.melded_players = set(position.melded.players)
    else:  # unknown: count everyone whose side has melds as having melded (no concealed bonus)
        table.melded_players = {p for s in table.sides.values() if s.has_melded for p in s.players}
    if position.to_play is None:
        raise Illegal("position-incomplete", "the position must say whose turn it is (`turn NAME`)", position)
    check_player(r, position.to_play.player, position.to_play)


def check_player(r: HandContext, player: str, node: Node) -> None:
    if player not in r.config.seating.seats:
        raise Illegal(
            "unknown-player", f"{player} is not seated at this table ({' '.join(r.config.seating.seats)})", node
        )
    if player in r.sitting_out:
        raise Illegal("sitting-out", f"{player} sits out this hand and may not play", node)
