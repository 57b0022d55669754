"""Query words from one language into another, through the lexicons the build learned.

The build keeps, per pair of languages, a :class:`~kb.align.Lexicon` learned from
aligned rule texts: Latin-script words (light stems) -> their usual translation (a
word, or a Chinese term of 2–4 characters), with a strength in [0, 1].  A lexicon
is stored in one direction only (``en -> zh-Hans``, ``it -> en``), so search reads
it both ways: forwards by word, backwards by finding the stored translations inside
the query (a Chinese query has no spaces: "结聚永久物" holds 永久物, "permanent",
and 聚永久物, "merged").  Languages without a lexicon between them meet through
English.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from kb.align.lexicon import Lexicon
from kb.align.tokens import CJK_RUN, STOPWORDS, is_cjk, stem, words

#: Weaker entries are mostly chance co-occurrences ("able" -> "则必须").
MIN_STRENGTH = 0.5
#: Per query term, keep translations at least this close to the best one.
NEAR_BEST = 0.8
PIVOT = "en"

Entries = dict[str, list[tuple[str, float]]]  # term -> [(translation, strength)], strongest first


@dataclass(frozen=True, slots=True)
class Translation:
    """One query term and what it stands for in another language."""

    source: str
    target: str
    strength: float
    src: str
    dst: str
    at: int = 0  # where the source term starts in the query (to keep the query's order)

    def to_json(self) -> dict[str, object]:
        return {"from": self.source, "to": self.target, "src": self.src, "dst": self.dst,
                "strength": round(self.strength, 3)}


def _forward(lexicon: Lexicon) -> Entries:
    return {word: [(target, strength)] for word, (target, strength) in lexicon.terms.items()
            if strength >= MIN_STRENGTH}


def _backward(lexicon: Lexicon) -> Entries:
    found: Entries = defaultdict(list)
    for word, (target, strength) in lexicon.terms.items():
        if strength >= MIN_STRENGTH:
            found[target].append((word, strength))
    for entries in found.values():
        entries.sort(key=lambda e: (-e[1], e[0]))
        del entries[2:]  # a Chinese term learned for several inflections: the two best
    return dict(found)


def _words(text: str) -> list[tuple[str, str, int]]:
    """Content words of a Latin-script query: folded, as the lexicons key them (the
    same selection as :func:`kb.align.tokens.content_words`), and their order."""
    return [(word, stem(word), at) for at, word in enumerate(words(text))
            if word not in STOPWORDS and len(word) > 1]


def lookup(entries: Entries, text: str, cjk: bool) -> list[tuple[str, str, float, int]]:
    """``(source, target, strength, at)`` for every term of ``text`` the entries know.

    For a CJK side the keys are found inside the text (every stored term it
    contains, longest first, so "聚永久物" and the "永久物" within it both count)."""
    found: list[tuple[str, str, float, int]] = []
    if cjk:
        for key in sorted((k for k in entries if k in text), key=lambda k: (-len(k), k)):
            found += [(key, target, s, text.find(key)) for target, s in _near_best(entries[key])]
    else:
        for word, key, at in _words(text):
            found += [(word, target, s, at) for target, s in _near_best(entries.get(key, []))]
    return found


def _near_best(entries: list[tuple[str, float]]) -> list[tuple[str, float]]:
    if not entries:
        return []
    best = max(s for _, s in entries)
    return [(t, s) for t, s in entries if s >= NEAR_BEST * best]


class Translator:
    """Every stored lexicon, readable in both directions."""

    def __init__(self, lexicons: Iterable[Lexicon]) -> None:
        """Two lexicons of one pair of languages (``it -> en`` learned from the rules,
        ``en -> it`` from card texts) fill each other's gaps; for a term both know,
        the lexicon read first -- in the store's order -- speaks."""
        self.tables: dict[tuple[str, str], Entries] = {}
        for lexicon in lexicons:
            if not len(lexicon):
                continue
            for pair, entries in (((lexicon.src, lexicon.dst), _forward(lexicon)),
                                  ((lexicon.dst, lexicon.src), _backward(lexicon))):
                table = self.tables.setdefault(pair, {})
                for term, found in entries.items():
                    table.setdefault(term, found)

    @classmethod
    def from_store(cls, conn: sqlite3.Connection) -> Translator:
        rows = conn.execute("SELECT terms FROM lexicons ORDER BY rowid")
        return cls(Lexicon.from_dict(json.loads(terms)) for (terms,) in rows)

    def pairs(self) -> list[tuple[str, str]]:
        return sorted(self.tables)

    def known(self, text: str, src: str) -> int:
        """How many content words of ``text`` some lexicon from ``src`` knows (a sign
        that the query is in ``src``; Latin-script languages only)."""
        tables = [entries for (a, _), entries in self.tables.items() if a == src]
        return sum(any(key in entries for entries in tables) for _, key, _ in _words(text)) if tables else 0

    def translate(self, text: str, src: str, dst: str) -> list[Translation]:
        """The terms of ``text`` (in ``src``) translated into ``dst``, in query order;
        through English when no lexicon joins the two languages."""
        if src == dst:
            return []
        if (src, dst) in self.tables:
            return self._direct(text, src, dst)
        if PIVOT in (src, dst) or (src, PIVOT) not in self.tables or (PIVOT, dst) not in self.tables:
            return []
        found = []
        for first in self._direct(text, src, PIVOT):
            for second in self._direct(first.target, PIVOT, dst):
                found.append(Translation(first.source, second.target, first.strength * second.strength,
                                         src, dst, first.at))
        return _unique(found)

    def _direct(self, text: str, src: str, dst: str) -> list[Translation]:
        hits = lookup(self.tables[(src, dst)], text, is_cjk(src))
        return _unique([Translation(source, target, strength, src, dst, at) for source, target, strength, at in hits])


def coverage(text: str, src: str, found: Iterable[Translation]) -> float:
    """The share of a query that its translations stand for: the words translated
    (Latin script), or the characters inside a translated term (CJK).  A query half
    translated ("permanente amalgamato", where only "permanente" is known) must not
    let texts matching that half outrank texts matching all of it in its own language."""
    if is_cjk(src):
        total = sum(map(len, CJK_RUN.findall(text)))
        covered = {k for t in found if t.at >= 0 for k in range(t.at, t.at + len(t.source))}
        return min(1.0, len(covered) / total) if total else 1.0
    total = len(_words(text))
    return len({t.at for t in found}) / total if total else 1.0


def _unique(found: list[Translation]) -> list[Translation]:
    """One entry per target (its strongest source), in query order."""
    best: dict[str, Translation] = {}
    for item in found:
        if item.target not in best or item.strength > best[item.target].strength:
            best[item.target] = item
    return sorted(best.values(), key=lambda t: (t.at, -t.strength, t.target))
