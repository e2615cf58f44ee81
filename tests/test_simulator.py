"""The simulator (arbiter.simulate): complete games, deterministic for a seed, that the arbiter
judges valid with the declared scores right, at every table size and with every option.

The simulator is an independent implementation of the rule books: it shares only the card
alphabet and the record types with the arbiter. So a game it writes that the arbiter rejects is a
bug in one of the two, and a test here says which (see docs/simulator.md).
"""

from __future__ import annotations

import ast
import importlib.util
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import arbiter
import arbiter.cards as C
from arbiter.notation.formatter import format_source
from arbiter.notation.records import Discard, Draw, LayBonus, Pass, Take
from arbiter.simulate import (
    STOCK_MODES,
    SUPPORTED,
    SimulatedGame,
    Style,
    coverage,
    coverage_report,
    missing_paths,
    simulate,
    simulate_games,
)
from arbiter.simulate.families import family
from arbiter_cli.main import cli

# Every table and option of the Caliente rule set the simulator plays (players, options).
TABLES: list[tuple[int, dict[str, object]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (6, {}),
    (6, {"three-packs": True}),
    (4, {"caliente-cards": True}),
    (4, {"always-frozen": True}),
    (2, {"caliente-cards": True, "always-frozen": True}),
    (3, {"caliente-cards": True, "stop-up-card-freezes": True}),
    (5, {"caliente-cards": True, "always-frozen": True}),
    (6, {"three-packs": True, "caliente-cards": True}),
    (4, {"concealed-waives-minimum": True, "concealed-allows-discard": False}),
    (4, {"caliente-cards": True, "caliente-refill": 11, "caliente-multiplies-bonus": False}),
    (2, {"canastas-to-go-out": 1, "target": 2000, "bonus-in-hand-penalty": 300}),
]


def judge(game: SimulatedGame) -> arbiter.GameRuling:
    rulings = list(arbiter.check(game.text))
    assert len(rulings) == 1
    return rulings[0]


def assert_judged_as_expected(game: SimulatedGame) -> arbiter.GameRuling:
    """The arbiter finds exactly what the simulator expects: nothing, but for the warning of a
    Caliente card caught in hand (or, with Style.forget_bonus, a Bonus card forgotten); and it
    recomputes the declared score of every hand."""
    ruling = judge(game)
    found = sorted((f.hand, f.code, f.player, str(f.severity)) for f in ruling.findings)
    expected = sorted((e.hand, e.code, e.player, e.severity) for e in game.expected)
    assert found == expected, (game.players, game.options, game.index, [f.to_dict() for f in ruling.findings][:3])
    assert ruling.verdict == "valid"
    assert all(e.code in ("bonus-in-hand", "caliente-in-hand") for e in game.expected)
    if not game.style.forget_bonus:  # the bots never leave a Bonus card in hand unless told to forget
        assert all(e.code != "bonus-in-hand" for e in game.expected)
    assert len(ruling.hands) == len(game.record.hands)
    for result, hand in zip(ruling.hands, game.record.hands, strict=True):
        declared = {entry.side: entry.points for entry in hand.declared[0].entries}
        assert result.ended and result.scores == declared
    return ruling


# --- the property: every simulated game is legal ---------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(min_value=0, max_value=2**32),
    hands=st.integers(min_value=1, max_value=3),
    stock=st.sampled_from(STOCK_MODES),
    long_hands=st.sampled_from([0.0, 0.12, 1.0]),
)
def test_every_simulated_game_is_judged_valid(table, seed, hands, stock, long_hands):
    players, options = table
    style = Style(long_hands=long_hands)
    (game,) = simulate_games("caliente", players, options, games=1, hands=hands, seed=seed, stock=stock, style=style)
    assert_judged_as_expected(game)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=lambda v: str(v))
def test_whole_games_to_the_target_are_valid_and_name_the_winner(players, options):
    target = min(int(options.get("target", 3000)), 3000)  # type: ignore[call-overload]
    for game in simulate_games("caliente", players, {**options, "target": target}, games=2, seed=5):
        ruling = assert_judged_as_expected(game)
        assert game.record.tag("Result") == (ruling.winner or "tie")
        assert max(ruling.totals.values()) >= target


def test_a_thousand_hands_of_four_players_are_valid():
    hands = 0
    for game in simulate_games("caliente", 4, games=40, seed=99):
        assert_judged_as_expected(game)
        hands += len(game.record.hands)
    assert hands >= 150


# --- what a simulated game looks like -----------------------------------------------------------------


