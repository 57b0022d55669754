"""Undated documents (a seed file, a web page): which dated editions they fit,
found by aligning them with each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kb.align.aligner import align
from kb.align.lexicon import Lexicon
from kb.core.model import RuleText


@dataclass(frozen=True, slots=True)
class EditionFit:
    """How an undated document fits one dated edition: how many of its texts found
    a counterpart, how many kept their number, and the mean confidence."""

    edition: str
    texts: int
    matched: int
    same_number: int
    score: float

    @property
    def exact(self) -> bool:
        """Every text found its counterpart under its own number."""
        return self.same_number == self.texts


def place_undated(
    texts: Sequence[RuleText],
    lang: str,
    editions: Mapping[str, Sequence[RuleText]],
    *,
    editions_lang: str = "en",
    lexicon: Lexicon | None = None,
) -> list[EditionFit]:
    """Align an undated document with each dated edition, best fit first.

    The best fits are the editions where its texts keep their numbers (the Italian
    seed numbers the merge rules 729: English editions of 2025) and where most of
    them find a counterpart with confidence."""
    fits = []
    for edition, rules in editions.items():
        alignment = align(texts, rules, old_lang=lang, new_lang=editions_lang, lexicon=lexicon)
        links = alignment.links
        fits.append(EditionFit(
            edition,
            len(links),
            sum(link.new is not None for link in links),
            sum(link.new == link.old for link in links),
            round(sum(link.score for link in links) / max(1, len(links)), 3),
        ))
    fits.sort(key=lambda f: (-f.same_number, -f.matched, -f.score, f.edition))
    return fits


def best_editions(fits: Sequence[EditionFit]) -> list[str]:
    """The editions that fit as well as the best one (same counts), in date order:
    the span an undated document belongs to."""
    if not fits:
        return []
    top = max(fits, key=lambda f: (f.same_number, f.matched))
    return sorted(f.edition for f in fits if (f.same_number, f.matched) == (top.same_number, top.matched))
