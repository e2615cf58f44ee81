"""Modern American Canasta: where the sources are silent or disagree, and what the arbiter does.

Rendered in docs/rules/modern-american.md, section "Where the rule books are silent or disagree",
which every rule and option resting on a project default cites. Written in the project's own words:
each source is cited by its name and section (sources.py), never quoted. No single rule book governs
the game, so this page says, point by point, which source each reading comes from, how many sources
agree, what the arbiter does, and the option (or preset: `league`, `pagat`, `app`) that switches it.
"""

from __future__ import annotations

from ...rules.defaults import Choice
from . import play_choices
from .end_choices import GOING_OUT, SCORING_AND_TABLES
from .sources import (
    APP_BLOG,
    APP_HELP,
    CLUB_2018,
    HONORS,
    LEAGUE,
    OURS,
    PAGAT,
    PLAYERS,
    TEACHING,
    TOURNAMENT,
    TWO_HAND_APP,
)
from .sources import WIKIPEDIA as WIKI
from .talon_choices import TALON

SOURCES_AND_FIRMNESS: tuple[Choice, ...] = (
    Choice(
        point="Which sources, and how far to trust them",
        books="No governing body publishes one rule book that every club follows. The sources, from the most cited: "
        f"{LEAGUE}, the standard most clubs invoke; {PAGAT}, which describes the game as one documented variant "
        f"and says that no single set of rules is generally accepted; {APP_HELP} and {APP_BLOG}, what a popular "
        f"app enforces; {CLUB_2018}, a club's written standard; {HONORS} and {TEACHING}, one club's and one "
        f"teacher's rules; {PLAYERS}, which show the common readings and the disputed ones. The American "
        "Canasta Society's rule book was not found at all. None of these sources was read first-hand from its "
        "publisher: the League's rules are known from an open-source project's rule-by-rule transcription (the "
        "Ebbeling/canasta project); pagat's text from that transcription and from copies of its page; the app's "
        "rules from its help and the openings of its blog; the 2018 rulebook from its first page only.",
        chosen="A rule cites the source it follows by name and topic; the default rule set follows the League "
        "where it speaks, then the app and the players' majority.",
        why="A ruling is only as sure as its source. Where a rule rests on the League alone, a club holding the "
        "League's own page should check it there before treating the ruling as final; where three or more "
        "sources agree (below), the ruling is firm. A club that plays another reading sets the option, or a "
        "whole preset.",
    ),
    Choice(
        point="How firm each rule is",
        books=f"Three or more sources agree on: two packs and four jokers (108 cards); 13 cards each; one card "
        "drawn; no up card; the talon of 4 and 3 cards; a natural pair to take the pile; at most two wilds in a "
        "meld; no wilds in sevens; aces mixed only in the opening; the canasta values; the 2,500 penalties for "
        "unfinished sevens and aces; 1,500 for three aces or sevens held; the threes' scale and its sign; two "
        "canastas to go out; the face-down last discard; 100 for going out; the game to 8,500. "
        f"Only the League ({LEAGUE}) and those who follow it give: the special hands beyond pagat's four, the "
        "Dream Hands, the empty-tray ban on dead cards and the one ask per side.",
        chosen="Firm rules are not options; each disputed or single-source rule below is one, and its ruling names "
        "the one source it follows.",
        why="A club can argue with a single source's reading, not with what every source says.",
    ),
    Choice(
        point="The presets: the League, pagat and the app",
        books=f"The League ({LEAGUE}), pagat ({PAGAT}) and the app ({APP_BLOG}) differ on a handful of points: the special hands and "
        "their values, the four-joker wild meld left unfinished, the empty-tray ban, a player left with only "
        "barred cards, a wild meld in place of the clean triple, and a three left in hand.",
        chosen="`league` is the default and follows the League's transcription with the players' majority where "
        "the League is silent. `pagat` plays pagat's readings: its four special hands and their values, "
        "-2,500 for an unfinished wild meld of four jokers, aces and sevens only barred on an empty tray (and "
        "allowed when they are the only naturals left), a wild meld as the opening's clean meld, and a wild "
        "pair of 2s only in Wild Pairs. `app` plays the app's: a three stuck in hand costs 100, and the League's other readings.",
        why="A club names its source in one word; options written after the preset change single points.",
    ),
)

