"""Issue 60: event files and rulebooks as an attacker writes them, given to the real command line.

Each command runs as a subprocess under a memory cap (RLIMIT_AS) and a generous timeout, so that an
attack that once cost minutes and gigabytes fails here by running out rather than by a timed
assertion: long dotted keys and deeply nested arrays are refused with words before the TOML reader
reads them; an event's folder is walked as `arbiter check` walks one (a link leading out of it is
not followed, a pipe or a device is not read).
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.files.bounded_toml import MAX_KEY_LENGTH, MAX_KEY_PARTS, MAX_KEYS, MAX_NESTING

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EVENT = SAMPLES / "event"
MEMORY_CAP = 1024 * 1024 * 1024  # bytes of address space: a run of the arbiter needs a few hundred MB
TIMEOUT = 300  # seconds: far above what any of these costs now, far below what they cost before
DOTTED_EVENT = "a." * 30_000 + "a = 1\n"  # 60 KB: 75 s and 3.6 GB before
NESTED_EVENT = 'name = "Deep"\nx = ' + "[" * 900 + "]" * 900 + "\n"  # 2.3 KB: a RecursionError before


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def arbiter(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "arbiter"), *map(str, args)]
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        command, capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=_capped, env=env, stdin=subprocess.DEVNULL
    )


def _refused(done: subprocess.CompletedProcess[str], said: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) < 10, done.stderr[-2000:]
    assert said in done.stderr, done.stderr


@pytest.fixture
def event_folder(tmp_path: Path) -> Path:
    shutil.copytree(EVENT, tmp_path / "event")
    return tmp_path / "event"


# --- the TOML read bounded ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["check", "standings", "schedule", "deals"])
def test_an_event_file_of_long_dotted_keys_is_refused_before_it_is_read(tmp_path: Path, command: str) -> None:
    path = tmp_path / "dotted.event.toml"
    path.write_text(DOTTED_EVENT, encoding="utf-8")
    _refused(arbiter("event", command, path), f"more than {MAX_KEY_PARTS} dotted parts")


@pytest.mark.parametrize("command", ["check", "standings", "schedule", "deals"])
def test_an_event_file_of_nine_hundred_nested_arrays_is_a_usage_error(tmp_path: Path, command: str) -> None:
    path = tmp_path / "nested.event.toml"
    path.write_text(NESTED_EVENT, encoding="utf-8")
    _refused(arbiter("event", command, path), f"nest at most {MAX_NESTING} deep")


def test_a_rulebook_of_long_dotted_keys_is_refused_before_it_is_read(tmp_path: Path) -> None:
    book = tmp_path / "dotted.rules.toml"
    book.write_text('name = "Dots"\nversion = 1\nfamily = "hoyle"\n' + "rules." * 40_000 + "x = 1\n", encoding="utf-8")
    _refused(arbiter("rules", "--house", book), f"more than {MAX_KEY_PARTS} dotted parts")


def test_an_event_file_of_more_keys_than_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "many.event.toml"
    path.write_text("".join(f"k{n} = 1\n" for n in range(MAX_KEYS + 1)), encoding="utf-8")
    _refused(arbiter("event", "check", path), f"at most {MAX_KEYS:,} keys")


def test_an_event_file_of_a_key_longer_than_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.event.toml"
    path.write_text('"' + "k" * MAX_KEY_LENGTH + '" = 1\n', encoding="utf-8")
    _refused(arbiter("event", "check", path), f"a key is at most {MAX_KEY_LENGTH:,} characters")


def test_a_dotted_key_as_a_table_header_is_refused_too(tmp_path: Path) -> None:
    path = tmp_path / "header.event.toml"
    path.write_text("[" + "a." * 30_000 + "a]\nb = 1\n", encoding="utf-8")
    _refused(arbiter("event", "check", path), "dotted parts")


def test_an_innocent_record_beside_a_nested_event_file_is_judged_as_ever(tmp_path: Path) -> None:
    (tmp_path / "nested.event.toml").write_text(NESTED_EVENT, encoding="utf-8")
    record = tmp_path / "game.acn"
    shutil.copy(SAMPLES / "event" / "round-1" / "table-1.acn", record)
    done = arbiter("check", record)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "internal error" not in done.stdout + done.stderr


# --- the event's folder walked as `arbiter check` walks one ---------------------------------------


def test_a_record_linked_to_an_endless_device_is_not_read(event_folder: Path) -> None:
    record = event_folder / "round-1" / "table-1.acn"
    record.unlink()
    record.symlink_to("/dev/zero")
    done = arbiter("event", "check", event_folder / "club-night.event.toml")
    assert done.returncode == 1, done.stderr[-2000:]
    assert f"{record}: record-outside" in done.stdout


def test_a_record_linked_to_a_secret_file_outside_the_folder_prints_none_of_it(
    event_folder: Path, tmp_path: Path
) -> None:
    secret = tmp_path / "secrets.txt"
    secret.write_text("".join(f"TOKEN_{n}=hunter2-very-secret-{n}\n" for n in range(20)), encoding="utf-8")
    record = event_folder / "round-1" / "table-1.acn"
    record.unlink()
    record.symlink_to(secret)
    done = arbiter("event", "check", event_folder / "club-night.event.toml")
    assert done.returncode == 1, done.stderr[-2000:]
    assert "TOKEN_" not in done.stdout + done.stderr and "hunter2" not in done.stdout + done.stderr
    assert f"{record}: record-outside: the table's record is a link leading out of the event's folder" in done.stdout


def test_a_record_linked_within_the_folder_is_read(event_folder: Path) -> None:
    record = event_folder / "round-1" / "table-1.acn"
    kept = event_folder / "kept-table-1.acn"
    record.rename(kept)
    record.symlink_to(kept)
    done = arbiter("event", "check", event_folder / "club-night.event.toml")
    assert done.returncode == 0, done.stdout[-2000:]


def test_a_named_pipe_as_a_record_does_not_hang_the_check(event_folder: Path) -> None:
    record = event_folder / "round-1" / "table-1.acn"
    record.unlink()
    os.mkfifo(record)
    done = arbiter("event", "check", event_folder / "club-night.event.toml")
    assert done.returncode == 1, done.stderr[-2000:]
    assert f"{record}: record-not-a-file" in done.stdout


def test_a_named_pipe_as_an_event_file_beside_a_record_does_not_hang_its_check(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.event.toml")
    record = tmp_path / "game.acn"
    shutil.copy(SAMPLES / "event" / "round-1" / "table-1.acn", record)
    done = arbiter("check", record)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def test_a_named_pipe_as_an_event_file_is_a_usage_error(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.event.toml")
    _refused(arbiter("event", "check", tmp_path / "pipe.event.toml"), "not a regular file")
