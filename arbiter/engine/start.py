"""The start of a hand: the table checked, the deal, the stock, the dealt Bonus cards laid, the up
card turned; or a stated position set up instead of a deal."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..i18n import Text, msg, msg_n, term
from ..notation.records import Deal, Draw, HandRecord, LayBonus, Node, Turn
from ..rules.lists import all_of
from .bonus_cards import lay_bonus
from .context import HandContext
from .illegal import Illegal
from .melds import meld_problem, new_meld
from .talon import set_talons_aside


def check_table(r: HandContext) -> None:
    start = r.record.start
    seats = r.config.seating.seats
    for name in (start.dealer, *start.sitting_out):
        if name not in seats:
            raise Illegal("unknown-player", not_seated(name, seats), start)
    expected_out = len(seats) - r.config.players_per_hand
    if len(r.sitting_out) != expected_out:
        raise Illegal(
            "sitting-out",
            sitting_out_count(len(seats), expected_out, len(r.sitting_out)),
            start,
        )
    for side in r.config.seating.sides if expected_out else ():
        resting = [p for p in side if p in r.sitting_out]
        if len(resting) != (1 if len(side) == 3 else 0):
            team = "+".join(side)
            raise Illegal(
                "sitting-out",
                msg(
                    "one player of each three-player team sits out, and nobody of a two-player team; {team} has "
                    "{resting} sitting out",
                    team=team,
                    resting=all_of(resting) or msg("nobody"),
                ),
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
            msg(
                "{title} deals each player one hand and no Foot, so the {count} cards of {player}'s Foot cannot be in "
                "play",
                title=term(r.ruleset.title),
                count=len(foot.cards),
                player=foot.player,
            ),
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
            raise Illegal(code, msg("{player} is not playing this hand", player=foot.player), foot)
        if foot.player in table.feet:
            raise Illegal("deal-packet", msg("{player} is dealt two Feet", player=foot.player), foot)
        if len(foot.cards) != config.foot_size:  # a Foot not picked up is as it was dealt
            raise Illegal(
                "deal-packet" if dealt else "position",
                msg(
                    "{player}'s Foot has {count} cards; each Foot has {size}",
                    player=foot.player,
                    count=len(foot.cards),
                    size=config.foot_size,
                ),
                foot,
            )
        table.claim(foot.cards, foot, "card-count" if dealt else "position")
        table.feet[foot.player] = C.Counts(foot.cards)
        if dealt:
            table.stock_count -= len(foot.cards)
    if dealt and config.foot_size:
        missing = [p for p in r.active if p not in table.feet]
        if missing:
            raise Illegal(
                "deal-packet", msg("no Foot is dealt to {players}", players=", ".join(missing)), r.record.start
            )
    if not dealt:
        table.played_foot = {p for p in r.active if p not in table.feet}


def deal(r: HandContext) -> None:
    record, table, config = r.record, r.table, r.config
    refuse_feet(r, record.feet)
    table.stock_count = sum(table.pool.values())
    dealt: set[str] = set()
    for deal in record.deals:
        if deal.player not in config.seating.seats:
            raise Illegal("unknown-player", msg("{player} is not seated at this table", player=deal.player), deal)
        if deal.player in r.sitting_out:
            raise Illegal(
                "sitting-out", msg("{player} sits out this hand and is dealt no cards", player=deal.player), deal
            )
        if deal.player in dealt:
            raise Illegal("deal-size", msg("{player} is dealt twice", player=deal.player), deal)
        dealt.add(deal.player)
        if len(deal.cards) != config.deal_size:
            raise Illegal(
                "deal-size",
                msg_n(
                    "{player} is dealt {n} cards; each player gets {size}",
                    "{player} is dealt {n} cards; each player gets {size}",
                    len(deal.cards),
                    player=deal.player,
                    size=config.deal_size,
                ),
                deal,
            )
        table.claim(deal.cards, deal)
        table.hands[deal.player].update(deal.cards)
        table.stock_count -= len(deal.cards)
    missing = [p for p in r.active if p not in dealt]
    if missing:
        raise Illegal("deal-size", msg("no deal is given for {players}", players=", ".join(missing)), record.start)
    set_feet(r, record.feet, dealt=True)
    given = None if record.stock is None or record.stock.cards is None else list(record.stock.cards)
    given = set_talons_aside(r, 0, given, record.stock or record.start)
    if given is not None and record.stock is not None:
        set_stock(r, given, record.stock)
    for turn in record.setup_turns:
        setup_bonus(r, turn)
    turn_up(r, record)


def set_stock(r: HandContext, stock: list[str], node: Node) -> None:
    table = r.table
    table.claim(stock, node)
    if +table.pool:
        missing = C.show(sorted(table.pool.elements(), key=C.ORDER.__getitem__))
        raise Illegal(
            "card-count", msg("the deal and the stock leave out cards of the pack: {cards}", cards=missing), node
        )
    if len(stock) != table.stock_count:
        raise Illegal(
            "card-count",
            msg("the stock should hold {count} cards, not {given}", count=table.stock_count, given=len(stock)),
            node,
        )
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
                    msg_n(
                        "{player} draws {n} replacement cards for {bonuses} laid",
                        "{player} draws {n} replacement cards for {bonuses} laid",
                        len(action.cards),
                        player=turn.player,
                        bonuses=r.config.words.count(owed, r.config.words.bonus, spelled=False),
                    ),
                    action,
                )
            for card in action.cards:
                r.table.take_from_stock(card, action)
                r.table.hands[turn.player][card] += 1
            owed -= len(action.cards)
        else:
            raise Illegal(
                "draw-first",
                msg(
                    "before the up card is turned, players only lay dealt {bonuses} and draw their replacements",
                    bonuses=r.config.words.bonuses(),
                ),
                action,
            )
    if owed:
        raise Illegal(
            "bonus-replacement",
            msg(
                "{player} must draw a replacement for each {bonus} laid",
                player=turn.player,
                bonus=term(r.config.words.bonus),
            ),
            turn,
        )


def turn_up(r: HandContext, record: HandRecord) -> None:
    """The up card: cards are turned from the stock until a natural one is on top. The whole
    line is checked before any card is turned. A record that stops after the deal (a prepared
    board's skeleton) turns nothing: the reader files no turn before an up card."""
    up = record.up
    if up is None:
        return
    table, config = r.table, r.config
    cards = up.cards
    if not config.up_card or not cards:  # Modern American Canasta starts with an empty pile: `up` alone
        if cards or config.up_card:
            raise Illegal(
                "up-card",
                msg("no card is turned up: the pile starts empty, written `up` alone")
                if cards
                else msg("a card is turned up from the stock to start the pile: `up CARD`"),
                up,
            )
        return
    for i, card in enumerate(cards):
        table.check_from_stock(cards[: i + 1], up)
        last = i == len(cards) - 1
        covered = card in config.covered_up_cards
        if last and covered:
            raise Illegal(
                "up-card",
                msg(
                    "{card} was turned up: it is set aside and the next card of the stock turned, until a natural card "
                    "is on top",
                    card=config.words.describe(card),
                ),
                up,
            )
        if not last and not covered:
            raise Illegal(
                "up-card",
                msg(
                    "{card} is a natural card: the turning stops there, so the up card line cannot go on after it",
                    card=config.words.describe(card),
                )
                if C.is_natural(card)
                else msg(
                    "{card} stays on top: the turning stops there, so the up card line cannot go on after it",
                    card=config.words.describe(card),
                ),
                up,
            )
    for card in cards:
        table.take_from_stock(card, up)
        table.pile.append(card)
        if card in C.WILDS or card == C.BONUS or (not C.is_natural(card) and config.stop_up_card_freezes):
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
            raise Illegal(code, msg("{player} is not playing this hand", player=holding.player), holding)
        held.add(holding.player)
        table.claim(holding.cards, holding, "position")
        table.hands[holding.player].update(holding.cards)
    missing = [p for p in r.active if p not in held]
    if missing:
        raise Illegal(
            "position-incomplete",
            msg(
                "the position must give every player's hand (`hold NAME cards`); missing: {players}",
                players=", ".join(missing),
            ),
            position,
        )
    for line in position.tables:
        side = table.sides.get(line.side)
        if side is None:
            raise Illegal(
                "position",
                msg("{side} is not a side of this game (sides: {sides})", side=line.side, sides=", ".join(table.sides)),
                line,
            )
        for spec in line.melds:
            cards = spec.cards
            problem = meld_problem(cards, config, True)
            if problem:
                raise Illegal("position", msg("the position's meld is not legal: {problem}", problem=problem[1]), spec)
            table.claim(cards, spec, "position")
            meld = new_meld(cards)
            if config.merge_same_rank and not meld.is_sequence and side.meld_of(meld.rank):
                raise Illegal(
                    "position",
                    msg(
                        "{side} has two melds of {rank}s; a side has one meld per rank", side=line.side, rank=meld.rank
                    ),
                    spec,
                )
            side.melds.append(meld)
            table.note_meld(meld)
        for card in line.laid:
            if card not in config.laid_cards:
                raise Illegal(
                    "position",
                    msg(
                        "only {laid} are laid beside the melds, not {card}",
                        laid=term(config.words.laid),
                        card=config.words.describe(card),
                    ),
                    line,
                )
            table.claim((card,), line, "position")
            side.laid.append(card)
    if position.pile is not None:
        table.claim(position.pile.cards, position.pile, "position")
        table.pile.extend(position.pile.cards)
        table.frozen = any(c in config.discard_freezes or c == C.BONUS for c in table.pile)
    stock = position.stock
    given = None if stock is None or stock.cards is None else list(stock.cards)
    table.stock_count = sum(table.pool.values())
    given = set_talons_aside(r, sum(side.has_melded for side in table.sides.values()), given, stock or position)
    unseen = table.stock_count  # the cards not seen, but for the talons still dealt aside
    if stock is None or (stock.count is None and stock.cards is None):
        table.stock_count = unseen
    elif stock.count is not None:
        if stock.count != unseen:
            aside = sum(table.talon_sizes)
            raise Illegal(
                "position",
                msg(
                    "the position accounts for {seen} cards, which leaves {unseen} for the stock, not {count}",
                    seen=config.pack().total() - unseen,
                    unseen=unseen,
                    count=stock.count,
                )
                if not aside
                else msg(
                    "the position accounts for {seen} cards and the talons dealt aside for {aside}, which leaves "
                    "{unseen} for the stock, not {count}",
                    seen=config.pack().total() - unseen - aside,
                    aside=aside,
                    unseen=unseen,
                    count=stock.count,
                ),
                stock,
            )
        table.stock_count = stock.count
    else:
        table.stock_count = unseen
        set_stock(r, given or [], stock)
    if position.melded is not None:
        table.melded_players = set(position.melded.players)
    else:  # unknown: count everyone whose side has melds as having melded (no concealed bonus)
        table.melded_players = {p for s in table.sides.values() if s.has_melded for p in s.players}
    if position.to_play is None:
        raise Illegal("position-incomplete", msg("the position must say whose turn it is (`turn NAME`)"), position)
    check_player(r, position.to_play.player, position.to_play)


def check_player(r: HandContext, player: str, node: Node, to_play: str | None = None) -> None:
    """`player` may play in this hand; `to_play`: whose turn it is, for the finding's "when"."""
    if player not in r.config.seating.seats:
        raise Illegal("unknown-player", not_seated(player, r.config.seating.seats), node, player=to_play)
    if player in r.sitting_out:
        said = msg("{player} sits out this hand and may not play", player=player)
        raise Illegal("sitting-out", said, node, player=to_play)


def not_seated(player: str, seats: Sequence[str]) -> Text:
    return msg("{player} is not seated at this table ({seats})", player=player, seats=" ".join(seats))


def sitting_out_count(seats: int, expected: int, named: int) -> Text:
    """How many sit out each hand at this table, against how many the hand names."""
    names = named or msg("nobody")
    if not expected:
        return msg("with {seats} players, nobody sit out each hand; this hand names {named}", seats=seats, named=names)
    return msg_n(
        "with {seats} players, {n} sits out each hand; this hand names {named}",
        "with {seats} players, {n} sit out each hand; this hand names {named}",
        expected,
        seats=seats,
        named=names,
    )
