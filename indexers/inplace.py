"""whoosh's compound segment read in place, not copied at every open.

whoosh maps a compound segment file (``*.seg``) into memory and hands each file inside
it out as a ``BufferFile`` over that map, but the ``BufferFile`` makes an ``io.BytesIO``
of its buffer, and ``BytesIO`` copies it: every process opening the index copied its
terms and postings (16 MB for seeds + EN + ZH) before the first query: 11–15 ms of a
fresh ``kb search`` (loaded machine, session 5), the map's every page touched.

:class:`ViewFile` reads the map in place (a position over a ``memoryview``).  A query
reads through it a few hundred times at most (counted: about 110 reads, seeks and tells
per query whose terms are new to the process, 2 once they are cached), so reading in
Python costs microseconds.  :func:`install` makes whoosh's compound storage use it; the
bytes read are the same (``tests/test_inplace.py``).
"""

from __future__ import annotations

from typing import Any

from whoosh.filedb import compound
from whoosh.filedb.structfile import BufferFile


class ViewFile:
    """The read side of ``io.BytesIO`` over a buffer, without copying it."""

    __slots__ = ("_view", "_pos", "closed")

    def __init__(self, buf: Any) -> None:
        self._view = memoryview(buf)
        self._pos = 0
        self.closed = False

    def read(self, size: int | None = -1) -> bytes:
        start = self._pos
        end = len(self._view) if size is None or size < 0 else min(start + size, len(self._view))
        self._pos = max(start, end)
        return bytes(self._view[start:end])

    def readline(self, size: int | None = -1) -> bytes:
        start, view = self._pos, self._view
        end = len(view) if size is None or size < 0 else min(start + size, len(view))
        stop = start
        while stop < end:  # a block at a time: a pickle reads few lines, each short
            block = bytes(view[stop:min(stop + 256, end)])
            found = block.find(b"\n")
            if found >= 0:
                stop += found + 1
                break
            stop += len(block)
        self._pos = stop
        return bytes(view[start:stop])

    def seek(self, pos: int, whence: int = 0) -> int:
        base = 0 if whence == 0 else self._pos if whence == 1 else len(self._view)
        if whence not in (0, 1, 2):
            raise ValueError(f"invalid whence ({whence})")
        if base + pos < 0:
            raise ValueError(f"negative seek position {base + pos}")
        self._pos = base + pos
        return self._pos

    def tell(self) -> int:
        return self._pos

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


class InPlaceBufferFile(BufferFile):
    """whoosh's ``BufferFile``, reading its buffer through a :class:`ViewFile`."""

    def __init__(self, buf: Any, name: str | None = None, onclose: Any = None) -> None:
        self._buf = buf
        self._name = name
        self.file = ViewFile(buf)
        self.onclose = onclose
        self.is_real = False
        self.is_closed = False


def install() -> None:
    """The files inside a compound segment are opened as :class:`InPlaceBufferFile`."""
    compound.BufferFile = InPlaceBufferFile