SETUP: tuple[Choice, ...] = (
    Choice(
        point="Players and hand size (S1)",
        books=f"{PAGAT}; {CLUB_2018}; {HONORS}; {TEACHING}: four players in two fixed partnerships, 13 cards each. "
        f"{LEAGUE}, Setup: 13 cards, partnerships implied, the count not given. The American Canasta Society "
        "calls it a four-player game.",
        chosen="Four players, partners opposite, 13 cards each.",
        why="Every source that counts says so.",
    ),
    Choice(
        point="The opening minimum: by score or by hand number (S2)",
        books=f"{LEAGUE}, Initial meld: by the side's score, 125 from 0, 155 from 3,000, 180 from 5,000 (a negative "
        f"score not mentioned). {PAGAT}: the same, and 125 below 0. {APP_BLOG}, scoring guide part 1: 125 below "
        f"3,000. {TOURNAMENT}: three-hand timed games fix it by hand number, 125, 155, 180.",
        chosen="By the side's score before the hand: 125 below 3,000 (a negative score included), 155 from 3,000, "
        "180 from 5,000.",
        why="All three main sources count by score; pagat settles the negative score and nobody contradicts it.",
        option="opening-minimum",
    ),
)

THREES: tuple[Choice, ...] = (
    Choice(
        point="A three not laid on time (T1)",
        books=f"{HONORS}: laid at the holder's next turn without a replacement. A thread of {PLAYERS}: kept in hand "
        "to the end (a few points off at some tables), and never the last discard. The League, pagat and the app "
        "are silent.",
        chosen="A three still held when its holder discards (a talon's three comes after the discard, so it never "
        "is) is forgotten: it is laid at a later turn, without a replacement. With `forgotten-three=kept` it stays "
        "in hand to the end, where it counts as a three left in hand, and laying it is a fault.",
        why="It is the only written club rule, and it keeps the threes' score whole. Where the sources say a three "
        "is laid at the start of the holder's turn, the arbiter reads the whole turn up to the discard, since a "
        "record cannot show a table's moment. " + OURS,
        option="forgotten-three",
    ),
    Choice(
        point="The last stock card is a three (T3)",
        books=f"{LEAGUE}, Threes; {PAGAT}; {APP_BLOG}, scoring guide part 3: the hand ends at once and the three "
        f"stays in the drawer's hand, worth -5. {PLAYERS}: -100 at some tables; laid with the side's threes; a "
        "minority lets the drawer still go out discarding it face down.",
        chosen="The hand ends at once; the three stays in hand and counts as a three in hand (below). With "
        "`last-card-three=may-go-out`, its drawer may still meld and go out at once, discarding it face down; a "
        "drawer who plays on without going out is at fault, and one who stops ends the hand as it stands.",
        why="The League, pagat and the app agree.",
        option="last-card-three",
    ),
    Choice(
        point="What a three stuck in hand costs (T4)",
        books=f"{LEAGUE}, Scoring and {PAGAT}: 5, as a card. {APP_BLOG}, scoring guide part 3: 100, except 5 when it "
        f"was the last stock card. {PLAYERS}: 100 is the more common table rule.",
        chosen="5 points against the side (`league`, `pagat`); the `app` preset sets 100. A three drawn as the "
        "stock's last card costs 5 under every preset, as the app says too.",
        why="The League and pagat agree; the app's reading is its preset.",
        option="three-in-hand-value",
    ),
    Choice(
        point="Keeping one three for the Straight",
        books=f"{LEAGUE}, Threes and {PAGAT}: while the side has not melded, a player may keep one three in hand, only "
        "for the Straight; pagat has it laid at the holder's next turn once the partner opens.",
        chosen="While the side has not opened (at a table that plays special hands), a player may keep one three "
        "in hand for the Straight, the one special hand that holds a three. Any other three still held when its "
        "holder discards was forgotten (below); a three still held at the end costs its value.",
        why="Both main sources allow it; when the side opens, laying it is the only reading given.",
    ),
)

