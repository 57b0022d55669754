"""``kb search``: rules and glossary entries by words or numbers, in any language held,
each result shown in every language requested, side by side.

The search itself is :mod:`indexers.engine`; this module turns its groups of hits
into what a reader sees: for each rule, the text that matched (number, edition,
highlighted snippet) and the same rule in the other languages, found through its
identity, with the query's translated terms highlighted there too.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from indexers import engine, snippets
from kb.core.errors import KbError, NotFound
from kb.core.home import resolve_home
from kb.core.lang import normalize_tag
from kb.store import rules as store
from kb.views.rules import dumps

_BOLD, _RESET = "\x1b[1;33m", "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Shown:
    """One text of a result, as shown: a hit, or the same rule in another language."""

    lang: str
    edition: str | None
    number: str
    kind: str
    title: str | None
    text: str                    # body, then each example on its own line
    source: str                  # path:line
    hit: bool
    score: float | None
    spans: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "edition": self.edition, "number": self.number or None, "kind": self.kind,
                "title": self.title, "text": self.text, "source": self.source, "hit": self.hit,
                "score": round(self.score, 4) if self.score is not None else None,
                "highlights": [list(s) for s in self.spans], "snippet": snippets.snippet(self.text, self.spans)}


@dataclass(frozen=True, slots=True)
class Result:
    rank: int
    identity: str | None         # the rule's number in the newest English edition (None: glossary)
    kind: str
    term: str | None             # a glossary entry's headword
    score: float
    texts: tuple[Shown, ...]

    def to_json(self) -> dict[str, object]:
        return {"rank": self.rank, "rule": self.identity, "kind": self.kind, "term": self.term,
                "score": round(self.score, 4), "texts": [t.to_json() for t in self.texts]}


@dataclass(frozen=True)
class SearchAnswer:
    """What ``kb search`` answers: the search's plan and groups, and the results shown."""

    outcome: engine.Outcome
    results: list[Result]
    definitions: list[Result] = field(default_factory=list)  # glossary entries, beside the ranks

    def to_json(self) -> dict[str, object]:
        return to_json(self.outcome, self.results, self.definitions)


def search(home: Path, query: str, langs: list[str] | None, query_lang: str | None = None,
           limit: int = 10) -> SearchAnswer:
    """The ``limit`` best results for ``query`` in the KB of ``home`` (its search
    index built first if missing or stale), each in every language searched."""
    text = query.strip()
    if not text:
        raise KbError("empty query: give words, a phrase in quotes, or a rule number")
    if limit < 1:
        raise KbError(f"--limit must be at least 1 (got {limit})")
    langs = list(dict.fromkeys(normalize_tag(lang) for lang in langs)) if langs else None
    query_lang = normalize_tag(query_lang) if query_lang else None
    with closing(store.connect(home)) as conn:
        outcome = engine.search(home, conn, text, langs, query_lang=query_lang, limit=limit * 5)
        if not outcome.groups:
            raise NotFound(f"nothing found for {text!r} in {', '.join(outcome.plan.langs)}")
        definitions = [found for k, group in enumerate(outcome.definitions)
                       if (found := result(conn, outcome, k + 1, group)).texts]
        return SearchAnswer(outcome, results_of(conn, outcome, limit), definitions)


def cmd_search(args: argparse.Namespace) -> int:
    answer = search(resolve_home(args.home), " ".join(args.query), args.lang, args.query_lang, args.limit)
    if args.json:
        print(dumps(answer.to_json()))
    else:
        print(render(answer.outcome, answer.results, color=sys.stdout.isatty(), definitions=answer.definitions))
    return 0


# -- assembling a result --------------------------------------------------------------------


def results_of(conn: sqlite3.Connection, outcome: engine.Outcome, limit: int) -> list[Result]:
    """The first ``limit`` groups that have a text to show."""
    results: list[Result] = []
    for group in outcome.groups:
        if len(results) == limit:
            break
        found = result(conn, outcome, len(results) + 1, group)
        if found.texts:
            results.append(found)
    return results


def result(conn: sqlite3.Connection, outcome: engine.Outcome, rank: int, group: engine.Group) -> Result:
    """The texts of one group: per language searched, its best hit, else the same
    rule (or glossary entry) in that language's indexed edition, side by side."""
    plan = outcome.plan
    best: dict[str, engine.Hit] = {}
    for hit in group.hits:
        best.setdefault(hit.lang, hit)
    glossary = group.kind == "glossary"
    by_id = {} if glossary else store.rules_by_id(conn, [_row_id(h) for h in best.values()])
    texts = []
    for lang in plan.langs:
        hit = best.get(lang)
        if hit is not None:
            shown = glossary_entry(conn, _row_id(hit)) if glossary else _shown(by_id[_row_id(hit)])
        elif glossary:
            shown = glossary_counterpart(conn, group.identity, lang, outcome.edition_of(lang))
        else:
            other = store.identity_text(conn, group.identity, lang, outcome.edition_of(lang))
            shown = _shown(other) if other is not None else None
        if shown is not None:
            texts.append(_with_spans(shown, plan, hit))
    if glossary:
        term = group.identity.split(":", 1)[1]  # glossary:<English headword> or glossary@<lang>:<headword>
        return Result(rank, None, "glossary", term, group.score, tuple(texts))
    return Result(rank, group.identity, group.kind, None, group.score, tuple(texts))


