"""The web UI and JSON API of ``kb serve`` (FastAPI, jinja2 templates, one CSS file)."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path

from kb.core.errors import KbError
from kb.web.app import create_app


def serve(home: Path, host: str, port: int) -> None:
    """Serve the KB in ``home`` until interrupted (Ctrl-C stops it cleanly)."""
    import uvicorn

    app = create_app(home)
    sock = listen(host, port)
    shown = f"[{host}]" if ":" in host else host
    print(f"kb: serving {home} at http://{shown}:{sock.getsockname()[1]}/ (Ctrl-C stops)", flush=True)
    # uvicorn shuts down gracefully on Ctrl-C, then raises it again: here, the normal way to stop
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


def listen(host: str, port: int) -> socket.socket:
    """A listening socket, or a clear error (a port taken, out of range, an unknown host)
    before any server starts; port 0 takes a free one."""
    if not 0 <= port <= 65535:
        raise KbError(f"--port must be between 0 and 65535 (got {port})")
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family)
    except OSError as err:
        raise KbError(f"cannot listen on {host}:{port}: {err.strerror or err}") from err


__all__ = ["create_app", "serve"]