MELDS: tuple[Choice, ...] = (
    Choice(
        point="The rule of five (M1)",
        books=f"{LEAGUE}, Melding; {PAGAT} (which names it and says older groups do not play it); {HONORS}; "
        f"{TEACHING}: after the opening a wild joins only a meld that already holds five naturals. Some tables of "
        f"{PLAYERS} play base 3: two naturals and a wild at any time.",
        chosen="Five naturals before a wild, after the opening.",
        why="Every written source plays it.",
        option="meld-base",
    ),
    Choice(
        point="The rule of five on the going-out turn (M2)",
        books=f"{TEACHING}; the admin of {PLAYERS}: it applies on every turn, going out included. A split thread "
        "allows two naturals and a wild when going out. The League, pagat and the app are silent.",
        chosen="It applies on the going-out turn too.",
        why="The rule names no exception, and the teacher and the group's admin read it so.",
        option="meld-base-when-going-out",
    ),
    play_choices.RELAXED_GOING_OUT,
    Choice(
        point="Two naturals and one wild in the opening (M3)",
        books=f"{LEAGUE}, Melding: a mixed meld needs two naturals and at most two wilds. {CLUB_2018} and {TEACHING} "
        "allow it in the opening; the teacher's tips forbid it there.",
        chosen="Allowed: any mixed meld of two or more naturals and at most two wilds counts in the opening.",
        why="It follows from the League's definition of a mixed meld.",
        option="opening-pair-plus-wild",
    ),
    Choice(
        point="A dead rank and the other side's meld of it (M6)",
        books=f"{LEAGUE}, Melding; {PAGAT}; {APP_BLOG}; {TEACHING}: once either side completes a canasta of a rank, "
        f"nobody may start or add to a meld of it. {PLAYERS}: near unanimous that this includes the other side's "
        "unfinished meld; one group lets that side keep adding without closing it.",
        chosen="The rank is dead for both sides, the other side's unfinished meld included.",
        why="All the written sources say so.",
        option="dead-rank-freezes-both-teams",
    ),
    Choice(
        point="An eighth card on a canasta (C3)",
        books=f"{PAGAT}; {APP_BLOG}; {LEAGUE}, Melding (implicitly): never more than seven cards. {WIKI} reports a common "
        "exception that lets a player going out add an eighth.",
        chosen="Never more than seven cards. With `eighth-card-going-out`, a player who goes out that turn may "
        "add an eighth card to a canasta; a turn that does not go out may not leave one.",
        why="Every rule book agrees; the exception is hearsay.",
        option="eighth-card-going-out",
    ),
    Choice(
        point="A meld of a rank melded after the rank died",
        books=f"{PLAYERS}: unanimous that a meld of a dead rank nobody challenged before the next player acted stays "
        "on the table but can never grow.",
        chosen="The arbiter judges every action when it is made, so such a meld is a fault found where it is made; "
        "no challenge is needed.",
        why="A record is judged whole; the table's window for a challenge does not exist in a record. " + OURS,
    ),
)

