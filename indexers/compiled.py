"""Regular expressions compiled by the index build, made again by a query from their stored code.

A query reads its language's idioms and kinds of question (:func:`indexers.engine.idioms`, about
160 patterns), and a fresh ``kb search`` compiled them before reading its first word: 35-65 ms of
its ~300 ms (session 52, ``python -X importtime`` and timers; Python's ``re`` parses and compiles
a pattern in Python).  The build compiles them once and stores each one's compiled code in the
index folder (``patterns.bin``); a query makes the pattern from it with ``_sre.compile``, the call
``re.compile`` itself ends with, which takes microseconds.

The code is CPython's own, a private format: the file names the interpreter and ``re``'s
``MAGIC`` it was made with, and is not used under another.  The build makes each pattern's code
as ``re.compile`` makes it, and checks the first pattern of each kind equal to ``re.compile``'s
(``re.Pattern`` equality compares the compiled code: :func:`save`).  The file holds the code's
CRC-32, as ``_sre`` takes much damaged code for another valid pattern (a literal's character
changed: 62 of 9,000 patterns read from 300 randomly damaged files, session 52).
A pattern the file does not hold (one changed since the build), a file missing, damaged or of
another interpreter: the pattern is compiled by ``re``, so a query finds what it found without it.
The code is made, written and read by :mod:`kb.core.recode`, which keeps the patterns the ``kb``
command compiles outside the idioms the same way.
"""

from __future__ import annotations

import array
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kb.core import recode
from kb.core.recode import constants as _constants

FILE = "patterns.bin"
FORMAT = 3  # 2: each pattern with the words it needs (:meth:`Stored.needs`); 3: entries as kb.core.recode's


def _parts(source: str, flags: int) -> tuple[recode.Parts, re.Pattern[str], tuple[str, ...]]:
    """What ``_sre.compile`` makes ``source`` compiled with ``flags`` from (:func:`kb.core.recode.parts_of`),
    the pattern made from it, and the words it needs (:meth:`Stored.needs`)."""
    parts, parsed = recode.parts_of(source, flags)
    found = _needed(parsed.data)
    return parts, recode.made(source, parts), tuple(sorted(found)) if found and min(map(len, found)) > 1 else ()


# -- the words a pattern needs ------------------------------------------------------------
# A query's idioms are ~160 patterns, and most find nothing in most queries: a pattern that cannot
# match without one of a few words is not searched in a text holding none of them (the words are
# looked for in :func:`gate_key` of the text, at C speed).  Only letters, digits and spaces of ASCII
# are taken, lowered; the key lowers the text and writes the four characters ``re`` matches to an
# ASCII letter ignoring case ("ı", "İ", "ſ", the Kelvin sign) as those letters (a test checks every
# character), so a pattern ignoring case, or written in lower case and searched casefolded, finds
# nothing in a text whose key holds none of its words.

#: The characters other than ASCII that ``re`` ignoring case, or casefolding, reads as an ASCII letter.
_CASE_TWINS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def gate_key(text: str) -> str:
    """``text`` as a pattern's words (:meth:`Stored.needs`) are looked for in it."""
    return text.translate(_CASE_TWINS).lower()


def _needed(items: Any) -> set[str] | None:
    """Words one of which a match of the parsed sequence ``items`` holds (None: none known).  Each item of
    a sequence is matched, so any item's words will do: the most telling are kept (the longest shortest
    word, then the fewest); a run of literal characters is a word; a group, a repeat at least once, a
    positive look-around: its content's; alternatives: all of theirs, if each has some."""
    best: set[str] | None = None
    run: list[str] = []
    for op, av in [*items, (None, None)]:  # the sentinel ends the last run
        if op is _constants.LITERAL and av < 128 and (chr(av).isalnum() or chr(av) == " "):
            run.append(chr(av).lower())
            continue
        if run:
            best = _telling(best, {"".join(run)})
            run = []
        if op is _constants.SUBPATTERN:
            best = _telling(best, _needed(av[-1].data))
        elif op is _constants.ATOMIC_GROUP:
            best = _telling(best, _needed(av.data))
        elif op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT) and av[0] >= 1:
            best = _telling(best, _needed(av[2].data))
        elif op is _constants.ASSERT:  # a look-ahead or look-behind that must match
            best = _telling(best, _needed(av[1].data))
        elif op is _constants.BRANCH:
            each = [_needed(branch.data) for branch in av[1]]
            if all(words is not None for words in each):
                best = _telling(best, set().union(*each))  # type: ignore[arg-type]
    return best


def _telling(kept: set[str] | None, other: set[str] | None) -> set[str] | None:
    """The more telling of two sets of words: the longer shortest word, then the fewer words."""
    if other is None or not other:
        return kept
    if kept is None:
        return other
    return other if (min(map(len, other)), -len(other)) > (min(map(len, kept)), -len(kept)) else kept


