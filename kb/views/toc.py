"""``kb toc [SECTION|CHAPTER|RULE]`` and ``/rules``: the table of contents of an edition.

Without a number: the nine sections and their chapters.  A section lists its chapters
and their rules, a chapter its rules and subrules, a rule its subrules — each entry
with its title or first words, so a reader finds the rule and follows the link down.
The web's ``/rules``, ``/rules/7`` and ``/rules/702`` render this same view (a section's or a
chapter's page is its table of contents: the full text of section 7 is 1.8 MB, of chapter 702
835 KB; ``/rules/702/text`` shows it), and so does the page of a range or a list whose text is long
(:func:`listed`: ``/rules/702.1-702.190``, each rule named with what is under it).
"""

from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import dataclass

from kb.core.errors import NotFound
from kb.core.lang import language_label
from kb.core.rulenum import RuleNumber
from kb.core.text import first_words
from kb.store import rules as store
from kb.views.rules import Several, navigation, not_in_language

#: Words of a rule's text shown for an entry without a title (a Chinese character counts as half
#: a word: :func:`kb.core.text.first_words`), in at most this many terminal columns.
FIRST_WORDS = 12
FIRST_CHARS = 80


@dataclass(frozen=True)
class Entry:
    number: RuleNumber
    rule: str          # its identity (its number in the newest English edition)
    title: str         # its title, or the first words of its text

    def to_json(self) -> dict[str, object]:
        return {"number": str(self.number), "rule": self.rule, "kind": self.number.kind, "title": self.title}


@dataclass(frozen=True)
class TocView:
    lang: str
    edition: str | None
    number: RuleNumber | None   # what the table is of (None: the whole edition)
    title: str | None          # None: the language has no text of ``number``, only texts under it
    entries: list[Entry]
    navigation: dict[str, str | None] | None = None  # a section's or chapter's neighbours, as a rule's
    rule: RuleNumber | None = None  # its identity, when the language numbers it otherwise (it 729.2 is 730.2)

    def to_json(self) -> dict[str, object]:
        identity = self.rule or self.number
        return {"lang": self.lang, "edition": self.edition, "number": str(self.number) if self.number else None,
                "rule": str(identity) if identity else None,
                "kind": self.number.kind if self.number else "rules", "title": self.title,
                "entries": [entry.to_json() for entry in self.entries], "navigation": self.navigation}

    def where(self) -> str:
        """Its language and edition, as its head line says them: "en edition 2026-04-17"."""
        return f"{self.lang} {'edition ' + self.edition if self.edition else 'undated'}"

    def render(self, where: bool = True) -> str:
        """``where``: say the language and edition on the head line (:class:`Tocs` says them once)."""
        head = f"{self.number} {self.title or ''}".rstrip() if self.number else "Comprehensive Rules"
        lines = [f"{head} · {self.where()}" if where else head]
        if self.rule is not None:
            lines.append(f"  = rule {self.rule} of the newest English edition")
        if self.number is not None and self.title is None:
            lines.append(f"  no {language_label(self.lang)} text of {self.number} itself: what it holds under it")
        top = self.number.depth + 1 if self.number else 0
        for entry in self.entries:
            lines.append("  " * (entry.number.depth - top + 1) + f"{entry.number}  {entry.title}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Tocs(Several):
    """`kb toc` of a range or a list (702.1-702.190): each one's table, the language and edition said
    once when they share it, as the web page says it (it ended each of 190 head lines), and a blank
    line only between tables that list something (702.19b-d: three lines, not five)."""

    #: of one range, the way around it (:func:`kb.views.rules.range_navigation`), as its page shows it
    navigation: dict[str, str | None] | None = None

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "navigation": self.navigation}

    def render(self) -> str:
        views: list[object] = list(self.views)  # a TocView's number may be None: no View to mypy
        tocs = [view for view in views if isinstance(view, TocView)]
        shared = {table.where() for table in tocs}
        once = len(shared) == 1 and len(tocs) == len(self.views)
        parts = [table.render(where=not once) for table in tocs] if once else [view.render() for view in self.views]
        gap = "\n\n" if any("\n" in part for part in parts) else "\n"
        text = (f"{self.address} · {shared.pop()}\n" if once else "") + gap.join(parts)
        return text + (f"\n\nnot in the KB: {', '.join(self.missing)}" if self.missing else "")


def _title(rule: store.StoredRule) -> str:
    """Its title, or as many of its first words (:func:`first_words`) as fit the columns: a word is
    never cut ("Some casual variants require addit…")."""
    if rule.title:
        return rule.title
    for words in range(FIRST_WORDS, 0, -1):
        label = first_words(rule.body, words)
        if _within(label, FIRST_CHARS) == len(label):
            return label
    return label[:_within(label, FIRST_CHARS - 1)] + "…"  # one word wider than the columns


def _within(text: str, columns: int) -> int:
    """How many characters of ``text`` fill ``columns`` terminal columns: a Chinese character
    takes two (the Chinese titles took 160 columns where the English take 80)."""
    used = 0
    for k, char in enumerate(text):
        used += 2 if unicodedata.east_asian_width(char) in "WF" else 1
        if used > columns:
            return k
    return len(text)


