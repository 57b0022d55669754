"""Wiki pages about mechanics: plain text (seed 004) and MediaWiki XML exports.

A plain-text page (seed 004, "Fuse") is a title line, an introduction, then sections
whose heading stands alone on a short line ("Rulings", "References"); rulings and
footnotes are bullets (``- ...``)::

    Fuse
    Fuse is a keyword featured on split cards from Dragon's Maze. [1]
    ...
    Rulings
    - If you're casting a split card with fuse from any zone other than your hand, ...
    References
    - ↑ Mark Rosewater (April 15, 2013). ...

A MediaWiki export holds ``<page>`` elements whose ``<text>`` is wikitext, read with
mwparserfromhell.  The rules are not quoted but transcluded: ``{{CR+G}}`` shows the
rules (and glossary entry) of the page's own mechanic, ``{{CR|lookup=Crew}}`` those of
a named one, ``{{CR|glossary|Encoded}}`` a glossary entry.  These become
:class:`RuleRef` records naming a mechanic; :mod:`kb.graph.linking` turns names into rules.

Exports edited by hand are repaired where the intent is plain and the repair is
reported: ``crew.xml`` holds unescaped ``<ref>``/``<c>`` markup inside ``<text>`` (an
XML parser sees child elements and would cut the text short) and its headings were
indented onto the lines of their paragraphs.  An export that is not XML at all is read
by a tolerant extraction of ``<title>`` and ``<text>``; what cannot be read is reported,
never raised.
"""

from __future__ import annotations

import hashlib
import html
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from kb.core.model import Problem, Severity
from kb.core.rulenum import RuleNumber
from kb.core.textio import SourceText, bad_byte

FORMAT_TEXT = "wiki-page"
FORMAT_XML = "mediawiki-xml"

#: Section headings that hold rulings, per language.
RULINGS_HEADINGS = frozenset({"rulings", "ruling", "chiarimenti", "裁定", "规则解释"})
REFERENCES_HEADINGS = frozenset({"references", "riferimenti", "参考", "参考资料"})


