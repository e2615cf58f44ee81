"""The engine's findings in Spanish, Portuguese and Italian (issue #25): every finding the engine
and the rule sets make is built of `Text`s, so a `Translator` says all of it in the reader's
language, with nothing left in English.

The walk: for every family, the samples, the mutation corpora the planted-error tests use (a few
mutants of each kind), illegal actions probed at every step of a random playout of a dealt
position (`Position.explain`), and small edits of each family's sample records (the deal, the
seats, the hand numbers, the declared scores). Every finding code a family's catalogue explains
is met by at least one walked finding, except the few `NOT_REACHED` names with the reason.

Until the translators' `rulesets` catalogue is complete on this branch, a rule's name or source (a
word of the rule set's data) may still be untranslated there: the walk accepts exactly those
entries (`pending`), and no template of the `findings` catalogue."""

from __future__ import annotations

import functools
import pickle
import random
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

import arbiter
import arbiter.families
from arbiter import IllegalAction, Position
from arbiter.i18n import Text, Translator, msg_n
from arbiter.rules.codes import NOTATION
from arbiter.rulings import Finding
from arbiter.simulate import coverage_corpus
from arbiter.simulate.families import names as simulated_families

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
LANGUAGES = ("es", "pt", "it")
MUTANTS_PER_KIND = 2
MUTATED_GAMES = 6  # the games of each family's mutation corpus the mutants are made from
PROBED_STEPS = 40  # actions of a random playout at which illegal actions are probed

sys.path.insert(0, str(ROOT / "tools"))
import messages  # noqa: E402  (tools/messages.py: the catalogues as the code says them)

ENGINE_NOTATION_CODES = frozenset({"seats-missing", "teams-missing", "result-unfinished", "position-incomplete"})
"""The reader's codes the engine raises too (a record without the tags judging needs, an
unfinished Result); the reader's own findings are the notation domain's."""

FORCED_TAKE = (
    "forced-take: no walked record runs the stock out with an unfrozen up card that fits a meld of the side "
    "to play (tests/test_caliente_rules.py and the others judge it in English)"
)

NOT_REACHED: dict[str, dict[str, str]] = {
    family: {
        "caliente-card": "no Caliente cards in the classic deck",
        "caliente-refill": "no Caliente cards in the classic deck",
        "take-always-frozen": "no always-frozen variation in the classic laws",
        "forced-take": FORCED_TAKE,
    }
    for family in ("classic", "hoyle")
} | {
    "hand-and-foot": {
        "caliente-card": "Hand & Foot plays no Caliente cards",
        "caliente-refill": "Hand & Foot plays no Caliente cards",
        "caliente-in-hand": "Hand & Foot plays no Caliente cards",
        "take-always-frozen": "the pile is always frozen by the rule set itself, never by the variation",
        "take-unfrozen": "the pile is never unfrozen",
        "forced-take": "the exhausted stock ends the hand: nobody is forced to take",
        "stop-meld": "Stop cards block the pile and are never melded in Hand & Foot's groups",
        "bonus-in-hand": "no walked Hand & Foot hand ends with a Bonus card still held",
    },
    "caliente": {"forced-take": FORCED_TAKE},
    "samba": {"forced-take": FORCED_TAKE},
}
NOT_REACHED["modern-american"] = {
    "caliente-card": "no Caliente cards in Modern American Canasta",
    "caliente-refill": "no Caliente cards in Modern American Canasta",
    "take-always-frozen": "the pile is always frozen by the rule set itself, never by a variation",
    "take-unfrozen": "the pile is never unfrozen",
    "forced-take": "nobody is forced to take the pile once the stock is exhausted",
    "stop-meld": "threes are laid beside the melds, never melded: a meld with one is a meld-rank finding",
}
NOT_REACHED["hoyle"]["go-out-permission"] = "two players, each alone: nobody asks a partner"
"""Codes a family's catalogue explains (the engine's, shared by every family) that its rules never
let happen, each with the reason."""

