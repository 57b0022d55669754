"""The knowledge base on disk: one SQLite file per KB home, written atomically.

A build writes a complete new file next to the old one and renames it into place,
so a failed or interrupted build leaves the previous KB answering.  Readers open
the file read-only.  Rule numbers are stored with their numeric sort key, so SQL
orders them like :class:`~kb.core.rulenum.RuleNumber` does.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core.errors import KbError, NoKb, NotFound, Unavailable
from kb.core.lang import language_label, language_name
from kb.core.rulenum import RuleNumber
from kb.core.tempfiles import hold, new_file, release, sweep
from kb.core.text import Hint, first_words

# Reading lexicons back needs their type; writing needs no aligner type.  What writing a KB
# needs is imported where it writes: a search only reads (a fresh `kb search` saved 10-15 ms).
if TYPE_CHECKING:
    from kb.align.lexicon import Lexicon
    from kb.core.model import Citation, Citations, Document, IdentityRows, RuleText
    from kb.graph.card_rows import CardGraph

SCHEMA_VERSION = 4  # 2: card tables (kb.store.cards); 3: rule identity, placements, lexicons; 4: glossary identity
FILE_NAME = "kb.sqlite"
TEMP_PREFIX = ".kb-build-"  # a KB being written; one no live build holds is a leftover (kb.core.tempfiles)
TEMP_PATTERN = f"{TEMP_PREFIX}*.sqlite"

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL, sha256 TEXT NOT NULL, format TEXT NOT NULL, lang TEXT NOT NULL,
    edition TEXT, published TEXT, title TEXT, encoding TEXT, counts TEXT NOT NULL,
    matches TEXT NOT NULL DEFAULT '[]'  -- undated documents: the English editions they fit
);
CREATE TABLE rules (
    id INTEGER PRIMARY KEY,
    doc_id INTEGER NOT NULL REFERENCES documents(id),
    lang TEXT NOT NULL, edition TEXT,
    number TEXT NOT NULL, sort_key INTEGER NOT NULL, depth INTEGER NOT NULL,
    variant INTEGER NOT NULL DEFAULT 0,
    rule TEXT NOT NULL,                -- identity: the number in the newest English edition
    rule_score REAL NOT NULL DEFAULT 1, rule_evidence TEXT NOT NULL DEFAULT 'number',
    rule_moved INTEGER NOT NULL DEFAULT 0,
    title TEXT, body TEXT NOT NULL, examples TEXT NOT NULL, notes TEXT NOT NULL,
    line INTEGER NOT NULL,
    UNIQUE (doc_id, sort_key, variant)
);
CREATE INDEX rules_by_number ON rules (sort_key, lang, edition);
CREATE INDEX rules_by_rule ON rules (rule);
CREATE TABLE lexicons (src TEXT NOT NULL, dst TEXT NOT NULL, terms TEXT NOT NULL);
CREATE TABLE glossary (
    id INTEGER PRIMARY KEY,
    doc_id INTEGER NOT NULL REFERENCES documents(id),
    lang TEXT NOT NULL, edition TEXT,
    term TEXT NOT NULL, aliases TEXT NOT NULL, senses TEXT NOT NULL,
    obsolete INTEGER NOT NULL, line INTEGER NOT NULL,
    term_id TEXT,                      -- identity: the English headword it means (NULL: none found)
    term_edition TEXT,                 -- the English edition it was paired with
    term_score REAL, term_evidence TEXT
);
CREATE INDEX glossary_by_term ON glossary (term COLLATE NOCASE);
CREATE INDEX glossary_by_term_id ON glossary (term_id);
CREATE TABLE refs (
    id INTEGER PRIMARY KEY,
    src_kind TEXT NOT NULL,          -- rule, example, glossary
    src_id INTEGER NOT NULL,         -- rules.id (rule, example) or glossary.id
    src_lang TEXT NOT NULL, src_edition TEXT,
    phrase TEXT NOT NULL,
    dst_key INTEGER,                 -- sort key of the cited number; NULL if unresolved
    dst_lang TEXT, dst_edition TEXT,
    missing TEXT                     -- what was cited but is absent
);
CREATE INDEX refs_incoming ON refs (dst_key, dst_lang, dst_edition);
CREATE INDEX refs_outgoing ON refs (src_kind, src_id);
CREATE TABLE problems (
    doc_id INTEGER REFERENCES documents(id),
    path TEXT NOT NULL, line INTEGER, severity TEXT NOT NULL, message TEXT NOT NULL
);
"""


def db_path(home: Path) -> Path:
    return home / FILE_NAME


# -- writing ------------------------------------------------------------------------


