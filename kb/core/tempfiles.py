"""Temporary files and folders that say whether their writer is still alive.

A build writes its new KB (and its search index) under a temporary name and renames it
into place.  A build killed with ``kill -9`` leaves that temporary behind; the next
build must remove it, but never one that another build is writing right now.  So the
writer holds an advisory lock (``flock``) on what it writes for as long as it writes:
the kernel drops the lock when the writer dies, however it dies, and a temporary no
one holds is a leftover.  A lock (:func:`locked`, on a lock file or a folder) serializes the
writers of one place the same way: a dead holder never blocks the next.

Temporaries are made with the modes a file or folder made by ``open`` or ``mkdir`` has
(:func:`new_file`, :func:`new_folder`: the umask decides), not :mod:`tempfile`'s private
0600 and 0700: renamed into place, they are the KB a server run by another user reads.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path


def new_file(folder: Path, prefix: str, suffix: str = "") -> tuple[int, Path]:
    """A new empty file in ``folder`` under a name no one else has, open for writing (as
    :func:`tempfile.mkstemp`, but with the mode ``open`` gives a new file: 0644 under umask 022)."""
    while True:
        path = folder / f"{prefix}{os.urandom(6).hex()}{suffix}"
        try:
            return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666), path
        except FileExistsError:
            continue


def new_folder(folder: Path, prefix: str) -> Path:
    """A new empty folder in ``folder`` under a name no one else has (as :func:`tempfile.mkdtemp`,
    but with the mode ``mkdir`` gives: 0755 under umask 022)."""
    while True:
        path = folder / f"{prefix}{os.urandom(6).hex()}"
        try:
            path.mkdir(0o777)
            return path
        except FileExistsError:
            continue


def open_lock(path: Path) -> int:
    """The lock file ``path``, made if missing, open for :func:`locked` (an ``OSError`` when the
    folder cannot be written: the caller says where)."""
    return os.open(path, os.O_RDWR | os.O_CREAT, 0o666)


@contextlib.contextmanager
def locked(fd: int, waiting: Callable[[int | None], object] | None = None) -> Iterator[None]:
    """Hold the file or folder open as ``fd`` (:func:`open_lock`, or a folder opened read-only)
    locked exclusively for the block, then close it.  When another process holds it, ``waiting``
    is told that process's id (None where the system does not say) and the lock is waited for.
    The kernel drops the lock of a process that dies, however it dies: a dead one never blocks."""
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting is not None:
                waiting(_holder(fd))
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _holder(fd: int) -> int | None:
    """The id of the process holding a ``flock`` on the file open as ``fd``, as Linux's
    ``/proc/locks`` says (``1: FLOCK  ADVISORY  WRITE 2740 08:01:1234 0 EOF``)."""
    st = os.fstat(fd)
    file = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        lines = Path("/proc/locks").read_text(encoding="ascii", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == file and fields[4].isdigit():
            return int(fields[4])
    return None


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
