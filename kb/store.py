"""The knowledge base on disk: one SQLite file per KB home, written atomically.

A build writes a complete new file next to the old one and renames it into place,
so a failed or interrupted build leaves the previous KB answering.  Readers open
the file read-only.  Rule numbers are stored with their numeric sort key, so SQL
orders them like :class:`~kb.rulenum.RuleNumber` does.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kb.errors import KbError, NotFound
from kb.model import Document
from kb.rulenum import RuleNumber

SCHEMA_VERSION = 1
FILE_NAME = "kb.sqlite"

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL, sha256 TEXT NOT NULL, format TEXT NOT NULL, lang TEXT NOT NULL,
    edition TEXT, published TEXT, title TEXT, encoding TEXT, counts TEXT NOT NULL
);
CREATE TABLE rules (
    id INTEGER PRIMARY KEY,
    doc_id INTEGER NOT NULL REFERENCES documents(id),
    lang TEXT NOT NULL, edition TEXT,
    number TEXT NOT NULL, sort_key INTEGER NOT NULL, depth INTEGER NOT NULL,
    variant INTEGER NOT NULL DEFAULT 0,
    rule TEXT NOT NULL,
    title TEXT, body TEXT NOT NULL, examples TEXT NOT NULL, notes TEXT NOT NULL,
    line INTEGER NOT NULL,
    UNIQUE (doc_id, sort_key, variant)
);
CREATE INDEX rules_by_number ON rules (sort_key, lang, edition);
CREATE INDEX rules_by_rule ON rules (rule);
CREATE TABLE glossary (
    id INTEGER PRIMARY KEY,
    doc_id INTEGER NOT NULL REFERENCES documents(id),
    lang TEXT NOT NULL, edition TEXT,
    term TEXT NOT NULL, aliases TEXT NOT NULL, senses TEXT NOT NULL,
    obsolete INTEGER NOT NULL, line INTEGER NOT NULL
);
CREATE INDEX glossary_by_term ON glossary (term COLLATE NOCASE);
CREATE TABLE problems (
    doc_id INTEGER REFERENCES documents(id),
    path TEXT NOT NULL, line INTEGER, severity TEXT NOT NULL, message TEXT NOT NULL
);
"""


def db_path(home: Path) -> Path:
    return home / FILE_NAME


# -- writing ------------------------------------------------------------------------


def write(home: Path, documents: Iterable[Document], meta: dict[str, str]) -> Path:
    """Write a complete KB into ``home`` atomically and return its path."""
    home.mkdir(parents=True, exist_ok=True)
    target = db_path(home)
    handle, tmp_name = tempfile.mkstemp(prefix=".kb-build-", suffix=".sqlite", dir=home)
    os.close(handle)
    tmp = Path(tmp_name)
    try:
        conn = sqlite3.connect(tmp)
        try:
            conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + SCHEMA)
            with conn:
                _insert_all(conn, documents, meta)
        finally:
            conn.close()
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return target


def _insert_all(conn: sqlite3.Connection, documents: Iterable[Document], meta: dict[str, str]) -> None:
    conn.executemany("INSERT INTO meta VALUES (?, ?)",
                     [("schema_version", str(SCHEMA_VERSION)), *meta.items()])
    for doc in documents:
        doc_id = conn.execute(
            "INSERT INTO documents (path, sha256, format, lang, edition, published, title, encoding, counts)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (doc.path, doc.sha256, doc.format, doc.lang, doc.edition,
             doc.published.isoformat() if doc.published else None, doc.title, doc.encoding,
             json.dumps(doc.counts())),
        ).lastrowid
        conn.executemany(
            "INSERT INTO rules (doc_id, lang, edition, number, sort_key, depth, variant, rule, title,"
            " body, examples, notes, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(doc_id, doc.lang, doc.edition, str(t.number), t.number.key, t.number.depth, t.variant,
              str(t.number), t.title, t.body, json.dumps(t.examples, ensure_ascii=False),
              json.dumps(t.notes, ensure_ascii=False), t.line) for t in doc.rules],
        )
        conn.executemany(
            "INSERT INTO glossary (doc_id, lang, edition, term, aliases, senses, obsolete, line)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(doc_id, doc.lang, doc.edition, g.term, json.dumps(g.aliases, ensure_ascii=False),
              json.dumps(g.senses, ensure_ascii=False), int(g.obsolete), g.line) for g in doc.glossary],
        )
        conn.executemany(
            "INSERT INTO problems VALUES (?, ?, ?, ?, ?)",
            [(doc_id, p.path, p.line, p.severity.value, p.message) for p in doc.problems],
        )


