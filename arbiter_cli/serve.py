"""`arbiter serve`: the web service (the JSON API and the paste-a-record page) from an installed
arbiter, with gunicorn where it runs (not on Windows), else Werkzeug's server.

Before starting, the port is tried: a port another program holds is a usage error that names a
port free at that moment, rather than gunicorn's retries.
"""

from __future__ import annotations

import errno
import socket
from typing import Any

import click

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_WORKERS = 2


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
            self.cfg.set("accesslog", "-")

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
def serve(host: str, port: int, workers: int) -> None:
    """Serve the arbiter's JSON API (/api/v1, documented at /api/docs) and the page where a
    record is pasted (/), with gunicorn. Stop it with Ctrl-C. Configuration from the environment:
    MAX_CONTENT_LENGTH and MAX_GAMES (docs/api.md)."""
    problem = port_problem(host, port) if port else None
    if problem:
        raise click.UsageError(problem)
    server = _gunicorn(host, port, workers)
    if server is not None:
        server.run()
        return
    from werkzeug.serving import run_simple

    from arbiter_web.factory import create_app

    click.echo("gunicorn is not available here: serving with Werkzeug's server, one process", err=True)
    run_simple(host, port, create_app(), threaded=True)