def write(home: Path, documents: Iterable[Document], meta: dict[str, str],
          cards: CardGraph | None = None, identities: IdentityRows | None = None,
          citations: Citations | None = None, before_replace: Callable[[Path], object] | None = None) -> Path:
    """Write a complete KB into ``home`` atomically and return its path.  ``identities``
    and ``citations`` are keyed by a document's index in ``documents``; ``before_replace``
    is given the new file, complete, before it takes the old one's place (``kb build``
    indexes it there: interrupted, the build leaves the old KB with its index).

    A full disk or a read-only folder is the user's to fix, so it becomes a
    :class:`KbError` naming the place; the previous KB is left as it was."""
    target = db_path(home)
    try:
        home.mkdir(parents=True, exist_ok=True)
        sweep(home, TEMP_PATTERN)  # what builds killed with kill -9 left behind
        handle, tmp = new_file(home, TEMP_PREFIX, ".sqlite")
    except OSError as err:
        raise KbError(f"cannot write a knowledge base here: {err.strerror}", str(home)) from err
    os.close(handle)
    lock = hold(tmp)
    try:
        from kb.store import cards as card_store  # lazy: a KB's readers do not write its card tables

        conn = sqlite3.connect(tmp)
        try:
            conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + SCHEMA + card_store.SCHEMA)
            with conn:
                from kb.core.model import IdentityRows
                from kb.graph.card_rows import CardGraph

                _insert_all(conn, documents, meta, identities or IdentityRows(), citations or {})
                card_store.insert(conn, cards or CardGraph())
        finally:
            conn.close()
        if before_replace is not None:
            before_replace(tmp)
        os.replace(tmp, target)
    except BaseException as err:
        tmp.unlink(missing_ok=True)
        if isinstance(err, OSError | sqlite3.Error):
            raise KbError(f"cannot write the knowledge base ({err}); the previous one is unchanged",
                          str(target)) from err
        raise
    finally:
        release(lock)
    return target


def _insert_all(conn: sqlite3.Connection, documents: Iterable[Document], meta: dict[str, str],
                identities: IdentityRows, citations: Citations) -> None:
    from uuid import uuid4

    conn.executemany("INSERT INTO meta VALUES (?, ?)",
                     [("schema_version", str(SCHEMA_VERSION)), ("build_id", uuid4().hex), *meta.items()])
    conn.executemany("INSERT INTO lexicons VALUES (?, ?, ?)",
                     [(lexicon.src, lexicon.dst, json.dumps(lexicon.to_dict(), ensure_ascii=False))
                      for lexicon in identities.lexicons])
    rule_id = glossary_id = 0
    for d, doc in enumerate(documents):
        doc_id = conn.execute(
            "INSERT INTO documents (path, sha256, format, lang, edition, published, title, encoding, counts,"
            " matches) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (doc.path, doc.sha256, doc.format, doc.lang, doc.edition,
             doc.published.isoformat() if doc.published else None, doc.title, doc.encoding,
             json.dumps(doc.counts()), json.dumps(identities.matches.get(d, []))),
        ).lastrowid
        conn.executemany(
            "INSERT INTO rules (id, doc_id, lang, edition, number, sort_key, depth, variant, rule, rule_score,"
            " rule_evidence, rule_moved, title, body, examples, notes, line)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(rule_id + i + 1, doc_id, doc.lang, doc.edition, str(t.number), t.number.key, t.number.depth,
              t.variant, *_identity(identities, (d, i), t), t.title, t.body,
              json.dumps(t.examples, ensure_ascii=False), json.dumps(t.notes, ensure_ascii=False), t.line)
             for i, t in enumerate(doc.rules)],
        )
        conn.executemany(
            "INSERT INTO glossary (id, doc_id, lang, edition, term, aliases, senses, obsolete, line, term_id,"
            " term_edition, term_score, term_evidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(glossary_id + i + 1, doc_id, doc.lang, doc.edition, g.term,
              json.dumps(g.aliases, ensure_ascii=False), json.dumps(g.senses, ensure_ascii=False),
              int(g.obsolete), g.line, *_term_identity(identities, (d, i))) for i, g in enumerate(doc.glossary)],
        )
        conn.executemany(
            "INSERT INTO refs (src_kind, src_id, src_lang, src_edition, phrase, dst_key, dst_lang,"
            " dst_edition, missing) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            _citation_rows(doc, citations.get(d, ()), rule_id, glossary_id),
        )
        conn.executemany(
            "INSERT INTO problems VALUES (?, ?, ?, ?, ?)",
            [(doc_id, p.path, p.line, p.severity.value, p.message) for p in doc.problems],
        )
        rule_id += len(doc.rules)
        glossary_id += len(doc.glossary)


def _identity(identities: IdentityRows, key: tuple[int, int], text: RuleText) -> tuple[str, float, str, int]:
    """The identity columns of a rule text (its own number when no identity step ran)."""
    found = identities.rules.get(key)
    if found is None:
        return str(text.number), 1.0, "number", 0
    return found.rule, found.score, found.evidence, int(found.moved)


def _term_identity(identities: IdentityRows, key: tuple[int, int]) -> tuple[object, ...]:
    """The identity columns of a glossary entry (all NULL when it has none)."""
    found = identities.terms.get(key)
    return (found.term, found.edition, found.score, found.evidence) if found else (None, None, None, None)


def _citation_rows(doc: Document, citations: Iterable[Citation], rule_base: int,
                   glossary_base: int) -> Iterator[tuple[object, ...]]:
    """One row per cited number that exists, one per citation with something missing."""
    for citation in citations:
        kind, index = citation.source
        src_id = (glossary_base if kind == "glossary" else rule_base) + index + 1
        head = (kind, src_id, doc.lang, doc.edition, citation.phrase)
        for number, lang, edition in citation.targets:
            yield (*head, number.key, lang, edition, None)
        for missing in citation.missing:
            yield (*head, None, None, None, missing)


