"""Rules as bare numbered lines, one rule per line, with no headings or glossary.

This is how the Italian seed arrives ("729.2a Un permanente amalgamato ...").  The
lines are read with the official layout's rule grammar, so an edition that does
carry headings still parses the same way through :mod:`kb.ingest.cr_text`.
"""

from __future__ import annotations

from kb.core.dates import date_in_file_name
from kb.core.errors import KbError
from kb.core.model import Document
from kb.core.textio import SourceText
from kb.ingest import cr_text

FORMAT = "cr-lines"


def parse(source: SourceText, layout: cr_text.Layout) -> Document:
    doc = Document(
        path=source.path,
        sha256=source.sha256,
        format=FORMAT,
        lang=layout.lang,
        encoding=source.encoding,
        published=date_in_file_name(source.path.rsplit("/", 1)[-1]),
    )
    doc.rules = cr_text.parse_rules(source.lines, 0, len(source.lines), layout, doc)
    if not doc.rules:
        raise KbError("no numbered rules found", source.path)
    return doc


def looks_like(source: SourceText) -> bool:
    """Most non-blank lines start with a rule number."""
    lines = [line for line in source.lines if line.strip()]
    numbered = sum(1 for line in lines if cr_text.RULE_LINE.match(line))
    return bool(lines) and numbered >= 0.8 * len(lines)
