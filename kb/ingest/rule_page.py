"""A single rule as a rules website shows it.

Seed 001 is such a page::

    Rule 730.2 · Merging with Permanents
    <the rule's text>
    Subrules
    <one paragraph per subrule, without numbers>
    Other rules in this chapter / promotions ...

The subrule paragraphs get the numbers they stand for (730.2a, 730.2b, ..., skipping
l and o).  Everything after the last rule paragraph is site chrome: dropped, but
listed in the build report so nobody wonders where it went.
"""

from __future__ import annotations

import re

from kb.core.errors import KbError
from kb.core.model import Document, RuleText
from kb.core.rulenum import RuleNumber, RuleNumberError
from kb.core.textio import SourceText

FORMAT = "rule-page"

HEADING = re.compile(r"^\s*(?:Rule|Regola|规则)\s+(?P<number>\d{3}\.\d+[a-z]?)\s*[·:\-–—|]\s*(?P<title>.+?)\s*$")
SUBRULES = ("Subrules", "Sottoregole", "子规则")
_SENTENCE_END = re.compile(r"[.!?。！？”\")）]\s*$")


def looks_like(source: SourceText) -> bool:
    first = next((line for line in source.lines if line.strip()), "")
    return bool(HEADING.match(first))


#: The heading's word tells the page's language.
_HEADING_LANG = {"Rule": "en", "Regola": "it", "规则": "zh-Hans"}


def lang_of(source: SourceText) -> str:
    """The language of a page :func:`looks_like` accepted, by its heading's word."""
    first = next((line for line in source.lines if line.strip()), "")
    return _HEADING_LANG[first.split()[0]]


def parse(source: SourceText, lang: str) -> Document:
    doc = Document(path=source.path, sha256=source.sha256, format=FORMAT, lang=lang,
                   encoding=source.encoding)
    paragraphs = _paragraphs(source.lines)
    if not paragraphs or not (heading := HEADING.match(paragraphs[0][1])):
        raise KbError("not a rule page: the first line should read 'Rule N · Title'", source.path, 1)
    try:
        number = RuleNumber.parse(heading["number"])
    except RuleNumberError as err:
        raise KbError(f"the heading names no rule: {err}", source.path, paragraphs[0][0]) from err
    doc.title = heading["title"]
    rest = paragraphs[1:]
    split = next((i for i, (_, text) in enumerate(rest) if text.strip() in SUBRULES), len(rest))
    body, subrules = rest[:split], rest[split + 1:]
    if not body:
        raise KbError(f"rule {number} has no text", source.path, paragraphs[0][0])
    doc.rules.append(RuleText(number, "\n".join(t for _, t in body), body[0][0], title=doc.title))
    child: RuleNumber | None = RuleNumber(number.chapter, number.rule, "a")
    for index, (line, text) in enumerate(subrules):
        if not _SENTENCE_END.search(text) or child is None:
            doc.dropped.extend(f"line {ln}: {t[:70]}" for ln, t in subrules[index:])
            break
        doc.rules.append(RuleText(child, text, line))
        child = child.next()
    return doc


def _paragraphs(lines: list[str]) -> list[tuple[int, str]]:
    """Non-blank lines with their 1-based line numbers (each paragraph is one line)."""
    return [(i + 1, line.strip()) for i, line in enumerate(lines) if line.strip()]
