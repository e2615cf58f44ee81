"""The words of the notation (statement keywords, actions, an example line of each) and the advice
built from them: how a message shows the record's text, what a card is written as, and the error a
line that is not notation raises."""

from __future__ import annotations

import re
import unicodedata

from .. import cards as C
from ..errors import ArbiterError
from ..i18n import Text, msg, pmsg


class NotationError(ArbiterError):
    """A line that is not notation: where, what was found, and what to write instead."""

    def __init__(self, column: int, message: Text | str, code: str = "syntax-error") -> None:
        super().__init__(message)
        self.column = column
        self.message = message
        self.code = code


# Cards read with their suits (ACN 1.3), counted: the grammar's transformer counts each line it
# reads with a suit, and a remembered line's maker each time it makes one again. A hand that ends
# with the count unchanged since it began gave no suit (notation/hands.py), so a record without
# suits is never searched for one. Readers in other threads add to the count too: at worst a hand
# is then taken for one that may give suits, and searched.
suits_read: list[int] = [0]


# --- showing the offending text -------------------------------------------------------------


def quoted(text: str, limit: int = 24) -> str:
    """Text from the record, quoted for a message: shortened, invisible characters named."""
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isprintable():
        return f"`{text}`"
    return "`" + "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text) + "`"


def char_name(ch: str) -> str:
    """A character's code point and Unicode name, for a message about an invisible one."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def excerpt(line_text: str, column: int, width: int = 80) -> str:
    """Two lines for showing a finding: the record's line and a caret under `column` (1-based).
    Long lines are cut to about `width` characters around the column (marked with …), tabs are
    kept so the caret lines up, and invisible characters are shown as `?`."""
    text = line_text.rstrip("\r\n")
    index = max(0, min(column - 1, len(text)))
    start, end = 0, len(text)
    if len(text) > width:
        start = max(0, min(index - width // 2, len(text) - width))
        end = min(len(text), start + width)
    shown = text[start:end]
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    visible = "".join(ch if ch == "\t" or ch.isprintable() else "?" for ch in shown)
    pad = "".join(
        "\t" if ch == "\t" else ("  " if unicodedata.east_asian_width(ch) in "WF" else " ")
        for ch in visible[: index - start]
    )
    return f"{prefix}{visible}{suffix}\n{' ' * len(prefix)}{pad}^"


# --- what cards and lines look like, for advice ----------------------------------------------

_CARD_LIST = msg("4 5 6 7 8 9 10 J Q K A, 2 (little wild), X (big wild), B (Bonus), S (Stop) and C (Caliente)")
_CARD_WORDS = {
    "joker": "X",
    "jokers": "X",
    "deuce": "2",
    "deuces": "2",
    "wild": "2",
    "ten": "10",
    "ace": "A",
    "king": "K",
    "queen": "Q",
    "jack": "J",
    "bonus": "B",
    "stop": "S",
}
# Each name is said after "the" in English (`write X for the big wild (joker)`); a translation
# gives it with the article its language wants, since the advice templates leave the article out.
# The card names have a context of their own: "ten" is also a count elsewhere.
_CARD_NAMES = {
    "X": pmsg("a card's name", "big wild (joker)"),
    "2": pmsg("a card's name", "little wild (deuce)"),
    "B": pmsg("a card's name", "Bonus card (red three)"),
    "S": pmsg("a card's name", "Stop card (black three)"),
    "10": pmsg("a card's name", "ten"),
    "A": pmsg("a card's name", "ace"),
    "K": pmsg("a card's name", "king"),
    "Q": pmsg("a card's name", "queen"),
    "J": pmsg("a card's name", "jack"),
}
_GLUED = re.compile(r"(?:10|[2-9JQKAXBSCT])+")


def card_advice(word: str) -> Text:
    """Why `word` is not a card and what to write instead."""
    upper = word.upper()
    canon = C.canonical(upper)
    shown = quoted(word)
    if canon is not None:
        if canon == upper:
            return msg(
                "{shown} is not a card as written: cards are written in capitals, `{card}`", shown=shown, card=canon
            )
        return msg(
            "{shown} is not a card as written: write `{card}` for the {name}",
            shown=shown,
            card=canon,
            name=_CARD_NAMES.get(canon, canon),
        )
    suited = _suit_advice(word)
    if suited is not None:
        return suited
    if word.lower() in _CARD_WORDS:
        canon = _CARD_WORDS[word.lower()]
        return msg(
            "{shown} is not a card symbol: write `{card}` for the {name}",
            shown=shown,
            card=canon,
            name=_CARD_NAMES.get(canon, canon),
        )
    if word == "3":
        return msg(
            "{shown} is not a card: write B for a Bonus card (a red three) or S for a Stop card (a black three)",
            shown=shown,
        )
    if word in ("1", "0"):
        return msg("{shown} is not a card: write 10 for a ten", shown=shown)
    if word.isdigit() and len(word) > 1 and not _GLUED.fullmatch(word):
        return msg("{shown} is not a card: the cards are {cards}", shown=shown, cards=_CARD_LIST)
    if len(word) > 1 and _GLUED.fullmatch(upper):
        split = " ".join(m.group() for m in re.finditer(r"10|.", upper))
        return msg(
            "{shown} is not a card: write one card per word, with spaces between them: `{cards}`",
            shown=shown,
            cards=split,
        )
    return msg("{shown} is not a card: the cards are {cards}", shown=shown, cards=_CARD_LIST)


def _suit_advice(word: str) -> Text | None:
    """Why `word`, a card with something after it that looks like a suit, is not a card (ACN 1.3,
    docs/notation.md "Suits"); None if it does not look like one."""
    if len(word) < 2:
        return None
    head, last = word[:-1], word[-1]
    suit = C.SUIT_SIGNS.get(last, last)
    if suit.lower() not in C.SUITS:
        return None
    shown = quoted(word)
    rank = C.canonical(head) if head != "3" else C.BONUS
    if rank is None and (C.canonical(head.upper()) is not None or head == "3"):
        rank = C.canonical(head.upper())
    if rank is None:
        return None
    if rank in (C.BIG_WILD, C.CALIENTE):
        return msg("{shown} is not a card: the jokers (X) and the Caliente cards (C) have no suit", shown=shown)
    if suit != suit.lower() and suit in "HD":
        return msg(
            "{shown} is not a card as written: write the suit in lower case, `{card}`",
            shown=shown,
            card=rank + suit.lower(),
        )
    if suit == suit.lower() and rank in (C.BONUS, C.STOP) and head != "3":
        return msg(
            "{shown} is not a card: B is a red three, of hearts or diamonds (`Bh`, `Bd`), "
            "and S a black three, of clubs or spades (`Sc`, `Ss`)",
            shown=shown,
        )
    if suit == suit.lower() and head != rank and C.suited_card(rank + suit) is not None and head.upper() == rank:
        return msg(
            "{shown} is not a card as written: cards are written in capitals, `{card}`", shown=shown, card=rank + suit
        )
    return None


# Statement keywords, each with an example line, for advice.
EXAMPLES: dict[str, str] = {
    "tag": '[Event "Thursday club"]',
    "hand": "hand 1 dealer dee",
    "deal": "deal ann 4 5 7 7 9 J Q K A 2 S",
    "foot": "foot ann 4 5 7 7 9 J Q K A 2 S 6 6",
    "up": "up 9",
    "stock": "stock K 5 9 ...",
    "position": "position",
    "hold": "hold ann 4 5 7 K",
    "table": "table ann+cid [7 7 7] [K K K 2] B",
    "pile": "pile 4 9 2 7",
    "score": "score ann+cid 120 bob+dee -45",
    "total": "total ann+cid 1200 bob+dee 950",
    "summary": "summary ann+cid natural 1 mixed 2 bonus 1 melded 635 left 0 out",
    "melded": "melded ann bob",
    "turn": "turn ann",
    "play": "ann: draw 8, meld [7 7 7], discard 4",
}
PACKET_WORDS = {False: "deal", True: "foot"}
"""The word of a deal line, by whether its packet is the second one, dealt face down (`Deal.foot`,
the engine's Foot): the notation's statement words, which the formatter writes from here."""
STATEMENT_WORDS = tuple(k for k in EXAMPLES if k not in ("tag", "play"))
ACTIONS = ("draw", "take", "meld", "add", "discard", "bonus", "ask", "pass", "out")
"""The notation's own actions. A family's own (`FamilyAction`) is any other word: the family declares it."""
ACTION_TERMINALS = frozenset(a.upper() for a in ACTIONS)  # the grammar's names for the action keywords
FAMILY_WORD = "FAMILY_WORD"  # the grammar's terminal for a family's own action word
KEYWORDS = frozenset(
    (*STATEMENT_WORDS, *ACTIONS, "dealer", "sitout", "cards", "with", "onto", "and", "to", "yes", "no")
)
LINE_KINDS = msg(
    'a line starts with a tag `[Name "value"]`, with one of the words {words}, '
    "or with a player's name and `:` for a turn (`ann: draw 8, discard 4`)",
    words=", ".join(STATEMENT_WORDS),
)
LEADING_WORD = re.compile(r"[^\s:,\[\]{};]+")  # what a line means to be, by its first word
# A meld's name in its parts: the rank (or a sequence's lowest card), the highest card, the number.
MELD_REF_PARTS = re.compile(r"([0-9A-Za-z]+)(?:-([0-9A-Za-z]+))?(?:#([0-9]*))?")
REF_ADVICE = msg(
    "name a meld by its rank (`Q`), a second set of that rank by its number (`Q#2`), a sequence by its lowest "
    "and highest cards (`5-9`), the Stop cards by `S` and a meld of wilds by `2`"
)
MAX_DIGITS = 9  # the most digits a number may have (leading zeros aside)
UNESCAPE = re.compile(r"\\(.)")  # a backslash escape in a tag's value


def line_kind(text: str) -> tuple[str, str, int]:
    """What a line means to be (a statement keyword, `tag` or `play`), its first word and that
    word's column."""
    head = text.lstrip()
    column = len(text) - len(head) + 1
    if head.startswith("["):
        return "tag", "[", column
    match = LEADING_WORD.match(head)
    word = match.group() if match else head[:1]
    return (word if word in STATEMENT_WORDS else "play"), word, column


def first_column(text: str) -> int:
    """The column of a line's first character that is not blank: where its statement starts."""
    return len(text) - len(text.lstrip()) + 1
