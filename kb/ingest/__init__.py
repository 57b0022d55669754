"""Ingesters: one registry of every input format, and one function that tells a file's format.

A file is read once and detected once, by :func:`read_file`: ``.json`` files are MTGJSON
card data and ``.xml`` files MediaWiki exports (by suffix, then checked by content);
any other file is decoded as text and recognised by :func:`detect`, which looks at
the text itself, in an order where the stricter formats come first.  A manifest or
the command line may name the format and the language instead.

A text that looks like rules is read as rules or refused: a rules file cut short is
a damaged rules document (the build stops on it), never a wiki page, and a rules
file in a language kb has no layout for is refused with the language named.

A bilingual source (the judge wiki's DokuWiki pages: each rule in English and in
Chinese) is read into one :class:`Document` per language: a ``Document`` is one
language's text, so the file's :class:`Read` holds a tuple of them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.core.errors import KbError
from kb.core.lang import guess_lang, identify, language_label, normalize_tag
from kb.core.model import Document
from kb.core.textio import SourceText, decode_source
from kb.ingest import cr_lines, cr_text, cr_zh, dokuwiki, rule_page

if TYPE_CHECKING:
    from kb.ingest.mtgjson import CardFile
    from kb.ingest.rulings_page import RulingsPage
    from kb.ingest.wiki import WikiPage

#: The official layout's words per language.
LAYOUTS: dict[str, cr_text.Layout] = {
    layout.lang: layout for layout in (cr_text.ENGLISH, cr_text.ITALIAN, cr_zh.CHINESE)
}

#: A text with at least this many lines that start with a rule number ("702.19a ...") is
#: a rules text, whatever else it holds: read as rules or refused, never as a page.
#: The seeds' pages have none; a rules file cut after its contents has hundreds.
RULES_LIKE_LINES = 20


@dataclass(frozen=True)
class Format:
    """One input format kb reads."""

    name: str
    description: str
    rules: bool  # True: a rules document (Document); False: card data or a page, for the card phase
    suffix: str | None = None  # recognised by the file's suffix, then checked by content


CR_TEXT, CR_LINES, RULE_PAGE, DOKUWIKI = cr_text.FORMAT, cr_lines.FORMAT, rule_page.FORMAT, dokuwiki.FORMAT
#: The card and page formats' modules load only when such a file is read (``kb show`` needs
#: the layouts above, not babel's date patterns or an XML parser); their names are these.
MTGJSON, RULINGS_PAGE, WIKI_PAGE, MEDIAWIKI = "mtgjson", "rulings-page", "wiki-page", "mediawiki-xml"

FORMATS: dict[str, Format] = {f.name: f for f in (
    Format(RULE_PAGE, "a rules web page: one rule, unnumbered subrules", rules=True),
    Format(CR_TEXT, "Comprehensive Rules in the official layout (English, Italian, Chinese)", rules=True),
    Format(CR_LINES, "numbered rule lines without headings", rules=True),
    Format(DOKUWIKI, "the Chinese judge wiki's DokuWiki rules pages: each rule in English and Chinese",
           rules=True),
    Format(RULINGS_PAGE, "a card's rulings page: a title, then dated rulings", rules=False),
    Format(WIKI_PAGE, "a wiki page about a mechanic, as plain text", rules=False),
    Format(MTGJSON, "MTGJSON card data (set files v4/v5, AtomicCards)", rules=False, suffix=".json"),
    Format(MEDIAWIKI, "a MediaWiki XML export of wiki pages", rules=False, suffix=".xml"),
)}
BY_SUFFIX = {f.suffix: f.name for f in FORMATS.values() if f.suffix}
#: Kept for callers that knew only the rules formats.
BY_FORMAT = {name: f for name, f in FORMATS.items() if f.rules}


@dataclass(frozen=True, slots=True)
class Read:
    """A file read as one format: a rules :class:`Document` (a tuple of them, one per
    language, from a bilingual source), MTGJSON card data, a rulings page or the pages
    of a wiki file."""

    path: str
    format: str
    lang: str | None
    sha256: str
    value: Document | tuple[Document, ...] | CardFile | RulingsPage | list[WikiPage]

    @property
    def documents(self) -> tuple[Document, ...]:
        """The rules documents read (none from card data or pages)."""
        if isinstance(self.value, Document):
            return (self.value,)
        return self.value if isinstance(self.value, tuple) else ()


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file in a folder that is not kb's kind of data, and why (listed, not read)."""

    reason: str