WILDS: tuple[Choice, ...] = (
    Choice(
        point="An unfinished wild meld holding all four jokers (W1)",
        books=f"{LEAGUE}, Scoring; {APP_BLOG}, scoring guide part 2: -2,000 like any unfinished wild meld. {PAGAT}: "
        "-2,500 when it holds all four jokers.",
        chosen="-2,000 (`league`, `app`); the `pagat` preset sets -2,500.",
        why="The League and the app agree.",
        option="incomplete-wild-four-jokers",
    ),
    Choice(
        point="Wilds split between a new wild meld and a mixed meld in the opening (W2)",
        books=f"{LEAGUE}, Wild cards and {PAGAT}: while a side's wild meld is unfinished, its wilds go nowhere else; "
        f"neither says whether that binds within the opening turn. {PLAYERS}: the admin calls the split bad "
        "strategy rather than a fault; one thread is split evenly.",
        chosen="Allowed when the wild meld is complete by the end of the opening turn; otherwise a fault.",
        why="It reads the League's rule at the end of the turn, where the table sees the melds. " + OURS,
        option="split-wilds-at-opening",
    ),
    play_choices.WILDS_AT_TURN_END,
    Choice(
        point="The wild canastas' values (W3)",
        books=f"{LEAGUE}, Canastas; {PAGAT}; {WIKI}; {TEACHING}: seven 2s 3,000; four jokers and three 2s 2,500; any "
        f"other mix 2,000. One thread of {PLAYERS} says values vary from 2,000 to 2,500.",
        chosen="3,000, 2,500 and 2,000.",
        why="Every written source agrees.",
    ),
    Choice(
        point="Discarding a wild",
        books=f"{LEAGUE}, Discarding and {PAGAT}: only as the face-down discard that goes out, or when the hand holds "
        f"nothing but wilds; {TWO_HAND_APP} and {TEACHING}: nobody takes the pile while a wild is on top.",
        chosen="As the sources say: a wild may be discarded only going out or from a hand of wilds alone, and the "
        "pile cannot be taken while it is on top.",
        why="The sources agree.",
    ),
    Choice(
        point="Only wilds in hand on an empty tray",
        books="No source says whether a player holding only wilds on an empty tray discards a wild (wilds may be "
        "discarded from a hand of wilds alone) or takes a melded card back (the empty tray bars wilds).",
        chosen="The player takes a melded card back, as for any empty-tray dead end (see the option "
        "`no-legal-discard`).",
        why="The empty-tray ban is the narrower rule, so it wins over the general exception. " + OURS,
        option="no-legal-discard",
    ),
    Choice(
        point="Moving wilds between melds",
        books=f"{TEACHING}, tips: during the opening turn wilds may be moved between the new melds before the "
        "discard. No source allows it after the turn.",
        chosen="A record writes melds as they end the turn, so moves within the opening turn are not judged; once "
        "laid, a wild never moves.",
        why="Down is down (a rule players state unanimously). " + OURS,
    ),
)