# Illegal actions tried at each step of a playout: every kind of action, with cards a hand rarely
# holds, so that the engine's checks each refuse some of them.
PROBES = (
    "draw 4 4 4 4",
    "draw 4",
    "discard B",
    "discard 4",
    "discard K",
    "take K",
    "take 4 with [4 4]",
    "take 5 onto 5",
    "meld [X X X]",
    "meld [4 5 6]",
    "meld [4 5 7]",
    "meld [4 5 6 7 8 9 10 J]",
    "meld [4 5 X]",
    "meld [K K]",
    "meld [S S S]",
    "meld [S S]",
    "meld [B B B]",
    "meld [4 4 4]",
    "meld [4 4 X X]",
    "meld [4 4 X X X X]",
    "meld [A A A A A A A A]",
    "add [4] to K",
    "add [K] to K#2",
    "add [9] to 4-8",
    "add [X] to 4",
    "out",
    "pass",
    "ask yes",
    "ask no",
    "foot",
    "caliente",
    "bonus B",
    "bonus B B B",
)

# Playouts probed: every family, Caliente and Samba also with Caliente cards, Caliente always frozen.
TABLES = (
    ("caliente", "ann bob cid dee", None, {}),
    ("caliente", "ann bob cid dee", None, {"caliente-cards": True}),
    ("caliente", "ann bob", None, {"always-frozen": True}),
    ("samba", "ann bob cid dee", None, {"caliente-cards": True}),
    ("samba", "ann bob", None, {"pile-always-frozen": True}),
    ("hand-and-foot", "ann bob cid dee", None, {}),
    ("classic", "ann bob cid dee", None, {}),
    ("hoyle", "ann bob", None, {}),
    ("modern-american", "ann bob cid dee", None, {}),
)


# --- the walk -------------------------------------------------------------------------------------


def mutants() -> Iterator[str]:
    """A few records of each kind of planted error, from every family's mutation corpus."""
    import test_classic_mutations as classic
    import test_hand_and_foot_mutations as hand_and_foot
    import test_mutations as caliente
    import test_samba_mutations as samba
    from mutation_support import traced_corpus

    # the first MUTATED_GAMES games of each corpus, simulated alone: a corpus is one game per table
    # and seed, each its own, so they are the games the whole corpus starts with
    sources = [
        (caliente.MUTATIONS, traced_corpus("caliente", caliente.CORPUS[:MUTATED_GAMES])),
        (samba.MUTATIONS, traced_corpus("samba", samba.CORPUS[:MUTATED_GAMES])),
        (hand_and_foot.MUTATIONS, traced_corpus("hand-and-foot", hand_and_foot.CORPUS[:MUTATED_GAMES])),
        (classic.MUTATIONS, traced_corpus("classic", classic.CORPORA["classic"][:MUTATED_GAMES])),
        (classic.MUTATIONS, traced_corpus("hoyle", classic.CORPORA["hoyle"][:MUTATED_GAMES])),
    ]
    for kinds, corpus in sources:
        for mutation in kinds.values():
            made = 0
            for game, record in corpus:
                for mutant in mutation(game, record):
                    yield mutant.text
                    made += 1
                    if made >= MUTANTS_PER_KIND:
                        break
                if made >= MUTANTS_PER_KIND:
                    break


