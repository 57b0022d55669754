"""Where terms occur in the texts of one side, and learning translations from aligned pairs.

A :class:`~kb.align.lexicon.Lexicon` is learned from pairs of texts already aligned:
for each word of the Latin-script side, the term of the other side (a Chinese
character n-gram, or a word) whose occurrences agree best with the word's.  The
term indexes (:class:`TermIndex` for words, :class:`GramIndex` for CJK n-grams)
say where each term occurs; the learning counts co-occurrences for tens of
thousands of (word, term) candidates at once with numpy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import chain, pairwise

import numpy as np

from kb.align.lexicon import Lexicon
from kb.align.tokens import content_words
from kb.core.text import CJK, is_cjk


def learn_lexicon(
    pairs: Iterable[tuple[str, str]],
    src_lang: str,
    dst_lang: str,
    *,
    min_count: int = 2,
    min_strength: float = 0.3,
    exclusive: bool = False,
    max_share: float = 0.5,
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
                         min_strength=min_strength, exclusive=exclusive, max_share=max_share)


class Postings:
    """Where the terms of one side occur, both ways round, in flat numpy arrays: the
    texts of each term, and each text's terms found in two texts or more (only those
    can be learned: a term needs two pairs).

    A term is an integer id, given in the terms' own order, so that comparing ids
    compares terms.  Learning asks for the terms of thousands of texts at once: one
    gather gives them all, where Python sets took a call each."""

    def __init__(self, ids: np.ndarray, owners: np.ndarray, terms: int, texts: int) -> None:
        """``ids`` and ``owners``: the distinct (term, text) pairs, sorted by term, then text."""
        self.term_count = terms
        self._term_starts = _starts(ids, terms)
        self._term_texts = owners
        learnable = (np.diff(self._term_starts) >= 2)[ids]
        ids, owners = ids[learnable], owners[learnable]
        # numpy's stable sort of 16-bit integers is a radix sort; a text's terms stay in order
        by_text = np.argsort(owners.astype(np.uint16) if texts <= 1 << 16 else owners, kind="stable")
        self._text_terms = ids[by_text]
        self._text_starts = _starts(owners, texts)

    def terms_of(self, texts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The learnable terms (ids) of each of ``texts``, a text's in increasing order,
        concatenated, and how many each has."""
        return _gather(self._text_starts, self._text_terms, texts)

    def _texts(self, term: int) -> list[int]:
        return self._term_texts[self._term_starts[term] : self._term_starts[term + 1]].tolist()


def _starts(groups: np.ndarray, size: int) -> np.ndarray:
    """Where each group starts in a layout sorted by group, and the end (``groups``:
    each element's group, an id below ``size``)."""
    starts = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(np.bincount(groups, minlength=size), out=starts[1:])
    return starts


