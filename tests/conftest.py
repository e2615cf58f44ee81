"""Shared test configuration.

Every test must run: a skipped test (a missing browser, a missing package) fails the session, so
`make test` passing means every test passed, never that some quietly did not run.

`make test` runs twice: every test on the Python source (the checkout's editable install), then the
core's tests on the compiled build (a wheel installed in its own environment), with
`ARBITER_TEST_BUILD=compiled`. A test marked `compiled` compares that build with the source: it
runs in the second run and is deselected in the first, where there is no build to compare.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# No test is timed (a loaded 2-core machine must pass as a quiet one does): Hypothesis's per-example
# deadline is a timed assertion, so it is off for every property test.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

BUILDS = ("source", "compiled")


def session_build() -> str:
    """The build the session runs: `source` unless ARBITER_TEST_BUILD says `compiled`."""
    return os.environ.get("ARBITER_TEST_BUILD", "source")


def pytest_configure(config: pytest.Config) -> None:
    if session_build() not in BUILDS:
        raise pytest.UsageError(f"ARBITER_TEST_BUILD={session_build()!r}; it is one of {', '.join(BUILDS)}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if session_build() == "compiled":
        return
    compared = [item for item in items if item.get_closest_marker("compiled")]
    if compared:
        config.hook.pytest_deselected(items=compared)
        items[:] = [item for item in items if not item.get_closest_marker("compiled")]


def _skipped(config: pytest.Config) -> list[pytest.TestReport]:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return list(reporter.stats.get("skipped", [])) if reporter is not None else []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    skipped = _skipped(config)
    if not skipped:
        return
    terminalreporter.write_sep("=", "skipped tests fail the run", red=True, bold=True)
    for report in skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        terminalreporter.write_line(f"SKIPPED {report.nodeid}: {reason}")
    terminalreporter.write_line(
        f"{len(skipped)} skipped: every test must run; `make test` installs what they need", red=True
    )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _skipped(session.config) and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