def edits(text: str) -> Iterator[str]:
    """A valid record broken where a record states the game rather than plays it."""
    yield re.sub(r"^hand 1 dealer \w+", "hand 1 dealer zed", text, count=1, flags=re.M)
    yield re.sub(r'\[Seats "(\w+) (\w+)', r'[Seats "\1 \1', text, count=1)
    yield re.sub(r"^\[Seats .*\n", "", text, count=1, flags=re.M)
    yield re.sub(r"^(deal \w+ .*)$", r"\1\n\1", text, count=1, flags=re.M)
    yield re.sub(r"^(deal \w+ .*) \S+$", r"\1", text, count=1, flags=re.M)
    yield re.sub(r"^(deal \w+) (.*)$", r"\1 \2 4", text, count=1, flags=re.M)
    yield re.sub(r"^up (\S+)", r"up X \1 4", text, count=1, flags=re.M)
    yield re.sub(r"^(score \S+) (-?\d+)", lambda m: f"{m[1]} {int(m[2]) + 10}", text, count=1, flags=re.M)
    yield re.sub(r"^(total \S+) (-?\d+)", lambda m: f"{m[1]} {int(m[2]) + 10}", text, count=1, flags=re.M)
    yield re.sub(r"^(score \S+ -?\d+) .*$", r"\1 zed+yan 0", text, count=1, flags=re.M)
    yield re.sub(r"^(\[Rules .*\])$", r'\1\n[Result "zed+yan"]', text, count=1, flags=re.M)
    yield re.sub(r"^(\[Rules .*\])$", r'\1\n[Result "*"]', text, count=1, flags=re.M)
    yield re.sub(r"^up (\S+)", r"up \1 4", text, count=1, flags=re.M)
    yield re.sub(r"^(\w+: draw [^;\n]*?), discard \S+", r"\1", text, count=1, flags=re.M)
    yield re.sub(r"^(\w+): draw", r"\1: ask yes, draw", text, count=1, flags=re.M)
    yield re.sub(r"^(hand 1 dealer (\w+))", r"\1 sitout \2", text, count=1, flags=re.M)
    yield re.sub(r"^hand 1 ", "hand 9 ", text, count=1, flags=re.M)
    yield re.sub(
        r"^deal (\w+) (.*)$", lambda m: f"deal {m[1]} " + " ".join("X" * len(m[2].split())), text, count=1, flags=re.M
    )
    yield re.sub(r"^(deal (\w+) .*)$", r"\1\nfoot \2 4 5 6", text, count=1, flags=re.M)
    dealer = re.search(r"^hand 1 dealer (\w+)", text, re.M)
    if dealer:
        yield re.sub(r"^(?!" + dealer[1] + r":)\w+(: draw)", dealer[1] + r"\1", text, count=1, flags=re.M)
    seats = re.search(r'^\[Seats "(\w+) (\w+)(?: (\w+) (\w+))?"\]', text, re.M)
    if seats:
        first, second = (
            (seats[1], seats[2]) if seats[3] is None else (f"{seats[1]}+{seats[3]}", f"{seats[2]}+{seats[4]}")
        )
        yield re.sub(r"^(hand 1 dealer \w+)", rf"\1\ntotal {first} 20000 {second} 0", text, count=1, flags=re.M)
    hand = text[text.index("\nhand 1") :] if "\nhand 1" in text else ""
    if hand:
        yield text + hand.replace("hand 1", "hand 3", 1)  # out of order, the same dealer again
        yield text + hand.replace("hand 1", "hand 2", 1) + "\n" + hand.replace("hand 1", "hand 3", 1)
        yield re.sub(r"^(\w+): (.*)$", r"\1: \2\n\1: draw 4", text, count=1, flags=re.M)


def probed(rules: str, seats: str, teams: str | None, options: dict) -> Iterator[Finding]:
    """The findings of illegal actions tried at each step of a random playout (seeded)."""
    for seed in (1,):
        position = Position.deal(rules, seats.split(), seed=seed, options=options, teams=teams)
        rng = random.Random(seed)
        for _ in range(PROBED_STEPS):
            if position.over:
                break
            pile = position.table["pile"]
            up = pile[-1] if pile else "K"
            for probe in (*PROBES, f"take {up}", f"take {up} with [{up} X]", f"take {up} onto {up}"):
                try:  # the check alone: Position.explain would also list what was allowed instead
                    position._try(position._steps_of(probe), with_alternatives=False)
                except IllegalAction as illegal:
                    yield illegal.finding
            position.push(rng.choice(position.legal_actions()))


