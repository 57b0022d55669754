"""The player-word table (``kb/align/term_lists/en-players.tsv``) read and held against the rules.

Shared by ``bench_player_words.py`` (the report) and ``tests/test_player_words.py``.
A rules phrase is only worth expanding a query into if the rules say it: each of its
content words must be a word of the Comprehensive Rules and some rule must hold them
all.  Words are compared the way the search index compares them: kb's English
analysis chain (:func:`indexers.analysis.analyzer_for`) folds typography and case,
drops possessives and stop words, and stems with Snowball English
(``whoosh.lang.stemmer_for_language("en")``), so "enters", "entered" and "enter" meet.
The rules are read with kb's own reader of the official layout (:mod:`kb.ingest`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from indexers.analysis import analyzer_for, terms
from kb.core.textio import read_source
from kb.ingest import ingest

REPO = Path(__file__).resolve().parents[1]
PAIRS = REPO / "kb" / "align" / "term_lists" / "en-players.tsv"
CR = REPO / "corpus" / "MagicCompRules-2026-04-17.normalized.txt"
HEADER = ("player", "rules")


class PairsError(ValueError):
    """A malformed line of the pairs file, named by file and line."""


@dataclass(frozen=True)
class Pair:
    line: int
    player: str
    rules: str


@dataclass(frozen=True)
class Passage:
    """One rule (or glossary entry): its text and the sequence of its content stems."""

    name: str
    text: str
    stems: tuple[str, ...]

    @cached_property
    def folded(self) -> str:
        return self.text.lower()

    @cached_property
    def bag(self) -> frozenset[str]:
        return frozenset(self.stems)


@dataclass(frozen=True)
class Rules:
    rules: tuple[Passage, ...]
    glossary: tuple[Passage, ...]

    @cached_property
    def vocabulary(self) -> frozenset[str]:
        return frozenset(s for p in (*self.rules, *self.glossary) for s in p.stems)

    def holding(self, stems: Iterable[str], glossary: bool = False) -> tuple[Passage, ...]:
        """The rules (or glossary entries) holding every one of ``stems``, in text order."""
        wanted = set(stems)
        passages = self.glossary if glossary else self.rules
        if not wanted:
            return ()
        postings = self._glossary_postings if glossary else self._rule_postings
        found = set.intersection(*(postings.get(s, set()) for s in wanted))
        return tuple(passages[i] for i in sorted(found))

    @cached_property
    def _rule_postings(self) -> dict[str, set[int]]:
        return _postings(self.rules)

    @cached_property
    def _glossary_postings(self) -> dict[str, set[int]]:
        return _postings(self.glossary)


def _postings(passages: Sequence[Passage]) -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for index, passage in enumerate(passages):
        for stem in passage.bag:
            found.setdefault(stem, set()).add(index)
    return found


@dataclass(frozen=True)
class Verdict:
    """What the rules say of one pair."""

    pair: Pair
    stems: tuple[str, ...]
    missing: tuple[str, ...]  # content stems of the rules side no CR text has
    holding: tuple[str, ...]  # the rules holding every content stem of the rules side
    verbatim: tuple[str, ...]  # those of them where the stems also stand in a row, in order

    @property
    def ok(self) -> bool:
        return bool(self.stems) and not self.missing and bool(self.holding)


@dataclass(frozen=True)
class Uses:
    """Where the CR already uses a player word: as typed, or stemmed (another word may
    share the stem: "unblockable" and "unblocked" are both ``unblock``)."""

    player: str
    typed_in_rules: tuple[str, ...]
    typed_in_glossary: tuple[str, ...]
    stems_in_rules: tuple[str, ...]  # the player's stems next to each other, in order
    stems_in_glossary: tuple[str, ...]

    @property
    def any(self) -> bool:
        return any((self.typed_in_rules, self.typed_in_glossary, self.stems_in_rules, self.stems_in_glossary))


def read_pairs(path: Path = PAIRS) -> list[Pair]:
    """The pairs of a UTF-8 TSV file; a malformed line raises :class:`PairsError` saying where."""
    pairs: list[Pair] = []
    seen: dict[tuple[str, str], int] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or tuple(lines[0].split("\t")) != HEADER:
        raise PairsError(f"{path}:1: the header must be 'player<TAB>rules'")
    for number, text in enumerate(lines[1:], start=2):
        if not text.strip() or text.startswith("#"):
            continue
        pair = _pair(path, number, text)
        key = (pair.player, pair.rules)
        if key in seen:
            raise PairsError(f"{path}:{number}: duplicate of line {seen[key]}: {text!r}")
        seen[key] = number
        pairs.append(pair)
    return pairs


def _pair(path: Path, number: int, text: str) -> Pair:
    fields = text.split("\t")
    where = f"{path}:{number}"
    if len(fields) != 2:
        raise PairsError(f"{where}: expected 2 tab-separated fields, found {len(fields)}: {text!r}")
    player, rules = fields
    for name, value in zip(HEADER, fields, strict=True):
        if not value.strip():
            raise PairsError(f"{where}: the {name} field is empty")
        if value != value.strip() or "  " in value:
            raise PairsError(f"{where}: stray spaces in the {name} field: {value!r}")
    if player != player.lower():
        raise PairsError(f"{where}: the player field must be lower case: {player!r}")
    return Pair(number, player, rules)


def content_stems(text: str) -> tuple[str, ...]:
    """The stems the search index would make of ``text`` (stop words dropped)."""
    return tuple(terms(analyzer_for("en"), text, mode="index"))


def read_rules(path: Path = CR) -> Rules:
    """Every numbered rule (heading, text and examples) and glossary entry as stems."""
    doc = ingest(read_source(path))
    rules = tuple(_passage(str(r.number), (r.title or "", r.body, *r.examples)) for r in doc.rules)
    glossary = tuple(_passage(g.term, (g.term, *g.senses)) for g in doc.glossary)
    return Rules(rules, glossary)


def _passage(name: str, parts: Iterable[str]) -> Passage:
    text = "\n".join(parts)
    return Passage(name, text, content_stems(text))


def as_typed(phrase: str, passages: Iterable[Passage]) -> tuple[str, ...]:
    """The passages holding ``phrase`` word for word (case aside; a space in the phrase
    also meets a hyphen or a line break, an apostrophe meets the typographic one)."""
    words = [w for w in re.split(r"[\s-]+", phrase.lower()) if w]
    if not words:
        return ()
    pattern = re.compile(r"(?<![\w-])" + r"[\s-]+".join(re.escape(w).replace("'", "['’]") for w in words)
                         + r"(?![\w-])", re.IGNORECASE)
    probe = max((part for w in words for part in w.split("'")), key=len)  # a plain substring first: 10x faster
    return tuple(p.name for p in passages if probe in p.folded and pattern.search(p.text))


def in_a_row(needle: Sequence[str], passages: Iterable[Passage]) -> tuple[str, ...]:
    """The passages where ``needle``'s stems stand next to each other, in order."""
    n = len(needle)
    if not n:
        return ()
    want = tuple(needle)
    return tuple(p.name for p in passages
                 if any(p.stems[i:i + n] == want for i in range(len(p.stems) - n + 1)))


