"""``kb cite``: a text written against an old edition, with its rule citations updated.

Judges' articles and bots cite numbers that later editions move (509.5 became 509.3 in
November 2024; the merge rules went 721 → … → 730).  Every cited number is followed
through the stored rule identities (each text's number in the newest English edition,
computed by alignment at build time), so a rule keeps its citation wherever its text
went; nothing is matched by number alone.  The text keeps its own wording: only the
numbers change ("rule 509.5" → "rule 509.3", "规则729.2a" → "规则730.2a"); a range stays
a range while its members stay contiguous and becomes a list otherwise.

Translations share the numbering of the English edition of their date, so citations in
any language are followed through the English editions.
"""

from __future__ import annotations

import re
import sqlite3
from bisect import bisect_right
from dataclasses import dataclass, field, replace

from kb.align.diff import Edit, word_diff
from kb.core import refs
from kb.core.address import in_place
from kb.core.errors import KbError, NotFound
from kb.core.rulenum import RuleNumber
from kb.core.text import has_han
from kb.store import rules as store
from kb.store import tools
from kb.views.history import render_edits

SOURCE_LANG = "en"  # editions are followed in English: translations number their rules alike
_ITALIAN = re.compile(r"\b(?:[Rr]egol[ae]|[Vv]edi|[Ss]ezion[ei])\b")
# A cited number as written: 613.2, 903.9b–c, 119.7-8, 903.6–903.11, 509.1至3.
_WRITTEN = re.compile(
    r"(?P<first>[0-9]{3}(?:\.[0-9]{1,3}[a-z]?)?)"
    r"(?:(?P<sep>\s?[-–~～]\s?|至)(?P<tail>[0-9]{3}\.[0-9]{1,3}[a-z]?|[0-9]{1,3}[a-z]?|[a-z]))?"
    r"(?![0-9A-Za-z])")
_CITED = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?!\d)")  # a rule number inside a rule's text
_LIST_SEP = {"en": ", ", "it": ", ", "zh-Hans": "、"}
_SINGULAR = {"en": (re.compile(r"\b([Rr]ule)(?=\s)"), r"\1s"), "it": (re.compile(r"\b([Rr]egol)a(?=\s)"), r"\1e")}


CITE_LANGS = ("en", "it", "zh-Hans")  # the reference grammars (kb.core.refs)


def detect_lang(text: str) -> str:
    """The reference grammar a text needs: Chinese by its script, Italian by its
    reference words ("regola", "vedi"), else English."""
    if has_han(text):
        return "zh-Hans"
    return "it" if _ITALIAN.search(text) else "en"


# -- what became of one number ---------------------------------------------------------------


@dataclass(frozen=True)
class Fate:
    """What became of one number of the ``as_of`` edition in the target edition.

    ``reasons``: ``same`` (same number, same text) or any of ``renumbered`` (moved with
    its neighbours), ``moved`` (left its parent), ``split`` (new subrules under it, or
    its text went a level down), ``merged`` (another text of the old edition went to the
    same rule), ``text changed`` (with ``edits``, a word diff), ``removed`` (no successor)."""

    old: RuleNumber
    new: RuleNumber | None
    reasons: tuple[str, ...]
    edits: tuple[Edit, ...] = ()
    note: str = ""
    source: str = ""          # path:line of the old text
    new_source: str = ""
    target: int = 0           # which number or range of its citation it belongs to (the table's runs)

    def to_json(self) -> dict[str, object]:
        # each run with its spacing, as `kb diff --json` gives them (joined, they are the texts again)
        return {"old": str(self.old), "new": str(self.new) if self.new else None, "reasons": list(self.reasons),
                "diff": [[e.op, e.spaced] for e in self.edits], "note": self.note,
                "source": self.source, "new_source": self.new_source or None}

    def describe(self) -> str:
        said = ", ".join(self.reasons)
        if self.edits:
            said += f": {render_edits(self.edits)}"
        return said + (f" ({self.note})" if self.note else "")


