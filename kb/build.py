"""Building a KB: find the sources, ingest each, check them together, store atomically.

Nothing is written unless every document was read; a damaged document (truncated,
duplicate numbers) stops the build unless the caller accepts damaged documents, in
which case the damage stays listed in the report and in the KB.  Every input is read
before the build refuses, so one run names every problem.  One build of a KB home runs at a
time: a second waits for the first (:func:`one_build`), so each says "built" of the KB that
is in place when it says it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import stat
import time
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, TypeVar

from kb import ingest
from kb.align import identity
from kb.core.dates import iso_problem, parse_iso
from kb.core.errors import KbError
from kb.core.lang import normalize_tag
from kb.core.model import Document, Findings, Problem
from kb.core.tempfiles import locked, sweep
from kb.graph import card_phase as card_graph
from kb.graph import references as graph
from kb.store import rules as store

if TYPE_CHECKING:
    from indexers.index import IndexInfo
    from kb.ingest.mtgjson import Card

MANIFEST = "manifest.toml"
DOCUMENT_SUFFIXES = {".txt", *ingest.BY_SUFFIX}
EMBEDDED_CORPUS = Path(__file__).resolve().parent.parent / "corpus"
#: Where the search index lives in a KB home, and how its temporary folders are named
#: (indexers.index.FOLDER and TEMP_PREFIX; spelled here so a build need not import whoosh).
INDEX_FOLDER, INDEX_TEMP_PREFIX = "index", ".build-"


@dataclass(frozen=True)
class Hint:
    """What a folder's manifest says about one file, and on which lines it says it."""

    format: str | None = None
    lang: str | None = None
    date: dt.date | None = None
    manifest: Path | None = None
    lines: Mapping[str, int] = field(default_factory=dict)  # key -> its line in the manifest

    def refusal(self, key: str, problem: str) -> KbError:
        """``problem`` with the manifest's line giving ``key``."""
        return KbError(problem, str(self.manifest), self.lines.get(key))


@dataclass(frozen=True)
class Source:
    """A file to read, with what its folder's manifest says about it."""

    path: Path
    hint: Hint = Hint()
    in_folder: bool = False


@dataclass
class DocReport:
    path: str
    status: str
    document: Document | None = None
    reason: str | None = None
    cards: card_graph.CardInput | None = None  # card data, a rulings page or a wiki page
    matches: list[str] = field(default_factory=list)  # undated documents: the English editions they fit

    def to_json(self) -> dict[str, object]:
        doc = self.document
        data: dict[str, object] = {"path": self.path, "status": self.status}
        if self.reason:
            data["reason"] = self.reason
        if self.cards is not None:
            data.update(self.cards.to_json())
        if doc:
            data.update(
                format=doc.format, lang=doc.lang, edition=doc.edition,
                effective=doc.edition, published=doc.published.isoformat() if doc.published else None,
                encoding=doc.encoding, counts=doc.counts(), matches=self.matches,
                problems=[{"line": p.line, "severity": p.severity.value, "message": p.message}
                          for p in doc.problems],
                dropped=doc.dropped,
            )
        return data


