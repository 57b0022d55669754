"""Regular expressions made again from their compiled code, as a process before compiled them.

Python's ``re`` parses and compiles a pattern in Python, and kb compiles about 170 patterns at
import and while a query runs: 45-65 ms of a fresh ``kb search`` of 220-420 ms (session 53, timers
around ``re._compiler.compile``).  The compiled code is a list of integers which ``re.compile``
hands to ``_sre.compile``, and that takes microseconds.  So the code is kept in a file, as Python
keeps bytecode in ``__pycache__``: the ``kb`` command puts the file's patterns into ``re``'s own
cache as it starts (:func:`warm`), where ``re.compile`` finds them, and at exit writes the file
again when the process compiled patterns the file lacks (:func:`keep`).  The index build keeps the
idioms' code in a file of the same make (:mod:`indexers.compiled`).

The code is CPython's, in a private format, so it is guarded: a file names the interpreter, its
version and ``re``'s ``MAGIC``, holds its code's CRC-32 (``_sre`` takes much damaged code for other
valid patterns), and is read only by the same interpreter; a pattern is written only once the one
made from its code equals the one ``re`` compiled (``re.Pattern`` equality compares the code).  A
file missing, damaged or of another interpreter, or an ``re`` without these parts: ``re`` compiles
as always.
"""

from __future__ import annotations

import array
import importlib
import json
import os
import re
import sys
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

_sre: Any
_compiler: Any
_parser: Any
constants: Any
try:  # CPython's (private): absent elsewhere, where nothing is stored and re compiles as always
    _sre, _compiler, _parser, constants = (importlib.import_module(name) for name in
                                           ("_sre", "re._compiler", "re._parser", "re._constants"))
except ImportError:  # pragma: no cover - other interpreters
    _sre = _compiler = _parser = constants = None

#: The code's words in a file: the machine's unsigned int, which must hold ``re``'s code words.
WORD = "I"

#: What ``_sre.compile`` makes a pattern from, but its source: the flags, the code, the number of
#: groups, the group names and each group's name.
Parts = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def available() -> bool:
    """Whether this interpreter's ``re`` has the parts a pattern is made again with."""
    return _sre is not None and array.array(WORD).itemsize == _sre.CODESIZE


def interpreter() -> list[Any]:
    """What stored code is valid for: this interpreter, its version and ``re``'s code format."""
    return [sys.implementation.name, sys.version, _sre.MAGIC, _sre.CODESIZE] if _sre is not None else []


def parts_of(source: str, flags: int) -> tuple[Parts, Any]:
    """What ``_sre.compile`` makes ``source`` compiled with ``flags`` from, as ``re._compiler.compile``
    makes it, and the parsed pattern."""
    parsed = _parser.parse(source, flags)
    code = [int(word) for word in _compiler._code(parsed, flags)]
    names = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in names.items():
        indexgroup[index] = name
    return (flags | parsed.state.flags, code, parsed.state.groups - 1, names, tuple(indexgroup)), parsed


def made(source: str, parts: Parts) -> re.Pattern[str]:
    """The pattern ``_sre.compile`` makes of ``source`` and its ``parts``."""
    flags, code, groups, names, indexgroup = parts
    return _sre.compile(source, flags, code, groups, names, tuple(indexgroup))


def pack(header: dict[str, Any], code: Iterable[int]) -> bytes:
    """A file of ``header`` (a line of JSON, with the interpreter and the code's CRC-32 added) and ``code``."""
    body = array.array(WORD, code).tobytes()
    full = {**header, "interpreter": interpreter(), "crc32": zlib.crc32(body)}
    return json.dumps(full, ensure_ascii=True).encode("ascii") + b"\n" + body


def unpack(data: bytes, form: int) -> tuple[dict[str, Any], array.array[int]] | None:
    """The header and code of a file :func:`pack` wrote in format ``form``, by this interpreter,
    undamaged; else None."""
    try:
        line, _, body = data.partition(b"\n")
        header = json.loads(line)
        if (not isinstance(header, dict) or header.get("format") != form or not available()
                or header.get("interpreter") != interpreter() or header.get("crc32") != zlib.crc32(body)):
            return None
        code = array.array(WORD)
        code.frombytes(body)  # a length not a whole number of words: ValueError
    except (ValueError, TypeError):
        return None
    return header, code


