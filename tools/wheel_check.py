"""The check each release wheel passes before it is kept (pyproject.toml's [tool.cibuildwheel]): the
installed arbiter runs its reader and engine compiled, and judges every sample record as its name
says (`-illegal-` in the name: a game in it is illegal; otherwise every game is valid).
`python tools/wheel_check.py SAMPLES_FOLDER`; exits 1 otherwise, saying why."""

from __future__ import annotations

import sys
from pathlib import Path

import arbiter
from arbiter.compiled import compiled_modules

CORE = ("arbiter.engine.melding", "arbiter.notation.reading")  # two of the modules setup.py compiles


def main(samples: Path) -> int:
    compiled = compiled_modules()
    missing = [module for module in CORE if module not in compiled]
    if missing:
        print(f"not compiled: {', '.join(missing)} (arbiter from {Path(arbiter.__file__).parent})", file=sys.stderr)
        return 1
    records = sorted(samples.glob("*.acn"))
    wrong = surprises(records)
    if not records or wrong:
        print(f"judged otherwise than named: {', '.join(wrong) or f'no samples in {samples}'}", file=sys.stderr)
        return 1
    print(f"{len(compiled)} modules compiled; {len(records)} samples judged as named")
    return 0


def surprises(records: list[Path]) -> list[str]:
    """The names of the records not judged as they are named."""
    wrong = []
    for path in records:
        verdicts = {str(ruling.verdict) for ruling in arbiter.check(path.read_bytes())}
        expected = "illegal" in verdicts if "-illegal-" in path.name else verdicts == {"valid"}
        if not expected:
            wrong.append(path.name)
    return wrong


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
