"""A bilingual term lexicon learned from aligned texts.

Cross-language alignment (:mod:`kb.align`) learns which Chinese (or Italian) term
translates each English word from the pairs it has aligned so far, then uses the
lexicon as evidence for the rest; the build keeps the lexicon with the knowledge
base so that search can translate a query and the next alignment can start from it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from kb.tokens import content_words, is_cjk, stem


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
        entry = self.terms.get(stem(word.casefold()))
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
    best with the word's (Dice over the pairs); on a tie the longest term wins.
    Candidates are the terms shared by two of the first three pairs holding the
    word, so one misaligned pair does not hide the translation.  If only
    ``src_lang`` is CJK the pairs are read the other way round: the result is always
    keyed by words."""
    pairs = list(pairs)
    if is_cjk(src_lang) and not is_cjk(dst_lang):
        pairs = [(b, a) for a, b in pairs]
        src_lang, dst_lang = dst_lang, src_lang
    if is_cjk(src_lang):
        return Lexicon(src_lang, dst_lang)
    words = [frozenset(content_words(a)) for a, _ in pairs]
    others = [b for _, b in pairs]
    index = GramIndex(others) if is_cjk(dst_lang) else TermIndex([frozenset(content_words(b)) for b in others])
    return learn_indexed(words, index, list(range(len(pairs))), src_lang, dst_lang, min_count=min_count,
                         min_strength=min_strength)


class TermIndex:
    """Where the words of one side occur: postings, and bitsets over its texts (built
    lazily, reused by every round of learning)."""

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
            value = self._bits[term] = bitset(self.postings.get(term, ()))
        return value

    def occurrences(self, text: str) -> list[int]:
        """The texts holding the term written ``text``."""
        return self.postings.get(text, [])

    @staticmethod
    def length(term: str) -> int:
        return len(term)

    @staticmethod
    def text(term: str) -> str:
        return term


# CJK characters (kana, ideographs, hangul): all in the Basic Multilingual Plane, so a
# character fits in 16 bits and an n-gram of up to four in one 64-bit code.
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x9FFF), (0xAC00, 0xD7AF))
GRAM_SIZES = (2, 3, 4)


class GramIndex:
    """The character 2-, 3- and 4-grams of CJK text, the words of a language written
    without spaces: where each gram occurs, and each text's set of the grams that
    occur in two texts or more (only those can be learned: a term needs two pairs).

    A full edition holds some 400,000 (text, gram) pairs; as strings in Python sets
    and dicts they took a quarter of an alignment, so numpy finds them over the
    code points of all texts at once and a gram is an integer: its characters'
    code points, 16 bits each (a longer gram's code is always larger, since CJK code
    points are above 0x3000)."""

    def __init__(self, texts: Sequence[str]) -> None:
        codes, owners = _gram_codes(texts)
        # By gram, then text: grams of one size come in text order and sizes never share a code.
        order = np.argsort(codes, kind="stable")
        codes, owners = codes[order], owners[order]
        keep = np.ones(codes.size, dtype=bool)
        keep[1:] = (codes[1:] != codes[:-1]) | (owners[1:] != owners[:-1])  # a gram twice in a text: once
        codes, owners = codes[keep], owners[keep]
        starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]])
        counts = np.diff(np.r_[starts, codes.size])
        self._codes = codes[starts]
        self._starts = np.r_[starts, codes.size]
        self._owners = owners
        # Only a gram found in two texts can be learned (a term needs two pairs), so
        # only those go into the texts' sets and get a quick lookup.
        shared = counts >= 2
        self._rank = dict(zip(self._codes[shared].tolist(), np.flatnonzero(shared).tolist(), strict=True))
        in_shared = np.repeat(shared, counts)
        codes, owners = codes[in_shared], owners[in_shared]
        by_text = np.argsort(owners, kind="stable")
        text_codes = codes[by_text].tolist()
        bounds = np.searchsorted(owners[by_text], np.arange(len(texts) + 1)).tolist()
        self.sets = [frozenset(text_codes[bounds[k] : bounds[k + 1]]) for k in range(len(texts))]
        self._bits: dict[int, int] = {}

    def postings(self, code: int) -> list[int]:
        """The texts holding a gram, in order."""
        rank = self._rank.get(code)
        if rank is None:  # a gram of one text, or none
            rank = int(np.searchsorted(self._codes, np.uint64(code)))
            if rank == self._codes.size or int(self._codes[rank]) != code:
                return []
        return self._owners[self._starts[rank] : self._starts[rank + 1]].tolist()

    def bits(self, code: int) -> int:
        value = self._bits.get(code)
        if value is None:
            value = self._bits[code] = bitset(self.postings(code))
        return value

    def occurrences(self, text: str) -> list[int]:
        """The texts holding the gram written ``text``."""
        code = gram_code(text)
        return self.postings(code) if code is not None else []

    @staticmethod
    def length(code: int) -> int:
        return 2 if code < 1 << 32 else 3 if code < 1 << 48 else 4

    @staticmethod
    def text(code: int) -> str:
        size = GramIndex.length(code)
        return "".join(chr((code >> (16 * (size - 1 - k))) & 0xFFFF) for k in range(size))