def test_the_same_seed_gives_the_same_games_and_each_game_stands_alone():
    first = list(simulate("caliente", 4, games=3, seed=7))
    assert first == list(simulate("caliente", 4, games=3, seed=7))
    assert first != list(simulate("caliente", 4, games=3, seed=8))
    (third,) = simulate_games("caliente", 4, games=1, seed=7, first=3)
    assert third.text == first[2]


def test_games_are_in_canonical_form_with_the_tags():
    (game,) = simulate_games("caliente", 5, {"caliente-cards": True, "target": 2000}, games=1, seed=3)
    text, findings = format_source(game.text)
    assert text == game.text and not findings
    tags = [(t.name, t.value) for t in game.record.tags]
    assert [name for name, _ in tags] == ["Event", "Rules", "Variant", "Seats", "Teams", "Result"]
    assert dict(tags)["Variant"] == "caliente-cards target=2000"
    assert dict(tags)["Seats"] == "ann bob cid dee eve"
    assert dict(tags)["Teams"] == "ann+cid+eve bob+dee"
    (plain,) = simulate_games("caliente", 4, games=1, seed=3)
    assert plain.record.tag("Variant") is None and plain.record.tag("Teams") == "ann+cid bob+dee"


def test_every_hand_is_dealt_played_and_scored():
    for game in simulate_games("caliente", 4, games=5, seed=11, stock="always"):
        for hand in game.record.hands:
            assert len(hand.deals) == 4 and all(len(d.cards) == 11 for d in hand.deals)
            assert hand.stock is not None and hand.stock.cards is not None
            assert hand.up is not None and hand.up.cards[-1] in C.NATURALS
            for setup in hand.setup_turns:  # dealt Bonus cards, laid and replaced before the up card
                assert isinstance(setup.actions[0], LayBonus) and isinstance(setup.actions[-1], Draw)
            assert [p.kind for p in hand.declared] == ["score", "total"]
            assert hand.turns


def test_a_hands_limit_leaves_the_game_unfinished():
    (game,) = simulate_games("caliente", 4, games=1, hands=1, seed=1)
    assert len(game.record.hands) == 1 and game.record.tag("Result") == "*"
    assert judge(game).verdict == "valid"


def test_sitting_out_rotates_and_the_dealer_passes_round_every_seat():
    (game,) = simulate_games("caliente", 6, {"target": 50_000}, games=1, hands=6, seed=2)
    hands = game.record.hands
    seats = ["ann", "bob", "cid", "dee", "eve", "fay"]
    first = seats.index(hands[0].start.dealer)
    assert [h.start.dealer for h in hands] == [seats[(first + k) % 6] for k in range(6)]
    sitters = [h.start.sitting_out for h in hands]
    assert all(len(out) == 2 for out in sitters) and len(set(sitters[:3])) == 3
    assert_judged_as_expected(game)


def test_bots_play_real_canasta():
    """Over a small corpus the bots take the pile, meld, go out in every way, ask and answer,
    block with Stop cards, freeze the pile and now and then run the stock out."""
    counts = coverage(judge(g) for g in simulate_games("caliente", 4, games=30, seed=4))
    for path in ("take-initial", "take-frozen", "take-unfrozen", "take-onto-meld", "add", "meld-merged"):
        assert counts[f"path:{path}"] > 0, path
    for path in ("go-out-discarding", "go-out-melding-all", "go-out-concealed", "ask-yes", "discard-stop"):
        assert counts[f"path:{path}"] > 0, path
    assert counts["path:discard-wild"] > 0 and counts["path:pass"] > 0
    went_out = sum(counts[f"path:go-out-{how}"] for how in ("concealed", "discarding", "melding-all"))
    takes = sum(n for key, n in counts.items() if key.startswith("path:take-"))
    draws = counts["path:draw-1"]
    assert went_out > 0.8 * counts["path:bonus-dealt"] / 2  # most hands end by going out
    assert 0.05 < takes / draws < 0.6  # the pile is taken, but most turns draw


def test_a_no_from_the_partner_is_respected():
    games = simulate_games("caliente", 4, games=40, seed=12, style=Style(ask=1.0))
    refused = 0
    for game in games:
        for hand in game.record.hands:
            for turn in hand.turns:
                if any(getattr(a, "answer", None) is False for a in turn.actions):
                    refused += 1
                    assert isinstance(turn.actions[-1], Discard)  # the turn ends with a card kept
    assert refused > 0


def test_the_stock_can_run_out():
    counts = Counter[str]()
    for game in simulate_games("caliente", 4, games=10, hands=2, seed=6, style=Style(long_hands=1.0)):
        ruling = assert_judged_as_expected(game)
        counts.update(ruling.coverage)
        assert any(isinstance(t.actions[0], (Pass, Take)) for h in game.record.hands for t in h.turns)
    assert counts["path:pass"] and counts["path:take-exhausted-stock"] and counts["path:draw-last-card"]


