"""Cards, rulings, pages and their links to the rules, in the KB's SQLite file.

The build writes these tables in the same transaction as the rules (:func:`insert`,
called from :func:`kb.store.rules.write`), so a KB never holds cards linked to rules it
does not have.  The rows are plain data produced by :mod:`kb.graph.card_phase`; the read
helpers serve ``kb card``, ``kb refs`` and ``kb show`` and import nothing heavy, so a
fresh ``kb card`` process stays fast.

A link points at a rule by its number's sort key in one ``(lang, edition)``: the
newest full edition of the text's language when the KB was built.  Readers match
links by number, so a rule shows the rulings linked to it through any language.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.core.rulenum import RuleNumber
from kb.graph.names import NameEntry
from kb.store.onebox import rule_label

if TYPE_CHECKING:  # written by a build only
    from kb.graph.card_rows import CardGraph

SCHEMA = """
CREATE TABLE card_sources (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, sha256 TEXT NOT NULL, format TEXT NOT NULL,
    summary TEXT NOT NULL
);
CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,              -- MTGJSON's English name: the card's identity
    set_code TEXT, number TEXT, layout TEXT NOT NULL,
    names TEXT NOT NULL,             -- {lang: name}
    aliases TEXT NOT NULL,           -- [[lang, name]] other names a printing uses
    faces TEXT NOT NULL,             -- [{name, side, names, mana_cost, type, text, power, toughness, loyalty, defense}]
    parts TEXT NOT NULL,             -- [card name]: the other cards of a meld group
    source TEXT NOT NULL
);
CREATE INDEX cards_by_name ON cards (name);
CREATE TABLE card_names (key TEXT NOT NULL, name TEXT NOT NULL, lang TEXT NOT NULL, card TEXT NOT NULL, face TEXT);
CREATE INDEX card_names_by_key ON card_names (key);
CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,              -- rulings-page, wiki-page, mediawiki-xml
    path TEXT NOT NULL, line INTEGER,
    title TEXT NOT NULL, title_key TEXT NOT NULL, lang TEXT,
    card TEXT, confidence REAL,      -- rulings pages: the card resolved (NULL when weak)
    resolution TEXT,                 -- rulings pages: {evidence, candidates}
    detail TEXT NOT NULL             -- problems, date order, unresolved templates
);
CREATE INDEX pages_by_title ON pages (title_key);
CREATE TABLE page_sections (
    id INTEGER PRIMARY KEY, page_id INTEGER NOT NULL REFERENCES pages(id),
    heading TEXT NOT NULL, level INTEGER NOT NULL, text TEXT NOT NULL, line INTEGER
);
CREATE TABLE rulings (
    id INTEGER PRIMARY KEY,
    card TEXT,                       -- NULL: a wiki page's ruling, or an unresolved page's
    date TEXT,                       -- ISO; NULL when the page's day/month order is unknown
    text TEXT NOT NULL, key TEXT NOT NULL, lang TEXT NOT NULL,
    source TEXT NOT NULL,            -- mtgjson, rulings-page, wiki
    path TEXT NOT NULL, line INTEGER,
    page_id INTEGER REFERENCES pages(id)
);
CREATE INDEX rulings_by_card ON rulings (card);
CREATE TABLE card_links (
    id INTEGER PRIMARY KEY,
    src_kind TEXT NOT NULL,          -- ruling, section, page (a page's CR template)
    src_id INTEGER NOT NULL,
    sort_key INTEGER NOT NULL, number TEXT NOT NULL, lang TEXT NOT NULL, edition TEXT,
    kind TEXT NOT NULL,              -- explicit, term, phrase, template
    matched TEXT NOT NULL, start INTEGER NOT NULL, stop INTEGER NOT NULL,
    evidence TEXT NOT NULL, term_kind TEXT, hits INTEGER NOT NULL
);
CREATE INDEX card_links_by_rule ON card_links (sort_key);
CREATE INDEX card_links_by_source ON card_links (src_kind, src_id);
"""


# -- writing ------------------------------------------------------------------------


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def insert(conn: sqlite3.Connection, graph: CardGraph) -> None:
    """Write the card tables (inside the caller's transaction)."""
    conn.executemany("INSERT INTO card_sources (path, sha256, format, summary) VALUES (?, ?, ?, ?)",
                     [(s.path, s.sha256, s.format, _dumps(s.summary)) for s in graph.sources])
    conn.executemany(
        "INSERT INTO cards (name, set_code, number, layout, names, aliases, faces, parts, source)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(c.name, c.set_code, c.number, c.layout, _dumps(c.names), _dumps(c.aliases), _dumps(c.faces),
          _dumps(c.parts), c.source) for c in graph.cards])
    conn.executemany("INSERT INTO card_names VALUES (?, ?, ?, ?, ?)",
                     [(e.key, e.name, e.lang, e.card, e.face) for e in graph.names])
    conn.executemany(
        "INSERT INTO pages VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(p.id, p.kind, p.path, p.line, p.title, p.title_key, p.lang, p.card, p.confidence,
          _dumps(p.resolution) if p.resolution is not None else None, _dumps(p.detail)) for p in graph.pages])
    conn.executemany("INSERT INTO page_sections VALUES (?, ?, ?, ?, ?, ?)",
                     [(s.id, s.page_id, s.heading, s.level, s.text, s.line) for s in graph.sections])
    conn.executemany(
        "INSERT INTO rulings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(r.id, r.card, r.date, r.text, r.key, r.lang, r.source, r.path, r.line, r.page_id) for r in graph.rulings])
    conn.executemany(
        "INSERT INTO card_links (src_kind, src_id, sort_key, number, lang, edition, kind, matched, start, stop,"
        " evidence, term_kind, hits) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(k.src_kind, k.src_id, k.rule.key, str(k.rule), k.lang, k.edition, k.kind, k.matched, k.start, k.stop,
          k.evidence, k.term_kind, k.hits) for k in graph.links])
    conn.executemany("INSERT INTO problems VALUES (?, ?, ?, ?, ?)",
                     [(None, p.path, p.line, p.severity.value, p.message) for p in graph.problems])


