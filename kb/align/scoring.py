"""How a candidate pair is scored from its content (text similarity in one
language; shared marks, lexicon concepts and the length ratio across two) and its
structure (the number the neighbours predict).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rapidfuzz import process
from rapidfuzz.distance import Indel

from kb.align.bags import dice
from kb.align.results import LEXICON, MARKS, SIMILAR, STRUCTURE

if TYPE_CHECKING:
    from kb.align.evidence import Bags
    from kb.align.texts import Item, State


# How pairs inside a gap are scored (tuned on ZH 2022-06-10 and 2024-02-06 -> EN
# 2026-04-17, checked on other pairs of editions): the number the neighbours predict
# adds _PREDICTED_BONUS; a pair with no content evidence either way counts as
# _NO_CONTENT; pairs below GAP_THRESHOLD stay apart.
_PREDICTED_BONUS = 0.2
GAP_THRESHOLD = 0.3
_NO_CONTENT = 0.25


@dataclass
class Scorer:
    """Scores a candidate pair in [0, 1] from content and structure."""

    state: State
    bags: Bags | None = None
    ratio: tuple[float, float] = (0.0, 1.0)  # mean and spread of log length ratios

    def content(self, i: int, j: int) -> tuple[float, str] | None:
        """Content evidence alone: (score, kind), or ``None`` if there is none."""
        a, b = self.state.old.items[i], self.state.new.items[j]
        if self.bags is None:
            return _similarity(a, b), SIMILAR
        bag_a, bag_b = self.bags.bag(True, i), self.bags.bag(False, j)
        if not bag_a and not bag_b:
            return None
        score, _ = dice(bag_a, bag_b, self.bags.old_norm[i], self.bags.new_norm[j])
        is_concept = self.bags.is_concept
        exact = any(not is_concept[t] for t in bag_a.keys() & bag_b.keys())
        mean, spread = self.ratio
        deviation = (math.log(a.length / b.length) - mean) / spread
        fit = math.exp(-deviation * deviation / 2)
        # Two words are no proof: little evidence leaves the score near the prior.
        sure = min(1.0, (self.bags.old_norm[i] + self.bags.new_norm[j]) / self.bags.enough)
        return _NO_CONTENT + (0.8 * score + 0.2 * fit - _NO_CONTENT) * sure, MARKS if exact else LEXICON

    def best(self, i: int, candidates: Sequence[int], threshold: float) -> tuple[float, int, str] | None:
        """The candidate whose content fits old ``i`` best (the first of equals), if
        it reaches ``threshold``: (score, candidate, kind)."""
        if self.bags is None:  # one language: rapidfuzz compares the texts in C, skipping hopeless ones early
            texts = [self.state.new.items[j].plain for j in candidates]
            found = process.extractOne(self.state.old.items[i].plain, texts, scorer=Indel.normalized_similarity,
                                       score_cutoff=threshold)
            return (found[1], candidates[found[2]], SIMILAR) if found else None
        bag = self.bags.bag(True, i)
        best: tuple[float, int, str] | None = None
        for j in candidates:
            if not bag or not self.bags.bag(False, j).keys() & bag.keys():
                continue
            content = self.content(i, j)
            if content is not None and content[0] >= threshold and (best is None or content[0] > best[0]):
                best = (content[0], j, content[1])
        return best

    def pair(self, i: int, j: int, predicted: int | None) -> tuple[float, str] | None:
        """The pair's score, or ``None`` when only its children can tell (a chapter
        or keyword heading whose words the lexicon does not know)."""
        content = self.content(i, j)
        if content is None and self.bags is not None and self.state.old.siblings.get(self.state.old.items[i].number):
            return None
        score, kind = content if content is not None else (_NO_CONTENT, STRUCTURE)
        if predicted == j:
            score = min(1.0, score + _PREDICTED_BONUS)
            if content is None or content[0] < 0.4:
                kind = STRUCTURE
        return score, kind


def _similarity(a: Item, b: Item) -> float:
    return Indel.normalized_similarity(a.plain, b.plain)


def length_ratio(state: State) -> tuple[float, float]:
    logs = [math.log(state.old.items[i].length / state.new.items[j].length) for i, j in state.forward.items()]
    if len(logs) < 10:
        return 0.0, 0.5
    mean = sum(logs) / len(logs)
    spread = math.sqrt(sum((x - mean) ** 2 for x in logs) / len(logs))
    return mean, max(0.1, spread)
