"""Highlighted snippets: where a text matches a search plan, and the part to show.

Matches are found again in the text shown (not taken from whoosh), with the same
analysis chain the index used, so a stemmed word ("merged" for "merge"), a rule
number cited as a subrule ("702.102a" for "702.102"), a phrase and a run of
Chinese characters all light up exactly where they stand; the texts shown side
by side in other languages light up their translated terms the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from indexers.analysis import CJK, analyzer_for, token_kind
from indexers.engine import Unit
from indexers.segment import segment
from indexers.writer import compile_spans
from kb.core.rulenum import RuleNumber
from kb.core.text import HAN_RUN

Span = tuple[int, int]
#: Characters of text around the matches when a text is too long to show whole.
WIDTH = 260
#: Texts whose tokens a process keeps: 1.8 KB a text, so 15 MB at most.  Over bench_quality's 438
#: questions through ``kb search`` (one pass, each question once) 56% of the texts highlighted were
#: kept ones, and highlighting took 1.0 ms a query instead of 1.4-2.1 (of 12-16 ms in all).
TOKENIZED = 8192


def spans(text: str, lang: str, units: Sequence[Unit], numbers: Sequence[RuleNumber] = (),
          words: frozenset[str] = frozenset()) -> list[Span]:
    """Character ranges of ``text`` matching the plan's units for ``lang`` or its
    rule numbers, sorted and merged.  ``words``: the KB's Chinese game words (``Plan.words``), so
    that a lone character the query holds as a word lights up only where the text has it as one."""
    tokens = tokens_of(lang, text)
    found: list[Span] = []
    units = [u for u in units if not u.hidden]  # searched for the query, never written in it
    single = {u.terms[0] for u in units if len(u.terms) == 1 and u.literal is None}
    found += [(start, end) for term, start, end in tokens if term in single]
    for unit in units:
        if unit.literal:
            found += _occurrences(text, unit.literal, words)
        elif len(unit.terms) > 1:
            found += _sequences(tokens, unit.terms)
    if numbers:
        found += [(start, end) for term, start, end in tokens if _under_any(term, numbers)]
    return merge(found)


_COMPILED: dict[str, Callable[[str], list[tuple[str, int, int]]]] = {}


@lru_cache(maxsize=TOKENIZED)
def tokens_of(lang: str, text: str) -> tuple[tuple[str, int, int], ...]:
    """The terms of a text with their character ranges, kept for the next search of the
    process: the same rules come back query after query (a web session's result lists,
    ``kb search -``), each with its aligned texts."""
    return tuple(_tokens(lang)(text))


def _tokens(lang: str) -> Callable[[str], list[tuple[str, int, int]]]:
    """The terms of a text in ``lang`` with their character ranges, CJK runs left out: the
    language's chain compiled into one function (:func:`indexers.writer.compile_spans`,
    the same tokens; the chain's generators took 5-8 ms of a search's ten results), else
    the chain itself."""
    found = _COMPILED.get(lang)
    if found is None:
        analyzer = analyzer_for(lang)
        found = _COMPILED[lang] = compile_spans(analyzer) or (
            lambda text: [(t.text, t.startchar, t.endchar) for t in analyzer(text, chars=True) if token_kind(t) != CJK])
    return found


def _occurrences(text: str, literal: str, words: frozenset[str] = frozenset()) -> list[Span]:
    """Where ``literal`` stands in ``text``; a lone Chinese character not where it is part of a longer
    game word (牌 of "抽不了牌" lit up inside every 牌手 and 牌库 of a text: session 43's tester)."""
    inside = _inside_words(text, words) if words and len(literal) == 1 else frozenset()
    found = []
    at = text.find(literal)
    while at >= 0:
        if at not in inside:
            found.append((at, at + len(literal)))
        at = text.find(literal, at + len(literal))
    return found


def _inside_words(text: str, words: frozenset[str]) -> frozenset[int]:
    """The positions of ``text``'s characters that are inside a game word of two characters or more,
    its runs of Chinese characters cut the way a query is (:func:`indexers.segment.segment`)."""
    inside: set[int] = set()
    for run in HAN_RUN.finditer(text):
        start = run.start()
        for piece in segment(run[0], words):
            if len(piece) > 1:
                inside.update(range(start, start + len(piece)))
            start += len(piece)
    return frozenset(inside)


def _sequences(tokens: Sequence[tuple[str, int, int]], terms: tuple[str, ...]) -> list[Span]:
    size = len(terms)
    return [(tokens[i][1], tokens[i + size - 1][2]) for i in range(len(tokens) - size + 1)
            if tuple(t[0] for t in tokens[i : i + size]) == terms]


def _under_any(term: str, numbers: Sequence[RuleNumber]) -> bool:
    if not term[:1].isdigit():
        return False
    number = RuleNumber.try_parse(term)
    return number is not None and any(n == number or n.is_ancestor_of(number) for n in numbers)


def merge(found: Sequence[Span]) -> list[Span]:
    merged: list[Span] = []
    for start, end in sorted(found):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def window(text: str, found: Sequence[Span], width: int = WIDTH) -> Span:
    """The stretch of ``text`` to show: all of it if short, else ``width`` characters
    holding the most matches (the earliest such), cut at spaces where there are any; starting
    in its first paragraph when a match is there (a rule's own text, before its examples, a line
    each: 702.19b showed "…two attackers: a 1/1 with no abilities and a 3/3 with trample", its
    example naming trample twice where its own text names it once)."""
    if len(text) <= width:
        return 0, len(text)
    if not found:
        start = 0
    else:
        lead = width // 5
        first = text.find("\n")
        own = [i for i, (s, _) in enumerate(found) if first < 0 or s < first]
        best = max(own or range(len(found)),
                   key=lambda i: (sum(s >= found[i][0] - lead and e <= found[i][0] - lead + width
                                      for s, e in found), -i))
        start = max(0, found[best][0] - lead)
    end = min(len(text), start + width)
    if end - start < width:
        start = max(0, end - width)
    if start > 0:
        start = _after_break(text, start)
    if end < len(text) and (space := text.rfind(" ", max(start, end - 20), end)) > start:
        end = space
    return start, end


#: Where a window may start: after a space, or after Chinese punctuation (Chinese has no spaces).
_BREAKS = (" ", "，", "。", "；", "、", "：")


def _after_break(text: str, start: int) -> int:
    """``start`` moved back to just after the last break in the 20 characters before it.  The
    search once began at ``start - 20`` even below 0, which counts from the text's end: a window
    near the start of a text began mid-word ("…rmal term")."""
    at = max(text.rfind(mark, max(0, start - 20), start) for mark in _BREAKS)
    return at + 1 if at >= 0 else start


def snippet(text: str, found: Sequence[Span], before: str = "**", after: str = "**",
            width: int = WIDTH) -> str:
    """The window of ``text`` with its matches marked, "…" where it was cut."""
    start, end = window(text, found, width)
    out = ["…" if start > 0 else ""]
    pos = start
    for s, e in found:
        s, e = max(s, start), min(e, end)
        if s >= e:
            continue
        out += [text[pos:s], before, text[s:e], after]
        pos = e
    out += [text[pos:end], "…" if end < len(text) else ""]
    return "".join(out)