# -- reading ------------------------------------------------------------------------


def connect(home: Path) -> sqlite3.Connection:
    """Open the KB in ``home`` read-only, or explain how to build one."""
    path = db_path(home)
    if not path.is_file():
        raise NoKb(f"no knowledge base in {home}: run `kb build` first")
    return connect_file(path)


def connect_file(path: Path) -> sqlite3.Connection:
    """Open a KB file read-only (the KB of a home, or one a build has not put in place yet)."""
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.Error as err:  # unreadable (permissions), not a database, damaged
        reason = "permission denied" if not os.access(path, os.R_OK) else str(err)
        raise Unavailable(f"cannot read the knowledge base: {reason} (run `kb build` to make a new one)",
                          str(path)) from err
    if version is None or not str(version[0]).isdigit() or int(version[0]) != SCHEMA_VERSION:
        conn.close()
        if version is not None and str(version[0]).isdigit() and int(version[0]) > SCHEMA_VERSION:
            raise Unavailable(f"{path} was written by a newer version of kb (schema {version[0]}; this kb reads"
                              f" {SCHEMA_VERSION}): use that kb (a `kb serve` started before the upgrade:"
                              " restart it)")
        raise Unavailable(f"{path} was written by another version of kb: run `kb build` again")
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
    id: int

    @property
    def source(self) -> str:
        return f"{self.path}:{self.line}"

    def to_json(self) -> dict[str, object]:
        return {
            "lang": self.lang, "edition": self.edition, "number": str(self.number),
            "kind": self.number.kind, "rule": self.rule, "title": self.title, "text": self.body,
            "examples": list(self.examples), "notes": list(self.notes), "source": self.source,
        }


_SENTENCE_ENDS = (".", "。", ":", "：")  # a body ending so is a rule's text, not a heading's name
_RULE_COLUMNS = """r.lang, r.edition, r.number, r.rule, r.title, r.body, r.examples, r.notes,
                   d.path, r.line, r.doc_id, r.variant, r.id"""


def _rule(row: sqlite3.Row) -> StoredRule:
    return StoredRule(
        row["lang"], row["edition"], RuleNumber.parse(row["number"]), row["rule"], row["title"],
        row["body"], tuple(json.loads(row["examples"])), tuple(json.loads(row["notes"])),
        row["path"], row["line"], row["doc_id"], row["variant"], row["id"],
    )


def iter_rules(conn: sqlite3.Connection) -> Iterator[StoredRule]:
    """Every rule text, by language, edition and number."""
    rows = conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " ORDER BY r.lang, r.edition IS NULL, r.edition, r.sort_key, r.doc_id, r.variant")
    return map(_rule, rows)


def build_id(conn: sqlite3.Connection) -> str:
    """Names the build that wrote the file ``conn`` reads: a random id stored by the
    build (a KB written before there was one: its build time and sources)."""
    meta = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('build_id', 'built_at', 'sources')"))
    return meta.get("build_id") or f"{meta.get('built_at')}\n{meta.get('sources')}"


#: Facts of a whole KB file (its languages, its editions), computed once per build and
#: process: each scans every rule text (13 ms on a KB of four editions) and a page asks
#: two or three of them, while ``build_id`` costs a lookup in ``meta`` (20 µs).
_FACTS: dict[tuple[str, str], object] = {}


def _fact(conn: sqlite3.Connection, name: str, compute: Callable[[], object]) -> object:
    key = (build_id(conn), name)
    if key not in _FACTS:
        if len(_FACTS) >= 64:  # the facts of KBs rebuilt since: forget them all, the current ones come back
            _FACTS.clear()
        _FACTS[key] = compute()
    return _FACTS[key]


