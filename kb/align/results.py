"""What an alignment returns: one :class:`Link` per old text, gathered in an
:class:`Alignment`, and the kinds of evidence a link names.

Everything else in :mod:`kb.align` works towards these; callers (the identity of
texts, ``kb diff``, the build) only read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.align.lexicon import Lexicon
from kb.core.rulenum import RuleNumber

# -- evidence kinds -------------------------------------------------------------------

NUMBER = "number"  # same edition, paired by number
TEXT = "text"  # identical text (typography, case and cited numbers ignored)
SIMILAR = "similar"  # similar text in one language
MARKS = "marks"  # the same cited rules, symbols, numbers, names across languages
LEXICON = "lexicon"  # the learned term lexicon agrees
STRUCTURE = "structure"  # the neighbours' numbers predict it; content does not object
CHILDREN = "children"  # a chapter or rule follows its aligned children


# -- results --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """Where one old text went: ``new`` is ``None`` when it has no counterpart.

    ``score`` is a confidence in [0, 1]; ``evidence`` names what decided the pair;
    ``moved`` marks a pair out of order with its neighbours (a rule relocated
    rather than renumbered with its chapter); ``variant`` is the old text's
    :attr:`~kb.core.model.RuleText.variant` (an old file that used a number twice)."""

    old: RuleNumber
    new: RuleNumber | None
    score: float
    evidence: str
    moved: bool = False
    variant: int = 0

    @property
    def renumbered(self) -> bool:
        return self.new is not None and self.new != self.old


@dataclass(frozen=True)
class Alignment:
    """Every old text's :class:`Link`, in the old document's order, the new texts
    nobody maps to, and the lexicon learned on the way."""

    old_lang: str
    new_lang: str
    links: tuple[Link, ...]
    unmatched_new: tuple[RuleNumber, ...]
    lexicon: Lexicon

    @property
    def mapping(self) -> dict[RuleNumber, RuleNumber | None]:
        """Old number -> new number (``None``: no counterpart).  Where an old file used
        a number twice, the first text's link counts; :attr:`links` has both."""
        result: dict[RuleNumber, RuleNumber | None] = {}
        for link in self.links:
            result.setdefault(link.old, link.new)
        return result

    @property
    def matched(self) -> dict[RuleNumber, RuleNumber]:
        return {old: new for old, new in self.mapping.items() if new is not None}

    @property
    def unmatched_old(self) -> tuple[RuleNumber, ...]:
        return tuple(link.old for link in self.links if link.new is None)

    @property
    def renumbered(self) -> list[Link]:
        return [link for link in self.links if link.renumbered]

    @property
    def moves(self) -> list[Link]:
        return [link for link in self.links if link.moved]

    def link(self, old: RuleNumber) -> Link | None:
        return next((link for link in self.links if link.old == old), None)

    def inverse(self) -> dict[RuleNumber, RuleNumber]:
        """New number -> old number, for the new texts that have a counterpart."""
        return {new: old for old, new in self.matched.items()}

    @property
    def coverage(self) -> float:
        """The share of old texts with a counterpart."""
        return sum(link.new is not None for link in self.links) / max(1, len(self.links))
