"""Anchors and the evidence behind them: what makes two texts counterparts.

In one language, identical text.  Across two, the language-independent tokens
both texts hold -- marks (cited rules, mana symbols, numbers, names), cited
numbers put in the new numbering, and concepts of the learned lexicon -- weighted
by rarity, one bag per text (:class:`Bags`); texts whose bags single each other
out are anchors, and whole rules with their subrules are paired the same way.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat

import numpy as np

from kb.align.bags import BagArrays, rare_pairs, shared_of_pairs
from kb.align.lexicon import Lexicon
from kb.align.results import MARKS
from kb.align.texts import Item, State, Tree
from kb.core.rulenum import RuleNumber
from kb.core.text import base_lang, is_cjk

# -- the same language ----------------------------------------------------------------


def text_anchors(state: State) -> list[tuple[int, int, float]]:
    """Texts identical (as :func:`comparable`, numbers masked) and unique on both sides."""
    def unique(items: list[Item]) -> dict[str, int]:
        seen = Counter(item.plain for item in items)
        return {item.plain: item.index for item in items if seen[item.plain] == 1 and item.plain}
    old, new = unique(state.old.items), unique(state.new.items)
    return [(i, new[key], 1.0) for key, i in old.items() if key in new
            and state.old.items[i].depth == state.new.items[new[key]].depth]


# -- two languages --------------------------------------------------------------------


@dataclass
class Bags:
    """Language-independent tokens of both sides -- marks, cited numbers (old ones in
    the new numbering) and concepts (lexicon words) -- weighted (rare tokens and
    exact marks weigh most): one bag per text, all of a side in one
    :class:`~kb.align.bags.BagArrays`."""

    old: BagArrays
    new: BagArrays
    old_norm: list[float]
    new_norm: list[float]
    enough: float  # the weight of evidence that makes a content score sure
    is_concept: list[bool]  # by token id: a lexicon concept, not an exact mark
    counts: tuple[BagArrays, BagArrays]  # the bags unweighted (old, new)
    weight: np.ndarray  # by token id
    _single: dict[tuple[bool, int], dict[int, float]] = field(default_factory=dict)
    _groups: dict[tuple[bool, int], tuple[BagArrays, list[int]]] = field(default_factory=dict)

    def bag(self, old: bool, k: int) -> dict[int, float]:
        """Text ``k``'s bag as a mapping (token id -> weight), to score one pair."""
        if (old, k) not in self._single:
            self._single[old, k] = (self.old if old else self.new).bag(k)
        return self._single[old, k]

    def groups(self, state: State, old: bool, depth: int) -> tuple[BagArrays, list[int]]:
        """For each text of ``depth`` with children on one side, the tokens of it and
        all its descendants (a keyword heading says little, its subrules say a lot),
        and the index of each group's head."""
        if (old, depth) not in self._groups:
            tree, counts = (state.old, self.counts[0]) if old else (state.new, self.counts[1])
            heads, members, owners = tree.subtrees(depth)
            self._groups[old, depth] = counts.take(members, owners, len(heads)).scaled(self.weight), heads
        return self._groups[old, depth]


@dataclass
class Entries:
    """Tokens of texts, one entry each: the text, the token's id, how many times."""

    owner: list[int] = field(default_factory=list)
    token: list[int] = field(default_factory=list)
    count: list[int] = field(default_factory=list)

    def add(self, owner: int, token: int, count: int = 1) -> None:
        self.owner.append(owner)
        self.token.append(token)
        self.count.append(count)

    def extend(self, owners: Iterable[int], tokens: Iterable[int]) -> None:
        """Entries counted once each."""
        before = len(self.owner)
        self.owner.extend(owners)
        self.token.extend(tokens)
        self.count.extend(repeat(1, len(self.owner) - before))

    def bags(self, *more: Entries, bags: int, tokens: int) -> BagArrays:
        """These entries and ``more`` as one bag per text."""
        parts = (self, *more)
        return BagArrays(np.fromiter(chain.from_iterable(e.owner for e in parts), dtype=np.int64),
                         np.fromiter(chain.from_iterable(e.token for e in parts), dtype=np.int64),
                         np.fromiter(chain.from_iterable(e.count for e in parts), dtype=np.float64),
                         bags=bags, tokens=tokens)


