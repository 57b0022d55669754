"""The official Comprehensive Rules layout, as Wizards publishes the TXT file.

The layout is the same in every edition since 2003 and in the translations made
from it: a title, the effective date, an introduction, the contents (which already
name "Glossary" and "Credits"), the numbered rules, the glossary, the credits.
Words that differ per language live in a :class:`Layout`; the Chinese one is in
:mod:`kb.ingest.cr_zh`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from kb.core.dates import date_in_file_name, find_date
from kb.core.errors import KbError
from kb.core.lang import EXAMPLE_LABELS
from kb.core.model import Document, GlossaryEntry, RuleText, Severity
from kb.core.rulenum import RuleNumber, RuleNumberError
from kb.core.textio import SourceText

FORMAT = "cr-text"

# "606. 8b" (a stray space) is 606.8b; a number followed by a dash or a lower-case letter
# is a range cut by the line wrap ("409.1f–h."), not the start of a rule.
RULE_LINE = re.compile(
    r"^(?P<number>(?P<chapter>\d{3})\. ?(?P<rule>\d{1,3})(?P<letter>[a-z])?)\.?"
    r"(?:\s+|(?=[^\d\s.a-z\-–—]))(?P<text>\S.*)$"
)
CHAPTER_LINE = re.compile(r"^(?P<number>(?P<chapter>\d{3}))\.\s+(?P<text>\D.*)$")
SECTION_LINE = re.compile(r"^(?P<number>(?P<chapter>\d))\.\s+(?P<text>\D.*)$")
NUMBERED_LINES = (RULE_LINE, CHAPTER_LINE, SECTION_LINE)
SENSE_LINE = re.compile(r"^\d+\.\s")
_NOTE = re.compile(r"$^")  # matches nothing: layouts without translator notes


@dataclass(frozen=True)
class Layout:
    """The words of one language's edition of the official layout."""

    lang: str
    glossary: tuple[str, ...]
    credits: tuple[str, ...]
    example: tuple[str, ...]
    date_words: tuple[str, ...]
    obsolete: tuple[str, ...]
    alias_split: re.Pattern[str] = field(default=re.compile(r"“[^”]*”|\"[^\"]*\"|[^,，“\"]+"))
    note: re.Pattern[str] = _NOTE


ENGLISH = Layout(
    lang="en",
    glossary=("Glossary",),
    credits=("Credits",),
    example=EXAMPLE_LABELS["en"],
    date_words=("effective", "current as of"),
    obsolete=("(Obsolete)",),
)

ITALIAN = Layout(
    lang="it",
    glossary=("Glossario",),
    credits=("Riconoscimenti", "Crediti"),
    example=EXAMPLE_LABELS["it"],
    date_words=("vigore", "valide", "aggiornate", "effettive"),
    obsolete=("(Obsoleto)", "(Obsoleta)"),
)


def parse(source: SourceText, layout: Layout = ENGLISH) -> Document:
    """Read one edition in the official layout; problems go into the document."""
    lines = source.lines
    doc = Document(
        path=source.path,
        sha256=source.sha256,
        format=FORMAT,
        lang=layout.lang,
        encoding=source.encoding,
        title=next((line.strip() for line in lines if line.strip()), None),
        published=date_in_file_name(source.path.rsplit("/", 1)[-1]),
    )
    start = _rules_start(lines, source.path)
    glossary = _find_heading(lines, layout.glossary, start)
    credits = _find_heading(lines, layout.credits, glossary) if glossary is not None else None
    doc.effective = _effective_date(lines, layout)
    _check_dates(doc)
    if glossary is None:
        doc.warn(len(lines), "truncated: no glossary after the rules", Severity.DAMAGE)
        glossary = credits = len(lines)
    elif credits is None:
        doc.warn(len(lines), "truncated: the glossary runs to the end of the file, no credits", Severity.DAMAGE)
        credits = len(lines)
    doc.rules = parse_rules(lines, start, glossary, layout, doc)
    doc.glossary = parse_glossary(lines, glossary + 1, credits, layout)
    if not doc.rules:
        raise KbError("no numbered rules found", source.path)
    return doc