@dataclass
class BuildReport:
    home: Path
    database: Path
    documents: list[DocReport] = field(default_factory=list)
    cards: dict[str, object] | None = None  # card_graph.summary, when cards or pages were read
    seconds: dict[str, float] = field(default_factory=dict)  # per stage

    @property
    def dropped(self) -> list[DocReport]:
        """Inputs left out by --allow-partial, with the reason."""
        return [d for d in self.documents if d.status == "dropped"]

    def to_json(self) -> dict[str, object]:
        return {"home": str(self.home), "database": str(self.database),
                "documents": [d.to_json() for d in self.documents], **({"cards": self.cards} if self.cards else {}),
                "stages": self.seconds}

    def render(self) -> str:
        """What `kb build` prints: each input read, then the KB built."""
        lines = []
        for item in self.documents:
            doc = item.document
            if item.cards is not None:
                lines.append(item.path)
                lines += item.cards.render()
                continue
            if doc is None:
                lines.append(f"{item.path}\n  {item.status}: {item.reason}")
                continue
            counts = doc.counts()
            fits = f" (matches en {item.matches[0]} to {item.matches[-1]})" if item.matches else ""
            lines.append(f"{item.path}\n  {doc.format} · {doc.lang} · edition {doc.edition or 'undated'}{fits}"
                         + (f" · published {doc.published}" if doc.published else "")
                         + f" · {doc.encoding}")
            lines.append("  " + " · ".join(f"{counts[k]} {k}" for k in
                                           ("chapters", "rules", "subrules", "examples", "glossary")))
            lines += [f"  {p.severity.value}: line {p.line}: {p.message}" if p.line
                      else f"  {p.severity.value}: {p.message}" for p in doc.problems]
            lines += [f"  dropped (site chrome): {text}" for text in doc.dropped]
        built = [d.document for d in self.documents if d.document]
        texts = sum(len(d.rules) for d in built)
        langs = ", ".join(sorted({d.lang for d in built}))
        if self.cards:
            from kb.graph.card_phase import render_summary

            lines.append(render_summary(self.cards))
        lines.append(f"built {self.database}: {len(built)} documents, {texts} rule texts ({langs})"
                     + (f"; {len(self.dropped)} input(s) dropped (--allow-partial): "
                        + ", ".join(Path(d.path).name for d in self.dropped) if self.dropped else ""))
        return "\n".join(lines)


def collect(paths: list[Path]) -> list[Source | DocReport]:
    """Files as given, folders as their document files (sorted), with manifest hints;
    what a folder holds that kb does not read is listed as skipped, with the reason."""
    found: list[Source | DocReport] = []
    for path in (p.absolute() for p in paths):  # sources are cited as path:line from anywhere
        if path.is_dir():
            hints = _manifest(path)
            entries = _entries_under(path)
            if not any(isinstance(e, Path) and e.suffix.lower() in DOCUMENT_SUFFIXES for e in entries):
                raise KbError(f"folder holds no documents (looked for {', '.join(sorted(DOCUMENT_SUFFIXES))})",
                              str(path))
            for entry in entries:
                if not isinstance(entry, Path):
                    found.append(entry)
                elif entry.name != MANIFEST or entry.parent != path:
                    found.append(_source(entry, hints.get(entry.relative_to(path).as_posix(), Hint())))
        elif path.is_file():
            found.append(Source(path, _manifest(path.parent).get(path.name, Hint())))
        elif path.exists():
            raise KbError("not a file or a folder (a device, a pipe or a socket): give a rules document", str(path))
        else:
            raise KbError("no such file or folder", str(path))
    return drop_repeats(found)


def _source(file: Path, hint: Hint) -> Source | DocReport:
    if file.suffix.lower() not in DOCUMENT_SUFFIXES:
        return DocReport(str(file), "skipped", reason="not a document type kb reads yet")
    return Source(file, hint, in_folder=True)


def drop_repeats(found: list[Source | DocReport]) -> list[Source | DocReport]:
    """A file whose bytes were already given (the default corpus and the shared corpora
    hold the same English edition) is skipped, saying which file it repeats: the same
    document twice would double every text, citation and card printing."""
    first: dict[str, Path] = {}
    kept: list[Source | DocReport] = []
    for item in found:
        if isinstance(item, Source):
            try:
                digest = hashlib.sha256(item.path.read_bytes()).hexdigest()
            except OSError:  # reading it again reports the problem with the file named
                kept.append(item)
                continue
            if digest in first:
                kept.append(DocReport(str(item.path), "skipped", reason=f"same content as {first[digest]}"))
                continue
            first[digest] = item.path
        kept.append(item)
    return kept


def _entries_under(folder: Path) -> list[Path | DocReport]:
    """Every visible file under a folder, sorted, and every other entry (a pipe, a broken
    link, a link to a folder) as skipped, named with what it is; names starting with "."
    are passed over.  A folder kb may not read is an error naming it (``rglob`` would
    silently pass over it, and its documents with it)."""
    entries: list[tuple[Path, DocReport | None]] = []

    def refuse(err: OSError) -> None:
        raise KbError(f"cannot read this folder: {err.strerror or err}", err.filename or str(folder))

    for root, dirs, names in os.walk(folder, onerror=refuse):
        linked = [d for d in dirs if not d.startswith(".") and Path(root, d).is_symlink()]
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in linked)
        for name in [*linked, *(n for n in names if not n.startswith("."))]:
            path = Path(root, name)
            why = _not_a_file(path)
            entries.append((path, DocReport(str(path), "skipped", reason=why) if why else None))
    return [report or path for path, report in sorted(entries, key=lambda entry: entry[0])]


