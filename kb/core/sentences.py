"""Sentences of rules text, as character offsets, for quoting the part of a rule
that answers a question.

The rules' sentences end where a general-purpose splitter stumbles: inside rule
numbers ("see rule 603.2a. Then ..."), after abbreviations ("e.g.", "i.e."), after
closing quotes (``“Tap two target creatures.” Then``), at mana symbols (``{T}.``),
and in Chinese at 。！？ and at ；, which the translation uses between clauses that
the English writes as sentences.  A text is split line by line (a rule's body, then
each example on its own line).  ``benchmarks/bench_sentences.py`` compares this with
spaCy's rule-based sentencizer on every rule text of a KB.
"""

from __future__ import annotations

import re

Span = tuple[int, int]

#: Words whose final period ends no sentence.
ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "mr", "mrs", "ms", "dr", "st", "no", "approx"})

# Latin: a terminator (. ! ?), then closing quotes or brackets, then spaces, then what
# starts a sentence (a capital, a digit, an opening quote or bracket, a mana symbol).
_LATIN_END = re.compile(r"[.!?][\"”’')\]]*(?=\s+[\"“‘(\[{A-Z0-9])")
# Chinese and Japanese: a full-width terminator, then any closing quotes or brackets.
_CJK_END = re.compile(r"[。！？；][”’」』）)]*")
_WORD_BEFORE = re.compile(r"(\S+)$")


def split(text: str) -> list[Span]:
    """The sentences of ``text`` as ``(start, end)`` offsets, spaces trimmed."""
    spans: list[Span] = []
    pos = 0
    for line in text.split("\n"):
        spans += [(pos + a, pos + b) for a, b in _split_line(line)]
        pos += len(line) + 1
    return spans


# A sentence that names what the sentence before it says ("This is called the “legend rule.”",
# "这称为“传奇规则”。", "This rule is informally called the “summoning sickness” rule."): quoted
# alone, it answers nothing.
_NAMING = re.compile(r"(?:This|These|That|Such)\b[^.]{0,40}?\b(?:is|are|was|were)\s+(?:(?:\w+ly|often|also)\s+)?"
                     r"(?:called|known as|referred to as)\b"
                     r"|(?:Questo|Questa|Queste|Questi|Ciò)\b[^.]{0,30}?\b(?:chiamat[oaei]|dett[oaei]|not[oaei] come)\b"
                     r"|(?:这|此|该)[^。，]{0,12}?(?:称为|称作|叫做|称呼[是为]|非正式名称[是为])")
# What a naming sentence names is a rule ("This rule is ...", "... the “world rule.”").
_RULE = re.compile(r"\brules?\b|\bregol[ae]\b|规则", re.IGNORECASE)


def names_the_one_before(sentence: str) -> bool:
    """Whether ``sentence`` only names what the sentence before it says."""
    return _NAMING.match(sentence) is not None


def named_by(text: str, spans: list[Span], k: int) -> list[int]:
    """The sentences (indices into ``spans``, :func:`split`) that sentence ``k`` of ``text`` names:
    none, the one before it, or, when it names a rule, every one before it on its line (the rule's
    body: 704.5k's "This is called the “world rule.”" follows the tie-break, not the rule itself)."""
    sentence = text[spans[k][0]:spans[k][1]]
    if not k or not names_the_one_before(sentence):
        return []
    first = k - 1
    if _RULE.search(sentence):
        while first and "\n" not in text[spans[first - 1][1]:spans[first][0]]:
            first -= 1
    return list(range(first, k))


def sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in split(text)]


def _split_line(line: str) -> list[Span]:
    ends = sorted({m.end() for m in _LATIN_END.finditer(line) if not _abbreviation(line, m.start())}
                  | {m.end() for m in _CJK_END.finditer(line)})
    spans = []
    start = 0
    for end in [*ends, len(line)]:
        piece = line[start:end]
        lead = len(piece) - len(piece.lstrip())
        trail = len(piece.rstrip())
        if trail > lead:
            spans.append((start + lead, start + trail))
        start = end
    return spans


def _abbreviation(line: str, dot: int) -> bool:
    """The period at ``dot`` closes an abbreviation ("e.g.") or a rule number's letter
    ("rule 601.2a. ..." is still a sentence end; "601.2a.b" never occurs)."""
    if line[dot] != ".":
        return False
    word = _WORD_BEFORE.search(line, 0, dot)
    return word is not None and word.group(1).lstrip("(“\"").casefold() in ABBREVIATIONS