def test_coverage_report_names_paths_codes_and_what_is_missing():
    rulings = [judge(g) for g in simulate_games("caliente", 4, games=2, seed=1, hands=1)]
    counts = coverage(rulings)
    report = coverage_report(counts)
    assert "legal paths" in report and "draw-1" in report
    assert "missing:" in report and "bonus-drawn-last" in missing_paths(counts)


# --- usage ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": "pinochle"}, "unknown rule set"),
        ({"players": 7}, "not 7"),
        ({"options": {"no-such-option": True}}, "no option"),
        ({"options": {"target": "lots"}}, "whole number"),
        ({"options": {"three-packs": True}}, "six players"),
        ({"stock": "sometimes"}, "stock is one of"),
    ],
)
def test_usage_errors(kwargs, message):
    with pytest.raises(arbiter.UsageError, match=message):
        list(simulate(**kwargs))  # type: ignore[arg-type]


def test_style_is_made_of_probabilities():
    with pytest.raises(ValueError, match="probability"):
        Style(ask=2.0)


# --- engine bugs the simulator found ------------------------------------------------------------------


def _two_player_exhausted_stock(turn: str) -> str:
    """ann to play in a two-player hand whose stock holds only a Bonus card over a 7: every other
    card of the pack is held, on the table or in the pile."""
    table = ["K"] * 7
    rest = C.pack(2)
    rest.subtract([*table, "9", "B", "7"])
    cards = sorted(rest.elements(), key=C.CARDS.index)
    return (
        '[Rules "caliente"]\n[Seats "ann bob"]\n\nhand 3 dealer bob\nposition\n'
        f"hold ann {' '.join(cards[0::2])}\nhold bob {' '.join(cards[1::2])}\n"
        f"table ann [{' '.join(table)}]\npile 9\nstock B 7\nturn ann\n{turn}\n"
    )


def test_a_bonus_card_drawn_with_the_last_cards_is_laid_without_replacement():
    """Found by the simulator (fixed in 884ef5d): two players draw the stock's last two cards, a
    Bonus card then a 7. The 7 is the last card, so the hand goes on; the Bonus card is laid at
    once, with nothing left to replace it. The engine used to want a replacement from the empty
    stock, so the card could never be laid and always cost 100."""
    ruling = judge_text(_two_player_exhausted_stock("ann: draw B 7, bonus B, discard 7"))
    assert ruling.verdict == "valid" and not ruling.findings, [(f.code, f.message) for f in ruling.findings]
    assert ruling.coverage["path:bonus-laid-no-replacement-left"] == 1


def test_a_forgetful_player_lays_a_bonus_card_later_or_pays_for_it():
    laid_late = left = 0
    for game in simulate_games("caliente", 4, games=20, hands=2, seed=8, style=Style(forget_bonus=0.5)):
        ruling = assert_judged_as_expected(game)
        left += ruling.coverage["path:bonus-left-in-hand"]
        for hand in game.record.hands:
            for turn in hand.turns:
                first = turn.actions[0]
                laid_late += isinstance(first, Draw) and first.cards[0] != "B" and isinstance(turn.actions[1], LayBonus)
    assert laid_late and left
    assert left == sum(
        1
        for game in simulate_games("caliente", 4, games=20, hands=2, seed=8, style=Style(forget_bonus=0.5))
        for e in game.expected
    )


def test_a_player_always_has_a_legal_move_on_an_exhausted_stock():
    """Found by the simulator (fixed in ce2b6ab): the stock is exhausted, bob holds one Stop card,
    the up card is a King, which fits his side's Kings, and his side has no canasta. Taking the King
    would leave him unable to end the turn (discarding his last card is going out, which needs a
    canasta), so the take is not forced and he passes. The engine used to find every move illegal."""
    tables = {"bob+dee": "[K K K]", "ann+cid": "[Q Q Q]"}
    rest = C.pack(2)
    for cards in (*tables.values(), "K", "S"):
        rest.subtract(cards.replace("[", " ").replace("]", " ").split())
    cards = sorted(rest.elements(), key=C.CARDS.index)
    held = {"ann": cards[0::3], "bob": ["S"], "cid": cards[1::3], "dee": cards[2::3]}
    head = '[Rules "caliente"]\n[Seats "ann bob cid dee"]\n\nhand 3 dealer ann\nposition\n'
    head += "".join(f"hold {p} {' '.join(h)}\n" for p, h in held.items())
    head += "".join(f"table {s} {m}\n" for s, m in tables.items())
    head += "pile K\nstock 0 cards\nmelded ann bob cid dee\nturn bob\n"
    codes = {}
    for turn in ("bob: pass", "bob: take K onto K, discard S", "bob: take K onto K"):
        (ruling,) = arbiter.check(head + turn + "\n")
        codes[turn] = [f.code for f in ruling.findings if f.is_error]
    assert codes == {
        "bob: pass": [],
        "bob: take K onto K, discard S": ["go-out-canasta"],
        "bob: take K onto K": ["discard"],
    }


