"""BM25 over the whoosh index, term at a time, in plain Python.

whoosh's own matchers evaluate an OR of many terms document at a time through a
tree of matcher objects; on the rules index that took 30–400 ms for a player's
question and up to 12 s for a glossary definition used as a query (profile in
the module :mod:`indexers.engine`'s notes).  The index itself is fine: its postings
and field lengths are read here directly, each term's postings once per process
(:class:`Scorer` caches them), and scores are summed in a dictionary, which takes
a few milliseconds for a question of ten terms.

Scores follow BM25 per field (``k1``, ``b``), multiplied by the field's boost and
the unit's weight, summed over fields and units, then scaled by a coordination
factor (the share of the query's units a text matches).  Phrases (quoted text, a
Chinese game word as a sequence of bigrams) go through whoosh's phrase matcher,
which reads positions; they are few and short.
"""

from __future__ import annotations

import heapq
import math
import threading
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.matching import Matcher
from whoosh.query import Phrase
from whoosh.reading import TermNotFound
from whoosh.searching import Searcher

#: BM25 term-frequency saturation.  Measured (bench_quality, questions / glossary sample, s@1 / s@5):
#: 0.8 and 1.8 no better than 1.2 (EN 0.46/0.79 and 0.43/0.79 against 0.45/0.79).  Again in session 34
#: on today's engine (the quality harness by words, the 1,173 questions of the five sets: first /
#: in the first five): 0.9 -> 700/1001, 1.2 -> 700/1004, 1.6 -> 693/1001, 2.0 -> 689/999.
K1 = 1.2
#: BM25 length normalisation.  0.5 against the usual 0.75: EN questions 0.46/0.81 (was 0.45/0.79),
#: ZH 0.46/0.84 (0.40/0.83), ZH glossary 0.54/0.86 (0.53/0.84); 0.9 loses everywhere.  Again in
#: session 34 as for K1: 0.3 -> 683/992, 0.4 -> 688/1001, 0.5 -> 700/1004, 0.6 -> 693/1003,
#: 0.75 -> 683/995.
B = 0.5

#: A unit of several clauses (a word searched in the body, the parent titles and the aligned texts, each
#: field its boost) met again is scored from its documents' sums over its fields, made the second time it is
#: met and kept, up to this many documents over all units kept (then the store starts again): a common word's
#: fields were summed into a query's totals field by field, each time ("creature", "player", "card" recur
#: in most definitions).  Met once, a unit is scored field by field as before: keeping every unit's sums from
#: its first meeting made a question's first search slower (our 438 questions, in process, three runs alternated
#: with the store off: p50 4.5-5.4 -> 4.7-6.0 ms, mean 5.9-7.0 -> 6.4-8.0; a question's units are mostly new, and
#: their sums were made, then added); from the second meeting, six runs each: p50 4.8 -> 4.6, mean 6.3 -> 6.1
#: (medians).  Scoring over the glossary benchmark's 1,328 definitions: 2.0 -> 1.6 ms a definition.  Every
#: ranking of the quality harness and the glossary benchmark the same.  The definitions keep 199,302 documents'
#: sums in 2,047 units (18 MB).  0 turns it off.
UNITS_KEPT = 250_000
Posting = tuple[int, float]  # (document number, term frequency)
_Derived = TypeVar("_Derived")


@dataclass(frozen=True)
class Clause:
    """One unit of a plan, in one field: its terms (one: a term; several: a phrase),
    or a prefix, with the boost it carries."""

    field: str
    terms: tuple[str, ...]
    boost: float
    prefix: bool = False
    slop: int = 1
    constant: bool = False  # rule numbers: a fixed score, no BM25