def _row_id(hit: engine.Hit) -> int:
    return int(hit.key.split(":")[1])


def _shown(rule: store.StoredRule) -> Shown:
    text = "\n".join([rule.body or rule.title or "", *rule.examples])
    return Shown(rule.lang, rule.edition, str(rule.number), rule.number.kind, rule.title, text, rule.source,
                 False, None, ())


def _with_spans(shown: Shown, plan: engine.Plan, hit: engine.Hit | None) -> Shown:
    found = snippets.spans(shown.text, shown.lang, plan.units_for(shown.lang), plan.numbers)
    return Shown(shown.lang, shown.edition, shown.number, shown.kind, shown.title, shown.text, shown.source,
                 hit is not None, hit.score if hit is not None else None, tuple(found))


_GLOSSARY = ("SELECT g.lang, g.edition, g.term, g.aliases, g.senses, g.line, d.path FROM glossary g"
             " JOIN documents d ON d.id = g.doc_id")


def glossary_entry(conn: sqlite3.Connection, entry_id: int) -> Shown:
    row = conn.execute(f"{_GLOSSARY} WHERE g.id = ?", (entry_id,)).fetchone()
    if row is None:
        raise KbError("the search index does not match the KB: run `kb search` again to rebuild it")
    return _glossary_shown(row)


def glossary_counterpart(conn: sqlite3.Connection, identity: str, lang: str, edition: str | None) -> Shown | None:
    """The entry of ``lang`` meaning the same English headword (glossary identity)."""
    if not identity.startswith("glossary:"):
        return None
    row = conn.execute(f"{_GLOSSARY} WHERE g.term_id = ? AND g.lang = ? AND g.edition IS ? ORDER BY g.id",
                       (identity.split(":", 1)[1], lang, edition)).fetchone()
    return _glossary_shown(row) if row is not None else None


def _glossary_shown(row: sqlite3.Row) -> Shown:
    names = ", ".join([row["term"], *json.loads(row["aliases"])])
    return Shown(row["lang"], row["edition"], "", "glossary", names, "\n".join(json.loads(row["senses"])),
                 f"{row['path']}:{row['line']}", False, None, ())


# -- output -----------------------------------------------------------------------------


def to_json(outcome: engine.Outcome, results: list[Result], definitions: list[Result] = ()) -> dict[str, object]:  # type: ignore[assignment]
    plan = outcome.plan
    return {
        "query": plan.text, "query_lang": plan.lang, "detected": plan.detected, "languages": list(plan.langs),
        "numbers": [str(n) for n in plan.numbers], "translations": [t.to_json() for t in plan.translations],
        "dropped_translations": [t.to_json() for t in plan.dropped],
        "index": {"path": str(outcome.index.path), "built": outcome.index.built,
                  "editions": [{"lang": lang, "edition": edition} for lang, edition in outcome.index.editions]},
        "total": len(outcome.groups), "results": [r.to_json() for r in results],
        "definitions": [d.to_json() for d in definitions], "tried": list(outcome.tried),
    }


def render(outcome: engine.Outcome, results: list[Result], color: bool = False,
           definitions: list[Result] = ()) -> str:  # type: ignore[assignment]
    plan = outcome.plan
    marks = (_BOLD, _RESET) if color else ("**", "**")
    lines = [_header(plan)]
    if outcome.index.built:
        lines.append(f"(built the search index: {outcome.index.documents} texts in {outcome.index.seconds:.1f} s)")
    width = max(len(lang) for lang in plan.langs)
    for res in [*definitions, *results]:
        lines.append("")
        glossary = res.kind == "glossary"
        lines.append(f"definition: glossary “{res.term}”" if glossary else f"{res.rank}. {res.identity} ({res.kind})")
        for shown in res.texts:
            body = snippets.snippet(shown.text, shown.spans, *marks)
            same = "" if shown.hit else (" · same entry" if glossary else " · same rule")
            where = f"{shown.title if glossary else shown.number} · {shown.edition or 'undated'}{same}"
            title = f"{shown.title}: " if shown.title and shown.title != shown.text and not glossary else ""
            lines.append(f"   {shown.lang:<{width}} {where}")
            lines.append("      " + (title + body).replace("\n", "\n      "))
    shown_count = len(results)
    lines.append("")
    lines.append(f"{shown_count} of {len(outcome.groups)} results" if shown_count < len(outcome.groups)
                 else f"{shown_count} result{'s' if shown_count != 1 else ''}")
    return "\n".join(lines)


def _header(plan: engine.Plan) -> str:
    said = f"{plan.text} · {plan.lang}" + (" (detected)" if plan.detected else "")
    others = []
    for lang in plan.langs if plan.units_for(plan.lang) else ():  # a rule number needs no translation
        if lang == plan.lang:
            continue
        found = [t for t in plan.translations if t.dst == lang]
        dropped = [t for t in plan.dropped if t.dst == lang]
        said_dropped = "not searched: " + ", ".join(f"{t.source} → {t.target}" for t in dropped) if dropped else ""
        others.append(f"{lang}: " + (", ".join(f"{t.source} → {t.target}" for t in found) if found
                                     else said_dropped or "no translation known"))
    numbers = f" · rule numbers {', '.join(map(str, plan.numbers))}" if plan.numbers else ""
    return said + numbers + ("" if not others else " · " + "; ".join(others))