def editions(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Languages and editions held, newest first within a language (undated last)."""
    return list(_fact(conn, "editions", lambda: conn.execute(  # type: ignore[call-overload]
        "SELECT lang, edition, COUNT(*) AS texts, MAX(doc_id) AS doc_id FROM rules"
        " GROUP BY lang, edition ORDER BY lang, edition IS NULL, edition DESC").fetchall()))


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
        raise NotFound(f"rule {number} not found in {language_label(lang)}" + (f" on {on}" if on else ""))
    return candidates[0]


def numbered_otherwise(conn: sqlite3.Connection, number: RuleNumber, lang: str, command: str = "show") -> Hint | None:
    """What ``lang`` numbers ``number`` (else the first number under it) when that is another rule,
    said for a "not found" (the Italian text numbered 729.2 is rule 730.2; 729.2 is a rule of
    subgames it does not hold; it has no 729, and `kb toc 729 --lang it` named only the English
    729), with the ``kb`` command that reads it there; None when it is not."""
    rows = conn.execute("SELECT number, rule FROM rules WHERE lang = ? AND variant = 0 AND sort_key >= ?"
                        " AND sort_key < ? ORDER BY sort_key, edition IS NULL, edition DESC",
                        (lang, number.key, number.subtree_stop))
    for own, rule in rows:
        identity = RuleNumber.try_parse(rule)
        if identity is not None and identity != number and not number.is_ancestor_of(identity):
            # named, its tag in the command beside it ("the Italian text numbered 729.2 …: kb show 730.2 --lang it")
            said = f"the {language_name(lang)} text numbered {own} is rule {rule}"
            return Hint(said, (command, rule, "--lang", lang))
    return None


def _aside(hint: Hint | None) -> str:
    return f" ({hint})" if hint else ""


def depth_counts(conn: sqlite3.Connection, lang: str, edition: str | None) -> dict[int, int]:
    """How many numbers of each depth (2: rules, 3: subrules) one edition of a language
    holds: a whole edition about 1,100 rules, the Italian seed 2."""
    return dict(conn.execute("SELECT depth, COUNT(DISTINCT sort_key) FROM rules WHERE lang = ? AND edition IS ?"
                             " AND variant = 0 GROUP BY depth", (lang, edition)).fetchall())


def first_held(conn: sqlite3.Connection, lang: str, edition: str | None, depth: int, limit: int) -> list[str]:
    """The first ``limit`` numbers of one depth that an edition holds, as identities (the
    Italian 729.2 is 730.2), or its own number where it has none."""
    rows = conn.execute("SELECT number, MIN(rule) FROM rules WHERE lang = ? AND edition IS ? AND variant = 0"
                        " AND depth = ? GROUP BY sort_key ORDER BY sort_key LIMIT ?", (lang, edition, depth, limit))
    return [number if "@" in rule else rule for number, rule in rows]


def holders(conn: sqlite3.Connection, rule: str, on: str | None = None) -> list[tuple[str, str | None]]:
    """The languages holding the text of identity ``rule``, each with its newest edition
    that does (with ``on``: in force then; undated texts last)."""
    rows = conn.execute("SELECT DISTINCT lang, edition FROM rules WHERE rule = ? AND variant = 0"
                        " ORDER BY lang, edition IS NULL, edition DESC", (rule,)).fetchall()
    found: dict[str, str | None] = {}
    for lang, edition in rows:
        if lang not in found and (on is None or edition is None or edition <= on):
            found[lang] = edition
    return list(found.items())


def locate(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None) -> tuple[str | None, RuleNumber]:
    """The edition and the language's own number for the rule whose identity is
    ``number`` (its number in the newest English edition), newest edition first;
    texts that were not aligned are found by their own number, when no rule of the KB
    is ``number`` (the Italian 729.3 is rule 730.3: it is no text of rule 729.3)."""
    rows = conn.execute(
        "SELECT DISTINCT edition, number FROM rules WHERE rule = ? AND lang = ? AND variant = 0"
        " ORDER BY edition IS NULL, edition DESC", (str(number), lang)).fetchall()
    for edition, own in rows:
        if on is None or edition is None or edition <= on:
            return edition, RuleNumber.parse(own)
    if not rows and conn.execute("SELECT 1 FROM rules WHERE rule = ? LIMIT 1", (str(number),)).fetchone():
        hint = numbered_otherwise(conn, number, lang)
        raise NotFound(f"rule {number} not found in {language_label(lang)}" + (f" on {on}" if on else "")
                       + _aside(hint), hint=hint)
    return choose_edition(conn, number, lang, on), number


def matches_of(conn: sqlite3.Connection, doc_id: int) -> list[str]:
    """The English editions an undated document fits (empty when dated or unknown)."""
    row = conn.execute("SELECT matches FROM documents WHERE id = ?", (doc_id,)).fetchone()
    return json.loads(row[0]) if row else []


def identity_text(conn: sqlite3.Connection, rule: str, lang: str, edition: str | None) -> StoredRule | None:
    """The text of identity ``rule`` in one language and edition, if held."""
    row = conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " WHERE r.rule = ? AND r.lang = ? AND r.edition IS ? AND r.variant = 0 ORDER BY r.doc_id DESC",
        (rule, lang, edition)).fetchone()
    return _rule(row) if row else None


def rules_by_id(conn: sqlite3.Connection, ids: list[int]) -> dict[int, StoredRule]:
    """Rule texts by their row id (what the search index points at)."""
    rows = conn.execute(f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
                        f" WHERE r.id IN ({','.join('?' * len(ids))})", ids) if ids else []
    return {row["id"]: _rule(row) for row in rows}


def newest_edition(conn: sqlite3.Connection, rule: str, lang: str) -> str | None:
    row = conn.execute("SELECT MAX(edition) FROM rules WHERE rule = ? AND lang = ?", (rule, lang)).fetchone()
    return row[0] if row else None


def edition_texts(conn: sqlite3.Connection, lang: str, edition: str | None) -> list[RuleText]:
    """Every numbered text of one language and edition, as the model's rule texts
    (what the aligner and the differ take)."""
    rows = conn.execute(
        "SELECT number, body, line, title, examples, notes, variant FROM rules"
        " WHERE lang = ? AND edition IS ? AND depth >= 1 ORDER BY sort_key, doc_id, variant",
        (lang, edition)).fetchall()
    from kb.core.model import RuleText

    return [RuleText(RuleNumber.parse(r["number"]), r["body"], r["line"], r["title"],
                     tuple(json.loads(r["examples"])), tuple(json.loads(r["notes"])), r["variant"]) for r in rows]


def rule_names(conn: sqlite3.Connection, lang: str, edition: str | None, chapter: str) -> list[tuple[str, str]]:
    """(number, name) of every rule of one chapter ("702"), one language and edition, whose body is
    its name: the headings ("702.19 Trample"), not a rule written as sentences (702.1, "Most abilities
    describe exactly what they do …", was read as a keyword's name)."""
    return [(number, body) for number, body in conn.execute(
        "SELECT number, body FROM rules WHERE lang = ? AND edition IS ? AND number GLOB ? AND depth = 2",
        (lang, edition, f"{chapter}.*")) if not body.rstrip().endswith(_SENTENCE_ENDS)]


def sections(conn: sqlite3.Connection, lang: str, edition: str | None, chapter: str) -> list[tuple[str, str]]:
    """(number, title) of one chapter's sections ("5" → 500 General, 501 Beginning Phase …), one
    language and edition, in rule order."""
    return [(number, title or body) for number, title, body in conn.execute(
        "SELECT number, title, body FROM rules WHERE lang = ? AND edition IS ? AND depth = 1 AND variant = 0"
        " AND number GLOB ? ORDER BY sort_key", (lang, edition, f"{chapter}[0-9][0-9]"))]


def named_texts(conn: sqlite3.Connection, rules: Collection[str]) -> list[sqlite3.Row]:
    """(lang, edition, rule, depth, title, body) of every text of the identities ``rules``, in one
    query: the headings a search's results sit under are read so."""
    if not rules:
        return []
    marks = ",".join("?" * len(rules))
    return conn.execute(f"SELECT lang, edition, rule, depth, title, body FROM rules WHERE rule IN ({marks})"
                        " AND variant = 0", tuple(rules)).fetchall()


def subrules(conn: sqlite3.Connection, lang: str, edition: str | None, rule: str) -> list[tuple[str, str]]:
    """(number, body) of one rule's subrules ("702.19" → 702.19a …), one language and edition."""
    return [(number, body) for number, body in conn.execute(
        "SELECT number, body FROM rules WHERE lang = ? AND edition IS ? AND number GLOB ? ORDER BY sort_key",
        (lang, edition, f"{rule}[a-z]*"))]


def writing(conn: sqlite3.Connection, literal: str, lang: str, edition: str | None) -> list[tuple[str, str]]:
    """(rule identity, body) of the texts of one edition whose body writes ``literal`` as it
    stands ("{T}"), in rule order."""
    return [(rule, body) for rule, body in conn.execute(
        "SELECT rule, body FROM rules WHERE lang = ? AND edition IS ? AND variant = 0 AND instr(body, ?) > 0"
        " AND rule NOT LIKE '%@%' ORDER BY sort_key", (lang, edition, literal))]


def chapter_subrules(conn: sqlite3.Connection, lang: str, edition: str | None, chapter: str) -> dict[str, list[str]]:
    """The bodies of a chapter's subrules by their rule ("702" → {"702.19": [702.19a's, …]}), one
    language and edition, in one query (a keyword's subrules asked one rule at a time took 0.1 s)."""
    found: dict[str, list[str]] = {}
    for number, body in conn.execute(
            "SELECT number, body FROM rules WHERE lang = ? AND edition IS ? AND number GLOB ? ORDER BY sort_key",
            (lang, edition, f"{chapter}.*[a-z]")):
        found.setdefault(number.rstrip("abcdefghijklmnopqrstuvwxyz"), []).append(body or "")
    return found


def edition_on(conn: sqlite3.Connection, lang: str, on: str) -> str:
    """The edition of ``lang`` published on ``on`` (the date in its file name), else the
    one in force on ``on``: the newest not after it."""
    published = conn.execute("SELECT edition FROM documents WHERE lang = ? AND published = ? AND edition IS NOT NULL",
                             (lang, on)).fetchone()
    if published is not None:
        return published[0]
    row = conn.execute("SELECT MAX(edition) FROM rules WHERE lang = ? AND edition <= ?", (lang, on)).fetchone()
    if row is None or row[0] is None:
        raise NotFound(f"no {language_label(lang)} edition in force on {on}")
    return row[0]


def published_of(conn: sqlite3.Connection, lang: str, edition: str) -> str | None:
    """The publication date (the date in its file name) of an edition of ``lang``, if known."""
    row = conn.execute("SELECT published FROM documents WHERE lang = ? AND edition = ? AND published IS NOT NULL"
                       " ORDER BY id LIMIT 1", (lang, edition)).fetchone()
    return row[0] if row is not None else None


def history(conn: sqlite3.Connection, rule: str, lang: str) -> list[StoredRule]:
    """The texts of one rule identity through every dated edition of a language."""
    rows = conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " WHERE r.rule = ? AND r.lang = ? AND r.edition IS NOT NULL AND r.variant = 0"
        " ORDER BY r.edition, r.doc_id", (rule, lang)).fetchall()
    return [_rule(row) for row in rows]


def formerly_numbered(conn: sqlite3.Connection, number: RuleNumber, lang: str
                      ) -> tuple[str, list[str], str] | None:
    """The rule identity that dated texts numbered ``number`` have, the editions numbering it so and
    their language, when ``number`` is an old number (609.8, "look back in time", is 608.2i since 2024-07-30):
    what ``kb history`` follows as ``kb show`` does.  ``lang``'s texts first, else any language's;
    None when no dated text is numbered so, or only a removed rule is (its identity names no rule)."""
    rows = conn.execute("SELECT rule, edition, lang FROM rules WHERE sort_key = ? AND variant = 0"
                        " AND edition IS NOT NULL ORDER BY lang != ?, edition DESC", (number.key, lang)).fetchall()
    rows = [row for row in rows if row["lang"] == rows[0]["lang"]] if rows else []
    if not rows or RuleNumber.try_parse(rows[0]["rule"]) is None:
        return None
    rule = rows[0]["rule"]
    return rule, sorted({row["edition"] for row in rows if row["rule"] == rule}), rows[0]["lang"]


def identities_numbered(conn: sqlite3.Connection, number: RuleNumber, lang: str) -> list[tuple[str, str]]:
    """(rule identity, edition) of every dated text of ``lang`` numbered ``number``, oldest edition
    first: the rules a number has named (2025-11-14's 702.124k is Friends forever, removed since;
    2026-04-17's the old 702.124m)."""
    return [(rule, edition) for rule, edition in conn.execute(
        "SELECT rule, edition FROM rules WHERE sort_key = ? AND lang = ? AND variant = 0 AND edition IS NOT NULL"
        " ORDER BY edition, doc_id", (number.key, lang))]


def dated_editions(conn: sqlite3.Connection, lang: str) -> list[str]:
    return sorted(row["edition"] for row in editions(conn) if row["lang"] == lang and row["edition"] is not None)


def family(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None) -> list[StoredRule]:
    """``number`` and everything under it in one language and edition, in order."""
    low, high = number.key, number.subtree_stop
    rows = conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " WHERE r.sort_key >= ? AND r.sort_key < ? AND r.lang = ? AND r.edition IS ?"
        " ORDER BY r.sort_key, r.doc_id DESC, r.variant", (low, high, lang, edition)).fetchall()
    return [_rule(row) for row in rows]


