"""A card's rulings page: a title (the card's name, in any language) and dated rulings.

Seed 003 is such a page::

    非瑞克西亚龙引擎

    14/10/2022

    One card in each pair of meld cards has an ability that ...

    14/10/2022

    ...

Numeric dates are ambiguous: ``05/10/2022`` is 5 October or May 10.  The order of day
and month is never guessed silently.  It is decided, in this order, by

1. the dates on the page itself: ``14/10/2022`` can only be day-first, and one such
   date settles the whole page (a page does not mix orders);
2. the source's locale, through the short date pattern CLDR gives for it (babel):
   ``en_GB`` is ``dd/MM/y`` (day-first), ``en`` is ``M/d/yy`` (month-first);
3. otherwise the dates stay unknown and the page reports the problem.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum

from babel import Locale, UnknownLocaleError
from babel.dates import get_date_format

from kb.core.model import Problem, Severity
from kb.core.text import to_simplified
from kb.core.textio import SourceText

FORMAT = "rulings-page"

_DATE_LINE = re.compile(r"^\s*(?P<a>\d{1,4})\s*(?P<sep>[/.\-])\s*(?P<b>\d{1,2})\s*(?P=sep)\s*(?P<c>\d{1,4})\s*$")


class Order(StrEnum):
    """How the three numbers of a date are read."""

    YMD = "year-month-day"
    DMY = "day-month-year"
    MDY = "month-day-year"


@dataclass(frozen=True, slots=True)
class Ruling:
    """One dated ruling; ``date`` is ``None`` when its order could not be decided."""

    date: dt.date | None
    text: str
    line: int
    date_text: str


@dataclass(slots=True)
class RulingsPage:
    """Everything read from one rulings page."""

    path: str
    sha256: str
    title: str
    lang_of_title: str | None
    rulings: list[Ruling] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    date_order: Order | None = None
    date_order_evidence: str = ""


@dataclass(frozen=True, slots=True)
class _RawDate:
    text: str
    line: int
    numbers: tuple[int, int, int]
    widths: tuple[int, int, int]


def looks_like(source: SourceText) -> bool:
    """A short first line, then mostly lines that are numeric dates or paragraphs after them."""
    lines = [line.strip() for line in source.lines if line.strip()]
    if len(lines) < 3 or len(lines[0]) > 80 or _DATE_LINE.match(lines[0]):
        return False
    dates = sum(1 for line in lines[1:] if _DATE_LINE.match(line))
    return bool(_DATE_LINE.match(lines[1])) and 2 * dates >= len(lines) - 2


def parse(source: SourceText, locale: str | None = None) -> RulingsPage:
    """Read a rulings page; ``locale`` (``en_GB``, ``it``...) is the source's, if known."""
    numbered = [(index + 1, line.strip()) for index, line in enumerate(source.lines)]
    content = [(n, text) for n, text in numbered if text]
    if not content:
        return RulingsPage(source.path, source.sha256, "", None,
                           problems=[Problem(source.path, None, "empty rulings page", Severity.DAMAGE)])
    title_line, title = content[0]
    page = RulingsPage(source.path, source.sha256, title, script_language(title))
    entries = _entries(content[1:], page)
    order, evidence = decide_order([raw for raw, _ in entries], locale)
    page.date_order, page.date_order_evidence = order, evidence
    if order is None and entries:
        page.problems.append(Problem(source.path, entries[0][0].line, evidence))
    for raw, paragraphs in entries:
        date = _as_date(raw, order) if order else None
        if order and date is None:
            page.problems.append(Problem(source.path, raw.line, f"{raw.text} is not a date when read {order.value}",
                                         Severity.DAMAGE))
        if not paragraphs:
            page.problems.append(Problem(source.path, raw.line, f"date {raw.text} has no ruling after it"))
            continue
        text = "\n".join(t for _, t in paragraphs)
        page.rulings.append(Ruling(date, text, paragraphs[0][0], raw.text))
    if not page.rulings:
        page.problems.append(Problem(source.path, title_line, "no dated rulings after the title", Severity.DAMAGE))
    return page


