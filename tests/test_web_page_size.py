"""Every ruling page within bounds (issue 26): at most PAGE_RATIO (20) times its request, or
PAGE_FLOOR bytes when that is more; the replay takes the room left, the disputed turn first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import never_500  # noqa: F401 (a fixture)

from app import create_app
from arbiter.simulate import simulate
from arbiter_web.serving.page_size import DEFAULT_PAGE_FLOOR, DEFAULT_PAGE_RATIO

SAMPLE = (Path(__file__).parent.parent / "samples" / "caliente-scoring-example.acn").read_text(encoding="utf-8")
NO_KING = SAMPLE.replace("dee: draw Q, meld [7 7 7], discard Q", "dee: draw Q, meld [7 7 7], discard K")


def _long_valid_record() -> str:
    """About 5 KB of real play: a valid game of long hands, which replays in many frames."""
    text = next(iter(simulate("caliente", 4, games=1, hands=8, seed=3)))
    return text[:5000].rsplit("\n", 1)[0] + "\n"


def _app(tmp_path: Path, **config: Any) -> Any:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'kept.db'}", **config})


def test_a_five_kilobyte_record_gets_a_page_within_the_bound(tmp_path: Path) -> None:
    record = _long_valid_record()
    client = _app(tmp_path).test_client()
    answer = client.post("/", data={"record": record})
    assert answer.status_code == 200
    assert len(answer.data) <= max(DEFAULT_PAGE_RATIO * answer.request.content_length, DEFAULT_PAGE_FLOOR)
    assert 'class="frame' in answer.get_data(as_text=True)  # as many frames as fit are still there


def test_without_a_floor_the_page_is_within_twenty_times_the_request(tmp_path: Path) -> None:
    client = _app(tmp_path, PAGE_FLOOR=0).test_client()
    record = _long_valid_record() * 3
    answer = client.post("/", data={"record": record})
    assert answer.status_code == 200 and len(answer.data) <= 20 * answer.request.content_length


def test_a_kept_rulings_page_and_file_are_bounded_by_the_record_kept(tmp_path: Path) -> None:
    record = _long_valid_record()
    client = _app(tmp_path, PAGE_FLOOR=0, PAGE_RATIO=30).test_client()
    kept = client.post("/api/v1/rulings/stored", json={"record": record}).get_json()
    for path in (f"/r/{kept['id']}", f"/r/{kept['id']}/download"):
        answer = client.get(path)
        assert answer.status_code == 200 and len(answer.data) <= 30 * len(record.encode()), path


def test_the_disputed_turn_stays_on_a_page_with_room_for_little_else(tmp_path: Path) -> None:
    client = _app(tmp_path, PAGE_FLOOR=0, PAGE_RATIO=48).test_client()  # room for three of its four frames
    html = client.post("/", data={"record": NO_KING}).get_data(as_text=True)
    assert 'class="frame start frame-illegal" id="g1-h1-t3"' in html  # the table before the illegal move
    assert 'id="g1-h1-t0"' not in html  # the hand's first turns made way