def _marks_of(items: list[Item], token_id: Callable[[str], int], names: frozenset[str] | None) -> Entries:
    """The marks of each text; a Latin-script text facing a CJK one also counts, as
    names, its capitalised words that the other side writes in Latin script."""
    entries = Entries()
    for item in items:
        for token, n in item.marks.items():
            entries.add(item.index, token_id(token), n)
        if names is not None:
            for token, n in item.names.items():
                if token in names:
                    entries.add(item.index, token_id(token), n)
    return entries


def _cited_of(items: list[Item], token_of: Callable[[RuleNumber], int | None]) -> Entries:
    """The numbers each text cites, as tokens (``token_of`` may put them in the new numbering)."""
    entries = Entries()
    for item in items:
        for number in item.refs:
            token = token_of(number)
            if token is not None:
                entries.add(item.index, token)
    return entries


def _concepts(tree: Tree, lang: str, lexicon: Lexicon | None, token_id: Callable[[str], int]) -> Entries:
    """The lexicon words each text expresses, in either language of the lexicon."""
    entries = Entries()
    if lexicon is None or not lexicon.terms:
        return entries
    ids = {word: token_id("c" + word) for word in lexicon.terms}  # a concept is a token of its own kind
    if base_lang(lang) == base_lang(lexicon.src):
        for item in tree.items:
            found = item.words & ids.keys()
            entries.extend(repeat(item.index, len(found)), map(ids.__getitem__, found))
    elif base_lang(lang) == base_lang(lexicon.dst):
        index = tree.terms()  # where each translation occurs
        for word, (term, _) in lexicon.terms.items():
            where = index.occurrences(term)
            entries.extend(where, repeat(ids[word], len(where)))
    return entries


def make_bags(state: State, lexicon: Lexicon | None, old_lang: str, new_lang: str) -> Bags:
    old_items, new_items = state.old.items, state.new.items
    ids = state.vocabulary

    def token_id(token: str) -> int:
        return ids.setdefault(token, len(ids))

    def cited_as(number: RuleNumber) -> int:
        return token_id("r" + str(number))

    def translate_old(number: RuleNumber) -> int | None:
        """A cited number in the new numbering: through the alignment when the old
        document has it, else as it is (a rule outside both documents is taken to
        be stable: 613.2 is 613.2)."""
        index = state.old.by_number.get(number)
        if index is None:
            return cited_as(number)
        target = state.predict(index)
        return cited_as(new_items[target].number) if target is not None else None

    if not state.fixed:  # what does not change from round to round
        old_cjk, new_cjk = is_cjk(old_lang), is_cjk(new_lang)
        old_names = _names(new_items) if new_cjk and not old_cjk else None
        new_names = _names(old_items) if old_cjk and not new_cjk else None
        state.fixed = [_marks_of(old_items, token_id, old_names),
                       _marks_of(new_items, token_id, new_names), _cited_of(new_items, cited_as)]
    old_marks, new_marks, new_cited = state.fixed
    old_concepts = _concepts(state.old, old_lang, lexicon, token_id)
    new_concepts = _concepts(state.new, new_lang, lexicon, token_id)
    old = old_marks.bags(_cited_of(old_items, translate_old), old_concepts, bags=len(old_items), tokens=len(ids))
    new = new_marks.bags(new_cited, new_concepts, bags=len(new_items), tokens=len(ids))
    is_concept = [token[0] == "c" for token in ids]
    held = old.held() + new.held()
    weight = np.zeros(len(ids))
    weight[held > 0] = np.log(1 + (len(old_items) + len(new_items)) / held[held > 0])  # rare tokens weigh most
    weight[~np.array(is_concept)] *= 2.0  # exact marks outweigh learned concepts
    enough = 4 * math.log(1 + (len(old_items) + len(new_items)) / 2)  # about two rare marks on each side
    old_weighted, new_weighted = old.scaled(weight), new.scaled(weight)
    return Bags(old_weighted, new_weighted, old_weighted.norms().tolist(), new_weighted.norms().tolist(), enough,
                 is_concept, (old, new), weight)


def _names(items: list[Item]) -> frozenset[str]:
    """The name marks of a side (Latin-script words inside CJK text)."""
    return frozenset(t for it in items for t in it.marks if t[0] == "n")