class _Editions:
    """The two editions being compared, with the lookups a citation needs (cached)."""

    def __init__(self, conn: sqlite3.Connection, old: str, new: str) -> None:
        self.conn, self.old, self.new = conn, old, new
        self._fates: dict[RuleNumber, Fate] = {}
        self._held: dict[tuple[str, int], list[RuleNumber]] = {}

    def held(self, edition: str, first: RuleNumber, last: RuleNumber) -> list[RuleNumber]:
        """The numbers of ``edition`` in the chapters from ``first`` to ``last`` (a citation
        needs its neighbours only: reading a whole edition would cost more than the rest)."""
        low, high = _chapter(first), _chapter(last)
        if low == high:
            key = (edition, low.key)
            if key not in self._held:
                self._held[key] = tools.numbers_of(self.conn, SOURCE_LANG, edition, low, high)
            return self._held[key]
        return tools.numbers_of(self.conn, SOURCE_LANG, edition, low, high)

    def text(self, number: RuleNumber, edition: str) -> store.StoredRule | None:
        return tools.text_at(self.conn, SOURCE_LANG, edition, number)

    def fate(self, number: RuleNumber) -> Fate:
        if number not in self._fates:
            self._fates[number] = self._follow(number)
        return self._fates[number]

    def _follow(self, number: RuleNumber) -> Fate:
        old = self.text(number, self.old)
        if old is None:
            raise NotFound(f"{number} is not in en {self.old}")
        new = store.identity_text(self.conn, old.rule, SOURCE_LANG, self.new)
        if new is None:
            return Fate(number, None, ("removed",), note=self._orphan_note(number), source=old.source)
        reasons = []
        if new.number != number:
            reasons.append("moved" if self._left_parent(number, new.number) else "renumbered")
        if self._split(old, new):
            reasons.append("split")
        if tools.identity_count(self.conn, old.rule, SOURCE_LANG, self.old) > 1:
            reasons.append("merged")
        edits = word_diff(_full(old), _full(new))
        if any(e.op != "=" for e in edits) and (followed := self._followed(_full(old))):
            edits = word_diff(_full(old), _full(new), followed)  # as kb diff: a followed citation is no change
        changed = any(e.op != "=" for e in edits)
        if changed:
            reasons.append("text changed")
        return Fate(number, new.number, tuple(reasons) or ("same",), edits if changed else (),
                    source=old.source, new_source=new.source)

    def _followed(self, text: str) -> dict[RuleNumber, RuleNumber]:
        """The numbers a text cites, old → new, where the rule cited has another number now."""
        found: dict[RuleNumber, RuleNumber] = {}
        for written in dict.fromkeys(_CITED.findall(text)):
            number = RuleNumber.try_parse(written)
            cited = self.text(number, self.old) if number is not None else None
            now = tools.number_of(self.conn, cited.rule, SOURCE_LANG, self.new) if cited is not None else None
            if number is not None and now is not None and now != written:
                found[number] = RuleNumber.parse(now)
        return found

    def _left_parent(self, old: RuleNumber, new: RuleNumber) -> bool:
        """Did the text leave its parent (a move), or did the parent go with it (a renumbering)?"""
        parent = old.parent
        if parent is None or parent.depth == 0:
            return old.chapter // 100 != new.chapter // 100  # a chapter that changed section
        if self.text(parent, self.old) is None:
            return False
        return self.fate(parent).new != new.parent

    def _split(self, old: store.StoredRule, new: store.StoredRule) -> bool:
        """The text went a level down (903.11 → 903.11a), or subrules the old edition
        has no text for now sit under it."""
        if old.number.depth != new.number.depth:
            return True
        around = self.held(self.old, old.number, old.number)
        if any(n.parent == old.number for n in around[bisect_right(around, old.number):][:1]):
            return False  # it had subrules already: new ones are additions, not a split
        children = tools.children_identities(self.conn, SOURCE_LANG, self.new, new.number)
        return any(not tools.has_identity(self.conn, rule, SOURCE_LANG, self.old) for rule in children)

    def _orphan_note(self, number: RuleNumber) -> str:
        note = f"no successor in en {self.new}"
        parent = number.parent
        if parent is not None and parent.depth > 0 and self.text(parent, self.old) is not None:
            found = self.fate(parent)
            if found.new == parent:
                note += f"; its parent {parent} is still there"
            elif found.new is not None:
                note += f"; its parent {parent} is {found.new} there"
        return note