def _not_a_file(path: Path) -> str | None:
    """Why a folder's entry is no file kb can read (None: it is one)."""
    if path.is_symlink() and not path.exists():
        return f"a broken symbolic link (to {os.readlink(path)})"
    if path.is_dir():
        return "a symbolic link to a folder: not followed (give the folder itself to read it)"
    if path.is_file():
        return None
    kinds = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"))
    mode = path.stat().st_mode
    return next((f"{kind}, not a file" for test, kind in kinds if test(mode)), "not a regular file")


#: What a manifest may say about a document: ``format`` and ``lang`` override detection,
#: ``date`` is a rules document's edition, ``about`` and ``source`` describe it.
MANIFEST_KEYS = ("about", "date", "format", "lang", "source")


def _manifest(folder: Path) -> dict[str, Hint]:
    """The ``[documents."name"]`` tables of a folder's manifest, each checked, every
    problem named with the manifest's line: a wrong type, an unknown key, a format or
    language kb does not know, a date that is no date, a file the folder does not hold."""
    path = folder / MANIFEST
    try:
        if not path.is_file():
            return {}
    except OSError as err:  # a folder without the right to look inside (mode 000)
        raise KbError(f"cannot read this folder: {err.strerror or err}", str(folder)) from err
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        line = re.search(r"\(at line (\d+)", str(err))
        number = int(line[1]) if line else None
        raise KbError(f"bad manifest: {_toml_problem(text, number) or err}", str(path), number) from err
    except UnicodeDecodeError as err:
        raise KbError(f"bad manifest: {err}", str(path)) from err
    except OSError as err:
        raise KbError(f"cannot read: {err.strerror or err}", str(path)) from err
    lines = _key_lines(text)

    def bad(problem: str, *key: str) -> KbError:
        return KbError(f"bad manifest: {problem}", str(path), _line_of(lines, key))

    if unknown := sorted(set(data) - {"documents"}):
        raise bad(f"unknown key {unknown[0]!r} (a manifest holds only [documents.\"name\"] tables)", unknown[0])
    documents = data.get("documents", {})
    if not isinstance(documents, dict):
        raise bad(f"'documents' must be a table of tables, not {type(documents).__name__}", "documents")
    hints = {}
    for name, entry in documents.items():
        where = ("documents", name)
        if not isinstance(entry, dict):
            raise bad(f"documents.{name!r} must be a table, not {type(entry).__name__}", *where)
        for key, value in entry.items():
            if key not in MANIFEST_KEYS:
                raise bad(f"unknown key {key!r} in documents.{name!r} (known: {', '.join(MANIFEST_KEYS)})",
                          *where, key)
            if not isinstance(value, (str, dt.date) if key == "date" else str):
                raise bad(f"documents.{name!r}.{key} must be a string, not {type(value).__name__}", *where, key)
        if outside := _outside(name):
            raise bad(f"documents.{name!r}: {outside}: a manifest names only files under its own folder ({folder})",
                      *where)
        if not (folder / name).is_file():
            raise bad(f"documents.{name!r}: no such file in {folder}", *where)
        hint = Hint(entry.get("format"), entry.get("lang"), None, path,
                    {key: at for key in entry if (at := _line_of(lines, (*where, key)))})
        lang, date = _checked_values(entry, hint, name)
        hints[name] = replace(hint, lang=lang, date=date)
    return hints


def _outside(name: str) -> str | None:
    """Why a manifest's file name points outside its folder (None: it does not).  Such a name was
    taken when the file it pointed to existed, and described no file of the folder: a mistake
    passed over in silence, and a manifest probing for files elsewhere."""
    path = PurePosixPath(name)
    if path.is_absolute():
        return "an absolute path"
    return "a path through '..'" if ".." in path.parts else None


