"""Building a KB: find the sources, ingest each, check them together, store atomically.

Nothing is written unless every document was read; a damaged document (truncated,
duplicate numbers) stops the build unless the caller accepts damaged documents, in
which case the damage stays listed in the report and in the KB.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kb.align import identity
from kb.core.errors import KbError
from kb.core.model import Document, Problem
from kb.core.textio import read_source
from kb.graph import card_phase as card_graph
from kb.graph import references as graph
from kb.ingest import ingest
from kb.store import rules as store

if TYPE_CHECKING:
    from kb.ingest.mtgjson import Card

MANIFEST = "manifest.toml"
DOCUMENT_SUFFIXES = {".txt", *card_graph.SUFFIXES}
EMBEDDED_CORPUS = Path(__file__).resolve().parent.parent / "corpus"


@dataclass(frozen=True)
class Source:
    """A file to read, with what its folder's manifest says about it."""

    path: Path
    format: str | None = None
    lang: str | None = None
    in_folder: bool = False


@dataclass
class DocReport:
    path: str
    status: str
    document: Document | None = None
    reason: str | None = None
    cards: card_graph.CardInput | None = None  # card data, a rulings page or a wiki page

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
                encoding=doc.encoding, counts=doc.counts(), matches=doc.matches,
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

    def to_json(self) -> dict[str, object]:
        return {"home": str(self.home), "database": str(self.database),
                "documents": [d.to_json() for d in self.documents], **({"cards": self.cards} if self.cards else {})}


def collect(paths: list[Path]) -> list[Source | DocReport]:
    """Files as given, folders as their document files (sorted), with manifest hints."""
    found: list[Source | DocReport] = []
    for path in (p.absolute() for p in paths):  # sources are cited as path:line from anywhere
        if path.is_dir():
            hints = _manifest(path)
            files = sorted(p for p in path.rglob("*") if p.is_file() and not p.name.startswith("."))
            documents = [p for p in files if p.suffix.lower() in DOCUMENT_SUFFIXES]
            if not documents:
                raise KbError(f"folder holds no documents (looked for {', '.join(sorted(DOCUMENT_SUFFIXES))})",
                              str(path))
            for file in files:
                if file.name == MANIFEST:
                    continue
                if file.suffix.lower() not in DOCUMENT_SUFFIXES:
                    found.append(DocReport(str(file), "skipped", reason="not a document type kb reads yet"))
                    continue
                hint = hints.get(file.relative_to(path).as_posix(), {})
                found.append(Source(file, hint.get("format"), hint.get("lang"), in_folder=True))
        elif path.is_file():
            hint = _manifest(path.parent).get(path.name, {})
            found.append(Source(path, hint.get("format"), hint.get("lang")))
        else:
            raise KbError("no such file or folder", str(path))
    return found


def _manifest(folder: Path) -> dict[str, dict[str, str]]:
    path = folder / MANIFEST
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise KbError(f"bad manifest: {err}", str(path)) from err
    return data.get("documents", {})


def read_all(sources: list[Source | DocReport], override_format: str | None = None,
             override_lang: str | None = None,
             progress: Callable[[int, int, str], None] | None = None) -> list[DocReport]:
    """Ingest every source; the first unreadable one stops everything."""
    reports: list[DocReport] = []
    for done, item in enumerate(sources):
        if progress:
            progress(done, len(sources), item.path.name if isinstance(item, Source) else "")
        if isinstance(item, DocReport):
            reports.append(item)
            continue
        fmt, lang = override_format or item.format, override_lang or item.lang
        if card_graph.claims(item.path, fmt):
            found = card_graph.read(item.path, fmt, lang, item.in_folder)
            reports.append(DocReport(str(item.path), "skipped", reason=found.reason)
                           if isinstance(found, card_graph.Skipped) else DocReport(str(item.path), "ok", cards=found))
            continue
        source = read_source(item.path)
        if fmt is None and (page := card_graph.read_text(source, lang)) is not None:
            reports.append(DocReport(str(item.path), "ok", cards=page))
            continue
        document = ingest(source, fmt, lang)
        reports.append(DocReport(str(item.path), "ok", document))
    return reports