# --- the command line ------------------------------------------------------------------------------------


def run_cli(*args: str) -> Result:
    return CliRunner().invoke(cli, ["simulate", *args], catch_exceptions=False)


def test_cli_writes_the_games_of_the_library():
    result = run_cli("--players", "3", "--games", "3", "--seed", "5", "--hands", "2", "-o", "caliente-cards")
    assert result.exit_code == 0, result.output
    expected = "\n".join(simulate("caliente", 3, {"caliente-cards": "yes"}, games=3, hands=2, seed=5))
    assert result.stdout == expected
    rulings = list(arbiter.check(result.stdout))
    assert len(rulings) == 3 and all(r.verdict == "valid" for r in rulings)


def test_cli_jobs_give_the_same_games():
    one = run_cli("--games", "60", "--seed", "2", "--hands", "1")
    two = run_cli("--games", "60", "--seed", "2", "--hands", "1", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout and one.stdout.count("[Event ") == 60


def test_cli_coverage_report_goes_to_standard_error():
    result = run_cli("--games", "4", "--seed", "1", "--coverage", "--style", "long_hands=1")
    assert result.exit_code == 0
    assert result.stdout.count("[Event ") == 4
    assert "legal paths" in result.stderr and "4 games judged, 0 not valid" in result.stderr
    assert "sitting-out-hand" not in result.stderr.split("missing:")[-1]  # not a path of four players


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "pinochle"], "unknown rule set"),
        (["-o", "bogus"], "no option 'bogus'"),
        (["-p", "4", "-o", "three-packs"], "six players"),
        (["--style", "ask=2"], "probability"),
        (["--style", "nope=1"], "style names"),
        (["-p", "7"], "2<=x<=6"),
    ],
)
def test_cli_usage_errors_exit_2(args, message):
    result = CliRunner().invoke(cli, ["simulate", *args])
    assert result.exit_code == 2 and message in result.output, result.output


def judge_text(text: str) -> arbiter.GameRuling:
    (ruling,) = arbiter.check(text)
    return ruling


# --- every family: judged by the arbiter as soon as it judges it; sharing nothing with it ------------------

JUDGED = [name for name in SUPPORTED if name in arbiter.families.names()]
"""The families the simulator plays that the arbiter judges (Samba, Hand & Foot and classic join as
their rule sets are registered)."""


def test_the_simulator_plays_families_the_arbiter_judges():
    assert "caliente" in JUDGED and "samba" in SUPPORTED


@pytest.mark.parametrize("rules", JUDGED)
def test_simulated_games_of_every_judged_family_are_valid_at_every_table(rules):
    for players in family(rules).seat_counts:
        for game in simulate_games(rules, players, games=2, hands=2, seed=31, style=Style(long_hands=0.3)):
            assert_judged_as_expected(game)


@pytest.mark.parametrize("rules", JUDGED)
def test_the_simulators_options_are_the_rule_sets_with_the_same_defaults(rules):
    ruleset = {spec.name: spec.default for spec in arbiter.families.get(rules).options}
    presets = dict.fromkeys(arbiter.families.get(rules).presets, False)  # a preset is a switch, off
    for spec in family(rules).options:
        if spec.name in presets:
            assert spec.default is False, spec.name
            continue
        assert spec.name in ruleset, spec.name
        assert str(spec.default).lower() == str(ruleset[spec.name]).lower(), spec.name


ALLOWED_IMPORTS = {
    "arbiter.cards",
    "arbiter.notation.records",
    "arbiter.notation.formatter",
    "arbiter.rulings",
    "arbiter.rules.base",
    "arbiter.i18n",  # the coverage report's words, said in a language
}
BOT_MODULES = ("bots", "bot_rules", "plans", "coverage")
"""A family package's modules that belong to the simulator: its bots, their table rules, plans and
coverage (the rest of the package is the arbiter's rule set, which the bots never read)."""
SIMULATOR_PACKAGES = ("arbiter.simulate", "arbiter.bots")


