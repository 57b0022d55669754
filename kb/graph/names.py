"""Card names as the store keeps them, and the script a name is written in: what a
search reads of the cards (:mod:`kb.graph.cards`, which resolves names to cards, is
not imported by a search: its classes cost a fresh ``kb search`` 5 ms)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.core.text import HAN_KANA_CHAR, HANGUL, HANGUL_JAMO, LazyPattern, char_class

_SCRIPTS = (
    ("cjk", HAN_KANA_CHAR),
    ("hangul", LazyPattern(f"[{char_class(HANGUL_JAMO + HANGUL)}]")),  # 1.4 ms to compile: when first asked
    ("cyrillic", re.compile(r"[\u0400-\u04ff]")),
)


def script_class(key: str) -> str:
    """``cjk`` (Han or kana), ``hangul``, ``cyrillic`` or ``latin``: fuzzy matching
    compares a query only with names in the same script."""
    if not key.isascii():
        for name, pattern in _SCRIPTS:
            if pattern.search(key):
                return name
    return "latin"


@dataclass(frozen=True, slots=True)
class NameEntry:
    """One name of one card: ``card`` is the card's English name (its identity)."""

    key: str
    name: str
    lang: str
    card: str
    face: str | None = None
