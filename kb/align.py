"""One rule across editions and languages: aligning two sequences of rule texts.

Rule numbers move between editions (509.5 became 509.3; the merge rules were 721,
723, 729 and then 730), and translations lag the English text, so a rule's identity
cannot be its number.  :func:`align` maps every text of an old edition onto its
counterpart in a new one, in the same language or across two:

1. *anchors*: pairs that are certain on their own -- identical text in one language;
   in two languages, the same rare language-independent marks (cited rules, mana
   symbols, numbers, Latin-script names inside Chinese text);
2. a *backbone*: the heaviest order-preserving chain of anchors; anchors off the
   chain are kept as *moves* only when their evidence is overwhelming;
3. *learning*: cited numbers are translated through the anchors found so far, a
   parent follows its children, and a bilingual term lexicon is learned from the
   aligned pairs -- then the anchors are searched again;
4. *gaps* between consecutive backbone anchors are filled by a small
   order-preserving dynamic programme that weighs content (text similarity, marks,
   lexicon, length ratio) and structure (the number the neighbours predict);
5. what is left on both sides is paired only on strong content (moves).

The tokens compared live in :mod:`kb.tokens`, the lexicon in :mod:`kb.lexicon`;
glossaries are paired by :mod:`kb.glossary_align` (re-exported here).

Everything here is pure: sequences of :class:`~kb.model.RuleText` in, an
:class:`Alignment` out.  Storing it, and showing it, is the caller's business.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Indel

from kb.bags import BagArrays, dice, rare_pairs, shared_of_pairs
from kb.glossary_align import GlossaryPair, align_glossary
from kb.lexicon import GramIndex, Lexicon, TermIndex, learn_indexed, learn_lexicon
from kb.model import RuleText
from kb.rulenum import RuleNumber
from kb.tokens import (
    CJK_RUN,
    RULE_NUMBER,
    WORD,
    base_lang,
    cited,
    comparable,
    content_words,
    full_text,
    grammar_lang,
    is_cjk,
    marks,
    name_tokens,
    normalize_typography,
    paused_gc,
    words,
)

__all__ = [
    "Alignment",
    "EditionFit",
    "GlossaryPair",
    "Lexicon",
    "Link",
    "align",
    "align_glossary",
    "best_editions",
    "comparable",
    "is_cjk",
    "learn_lexicon",
    "normalize_typography",
    "pair_by_number",
    "place_undated",
]

# -- evidence kinds -------------------------------------------------------------------

NUMBER = "number"  # same edition, paired by number
TEXT = "text"  # identical text (typography, case and cited numbers ignored)
SIMILAR = "similar"  # similar text in one language
MARKS = "marks"  # the same cited rules, symbols, numbers, names across languages
LEXICON = "lexicon"  # the learned term lexicon agrees
STRUCTURE = "structure"  # the neighbours' numbers predict it; content does not object
CHILDREN = "children"  # a chapter or rule follows its aligned children


# -- results --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """Where one old text went: ``new`` is ``None`` when it has no counterpart.

    ``score`` is a confidence in [0, 1]; ``evidence`` names what decided the pair;
    ``moved`` marks a pair out of order with its neighbours (a rule relocated
    rather than renumbered with its chapter); ``variant`` is the old text's
    :attr:`~kb.model.RuleText.variant` (an old file that used a number twice)."""

    old: RuleNumber
    new: RuleNumber | None
    score: float
    evidence: str
    moved: bool = False
    variant: int = 0

    @property
    def renumbered(self) -> bool:
        return self.new is not None and self.new != self.old


@dataclass(frozen=True)
class Alignment:
    """Every old text's :class:`Link`, in the old document's order, the new texts
    nobody maps to, and the lexicon learned on the way."""

    old_lang: str
    new_lang: str
    links: tuple[Link, ...]
    unmatched_new: tuple[RuleNumber, ...]
    lexicon: Lexicon

    @property
    def mapping(self) -> dict[RuleNumber, RuleNumber | None]:
        """Old number -> new number (``None``: no counterpart).  Where an old file used
        a number twice, the first text's link counts; :attr:`links` has both."""
        result: dict[RuleNumber, RuleNumber | None] = {}
        for link in self.links:
            result.setdefault(link.old, link.new)
        return result

    @property
    def matched(self) -> dict[RuleNumber, RuleNumber]:
        return {old: new for old, new in self.mapping.items() if new is not None}

    @property
    def unmatched_old(self) -> tuple[RuleNumber, ...]:
        return tuple(link.old for link in self.links if link.new is None)

    @property
    def renumbered(self) -> list[Link]:
        return [link for link in self.links if link.renumbered]

    @property
    def moves(self) -> list[Link]:
        return [link for link in self.links if link.moved]

    def link(self, old: RuleNumber) -> Link | None:
        return next((link for link in self.links if link.old == old), None)

    def inverse(self) -> dict[RuleNumber, RuleNumber]:
        """New number -> old number, for the new texts that have a counterpart."""
        return {new: old for old, new in self.matched.items()}

    @property
    def coverage(self) -> float:
        """The share of old texts with a counterpart."""
        return sum(link.new is not None for link in self.links) / max(1, len(self.links))