def _chapter(number: RuleNumber) -> RuleNumber:
    """The chapter holding a number (a section is its own)."""
    return RuleNumber(number.chapter) if number.depth > 1 else number


def _full(text: store.StoredRule) -> str:
    return " ".join([text.body, *text.examples])


# -- one citation ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Citation:
    """One reference phrase of the text: where it is, what it becomes, and why."""

    line: int
    old: str
    new: str
    fates: tuple[Fate, ...]
    unresolved: tuple[str, ...] = ()   # cited but not in the as-of edition: flagged, not guessed
    warnings: tuple[str, ...] = ()     # e.g. a chapter cited with another edition's title
    misnamed: tuple[str, ...] = ()     # left as written, but the number now names another rule

    @property
    def changed(self) -> bool:
        return self.old != self.new

    @property
    def attention(self) -> bool:
        return bool(self.unresolved or self.warnings or self.misnamed) or any(f.new is None for f in self.fates)

    def to_json(self) -> dict[str, object]:
        return {"line": self.line, "old": self.old, "new": self.new, "changed": self.changed,
                "numbers": [f.to_json() for f in self.fates], "unresolved": list(self.unresolved),
                "warnings": list(self.warnings), "names_another_rule": list(self.misnamed)}


def _spans(phrase: str, targets: tuple[refs.Target, ...]) -> list[tuple[int, int, re.Match[str] | None]]:
    """Where each target is written in its phrase (a lone letter, as in "608.3a and b",
    has no match object)."""
    spans: list[tuple[int, int, re.Match[str] | None]] = []
    cursor = 0
    for target in targets:
        if target.first.depth == 0:  # a section: "section 8", "第8章"
            found = re.compile(rf"(?<![0-9]){target.first.chapter}(?![0-9])").search(phrase, cursor)
            assert found is not None, (phrase, target)
            spans.append((found.start(), found.end(), None))
            cursor = found.end()
            continue
        match = _WRITTEN.search(phrase, cursor)
        if match is not None and RuleNumber.try_parse(match["first"]) == target.first:
            spans.append((match.start(), match.end(), match))
            cursor = match.end()
            continue
        letter = re.compile(rf"(?<![0-9A-Za-z]){target.first.letter}(?![0-9A-Za-z])").search(phrase, cursor)
        assert letter is not None, (phrase, target)
        spans.append((letter.start(), letter.end(), None))
        cursor = letter.end()
    return spans


def _written_range(first: RuleNumber, last: RuleNumber, match: re.Match[str]) -> str:
    """``first``–``last`` in the style the old range was written: 730.2a–j, 119.7–8, 903.6–903.11."""
    tail = match["tail"]
    if tail.isalpha() and first.parent == last.parent and last.letter:
        end = last.letter
    elif "." not in tail and first.chapter == last.chapter and last.letter is None and first.depth == last.depth == 2:
        end = str(last.rule)
    else:
        end = str(last)
    return f"{first}{match['sep']}{end}"


