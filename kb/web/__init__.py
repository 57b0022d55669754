"""The web UI and JSON API of ``kb serve`` (FastAPI, jinja2 templates, one CSS file)."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import socket
import tempfile
from pathlib import Path
from typing import Any

from kb.core import collecting
from kb.core.errors import KbError
from kb.web.app import ENVIRONMENT, create_app
from kb.web.serving import SECURITY_HEADERS, STALE_MAX, Options

#: Hosts a browser may name in its Host header whatever the address served.
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
#: Connections the kernel holds before the workers accept them (Python's default is 128).
BACKLOG = 2048
#: The longest ``--time-budget``: past a few minutes a reader has gone and proxies have timed out.
MAX_BUDGET = 600.0


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def allowed_hosts(host: str, extra: list[str] | None) -> tuple[str, ...] | None:
    """The Host header values answered: the address served, the local names, the
    machine's names when every address is served, and ``extra`` (``*``: any)."""
    extra = [name.strip().lower().strip("[]") for name in extra or []]
    if "*" in extra:
        return None
    names = [host.lower().strip("[]"), *LOCAL_NAMES, *extra]
    if host in ("", "0.0.0.0", "::"):
        names += [socket.gethostname().lower(), socket.getfqdn().lower()]
    return tuple(dict.fromkeys(names))


def serve(home: Path, host: str, port: int, workers: int | None = None, extra_hosts: list[str] | None = None,
          pending: int | None = None, budget: float | None = None, stale: float | None = None) -> None:
    """Serve the KB in ``home`` until interrupted (Ctrl-C stops it cleanly) with
    ``workers`` processes (default: one per core) sharing one listening socket."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    collecting.usual()  # a server runs on: it collects garbage as Python does, not as a one-shot command
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise KbError(f"--workers must be at least 1 (got {workers})")
    options = Options(allowed_hosts=allowed_hosts(host, extra_hosts), server_headers=True)
    if pending is not None:
        options = dataclasses.replace(options, pending=pending)
    if options.pending < 1:
        raise KbError(f"--max-pending must be at least 1 (got {options.pending})")
    if budget is not None:
        if not 0 < budget <= MAX_BUDGET:
            raise KbError(f"--time-budget must be more than 0 and at most {MAX_BUDGET:g} seconds (got {budget:g})")
        options = dataclasses.replace(options, deadline=budget)
    if stale is not None:
        if not 0 <= stale <= STALE_MAX:
            raise KbError(f"--stale-seconds must be from 0 to {STALE_MAX:g} seconds (got {stale:g})")
        options = dataclasses.replace(options, stale=stale)
    home = home.absolute()
    app = create_app(home, options)  # checks the KB now: no KB, a clear error before any worker starts
    sock = listen(host, port)
    shown = f"[{host}]" if ":" in host else host
    print(f"kb: serving {home} at http://{shown}:{sock.getsockname()[1]}/ with {workers} worker"
          f"{'s' if workers > 1 else ''} (Ctrl-C stops)", flush=True)
    # uvicorn adds the security headers to every answer, its own included (a 400 for a request line
    # it cannot parse, a 100 KB URL, never reaches the app); no Server header
    settings: dict[str, Any] = {"log_level": "warning", "server_header": False, "timeout_keep_alive": 15,
                                "headers": [(k.decode(), v.decode()) for k, v in SECURITY_HEADERS]}
    # uvicorn shuts down gracefully on Ctrl-C, then raises it again: here, the normal way to stop
    with contextlib.suppress(KeyboardInterrupt):
        if workers == 1:
            uvicorn.Server(uvicorn.Config(app, **settings)).run(sockets=[sock])
        else:
            shared = tempfile.mkdtemp(prefix="kb-serve-")  # the workers' shared answers, gone at the end
            try:
                options = dataclasses.replace(options, shared=os.path.join(shared, "answers.sqlite"))
                os.environ[ENVIRONMENT] = f"{home}\n{options.to_json()}"
                config = uvicorn.Config("kb.web.app:from_environment", factory=True, workers=workers, **settings)
                Multiprocess(config, sockets=[sock]).run()
            finally:
                shutil.rmtree(shared, ignore_errors=True)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket, or a clear error (a port taken, out of range, an unknown host)
    before any server starts; port 0 takes a free one."""
    if not 0 <= port <= 65535:
        raise KbError(f"--port must be between 0 and 65535 (got {port})")
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family, backlog=BACKLOG)
    except OSError as err:
        raise KbError(f"cannot listen on {host}:{port}: {err.strerror or err}") from err


__all__ = ["create_app", "serve"]