def simulator_modules() -> dict[str, Path]:
    """Every module of the simulator: its runner, the bots' kit, and each family's bots."""
    root = Path(arbiter.__file__).parent
    found = {
        f"arbiter.{path.parent.name}.{path.stem}": path
        for name in ("simulate", "bots")
        for path in (root / name).glob("*.py")
    }
    for path in sorted((root / "families").glob("*/*.py")):
        if path.stem in BOT_MODULES:
            found[f"arbiter.families.{path.parent.name}.{path.stem}"] = path
    return found


def absolute_imports(module: str, path: Path) -> list[tuple[str, list[str]]]:
    """Each arbiter module `module` imports, with the names it takes from it."""
    package = module.rpartition(".")[0]  # a module of a package, or a package's __init__
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            found.append((base, [alias.name for alias in node.names]))
        elif isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
    return [(name, names) for name, names in found if name.split(".")[0] == "arbiter"]


def test_the_bots_import_cards_and_notation_only_never_the_engine_nor_the_rule_sets():
    modules = simulator_modules()
    assert {"arbiter.families.caliente.bots", "arbiter.bots.table", "arbiter.simulate.runner"} <= modules.keys()
    for module, path in modules.items():
        for name, names in absolute_imports(module, path):
            simulator = name in modules or name in SIMULATOR_PACKAGES
            if module == "arbiter.simulate.families" and name == "arbiter.families":
                assert names == ["PACKAGES"]  # the list of families, to find each one's bots
                continue
            if name.startswith("arbiter.families.") and name.count(".") == 2:  # a family package, for its modules
                assert all(f"{name}.{each}" in modules for each in names), (module, name, names)
                continue
            assert simulator or name in ALLOWED_IMPORTS, (module, name)
            if name == "arbiter.rules.base":
                assert names == ["UsageError"], module


def test_the_bots_independence_check_sees_an_import_of_a_rule_set(tmp_path):
    module = tmp_path / "bots.py"
    module.write_text("from .policies import CALIENTE\nfrom ...engine.context import HandContext\n", encoding="utf-8")
    found = [name for name, _ in absolute_imports("arbiter.families.caliente.bots", module)]
    assert found == ["arbiter.families.caliente.policies", "arbiter.engine.context"]
    assert not any(name in simulator_modules() or name in ALLOWED_IMPORTS for name in found)


def load_bench_corpus():
    path = Path(__file__).resolve().parent.parent / "bench" / "corpus.py"
    spec = importlib.util.spec_from_file_location("bench_corpus", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("rules", SUPPORTED)
def test_the_bench_writes_a_corpus_of_every_family(rules, tmp_path):
    bench = load_bench_corpus()
    stats = bench.write_corpus(tmp_path / "c.acn", rules=rules, games=3, seed=2, hands=1, jobs=1)
    text = (tmp_path / "c.acn").read_text(encoding="utf-8")
    players = 4 if 4 in family(rules).seat_counts else 2
    assert stats["games"] == 3 and text == "\n".join(simulate(rules, players, games=3, hands=1, seed=2))
    assert bench.default_path(rules, 1000).name == f"{rules}-1000.acn"


def test_the_bench_corpus_is_caliente_by_default(tmp_path):
    bench = load_bench_corpus()
    bench.write_corpus(tmp_path / "c.acn", games=2, seed=1, hands=1, jobs=1)
    assert (tmp_path / "c.acn").read_text(encoding="utf-8") == "\n".join(
        simulate("caliente", 4, games=2, hands=1, seed=1)
    )


def test_cli_coverage_of_a_family_not_judged_yet_is_a_usage_error():
    for rules in SUPPORTED:
        players = "4" if 4 in family(rules).seat_counts else "2"
        args = ["simulate", "--rules", rules, "-p", players, "-n", "1", "--hands", "1", "--coverage"]
        result = CliRunner().invoke(cli, args)
        if rules in JUDGED:
            assert result.exit_code == 0, result.output
        else:
            assert result.exit_code == 2 and "not judged yet" in result.output, result.output


@pytest.mark.parametrize("rules", SUPPORTED)
def test_every_family_gives_the_same_games_for_a_seed_and_each_game_stands_alone(rules):
    players = family(rules).usual_players
    first = list(simulate(rules, players, games=3, hands=1, seed=13))
    assert first == list(simulate(rules, players, games=3, hands=1, seed=13))
    assert first != list(simulate(rules, players, games=3, hands=1, seed=14))
    (third,) = simulate_games(rules, players, games=1, hands=1, seed=13, first=3)
    assert third.text == first[2]
    text, findings = format_source(first[0])
    assert text == first[0] and not findings  # canonical
