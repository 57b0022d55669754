"""The real `kb` command, run as a user runs it: a new process with its own KB home; or,
for a test of what a command answers, its `main` in the test's own process."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
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


def kb_json(*args: object, home: Path, code: int = 0) -> Any:
    """Run with ``--json``; the command must exit ``code`` (1: a search that found nothing) and print JSON."""
    result = kb(*args, "--json", home=home)
    assert result.returncode == code, (args, result.stderr)
    return json.loads(result.stdout)


def kb_here(*args: object, home: Path, input: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    """``kb ARGS --home HOME`` answered by :func:`kb.cli.main` in this process, its output
    and exit code caught as :func:`kb` catches a process's (``input``: its standard input, text or bytes):
    for the tests of what a command answers (its text, its JSON, its "not found") on a KB
    they only read.  A new `kb` process costs 0.1-0.2 s of CPU before it answers (the
    interpreter, kb's imports) and the suite started about 560 of them.  What is about the
    process itself (its start, exit codes as the shell sees them, signals, the environment,
    a build, a KB changed or damaged under it) stays with :func:`kb`."""
    from kb.cli import main

    argv = [*map(str, args), "--home", str(home)]
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    try:
        raw = input.encode("utf-8", "surrogateescape") if isinstance(input, str) else input or b""
        # with its bytes, read as a process reads them (bytes not UTF-8 become lone surrogates)
        sys.stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors="surrogateescape")
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except SystemExit as exit_:  # argparse refusing the command line
        code = exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
    finally:
        sys.stdin = stdin
    return subprocess.CompletedProcess(["kb", *argv], code, out.getvalue(), err.getvalue())


def kb_json_here(*args: object, home: Path, code: int = 0) -> Any:
    """:func:`kb_json` answered in this process (:func:`kb_here`)."""
    result = kb_here(*args, "--json", home=home)
    assert result.returncode == code, (args, result.stderr)
    return json.loads(result.stdout)
