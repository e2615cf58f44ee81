"""Hypothesis strategies that build random but syntactically valid records (arbiter.notation.records), for
the formatter's round-trip properties."""

from __future__ import annotations

from hypothesis import strategies as st

from arbiter import cards as C
from arbiter.notation import KEYWORDS
from arbiter.notation.records import (
    Add,
    Ask,
    Deal,
    Discard,
    Draw,
    FamilyAction,
    Game,
    GoOut,
    HandRecord,
    HandStart,
    Holding,
    LayBonus,
    Meld,
    Melded,
    MeldRef,
    MeldSpec,
    Note,
    Pass,
    PilePosition,
    Points,
    Position,
    PositionStart,
    SidePoints,
    Stock,
    TableSide,
    Tag,
    Take,
    ToPlay,
    Turn,
    UpCard,
)

names = st.from_regex(r"[a-zA-Zé][a-z0-9_ë]{0,5}", fullmatch=True).filter(lambda n: n not in KEYWORDS)
sides = st.lists(names, min_size=1, max_size=3).map("+".join)
card = st.sampled_from((*C.CARDS, "7h", "10s", "Bh", "Ss", "2d", "Ac"))  # ACN 1.3: some with their suits
cards = st.lists(card, min_size=1, max_size=8).map(tuple)
some_cards = st.lists(card, max_size=5).map(tuple)
comment = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=12).map(str.strip).filter(bool)
notes = st.lists(comment, max_size=2).map(tuple)
remark = st.one_of(st.just(""), comment)
points = st.integers(-999_999_999, 999_999_999)
meld_specs = st.lists(st.builds(MeldSpec, cards=cards), min_size=1, max_size=3).map(tuple)


@st.composite
def meld_refs(draw: st.DrawFn) -> MeldRef:
    index = draw(st.integers(1, 3))
    if draw(st.booleans()):
        low = draw(st.integers(0, len(C.NATURALS) - 3))
        high = draw(st.integers(low + 2, len(C.NATURALS) - 1))
        return MeldRef(rank=C.NATURALS[low], high=C.NATURALS[high], index=index)
    return MeldRef(rank=draw(st.sampled_from((*C.NATURALS, C.STOP, C.LITTLE_WILD))), index=index)


actions = st.one_of(
    st.builds(Draw, cards=cards),
    st.builds(Take, card=card, with_cards=cards, also=st.one_of(st.just(()), meld_specs)),
    st.builds(Take, card=card, onto=meld_refs(), also=st.one_of(st.just(()), meld_specs)),
    st.builds(Meld, melds=meld_specs),
    st.builds(Add, cards=cards, target=meld_refs()),
    st.builds(Discard, card=card),
    st.builds(LayBonus, cards=cards),
    st.builds(FamilyAction, keyword=st.just("caliente")),
    st.builds(Ask, answer=st.booleans()),
    st.builds(Pass),
    st.builds(GoOut),
    st.builds(FamilyAction, keyword=st.just("foot")),
    # any family's own word, known or not: the notation reads and writes it without knowing it
    st.builds(FamilyAction, keyword=st.sampled_from(("special", "knock", "lay-down")), cards=cards),
)


def statement(cls, **fields):
    return st.builds(cls, notes=notes, remark=remark, **fields)


turns = st.lists(
    statement(Turn, player=names, actions=st.lists(actions, min_size=1, max_size=4).map(tuple)), max_size=3
)
entries = st.lists(st.builds(SidePoints, side=sides, points=points), min_size=1, max_size=3).map(tuple)
tags = st.lists(
    statement(
        Tag,
        name=st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,8}", fullmatch=True),
        value=st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=12),
    ),
    max_size=4,
)


@st.composite
def hands(draw: st.DrawFn) -> HandRecord:
    start = draw(
        statement(
            HandStart, number=st.integers(0, 999), dealer=names, sitting_out=st.lists(names, max_size=2).map(tuple)
        )
    )
    totals_before = draw(st.one_of(st.none(), statement(Points, kind=st.just("total"), entries=entries)))
    deals: tuple = ()
    feet: tuple = ()
    up = stock = position = None
    setup: list[Turn] = []
    played: list[Turn] = []
    foot = statement(Deal, player=names, cards=cards, foot=st.just(True))
    if draw(st.booleans()):  # from a deal
        deals = tuple(draw(st.lists(statement(Deal, player=names, cards=cards), max_size=3)))
        feet = tuple(draw(st.lists(foot, max_size=2)))
        stock = draw(st.one_of(st.none(), statement(Stock, cards=cards)))
        if deals:
            setup = draw(turns)
            up = draw(st.one_of(st.none(), statement(UpCard, cards=cards)))
            if up is not None:
                played = draw(turns)
    else:  # from a position
        position = Position(
            start=draw(statement(PositionStart)),
            holdings=tuple(draw(st.lists(statement(Holding, player=names, cards=some_cards), max_size=3))),
            feet=tuple(draw(st.lists(foot, max_size=2))),
            tables=tuple(
                draw(
                    st.lists(
                        statement(
                            TableSide,
                            side=sides,
                            melds=st.lists(st.builds(MeldSpec, cards=cards), max_size=2).map(tuple),
                            laid=some_cards,
                        ),
                        max_size=2,
                    )
                )
            ),
            pile=draw(st.one_of(st.none(), statement(PilePosition, cards=some_cards))),
            stock=draw(
                st.one_of(st.none(), statement(Stock, cards=cards), statement(Stock, count=st.integers(0, 300)))
            ),
            melded=draw(st.one_of(st.none(), statement(Melded, players=st.lists(names, max_size=3).map(tuple)))),
            to_play=draw(st.one_of(st.none(), statement(ToPlay, player=names))),
        )
        played = draw(turns)
    declared = draw(st.lists(statement(Points, kind=st.sampled_from(("score", "total")), entries=entries), max_size=2))
    if declared and not (setup or played) and declared[0].kind == "total":
        declared[0].kind = "score"  # a total before any turn would be the totals the hand starts from
    return HandRecord(
        start=start,
        deals=deals,
        feet=feet,
        up=up,
        stock=stock,
        position=position,
        totals_before=totals_before,
        setup_turns=tuple(setup),
        turns=tuple(played),
        declared=tuple(declared),
    )


@st.composite
def games(draw: st.DrawFn, need_tags: bool = False, need_hands: bool = False) -> Game:
    """One game; `need_tags` and `need_hands` for a game that must stand between others."""
    game_tags = draw(tags)
    if need_tags and not game_tags:
        game_tags = [Tag(name="Event", value="x")]
    game_hands = draw(st.lists(hands(), min_size=1 if need_hands else 0, max_size=3))
    trailing = draw(st.one_of(st.none(), st.builds(Note, notes=st.lists(comment, min_size=1, max_size=2).map(tuple))))
    return Game(tags=tuple(game_tags), hands=tuple(game_hands), trailing=trailing)


@st.composite
def files(draw: st.DrawFn) -> list[Game]:
    """Several games as one file holds them: every game after the first starts with tags, and
    every game before the last has hands (tags after tags would join the same game)."""
    count = draw(st.integers(1, 3))
    out = []
    for i in range(count):
        game = draw(games(need_tags=i > 0, need_hands=i < count - 1))
        if i < count - 1:
            game.trailing = None  # comments after a game's hands belong to the next game's first tag
        out.append(game)
    return out
