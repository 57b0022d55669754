"""The Chinese judge wiki's Comprehensive Rules: DokuWiki pages, English and Chinese aligned.

One page per section of the rules (``1.txt`` .. ``9.txt``).  Every paragraph is an
English line ended by DokuWiki's forced line break (``\\\\``) and its Chinese line right
under it; a rule's English line carries its anchor::

    <BOOKMARK:cr100-2a>100.2a In constructed play ... (see rule 201.3).\\\\
    100.2a 在构组赛中……（参见规则[[cr:2#cr201-3|201.3]]）。

    Example: ...\\\\
    例如：……

The Chinese lines link the rules they cite (``[[cr:7#cr709|709]]``); the link's label is
what the official text prints, so the label stays in the text (where the reference
grammar reads it) and the link's target is checked against it.  Headings
(``===== 100. 总则 General =====``), the navigation line and included pages are the
wiki's chrome: the rule lines carry the same titles.

A page yields two documents, one per language, read by the official layout's rule
grammar (:func:`kb.ingest.cr_text.parse_rules`) from the page's lines with the other
language's lines blanked, so every text keeps the line it stands on.  What breaks the
pairing (an English line with no Chinese under it, a Chinese line numbering another
rule, an anchor naming another rule) is damage with its line.

The glossary pages (``glossary.txt``, sorted by the English headwords; ``glossarycn.txt``,
the same entries by pinyin) hold entries between ``----`` rules, each line paired the
same way: the headword, then the senses ("1. ...", "2. ...") and "See rule" lines::

    Abandon\\
    终止

    To turn a face-up ongoing scheme card face down ... See rule 701.26, "Abandon."\\
    将一张牌面朝上的持续阴谋牌翻为牌面朝下…参见规则[[cr:7#cr701-26|701.26]]，“终止”。

They yield an English and a Chinese document of glossary entries, read by the official
layout's glossary grammar (:func:`kb.ingest.cr_text.parse_glossary`).

The pages state no date; the namespace's contents and credits pages do
("此规则于2024年4月12日起生效"): :func:`stated_date` reads it from a text.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from kb.core.dates import find_date
from kb.core.errors import KbError
from kb.core.model import Document, Severity
from kb.core.rulenum import RuleNumber
from kb.core.textio import SourceText
from kb.ingest import cr_text, cr_zh

FORMAT = "dokuwiki-cr"
LANGS = ("en", "zh-Hans")
LAYOUTS = (cr_text.ENGLISH, cr_zh.CHINESE)

#: ``<BOOKMARK:cr702-102a>``: the anchor of a rule, its number with ``-`` for ``.``.
BOOKMARK = re.compile(r"^<BOOKMARK:cr(?P<anchor>[0-9][0-9a-z-]*)>")
#: DokuWiki's forced line break ending an English line (``\\`` then spaces).
BREAK = re.compile(r"\s*\\\\\s*$")
#: ``[[cr:2#cr201-3|201.3]]``, ``[[cr:8|第8章]]``, ``[[:完整规则|返回完整规则目录]]``.
LINK = re.compile(r"\[\[(?P<target>[^|\]]*)(?:\|(?P<label>[^\]]*))?\]\]")
_RULE_TARGET = re.compile(r"^cr:(?P<page>\d)(?:#cr(?P<anchor>[0-9][0-9a-z-]*))?$", re.IGNORECASE)
_URL = re.compile(r"\[url\](?P<url>.*?)\[/url\]")
_NUMBER_IN_LABEL = re.compile(r"(?<!\d)\d{3}(?:\.\d{1,3}[a-z]?)?(?!\d)|(?<=第)\d(?=章)")
#: The wiki's chrome: headings, the navigation line, included pages, DokuWiki tags.
_CHROME = re.compile(r"^\s*(?:={2,}.*={2,}\s*$|\[\[:|\{\{page>|</?(?:WRAP|nowiki)\b|-{4,}\s*$|.*</WRAP>\s*$)")
#: How a page states the date its rules take effect (not a rule's own words about dates).
_DATE_WORDS = ("此规则于", "these rules are effective")
#: ``====== 词汇表（按英文首字母排序） ======``: a glossary page's title.
_GLOSSARY_TITLE = re.compile(r"^={5,}\s*词汇表")
_ENTRY_RULE = re.compile(r"^-{4,}\s*$")
_TITLE = re.compile(r"^={5,}\s*(.*?)\s*={5,}\s*$")


def looks_like(source: SourceText) -> bool:
    """A rule anchored by a DokuWiki bookmark (no other format kb reads has one), or a
    glossary page: its title, then entries of paired lines between ``----`` rules."""
    return any(_anchored_rule(line) for line in source.lines) or _is_glossary(source.lines)


#: A link to the rules' contents (every page's navigation line) or to a page of the rules.
_NAVIGATION = re.compile(r"\[\[(?::完整规则|cr:\w+)[|#\]]", re.IGNORECASE)


def other_page(source: SourceText) -> bool:
    """A page of the namespace without rules or glossary (contents, credits, introduction,
    provisional translations): a link to the rules' contents or pages near its top."""
    return any(_NAVIGATION.search(line) for line in source.lines[:10])