def edited_samples() -> Iterator[str]:
    """The legal samples of each family, two a family: the records the edits break."""
    for rules in arbiter.families.names():
        legal = [p for p in sorted(SAMPLES.glob(f"{rules}-*.acn")) if "illegal" not in p.name]
        yield from (path.read_text() for path in legal[-3:])


def exhausted(rules: str) -> Iterator[str]:
    """Games of the family's coverage corpus that run the stock out, broken there: a draw from
    the exhausted stock, a turn after the pass that ended the hand, a discard after a Bonus card
    drawn last."""
    wanted = {"pass": r"^(\w+): pass", "last": r"^(\w+: draw[^,\n]*, bonus B)\s*$"}
    for game in coverage_corpus(rules):
        for kind, pattern in list(wanted.items()):
            if re.search(pattern, game.text, re.M):
                del wanted[kind]
                if kind == "pass":
                    yield re.sub(pattern, r"\1: draw 4", game.text, count=1, flags=re.M)
                    yield re.sub(pattern, r"\1: pass\n\1: draw 4", game.text, count=1, flags=re.M)
                else:
                    yield re.sub(pattern, r"\1, discard 4", game.text, count=1, flags=re.M)
        if not wanted:
            return


def positions(rules: str) -> Iterator[str]:
    """Small stated positions, each breaking one rule the other records rarely break."""
    two = rules == "hoyle"
    seats = "ann bob" if two else "ann bob cid dee"
    us, them = ("ann", "bob") if two else ("ann+cid", "bob+dee")
    holds = "hold ann {ann}\nhold bob {bob}\n" + ("" if two else "hold cid 6 7 8 9\nhold dee 6 7 8 9\n")

    def position(
        ann: str, lines: str, variant: str = "", table: str = "", pile: str = "5 K", bob: str = "6 7 8 9"
    ) -> str:
        return (
            f'[Rules "{rules}"]\n[Seats "{seats}"]\n{variant}\nhand 1 dealer bob\nposition\n'
            + holds.format(ann=ann, bob=bob)
            + table
            + f"pile {pile}\nturn ann\n{lines}\n"
        )

    melded = f"table {us} [Q Q Q]\n"
    draw = "draw 9 9" if rules in ("samba", "hand-and-foot") else "draw 9"
    yield position("4 5", f"ann: {draw}, discard 5", table=f"table {them} [4 5]\n")
    yield position("K 4 5", "ann: take K with [K], discard 4", table=melded)
    yield position("4", "ann: take K onto K, discard 4", table=f"table {us} [K K K]\n", pile="K")
    yield position("4 4 X X X", f"ann: {draw}, meld [4 4 X X X], discard 9", table=melded)
    always = f"table {us} [K K K K K K 2]\n"
    yield position("K 4", "ann: take K onto K, discard 4", '[Variant "always-frozen"]', always)
    if draw == "draw 9":
        yield position("4 4 4", "ann: draw 9, ask yes, meld [4 4 4], discard 9, out", table=melded)
    else:
        yield position("4 4 4 X K", f"ann: {draw}, ask yes, meld [4 4 4] [9 9 X], discard K, out", table=melded)
    canastas = f"table {us} [Q Q Q Q Q Q Q] [J J J J J J J]\n"  # enough to go out, but in Hand & Foot
    calientes = rules in ("caliente", "samba")
    variant, held = ('[Variant "caliente-cards"]', "B C 7 8") if calientes else ("", "B 7 8")
    yield position("4 4 4", "ann: draw 9, meld [4 4 4], discard 9, out", variant, canastas, bob=held)
    yield position("4 4 4 X K", "ann: draw 9 9, meld [4 4 4] [9 9 X], discard K, out", variant, canastas, bob=held)
    yield position("4 4 4 9", f"ann: {draw}, meld [4 4 4], discard 9")
    yield position("S S S 4", f"ann: {draw}, meld [S S S], discard 4", table=melded)
    yield position("4 4 5", "ann: take S with [4 4], discard 5", pile="5 S")
    yield position("C 4 5", f"ann: {draw}, discard 4", '[Variant "caliente-cards"]')