def check_translations(documents: list[Document]) -> None:
    """A translation should hold the numbers of the English edition of its date."""
    english = {d.edition: d for d in documents if d.lang == "en" and d.edition and d.format == "cr-text"}
    for doc in documents:
        original = english.get(doc.edition)
        if doc.lang == "en" or original is None or doc.format != "cr-text":
            continue
        ours = {t.number for t in doc.rules if t.number.depth > 0}
        theirs = {t.number for t in original.rules if t.number.depth > 0}
        if missing := sorted(theirs - ours):
            doc.warn(None, f"lacks {len(missing)} numbers of the English edition {doc.edition}: "
                     + ", ".join(map(str, missing)))
        if extra := sorted(ours - theirs):
            doc.warn(None, f"has {len(extra)} numbers the English edition {doc.edition} lacks: "
                     + ", ".join(map(str, extra)))


def report_identities(documents: list[Document], identities: identity.Identities) -> None:
    """Say which English editions undated documents fit, and which texts found no counterpart."""
    reference = identities.reference
    for d, doc in enumerate(documents):
        doc.matches = identities.placements.get((doc.lang, doc.edition), []) if doc.edition is None else []
        if reference is None or (doc.lang, doc.edition) == reference:
            continue
        alone = [str(t.number) for r, t in enumerate(doc.rules)
                 if (found := identities.of.get((d, r))) is not None and found.evidence == "unmatched"]
        if alone:
            shown = ", ".join(alone[:40]) + (f", … ({len(alone) - 40} more)" if len(alone) > 40 else "")
            doc.warn(None, f"{len(alone)} texts have no counterpart in {reference[0]} "
                     f"{reference[1] or 'undated'}; they keep their own identity: {shown}")


def damage(documents: list[Document]) -> list[Problem]:
    return [p for doc in documents for p in doc.damaged]


def add_card_lexicons(identities: identity.Identities, cards: list[Card], langs: set[str]) -> None:
    """Lexicons learned from printed card texts, kept with those learned from the rules:
    where both know a word, the rules' translation stays."""
    from kb.align import card_lexicon  # only builds with card data need it

    for key, learned in card_lexicon.learn(cards, langs).items():
        known = identities.lexicons.get(key)
        identities.lexicons[key] = known.filled_from(learned) if known else learned


def build_index(home: Path) -> float:
    """The search index of the KB just written (``kb build`` and ``kb index``): a search
    never builds it.  Seconds taken."""
    from contextlib import closing

    from indexers import index as rules_index  # lazy: whoosh only where an index is built

    with closing(store.connect(home)) as conn:
        return rules_index.ready(home, conn).seconds


def build(paths: list[Path], home: Path, *, accept_damaged: bool = False,
          override_format: str | None = None, override_lang: str | None = None,
          progress: Callable[[int, int, str], None] | None = None) -> BuildReport:
    """Build the KB in ``home`` from ``paths``; on any error the old KB stays."""
    reports = read_all(collect(paths), override_format, override_lang, progress)
    documents = [r.document for r in reports if r.document]
    card_inputs = [r.cards for r in reports if r.cards is not None]
    if not documents and not card_inputs:
        raise KbError("no document could be ingested: " + "; ".join(
            f"{r.path}: {r.reason}" for r in reports))
    if progress:
        progress(len(reports), len(reports), "linking references, writing the KB")
    check_translations(documents)
    graph.link(documents)
    identities = identity.assign(documents)
    report_identities(documents, identities)
    cards = card_graph.link(card_inputs, documents)
    add_card_lexicons(identities, card_graph.cards_of(card_inputs), {doc.lang for doc in documents})
    if (problems := damage(documents) + card_graph.damaged(card_inputs)) and not accept_damaged:
        listing = "\n".join(f"  {p}" for p in problems)
        raise KbError(f"{len(problems)} problem(s) make these documents unreliable; nothing was "
                      f"written (use --accept-damaged to keep them, with the damage listed):\n{listing}")
    meta = {"built_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "sources": "\n".join(str(p.resolve()) for p in paths)}
    database = store.write(home, documents, meta, cards, identities)
    if progress:
        progress(len(reports), len(reports), "building the search index")
    build_index(home)
    return BuildReport(home, database, reports, card_graph.summary(card_inputs, cards) if card_inputs else None)