def _rewrite(target: refs.Target, match: re.Match[str] | None, editions: _Editions,
             lang: str) -> tuple[str | None, list[Fate], list[str]]:
    """The new writing of one target (None: leave it as written), its members' fates,
    and what it cites that the as-of edition lacks."""
    if target.first.depth == 0:
        return None, [], []
    old_numbers = editions.held(editions.old, target.first, target.last)
    resolution = refs.resolve_target(target, old_numbers)
    if not resolution.ok:
        return None, [], list(resolution.missing)
    members = refs.expand(target, old_numbers)
    fates = [editions.fate(n) for n in members]
    survivors = [f.new for f in fates if f.new is not None]
    if not survivors:
        return None, fates, []
    if not target.is_range:
        return str(survivors[0]), fates, []
    ordered = sorted(set(survivors))
    span = refs.expand(refs.Target(ordered[0], ordered[-1]), editions.held(editions.new, ordered[0], ordered[-1]))
    same_depth = {n.depth for n in ordered} == {target.first.depth}
    if match is not None and match["tail"] and same_depth and span == ordered and len(ordered) > 1:
        return _written_range(ordered[0], ordered[-1], match), fates, []
    return _LIST_SEP.get(lang, ", ").join(map(str, survivors)), fates, []


def cite_reference(reference: refs.Reference, line: int, editions: _Editions, lang: str) -> Citation:
    phrase = reference.phrase
    pieces: list[str] = []
    cursor = 0
    fates: list[Fate] = []
    unresolved: list[str] = []
    warnings: list[str] = []
    misnamed: list[str] = []
    grew = False
    previous: RuleNumber | None = None
    for index, (target, (start, end, match)) in enumerate(zip(reference.targets, _spans(phrase, reference.targets),
                                                                strict=True)):
        written, found, missing = _rewrite(target, match, editions, lang)
        found = [replace(fate, target=index) for fate in found]
        fates += found
        unresolved += missing
        lone_letter = match is None and target.first.letter is not None  # "608.3a and b"
        if written is not None and lone_letter and previous is not None and found and found[0].new is not None \
                and found[0].new.parent == previous.parent and found[0].new.letter:
            written = found[0].new.letter
        if found and found[-1].new is not None:
            previous = found[-1].new
        if written is None and found:
            misnamed += _now_another_rule(target, found, editions)
        warnings += _taken_by_a_new_rule(target, found, editions)
        if lang == "en" and target.first.depth == 1 and not target.is_range and not missing:
            warnings += _title_warning(phrase[end:], target.first, editions)
        pieces.append(phrase[cursor:start])
        pieces.append(phrase[start:end] if written is None else written)
        grew |= written is not None and len(reference.targets) == 1 and _LIST_SEP.get(lang, ", ") in written
        cursor = end
    pieces.append(phrase[cursor:])
    new = "".join(pieces)
    if grew and lang in _SINGULAR:  # "rule 729.2a–j" became a list: "rules …"
        pattern, plural = _SINGULAR[lang]
        new = pattern.sub(plural, new, count=1)
    return Citation(line, phrase, new, tuple(fates), tuple(unresolved), tuple(warnings), tuple(misnamed))


def _now_another_rule(target: refs.Target, fates: list[Fate], editions: _Editions) -> list[str]:
    """A removed rule's number left as written that the target edition gives to another rule
    (2025-11-14's 702.124k, Friends forever, is gone; 2026-04-17's 702.124k is the old
    702.124m): the citation would silently name that rule."""
    removed = {f.old for f in fates if f.new is None}
    said = []
    for number in dict.fromkeys((target.first, target.last)):
        if number not in removed or (now := editions.text(number, editions.new)) is None:
            continue
        before = tools.number_of(editions.conn, now.rule, SOURCE_LANG, editions.old)
        was = f"old {before}" if before is not None else f"new in en {editions.new}"
        said.append(f"{number} now names another rule ({was}): check this citation")
    return said


def _taken_by_a_new_rule(target: refs.Target, fates: list[Fate], editions: _Editions) -> list[str]:
    """A renumbered rule whose old number the target edition gives to a rule the old edition did
    not have: a rule inserted before it, or the rule split in two (2025-11-14's 714.3a, Sagas with
    and without read ahead, is 714.3b, with; the new 714.3a is without): the citation is updated to
    where the old text went, which may not be what it meant."""
    said = []
    for fate in fates:
        if fate.new is None or fate.new == fate.old or fate.old not in (target.first, target.last):
            continue
        now = editions.text(fate.old, editions.new)
        if now is not None and tools.number_of(editions.conn, now.rule, SOURCE_LANG, editions.old) is None:
            said.append(f"{fate.old} now names a rule new in en {editions.new}, and the old {fate.old} is"
                        f" {fate.new}: check which the citation means")
    return said