def gram_code(gram: str) -> int | None:
    """The code of a CJK n-gram (see :class:`GramIndex`), or ``None`` for anything else."""
    if len(gram) not in GRAM_SIZES or not all(any(lo <= ord(c) <= hi for lo, hi in _CJK_RANGES) for c in gram):
        return None
    code = 0
    for c in gram:
        code = (code << 16) | ord(c)
    return code


def _gram_codes(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Every CJK n-gram of the texts (codes) with the text it is in, repeats included."""
    joined = "\n".join(texts)  # a separator that is no CJK character: no gram spans two texts
    points = np.frombuffer(joined.encode("utf-32-le"), dtype="<u4")  # one unit per character
    cjk = np.zeros(points.size, dtype=bool)
    for low, high in _CJK_RANGES:
        cjk |= (points >= low) & (points <= high)
    owner = np.repeat(np.arange(len(texts), dtype=np.int64), [len(t) + 1 for t in texts])[: points.size]
    values = points.astype(np.uint64)
    codes, owners = [], []
    for size in GRAM_SIZES:
        stop = points.size - size + 1
        if stop <= 0:
            continue
        whole = cjk[:stop].copy()
        code = values[:stop].copy()
        for k in range(1, size):
            whole &= cjk[k : stop + k]
            code = (code << np.uint64(16)) | values[k : stop + k]
        codes.append(code[whole])
        owners.append(owner[:stop][whole])
    if not codes:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    return np.concatenate(codes), np.concatenate(owners)


def bitset(where: Iterable[int]) -> int:
    value = 0
    for k in where:
        value |= 1 << k
    return value


def learn_indexed(word_sets: Sequence[frozenset[str]], index: TermIndex | GramIndex, keys: Sequence[int], src_lang: str,
                  dst_lang: str, *, min_count: int = 2, min_strength: float = 0.3) -> Lexicon:
    """Learn from pairs ``(word_sets[n], index.sets[keys[n]])``; ``keys`` are distinct."""
    paired = bitset(keys)
    word_post: dict[str, list[int]] = defaultdict(list)
    for words, key in zip(word_sets, keys, strict=True):
        for word in words:
            word_post[word].append(key)
    terms: dict[str, tuple[str, float]] = {}
    limit = max(min_count, len(keys) // 2)
    in_pairs: dict[str, tuple[int, int]] = {}  # term -> its texts among the pairs, and how many
    for word, where in word_post.items():
        count = len(where)
        if not min_count <= count <= limit:
            continue
        first = [index.sets[k] for k in where[:3]]
        if len(first) == 3:
            candidates = (first[0] & first[1]) | (first[0] & first[2]) | (first[1] & first[2])
        else:
            candidates = first[0] & first[1]
        word_bits = bitset(where)
        best: tuple[float, int, str] | None = None
        floor = min_strength  # a term below it, or below the best so far, cannot win
        for term in candidates:
            known = in_pairs.get(term)
            if known is None:
                term_bits = index.bits(term) & paired
                known = in_pairs[term] = (term_bits, term_bits.bit_count())
            term_bits, term_count = known
            if 2 * min(count, term_count) < floor * (count + term_count):
                continue
            together = (term_bits & word_bits).bit_count()
            # in a few pairs on one topic, all words meet: demand more than chance
            if together >= min_count and together - count * term_count / len(keys) >= 1.5:
                strength = 2 * together / (count + term_count)
                found = (strength, index.length(term), term)
                if strength >= floor and (best is None or found > best):
                    best, floor = found, strength
        if best is not None:
            terms[word] = (index.text(best[2]), best[0])
    return Lexicon(src_lang, dst_lang, terms)
