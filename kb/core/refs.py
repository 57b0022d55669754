"""Cross-references between rules: finding them in text and resolving them.

The rules cite each other in a handful of shapes, in every language we read:

* ``See rule 613.2`` / ``Vedi regola 613.2`` / ``参见规则613.2``;
* lists: ``rules 613.2, 707.2, and 707.3``, ``regole 613.2 e 707.2``,
  ``规则108.3、110.2、111.2和112.2``, even ``rules 608.3a and b``;
* ranges: ``903.9b–c``, ``601.2g-h``, ``119.7–8`` (= 119.7 to 119.8),
  ``903.6–903.11``, ``规则509.1-3``;
* chapters with their title: ``rule 509, “Declare Blockers Step”``;
* sections: ``section 8`` / ``sezione 8`` / ``第8章``;
* bare numbers: ``exception to 608.2h``, ``See 718, “Prototype Cards”``.

The same text is full of numbers that are *not* references ("60 cards", "20 life",
"2019", "layers 2–6", "{2}", "999,999", "Celebr-8000"), so the grammar is strict:
a three-digit chapter with a dot (``608.2h``) is always a reference, a bare
three-digit number only after a reference word ("rule", "See", "规则", ...) or
before a quoted title, and a one-digit number only as a section.

Resolution maps what was cited onto the numbers an edition really has: a range is
expanded through the siblings that exist (compared as :class:`RuleNumber`, never by
letter arithmetic, so 704.5k–m is 704.5k, 704.5m), and anything cited but absent
is reported in :attr:`Resolution.missing`, never dropped.

Speed matters (every rule of every edition goes through here), so the patterns are
compiled once and the text is scanned only for runs of three digits, which is
what every reference but a section contains.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from kb.core.rulenum import LETTERS, RuleNumber, RuleNumberError
from kb.core.text import base_lang

__all__ = [
    "Reference",
    "Resolution",
    "Target",
    "LETTER_ITEM",
    "cited",
    "continued",
    "expand",
    "extract",
    "resolve",
    "resolve_all",
    "range_end",
    "resolve_target",
]


# -- data ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """One cited number (``first == last``) or an inclusive range of siblings."""

    first: RuleNumber
    last: RuleNumber

    @classmethod
    def single(cls, number: RuleNumber) -> Target:
        return cls(number, number)

    @property
    def is_range(self) -> bool:
        return self.first != self.last

    def __str__(self) -> str:
        return f"{self.first}–{self.last}" if self.is_range else str(self.first)


@dataclass(frozen=True, slots=True)
class Reference:
    """A reference phrase as found in a text: the exact substring, where it is
    (``text[start:end] == phrase``) and what it cites, in the order written."""

    phrase: str
    start: int
    end: int
    targets: tuple[Target, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    """The existing numbers something cites, and what it cites that is absent."""

    numbers: frozenset[RuleNumber]
    missing: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.missing

    def __or__(self, other: Resolution) -> Resolution:
        missing = self.missing + tuple(m for m in other.missing if m not in self.missing)
        return Resolution(self.numbers | other.numbers, missing)


# -- grammar ------------------------------------------------------------------------

# Every reference but a section holds three digits in a row.  Scanning for exactly
# this (no lookarounds, no repeat) is the fastest pattern Python's re offers here.
_DIGITS = re.compile(r"[0-9][0-9][0-9]")
# A reference number never follows a letter, digit, dot, dash or slash: "Celebr-8000",
# "2.5", "+1/+1", the "019" of "2019", the "03.9" of "903.9" stay out.
_NOT_BEFORE = frozenset("0123456789.-–/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

# A chapter, rule or subrule (613, 613.2, 613.2a), optionally a range: "–" or "-"
# then a full number (903.6–903.11), the last component (119.7–8) or a letter
# (903.9b–c).  Never followed by a letter, digit or decimal part.
_ITEM = re.compile(
    r"(?P<chapter>[0-9]{3})(?:\.(?P<rule>[0-9]{1,3})(?P<letter>[a-z])?)?"
    r"(?:(?:\s?[-–~～]\s?|至)(?P<tail>[0-9]{3}\.[0-9]{1,3}[a-z]?|[0-9]{1,3}[a-z]?|[a-z]))?"
    r"(?![0-9A-Za-z]|\.[0-9])"
)
_SECTION_ITEM = re.compile(r"[1-9](?![0-9]|\.[0-9])")
#: A lone letter in a list, continuing the subrule before it ("rules 608.3a and b"): one
#: letter, not the first of a word ("702.19b and creatures").
LETTER_ITEM = re.compile(r"[a-z](?![0-9A-Za-z])")


@dataclass(frozen=True, slots=True)
class _Grammar:
    """The compiled patterns of one language."""

    sections: re.Pattern[str]  # finds "section 8" / "第8章" (group ``n`` at the digit)
    section_hint: str  # a literal that any section reference contains
    lead: re.Pattern[str]  # "See rule " / "section " before a number, matched reversed
    item_word: re.Pattern[str]  # "rule " repeated inside a list
    title: re.Pattern[str]  # ", “Declare Blockers Step”"
    sep: re.Pattern[str]  # ", and " between list items
    sep_after_title: re.Pattern[str]  # also a bare space: “Dash,” 702.152
    closes: re.Pattern[str]  # what may follow a bare 3-digit number inside a list
    section_close: re.Pattern[str] | None = None  # the 章 of 第8章


def _lead(
    *, see: tuple[str, ...], rule: tuple[str, ...], section: tuple[str, ...], spaced: bool = True,
    tight: tuple[str, ...] = (),
) -> re.Pattern[str]:
    """The words that may stand right before a cited number ("See also rules ",
    "section ", "参见规则"), as a pattern to match on the *reversed* text before it;
    ``tight``: those of them also written against the number ("CR729.2a").

    Matching backwards from the number is a single anchored attempt, where a forward
    search would have to try every position of the text before it."""
    space = r"\s+" if spaced else r"\s*"
    edge = r"(?![^\W\d_])" if spaced else ""  # the word must start at a word boundary

    def words(phrases: tuple[str, ...]) -> str:
        backwards = (space.join(w[::-1] for w in reversed(p.split())) for p in phrases)
        return "|".join(sorted(backwards, key=len, reverse=True))

    see_part = rf"(?:{words(see)}){edge}"
    against = rf"|(?:{words(tight)}){edge}(?:{space}{see_part})?" if tight else ""
    return re.compile(
        rf"{space}(?:(?:(?P<section>{words(section)})|{words(rule)}){edge}(?:{space}{see_part})?|{see_part}){against}"
    )


_EN = _Grammar(
    sections=re.compile(r"ections?\s+(?P<n>)(?=[1-9](?![0-9]))"),
    section_hint="ection",
    lead=_lead(
        see=("See", "see", "See also", "see also"),
        # "chapter 722" and "CR 722" are judges' words, not the rules' (no edition writes
        # them): read so that `kb cite` follows an article's citations.
        rule=("rule", "rules", "Rule", "Rules", "chapter", "chapters", "Chapter", "Chapters", "CR"),
        section=("section", "sections", "Section", "Sections"),
        tight=("CR",),  # "CR729.2a", as judges also write it (no edition does)
    ),
    item_word=re.compile(r"(?:[Rr]ules?|[Cc]hapters?|(?P<section>[Ss]ections?))\s+"),
    title=re.compile(r",\s*[“\"][^”\"\n]{1,80}[”\"]"),
    sep=re.compile(r"\s*,\s*(?:(?:and|or|and/or)\s+)?|\s+(?:and|or|and/or)\s+"),
    sep_after_title=re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:(?:and|or)\s+)?"),
    closes=re.compile(r"\s*(?:[^\w\s]|\Z)|\s+(?:and|or)\s+[0-9]"),
)

_IT = _Grammar(
    sections=re.compile(r"ezion[ei]\s+(?P<n>)(?=[1-9](?![0-9]))"),
    section_hint="ezion",
    lead=_lead(
        see=("Vedi", "vedi", "Vedi anche", "vedi anche"),
        rule=("regola", "regole", "Regola", "Regole", "capitolo", "capitoli", "Capitolo", "Capitoli"),
        section=("sezione", "sezioni", "Sezione", "Sezioni"),
    ),
    item_word=re.compile(r"(?:[Rr]egol[ae]|[Cc]apitol[oi]|(?P<section>[Ss]ezion[ei]))\s+"),
    title=re.compile(r",\s*[“\"«][^”\"»\n]{1,80}[”\"»]"),
    sep=re.compile(r"\s*,\s*(?:(?:e|ed|o|oppure)\s+)?|\s+(?:e|ed|o|oppure)\s+"),
    sep_after_title=re.compile(r"\s*,\s*(?:(?:e|ed|o)\s+)?|\s+(?:(?:e|ed|o)\s+)?"),
    closes=re.compile(r"\s*(?:[^\w\s]|\Z)|\s+(?:e|ed|o)\s+[0-9]"),
)

_ZH_AND = r"(?:以及|及|和|与|或者|或)"
_ZH = _Grammar(
    sections=re.compile(r"第\s*(?P<n>)(?=[1-9]\s*章)"),
    section_hint="第",
    lead=_lead(see=("参见", "参阅", "详见"), rule=("规则",), section=("第",), spaced=False),
    item_word=re.compile(r"(?:规则|(?P<section>第))\s*"),
    title=re.compile(r"[，,]\s*“[^”\n]{1,60}”"),
    sep=re.compile(rf"\s*[、，,]\s*{_ZH_AND}?\s*|\s*{_ZH_AND}\s*"),
    sep_after_title=re.compile(rf"\s*[、，,]\s*{_ZH_AND}?\s*|\s*{_ZH_AND}\s*"),
    closes=re.compile(rf"\s*(?:[^\w\s]|\Z)|\s*{_ZH_AND}\s*[0-9]"),
    section_close=re.compile(r"\s*章"),
)

# Simplified Chinese only: a traditional text writes 規則 and is refused, not misread.
_GRAMMARS = {"en": _EN, "it": _IT, "zh": _ZH, "zh-Hans": _ZH, "zh-hans": _ZH, "zh-cn": _ZH, "zh-sg": _ZH}
_LOOKBACK = 24  # longer than the longest lead, "Vedi anche regole "


def _grammar(lang: str) -> _Grammar:
    try:
        return _GRAMMARS[lang.lower().replace("_", "-")]
    except KeyError:
        raise ValueError(f"no reference grammar for language {lang!r}") from None


# -- extraction ---------------------------------------------------------------------


#: A glossary entry sending the reader to another entry ("Swampcycling: See Typecycling.",
#: "参见类别循环。", "Vedi …"): the words after it, up to the sentence's end, name that entry.
_SEE_ENTRY = {"en": re.compile(r"\bSee (?P<also>also )?([^.;]+)"),
              "it": re.compile(r"\bVedi (?P<also>anche )?([^.;]+)"),
              "zh": re.compile(r"参见(?P<also>)([^。；，,]+)")}


def entries_seen(text: str, lang: str) -> list[str]:
    """The names a glossary text sends the reader to ("See Typecycling." → Typecycling), as
    written, quotes stripped; a "See rule 702.29" yields "rule 702", which names no entry."""
    pattern = _SEE_ENTRY.get(base_lang(lang))
    return [m.group(2).strip(" “”\"'") for m in pattern.finditer(text)] if pattern else []


def cites_through(lang: str, entries: Mapping[int, tuple[Sequence[str], Sequence[str]]],
                  cites: Mapping[int, Sequence[str]]) -> dict[int, tuple[str, ...]]:
    """What each glossary entry of one language and edition cites (``entries``: its names and
    senses by id; ``cites``: what each cites itself): its own citations, else those of the entries
    it sends the reader to ("Swampcycling: See Typecycling.", "APNAP Order: See Active Player,
    Nonactive Player Order.": :func:`entries_seen`), followed as far as they go, loops cut."""
    fold = str if lang.casefold().startswith(("zh", "ja", "ko")) else str.casefold
    by_name = {fold(name): entry for entry, (names, _) in entries.items() for name in names}
    seen = {entry: [by_name[fold(name)] for sense in senses for name in entries_seen(sense, lang)
                    if fold(name) in by_name] for entry, (_, senses) in entries.items()}

    def followed(entry: int, visited: frozenset[int]) -> tuple[str, ...]:
        own = tuple(cites.get(entry, ()))
        if own or entry in visited:
            return own
        return tuple(dict.fromkeys(n for other in seen[entry] for n in followed(other, visited | {entry})))

    return {entry: followed(entry, frozenset()) for entry in entries}


def headwords_seen(lang: str, entries: Mapping[int, tuple[Sequence[str], Sequence[str]]],
                   cites: Mapping[int, Sequence[str]]) -> dict[int, tuple[str, ...]]:
    """The headwords of the entries each glossary entry citing no rule sends the reader to
    ("Swampcycling: See Typecycling." → Typecycling, as that entry writes it), for the entries
    that send to one (``entries`` and ``cites`` as :func:`cites_through` reads them): the rule
    naming the entry followed is the one to read first among those it cites (702.29e, not 702.29a)."""
    fold = str if lang.casefold().startswith(("zh", "ja", "ko")) else str.casefold
    by_name = {fold(name): names[0] for names, _ in entries.values() for name in names}
    found = {entry: tuple(dict.fromkeys(by_name[fold(name)] for sense in senses for name in entries_seen(sense, lang)
                                        if fold(name) in by_name))
             for entry, (_, senses) in entries.items() if not cites.get(entry)}
    return {entry: names for entry, names in found.items() if names}



def entry_pointed(text: str, lang: str) -> str | None:
    """The entry a glossary definition is only a pointer to: X when the whole definition is
    "See X." ("APNAP Order": "See Active Player, Nonactive Player Order."), quotes stripped;
    None for a definition of its own, even one ending "See also X"."""
    pattern = _SEE_ENTRY.get(base_lang(lang))
    whole = " ".join(text.split())
    if pattern is None or not whole.endswith((".", "。")):
        return None
    match = pattern.fullmatch(whole[:-1])
    return match.group(2).strip(" “”\"'") if match and not match["also"] else None


def extract(text: str, lang: str) -> list[Reference]:
    """All references in ``text`` (the body of a rule, an example, a glossary entry).

    ``lang`` is ``en``, ``it`` or ``zh-Hans`` (``zh`` accepted).  Give the text
    without the rule's own leading number: that number is not a reference."""
    grammar = _GRAMMARS.get(lang) or _grammar(lang)
    if not _has_digit(text):
        return []
    candidates = [m.start() for m in _DIGITS.finditer(text)]
    if grammar.section_hint in text:
        candidates = sorted({*candidates, *(m.start("n") for m in grammar.sections.finditer(text))})
    found: list[Reference] = []
    end = 0
    for pos in candidates:
        if pos < end or (pos > 0 and text[pos - 1] in _NOT_BEFORE and not _lead_against(text, pos, grammar)):
            continue  # inside the previous phrase, or part of "2019", "Celebr-8000"
        reference = _read_phrase(text, pos, grammar)
        if reference is not None:
            found.append(reference)
            end = reference.end
    return found


def _lead_against(text: str, pos: int, g: _Grammar) -> bool:
    """The letter before ``pos`` ends a lead written against the number ("CR729.2a"): only a
    lead of :func:`_lead`'s ``tight`` words matches there, the others end in a space."""
    return text[pos - 1].isalpha() and g.lead.match(text[max(0, pos - _LOOKBACK) : pos][::-1]) is not None


def _has_digit(text: str) -> bool:
    """Most rule bodies hold no digit at all.  ``in`` with one character is a memchr,
    and ten of them cost less than one pass of the regex engine over the text."""
    return (
        "1" in text or "2" in text or "0" in text or "3" in text or "4" in text
        or "5" in text or "6" in text or "7" in text or "8" in text or "9" in text
    )


def cited(text: str, lang: str) -> list[Target]:
    """Every target cited in ``text``, in order (duplicates kept)."""
    return [target for reference in extract(text, lang) for target in reference.targets]


def _read_phrase(text: str, pos: int, g: _Grammar) -> Reference | None:
    """Read the reference phrase (a list of items) whose first number is at ``pos``."""
    lead = g.lead.match(text[max(0, pos - _LOOKBACK) : pos][::-1])
    anchored = lead is not None
    start = pos - lead.end() if lead is not None else pos
    section = lead is not None and lead["section"] is not None
    first = _read_item(text, pos, g, section=section, previous=None)
    if first is None:
        return None
    target, end = first
    title = g.title.match(text, end)
    if not anchored and target.first.depth == 1 and title is None:
        return None  # a bare three-digit number: "100 cards", "999,999"
    targets = [target]
    if title is not None:
        end = title.end()
    while True:
        after_title = text[end - 1] in "”\"»"
        sep = (g.sep_after_title if after_title else g.sep).match(text, end)
        if sep is None:
            break
        pos = sep.end()
        word = g.item_word.match(text, pos)
        if word is not None:
            pos = word.end()
        section = word is not None and word["section"] is not None
        item = _read_item(text, pos, g, section=section, previous=targets[-1])
        if item is None:
            break
        target, item_end = item
        if target.first.depth == 1 and not target.is_range and word is None:
            # A bare chapter inside a list: "rules 614 and 615", "703，“…”和704".
            titled = g.title.match(text, item_end) is not None
            if not titled and (not anchored or not g.closes.match(text, item_end)):
                break  # "rule 903, 100 cards": a count, not a chapter
        targets.append(target)
        end = _skip_title(text, item_end, g)
    return Reference(text[start:end], start, end, tuple(targets))


def _skip_title(text: str, pos: int, g: _Grammar) -> int:
    title = g.title.match(text, pos)
    return title.end() if title else pos


def _read_item(
    text: str, pos: int, g: _Grammar, *, section: bool, previous: Target | None
) -> tuple[Target, int] | None:
    """One list item at ``pos``: a number or range, a section, or a lone letter."""
    if section:
        match = _SECTION_ITEM.match(text, pos)
        if match is not None:
            end = match.end()
            if g.section_close is not None:  # 第8章: the 章 belongs to the phrase
                close = g.section_close.match(text, end)
                end = close.end() if close else -1
            if end >= 0:
                return Target.single(RuleNumber(int(match.group()))), end
    match = _ITEM.match(text, pos)
    if match is not None:
        chapter, rule, letter, tail = match.group("chapter", "rule", "letter", "tail")
        first = _number(chapter, rule, letter)
        if first is None:
            return None  # "050", "601.2l"
        last = range_end(first, tail) if tail else first
        if last is None:  # "613.2–x" is no range: keep the first number alone
            return Target.single(first), match.end("letter" if letter else "rule" if rule else "chapter")
        return Target(first, last), match.end()
    # "rules 608.3a and b": a lone letter continues the previous subrule
    match = LETTER_ITEM.match(text, pos)
    if match is None or previous is None:
        return None
    number = continued(previous.last, match.group())
    return (Target.single(number), match.end()) if number is not None else None


def continued(previous: RuleNumber, letter: str) -> RuleNumber | None:
    """The subrule a lone ``letter`` names in a list after ``previous`` ("608.3a and b" is
    608.3b), as the rules write it and a query may: a letter subrules have (never l or o),
    after ``previous``'s own, else ``None`` ("702.19b and a creature" names no 702.19a)."""
    if previous.letter is None or letter not in LETTERS or letter <= previous.letter:
        return None
    return RuleNumber(previous.chapter, previous.rule, letter)


@lru_cache(maxsize=16384)
def _number(chapter: str, rule: str | None, letter: str | None) -> RuleNumber | None:
    """A number from its written parts; cached, as editions cite the same few thousand."""
    try:
        return RuleNumber(int(chapter), int(rule) if rule else None, letter)
    except RuleNumberError:
        return None


def range_end(first: RuleNumber, tail: str) -> RuleNumber | None:
    """The last number of ``first–tail``, or ``None`` if that is no sensible range."""
    last = range_other_end(first, tail)
    if last is None or last.depth != first.depth or not first < last:
        return None
    return last


def range_other_end(first: RuleNumber, tail: str) -> RuleNumber | None:
    """The number ``tail`` names as the other end of a range from ``first``, in whichever
    order or depth (``702.19c-a``: 702.19a), or ``None`` if it names none."""
    try:
        if "." in tail:
            last = RuleNumber.parse(tail)  # 903.6–903.11
        elif tail.isalpha():
            if first.letter is None:
                return None
            last = RuleNumber(first.chapter, first.rule, tail)  # 903.9b–c
        elif first.depth <= 1 and tail.isdigit():
            last = RuleNumber.parse(tail)  # 700–702; sections 1–3
        elif first.depth == 2 and tail.isdigit():
            last = RuleNumber(first.chapter, int(tail))  # 119.7–8
        elif first.depth == 3 and not tail.isdigit():
            last = RuleNumber(first.chapter, int(tail[:-1]), tail[-1])  # 601.2a–3b
        else:
            return None
    except RuleNumberError:
        return None
    return last


# -- resolution ---------------------------------------------------------------------


def resolve_target(
    item: Target | Reference | RuleNumber, existing: Collection[RuleNumber]
) -> Resolution:
    """Map a target (or all targets of a reference) onto the numbers that exist.

    ``existing`` holds the numbers of one edition: a set (hash lookups) or a
    *sorted* sequence (bisect); either way no reference costs a scan of the
    edition.  A single number resolves to itself (a chapter to the chapter, a
    section to the section); a range to the existing numbers from ``first`` to
    ``last`` at their depth, i.e. the siblings really in between.  Every cited
    number (a single one or a range's end) that does not exist is listed in
    ``missing``: a reader must see what did not resolve."""
    if isinstance(item, Reference):
        targets: Iterable[Target] = item.targets
    else:
        targets = (Target.single(item) if isinstance(item, RuleNumber) else item,)
    return _resolve(targets, existing)


def resolve(item: Target | Reference | RuleNumber, existing: Collection[RuleNumber]) -> frozenset[RuleNumber]:
    """The existing numbers a target or reference stands for (see :func:`resolve_target`)."""
    return resolve_target(item, existing).numbers


def resolve_all(references: Iterable[Reference], existing: Collection[RuleNumber]) -> Resolution:
    """One resolution for many references (all those of one rule, say)."""
    return _resolve((t for r in references for t in r.targets), existing)


def expand(target: Target, existing: Collection[RuleNumber]) -> list[RuleNumber]:
    """The existing numbers a target stands for, in rule order (a range as a reader
    walks it: 704.5k–m is [704.5k, 704.5m])."""
    ordered = _is_sequence(existing)
    if target.is_range:
        return _span(target.first, target.last, existing, ordered)
    return [target.first] if _has(existing, target.first, ordered) else []


def _resolve(targets: Iterable[Target], existing: Collection[RuleNumber]) -> Resolution:
    ordered = _is_sequence(existing)
    numbers: set[RuleNumber] = set()
    missing: list[str] = []
    for target in targets:
        first, last = target.first, target.last
        single = first is last or first == last
        for end in (first,) if single else (first, last):
            if (end in existing) if not ordered else _has(existing, end, ordered):
                if single:
                    numbers.add(end)
            elif str(end) not in missing:
                missing.append(str(end))
        if not single:
            numbers.update(_span(first, last, existing, ordered))
    if not numbers and not missing:
        return _NOTHING
    return Resolution(frozenset(numbers), tuple(missing))


_NOTHING = Resolution(frozenset())


def _is_sequence(existing: Collection[RuleNumber]) -> bool:
    """A sorted sequence (searched with bisect) rather than a set (hashed)?"""
    kind = type(existing)
    if kind is frozenset or kind is set:
        return False
    return kind is list or kind is tuple or isinstance(existing, Sequence)


def _has(existing: Collection[RuleNumber], number: RuleNumber, ordered: bool) -> bool:
    if not ordered:
        return number in existing
    existing = cast(Sequence[RuleNumber], existing)
    i = bisect_left(existing, number)
    return i < len(existing) and existing[i] == number


def _span(
    first: RuleNumber, last: RuleNumber, existing: Collection[RuleNumber], ordered: bool
) -> list[RuleNumber]:
    """Existing numbers from ``first`` to ``last`` at the depth of either end, in order."""
    if last < first:
        return []
    depths = {first.depth, last.depth}
    if ordered:
        existing = cast(Sequence[RuleNumber], existing)
        lo, hi = bisect_left(existing, first), bisect_right(existing, last)
        return [n for n in existing[lo:hi] if n.depth in depths]
    if first.parent == last.parent and first.depth == last.depth:
        # Walk the possible siblings with RuleNumber.next (which knows that "l" and
        # "o" are skipped) and keep those that exist: a few dozen lookups at most.
        numbers: list[RuleNumber] = []
        number: RuleNumber | None = first
        while number is not None and not last < number:
            if number in existing:
                numbers.append(number)
            number = number.next()
        return numbers
    return sorted(n for n in existing if first <= n <= last and n.depth in depths)
