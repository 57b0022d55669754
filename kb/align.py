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

Everything here is pure: sequences of :class:`~kb.model.RuleText` in, an
:class:`Alignment` out.  Storing it, and showing it, is the caller's business.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rapidfuzz.distance import Indel

from kb import refs
from kb.model import GlossaryEntry, RuleText
from kb.rulenum import RuleNumber

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
class Lexicon:
    """Terms of one language (``src``, tokenised into words) with their translation
    into another (``dst``): ``terms[word] = (translation, strength in [0, 1])``.

    Learned from aligned pairs; kept with the knowledge base so that search can
    translate a query and a later alignment can start from it."""

    src: str
    dst: str
    terms: Mapping[str, tuple[str, float]] = field(default_factory=dict)

    def translate(self, word: str) -> str | None:
        entry = self.terms.get(_stem(word.casefold()))
        return entry[0] if entry else None

    def __len__(self) -> int:
        return len(self.terms)

    def merged(self, other: Lexicon) -> Lexicon:
        """Both lexicons; where both know a word, the stronger entry wins."""
        if (other.src, other.dst) != (self.src, self.dst):
            raise ValueError(f"cannot merge lexicons {self.src}->{self.dst} and {other.src}->{other.dst}")
        terms = dict(self.terms)
        for word, entry in other.terms.items():
            if word not in terms or terms[word][1] < entry[1]:
                terms[word] = entry
        return Lexicon(self.src, self.dst, terms)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form for storing."""
        return {"src": self.src, "dst": self.dst,
                "terms": {w: [t, round(s, 4)] for w, (t, s) in sorted(self.terms.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Lexicon:
        terms = data.get("terms", {})
        assert isinstance(terms, Mapping)
        return cls(str(data["src"]), str(data["dst"]), {str(w): (str(t), float(s)) for w, (t, s) in terms.items()})


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


# -- typography -----------------------------------------------------------------------

_TYPOGRAPHY = str.maketrans({
    "‘": "'", "’": "'", "‚": "'", "′": "'", "`": "'",
    "“": '"', "”": '"', "„": '"', "″": '"', "«": '"', "»": '"',
    "–": "-", "—": "-", "‒": "-", "−": "-", "‐": "-", "‑": "-",
    "\u00a0": " ", "\u3000": " ", "…": "...",
})
_TRADEMARK = re.compile(r"™|®|\((?:tm|TM|r|R)\)|(?<=[a-z])TM\b")
_SPACE = re.compile(r"\s+")
_COMBINING = re.compile(r"[\u0300-\u036f]")


def normalize_typography(text: str) -> str:
    """Straight quotes, hyphens, no trademark signs, single spaces.

    Some official files lost their typography (2019-01-25: ``'`` for ``’``, ``(tm)``
    for ``™``); comparing editions must not see that as a change."""
    return _SPACE.sub(" ", _TRADEMARK.sub("", text.translate(_TYPOGRAPHY))).strip()


def comparable(text: str) -> str:
    """:func:`normalize_typography`, case-folded and without accents: the form in
    which two texts of one language are compared."""
    folded = normalize_typography(text).casefold()
    if folded.isascii():
        return folded
    return _COMBINING.sub("", unicodedata.normalize("NFKD", folded))


# -- language helpers -----------------------------------------------------------------

_CJK_LANGS = ("zh", "ja", "ko")
_CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'.\-]*[A-Za-z]|[A-Za-z]")
_SYMBOL = re.compile(r"\{[^{}\s]{1,8}\}")
_DIGITS = re.compile(r"[+\-]?\d+(?:/[+\-]?\d+)?")
_RULE_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d])")

# Words too common to carry meaning in the rules (English, Italian); a lexicon of
# them would only add noise.
_STOPWORDS = frozenset(
    """a an the of to in on at by for from with as and or but if then than that this these those
    it its is are be been being was were has have had do does not no can can't cannot may must
    which who whom whose what when whenever where while each any all some other another such
    only also into onto up down out over under so there their they them he she his her you your
    we our us one two see rule rules example il lo la i gli le un una uno di del della dei degli
    delle da dal dalla in con su per tra fra e ed o che non se si sono come anche piu quel
    quella quei quelle questo questa vedi regola regole esempio""".split()
)


def is_cjk(lang: str) -> bool:
    return lang.casefold().split("-")[0] in _CJK_LANGS


def _grammar_lang(lang: str) -> str | None:
    base = lang.casefold().split("-")[0]
    return base if base in ("en", "it", "zh") else None


def _stem(word: str) -> str:
    """A light English/Italian stem, so "permanents" meets "permanent"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    """Content words of a Latin-script text, stemmed."""
    return [_stem(w) for w in _WORD.findall(comparable(text)) if w not in _STOPWORDS and len(w) > 1]


def _cjk_grams(text: str, sizes: Iterable[int] = (2, 3, 4)) -> set[str]:
    grams: set[str] = set()
    for run in _CJK_RUN.findall(text):
        for size in sizes:
            grams.update(run[i : i + size] for i in range(len(run) - size + 1))
    return grams


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
    words: frozenset[str]  # Latin-script content words (stemmed), or CJK n-grams
    length: int
    names: Counter[str] = field(default_factory=Counter)  # capitalised words of a Latin-script text