ACES_AND_OPENING: tuple[Choice, ...] = (
    Choice(
        point="Opening with the pile when an ace is on top (A2)",
        books=f"{APP_BLOG}, Aces and 7s; {TEACHING}; a rulebook's page 37 quoted in {PLAYERS} and the group's admin: "
        "the ace meld made with the pile must be natural. One strong thread allows a mixed one.",
        chosen="The ace meld made with the pile must be natural.",
        why="Every source that speaks in writing says so.",
        option="pile-ace-on-top-when-opening",
    ),
    Choice(
        point="A wild meld instead of the clean triple (I2)",
        books=f"{LEAGUE}, Initial meld: a clean meld of three or more naturals is required. {PAGAT}, {TEACHING} "
        f"(tips) and a strong thread of {PLAYERS}: a wild meld of three or more will do.",
        chosen="No (`league`, `app`); the `pagat` preset accepts it.",
        why="The League's text, as transcribed, asks for naturals.",
        option="opening-wild-meld-counts-as-clean",
    ),
    Choice(
        point="The Splash: a natural canasta from hand as the opening (I3)",
        books=f"{PAGAT}: a complete natural canasta from hand opens whatever the count. {PLAYERS}: unanimous that it "
        f"scores 500 and does not end the hand, never with the pile's card. {HONORS}: it counts as the clean meld. "
        "The League is silent.",
        chosen="Allowed in every preset: from hand only, never with the pile's card, scored as a canasta.",
        why="The League is silent, and every source that speaks of it allows it.",
        option="splash",
    ),
    Choice(
        point="A wild canasta as the whole opening (I4)",
        books=f"{PAGAT}: the Splash covers a wild canasta too. {PLAYERS}: a strong majority agrees, quoting a "
        "published guide; a minority still asks for a clean meld. The League is silent.",
        chosen="Allowed in every preset, from hand only.",
        why="The League is silent; pagat and most players allow it.",
        option="wild-canasta-opening",
    ),
    Choice(
        point="Completing a mixed canasta in the opening (I5)",
        books=f"{LEAGUE}, Initial meld and {HONORS}: never. A thread of {PLAYERS}: allowed with the clean meld and "
        "the count.",
        chosen="Never.",
        why="Both written sources forbid it.",
        option="mixed-canasta-in-opening",
    ),
    Choice(
        point="Cards kept after the opening (I6)",
        books=f"{CLUB_2018}: a card to discard. {HONORS}: a card to discard when a talon follows, a card to hold as "
        f"well when none does (after the turn card, or opening with the pile); a split thread of {PLAYERS} agrees. "
        "Some teachers always want one to hold and one to throw.",
        chosen="A card to discard when a talon follows; a card to discard and one to hold otherwise.",
        why="It is the club rule that says the most, and the majority's.",
        option="keep-after-opening",
    ),
    Choice(
        point="The pair that takes the pile in the opening (P3)",
        books=f"{LEAGUE}, Initial meld: the pile's top card counts neither for the minimum nor for the clean meld. "
        f"{PAGAT}: the opening comes wholly from hand. Most threads of {PLAYERS}: the pair may be part of the "
        "opening's melds; some tables want a separate pair.",
        chosen="The pair may be part of the opening's melds, counted without the pile's card.",
        why="It is the majority's reading and consistent with the League's.",
        option="opening-pile-pair",
    ),
    Choice(
        point="Opening when the opener's own draw was the turn card",
        books=f"{APP_HELP}: no talon once the turn card has been drawn. {LEAGUE}, Initial meld: nine cards or "
        "more in the stock. They differ when the opener drew the turn card this turn.",
        chosen="No talon: the turn card has been drawn and fewer than nine cards remain.",
        why="Both readings agree in this case once the draw is counted. " + OURS,
    ),
    Choice(
        point="A talon near the turn card",
        books="No source says what happens when fewer than four (or three) cards lie above the turn card.",
        chosen="The talon is given only while the stock holds nine cards or more, so it is always whole.",
        why="It is the League's condition, which leaves the case unreachable. " + OURS,
    ),
    Choice(
        point="An opening short of the minimum: the penalty (X1)",
        books=f"{TEACHING}, course script: the cards go back to hand and the side loses 10 points. {PLAYERS}: the opening minimum "
        "rises by 10 for the hand instead. All agree the partner may not then open with aces, sevens or wild "
        "cards the mismeld exposed. The League, pagat and the app are silent.",
        chosen="The side loses 10 points; the cards go back to hand.",
        why="It is the only written penalty.",
        option="mismeld-penalty",
    ),
    Choice(
        point="The mismeld's points",
        books=f"{TEACHING}, course script: 10 points. {PLAYERS}: the minimum rises by 10.",
        chosen="10, off the score or onto the minimum as the option above says.",
        why="Both readings name 10.",
        option="mismeld-points",
    ),
)

