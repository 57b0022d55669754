"""``kb glossary TERM``: one glossary entry side by side in every language held.

TERM is a headword or an alias in any language (``Color Identity``, ``color
identity``, ``标识色``, ``Banding``).  The build paired each translated entry with
the English entry it means (:mod:`kb.align.glossary_identity`); the entries sharing that
English headword are shown together, the newest edition of each language, with
their senses, aliases, the rules they cite and how the pairing was decided.
Imports stay light: no aligner, no numpy.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from dataclasses import dataclass

from kb.align.tokens import glossary_forms, normalize_typography
from kb.core.errors import KbError, NotFound
from kb.core.lang import normalize_tag
from kb.core.model import GlossaryEntry
from kb.core.rulenum import RuleNumber
from kb.views.rules import dumps, require_held


@dataclass(frozen=True)
class StoredEntry:
    """A glossary entry as the store holds it, with its identity and what it cites."""

    id: int
    lang: str
    edition: str | None
    term: str
    aliases: tuple[str, ...]
    senses: tuple[str, ...]
    obsolete: bool
    source: str
    identity: str | None  # the English headword it means
    paired_with: str | None  # the English edition it was paired with
    score: float | None
    evidence: str | None
    cites: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "edition": self.edition, "term": self.term, "aliases": list(self.aliases),
                "senses": list(self.senses), "obsolete": self.obsolete, "cites": list(self.cites),
                "source": self.source,
                "pairing": None if self.identity is None else {
                    "term": self.identity, "edition": self.paired_with, "score": self.score,
                    "evidence": self.evidence}}


_COLUMNS = """g.id, g.lang, g.edition, g.term, g.aliases, g.senses, g.obsolete, d.path, g.line,
              g.term_id, g.term_edition, g.term_score, g.term_evidence"""


def _entry(row: sqlite3.Row, cites: tuple[str, ...] = ()) -> StoredEntry:
    return StoredEntry(row["id"], row["lang"], row["edition"], row["term"], tuple(json.loads(row["aliases"])),
                       tuple(json.loads(row["senses"])), bool(row["obsolete"]), f"{row['path']}:{row['line']}",
                       row["term_id"], row["term_edition"], row["term_score"], row["term_evidence"], cites)


def fold(text: str) -> str:
    """How a query and a headword are compared: typography and case ignored."""
    return normalize_typography(text).casefold()


def find(conn: sqlite3.Connection, query: str) -> list[StoredEntry]:
    """The entries whose headword or an alias is ``query`` (any language, any edition)."""
    wanted = fold(query)
    rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                        " WHERE g.term = ? COLLATE NOCASE", (query,)).fetchall()  # the common case, indexed
    if not rows:
        terms = [(row["term"], row["aliases"]) for row in
                 conn.execute("SELECT DISTINCT term, aliases FROM glossary")]
        hits = {term for term, aliases in terms if wanted in _names(term, aliases)}
        marks = ",".join("?" * len(hits))
        rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                            f" WHERE g.term IN ({marks})", tuple(hits)).fetchall() if hits else []
    return [_entry(row) for row in rows if wanted in _names(row["term"], row["aliases"])]


def _names(term: str, aliases: str) -> set[str]:
    """Every name an entry answers to, folded: headword, aliases, and their forms."""
    entry = GlossaryEntry(term, tuple(json.loads(aliases)), (), 0)
    return {fold(name) for name in (term, *entry.aliases, *glossary_forms(entry))}


def side_by_side(conn: sqlite3.Connection, found: StoredEntry, langs: list[str] | None) -> list[StoredEntry]:
    """The entries that mean what ``found`` means: the newest edition of each language
    (of ``langs``, if given); an entry with no identity stands alone."""
    if found.identity is None:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                            " WHERE g.id = ?", (found.id,)).fetchall()
    else:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                            " WHERE g.term_id = ? ORDER BY g.lang, g.edition IS NULL, g.edition DESC, g.id",
                            (found.identity,)).fetchall()
    newest: dict[str, sqlite3.Row] = {}
    for row in rows:
        if langs is None or row["lang"] in langs:
            newest.setdefault(row["lang"], row)
    order = sorted(newest, key=lambda lang: (lang != "en", lang))  # English first: the identity's language
    return [_entry(newest[lang], _cited(conn, newest[lang]["id"])) for lang in order]


def _cited(conn: sqlite3.Connection, entry_id: int) -> tuple[str, ...]:
    """The rules an entry cites, in its own edition's numbering."""
    rows = conn.execute("SELECT DISTINCT dst_key FROM refs WHERE src_kind = 'glossary' AND src_id = ?"
                        " AND dst_key IS NOT NULL ORDER BY dst_key", (entry_id,))
    return tuple(str(RuleNumber.from_key(row[0])) for row in rows)


