"""What changed between two editions: added, removed, changed, moved, renumbered.

Texts are paired by :mod:`kb.align` (content, not numbers), so a rule that only got
a new number is a *move*, not a removal plus an addition.  Comparison ignores what
is not a change of the rules: typography (the 2019-01-25 file lost its curly quotes
and ™), spacing, and cited numbers that merely follow the renumbering ("See rule
701.18" that became "See rule 701.22" because Scry moved is a citation update, not
a change).  Changed texts carry a word-level diff of the body and of each example.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import TYPE_CHECKING

from kb.core.model import RuleText
from kb.core.rulenum import RuleNumber
from kb.core.text import comparable

if TYPE_CHECKING:
    from kb.align.results import Alignment

__all__ = ["Change", "Diff", "Edit", "Move", "diff", "word_diff"]


@dataclass(frozen=True, slots=True)
class Edit:
    """One run of a word-level diff: ``=`` kept, ``-`` removed, ``+`` added.  ``space``:
    whether its text stood after whitespace, so a diff is shown with the text's own
    spacing (``Bobblehead{+, Book+},``, not ``Bobblehead {+, Book+} ,``)."""

    op: str
    text: str
    space: bool = True

    @property
    def spaced(self) -> str:
        """The run with the whitespace before it, as JSON gives it: the ``=`` and ``+``
        runs joined are the new text, the ``=`` and ``-`` runs the old one."""
        return (" " if self.space else "") + self.text


@dataclass(frozen=True, slots=True)
class Change:
    """A text whose wording changed.  ``body`` and ``examples`` are word-level diffs;
    an example added or removed whole is a diff with a single ``+`` or ``-`` run."""

    old: RuleText
    new: RuleText
    body: tuple[Edit, ...]
    examples: tuple[tuple[Edit, ...], ...]

    @property
    def body_changed(self) -> bool:
        return any(e.op != "=" for e in self.body)


@dataclass(frozen=True, slots=True)
class Move:
    """A text under a new number: ``reordered`` when it left its neighbours (moved
    elsewhere), not when it only followed a renumbering of its chapter."""

    old: RuleNumber
    new: RuleNumber
    reordered: bool
    changed: bool


@dataclass(frozen=True)
class Diff:
    added: tuple[RuleText, ...]
    removed: tuple[RuleText, ...]
    changed: tuple[Change, ...]
    moved: tuple[Move, ...]

    @property
    def citations(self) -> dict[RuleNumber, RuleNumber]:
        """Old number -> new number for every renumbered text: what a note citing
        the old edition must now cite."""
        return {m.old: m.new for m in self.moved}

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.moved)


# -- words ----------------------------------------------------------------------------

# A rule or chapter number is one token; so is a trademark written out, which
# compares as nothing.
_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d])")
_TOKEN = re.compile(rf"{_NUMBER.pattern}|\((?:tm|TM|r|R)\)|\w+(?:['’]\w+)*|[^\w\s]")


# Words repeat across texts: folding each once makes a diff of 364 stale rules (kb check) 3x faster.
_comparable_word = lru_cache(maxsize=1 << 16)(comparable)


def _tokens(text: str, renumber: Mapping[RuleNumber, RuleNumber]) -> tuple[list[str], list[tuple[int, int]]]:
    """Comparison keys and spans of the tokens of a text; empty keys are dropped."""
    keys: list[str] = []
    spans: list[tuple[int, int]] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if _NUMBER.fullmatch(token):
            number = RuleNumber.try_parse(token)
            key = str(renumber.get(number, number)) if number is not None else token
        else:
            key = _comparable_word(token)
        if key:
            keys.append(key)
            spans.append(match.span())
    return keys, spans


def word_diff(old: str, new: str, renumber: Mapping[RuleNumber, RuleNumber] | None = None) -> tuple[Edit, ...]:
    """A word-level diff of two texts, blind to typography, spacing and cited
    numbers of the old text that ``renumber`` (old -> new) turns into the new ones."""
    old_keys, old_spans = _tokens(old, renumber or {})
    new_keys, new_spans = _tokens(new, {})
    if old_keys == new_keys:
        return (Edit("=", new),) if new else ()
    edits: list[Edit] = []
    matcher = SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            edits.append(Edit("=", _cut(new, new_spans, b0, b1), _spaced(new, new_spans, b0)))
            continue
        if a1 > a0:
            edits.append(Edit("-", _cut(old, old_spans, a0, a1), _spaced(old, old_spans, a0)))
        if b1 > b0:
            edits.append(Edit("+", _cut(new, new_spans, b0, b1), _spaced(new, new_spans, b0)))
    if edits:
        edits[0] = Edit(edits[0].op, edits[0].text, False)
    return tuple(edits)


def _cut(text: str, spans: list[tuple[int, int]], first: int, stop: int) -> str:
    return text[spans[first][0] : spans[stop - 1][1]]


def _spaced(text: str, spans: list[tuple[int, int]], first: int) -> bool:
    start = spans[first][0]
    return start > 0 and text[start - 1].isspace()


def _same(old: str, new: str, renumber: Mapping[RuleNumber, RuleNumber]) -> bool:
    """Equal but for typography, spacing and renumbered citations (fast: no tokens)."""
    return _key(old, renumber) == _key(new, {})


_SPACES = re.compile(r"\s+")


def _key(text: str, renumber: Mapping[RuleNumber, RuleNumber]) -> str:
    def follow(match: re.Match[str]) -> str:
        number = RuleNumber.try_parse(match.group())
        return str(renumber.get(number, number)) if number is not None else match.group()

    if renumber:
        text = _NUMBER.sub(follow, text)
    return _SPACES.sub("", comparable(text))


# -- texts ----------------------------------------------------------------------------


def _full(text: RuleText) -> str:
    return "\n".join(p for p in (text.title or "", text.body) if p)


def _example_diffs(old: RuleText, new: RuleText,
                   renumber: Mapping[RuleNumber, RuleNumber]) -> tuple[tuple[Edit, ...], ...]:
    """Examples paired by content (an example inserted before another does not make
    every later one look changed), each with its word diff."""
    old_keys = [" ".join(_tokens(e, renumber)[0]) for e in old.examples]
    new_keys = [" ".join(_tokens(e, {})[0]) for e in new.examples]
    result: list[tuple[Edit, ...]] = []
    matcher = SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            result += [(Edit("=", e),) for e in new.examples[b0:b1]]
            continue
        paired = min(a1 - a0, b1 - b0)
        for k in range(paired):
            result.append(word_diff(old.examples[a0 + k], new.examples[b0 + k], renumber))
        result += [(Edit("-", e),) for e in old.examples[a0 + paired : a1]]
        result += [(Edit("+", e),) for e in new.examples[b0 + paired : b1]]
    return tuple(result)


def _mapping_of(old: Sequence[RuleText], new: Sequence[RuleText],
                mapping: Alignment | Mapping[RuleNumber, RuleNumber | None] | None
                ) -> tuple[dict[int, int], set[int]]:
    """Old index -> new index, and the old indices whose pair left its neighbours."""
    if mapping is None:
        from kb.align.aligner import align  # the aligner only when no mapping is given (kb history has its own)

        mapping = align(old, new)
    new_index = {t.number: k for k, t in reversed(list(enumerate(new)))}
    pairs: dict[int, int] = {}
    reordered: set[int] = set()
    if not isinstance(mapping, Mapping):  # an Alignment
        for k, link in enumerate(mapping.links):
            if link.new is not None and link.new in new_index and k < len(old):
                pairs[k] = new_index[link.new]
                if link.moved:
                    reordered.add(k)
    else:
        seen: set[RuleNumber] = set()
        for k, text in enumerate(old):
            target = mapping.get(text.number)
            if target is not None and target in new_index and text.number not in seen:
                pairs[k] = new_index[target]
                seen.add(text.number)
    taken: set[int] = set()
    for k in list(pairs):  # one-to-one, whatever the mapping says
        if pairs[k] in taken:
            del pairs[k]
        else:
            taken.add(pairs[k])
    return pairs, reordered


def diff(
    old: Sequence[RuleText],
    new: Sequence[RuleText],
    mapping: Alignment | Mapping[RuleNumber, RuleNumber | None] | None = None,
) -> Diff:
    """Compare two editions of one language.

    ``mapping`` pairs the texts: an :class:`~kb.align.Alignment` of ``old`` onto
    ``new`` (its ``links`` are taken in ``old``'s order), a plain old -> new number
    mapping, or ``None`` to align here."""
    pairs, reordered = _mapping_of(old, new, mapping)
    renumber = {old[i].number: new[j].number for i, j in pairs.items()}
    matched_new = set(pairs.values())
    changed: list[Change] = []
    moved: list[Move] = []
    for i, j in sorted(pairs.items()):
        a, b = old[i], new[j]
        body_same = _same(_full(a), _full(b), renumber)
        examples_same = len(a.examples) == len(b.examples) and all(
            _same(x, y, renumber) for x, y in zip(a.examples, b.examples, strict=True))
        if not (body_same and examples_same):
            changed.append(Change(a, b, word_diff(_full(a), _full(b), renumber), _example_diffs(a, b, renumber)))
        if a.number != b.number:
            moved.append(Move(a.number, b.number, i in reordered, not (body_same and examples_same)))
    return Diff(
        added=tuple(t for k, t in enumerate(new) if k not in matched_new),
        removed=tuple(t for k, t in enumerate(old) if k not in pairs),
        changed=tuple(changed),
        moved=tuple(moved),
    )
