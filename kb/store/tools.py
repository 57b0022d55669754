"""Read-only queries of the author and translator tools (``kb cite``, ``kb check``).

Kept apart from :mod:`kb.store.rules` so that the tools' lookups sit in one place;
every query uses the indexes :mod:`kb.store.rules` creates (by number, by identity).
"""

from __future__ import annotations

import json
import sqlite3
from functools import lru_cache
from typing import Any

from kb.core.rulenum import RuleNumber
from kb.store.rules import _RULE_COLUMNS, StoredRule, _rule

_FROM = "FROM rules r JOIN documents d ON d.id = r.doc_id"


def text_at(conn: sqlite3.Connection, lang: str, edition: str, number: RuleNumber) -> StoredRule | None:
    """The text numbered ``number`` in one edition (its first variant)."""
    row = conn.execute(f"SELECT {_RULE_COLUMNS} {_FROM} WHERE r.sort_key = ? AND r.lang = ? AND r.edition = ?"
                       " AND r.variant = 0", (number.key, lang, edition)).fetchone()
    return _rule(row) if row else None


def numbers_of(conn: sqlite3.Connection, lang: str, edition: str,
               low: RuleNumber | None = None, high: RuleNumber | None = None) -> list[RuleNumber]:
    """The numbers of one edition, sorted (what references resolve against): all of them,
    or those from ``low`` to everything under ``high``."""
    bounds = (low.key if low else -1, high.subtree_stop if high else 1 << 62)
    rows = conn.execute("SELECT DISTINCT sort_key FROM rules WHERE sort_key >= ? AND sort_key < ? AND lang = ?"
                        " AND edition = ? ORDER BY sort_key", (*bounds, lang, edition))
    return [RuleNumber.from_key(row[0]) for row in rows]


def dated_editions(conn: sqlite3.Connection, lang: str) -> list[str]:
    """The dated editions of ``lang`` holding rules, oldest first (from the documents:
    a few rows, where :func:`kb.store.rules.dated_editions` reads every rule)."""
    return [row[0] for row in conn.execute(
        "SELECT DISTINCT d.edition FROM documents d WHERE d.lang = ? AND d.edition IS NOT NULL"
        " AND EXISTS (SELECT 1 FROM rules r WHERE r.doc_id = d.id) ORDER BY d.edition", (lang,))]


def identity_count(conn: sqlite3.Connection, rule: str, lang: str, edition: str) -> int:
    """How many texts of one edition have identity ``rule`` (more than one: merged later)."""
    return conn.execute("SELECT COUNT(*) FROM rules WHERE rule = ? AND lang = ? AND edition = ? AND variant = 0",
                        (rule, lang, edition)).fetchone()[0]


def children_identities(conn: sqlite3.Connection, lang: str, edition: str, number: RuleNumber) -> list[str]:
    """The identities of the texts one level under ``number`` in one edition."""
    rows = conn.execute("SELECT rule FROM rules WHERE lang = ? AND edition = ? AND sort_key > ? AND sort_key < ?"
                        " AND depth = ?", (lang, edition, number.key, number.subtree_stop, number.depth + 1))
    return [row[0] for row in rows]


def has_identity(conn: sqlite3.Connection, rule: str, lang: str, edition: str) -> bool:
    return conn.execute("SELECT 1 FROM rules WHERE rule = ? AND lang = ? AND edition = ? LIMIT 1",
                        (rule, lang, edition)).fetchone() is not None


def identities_of(conn: sqlite3.Connection, lang: str, numbers: list[RuleNumber]) -> list[tuple[str, int, str]]:
    """(edition, sort key, identity) of these numbers in every dated edition of ``lang``."""
    marks = ",".join("?" * len(numbers))
    return [tuple(row) for row in conn.execute(
        f"SELECT edition, sort_key, rule FROM rules WHERE lang = ? AND edition IS NOT NULL AND variant = 0"
        f" AND sort_key IN ({marks})", (lang, *(n.key for n in numbers)))]


