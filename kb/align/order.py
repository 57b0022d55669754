"""Order: the heaviest order-preserving chain of pairs (the backbone of an
alignment), the anchors off it that are still believable (moves), and the final
flagging of the pairs that moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.align.texts import State


def heaviest_chain(pairs: Sequence[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
    """The order-preserving subset of ``(i, j, weight)`` pairs (both indices strictly
    increasing) with the greatest total weight: a weighted longest increasing
    subsequence, with a Fenwick tree of prefix maxima over ``j``."""
    if not pairs:
        return []
    ordered = sorted(pairs)
    size = max(j for _, j, _ in ordered) + 2
    tree_best = [0.0] * (size + 1)
    tree_at = [-1] * (size + 1)
    best = [0.0] * len(ordered)
    back = [-1] * len(ordered)
    start = 0
    while start < len(ordered):  # pairs with the same i cannot chain with each other
        end = start
        while end < len(ordered) and ordered[end][0] == ordered[start][0]:
            end += 1
        for k in range(start, end):
            _, j, weight = ordered[k]
            value, at, pos = 0.0, -1, j  # prefix max over j' < j, i.e. positions 1..j
            while pos > 0:
                if tree_best[pos] > value:
                    value, at = tree_best[pos], tree_at[pos]
                pos -= pos & -pos
            best[k], back[k] = value + weight, at
        for k in range(start, end):
            pos = ordered[k][1] + 1
            while pos <= size:
                if best[k] > tree_best[pos]:
                    tree_best[pos], tree_at[pos] = best[k], k
                pos += pos & -pos
        start = end
    k = max(range(len(ordered)), key=best.__getitem__)
    chain = []
    while k != -1:
        chain.append(ordered[k])
        k = back[k]
    return chain[::-1]


def moved_blocks(anchors: list[tuple[int, int, float]], chain: list[tuple[int, int, float]], *,
                  single: float = 0.85, block: float = 1.2) -> list[tuple[int, int, float]]:
    """Anchors off the order-preserving chain that are still believable: runs of
    neighbours that moved together (a rule with its subrules), or one very strong pair."""
    on_chain = {(i, j) for i, j, _ in chain}
    rest = sorted(a for a in anchors if (a[0], a[1]) not in on_chain)
    runs: list[list[tuple[int, int, float]]] = []
    for anchor in rest:
        last = runs[-1][-1] if runs else None
        if last is not None and 0 < anchor[0] - last[0] <= 3 and 0 < anchor[1] - last[1] <= 3:
            runs[-1].append(anchor)
        else:
            runs.append([anchor])
    return [a for run in runs for a in run
            if (len(run) > 1 and sum(s for _, _, s in run) >= block) or (len(run) == 1 and run[0][2] >= single)]


def mark_moves(state: State) -> None:
    """Flag the pairs that are off the heaviest order-preserving chain."""
    pairs = [(i, j, 1.0) for i, j in state.forward.items()]
    chain = {(i, j) for i, j, _ in heaviest_chain(pairs)}
    for i, j in list(state.forward.items()):
        score, kind, _ = state.how[i]
        state.how[i] = (score, kind, (i, j) not in chain)
