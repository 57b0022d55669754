"""The reference graph: every "See rule X" in the KB becomes explicit edges.

Runs once per build, after ingestion and before storing.  Each reference is
resolved against the numbers of the edition it was written in.  Partial
documents (a web page of one rule, a few numbered lines) cannot hold what they
cite, so they fall back to the newest edition of their language, then to the
newest English edition: that is where a reader would follow the link.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from kb.core import refs
from kb.core.model import Citation, Document, Problem
from kb.core.rulenum import RuleNumber

Scope = tuple[str, str | None]  # (lang, edition)
FULL_FORMATS = {"cr-text"}


@dataclass(frozen=True)
class Linked:
    """The citations of every document, and the references that resolve to nothing
    (warnings of the document citing them), both by a document's index in the build."""

    citations: dict[int, list[Citation]]
    problems: dict[int, list[Problem]]


def link(documents: list[Document]) -> Linked:
    """Every reference of ``documents`` resolved (the documents are only read)."""
    numbers: dict[Scope, list[RuleNumber]] = defaultdict(list)
    for doc in documents:
        numbers[(doc.lang, doc.edition)].extend(t.number for t in doc.rules)
    existing = {scope: sorted(set(found)) for scope, found in numbers.items()}
    found: dict[int, list[Citation]] = {}
    unresolved: dict[int, list[Problem]] = {}
    for d, doc in enumerate(documents):
        scopes = [(doc.lang, doc.edition)]
        if doc.format not in FULL_FORMATS:
            scopes += [s for s in (_newest(existing, doc.lang), _newest(existing, "en")) if s]
        scopes = list(dict.fromkeys(scopes))
        found[d] = list(_citations(doc, scopes, existing))
        unresolved[d] = [Problem(doc.path, c.line, f"unresolved reference {c.phrase!r}: "
                                 f"{', '.join(c.missing)} not in {_describe(scopes)}") for c in found[d] if c.missing]
    return Linked(found, unresolved)


def _newest(existing: dict[Scope, list[RuleNumber]], lang: str) -> Scope | None:
    dated = [edition for (language, edition) in existing if language == lang and edition]
    return (lang, max(dated)) if dated else None


def _describe(scopes: list[Scope]) -> str:
    return " or ".join(f"{lang} {edition or 'undated'}" for lang, edition in scopes)


def _texts(doc: Document) -> Iterator[tuple[tuple[str, int], str, int]]:
    """Every text that may cite: rule bodies, examples, glossary definitions."""
    for index, rule in enumerate(doc.rules):
        yield ("rule", index), rule.body, rule.line
        for example in rule.examples:
            yield ("example", index), example, rule.line
    for index, entry in enumerate(doc.glossary):
        yield ("glossary", index), " ".join(entry.senses), entry.line + 1  # the definition, under the headword


def _citations(doc: Document, scopes: list[Scope],
               existing: dict[Scope, list[RuleNumber]]) -> Iterator[Citation]:
    lang = doc.lang if doc.lang in ("en", "it") or doc.lang.startswith("zh") else "en"
    for source, text, line in _texts(doc):
        if not text:
            continue
        for reference in refs.extract(text, lang):
            yield _resolve(source, reference, line, scopes, existing)


def _resolve(source: tuple[str, int], reference: refs.Reference, line: int, scopes: list[Scope],
             existing: dict[Scope, list[RuleNumber]]) -> Citation:
    """Each target resolves in the first scope that has all of it (else the first scope)."""
    targets: list[tuple[RuleNumber, str, str | None]] = []
    missing: list[str] = []
    for target in reference.targets:
        results = [refs.resolve_target(target, existing.get(scope, [])) for scope in scopes]
        chosen = next((i for i, result in enumerate(results) if result.ok), 0)
        targets += [(number, *scopes[chosen]) for number in sorted(results[chosen].numbers)]
        missing += results[chosen].missing
    return Citation(source, reference.phrase, line, tuple(targets), tuple(missing))
