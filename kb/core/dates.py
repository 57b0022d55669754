"""Dates written in the documents, read with the month names babel knows per locale."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from kb.core.text import base_lang

_CJK_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_ISO_IN_NAME = re.compile(r"(?<!\d)(\d{4})-?(\d{2})-?(\d{2})(?!\d)")


@cache
def _months(lang: str) -> dict[str, int]:
    """Month name (wide and abbreviated, lower case) -> month number."""
    from babel import Locale  # lazy: babel's import is ~10 ms of every `kb` process that reads no date
    from babel.dates import get_month_names

    locale = Locale.parse(lang.replace("-", "_"))
    names: dict[str, int] = {}
    for width in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for number, name in get_month_names(width, context, locale).items():
                names[name.lower().rstrip(".")] = number
    return names


@cache
def _written_date(lang: str) -> re.Pattern[str]:
    months = "|".join(sorted(map(re.escape, _months(lang)), key=len, reverse=True))
    return re.compile(
        rf"(?:(?P<m1>{months})\.?\s+(?P<d1>\d{{1,2}}),?\s+(?P<y1>\d{{4}})"
        rf"|(?P<d2>\d{{1,2}})(?:º|°)?\s+(?P<m2>{months})\.?\s+(?P<y2>\d{{4}}))",
        re.IGNORECASE,
    )


def find_date(text: str, lang: str) -> dt.date | None:
    """The first date written in ``text`` in language ``lang`` ("January 16, 2026",
    "17 aprile 2026", "2026年4月17日"), or ``None``."""
    match = _CJK_DATE.search(text)
    if match:
        return _date(*map(int, match.groups()))
    base = base_lang(lang)
    if base == "zh":
        return None
    match = _written_date(base).search(text)
    if not match:
        return None
    month_name = (match["m1"] or match["m2"]).lower().rstrip(".")
    day = int(match["d1"] or match["d2"])
    year = int(match["y1"] or match["y2"])
    return _date(year, _months(base)[month_name], day)


def date_in_file_name(name: str) -> dt.date | None:
    """Publication dates in file names: ``MagicCompRules-2026-01-16.txt``, ``...20260116.txt``."""
    match = _ISO_IN_NAME.search(name)
    return _date(*map(int, match.groups())) if match else None


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_iso(text: object) -> dt.date | None:
    """A date written exactly ``YYYY-MM-DD``, else ``None``.  (``date.fromisoformat``
    also takes ``20260417`` and ``2026-W16-5``: not what a user or a data file means.)"""
    if not isinstance(text, str) or not _ISO_DATE.fullmatch(text):
        return None
    return _date(int(text[:4]), int(text[5:7]), int(text[8:]))


def iso_problem(text: str) -> str:
    """Why ``text`` is no ``YYYY-MM-DD`` date, said so a user can fix it: the shape when it
    is not written so, else the part that does not exist (``2026-13-45`` was told to "use
    YYYY-MM-DD", which it does).  For a text :func:`parse_iso` refuses."""
    if not _ISO_DATE.fullmatch(text):
        return f"{text!r} is not a date (use YYYY-MM-DD)"
    year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
    if not 1 <= month <= 12:
        return f"{text!r} is no date: there is no month {month} (months are 01 to 12)"
    if year < 1 or day < 1:
        return f"{text!r} is no date: there is no {'year' if year < 1 else 'day'} 0"
    days = ((dt.date(year + month // 12, month % 12 + 1, 1)) - dt.date(year, month, 1)).days
    return f"{text!r} is no date: {dt.date(year, month, 1):%B} {year} has {days} days, not {day}"