def judge(pair: Pair, cr: Rules) -> Verdict:
    stems = content_stems(pair.rules)
    holding = cr.holding(stems)
    return Verdict(
        pair=pair,
        stems=stems,
        missing=tuple(s for s in stems if s not in cr.vocabulary),
        holding=tuple(p.name for p in holding),
        verbatim=in_a_row(stems, holding),
    )


def uses(player: str, cr: Rules) -> Uses:
    stems = content_stems(player)
    return Uses(
        player=player,
        typed_in_rules=as_typed(player, cr.rules),
        typed_in_glossary=as_typed(player, cr.glossary),
        stems_in_rules=in_a_row(stems, cr.holding(stems)),
        stems_in_glossary=in_a_row(stems, cr.holding(stems, glossary=True)),
    )


def judge_all(pairs: Iterable[Pair], cr: Rules) -> list[Verdict]:
    return [judge(pair, cr) for pair in pairs]


def echoes(pairs: Iterable[Pair]) -> list[Pair]:
    """Pairs that teach the search nothing: the player side says what the rules side
    says (the same stems), or an earlier pair already links the same stems
    ("etbs" after "etb": both stem to ``etb``)."""
    found: list[Pair] = []
    seen: set[tuple[tuple[str, ...], frozenset[str]]] = set()
    for pair in pairs:
        player, rules = content_stems(pair.player), frozenset(content_stems(pair.rules))
        key = (player, rules)
        if frozenset(player) == rules or key in seen:
            found.append(pair)
        seen.add(key)
    return found