def languages(conn: sqlite3.Connection) -> list[str]:
    return sorted({row["lang"] for row in editions(conn)})


def names_of(conn: sqlite3.Connection, lang: str) -> list[str]:
    """The names ``lang``'s texts give things: section and chapter titles, rules whose whole
    body is a name ("702.9 Flying"), glossary headwords (what a typo of a short word is read
    against, :func:`indexers.spelling.nearest_name`)."""
    rows = conn.execute("SELECT title FROM rules WHERE lang = ? AND title IS NOT NULL"
                        " UNION SELECT body FROM rules WHERE lang = ? AND depth = 2 AND length(body) <= 60"
                        " UNION SELECT term FROM glossary WHERE lang = ?", (lang, lang, lang))
    return [name for (name,) in rows]


def holds_word(conn: sqlite3.Connection, word: str) -> bool:
    """Whether some rule text holds ``word`` as a word (any case): a word of the rules is
    no typo.  Looked up when a query comes near a name, so rarely: no table is kept."""
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    rows = conn.execute("SELECT body FROM rules WHERE body LIKE ? LIMIT 200", (f"%{word}%",))
    return any(pattern.search(body) for (body,) in rows)


def written_as_name(conn: sqlite3.Connection, word: str) -> bool:
    """Whether the rules hold ``word`` (given in lower case) only with a capital ("Urza's",
    "Phyrexian", "Dragon": names and subtypes), not as a plain word.  Looked up for the few words
    of a card name a question holds, in one read of the texts holding the letters."""
    anywhere = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
    lowercase = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    bodies = [body for (body,) in conn.execute("SELECT body FROM rules WHERE body LIKE ?", (f"%{word}%",))]
    return any(anywhere.search(body) for body in bodies) and not any(lowercase.search(body) for body in bodies)


