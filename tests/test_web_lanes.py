"""Large records take turns in their own lanes, so small ones keep flowing (issue 26)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import TAGS, never_500  # noqa: F401 (a fixture)

from app import create_app
from arbiter_web.serving.lanes import EXTENSION, Lanes

LARGE = TAGS + "; a comment that makes this record larger than the threshold\n" * 5


def test_a_lane_taken_with_no_room_to_wait_refuses_at_once_and_frees_when_left() -> None:
    lanes = Lanes(threshold=100, lanes=1, queue=0, wait=60)
    assert lanes.enter()
    assert not lanes.enter()  # no queue: refused without waiting the 60 seconds
    lanes.leave()
    assert lanes.enter()


def test_only_bodies_over_the_threshold_are_large() -> None:
    lanes = Lanes(threshold=100, lanes=1, queue=0, wait=0)
    assert not lanes.is_large(None) and not lanes.is_large(100) and lanes.is_large(101)


def _app(tmp_path: Path) -> Any:
    config = {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'k.db'}"}
    return create_app(config | {"LARGE_REQUEST_BYTES": 200, "LARGE_QUEUE": 0, "LARGE_WAIT": 0})


def test_while_the_lane_is_busy_a_large_record_gets_503_and_a_small_one_its_ruling(tmp_path: Path) -> None:
    app = _app(tmp_path)
    client = app.test_client()
    lanes = app.extensions[EXTENSION]
    assert len(LARGE.encode()) > 200 >= len(TAGS.encode())
    assert lanes.enter()  # another request is judging a large record
    busy = client.post("/api/v1/rulings", data=LARGE, content_type="text/plain")
    assert busy.status_code == 503 and int(busy.headers["Retry-After"]) > 0
    assert "LARGE_REQUEST_BYTES" in busy.get_json()["message"]
    page = client.post("/", data={"record": LARGE})
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert client.post("/api/v1/rulings", data=TAGS, content_type="text/plain").status_code == 200
    lanes.leave()
    assert client.post("/api/v1/rulings", data=LARGE, content_type="text/plain").status_code == 200
    assert lanes.enter()  # each request gave its lane back