class UnknownFormat(KbError):
    """A text no ingester recognises: given by name, an error; found in a folder, skipped."""


# -- detection --------------------------------------------------------------------------


def _layout_of(source: SourceText) -> cr_text.Layout | None:
    """The official layout whose glossary heading stands on a line of its own (the
    contents name it; a complete file names it twice)."""
    headings = {line.strip() for line in source.lines if len(line) < 40}
    return next((layout for layout in LAYOUTS.values() if headings & set(layout.glossary)), None)


def _numbered_lines(source: SourceText) -> tuple[int, int]:
    """(lines that start with a rule number, non-blank lines)."""
    lines = [line for line in source.lines if line.strip()]
    return sum(1 for line in lines if cr_text.RULE_LINE.match(line)), len(lines)


def _rules_lang(source: SourceText) -> str:
    """The language of a rules text kb has a layout for, or a refusal naming it."""
    lang = identify(source.text)
    if lang not in LAYOUTS:
        raise KbError(f"a rules text in {language_label(lang)}: kb has no rules layout for it "
                      f"(known: {', '.join(LAYOUTS)})", source.path)
    return lang


def detect(source: SourceText) -> tuple[str, str]:
    """``(format, language)`` of a text, or :class:`KbError` if no format fits.

    The one place where a text's format is decided: a rule page by its heading; a rules
    text by its numbered lines (official layout if it has the layout's headings, bare
    lines otherwise; a file cut short keeps the contents that name the glossary, so it is
    read as the official layout and reported as damaged); then a rulings page; then a
    wiki page.  Many numbered rule lines in neither layout are refused, not read as a page."""
    if rule_page.looks_like(source):
        return RULE_PAGE, rule_page.lang_of(source)
    if dokuwiki.looks_like(source):
        return DOKUWIKI, "+".join(dokuwiki.LANGS)
    numbered, lines = _numbered_lines(source)
    layout = _layout_of(source) if numbered else None
    if layout is not None and numbered >= min(RULES_LIKE_LINES, lines // 2):
        return CR_TEXT, layout.lang
    if numbered and numbered >= 0.8 * lines:
        return CR_LINES, _rules_lang(source)
    if numbered >= RULES_LIKE_LINES:  # rules, but in no layout kb reads: refused, never taken for a page
        lang = _rules_lang(source)
        raise KbError(f"{numbered} numbered rule lines, but neither the official layout (no "
                      f"{LAYOUTS[lang].glossary[0]!r} heading) nor one rule per line ({numbered} of {lines} lines): "
                      "not a rules format kb reads", source.path)
    from kb.ingest import rulings_page, wiki

    if rulings_page.looks_like(source):
        return RULINGS_PAGE, guess_lang(source.text)
    if wiki.looks_like_text(source):
        return WIKI_PAGE, guess_lang(source.text)
    if dokuwiki.other_page(source):
        raise UnknownFormat("a page of the judge wiki's rules with neither rules nor glossary (contents, credits, "
                            "introduction, provisional translations): nothing kb reads", source.path, 1)
    first = next((line.strip() for line in source.lines if line.strip()), "")
    raise UnknownFormat(f"unknown format: no ingester recognises this document (first line: {first[:60]!r}; "
                  f"known formats: {', '.join(FORMATS)})", source.path, 1)


def _layout(lang: str) -> cr_text.Layout:
    if lang not in LAYOUTS:
        raise KbError(f"no rules layout for {language_label(lang)} (known: {', '.join(LAYOUTS)})")
    return LAYOUTS[lang]


def _known(fmt: str) -> Format:
    if fmt not in FORMATS:
        raise KbError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    return FORMATS[fmt]


# -- parsing ----------------------------------------------------------------------------


_RULES_PARSERS: dict[str, Callable[[SourceText, str], Document]] = {
    RULE_PAGE: rule_page.parse,
    CR_TEXT: lambda source, lang: cr_text.parse(source, _layout(lang)),
    CR_LINES: lambda source, lang: cr_lines.parse(source, _layout(lang)),
}


class LanguageContradicted(KbError):
    """A language given for a rules text (a manifest, ``--lang``) that the text itself contradicts."""


def _told_lang(source: SourceText, fmt: str) -> str:
    """The language a text tells for its format: a rule page's heading, the official
    layout's headings, else (rules) the language identified or (pages) guessed."""
    if fmt == RULE_PAGE and rule_page.looks_like(source):
        return rule_page.lang_of(source)
    if fmt == CR_TEXT and (layout := _layout_of(source)) is not None:
        return layout.lang
    return identify(source.text) if FORMATS[fmt].rules else guess_lang(source.text)


def _text_lang(source: SourceText, fmt: str, lang: str | None) -> str:
    """The given language (normalised), else the one the text tells for its format.  A
    rules text in one of kb's rules languages given as another is refused: read with the
    wrong layout, it would be a wrong edition, not a damaged one.  A bilingual source
    given one of its languages is read in that one only."""
    if fmt == DOKUWIKI:
        if not lang:
            return "+".join(dokuwiki.LANGS)
        if (lang := normalize_tag(lang)) not in dokuwiki.LANGS:
            raise LanguageContradicted(f"given as {language_label(lang)}, but the pages hold "
                                       + " and ".join(map(language_label, dokuwiki.LANGS)), source.path)
        return lang
    if lang:
        lang = normalize_tag(lang)
        if FORMATS[fmt].rules and (told := _told_lang(source, fmt)) != lang and told in LAYOUTS:
            raise LanguageContradicted(f"given as {language_label(lang)}, but the text is in {language_label(told)}",
                                       source.path)
        return lang
    told = _told_lang(source, fmt)
    if FORMATS[fmt].rules and told not in LAYOUTS:
        return _rules_lang(source)  # the refusal naming the language
    return told


def read_text(source: SourceText, fmt: str | None = None, lang: str | None = None) -> Read:
    """Read a decoded text as the given format, else the detected one."""
    if fmt is None:
        fmt, detected = detect(source)
        lang = _text_lang(source, fmt, lang) if lang else detected
    else:
        _known(fmt)
        lang = _text_lang(source, fmt, lang)
    from kb.ingest import rulings_page, wiki

    value: Document | tuple[Document, ...] | RulingsPage | list[WikiPage]
    if fmt == DOKUWIKI:
        value = tuple(doc for doc in dokuwiki.parse(source) if doc.lang in lang.split("+"))
    elif fmt in _RULES_PARSERS:
        value = _RULES_PARSERS[fmt](source, lang)
    elif fmt == RULINGS_PAGE:
        value = rulings_page.parse(source)
    elif fmt == WIKI_PAGE:
        value = [wiki.parse_text(source)]
    else:
        raise KbError(f"format {fmt!r} is read from a file's bytes, not from text", source.path)
    return Read(source.path, fmt, lang, source.sha256, value)


def ingest(source: SourceText, fmt: str | None = None, lang: str | None = None) -> Document:
    """Parse a rules document with the given or detected format and language (of a
    bilingual source, its first language unless one is given)."""
    read = read_text(source, fmt, lang)
    if not read.documents:
        raise KbError(f"a {read.format} ({FORMATS[read.format].description}), not a rules document", source.path)
    return read.documents[0]


def read_bytes(path: Path) -> bytes:
    """A file's bytes, or a one-line :class:`KbError` (permissions, a folder, a vanished file)."""
    try:
        return path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read: {err.strerror or err}", str(path)) from err


def read_file(path: Path, fmt: str | None = None, lang: str | None = None, in_folder: bool = False) -> Read | Skipped:
    """Read one file: the single path from a file to a parsed input.  A file found in a
    folder that is not kb's kind of data (a JSON glossary, XML that is no wiki export, a
    text no ingester recognises) is :class:`Skipped`; given by name, it is an error."""
    fmt = fmt or BY_SUFFIX.get(path.suffix.lower())
    data = read_bytes(path)
    try:
        if fmt == MTGJSON:
            return _read_mtgjson(data, str(path), in_folder)
        if fmt == MEDIAWIKI:
            return _read_mediawiki(data, str(path), lang, in_folder)
        read = read_text(decode_source(data, str(path)), fmt, lang)
        return _dated_by_namespace(read, path) if read.format == DOKUWIKI else read
    except UnknownFormat as err:
        if in_folder:  # a notes.txt beside the rules, as a README.md is
            return Skipped(f"not a document kb reads: {err.message}")
        raise
    except KbError as err:
        if err.path is None:  # a format or language given for this file (manifest, options) that kb lacks
            raise KbError(err.message, str(path), err.line, column=err.column) from err
        raise


#: The pages of a DokuWiki rules namespace that state the edition its rules pages do not.
NAMESPACE_DATED = ("catalog.txt", "credits.txt")


def _dated_by_namespace(read: Read, path: Path) -> Read:
    """Undated DokuWiki rules pages dated by the contents or credits page beside them
    ("此规则于2024年4月12日起生效"), when one states a date; else left undated (a
    manifest's ``date`` dates them, and the build says which English editions they fit)."""
    documents = read.documents
    if all(doc.effective for doc in documents):
        return read
    for name in NAMESPACE_DATED:
        page = path.parent / name
        if page.is_file() and (date := dokuwiki.stated_date(decode_source(read_bytes(page), str(page)))):
            return replace(read, value=tuple(doc if doc.effective else replace(doc, effective=date)
                                             for doc in documents))
    return read


def load_json(data: bytes, path: str) -> Any:
    """Parsed JSON, or a one-line :class:`KbError` with the line and column."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise KbError(f"invalid JSON: not UTF-8 text (byte {err.start})", path) from err
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise KbError(f"invalid JSON: {err.msg} (column {err.colno})", path, err.lineno) from err
    except RecursionError as err:  # nested thousands deep: no card data looks like that
        raise KbError("invalid JSON: nested too deep to be card data", path) from err
    except ValueError as err:  # a 5,000-digit integer, say
        raise KbError(f"invalid JSON: {err}", path) from err


def _read_mtgjson(data: bytes, path: str, in_folder: bool) -> Read | Skipped:
    from kb.ingest import mtgjson

    document = load_json(data, path)
    if not mtgjson.looks_like(document):
        what = ("JSON, but not MTGJSON card data (expected data.cards of a v5 set file, cards of a v4 set file, "
                "or the data of AtomicCards.json)")
        if in_folder:
            return Skipped(what)
        raise KbError(what, path)
    sha256 = hashlib.sha256(data).hexdigest()
    return Read(path, MTGJSON, "en", sha256, mtgjson.parse_document(document, path, sha256))


def _read_mediawiki(data: bytes, path: str, lang: str | None, in_folder: bool) -> Read | Skipped:
    from kb.ingest import wiki

    head = data[:4096].lower()
    if b"<mediawiki" not in head and b"<page" not in data.lower():
        what = "XML, but not a MediaWiki export (no <mediawiki> or <page> element)"
        if in_folder:
            return Skipped(what)
        raise KbError(what, path)
    pages = wiki.parse_mediawiki(data, path)
    readable = [page for page in pages if page.title]
    if not readable:
        problems = [p for page in pages for p in page.problems]
        line = next((p.line for p in problems if p.line), None)
        raise KbError("no page could be read from this MediaWiki export: "
                      + "; ".join(p.message for p in problems), path, line)
    text = "\n".join(s.text for page in readable for s in page.sections)
    return Read(path, MEDIAWIKI, normalize_tag(lang) if lang else guess_lang(text),
                hashlib.sha256(data).hexdigest(), readable)
