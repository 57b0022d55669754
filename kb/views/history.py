"""``kb diff`` and ``kb history``: what changed between editions, and one rule's story.

Both read the store and hand rule texts to :mod:`kb.align.diff` / the stored identities;
they print text for people or, with ``--json``, the same content as JSON.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from kb.align.diff import Diff, Edit, diff, word_diff
from kb.core.errors import NotFound
from kb.core.model import RuleText
from kb.store import rules as store
from kb.views.rules import require_held


def render_edits(edits: tuple[Edit, ...], context: int = 6) -> str:
    """A word diff inline, [-removed-]{+added+}, long unchanged runs cut to their ends."""
    parts = []
    for index, edit in enumerate(edits):
        if edit.op == "-":
            parts.append(f"[-{edit.text}-]")
        elif edit.op == "+":
            parts.append(f"{{+{edit.text}+}}")
        else:
            words = edit.text.split()
            if len(words) > 2 * context + 2:
                head = words[:context] if index > 0 else []
                tail = words[-context:] if index < len(edits) - 1 else []
                words = [*head, "…", *tail]
            parts.append(" ".join(words))
    return " ".join(p for p in parts if p)


def _first_words(text: RuleText, words: int = 14) -> str:
    cut = (text.title or text.body).split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


def diff_json(lang: str, old: str, new: str, result: Diff) -> dict[str, object]:
    edits = lambda es: [[e.op, e.text] for e in es]  # noqa: E731
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
        for move in result.moved:
            how = "moved" if move.reordered else "renumbered with its neighbours"
            lines.append(f"  {move.old} → {move.new}  ({how}{', wording changed' if move.changed else ', same text'})")
    return "\n".join(lines)


def history_rows(texts: list[store.StoredRule]) -> list[dict[str, object]]:
    """Each edition's number and what changed from the edition before."""
    rows: list[dict[str, object]] = []
    previous: store.StoredRule | None = None
    for text in texts:
        if previous is None:
            change = "first seen"
        else:
            words = word_diff(" ".join([previous.body, *previous.examples]), " ".join([text.body, *text.examples]))
            changed = any(e.op != "=" for e in words)
            parts = []
            if previous.number != text.number:
                parts.append(f"renumbered from {previous.number}")
            parts.append(f"wording changed: {render_edits(words)}" if changed else "same text")
            change = "; ".join(parts)
        rows.append({"edition": text.edition, "number": str(text.number), "change": change,
                     "source": text.source})
        previous = text
    return rows


def history(conn: sqlite3.Connection, rule: str, lang: str) -> dict[str, object]:
    """Rule identity ``rule`` through every dated edition of ``lang``: its number and
    what changed in each, and the later editions that do not hold it."""
    texts = store.history(conn, rule, lang)
    if not texts:
        require_held(conn, [lang])
    if not texts:
        raise NotFound(f"rule {rule} has no dated {lang} text in the KB")
    seen = {t.edition for t in texts}
    absent = [e for e in store.dated_editions(conn, lang) if e not in seen and e > (texts[0].edition or "")]
    return {"rule": rule, "lang": lang, "editions": history_rows(texts), "absent_from": absent}


def render_history(data: dict[str, Any]) -> str:
    rows, absent = data["editions"], data["absent_from"]
    lines = [f"{data['lang']} rule {data['rule']} (its number in the newest English edition) through "
             f"{len(rows)} editions"]
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

    def to_json(self) -> dict[str, object]:
        return diff_json(self.lang, self.old, self.new, self.result)

    def render(self) -> str:
        return render_diff(self.lang, self.old, self.new, self.result)


def diff_editions(conn: sqlite3.Connection, lang: str, old_on: str, new_on: str) -> DiffAnswer:
    """Diff the editions of ``lang`` published (else in force) on two ISO dates."""
    require_held(conn, [lang])
    old, new = (store.edition_on(conn, lang, on) for on in (old_on, new_on))
    return DiffAnswer(lang, old, new, diff(store.edition_texts(conn, lang, old), store.edition_texts(conn, lang, new)))
