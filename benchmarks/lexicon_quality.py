"""How right the word translations search uses are: gold pairs and the measure.

Two golds, each built from data the lexicon under test was not learned from:

* **glossary** -- the headword pairs of the aligned glossaries (English headword,
  Chinese headword), newest Chinese edition, only the pairs whose strongest
  evidence is the rules both entries cite (``cited``): the other kinds of
  evidence lean on the learned lexicon itself.  Learned lexicons (rules, cards)
  never see glossary text, so this gold is independent of both.  The official
  lexicon (origin ``glossary``) *is* these pairs and is never measured on them.
* **keywords** -- the keyword names printed on cards: a line of a card's English
  text made only of keywords ("Flying, vigilance", "Ward {2}", reminder text
  removed; a keyword is a name MTGJSON lists under ``keywords`` in any of the
  ten sets) paired, position by position, with the same line of the card's
  Chinese and Italian printed text ("飞行，警戒", "Volare, cautela"); each
  English keyword takes the name most cards of its set print.  The lexicons
  learned from card texts saw those lines, so they are measured by set:
  learned from nine sets, measured on the keywords of the tenth (ten folds).
  The rules lexicon never saw a card.

A gold pair (S, D) is looked up as a query: ``Translator.translate_all(S)``.  Each
translation given is right when its target is D (S one word, D Chinese), inside
D (S several words: "activated" -> 起动 in 起动式异能), or one of D's content
words (D in Latin script).  Precision: right translations / translations given;
coverage: gold pairs given at least one translation; recall: pairs given a right one.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from indexers.analysis import analyzer_for, terms
from indexers.translate import Translation, Translator, Trust
from kb.align.lexicon import Lexicon, alternatives
from kb.align.tokens import content_words
from kb.core.text import HAN, char_class, has_han, is_cjk

#: Every entry trusted: to measure a lexicon before any threshold.
NO_THRESHOLD = {(origin, "*"): Trust(0.0) for origin in ("glossary", "rules", "cards")}
STRENGTH_BUCKETS = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
SUPPORT_BUCKETS = (0, 2, 3, 5, 10, 20)
#: A bucket's edge: a strength (float) or a support (int).
Edge = TypeVar("Edge", int, float)
FOREIGN = {"zh-Hans": "Chinese Simplified", "it": "Italian"}

_REMINDER = re.compile(r"\s*[（(][^）)]*[）)]")
_COST = re.compile(r"\s*(\{[^}]*\}|\d+|X)+\s*$")


@dataclass(frozen=True, slots=True)
class Gold:
    """One official pair: ``source`` in ``src`` means ``target`` in ``dst``."""

    source: str
    target: str
    src: str
    dst: str


# -- the keyword gold ---------------------------------------------------------------


def _entries(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = data["data"]["cards"] if "data" in data else data["cards"]
    return list(cards.values()) if isinstance(cards, dict) else cards


def keyword_names(files: Iterable[Path]) -> frozenset[str]:
    """Every keyword MTGJSON lists on a card of these files (folded)."""
    return frozenset(k.casefold() for path in files for card in _entries(path) for k in card.get("keywords") or [])


def _pieces(line: str) -> list[str]:
    """A keyword line's names: reminder text, costs and "—…" parts removed."""
    line = _REMINDER.sub("", line)
    parts = re.split(r"[,，、;；]", line)
    names = []
    for part in parts:
        part = re.split(r"[—～~]", part)[0]
        names.append(_COST.sub("", part).strip().casefold())
    return names


def keyword_pairs(path: Path, keywords: frozenset[str], lang: str) -> Counter[tuple[str, str]]:
    """(English keyword, name printed in ``lang``) of every keyword line of a set file, counted."""
    found: Counter[tuple[str, str]] = Counter()
    for card in _entries(path):
        english = card.get("text") or ""
        foreign = next((f.get("text") or "" for f in card.get("foreignData") or []
                        if f.get("language") == FOREIGN[lang]), "")
        if not english or not foreign or "//" in foreign:
            continue
        left, right = english.split("\n"), foreign.split("\n")
        if len(left) != len(right):
            continue
        for a, b in zip(left, right, strict=True):
            names, printed = _pieces(a), _pieces(b)
            if names and all(n in keywords for n in names) and len(names) == len(printed) and all(printed):
                found.update(zip(names, printed, strict=True))
    return found


