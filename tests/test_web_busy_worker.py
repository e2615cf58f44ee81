"""A worker judging a large record stops taking new connections while another worker can
(arbiter_web.serving.accepting): real processes sharing the pause slots, and the real `arbiter serve`."""

from __future__ import annotations

import json
import multiprocessing
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from service_support import one_game, serving

from arbiter.simulate import simulate
from arbiter_web.serving.accepting import Gate, PauseSlots

FORK = multiprocessing.get_context("fork")  # the slots reach the workers as gunicorn's do: by fork


def _hold_a_slot(slots: PauseSlots, took: Any, release: Any) -> None:
    took.put(slots.take())
    release.wait(30)


def _try_a_slot(slots: PauseSlots, answer: Any) -> None:
    answer.put(slots.take())


def _slot_another_process_gets(slots: PauseSlots) -> int | None:
    answer = FORK.Queue()
    process = FORK.Process(target=_try_a_slot, args=(slots, answer))
    process.start()
    got = answer.get(timeout=30)
    process.join(30)
    return got


def test_with_every_slot_held_by_another_worker_a_worker_keeps_accepting() -> None:
    slots = PauseSlots(1)  # two workers: one may pause
    took, release = FORK.Queue(), FORK.Event()
    holder = FORK.Process(target=_hold_a_slot, args=(slots, took, release))
    holder.start()
    try:
        assert took.get(timeout=30) == 0
        assert _slot_another_process_gets(slots) is None
    finally:
        release.set()
        holder.join(30)
    assert _slot_another_process_gets(slots) == 0  # the slot went with the process that held it


def test_a_worker_that_dies_holding_a_slot_frees_it() -> None:
    slots = PauseSlots(1)
    took, never = FORK.Queue(), FORK.Event()
    holder = FORK.Process(target=_hold_a_slot, args=(slots, took, never))
    holder.start()
    assert took.get(timeout=30) == 0
    holder.kill()
    holder.join(30)
    assert _slot_another_process_gets(slots) == 0


def test_the_threads_of_a_worker_share_one_slot_until_the_last_large_record_is_done() -> None:
    wakes: list[bool] = []
    slots = PauseSlots(2)
    gate = Gate(slots, wake=lambda: wakes.append(gate.paused))
    gate.large_begun()
    gate.large_begun()
    assert gate.paused and _slot_another_process_gets(slots) == 1  # this worker holds one slot, not two
    gate.large_done()
    assert gate.paused
    gate.large_done()
    assert not gate.paused and _slot_another_process_gets(slots) == 0
    assert wakes == [True, False]  # the event loop looks again when the worker pauses and resumes


def test_without_slots_a_worker_never_pauses() -> None:
    gate = Gate()
    gate.large_begun()
    assert not gate.paused


# --- the real service ----------------------------------------------------------------------------

LARGE_GAMES = 400  # about 2.3 MB of real games: judged for a second or more
GRACE_SECONDS = 0.25  # for the busy worker's event loop to see it has paused
LARGE_TIME_LIMIT = 600  # seconds: the large record is always judged whole, however loaded the machine
"""The test's work is sized to the limit it is given: the limit is far past any machine's time for
the record, so a loaded machine judges it longer (more small requests meanwhile), never cuts it."""


def _log_entries(log: Path) -> dict[str, dict[str, Any]]:
    entries = {}
    for line in log.read_text(errors="replace").splitlines():
        if line.startswith("{") and '"request_id"' in line:
            entry = json.loads(line)
            entry["end"] = datetime.fromisoformat(entry["time"]).timestamp()
            entries[entry["request_id"]] = entry
    return entries


@pytest.mark.attack
def test_new_connections_go_to_the_other_worker_while_one_judges_a_large_record(tmp_path: Path) -> None:
    large = "\n".join(simulate("caliente", 4, games=LARGE_GAMES, hands=4, seed=12)).encode()
    text = {"Content-Type": "text/plain; charset=utf-8"}
    limits = {"MAX_CONTENT_LENGTH": str(4 << 20), "REQUEST_TIME_LIMIT": str(LARGE_TIME_LIMIT)}
    with serving(tmp_path, "--workers", "2", **limits) as server:
        answered: list[int] = []
        big = threading.Thread(
            target=lambda: answered.append(
                server.request("POST", "/api/v1/rulings", large, text | {"X-Request-Id": "large"})[0]
            )
        )
        big.start()
        sent: dict[str, tuple[float, float]] = {}  # request id: sent and answered, wall clock
        while big.is_alive():
            request_id = f"small-{len(sent)}"
            started = time.time()
            status = server.request("POST", "/api/v1/rulings", one_game(), text | {"X-Request-Id": request_id})[0]
            assert status == 200
            sent[request_id] = (started, time.time())
        big.join()
        entries = _log_entries(server.log)  # each line is written before its answer is sent
    assert answered == [200]
    judged = entries["large"]
    lane_taken = judged["end"] - judged["duration_ms"] / 1000
    meanwhile = [
        entries[request_id]
        for request_id, (started, done) in sent.items()
        if started > lane_taken + GRACE_SECONDS and done < judged["end"]
    ]
    assert meanwhile, "no small request was sent while the large record was judged: make it larger"
    assert {entry["worker"] for entry in meanwhile}.isdisjoint({judged["worker"]})