class Scorer:
    """Reads postings from one open whoosh searcher, caching what it read."""

    def __init__(self, searcher: Searcher) -> None:
        self.searcher = searcher
        self.reader = searcher.reader()
        self.n = max(1, self.reader.doc_count_all())
        self._postings: dict[tuple[str, str], list[Posting]] = {}
        self._lengths: dict[str, dict[int, int]] = defaultdict(dict)
        self._avg: dict[str, float] = {}
        self._prefixes: dict[tuple[str, str], list[str]] = {}
        self._scored: dict[tuple[str, ...], dict[int, float]] = {}
        self._stored: dict[int, dict[str, object]] = {}
        self._derived: dict[int, object] = {}
        self._df: dict[tuple[str, str], int] = {}
        self._units: dict[tuple[Clause, ...], dict[int, float]] = {}  # see UNITS_KEPT
        self._kept = 0  # documents' sums kept in _units
        self._seen: set[tuple[Clause, ...]] = set()  # units met once
        self.lock = threading.RLock()  # one open searcher per process: threads (kb serve) take turns

    def postings(self, field: str, term: str) -> list[Posting]:
        key = (field, term)
        found = self._postings.get(key)
        if found is None:
            try:  # not asked first whether the reader holds the term: that was a second lookup of it
                found = read_postings(self.reader.postings(field, term))
            except TermNotFound:
                found = []
            self._postings[key] = found
        return found

    def stored(self, doc: int) -> dict[str, object]:
        """A document's stored fields, read once per process (a search reads up to
        ``MAX_HITS`` of them, and the same rules come back query after query)."""
        found = self._stored.get(doc)
        if found is None:
            found = self._stored[doc] = self.searcher.stored_fields(doc)
        return found

    def derived(self, doc: int, make: Callable[[dict[str, object]], _Derived]) -> _Derived:
        """What ``make`` makes of a document's stored fields, made once per process (one ``make`` per scorer)."""
        found = self._derived.get(doc)
        if found is None:
            found = self._derived[doc] = make(self.stored(doc))
        return cast(_Derived, found)

    def doc_frequency(self, field: str, term: str) -> int:
        """How many documents hold ``term`` in ``field`` (cached: language detection asks per word)."""
        key = (field, term)
        found = self._df.get(key)
        if found is None:
            found = self._df[key] = self.reader.doc_frequency(field, term)
        return found

    def average(self, field: str) -> float:
        if field not in self._avg:
            self._avg[field] = max(1.0, self.reader.field_length(field) / self.n)
        return self._avg[field]

    def expand(self, field: str, prefix: str) -> list[str]:
        key = (field, prefix)
        if key not in self._prefixes:
            known = field in self.searcher.schema
            self._prefixes[key] = list(self.reader.expand_prefix(field, prefix)) if known else []
        return self._prefixes[key]

    def scored(self, field: str, term: str) -> dict[int, float]:
        """Each document's BM25 for one term of ``field`` (computed once per process)."""
        key = ("scored", field, term)
        found = self._scored.get(key)
        if found is None:
            found = self._scored[key] = self._bm25(field, self.postings(field, term))
        return found

    def bm25(self, field: str, postings: Sequence[Posting], boost: float, into: dict[int, float],
             key: tuple[str, ...] | None = None) -> Collection[int]:
        """Add ``boost`` times each posting's BM25 to ``into``, and say which documents it
        scored; the BM25 values of a term (``key``) are computed once per process."""
        scored = self._scored.get(key) if key is not None else None
        if scored is None:
            scored = self._bm25(field, postings)
            if key is not None:
                self._scored[key] = scored
        if not into:  # the first field of a query's first unit: filled at C speed
            into.update(zip(scored, map(float(boost).__mul__, scored.values()), strict=True))
            return scored.keys()
        get = into.get
        for doc, value in scored.items():
            into[doc] = get(doc, 0.0) + boost * value
        return scored.keys()

    def _bm25(self, field: str, postings: Sequence[Posting]) -> dict[int, float]:
        df = len(postings)
        if not df:
            return {}
        idf = math.log(1 + (self.n - df + 0.5) / (df + 0.5))
        avg = self.average(field)
        lengths = self._lengths[field]  # each text's length read once per process, looked up inline
        for doc in [doc for doc, _ in postings if doc not in lengths]:
            lengths[doc] = self.reader.doc_field_length(doc, field, 1)
        return {doc: idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[doc] / avg)) for doc, tf in postings}

    def clause(self, c: Clause, into: dict[int, float]) -> Collection[int]:
        """Add the clause's scores to ``into``; the documents it scored."""
        if c.constant:
            docs = [doc for doc, _ in self.postings(c.field, c.terms[0])]
            for doc in docs:
                into[doc] = into.get(doc, 0.0) + c.boost
            return docs
        key = (c.field, "prefix" if c.prefix else f"terms~{c.slop}", *c.terms)
        if key in self._scored:
            return self.bm25(c.field, (), c.boost, into, key)
        if c.prefix:
            merged: dict[int, float] = {}
            for term in self.expand(c.field, c.terms[0]):
                for doc, tf in self.postings(c.field, term):
                    merged[doc] = merged.get(doc, 0.0) + tf
            return self.bm25(c.field, sorted(merged.items()), c.boost, into, key)
        if len(c.terms) == 1:
            return self.bm25(c.field, self.postings(c.field, c.terms[0]), c.boost, into, key)
        found: list[Posting] = []
        if all(self.postings(c.field, t) for t in c.terms):
            matcher = Phrase(c.field, list(c.terms), slop=c.slop).matcher(self.searcher)
            while matcher.is_active():  # a phrase found counts once: its terms are scored on their own
                found.append((matcher.id(), 1.0))
                matcher.next()
        return self.bm25(c.field, found, c.boost, into, key)

    def _kept_sums(self, unit: tuple[Clause, ...]) -> dict[int, float] | None:
        """A unit's documents' sums over its clauses, made the second time it is met and kept
        (:data:`UNITS_KEPT`); None the first time, which is remembered."""
        kept = self._units.get(unit)
        if kept is not None:
            return kept
        if unit not in self._seen:
            if len(self._seen) > UNITS_KEPT:  # bounded too (a unit's key is a few clauses)
                self._seen.clear()
            self._seen.add(unit)
            return None
        kept = {}
        for c in unit:
            self.clause(c, kept)
        self._kept += len(kept)
        if self._kept > UNITS_KEPT:
            self._units.clear()
            self._kept = len(kept)
        self._units[unit] = kept
        return kept

    def positions_among(self, field: str, term: str, docs: Sequence[int]) -> dict[int, Sequence[int]]:
        """Where ``term`` stands in each of ``docs`` (ascending) that holds it: one matcher skips
        to each document rather than walking every text holding the term."""
        found: dict[int, Sequence[int]] = {}
        if not docs or (field, term) not in self.reader:
            return found
        matcher = self.reader.postings(field, term)
        if type(matcher) is W3LeafMatcher:
            return _positions_in_blocks(matcher, docs)
        for doc in docs:
            if not matcher.is_active():
                break
            if matcher.id() < doc:
                matcher.skip_to(doc)
            if matcher.is_active() and matcher.id() == doc:
                found[doc] = matcher.value_as("positions")
        return found

    def score(self, units: Iterable[Sequence[Clause]], coordination: float) -> dict[int, float]:
        """Each unit is a list of clauses (its fields); a text's score is the sum over
        units, times ``1 - coordination + coordination * matched / units``.  A unit met for the
        first time adds each clause straight into the totals, and its documents are counted once
        through the union of its clauses' (sets, at C speed: summing each unit apart first, then
        into the totals, took a Python loop more over every document it scored); met again, its
        sums over its clauses, made then and kept, are added at once (:data:`UNITS_KEPT`)."""
        totals: dict[int, float] = {}
        matched: Counter[int] = Counter()
        count = 0
        with self.lock:
            for unit in units:
                count += 1
                kept = self._kept_sums(tuple(unit)) if len(unit) > 1 and UNITS_KEPT else None
                if kept is not None:
                    add_scores(totals, kept)
                    matched.update(kept.keys())
                    continue
                scored = [self.clause(c, totals) for c in unit]
                matched.update(set().union(*scored) if len(scored) > 1 else scored[0] if scored else ())
        if coordination and count > 1:  # one factor per number of units matched, computed once
            factors = [1 - coordination + coordination * m / count for m in range(count + 1)]
            for doc, value in totals.items():  # values replaced in place: the keys do not change
                totals[doc] = value * factors[matched[doc]]
        return totals


