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
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="The address to listen on.")
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True)
@click.option(
    "--workers", "-w", type=click.IntRange(min=1), default=DEFAULT_WORKERS, show_default=True, help="Processes."
)
@click.option(
    "--threads",
    "-t",
    type=click.IntRange(min=2),
    default=None,
    help=f"Threads per process judging whole requests (default {DEFAULT_THREADS}, or SERVER_THREADS).",
)
def serve(host: str, port: int, workers: int, threads: int | None) -> None:
    """Serve the arbiter's JSON API (/api/v1, documented at /api/docs) and the page where a
    record is pasted (/): gunicorn's worker processes, each reading whole requests with waitress
    before judging them in its threads. Stop it with Ctrl-C. Configuration from the environment:
    MAX_CONTENT_LENGTH, MAX_GAMES, RATE_LIMIT, SERVER_READ_TIMEOUT ... (docs/api.md, docs/public.md)."""
    problem = port_problem(host, port) if port else None
    if problem:
        raise click.UsageError(problem)
    if threads is not None:
        os.environ["SERVER_THREADS"] = str(threads)  # read by each worker (arbiter_web.serving.server)
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
