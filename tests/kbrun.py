"""The real `kb` command, run as a user runs it: a new process with its own KB home."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def kb(*args: object, home: Path | None, timeout: float = 600, **options: Any) -> subprocess.CompletedProcess[str]:
    """Run ``python -m kb ARGS --home HOME`` (never the caller's KB_HOME); ``options``
    go to :func:`subprocess.run` (``cwd``, ``env``, ``preexec_fn`` ...).

    The process may keep kb's compiled bytecode, as an installed kb does: where
    ``PYTHONDONTWRITEBYTECODE`` is set (CI's environment), every one of the suite's `kb`
    processes compiled kb's modules from source, 56-61 ms of CPU each (measured on
    `kb show` and `kb search` from a clone without ``__pycache__``)."""
    command = [sys.executable, "-m", "kb", *map(str, args)] + (["--home", str(home)] if home else [])
    options.setdefault("cwd", home.parent if home else None)
    env = options.pop("env", None)
    options["env"] = {k: v for k, v in (os.environ if env is None else env).items() if k != "PYTHONDONTWRITEBYTECODE"}
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, **options)


def kb_json(*args: object, home: Path) -> Any:
    """Run with ``--json``; the command must succeed and print JSON."""
    result = kb(*args, "--json", home=home)
    assert result.returncode == 0, (args, result.stderr)
    return json.loads(result.stdout)
