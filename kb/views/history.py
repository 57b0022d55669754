"""``kb diff`` and ``kb history``: what changed between editions, and one rule's story.

Both read the store and hand rule texts to :mod:`kb.align.diff` / the stored identities;
they print text for people or, with ``--json``, the same content as JSON.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kb.align.diff import Diff, Edit, Move, diff, word_diff
from kb.core.errors import KbError, NotFound
from kb.core.lang import language_label
from kb.core.model import RuleText
from kb.core.rulenum import RuleNumber
from kb.store import rules as store
from kb.views.shared import no_rule_message, require_held


def render_edits(edits: tuple[Edit, ...], context: int = 6) -> str:
    """A word diff inline, [-removed-]{+added+}, with the text's own spacing (no space
    before a comma that had none), long unchanged runs cut to their ends."""
    parts: list[str] = []
    for index, edit in enumerate(edits):
        if edit.op == "-":
            part = f"[-{edit.text}-]"
        elif edit.op == "+":
            part = f"{{+{edit.text}+}}"
        else:
            words = edit.text.split()
            if len(words) > 2 * context + 2:
                head = words[:context] if index > 0 else []
                tail = words[-context:] if index < len(edits) - 1 else []
                words = [*head, "…", *tail]
            part = " ".join(words)
        if part:
            after_removal = index > 0 and edits[index - 1].op == "-" and (edit.text[:1].isalnum() or edit.op == "+")
            parts.append((" " if parts and (edit.space or after_removal) else "") + part)
    return "".join(parts)


def _first_words(text: RuleText, words: int = 14) -> str:
    cut = (text.title or text.body).split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


# -- renumbering runs: one line per run of numbers that moved together ---------------------


@dataclass(frozen=True)
class Run:
    """Moves that go together: a subtree renumbered whole (``722 → 723`` with all under
    it) and runs of siblings shifted alike (``702.124m–p → 702.124k–n``)."""

    old: tuple[RuleNumber, RuleNumber]
    new: tuple[RuleNumber, RuleNumber]
    texts: int           # how many texts moved in the run (everything under included)
    subtree: bool        # the numbers' descendants moved with them
    reordered: bool
    changed: int         # texts of the run whose wording changed too

    def to_json(self) -> dict[str, object]:
        return {"old": span(*self.old), "new": span(*self.new), "texts": self.texts, "subtree": self.subtree,
                "reordered": self.reordered, "changed": self.changed}

    def render(self) -> str:
        how = "moved" if self.reordered else \
            "renumbered with its neighbours" if self.texts == 1 else "renumbered with their neighbours"
        under = " with everything under it" if self.subtree and self.old[0] == self.old[1] else \
            " with everything under them" if self.subtree else ""
        wording = f", {self.changed} with wording changed" if self.changed else ", same text"
        count = f"{self.texts} texts, " if self.texts > 1 else ""
        return f"  {span(*self.old)} → {span(*self.new)}{under}  ({count}{how}{wording})"


def span(first: RuleNumber, last: RuleNumber) -> str:
    """``702.124m–p``, ``119.7–8``, ``722–729``: a run written as the rules write ranges."""
    if first == last:
        return str(first)
    if first.parent == last.parent and first.depth == 3:
        return f"{first}–{last.letter}"
    if first.parent == last.parent and first.depth == 2:
        return f"{first}–{last.rule}"
    return f"{first}–{last}"


def _moved_under(number: RuleNumber, ancestor: RuleNumber, to: RuleNumber) -> RuleNumber | None:
    """``number`` (under ``ancestor``) with ``ancestor``'s part replaced by ``to``'s."""
    if ancestor.depth == 1:
        return RuleNumber(to.chapter, number.rule, number.letter)
    if ancestor.depth == 2 and number.depth == 3:
        return RuleNumber(to.chapter, to.rule, number.letter)
    return None


def runs(moves: tuple[Move, ...]) -> list[Run]:
    """The moves grouped: a move whose descendants all moved along with it is one
    item; consecutive siblings shifted alike (same kind of move) are one run."""
    new_of = {m.old: m for m in moves}
    absorbed: set[RuleNumber] = set()
    items: list[tuple[Move, int, bool, int]] = []  # move, texts, subtree, changed
    for move in sorted(moves, key=lambda m: m.old):
        if move.old in absorbed:
            continue
        under = [m for m in moves if move.old.is_ancestor_of(m.old)]
        whole = bool(under) and all(_moved_under(m.old, move.old, move.new) == m.new for m in under)
        if whole:
            absorbed.update(m.old for m in under)
        group = [move, *under] if whole else [move]
        items.append((move, len(group), whole, sum(m.changed for m in group)))
    out: list[Run] = []
    for move, texts, whole, changed in items:
        last = out[-1] if out else None
        if (last is not None and last.subtree == whole and last.reordered == move.reordered
                and last.old[1].next() == move.old and last.new[1].next() == move.new
                and (not whole or new_of.get(move.old) is move)):
            out[-1] = Run((last.old[0], move.old), (last.new[0], move.new), last.texts + texts, whole,
                          move.reordered, last.changed + changed)
        else:
            out.append(Run((move.old, move.old), (move.new, move.new), texts, whole, move.reordered, changed))
    return out


# -- glossary changes -------------------------------------------------------------------------


@dataclass(frozen=True)
class GlossaryChanges:
    added: list[tuple[str, str]]                 # term, definition
    removed: list[tuple[str, str]]
    changed: list[tuple[str, tuple[Edit, ...]]]  # term, word diff of the definition

    def to_json(self) -> dict[str, object]:
        return {"added": [{"term": t, "text": d} for t, d in self.added],
                "removed": [{"term": t, "text": d} for t, d in self.removed],
                "changed": [{"term": t, "edits": [[e.op, e.spaced] for e in edits]} for t, edits in self.changed]}

    def render(self) -> list[str]:
        lines = [f"  + {t}  {_words(d)}" for t, d in self.added]
        lines += [f"  - {t}  {_words(d)}" for t, d in self.removed]
        lines += [f"  ~ {t}  {render_edits(edits)}" for t, edits in self.changed]
        return lines

    def __len__(self) -> int:
        return len(self.added) + len(self.removed) + len(self.changed)


def _words(text: str, words: int = 14) -> str:
    cut = text.split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


def glossary_changes(old: dict[str, tuple[str, tuple[str, ...]]], new: dict[str, tuple[str, tuple[str, ...]]],
                     renumber: Mapping[RuleNumber, RuleNumber] | None = None) -> GlossaryChanges:
    """Headwords added and removed, and definitions whose wording changed (typography,
    spacing and citations of renumbered rules ignored, as for the rules)."""
    added = [(new[k][0], " ".join(new[k][1])) for k in new if k not in old]
    removed = [(old[k][0], " ".join(old[k][1])) for k in old if k not in new]
    changed = []
    for key in (k for k in new if k in old):
        edits = word_diff(" ".join(old[key][1]), " ".join(new[key][1]), renumber)
        if any(e.op != "=" for e in edits):
            changed.append((new[key][0], edits))
    return GlossaryChanges(added, removed, changed)


def diff_json(lang: str, old: str, new: str, result: Diff) -> dict[str, object]:
    edits = lambda es: [[e.op, e.spaced] for e in es]  # noqa: E731
    return {
        "lang": lang, "old": old, "new": new,
        "added": [{"number": str(t.number), "title": t.title, "text": t.body, "examples": list(t.examples)}
                  for t in result.added],
        "removed": [{"number": str(t.number), "title": t.title, "text": t.body} for t in result.removed],
        "changed": [{"old": str(c.old.number), "new": str(c.new.number), "body": edits(c.body),
                     "examples": [edits(e) for e in c.examples]} for c in result.changed],
        "moved": [{"old": str(m.old), "new": str(m.new), "reordered": m.reordered, "changed": m.changed}
                  for m in result.moved],
        "citations": {str(a): str(b) for a, b in result.citations.items()},
    }


def render_diff(lang: str, old: str, new: str, result: Diff) -> str:
    lines = [f"{lang} {old} → {new}: {len(result.added)} added, {len(result.removed)} removed, "
             f"{len(result.changed)} changed, {len(result.moved)} moved or renumbered"]
    if result.added:
        lines.append("\nadded:")
        for text in result.added:
            lines.append(f"  + {text.number}  {_first_words(text)}")
            lines += [f"      example: {e}" for e in text.examples]
    if result.removed:
        lines.append("\nremoved:")
        lines += [f"  - {text.number}  {_first_words(text)}" for text in result.removed]
    if result.changed:
        lines.append("\nchanged:")
        for change in result.changed:
            label = str(change.new.number) if change.old.number == change.new.number \
                else f"{change.old.number} → {change.new.number}"
            if change.body_changed:
                lines.append(f"  ~ {label}  {render_edits(change.body)}")
            else:
                lines.append(f"  ~ {label}  (examples)")
            for example in change.examples:
                if any(e.op != "=" for e in example):
                    lines.append(f"      example: {render_edits(example)}")
    if result.moved:
        lines.append("\nmoved or renumbered (old → new):")
        lines += [run.render() for run in runs(result.moved)]
    return "\n".join(lines)


def history_rows(texts: list[store.StoredRule], oldest_held: str | None = None) -> list[dict[str, object]]:
    """Each edition's number, text and what changed from the edition before (the word
    diff as runs, as ``kb diff --json`` gives them).  The first row is "first in the
    editions held" when the oldest edition held has the rule (it may be older), else
    "added" (the edition before it, held, lacks it)."""
    rows: list[dict[str, object]] = []
    previous: store.StoredRule | None = None
    for text in texts:
        words: tuple[Edit, ...] = ()
        if previous is None:
            change = "first in the editions held" if text.edition == oldest_held or oldest_held is None \
                else "added (not in the editions held before it)"
        else:
            words = word_diff(" ".join([previous.body, *previous.examples]), " ".join([text.body, *text.examples]))
            changed = any(e.op != "=" for e in words)
            parts = []
            if previous.number != text.number:
                parts.append(f"renumbered from {previous.number}")
            parts.append(f"wording changed: {render_edits(words)}" if changed else "same text")
            change = "; ".join(parts)
            if not changed:
                words = ()
        rows.append({"edition": text.edition, "number": str(text.number), "change": change,
                     "source": text.source, "text": text.body, "examples": list(text.examples),
                     "edits": [[e.op, e.spaced] for e in words]})
        previous = text
    return rows


@dataclass(frozen=True)
class HistoryView:
    """One rule (by its identity) through every dated edition of a language."""

    number: RuleNumber
    lang: str
    rows: list[dict[str, object]]
    absent: list[str]
    languages: list[str]   # the languages held with dated editions of the rule (for a switcher)

    def to_json(self) -> dict[str, object]:
        return {"rule": str(self.number), "lang": self.lang, "editions": self.rows, "absent_from": self.absent,
                "languages": self.languages}

    def render(self) -> str:
        return render_history(self.to_json())


def history(conn: sqlite3.Connection, rule: str, lang: str) -> HistoryView:
    """Rule identity ``rule`` through every dated edition of ``lang``: its number and
    what changed in each, and the later editions that do not hold it."""
    texts = store.history(conn, rule, lang)
    if not texts:
        require_held(conn, [lang])
    if not texts and not store.holders(conn, rule):  # no text of it in any language: as kb show says it
        raise NotFound(no_rule_message([rule]))
    if not texts:
        raise NotFound(f"rule {rule} has no dated {language_label(lang)} text in the KB")
    dated = store.dated_editions(conn, lang)
    seen = {t.edition for t in texts}
    absent = [e for e in dated if e not in seen and e > (texts[0].edition or "")]
    langs = [tag for tag in store.languages(conn) if store.history(conn, rule, tag)]
    return HistoryView(RuleNumber.parse(rule), lang, history_rows(texts, dated[0] if dated else None), absent, langs)


def render_history(data: dict[str, Any]) -> str:
    rows, absent = data["editions"], data["absent_from"]
    lines = [f"{data['lang']} rule {data['rule']} (its number in the newest English edition) through "
             f"{len(rows)} edition{'s' if len(rows) != 1 else ''}"]
    lines += [f"  {row['edition']}  {row['number']:9} {row['change']}" for row in rows]
    if absent:
        lines.append(f"  not found in: {', '.join(absent)}")
    return "\n".join(lines)


@dataclass(frozen=True)
class DiffAnswer:
    """What ``kb diff OLD NEW`` answers: the two editions found for the dates, and their diff."""

    lang: str
    old: str
    new: str
    result: Diff
    glossary: GlossaryChanges | None = None

    def to_json(self) -> dict[str, object]:
        data = diff_json(self.lang, self.old, self.new, self.result)
        data["moved_runs"] = [run.to_json() for run in runs(self.result.moved)]
        data["glossary"] = self.glossary.to_json() if self.glossary is not None else None
        return data

    def render(self) -> str:
        text = render_diff(self.lang, self.old, self.new, self.result)
        if self.glossary:
            g = self.glossary
            text += (f"\n\nglossary: {len(g.added)} added, {len(g.removed)} removed, {len(g.changed)} changed\n"
                     + "\n".join(g.render()))
        return text


def diff_editions(conn: sqlite3.Connection, lang: str, old_on: str, new_on: str) -> DiffAnswer:
    """Diff the editions of ``lang`` published (else in force) on two ISO dates."""
    require_held(conn, [lang])
    old, new = (store.edition_on(conn, lang, on) for on in (old_on, new_on))
    if old == new:  # "0 changes" said nothing of why: the two dates name one edition
        raise KbError(f"{old_on} and {new_on} both name the {language_label(lang)} edition {old or 'undated'}: "
                      f"nothing to compare (kb editions lists those held)")
    result = diff(store.edition_texts(conn, lang, old), store.edition_texts(conn, lang, new))
    return DiffAnswer(lang, old, new, result, glossary_changes(store.glossary_of(conn, lang, old),
                                                               store.glossary_of(conn, lang, new), result.citations))