def number_of(conn: sqlite3.Connection, rule: str, lang: str, edition: str) -> str | None:
    """The number identity ``rule`` has in one edition (None: no text there)."""
    row = conn.execute("SELECT number FROM rules WHERE rule = ? AND lang = ? AND edition = ? AND variant = 0",
                       (rule, lang, edition)).fetchone()
    return row[0] if row else None


def edition_rules(conn: sqlite3.Connection, lang: str, edition: str) -> list[StoredRule]:
    """Every text of one edition (variants included), in number order.  Read without
    :func:`kb.store.rules._rule`'s general path: a whole edition is 3,000 rows, most
    with no examples or notes, and a check reads two of them."""
    conn.row_factory = None
    try:
        rows = conn.execute(f"SELECT {_RULE_COLUMNS} {_FROM} WHERE r.lang = ? AND r.edition = ? AND r.depth >= 1"
                            " ORDER BY r.sort_key, r.variant", (lang, edition)).fetchall()
    finally:
        conn.row_factory = sqlite3.Row
    return [StoredRule(lang_, edition_, _number(number), rule, title, body, _list(examples), _list(notes), path,
                       line, doc_id, variant, id_)
            for lang_, edition_, number, rule, title, body, examples, notes, path, line, doc_id, variant, id_ in rows]


@lru_cache(maxsize=1 << 14)
def _number(text: str) -> RuleNumber:
    return RuleNumber.parse(text)


def _list(data: str) -> tuple[str, ...]:
    return () if data == "[]" else tuple(json.loads(data))


Cites = dict[int, list[tuple[str, int | None, str | None]]]


def cited_keys(conn: sqlite3.Connection, lang: str, edition: str) -> Cites:
    """What each rule text of one edition cites (body and examples): rule id → (phrase,
    cited sort key or None, what is missing)."""
    rows = conn.execute("SELECT src_id, phrase, dst_key, missing FROM refs WHERE src_kind IN ('rule', 'example')"
                        " AND src_lang = ? AND src_edition = ? ORDER BY id", (lang, edition))
    found: Cites = {}
    for src_id, phrase, key, missing in rows:
        found.setdefault(src_id, []).append((phrase, key, missing))
    return found


def glossary_of(conn: sqlite3.Connection, lang: str, edition: str) -> list[dict[str, Any]]:
    """The glossary of one edition, each entry with its identity and the numbers it cites."""
    rows = conn.execute(
        "SELECT g.id, g.term, g.aliases, g.senses, g.obsolete, g.line, g.term_id, g.term_edition, d.path"
        " FROM glossary g JOIN documents d ON d.id = g.doc_id WHERE g.lang = ? AND g.edition = ? ORDER BY g.id",
        (lang, edition)).fetchall()
    cites: dict[int, set[int]] = {}
    for src_id, key in conn.execute("SELECT src_id, dst_key FROM refs WHERE src_kind = 'glossary' AND src_lang = ?"
                                    " AND src_edition = ? AND dst_key IS NOT NULL", (lang, edition)):
        cites.setdefault(src_id, set()).add(key)
    return [{"id": row["id"], "term": row["term"], "aliases": json.loads(row["aliases"]),
             "senses": json.loads(row["senses"]), "obsolete": bool(row["obsolete"]),
             "source": f"{row['path']}:{row['line']}",
             "term_id": row["term_id"], "term_edition": row["term_edition"],
             "cites": sorted(cites.get(row["id"], ()))} for row in rows]


def problems_of(conn: sqlite3.Connection, lang: str, edition: str) -> list[tuple[str, int | None, str, str]]:
    """The problems the build recorded for the documents of one edition (path, line, severity, message)."""
    return [tuple(row) for row in conn.execute(
        "SELECT p.path, p.line, p.severity, p.message FROM problems p JOIN documents d ON d.id = p.doc_id"
        " WHERE d.lang = ? AND d.edition = ? ORDER BY p.rowid", (lang, edition))]