def languages_of(conn: sqlite3.Connection, rules: Iterable[str]) -> dict[str, frozenset[str]]:
    """The languages holding a text of each rule identity (those held by none are left out)."""
    wanted = sorted(set(rules))
    found: dict[str, set[str]] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for rule, lang in conn.execute(f"SELECT DISTINCT rule, lang FROM rules WHERE rule IN ({marks})", chunk):
            found.setdefault(rule, set()).add(lang)
    return {rule: frozenset(langs) for rule, langs in found.items()}


def numbered_in(conn: sqlite3.Connection, rules: Iterable[str], lang: str, edition: str | None) -> dict[str, str]:
    """The number each rule identity has in one language and edition (those it does not hold are left out)."""
    wanted = sorted(set(rules))
    found: dict[str, str] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        marks = ",".join("?" * len(chunk))
        found |= dict(conn.execute(f"SELECT rule, number FROM rules WHERE rule IN ({marks}) AND lang = ?"
                                   " AND edition IS ? AND variant = 0", [*chunk, lang, edition]).fetchall())
    return found


def documents(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM documents ORDER BY id").fetchall()


def source_paths(conn: sqlite3.Connection) -> list[str]:
    """Every file path the KB records (documents, card files, pages, rulings, problems):
    what ``kb serve`` must not show to the world, so it shows the file names instead."""
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    found: set[str] = set()
    for table in tables:
        columns = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if "path" in columns:
            found.update(row[0] for row in conn.execute(f"SELECT DISTINCT path FROM {table} WHERE path IS NOT NULL"))
    return sorted(found)


# -- references ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """One edge of the reference graph as a reader sees it."""

    phrase: str
    kind: str                      # rule, example, glossary: what holds the phrase
    number: RuleNumber | None      # the citing or cited rule (None: a glossary entry or missing)
    label: str                     # the term, title or first words of the other end
    via: RuleNumber | None = None  # for incoming: the number actually cited (the rule or an ancestor)
    missing: str | None = None     # for outgoing: what did not resolve
    lang: str | None = None        # for incoming: the citing text's language and edition
    edition: str | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"phrase": self.phrase, "kind": self.kind,
                                   "number": str(self.number) if self.number else None, "text": self.label}
        if self.via is not None:
            data["via"] = str(self.via)
        if self.missing:
            data["missing"] = self.missing
        if self.lang is not None:
            data.update(lang=self.lang, edition=self.edition)
        return data


