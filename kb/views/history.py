"""``kb diff`` and ``kb history``: what changed between editions, and one rule's story.

Both read the store and hand rule texts to :mod:`kb.align.diff` / the stored identities;
they print text for people or, with ``--json``, the same content as JSON.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from kb.align.diff import Diff, Edit, Move, diff, word_diff
from kb.align.tokens import cited, grammar_lang
from kb.core.errors import KbError, NotFound
from kb.core.lang import language_label
from kb.core.model import RuleText
from kb.core.rulenum import RuleNumber
from kb.store import rules as store
from kb.views.shared import missing_rule, require_held


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
    # old term, new term, word diff of the definition (no "+" or "-" runs: the same definition)
    renamed: list[tuple[str, str, tuple[Edit, ...]]] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"added": [{"term": t, "text": d} for t, d in self.added],
                "removed": [{"term": t, "text": d} for t, d in self.removed],
                "renamed": [{"old": old, "new": new, "edits": [[e.op, e.spaced] for e in edits]}
                            for old, new, edits in self.renamed],
                "changed": [{"term": t, "edits": [[e.op, e.spaced] for e in edits]} for t, edits in self.changed]}

    def render(self) -> list[str]:
        lines = [f"  + {t}  {_words(d)}" for t, d in self.added]
        lines += [f"  - {t}  {_words(d)}" for t, d in self.removed]
        lines += [f"  ~ {old} → {new}  " + (render_edits(edits) if any(e.op != "=" for e in edits)
                                             else "(renamed, same definition)") for old, new, edits in self.renamed]
        lines += [f"  ~ {t}  {render_edits(edits)}" for t, edits in self.changed]
        return lines

    def summary(self) -> str:
        return (f"{len(self.added)} added, {len(self.removed)} removed, "
                + (f"{len(self.renamed)} renamed, " if self.renamed else "") + f"{len(self.changed)} changed")

    def __len__(self) -> int:
        return len(self.added) + len(self.removed) + len(self.renamed) + len(self.changed)


def _words(text: str, words: int = 14) -> str:
    cut = text.split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


def glossary_changes(old: dict[str, tuple[str, tuple[str, ...]]], new: dict[str, tuple[str, tuple[str, ...]]],
                     renumber: Mapping[RuleNumber, RuleNumber] | None = None, lang: str = "en",
                     identities: tuple[Mapping[str, str], Mapping[str, str]] = ({}, {}),
                     english_renamed: frozenset[tuple[str, str]] = frozenset()) -> GlossaryChanges:
    """Headwords added and removed, entries renamed (a removed headword and an added one
    whose entries the glossary aligner pairs and whose definitions are mostly the same text:
    "Removed from Combat" → "Remove from Combat"), and definitions whose wording
    changed (typography, spacing and citations of renumbered rules ignored, as for the rules).
    ``identities``: a translation's headwords (case folded) -> the English headword each
    means, in the old and the new edition: two entries meaning different English entries
    are no rename (the Chinese 2022-06-10's "friends forever" and 2026-04-17's 博士伙伴,
    Doctor's Companion, share most of their definition) unless the English entries are one
    renamed (``english_renamed``: (old, new) English headwords)."""
    added = [k for k in new if k not in old]
    removed = [k for k in old if k not in new]
    renamed: list[tuple[str, str, tuple[Edit, ...]]] = []
    for a, b in [*_paired(old, new, removed, added, renumber or {}, lang), *_same_meaning(removed, added, identities)]:
        if a in {x for x, _, _ in renamed} or b in {y for _, y, _ in renamed}:
            continue
        meant = (identities[0].get(a), identities[1].get(b))
        if None not in meant and meant[0] != meant[1] and meant not in english_renamed:
            continue
        before, after = " ".join(old[a][1]), " ".join(new[b][1])
        # half the characters in common, spaces aside: not Friends Forever (2022-06-10) and
        # Archenemy Commander (2026-04-17), which both cite rule 903 (0.32)
        if SequenceMatcher(None, "".join(before.split()), "".join(after.split()), autojunk=False).ratio() >= 0.5:
            renamed.append((a, b, word_diff(before, after, renumber)))
    changed = []
    for key in (k for k in new if k in old):
        edits = word_diff(" ".join(old[key][1]), " ".join(new[key][1]), renumber)
        if any(e.op != "=" for e in edits):
            changed.append((new[key][0], edits))
    return GlossaryChanges([(new[k][0], " ".join(new[k][1])) for k in added if k not in {b for _, b, _ in renamed}],
                           [(old[k][0], " ".join(old[k][1])) for k in removed if k not in {a for a, _, _ in renamed}],
                           changed, [(old[a][0], new[b][0], edits) for a, b, edits in renamed])


def _same_meaning(removed: list[str], added: list[str], identities: tuple[Mapping[str, str], Mapping[str, str]]
                  ) -> list[tuple[str, str]]:
    """(removed headword, added headword) of a translation whose entries mean the same English entry,
    one each side: 套牌张数下限 → 套牌数量下限 (Minimum Deck Size), which cites no rule for the
    glossary aligner to pair it by."""
    before = Counter(identities[0].get(a) for a in removed)
    after = Counter(identities[1].get(b) for b in added)
    meant = {identities[1][b]: b for b in added if b in identities[1]}
    return [(a, meant[m]) for a in removed if (m := identities[0].get(a)) in meant and before[m] == after[m] == 1]


def _paired(old: dict[str, tuple[str, tuple[str, ...]]], new: dict[str, tuple[str, tuple[str, ...]]],
            removed: list[str], added: list[str], renumber: Mapping[RuleNumber, RuleNumber], lang: str
            ) -> list[tuple[str, str]]:
    """(removed headword, added headword) for the entries :func:`kb.align.glossary.align_glossary`
    pairs (the rules they cite, their headwords' and definitions' words), the new edition's
    numbers read as the old edition's."""
    if not removed or not added:
        return []
    from kb.align.glossary import align_glossary  # lazy: it loads numpy, which a diff of no renames never needs
    from kb.core.model import GlossaryEntry

    left = [GlossaryEntry(old[k][0], (), old[k][1], 0) for k in removed]
    right = [GlossaryEntry(new[k][0], (), new[k][1], 0) for k in added]
    back = {b: a for a, b in renumber.items()}
    numbers = {n for e in right for sense in e.senses for n in cited(sense, grammar_lang(lang))[0]}
    pairs = align_glossary(left, right, {n: back.get(n, n) for n in numbers}, left_lang=lang, right_lang=lang)
    return [(p.left.term.casefold(), p.right.term.casefold()) for p in pairs]


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


#: (the texts that left a rule, each one's number in the new edition; those that came, each one's in
#: the old): what tells a text moved under another rule from one removed or added (:func:`_changed_under`).
Elsewhere = tuple[Mapping[str, str], Mapping[str, str]]


def history_rows(texts: list[store.StoredRule], oldest_held: str | None = None,
                 under: list[list[store.StoredRule]] | None = None,
                 elsewhere: list[Elsewhere] | None = None) -> list[dict[str, object]]:
    """Each edition's number, text and what changed from the edition before (the word
    diff as runs, as ``kb diff --json`` gives them), and, given ``under`` (each edition's
    texts under the rule), the texts under it added, removed, renumbered or moved (``elsewhere``:
    for each edition, where the texts leaving and coming are in the other).  The first
    row is "first in the editions held" when the oldest edition held has the rule (it may
    be older), else "added" (the edition before it, held, lacks it)."""
    rows: list[dict[str, object]] = []
    previous: store.StoredRule | None = None
    for at, text in enumerate(texts):
        words: tuple[Edit, ...] = ()
        below: dict[str, list[Any]] | None = None
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
            if under is not None and (below := _changed_under(under[at - 1], under[at],
                                                              elsewhere[at] if elsewhere else ({}, {}))):
                parts.append(_render_under(below))
            change = "; ".join(parts)
            if not changed:
                words = ()
        rows.append({"edition": text.edition, "number": str(text.number), "change": change,
                     "source": text.source, "text": text.body, "examples": list(text.examples),
                     "edits": [[e.op, e.spaced] for e in words], "under": below})
        previous = text
    return rows


def _changed_under(before: list[store.StoredRule], after: list[store.StoredRule],
                   elsewhere: Elsewhere = ({}, {})) -> dict[str, list[Any]] | None:
    """The texts under a rule added, removed and renumbered between two editions, by their
    stored identities (702.124 in 2026-04-17: 702.124k removed, 702.124m–p now k–n); and those
    moved from under it to another rule or back, whose identity the other edition holds elsewhere
    (2025-07-25 moved 609.8 to 608.2i: `kb history 609` said it was removed, `608.2` that it was added)."""
    old = {t.rule: t.number for t in before}
    new = {t.rule: t.number for t in after}
    gone, came = elsewhere
    found: dict[str, list[Any]] = {
        "added": [str(new[r]) for r in new if r not in old and r not in came],
        "removed": [str(old[r]) for r in old if r not in new and r not in gone],
        "renumbered": [{"old": str(old[r]), "new": str(new[r])} for r in old if r in new and old[r] != new[r]],
        "moved_away": [{"old": str(old[r]), "new": gone[r]} for r in old if r not in new and r in gone],
        "moved_here": [{"old": came[r], "new": str(new[r])} for r in new if r not in old and r in came]}
    return found if any(found.values()) else None


def _elsewhere(conn: sqlite3.Connection, lang: str, texts: list[store.StoredRule],
               under: list[list[store.StoredRule]]) -> list[Elsewhere]:
    """For each edition, where the texts that left the rule since the edition before are now, and
    where those that came to it were then (:data:`Elsewhere`)."""
    found: list[Elsewhere] = [({}, {})]
    for at in range(1, len(texts)):
        old, new = {t.rule for t in under[at - 1]}, {t.rule for t in under[at]}
        found.append((store.numbered_in(conn, old - new, lang, texts[at].edition),
                      store.numbered_in(conn, new - old, lang, texts[at - 1].edition)))
    return found


def _render_under(below: dict[str, list[Any]]) -> str:
    def numbers(listed: list[str], most: int = 4) -> str:
        return ", ".join(listed[:most]) + (f", … ({len(listed) - most} more)" if len(listed) > most else "")

    parts = [f"{len(below[k])} {k} ({numbers(below[k])})" for k in ("added", "removed") if below[k]]
    parts += [f"{len(below[k])} moved {way} (" + numbers([f"{m['old']} → {m['new']}" for m in below[k]]) + ")"
              for k, way in (("moved_away", "to another rule"), ("moved_here", "from another rule")) if below.get(k)]
    if moved := below["renumbered"]:
        grouped = runs(tuple(Move(RuleNumber.parse(m["old"]), RuleNumber.parse(m["new"]), False, False)
                             for m in moved))
        parts.append(f"{len(moved)} renumbered (" + ", ".join(f"{span(*r.old)} → {span(*r.new)}"
                                                              for r in grouped[:4])
                     + (f", … ({len(grouped) - 4} more)" if len(grouped) > 4 else "") + ")")
    return "under it: " + ", ".join(parts)


@dataclass(frozen=True)
class HistoryView:
    """One rule (by its identity) through every dated edition of a language."""

    number: RuleNumber
    lang: str
    rows: list[dict[str, object]]
    absent: list[str]
    languages: list[str]   # the languages held with dated editions of the rule (for a switcher)
    # an old number asked (609.8): {"number", "editions" numbering the rule so, "lang"}, followed to its
    # rule as `kb show` follows it; None when the number asked is the rule's in the newest English edition
    formerly: dict[str, object] | None = None
    #: the other rules the number asked has numbered in this language (:func:`also_numbered`)
    also_numbered: list[dict[str, object]] = field(default_factory=list)
    #: the identity, when it is no number of the newest English edition (``702.124k@en/2025-11-14``)
    identity: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"rule": self.identity or str(self.number), "lang": self.lang, "editions": self.rows,
                "absent_from": self.absent, "languages": self.languages, "formerly": self.formerly,
                "also_numbered": self.also_numbered}

    def render(self) -> str:
        return render_history(self.to_json())