def _rules_start(lines: list[str], path: str) -> int:
    """Index of the first line of the rules: the heading above the first numbered rule."""
    first = next((i for i, line in enumerate(lines) if RULE_LINE.match(line)), None)
    if first is None:
        raise KbError("no numbered rules found", path)
    start = first
    for i in range(first - 1, max(first - 8, -1), -1):
        if SECTION_LINE.match(lines[i]) or CHAPTER_LINE.match(lines[i]):
            start = i
        elif lines[i].strip():
            break
    return start


def _find_heading(lines: list[str], words: tuple[str, ...], after: int) -> int | None:
    return next((i for i in range(after, len(lines)) if lines[i].strip() in words), None)


def _effective_date(lines: list[str], layout: Layout) -> dt.date | None:
    """The date the text states for itself, near the top (or, failing that, the credits)."""
    candidates = lines[:30] + lines[-40:]
    for line in candidates:
        lowered = line.lower()
        if any(word in lowered for word in layout.date_words):
            found = find_date(line, layout.lang)
            if found:
                return found
    return None


def _check_dates(doc: Document) -> None:
    if doc.effective is None:
        doc.warn(None, "no effective date stated in the text")
    elif doc.published and abs((doc.published - doc.effective).days) > 180:
        doc.warn(None, f"effective date {doc.effective} is far from the date in the file name "
                 f"({doc.published}): the file may hold another edition's text")


def parse_rules(lines: list[str], start: int, end: int, layout: Layout, doc: Document) -> list[RuleText]:
    """Numbered headings, rules and subrules with their examples and continuations.

    Old editions wrap paragraphs at a fixed width, so a wrapped line can begin with a
    number ("See rule\n419.8 ..."): a number right after "rule(s)" continues the text.
    A line that only looks like a rule number ("702,19c") is reported, never silently
    joined to the rule before it; a gap in the numbers (702.19b, then 702.19d) is a warning.
    """
    texts: list[RuleText] = []
    seen: dict[int, int] = {}
    numbering = _Numbering(doc)
    current: _Draft | None = None
    previous = ""
    for index in range(start, end):
        line = lines[index]
        if not line or line.isspace():
            previous = ""
            continue
        lineno = index + 1
        match = None if _WRAPPED_REFERENCE.search(previous) else _rule_line(line, previous, doc, lineno)
        if match:
            try:
                number = _number(match)
            except RuleNumberError as err:
                doc.warn(lineno, str(err), Severity.DAMAGE)
                continue
            if current:
                texts.append(current.finish(layout))
            variant = 0
            if number.key in seen:
                doc.warn(lineno, f"duplicate rule number {number} (first at line {seen[number.key]})",
                         Severity.DAMAGE)
                variant = sum(1 for t in texts if t.number == number)
            else:
                seen[number.key] = lineno
                in_order = not texts or texts[-1].number < number
                if not in_order:
                    doc.warn(lineno, f"{number} comes after {texts[-1].number}: out of order")
                numbering.check(number, lineno, in_order)
            current = _Draft(number, lineno, variant, [match["text"].strip()])
        else:
            if not _WRAPPED_REFERENCE.search(previous):
                _check_misnumbered(line, current, doc, lineno)
            if current is None:
                doc.warn(lineno, f"text before the first rule: {line.strip()[:60]!r}")
            else:
                current.add(line, layout, wrapped=bool(previous))
        previous = line
    if current:
        texts.append(current.finish(layout))
    return texts


#: Characters a line may start with by mistake before its rule number: spaces (a no-break
#: space among them; the 2009 editions indent four rules by one) and invisible ones.
_STRAY_START = re.compile(r"^[\s\ufeff\u200b\u2060]+")
#: A rule number with a wrong character between its parts ("702,19c", "702..19c", "702。19c"):
#: meant as a number, but no number kb can read, so the line would join the rule before it.
_MISSPELT_NUMBER = re.compile(r"^(?P<number>\d{3}(?:[,;:，。；：]|\.{2,}| \.)\d{1,3}[a-z]?)\.?(?=\s)")
#: A subrule number without its rule ("306.b" for 306.3b, as the 2008-10-01 edition prints it).
_PARTLESS_NUMBER = re.compile(r"^(?P<number>\d{3}\.[a-z])\.?(?=\s)")