def _name_token(word: str) -> str | None:
    """A Latin-script word as a name mark: case-folded, except single capitals, the
    variables of the rules ("scry N", "X")."""
    if not word[0].isupper():  # "of" in "Ring of Ma'ruf" is no name
        return None
    if len(word) == 1:
        return None if word in "AI" else "n" + word
    return "n" + word.casefold()


def _full_text(text: RuleText) -> str:
    parts = [text.title or "", text.body, *text.examples]
    return "\n".join(p for p in parts if p)


def _items(texts: Sequence[RuleText], lang: str, *, cross: bool) -> list[_Item]:
    """What the aligner needs of each text: the comparable text for one language,
    marks and words (or character n-grams) across two."""
    grammar = _grammar_lang(lang)
    cjk = is_cjk(lang)
    items = []
    for index, text in enumerate(texts):
        raw = _full_text(text)
        if not cross:
            plain = _RULE_NUMBER.sub("#", comparable(raw))
            items.append(_Item(index, text.number, text.variant, text.number.depth, raw, plain, (), Counter(),
                               frozenset(), 1))
            continue
        cited, rest = _cited(raw, grammar)
        marks: Counter[str] = Counter()
        rest = unicodedata.normalize("NFKC", rest)
        for symbol in _SYMBOL.findall(rest):
            marks["s" + symbol.upper()] += 1
        rest = _SYMBOL.sub(" ", rest)
        for number in _DIGITS.findall(rest):
            marks["d" + number.lstrip("+")] += 1
        if cjk:
            for word in _LATIN_WORD.findall(rest):
                if (token := _name_token(word)) is not None:
                    marks[token] += 1
        words = frozenset(_cjk_grams(raw)) if cjk else frozenset(_words(raw))
        length = len(_CJK_CHAR.findall(raw)) * 3 + len(_WORD.findall(raw)) if cjk else len(_WORD.findall(raw))
        names = Counter() if cjk else Counter(filter(None, map(_name_token, _LATIN_WORD.findall(raw))))
        items.append(_Item(index, text.number, text.variant, text.number.depth, raw, "", cited, marks, words,
                           max(1, length), names))
    return items


def _cited(text: str, grammar: str | None) -> tuple[tuple[RuleNumber, ...], str]:
    """The numbers a text cites (range ends included) and the text without them."""
    if grammar is None:
        numbers = tuple(n for n in map(RuleNumber.try_parse, _RULE_NUMBER.findall(text)) if n is not None)
        return numbers, _RULE_NUMBER.sub(" ", text)
    found = refs.extract(text, grammar)
    numbers: list[RuleNumber] = []
    pieces: list[str] = []
    pos = 0
    for reference in found:
        for target in reference.targets:
            numbers.append(target.first)
            if target.is_range:
                numbers.append(target.last)
        pieces.append(text[pos : reference.start])
        pos = reference.end
    pieces.append(text[pos:])
    return tuple(numbers), " ".join(pieces)


# -- the state of an alignment in progress --------------------------------------------


@dataclass
class _Tree:
    """Parents and siblings of one side, by index."""

    items: list[_Item]
    by_number: dict[RuleNumber, int]
    siblings: dict[RuleNumber | None, list[int]]  # parent -> children indices in order
    position: list[int]  # index among siblings
    term_index: _TermIndex | None = None

    @classmethod
    def of(cls, items: list[_Item]) -> _Tree:
        by_number: dict[RuleNumber, int] = {}
        siblings: dict[RuleNumber | None, list[int]] = defaultdict(list)
        for item in items:
            by_number.setdefault(item.number, item.index)
        for item in sorted(items, key=lambda i: (i.number.key, i.index)):
            siblings[item.number.parent].append(item.index)
        position = [0] * len(items)
        for children in siblings.values():
            for pos, index in enumerate(children):
                position[index] = pos
        return cls(items, by_number, siblings, position)

    def terms(self) -> _TermIndex:
        if self.term_index is None:
            self.term_index = _TermIndex([item.words for item in self.items])
        return self.term_index

    def parent_index(self, index: int) -> int | None:
        parent = self.items[index].number.parent
        return self.by_number.get(parent) if parent is not None else None


@dataclass
class _State:
    old: _Tree
    new: _Tree
    cross: bool  # two languages
    forward: dict[int, int] = field(default_factory=dict)
    backward: dict[int, int] = field(default_factory=dict)
    how: dict[int, tuple[float, str, bool]] = field(default_factory=dict)

    def link(self, i: int, j: int, score: float, evidence: str, moved: bool = False) -> None:
        self.forward[i] = j
        self.backward[j] = i
        self.how[i] = (score, evidence, moved)

    def unlink(self, i: int) -> None:
        j = self.forward.pop(i)
        del self.backward[j]
        del self.how[i]

    def predict(self, i: int) -> int | None:
        """The new index the neighbours of old ``i`` predict: offset from the nearest
        aligned sibling, else the same position under the aligned parent."""
        if i in self.forward:
            return self.forward[i]
        old, new = self.old, self.new
        siblings = old.siblings[old.items[i].number.parent]
        pos = old.position[i]
        for step in (-1, 1):
            k = pos + step
            while 0 <= k < len(siblings):
                j = self.forward.get(siblings[k])
                if j is not None and new.items[j].depth == old.items[i].depth and not self.how[siblings[k]][2]:
                    new_siblings = new.siblings[new.items[j].number.parent]
                    target = new.position[j] + (pos - k)
                    return new_siblings[target] if 0 <= target < len(new_siblings) else None
                k += step
        parent = old.parent_index(i)
        new_parent = self.forward.get(parent) if parent is not None else None
        if new_parent is None:  # nothing known around it: numbers mostly stay
            return new.by_number.get(old.items[i].number)
        children = new.siblings[new.items[new_parent].number]
        return children[pos] if pos < len(children) else None


