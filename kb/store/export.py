"""``kb export``: every part of the KB as plain rows, for programs (rules, glossary,
cards, rulings, references), filtered by language and edition.

Rows are read with all their columns, JSON columns decoded, so a column added to a
table is exported without a change here.  Sources are ``path:line`` as everywhere.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any

from kb.core.rulenum import RuleNumber
from kb.store.rules import iter_rules

#: What ``kb export --what`` takes.
PARTS = ("rules", "glossary", "cards", "rulings", "refs")

Editions = Sequence[tuple[str, str | None]] | None  # (lang, edition) pairs to keep; None: all


def _keep(lang: str | None, edition: str | None, langs: Sequence[str] | None, editions: Editions) -> bool:
    if langs is not None and lang not in langs:
        return False
    return editions is None or (lang, edition) in editions


def _decoded(row: sqlite3.Row, json_columns: Sequence[str]) -> dict[str, object]:
    data = dict(row)
    for column in json_columns:
        if isinstance(data.get(column), str):
            data[column] = json.loads(data[column])
    return data


def rules(conn: sqlite3.Connection, langs: Sequence[str] | None, editions: Editions) -> Iterator[dict[str, object]]:
    for rule in iter_rules(conn):
        if _keep(rule.lang, rule.edition, langs, editions):
            yield rule.to_json()


def glossary(conn: sqlite3.Connection, langs: Sequence[str] | None, editions: Editions) -> Iterator[dict[str, object]]:
    rows = conn.execute(
        "SELECT g.lang, g.edition, g.term, g.aliases, g.senses, g.obsolete, g.term_id, g.term_edition, g.term_score,"
        " g.term_evidence, d.path, g.line FROM glossary g JOIN documents d ON d.id = g.doc_id"
        " ORDER BY g.lang, g.edition IS NULL, g.edition, g.id")
    for row in rows:
        if _keep(row["lang"], row["edition"], langs, editions):
            data = _decoded(row, ("aliases", "senses"))
            data["obsolete"] = bool(data["obsolete"])
            data["source"] = f"{data.pop('path')}:{data.pop('line')}"
            data["english"] = data.pop("term_id")  # the English headword it was paired with
            yield data


def refs(conn: sqlite3.Connection, langs: Sequence[str] | None, editions: Editions) -> Iterator[dict[str, object]]:
    rows = conn.execute(
        "SELECT f.src_kind, f.src_lang, f.src_edition, f.phrase, f.dst_key, f.dst_lang, f.dst_edition, f.missing,"
        " r.number AS src_number, g.term AS src_term"
        " FROM refs f LEFT JOIN rules r ON f.src_kind != 'glossary' AND r.id = f.src_id"
        " LEFT JOIN glossary g ON f.src_kind = 'glossary' AND g.id = f.src_id ORDER BY f.id")
    for row in rows:
        if _keep(row["src_lang"], row["src_edition"], langs, editions):
            yield {"lang": row["src_lang"], "edition": row["src_edition"], "kind": row["src_kind"],
                   "from": row["src_term"] if row["src_kind"] == "glossary" else row["src_number"],
                   "phrase": row["phrase"],
                   "to": str(RuleNumber.from_key(row["dst_key"])) if row["dst_key"] is not None else None,
                   "to_lang": row["dst_lang"], "to_edition": row["dst_edition"], "missing": row["missing"]}


def cards(conn: sqlite3.Connection, langs: Sequence[str] | None, editions: Editions) -> Iterator[dict[str, object]]:
    json_columns = [c["name"] for c in conn.execute("PRAGMA table_info(cards)") if c["type"] == "TEXT"]
    for row in conn.execute("SELECT * FROM cards ORDER BY name, set_code, number"):
        data = {k: v for k, v in _decoded_lenient(row, json_columns).items() if k != "id"}
        if langs is not None and isinstance(data.get("names"), dict):
            data["names"] = {lang: name for lang, name in data["names"].items() if lang in langs}
        yield data


def _decoded_lenient(row: sqlite3.Row, columns: Sequence[str]) -> dict[str, Any]:
    """Text columns that hold JSON (names, faces, …) decoded; plain text left as it is."""
    data = dict(row)
    for column in columns:
        value = data.get(column)
        if isinstance(value, str) and value[:1] in "[{":
            with contextlib.suppress(ValueError):
                data[column] = json.loads(value)
    return data


def rulings(conn: sqlite3.Connection, langs: Sequence[str] | None, editions: Editions) -> Iterator[dict[str, object]]:
    links: dict[int, list[str]] = {}
    for row in conn.execute("SELECT src_id, number FROM card_links WHERE src_kind = 'ruling' ORDER BY id"):
        numbers = links.setdefault(row["src_id"], [])
        if row["number"] not in numbers:
            numbers.append(row["number"])
    for row in conn.execute("SELECT r.id, r.card, r.date, r.text, r.lang, r.source, r.path, r.line,"
                            " p.title AS page FROM rulings r LEFT JOIN pages p ON p.id = r.page_id ORDER BY r.id"):
        if langs is not None and row["lang"] not in langs:
            continue
        yield {"card": row["card"], "page": row["page"], "date": row["date"], "lang": row["lang"], "text": row["text"],
               "kind": row["source"], "rules": links.get(row["id"], []),
               "source": f"{row['path']}:{row['line']}" if row["line"] else row["path"]}


READERS = {"rules": rules, "glossary": glossary, "cards": cards, "rulings": rulings, "refs": refs}