_TITLE = re.compile(r"\s*,\s*[“\"]([^”\"]{1,80})[”\"]")


def _title_warning(after: str, chapter: RuleNumber, editions: _Editions) -> list[str]:
    """A chapter cited with its title ("rule 725, “Merging with Permanents”") whose title in
    the as-of edition is another: the text may have been written against another edition."""
    written = _TITLE.match(after)
    text = editions.text(chapter, editions.old)
    if written is None or text is None or not text.title:
        return []
    if _plain_title(written[1]) == _plain_title(text.title):
        return []
    return [f"the text calls {chapter} “{written[1].strip(' ,.')}”; in en {editions.old} it is “{text.title}”"]


def _plain_title(title: str) -> str:
    return "".join(ch for ch in title.casefold() if ch.isalnum())


# -- the whole text --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Detected:
    """How the edition a text was written against was found from its citations: the editions
    fitting those that some edition holds, and the numbers cited that none holds."""

    fits: tuple[str, ...]          # the editions holding every number cited that some edition holds
    unheld: tuple[str, ...]        # the numbers cited that no edition holds (a typo: "999.9")
    cited: int                     # the numbers cited, each once (sections aside)

    def __str__(self) -> str:
        """The header's words, never saying the citations fit when some fit no edition (it said
        "the citations fit en 2026-04-17 to 2026-04-17" above "! not in en 2026-04-17: 999.9")."""
        if not self.fits:
            if self.cited == 1:
                return "the number cited is in no edition held"
            return f"none of the {self.cited} numbers cited is in an edition held"
        span = self.fits[0] if len(self.fits) == 1 else f"{self.fits[0]} to {self.fits[-1]}"
        if not self.unheld:
            return f"the citations fit en {span}"
        verb = "is" if len(self.unheld) == 1 else "are"
        return f"the citations fit en {span} best ({len(self.unheld)} of {self.cited} {verb} in no edition held)"


@dataclass(frozen=True)
class CiteAnswer:
    """The text with its citations updated, and the table saying what changed and why."""

    lang: str
    as_of: str
    to: str
    detected: Detected | None      # how ``as_of`` was detected (None: given, or nothing cited)
    text: str
    citations: list[Citation] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(c.changed for c in self.citations)

    @property
    def attention(self) -> bool:
        return any(c.attention for c in self.citations)

    @property
    def misnamed(self) -> bool:
        """Some citation left as written now names another rule: the text is wrong as updated."""
        return any(c.misnamed for c in self.citations)

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "as_of": self.as_of, "to": self.to,
                "as_of_detected": self.detected is not None,
                "fits": list(self.detected.fits) if self.detected else [],
                "detected": str(self.detected) if self.detected else None,
                "not_in_any_edition": list(self.detected.unheld) if self.detected else [],
                "changed": self.changed, "needs_attention": self.attention,
                "names_another_rule": self.misnamed,
                "text": self.text, "citations": [c.to_json() for c in self.citations]}

    def render(self) -> str:
        """The table (the text itself is :attr:`text`)."""
        how = f" (detected: {self.detected})" if self.detected else ""
        changed = sum(c.changed for c in self.citations)
        lines = [f"{self.lang} text written against en {self.as_of}{how} → en {self.to}: "
                 f"{len(self.citations)} citation{'s' if len(self.citations) != 1 else ''}, {changed} updated"
                 + (f", {misnamed} naming another rule now"
                    if (misnamed := sum(bool(c.misnamed) for c in self.citations)) else "")]
        for citation in self.citations:
            arrow = f"“{citation.old}” → “{citation.new}”" if citation.changed else f"“{citation.old}” (unchanged)"
            lines.append(f"  line {citation.line}: {arrow}")
            shown = [f for f in citation.fates if f.reasons != ("same",) or len(citation.fates) == 1]
            for run in _runs(shown):
                first, last = run[0], run[-1]
                if len(run) == 1:
                    lines.append(f"      {first.old} → {first.new or '(none)'}: {first.describe()}")
                else:
                    lines.append(f"      {first.old}–{last.old} → {first.new}–{last.new} ({len(run)} rules): "
                                 f"{first.describe()}")
            if citation.unresolved:
                lines.append(f"      ! not in en {self.as_of}: {', '.join(citation.unresolved)} (left as written)")
            lines += [f"      ! {warning}" for warning in (*citation.misnamed, *citation.warnings)]
        return "\n".join(lines)


