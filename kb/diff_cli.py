"""``kb diff`` and ``kb history``: what changed between editions, and one rule's story.

Both read the store and hand rule texts to :mod:`kb.diff` / the stored identities;
they print text for people or, with ``--json``, the same content as JSON.
"""

from __future__ import annotations

import argparse
import json
import sqlite3

from kb import store
from kb.diff import Diff, Edit, word_diff
from kb.errors import NotFound
from kb.model import RuleText


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


def cmd_history(conn: sqlite3.Connection, args: argparse.Namespace, rule: str, lang: str) -> int:
    texts = store.history(conn, rule, lang)
    editions = store.dated_editions(conn, lang)
    if not texts:
        raise NotFound(f"rule {rule} has no dated {lang} text in the KB")
    rows = history_rows(texts)
    seen = {t.edition for t in texts}
    absent = [e for e in editions if e not in seen and e > (texts[0].edition or "")]
    if args.json:
        print(json.dumps({"rule": rule, "lang": lang, "editions": rows, "absent_from": absent},
                         ensure_ascii=False, indent=2))
        return 0
    print(f"{lang} rule {rule} (its number in the newest English edition) through {len(rows)} editions")
    for row in rows:
        print(f"  {row['edition']}  {row['number']:9} {row['change']}")
    if absent:
        print(f"  not found in: {', '.join(absent)}")
    return 0