def save(folder: Path, patterns: Iterable[tuple[str, int]], name: str = FILE) -> None:
    """Write the compiled code of ``patterns`` (each a source and the flags it is compiled with)
    into ``folder`` (as ``name``): a line of JSON (the interpreter, and for each pattern its source,
    flags, groups and where its code is), then the code; nothing where this is no CPython whose
    ``re`` makes its patterns as :func:`_parts` does.

    The first pattern of each kind (its flags, with groups or without) is checked equal to
    ``re.compile``'s: the code is made by the functions ``re.compile`` calls, so what could differ
    is the last step, ``_sre.compile``'s arguments, which one pattern of a kind shows as well as
    all (all checked took the build 134 ms more, on top of the 168 ms of making the code)."""
    if not recode.available():
        return
    entries: list[list[Any]] = []
    code: list[int] = []
    checked: set[tuple[int, bool]] = set()
    for source, flags in dict.fromkeys(patterns):
        try:
            (made_flags, words, groups, names, indexgroup), made, needed = _parts(source, flags)
        except Exception:  # noqa: BLE001 - a private API changed: nothing is stored, each pattern compiles as always
            return
        kind = (made_flags, groups > 0)
        if kind not in checked:
            expected = re.compile(source, flags)
            if made != expected or made.flags != expected.flags or made.groupindex != expected.groupindex:
                return
            checked.add(kind)
        entries.append([source, flags, made_flags, len(code), len(words), groups, names, list(indexgroup),
                        list(needed)])
        code.extend(words)
    (folder / name).write_bytes(recode.pack({"format": FORMAT, "patterns": entries}, code))


def refresh(folder: Path, patterns: Iterable[tuple[str, int]]) -> bool:
    """Store ``patterns`` in an index folder in use whose file lacks one of them (an index built by a kb
    before this file, or by another interpreter: ``kb index`` brings it up to date, where it found the index
    current and built nothing).  Written beside, then renamed over the file, so that a search reads
    the old file or the new one; a folder that cannot be written keeps what it has.  Whether it wrote."""
    asked = list(dict.fromkeys(patterns))
    stored = load(folder)
    if not recode.available() or all(stored.holds(*pattern) for pattern in asked):
        return False
    temporary = f"{FILE}.{os.getpid()}.tmp"
    try:
        save(folder, asked, temporary)
        os.replace(folder / temporary, folder / FILE)
    except OSError:
        (folder / temporary).unlink(missing_ok=True)
        return False
    return True


class Stored:
    """The patterns a build stored (:func:`load`), each made from its code when asked for."""

    def __init__(self, entries: dict[tuple[str, int], list[Any]], code: array.array[int]) -> None:
        self._entries = entries
        self._code = code

    def holds(self, source: str, flags: int = 0) -> bool:
        """Whether the build compiled ``source`` with ``flags``."""
        return (source, flags) in self._entries

    def needs(self, source: str, flags: int = 0) -> tuple[str, ...]:
        """The words one of which a match of ``source`` (compiled with ``flags``) holds in its text's
        :func:`gate_key`; none where unknown (the pattern is searched in every text)."""
        entry = self._entries.get((source, flags))
        return entry[6] if entry is not None else ()

    def compile(self, source: str, flags: int = 0) -> re.Pattern[str]:
        """``re.compile(source, flags)``: made from its stored code where the build stored it."""
        entry = self._entries.get((source, flags))
        if entry is not None:
            try:
                return recode.made(source, recode.entry_parts(entry, self._code))
            except Exception:  # noqa: BLE001 - code that does not load (``_sre`` checks it): compiled as always
                pass
        return re.compile(source, flags)


#: No patterns stored: each compiled by ``re``.
NOTHING = Stored({}, array.array(recode.WORD))


class Recorder(Stored):
    """Each pattern asked for noted (``asked``), what a build stores, and none compiled: the idioms made
    while recording are thrown away, and :func:`save` compiles each pattern (compiled here too, they
    took the build 149 ms more)."""

    def __init__(self) -> None:
        super().__init__({}, array.array(recode.WORD))
        self.asked: list[tuple[str, int]] = []

    def compile(self, source: str, flags: int = 0) -> re.Pattern[str]:
        self.asked.append((source, flags))
        return _UNCOMPILED


_UNCOMPILED = re.compile("")  # what a recorder gives for every pattern it notes


def load(folder: Path) -> Stored:
    """The patterns stored in ``folder`` (:func:`save`); :data:`NOTHING` for a file missing,
    unreadable, of another format or made by another interpreter."""
    try:
        unpacked = recode.unpack((folder / FILE).read_bytes(), FORMAT)
        if unpacked is None:
            return NOTHING
        header, code = unpacked
        entries: dict[tuple[str, int], list[Any]] = {}
        for source, flags, *entry in header["patterns"]:
            *made, needed = entry
            recode.entry_parts(made, code)  # (checked against the code's length)
            if not (isinstance(source, str) and all(isinstance(word, str) and word for word in needed)):
                return NOTHING
            entries[(source, int(flags))] = [*made, tuple(needed)]
    except (OSError, ValueError, TypeError, KeyError):
        return NOTHING
    return Stored(entries, code)
