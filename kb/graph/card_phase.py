"""The card phase of a build: read card data, rulings pages and wiki pages, resolve
pages to cards, and link every ruling and wiki text to the rules it explains.

It runs after the rules are read and their reference graph is linked
(:func:`kb.build.build`), since linking needs the rules: each text is linked with a
:class:`kb.graph.linking.Linker` built once per language, over the newest full edition of
that language the build holds (EN 2026-04-17, say).  A text in a language without a
full edition is stored unlinked, and the report says why.

The files are read by the ingesters (:func:`kb.ingest.read_file`); this phase wraps
what they read (:func:`input_of`) and links it.  Heavy modules (babel, mwparserfromhell, rapidfuzz,
Aho-Corasick) are imported only when such inputs are present.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from kb import ingest
from kb.core.model import Document, Problem, Severity
from kb.core.rulenum import RuleNumber
from kb.graph.card_rows import CardGraph, CardRow, LinkRow, PageRow, RulingRow, SectionRow, SourceRow, resolution_json
from kb.graph.references import FULL_FORMATS  # complete editions, whose terms a linker can use

if TYPE_CHECKING:
    from kb.graph.cards import CardIndex, Resolution
    from kb.graph.linking import Link, Linker, PageLinks
    from kb.ingest import Read
    from kb.ingest.mtgjson import Card, CardFile
    from kb.ingest.rulings_page import RulingsPage
    from kb.ingest.wiki import WikiPage

MTGJSON, RULINGS_PAGE, WIKI_PAGE, MEDIAWIKI = ingest.MTGJSON, ingest.RULINGS_PAGE, ingest.WIKI_PAGE, ingest.MEDIAWIKI

# -- inputs -------------------------------------------------------------------------


@dataclass(slots=True)
class MtgjsonInput:
    """One MTGJSON file; the counts are those of a new one made when the build links its rulings."""

    file: CardFile
    rulings: int = 0
    linked: int = 0
    linked_against: list[str] = field(default_factory=list)

    format = MTGJSON

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def problems(self) -> list[Problem]:
        return self.file.problems

    def to_json(self) -> dict[str, object]:
        return {"format": MTGJSON, "layout": self.file.kind, "set": self.file.set_code,
                "cards": len(self.file.cards), "rulings": self.rulings, "linked_rulings": self.linked,
                "linked_share": _share(self.linked, self.rulings),
                "linked_against": self.linked_against, "problems": _problems_json(self.problems)}

    def render(self) -> list[str]:
        what = f"{MTGJSON} {self.file.kind}" + (f" · {self.file.set_code}" if self.file.set_code else "")
        lines = [f"  {what} · {len(self.file.cards)} cards · {self.rulings} rulings · "
                 f"{_percent(self.linked, self.rulings)} linked to at least one rule ({_against(self.linked_against)})"]
        return lines + _problem_lines(self.problems)


@dataclass(slots=True)
class RulingsPageInput:
    """A rulings page; the resolution and link counts are those of a new one made at link time."""

    page: RulingsPage
    lang: str
    resolution: Resolution | None = None
    printing: str | None = None
    linked: int = 0
    linked_against: list[str] = field(default_factory=list)

    format = RULINGS_PAGE

    @property
    def path(self) -> str:
        return self.page.path

    @property
    def problems(self) -> list[Problem]:
        return self.page.problems

    def to_json(self) -> dict[str, object]:
        page = self.page
        return {
            "format": RULINGS_PAGE, "lang": self.lang, "title": page.title, "title_lang": page.lang_of_title,
            "rulings": len(page.rulings),
            "dates": {"order": page.date_order.value if page.date_order else None,
                      "evidence": page.date_order_evidence,
                      "values": sorted({r.date.isoformat() for r in page.rulings if r.date})},
            "card": resolution_json(self.resolution) | {"printing": self.printing} if self.resolution else None,
            "linked_rulings": self.linked, "linked_against": self.linked_against,
            "problems": _problems_json(self.problems),
        }

    def render(self) -> list[str]:
        page, res = self.page, self.resolution
        dates = sorted({r.date.isoformat() for r in page.rulings if r.date})
        from kb.graph.cards import quoted

        lines = [f"  {RULINGS_PAGE} · {self.lang} · titled {quoted(page.title)} · {len(page.rulings)} rulings"
                 + (f" dated {', '.join(dates)}" if dates else "")]
        if res is not None and res.card:
            lines.append(f"  card: {res.card}" + (f" ({self.printing})" if self.printing else "")
                         + f" · confidence {res.confidence:.2f}")
        elif res is not None:
            listed = ", ".join(f"{c.card} {c.score:.2f}" for c in res.candidates[:5])
            lines.append(f"  card: not resolved (weak evidence); candidates: {listed or 'none'}")
        lines += [f"    {e.kind}: {e.detail}" for e in (res.evidence if res else ())]
        lines.append(f"  {self.linked}/{len(page.rulings)} rulings linked to rules ({_against(self.linked_against)})")
        return lines + _problem_lines(self.problems)


@dataclass(slots=True)
class WikiInput:
    """A plain wiki page or a MediaWiki export (one or more pages)."""

    path: str
    sha256: str
    format: str
    lang: str
    pages: list[WikiPage]
    linked: dict[str, list[str]] = field(default_factory=dict)  # title -> rule numbers
    unresolved: list[str] = field(default_factory=list)
    linked_against: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[Problem]:
        return [p for page in self.pages for p in page.problems]

    def to_json(self) -> dict[str, object]:
        return {"format": self.format, "lang": self.lang, "linked_against": self.linked_against,
                "pages": [{"title": p.title, "sections": len(p.sections), "rulings": len(p.rulings),
                           "rules": self.linked.get(p.title, [])} for p in self.pages],  # most linked first
                "unresolved": self.unresolved, "problems": _problems_json(self.problems)}

    def render(self) -> list[str]:
        from kb.graph.cards import quoted

        lines = []
        for page in self.pages:
            rules = self.linked.get(page.title, [])
            lines.append(f"  {self.format} · {self.lang} · page {quoted(page.title)} · {len(page.sections)} sections · "
                         f"{len(page.rulings)} rulings · links {len(rules)} rules"
                         + (f": {', '.join(rules[:8])}{' …' if len(rules) > 8 else ''}" if rules else "")
                         + f" ({_against(self.linked_against)})")
        lines += [f"  unresolved: {text}" for text in self.unresolved]
        return lines + _problem_lines(self.problems)


CardInput = MtgjsonInput | RulingsPageInput | WikiInput


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "n/a"


def _against(editions: list[str]) -> str:
    return "against " + ", ".join(editions) if editions else "no full edition of the text's language in the KB"


def _problems_json(problems: Iterable[Problem]) -> list[dict[str, object]]:
    return [{"line": p.line, "severity": p.severity.value, "message": p.message} for p in problems]


def _problem_lines(problems: Iterable[Problem]) -> list[str]:
    return [f"  {p.severity.value}: line {p.line}: {p.message}" if p.line else f"  {p.severity.value}: {p.message}"
            for p in problems]


# -- inputs from the ingesters -------------------------------------------------------


def input_of(read: Read) -> CardInput:
    """The card-phase input of a file the ingesters read as card data or a page."""
    from kb.ingest.mtgjson import CardFile
    from kb.ingest.rulings_page import RulingsPage

    if isinstance(read.value, CardFile):
        return MtgjsonInput(read.value)
    if isinstance(read.value, RulingsPage):
        return RulingsPageInput(read.value, read.lang or "en")
    if isinstance(read.value, list):
        return WikiInput(read.path, read.sha256, read.format, read.lang or "en", read.value)
    raise TypeError(f"{read.format} is not card data or a page")  # a rules Document: the caller's bug


# -- linking ------------------------------------------------------------------------


class _Linkers:
    """One linker per language, over the newest full edition of it, built on first use."""

    def __init__(self, documents: list[Document], cards: list[Card]) -> None:
        self._newest: dict[str, Document] = {}
        for doc in documents:
            if doc.format in FULL_FORMATS and doc.edition:
                held = self._newest.get(doc.lang)
                if held is None or (held.edition or "") < doc.edition:
                    self._newest[doc.lang] = doc
        self._cards = cards
        self._built: dict[str, Linker | None] = {}
        self._cache: dict[tuple[str, str], list[Link]] = {}

    def _document(self, lang: str) -> Document | None:
        if lang in self._newest:
            return self._newest[lang]
        base = lang.split("-")[0]
        return next((doc for tag, doc in sorted(self._newest.items()) if tag.split("-")[0] == base), None)

    def get(self, lang: str) -> Linker | None:
        if lang not in self._built:
            doc = self._document(lang)
            self._built[lang] = _linker(doc, self._cards) if doc else None
        return self._built[lang]

    def label(self, lang: str) -> list[str]:
        linker = self.get(lang)
        return [f"{linker.lang} {linker.edition}"] if linker else []

    def link(self, lang: str, text: str) -> list[Link]:
        """The links of a text (each distinct text is linked once per language)."""
        key = (lang, text)
        if key not in self._cache:
            linker = self.get(lang)
            self._cache[key] = linker.link(text) if linker else []
        return self._cache[key]


def _linker(doc: Document, cards: list[Card]) -> Linker:
    """A linker for ``doc`` that reads card names in its language as names, not terms."""
    from kb.graph.linking import Linker

    linker = Linker(doc)
    if doc.lang == "en":
        names = (name for card in cards for name in (card.name, *card.face_names))
    else:
        names = (name for card in cards for localized in (card.names, *(face.names for face in card.faces))
                 for tag, name in localized.items() if tag == doc.lang)
    linker.mask_names(names)
    return linker


def _link_rows(src_kind: str, src_id: int, links: Iterable[Link], linker_lang: str,
               edition: str | None) -> list[LinkRow]:
    return [LinkRow(src_kind, src_id, link.rule, linker_lang, edition, link.kind, link.matched, link.start, link.end,
                    link.evidence, link.term.kind if link.term else None, link.hits) for link in links]


@dataclass
class _Builder:
    """Collects the rows of a :class:`CardGraph`, assigning ids as it goes."""

    linkers: _Linkers
    graph: CardGraph = field(default_factory=CardGraph)
    linked: set[int] = field(default_factory=set)  # ids of rulings with at least one link

    def ruling(self, card: str | None, date: str | None, text: str, lang: str, source: str, path: str,
               line: int | None = None, page_id: int | None = None) -> RulingRow:
        from kb.graph.cards import ruling_key

        row = RulingRow(len(self.graph.rulings) + 1, card, date, text, ruling_key(text), lang, source, path, line,
                        page_id)
        self.graph.rulings.append(row)
        if self.link("ruling", row.id, lang, text):
            self.linked.add(row.id)
        return row

    def link(self, src_kind: str, src_id: int, lang: str, text: str) -> int:
        links = self.linkers.link(lang, text)
        linker = self.linkers.get(lang)
        if links and linker is not None:
            self.graph.links.extend(_link_rows(src_kind, src_id, links, linker.lang, linker.edition))
        return len(links)

    def page(self, kind: str, path: str, line: int | None, title: str, lang: str | None) -> PageRow:
        from kb.core.text import name_key

        row = PageRow(len(self.graph.pages) + 1, kind, path, line, title, name_key(title), lang)
        self.graph.pages.append(row)
        return row

    def section(self, page_id: int, heading: str, level: int, text: str, line: int | None) -> SectionRow:
        row = SectionRow(len(self.graph.sections) + 1, page_id, heading, level, text, line)
        self.graph.sections.append(row)
        return row


def link(inputs: list[CardInput], documents: list[Document]) -> tuple[CardGraph, list[CardInput]]:
    """Resolve and link every card input against the rules ``documents``: the rows to
    store, and the inputs as linked (new ones, their report fields filled; in the order
    given)."""
    if not inputs:
        return CardGraph(), []
    files = [i for i in inputs if isinstance(i, MtgjsonInput)]
    cards = cards_of(inputs)
    builder = _Builder(_Linkers(documents, cards))
    index = _card_index(cards) if cards else None
    done: dict[int, CardInput] = {}
    if index is not None:
        done.update((id(item), linked) for item, linked in zip(files, _add_cards(builder, files, index), strict=True))
    for item in inputs:
        if isinstance(item, RulingsPageInput):
            done[id(item)] = _add_rulings_page(builder, item, index)
        elif isinstance(item, WikiInput):
            done[id(item)] = _add_wiki(builder, item)
    linked = [done.get(id(item), item) for item in inputs]
    graph = builder.graph
    for item in linked:
        graph.problems.extend(item.problems)
        graph.sources.append(SourceRow(item.path, _sha256(item), item.format, item.to_json()))
    return graph, linked


def cards_of(inputs: list[CardInput]) -> list[Card]:
    """Every card of the card data files among ``inputs``."""
    return [card for item in inputs if isinstance(item, MtgjsonInput) for card in item.file.cards]


def _sha256(item: CardInput) -> str:
    if isinstance(item, MtgjsonInput):
        return item.file.sha256
    if isinstance(item, RulingsPageInput):
        return item.page.sha256
    return item.sha256


def _card_index(cards: list[Card]) -> CardIndex:
    from kb.graph.cards import CardIndex

    return CardIndex.build(cards)


def _add_cards(builder: _Builder, files: list[MtgjsonInput], index: CardIndex) -> list[MtgjsonInput]:
    """Cards (one row per printing), their names, and their rulings: each ruling of a
    card once, from the first file that gives it.  The files, with their counts."""
    graph = builder.graph
    graph.names.extend(index.names.entries())
    by_ruling: dict[tuple[str, str | None, str], RulingRow] = {}
    from kb.graph.cards import ruling_key

    counted: list[MtgjsonInput] = []
    for item in files:
        mine: dict[tuple[str, str | None, str], None] = {}
        for card in item.file.cards:
            graph.cards.append(_card_row(card, item.path))
            for ruling in card.rulings:
                date = ruling.date.isoformat() if ruling.date else None
                key = (card.name, date, ruling_key(ruling.text))
                if key not in by_ruling:
                    by_ruling[key] = builder.ruling(card.name, date, ruling.text, "en", MTGJSON, item.path)
                mine[key] = None
        linked = sum(1 for key in mine if by_ruling[key].id in builder.linked)
        counted.append(replace(item, rulings=len(mine), linked=linked, linked_against=builder.linkers.label("en")))
    return counted


def _card_row(card: Card, path: str) -> CardRow:
    faces = [{"name": f.name, "side": f.side, "names": f.names, "mana_cost": f.mana_cost, "type": f.type_line,
              "text": f.text, "power": f.power, "toughness": f.toughness, "loyalty": f.loyalty, "defense": f.defense}
             for f in card.faces]
    return CardRow(card.name, card.set_code, card.number, card.layout, dict(card.names),
                   [list(pair) for pair in card.aliases], faces, list(card.parts), path)


def _add_rulings_page(builder: _Builder, item: RulingsPageInput, index: CardIndex | None) -> RulingsPageInput:
    """The page resolved to a card, its rulings stored and linked; the page with what was found."""
    page = item.page
    texts = [r.text for r in page.rulings]
    resolution = index.resolve(page.title, texts) if index is not None else _no_cards(page.title)
    card, printing = resolution.card, item.printing
    if card is not None and index is not None:
        speaking = index.card(card)
        printing = " ".join(p for p in (speaking.set_code, speaking.number) if p) or None
    row = builder.page(RULINGS_PAGE, page.path, 1, page.title, item.lang)
    row.card, row.confidence = card, resolution.confidence
    row.resolution = resolution_json(resolution)
    row.detail = {"title_lang": page.lang_of_title, "printing": printing,
                  "date_order": page.date_order.value if page.date_order else None,
                  "date_order_evidence": page.date_order_evidence, "problems": _problems_json(page.problems)}
    linked = item.linked
    for ruling in page.rulings:
        date = ruling.date.isoformat() if ruling.date else None
        stored = builder.ruling(card, date, ruling.text, item.lang, RULINGS_PAGE, page.path, ruling.line, row.id)
        linked += stored.id in builder.linked
    return replace(item, resolution=resolution, printing=printing, linked=linked,
                   linked_against=builder.linkers.label(item.lang))


def _no_cards(title: str) -> Resolution:
    from kb.graph.cards import Evidence, Resolution

    return Resolution(title, None, 0.0, (Evidence("weak", "the build holds no card data (MTGJSON) to resolve it"),))


def _add_wiki(builder: _Builder, item: WikiInput) -> WikiInput:
    """The pages stored and linked; the input with the rules each page links."""
    from kb.graph.linking import link_page

    linker = builder.linkers.get(item.lang)
    linked, unresolved = dict(item.linked), list(item.unresolved)
    for page in item.pages:
        first = page.sections[0].line if page.sections else None
        row = builder.page(page.format, page.path, first, page.title, item.lang)
        row.detail = {"page_id": page.page_id, "revision": page.revision, "references": page.references,
                      "problems": _problems_json(page.problems)}
        found = link_page(page, linker) if linker is not None else None
        ranked: list[str] = []
        if found is not None and linker is not None:
            builder.graph.links.extend(_link_rows("page", row.id, found.page, linker.lang, linker.edition))
            ranked = _ranked(found, page.title)
            unresolved += [f"{page.title}: {text}" for text in found.unresolved]
            row.detail["unresolved"] = found.unresolved
        for index, section in enumerate(page.sections):
            stored = builder.section(row.id, section.heading, section.level, section.text, section.line)
            if found is not None and linker is not None:
                builder.graph.links.extend(_link_rows("section", stored.id, found.sections[index][1], linker.lang,
                                                      linker.edition))
        rulings_line = next((s.line for s in page.sections if s.heading.casefold() in _rulings_headings()), None)
        for text, line in page.numbered_rulings():
            builder.ruling(None, None, text, item.lang, "wiki", page.path, line or rulings_line, row.id)
        linked[page.title] = ranked
    return replace(item, linked=linked, unresolved=unresolved, linked_against=builder.linkers.label(item.lang))


def _ranked(found: PageLinks, title: str) -> list[str]:
    """The rules a page links, what the page is about first: those its CR templates name,
    then the term that is the page's title ("Fuse"), then by how many of its sections and
    rulings link them (a subrule's links count for its rule too)."""
    weight: Counter[RuleNumber] = Counter()
    for link in found.page:
        weight[link.rule] += 1000
    linked = found.rules()
    for _, links in [*found.sections, *found.rulings]:
        reached = {link.rule for link in links}
        reached |= {a for rule in reached for a in rule.ancestors() if a.depth >= 2 and a in linked}
        weight.update(reached)
        weight.update({link.rule: 100 for link in links if link.matched.casefold() == title.casefold()})
    return [str(n) for n in sorted(weight, key=lambda n: (-weight[n], n))]


def _rulings_headings() -> frozenset[str]:
    from kb.ingest.wiki import RULINGS_HEADINGS

    return RULINGS_HEADINGS


def summary(inputs: list[CardInput], graph: CardGraph) -> dict[str, object]:
    """The card part of the build report: totals over every card input."""
    card_rulings = [r for r in graph.rulings if r.source == MTGJSON]
    linked_ids = {link.src_id for link in graph.links if link.src_kind == "ruling"}  # once, at the end
    linked = sum(1 for r in card_rulings if r.id in linked_ids)
    against = sorted({f"{link.lang} {link.edition}" for link in graph.links})
    return {
        "cards": len({c.name for c in graph.cards}), "printings": len(graph.cards), "names": len(graph.names),
        "rulings": len(card_rulings), "linked_rulings": linked, "linked_share": _share(linked, len(card_rulings)),
        "pages": len(graph.pages), "page_rulings": len(graph.rulings) - len(card_rulings),
        "links": len(graph.links), "linked_against": against,
        "rulings_pages": [{"path": i.path, "title": i.page.title, "card": i.resolution.card if i.resolution else None,
                           "confidence": i.resolution.confidence if i.resolution else 0.0}
                          for i in inputs if isinstance(i, RulingsPageInput)],
    }


def render_summary(data: dict[str, Any]) -> str:
    return (f"cards: {data['cards']} cards ({data['printings']} printings, {data['names']} names) · "
            f"{data['rulings']} card rulings, {_percent(data['linked_rulings'], data['rulings'])} linked to at least "
            f"one rule · {data['pages']} pages · {data['links']} links"
            + (f" (against {', '.join(data['linked_against'])})" if data["linked_against"] else ""))


def damaged(inputs: Iterable[CardInput]) -> list[Problem]:
    return [p for item in inputs for p in item.problems if p.severity is Severity.DAMAGE]