def _checked_values(entry: dict[str, object], hint: Hint, name: str) -> tuple[str | None, dt.date | None]:
    """The manifest's language and date of one document (its format checked too), each one kb knows."""
    if (fmt := entry.get("format")) is not None and fmt not in ingest.FORMATS:
        raise hint.refusal("format", f"bad manifest: documents.{name!r}.format: unknown format {fmt!r} "
                           f"(known: {', '.join(ingest.FORMATS)})")
    lang = entry.get("lang")
    if isinstance(lang, str):
        try:
            lang = normalize_tag(lang)
        except KbError as err:
            raise hint.refusal("lang", f"bad manifest: documents.{name!r}.lang: {err.message}") from err
    date = entry.get("date")
    if isinstance(date, dt.datetime):  # TOML's bare date-time: it was taken as its day, the time dropped unsaid
        raise hint.refusal("date", f"bad manifest: documents.{name!r}.date: {date.isoformat()} has a time of day:"
                           f" a manifest date is a day, YYYY-MM-DD ({date.date().isoformat()})")
    if isinstance(date, str):
        if (day := parse_iso(date)) is None:
            raise hint.refusal("date", f"bad manifest: documents.{name!r}.date: {iso_problem(date)}")
        date = day
    return lang if isinstance(lang, str) else None, date if isinstance(date, dt.date) else None


_BARE_DATE = re.compile(r"^\s*(?P<key>[^=]+?)\s*=\s*(?P<date>\d{4}-\d{2}-\d{2})\s*(?:#.*)?$")


def _toml_problem(text: str, number: int | None) -> str | None:
    """What TOML's error means on a line giving a date that does not exist unquoted
    (``date = 2026-13-45``: TOML reads only a real date bare, and said "Expected newline")."""
    lines = text.splitlines()
    if number is None or not 0 < number <= len(lines) or not (match := _BARE_DATE.match(lines[number - 1])):
        return None
    if parse_iso(match["date"]):
        return None
    tables = [table["name"] for line in lines[:number] if (table := _TABLE_LINE.match(line))]
    key = ".".join(repr(part) if "." in part else part for part in (*_key_parts(tables[-1] if tables else ""),
                                                                     *_key_parts(match["key"])))
    return f"{key}: {iso_problem(match['date'])}"


_TABLE_LINE = re.compile(r"^\s*\[\s*(?P<name>[^\[\]]+?)\s*\]\s*(?:#.*)?$")
_KEY_LINE = re.compile(r"^\s*(?P<key>\"(?:[^\"\\]|\\.)*\"|'[^']*'|[A-Za-z0-9_.\-\s\"']+?)\s*=")
_KEY_PART = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'|([A-Za-z0-9_\-]+)")


def _key_lines(text: str) -> dict[tuple[str, ...], int]:
    """The line each table and key of a TOML text is on, by its full dotted name
    (``("documents", "a.txt", "lang")``): tomllib keeps no lines, an error names them."""
    found: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), 1):
        if match := _TABLE_LINE.match(line):
            table = _key_parts(match["name"])
            found.setdefault(table, number)
        elif match := _KEY_LINE.match(line):
            found.setdefault((*table, *_key_parts(match["key"])), number)
    return found


def _key_parts(dotted: str) -> tuple[str, ...]:
    return tuple("".join(groups) for groups in _KEY_PART.findall(dotted))  # one group of three matched


def _line_of(lines: Mapping[tuple[str, ...], int], key: tuple[str, ...]) -> int | None:
    """The line of ``key``, else of the nearest table holding it."""
    while key:
        if key in lines:
            return lines[key]
        key = key[:-1]
    return None


def read_all(sources: list[Source | DocReport], override_format: str | None = None,
             override_lang: str | None = None,
             progress: Callable[[int, int, str], None] | None = None,
             allow_partial: bool = False, accept_damaged: bool = True) -> list[DocReport]:
    """Ingest every source, each through :func:`kb.ingest.read_file`, then refuse them
    all at once: every input that cannot be read (unless ``allow_partial``: then it is
    dropped, with the reason) and every damage (unless ``accept_damaged``), in one error."""
    reports: list[DocReport] = []
    unreadable: list[KbError] = []
    for done, item in enumerate(sources):
        if progress:
            progress(done, len(sources), item.path.name if isinstance(item, Source) else "")
        if isinstance(item, DocReport):
            reports.append(item)
            continue
        try:
            reports.extend(_read(item, override_format, override_lang))
        except KbError as err:
            if not allow_partial:
                unreadable.append(err)
            reports.append(DocReport(str(item.path), "dropped", reason=str(err)))
    damaged = [] if accept_damaged else [
        KbError(f"{p.severity.value}: {p.message}", p.path, p.line) for r in reports
        for p in (r.document.damaged if r.document else card_graph.damaged([r.cards]) if r.cards else [])]
    if unreadable or damaged:
        raise refusal(unreadable, damaged)
    return drop_second_sources(drop_repeated_glossaries(reports))


