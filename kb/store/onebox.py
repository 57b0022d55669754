"""What the one search box reads before it searches: the rule identities held (to
expand an address such as ``601.2a-h``), the names of things (glossary headwords
and aliases, headings such as "702.2 Deathtouch") with the rules they lead to, the
cards a query names, and the rules a card's rulings are linked to.  Plain rows; no scoring here.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass

from kb.core.rulenum import RuleNumber
from kb.graph.names import NameEntry

#: A heading is a rule-level text of at most this many words that is no sentence
#: ("Deathtouch", "Trample Over Planeswalkers", "死触"); longer texts are rules.
HEADING_WORDS = 6


@dataclass(frozen=True, slots=True)
class Name:
    """A name people type for a thing the rules define, and the rules it leads to."""

    text: str
    lang: str
    kind: str                  # glossary, heading
    rules: tuple[str, ...]     # rule identities, in the order the entry cites them
    term: str | None = None    # a glossary entry's English headword (its identity), if known


def rule_identities(conn: sqlite3.Connection) -> set[RuleNumber]:
    """Every rule identity held (the numbers of the newest English edition, and the
    numbers of texts with no English counterpart in their own language)."""
    found = set()
    for (rule,) in conn.execute("SELECT DISTINCT rule FROM rules WHERE rule NOT LIKE '%@%'"):
        number = RuleNumber.try_parse(rule)
        if number is not None:
            found.add(number)
    return found


def names(conn: sqlite3.Connection, editions: list[tuple[str, str | None]]) -> list[Name]:
    """Glossary headwords and aliases, and the headings of the rules, of these
    ``(lang, edition)`` pairs."""
    found: list[Name] = []
    for lang, edition in editions:
        found += _glossary_names(conn, lang, edition)
        found += _headings(conn, lang, edition)
    return found


def _glossary_names(conn: sqlite3.Connection, lang: str, edition: str | None) -> list[Name]:
    cited: dict[int, list[str]] = {}
    rows = conn.execute(
        "SELECT f.src_id, r.rule FROM refs f JOIN glossary g ON g.id = f.src_id"
        " JOIN rules r ON r.sort_key = f.dst_key AND r.lang = f.dst_lang AND r.edition IS f.dst_edition"
        "  AND r.variant = 0"
        " WHERE f.src_kind = 'glossary' AND g.lang = ? AND g.edition IS ? ORDER BY f.id", (lang, edition))
    for entry_id, rule in rows:
        targets = cited.setdefault(entry_id, [])
        if rule not in targets:
            targets.append(rule)
    from kb.core.refs import cites_through  # lazy: a search process reads these names from lookups.json

    found = []
    entries = conn.execute("SELECT id, term, aliases, senses, term_id, obsolete FROM glossary"
                           " WHERE lang = ? AND edition IS ?", (lang, edition)).fetchall()
    # "Swampcycling: See Typecycling." names the rules Typecycling cites (an obsolete entry may be the one seen)
    through = cites_through(lang, {e[0]: ([e[1], *json.loads(e[2])], json.loads(e[3])) for e in entries}, cited)
    for entry_id, term, aliases, _, term_id, obsolete in entries:
        if not obsolete:
            found += [Name(text, lang, "glossary", through[entry_id], term_id) for text in (term, *json.loads(aliases))]
    return found


def _headings(conn: sqlite3.Connection, lang: str, edition: str | None) -> list[Name]:
    rows = conn.execute("SELECT rule, title, body, depth FROM rules WHERE lang = ? AND edition IS ? AND variant = 0"
                        " AND depth BETWEEN 1 AND 2 AND rule NOT LIKE '%@%'", (lang, edition))
    found = []
    for rule, title, body, _depth in rows:
        text = title or body
        if text and _is_heading(text):
            found.append(Name(text, lang, "heading", (rule,)))
    return found


def _is_heading(text: str) -> bool:
    return len(text.split()) <= HEADING_WORDS and not text.rstrip().endswith((".", "。", ":", "：")) and len(text) <= 60


@dataclass(frozen=True, slots=True)
class LinkedRule:
    """A rule the rulings of a card are linked to, and how many of them."""

    rule: str
    rulings: int
    label: str | None

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "rulings": self.rulings, "text": self.label}


def card_rules(conn: sqlite3.Connection, card: str) -> list[LinkedRule]:
    """The rules a card's rulings link to (as rule identities), most linked first."""
    rows = conn.execute(
        "SELECT r.id AS ruling, t.rule AS rule, t.title AS title, t.body AS body FROM rulings r"
        " JOIN card_links l ON l.src_kind = 'ruling' AND l.src_id = r.id"
        " JOIN rules t ON t.sort_key = l.sort_key AND t.lang = l.lang AND t.edition IS l.edition AND t.variant = 0"
        " WHERE r.card = ?", (card,)).fetchall()
    counts: Counter[str] = Counter()
    labels: dict[str, str | None] = {}
    seen: set[tuple[int, str]] = set()
    for row in rows:
        if (row["ruling"], row["rule"]) in seen:
            continue
        seen.add((row["ruling"], row["rule"]))
        counts[row["rule"]] += 1
        labels.setdefault(row["rule"], rule_label(row["title"], row["body"]))
    order = sorted(counts, key=lambda rule: (-counts[rule], _sort_key(rule)))
    return [LinkedRule(rule, counts[rule], labels[rule]) for rule in order]


