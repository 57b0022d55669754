"""``kb card`` and the card parts of ``kb refs``, ``kb show`` and the build report.

``kb card NAME`` resolves a name in any language or misspelled, from the stored name
table: the exact normal form first (one indexed lookup), then the title of a rulings
page the build resolved by its rulings (seed 003's 非瑞克西亚龙引擎 is no card's name,
but its page's 19 rulings are Phyrexian Dragon Engine's), and only then rapidfuzz over
the stored names.  When the evidence is weak it says so, lists the candidates and exits
1.  Imports stay light: a fresh process must answer in well under a second.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from dataclasses import dataclass
from typing import Any

from kb.core.errors import KbError
from kb.core.rulenum import RuleNumber
from kb.graph.cards import Evidence, NameIndex, Resolution, name_key, resolve
from kb.store import cards as card_store
from kb.views.rules import dumps

#: Rulings listed by ``kb refs`` in text (JSON lists all).
REFS_SHOWN = 20


def _emit(data: object) -> None:
    print(dumps(data))


# -- resolution ---------------------------------------------------------------------


def resolve_query(conn: sqlite3.Connection, query: str) -> Resolution:
    """The card a query names, from the KB's stored names and resolved pages."""
    key = name_key(query)
    if not key:
        raise KbError(f"not a card name: {query!r}")
    exact = card_store.names_for_key(conn, key)
    if exact:
        return resolve(query, NameIndex(exact))
    page = card_store.resolved_page(conn, key)
    if page is not None:
        return _through_page(query, page)
    names = card_store.all_names(conn)
    if not names:
        return Resolution(query, None, 0.0, (Evidence("weak", "the KB holds no card data: build it with MTGJSON "
                                                              "set files or AtomicCards.json"),))
    return resolve(query, NameIndex(names + card_store.page_titles(conn)))


def _through_page(query: str, page: sqlite3.Row) -> Resolution:
    """A title no card has, but a rulings page with that title resolved by its rulings."""
    stored = card_store.resolution_from_json(json.loads(page["resolution"]))
    lead = Evidence("rulings-page", f"{query!r} is the title of the rulings page {page['path']}, which the build "
                                    f"resolved to {page['card']} (confidence {page['confidence']:.2f})",
                    page["confidence"])
    return Resolution(query, page["card"], page["confidence"], (lead, *stored.evidence), stored.candidates)


# -- kb card ------------------------------------------------------------------------


@dataclass(frozen=True)
class CardAnswer:
    """What ``kb card QUERY`` answers: the resolution, and the card when it resolved."""

    query: str
    resolution: Resolution
    view: card_store.CardView | None

    @property
    def resolved(self) -> bool:
        return self.view is not None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"query": self.query, "resolved": self.resolved,
                                "resolution": card_store.resolution_json(self.resolution)}
        if self.view is not None:
            data.update(card=self.view.to_json(), rulings=[r.to_json() for r in self.view.rulings])
        return data


def card(conn: sqlite3.Connection, query: str) -> CardAnswer:
    """The card ``query`` names, with its rulings; unresolved when the evidence is weak."""
    query = query.strip()
    resolution = resolve_query(conn, query)
    if not resolution.resolved:
        return CardAnswer(query, resolution, None)
    assert resolution.card is not None
    view = card_store.card_view(conn, resolution.card)
    if view is None:  # a name whose card rows are missing: the KB is inconsistent
        raise KbError(f"the KB names {resolution.card!r} but holds no card of that name: run `kb build` again")
    return CardAnswer(query, resolution, view)


def cmd_card(args: argparse.Namespace, conn: sqlite3.Connection) -> int:
    answer = card(conn, " ".join(args.name))
    if args.json:
        _emit(answer.to_json())
    elif answer.view is None:
        print(render_weak(answer.resolution))
    else:
        print(render_card(answer.resolution, answer.view))
    if answer.view is None:
        print(f"kb: no card resolved for {answer.query!r}: the evidence is weak", file=sys.stderr)
        return 1
    return 0


def render_weak(resolution: Resolution) -> str:
    lines = [f"no card resolved for {resolution.query!r}: the evidence is weak"]
    lines += [f"  {e.kind}: {e.detail}" for e in resolution.evidence]
    if resolution.candidates:
        lines.append("candidates:")
        for candidate in resolution.candidates:
            why = "; ".join(e.detail for e in candidate.evidence)
            lines.append(f"  {candidate.card}  ({candidate.score:.2f}: {why})")
    else:
        lines.append("no candidates")
    return "\n".join(lines)


def render_card(resolution: Resolution, view: card_store.CardView) -> str:
    printings = ", ".join(" ".join(p for p in (row["set"], row["number"]) if p) or "(no set)"
                          for row in view.printings)
    lines = [f"{view.name} · {view.layout} · {printings}",
             f"resolved {resolution.query!r} with confidence {resolution.confidence:.2f}:"]
    lines += [f"  {e.kind}: {e.detail}" for e in resolution.evidence]
    if len(view.faces) > 1:
        lines.append("faces: " + " · ".join(face["name"] for face in view.faces))
    if view.parts:
        lines.append("with: " + " · ".join(view.parts))
    lines.append("names:")
    lines += [f"  {lang:7} {name}" for lang, name in sorted(view.names.items())]
    lines += [f"  {lang:7} {name} (also)" for lang, name in view.other_names]
    lines.append(f"rulings ({len(view.rulings)}):")
    for ruling in view.rulings:
        lines.append(f"  {ruling.date or 'undated'}  {ruling.text}".replace("\n", "\n              "))
        lines.append(f"      from {'; '.join(ruling.sources)}")
        for link in ruling.links:
            lines.append(f"      → {link.number} ({link.lang} {link.edition or 'undated'}) {link.label or ''}"
                         f"    ← “{link.matched}” ({link.term_kind or link.kind})")
        if not ruling.links:
            lines.append("      → no rule linked")
    return "\n".join(lines)


# -- kb refs, kb show ---------------------------------------------------------------


def refs_lines(rulings: list[card_store.StoredRuling], pages: list[card_store.LinkingPage]) -> list[str]:
    """The rulings and pages linked to a rule, as ``kb refs`` prints them."""
    lines = [f"linked from rulings ({len(rulings)}):"]
    for ruling in rulings[:REFS_SHOWN]:
        owner = ruling.card or (f"page {ruling.page!r}" if ruling.page else "?")
        how = ", ".join(dict.fromkeys(f"“{link.matched}” → {link.number} ({link.term_kind or link.kind})"
                                      for link in ruling.links))
        text = ruling.text if len(ruling.text) <= 100 else ruling.text[:99] + "…"
        lines.append(f"  {owner} · {ruling.date or 'undated'}: {text}\n      {how}")
    if len(rulings) > REFS_SHOWN:
        lines.append(f"  … and {len(rulings) - REFS_SHOWN} more (--json lists them all)")
    lines.append(f"linked from pages ({len(pages)}):")
    for page in pages:
        places = list(dict.fromkeys(f"{where} “{link.matched}” → {link.number}" for where, link in page.via))
        more = f", … {len(places) - 6} more" if len(places) > 6 else ""
        lines.append(f"  {page.kind} {page.title!r} ({page.path}): {', '.join(places[:6])}{more}")
    return lines


def counts_line(number: RuleNumber, counts: dict[str, int]) -> str:
    rulings, pages = counts["rulings"], counts["pages"]
    return (f"{number} is linked from {rulings} ruling{'s' * (rulings != 1)} (of cards and pages) and {pages} "
            f"page{'s' * (pages != 1)}" + (f" (kb refs {number} lists them)" if rulings or pages else ""))
