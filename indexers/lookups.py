"""What every search process read from the KB before its first query, read once at
build time and stored beside the index (``lookups.json``).

A fresh ``kb search`` spent 50–100 ms (session 5, loaded machine) making the same
tables from the KB's rows at every start: the one box's names of things (glossary
headwords and aliases, headings, each with the rules it leads to), the card names' keys,
the rule identities (to expand an address such as ``601.2a-h``), and the words the
learned lexicons hold per language (what spelling correction and language detection
ask of :meth:`indexers.translate.Translator.vocabulary`); and the English names of the
languages the KB and its lexicons hold (what a search's header says: babel's tables took a
fresh ``kb search`` 20-40 ms to load, session 52).  They are pure functions of
the KB file, like the index, so :func:`save` writes them into the index folder when
the index is built and :func:`load` reads them with one ``json.loads``.

The file is valid exactly when its index folder is (named after the KB, stamped or
hashed against the file: :func:`indexers.index.found`), and it names the KB build it
was made from besides: a file of another build, of another format, missing or
unreadable is not used, and the tables are made from the KB as before (the same
tables: ``tests/test_fresh_search.py``).

The card names themselves are not in the file (format 2): the one box looks up the few
it needs by key in the KB's indexed ``card_names`` table, and only their keys by
script, what a misspelled name is compared with, are stored.  The entries were two
thirds of the file (session 12: 3.26 MB → 0.89 MB) and 180 ms of a fresh ``kb search``
(cProfile: reading the file 211 → 29 ms).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from kb.core.lang import language_name
from kb.core.rulenum import RuleNumber
from kb.core.text import word_key
from kb.graph.names import script_class
from kb.store import onebox as box_store
from kb.store import rules as store

if TYPE_CHECKING:
    from indexers.translate import Translator

FILE = "lookups.json"
#: Bump when what is stored, or how a table is made from the rows, changes.
FORMAT = 2

Group = tuple[str, str | None]
T = TypeVar("T")


class Rows(Mapping[str, list[T]], Generic[T]):
    """key -> entries, each entry made from its stored row when its key is first asked
    for: a query asks for one or two keys of thousands (making them all took 7 ms)."""

    def __init__(self, rows: dict[str, list[list[Any]]], make: Callable[[str, list[Any]], T]) -> None:
        self._rows = rows
        self._make = make
        self._made: dict[str, list[T]] = {}

    def __getitem__(self, key: str) -> list[T]:
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = [self._make(key, row) for row in self._rows[key]]
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, key: object) -> bool:
        return key in self._rows


@dataclass(frozen=True)
class Lookups:
    """The tables, as the one box and the translator use them."""

    folder: Path                                 # the index folder they were stored in
    numbers: list[str]                           # the rule identities, as written
    names: Mapping[str, list[box_store.Name]]    # word_key -> names, in the store's order
    lexicon_words: dict[str, frozenset[str]]     # language -> Translator.vocabulary(language)
    name_choices: dict[str, list[str]]           # script -> the keys of ``names`` (:func:`by_script`)
    card_choices: dict[str, list[str]]           # script -> the card names' keys (box_store.card_name_keys)
    name_langs: frozenset[str]                   # the languages holding names
    language_names: dict[str, str]               # tag -> its English name (kb.core.lang.language_name)

    @cached_property
    def identities(self) -> Identities:
        """The rule identities held, as an address asks for them."""
        return Identities(self.numbers)


class Identities(Collection[RuleNumber]):
    """Rule numbers held, asked "is this one held?" through their written form.

    An address checks a number or walks a range of siblings one lookup at a time
    (:func:`kb.core.refs.expand`), which the written forms answer as they are; parsing
    every identity first took 8-20 ms of a fresh ``kb search 702.102``.  Iterating (a
    range across rules) parses them then, once.  ``str`` of a :class:`RuleNumber` is
    one-to-one with it, so the answers are those of the set of parsed numbers."""

    def __init__(self, numbers: Iterable[str]) -> None:
        self._written = frozenset(numbers)

    def __contains__(self, number: object) -> bool:
        return isinstance(number, RuleNumber) and str(number) in self._written

    def __len__(self) -> int:
        return len(self._written)

    def __iter__(self) -> Iterator[RuleNumber]:
        return iter(self._parsed)

    @cached_property
    def _parsed(self) -> frozenset[RuleNumber]:
        return frozenset(RuleNumber.parse(n) for n in self._written)


# -- made from the KB (at build time, or when no valid file is found) -------------------


def names_by_key(conn: sqlite3.Connection, editions: list[Group]) -> dict[str, list[box_store.Name]]:
    """The names of things the one box knows, by their folded form (:func:`word_key`)."""
    by_key: dict[str, list[box_store.Name]] = {}
    for entry in box_store.names(conn, editions):
        key = word_key(entry.text)
        if key:
            by_key.setdefault(key, []).append(entry)
    return by_key


def by_script(keys: Iterable[str]) -> dict[str, list[str]]:
    """The keys by script (:func:`kb.graph.names.script_class`), in their order: what a
    misspelled name is compared with."""
    choices: dict[str, list[str]] = {}
    for key in keys:
        choices.setdefault(script_class(key), []).append(key)
    return choices


def lexicon_langs(translator: Any) -> list[str]:
    """Every language a lexicon reads or writes."""
    return sorted({lang for pair in translator.pairs() for lang in pair})


# -- the file ---------------------------------------------------------------------------


def save(folder: Path, conn: sqlite3.Connection, editions: list[Group], translator: Translator | None = None) -> None:
    """Write the tables of the KB ``conn`` reads, for the index of ``editions``, into ``folder``
    (``translator``: the KB's lexicons, when the caller has read them already)."""
    if translator is None:
        from indexers.translate import Translator  # the index build imports it anyway; a search may not

        translator = Translator.from_store(conn)
    names = names_by_key(conn, editions)
    data = {
        "format": FORMAT,
        "build": store.build_id(conn),
        "editions": [list(group) for group in editions],
        "identities": sorted(str(n) for n in box_store.rule_identities(conn)),
        "names": {key: [[n.text, n.lang, n.kind, list(n.rules), n.term] for n in entries]
                  for key, entries in names.items()},
        "name_choices": by_script(names), "card_choices": by_script(box_store.card_name_keys(conn)),
        "lexicon_words": {lang: sorted(translator.vocabulary(lang)) for lang in lexicon_langs(translator)},
        "language_names": {tag: language_name(tag)
                           for tag in sorted({*store.languages(conn), *lexicon_langs(translator)})},
    }
    (folder / FILE).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_LOADED: dict[tuple[Path, str], Lookups] = {}


def load(folder: Path, conn: sqlite3.Connection, editions: list[Group]) -> Lookups | None:
    """The tables stored in the index ``folder`` (read once per process and folder), or
    None when the file is missing, unreadable, of another format or of another KB build
    or editions than ``conn`` and ``editions``: the caller then makes them from the KB."""
    key = (folder, store.build_id(conn))
    found = _LOADED.get(key)
    if found is None:
        found = _read(folder / FILE, key[1], editions)
        if found is None:
            return None
        _LOADED.clear()
        _LOADED[key] = found
    return found


def _read(path: Path, build: str, editions: list[Group]) -> Lookups | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if (not isinstance(data, dict) or data.get("format") != FORMAT or data.get("build") != build
                or [tuple(g) for g in data.get("editions", ())] != [tuple(g) for g in editions]):
            return None
        numbers = [str(n) for n in data["identities"]]
        names = data["names"]
        if not all(isinstance(rows, list) and all(isinstance(r, list) and len(r) == 5 for r in rows)
                   for rows in names.values()):
            return None
        words = {str(lang): frozenset(found) for lang, found in data["lexicon_words"].items()}
        choices = {kind: {str(script): [str(k) for k in keys] for script, keys in data[kind].items()}
                   for kind in ("name_choices", "card_choices")}
        language_names = {str(tag): str(name) for tag, name in data.get("language_names", {}).items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return Lookups(path.parent, numbers, Rows(names, _name), words, choices["name_choices"], choices["card_choices"],
                   frozenset(row[1] for rows in names.values() for row in rows), language_names)


def _name(key: str, row: list[Any]) -> box_store.Name:
    text, lang, kind, rules, term = row
    return box_store.Name(text, lang, kind, tuple(rules), term)
