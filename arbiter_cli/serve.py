"""`arbiter serve`: the web service (the JSON API and the paste-a-record page) from an installed
arbiter: gunicorn's master keeping worker processes that each serve with waitress (whole requests
read before the application sees them: arbiter_web/serving/server.py), or where gunicorn does not run (on
Windows) one waitress process.

Before starting, the port is tried: a port another program holds is a usage error that names a
port free at that moment, rather than gunicorn's retries.
"""

from __future__ import annotations

import errno
import os
import socket
from typing import Any

import click

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_WORKERS = 2
DEFAULT_THREADS = 8


PREFIX = "ARBITER"
"""The prefix of the server's settings in the environment (arbiter_web.SETTINGS_PREFIX): ARBITER_PORT."""
SERVER_SETTINGS = ("HOST", "PORT", "WORKERS")
"""Read by `arbiter serve` from ARBITER_<NAME> only, not by their plain names, which shells set for
their own ends (zsh's HOST is the machine's name); `make run`'s HOST, PORT and WORKERS are make's."""


def _setting(name: str, default: Any, kind: click.ParamType[Any]) -> Any:
    """ARBITER_<name> from the environment in Flask's way (arbiter_web.serving.server), as `kind`
    reads it; `default` where it is unset."""
    from arbiter_web.serving.server import environment_setting

    found = environment_setting(name, plain=False)
    if found is None:
        return default
    variable, raw = found
    try:
        return kind.convert(str(raw) if not isinstance(raw, str) else raw, None, None)
    except click.BadParameter as error:
        raise click.UsageError(f"{variable}: {error.message}") from None


def port_problem(host: str, port: int) -> str | None:
    """Why `port` cannot be served on `host` now, with a free port to use instead; None if it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                return f"cannot serve on {host}:{port}: {error.strerror or error}"
        else:
            return None
    other = free_port(host)
    return f"port {port} on {host} is taken by another program; port {other} is free now: --port {other}"


def free_port(host: str) -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def _gunicorn(host: str, port: int, workers: int) -> Any | None:
    """A gunicorn application serving the arbiter, or None where gunicorn does not run."""
    try:
        from gunicorn.app.base import BaseApplication
    except ImportError:  # not installed, or Windows (no fcntl)
        return None

    class Arbiter(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            self.cfg.set("bind", f"[{host}]:{port}" if ":" in host else f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", "arbiter_web.serving.server.ArbiterWorker")
            self.cfg.set("control_socket_disable", True)  # no shared control file: servers side by side stay apart

        def load(self) -> Any:
            from arbiter_web.factory import create_app

            return create_app()

    return Arbiter()


@click.command("serve", short_help="Serve the web API and the paste-a-record page.")
@click.option("--host", default=None, help=f"The address to listen on.  [default: ARBITER_HOST, else {DEFAULT_HOST}]")
@click.option(
    "--port",
    "-p",
    type=click.IntRange(0, 65535),
    default=None,
    help=f"The port to listen on.  [default: ARBITER_PORT, else {DEFAULT_PORT}]",
)
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(min=1),
    default=None,
    help=f"Processes.  [default: ARBITER_WORKERS, else {DEFAULT_WORKERS}]",
)
@click.option(
    "--threads",
    "-t",
    type=click.IntRange(min=2),
    default=None,
    help=f"Threads per process judging whole requests (default {DEFAULT_THREADS}, or ARBITER_SERVER_THREADS).",
)
def serve(host: str | None, port: int | None, workers: int | None, threads: int | None) -> None:
    """Serve the arbiter's JSON API (/api/v1, documented at /api/docs) and the page where a
    record is pasted (/): gunicorn's worker processes, each reading whole requests with waitress
    before judging them in its threads. Stop it with Ctrl-C. Configuration from the environment,
    named as Flask names an app's settings (ARBITER_PORT, ARBITER_WORKERS, ARBITER_MAX_CONTENT_LENGTH,
    ARBITER_RATE_LIMIT, ARBITER_SERVER_READ_TIMEOUT ...; SERVER_* and the app's settings also by
    their plain names: docs/api.md, docs/public.md)."""
    host = host if host is not None else _setting("HOST", DEFAULT_HOST, click.STRING)
    port = port if port is not None else _setting("PORT", DEFAULT_PORT, click.IntRange(0, 65535))
    workers = workers if workers is not None else _setting("WORKERS", DEFAULT_WORKERS, click.IntRange(min=1))
    problem = port_problem(host, port) if port else None
    if problem:
        raise click.UsageError(problem)
    if threads is not None:
        os.environ[f"{PREFIX}_SERVER_THREADS"] = str(threads)  # read by each worker, over any other name
    server = _gunicorn(host, port, workers)
    if server is not None:
        server.run()
        return
    import waitress

    from arbiter_web.factory import create_app
    from arbiter_web.serving.server import ServerSettings

    click.echo("gunicorn is not available here: serving with waitress alone, one process", err=True)
    settings = ServerSettings.from_environment()
    waitress.serve(create_app(), host=host, port=port, **settings.waitress_options())
