"""The rows the card phase of a build produces: plain data, ids already assigned.

:mod:`kb.graph.card_phase` fills them and :mod:`kb.store.cards` writes them, so the
types live here, in the stage that makes them, and the store imports them from below.
A card's :class:`~kb.graph.cards.Resolution` is stored as JSON; both directions of
that conversion are here, beside the rows that carry it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kb.core.model import Problem
from kb.core.rulenum import RuleNumber
from kb.graph.cards import Candidate, Evidence, Resolution
from kb.graph.names import NameEntry

# -- rows ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SourceRow:
    path: str
    sha256: str
    format: str
    summary: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CardRow:
    """One printing of a card (AtomicCards: one row per card, no set)."""

    name: str
    set_code: str | None
    number: str | None
    layout: str
    names: dict[str, str]
    aliases: list[list[str]]  # [lang, name]
    faces: list[dict[str, Any]]
    parts: list[str]
    source: str


@dataclass(frozen=True, slots=True)
class RulingRow:
    id: int
    card: str | None
    date: str | None
    text: str
    key: str
    lang: str
    source: str
    path: str
    line: int | None = None
    page_id: int | None = None


@dataclass(slots=True)
class PageRow:
    id: int
    kind: str
    path: str
    line: int | None
    title: str
    title_key: str
    lang: str | None
    card: str | None = None
    confidence: float | None = None
    resolution: dict[str, Any] | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SectionRow:
    id: int
    page_id: int
    heading: str
    level: int
    text: str
    line: int | None


@dataclass(frozen=True, slots=True)
class LinkRow:
    src_kind: str
    src_id: int
    rule: RuleNumber
    lang: str
    edition: str | None
    kind: str
    matched: str
    start: int
    stop: int
    evidence: str
    term_kind: str | None
    hits: int


@dataclass(slots=True)
class CardGraph:
    """Everything the card phase of a build stores, with ids already assigned."""

    sources: list[SourceRow] = field(default_factory=list)
    cards: list[CardRow] = field(default_factory=list)
    names: list[NameEntry] = field(default_factory=list)
    rulings: list[RulingRow] = field(default_factory=list)
    pages: list[PageRow] = field(default_factory=list)
    sections: list[SectionRow] = field(default_factory=list)
    links: list[LinkRow] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


# -- resolutions as JSON ------------------------------------------------------------


def evidence_json(evidence: Evidence) -> dict[str, object]:
    return {"kind": evidence.kind, "detail": evidence.detail, "score": round(evidence.score, 4)}


def candidate_json(candidate: Candidate) -> dict[str, object]:
    data: dict[str, object] = {"card": candidate.card, "score": round(candidate.score, 4),
                               "evidence": [evidence_json(e) for e in candidate.evidence]}
    if candidate.matched is not None:
        data["matched"] = {"name": candidate.matched.name, "lang": candidate.matched.lang}
    return data


def resolution_json(resolution: Resolution) -> dict[str, object]:
    data: dict[str, object] = {
        "query": resolution.query, "card": resolution.card, "resolved": resolution.resolved,
        "confidence": resolution.confidence, "evidence": [evidence_json(e) for e in resolution.evidence],
        "candidates": [candidate_json(c) for c in resolution.candidates],
    }
    if resolution.matched is not None:
        data["matched"] = {"name": resolution.matched.name, "lang": resolution.matched.lang,
                           "face": resolution.matched.face}
    return data


def resolution_from_json(data: dict[str, Any]) -> Resolution:
    """A stored resolution back as :class:`Resolution` (names matched are not kept)."""
    def evidence(items: Iterable[dict[str, Any]]) -> tuple[Evidence, ...]:
        return tuple(Evidence(e["kind"], e["detail"], e.get("score", 0.0)) for e in items)

    candidates = tuple(Candidate(c["card"], c["score"], evidence(c["evidence"])) for c in data["candidates"])
    return Resolution(data["query"], data["card"], data["confidence"], evidence(data["evidence"]), candidates)
