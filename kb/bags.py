"""Weighted bags of tokens: weights, Dice similarity, and the overlaps of many pairs
of bags at once.

The aligners describe a text (or a glossary entry) by a bag of tokens -- cited
rules, symbols, numbers, lexicon concepts -- each weighted by its rarity.  Two
bags are compared by the weight they share.  Pairing two glossaries compares
tens of thousands of pairs of entries, so :func:`shared_matrix` does that for
all pairs at once with numpy, by a join on the tokens.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import chain, repeat

import numpy as np

Bag = Mapping[str, float]


def idf_weights(*groups: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Each token's weight: rare tokens (over all bags of all groups) weigh most."""
    df = Counter(chain.from_iterable(chain.from_iterable(groups)))
    size = sum(map(len, groups))
    return {t: math.log(1 + size / n) for t, n in df.items()}


def weighted(bag: Mapping[str, int], weight: Mapping[str, float]) -> dict[str, float]:
    """A bag with each count multiplied by its token's weight."""
    return {t: n * weight[t] for t, n in bag.items()}


def shared_weight(a: Bag, b: Bag) -> float:
    """The weight two :func:`weighted` bags have in common."""
    common = a.keys() & b.keys()
    return sum(map(min, map(a.__getitem__, common), map(b.__getitem__, common)))


def dice(a: Bag, b: Bag, norm_a: float, norm_b: float) -> tuple[float, float]:
    """Weighted Dice similarity of two :func:`weighted` bags (``norm_*``: the sum of
    their values), and the weight they share."""
    if not norm_a or not norm_b:
        return 0.0, 0.0
    shared = shared_weight(a, b)
    return 2 * shared / (norm_a + norm_b), shared


def common_tokens(left: Sequence[Bag], right: Sequence[Bag]) -> tuple[np.ndarray, ...]:
    """Every token that a left bag and a right bag share, as four arrays: the left
    bag, the right bag, the token's value in each.

    A join on the tokens: the work grows with what the bags share, not with the
    number of pairs of bags."""
    vocabulary = {t: k for k, t in enumerate(set().union(*left) & set().union(*right))}
    left_ids, left_values, left_bags = _entries(left, vocabulary)
    right_ids, right_values, right_bags = _entries(right, vocabulary)
    order = np.argsort(right_ids, kind="stable")
    right_ids, right_values, right_bags = right_ids[order], right_values[order], right_bags[order]
    per_token = np.bincount(right_ids, minlength=len(vocabulary))
    first = np.cumsum(per_token) - per_token  # where each token's right entries start
    repeats = per_token[left_ids]  # each left entry meets every right entry of its token
    left_at = np.repeat(np.arange(left_ids.size), repeats)
    right_at = np.repeat(first[left_ids] - (np.cumsum(repeats) - repeats), repeats) + np.arange(left_at.size)
    return left_bags[left_at], right_bags[right_at], left_values[left_at], right_values[right_at]


def shared_matrix(left: Sequence[Bag], right: Sequence[Bag]) -> np.ndarray:
    """:func:`shared_weight` of every left bag with every right bag (rows: left)."""
    a, b, x, y = common_tokens(left, right)
    return np.bincount(a * len(right) + b, weights=np.minimum(x, y),
                       minlength=len(left) * len(right)).reshape(len(left), len(right))


def _entries(bags: Sequence[Bag], vocabulary: Mapping[str, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tokens of all bags that are in ``vocabulary``: their ids, values and bags."""
    lengths = np.fromiter(map(len, bags), dtype=np.int64, count=len(bags))
    total = int(lengths.sum())
    ids = np.fromiter(map(vocabulary.get, chain.from_iterable(bags), repeat(-1)), dtype=np.int64, count=total)
    values = np.fromiter(chain.from_iterable(bag.values() for bag in bags), dtype=np.float64, count=total)
    owners = np.repeat(np.arange(len(bags), dtype=np.int64), lengths)
    known = ids >= 0
    return ids[known], values[known], owners[known]
