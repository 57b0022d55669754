"""Ingesters: one module per kind of source document, chosen by detection.

Each ingester turns a :class:`~kb.core.textio.SourceText` into a :class:`~kb.core.model.Document`.
Detection looks at the text itself; a manifest or the command line may override
the format and the language when detection alone cannot be sure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kb.core.errors import KbError
from kb.core.lang import guess_lang, normalize_tag
from kb.core.model import Document
from kb.core.textio import SourceText
from kb.ingest import cr_lines, cr_text, cr_zh, rule_page

#: The official layout's words per language.
LAYOUTS: dict[str, cr_text.Layout] = {
    layout.lang: layout for layout in (cr_text.ENGLISH, cr_text.ITALIAN, cr_zh.CHINESE)
}


@dataclass(frozen=True)
class Ingester:
    format: str
    description: str
    looks_like: Callable[[SourceText], bool]
    parse: Callable[[SourceText, str], Document]


def _official_layout(source: SourceText) -> bool:
    return _layout_of(source) is not None


def _layout_of(source: SourceText) -> cr_text.Layout | None:
    """The official layout whose glossary heading stands on a line of its own, twice
    (contents, then the glossary itself)."""
    headings = [line.strip() for line in source.lines if len(line) < 40]
    for layout in LAYOUTS.values():
        if sum(headings.count(word) for word in layout.glossary) >= 2:
            return layout
    return None


def _layout(lang: str) -> cr_text.Layout:
    if lang not in LAYOUTS:
        raise KbError(f"no rules layout for language {lang!r} (known: {', '.join(LAYOUTS)})")
    return LAYOUTS[lang]


INGESTERS: tuple[Ingester, ...] = (
    Ingester(rule_page.FORMAT, "a rules web page: one rule, unnumbered subrules",
             rule_page.looks_like, rule_page.parse),
    Ingester(cr_text.FORMAT, "Comprehensive Rules in the official layout (any language)",
             _official_layout, lambda source, lang: cr_text.parse(source, _layout(lang))),
    Ingester(cr_lines.FORMAT, "numbered rule lines without headings",
             cr_lines.looks_like, lambda source, lang: cr_lines.parse(source, _layout(lang))),
)

BY_FORMAT = {ingester.format: ingester for ingester in INGESTERS}


def detect(source: SourceText) -> tuple[str, str]:
    """``(format, language)`` of a source, or :class:`KbError` if no ingester fits."""
    for ingester in INGESTERS:
        if ingester.looks_like(source):
            layout = _layout_of(source) if ingester.format == cr_text.FORMAT else None
            return ingester.format, layout.lang if layout else guess_lang(source.text)
    first = next((line.strip() for line in source.lines if line.strip()), "")
    raise KbError(f"unknown format: no ingester recognises this document (first line: {first[:60]!r}; "
                  f"known formats: {', '.join(BY_FORMAT)})", source.path, 1)


def ingest(source: SourceText, fmt: str | None = None, lang: str | None = None) -> Document:
    """Parse a source with the given or detected format and language."""
    if fmt is None or lang is None:
        detected_format, detected_lang = detect(source) if fmt is None else (fmt, guess_lang(source.text))
        fmt, lang = fmt or detected_format, lang or detected_lang
    if fmt not in BY_FORMAT:
        raise KbError(f"unknown format {fmt!r} (known: {', '.join(BY_FORMAT)})", source.path)
    return BY_FORMAT[fmt].parse(source, normalize_tag(lang))
