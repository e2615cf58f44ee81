"""The Burraco evening's sample (samples/events/burraco-evening) is what tools/burraco_evening.py
writes, byte for byte: the event file and the 48 score sheets, the Danish round seated on the
standings of the rounds before it, the three faulty sheets as the scoring room saw them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "events" / "burraco-evening"


def files(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


def test_the_generator_writes_the_sample_byte_for_byte(tmp_path):
    written = tmp_path / "evening"
    subprocess.run([sys.executable, str(ROOT / "tools" / "burraco_evening.py"), str(written)], check=True, cwd=tmp_path)
    made, kept = files(written), files(SAMPLE)
    assert sorted(made) == sorted(kept) and len(kept) == 49
    assert [name for name in kept if made[name] != kept[name]] == []
