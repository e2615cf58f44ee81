"""A ruling page reads and judges each game of its record once per request: the frames its replays
show are kept while the game is judged, not found by judging it again.

The counters wrap the library's own calls (every module's reference to `arbiter.notation.parse` and
to the engine's `judge_game`), so whatever path a request takes through the library is counted."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import never_500  # noqa: F401 (a fixture, used by pytestmark)

import arbiter.engine
import arbiter.notation
from app import create_app

pytestmark = pytest.mark.usefixtures("never_500")
SAMPLES = Path(__file__).parent.parent / "samples"
ROUND = [
    "caliente-scoring-example.acn",
    "caliente-illegal-frozen-pile-taken-with-wild.acn",
    "samba-full-hand.acn",
    "hoyle-illegal-one-card-pile-taken.acn",
]


def record_of(names: list[str]) -> str:
    return "\n".join((SAMPLES / name).read_text(encoding="utf-8") for name in names)


def replace_everywhere(monkeypatch: pytest.MonkeyPatch, original: Any, wrapper: Any) -> None:
    """Put `wrapper` wherever a loaded module of the project holds `original` by name."""
    for name, module in list(sys.modules.items()):
        if not name.startswith(("arbiter", "app")) or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            if value is original:
                monkeypatch.setattr(module, attribute, wrapper)


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> dict[str, Counter[int]]:
    """How many times each game (by its first line) is read, and judged, from now on."""
    counted: dict[str, Counter[int]] = {"read": Counter(), "judged": Counter()}
    parse, judge_game = arbiter.notation.parse, arbiter.engine.judge_game

    def counting_parse(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for parsed in parse(*args, **kwargs):
            counted["read"][parsed.line] += 1
            yield parsed

    def counting_judge_game(game: Any, *args: Any, **kwargs: Any) -> Any:
        counted["judged"][game.line] += 1
        return judge_game(game, *args, **kwargs)

    replace_everywhere(monkeypatch, parse, counting_parse)
    replace_everywhere(monkeypatch, judge_game, counting_judge_game)
    return counted


@pytest.fixture
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def each_once(counter: Counter[int], games: int) -> bool:
    return len(counter) == games and set(counter.values()) == {1}


def page_of(client: Any, record: str, **config: Any) -> str:
    client.application.config.update(config)
    response = client.post("/", data={"record": record})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_round_is_read_and_judged_once_on_the_page(client: Any, passes: dict[str, Counter[int]]) -> None:
    html = page_of(client, record_of(ROUND))
    assert each_once(passes["read"], len(ROUND)), passes
    assert each_once(passes["judged"], len(ROUND)), passes
    assert "Step through the hands" in html
    assert 'class="turn-link turn-illegal"' in html  # the disputed hands' frames are there


def test_a_page_weighed_again_for_its_size_still_judges_once(client: Any, passes: dict[str, Counter[int]]) -> None:
    # a tight bound: the page is rendered bare, then with frames, then with fewer (page_size)
    html = page_of(client, record_of(ROUND), PAGE_RATIO=1, PAGE_FLOOR=60_000)
    assert each_once(passes["read"], len(ROUND)), passes
    assert each_once(passes["judged"], len(ROUND)), passes
    assert "Not shown: this round has too many turns for one page" in html


def test_the_illegal_frame_links_to_its_finding(client: Any, passes: dict[str, Counter[int]]) -> None:
    html = page_of(client, record_of(["caliente-illegal-frozen-pile-taken-with-wild.acn"]))
    assert '(<a href="#g1-f1">take-frozen</a>)' in html
    assert each_once(passes["judged"], 1)


def test_the_situation_editor_reads_and_judges_its_record_once_for_the_answer_and_the_audit(
    client: Any, passes: dict[str, Counter[int]]
) -> None:
    """The full ruling folded under the answer is the record judged as `arbiter check` judges it;
    the answer ("allowed" or "not allowed, because") is played on the position that same pass
    reached, before the move: one pass, for a move allowed and for one refused."""
    table = {"rules": "caliente", "seats": "ann bob cid dee", "teams": "ann+cid bob+dee", "turn": "ann"}
    hands = {"hold.ann": "4 4 9 9 K Q", "hold.bob": "5 6 7 8 10 J", "hold.cid": "5 5 A A", "hold.dee": "6 6 8 J"}
    for move, said in (("draw 7, discard 4", "Allowed"), ("take 9 with [9 2]", "Not allowed")):
        passes["read"].clear()
        passes["judged"].clear()
        response = client.post("/editor", data={**table, **hands, "pile": "8 Q 5 2 9", "move": move, "do": "check"})
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert "Verdict" in html and f'class="banner-title">{said}</h1>' in html
        assert passes["read"] == Counter({1: 1}), passes
        assert passes["judged"] == Counter({1: 1}), passes