def _label(title: str | None, body: str | None) -> str:
    return first_words(title or body or "")


def outgoing(conn: sqlite3.Connection, rule_ids: list[int]) -> dict[int, list[Link]]:
    """What each of these rule texts cites (its body and its examples), in reading order."""
    found: dict[int, list[Link]] = {rule_id: [] for rule_id in rule_ids}
    marks = ",".join("?" * len(rule_ids))
    rows = conn.execute(
        f"SELECT f.src_id, f.src_kind, f.phrase, f.dst_key, f.missing, t.title, t.body"
        f" FROM refs f LEFT JOIN rules t ON t.sort_key = f.dst_key AND t.lang = f.dst_lang"
        f"  AND t.edition IS f.dst_edition AND t.variant = 0"
        f" WHERE f.src_kind IN ('rule', 'example') AND f.src_id IN ({marks}) ORDER BY f.id", rule_ids)
    for row in rows:
        number = RuleNumber.from_key(row["dst_key"]) if row["dst_key"] is not None else None
        found[row["src_id"]].append(Link(row["phrase"], row["src_kind"], number,
                                         _label(row["title"], row["body"]), missing=row["missing"]))
    return found


def incoming(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None) -> list[Link]:
    """Every rule, example and glossary entry citing ``number`` (directly, through a
    range, or through an ancestor it belongs to), in numeric order, glossary last."""
    keys = [number.key, *(a.key for a in number.ancestors())]
    marks = ",".join("?" * len(keys))
    rows = conn.execute(
        f"SELECT f.src_kind, f.phrase, f.dst_key, f.src_lang, f.src_edition, r.sort_key, r.title, r.body, g.term"
        f" FROM refs f LEFT JOIN rules r ON f.src_kind != 'glossary' AND r.id = f.src_id"
        f" LEFT JOIN glossary g ON f.src_kind = 'glossary' AND g.id = f.src_id"
        f" WHERE f.dst_lang = ? AND f.dst_edition IS ? AND f.dst_key IN ({marks})"
        f" ORDER BY r.sort_key IS NULL, r.sort_key, g.term, f.id", (lang, edition, *keys))
    links = []
    for row in rows:
        source = RuleNumber.from_key(row["sort_key"]) if row["sort_key"] is not None else None
        label = row["term"] if row["src_kind"] == "glossary" else _label(row["title"], row["body"])
        links.append(Link(row["phrase"], row["src_kind"], source, label, RuleNumber.from_key(row["dst_key"]),
                          lang=row["src_lang"], edition=row["src_edition"]))
    return links


def incoming_counts(conn: sqlite3.Connection, rules: list[StoredRule]) -> dict[int, int]:
    """How many phrases cite each rule text directly or through a range."""
    counts = {}
    for rule in rules:
        counts[rule.id] = conn.execute(
            "SELECT COUNT(*) FROM refs WHERE dst_key = ? AND dst_lang = ? AND dst_edition IS ?",
            (rule.number.key, rule.lang, rule.edition)).fetchone()[0]
    return counts


# -- addressing and navigation ------------------------------------------------------------


def known_numbers(conn: sqlite3.Connection) -> list[RuleNumber]:
    """Every rule identity and every number a text is held under, in rule order: what a
    range a user types (``702.19b-d``) walks."""
    keys = {row[0] for row in conn.execute("SELECT DISTINCT sort_key FROM rules")}
    keys |= {RuleNumber.parse(row[0]).key for row in conn.execute(
        "SELECT DISTINCT rule FROM rules WHERE rule NOT LIKE '%@%'")}
    return [RuleNumber.from_key(key) for key in sorted(keys)]


def identity_numbers(conn: sqlite3.Connection, depth: int) -> list[RuleNumber]:
    """The rule identities of one depth (sections, chapters, rules or subrules), in rule
    order: the numbers a reader steps through with previous and next.  A fact of the KB
    (:func:`_fact`): reading and sorting them took 24 ms, which a range of 190 rules paid
    190 times."""
    def compute() -> list[RuleNumber]:
        found = {RuleNumber.parse(row[0]) for row in conn.execute(
            "SELECT DISTINCT rule FROM rules WHERE depth = ? AND rule NOT LIKE '%@%'", (depth,))}
        return sorted(n for n in found if n.depth == depth)

    return list(_fact(conn, f"identities {depth}", compute))  # type: ignore[call-overload]


def outline(conn: sqlite3.Connection, lang: str, edition: str | None, under: RuleNumber | None,
            depth: int) -> list[StoredRule]:
    """The texts of one edition down to ``depth`` (under one number, or all), in order:
    what a table of contents lists."""
    low, high = (under.key, under.subtree_stop) if under else (-1, 1 << 62)
    return _first_of_each(conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " WHERE r.lang = ? AND r.edition IS ? AND r.depth <= ? AND r.sort_key >= ? AND r.sort_key < ?"
        " AND r.variant = 0 ORDER BY r.sort_key, r.doc_id DESC", (lang, edition, depth, low, high)))


