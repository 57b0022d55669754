"""The term indexes and the lexicon learner (kb.align.terms), on real documents.

The learner scores its candidates with numpy; here a plain Python reading of its
documented rule, over sets of strings, must give exactly the same lexicon, for
Chinese n-grams (GramIndex) and for words (TermIndex, English <-> Italian).
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path

import pytest
from conftest import EN_LATEST, ZH_LATEST

from kb.align.terms import GramIndex, TermIndex, gram_code, learn_indexed, learn_lexicon
from kb.align.tokens import content_words, full_text
from kb.core.model import Document
from kb.core.textio import SourceText
from kb.ingest.mtgjson import CardFile

LATEST = "2026-04-17"
CJK_RUN = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")

Parse = Callable[[Path], tuple[SourceText, Document]]


def _grams(text: str) -> set[str]:
    """The 2-, 3- and 4-character runs of CJK characters in ``text``."""
    return {run[i : i + n] for run in CJK_RUN.findall(text) for n in (2, 3, 4) for i in range(len(run) - n + 1)}


def _rule(word_sets: Sequence[frozenset[str]], term_sets: Sequence[set[str]], min_count: int = 2,
          min_strength: float = 0.3) -> dict[str, tuple[str, float]]:
    """The learner's rule, read plainly: a word's candidates are the terms of two of
    its first three pairs; among those in ``min_count`` pairs with it or more,
    clearly more often than chance and strong enough, the highest (Dice, length,
    term) wins."""
    where: dict[str, list[int]] = defaultdict(list)
    for n, words in enumerate(word_sets):
        for word in words:
            where[word].append(n)
    holding: dict[str, set[int]] = defaultdict(set)
    for n, terms in enumerate(term_sets):
        for term in terms:
            holding[term].add(n)
    found = {}
    for word, pairs in where.items():
        if not min_count <= len(pairs) <= max(min_count, len(word_sets) // 2):
            continue
        candidates = {t for a, b in combinations([term_sets[n] for n in pairs[:3]], 2) for t in a & b}
        scored = []
        for term in candidates:
            together, count, term_count = len(holding[term].intersection(pairs)), len(pairs), len(holding[term])
            strength = 2 * together / (count + term_count)
            if (together >= min_count and together - count * term_count / len(word_sets) >= 1.5
                    and strength >= min_strength):
                scored.append((strength, len(term), term))
        if scored:
            strength, _, term = max(scored)
            found[word] = (term, strength)
    return found


@pytest.fixture(scope="module")
def chinese_pairs(parsed: Parse) -> list[tuple[str, str]]:
    """English and Chinese rules of the same date (2026-04-17, from the default corpus), paired by number."""
    _, en = parsed(EN_LATEST)
    _, zh = parsed(ZH_LATEST)
    by_number = {t.number: t for t in zh.rules}
    return [(full_text(t), full_text(by_number[t.number])) for t in en.rules
            if t.number.depth >= 1 and t.number in by_number]


@pytest.fixture(scope="module")
def italian_names(card_files: list[CardFile]) -> list[tuple[str, str]]:
    """English and Italian card names."""
    return sorted({(c.names["en"], c.names["it"]) for f in card_files for c in f.cards if "it" in c.names})


def test_gram_index_knows_where_each_gram_is(chinese_pairs: list[tuple[str, str]]) -> None:
    texts = [zh for _, zh in chinese_pairs[:500]]
    index = GramIndex(texts)
    grams = [_grams(text) for text in texts]
    holders: dict[str, list[int]] = defaultdict(list)
    for k, found in enumerate(grams):
        for gram in found:
            holders[gram].append(k)
    # each text's set: its grams found in two texts or more (as codes)
    assert index.sets == [{gram_code(g) for g in found if len(holders[g]) >= 2} for found in grams]
    probes = sorted(holders)[::25]
    assert any(len(holders[g]) == 1 for g in probes) and any(len(holders[g]) > 2 for g in probes)
    for gram in probes:
        assert index.occurrences(gram) == holders[gram], gram
    for absent in ("龘龘", "ab", "坟", "坟墓场坟墓场"):
        assert index.occurrences(absent) == []


def test_term_index_knows_where_each_word_is(italian_names: list[tuple[str, str]]) -> None:
    sets = [frozenset(content_words(it)) for _, it in italian_names]
    index = TermIndex(sets)
    for word in sorted(set().union(*sets))[::7]:
        assert index.occurrences(word) == [k for k, found in enumerate(sets) if word in found]
    assert index.occurrences("not-a-word") == []


def test_chinese_lexicon_follows_the_rule(chinese_pairs: list[tuple[str, str]]) -> None:
    pairs = chinese_pairs[:900]
    word_sets = [frozenset(content_words(en)) for en, _ in pairs]
    lexicon = learn_lexicon(pairs, "en", "zh-Hans")
    assert len(lexicon) > 300 and lexicon.translate("graveyard") == "坟墓场"
    assert lexicon.terms == _rule(word_sets, [_grams(zh) for _, zh in pairs])
    # pairs of some texts only, in no order: keys say which text of the index each pair holds
    keys = random.Random(7).sample(range(len(pairs)), 600)
    index = GramIndex([zh for _, zh in pairs])
    learned = learn_indexed([word_sets[k] for k in keys], index, keys, "en", "zh-Hans", min_strength=0.4)
    assert learned.terms == _rule([word_sets[k] for k in keys], [_grams(pairs[k][1]) for k in keys], min_strength=0.4)


def test_italian_lexicon_follows_the_rule(italian_names: list[tuple[str, str]]) -> None:
    lexicon = learn_lexicon(italian_names, "en", "it")
    for word, term in (("dragon", "drago"), ("angel", "angelo"), ("knight", "cavaliere"), ("sword", "spada")):
        assert lexicon.translate(word) == term
    word_sets = [frozenset(content_words(en)) for en, _ in italian_names]
    assert lexicon.terms == _rule(word_sets, [set(content_words(it)) for _, it in italian_names])


def _chinese_pairs(english: Sequence[str], chinese: Sequence[str]) -> list[tuple[str, str]]:
    """Pairs whose Chinese side is the term given plus two ideographs of its own (no
    other gram is in two texts)."""
    return [(en, f"{zh}。{chr(0x4E00 + 2 * k)}{chr(0x4E01 + 2 * k)}")
            for k, (en, zh) in enumerate(zip(english, chinese, strict=True))]


def test_a_tie_goes_to_the_longest_term() -> None:
    """"copying" is in 18 of 36 pairs, 复制物件 (so each of its shorter grams too) in
    7 of those: all have the strength 2 * 7 / 25 = 0.56, and the 4-gram wins.  (An
    early pruning test, 2 * 7 < 0.56 * 25, is true in floating point, 14.000000000000002:
    it once kept whichever gram came first.)"""
    pairs = _chinese_pairs(["copying"] * 18 + [""] * 18, ["复制物件"] * 7 + [""] * 29)
    assert learn_lexicon(pairs, "en", "zh-Hans").terms == {"copying": ("复制物件", 0.56)}


def test_a_term_must_meet_the_word_more_often_than_chance() -> None:
    """"graveyard" and 坟墓场 share both their pairs: out of four pairs, chance alone
    would put the term in one of the word's two (2 * 2 / 4), which leaves too little;
    out of eight, in half of one."""
    for total, learned in ((4, None), (8, "坟墓场")):
        pairs = _chinese_pairs(["graveyard"] * 2 + [""] * (total - 2), ["坟墓场"] * 2 + [""] * (total - 2))
        assert learn_lexicon(pairs, "en", "zh-Hans").translate("graveyard") == learned