# -- reading: names -----------------------------------------------------------------


def _entries(rows: Iterable[sqlite3.Row | tuple[Any, ...]]) -> list[NameEntry]:
    return [NameEntry(row[0], row[1], row[2], row[3], row[4]) for row in rows]


def all_names(conn: sqlite3.Connection) -> list[NameEntry]:
    return _entries(conn.execute("SELECT key, name, lang, card, face FROM card_names"))


def page_titles(conn: sqlite3.Connection) -> list[NameEntry]:
    """Titles of rulings pages the build resolved to a card, as extra names for fuzzy
    matching: a page's title is evidence of what people call the card."""
    rows = conn.execute("SELECT DISTINCT title_key, title, lang, card,"
                        " json_extract(detail, '$.title_lang') AS title_lang FROM pages"
                        " WHERE kind = 'rulings-page' AND card IS NOT NULL").fetchall()
    # The title's own language (seed 003: a Chinese title over English rulings), not the rulings'.
    return [NameEntry(row["title_key"], row["title"], row["title_lang"] or row["lang"] or "und", row["card"])
            for row in rows]


def held(conn: sqlite3.Connection) -> dict[str, Any]:
    """What card data the KB holds: how many cards, from which sets (for "not in the card
    data held" answers)."""
    count = conn.execute("SELECT COUNT(DISTINCT name) FROM cards").fetchone()[0]
    sets = [row[0] for row in conn.execute("SELECT DISTINCT set_code FROM cards WHERE set_code IS NOT NULL"
                                           " ORDER BY set_code")]
    return {"cards": count, "sets": sets}


