"""The passes that pair what the anchors leave: gaps between anchors filled in
order, children under aligned parents, parents after their children, leftovers
out of order, and the corrections (families kept together, rules that changed
depth).  Each reads and writes a :class:`~kb.align.texts.State`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kb.align.order import heaviest_chain
from kb.align.results import CHILDREN, TEXT

if TYPE_CHECKING:
    from kb.align.scoring import Scorer
    from kb.align.texts import State


# -- filling the gaps -----------------------------------------------------------------


_GAP_CELLS = 200_000  # a larger gap is cut in two (proportionally) before the programme


def _fill_gap(state: State, scorer: Scorer, olds: list[int], news: list[int], threshold: float) -> None:
    """Order-preserving pairing of two runs of texts (between two anchors)."""
    if not olds or not news:
        return
    n, m = len(olds), len(news)
    if n * m > _GAP_CELLS:  # documents with hardly anything in common: keep the work bounded
        half, cut = n // 2, max(1, m * (n // 2) // n)
        _fill_gap(state, scorer, olds[:half], news[:cut], threshold)
        _fill_gap(state, scorer, olds[half:], news[cut:], threshold)
        return
    predicted = {i: state.predict(i) for i in olds}
    gain = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]
    scores: dict[tuple[int, int], tuple[float, str]] = {}
    for a in range(n - 1, -1, -1):
        i = olds[a]
        depth = state.old.items[i].depth
        row, below, moves = gain[a], gain[a + 1], move[a]
        for b in range(m - 1, -1, -1):
            best, how = below[b], 1  # skip the old text
            if row[b + 1] > best:
                best, how = row[b + 1], 2  # skip the new text
            j = news[b]
            if state.new.items[j].depth == depth and (scored := scorer.pair(i, j, predicted[i])) is not None:
                score, kind = scored
                if score >= threshold and below[b + 1] + score - threshold > best:
                    best, how = below[b + 1] + score - threshold, 3
                    scores[a, b] = (score, kind)
            row[b], moves[b] = best, how
    a = b = 0
    while a < n and b < m:
        how = move[a][b]
        if how == 3:
            score, kind = scores[a, b]
            state.link(olds[a], news[b], score, kind)
            a, b = a + 1, b + 1
        elif how == 1:
            a += 1
        else:
            b += 1


def fill_gaps(state: State, scorer: Scorer, threshold: float) -> None:
    """Fill every run between consecutive aligned pairs (taken in old order)."""
    links = [(i, j, state.how[i][0]) for i, j in state.forward.items() if not state.how[i][2]]
    chain = [(i, j) for i, j, _ in heaviest_chain(links)]
    bounds = [(-1, -1), *chain, (len(state.old.items), len(state.new.items))]
    for (i0, j0), (i1, j1) in zip(bounds, bounds[1:], strict=False):
        if i1 - i0 > 1 and j1 - j0 > 1:
            olds = [i for i in range(i0 + 1, i1) if i not in state.forward]
            news = [j for j in range(j0 + 1, j1) if j not in state.backward]
            _fill_gap(state, scorer, olds, news, threshold)


def pair_leftovers(state: State, scorer: Scorer, threshold: float, depth_change: int = 0) -> None:
    """Texts left on both sides are paired out of order, on content alone (with
    ``depth_change``, a text one level up or down that many levels)."""
    olds = [it.index for it in state.old.items if it.index not in state.forward]
    news = [it.index for it in state.new.items if it.index not in state.backward]
    by_depth: dict[int, list[int]] = defaultdict(list)
    for j in news:
        by_depth[state.new.items[j].depth].append(j)
    candidates = {depth: sorted({*by_depth.get(depth - depth_change, ()), *by_depth.get(depth + depth_change, ())})
                  for depth in {state.old.items[i].depth for i in olds}}
    proposals: dict[int, tuple[float, int, str]] = {}
    best_for_new: dict[int, tuple[float, int]] = {}
    for i in olds:
        best = scorer.best(i, candidates[state.old.items[i].depth], threshold)
        if best is not None:
            proposals[i] = best
            if best[0] > best_for_new.get(best[1], (0.0, -1))[0]:
                best_for_new[best[1]] = (best[0], i)
    for i, (score, j, kind) in proposals.items():
        if best_for_new[j][1] == i:
            state.link(i, j, score, kind, moved=True)


def follow_children(state: State) -> None:
    """An unaligned chapter or rule goes where most of its aligned children went."""
    old, new = state.old, state.new
    for depth in (2, 1, 0):
        for item in old.items:
            if item.depth != depth or item.index in state.forward:
                continue
            children = old.siblings.get(item.number, [])
            votes = Counter(new.parent_index(state.forward[c]) for c in children if c in state.forward)
            votes.pop(None, None)
            if not votes:
                continue
            target, count = votes.most_common(1)[0]
            if target is None or target in state.backward or new.items[target].depth != depth:
                continue
            if count * 2 > len(children) or (count * 2 == len(children) and count == sum(votes.values())):
                state.link(item.index, target, count / len(children), CHILDREN)


def fill_within_parents(state: State, scorer: Scorer, threshold: float) -> None:
    """Children left over under two aligned parents are paired in order: a rule
    moved with its subrules brings them along."""
    for depth in (0, 1, 2):  # top down: rules found under a chapter then bring their subrules
        for i, j in sorted(state.forward.items()):
            if state.old.items[i].depth == depth:
                _fill_children(state, scorer, i, j, threshold)


def _fill_children(state: State, scorer: Scorer, i: int, j: int, threshold: float) -> None:
    olds = [c for c in state.old.siblings.get(state.old.items[i].number, []) if c not in state.forward]
    news = [c for c in state.new.siblings.get(state.new.items[j].number, []) if c not in state.backward]
    _fill_gap(state, scorer, olds, news, threshold)


def keep_families(state: State, scorer: Scorer, slack: float = 0.15) -> None:
    """A text paired outside its parent's counterpart goes home if a free child
    there fits almost as well (Transform's subrules stay with Transform when the
    similar Convert was added next to it)."""
    old, new = state.old, state.new
    for i, j in sorted(state.forward.items()):
        parent = old.parent_index(i)
        home = state.forward.get(parent) if parent is not None else None
        if home is None or new.parent_index(j) == home or state.how[i][1] == TEXT:  # identical text wins
            continue
        current = scorer.content(i, j)
        if current is None:
            continue
        free = [k for k in new.siblings.get(new.items[home].number, ())
                if k not in state.backward and new.items[k].depth == old.items[i].depth]
        _move_to_best(state, scorer, i, free, current[0] - slack)


def _move_to_best(state: State, scorer: Scorer, i: int, candidates: Iterable[int], at_least: float, *,
                  moved: bool = False) -> None:
    """Pair old ``i`` with the best of ``candidates`` instead, if its content scores ``at_least``."""
    fits = [(c[0], k) for k in candidates if (c := scorer.content(i, k)) is not None]
    if fits and max(fits)[0] >= at_least:
        score, k = max(fits)
        state.unlink(i)
        state.link(i, k, score, scorer.content(i, k)[1], moved)  # type: ignore[index]


def changed_depth(state: State, scorer: Scorer, threshold: float, margin: float = 0.3) -> None:
    """Rules that changed depth: a rule whose text became a subrule of a new rule of
    the same number (903.11 -> 903.11a: the subrule must fit ``margin`` better than
    the new rule), and leftovers one level up or down (meld's 713.2 -> 712.4a).
    Only content decides, by ``threshold``."""
    old, new = state.old, state.new
    for i, j in sorted(state.forward.items()):
        if old.siblings.get(old.items[i].number) or state.how[i][1] == TEXT:  # it has subrules, or is identical
            continue
        current = scorer.content(i, j)
        children = [k for k in new.siblings.get(new.items[j].number, ()) if k not in state.backward]
        _move_to_best(state, scorer, i, children, max(threshold - 0.1, (current[0] if current else 0.0) + margin),
                      moved=True)
    pair_leftovers(state, scorer, threshold, depth_change=1)