def held_under(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None,
               depth: int) -> list[StoredRule]:
    """The texts of one edition down to ``depth`` whose identities are under ``number``, in order:
    what a language holds of a rule it has no text of (the Italian seed has no 730, and its 729.2
    and 729.3 are rules 730.2 and 730.3)."""
    rules = _first_of_each(conn.execute(
        f"SELECT {_RULE_COLUMNS} FROM rules r JOIN documents d ON d.id = r.doc_id"
        " WHERE r.lang = ? AND r.edition IS ? AND r.depth <= ? AND r.variant = 0 AND r.rule LIKE ?"
        " ORDER BY r.sort_key, r.doc_id DESC", (lang, edition, depth, f"{number}%")))
    return [r for r in rules if (identity := RuleNumber.try_parse(r.rule)) is not None
            and number.is_ancestor_of(identity)]


def _first_of_each(rows: Iterable[sqlite3.Row]) -> list[StoredRule]:
    """The rules of ``rows`` (in order), the first of each number: several undated documents may hold one."""
    seen: set[int] = set()
    out = []
    for row in rows:
        rule = _rule(row)
        if rule.number.key not in seen:
            seen.add(rule.number.key)
            out.append(rule)
    return out


def newest_of(conn: sqlite3.Connection, lang: str) -> str | None:
    """The newest dated edition of a language (None: only undated texts)."""
    row = conn.execute("SELECT MAX(edition) FROM rules WHERE lang = ?", (lang,)).fetchone()
    return row[0] if row else None


def headwords(conn: sqlite3.Connection, lang: str, edition: str | None) -> set[str]:
    """One edition's glossary headwords, case folded."""
    return {term.casefold() for (term,) in conn.execute("SELECT term FROM glossary WHERE lang = ? AND edition IS ?",
                                                         (lang, edition))}


def glossary_of(conn: sqlite3.Connection, lang: str, edition: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """One edition's glossary: each headword (case folded) with its spelling and senses,
    as ``kb diff`` compares them."""
    return {term.casefold(): (term, senses) for term, senses in glossary_entries(conn, lang, edition)}


def glossary_entries(conn: sqlite3.Connection, lang: str, edition: str | None) -> list[tuple[str, tuple[str, ...]]]:
    """One edition's glossary entries in order, each headword with its senses; a headword written twice
    (the Chinese 平原行者, for Plainswalk and Plainscycling) is twice."""
    rows = conn.execute("SELECT term, senses FROM glossary WHERE lang = ? AND edition IS ? ORDER BY id",
                        (lang, edition))
    return [(str(row["term"]), tuple(json.loads(row["senses"]))) for row in rows]


def glossary_identities(conn: sqlite3.Connection, lang: str, edition: str) -> dict[str, tuple[str, str | None]]:
    """One edition's headwords (case folded) with the English headword each was paired with
    (glossary identity) and that headword's English edition, for those paired."""
    rows = conn.execute("SELECT term, term_id, term_edition FROM glossary WHERE lang = ? AND edition IS ?"
                        " AND term_id IS NOT NULL ORDER BY id", (lang, edition)).fetchall()
    return {row["term"].casefold(): (row["term_id"], row["term_edition"]) for row in rows}


def glossary_term_named(conn: sqlite3.Connection, name: str, lang: str, edition: str | None) -> str | None:
    """The English headword (glossary identity) of the entry of one edition that ``name`` is the
    headword or an alias of ("Typecycling"), case folded; None when none is, or it is unpaired."""
    wanted = name.casefold()
    rows = conn.execute("SELECT term, aliases, term_id FROM glossary WHERE lang = ? AND edition IS ?"
                        " AND term_id IS NOT NULL ORDER BY id", (lang, edition))
    return next((str(row["term_id"]) for row in rows
                 if wanted in {n.casefold() for n in [row["term"], *json.loads(row["aliases"])]}), None)


def glossary_pairs(conn: sqlite3.Connection, lang: str) -> list[tuple[str, str, str, float]]:
    """(English headword, headword in ``lang``, evidence, score) of every entry of the
    newest edition of ``lang`` paired with an English entry (glossary identity)."""
    newest = conn.execute("SELECT MAX(edition) FROM glossary WHERE lang = ?", (lang,)).fetchone()[0]
    rows = conn.execute("SELECT term_id, term, term_evidence, term_score FROM glossary WHERE lang = ? AND edition IS ?"
                        " AND term_id IS NOT NULL ORDER BY id", (lang, newest))
    return [(str(a), str(b), str(c), float(d)) for a, b, c, d in rows]


def lexicons(conn: sqlite3.Connection) -> list[Lexicon]:
    """The stored lexicons, in the order search reads them (most trusted origin first)."""
    from kb.align.lexicon import Lexicon  # lazy: the tokenizer costs readers of rules 60 ms

    rows = conn.execute("SELECT terms FROM lexicons ORDER BY rowid")
    return [Lexicon.from_dict(json.loads(terms)) for (terms,) in rows]
