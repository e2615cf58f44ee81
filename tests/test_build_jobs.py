"""The compiled build uses every core (setup.py): one C file a module, compiled side by side,
`ARBITER_COMPILE_JOBS` at once, by the same compiler steps setuptools takes one file at a time."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).parent.parent


def setup_module_itself() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arbiter_setup_jobs", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # not as __main__: nothing is built
    return setup


SETUP = setup_module_itself()


def test_the_build_compiles_as_many_files_at_once_as_the_machine_has_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SETUP.JOBS, raising=False)
    assert SETUP.compile_jobs() == (SETUP.os.cpu_count() or 1)
    monkeypatch.setenv(SETUP.JOBS, "3")
    assert SETUP.compile_jobs() == 3


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_a_number_of_jobs_that_is_not_a_whole_number_from_one_up_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(SETUP.JOBS, value)
    with pytest.raises(SystemExit, match=SETUP.JOBS):
        SETUP.compile_jobs()


def test_files_compiled_side_by_side_are_every_file_compiled(tmp_path: Path) -> None:
    from distutils.ccompiler import new_compiler
    from distutils.sysconfig import customize_compiler

    sources = []
    for i in range(5):
        source = tmp_path / f"part{i}.c"
        source.write_text(f"int part{i}(void) {{ return {i}; }}\n", encoding="utf-8")
        sources.append(str(source))
    compiler = new_compiler()
    customize_compiler(compiler)
    objects = SETUP.side_by_side(compiler, 2)(sources, output_dir=str(tmp_path / "objects"))
    assert len(objects) == len(sources)
    assert all(Path(obj).stat().st_size > 0 for obj in objects)


def test_a_file_that_fails_to_compile_fails_the_build(tmp_path: Path) -> None:
    from distutils.ccompiler import new_compiler
    from distutils.errors import CompileError
    from distutils.sysconfig import customize_compiler

    good, bad = tmp_path / "good.c", tmp_path / "bad.c"
    good.write_text("int good(void) { return 1; }\n", encoding="utf-8")
    bad.write_text("int bad(void) { return }\n", encoding="utf-8")
    compiler = new_compiler()
    customize_compiler(compiler)
    with pytest.raises(CompileError):
        SETUP.side_by_side(compiler, 2)([str(good), str(bad)], output_dir=str(tmp_path / "objects"))