def card_names(conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every card held, by English name, with its names in every language (the card index)."""
    found: dict[str, dict[str, Any]] = {}
    for row in conn.execute("SELECT name, set_code, number, names FROM cards ORDER BY name COLLATE NOCASE, id"):
        entry = found.setdefault(row["name"], {"name": row["name"], "printings": [], "names": {}})
        entry["printings"].append(" ".join(p for p in (row["set_code"], row["number"]) if p))
        for lang, localized in json.loads(row["names"]).items():
            entry["names"].setdefault(lang, localized)
    return list(found.values())


# -- reading: a card ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredLink:
    """A link as a reader sees it: the rule (with its label in the linked edition) and
    the evidence, plus where the linking text sits (``src_kind``, ``src_id``)."""

    number: RuleNumber
    lang: str
    edition: str | None
    kind: str
    matched: str
    start: int
    stop: int
    evidence: str
    term_kind: str | None
    label: str | None
    src_kind: str
    src_id: int

    def to_json(self) -> dict[str, object]:
        return {"number": str(self.number), "lang": self.lang, "edition": self.edition, "kind": self.kind,
                "matched": self.matched, "start": self.start, "end": self.stop, "evidence": self.evidence,
                "term_kind": self.term_kind, "text": self.label}


@dataclass(slots=True)
class StoredRuling:
    """One ruling text of a card, with every source that gives it and its links."""

    id: int
    card: str | None
    date: str | None
    text: str
    key: str
    sources: list[str]
    page: str | None = None  # title of the page holding it, for page rulings
    links: list[StoredLink] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"card": self.card, "date": self.date, "text": self.text, "sources": self.sources,
                                   "links": [link.to_json() for link in self.links]}
        if self.page is not None:
            data["page"] = self.page
        return data


@dataclass(frozen=True, slots=True)
class CardView:
    name: str
    printings: list[dict[str, Any]]
    layout: str
    names: dict[str, str]
    other_names: list[tuple[str, str]]
    faces: list[dict[str, Any]]
    parts: list[str]
    rulings: list[StoredRuling]
    page_names: list[tuple[str, str, float]] = field(default_factory=list)  # (lang, title, confidence)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "layout": self.layout, "printings": self.printings, "names": self.names,
                "other_names": [{"lang": lang, "name": name} for lang, name in self.other_names],
                "page_names": [{"lang": lang, "name": name, "confidence": confidence}
                               for lang, name, confidence in self.page_names],
                "faces": self.faces, "parts": self.parts}


_LINK_COLUMNS = """l.src_kind, l.src_id, l.sort_key, l.lang, l.edition, l.kind, l.matched, l.start, l.stop,
    l.evidence, l.term_kind,
    (SELECT r.title FROM rules r WHERE r.sort_key = l.sort_key AND r.lang = l.lang AND r.edition IS l.edition
      AND r.variant = 0 LIMIT 1) AS title,
    (SELECT r.body FROM rules r WHERE r.sort_key = l.sort_key AND r.lang = l.lang AND r.edition IS l.edition
      AND r.variant = 0 LIMIT 1) AS body"""


def _link(row: sqlite3.Row) -> StoredLink:
    return StoredLink(RuleNumber.from_key(row["sort_key"]), row["lang"], row["edition"], row["kind"], row["matched"],
                      row["start"], row["stop"], row["evidence"], row["term_kind"],
                      rule_label(row["title"], row["body"]),
                      row["src_kind"], row["src_id"])


def links_from(conn: sqlite3.Connection, src_kind: str, ids: list[int]) -> dict[int, list[StoredLink]]:
    """The links of these rulings (or sections, or pages), in the order they occur."""
    found: dict[int, list[StoredLink]] = {i: [] for i in ids}
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        rows = conn.execute(f"SELECT {_LINK_COLUMNS} FROM card_links l WHERE l.src_kind = ? AND l.src_id IN ({marks})"
                            " ORDER BY l.src_id, l.start, l.sort_key", (src_kind, *chunk))
        for row in rows:
            found[row["src_id"]].append(_link(row))
    return found


def _source(row: sqlite3.Row) -> str:
    return f"{row['path']}:{row['line']}" if row["line"] else row["path"]


def card_view(conn: sqlite3.Connection, name: str) -> CardView | None:
    """A card with its printings, names in every language and rulings (each ruling once,
    with all its sources), each ruling's links to the rules attached."""
    rows = conn.execute("SELECT * FROM cards WHERE name = ? ORDER BY id", (name,)).fetchall()
    if not rows:
        return None
    names: dict[str, str] = {}
    others: dict[tuple[str, str], None] = {}
    faces: list[dict[str, Any]] = []
    parts: dict[str, None] = {}
    for row in rows:
        for lang, localized in json.loads(row["names"]).items():
            if names.setdefault(lang, localized) != localized:
                others.setdefault((lang, localized), None)
        for lang, localized in json.loads(row["aliases"]):
            if names.get(lang) != localized:
                others.setdefault((lang, localized), None)
        parts.update(dict.fromkeys(json.loads(row["parts"])))
    faces = _faces(rows)
    printings = [{"set": row["set_code"], "number": row["number"], "layout": row["layout"], "source": row["source"]}
                 for row in rows]
    # MTGJSON names a meld partner both as its face ("Mishra, Claimed by Gix") and as its
    # card ("Mishra, Claimed by Gix // Mishra, Lost to Phyrexia"): keep the card.
    faces_of_parts = {face for part in parts if " // " in part for face in part.split(" // ")}
    kept = [part for part in parts if part not in faces_of_parts or part == name]
    known = {*names.items(), *others}
    return CardView(name, printings, rows[0]["layout"], names, list(others), faces, kept,
                    card_rulings(conn, name), [page for page in page_names(conn, name) if page[:2] not in known])


def _faces(rows: Iterable[sqlite3.Row]) -> list[dict[str, Any]]:
    """A card's faces (name, mana cost, type, Oracle text, numbers), from the first of its rows
    that holds them."""
    for row in rows:
        faces: list[dict[str, Any]] = json.loads(row["faces"])
        if faces:
            return faces
    return []


def card_faces(conn: sqlite3.Connection, name: str) -> list[dict[str, Any]]:
    """The faces of card ``name`` as :func:`card_view` reads them, and nothing else of it (the
    card box of `kb search` and `kb ask`: a few indexed reads)."""
    return _faces(conn.execute("SELECT faces FROM cards WHERE name = ? ORDER BY id", (name,)).fetchall())


def page_names(conn: sqlite3.Connection, name: str) -> list[tuple[str, str, float]]:
    """The titles of the rulings pages the build resolved to card ``name`` (lang of the title,
    title, confidence): what people call the card (非瑞克西亚龙引擎), which `kb card` resolves."""
    rows = conn.execute("SELECT title, lang, json_extract(detail, '$.title_lang') AS title_lang,"
                        " MAX(confidence) AS confidence FROM pages WHERE kind = 'rulings-page' AND card = ?"
                        " AND title IS NOT NULL GROUP BY title, title_lang ORDER BY title", (name,)).fetchall()
    return [(row["title_lang"] or row["lang"] or "und", row["title"], float(row["confidence"] or 0.0))
            for row in rows]


def card_rulings(conn: sqlite3.Connection, name: str) -> list[StoredRuling]:
    rows = conn.execute(
        "SELECT r.*, p.title AS page_title FROM rulings r LEFT JOIN pages p ON p.id = r.page_id WHERE r.card = ?"
        " ORDER BY r.date IS NULL, r.date, r.id", (name,)).fetchall()
    grouped: dict[tuple[str | None, str], StoredRuling] = {}
    members: dict[int, StoredRuling] = {}
    for row in rows:
        ruling = grouped.get((row["date"], row["key"]))
        if ruling is None:
            ruling = grouped[(row["date"], row["key"])] = StoredRuling(row["id"], name, row["date"], row["text"],
                                                                       row["key"], [])
        ruling.sources.append(_source(row))
        members[row["id"]] = ruling
    seen: dict[int, set[tuple[int, str, str | None]]] = {}
    for ruling_id, links in links_from(conn, "ruling", list(members)).items():
        ruling = members[ruling_id]
        known = seen.setdefault(ruling.id, set())
        for link in links:
            if (link.number.key, link.lang, link.edition) not in known:
                known.add((link.number.key, link.lang, link.edition))
                ruling.links.append(link)
    return list(grouped.values())


# -- reading: what links a rule -----------------------------------------------------


def _range(number: RuleNumber) -> tuple[str, tuple[int, ...]]:
    """Links about a rule: to it or anything under it; a section or chapter counts only
    links to itself (by name, "709 Split Cards"), or 702 would list every keyword ruling."""
    if number.depth >= 2:
        return "l.sort_key >= ? AND l.sort_key < ?", (number.key, number.subtree_stop)
    return "l.sort_key = ?", (number.key,)


def rulings_linking(conn: sqlite3.Connection, number: RuleNumber) -> list[StoredRuling]:
    """Every ruling (of a card or of a page) linked to ``number``, by card and date,
    with the links that reach it."""
    where, args = _range(number)
    rows = conn.execute(
        f"SELECT {_LINK_COLUMNS}, r.card, r.date, r.text, r.key, r.path, r.line, p.title AS page_title"
        f" FROM card_links l JOIN rulings r ON l.src_kind = 'ruling' AND r.id = l.src_id"
        f" LEFT JOIN pages p ON p.id = r.page_id WHERE {where}"
        f" ORDER BY r.card IS NULL, r.card, r.date, r.id, l.start", args).fetchall()
    found: dict[tuple[object, ...], StoredRuling] = {}
    for row in rows:
        # A card's ruling given by its set file and by a rulings page is one ruling.
        group = (row["card"], row["date"], row["key"]) if row["card"] else ("page ruling", row["src_id"])
        ruling = found.get(group)
        if ruling is None:
            ruling = found[group] = StoredRuling(row["src_id"], row["card"], row["date"], row["text"], row["key"], [],
                                                 row["page_title"])
        if _source(row) not in ruling.sources:
            ruling.sources.append(_source(row))
        ruling.page = ruling.page or row["page_title"]
        link = _link(row)
        if all((k.number, k.lang, k.edition, k.start) != (link.number, link.lang, link.edition, link.start)
               for k in ruling.links):
            ruling.links.append(link)
    return list(found.values())


@dataclass(slots=True)
class LinkingPage:
    """A page linked to a rule, and how: its template, its sections, its rulings."""

    id: int
    kind: str
    title: str
    path: str
    card: str | None
    via: list[tuple[str, StoredLink]] = field(default_factory=list)  # (where, link)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "title": self.title, "path": self.path, "card": self.card,
                "via": [{"where": where, **link.to_json()} for where, link in self.via]}