def toc(conn: sqlite3.Connection, number: RuleNumber | None, lang: str, on: str | None = None) -> TocView:
    """The table of contents of ``lang``'s newest edition (or the one in force ``on``):
    two levels below ``number`` (a subrule has none: it is not found).  ``number`` is an
    identity, as `kb show` reads it: the Italian table of 730.2 is that of its own 729.2."""
    edition = store.edition_on(conn, lang, on) if on else store.newest_of(conn, lang)
    if number is not None and number.depth >= 3:
        raise _no_table(conn, number, lang, on, edition)
    if number is not None:
        return _table(conn, number, lang, on, edition)
    rules = store.outline(conn, lang, edition, None, 1)
    if not rules:
        raise NotFound(f"the {language_label(lang)} texts {_edition(edition)} have no sections or chapters")
    return TocView(lang, edition, None, None, [Entry(r.number, r.rule, _title(r)) for r in rules])


def listed(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None = None) -> TocView:
    """``number``'s table where a range or a list names it (`kb toc 702.1-702.190`, the page of a
    long range): a rule's or a chapter's as :func:`toc` gives it, a subrule alone (it has no table,
    but it is one of the rules named)."""
    if number.depth < 3:
        return toc(conn, number, lang, on)
    return _table(conn, number, lang, on, store.edition_on(conn, lang, on) if on else store.newest_of(conn, lang))


def _table(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None, edition: str | None) -> TocView:
    """The table of ``number`` (an identity): what is under it to depth 3, with its neighbours."""
    try:
        edition, own = store.locate(conn, number, lang, on)
    except NotFound:
        return _held_under(conn, number, lang, edition, on)
    rules = store.outline(conn, lang, edition, own, min(3, own.depth + 2))
    if not rules or rules[0].number != own:
        raise not_in_language(conn, number, lang, edition, "toc", on)
    head, rules = rules[0], rules[1:]
    identity = RuleNumber.try_parse(head.rule) or own  # what the page is: 722 of 2025-11-14 is 723
    return TocView(lang, edition, own, _title(head), [Entry(r.number, r.rule, _title(r)) for r in rules],
                   _neighbours(conn, lang, edition, head) if on else navigation(conn, identity),
                   identity if own != identity else None)


def _held_under(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None,
                on: str | None) -> TocView:
    """The table of a rule ``lang`` has no text of, listing the texts it holds under it, by identity
    (the Italian seed has no 730: its 729.2 and 729.3 are rules 730.2 and 730.3, which `kb toc 730
    --lang it` named as held while refusing 730); none: not found."""
    rules = store.held_under(conn, number, lang, edition, min(3, number.depth + 2))
    if not rules:
        raise not_in_language(conn, number, lang, edition, "toc", on)
    return TocView(lang, edition, number, None, [Entry(r.number, r.rule, _title(r)) for r in rules],
                   navigation(conn, number))


def _neighbours(conn: sqlite3.Connection, lang: str, edition: str | None,
                head: store.StoredRule) -> dict[str, str | None]:
    """The rules before and after ``head`` in its own edition, by identity (2025-11-14's 722 is
    723, after 721 and before 724): by the identities of the newest edition, "previous" opened
    722, which that edition did not hold, and so the same chapter again."""
    same = [r for r in store.outline(conn, lang, edition, head.number.parent, head.number.depth)
            if r.number.depth == head.number.depth]
    at = next(k for k, r in enumerate(same) if r.number == head.number)
    parent = store.outline(conn, lang, edition, head.number.parent, head.number.parent.depth)[:1] \
        if head.number.parent else []
    return {"parent": parent[0].rule if parent else None,
            "previous": same[at - 1].rule if at > 0 else None,
            "next": same[at + 1].rule if at + 1 < len(same) else None}


def _holds(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None) -> bool:
    """``lang`` holds the text of identity ``number`` (in force ``on``), found as `kb show` finds it."""
    try:
        edition, own = store.locate(conn, number, lang, on)
    except NotFound:
        return False
    found = store.outline(conn, lang, edition, own, own.depth)
    return bool(found) and found[0].number == own


def _no_table(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None,
              edition: str | None) -> NotFound:
    """A subrule has no table: `kb show` shows it where ``lang`` holds it; else the nearest rule
    above it that ``lang`` holds is named, whose table lists the subrules there are (730.2z: "kb
    show 730.2z" was suggested, which finds nothing)."""
    if _holds(conn, number, lang, on):
        return NotFound(f"{number} is a subrule: it has no table of contents (kb show {number} --lang {lang} shows it)")
    above = next((n for n in number.ancestors() if _holds(conn, n, lang, on)), None)
    listed = f" (kb toc {above} --lang {lang} lists what is under {above})" if above is not None else ""
    return NotFound(f"{number} is not in the {language_label(lang)} text held {_edition(edition)}{listed}")


def _edition(edition: str | None) -> str:
    """An edition as a message names it: "(edition 2026-04-17)", "(undated)"."""
    return f"(edition {edition})" if edition else "(undated)"