def _is_glossary(lines: list[str]) -> bool:
    return (any(_GLOSSARY_TITLE.match(line) for line in lines[:5])
            and any(_ENTRY_RULE.match(line) for line in lines) and any(BREAK.search(line) for line in lines))


def _anchored_rule(line: str) -> bool:
    bookmark = BOOKMARK.match(line)
    return bool(bookmark and _number_of(line[bookmark.end():]))


def _number_of(text: str) -> RuleNumber | None:
    """The number a rule line starts with ("702.102a ...", "100. General", "1. Game Concepts")."""
    for pattern in cr_text.NUMBERED_LINES:
        if match := pattern.match(text):
            return RuleNumber.try_parse(match["number"].replace(" ", ""))
    return None


def _anchor_number(anchor: str) -> RuleNumber | None:
    return RuleNumber.try_parse(anchor.replace("-", "."))


def plain(text: str) -> str:
    """A wiki line as the rules print it: links by their label, ``[url]`` tags dropped."""
    return _URL.sub(r"\g<url>", LINK.sub(lambda m: m["label"] if m["label"] is not None else m["target"], text))


def stated_date(source: SourceText) -> dt.date | None:
    """The effective date a page states ("//此规则于2024年4月12日起生效。//"), if it states one."""
    for line in source.lines:
        if any(word in line.lower() for word in _DATE_WORDS):
            for lang in LANGS:
                if found := find_date(line, lang):
                    return found
    return None


def parse(source: SourceText) -> tuple[Document, Document]:
    """The English and the Chinese text of one page (its rules, or its glossary entries), in that order."""
    lines = source.lines
    title = next((m[1] for line in lines if (m := _TITLE.match(line))), None)
    english, chinese = (Document(path=source.path, sha256=source.sha256, format=FORMAT, lang=lang,
                                 encoding=source.encoding, title=title, effective=stated_date(source))
                        for lang in LANGS)
    if _is_glossary(lines) and not any(_anchored_rule(line) for line in lines):
        return _parse_glossary(lines, english, chinese)
    streams = _split(lines, english)
    for doc, layout, stream in zip((english, chinese), LAYOUTS, streams, strict=True):
        doc.rules = cr_text.parse_rules(stream, 0, len(stream), layout, doc)
    if not english.rules:
        raise KbError("no rule anchored by a <BOOKMARK:cr…> with an English and a Chinese line", source.path)
    for slip, line in _link_slips(lines):
        chinese.warn(line, slip)
    _compare_citations(english, chinese)
    return english, chinese


def _parse_glossary(lines: list[str], english: Document, chinese: Document) -> tuple[Document, Document]:
    """Each entry's English and Chinese lines as a block of the official glossary layout
    (headword, then senses), read by its grammar; every entry keeps its page line."""
    streams = _split(lines, english, anchored=False)
    starts = [0, *(i for i, line in enumerate(lines) if _ENTRY_RULE.match(line)), len(lines)]
    for doc, layout, stream in zip((english, chinese), LAYOUTS, streams, strict=True):
        block: list[str] = []
        at: list[int] = []  # the page line of each line of ``block``
        for start, end in zip(starts, starts[1:], strict=False):
            kept = [(i, stream[i].strip()) for i in range(start, end) if stream[i].strip()]
            if kept:
                block += [text for _, text in kept] + [""]
                at += [i + 1 for i, _ in kept] + [0]
        entries = cr_text.parse_glossary(block, 0, len(block), layout)
        doc.glossary = [replace(entry, line=at[entry.line - 1]) for entry in entries]
    if not english.glossary:
        raise KbError("a glossary page with no entry (a headword line ending in \\\\ and its Chinese line)",
                      english.path)
    for entry, theirs in zip(english.glossary, chinese.glossary, strict=False):
        if len(entry.senses) != len(theirs.senses):
            english.warn(entry.line, f"{entry.term!r} has {len(entry.senses)} senses in English, "
                         f"{len(theirs.senses)} in Chinese")
    _compare_citations(english, chinese)
    return english, chinese