#: Formats that copy a language's text from the official file (the judge wiki's DokuWiki pages
#: hold the English beside their Chinese): where an official file of that language and
#: edition is read too, its text is kept and theirs is skipped.
SECOND_SOURCES = frozenset({ingest.DOKUWIKI})


def drop_second_sources(reports: list[DocReport]) -> list[DocReport]:
    """A second source's text of a language and edition an official file (``cr-text``) also
    gives is skipped, saying which file gives it: read twice, every rule of that edition
    would be two texts.  What only the second source has is kept (the DokuWiki pages'
    Chinese, and their English where no official file of that date is read)."""
    official: dict[tuple[str, str | None], str] = {
        (r.document.lang, r.document.edition): r.path for r in reports
        if r.document is not None and r.document.format == ingest.CR_TEXT and r.document.edition}
    kept = []
    for report in reports:
        doc = report.document
        if doc is not None and doc.format in SECOND_SOURCES and (first := official.get((doc.lang, doc.edition))):
            report = DocReport(report.path, "skipped", reason=f"its {doc.lang} text of {doc.edition} is read from the "
                               f"official file {first}")
        kept.append(report)
    return kept


def drop_repeated_glossaries(reports: list[DocReport]) -> list[DocReport]:
    """A glossary that holds the entries of one read before it, in another order (the
    judge wiki sorts its glossary by the English headwords in one page, by pinyin in
    another), is skipped, saying which it repeats: read twice, every entry would be two."""
    first: dict[tuple[str, str | None, frozenset[tuple[str, tuple[str, ...]]]], str] = {}
    kept = []
    for report in reports:
        doc = report.document
        if doc is not None and doc.glossary and not doc.rules:
            key = (doc.lang, doc.edition, frozenset((entry.term, entry.senses) for entry in doc.glossary))
            if key in first:
                report = DocReport(report.path, "skipped", reason=f"the same {len(doc.glossary)} {doc.lang} glossary "
                                   f"entries as {first[key]}, in another order")
            first.setdefault(key, report.path)
        kept.append(report)
    return kept


def _read(item: Source, override_format: str | None, override_lang: str | None) -> list[DocReport]:
    """One source read (a report per language of a bilingual one), with its manifest's
    date applied; a language or date the manifest gives that the text contradicts is
    refused on the manifest's line."""
    lang = override_lang or item.hint.lang
    try:
        read = ingest.read_file(item.path, override_format or item.hint.format, lang, item.in_folder)
    except ingest.LanguageContradicted as err:
        if override_lang or item.hint.manifest is None:
            raise
        raise item.hint.refusal("lang", f"bad manifest: documents.{item.path.name!r}.lang: {err.message}") from err
    if isinstance(read, ingest.Skipped):
        return [DocReport(str(item.path), "skipped", reason=read.reason)]
    if not read.documents:
        return [DocReport(str(item.path), "ok", cards=card_graph.input_of(read))]
    date = item.hint.date
    for doc in read.documents:
        if date is not None and doc.effective not in (None, date):
            raise item.hint.refusal("date", f"bad manifest: documents.{item.path.name!r}.date: {date}, but the "
                                    f"text states {doc.effective}")
    return [DocReport(str(item.path), "ok", replace(doc, effective=date) if date else doc) for doc in read.documents]