PILE_AND_DISCARDS: tuple[Choice, ...] = (
    *play_choices.PILE_WITH_WILD,
    Choice(
        point="What an empty tray bars (D3)",
        books=f"{LEAGUE}, Discarding and {APP_BLOG}: sevens, wilds, aces and dead cards. {PAGAT}: aces and sevens "
        "(wilds are barred anyway; dead cards not named). Some players call the dead-card part a table rule.",
        chosen="Sevens, wilds, aces and dead cards (`league`, `app`); aces and sevens in `pagat`.",
        why="The League and the app agree.",
        option="empty-tray-ban",
    ),
    Choice(
        point="Only barred cards left for an empty tray (D4)",
        books=f"{LEAGUE}, Discarding and a unanimous thread of {PLAYERS}: take a melded card back to discard, even "
        f"breaking a canasta. {PAGAT}: an ace or a seven may be discarded when they are the only naturals left.",
        chosen="Take back a natural card from the side's meld of its rank, even a canasta, and discard it "
        "(`league`, `app`), written as the discard of that card (`discard 9`); only when no card held may go, "
        "and only from a meld that keeps three cards. pagat's reading in `pagat`.",
        why="The League says so. Which card, and from which meld, no source settles beyond one thread's last card "
        "melded, which a record cannot tell apart; a meld left with two cards would be no meld. " + OURS,
        option="no-legal-discard",
    ),
    Choice(
        point="The stock runs out",
        books=f"{PAGAT}: play ends when a player who must draw finds the stock empty. {PLAYERS}: after the last card "
        "is drawn and discarded, the next player may still take the pile. No source says whether play then goes "
        "on, pile by pile.",
        chosen="Play goes on while each next player takes the pile; it ends when a player cannot.",
        why="Nothing in the sources stops a second take, and it is how the other families end. " + OURS,
    ),
)