def _compare_citations(english: Document, chinese: Document) -> None:
    """Each Chinese text that cites other rules than its English (``参见规则115.6`` under
    "See rule 115.7", or the Chinese lines of two neighbouring glossary entries swapped),
    noted on the Chinese document: the page pairs them, the texts disagree."""
    from kb.core.refs import extract

    def cited(texts: tuple[str, ...], lang: str) -> set[str]:
        return {str(target.first) for text in texts for ref in extract(text, lang) for target in ref.targets}

    pairs: list[tuple[str, int, tuple[str, ...], tuple[str, ...]]] = [
        (str(ours.number), theirs.line, (ours.body, *ours.examples), (theirs.body, *theirs.examples))
        for ours, theirs in zip(english.rules, chinese.rules, strict=False) if ours.number == theirs.number]
    pairs += [(repr(ours.term), theirs.line, ours.senses, theirs.senses)
              for ours, theirs in zip(english.glossary, chinese.glossary, strict=False)]
    for label, line, ours, theirs in pairs:
        en, zh = cited(ours, "en"), cited(theirs, "zh-Hans")
        if en != zh:
            only = [f"the {side} alone cites {', '.join(sorted(numbers))}"
                    for side, numbers in (("English", en - zh), ("Chinese", zh - en)) if numbers]
            chinese.warn(line, f"{label}: {'; '.join(only)}")


def _split(lines: list[str], doc: Document, anchored: bool = True) -> tuple[list[str], list[str]]:
    """The page's lines twice, once with only the English lines, once with only the
    Chinese ones (the rest blank); what breaks the pairing is noted on ``doc``.
    ``anchored``: a rules page, whose numbered lines carry their anchors (a glossary's
    numbered senses carry none)."""
    english, chinese = [""] * len(lines), [""] * len(lines)
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip() or _CHROME.match(line):
            index += 1
            continue
        bookmark = BOOKMARK.match(line)
        text = line[bookmark.end():] if bookmark else line
        if not BREAK.search(text):
            doc.warn(index + 1, f"a line with no English line above it (no \\\\ break): {line.strip()[:60]!r}",
                     Severity.DAMAGE)
            index += 1
            continue
        text = plain(BREAK.sub("", text))
        under = lines[index + 1] if index + 1 < len(lines) else ""
        if not under.strip() or BOOKMARK.match(under) or BREAK.search(under) or _CHROME.match(under):
            doc.warn(index + 1, f"an English line with no Chinese line under it: {text.strip()[:60]!r}",
                     Severity.DAMAGE)
            english[index] = text
            index += 1
            continue
        _check_pair(text, under, bookmark["anchor"] if bookmark else None, index + 1, doc, anchored)
        english[index], chinese[index + 1] = text, plain(under)
        index += 2
    return english, chinese


def _check_pair(english: str, chinese: str, anchor: str | None, line: int, doc: Document, anchored: bool) -> None:
    """The anchor, the English line and the Chinese line name one rule (or, unanchored, none)."""
    number = _number_of(english)
    if anchor is not None:
        if number is None:
            doc.warn(line, f"anchor cr{anchor} on a line that starts with no rule number", Severity.DAMAGE)
        elif _anchor_number(anchor) != number:
            doc.warn(line, f"anchor cr{anchor} on the line of rule {number}", Severity.DAMAGE)
    elif anchored and number is not None and english[0].isdigit():
        doc.warn(line, f"rule {number} has no <BOOKMARK:cr…> anchor")
    theirs = _number_of(chinese) if chinese[:1].isdigit() else None
    if theirs != (number if english[:1].isdigit() else None):
        doc.warn(line + 1, f"the Chinese line numbers {theirs or 'no rule'}, the English line above it "
                 f"{number or 'no rule'}", Severity.DAMAGE)


def _link_slips(lines: list[str]) -> list[tuple[str, int]]:
    """Links to the rules whose target names no rule (``[[cr:2#cr2019|2019]]``, the core
    set taken for a rule) or another rule than their label prints."""
    slips = []
    for index, line in enumerate(lines):
        for link in LINK.finditer(line):
            if (target := _RULE_TARGET.match(link["target"].strip())) is None:
                continue
            anchor, label = target["anchor"], link["label"] or ""
            linked = _anchor_number(anchor) if anchor else RuleNumber.try_parse(target["page"])
            shown = _NUMBER_IN_LABEL.search(label)
            if linked is None:
                slips.append((f"a link to anchor cr{anchor}, which names no rule (labelled {label!r}): "
                              "the text keeps the label", index + 1))
            elif shown is not None and linked != RuleNumber.try_parse(shown.group()):
                slips.append((f"a link to {linked} labelled {label!r}: the text keeps the label", index + 1))
    return slips
