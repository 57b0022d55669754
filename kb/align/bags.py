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
from typing import TypeVar

import numpy as np

Bag = Mapping[str, float]
K = TypeVar("K", str, int)  # a token: a word, or its integer id


def idf_weights(*groups: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Each token's weight: rare tokens (over all bags of all groups) weigh most."""
    df = Counter(chain.from_iterable(chain.from_iterable(groups)))
    size = sum(map(len, groups))
    return {t: math.log(1 + size / n) for t, n in df.items()}


def weighted(bag: Mapping[str, int], weight: Mapping[str, float]) -> dict[str, float]:
    """A bag with each count multiplied by its token's weight."""
    return {t: n * weight[t] for t, n in bag.items()}


def shared_weight(a: Mapping[K, float], b: Mapping[K, float]) -> float:
    """The weight two :func:`weighted` bags have in common."""
    common = a.keys() & b.keys()
    return sum(map(min, map(a.__getitem__, common), map(b.__getitem__, common)))


def dice(a: Mapping[K, float], b: Mapping[K, float], norm_a: float, norm_b: float) -> tuple[float, float]:
    """Weighted Dice similarity of two :func:`weighted` bags (``norm_*``: the sum of
    their values), and the weight they share."""
    if not norm_a or not norm_b:
        return 0.0, 0.0
    shared = shared_weight(a, b)
    return 2 * shared / (norm_a + norm_b), shared


class BagArrays:
    """Many bags as flat arrays, so that numpy can compare thousands of pairs at once.

    Tokens are ids in a vocabulary that both sides share; bag ``k`` holds
    ``token[start[k]:start[k + 1]]`` (in increasing order) with their ``value``."""

    def __init__(self, owner: np.ndarray, token: np.ndarray, value: np.ndarray, *, bags: int, tokens: int) -> None:
        """Entries ``(owner bag, token, value)`` in any order; a token twice in a bag adds up."""
        unique, inverse = np.unique(owner * tokens + token, return_inverse=True)
        self.value = np.bincount(inverse, weights=value, minlength=unique.size)
        self.owner, self.token = unique // tokens, unique % tokens
        self.start = np.searchsorted(self.owner, np.arange(bags + 1))
        self.tokens = tokens

    @classmethod
    def of(cls, bags: Sequence[Bag], vocabulary: Mapping[str, int]) -> BagArrays:
        """Bags given as mappings (token -> value), every token in ``vocabulary``."""
        token, value, owner = _entries(bags, vocabulary)
        return cls(owner, token, value, bags=len(bags), tokens=len(vocabulary))

    def __len__(self) -> int:
        return self.start.size - 1

    def take(self, rows: Sequence[int], owners: Sequence[int] | None = None, bags: int | None = None) -> BagArrays:
        """The bags ``rows``, in that order; with ``owners``, bag ``rows[k]`` is added
        into bag ``owners[k]`` of ``bags`` (a rule with all its subrules)."""
        picked = np.asarray(rows, dtype=np.int64)
        lengths = self.start[picked + 1] - self.start[picked]
        entry = _ranges(self.start[picked], lengths)
        into = np.arange(picked.size) if owners is None else np.asarray(owners, dtype=np.int64)
        return BagArrays(np.repeat(into, lengths), self.token[entry], self.value[entry],
                         bags=picked.size if bags is None else bags, tokens=self.tokens)

    def scaled(self, weight: np.ndarray) -> BagArrays:
        """Each value multiplied by its token's weight."""
        scaled = object.__new__(BagArrays)
        scaled.owner, scaled.token, scaled.start, scaled.tokens = self.owner, self.token, self.start, self.tokens
        scaled.value = self.value * weight[self.token]
        return scaled

    def norms(self) -> np.ndarray:
        """Each bag's total weight."""
        return np.bincount(self.owner, weights=self.value, minlength=len(self))

    def bag(self, k: int) -> dict[int, float]:
        """Bag ``k`` as a mapping, for the few pairs scored one at a time."""
        lo, hi = self.start[k], self.start[k + 1]
        return dict(zip(self.token[lo:hi].tolist(), self.value[lo:hi].tolist(), strict=True))

    def held(self) -> np.ndarray:
        """How many bags hold each token."""
        return np.bincount(self.token, minlength=self.tokens)


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``starts[k], starts[k] + 1, ..., starts[k] + lengths[k] - 1`` for every k, end to end."""
    ends = np.cumsum(lengths)
    return np.repeat(starts - (ends - lengths), lengths) + np.arange(int(ends[-1]) if ends.size else 0)


def rare_pairs(left: BagArrays, right: BagArrays, rare: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (left bag, right bag) that share a token held by at most ``rare``
    right bags: the candidates worth scoring, found without looking at the others."""
    order = np.argsort(right.token, kind="stable")
    held = right.held()
    first = np.cumsum(held) - held  # where each token's right entries start in ``order``
    entries = np.flatnonzero((held[left.token] >= 1) & (held[left.token] <= rare))
    repeats = held[left.token[entries]]
    rows = np.repeat(entries, repeats)  # each left entry meets every right entry of its token
    others = right.owner[order[_ranges(first[left.token[entries]], repeats)]]
    keys = np.unique(left.owner[rows] * len(right) + others)
    return keys // len(right), keys % len(right)


def shared_of_pairs(left: BagArrays, right: BagArrays, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """:func:`shared_weight` of each pair ``(left bag a[k], right bag b[k])``: each
    token of the smaller bag of a pair is looked up in the other by binary search."""
    if not left.token.size or not right.token.size:
        return np.zeros(a.size)
    small = (left.start[a + 1] - left.start[a]) <= (right.start[b + 1] - right.start[b])
    shared = np.empty(a.size)
    shared[small] = _look_up(left, right, a[small], b[small])
    shared[~small] = _look_up(right, left, b[~small], a[~small])
    return shared


def _look_up(left: BagArrays, right: BagArrays, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The weight that each pair's left bag shares with its right bag."""
    keys, values = right.owner * right.tokens + right.token, right.value  # in increasing order
    by_right = np.argsort(b * len(left) + a)  # so that the keys searched for mostly ascend: a quicker search
    a, b = a[by_right], b[by_right]
    lengths = left.start[a + 1] - left.start[a]
    pair = np.repeat(np.arange(a.size), lengths)  # one row for each token of each pair's left bag
    entry = _ranges(left.start[a], lengths)
    wanted = b[pair] * right.tokens + left.token[entry]
    at = np.minimum(np.searchsorted(keys, wanted), keys.size - 1)
    common = np.where(keys[at] == wanted, np.minimum(left.value[entry], values[at]), 0.0)
    shared = np.empty(a.size)
    shared[by_right] = np.bincount(pair, weights=common, minlength=a.size)
    return shared


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
    right_at = _ranges(first[left_ids], repeats)
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