def refusal(unreadable: list[KbError], damaged: list[KbError]) -> KbError:
    """One error for everything that stops a build, each problem listed with its place;
    a single unreadable input is its own one-line error."""
    if len(unreadable) == 1 and not damaged:
        err = unreadable[0]
        return KbError(err.message, err.path, err.line, err.hint, problems=[err], column=err.column)
    problems = [*unreadable, *damaged]
    causes = ([f"{len(unreadable)} input(s) cannot be read"] if unreadable else []) + (
        [f"{len(damaged)} problem(s) make these documents unreliable"] if damaged else [])
    remedies = ([("--allow-partial", "to build without what cannot be read")] if unreadable else []) + (
        [("--accept-damaged", "to keep damaged documents, with the damage listed")] if damaged else [])
    listing = "\n".join(f"  {p}" for p in problems)
    return KbError(f"{' and '.join(causes)}; nothing was written (use "
                   + ", ".join(f"{option} {why}" for option, why in remedies) + f"):\n{listing}", problems=problems)


def check_complete(reports: list[DocReport], allow_partial: bool) -> None:
    """A build replaces the KB only with everything it was given: every input read, and
    some rule texts among them (a KB of no rules is a lost KB), unless the user allows a
    partial one; what was dropped stays listed in the report."""
    if allow_partial:
        return
    if not any(r.document and r.document.rules for r in reports):
        read = ", ".join(f"{Path(r.path).name} ({r.cards.format if r.cards else r.status})" for r in reports)
        raise KbError(f"the build yields no rule texts ({read or 'nothing read'}); nothing was written "
                      "(use --allow-partial to write a KB without rules)")


def check_translations(documents: list[Document]) -> Findings:
    """A translation should hold the numbers of the English edition of its date."""
    english = {d.edition: d for d in documents if d.lang == "en" and d.edition and d.format == "cr-text"}
    found: dict[int, list[Problem]] = {}
    for d, doc in enumerate(documents):
        original = english.get(doc.edition) if doc.edition else None
        if doc.lang == "en" or original is None or doc.format != "cr-text":
            continue
        ours = {t.number for t in doc.rules if t.number.depth > 0}
        theirs = {t.number for t in original.rules if t.number.depth > 0}
        messages = []
        if missing := sorted(theirs - ours):
            messages.append(f"lacks {len(missing)} numbers of the English edition {doc.edition}: "
                            + ", ".join(map(str, missing)))
        if extra := sorted(ours - theirs):
            messages.append(f"has {len(extra)} numbers the English edition {doc.edition} lacks: "
                            + ", ".join(map(str, extra)))
        if messages:
            found[d] = [Problem(doc.path, None, message) for message in messages]
    return found


def report_identities(documents: list[Document], identities: identity.Identities) -> Findings:
    """The texts that found no counterpart in the reference edition, a warning per document."""
    reference = identities.reference
    found: dict[int, list[Problem]] = {}
    for d, doc in enumerate(documents):
        if reference is None or (doc.lang, doc.edition) == reference:
            continue
        alone = [str(t.number) for r, t in enumerate(doc.rules)
                 if (same := identities.of.get((d, r))) is not None and same.evidence == "unmatched"]
        if alone:
            shown = ", ".join(alone[:40]) + (f", … ({len(alone) - 40} more)" if len(alone) > 40 else "")
            found[d] = [Problem(doc.path, None, f"{len(alone)} texts have no counterpart in {reference[0]} "
                                f"{reference[1] or 'undated'}; they keep their own identity: {shown}")]
    return found


def noted(documents: list[Document], *findings: Findings) -> list[Document]:
    """New documents: each with what the stages after ingestion found about it, in the
    order they ran, after what its ingester found."""
    return [doc.noting([p for found in findings for p in found.get(d, ())]) for d, doc in enumerate(documents)]


def with_documents(reports: list[DocReport], read: list[Document], finished: list[Document],
                   matches: Mapping[int, list[str]]) -> list[DocReport]:
    """The reports, each of its document as the build finished it (``finished[d]`` for
    ``read[d]``), an undated one's saying which English editions it fits."""
    index = {id(doc): d for d, doc in enumerate(read)}
    out = []
    for report in reports:
        if report.document is not None:
            d = index[id(report.document)]
            report = replace(report, document=finished[d], matches=matches.get(d, []))
        out.append(report)
    return out


def with_card_inputs(reports: list[DocReport], read: list[card_graph.CardInput],
                     linked: list[card_graph.CardInput]) -> list[DocReport]:
    """The reports, each of its card input as the card phase linked it (``linked[i]`` for ``read[i]``)."""
    index = {id(item): i for i, item in enumerate(read)}
    return [replace(r, cards=linked[index[id(r.cards)]]) if r.cards is not None else r for r in reports]