def _rule_line(line: str, previous: str, doc: Document, lineno: int) -> re.Match[str] | None:
    """The numbered line ``line`` is, if it is one.  A rule number after stray spaces at
    the start of a paragraph is still the rule (warned), not a paragraph of the rule before."""
    if line[0].isdigit():
        return _numbered(line)
    stray = _STRAY_START.match(line)
    if previous or stray is None or not (match := RULE_LINE.match(line[stray.end():])):
        return None
    chars = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(stray.group()))
    doc.warn(lineno, f"rule {match['number']} starts with {len(stray.group())} stray character(s) "
             f"({chars}): read as the rule it numbers")
    return match


def _check_misnumbered(line: str, current: _Draft | None, doc: Document, lineno: int) -> None:
    """Report a line that starts like a rule number but is none: its text goes to the rule before."""
    kept = f"its text is kept in {current.number}" if current else "its text is read as text before the rules"
    if misspelt := _MISSPELT_NUMBER.match(line):
        doc.warn(lineno, f"{misspelt['number']!r} looks like a rule number but is not one; {kept}",
                 Severity.DAMAGE)
    elif partless := _PARTLESS_NUMBER.match(line):
        doc.warn(lineno, f"{partless['number']!r} is a subrule number without its rule; {kept}")


@dataclass
class _Numbering:
    """The rules and subrules seen so far, to tell a gap: 702.19b followed by 702.19d, a
    subrule whose rule never came, a chapter's rules not starting at 1.  Letters skip
    "l" and "o" by design (:data:`kb.core.rulenum.LETTERS`); real editions skip others
    too (2003-03-15 has no 214.8j, 2005-08-01 no 609.3), so a gap is a warning."""

    doc: Document
    last: dict[int, RuleNumber] = field(default_factory=dict)  # parent's key -> its last child seen
    numbers: set[int] = field(default_factory=set)

    def check(self, number: RuleNumber, lineno: int, in_order: bool = True) -> None:
        """Note ``number``; warn of a gap before it, unless it is out of order (warned already)."""
        self.numbers.add(number.key)
        parent = number.parent
        if number.depth < 2 or parent is None:
            return
        before = self.last.get(parent.key)
        self.last[parent.key] = number
        if not in_order or (before and number < before):
            return
        if parent.key not in self.numbers:  # a part of the rules (the Italian seed) starts where it starts
            if number.letter and RuleNumber(number.chapter).key in self.numbers:
                self.doc.warn(lineno, f"{number} comes without its rule {parent} before it")
            return
        expected = before.next() if before else (
            RuleNumber(number.chapter, number.rule, "a") if number.letter else RuleNumber(number.chapter, 1))
        if expected is not None and expected < number:
            missing = expected if expected.next() == number else f"{expected} to {number.previous()}"
            after = f"{before} is followed by {number}" if before else f"{number} is the first under {parent}"
            self.doc.warn(lineno, f"gap in the numbers: {after} (no {missing})")


def _numbered(line: str) -> re.Match[str] | None:
    for pattern in NUMBERED_LINES:
        if match := pattern.match(line):
            return match
    return None


def _number(match: re.Match[str]) -> RuleNumber:
    """Build the number from the groups the line pattern already split."""
    groups = match.groupdict()
    rule = groups.get("rule")
    return RuleNumber(int(match["chapter"]), int(rule) if rule else None, groups.get("letter"))


_WRAPPED_REFERENCE = re.compile(r"\b(?:rules?|regole|regola|规则)\s*$", re.IGNORECASE)