@functools.cache
def walked() -> tuple[tuple[str, Finding], ...]:
    """(family, finding) for every engine finding of the walk."""
    texts = [path.read_text() for path in sorted([*SAMPLES.glob("*.acn"), *SAMPLES.glob("sheets/*.acn")])]
    texts += [edited for text in edited_samples() for edited in edits(text)]
    texts += list(mutants())
    simulated = set(simulated_families())
    for rules in arbiter.families.names():  # a family the simulator does not play yet has no corpus
        texts += [*(exhausted(rules) if rules in simulated else ()), *positions(rules)]
    found: list[tuple[str, Finding]] = []
    for text in texts:
        for ruling in arbiter.check(text):
            found += [(ruling.rules or "", f) for f in ruling.findings if engine_made(f)]
    for rules, seats, teams, options in TABLES:
        found += [(rules, f) for f in probed(rules, seats, teams, options) if engine_made(f)]
    return tuple(found)


def engine_made(finding: Finding) -> bool:
    return finding.code not in NOTATION or finding.code in ENGINE_NOTATION_CODES


# --- what a reader sees of a finding --------------------------------------------------------------


def parts(finding: Finding) -> dict[str, str]:
    """The parts of a finding a reader reads."""
    seen = {"message": finding.message, "rule": finding.rule}
    if finding.remedy is not None:
        seen["remedy"] = finding.remedy
    if finding.adjustment is not None:
        seen["reason"] = finding.adjustment.reason
    return seen


@functools.cache
def pending(language: str) -> frozenset[str]:
    """The rule sets' data not yet translated into `language` (the translators' domain)."""
    catalog = messages.read(language, "rulesets")
    return frozenset(m.id for m in catalog if m.id and isinstance(m.id, str) and not m.string)


@functools.cache
def said_alike(language: str) -> frozenset[str]:
    """The findings the language says as English does (its word is the same: "samba", the plural
    "jokers"), translated all the same: `Translator.unknown` cannot tell them from English."""
    alike = set()
    for m in messages.read(language, "findings"):
        if not m.id or not m.string:
            continue
        if isinstance(m.id, str):
            alike |= {m.id} if m.string == m.id else set()
        elif any(said == english for said, english in zip(m.string, m.id, strict=True)):
            alike.add(m.id[0])
    return frozenset(alike)


@functools.cache
def findings_domain() -> frozenset[str]:
    template = messages.template("findings")
    return frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id)


def has_words(text: str) -> bool:
    return any(ch.isalpha() for ch in re.sub(r"\{[^}]*\}", "", text))


def templates(value: str) -> Iterator[str]:
    """The English templates with words in a Text, itself and its Text values."""
    if isinstance(value, Text):
        if has_words(value.msgid):
            yield value.msgid
        for inner in value.params.values():
            yield from templates(inner) if isinstance(inner, str) else ()


# --- the tests ------------------------------------------------------------------------------------


def test_every_part_of_an_engine_finding_a_reader_sees_is_a_text():
    plain = {
        (finding.code, name, str(value))
        for _, finding in walked()
        for name, value in parts(finding).items()
        if not isinstance(value, Text)
    }
    assert plain == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_finding_template_is_left_in_english(language):
    say = Translator(language)
    left = defaultdict(set)
    for _, finding in walked():
        for name, value in parts(finding).items():
            for template in set(say.unknown(value)) - pending(language) - said_alike(language):
                left[template].add((finding.code, name))
    assert dict(left) == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_finding_reads_differently_from_english_where_the_english_has_words(language):
    say = Translator(language)
    same = set()
    for _, finding in walked():
        for name, value in parts(finding).items():
            worded = [t for t in templates(value) if t not in pending(language) | said_alike(language)]
            if worded and say(value) == str(value):
                same.add((finding.code, name, str(value)))
    assert same == set()