# -- reading ------------------------------------------------------------------------


def connect(home: Path) -> sqlite3.Connection:
    """Open the KB in ``home`` read-only, or explain how to build one."""
    path = db_path(home)
    if not path.is_file():
        raise NotFound(f"no knowledge base in {home}: run `kb build` first")
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if version is None or int(version[0]) != SCHEMA_VERSION:
        raise KbError(f"{path} was written by another version of kb: run `kb build` again")
    return conn


@dataclass(frozen=True, slots=True)
class StoredRule:
    """One rule text as read back from the store."""

    lang: str
    edition: str | None
    number: RuleNumber
    rule: str
    title: str | None
    body: str
    examples: tuple[str, ...]
    notes: tuple[str, ...]
    path: str
    line: int
    doc_id: int
    variant: int

    @property
    def source(self) -> str:
        return f"{self.path}:{self.line}"

    def to_json(self) -> dict[str, object]:
        return {
            "lang": self.lang, "edition": self.edition, "number": str(self.number),
            "kind": self.number.kind, "rule": self.rule, "title": self.title, "text": self.body,
            "examples": list(self.examples), "notes": list(self.notes), "source": self.source,
        }


_RULE_COLUMNS = """r.lang, r.edition, r.number, r.rule, r.title, r.body, r.examples, r.notes,
                   d.path, r.line, r.doc_id, r.variant"""


def _rule(row: sqlite3.Row) -> StoredRule:
    return StoredRule(
        row["lang"], row["edition"], RuleNumber.parse(row["number"]), row["rule"], row["title"],
        row["body"], tuple(json.loads(row["examples"])), tuple(json.loads(row["notes"])),
        row["path"], row["line"], row["doc_id"], row["variant"],
    )


def iter_rules(conn: sqlite3.Connection) -> Iterator[StoredRule]:
    """Every rule text, by language, edition and number."""
    rows = conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " ORDER BY r.lang, r.edition IS NULL, r.edition, r.sort_key, r.doc_id, r.variant")
    return map(_rule, rows)


def editions(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Languages and editions held, newest first within a language (undated last)."""
    return conn.execute(
        "SELECT lang, edition, COUNT(*) AS texts, MAX(doc_id) AS doc_id FROM rules"
        " GROUP BY lang, edition ORDER BY lang, edition IS NULL, edition DESC").fetchall()


def choose_edition(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None) -> str | None:
    """The edition of ``lang`` to show for ``number``: the newest one holding it, or
    with ``on`` (ISO date) the one in force on that date.  Undated texts come last.
    Raises :class:`NotFound` when no edition of that language has the number."""
    rows = conn.execute(
        "SELECT DISTINCT edition FROM rules WHERE sort_key = ? AND lang = ?"
        " ORDER BY edition IS NULL, edition DESC", (number.key, lang)).fetchall()
    candidates = [row[0] for row in rows]
    if on is not None:
        candidates = [e for e in candidates if e is None or e <= on]
    if not candidates:
        raise NotFound(f"rule {number} not found in {lang}" + (f" on {on}" if on else ""))
    return candidates[0]


def family(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None) -> list[StoredRule]:
    """``number`` and everything under it in one language and edition, in order."""
    low, high = number.key, number.subtree_stop
    rows = conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " WHERE r.sort_key >= ? AND r.sort_key < ? AND r.lang = ? AND r.edition IS ?"
        " ORDER BY r.sort_key, r.doc_id DESC, r.variant", (low, high, lang, edition)).fetchall()
    return [_rule(row) for row in rows]


def languages(conn: sqlite3.Connection) -> list[str]:
    return [row[0] for row in conn.execute("SELECT DISTINCT lang FROM rules ORDER BY lang")]


def documents(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM documents ORDER BY id").fetchall()