def _sort_key(rule: str) -> int:
    number = RuleNumber.try_parse(rule)
    return number.key if number is not None else 0


def rule_label(title: str | None, body: str | None, words: int = 12) -> str | None:
    """A rule named in a line: its title, or its first words (a subrule has no title).
    Here, where a fresh search finds it without loading :mod:`kb.store.cards`."""
    text = title or body
    if not text:
        return None
    cut = text.split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


def names_for_key(conn: sqlite3.Connection, key: str) -> list[NameEntry]:
    """The card names of this :func:`~kb.core.text.name_key` (the cards a query names
    exactly).  Here, not in :mod:`kb.store.cards`, whose classes a search does not need."""
    rows = conn.execute("SELECT key, name, lang, card, face FROM card_names WHERE key = ?", (key,))
    return [NameEntry(*row) for row in rows]


def card_name_keys(conn: sqlite3.Connection) -> list[str]:
    """Every card name's key, once, in the order of the names' rows (what a misspelled
    card name is compared with; the entries of the few keys it comes near are read
    with :func:`names_for_key`)."""
    return list(dict.fromkeys(key for (key,) in conn.execute("SELECT key FROM card_names ORDER BY rowid")))


def resolved_page(conn: sqlite3.Connection, title_key: str) -> sqlite3.Row | None:
    """The rulings page with this title whose rulings resolved it to a card, if any."""
    return conn.execute(
        "SELECT * FROM pages WHERE kind = 'rulings-page' AND title_key = ? AND card IS NOT NULL"
        " ORDER BY confidence DESC, id LIMIT 1", (title_key,)).fetchone()


def page_titles(conn: sqlite3.Connection) -> frozenset[str]:
    """The title keys of the rulings pages resolved to a card."""
    return frozenset(key for (key,) in conn.execute(
        "SELECT DISTINCT title_key FROM pages WHERE kind = 'rulings-page' AND card IS NOT NULL"))


def card_names(conn: sqlite3.Connection, card: str) -> dict[str, str]:
    """A card's name in each language its printings give (the first printing's wins)."""
    found: dict[str, str] = {}
    for (names_json,) in conn.execute("SELECT names FROM cards WHERE name = ? ORDER BY id", (card,)):
        for lang, name in json.loads(names_json).items():
            found.setdefault(lang, name)
    return found


def texts_hold(conn: sqlite3.Connection, lang: str, words: list[str]) -> bool:
    """Every word (as written, case folded) occurs in some rule text of ``lang``."""
    return all(conn.execute("SELECT 1 FROM rules WHERE lang = ? AND (body LIKE ? OR title LIKE ?) LIMIT 1",
                            (lang, f"%{word}%", f"%{word}%")).fetchone() is not None for word in words)