def with_card_lexicons(identities: identity.Identities, cards: list[Card], langs: set[str]) -> identity.Identities:
    """The identities with the lexicons learned from printed card texts beside those
    learned from the rules (stored after them: where both know a word, the rules'
    translation speaks)."""
    from kb.align import card_lexicon  # only builds with card data need it

    return replace(identities, more_lexicons=[*identities.more_lexicons, *card_lexicon.learn(cards, langs).values()])


def with_term_lists(identities: identity.Identities, langs: set[str]) -> identity.Identities:
    """The identities with the lexicons of the term lists we write (official Italian
    names, players' words: :mod:`kb.align.term_list`) for the languages held."""
    from kb.align import term_list

    learned = term_list.agreeing(identities.more_lexicons, langs)  # our list speaks for the terms it names
    return replace(identities, more_lexicons=[*learned, *term_list.lexicons(langs)])


class _Stages:
    """The named stages of a build, each timed and announced to the progress callback."""

    def __init__(self, progress: Callable[[int, int, str], None] | None) -> None:
        self.progress = progress
        self.seconds: dict[str, float] = {}
        self.started = 0  # stages begun (the index begins inside the write, before it ends)

    def run(self, name: str, step: Callable[[], _T]) -> _T:
        if self.progress:
            self.progress(self.started, len(STAGES), name)
        self.started += 1
        started = time.perf_counter()
        result = step()
        self.seconds[name] = round(time.perf_counter() - started, 3)
        return result


_T = TypeVar("_T")
STAGES = ("clean up", "read", "check", "link references", "align", "link cards", "write", "index")


def build_index(home: Path, semantic: bool | None = None,
                progress: Callable[[int, int, str], None] | None = None, kb_file: Path | None = None,
                downgrade: bool = False) -> IndexInfo:
    """The search index of the KB in ``home`` (``kb index``), or of the KB file a build has
    written and not yet put in place (``kb_file``): a search never builds it.  ``semantic``:
    with the rules' vectors (None: as the KB had).  The indexes of other KBs are removed
    only once the KB indexed is the home's; one a newer kb wrote only if ``downgrade``."""
    from contextlib import closing

    from indexers import index as rules_index  # lazy: whoosh only where an index is built
    from indexers.engine import idiom_patterns

    with closing(store.connect_file(kb_file) if kb_file else store.connect(home)) as conn:
        return rules_index.ready(home, conn, semantic, progress, kb_file=kb_file, prune=kb_file is None,
                                 downgrade=downgrade, patterns=idiom_patterns)


def index(home: Path, semantic: bool | None = None, progress: Callable[[int, int, str], None] | None = None,
          waiting: Callable[[str], object] | None = None, downgrade: bool = False) -> IndexInfo:
    """``kb index``: the home's index built as the only build of the home (:func:`one_build`).  Run
    beside a build, it indexed the KB about to be replaced and pruned the index the build had just
    made of the new one, which then came in place without an index."""
    with one_build(home, waiting):
        return build_index(home, semantic, progress, downgrade=downgrade)


def refuse_newer_index(home: Path) -> None:
    """A build that would replace an index a newer kb wrote is refused before it reads anything
    (:func:`indexers.index.refuse_newer`; whoosh is not imported by it)."""
    from indexers import index as rules_index  # lazy, as in build_index

    rules_index.refuse_newer(home)


def prune_indexes(home: Path, keep: IndexInfo) -> None:
    """The indexes of other KBs removed, once the KB ``keep`` indexes is the home's."""
    from indexers import index as rules_index  # lazy, as in build_index

    rules_index.prune(home, keep)


@contextmanager
def one_build(home: Path, waiting: Callable[[str], object] | None = None) -> Iterator[None]:
    """The block as the only build (or ``kb index``) of the KB in ``home``: another one running is waited for,
    ``waiting`` told so first.  The lock is a ``flock`` on the home folder itself (no file left
    beside the KB), and dies with its process, however it dies."""
    try:
        home.mkdir(parents=True, exist_ok=True)
        fd = os.open(home, os.O_RDONLY)
    except OSError as err:
        raise KbError(f"cannot write a knowledge base here: {err.strerror}", str(home)) from err

    def wait(pid: int | None) -> None:
        if waiting is not None:
            waiting(f"the KB in {home} is being built or indexed by another kb" + (f" (pid {pid})" if pid else "")
                    + ": waiting for it to finish")

    with locked(fd, wait):
        yield


