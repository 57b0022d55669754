"""The data every ingester produces and every later stage reads.

A source file becomes one :class:`Document`: an edition of the rules (or a part of
one) in one language, with its rule texts and glossary entries.  Nothing here knows
about files, SQLite or the CLI; it is plain data with provenance.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Protocol

from kb.core.rulenum import RuleNumber


class Severity(StrEnum):
    """``warning``: reported, the build goes on.  ``damage``: the document is not
    what it claims to be (truncated, duplicate numbers); the build refuses it unless
    told to accept damaged documents."""

    WARNING = "warning"
    DAMAGE = "damage"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something a reader of the build report should know, with where it was seen."""

    path: str
    line: int | None
    message: str
    severity: Severity = Severity.WARNING

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.severity.value}: {self.message}"


@dataclass(frozen=True, slots=True)
class RuleText:
    """One numbered paragraph of the rules in one language and edition.

    ``title`` is set for sections and chapters ("Merging with Permanents"); ``body``
    holds the text after the number, with continuation paragraphs joined by newlines;
    ``examples`` keeps the examples in order; ``notes`` holds translator notes, kept
    apart from the rule text.  ``variant`` is 0 except for a second text under a
    number the document already used (a numbering slip in an old official file).
    """

    number: RuleNumber
    body: str
    line: int
    title: str | None = None
    examples: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    variant: int = 0


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """A glossary term with its aliases ("Abandon, Abandoned"), senses and status."""

    term: str
    aliases: tuple[str, ...]
    senses: tuple[str, ...]
    line: int
    obsolete: bool = False


@dataclass(frozen=True, slots=True)
class Citation:
    """A reference phrase found in a rule, example or glossary entry, resolved.

    ``source`` is ``("rule" | "example" | "glossary", index)`` into the document's
    ``rules`` or ``glossary``.  ``targets`` are the cited texts that exist, as
    ``(number, lang, edition)``; ``missing`` what was cited but is absent."""

    source: tuple[str, int]
    phrase: str
    line: int
    targets: tuple[tuple[RuleNumber, str, str | None], ...]
    missing: tuple[str, ...] = ()


@dataclass(slots=True)
class Document:
    """Everything an ingester read from one source file."""

    path: str
    sha256: str
    format: str
    lang: str
    effective: dt.date | None = None
    published: dt.date | None = None
    title: str | None = None
    encoding: str | None = None
    rules: list[RuleText] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)

    @property
    def edition(self) -> str | None:
        """The edition this document belongs to: its ISO effective date, if known."""
        return self.effective.isoformat() if self.effective else None

    def counts(self) -> dict[str, int]:
        """What the build report prints per document."""
        depth_names = ("sections", "chapters", "rules", "subrules")
        counts = {name: 0 for name in depth_names}
        for text in self.rules:
            counts[depth_names[text.number.depth]] += 1
        counts["examples"] = sum(len(t.examples) for t in self.rules)
        counts["glossary"] = len(self.glossary)
        return counts

    def warn(self, line: int | None, message: str, severity: Severity = Severity.WARNING) -> None:
        """For the ingester filling the document it is making (later stages return findings)."""
        self.problems.append(Problem(self.path, line, message, severity))

    def noting(self, problems: Sequence[Problem]) -> Document:
        """A new document: this one with what later stages found about it after what
        its ingester did (this one is left as it is)."""
        return replace(self, problems=[*self.problems, *problems])

    @property
    def damaged(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.DAMAGE]


# -- what later stages found, as the store keeps it -----------------------------------
#
# The stages after ingestion (references, identity) do not write into the documents:
# they return what they found, keyed by a document's index in the build, and the store
# writes it.  The store reads these shapes only, never the aligner's own types.

TextKey = tuple[int, int]  # (document index, index of a rule text or glossary entry)
#: What a stage after ingestion found wrong with the documents (an unresolved reference,
#: a number the translation lacks), by document index: the build notes them on new documents.
Findings = Mapping[int, Sequence[Problem]]


class RuleIdentity(Protocol):
    """A rule text's identity: its number in the reference edition, and how sure."""

    @property
    def rule(self) -> str: ...
    @property
    def score(self) -> float: ...
    @property
    def evidence(self) -> str: ...
    @property
    def moved(self) -> bool: ...


class TermIdentity(Protocol):
    """A glossary entry's identity: the English headword it means, and where from."""

    @property
    def term(self) -> str: ...
    @property
    def edition(self) -> str | None: ...
    @property
    def score(self) -> float: ...
    @property
    def evidence(self) -> str: ...


class StoredLexicon(Protocol):
    """A learned lexicon between two languages, with its JSON form."""

    @property
    def src(self) -> str: ...
    @property
    def dst(self) -> str: ...
    def to_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True, slots=True)
class IdentityRows:
    """What the store keeps of the identity step: each text's and entry's identity,
    the lexicons learned, and the English editions each undated document fits."""

    rules: Mapping[TextKey, RuleIdentity] = field(default_factory=dict)
    terms: Mapping[TextKey, TermIdentity] = field(default_factory=dict)
    lexicons: Sequence[StoredLexicon] = ()
    matches: Mapping[int, list[str]] = field(default_factory=dict)  # document index → en editions


Citations = Mapping[int, Sequence[Citation]]  # document index → its resolved citations
