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
from kb.core.text import has_cjk

#: Origins of the lexicons written by us (kb.align.term_list), not learned: official names
#: of game terms in a language, and players' words in the rules' own words.
TERMS = "terms"
PLAYERS = "players"
#: Between the names of a glossary headword that names each sense apart ("Counter": 反击/指示物,
#: countering and the marker; "Draw": 抓/平手): a translation keeps them all, and search asks
#: each (:func:`alternatives`).  Taking the first, as before, searched "counter" as 反击 only.
ALTERNATIVES = "/"
#: Between the senses of a players' word, each in the rules' words ("blink": exile return
#: battlefield / new object): search asks each (:func:`senses`).  Until session 34 a word's
#: second line was dropped as the lexicon was made (the first line spoke).
SENSES = " / "


@dataclass(frozen=True)
class Lexicon:
    """Terms of one language (``src``, tokenised into words) with their translation
    into another (``dst``): ``terms[word] = (translation, strength in [0, 1])``.

    Learned from aligned pairs; kept with the knowledge base so that search can
    translate a query and a later alignment can start from it."""

    src: str
    dst: str
    terms: Mapping[str, tuple[str, float]] = field(default_factory=dict)
    #: Where it was learned: ``rules`` (aligned rule texts), ``cards`` (printed card
    #: texts) or ``glossary`` (the aligned glossaries' headwords, official pairs); or
    #: :data:`TERMS` and :data:`PLAYERS`, lists we write.
    #: Search trusts each origin from its own measured threshold (indexers.translate).
    origin: str = "rules"
    #: How many aligned pairs hold both the word and its translation (where known):
    #: a strength of 1.0 from two pairs is chance more often than one from twenty.
    support: Mapping[str, int] = field(default_factory=dict)

    def translate(self, word: str) -> str | None:
        entry = self.terms.get(stem(word.casefold()))
        return entry[0] if entry else None

    def __len__(self) -> int:
        return len(self.terms)

    def merged(self, other: Lexicon) -> Lexicon:
        """Both lexicons; where both know a word, the stronger entry wins."""
        if (other.src, other.dst) != (self.src, self.dst):
            raise ValueError(f"cannot merge lexicons {self.src}->{self.dst} and {other.src}->{other.dst}")
        terms, support = dict(self.terms), dict(self.support)
        for word, entry in other.terms.items():
            if word not in terms or terms[word][1] < entry[1]:
                terms[word] = entry
                support.pop(word, None)
                if word in other.support:
                    support[word] = other.support[word]
        return Lexicon(self.src, self.dst, terms, self.origin, support)

    def filled_from(self, other: Lexicon) -> Lexicon:
        """This lexicon, trusted first, with the words only ``other`` knows."""
        if (other.src, other.dst) != (self.src, self.dst):
            raise ValueError(f"cannot fill lexicon {self.src}->{self.dst} from {other.src}->{other.dst}")
        support = {**{w: n for w, n in other.support.items() if w not in self.terms}, **self.support}
        return Lexicon(self.src, self.dst, {**other.terms, **self.terms}, self.origin, support)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form for storing."""
        return {"src": self.src, "dst": self.dst, "origin": self.origin,
                "terms": {w: [t, round(s, 4)] for w, (t, s) in sorted(self.terms.items())},
                "support": dict(sorted(self.support.items()))}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Lexicon:
        terms = data.get("terms", {})
        support = data.get("support", {})
        assert isinstance(terms, Mapping) and isinstance(support, Mapping)
        return cls(str(data["src"]), str(data["dst"]), {str(w): (str(t), float(s)) for w, (t, s) in terms.items()},
                   str(data.get("origin", "rules")), {str(w): int(n) for w, n in support.items()})


def senses(target: str) -> list[str]:
    """The senses a players' word's rules words hold (one, or one per line of its list)."""
    return [sense for sense in target.split(SENSES) if sense]


def alternatives(target: str) -> list[str]:
    """The names a CJK translation offers (one, or one per sense); a Latin one whole ("+1/+1")."""
    return [a for a in target.split(ALTERNATIVES) if a] if has_cjk(target) else [target]