def _runs(fates: list[Fate]) -> list[list[Fate]]:
    """Neighbouring fates of one range that say the same (a range renumbered as a block), as
    runs: "702.124p and 732.2" are two numbers, not a range of two (the table said
    "702.124p–732.2 (2 rules)")."""
    runs: list[list[Fate]] = []
    for fate in fates:
        last = runs[-1][-1] if runs else None
        if last is not None and not fate.edits and not last.edits and not fate.note and not last.note \
                and fate.reasons == last.reasons and fate.new is not None and last.new is not None \
                and fate.target == last.target:
            runs[-1].append(fate)
        else:
            runs.append([fate])
    return runs


#: What a citation may be followed by that the reference reader does not take as one: "714.3a/b",
#: and a bare chapter ending a list before a word ("chapters 722 and 723 are"), which the reader
#: leaves, as in the rules ("rule 702 and 3 other ..." is no list of chapters).
_SLASHED = re.compile(r"/\s*[0-9a-z]{1,6}\b")
_LISTED = re.compile(r"\s*(?:[,、]\s*)?(?:(?:and|or|e|ed|o|&)\s+|[和及与或])\s*"
                     r"[0-9]{3}(?:\.[0-9]{1,3}[a-z]?)?(?![0-9])")


def _unread_tail(text: str, reference: refs.Reference, citation: Citation) -> Citation:
    """A citation followed by a slashed shorthand ("714.3a/b") or by a number its list did
    not take ("722 and 723 are") is flagged: that is not read, so an update of the number
    before it would leave it stale ("714.3b/b", "723 and 723 are")."""
    tail = _SLASHED.match(text, reference.end) or _LISTED.match(text, reference.end)
    if tail is None:
        return citation
    warning = f"“{tail.group().strip()}” after it is not read as a citation: check it by hand"
    return replace(citation, warnings=(*citation.warnings, warning))


def _line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in re.finditer("\n", text)]


#: A subrule's letter written in upper case, right after its number ("702.124M").
_UPPER_LETTER = re.compile(r"(?<![\d.])(\d{3}\.\d{1,3})([A-Z])(?![0-9A-Za-z])")


def as_read(text: str) -> str:
    """``text`` as its citations are read, each character in its place (the offsets stay the
    text's): full-width digits and dots folded ("规则７２８．２ａ") and a subrule's letter in lower case
    ("See rule 702.124M."), as the rules write them and `kb show` reads them; both were skipped, and
    `--check` passed a text citing a rule since renumbered."""
    return _UPPER_LETTER.sub(lambda m: m[1] + m[2].lower(), in_place(text, lower=False))