def test_every_template_of_an_engine_finding_is_in_a_catalogue():
    known = findings_domain() | {m.id for m in messages.template("rulesets") if isinstance(m.id, str)}
    outside = {
        (finding.code, template)
        for _, finding in walked()
        for value in parts(finding).values()
        for template in templates(value)
        if template not in known
    }
    assert outside == set()


@pytest.mark.parametrize("family", list(arbiter.families.names()))
def test_every_code_a_family_can_raise_is_met_by_a_walked_finding(family):
    explained = set(arbiter.families.get(family).catalogue) - set(NOTATION)
    met = {finding.code for rules, finding in walked() if rules == family}
    assert explained - met - set(NOT_REACHED[family]) == set()
    assert set(NOT_REACHED[family]) <= explained


def test_the_walk_meets_findings_of_every_family():
    counts = defaultdict(int)
    for rules, _ in walked():
        counts[rules] += 1
    assert set(counts) >= set(arbiter.families.names()), counts


# --- plurals, numbers and the trip across processes -----------------------------------------------


def test_one_card_and_two_cards_take_each_language_s_plural():
    held = [
        msg_n(
            "{player} still holds {n} card of the Hand: the Foot is picked up only once the Hand is played out",
            "{player} still holds {n} cards of the Hand: the Foot is picked up only once the Hand is played out",
            n,
            player="ann",
        )
        for n in (1, 2)
    ]
    assert [str(text)[:27] for text in held] == ["ann still holds 1 card of t", "ann still holds 2 cards of "]
    assert [Translator("es")(text) for text in held] == [
        "a ann todavía le queda 1 carta de la Mano: el Pie se toma solo después de jugar toda la Mano",
        "a ann todavía le quedan 2 cartas de la Mano: el Pie se toma solo después de jugar toda la Mano",
    ]
    assert [Translator("it")(text) for text in held] == [
        "ann ha ancora 1 carta della Mano: il Piede si prende solo dopo aver giocato tutta la Mano",
        "ann ha ancora 2 carte della Mano: il Piede si prende solo dopo aver giocato tutta la Mano",
    ]


def test_a_count_of_named_cards_is_said_in_words_with_the_plural_of_the_name():
    from arbiter import cards
    from arbiter.rules.laws import CLASSIC_WORDS

    assert [str(cards.counted(n, "2")) for n in (1, 3)] == ["one little wild (2)", "three little wilds (2)"]
    assert [Translator("es")(cards.counted(n, "2")) for n in (1, 3)] == [
        "un comodín menor (2)",
        "tres comodines menores (2)",
    ]
    assert [Translator("pt")(cards.counted(n, "5")) for n in (1, 3)] == ["um 5", "três 5"]
    assert Translator("it")(CLASSIC_WORDS.counted(2, "X")) == "due jolly (X)"


def test_a_score_in_a_finding_is_grouped_as_the_language_writes_it():
    from arbiter.i18n import msg

    score = msg("{side} loses {points:,} points", side="ann+cid", points=12500)
    assert str(score) == "ann+cid loses 12,500 points"
    assert Translator("it")(msg("{label} {points:+d}", label=msg("going out"), points=100)) == "chiusura +100"
    assert [Translator(language)(msg("{points:,}", points=12500)) for language in LANGUAGES] == ["12.500"] * 3


def test_a_finding_keeps_its_texts_across_a_pickle():
    finding = next(f for _, f in walked() if f.remedy is not None and f.adjustment is not None)
    copy = pickle.loads(pickle.dumps(finding))
    for name, value in parts(copy).items():
        assert isinstance(value, Text), name
        assert value == parts(finding)[name]
        assert Translator("pt")(value) == Translator("pt")(parts(finding)[name])
