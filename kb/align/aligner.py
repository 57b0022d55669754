"""The entry points: :func:`align` (by content, in one language or across two) and
:func:`pair_by_number` (same-date editions), and the order in which the passes
of :mod:`kb.align` run.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kb.align.evidence import bag_anchors, group_leftovers, make_bags, text_anchors
from kb.align.lexicon import Lexicon
from kb.align.order import heaviest_chain, mark_moves, moved_blocks
from kb.align.passes import (
    changed_depth,
    fill_gaps,
    fill_within_parents,
    follow_children,
    keep_families,
    pair_leftovers,
)
from kb.align.results import MARKS, NUMBER, TEXT, Alignment, Link
from kb.align.scoring import GAP_THRESHOLD, Scorer, length_ratio
from kb.align.terms import learn_indexed
from kb.align.texts import State, Tree
from kb.align.tokens import paused_gc
from kb.core.model import RuleText
from kb.core.text import base_lang, is_cjk


def pair_by_number(old: Sequence[RuleText], new: Sequence[RuleText], *, old_lang: str = "en",
                   new_lang: str = "en") -> Alignment:
    """Same-date editions (a translation and its English original) pair by number."""
    new_numbers = {t.number for t in new}
    links = tuple(Link(t.number, t.number, 1.0, NUMBER, variant=t.variant) if t.number in new_numbers
                  else Link(t.number, None, 0.0, NUMBER, variant=t.variant) for t in old)
    old_numbers = {t.number for t in old}
    unmatched = tuple(t.number for t in new if t.number not in old_numbers)
    return Alignment(old_lang, new_lang, links, unmatched, Lexicon(old_lang, new_lang))


class Edition:
    """An edition aligned with many others (the build aligns every edition with the
    newest English one): what the aligner reads of its texts is prepared once, not
    once per alignment."""

    def __init__(self, texts: Sequence[RuleText], lang: str = "en") -> None:
        self.texts, self.lang = list(texts), lang
        self._trees: dict[bool, Tree] = {}

    def tree(self, cross: bool) -> Tree:
        """Its texts as the aligner reads them, across two languages or within one."""
        if cross not in self._trees:
            self._trees[cross] = Tree.of_texts(self.texts, self.lang, cross=cross)
        return self._trees[cross]


def align(
    old: Sequence[RuleText],
    new: Sequence[RuleText] | Edition,
    *,
    old_lang: str = "en",
    new_lang: str = "en",
    lexicon: Lexicon | None = None,
) -> Alignment:
    """Map each old text onto its counterpart in ``new`` by content (see the package
    docstring, :mod:`kb.align`).  ``lexicon`` (e.g. one stored with the KB) seeds the cross-language
    similarity; the returned alignment carries the lexicon learned from this pair
    merged into it.  ``new`` may be an :class:`Edition` (of ``new_lang``), prepared once
    for many alignments."""
    with paused_gc():  # the work of an alignment is freed before the collector runs again
        return _align(old, new, old_lang, new_lang, lexicon)


def _align(old: Sequence[RuleText], new: Sequence[RuleText] | Edition, old_lang: str, new_lang: str,
           lexicon: Lexicon | None) -> Alignment:
    cross = base_lang(old_lang) != base_lang(new_lang)
    if isinstance(new, Edition) and new.lang != new_lang:
        raise ValueError(f"the edition is in {new.lang}, not {new_lang}")
    new_tree = new.tree(cross) if isinstance(new, Edition) else Tree.of_texts(new, new_lang, cross=cross)
    state = State(Tree.of_texts(old, old_lang, cross=cross), new_tree, cross)
    if not cross:
        return _align_same(state, old_lang, new_lang)
    return _align_cross(state, old_lang, new_lang, lexicon)


def _align_same(state: State, old_lang: str, new_lang: str) -> Alignment:
    anchors = text_anchors(state)
    chain = heaviest_chain(anchors)
    for i, j, score in chain:
        state.link(i, j, score, TEXT)
    # Identical texts out of order: a rule moved with its subrules is believed at
    # once; a lone one ("Fourth, the active player gets priority.") only if nothing
    # in its place takes it first.
    for i, j, score in moved_blocks(anchors, chain, single=2.0, block=1.5):
        state.link(i, j, score, TEXT, moved=True)
    scorer = Scorer(state)
    fill_gaps(state, scorer, threshold=0.5)
    for i, j, score in anchors:
        if i not in state.forward and j not in state.backward:
            state.link(i, j, score, TEXT, moved=True)
    follow_children(state)
    pair_leftovers(state, scorer, threshold=0.75)
    keep_families(state, scorer)
    changed_depth(state, scorer, threshold=0.75)
    mark_moves(state)
    return _result(state, old_lang, new_lang, Lexicon(old_lang, new_lang))


def _align_cross(state: State, old_lang: str, new_lang: str, seed: Lexicon | None) -> Alignment:
    # Align naively (by number), learn a first lexicon, then anchor on rare tokens
    # twice: the second time cited numbers and the lexicon follow the first anchors.
    naive = [(it.index, state.new.by_number[it.number]) for it in state.old.items
             if it.number in state.new.by_number]
    lexicon = _learn(state, naive, old_lang, new_lang, seed)
    for _ in range(2):
        bags = make_bags(state, lexicon, old_lang, new_lang)
        anchors = bag_anchors(state, bags)
        for i in list(state.forward):
            state.unlink(i)
        chain = heaviest_chain(anchors)
        for i, j, score in chain:
            state.link(i, j, score, MARKS)
        for i, j, score in moved_blocks(anchors, chain):
            state.link(i, j, score, MARKS, moved=True)
        follow_children(state)
        lexicon = _learn(state, sorted(state.forward.items()), old_lang, new_lang, seed)
    bags = make_bags(state, lexicon, old_lang, new_lang)
    scorer = Scorer(state, bags, length_ratio(state))
    fill_within_parents(state, scorer, threshold=GAP_THRESHOLD)
    fill_gaps(state, scorer, threshold=GAP_THRESHOLD)
    for _ in range(2):
        follow_children(state)
        fill_within_parents(state, scorer, threshold=GAP_THRESHOLD)
        group_leftovers(state, bags, floor=0.4)
        fill_within_parents(state, scorer, threshold=GAP_THRESHOLD)
        pair_leftovers(state, scorer, threshold=0.6)
    follow_children(state)
    keep_families(state, scorer)
    changed_depth(state, scorer, threshold=0.6)
    mark_moves(state)
    return _result(state, old_lang, new_lang, lexicon)


def _learn(state: State, pairs: Iterable[tuple[int, int]], old_lang: str, new_lang: str,
           seed: Lexicon | None) -> Lexicon:
    """The lexicon of the aligned pairs, keyed by the words of the Latin-script side."""
    pairs = list(pairs)
    if is_cjk(old_lang) and is_cjk(new_lang):
        return seed or Lexicon(old_lang, new_lang)
    if is_cjk(old_lang):  # words on the new side, n-grams on the old
        word_sets = [state.new.items[j].words for _, j in pairs]
        lexicon = learn_indexed(word_sets, state.old.terms(), [i for i, _ in pairs], new_lang, old_lang)
    else:
        word_sets = [state.old.items[i].words for i, _ in pairs]
        lexicon = learn_indexed(word_sets, state.new.terms(), [j for _, j in pairs], old_lang, new_lang)
    if seed is not None and (seed.src, seed.dst) == (lexicon.src, lexicon.dst):
        lexicon = seed.merged(lexicon)
    return lexicon


def _result(state: State, old_lang: str, new_lang: str, lexicon: Lexicon) -> Alignment:
    links = []
    for item in state.old.items:
        j = state.forward.get(item.index)
        if j is None:
            links.append(Link(item.number, None, 0.0, "", variant=item.variant))
        else:
            score, kind, moved = state.how[item.index]
            links.append(Link(item.number, state.new.items[j].number, round(score, 3), kind, moved, item.variant))
    unmatched = tuple(it.number for it in state.new.items if it.index not in state.backward)
    return Alignment(old_lang, new_lang, tuple(links), unmatched, lexicon)