def history(conn: sqlite3.Connection, rule: str, lang: str, asked: RuleNumber | None = None) -> HistoryView:
    """Rule identity ``rule`` through every dated edition of ``lang``: its number and
    what changed in each, and the later editions that do not hold it.  An old number no rule
    has now (609.8) is followed to the rule it numbered (608.2i), as `kb show` follows it, saying so.
    The other rules the number asked (``asked``, else ``rule``'s) has numbered come apart, each with
    its own story (2025-11-14's 702.124k, Friends forever, removed when 2026-04-17 gave the number to
    the old 702.124m): in the rows alone, the number looked like this rule's all along."""
    texts = store.history(conn, rule, lang)
    formerly: dict[str, object] | None = None
    if not texts and not store.holders(conn, rule) and (old := RuleNumber.try_parse(rule)) is not None \
            and (found := store.formerly_numbered(conn, old, lang)) is not None:
        rule, editions, held_in = found
        formerly = {"number": str(old), "editions": editions, "lang": held_in}
        texts = store.history(conn, rule, lang)
        asked = asked or old
    if not texts:
        require_held(conn, [lang])
    if not texts and not store.holders(conn, rule):  # no text of it in any language: as kb show says it
        raise missing_rule(conn, [rule])
    if not texts:
        raise NotFound(f"rule {rule} has no dated {language_label(lang)} text in the KB")
    dated = store.dated_editions(conn, lang)
    seen = {t.edition for t in texts}
    absent = [e for e in dated if e not in seen and e > (texts[0].edition or "")]
    langs = [tag for tag in store.languages(conn) if store.history(conn, rule, tag)]
    under = [[t for t in store.family(conn, text.number, lang, text.edition)
              if t.variant == 0 and t.number != text.number] for text in texts]
    number = RuleNumber.parse(rule.partition("@")[0])
    return HistoryView(number, lang, history_rows(texts, dated[0] if dated else None, under,
                                                  _elsewhere(conn, lang, texts, under)), absent, langs,
                       formerly, also_numbered(conn, asked or number, rule, lang, texts),
                       rule if "@" in rule else None)