def entry_parts(entry: list[Any], code: array.array[int]) -> Parts:
    """The parts of a stored entry ``[flags, start, length, groups, names, indexgroup, ...]``."""
    flags, start, length, groups, names, indexgroup = entry[:6]
    if not (isinstance(names, dict) and isinstance(indexgroup, list) and 0 <= start <= start + length <= len(code)):
        raise ValueError("an entry out of its file's code")
    return int(flags), code[start:start + length].tolist(), int(groups), names, tuple(indexgroup)


# -- the command's cache of every pattern a process compiled ----------------------------------

#: Where the ``kb`` command keeps its patterns' code: beside the package's bytecode, one file per
#: interpreter (an install that cannot be written keeps none, and compiles as before).
CACHE = Path(__file__).resolve().parents[1] / "__pycache__" / f"regex.{sys.implementation.cache_tag}.bin"
FORMAT = 1
#: At most this many patterns kept, those the last process compiled first: ``re``'s cache holds 512, and a
#: process compiling more than the rest pushes the oldest out, which the next module to ask then compiles
#: again.  A query of the default KB compiles about 170 (one whose index lacks its idioms' code, 330).
KEPT = 320

_warmed: dict[tuple[str, int], Parts] = {}  # what this process read from the file


def _cache() -> dict[Any, Any] | None:
    """``re``'s own cache of compiled patterns, keyed ``(type, source, flags)`` (CPython 3.11-3.13)."""
    found = getattr(re, "_cache", None)
    return found if isinstance(found, dict) else None


def warm(path: Path | None = None) -> int:
    """The patterns of the file at ``path`` (:data:`CACHE`) put into ``re``'s cache, each made from its
    code; how many."""
    path = path or CACHE
    cache = _cache()
    if cache is None or not available():
        return 0
    try:
        unpacked = unpack(path.read_bytes(), FORMAT)
    except OSError:
        return 0
    if unpacked is None:
        return 0
    header, code = unpacked
    try:
        for source, flags, *entry in header["patterns"]:
            if not isinstance(source, str):
                break
            parts = entry_parts(entry, code)
            pattern = made(source, parts)
            cache[str, source, int(flags)] = pattern
            _warmed[source, int(flags)] = parts
    except Exception:  # noqa: BLE001 - an entry _sre refuses, or not of the format: what was put in is sound
        return len(_warmed)
    return len(_warmed)


def keep(path: Path | None = None) -> bool:
    """The file at ``path`` (:data:`CACHE`) written again with the patterns in ``re``'s cache, when some
    were compiled since :func:`warm` read it (not where Python writes no bytecode, nor by a process that
    compiled more than :data:`KEPT`: a build compiles 2,062, and the file would have held the last it
    compiled, so that the first query after it compiled all of its own); whether it was written.  Each
    pattern's code is made again and the pattern made from it compared with ``re``'s."""
    path = path or CACHE
    cache = _cache()
    if cache is None or sys.dont_write_bytecode or not available():
        return False
    compiled = {(key[1], key[2]): pattern for key, pattern in list(cache.items())
                if len(key) == 3 and key[0] is str and isinstance(key[2], int) and not key[2] & re.DEBUG}
    new = [key for key in compiled if key not in _warmed]
    if not new or len(new) > KEPT:  # none new; or a build's (2,062: the file would keep its last, no query's)
        return False
    entries: list[list[Any]] = []
    code: list[int] = []
    for source, flags in [*new, *(key for key in compiled if key in _warmed)][:KEPT]:
        pattern = compiled[source, flags]
        try:
            parts = _warmed.get((source, flags)) or parts_of(source, flags)[0]
            again = made(source, parts)
            if again != pattern or again.groupindex != pattern.groupindex:
                continue
        except Exception:  # noqa: BLE001 - a private API changed: this pattern is compiled as always
            continue
        made_flags, words, groups, names, indexgroup = parts
        entries.append([source, flags, made_flags, len(code), len(words), groups, names, list(indexgroup)])
        code.extend(words)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        temporary.write_bytes(pack({"format": FORMAT, "patterns": entries}, code))
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        return False
    return True