def _best_pairs(
    state: State,
    old: BagArrays,
    olds: Sequence[int],
    new: BagArrays,
    news: Sequence[int],
    *,
    rare: int = 12,
    floor: float = 0.5,
    margin: float = 0.15,
    rarity: float = 1.0,
) -> list[tuple[int, int, float]]:
    """Mutual best pairs of (weighted) bags that share rare tokens, with a clear
    margin over the runner-up; the number the neighbours predict gets a small bonus.
    ``olds`` and ``news`` are the texts the bags stand for.

    The shared weight must reach ``rarity`` times that of a mark found in one text
    of each side (weights grow with the size of the documents).  Some 20,000
    candidate pairs are scored at once (:mod:`kb.align.bags`)."""
    if not len(olds) or not len(news):
        return []
    position = {j: k for k, j in enumerate(news)}
    predicted = np.array([position.get(state.predict(i), -1) for i in olds])  # type: ignore[arg-type]
    a, b = rare_pairs(old, new, rare)
    guessed = np.flatnonzero(predicted >= 0)  # the predicted counterpart is always a candidate
    keys = np.unique(np.r_[a * len(news) + b, guessed * len(news) + predicted[guessed]])
    a, b = keys // len(news), keys % len(news)
    same_depth = (np.array([state.old.items[i].depth for i in olds])[a]
                  == np.array([state.new.items[j].depth for j in news])[b])
    a, b = a[same_depth], b[same_depth]
    shared = shared_of_pairs(old, new, a, b)
    enough = shared >= rarity * math.log(1 + (len(state.old.items) + len(state.new.items)) / 2)
    a, b, shared = a[enough], b[enough], shared[enough]
    if not a.size:
        return []
    score = 2 * shared / (old.norms()[a] + new.norms()[b]) + 0.1 * (b == predicted[a])
    # Each old text's best candidate (on a tie, the later new text) and its runner-up.
    order = np.lexsort((-b, -score, a))
    a, b, score = a[order], b[order], score[order]
    first = np.flatnonzero(np.r_[True, a[1:] != a[:-1]])
    runner_up = np.zeros(first.size)
    has_second = np.r_[first[1:] - first[:-1] > 1, first[-1:] < a.size - 1]
    runner_up[has_second] = score[first[has_second] + 1]
    clear = (score[first] >= floor) & (score[first] - runner_up >= margin)
    a, b, score = a[first][clear], b[first][clear], score[first][clear]
    if not a.size:
        return []
    # Each new text keeps the old text that proposes it most strongly (on a tie, the first).
    order = np.lexsort((a, -score, b))
    mutual = np.zeros(a.size, dtype=bool)
    mutual[order[np.r_[True, b[order][1:] != b[order][:-1]]]] = True
    return [(olds[i], news[j], min(1.0, s))
            for i, j, s in zip(a[mutual].tolist(), b[mutual].tolist(), score[mutual].tolist(), strict=True)]


def bag_anchors(state: State, bags: Bags) -> list[tuple[int, int, float]]:
    """Anchors on single texts and on whole groups (a rule with its subrules);
    where they disagree the stronger wins."""
    found = _best_pairs(state, bags.old, range(len(bags.old)), bags.new, range(len(bags.new)), floor=0.6)
    found += _best_pairs(state, *bags.groups(state, True, 2), *bags.groups(state, False, 2))
    best: dict[int, tuple[float, int]] = {}
    for i, j, score in found:
        if score > best.get(i, (-1.0, -1))[0]:
            best[i] = (score, j)
    owner: dict[int, tuple[float, int]] = {}
    for i, (score, j) in best.items():
        if score > owner.get(j, (-1.0, -1))[0]:
            owner[j] = (score, i)
    return [(i, j, score) for j, (score, i) in owner.items()]


def group_leftovers(state: State, bags: Bags, floor: float) -> None:
    """Unaligned rules (and chapters) with their subrules, paired as wholes: a
    keyword action moved to another place keeps its subrules' marks and words."""
    for depth in (1, 2):
        old_groups, old_heads = bags.groups(state, True, depth)
        new_groups, new_heads = bags.groups(state, False, depth)
        olds = [k for k, i in enumerate(old_heads) if i not in state.forward]
        news = [k for k, j in enumerate(new_heads) if j not in state.backward]
        for i, j, score in _best_pairs(state, old_groups.take(olds), [old_heads[k] for k in olds],
                                       new_groups.take(news), [new_heads[k] for k in news],
                                       rare=40, floor=floor, margin=0.1, rarity=0.5):
            state.link(i, j, score, MARKS, moved=True)