SPECIAL_HANDS: tuple[Choice, ...] = (
    Choice(
        point="Which special hands exist (H1)",
        books=f"{LEAGUE}, Special hands: eleven (Pairs, Wild Pairs, Miami Pairs, Zip Code, Straight, Garbage, Blast "
        f"Off, Triples, Quads, and the two Dream Hands). {PAGAT}: four widely known (Straight, Pairs, pairs with "
        "2s, 7s and aces, Garbage). The app requires a wild pair in Triples, the only hand of its list known. "
        f"{TEACHING}, course script: Pairs, Zip Code, Straight.",
        chosen="The League's eleven at the League's values (`league`, `app`); pagat's four at pagat's values in "
        "`pagat`; `none` plays without them; `flat-2500` scores the League's hands 2,500 each.",
        why="The League lists the most and is the default source.",
        option="special-hands",
    ),
    Choice(
        point="Garbage's value (H1a)",
        books=f"{LEAGUE}: 3,000. {PAGAT}: 2,000 (some groups 3,500). A chart posted in {PLAYERS}: 3,000.",
        chosen="3,000; 2,000 in `pagat`.",
        why="The League's value.",
        option="special-hands",
    ),
    Choice(
        point="The Straight's value (H1b)",
        books=f"{LEAGUE} and {PAGAT}: 3,000. A chart posted in {PLAYERS}: 3,500, corrected to 3,000 in a reply.",
        chosen="3,000.",
        why="Both main sources agree.",
    ),
    Choice(
        point="Miami Pairs' value (H1c)",
        books=f"{LEAGUE}: 2,500. {PAGAT}: not listed. A chart in {PLAYERS}: 3,000, corrected to 2,500 in a reply.",
        chosen="2,500.",
        why="The League's value.",
    ),
    Choice(
        point="Zip Code's value and wilds (H1d)",
        books=f"{LEAGUE}: 2,500, matching wilds allowed. {PAGAT}: not listed. {PLAYERS}: 2,000 without wilds, 1,500 or "
        "2,500; a strong majority says wilds are allowed by default though many tables ban them.",
        chosen="2,500, matching wilds allowed.",
        why="The League's reading.",
        option="zip-code-wilds",
    ),
    Choice(
        point="The wild pair in Wild Pairs (H1e)",
        books=f"{LEAGUE}: one pair of 2s or one pair of jokers. {PAGAT}: pairs with twos. {HONORS}: 2s or jokers, not "
        "both.",
        chosen="One matching wild pair, 2s or jokers (`league`, `app`); 2s only in `pagat`.",
        why="The League's reading.",
        option="wild-pairs-wilds",
    ),
    Choice(
        point="The pair in Triples (H1f)",
        books=f"{LEAGUE}, Special hands; {APP_HELP}: a matching wild pair. A split thread of {PLAYERS}: any pair at some tables.",
        chosen="A matching wild pair.",
        why="The League and the app agree.",
        option="triples-pair",
    ),
    Choice(
        point="The Dream Hands (H1g)",
        books=f"{LEAGUE}: two hands, five and five with four wilds, five and four with five wilds, each worth 8,500 "
        f"and the game. A chart in {PLAYERS}: one Dream Hand of 5-5-4 without wilds, 8,500.",
        chosen="The League's two hands; either wins the game at once.",
        why="The League's reading.",
        option="special-hands",
    ),
    Choice(
        point="One flat value for every special hand (H1h)",
        books=f"{PLAYERS}: some groups score every special hand 2,500 for simplicity.",
        chosen="Each hand its own value; `special-hands=flat-2500` plays the groups' way.",
        why="No written source plays a flat value.",
        option="special-hands",
    ),
    Choice(
        point='What "matching wilds" means',
        books=f"{LEAGUE}, Special hands: the term is used without being defined; the examples keep 2s and jokers apart in every hand "
        "except the second Dream Hand, whose five wilds mix them. Nobody says whether the wild pair of Triples or "
        "Quads may be a 2 and a joker.",
        chosen="A group of wilds in a special hand is all 2s or all jokers (the wild pair of Triples and Quads "
        "too), except in the Dream Hands, whose four or five wilds may mix.",
        why="It follows the League's examples, which mix 2s and jokers only in a Dream Hand. " + OURS,
        option="zip-code-wilds",
    ),
    Choice(
        point="Two pairs of one rank in a pairs hand",
        books="A player asks whether a pairs hand may repeat a rank (two pairs of 2s, of 7s); nobody answers. Nor does "
        "anyone say whether Wild Pairs may hold two wild pairs.",
        chosen="Seven different ranks, so no repeated pair; Wild Pairs holds exactly one wild pair.",
        why="Every example of the League and pagat names seven different pairs. " + OURS,
    ),
    Choice(
        point="A special hand by the partner of a player who has just opened (H2)",
        books=f"{HONORS}; {TEACHING}; a strong majority of {PLAYERS}: allowed on the partner's very next turn, the "
        f"side's melds ignored. {LEAGUE}: only by a player whose side has not melded.",
        chosen="Only a side that has not opened lays a special hand; with the courtesy, the opener's partner may "
        "still lay one on the very next turn of the side, and the side then scores the special hand alone.",
        why="It is the League's rule; the courtesy is a common table rule, which a club sets.",
        option="courtesy-special",
    ),
    Choice(
        point="Completing a special hand with the pile's card (H3)",
        books=f"{TEACHING}, course script: allowed. Several threads of {PLAYERS}, one near unanimous: the fourteenth card comes from "
        "the stock's draw.",
        chosen="Not allowed: the fourteenth card is the turn's stock draw.",
        why="It is the players' clear majority.",
        option="special-from-pile",
    ),
    Choice(
        point="A special hand after the partner's mismeld",
        books="The restrictions after a mismeld speak of openings only; no source mentions special hands.",
        chosen="Allowed: a special hand is not an opening, and the exposed cards do not bar it.",
        why="A restriction is read as narrowly as it is written. " + OURS,
    ),
)

CHOICES: tuple[Choice, ...] = (
    *SOURCES_AND_FIRMNESS,
    *SETUP,
    *TALON,
    *THREES,
    *MELDS,
    *WILDS,
    *ACES_AND_OPENING,
    *PILE_AND_DISCARDS,
    *GOING_OUT,
    *SPECIAL_HANDS,
    *SCORING_AND_TABLES,
)