def also_numbered(conn: sqlite3.Connection, number: RuleNumber, rule: str, lang: str,
                  texts: list[store.StoredRule]) -> list[dict[str, object]]:
    """The rules other than ``rule`` (whose ``texts`` these are) that dated editions of ``lang``
    numbered ``number``, each with its own story: the editions numbering it so, its texts through
    the editions (the rows of :func:`history_rows`), the edition that no longer held it (``removed_in``)
    or its number in the newest edition held (``now``), and the first edition after them giving the
    number to ``rule`` (``then_this``)."""
    held: dict[str, list[str]] = {}
    for other, edition in store.identities_numbered(conn, number, lang):
        if other != rule:
            held.setdefault(other, []).append(edition)
    if not held:
        return []
    dated = store.dated_editions(conn, lang)
    ours = [t.edition for t in texts if t.number == number and t.edition]
    found: list[dict[str, object]] = []
    for other, editions in held.items():
        story = store.history(conn, other, lang)
        last = story[-1].edition or ""
        gone = next((e for e in dated if e > last), None)
        found.append({"number": str(number), "rule": other, "numbered": editions,
                      "editions": history_rows(story, dated[0] if dated else None),
                      "removed_in": gone, "now": None if gone else str(story[-1].number),
                      "then_this": next((e for e in ours if e > editions[-1]), None)})
    return found