@dataclass(frozen=True)
class GlossaryAnswer:
    """What ``kb glossary TERM`` answers: each meaning of the term (an English headword,
    or an entry with no English counterpart) with its entries side by side."""

    query: str
    langs: list[str] | None
    matches: list[tuple[object, list[StoredEntry]]]  # (English headword, or ("alone", id)) -> entries

    def missing(self, entries: list[StoredEntry]) -> list[str]:
        return [lang for lang in self.langs or [] if lang not in {e.lang for e in entries}]

    def to_json(self) -> dict[str, object]:
        return {"query": self.query, "matches": [
            {"term": key if isinstance(key, str) else None, "entries": [e.to_json() for e in entries],
             "missing": self.missing(entries)} for key, entries in self.matches]}


def glossary(conn: sqlite3.Connection, query: str, langs: list[str] | None) -> GlossaryAnswer:
    """The entries called ``query`` (headword or alias, any language), each shown with
    the entries of the other languages that mean the same (of ``langs``, if given)."""
    query = query.strip()
    if not query:
        raise KbError("give a glossary term (a headword or an alias, in any language)")
    langs = [normalize_tag(lang) for lang in langs] if langs else None
    if langs:
        require_held(conn, langs)
    found = find(conn, query)
    if not found:
        raise NotFound(f"no glossary entry is called {query!r}")
    groups: dict[object, list[StoredEntry]] = {}
    for entry in sorted(found, key=lambda e: (e.lang != "en", e.lang, e.edition or "")):
        key = entry.identity if entry.identity is not None else ("alone", entry.id)
        if key not in groups:
            groups[key] = side_by_side(conn, entry, langs)
    results = [(key, entries) for key, entries in groups.items() if entries]
    if not results:
        raise NotFound(f"{query!r} has no glossary entry in {', '.join(langs or [])}")
    return GlossaryAnswer(query, langs, results)


def cmd_glossary(args: argparse.Namespace, conn: sqlite3.Connection) -> int:
    answer = glossary(conn, " ".join(args.term), args.lang)
    if args.json:
        print(dumps(answer.to_json()))
        return 0
    blocks = []
    for key, entries in answer.matches:
        head = key if isinstance(key, str) else f"{entries[0].term} (no English counterpart)"
        lines = [f"{head} · glossary in {len(entries)} language{'s' if len(entries) != 1 else ''}"]
        lines += [render(entry) for entry in entries]
        lines += [f"{lang}: no entry" for lang in answer.missing(entries)]
        blocks.append("\n".join(lines))
    print("\n\n".join(blocks))
    return 0


#: How a pairing was decided, in words (the stored evidence codes).
PAIRED_BY = {"cited": "the rules both cite", "used": "the rules that use both headwords",
             "head": "the headwords' known words", "sense": "the definitions' words, symbols and numbers",
             "term": "the same headword in a paired edition"}


def render(entry: StoredEntry) -> str:
    """One language's entry: headword, edition, pairing, senses, aliases, cited rules."""
    where = f"edition {entry.edition}" if entry.edition else "undated"
    lines = [f"{entry.lang}  {entry.term}{' (obsolete)' if entry.obsolete else ''}  ({where}) · {entry.source}"]
    if entry.aliases:
        lines.append(f"    also: {'; '.join(entry.aliases)}")
    if entry.evidence not in (None, "self"):
        how = PAIRED_BY.get(entry.evidence or "", entry.evidence)
        lines.append(f"    = {entry.identity} (en {entry.paired_with}), paired by {how}; score {entry.score:.2f}")
    numbered = len(entry.senses) > 1
    for n, sense in enumerate(entry.senses, 1):
        text = sense.replace("\n", "\n      ")
        lines.append(f"    {n}. {text}" if numbered else f"    {text}")
    if entry.cites:
        lines.append(f"    → cites {', '.join(entry.cites)}")
    return "\n".join(lines)