def voted(counts: Counter[tuple[str, str]], lang: str) -> list[Gold]:
    """Each English keyword with the name most of its lines print (ties: the first in order)."""
    by_keyword: dict[str, Counter[str]] = defaultdict(Counter)
    for (english, other), n in counts.items():
        by_keyword[english][other] += n
    found = [Gold(english, names.most_common(1)[0][0], "en", lang) for english, names in sorted(by_keyword.items())]
    # a name printed untranslated ("compleated" on a Chinese card) is no translation to learn
    return [g for g in found if g.target != g.source and (not is_cjk(lang) or has_han(g.target))]


def flipped(golds: Iterable[Gold]) -> list[Gold]:
    return [Gold(g.target, g.source, g.dst, g.src) for g in golds]


def glossary_gold(pairs: Iterable[tuple[str, str, str, float]], lang: str) -> list[Gold]:
    """EN -> ``lang`` headword pairs paired on the rules they cite (see the module docstring)."""
    from kb.align.glossary_lexicon import headword_pairs

    found = []
    for english, other, evidence, _ in pairs:
        if evidence == "cited":
            pairs_ = [(a, alternatives(b)[0]) for a, b in headword_pairs(english, other)]  # 反击/指示物: its first
            found += [Gold(a, b, "en", lang) for a, b in pairs_
                      if not is_cjk(lang) or re.fullmatch(f"[{char_class(HAN)}]{{2,8}}", b)]
    return found


# -- the measure ---------------------------------------------------------------------


def right(translation: Translation, gold: Gold) -> bool:
    """The translation means (a part of) the gold target (see the module docstring)."""
    if is_cjk(gold.dst):
        several = len(content_words(gold.source)) > 1 if not is_cjk(gold.src) else True
        return any(target == gold.target or (several and len(target) >= 2 and target in gold.target)
                   for target in alternatives(translation.target))  # a name per sense: one of them
    target = translation.target
    analyzer = analyzer_for(gold.dst)  # as search matches it: "activate" finds "activated"
    mine, wanted = set(terms(analyzer, target)), set(terms(analyzer, gold.target))
    return bool(mine) and mine <= wanted


@dataclass
class Tally:
    """Counts of one measure: translations given and right, gold pairs covered and answered."""

    given: int = 0
    right: int = 0
    pairs: int = 0
    covered: int = 0
    answered: int = 0
    by_strength: Counter[tuple[float, bool]] = field(default_factory=Counter)
    by_support: Counter[tuple[int, bool]] = field(default_factory=Counter)
    wrong: list[tuple[str, str, str, float, int]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("given", "right", "pairs", "covered", "answered"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.by_strength.update(other.by_strength)
        self.by_support.update(other.by_support)
        self.wrong += other.wrong

    @property
    def precision(self) -> float:
        return self.right / self.given if self.given else 0.0

    @property
    def coverage(self) -> float:
        return self.covered / self.pairs if self.pairs else 0.0

    @property
    def recall(self) -> float:
        return self.answered / self.pairs if self.pairs else 0.0


def _bucket(value: float, edges: Sequence[Edge]) -> Edge:
    return max(e for e in edges if value >= e) if value >= edges[0] else edges[0]


def measure(translator: Translator, golds: Iterable[Gold], *, used_only: bool = True) -> Tally:
    """Look every gold source up and count (see the module docstring).  ``used_only``:
    only the translations search uses (above the thresholds), else every one found."""
    tally = Tally()
    for gold in golds:
        found = translator.translate_all(gold.source, gold.src, gold.dst)
        if used_only:
            found = [t for t in found if not t.dropped]
        tally.pairs += 1
        tally.covered += bool(found)
        good = [right(t, gold) for t in found]
        tally.answered += any(good)
        tally.given += len(found)
        tally.right += sum(good)
        for t, ok in zip(found, good, strict=True):
            tally.by_strength[_bucket(t.strength, STRENGTH_BUCKETS), ok] += 1
            tally.by_support[_bucket(t.support, SUPPORT_BUCKETS), ok] += 1
            if not ok:
                tally.wrong.append((gold.source, gold.target, t.target, round(t.strength, 3), t.support))
    return tally


def only(lexicons: Iterable[Lexicon], origin: str) -> list[Lexicon]:
    return [lexicon for lexicon in lexicons if lexicon.origin == origin]
