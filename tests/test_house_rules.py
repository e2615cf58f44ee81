"""A club's house rules as a rulebook (docs/house-rules.md): read and checked against the
family's options, named by a digest of its content, compared with another, and judged by."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import arbiter
from arbiter import house
from arbiter.house import Rulebook, RulebookError, Shelf
from arbiter.simulate import simulate

SAMPLES = Path(__file__).parent.parent / "samples"
MAPLE = SAMPLES / "maple-club.rules.toml"
HOUSEHOLD = SAMPLES / "hoyle-household.rules.toml"

SEVEN_CARDS = """
name = "Oak Club"
version = 1
family = "hand-and-foot"

[rules.pile-take]
value = 7
note = "Seven cards, no more."
"""


def rulebook(text: str) -> Rulebook:
    return house.parse(text, "test.rules.toml")


def with_rule(family: str, option: str, value: object, note: str = "As the club plays.") -> Rulebook:
    literal = f'"{value}"' if isinstance(value, str) else str(value).lower()
    return rulebook(
        f'name = "Test club"\nversion = 1\nfamily = "{family}"\n[rules.{option}]\nvalue = {literal}\nnote = "{note}"\n'
    )


def verdicts(record: str, book: Rulebook | None = None) -> list[str]:
    return [str(ruling.verdict) for ruling in arbiter.check(record, house=book)]


# --- reading a rulebook ------------------------------------------------------------------------


def test_the_sample_rulebooks_read_with_their_names_versions_families_and_notes():
    maple, household = house.load(MAPLE), house.load(HOUSEHOLD)
    assert (maple.name, maple.version, maple.family) == ("Maple Club", "3", "hand-and-foot")
    assert maple.settings == {"pile-take": "7", "ask-required": False}
    assert "top seven cards" in maple.rule("pile-take").note
    assert (household.family, household.version) == ("hoyle", "2026-winter")
    assert household.options()["canastas-to-go-out"] == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            'name = "X"\nversion = 1\nfamily = "hand-and-foot"\n[rules.pile-size]\nvalue = 7\nnote = "n"\n',
            "its options are: hand-size",
        ),
        (
            'name = "X"\nversion = 1\nfamily = "hand-and-foot"\n[rules.pile-take]\nvalue = "lots"\nnote = "n"\n',
            "all, or a number",
        ),
        (
            'name = "X"\nversion = 1\nfamily = "hoyle"\n[rules.pile-take]\nvalue = 7\nnote = "n"\n',
            "pile-take is an option of Hand & Foot",
        ),
        ('name = "X"\nversion = 1\nfamily = "hoyle"\n[rules.draw]\nvalue = 3\nnote = "n"\n', "one of 1, 2"),
        (
            'name = "X"\nversion = 1\nfamily = "hand-and-foot"\n[rules.pagat]\nvalue = true\nnote = "n"\n',
            'write base = "pagat"',
        ),
        ('name = "X"\nversion = 1\nfamily = "hoyle"\n[rules.draw]\nvalue = 2\n', "has no note"),
        (
            'name = "X"\nversion = 1\nfamily = "hoyle"\ncolour = "red"\n',
            "unknown key 'colour'; a rulebook's keys are name",
        ),
        ('name = "X"\nversion = 1\nfamily = "whist"\n', "the arbiter knows: caliente, classic"),
        ('version = 1\nfamily = "hoyle"\n', "name must be a non-empty string"),
        ('name = "X"\nfamily = "hoyle"\n', "version must be a number"),
        (
            'name = "X"\nversion = 1\nfamily = "hoyle"\nbase = "pagat"\n',
            "neither a preset of Hoyle two-hand Canasta (its presets: none)",
        ),
        ('name = "X"\nversion = 1\nfamily = "hoyle"\nname = "Y"\n', "not valid TOML"),
    ],
)
def test_a_rulebook_that_cannot_be_used_is_an_error_naming_what_is_valid(text, says):
    with pytest.raises(RulebookError, match=re.escape(says)):
        rulebook(text)


def test_a_rulebook_based_on_a_preset_takes_its_options_and_its_own_override_them():
    book = rulebook(
        'name = "X"\nversion = 1\nfamily = "hand-and-foot"\nbase = "pagat"\n'
        '[rules.pile-take]\nvalue = "all"\nnote = "We take the whole pile."\n'
    )
    assert book.settings == {"wild-ratio": "two-naturals-per-wild", "pile-take": "all"}
    assert book.base == "pagat" and "preset `pagat`" in book.rule("wild-ratio").note


def test_a_rulebook_based_on_another_takes_its_rules_and_notes_and_names_it(tmp_path):
    (tmp_path / "maple-club.rules.toml").write_text(MAPLE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "maple-juniors.rules.toml").write_text(
        'name = "Maple Juniors"\nversion = 1\nfamily = "hand-and-foot"\nbase = "maple-club.rules.toml"\n'
        '[rules.hand-size]\nvalue = 11\nnote = "Smaller hands for smaller hands."\n',
        encoding="utf-8",
    )
    juniors, maple = house.load(tmp_path / "maple-juniors.rules.toml"), house.load(MAPLE)
    assert juniors.settings == {"hand-size": 11, "pile-take": "7", "ask-required": False}
    assert juniors.rule("pile-take").note == maple.rule("pile-take").note
    assert juniors.base == f"Maple Club, version 3, #{maple.short}"


def test_a_base_of_another_family_is_an_error(tmp_path):
    (tmp_path / "home.rules.toml").write_text(HOUSEHOLD.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "club.rules.toml").write_text(
        'name = "Club"\nversion = 1\nfamily = "hand-and-foot"\nbase = "home.rules.toml"\n', encoding="utf-8"
    )
    with pytest.raises(RulebookError, match="is a Hoyle two-hand Canasta rulebook; this one is Hand & Foot"):
        house.load(tmp_path / "club.rules.toml")


def test_a_rulebook_based_on_itself_is_an_error_not_a_hang(tmp_path):
    (tmp_path / "loop.rules.toml").write_text(
        'name = "Loop"\nversion = 1\nfamily = "hoyle"\nbase = "loop.rules.toml"\n', encoding="utf-8"
    )
    with pytest.raises(RulebookError, match="bases nest at most"):
        house.load(tmp_path / "loop.rules.toml")


# --- identity ----------------------------------------------------------------------------------


def test_the_digest_is_stable_across_the_formatting_of_the_file():
    reformatted = """
    # the same rules, written otherwise
    family="hand-and-foot"
    version = "1"            # a number or the same string
    name = "Oak Club"
    rules = { pile-take = { note = "Seven cards, no more.", value = "7" } }
    """
    assert rulebook(reformatted).digest == rulebook(SEVEN_CARDS).digest
    assert re.fullmatch(r"[0-9a-f]{64}", rulebook(SEVEN_CARDS).digest)  # the whole SHA-256 (issue 46)


@pytest.mark.parametrize(
    ("old", "new"),
    [("value = 7", "value = 6"), ("version = 1", "version = 2"), ('"Seven cards, no more."', '"Seven, no more."')],
)
def test_changing_a_value_the_version_or_a_note_gives_a_new_digest(old, new):
    assert rulebook(SEVEN_CARDS.replace(old, new)).digest != rulebook(SEVEN_CARDS).digest


def test_the_tag_names_the_rulebook_and_its_digest():
    book = house.load(MAPLE)
    assert book.tag() == f'[House "Maple Club, version 3, #{book.digest}"]'
    assert house.digest_in_tag(book.tag()) == book.digest
    assert house.digest_in_tag("Club #123456abcdef, version 1, #" + book.digest) == book.digest


# --- comparing ---------------------------------------------------------------------------------


def test_comparing_two_rulebooks_lists_exactly_their_differences():
    oak = rulebook(SEVEN_CARDS)
    differences = house.compare(house.load(MAPLE), oak)
    assert [(d.option, d.first, d.second, d.book) for d in differences] == [("ask-required", False, True, True)]
    assert differences[0].first_note.startswith("Nobody asks") and differences[0].second_note == ""


def test_a_rulebook_compared_with_its_familys_defaults_lists_each_house_rule():
    differences = house.compare(house.load(MAPLE), house.defaults("hand-and-foot"))
    assert [(d.option, d.first, d.second) for d in differences] == [
        ("pile-take", "7", "all"),
        ("ask-required", False, True),
    ]


def test_rulebooks_with_the_same_rules_have_no_differences():
    assert house.compare(rulebook(SEVEN_CARDS), rulebook(SEVEN_CARDS.replace("Oak", "Elm"))) == []


def test_rulebooks_of_two_families_do_not_compare_rule_by_rule():
    with pytest.raises(RulebookError, match="only rulebooks of one family compare"):
        house.compare(house.load(MAPLE), house.load(HOUSEHOLD))


# --- judging by a rulebook, in every family ----------------------------------------------------

# (family, players, option, value, seed): a game the simulator plays with the option is illegal by
# the defaults and legal by the rulebook; one it plays by the defaults is the other way round.
ONE_OPTION = [
    ("caliente", 4, "always-frozen", True, 0),
    ("samba", 4, "sequence-take", "top-card", 2),
    ("hand-and-foot", 4, "hand-size", 11, 0),
    ("hoyle", 2, "draw", 2, 0),
]


def played(family: str, players: int, seed: int, **options: object) -> str:
    (text,) = simulate(family, players=players, games=1, seed=seed, hands=1, options=options)
    return re.sub(r"^\[Variant .*\n", "", text, flags=re.M)  # the rules are the rulebook's, not the tag's


@pytest.mark.parametrize(("family", "players", "option", "value", "seed"), ONE_OPTION)
def test_a_rulebook_changing_one_option_makes_legal_what_the_defaults_call_illegal(
    family, players, option, value, seed
):
    record = played(family, players, seed, **{option: value})
    assert verdicts(record) == ["illegal"]
    assert verdicts(record, with_rule(family, option, value)) == ["valid"]


@pytest.mark.parametrize(("family", "players", "option", "value", "seed"), ONE_OPTION)
def test_a_rulebook_changing_one_option_makes_illegal_what_the_defaults_call_legal(
    family, players, option, value, seed
):
    record = played(family, players, seed)
    assert verdicts(record) == ["valid"]
    assert verdicts(record, with_rule(family, option, value)) == ["illegal"]


def test_classic_a_rulebook_allowing_three_wilds_makes_the_three_wild_meld_legal():
    record = (SAMPLES / "classic-illegal-meld-with-three-wilds.acn").read_text(encoding="utf-8")
    assert verdicts(record) == ["illegal"]
    assert verdicts(record, with_rule("classic", "wild-ratio", "at-most-three")) == ["valid"]


def test_classic_a_rulebook_where_black_threes_freeze_the_pile_makes_a_legal_game_illegal():
    record = played("classic", 4, 0)
    assert verdicts(record) == ["valid"]
    assert verdicts(record, with_rule("classic", "black-three-freezes", True)) == ["illegal"]


def test_the_sample_rulebooks_make_their_familys_disputed_records_legal():
    maple, household = house.load(MAPLE), house.load(HOUSEHOLD)
    asking = (SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn").read_text(encoding="utf-8")
    short = (SAMPLES / "hoyle-illegal-last-card-discarded-short-of-canastas.acn").read_text(encoding="utf-8")
    assert verdicts(asking, maple) == ["valid"] and verdicts(short, household) == ["valid"]


# --- rulings name the rulebook, and findings cite the club's note --------------------------------


def test_a_ruling_names_the_rulebook_version_and_digest_it_was_judged_by():
    book = house.load(MAPLE)
    asking = (SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn").read_text(encoding="utf-8")
    (ruling,) = arbiter.check(asking, house=book)
    expected = {"name": "Maple Club", "version": "3", "digest": book.digest, "family": "hand-and-foot"}
    assert ruling.house == expected and ruling.to_dict()["house"] == expected


def test_a_finding_that_turns_on_a_house_rule_cites_the_clubs_note_beside_the_books_rule():
    book = with_rule("hoyle", "draw", 2, "We draw two, as standard two-hand play does.")
    (ruling,) = arbiter.check(played("hoyle", 2, 0), house=book)
    (finding,) = [f for f in ruling.findings if f.is_error]
    assert finding.house == [
        {"option": "draw", "value": 2, "book": 1, "note": "We draw two, as standard two-hand play does."}
    ]
    assert finding.rule and finding.to_dict()["house"] == finding.house


def test_a_finding_that_does_not_turn_on_a_house_rule_cites_none():
    record = (SAMPLES / "hoyle-illegal-one-card-pile-taken.acn").read_text(encoding="utf-8")
    (ruling,) = arbiter.check(record, house=house.load(HOUSEHOLD))
    (finding,) = ruling.findings
    assert finding.code == "take-one-card-pile" and finding.house is None and "house" not in finding.to_dict()


# --- the House tag ------------------------------------------------------------------------------


def tagged(book: Rulebook | None, record: str, value: str | None = None) -> str:
    tag = f'[House "{value}"]' if value is not None else book.tag()
    return record.replace('[Rules "hand-and-foot"]\n', f'[Rules "hand-and-foot"]\n{tag}\n', 1)


ASKING = (SAMPLES / "hand-and-foot-illegal-going-out-without-asking.acn").read_text(encoding="utf-8")


def test_a_record_naming_a_rulebook_at_hand_is_judged_by_it():
    book = house.load(MAPLE)
    (ruling,) = arbiter.check(tagged(book, ASKING), shelf=Shelf([book]))
    assert ruling.verdict == "valid" and ruling.house["digest"] == book.digest


def test_a_record_naming_a_rulebook_not_at_hand_is_reported_not_judged_by_the_defaults():
    book = house.load(MAPLE)
    (ruling,) = arbiter.check(tagged(book, ASKING), shelf=Shelf([house.load(HOUSEHOLD)]))
    (finding,) = ruling.findings
    assert finding.code == "house-rules-missing" and book.digest in finding.message
    assert "not at hand" in finding.message and "The Hoyle household" in finding.message
    assert ruling.verdict == "malformed" and ruling.hands == [] and ruling.house is None


def test_a_record_naming_a_rulebook_with_nothing_at_hand_is_reported():
    (ruling,) = arbiter.check(tagged(house.load(MAPLE), ASKING))
    assert [f.code for f in ruling.findings] == ["house-rules-missing"] and ruling.verdict == "malformed"


def test_a_house_tag_without_a_digest_is_reported():
    (ruling,) = arbiter.check(tagged(None, ASKING, "Maple Club, version 3"), shelf=Shelf([house.load(MAPLE)]))
    (finding,) = ruling.findings
    assert finding.code == "house-rules-missing" and "names no rulebook digest" in finding.message


def test_a_record_whose_variant_tag_departs_from_its_rulebook_is_reported():
    book = house.load(MAPLE)
    record = tagged(book, ASKING).replace(
        '[Rules "hand-and-foot"]', '[Rules "hand-and-foot"]\n[Variant "ask-required"]'
    )
    (ruling,) = arbiter.check(record, shelf=Shelf([book]))
    (finding,) = ruling.findings
    assert finding.code == "house-rules-conflict" and "ask-required=yes (the rulebook: no)" in finding.message


def test_the_callers_rulebook_against_the_records_own_tags_is_a_usage_error():
    with pytest.raises(arbiter.UsageError, match="its tags set Rules hand-and-foot"):
        list(arbiter.check(ASKING, house=house.load(HOUSEHOLD)))


def test_a_rulebook_with_other_options_asked_for_is_a_usage_error():
    with pytest.raises(arbiter.UsageError, match="drop --rules and --option"):
        list(arbiter.check(ASKING, house=house.load(MAPLE), options={"ask-required": "yes"}))


def test_the_tags_rulebook_wins_over_the_callers_for_its_own_game():
    maple, oak = house.load(MAPLE), rulebook(SEVEN_CARDS)
    (ruling,) = arbiter.check(tagged(maple, ASKING), house=oak, shelf=Shelf([maple, oak]))
    assert ruling.house["name"] == "Maple Club" and ruling.verdict == "valid"


def test_a_house_rule_beside_a_placeholder_default_cites_the_books_value_not_the_placeholder():
    from arbiter.positions.situation import Situation

    table = Situation(  # ann+cid go out with one canasta: the laws' count at four players
        rules="classic",
        seats=["ann", "bob", "cid", "dee"],
        teams="ann+cid bob+dee",
        hands={"ann": ["K", "K", "K", "5"], "bob": ["6", "7", "8"], "cid": ["5", "5", "J"], "dee": ["6", "6", "Q"]},
        melds={"ann+cid": [["7"] * 7]},
        pile=["8", "9"],
        turn="ann",
        melded=["ann", "bob", "cid", "dee"],
        move="draw K, meld [K K K K], discard 5",
    )
    (game,) = arbiter.check(table.record(), house=with_rule("classic", "canastas-to-go-out", 2, "Two at our table."))
    (finding,) = [f for f in game.findings if f.code == "go-out-canasta"]
    assert finding.house == [
        {"option": "canastas-to-go-out", "value": 2, "book": 1, "note": "Two at our table."}
    ]  # the laws' one canasta at four players, not the option's placeholder 0
    assert house.house_finding_text(finding) == ["canastas-to-go-out=2 (the book: 1): Two at our table."]


@pytest.mark.parametrize(
    ("family", "seats", "option", "book"),
    [
        ("classic", 2, "canastas-to-go-out", 2),
        ("classic", 4, "canastas-to-go-out", 1),
        ("caliente", 4, "canastas-to-go-out", 1),
        ("caliente", 4, "target", 5_000),
    ],
)
def test_an_options_book_value_is_what_its_default_stands_for_at_the_table(family, seats, option, book):
    from arbiter.rules.base import Seating

    ruleset = arbiter.families.get(family)
    players = ("ann", "bob", "cid", "dee")[:seats]
    sides = (("ann", "cid"), ("bob", "dee")) if seats == 4 else tuple((p,) for p in players)
    config = ruleset.config_for(Seating(players, sides), ruleset.resolve({}))
    (spec,) = [spec for spec in ruleset.options if spec.name == option]
    assert spec.default == 0 and spec.value_at(config) == book