def read_postings(matcher: Matcher) -> list[Posting]:
    """Every ``(document, weight)`` of a term's matcher.  whoosh's own leaf matcher is read a block
    (up to 128 postings) at a time from the arrays it decodes, which its per-posting calls
    (``is_active``, ``id``, ``weight``, ``next``) only index into: four Python calls a posting, a
    fifth of reading the terms new to a query (opening each term's matcher is the rest).  Any other
    matcher is walked posting by posting."""
    found: list[Posting] = []
    if type(matcher) is W3LeafMatcher:
        while matcher.is_active():
            matcher.id()  # decodes the block's ids ...
            matcher.weight()  # ... and its weights
            start, end = matcher._i, matcher._blocklength
            found += zip(matcher._ids[start:end], matcher._weights[start:end], strict=True)
            matcher._next_block()
        return found
    while matcher.is_active():
        found.append((matcher.id(), matcher.weight()))
        matcher.next()
    return found


def _positions_in_blocks(matcher: W3LeafMatcher, docs: Sequence[int]) -> dict[int, Sequence[int]]:
    """:meth:`Scorer.positions_among` on whoosh's own leaf matcher: blocks are skipped by their
    last document, as ``skip_to`` does, and a document is found in its block by bisection, where
    ``skip_to`` stepped through the block a posting (three Python calls) at a time."""
    found: dict[int, Sequence[int]] = {}
    for doc in docs:
        while matcher.is_active() and doc > matcher.block_max_id():
            matcher._next_block()
        if not matcher.is_active():
            break
        matcher.id()  # decodes the block's ids
        at = bisect_left(matcher._ids, doc, matcher._i, matcher._blocklength)
        matcher._i = at  # the block's last id is at least doc: at stays inside the block
        if matcher._ids[at] == doc:
            found[doc] = matcher.value_as("positions")
    return found


def add_scores(totals: dict[int, float], scores: dict[int, float]) -> None:
    """``totals[doc] += value`` for each of ``scores``, in place (a plain copy when ``totals`` is empty)."""
    if not totals:
        totals.update(scores)
        return
    get = totals.get
    for doc, value in scores.items():
        totals[doc] = get(doc, 0.0) + value


def best_scored(totals: dict[int, float], k: int) -> list[tuple[int, float]]:
    """The ``k`` best-scored documents, best first, the lower document number first among equals.
    The ``k``-th score is found at C speed and only the documents scoring as much are sorted
    (a key function called on each of a query's thousands of documents took half a millisecond)."""
    if len(totals) > k:
        least = heapq.nlargest(k, totals.values())[-1]
        totals = {doc: value for doc, value in totals.items() if value >= least}
    return sorted(totals.items(), key=lambda item: (-item[1], item[0]))[:k]
