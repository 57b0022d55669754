"""Temporary files and folders that say whether their writer is still alive.

A build writes its new KB (and its search index) under a temporary name and renames it
into place.  A build killed with ``kill -9`` leaves that temporary behind; the next
build must remove it, but never one that another build is writing right now.  So the
writer holds an advisory lock (``flock``) on what it writes for as long as it writes:
the kernel drops the lock when the writer dies, however it dies, and a temporary no
one holds is a leftover.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
from pathlib import Path


def hold(path: Path) -> int:
    """Lock a temporary (file or folder) this process writes; returns the descriptor
    to :func:`release` once it is renamed into place or removed."""
    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def release(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)


def held(path: Path) -> bool:
    """Whether a live process holds ``path`` (a vanished path is not held)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def sweep(folder: Path, pattern: str) -> list[Path]:
    """Remove the temporaries matching ``pattern`` in ``folder`` that no live process
    holds; return what was removed."""
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for entry in sorted(folder.glob(pattern)):
        if held(entry):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            try:
                entry.unlink()
            except OSError:  # gone meanwhile, or not ours to remove: the build goes on
                continue
        removed.append(entry)
    return removed
