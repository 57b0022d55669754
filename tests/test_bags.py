"""Bags as arrays (kb.align.bags): the vectorised comparisons must agree with the plain
dict-based definitions on any bags, and on the real bags of a real alignment."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.align.bags import BagArrays, rare_pairs, shared_of_pairs, shared_weight

TOKENS = [f"t{k}" for k in range(12)]
bag = st.dictionaries(st.sampled_from(TOKENS), st.integers(1, 4).map(float), max_size=8)
side = st.lists(bag, min_size=1, max_size=12)
VOCABULARY = {t: k for k, t in enumerate(TOKENS)}


def as_dict(arrays: BagArrays, k: int) -> dict[str, float]:
    return {TOKENS[t]: v for t, v in arrays.bag(k).items()}


@given(side)
def test_arrays_hold_the_bags(bags: list[dict[str, float]]) -> None:
    arrays = BagArrays.of(bags, VOCABULARY)
    assert len(arrays) == len(bags)
    assert [as_dict(arrays, k) for k in range(len(bags))] == bags
    assert np.allclose(arrays.norms(), [sum(b.values()) for b in bags])
    assert arrays.held().tolist() == [sum(t in b for b in bags) for t in TOKENS]


@given(side, side)
@settings(max_examples=200)
def test_shared_of_pairs_is_shared_weight(left: list[dict[str, float]], right: list[dict[str, float]]) -> None:
    a = np.repeat(np.arange(len(left)), len(right))
    b = np.tile(np.arange(len(right)), len(left))
    shared = shared_of_pairs(BagArrays.of(left, VOCABULARY), BagArrays.of(right, VOCABULARY), a, b)
    assert np.allclose(shared, [shared_weight(left[i], right[j]) for i, j in zip(a, b, strict=True)])


@given(side, side, st.integers(1, 5))
@settings(max_examples=200)
def test_rare_pairs_are_the_pairs_sharing_a_rare_token(left: list[dict[str, float]], right: list[dict[str, float]],
                                                      rare: int) -> None:
    held = {t: sum(t in b for b in right) for t in TOKENS}
    expected = {(i, j) for i, x in enumerate(left) for j, y in enumerate(right)
                if any(held[t] <= rare for t in x.keys() & y.keys())}
    a, b = rare_pairs(BagArrays.of(left, VOCABULARY), BagArrays.of(right, VOCABULARY), rare)
    assert list(zip(a.tolist(), b.tolist(), strict=True)) == sorted(expected)


@given(side, st.data())
def test_take_adds_members_into_groups(bags: list[dict[str, float]], data: st.DataObject) -> None:
    rows = data.draw(st.lists(st.integers(0, len(bags) - 1), max_size=10))
    owners = data.draw(st.lists(st.integers(0, 2), min_size=len(rows), max_size=len(rows)))
    grouped = BagArrays.of(bags, VOCABULARY).take(rows, owners, 3)
    for group in range(3):
        expected: dict[str, float] = {}
        for row, owner in zip(rows, owners, strict=True):
            if owner == group:
                for token, value in bags[row].items():
                    expected[token] = expected.get(token, 0.0) + value
        assert as_dict(grouped, group) == expected
    assert [as_dict(BagArrays.of(bags, VOCABULARY).take(rows), k) for k in range(len(rows))] == [bags[r] for r in rows]


def test_scaled_weighs_each_token() -> None:
    arrays = BagArrays.of([{"t1": 2.0, "t3": 1.0}, {}, {"t1": 1.0}], VOCABULARY)
    weight = np.arange(len(TOKENS), dtype=float) / 2
    assert [as_dict(arrays.scaled(weight), k) for k in range(3)] == [{"t1": 1.0, "t3": 1.5}, {}, {"t1": 0.5}]