@dataclass(frozen=True, slots=True)
class Section:
    """A heading (``""`` for the introduction) with its plain text."""

    heading: str
    level: int
    text: str
    line: int


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A place where a page points at the rules itself.

    ``kind`` is ``cr`` (a template showing a mechanic's rules: ``name`` is the mechanic),
    ``glossary`` (a template showing a glossary entry: ``name`` is the term) or ``number``
    (a rule number written in the text: ``number`` is set)."""

    kind: str
    name: str | None
    number: RuleNumber | None
    text: str
    line: int


@dataclass(slots=True)
class WikiPage:
    path: str
    title: str
    sections: list[Section] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    ruling_lines: list[int] = field(default_factory=list)  # the source line of each ruling's bullet
    explicit_rule_refs: list[RuleRef] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    format: str = FORMAT_TEXT
    sha256: str = ""
    page_id: str | None = None
    revision: str | None = None

    @property
    def intro(self) -> str:
        return next((s.text for s in self.sections if s.level == 0), "")

    def numbered_rulings(self) -> list[tuple[str, int | None]]:
        """Each ruling with the source line of its bullet (``None`` where it is not known)."""
        lines: list[int | None] = list(self.ruling_lines) if len(self.ruling_lines) == len(self.rulings) else []
        return list(zip(self.rulings, lines or [None] * len(self.rulings), strict=True))


# -- plain text ---------------------------------------------------------------------

_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+\.)\s+")
_HEADING_WORDS = re.compile(r"^[^\W\d_][\w'’&/ -]{0,38}$")
_FOOTNOTE_MARK = re.compile(r"\s*\[\d+\]")


def looks_like_text(source: SourceText) -> bool:
    """A title line, prose, and a heading line followed by bullets."""
    lines = [line.strip() for line in source.lines if line.strip()]
    if len(lines) < 3 or not _is_heading(lines[0]):
        return False
    return any(_is_heading(a) and _BULLET.match(b) for a, b in zip(lines[1:], lines[2:], strict=False))


def _is_heading(line: str) -> bool:
    """Short, no sentence punctuation, no brackets: "Rulings", "References"."""
    return bool(_HEADING_WORDS.match(line)) and len(line.split()) <= 4 and not _BULLET.match(line)


def parse_text(source: SourceText) -> WikiPage:
    numbered = [(i + 1, line.rstrip()) for i, line in enumerate(source.lines)]
    content = [(n, t) for n, t in numbered if t.strip()]
    if not content:
        return WikiPage(source.path, "", problems=[Problem(source.path, None, "empty wiki page", Severity.DAMAGE)],
                        sha256=source.sha256)
    title_line, title = content[0][0], content[0][1].strip()
    page = WikiPage(source.path, title, sha256=source.sha256)
    heading, level, start = "", 0, title_line + 1
    body: list[tuple[int, str]] = []

    def close() -> None:
        texts = [t for _, t in body]
        if heading.casefold() in RULINGS_HEADINGS:
            bullets = [(n, t) for n, t in body if _BULLET.match(t)]
            page.rulings.extend(_BULLET.sub("", t).strip() for _, t in bullets)
            page.ruling_lines.extend(n for n, _ in bullets)
        elif heading.casefold() in REFERENCES_HEADINGS:
            page.references.extend(_BULLET.sub("", t).lstrip("↑^ ").strip() for t in texts)
        first = body[0][0] if body else start
        page.sections.append(Section(heading, level, "\n".join(t.strip() for t in texts), first))

    for number, text in content[1:]:
        if _is_heading(text.strip()) and not _BULLET.match(text):
            close()
            heading, level, start, body = text.strip(), 2, number, []
        else:
            body.append((number, text))
    close()
    for section in page.sections:
        page.explicit_rule_refs.extend(_numbers_in(section.text, section.line, "en"))
    if not page.rulings:
        page.problems.append(Problem(source.path, None, "no Rulings section with bullets"))
    return page


def _numbers_in(text: str, line: int, lang: str) -> list[RuleRef]:
    """Rule numbers written in the text ("rule 702.102"), through kb.core.refs."""
    from kb.core.refs import extract

    refs: list[RuleRef] = []
    for reference in extract(_FOOTNOTE_MARK.sub("", text), lang):
        for target in reference.targets:
            refs.append(RuleRef("number", None, target.first, reference.phrase,
                                line + text.count("\n", 0, reference.start)))
    return refs


# -- MediaWiki XML ------------------------------------------------------------------

_PAGE = re.compile(r"<page\b[^>]*>(.*?)(?:</page>|\Z)", re.S)
_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title>", re.S)
_TEXT = re.compile(r"<text\b[^>]*>(.*?)(?:</text>|\Z)", re.S)
_TEXT_OPEN = re.compile(r"<text\b[^>]*>")
_INLINE_HEADING = re.compile(r"^[ \t]+(={2,6})([^=\n]+?)\1[ \t]*(.*)$", re.M)
_CR_NAMES = {"cr": "cr", "cr+g": "cr+g"}
_HEADING_LINE = re.compile(r"^\s*(={2,6})[^=\n]+?\1")


def parse_mediawiki(data: bytes, path: str) -> list[WikiPage]:
    """Every page of an export; problems are reported on the pages, never raised."""
    sha256 = hashlib.sha256(data).hexdigest()
    text = data.decode("utf-8", errors="replace")
    problems: list[Problem] = []
    if b"\x00" in data:  # as a rules text with one is refused: the tolerant extraction lost most of the page
        line = data[:data.index(b"\x00")].count(b"\n") + 1
        problems.append(Problem(path, line, "a NUL byte: the file is damaged (a text export holds none)",
                                Severity.DAMAGE))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        line, column, what = bad_byte(data, err, "utf-8")
        problems.append(Problem(path, line, f"{what} (column {column}); undecodable bytes were replaced",
                                Severity.DAMAGE))
    raw_pages = _strict_pages(data, text, path, problems)
    if raw_pages is None:
        raw_pages = _tolerant_pages(text)
    if not raw_pages:
        problems.append(Problem(path, None, "no <page> with a <title> and <text> could be read", Severity.DAMAGE))
        return [WikiPage(path, "", problems=problems, format=FORMAT_XML, sha256=sha256)]
    pages = []
    for title, wikitext, line, meta in raw_pages:
        page = parse_wikitext(wikitext, title, path, line)
        page.sha256, page.page_id, page.revision = sha256, meta.get("id"), meta.get("revision")
        page.problems[:0] = problems
        pages.append(page)
    return pages


_RawPage = tuple[str, str, int, dict[str, str]]


def _strict_pages(data: bytes, text: str, path: str, problems: list[Problem]) -> list[_RawPage] | None:
    """Pages through a real XML parser, or ``None`` (with the problem) if it is not XML."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as err:
        if cut := _truncation(text):
            problems.append(Problem(path, text.count("\n") + 1, cut, Severity.DAMAGE))
            return None
        line, column = err.position
        problems.append(Problem(path, line, f"not well-formed XML ({err.msg if hasattr(err, 'msg') else err} at "
                                            f"column {column}); title and text recovered by tolerant extraction"))
        return None
    pages: list[_RawPage] = []
    raw_texts = _TEXT.findall(text)
    text_index = 0
    for element in root.iter():
        if _local(element.tag) != "page":
            continue
        title = _child_text(element, "title") or ""
        meta = {"id": _child_text(element, "id") or ""}
        text_element = next((e for e in element.iter() if _local(e.tag) == "text"), None)
        revision = next((e for e in element.iter() if _local(e.tag) == "revision"), None)
        if revision is not None:
            meta["revision"] = _child_text(revision, "id") or ""
        if text_element is None:
            problems.append(Problem(path, None, f"page {title!r} has no <text>"))
            continue
        wikitext = text_element.text or ""
        if len(text_element):
            # Markup that should have been escaped: the parser made elements of it and the
            # text would stop at the first one.  The raw source between the tags is the page.
            if text_index < len(raw_texts):
                wikitext = html.unescape(raw_texts[text_index])
            problems.append(Problem(path, _line_of(text, title), f"page {title!r}: <text> holds {len(text_element)} "
                                                                 "unescaped markup elements (<ref>, <c>...); "
                                                                 "its wikitext was recovered from the raw source"))
        text_index += 1
        pages.append((title, wikitext, _line_of(text, title), meta))
    return pages


_PAGE_OPEN = re.compile(r"<page[\s>]")


def _truncation(text: str) -> str | None:
    """An export cut short (a download stopped, a file cut to a size): its last ``<page>``
    has no ``</page>``, or its ``<mediawiki>`` no ``</mediawiki>``.  Damage, as a rules
    file that stops before its glossary is: what the page said after the cut is lost.  (A
    hand-reformatted export, crew.xml, closes both.)"""
    pages = list(_PAGE_OPEN.finditer(text))
    if pages and "</page>" not in text[pages[-1].start():]:
        title = _TITLE.search(text, pages[-1].start())
        name = f"page {html.unescape(title.group(1)).strip()!r}" if title else "its last page"
        return f"truncated: the export ends inside {name}, with no </page>; the text before the cut is kept"
    if "<mediawiki" in text and "</mediawiki>" not in text:
        return "truncated: the export ends with no </mediawiki>"
    return None


def _tolerant_pages(text: str) -> list[_RawPage]:
    pages: list[_RawPage] = []
    for match in _PAGE.finditer(text) if "<page" in text else [re.match(r"(.*)", text, re.S)]:
        assert match is not None
        block = match.group(1)
        title, body = _TITLE.search(block), _TEXT.search(block)
        if title is None or body is None:
            continue
        name = html.unescape(title.group(1)).strip()
        pages.append((name, html.unescape(body.group(1)), _line_of(text, name), {}))
    return pages


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _child_text(element: ET.Element, name: str) -> str | None:
    child = next((c for c in element if _local(c.tag) == name), None)
    return child.text.strip() if child is not None and child.text else None


def _line_of(text: str, title: str) -> int:
    """The source line where a page's wikitext starts (its ``<text>`` after its ``<title>``)."""
    index = text.find(f"<title>{html.escape(title, quote=False)}</title>")
    if index < 0:
        return 1
    opening = _TEXT_OPEN.search(text, index)
    return text.count("\n", 0, opening.end() if opening else index) + 1


def parse_wikitext(wikitext: str, title: str, path: str, line: int = 1) -> WikiPage:
    """One page's wikitext -> sections, rulings, references and rule references."""
    import mwparserfromhell  # lazy: only wiki ingestion needs it

    page = WikiPage(path, title, format=FORMAT_XML)
    original = wikitext
    wikitext, repaired = _INLINE_HEADING.subn(lambda m: f"{m[1]}{m[2]}{m[1]}\n{m[3]}", wikitext)
    if repaired:
        wikitext = "\n".join(part.strip() for part in wikitext.split("\n"))
        page.problems.append(Problem(path, line, f"page {title!r}: {repaired} headings were indented inside "
                                                 "paragraphs (hand-reformatted export); put back on lines of "
                                                 "their own"))
    try:
        code = mwparserfromhell.parse(wikitext)
    except Exception as err:  # noqa: BLE001 - the parser's errors are not part of its API
        page.problems.append(Problem(path, line, f"page {title!r}: wikitext not parsed ({err})", Severity.DAMAGE))
        return page
    page.references.extend(_references(code))
    _inline_templates(code)
    wikitext = str(code)
    for section in code.get_sections(include_lead=True, flat=True):
        headings = section.filter_headings(recursive=False)
        heading = headings[0].title.strip_code().strip() if headings else ""
        level = headings[0].level if headings else 0
        section_line = line + original.count("\n", 0, max(0, original.find(str(headings[0])))) if headings else line
        for node in headings[:1]:
            section.remove(node)
        body = _plain(section)
        page.sections.append(Section(heading, level, body, section_line))
        if heading.casefold() in RULINGS_HEADINGS:
            bullets = _bullets(str(section))
            page.rulings.extend(plain for _, plain in bullets)
            page.ruling_lines.extend(_bullet_lines(original, section_line - line, [k for k, _ in bullets], line))
        page.explicit_rule_refs.extend(_templates(section, title, section_line))
    for read in page.sections:
        page.explicit_rule_refs.extend(_numbers_in(read.text, read.line, "en"))
    return page


_MANA = re.compile(r"^(?:[0-9]{1,2}|[WUBRGCXYZTQSEP](?:/[WUBRGCP])?|[WUBRG]{2})$")


def _references(code: object) -> list[str]:
    """The footnotes: the contents of ``<ref>`` tags, template parameters kept."""
    tags = code.filter_tags(matches=lambda node: str(node.tag).strip().casefold() == "ref")  # type: ignore[attr-defined]
    found = []
    for tag in tags:
        if tag.contents is None:
            continue
        text = tag.contents.strip_code(normalize=True, collapse=True, keep_template_params=True)
        if text.strip():
            found.append(" ".join(text.split()))
    return found


def _inline_templates(code: object) -> None:
    """Keep what readers see of a few inline templates: ``{{Card|Getaway Car}}`` as the
    card's name, ``{{1}}``/``{{W}}`` as mana symbols; ``<ref>`` footnotes go (kept apart)."""
    for tag in code.filter_tags(matches=lambda node: str(node.tag).strip().casefold() == "ref"):  # type: ignore[attr-defined]
        try:
            code.remove(tag)  # type: ignore[attr-defined]
        except ValueError:
            continue
    for template in code.filter_templates(recursive=False):  # type: ignore[attr-defined]
        name = str(template.name).strip()
        try:
            if name.casefold() in {"card", "c"} and template.params:
                code.replace(template, str(template.params[0].value).strip())  # type: ignore[attr-defined]
            elif _MANA.match(name):
                code.replace(template, "{" + name + "}")  # type: ignore[attr-defined]
        except ValueError:
            continue


def _plain(code: object) -> str:
    """Wikitext as readable text: links by their label, templates and refs dropped."""
    import mwparserfromhell

    parsed = code if not isinstance(code, str) else mwparserfromhell.parse(code)
    text = parsed.strip_code(normalize=True, collapse=True, keep_template_params=False)  # type: ignore[attr-defined]
    return re.sub(r"[ \t]+\n", "\n", re.sub(r"\n{3,}", "\n\n", text)).strip()


def _bullets(wikitext: str) -> list[tuple[int, str]]:
    """The ``*`` list items of a section, as plain text, each with its place among them
    (the k-th ``*`` line: an item whose text is all markup is no ruling)."""
    items = [line for line in wikitext.splitlines() if line.lstrip().startswith("*")]
    return [(k, plain) for k, line in enumerate(items) if (plain := _plain(line.lstrip().lstrip("*#:").strip()))]


def _bullet_lines(original: str, heading_index: int, items: list[int], line: int) -> list[int]:
    """The source lines of the k-th ``*`` items of the section whose heading is line
    ``heading_index`` of the page's wikitext as exported (``line`` is the wikitext's first
    line): each ruling's own line, not its section's.  The section is read in the raw
    text, up to the next heading; were its items fewer than those read (markup spanning
    lines), every ruling keeps the heading's line."""
    raw = original.split("\n")[heading_index + 1:]
    stars = []
    for index, text in enumerate(raw):
        if _HEADING_LINE.match(text):
            break
        if text.lstrip().startswith("*"):
            stars.append(line + heading_index + 1 + index)
    if items and items[-1] >= len(stars):
        return [line + heading_index] * len(items)
    return [stars[k] for k in items]


def _templates(section: object, title: str, line: int) -> list[RuleRef]:
    refs: list[RuleRef] = []
    for template in section.filter_templates(recursive=True):  # type: ignore[attr-defined]
        name = str(template.name).strip().casefold()
        if name not in _CR_NAMES:
            continue
        positional = [str(p.value).strip() for p in template.params if not p.showkey]
        named = {str(p.name).strip().casefold(): str(p.value).strip() for p in template.params if p.showkey}
        raw = str(template)
        if name == "cr+g":
            refs.append(RuleRef("cr", named.get("lookup") or title, None, raw, line))
            refs.append(RuleRef("glossary", named.get("lookup") or title, None, raw, line))
        elif positional and positional[0].casefold() == "glossary":
            refs.append(RuleRef("glossary", positional[1] if len(positional) > 1 else title, None, raw, line))
        elif positional and (number := RuleNumber.try_parse(positional[0])) is not None:
            refs.append(RuleRef("number", None, number, raw, line))
        else:
            refs.append(RuleRef("cr", named.get("lookup") or (positional[0] if positional else title), None, raw,
                                line))
    return refs


def load_mediawiki(path: str) -> list[WikiPage]:
    """Read an export from disk (a missing file is reported as a problem too)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as err:
        return [WikiPage(path, "", problems=[Problem(path, None, f"cannot read: {err.strerror}", Severity.DAMAGE)],
                         format=FORMAT_XML)]
    return parse_mediawiki(data, path)
