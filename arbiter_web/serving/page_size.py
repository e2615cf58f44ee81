"""Every ruling page within bounds: at most PAGE_RATIO times the request that asked for it (20
unless configured), or PAGE_FLOOR bytes (256 KiB) when that is more, since the page's form and
help alone weigh tens of KiB. Only the replay grows with the number of turns (a frame, the
table after one turn, is a few KiB of HTML), so the page takes as many frames as fit: the
disputed hands first, and of a disputed hand too long to fit, its last turns before the illegal
move (table_view.DISPUTED_WINDOW), so the dispute can be stepped through without scripts. The
other hands say how to get any table (`arbiter table`, POST /api/v1/tables).

A page is rendered first without frames, to weigh the rest; then with the frames that room
allows at FRAME_BYTES each; and again with fewer if the frames turned out larger (bigger tables).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app

from arbiter_web.pages.table_view import DEFAULT_REPLAY_MAX_FRAMES

DEFAULT_PAGE_RATIO = 20
DEFAULT_PAGE_FLOOR = 256 * 1024
FRAME_BYTES = 3000
"""A first guess of one frame's HTML; the measured size corrects it."""
RETRIES = 3

Render = Callable[[int], tuple[str, int]]
"""Renders the page with at most this many replay frames: (the HTML, the frames it holds)."""


def page_bound(request_bytes: int) -> int:
    config = current_app.config
    ratio = int(config.get("PAGE_RATIO", DEFAULT_PAGE_RATIO))
    return max(ratio * request_bytes, int(config.get("PAGE_FLOOR", DEFAULT_PAGE_FLOOR)))


def most_frames() -> int:
    """The most replay frames a page renders (config REPLAY_MAX_FRAMES)."""
    return int(current_app.config.get("REPLAY_MAX_FRAMES", DEFAULT_REPLAY_MAX_FRAMES))


def bounded(render: Render, request_bytes: int) -> str:
    """The page with as many replay frames as keep it within the bound for `request_bytes`."""
    most = most_frames()
    limit = page_bound(request_bytes)
    bare, _ = render(0)
    room = limit - len(bare.encode())
    budget = min(most, room // FRAME_BYTES)
    for _ in range(RETRIES):
        if budget <= 0:
            return bare
        page, frames = render(budget)
        size = len(page.encode())
        if size <= limit or frames == 0:
            return page
        per_frame = (size - len(bare.encode())) / frames
        budget = min(frames - 1, int(room // per_frame))
    return bare
