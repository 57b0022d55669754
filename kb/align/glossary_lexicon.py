"""Official term pairs as a lexicon: aligned glossary headwords and keyword titles.

A learned lexicon guesses a word's translation from co-occurrence; the aligned
glossaries state it ("Trample" is "践踏"), and so do the titles of the keyword
rules paired by identity ("702.19 Trample" and "702.19 践踏").  Search reads this
lexicon before the learned ones (:mod:`indexers.translate`), so an official pair
takes precedence over a learned guess ("legend" is "传奇", not "传奇永久物").

Keys follow :class:`~kb.align.lexicon.Lexicon`: a headword of one content word is
keyed by its stem, as learned lexicons are; a longer headword by its content words
joined by spaces ("first strike"), which search finds in the other direction
(先攻 -> "first strike").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from kb.align.lexicon import ALTERNATIVES, Lexicon, alternatives
from kb.align.tokens import TERM_STOPWORDS, WHOLE, stem, whole_key, words
from kb.core.model import Document
from kb.core.text import HAN, char_class, is_cjk

ORIGIN = "glossary"
#: Sections whose titled rules name a keyword action (701) or ability (702).
KEYWORD_SECTIONS = ("701.", "702.")
_NOTE = re.compile(r"[（(][^）)]*[）)]")  # "鹏洛客（旧译旅法师）", "Exile (verb)"
_CJK_TERM = re.compile(f"^[{char_class(HAN)}]{{2,12}}$")


def headword_pairs(english: str, other: str) -> list[tuple[str, str]]:
    """(English part, translated part) of two paired headwords: "Kicker, Kicked" and
    "增幅，已增幅" give two pairs; a translation offering alternatives keeps them all
    (:data:`ALTERNATIVES`: "Counter" is 反击/指示物, one name per sense).  Parts that do not
    pair one to one give nothing."""
    left = [p.strip(" “”\"") for p in _NOTE.sub("", english).split(",")]
    right = [ALTERNATIVES.join(a.strip() for a in p.split(ALTERNATIVES) if a.strip())
             for p in re.split("[，,、]", _NOTE.sub("", other))]
    left, right = [p for p in left if p], [p for p in right if p]
    if len(left) != len(right):
        return []
    return list(zip(left, right, strict=True))


def key_of(english: str) -> str | None:
    """The lexicon key of an English term: its content words, stemmed, in order."""
    found = [stem(w) for w in words(english) if w not in TERM_STOPWORDS and len(w) > 1]
    return " ".join(found) or None


def learn(pairs: Iterable[tuple[str, str]], lang: str) -> Lexicon:
    """English -> ``lang`` from (English term, term in ``lang``) pairs; the first pair
    given for a key speaks, a headword keyed by all its words before one keyed without some
    ("Target" 目标 before "Any Target" 任意一个目标, both keyed "target": "targets" was shown as
    任意一个目标).  A CJK translation must be a plain run of 2–12 characters (a headword with
    brackets or notes is a description, not a term)."""
    terms: dict[str, tuple[str, float]] = {}
    for english, other in sorted(pairs, key=lambda pair: len(words(pair[0])) > len((key_of(pair[0]) or "").split())):
        key, whole = key_of(english), whole_key(english)
        target = other.strip()
        if whole == WHOLE or not target or (is_cjk(lang) and not all(_CJK_TERM.match(a) for a in alternatives(target))):
            continue
        entry = (target if is_cjk(lang) else target.casefold(), 1.0)
        if key:
            terms.setdefault(key, entry)
        if whole[len(WHOLE):] != key:  # "Face Up" apart from "Face Down", both keyed "face"
            terms.setdefault(whole, entry)
    if is_cjk(lang):
        for _ in range(2):  # a part found may free another ("mana symbol", then "phyrexian")
            for key, target in _parts(terms):
                terms.setdefault(key, (target, 1.0))
    return Lexicon("en", lang, terms, ORIGIN)


def _parts(terms: Mapping[str, tuple[str, float]]) -> list[tuple[str, str]]:
    """The words an official compound leaves once its known part is taken away:
    "Phyrexian Mana Symbol" is 非瑞克西亚法术力符号 and "Mana Symbol" 法术力符号, so
    "Phyrexian" is 非瑞克西亚 -- a word no learned lexicon holds (its n-grams stop at
    four characters), which tells search that 非瑞克西亚龙 holds no 亚龙."""
    found = []
    for key, (target, _) in terms.items():
        if key.startswith(WHOLE):
            continue
        words_ = key.split()
        for cut in range(1, len(words_)):
            head, tail = " ".join(words_[:cut]), " ".join(words_[cut:])
            for unknown, rest in ((head, _without(target, terms.get(tail), end=True)),
                                  (tail, _without(target, terms.get(head), end=False))):
                if rest and unknown not in terms and _CJK_TERM.match(rest):
                    found.append((unknown, rest))
    return found


def _without(target: str, part: tuple[str, float] | None, *, end: bool) -> str | None:
    """``target`` without ``part`` at its end (or start), if it is there."""
    if part is None or len(part[0]) >= len(target):
        return None
    if end:
        return target[: -len(part[0])] if target.endswith(part[0]) else None
    return target[len(part[0]) :] if target.startswith(part[0]) else None


def official_lexicons(documents: list[Document], rule_identity: Mapping[tuple[int, int], str],
                      glossary_identity: Mapping[tuple[int, int], object],
                      reference: tuple[str, str | None] | None) -> list[Lexicon]:
    """One lexicon per language paired with the reference English edition: its
    glossary headwords paired by identity (newest edition first), then the titles
    of its keyword rules paired by identity."""
    if reference is None or reference[0] != "en":
        return []
    english_titles: dict[str, str] = {}
    for d, doc in enumerate(documents):
        if (doc.lang, doc.edition) == reference:
            for r, text in enumerate(doc.rules):
                if _keyword_title(str(text.number), text.body):
                    english_titles[rule_identity.get((d, r), str(text.number))] = text.body
    found: dict[str, list[tuple[str, str]]] = {}
    order = sorted(range(len(documents)), key=lambda d: documents[d].edition or "", reverse=True)
    for d in order:
        doc = documents[d]
        if doc.lang == "en":
            continue
        for g, entry in enumerate(doc.glossary):
            paired = glossary_identity.get((d, g))
            term = getattr(paired, "term", None)
            if term:
                found.setdefault(doc.lang, []).extend(headword_pairs(term, entry.term))
    for d in order:
        doc = documents[d]
        if doc.lang == "en":
            continue
        for r, text in enumerate(doc.rules):
            title = english_titles.get(rule_identity.get((d, r), ""))
            if title and _keyword_title(str(text.number), text.body):
                found.setdefault(doc.lang, []).append((title, text.body.strip()))
    return [lexicon for lang, pairs in sorted(found.items()) if len(lexicon := learn(pairs, lang))]


def _keyword_title(number: str, body: str) -> bool:
    """A keyword rule's title line: "702.19 Trample" (a number with no letter, a short body)."""
    return number.startswith(KEYWORD_SECTIONS) and number.count(".") == 1 and 0 < len(body) <= 40 \
        and not body.rstrip().endswith((".", "。"))
