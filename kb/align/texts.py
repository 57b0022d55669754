"""The texts being aligned and the state of an alignment in progress.

Each :class:`~kb.core.model.RuleText` becomes an :class:`Item` (what the aligner
compares); a :class:`Tree` gives one side's parents and siblings; a :class:`State`
holds the pairs found so far and predicts, from the neighbours, where an unpaired
old text should go.  Every pass of :mod:`kb.align` reads and writes a ``State``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.align.terms import GramIndex, TermIndex
from kb.align.tokens import (
    RULE_NUMBER,
    WORD,
    cited,
    content_words,
    full_text,
    grammar_lang,
    marks,
    name_tokens,
    words,
)
from kb.core.model import RuleText
from kb.core.rulenum import RuleNumber
from kb.core.text import CJK_RUN, comparable, is_cjk

if TYPE_CHECKING:
    from kb.align.evidence import Entries


# -- the items being aligned ----------------------------------------------------------


@dataclass(slots=True)
class Item:
    """One rule text with what the aligner looks at."""

    index: int
    number: RuleNumber
    variant: int
    depth: int
    raw: str  # title, body and examples
    plain: str  # comparable text with rule numbers masked
    refs: tuple[RuleNumber, ...]  # cited numbers, in order
    marks: Counter[str]  # symbols, numbers, names: the same in every language
    words: frozenset[str]  # Latin-script content words (stemmed); none for CJK text (see Tree.of_texts)
    length: int
    names: Counter[str] = field(default_factory=Counter)  # capitalised words of a Latin-script text


def _items(texts: Sequence[RuleText], lang: str, *, cross: bool) -> list[Item]:
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
            items.append(Item(index, number, text.variant, number.depth, raw, plain, (), Counter(), frozenset(), 1))
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
        items.append(Item(index, number, text.variant, number.depth, raw, "", numbers, found, terms, max(1, length),
                           names))
    return items


# -- the state of an alignment in progress --------------------------------------------


@dataclass
class Tree:
    """Parents and siblings of one side, by index."""

    items: list[Item]
    by_number: dict[RuleNumber, int]
    siblings: dict[RuleNumber | None, list[int]]  # parent -> children indices in order
    position: list[int]  # index among siblings
    family: list[list[int]]  # each item's siblings (itself included), in order
    parent: list[int | None]  # each item's parent's index, if the side has the parent
    term_index: TermIndex | GramIndex | None = None
    _subtrees: dict[int, tuple[list[int], list[int], list[int]]] = field(default_factory=dict)

    @classmethod
    def of(cls, items: list[Item]) -> Tree:
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
    def of_texts(cls, texts: Sequence[RuleText], lang: str, *, cross: bool) -> Tree:
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
class State:
    old: Tree
    new: Tree
    cross: bool  # two languages
    forward: dict[int, int] = field(default_factory=dict)
    backward: dict[int, int] = field(default_factory=dict)
    how: dict[int, tuple[float, str, bool]] = field(default_factory=dict)
    predicted: dict[int, int | None] = field(default_factory=dict)  # valid until the next (un)link
    vocabulary: dict[str, int] = field(default_factory=dict)  # tokens of the bags (two languages): their ids
    fixed: list[Entries] = field(default_factory=list)  # the bags' tokens that stay from round to round

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