# -- the items being aligned ----------------------------------------------------------


@dataclass(slots=True)
class _Item:
    """One rule text with what the aligner looks at."""

    index: int
    number: RuleNumber
    variant: int
    depth: int
    raw: str  # title, body and examples
    plain: str  # comparable text with rule numbers masked
    refs: tuple[RuleNumber, ...]  # cited numbers, in order
    marks: Counter[str]  # symbols, numbers, names: the same in every language
    words: frozenset[str]  # Latin-script content words (stemmed); none for CJK text (see _Tree.of_texts)
    length: int
    names: Counter[str] = field(default_factory=Counter)  # capitalised words of a Latin-script text


def _items(texts: Sequence[RuleText], lang: str, *, cross: bool) -> list[_Item]:
    """What the aligner needs of each text: the comparable text for one language,
    marks and words (or character n-grams) across two."""
    grammar = grammar_lang(lang)
    cjk = is_cjk(lang)
    items = []
    for index, text in enumerate(texts):
        raw = full_text(text)
        number = text.number
        if not cross:
            plain = RULE_NUMBER.sub("#", comparable(raw))
            items.append(_Item(index, number, text.variant, number.depth, raw, plain, (), Counter(), frozenset(), 1))
            continue
        numbers, rest = cited(raw, grammar)
        found, rest = marks(rest)
        if cjk:
            found.update(name_tokens(rest))
            length = len(WORD.findall(raw)) + 3 * sum(map(len, CJK_RUN.findall(raw)))
            terms: frozenset[str] = frozenset()  # its n-grams are indexed for all texts at once
            names: Counter[str] = Counter()
        else:
            in_order = words(raw)
            length = len(in_order)
            terms = frozenset(content_words(in_order))
            names = Counter(name_tokens(raw))
        items.append(_Item(index, number, text.variant, number.depth, raw, "", numbers, found, terms, max(1, length),
                           names))
    return items


# -- the state of an alignment in progress --------------------------------------------