def _gather(starts: np.ndarray, values: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The values of ``rows`` in a flat layout (row ``r`` is ``values[starts[r]:starts[r + 1]]``),
    concatenated, and how many each row has.  (Copying slices beats an index array.)"""
    begin, end = starts[rows], starts[rows + 1]
    found = np.concatenate([values[:0], *(values[a:b] for a, b in zip(begin.tolist(), end.tolist(), strict=True))])
    return found, end - begin


class TermIndex(Postings):
    """Where the words of one side occur (``sets``: each text's words)."""

    def __init__(self, sets: Sequence[frozenset[str]]) -> None:
        self.sets = sets
        self.terms = sorted(set().union(*sets))  # by id
        self._ids = {term: k for k, term in enumerate(self.terms)}
        sizes = [len(terms) for terms in sets]
        ids = np.fromiter((self._ids[term] for terms in sets for term in terms), dtype=np.int64, count=sum(sizes))
        owners = np.repeat(np.arange(len(sets)), sizes)
        order = np.argsort(ids, kind="stable")  # by term, then text
        super().__init__(ids[order], owners[order], len(self.terms), len(sets))

    def occurrences(self, text: str) -> list[int]:
        """The texts holding the term written ``text``."""
        term = self._ids.get(text)
        return self._texts(term) if term is not None else []

    def lengths(self, ids: np.ndarray) -> np.ndarray:
        return np.fromiter((len(self.terms[k]) for k in ids.tolist()), dtype=np.int64, count=ids.size)

    def text(self, term: int) -> str:
        return self.terms[term]


# CJK characters (kana, ideographs, hangul; kb.core.text.CJK): all in the Basic
# Multilingual Plane, so a character fits in 16 bits and an n-gram of up to four in one
# 64-bit code.
_CJK_RANGES = CJK
GRAM_SIZES = (2, 3, 4)


class GramIndex(Postings):
    """The character 2-, 3- and 4-grams of CJK text, the words of a language written
    without spaces: where each gram occurs.

    A full edition holds some 400,000 (text, gram) pairs; as strings in Python sets
    and dicts they took a quarter of an alignment, so numpy finds them over the
    code points of all texts at once and a gram is an integer: its characters'
    code points, 16 bits each (a longer gram's code is always larger, since CJK code
    points are above 0x3000).  Its id is its rank among the codes."""

    def __init__(self, texts: Sequence[str]) -> None:
        codes, owners = _gram_codes(texts)
        # By gram, then text: grams of one size come in text order and sizes never share a code.
        order = np.argsort(codes, kind="stable")
        codes, owners = codes[order], owners[order]
        new_gram = np.ones(codes.size, dtype=bool)
        new_gram[1:] = codes[1:] != codes[:-1]
        keep = new_gram.copy()
        keep[1:] |= owners[1:] != owners[:-1]  # a gram twice in a text: once
        codes, owners, new_gram = codes[keep], owners[keep], new_gram[keep]
        self._codes = codes[new_gram]
        super().__init__(np.cumsum(new_gram) - 1, owners, self._codes.size, len(texts))

    @cached_property
    def sets(self) -> list[frozenset[int]]:
        """Each text's learnable grams (codes); built on first use, as learning does not need them."""
        codes = self._codes[self._text_terms].tolist()
        bounds = self._text_starts.tolist()
        return [frozenset(codes[a:b]) for a, b in pairwise(bounds)]

    def occurrences(self, text: str) -> list[int]:
        """The texts holding the gram written ``text``."""
        code = gram_code(text)
        if code is None:
            return []
        term = int(np.searchsorted(self._codes, np.uint64(code)))
        return self._texts(term) if term < self._codes.size and int(self._codes[term]) == code else []

    def lengths(self, ids: np.ndarray) -> np.ndarray:
        codes = self._codes[ids]
        return 2 + (codes >= np.uint64(1 << 32)) + (codes >= np.uint64(1 << 48))

    def text(self, term: int) -> str:
        code = int(self._codes[term])
        size = 2 if code < 1 << 32 else 3 if code < 1 << 48 else 4
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
    owner = np.repeat(np.arange(len(texts), dtype=np.int32), [len(t) + 1 for t in texts])[: points.size]
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
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int32)
    return np.concatenate(codes), np.concatenate(owners)


def learn_indexed(word_sets: Sequence[frozenset[str]], index: TermIndex | GramIndex, keys: Sequence[int], src_lang: str,
                  dst_lang: str, *, min_count: int = 2, min_strength: float = 0.3, exclusive: bool = False,
                  max_share: float = 0.5) -> Lexicon:
    """Learn from pairs ``(word_sets[n], text keys[n] of the index)``; ``keys`` are distinct.

    A word's translation is its candidate (see :func:`learn_lexicon`) of the highest
    strength (Dice over the pairs), then length, then term, among those met in
    ``min_count`` pairs or more, clearly more often than chance, with a strength of
    ``min_strength`` or more (``exclusive``: see :func:`_unclaimed`); words in more than
    ``max_share`` of the pairs are not learned (in the rules, words that common say nothing).  Each round of an
    alignment scores some 60,000 (word, candidate) pairs: numpy scores them all at once, counting the pairs both hold
    in bit rows over the pairs."""
    found: dict[str, list[int]] = defaultdict(list)  # word -> the pairs holding it
    for n, held in enumerate(word_sets):
        for w in held:
            found[w].append(n)
    limit = max(min_count, int(len(keys) * max_share))
    words = [word for word, pairs in found.items() if min_count <= len(pairs) <= limit]
    if not words:
        return Lexicon(src_lang, dst_lang)
    counts = np.fromiter((len(found[word]) for word in words), dtype=np.int64, count=len(words))
    holder = np.repeat(np.arange(len(words)), counts)  # the words' pairs, word by word
    pairs = np.fromiter(chain.from_iterable(found[word] for word in words), dtype=np.int64, count=holder.size)
    texts = np.asarray(keys, dtype=np.int64)
    word, term = _candidates(holder, pairs, counts, index, texts)
    terms, term = _distinct(term, index.term_count)

    width = (texts.size + 63) // 64
    term_rows, term_counts = _term_rows(index, texts, terms, width)
    together = _shared_bits(_bit_rows(holder, pairs, len(words), width), term_rows, word, term)

    count, term_count = counts[word], term_counts[term]
    strength = 2 * together / (count + term_count)
    # in a few pairs on one topic, all words meet: demand more than chance
    good = (together >= min_count) & (together - count * term_count / texts.size >= 1.5) & (strength >= min_strength)
    word, term, strength, together = word[good], term[good], strength[good], together[good]
    if exclusive:
        word, term, strength, together = _unclaimed(word, term, strength, together, len(words), terms.size)
    order = np.lexsort((term, index.lengths(terms)[term], strength, word))  # ids sort as their terms
    last = np.ones(order.size, dtype=bool)  # of each word
    last[:-1] = word[order][1:] != word[order][:-1]
    best = order[last]
    chosen = list(zip(word[best].tolist(), terms[term[best]].tolist(), strength[best].tolist(),
                      together[best].tolist(), strict=True))
    return Lexicon(src_lang, dst_lang, {words[w]: (index.text(t), s) for w, t, s, _ in chosen},
                   support={words[w]: n for w, _, _, n in chosen})


def _unclaimed(word: np.ndarray, term: np.ndarray, strength: np.ndarray, together: np.ndarray, words: int,
               terms: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The candidates left when a term goes to the word it agrees with best: a word
    whose candidate another word holds more strongly takes, if it has one, a
    candidate no word holds more strongly.  On card texts "infligge" goes with
    "deals" (0.96) more than with "damage" (0.85): "damage" is "danno", not
    "infligge".  (Only where an alternative is left: "legend" keeps a term that
    "legendary" holds when it knows no other.)"""
    best = np.zeros(terms)
    np.maximum.at(best, term, strength)
    claimed = best[term] > strength
    free = np.zeros(words, dtype=bool)
    free[word[~claimed]] = True
    keep = ~claimed | ~free[word]
    return word[keep], term[keep], strength[keep], together[keep]


def _candidates(holder: np.ndarray, pairs: np.ndarray, counts: np.ndarray, index: Postings,
                texts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The candidate translations of each word, as (word, term id) pairs: the terms
    shared by two of the first three pairs holding the word (``pairs``: those of
    each word in order, ``counts`` of them, ``holder`` saying whose)."""
    first = np.arange(pairs.size) - np.repeat(np.cumsum(counts) - counts, counts) < 3
    term, sizes = index.terms_of(texts[pairs[first]])
    word = np.repeat(holder[first], sizes)
    # a text lists a term once: a (word, term) pair found twice or more is a candidate
    both = np.sort(word * index.term_count + term, kind="stable")  # merges its sorted runs: quick
    twice = both[1:] == both[:-1]
    once = twice.copy()
    once[1:] &= ~twice[:-1]  # three times: once
    found = both[1:][once]
    return found // index.term_count, found % index.term_count


def _term_rows(index: Postings, texts: np.ndarray, terms: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Which pairs (``texts``: each pair's text) hold each of ``terms``, as bit rows,
    and how many."""
    row_of = np.full(index.term_count, -1)
    row_of[terms] = np.arange(terms.size)
    held, sizes = index.terms_of(texts)
    row, pair = row_of[held], np.repeat(np.arange(texts.size), sizes)
    row, pair = row[row >= 0], pair[row >= 0]
    return _bit_rows(row, pair, terms.size, width), np.bincount(row, minlength=terms.size)


def _distinct(values: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values (ids below ``size``) in order, and each value's position
    among them: ``np.unique(values, return_inverse=True)`` without a sort."""
    seen = np.zeros(size, dtype=bool)
    seen[values] = True
    return np.flatnonzero(seen), (np.cumsum(seen) - 1)[values]


def _bit_rows(rows: np.ndarray, columns: np.ndarray, height: int, width: int) -> np.ndarray:
    """A bit matrix of ``height`` rows of ``width`` 64-bit words, with the bits
    ``(rows[k], columns[k])`` set."""
    bits = np.zeros(height * width, dtype=np.uint64)
    np.bitwise_or.at(bits, rows * width + (columns >> 6), np.uint64(1) << (columns & 63).astype(np.uint64))
    return bits.reshape(height, width)


def _shared_bits(left: np.ndarray, right: np.ndarray, rows: np.ndarray, other: np.ndarray,
                 chunk: int = 4096) -> np.ndarray:
    """How many bits row ``rows[k]`` of ``left`` and row ``other[k]`` of ``right``
    share, for every ``k`` (a chunk at a time, to bound the memory)."""
    shared = np.empty(rows.size, dtype=np.int64)
    for start in range(0, rows.size, chunk):
        part = slice(start, start + chunk)
        shared[part] = np.bitwise_count(left[rows[part]] & right[other[part]]).sum(axis=1)
    return shared
