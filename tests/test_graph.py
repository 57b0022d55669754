"""The stored reference graph: edges and their reverse, on a real edition (issue 3)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from kb.build import build
from kb.core.rulenum import RuleNumber
from kb.store import rules as store

EDITION = "MagicCompRules-2026-01-16.txt"


@pytest.fixture(scope="module")
def conn(seeds_2026_01_16: tuple[Path, dict]) -> Iterator[sqlite3.Connection]:
    """The seeds with EN and ZH 2026-01-16, built once per run."""
    connection = store.connect(seeds_2026_01_16[0])
    yield connection
    connection.close()


def _edges(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT f.src_kind, f.phrase, f.dst_key, f.dst_lang, f.dst_edition, r.sort_key, g.term"
        " FROM refs f LEFT JOIN rules r ON f.src_kind != 'glossary' AND r.id = f.src_id"
        " LEFT JOIN glossary g ON f.src_kind = 'glossary' AND g.id = f.src_id"
        " WHERE f.dst_key IS NOT NULL").fetchall()


def test_every_edge_appears_in_the_incoming_of_its_target(conn: sqlite3.Connection) -> None:
    edges = _edges(conn)
    assert len(edges) > 4000  # English and Chinese, rules, examples and glossary
    incoming: dict[tuple[int, str, str | None], set[tuple[str, object, str]]] = {}
    for edge in edges:
        key = (edge["dst_key"], edge["dst_lang"], edge["dst_edition"])
        if key not in incoming:
            found = store.incoming(conn, RuleNumber.from_key(key[0]), key[1], key[2])
            incoming[key] = {(link.kind, link.number or link.label, link.phrase) for link in found}
        source = RuleNumber.from_key(edge["sort_key"]) if edge["sort_key"] is not None else edge["term"]
        assert (edge["src_kind"], source, edge["phrase"]) in incoming[key], dict(edge)


def test_incoming_counts_ranges_and_ancestors(conn: sqlite3.Connection) -> None:
    links = store.incoming(conn, RuleNumber.parse("601.2c"), "en", "2026-01-16")
    by_phrase = {(str(link.number), link.phrase): link for link in links if link.number}
    assert ("601.2", "rules 601.2a–d") in by_phrase
    assert any(phrase.endswith("601.2a–h") for _, phrase in by_phrase)
    via_parent = [link for link in links if link.via != RuleNumber.parse("601.2c")]
    assert via_parent and all(link.via is not None and link.via.is_ancestor_of(RuleNumber.parse("601.2c"))
                              for link in via_parent)
    numbers = [link.number for link in links if link.number]
    assert numbers == sorted(numbers)


def test_glossary_entries_cite_rules(conn: sqlite3.Connection) -> None:
    links = store.incoming(conn, RuleNumber.parse("702.102"), "en", "2026-01-16")
    assert any(link.kind == "glossary" and link.label.startswith("Fuse") for link in links)


def test_seed_references_resolve_against_the_full_edition(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT r.number, f.phrase, f.dst_key, f.dst_lang, f.dst_edition FROM refs f JOIN rules r ON r.id = f.src_id"
        " WHERE f.src_lang = 'it' ORDER BY f.id").fetchall()
    cited = {(row["number"], str(RuleNumber.from_key(row["dst_key"]))) for row in rows if row["dst_key"]}
    assert {("729.2a", "613.2"), ("729.3d", "903.9b"), ("729.3d", "903.9c"), ("729.3c", "400.7")} <= cited
    assert all(row["dst_lang"] == "en" and row["dst_edition"] == "2026-01-16" for row in rows if row["dst_key"])


def test_web_page_chapters_unresolved_with_seeds_alone_resolved_with_a_full_edition(
        conn: sqlite3.Connection, seeds: Path, tmp_path: Path) -> None:
    report = build([seeds], tmp_path)
    [page] = [d.document for d in report.documents if d.document and d.document.format == "rule-page"]
    unresolved = {(p.line, p.message.split("'")[1]) for p in page.problems if "unresolved reference" in p.message}
    assert {(21, "see rule 710"), (23, "see rule 712")} <= unresolved
    rows = conn.execute(
        "SELECT r.number, f.dst_key, f.dst_edition FROM refs f JOIN rules r ON r.id = f.src_id"
        " WHERE f.src_lang = 'en' AND f.src_edition IS NULL").fetchall()
    cited = {(row["number"], str(RuleNumber.from_key(row["dst_key"])), row["dst_edition"]) for row in rows}
    assert {("730.2h", "710", "2026-01-16"), ("730.2i", "712", "2026-01-16")} <= cited
