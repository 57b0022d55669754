"""Rule numbers as a real type.

The Comprehensive Rules number their parts in four depths:

* a section, ``7`` ("Additional Rules"),
* a chapter, ``730`` ("Merging with Permanents"),
* a rule, ``730.2``,
* a subrule, ``730.2a``.

Numbers must sort numerically (``100.2 < 100.10``) and subrule letters skip
``l`` and ``o`` (so ``704.5k`` is followed by ``704.5m``).  Comparing numbers
as text gets both wrong, so everything in kb goes through :class:`RuleNumber`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import total_ordering

from kb.core.text import echoed

#: Subrule letters in order: the rules skip "l" and "o" to avoid confusion with 1 and 0.
LETTERS = "abcdefghijkmnpqrstuvwxyz"

_PATTERN = re.compile(
    r"""^\s*
    (?P<chapter>\d{1,3})
    (?:\.(?P<rule>\d{1,3})(?P<letter>[a-z])?)?
    \.?\s*$""",
    re.VERBOSE,
)


class RuleNumberError(ValueError):
    """Raised for text that is not a rule number."""


@total_ordering
@dataclass(frozen=True, slots=True)
class RuleNumber:
    """A parsed rule number: section, chapter, rule or subrule.

    ``chapter`` holds the first component as written: ``7`` for a section,
    ``730`` for a chapter.  ``rule`` and ``letter`` are ``None`` above their depth.
    """

    chapter: int
    rule: int | None = None
    letter: str | None = None
    key: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not (1 <= self.chapter <= 9 or 100 <= self.chapter <= 999):
            raise RuleNumberError(f"no such section or chapter: {self.chapter}")
        if self.rule is not None and self.chapter < 100:
            raise RuleNumberError("a section has no rules of its own")
        if self.rule is not None and self.rule < 1:
            raise RuleNumberError(f"rules are numbered from 1: {self.chapter}.{self.rule}")
        if self.letter is not None and (self.rule is None or self.letter not in LETTERS):
            raise RuleNumberError(f"bad subrule letter: {self.letter!r}")
        object.__setattr__(self, "key", self._sort_key())

    # -- construction -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        """Parse ``7``, ``730``, ``730.2``, ``730.2.``, ``730.2a`` or ``119.1d.``."""
        match = _PATTERN.match(text)
        if not match:
            raise RuleNumberError(f"not a rule number: {echoed(text)!r}")
        chapter = int(match["chapter"])
        if match["rule"] is None and len(match["chapter"]) == 2:
            raise RuleNumberError(f"not a rule number: {echoed(text)!r}")
        rule = int(match["rule"]) if match["rule"] is not None else None
        return cls(chapter, rule, match["letter"])

    @classmethod
    def try_parse(cls, text: str) -> RuleNumber | None:
        """Like :meth:`parse`, but ``None`` instead of an error."""
        try:
            return cls.parse(text)
        except RuleNumberError:
            return None

    # -- shape ------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        """0 section, 1 chapter, 2 rule, 3 subrule."""
        if self.chapter < 100:
            return 0
        if self.rule is None:
            return 1
        return 2 if self.letter is None else 3

    @property
    def kind(self) -> str:
        return ("section", "chapter", "rule", "subrule")[self.depth]

    @property
    def section(self) -> int:
        return self.chapter if self.chapter < 100 else self.chapter // 100

    def _sort_key(self) -> int:
        """An integer that sorts exactly like the numbers (for SQL ``ORDER BY``)."""
        chapter_part = 0 if self.depth == 0 else self.chapter % 100 + 1
        rule_part = 0 if self.rule is None else self.rule + 1
        letter_part = 0 if self.letter is None else LETTERS.index(self.letter) + 1
        return ((self.section * 1000 + chapter_part) * 10000 + rule_part) * 100 + letter_part

    @property
    def subtree_stop(self) -> int:
        """The first key after this number and all its descendants (a half-open range)."""
        scale = (10**9, 10**6, 10**2, 1)[self.depth]
        return (self.key // scale + 1) * scale

    @classmethod
    def from_key(cls, key: int) -> RuleNumber:
        """Inverse of :attr:`key`."""
        key, letter_part = divmod(key, 100)
        key, rule_part = divmod(key, 10000)
        section, chapter_part = divmod(key, 1000)
        if chapter_part == 0:
            return cls(section)
        chapter = section * 100 + chapter_part - 1
        if rule_part == 0:
            return cls(chapter)
        letter = LETTERS[letter_part - 1] if letter_part else None
        return cls(chapter, rule_part - 1, letter)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.key < other.key

    def __str__(self) -> str:
        if self.rule is None:
            return str(self.chapter)
        return f"{self.chapter}.{self.rule}{self.letter or ''}"

    def __repr__(self) -> str:
        return f"RuleNumber('{self}')"

    # -- family -----------------------------------------------------------------------

    @property
    def parent(self) -> RuleNumber | None:
        """730.2a -> 730.2 -> 730 -> 7 -> None."""
        if self.letter is not None:
            return RuleNumber(self.chapter, self.rule)
        if self.rule is not None:
            return RuleNumber(self.chapter)
        if self.depth == 1:
            return RuleNumber(self.section)
        return None

    def ancestors(self) -> Iterator[RuleNumber]:
        """Parent, grandparent, ... up to the section."""
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def is_ancestor_of(self, other: RuleNumber) -> bool:
        return any(a == self for a in other.ancestors())

    def children(self, existing: Iterable[RuleNumber]) -> list[RuleNumber]:
        """The direct children of this number among ``existing``, in order."""
        return sorted(n for n in existing if n.parent == self)

    def descendants(self, existing: Iterable[RuleNumber]) -> list[RuleNumber]:
        return sorted(n for n in existing if self.is_ancestor_of(n))

    # -- siblings ---------------------------------------------------------------------

    def next(self) -> RuleNumber | None:
        """The next sibling number, whether or not it exists; ``None`` after ``z`` or 999."""
        return self._step(+1)

    def previous(self) -> RuleNumber | None:
        """The previous sibling number; ``None`` before ``a``, ``.1`` or the first chapter."""
        return self._step(-1)

    def _step(self, delta: int) -> RuleNumber | None:
        if self.letter is not None:
            index = LETTERS.index(self.letter) + delta
            if not 0 <= index < len(LETTERS):
                return None
            return RuleNumber(self.chapter, self.rule, LETTERS[index])
        if self.rule is not None:
            rule = self.rule + delta
            return RuleNumber(self.chapter, rule) if rule >= 1 else None
        chapter = self.chapter + delta
        if self.depth == 0:
            return RuleNumber(chapter) if 1 <= chapter <= 9 else None
        return RuleNumber(chapter) if chapter // 100 == self.section else None

