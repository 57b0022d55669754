"""``kb export``: a part of the KB as JSON lines, for bot authors and other programs.

``--what`` picks the part (rules, glossary, cards, rulings, refs); ``--lang`` and
``--edition`` filter it (an edition by any date it was in force, per language, or
``undated``).  The rows are streamed: the whole KB never sits in memory as JSON.
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

from kb.core.errors import KbError, NotFound
from kb.core.lang import languages_label
from kb.store import export as store_export
from kb.store import rules as store
from kb.views.rules import held_lang, iso_date


@dataclass(frozen=True)
class ExportView:
    rows: Iterator[dict[str, object]]

    def lines(self) -> Iterator[str]:
        for row in self.rows:
            yield json.dumps(row, ensure_ascii=False) + "\n"

    def render(self) -> str:
        return "".join(self.lines())


def export(conn: sqlite3.Connection, what: str, langs: list[str] | None, edition: str | None) -> ExportView:
    """The rows of one part of the KB, in the languages and editions asked for."""
    if what not in store_export.READERS:
        raise KbError(f"nothing to export as {what!r} (choose from {', '.join(store_export.PARTS)})")
    tags = [held_lang(conn, lang) for lang in langs] if langs else None
    editions = None
    if edition is not None:
        editions = _editions(conn, tags or store.languages(conn), edition)
    rows = store_export.READERS[what](conn, tags, editions)
    first = next(rows, None)  # read now: an empty answer to --lang is said before any output starts
    if first is None and tags:
        raise NotFound(f"the KB holds no {NOUNS[what]} in {languages_label(tags)}" + _in_force(edition))
    return ExportView(itertools.chain([first] if first is not None else [], rows))


#: What each part holds, as "the KB holds no …" says it.
NOUNS = {"rules": "rule texts", "glossary": "glossary", "cards": "cards", "rulings": "rulings", "refs": "citations"}


def _in_force(edition: str | None) -> str:
    return "" if edition is None else " (undated)" if edition == "undated" else f" in force on {edition}"


def _editions(conn: sqlite3.Connection, langs: list[str], edition: str) -> list[tuple[str, str | None]]:
    """(lang, edition) pairs: each language's edition published or in force on the date."""
    if edition == "undated":
        return [(lang, None) for lang in langs]
    on = iso_date(edition)
    found: list[tuple[str, str | None]] = []
    for lang in langs:
        try:
            found.append((lang, store.edition_on(conn, lang, on)))
        except KbError:
            continue
    if not found:
        # exit 1, as `kb toc` and `kb diff`
        raise NotFound(f"no edition of {languages_label(langs)} was in force on {on}")
    return found