@dataclass
class _Tree:
    """Parents and siblings of one side, by index."""

    items: list[_Item]
    by_number: dict[RuleNumber, int]
    siblings: dict[RuleNumber | None, list[int]]  # parent -> children indices in order
    position: list[int]  # index among siblings
    family: list[list[int]]  # each item's siblings (itself included), in order
    parent: list[int | None]  # each item's parent's index, if the side has the parent
    term_index: TermIndex | GramIndex | None = None
    _subtrees: dict[int, tuple[list[int], list[int], list[int]]] = field(default_factory=dict)

    @classmethod
    def of(cls, items: list[_Item]) -> _Tree:
        by_number: dict[RuleNumber, int] = {}
        siblings: dict[RuleNumber | None, list[int]] = defaultdict(list)
        for item in items:
            by_number.setdefault(item.number, item.index)
        parents = [item.number.parent for item in items]
        for item in sorted(items, key=lambda i: (i.number.key, i.index)):
            siblings[parents[item.index]].append(item.index)
        position = [0] * len(items)
        for children in siblings.values():
            for pos, index in enumerate(children):
                position[index] = pos
        family = [siblings[parent] for parent in parents]
        parent = [by_number.get(p) if p is not None else None for p in parents]
        return cls(items, by_number, siblings, position, family, parent)

    @classmethod
    def of_texts(cls, texts: Sequence[RuleText], lang: str, *, cross: bool) -> _Tree:
        tree = cls.of(_items(texts, lang, cross=cross))
        if cross and is_cjk(lang):  # the words of a CJK text are its n-grams, found for all texts at once
            tree.term_index = GramIndex([item.raw for item in tree.items])
        return tree

    def terms(self) -> TermIndex | GramIndex:
        if self.term_index is None:
            self.term_index = TermIndex([item.words for item in self.items])
        return self.term_index

    def subtrees(self, depth: int) -> tuple[list[int], list[int], list[int]]:
        """The texts of ``depth`` that have children (heads), and every text of their
        subtrees, heads included, with the position of its head."""
        if depth in self._subtrees:
            return self._subtrees[depth]
        heads: list[int] = []
        members: list[int] = []
        owners: list[int] = []
        for item in self.items:
            if item.depth != depth or not self.siblings.get(item.number):
                continue
            stack = [item.index]
            while stack:
                k = stack.pop()
                members.append(k)
                owners.append(len(heads))
                stack.extend(self.siblings.get(self.items[k].number, ()))
            heads.append(item.index)
        self._subtrees[depth] = heads, members, owners
        return self._subtrees[depth]

    def parent_index(self, index: int) -> int | None:
        return self.parent[index]


@dataclass
class _State:
    old: _Tree
    new: _Tree
    cross: bool  # two languages
    forward: dict[int, int] = field(default_factory=dict)
    backward: dict[int, int] = field(default_factory=dict)
    how: dict[int, tuple[float, str, bool]] = field(default_factory=dict)
    predicted: dict[int, int | None] = field(default_factory=dict)  # valid until the next (un)link
    vocabulary: dict[str, int] = field(default_factory=dict)  # tokens of the bags (two languages): their ids
    fixed: list[_Entries] = field(default_factory=list)  # the bags' tokens that stay from round to round

    def link(self, i: int, j: int, score: float, evidence: str, moved: bool = False) -> None:
        self.forward[i] = j
        self.backward[j] = i
        self.how[i] = (score, evidence, moved)
        self.predicted.clear()

    def unlink(self, i: int) -> None:
        j = self.forward.pop(i)
        del self.backward[j]
        del self.how[i]
        self.predicted.clear()

    def predict(self, i: int) -> int | None:
        """The new index the neighbours of old ``i`` predict: offset from the nearest
        aligned sibling, else the same position under the aligned parent."""
        if i in self.forward:
            return self.forward[i]
        if i not in self.predicted:
            self.predicted[i] = self._predict(i)
        return self.predicted[i]

    def _predict(self, i: int) -> int | None:
        old, new = self.old, self.new
        siblings = old.family[i]
        pos = old.position[i]
        for step in (-1, 1):
            k = pos + step
            while 0 <= k < len(siblings):
                j = self.forward.get(siblings[k])
                if j is not None and new.items[j].depth == old.items[i].depth and not self.how[siblings[k]][2]:
                    new_siblings = new.family[j]
                    target = new.position[j] + (pos - k)
                    return new_siblings[target] if 0 <= target < len(new_siblings) else None
                k += step
        parent = old.parent_index(i)
        new_parent = self.forward.get(parent) if parent is not None else None
        if new_parent is None:  # nothing known around it: numbers mostly stay
            return new.by_number.get(old.items[i].number)
        children = new.siblings[new.items[new_parent].number]
        return children[pos] if pos < len(children) else None


# -- ordering -------------------------------------------------------------------------


