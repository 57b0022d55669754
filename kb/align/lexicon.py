"""A bilingual term lexicon: Latin-script words and their translation in another language.

Cross-language alignment (:mod:`kb.align`) learns which Chinese (or Italian) term
translates each English word from the pairs it has aligned so far (:mod:`kb.align.terms`
does the learning), then uses the lexicon as evidence for the rest; the build keeps
the lexicon with the knowledge base so that search can translate a query and the
next alignment can start from it.  This module holds only the type, so that search
reads lexicons without loading the learning machinery (numpy).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kb.align.tokens import stem


@dataclass(frozen=True)
class Lexicon:
    """Terms of one language (``src``, tokenised into words) with their translation
    into another (``dst``): ``terms[word] = (translation, strength in [0, 1])``.

    Learned from aligned pairs; kept with the knowledge base so that search can
    translate a query and a later alignment can start from it."""

    src: str
    dst: str
    terms: Mapping[str, tuple[str, float]] = field(default_factory=dict)

    def translate(self, word: str) -> str | None:
        entry = self.terms.get(stem(word.casefold()))
        return entry[0] if entry else None

    def __len__(self) -> int:
        return len(self.terms)

    def merged(self, other: Lexicon) -> Lexicon:
        """Both lexicons; where both know a word, the stronger entry wins."""
        if (other.src, other.dst) != (self.src, self.dst):
            raise ValueError(f"cannot merge lexicons {self.src}->{self.dst} and {other.src}->{other.dst}")
        terms = dict(self.terms)
        for word, entry in other.terms.items():
            if word not in terms or terms[word][1] < entry[1]:
                terms[word] = entry
        return Lexicon(self.src, self.dst, terms)

    def filled_from(self, other: Lexicon) -> Lexicon:
        """This lexicon, trusted first, with the words only ``other`` knows."""
        if (other.src, other.dst) != (self.src, self.dst):
            raise ValueError(f"cannot fill lexicon {self.src}->{self.dst} from {other.src}->{other.dst}")
        return Lexicon(self.src, self.dst, {**other.terms, **self.terms})

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form for storing."""
        return {"src": self.src, "dst": self.dst,
                "terms": {w: [t, round(s, 4)] for w, (t, s) in sorted(self.terms.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Lexicon:
        terms = data.get("terms", {})
        assert isinstance(terms, Mapping)
        return cls(str(data["src"]), str(data["dst"]), {str(w): (str(t), float(s)) for w, (t, s) in terms.items()})