def cite(conn: sqlite3.Connection, text: str, as_of: str | None, to: str | None = None,
         lang: str | None = None) -> CiteAnswer:
    """Update every rule citation of ``text`` (written against the rules in force on
    ``as_of``; None: detected from the citations) to the edition of ``to`` (default the
    newest English edition held); a citation left as it was keeps its writing."""
    read = _references(as_read(text), lang)
    lang = lang or detect_lang(text)
    found = [reference for reference, _ in read]
    held = tools.dated_editions(conn, SOURCE_LANG)
    if not held:
        raise NotFound("the KB holds no dated English edition to follow citations through")
    target = store.edition_on(conn, SOURCE_LANG, to) if to else held[-1]
    detected: Detected | None = None
    if as_of:
        old = store.edition_on(conn, SOURCE_LANG, as_of)
    elif not found:  # nothing cited: nothing to update, whatever the date
        return CiteAnswer(lang, target, target, None, text, [])
    else:
        old, detected = detect_edition(conn, found, target)
    editions = _Editions(conn, old, target)
    starts = _line_starts(text)
    citations = [_unread_tail(text, r, cite_reference(r, bisect_right(starts, r.start), editions, grammar))
                 for r, grammar in read]
    pieces, cursor = [], 0
    for reference, citation in zip(found, citations, strict=True):
        kept = text[reference.start:reference.end]  # as written: "702.19B" stays so when it names the same rule
        pieces += [text[cursor:reference.start], citation.new if citation.changed else kept]
        cursor = reference.end
    pieces.append(text[cursor:])
    return CiteAnswer(lang, old, target, detected, "".join(pieces), citations)


def _references(text: str, lang: str | None) -> list[tuple[refs.Reference, str]]:
    """Every citation of ``text`` with the grammar that read it: ``lang``'s alone when given,
    else every language's, the longest reading of each place kept (the detected language's on a
    tie), so an English "See rule 722." quoted in an Italian ruling is read whole: the Italian
    grammar reads bare subrule numbers only."""
    if lang:
        return [(reference, lang) for reference in refs.extract(text, lang)]
    first = detect_lang(text)
    readings = [(reference, grammar) for grammar in (first, *(g for g in CITE_LANGS if g != first))
                for reference in refs.extract(text, grammar)]
    kept: list[tuple[refs.Reference, str]] = []
    for reference, grammar in sorted(readings, key=lambda r: r[0].start - r[0].end):  # stable: ``first`` on a tie
        if all(reference.end <= other.start or other.end <= reference.start for other, _ in kept):
            kept.append((reference, grammar))
    return sorted(kept, key=lambda r: r[0].start)


def detect_edition(conn: sqlite3.Connection, found: list[refs.Reference], target: str) -> tuple[str, Detected]:
    """The edition a text was written against, from its citations: the editions holding
    every number it cites that some edition holds (those no edition holds said apart).  When
    those editions would update the citations differently, the user must say (a
    :class:`KbError` listing them)."""
    cited = sorted({n for r in found for t in r.targets if t.first.depth > 0 for n in (t.first, t.last)})
    if not cited:
        raise KbError("the text cites sections only, which keep their numbers: give --as-of to check them")
    rows = tools.identities_of(conn, SOURCE_LANG, cited)
    identities: dict[str, dict[int, str]] = {}
    for edition, key, rule in rows:
        identities.setdefault(edition, {})[key] = rule
    # a number no edition holds (a typo, "999.1") tells no date: it is flagged, not held against the rest
    held = {key for found_keys in identities.values() for key in found_keys}
    unheld = tuple(str(n) for n in cited if n.key not in held)
    count = len(cited)
    cited = [n for n in cited if n.key in held]
    if not cited:  # every number a typo or a rule of no edition held: flagged against the target
        return target, Detected((), unheld, count)
    fits = sorted(e for e, found_keys in identities.items() if all(n.key in found_keys for n in cited))
    if not fits:
        raise KbError("no edition held has every rule the text cites "
                      f"({', '.join(map(str, cited))}): give the date it was written with --as-of")
    outcomes: dict[tuple[str | None, ...], list[str]] = {}
    for edition in fits:
        where = tuple(_new_number(conn, identities[edition][n.key], target) for n in cited)
        outcomes.setdefault(where, []).append(edition)
    if len(outcomes) > 1:
        groups = "; ".join(f"{e[0]} to {e[-1]}" if len(e) > 1 else e[0] for e in outcomes.values())
        raise KbError(f"the citations fit editions that number them differently ({groups}): "
                      "give the date the text was written with --as-of")
    return fits[-1], Detected(tuple(fits), unheld, count)


def _new_number(conn: sqlite3.Connection, rule: str, target: str) -> str | None:
    return tools.number_of(conn, rule, SOURCE_LANG, target)