def _heaviest_chain(pairs: Sequence[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
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


# -- the same language ----------------------------------------------------------------


def _text_anchors(state: _State) -> list[tuple[int, int, float]]:
    """Texts identical (as :func:`comparable`, numbers masked) and unique on both sides."""
    def unique(items: list[_Item]) -> dict[str, int]:
        seen = Counter(item.plain for item in items)
        return {item.plain: item.index for item in items if seen[item.plain] == 1 and item.plain}
    old, new = unique(state.old.items), unique(state.new.items)
    return [(i, new[key], 1.0) for key, i in old.items() if key in new
            and state.old.items[i].depth == state.new.items[new[key]].depth]


def _similarity(a: _Item, b: _Item) -> float:
    return Indel.normalized_similarity(a.plain, b.plain)


# -- two languages --------------------------------------------------------------------


@dataclass
class _Bags:
    """Language-independent tokens of both sides -- marks, cited numbers (old ones in
    the new numbering) and concepts (lexicon words) -- weighted (rare tokens and
    exact marks weigh most): one bag per text, all of a side in one
    :class:`~kb.bags.BagArrays`."""

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

    def groups(self, state: _State, old: bool, depth: int) -> tuple[BagArrays, list[int]]:
        """For each text of ``depth`` with children on one side, the tokens of it and
        all its descendants (a keyword heading says little, its subrules say a lot),
        and the index of each group's head."""
        if (old, depth) not in self._groups:
            tree, counts = (state.old, self.counts[0]) if old else (state.new, self.counts[1])
            heads, members, owners = tree.subtrees(depth)
            self._groups[old, depth] = counts.take(members, owners, len(heads)).scaled(self.weight), heads
        return self._groups[old, depth]


@dataclass
class _Entries:
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

    def bags(self, *more: _Entries, bags: int, tokens: int) -> BagArrays:
        """These entries and ``more`` as one bag per text."""
        parts = (self, *more)
        return BagArrays(np.fromiter(chain.from_iterable(e.owner for e in parts), dtype=np.int64),
                         np.fromiter(chain.from_iterable(e.token for e in parts), dtype=np.int64),
                         np.fromiter(chain.from_iterable(e.count for e in parts), dtype=np.float64),
                         bags=bags, tokens=tokens)


def _marks_of(items: list[_Item], token_id: Callable[[str], int], names: frozenset[str] | None) -> _Entries:
    """The marks of each text; a Latin-script text facing a CJK one also counts, as
    names, its capitalised words that the other side writes in Latin script."""
    entries = _Entries()
    for item in items:
        for token, n in item.marks.items():
            entries.add(item.index, token_id(token), n)
        if names is not None:
            for token, n in item.names.items():
                if token in names:
                    entries.add(item.index, token_id(token), n)
    return entries


def _cited_of(items: list[_Item], token_of: Callable[[RuleNumber], int | None]) -> _Entries:
    """The numbers each text cites, as tokens (``token_of`` may put them in the new numbering)."""
    entries = _Entries()
    for item in items:
        for number in item.refs:
            token = token_of(number)
            if token is not None:
                entries.add(item.index, token)
    return entries


def _concepts(tree: _Tree, lang: str, lexicon: Lexicon | None, token_id: Callable[[str], int]) -> _Entries:
    """The lexicon words each text expresses, in either language of the lexicon."""
    entries = _Entries()
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
            found = index.occurrences(term)
            entries.extend(found, repeat(ids[word], len(found)))
    return entries


def _bags(state: _State, lexicon: Lexicon | None, old_lang: str, new_lang: str) -> _Bags:
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
    return _Bags(old_weighted, new_weighted, old_weighted.norms().tolist(), new_weighted.norms().tolist(), enough,
                 is_concept, (old, new), weight)


def _names(items: list[_Item]) -> frozenset[str]:
    """The name marks of a side (Latin-script words inside CJK text)."""
    return frozenset(t for it in items for t in it.marks if t[0] == "n")


def _best_pairs(
    state: _State,
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
    candidate pairs are scored at once (:mod:`kb.bags`)."""
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


def _anchors(state: _State, bags: _Bags) -> list[tuple[int, int, float]]:
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


def _group_leftovers(state: _State, bags: _Bags, floor: float) -> None:
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


# How pairs inside a gap are scored (tuned on ZH 2022-06-10 and 2024-02-06 -> EN
# 2026-04-17, checked on other pairs of editions): the number the neighbours predict
# adds _PREDICTED_BONUS; a pair with no content evidence either way counts as
# _NO_CONTENT; pairs below _GAP_THRESHOLD stay apart.
_PREDICTED_BONUS = 0.2
_GAP_THRESHOLD = 0.3
_NO_CONTENT = 0.25
# -- filling the gaps -----------------------------------------------------------------


@dataclass
class _Scorer:
    """Scores a candidate pair in [0, 1] from content and structure."""

    state: _State
    bags: _Bags | None = None
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


def _moved_blocks(anchors: list[tuple[int, int, float]], chain: list[tuple[int, int, float]], *,
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


_GAP_CELLS = 200_000  # a larger gap is cut in two (proportionally) before the programme


def _fill_gap(state: _State, scorer: _Scorer, olds: list[int], news: list[int], threshold: float) -> None:
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


def _fill_gaps(state: _State, scorer: _Scorer, threshold: float) -> None:
    """Fill every run between consecutive aligned pairs (taken in old order)."""
    links = [(i, j, state.how[i][0]) for i, j in state.forward.items() if not state.how[i][2]]
    chain = [(i, j) for i, j, _ in _heaviest_chain(links)]
    bounds = [(-1, -1), *chain, (len(state.old.items), len(state.new.items))]
    for (i0, j0), (i1, j1) in zip(bounds, bounds[1:], strict=False):
        if i1 - i0 > 1 and j1 - j0 > 1:
            olds = [i for i in range(i0 + 1, i1) if i not in state.forward]
            news = [j for j in range(j0 + 1, j1) if j not in state.backward]
            _fill_gap(state, scorer, olds, news, threshold)


def _pair_leftovers(state: _State, scorer: _Scorer, threshold: float, depth_change: int = 0) -> None:
    """Texts left on both sides are paired out of order, on content alone (with
    ``depth_change``, a text one level up or down that many levels)."""
    olds = [it.index for it in state.old.items if it.index not in state.forward]
    news = [it.index for it in state.new.items if it.index not in state.backward]
    by_depth: dict[int, list[int]] = defaultdict(list)
    for j in news:
        by_depth[state.new.items[j].depth].append(j)
    proposals: dict[int, tuple[float, int, str]] = {}
    best_for_new: dict[int, tuple[float, int]] = {}
    for i in olds:
        depth = state.old.items[i].depth
        candidates = sorted(set(by_depth.get(depth - depth_change, [])) | set(by_depth.get(depth + depth_change, [])))
        best = scorer.best(i, candidates, threshold)
        if best is not None:
            proposals[i] = best
            if best[0] > best_for_new.get(best[1], (0.0, -1))[0]:
                best_for_new[best[1]] = (best[0], i)
    for i, (score, j, kind) in proposals.items():
        if best_for_new[j][1] == i:
            state.link(i, j, score, kind, moved=True)


def _follow_children(state: _State) -> None:
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


def _fill_within_parents(state: _State, scorer: _Scorer, threshold: float) -> None:
    """Children left over under two aligned parents are paired in order: a rule
    moved with its subrules brings them along."""
    for depth in (0, 1, 2):  # top down: rules found under a chapter then bring their subrules
        for i, j in sorted(state.forward.items()):
            if state.old.items[i].depth == depth:
                _fill_children(state, scorer, i, j, threshold)


def _fill_children(state: _State, scorer: _Scorer, i: int, j: int, threshold: float) -> None:
    olds = [c for c in state.old.siblings.get(state.old.items[i].number, []) if c not in state.forward]
    news = [c for c in state.new.siblings.get(state.new.items[j].number, []) if c not in state.backward]
    _fill_gap(state, scorer, olds, news, threshold)


def _keep_families(state: _State, scorer: _Scorer, slack: float = 0.15) -> None:
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


def _move_to_best(state: _State, scorer: _Scorer, i: int, candidates: Iterable[int], at_least: float, *,
                  moved: bool = False) -> None:
    """Pair old ``i`` with the best of ``candidates`` instead, if its content scores ``at_least``."""
    fits = [(c[0], k) for k in candidates if (c := scorer.content(i, k)) is not None]
    if fits and max(fits)[0] >= at_least:
        score, k = max(fits)
        state.unlink(i)
        state.link(i, k, score, scorer.content(i, k)[1], moved)  # type: ignore[index]


def _changed_depth(state: _State, scorer: _Scorer, threshold: float, margin: float = 0.3) -> None:
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
    _pair_leftovers(state, scorer, threshold, depth_change=1)


def _mark_moves(state: _State) -> None:
    """Flag the pairs that are off the heaviest order-preserving chain."""
    pairs = [(i, j, 1.0) for i, j in state.forward.items()]
    chain = {(i, j) for i, j, _ in _heaviest_chain(pairs)}
    for i, j in list(state.forward.items()):
        score, kind, _ = state.how[i]
        state.how[i] = (score, kind, (i, j) not in chain)


def _length_ratio(state: _State) -> tuple[float, float]:
    logs = [math.log(state.old.items[i].length / state.new.items[j].length) for i, j in state.forward.items()]
    if len(logs) < 10:
        return 0.0, 0.5
    mean = sum(logs) / len(logs)
    spread = math.sqrt(sum((x - mean) ** 2 for x in logs) / len(logs))
    return mean, max(0.1, spread)


# -- the entry points -----------------------------------------------------------------


def pair_by_number(old: Sequence[RuleText], new: Sequence[RuleText], *, old_lang: str = "en",
                   new_lang: str = "en") -> Alignment:
    """Same-date editions (a translation and its English original) pair by number."""
    new_numbers = {t.number for t in new}
    links = tuple(Link(t.number, t.number, 1.0, NUMBER, variant=t.variant) if t.number in new_numbers
                  else Link(t.number, None, 0.0, NUMBER, variant=t.variant) for t in old)
    old_numbers = {t.number for t in old}
    unmatched = tuple(t.number for t in new if t.number not in old_numbers)
    return Alignment(old_lang, new_lang, links, unmatched, Lexicon(old_lang, new_lang))


def align(
    old: Sequence[RuleText],
    new: Sequence[RuleText],
    *,
    old_lang: str = "en",
    new_lang: str = "en",
    lexicon: Lexicon | None = None,
) -> Alignment:
    """Map each old text onto its counterpart in ``new`` by content (see the module
    docstring).  ``lexicon`` (e.g. one stored with the KB) seeds the cross-language
    similarity; the returned alignment carries the lexicon learned from this pair
    merged into it."""
    with paused_gc():  # the work of an alignment is freed before the collector runs again
        return _align(old, new, old_lang, new_lang, lexicon)


def _align(old: Sequence[RuleText], new: Sequence[RuleText], old_lang: str, new_lang: str,
           lexicon: Lexicon | None) -> Alignment:
    cross = base_lang(old_lang) != base_lang(new_lang)
    state = _State(_Tree.of_texts(old, old_lang, cross=cross), _Tree.of_texts(new, new_lang, cross=cross), cross)
    if not cross:
        return _align_same(state, old_lang, new_lang)
    return _align_cross(state, old_lang, new_lang, lexicon)


def _align_same(state: _State, old_lang: str, new_lang: str) -> Alignment:
    anchors = _text_anchors(state)
    chain = _heaviest_chain(anchors)
    for i, j, score in chain:
        state.link(i, j, score, TEXT)
    # Identical texts out of order: a rule moved with its subrules is believed at
    # once; a lone one ("Fourth, the active player gets priority.") only if nothing
    # in its place takes it first.
    for i, j, score in _moved_blocks(anchors, chain, single=2.0, block=1.5):
        state.link(i, j, score, TEXT, moved=True)
    scorer = _Scorer(state)
    _fill_gaps(state, scorer, threshold=0.5)
    for i, j, score in anchors:
        if i not in state.forward and j not in state.backward:
            state.link(i, j, score, TEXT, moved=True)
    _follow_children(state)
    _pair_leftovers(state, scorer, threshold=0.75)
    _keep_families(state, scorer)
    _changed_depth(state, scorer, threshold=0.75)
    _mark_moves(state)
    return _result(state, old_lang, new_lang, Lexicon(old_lang, new_lang))


def _align_cross(state: _State, old_lang: str, new_lang: str, seed: Lexicon | None) -> Alignment:
    # Align naively (by number), learn a first lexicon, then anchor on rare tokens
    # twice: the second time cited numbers and the lexicon follow the first anchors.
    naive = [(it.index, state.new.by_number[it.number]) for it in state.old.items
             if it.number in state.new.by_number]
    lexicon = _learn(state, naive, old_lang, new_lang, seed)
    for _ in range(2):
        bags = _bags(state, lexicon, old_lang, new_lang)
        anchors = _anchors(state, bags)
        for i in list(state.forward):
            state.unlink(i)
        chain = _heaviest_chain(anchors)
        for i, j, score in chain:
            state.link(i, j, score, MARKS)
        for i, j, score in _moved_blocks(anchors, chain):
            state.link(i, j, score, MARKS, moved=True)
        _follow_children(state)
        lexicon = _learn(state, sorted(state.forward.items()), old_lang, new_lang, seed)
    bags = _bags(state, lexicon, old_lang, new_lang)
    scorer = _Scorer(state, bags, _length_ratio(state))
    _fill_within_parents(state, scorer, threshold=_GAP_THRESHOLD)
    _fill_gaps(state, scorer, threshold=_GAP_THRESHOLD)
    for _ in range(2):
        _follow_children(state)
        _fill_within_parents(state, scorer, threshold=_GAP_THRESHOLD)
        _group_leftovers(state, bags, floor=0.4)
        _fill_within_parents(state, scorer, threshold=_GAP_THRESHOLD)
        _pair_leftovers(state, scorer, threshold=0.6)
    _follow_children(state)
    _keep_families(state, scorer)
    _changed_depth(state, scorer, threshold=0.6)
    _mark_moves(state)
    return _result(state, old_lang, new_lang, lexicon)


def _learn(state: _State, pairs: Iterable[tuple[int, int]], old_lang: str, new_lang: str,
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


def _result(state: _State, old_lang: str, new_lang: str, lexicon: Lexicon) -> Alignment:
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


# -- undated documents ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EditionFit:
    """How an undated document fits one dated edition: how many of its texts found
    a counterpart, how many kept their number, and the mean confidence."""

    edition: str
    texts: int
    matched: int
    same_number: int
    score: float

    @property
    def exact(self) -> bool:
        """Every text found its counterpart under its own number."""
        return self.same_number == self.texts


def place_undated(
    texts: Sequence[RuleText],
    lang: str,
    editions: Mapping[str, Sequence[RuleText]],
    *,
    editions_lang: str = "en",
    lexicon: Lexicon | None = None,
) -> list[EditionFit]:
    """Align an undated document with each dated edition, best fit first.

    The best fits are the editions where its texts keep their numbers (the Italian
    seed numbers the merge rules 729: English editions of 2025) and where most of
    them find a counterpart with confidence."""
    fits = []
    for edition, rules in editions.items():
        alignment = align(texts, rules, old_lang=lang, new_lang=editions_lang, lexicon=lexicon)
        links = alignment.links
        fits.append(EditionFit(
            edition,
            len(links),
            sum(link.new is not None for link in links),
            sum(link.new == link.old for link in links),
            round(sum(link.score for link in links) / max(1, len(links)), 3),
        ))
    fits.sort(key=lambda f: (-f.same_number, -f.matched, -f.score, f.edition))
    return fits


def best_editions(fits: Sequence[EditionFit]) -> list[str]:
    """The editions that fit as well as the best one (same counts), in date order:
    the span an undated document belongs to."""
    if not fits:
        return []
    top = max(fits, key=lambda f: (f.same_number, f.matched))
    return sorted(f.edition for f in fits if (f.same_number, f.matched) == (top.same_number, top.matched))