# -- marks ----------------------------------------------------------------------------


def _tokens(item: _Item, translate: Callable[[RuleNumber], str | None], names: frozenset[str] | None) -> Counter[str]:
    """The language-independent tokens of an item: its marks and its cited numbers
    (old ones translated into the new edition's numbering when known)."""
    tokens = Counter(item.marks)
    for number in item.refs:
        mapped = translate(number)
        if mapped is not None:
            tokens["r" + mapped] += 1
    if names is not None:  # a Latin-script text facing a CJK one: its words that are names there
        tokens.update({key: n for key, n in item.names.items() if key in names})
    return tokens


def _dice(a: Counter[str], b: Counter[str], weight: Mapping[str, float], norm_a: float,
          norm_b: float) -> tuple[float, float]:
    """Weighted Dice similarity of two token bags (``norm_*``: their :func:`_norm`),
    and the weight they share."""
    if not norm_a or not norm_b:
        return 0.0, 0.0
    shared = sum(min(a[t], b[t]) * weight[t] for t in a.keys() & b.keys())
    return 2 * shared / (norm_a + norm_b), shared


def _norm(bag: Counter[str], weight: Mapping[str, float]) -> float:
    return sum(n * weight[t] for t, n in bag.items())


def _weights(*bags: Iterable[Counter[str]]) -> dict[str, float]:
    df: Counter[str] = Counter()
    size = 0
    for group in bags:
        for bag in group:
            df.update(bag.keys())
            size += 1
    return {t: math.log(1 + size / n) for t, n in df.items()}


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
    the new numbering) and concepts (lexicon words) -- with weights and an index."""

    old: list[Counter[str]]
    new: list[Counter[str]]
    weight: dict[str, float]
    old_norm: list[float]
    new_norm: list[float]
    enough: float  # the weight of evidence that makes a content score sure


def _concepts(items: list[_Item], lang: str, lexicon: Lexicon | None) -> list[set[str]]:
    """The lexicon words each item expresses, in either language of the lexicon."""
    if lexicon is None or not lexicon.terms:
        return [set() for _ in items]
    if _base(lang) == _base(lexicon.src):
        known = lexicon.terms
        return [{"c" + w for w in item.words if w in known} for item in items]
    if _base(lang) != _base(lexicon.dst):
        return [set() for _ in items]
    index: dict[str, list[str]] = defaultdict(list)
    for word, (term, _) in lexicon.terms.items():
        index[term].append("c" + word)
    return [{c for t in item.words & index.keys() for c in index[t]} for item in items]


def _bags(state: _State, lexicon: Lexicon | None, old_lang: str, new_lang: str) -> _Bags:
    old_items, new_items = state.old.items, state.new.items
    old_cjk, new_cjk = is_cjk(old_lang), is_cjk(new_lang)

    def names(items: list[_Item]) -> frozenset[str]:
        return frozenset(t for it in items for t in it.marks if t[0] == "n")

    # A Latin-script side counts, as names, the words the CJK side writes in Latin.
    old_names = names(new_items) if new_cjk and not old_cjk else None
    new_names = names(old_items) if old_cjk and not new_cjk else None

    def translate_old(number: RuleNumber) -> str | None:
        """A cited number in the new numbering: through the alignment when the old
        document has it, else as it is (a rule outside both documents is taken to
        be stable: 613.2 is 613.2)."""
        index = state.old.by_number.get(number)
        if index is None:
            return str(number)
        target = state.predict(index)
        return str(new_items[target].number) if target is not None else None

    old = [_tokens(it, translate_old, old_names) for it in old_items]
    new = [_tokens(it, str, new_names) for it in new_items]
    for bag, concepts in zip(old, _concepts(old_items, old_lang, lexicon), strict=True):
        bag.update(concepts)
    for bag, concepts in zip(new, _concepts(new_items, new_lang, lexicon), strict=True):
        bag.update(concepts)
    weight = _weights(old, new)
    for token in weight:  # exact marks outweigh learned concepts
        if token[0] != "c":
            weight[token] *= 2.0
    enough = 4 * math.log(1 + (len(old) + len(new)) / 2)  # about two rare marks on each side
    return _Bags(old, new, weight, [_norm(b, weight) for b in old], [_norm(b, weight) for b in new], enough)


def _best_pairs(
    state: _State,
    old_bags: Mapping[int, Counter[str]],
    new_bags: Mapping[int, Counter[str]],
    weight: Mapping[str, float],
    *,
    rare: int = 12,
    floor: float = 0.5,
    margin: float = 0.15,
    rarity: float = 1.0,
) -> list[tuple[int, int, float]]:
    """Mutual best pairs of bags that share rare tokens, with a clear margin over
    the runner-up; the number the neighbours predict gets a small bonus.

    The shared weight must reach ``rarity`` times that of a mark found in one text
    of each side (weights grow with the size of the documents)."""
    old_items, new_items = state.old.items, state.new.items
    min_shared = rarity * math.log(1 + (len(old_items) + len(new_items)) / 2)
    postings: dict[str, list[int]] = defaultdict(list)
    for j, bag in new_bags.items():
        for token in bag:
            postings[token].append(j)
    new_norm = {j: _norm(bag, weight) for j, bag in new_bags.items()}
    best_for_new: dict[int, tuple[float, int]] = {}
    proposals: dict[int, tuple[int, float]] = {}
    for i, bag in old_bags.items():
        if not bag:
            continue
        norm = _norm(bag, weight)
        candidates = {j for t in bag if len(postings.get(t, ())) <= rare for j in postings.get(t, ())}
        predicted = state.predict(i)
        if predicted is not None and predicted in new_bags:
            candidates.add(predicted)
        scored = []
        for j in candidates:
            if new_items[j].depth != old_items[i].depth:
                continue
            score, shared = _dice(bag, new_bags[j], weight, norm, new_norm[j])
            if shared < min_shared:
                continue
            scored.append((score + 0.1 if j == predicted else score, j))
        if not scored:
            continue
        scored.sort(reverse=True)
        score, j = scored[0]
        second = scored[1][0] if len(scored) > 1 else 0.0
        if score < floor or score - second < margin:
            continue
        proposals[i] = (j, score)
        if score > best_for_new.get(j, (0.0, -1))[0]:
            best_for_new[j] = (score, i)
    return [(i, j, min(1.0, s)) for i, (j, s) in proposals.items() if best_for_new[j][1] == i]


def _group_bags(tree: _Tree, bags: list[Counter[str]], depth: int,
                skip: Iterable[int] = ()) -> dict[int, Counter[str]]:
    """For each text of ``depth`` with children, the tokens of it and all its
    descendants: a keyword heading says little, its subrules say a lot."""
    skip = set(skip)
    groups: dict[int, Counter[str]] = {}
    for item in tree.items:
        if item.depth != depth or item.index in skip or not tree.siblings.get(item.number):
            continue
        total = Counter(bags[item.index])
        stack = list(tree.siblings[item.number])
        while stack:
            child = stack.pop()
            total.update(bags[child])
            stack.extend(tree.siblings.get(tree.items[child].number, ()))
        groups[item.index] = total
    return groups


def _anchors(state: _State, bags: _Bags) -> list[tuple[int, int, float]]:
    """Anchors on single texts and on whole groups (a rule with its subrules);
    where they disagree the stronger wins."""
    found = _best_pairs(state, dict(enumerate(bags.old)), dict(enumerate(bags.new)), bags.weight,
                        floor=0.6)
    old_groups = _group_bags(state.old, bags.old, 2)
    new_groups = _group_bags(state.new, bags.new, 2)
    found += _best_pairs(state, old_groups, new_groups, bags.weight)
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
        old_groups = _group_bags(state.old, bags.old, depth, skip=state.forward)
        new_groups = _group_bags(state.new, bags.new, depth, skip=state.backward)
        for i, j, score in _best_pairs(state, old_groups, new_groups, bags.weight, rare=40, floor=floor,
                                       margin=0.1, rarity=0.5):
            state.link(i, j, score, MARKS, moved=True)


# -- lexicon --------------------------------------------------------------------------


def learn_lexicon(
    pairs: Iterable[tuple[str, str]],
    src_lang: str,
    dst_lang: str,
    *,
    min_count: int = 2,
    min_strength: float = 0.3,
) -> Lexicon:
    """Learn word translations from aligned text pairs ``(src text, dst text)``.

    For each content word of the Latin-script side, the translation is the term of
    the other side (a Chinese character n-gram, or a word) whose occurrences agree
    best with the word's (Dice over the pairs); among near-ties the longest term
    wins.  Candidates are the terms shared by two of the first three pairs holding
    the word, so one misaligned pair does not hide the translation.  If only
    ``src_lang`` is CJK the pairs are read the other way round: the result is always
    keyed by words."""
    pairs = list(pairs)
    if is_cjk(src_lang) and not is_cjk(dst_lang):
        pairs = [(b, a) for a, b in pairs]
        src_lang, dst_lang = dst_lang, src_lang
    if is_cjk(src_lang):
        return Lexicon(src_lang, dst_lang)
    cjk = is_cjk(dst_lang)
    src_sets = [frozenset(_words(a)) for a, _ in pairs]
    dst_sets = [frozenset(_cjk_grams(b)) if cjk else frozenset(_words(b)) for _, b in pairs]
    return _learn_sets(src_sets, dst_sets, src_lang, dst_lang, min_count=min_count, min_strength=min_strength)


def _learn_sets(src_sets: Sequence[frozenset[str]], dst_sets: Sequence[frozenset[str]], src_lang: str,
                dst_lang: str, *, min_count: int = 2, min_strength: float = 0.3) -> Lexicon:
    """:func:`learn_lexicon` on texts already tokenised (words, n-grams)."""
    index = _TermIndex(dst_sets)
    return _learn_indexed(list(src_sets), index, list(range(len(dst_sets))), src_lang, dst_lang,
                          min_count=min_count, min_strength=min_strength)


class _TermIndex:
    """Where the terms of one side occur, as bitsets over its texts (built lazily,
    reused by every round of learning)."""

    def __init__(self, sets: Sequence[frozenset[str]]) -> None:
        self.sets = sets
        self.postings: dict[str, list[int]] = defaultdict(list)
        for k, terms in enumerate(sets):
            for term in terms:
                self.postings[term].append(k)
        self._bits: dict[str, int] = {}

    def bits(self, term: str) -> int:
        value = self._bits.get(term)
        if value is None:
            value = _bitset(self.postings[term])
            self._bits[term] = value
        return value


def _bitset(where: Iterable[int]) -> int:
    value = 0
    for k in where:
        value |= 1 << k
    return value


def _learn_indexed(word_sets: list[frozenset[str]], index: _TermIndex, keys: list[int], src_lang: str,
                   dst_lang: str, *, min_count: int = 2, min_strength: float = 0.3) -> Lexicon:
    """Learn from pairs ``(word_sets[n], index.sets[keys[n]])``; ``keys`` are distinct."""
    paired = _bitset(keys)
    word_post: dict[str, list[int]] = defaultdict(list)
    for words, key in zip(word_sets, keys, strict=True):
        for word in words:
            word_post[word].append(key)
    terms: dict[str, tuple[str, float]] = {}
    limit = max(min_count, len(keys) // 2)
    for word, where in word_post.items():
        if not min_count <= len(where) <= limit:
            continue
        first = [index.sets[k] for k in where[:3]]
        if len(first) == 3:
            candidates = (first[0] & first[1]) | (first[0] & first[2]) | (first[1] & first[2])
        else:
            candidates = first[0] & first[1]
        word_bits = _bitset(where)
        best: list[tuple[float, int, str]] = []
        for term in candidates:
            term_bits = index.bits(term) & paired
            together = (term_bits & word_bits).bit_count()
            term_count = term_bits.bit_count()
            chance = len(where) * term_count / len(keys)  # in a few pairs on one topic, all words meet
            if together >= min_count and together - chance >= 1.5:
                best.append((2 * together / (len(where) + term_count), len(term), term))
        if not best:
            continue
        top = max(best)[0]
        if top >= min_strength:
            strength, _, term = max((s, n, t) for s, n, t in best if s >= 0.9 * top)
            terms[word] = (term, strength)
    return Lexicon(src_lang, dst_lang, terms)


def _base(lang: str) -> str:
    return lang.casefold().split("-")[0]


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
        bag_a, bag_b = self.bags.old[i], self.bags.new[j]
        if not bag_a and not bag_b:
            return None
        score, _ = _dice(bag_a, bag_b, self.bags.weight, self.bags.old_norm[i], self.bags.new_norm[j])
        marks = any(t[0] != "c" for t in bag_a.keys() & bag_b.keys())
        mean, spread = self.ratio
        deviation = (math.log(a.length / b.length) - mean) / spread
        fit = math.exp(-deviation * deviation / 2)
        # Two words are no proof: little evidence leaves the score near the prior.
        sure = min(1.0, (self.bags.old_norm[i] + self.bags.new_norm[j]) / self.bags.enough)
        return _NO_CONTENT + (0.8 * score + 0.2 * fit - _NO_CONTENT) * sure, MARKS if marks else LEXICON

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


def _pair_leftovers(state: _State, scorer: _Scorer, threshold: float) -> None:
    """Texts left on both sides are paired out of order, on content alone."""
    olds = [it.index for it in state.old.items if it.index not in state.forward]
    news = [it.index for it in state.new.items if it.index not in state.backward]
    by_depth: dict[int, list[int]] = defaultdict(list)
    for j in news:
        by_depth[state.new.items[j].depth].append(j)
    proposals: dict[int, tuple[float, int, str]] = {}
    best_for_new: dict[int, tuple[float, int]] = {}
    for i in olds:
        candidates = by_depth.get(state.old.items[i].depth, [])
        if scorer.bags is not None:
            bag = scorer.bags.old[i]
            if not bag:
                continue
            candidates = [j for j in candidates if scorer.bags.new[j].keys() & bag.keys()]
        best: tuple[float, int, str] | None = None
        for j in candidates:
            content = scorer.content(i, j)
            if content is not None and content[0] >= threshold and (best is None or content[0] > best[0]):
                best = (content[0], j, content[1])
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
        fits = [(c[0], k) for k in free if (c := scorer.content(i, k)) is not None]
        if fits and max(fits)[0] >= current[0] - slack:
            score, k = max(fits)
            state.unlink(i)
            state.link(i, k, score, scorer.content(i, k)[1])


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
    cross = _base(old_lang) != _base(new_lang)
    state = _State(_Tree.of(_items(old, old_lang, cross=cross)), _Tree.of(_items(new, new_lang, cross=cross)), cross)
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
    _mark_moves(state)
    return _result(state, old_lang, new_lang, lexicon)


def _learn(state: _State, pairs: Iterable[tuple[int, int]], old_lang: str, new_lang: str,
           seed: Lexicon | None) -> Lexicon:
    """The lexicon of the aligned pairs, keyed by the words of the Latin-script side."""
    pairs = list(pairs)
    if is_cjk(old_lang) and is_cjk(new_lang):
        return seed or Lexicon(old_lang, new_lang)
    if is_cjk(old_lang):  # words on the new side, n-grams on the old
        words = [state.new.items[j].words for _, j in pairs]
        lexicon = _learn_indexed(words, state.old.terms(), [i for i, _ in pairs], new_lang, old_lang)
    else:
        words = [state.old.items[i].words for i, _ in pairs]
        lexicon = _learn_indexed(words, state.new.terms(), [j for _, j in pairs], old_lang, new_lang)
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


# -- glossary -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GlossaryPair:
    """Two glossary entries meaning the same thing, with the strength of the evidence
    and its main kind (``cited``: the rules they send you to; ``usage``: the rules
    that use the headwords; ``marks``: symbols and numbers)."""

    left: GlossaryEntry
    right: GlossaryEntry
    score: float
    evidence: str


@dataclass
class _Entry:
    """A glossary entry as the glossary aligner sees it: bags of tokens that are
    comparable across the two languages."""

    entry: GlossaryEntry
    cited: Counter[str]  # rules the senses cite (keys in the left numbering)
    used: Counter[str]  # rules whose text uses the headword
    where: dict[str, float]  # how far into each of those rules (0..1): lists keep their order
    head: Counter[str]  # lexicon concepts of the headword
    sense: Counter[str]  # lexicon concepts, symbols, numbers and names of the senses


_NOTE_IN_TERM = re.compile(r"[（(][^）)]*[）)]")
_FORM_SPLIT = re.compile(r"[/、，,]")


def _forms(entry: GlossaryEntry) -> list[str]:
    """The headword and its aliases, without notes ("循环（异能）", "(Obsolete)")."""
    forms = []
    for text in (entry.term, *entry.aliases):
        for form in _FORM_SPLIT.split(_NOTE_IN_TERM.sub("", text)):
            form = form.strip(" “”\"'")
            if len(form) >= 2 and "[" not in form and "…" not in form and form not in forms:
                forms.append(form)
    return forms


class _Side:
    """One language's rules, indexed to find where a headword is used and which
    lexicon concepts a text expresses."""

    def __init__(self, rules: Sequence[RuleText], lang: str, key: Callable[[RuleNumber], str | None],
                 lexicon: Lexicon | None) -> None:
        self.lang = lang
        self.cjk = is_cjk(lang)
        self.key = key
        self.keys = [key(t.number) for t in rules]
        self.lexicon = lexicon
        if self.cjk:
            self.texts = [_full_text(t) for t in rules]
            self.index = _TermIndex([frozenset(_cjk_grams(t)) for t in self.texts])
        else:
            self.texts = [comparable(_full_text(t)) for t in rules]
            postings: dict[str, list[int]] = defaultdict(list)
            for c, text in enumerate(self.texts):
                for word in set(_WORD.findall(text)):
                    postings[_stem(word)].append(c)
            self.postings = postings
        self.by_term: dict[str, list[str]] = defaultdict(list)
        if lexicon is not None:
            for word, (term, _) in lexicon.terms.items():
                self.by_term[term].append(word)

    def used(self, form: str) -> dict[str, float]:
        """Keys of the rules whose text uses ``form`` (a word form may add -s, -ed),
        with how far into the text it first appears."""
        found: dict[str, float] = {}
        if self.cjk:
            grams = [form[k : k + 4] for k in range(max(1, len(form) - 3))]
            candidates = set(self.index.postings.get(grams[0], ()))
            for gram in grams[1:]:
                candidates &= set(self.index.postings.get(gram, ()))
            for c in candidates:
                at = self.texts[c].find(form)
                if at >= 0 and (k := self.keys[c]) is not None:
                    found[k] = at / len(self.texts[c])
            return found
        words = _WORD.findall(comparable(form))
        if not words:
            return found
        lists = sorted((self.postings.get(_stem(w), []) for w in words), key=len)
        candidates = set(lists[0]).intersection(*lists[1:])
        pattern = re.compile(r"(?<!\w)" + r"[\s-]+".join(re.escape(w) for w in words) + r"(?:s|es|d|ed)?(?!\w)")
        for c in candidates:
            match = pattern.search(self.texts[c])
            if match is not None and (k := self.keys[c]) is not None:
                found[k] = match.start() / len(self.texts[c])
        return found

    def concepts(self, text: str, *, compounds: bool = False) -> set[str]:
        """The lexicon words a text expresses; with ``compounds``, also words hidden
        inside a compound headword ("Islandcycling" holds "island")."""
        if self.lexicon is None:
            return set()
        if _base(self.lang) != _base(self.lexicon.src):  # this side holds the translations
            terms = _cjk_grams(text) if self.cjk else set(_words(text))
            return {"c" + w for t in terms if t in self.by_term for w in self.by_term[t]}
        words = set(_words(text))
        known = self.lexicon.terms
        found = {"c" + w for w in words if w in known}
        if compounds:  # "islandcycling": a known word at the start or the end of an unknown one
            for word in words - known.keys():
                found |= {"c" + w for w in known if len(w) >= 4 and (word.startswith(w) or word.endswith(w))}
        return found

    def entry(self, entry: GlossaryEntry, find_usage: bool) -> _Entry:
        grammar = _grammar_lang(self.lang)
        cited: Counter[str] = Counter()
        sense: Counter[str] = Counter()
        for text in entry.senses:
            numbers, rest = _cited(text, grammar)
            cited.update(k for n in numbers if (k := self.key(n)) is not None)
            rest = unicodedata.normalize("NFKC", rest)
            sense.update("s" + m.upper() for m in _SYMBOL.findall(rest))
            sense.update("d" + m.lstrip("+") for m in _DIGITS.findall(_SYMBOL.sub(" ", rest)))
            sense.update(t for w in _LATIN_WORD.findall(rest) if (t := _name_token(w)) is not None)
            sense.update(self.concepts(rest))
        used: Counter[str] = Counter()
        where: dict[str, float] = {}
        head: Counter[str] = Counter()
        for form in _forms(entry):
            if find_usage:
                for key, at in self.used(form).items():
                    where[key] = min(at, where.get(key, 1.0))
                    used[key] = 1
            head.update(self.concepts(form, compounds=True) - head.keys())
            head.update(t for w in _LATIN_WORD.findall(form) if (t := _name_token(w)) is not None)
        return _Entry(entry, cited, used, where, head, sense)


def align_glossary(
    left: Sequence[GlossaryEntry],
    right: Sequence[GlossaryEntry],
    rule_mapping: Mapping[RuleNumber, RuleNumber | None] | None = None,
    *,
    left_lang: str = "en",
    right_lang: str = "zh-Hans",
    left_rules: Sequence[RuleText] = (),
    right_rules: Sequence[RuleText] = (),
    lexicon: Lexicon | None = None,
    min_score: float = 0.25,
) -> list[GlossaryPair]:
    """Pair the glossary entries of two languages by meaning, never by position.

    Evidence: the rules each entry cites (the right side's numbers translated by
    ``rule_mapping`` -- e.g. ``align(zh_rules, en_rules).matched`` -- or taken as they
    are for same-date editions); given the rule texts of both sides, the rules that
    use each headword ("Color Identity" is used where 标识色 is, not 无色) and a
    lexicon learned from the rule pairs (or the one given), which also compares
    headwords ("Islandcycling" holds "island", 循环海岛 holds 海岛) and definitions.
    Pairs are one-to-one: strongest first, then improved by swapping partners
    while that raises the total.  Entries with nothing above ``min_score`` stay
    unpaired."""
    left_rules = [t for t in left_rules if t.number.depth >= 1]
    right_rules = [t for t in right_rules if t.number.depth >= 1]
    right_map = {n: m for n, m in rule_mapping.items() if m is not None} if rule_mapping is not None else None

    def left_key(n: RuleNumber) -> str | None:
        return str(n)

    def right_key(n: RuleNumber) -> str | None:
        if right_map is None:
            return str(n)
        mapped = right_map.get(n)
        return str(mapped) if mapped is not None else None

    if lexicon is None and left_rules and right_rules:
        lexicon = _rules_lexicon(left_rules, right_rules, left_lang, right_lang, right_map)
    if lexicon is not None and {_base(lexicon.src), _base(lexicon.dst)} != {_base(left_lang), _base(right_lang)}:
        lexicon = None  # a lexicon of other languages says nothing here
    left_side = _Side(left_rules, left_lang, left_key, lexicon)
    right_side = _Side(right_rules, right_lang, right_key, lexicon)
    usage = bool(left_rules and right_rules)
    lefts = [left_side.entry(e, usage) for e in left]
    rights = [right_side.entry(e, usage) for e in right]
    _keep_shared_names(lefts, rights)
    first = _pair_entries(lefts, rights, min_score)
    # Second round: "See Typecycling." / "参见类别循环。" name entries paired in the first.
    _add_cross_references(lefts, left_lang, rights, right_lang, first)
    return _pair_entries(lefts, rights, min_score)


def _rules_lexicon(left_rules: Sequence[RuleText], right_rules: Sequence[RuleText], left_lang: str,
                   right_lang: str, right_map: Mapping[RuleNumber, RuleNumber] | None) -> Lexicon:
    """A lexicon from the rule pairs: by number, or through the mapping."""
    by_number = {t.number: t for t in left_rules}
    pairs = []
    for text in right_rules:
        number = right_map.get(text.number) if right_map is not None else text.number
        if number is not None and number in by_number:
            pairs.append((_full_text(by_number[number]), _full_text(text)))
    return learn_lexicon(pairs, left_lang, right_lang)


def _keep_shared_names(lefts: list[_Entry], rights: list[_Entry]) -> None:
    """Latin-script names count only if the other side writes them too: in English
    every capitalised word looks like a name, in Chinese only real names are Latin."""
    for field_name in ("head", "sense"):
        left_names = {t for e in lefts for t in getattr(e, field_name) if t[0] == "n"}
        right_names = {t for e in rights for t in getattr(e, field_name) if t[0] == "n"}
        for entries, other in ((lefts, right_names), (rights, left_names)):
            for e in entries:
                bag = getattr(e, field_name)
                for token in [t for t in bag if t[0] == "n" and t not in other]:
                    del bag[token]


_SEE = {"en": re.compile(r"\bSee (?:also )?([^.;]+)"), "it": re.compile(r"\bVedi (?:anche )?([^.;]+)"),
        "zh": re.compile(r"参见([^。；，,]+)")}


def _add_cross_references(lefts: list[_Entry], left_lang: str, rights: list[_Entry], right_lang: str,
                          pairs: list[GlossaryPair]) -> None:
    """Give entries that refer to another entry ("See X.") a token for the pair X is in."""
    def headwords(entries: list[_Entry], lang: str) -> dict[str, int]:
        fold = str.casefold if not is_cjk(lang) else str
        return {fold(f): k for k, e in enumerate(entries) for f in _forms(e.entry)}

    left_ids = {id(p.left): k for k, p in enumerate(pairs)}
    right_ids = {id(p.right): k for k, p in enumerate(pairs)}
    for entries, lang, ids in ((lefts, left_lang, left_ids), (rights, right_lang, right_ids)):
        pattern = _SEE.get(_base(lang))
        if pattern is None:
            continue
        words = headwords(entries, lang)
        fold = str.casefold if not is_cjk(lang) else str
        for e in entries:
            for sense in e.entry.senses:
                for match in pattern.finditer(sense):
                    target = words.get(fold(match.group(1).strip(" “”\"'")))
                    if target is not None and id(entries[target].entry) in ids:
                        e.sense["g" + str(ids[id(entries[target].entry)])] += 1


def _pair_entries(lefts: list[_Entry], rights: list[_Entry], min_score: float) -> list[GlossaryPair]:
    fields = ("cited", "used", "head", "sense")
    weights = {f: _weights([getattr(e, f) for e in lefts], [getattr(e, f) for e in rights]) for f in fields}
    norms = {f: ([_norm(getattr(e, f), weights[f]) for e in lefts], [_norm(getattr(e, f), weights[f]) for e in rights])
             for f in fields}
    importance = {"cited": 3.0, "used": 2.0, "head": 2.0, "sense": 1.5}
    postings: dict[str, list[int]] = defaultdict(list)
    for b, e in enumerate(rights):
        for f in fields:
            for token in getattr(e, f):
                postings[f[0] + token].append(b)
    cap = max(8, (len(lefts) + len(rights)) // 50)
    scores: dict[tuple[int, int], tuple[float, str]] = {}
    for a, e in enumerate(lefts):
        candidates = {b for f in fields for t in getattr(e, f)
                      if len(found := postings.get(f[0] + t, ())) <= cap for b in found}
        if not candidates:
            candidates = set(range(len(rights)))
        for b in candidates:
            votes = []
            for f in fields:
                x, y = getattr(e, f), getattr(rights[b], f)
                if (x and y) if f in ("used", "head") else (x or y):  # no usage, no known word: no vote
                    score, _ = _dice(x, y, weights[f], norms[f][0][a], norms[f][1][b])
                    if f == "used" and score:  # in a list of names, the same place in the list
                        shared = x.keys() & y.keys()
                        gap = sum(abs(e.where[k] - rights[b].where[k]) for k in shared) / len(shared)
                        score *= 1.0 - 0.25 * min(1.0, 2 * gap)
                    votes.append((score, importance[f], f))
            if not votes:
                continue
            total = sum(w for _, w, _ in votes)
            score = sum(v * w for v, w, _ in votes) / total
            if len(e.entry.senses) != len(rights[b].entry.senses):
                score *= 0.9
            if e.entry.obsolete != rights[b].entry.obsolete:
                score *= 0.8
            if score >= min_score:
                scores[a, b] = (score, max(votes, key=lambda v: v[0] * v[1])[2])
    def content_order(pair: tuple[int, int]) -> tuple[str, ...]:
        left_entry, right_entry = lefts[pair[0]].entry, rights[pair[1]].entry
        return (left_entry.term, *left_entry.senses, right_entry.term, *right_entry.senses)

    chosen = _one_to_one({k: v[0] for k, v in scores.items()}, content_order)
    pairs = [GlossaryPair(lefts[a].entry, rights[b].entry, round(scores[a, b][0], 3), scores[a, b][1])
             for a, b in sorted(chosen.items())]
    return pairs


def _one_to_one(scores: Mapping[tuple[int, int], float],
                tie: Callable[[tuple[int, int]], tuple[str, ...]]) -> dict[int, int]:
    """A one-to-one choice of pairs: greedy by score (ties broken by ``tie``, so the
    order of the entries does not matter), then 2-swaps that raise the total."""
    chosen: dict[int, int] = {}
    taken: dict[int, int] = {}
    for (a, b), _ in sorted(scores.items(), key=lambda kv: (-kv[1], tie(kv[0]))):
        if a not in chosen and b not in taken:
            chosen[a], taken[b] = b, a
    by_left: dict[int, list[int]] = defaultdict(list)
    for a, b in sorted(scores, key=tie):
        by_left[a].append(b)
    improved = True
    while improved:
        improved = False
        for a, b in list(chosen.items()):
            if chosen.get(a) != b:
                continue
            for d in by_left[a]:
                c = taken.get(d)
                if d == b:
                    continue
                here = scores[a, b] + (scores[c, d] if c is not None else 0.0)
                if c is None:
                    there = scores[a, d]
                elif (c, b) in scores:
                    there = scores[a, d] + scores[c, b]
                else:
                    continue
                if there > here + 1e-9:
                    del taken[b]
                    chosen[a], taken[d] = d, a
                    if c is not None:
                        chosen[c], taken[b] = b, c
                    improved = True
                    break
    return chosen


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