def formerly_line(data: dict[str, Any]) -> str | None:
    """What an old number asked is now (609.8: "= rule 608.2i of the newest English edition"), said
    before its rule's history as `kb show` says it; None for a number of the newest edition."""
    if not (old := data.get("formerly")):
        return None
    return (f"{old['number']} ({old['lang']} {', '.join(old['editions'])}) = rule {data['rule']} of the newest"
            f" English edition: its history follows")


def render_history(data: dict[str, Any]) -> str:
    rows, absent = data["editions"], data["absent_from"]
    lines = [note] if (note := formerly_line(data)) else []
    what = "a text with no counterpart in the newest English edition" if "@" in data["rule"] \
        else "its number in the newest English edition"
    lines += [f"{data['lang']} rule {data['rule']} ({what}) through {len(rows)} edition{'s' if len(rows) != 1 else ''}"]
    lines += [f"  {row['edition']}  {row['number']:9} {row['change']}" for row in rows]
    if absent:
        lines.append(f"  not found in: {', '.join(absent)}")
    for other in data.get("also_numbered") or []:
        lines += render_also_numbered(other, data["rule"])
    return "\n".join(lines)


def render_also_numbered(other: dict[str, Any], rule: str) -> list[str]:
    """Another rule a number has named, apart from the rule's own rows: its editions and text, and
    what became of it."""
    who = f"rule {other['rule']}" if "@" not in other["rule"] else \
        f"{other['rule']} (no counterpart in the newest English edition)"
    lines = [f"{other['number']} also numbered another rule ({', '.join(other['numbered'])}): {who}"]
    for at, row in enumerate(other["editions"]):
        text = f": {_opening(row['text'])}" if at == 0 else ""
        lines.append(f"    {row['edition']}  {row['number']:9} {row['change']}{text}")
    fate = f"removed in {other['removed_in']}" if other["removed_in"] else f"now {other['now']}"
    given = f"; the number went to rule {rule} in {other['then_this']}" if other["then_this"] else ""
    lines.append(f"    {fate}{given}")
    return lines


