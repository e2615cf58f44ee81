"""Shared test configuration.

Every test must run: a skipped test (a missing browser, a missing package) fails the session, so
`make test` passing means every test passed, never that some quietly did not run. And the tests run
the code as it is: a compiled module built before its source last changed stops the session.
"""

from __future__ import annotations

import pytest

from arbiter.compiled import stale_modules


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = stale_modules()
    if stale:
        pytest.exit(
            f"compiled before their source last changed: {', '.join(stale)}; "
            '`make install` builds them again (docs/performance.md, "Compiled with mypyc")',
            returncode=pytest.ExitCode.USAGE_ERROR,
        )


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