@dataclass
class _Draft:
    """A rule text being collected line by line."""

    number: RuleNumber
    line: int
    variant: int
    paragraphs: list[str]
    examples: list[str] = field(default_factory=list)
    in_example: bool = False

    def add(self, line: str, layout: Layout, wrapped: bool) -> None:
        """Examples start with their word; indented lines start a paragraph; an
        unindented line right under another is the same paragraph, wrapped."""
        text = line.strip()
        if text.startswith(layout.example):
            self.examples.append(_after_label(text, layout.example))
            self.in_example = True
        elif line[0].isspace() or not wrapped:
            self.paragraphs.append(text)
            self.in_example = False
        else:
            target = self.examples if self.in_example else self.paragraphs
            target[-1] = f"{target[-1]} {text}"

    def finish(self, layout: Layout) -> RuleText:
        notes: list[str] = []
        body = "\n".join(self.paragraphs)
        examples = tuple(self.examples)
        if layout.note is not _NOTE:
            body = _take_notes(body, layout, notes)
            examples = tuple(_take_notes(e, layout, notes) for e in examples)
        heading = self.number.depth < 2
        return RuleText(
            number=self.number,
            title=body if heading else None,
            body="" if heading else body,
            examples=examples,
            notes=tuple(notes),
            line=self.line,
            variant=self.variant,
        )


def _after_label(text: str, labels: tuple[str, ...]) -> str:
    """"Example: A player ..." -> "A player ...": cut the label the text starts with, not
    at the first colon (a translation may write "例如，" and have a colon later on)."""
    label = next(label for label in labels if text.startswith(label))
    return text[len(label):].strip()


def _take_notes(text: str, layout: Layout, notes: list[str]) -> str:
    """Move translator notes out of ``text`` into ``notes``."""
    def keep(match: re.Match[str]) -> str:
        notes.append(match["note"].strip())
        return ""

    return layout.note.sub(keep, text).strip() if layout.note is not _NOTE else text


def parse_glossary(lines: list[str], start: int, end: int, layout: Layout) -> list[GlossaryEntry]:
    """Entries are blocks separated by blank lines: a headword, then its definition."""
    blocks: list[tuple[int, list[str]]] = []
    for index in range(start, end):
        line = lines[index]
        if not line.strip():
            if blocks and blocks[-1][1]:
                blocks.append((0, []))
            continue
        if not blocks or not blocks[-1][1]:
            if blocks:
                blocks.pop()
            blocks.append((index + 1, []))
        blocks[-1][1].append(line.strip())
    blocks = [(line, block) for line, block in blocks if block]
    headwords = {_plain_term(block[0], layout)[0] for _, block in blocks}
    return [_glossary_entry(line, block, layout, headwords) for line, block in blocks]


def _plain_term(headword: str, layout: Layout) -> tuple[str, bool]:
    """Strip translator notes and the obsolete marker from a headword."""
    term = _take_notes(headword, layout, [])
    for marker in layout.obsolete:
        if term.endswith(marker):
            return term[: -len(marker)].strip(), True
    return term, False


def _glossary_entry(line: int, block: list[str], layout: Layout, headwords: set[str]) -> GlossaryEntry:
    term, obsolete = _plain_term(block[0], layout)
    definition = block[1:]
    numbered: list[str] = []
    for d in definition:  # a line after the numbered senses ("See rule 113, ...") goes with the last one
        if SENSE_LINE.match(d) or not numbered:
            numbered.append(SENSE_LINE.sub("", d, count=1) if SENSE_LINE.match(d) else d)
        else:
            numbered[-1] += "\n" + d
    has_numbers = any(SENSE_LINE.match(d) for d in definition)
    senses = tuple(numbered) if has_numbers else (" ".join(definition),)
    return GlossaryEntry(
        term=term,
        aliases=split_aliases(term, layout, headwords),
        senses=senses,
        line=line,
        obsolete=obsolete,
    )


def split_aliases(term: str, layout: Layout, headwords: set[str]) -> tuple[str, ...]:
    """"Control, Controller" names two spellings of one entry, but "Active Player,
    Nonactive Player Order" is one term: its first part is a headword of its own."""
    parts = [p.strip(" “”\"").rstrip(",，").strip() for p in layout.alias_split.findall(term)]
    parts = [p for p in parts if p]
    if len(parts) < 2 or not re.search("[,，]", term) or parts[0] in headwords - {term}:
        return ()
    return tuple(parts)