def _opening(text: str, words: int = 14, most: int = 90) -> str:
    """A text's first words, or first characters where it is written without spaces (Chinese)."""
    cut = _words(text, words)
    return cut if len(cut) <= most + 2 else text[:most].rstrip() + " …"


@dataclass(frozen=True)
class DiffAnswer:
    """What ``kb diff OLD NEW`` answers: the two editions found for the dates, and their diff."""

    lang: str
    old: str
    new: str
    result: Diff
    glossary: GlossaryChanges | None = None
    # a date that named no edition held (neither its effective nor its publication date):
    # {"side": "old" | "new", "asked", "edition" (the one used), "why"}
    substituted: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        data = diff_json(self.lang, self.old, self.new, self.result)
        data["substituted"] = self.substituted
        data["moved_runs"] = [run.to_json() for run in runs(self.result.moved)]
        data["glossary"] = self.glossary.to_json() if self.glossary is not None else None
        return data

    def render(self) -> str:
        text = render_diff(self.lang, self.old, self.new, self.result)
        if self.substituted:
            head, _, rest = text.partition("\n")
            notes = [f"  {n['side']}: asked {n['asked']}, compared {n['edition']}: {n['why']}"
                     for n in self.substituted]
            text = "\n".join([head, *notes]) + (f"\n{rest}" if rest else "")
        if self.glossary:
            g = self.glossary
            text += f"\n\nglossary: {g.summary()}\n" + "\n".join(g.render())
        return text


def diff_editions(conn: sqlite3.Connection, lang: str, old_on: str, new_on: str) -> DiffAnswer:
    """Diff the editions of ``lang`` published (else in force) on two ISO dates."""
    require_held(conn, [lang])
    old, new = (store.edition_on(conn, lang, on) for on in (old_on, new_on))
    if old == new:  # "0 changes" said nothing of why: the two dates name one edition
        raise KbError(f"{old_on} and {new_on} both name the {language_label(lang)} edition {old or 'undated'}: "
                      f"nothing to compare (kb editions lists those held)")
    if old is not None and new is not None and old > new:  # a diff read backwards showed removals as additions
        raise KbError(f"{old_on} (edition {old}) is newer than {new_on} (edition {new}): the older edition comes "
                      f"first: did you mean kb diff {new_on} {old_on}?")
    result = diff(store.edition_texts(conn, lang, old), store.edition_texts(conn, lang, new))
    held = store.dated_editions(conn, lang)
    substituted = [{"side": side, "asked": on, "edition": edition, "why": why}
                   for side, on, edition in (("old", old_on, old), ("new", new_on, new))
                   if (why := _why_edition(conn, lang, on, edition, held))]
    identities: tuple[dict[str, str], dict[str, str]] = ({}, {})  # English: each entry is its own
    english_renamed: frozenset[tuple[str, str]] = frozenset()
    if lang != "en":
        paired = [store.glossary_identities(conn, lang, edition) for edition in (old, new)]
        identities = ({k: term for k, (term, _) in paired[0].items()}, {k: term for k, (term, _) in paired[1].items()})
        english = [Counter(e for _, e in side.values()).most_common(1) for side in paired]
        if english[0] and english[1] and english[0][0][0] and english[1][0][0] and \
                english[0][0][0] != english[1][0][0]:  # the English editions they were paired with
            before, after = (store.glossary_of(conn, "en", str(e[0][0])) for e in english)
            english_renamed = frozenset((a, b) for a, b, _ in glossary_changes(before, after).renamed)
    return DiffAnswer(lang, old, new, result, glossary_changes(store.glossary_of(conn, lang, old),
                                                               store.glossary_of(conn, lang, new), result.citations,
                                                               lang, identities, english_renamed), substituted)


def _why_edition(conn: sqlite3.Connection, lang: str, on: str, edition: str, held: list[str]) -> str | None:
    """Why ``edition`` answers for the date ``on`` when ``on`` is neither its effective nor
    its publication date (``kb diff 2026-01-20 …`` with 2025-11-14 and 2026-04-17 held);
    None when it is the edition asked for."""
    if edition == on or store.published_of(conn, lang, edition) == on:
        return None
    later = next((e for e in held if e > edition), None)
    return (f"no {language_label(lang)} edition held took effect or was published on {on}; {edition} is the one"
            f" in force then" + (f" (the next held took effect on {later})" if later else " (the newest held)"))