def _entries(content: list[tuple[int, str]], page: RulingsPage) -> list[tuple[_RawDate, list[tuple[int, str]]]]:
    """Group the lines after the title into (date, paragraphs) pairs."""
    entries: list[tuple[_RawDate, list[tuple[int, str]]]] = []
    for number, text in content:
        match = _DATE_LINE.match(text)
        if match:
            parts = (match["a"], match["b"], match["c"])
            raw = _RawDate(text, number, tuple(int(p) for p in parts), tuple(len(p) for p in parts))  # type: ignore[arg-type]
            entries.append((raw, []))
        elif entries:
            entries[-1][1].append((number, text))
        else:
            page.problems.append(Problem(page.path, number, f"text before the first date: {text[:60]!r}"))
    return entries


def possible_orders(raw: _RawDate) -> set[Order]:
    """The readings under which a date's numbers make a real calendar date."""
    return {order for order in Order if _as_date(raw, order) is not None}


def decide_order(dates: list[_RawDate], locale: str | None) -> tuple[Order | None, str]:
    """One order for the whole page, with the reason (or the problem, when ``None``)."""
    if not dates:
        return None, "no dates on the page"
    common = set(Order)
    for raw in dates:
        common &= possible_orders(raw)
    if len(common) == 1:
        order = common.pop()
        telling = next((raw for raw in dates if len(possible_orders(raw)) == 1), dates[0])
        return order, f"{telling.text} (line {telling.line}) can only be read {order.value}"
    if not common:
        return None, "the dates on this page need different day/month orders; left undated"
    locale_order = locale_date_order(locale) if locale else None
    if locale_order in common:
        return locale_order, f"every date is ambiguous; decided by the {locale} date pattern ({locale_order.value})"
    reason = f"locale {locale!r} does not settle it" if locale else "no source locale given"
    sample = dates[0].text
    return None, f"every date on the page is ambiguous (e.g. {sample}: {' or '.join(sorted(common))}); {reason}"


def locale_date_order(locale: str) -> Order | None:
    """The order of the locale's short date pattern in CLDR (``en_GB`` -> day-first)."""
    try:
        pattern = get_date_format("short", locale=Locale.parse(locale.replace("-", "_"))).pattern
    except (ValueError, UnknownLocaleError):
        return None
    positions = {letter: pattern.find(letter) for letter in "yMd"}
    if min(positions.values()) < 0:
        return None
    ranked = "".join(sorted(positions, key=lambda letter: positions[letter]))
    return {"yMd": Order.YMD, "dMy": Order.DMY, "Mdy": Order.MDY}.get(ranked)


def _as_date(raw: _RawDate, order: Order) -> dt.date | None:
    a, b, c = raw.numbers
    wide = raw.widths
    if order is Order.YMD:
        if wide[0] != 4:
            return None
        year, month, day = a, b, c
    else:
        if wide[2] != 4:
            return None
        year = c
        day, month = (a, b) if order is Order.DMY else (b, a)
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def script_language(title: str) -> str | None:
    """The language a title's script tells for sure: Chinese (simplified or traditional
    by conversion), Japanese (kana), Korean (hangul); ``None`` for Latin and mixed
    scripts, whose language only a name lookup can tell."""
    names = [unicodedata.name(ch, "") for ch in title if not ch.isspace()]
    if any(n.startswith(("HIRAGANA", "KATAKANA")) for n in names):
        return "ja"
    if any(n.startswith("HANGUL") for n in names):
        return "ko"
    if any(n.startswith("CYRILLIC") for n in names):
        return "ru"
    if any(n.startswith("CJK UNIFIED") for n in names):
        return "zh-Hans" if to_simplified(title) == title else "zh-Hant"
    return None