def pages_linking(conn: sqlite3.Connection, number: RuleNumber) -> list[LinkingPage]:
    """Every page whose template, sections or rulings link to ``number``."""
    where, args = _range(number)
    rows = conn.execute(
        f"SELECT {_LINK_COLUMNS}, COALESCE(s.page_id, r.page_id, CASE WHEN l.src_kind = 'page' THEN l.src_id END)"
        f"  AS page_id, s.heading"
        f" FROM card_links l LEFT JOIN page_sections s ON l.src_kind = 'section' AND s.id = l.src_id"
        f" LEFT JOIN rulings r ON l.src_kind = 'ruling' AND r.id = l.src_id"
        f" WHERE {where} AND (l.src_kind != 'ruling' OR r.page_id IS NOT NULL)"
        f" ORDER BY page_id, l.src_kind, l.src_id, l.start", args).fetchall()
    pages: dict[int, LinkingPage] = {}
    for row in rows:
        page = pages.get(row["page_id"])
        if page is None:
            info = conn.execute("SELECT kind, title, path, card FROM pages WHERE id = ?", (row["page_id"],)).fetchone()
            page = pages[row["page_id"]] = LinkingPage(row["page_id"], info["kind"], info["title"], info["path"],
                                                       info["card"])
        kind = row["src_kind"]
        place = ("template" if kind == "page" else "ruling" if kind == "ruling"
                 else f"section {row['heading']!r}" if row["heading"] else "introduction")
        page.via.append((place, _link(row)))
    return list(pages.values())


def link_counts(conn: sqlite3.Connection, number: RuleNumber) -> dict[str, int]:
    """How many rulings and pages link to ``number`` (as :func:`rulings_linking` and
    :func:`pages_linking` count them)."""
    where, args = _range(number)
    rulings = conn.execute(
        f"SELECT COUNT(*) FROM (SELECT DISTINCT r.card, r.date, r.key, CASE WHEN r.card IS NULL THEN r.id END"
        f" FROM card_links l JOIN rulings r ON r.id = l.src_id WHERE l.src_kind = 'ruling' AND {where})",
        args).fetchone()[0]
    pages = conn.execute(
        f"SELECT COUNT(DISTINCT COALESCE(s.page_id, r.page_id, CASE WHEN l.src_kind = 'page' THEN l.src_id END))"
        f" FROM card_links l LEFT JOIN page_sections s ON l.src_kind = 'section' AND s.id = l.src_id"
        f" LEFT JOIN rulings r ON l.src_kind = 'ruling' AND r.id = l.src_id WHERE {where}", args).fetchone()[0]
    return {"rulings": rulings, "pages": pages}