def build(paths: list[Path], home: Path, *, accept_damaged: bool = False, allow_partial: bool = False,
          override_format: str | None = None, override_lang: str | None = None,
          progress: Callable[[int, int, str], None] | None = None, semantic: bool | None = None,
          waiting: Callable[[str], object] | None = None, downgrade: bool = False) -> BuildReport:
    """Build the KB in ``home`` from ``paths``; on any error the old KB stays.  A build of the
    same home running meanwhile is waited for (``waiting``: told so first, as :func:`one_build`).
    A home whose index a newer kb wrote is refused unless ``downgrade`` (:func:`refuse_newer_index`)."""
    with one_build(home, waiting):
        if not downgrade:
            refuse_newer_index(home)
        return _build(paths, home, accept_damaged, allow_partial, override_format, override_lang, progress, semantic)


def _build(paths: list[Path], home: Path, accept_damaged: bool, allow_partial: bool, override_format: str | None,
           override_lang: str | None, progress: Callable[[int, int, str], None] | None,
           semantic: bool | None) -> BuildReport:
    stages = _Stages(progress)
    stages.run("clean up", lambda: sweep_leftovers(home))
    reports = stages.run("read", lambda: read_all(collect(paths), override_format, override_lang, progress,
                                                   allow_partial, accept_damaged))
    documents = [r.document for r in reports if r.document]
    card_inputs = [r.cards for r in reports if r.cards is not None]
    if not documents and not card_inputs:
        raise KbError("no document could be ingested: " + "; ".join(
            f"{r.path}: {r.reason}" for r in reports))

    def check() -> Findings:
        check_complete(reports, allow_partial)
        return check_translations(documents)

    # each stage reads what the stages before it made and returns something new
    gaps = stages.run("check", check)
    linked = stages.run("link references", lambda: graph.link(documents))
    identities = stages.run("align", lambda: identity.assign(documents))
    finished = noted(documents, gaps, linked.problems, report_identities(documents, identities))
    reports = with_documents(reports, documents, finished, identities.matches(documents))
    documents = finished
    cards, linked_inputs = stages.run("link cards", lambda: card_graph.link(card_inputs, documents))
    reports = with_card_inputs(reports, card_inputs, linked_inputs)
    card_inputs = linked_inputs
    identities = with_card_lexicons(identities, card_graph.cards_of(card_inputs), {doc.lang for doc in documents})
    identities = with_term_lists(identities, {doc.lang for doc in documents})
    meta = {"built_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "sources": "\n".join(str(p.resolve()) for p in paths)}
    # The new KB is indexed before it replaces the old one: a build interrupted at any point
    # leaves a KB and its index that agree (before, an interrupt while indexing left the new
    # KB without one, and every search failed until `kb index`).
    indexed: list[IndexInfo] = []

    def index_new(new: Path) -> None:
        indexed.append(stages.run("index", lambda: build_index(home, semantic, progress, kb_file=new)))

    database = stages.run("write", lambda: store.write(home, documents, meta, cards, identities.rows(documents),
                                                       linked.citations, before_replace=index_new))
    seconds = {**stages.seconds, "write": round(stages.seconds["write"] - stages.seconds["index"], 3)}
    stages.seconds = {stage: seconds[stage] for stage in STAGES if stage in seconds}  # each its own, in order
    prune_indexes(home, indexed[0])
    return BuildReport(home, database, reports, card_graph.summary(card_inputs, cards) if card_inputs else None,
                       stages.seconds)


def sweep_leftovers(home: Path) -> list[Path]:
    """Remove what killed builds left in ``home``: temporary KB files and index folders
    that no live process holds (see :mod:`kb.core.tempfiles`)."""
    return [*sweep(home, store.TEMP_PATTERN), *sweep(home / INDEX_FOLDER, f"{INDEX_TEMP_PREFIX}*")]
