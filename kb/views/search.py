"""``kb search``: rules and glossary entries by words or numbers, in any language held,
each result shown in every language requested, side by side.

The search itself is :mod:`indexers.engine`; this module turns its groups of hits
into what a reader sees: for each rule, the text that matched (number, edition,
highlighted snippet) and the same rule in the other languages, found through its
identity, with the query's translated terms highlighted there too.
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from indexers import engine, lookups, snippets, spelling
from indexers import index as rules_index
from indexers.translate import OWN_LANGUAGE, Translation
from kb.core import address as addresses
from kb.core.errors import KbError, NotFound, Unavailable
from kb.core.lang import (
    example_label,
    guess_lang,
    language_label,
    language_name,
    languages_label,
    normalize_tag,
    remember_names,
)
from kb.core.rulenum import RuleNumber
from kb.core.text import Hint, as_typed, echoed, typed
from kb.store import rules as store
from kb.views.onebox import Box, CardMatch, OneBox, without
from kb.views.shared import (
    error_json,
    failed_json,
    held_instead,
    holding,
    missing_rule,
    no_rule_message,
    numbers_said,
    require_held,
)

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
    heading: str | None = None   # the name of the heading it sits under, in its language ("Trample", "践踏")

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "edition": self.edition, "number": self.number or None, "kind": self.kind,
                "title": self.title, "heading": self.heading, "text": self.text, "source": self.source, "hit": self.hit,
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
    lead: bool = False           # named by the query (an address, a name), not ranked by the engine

    def to_json(self) -> dict[str, object]:
        return {"rank": self.rank, "rule": self.identity, "kind": self.kind, "term": self.term,
                "score": round(self.score, 4), "lead": self.lead, "texts": [t.to_json() for t in self.texts]}


@dataclass(frozen=True, slots=True)
class SetAside:
    """A card name the query holds, not searched as words of the rules ("Urza's Command" is no
    question about the command zone): what was searched instead, or nothing (``searched`` None:
    the rules shown are those the card's rulings link to)."""

    span: str                    # the query's words naming the card, as typed
    card: str
    searched: str | None

    def to_json(self) -> dict[str, object]:
        return {"span": self.span, "card": self.card, "searched": self.searched}


#: The most rules a search shows of the rules an address names (all of them up to this, whatever
#: ``--limit``: "601.2a-h" is the eight): "100.1-999.9" showed all 1,165 texts whole, a page of
#: 1.3 MB; the rest are counted ("100 of 1165 results"), `kb show` reads them all.
ADDRESS_MOST = 100
#: The longest query searched or asked, in characters (what the web takes of any parameter,
#: :data:`kb.web.serving.VALUE_CHARS`; the longest glossary definition, which the glossary benchmark
#: asks, is 883).  A query's reading grows faster than its length (a translation said in the header
#: is looked for in the whole text, and so is each name): 10,000 characters took 1.8 s, 30,000
#: 16.5 s on the command line (session 35's tester); longer is refused, naming its length.
QUERY_CHARS = 1000


@dataclass(frozen=True)
class SearchAnswer:
    """What ``kb search`` answers: what the box took the query for, the engine's plan
    and groups (none for a rule address, answered by exactly the rules it names),
    the cards the query names, and the results shown."""

    plan: engine.Plan
    results: list[Result]
    box: Box
    outcome: engine.Outcome | None = None
    showing: str | None = None          # the query the engine searched, when the box corrected it
    definitions: list[Result] = field(default_factory=list)  # glossary entries, beside the ranks
    set_aside: SetAside | None = None   # the card name the query holds, not searched as rules words
    named: int = 0                      # rules named in all, of which the first ``limit`` are shown (a card's)
    elsewhere: Hint | None = None       # nothing found in the languages asked: what they hold, where to look
    #: what the query's language numbers so, when that is another rule ("the Italian text numbered
    #: 729.2 is rule 730.2: kb search 730.2 --lang it"), as `kb show` says it (the page links the command)
    numbering: tuple[Hint, ...] = ()
    #: the rules a free-text query names by number ("what do 608.3a and b say"), held and shown
    #: first, in the order written: what `kb ask` quotes, as it quotes the rules an address names
    rules_named: tuple[str, ...] = ()

    @property
    def card_rules(self) -> bool:
        """The results are the rules the card's rulings link to: the query named a card and asked
        nothing more, so the engine searched nothing."""
        return self.set_aside is not None and self.set_aside.searched is None

    @property
    def whole(self) -> bool:
        """Texts shown whole, not as snippets: the rules the query named (an address, a card's
        rules), which the engine did not search, as the CLI and the web both show them."""
        return self.outcome is None

    @property
    def total(self) -> int:
        """The rules found, however many are shown: those leading (named, a card's) and every rule
        the engine matched (it was the rules among the hits read, which grow with ``--limit``: "10
        of 29 results", then "20 of 57")."""
        if self.outcome is None:
            return max(len(self.results), self.named)
        lead = {r.identity for r in self.results if r.lead}
        return len(lead) + len((self.outcome.matched() | {g.identity for g in self.outcome.groups}) - lead)

    def to_json(self) -> dict[str, object]:
        return to_json(self)

    def render(self, color: bool = False) -> str:
        return render(self, color)


class Session:
    """One KB open for searching, with what the box and the engine read from it
    loaded once: ``kb search -`` answers many queries with one session."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.conn = store.connect(home)
        self._box: OneBox | None = None
        self._stored: lookups.Lookups | None = None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def box(self) -> OneBox:
        if self._box is None:
            info = rules_index.found(self.home, self.conn)  # None: missing or stale (an address needs none)
            self._stored = lookups.load(info.path, self.conn, info.editions) if info is not None else None
            if self._stored is not None:
                remember_names(self._stored.language_names)
            editions = info.editions if info is not None else rules_index.newest_editions(self.conn)
            self._box = OneBox(self.conn, editions, self._stored)
        return self._box

    def search(self, query: str, langs: list[str] | None, query_lang: str | None = None,
               limit: int = 10) -> SearchAnswer:
        """The ``limit`` best results for ``query`` (see :func:`search`), each text with the heading it
        sits under."""
        answer = self._search(query, langs, query_lang, limit)
        return replace(answer, results=with_headings(self.conn, answer.results))

    def _search(self, query: str, langs: list[str] | None, query_lang: str | None, limit: int) -> SearchAnswer:
        text = typed(query)
        if not text:
            raise KbError("empty query: give words, a phrase in quotes, or a rule number")
        if len(text) > QUERY_CHARS:
            raise KbError(f"query too long: {echoed(text)!r} is {len(text):,} characters (at most {QUERY_CHARS:,}):"
                          " search a part of it")
        if limit < 1:
            raise KbError(f"--limit must be at least 1 (got {limit})")
        one_box = self.box  # the stored tables first: their languages' names read a tag typed so without babel
        langs = list(dict.fromkeys(normalize_tag(lang) for lang in langs)) if langs else None
        query_lang = normalize_tag(query_lang) if query_lang else None
        require_held(self.conn, [*(langs or ()), *([query_lang] if query_lang else [])])
        if (wrong := addresses.unnumbered(text)) is not None:  # "99.1", "601.2a-601.2zz": typed as numbers
            written, one = wrong
            raise missing_rule(self.conn, [written]) if one else KbError(addresses.refusal(text))
        typed_as = text
        if "@" in text:  # "what does 702.124m@en/2025-11-14 say": today's 702.124k
            text, removed = one_box.in_today_numbers(text)
            if removed is not None:
                return self._address(removed, langs, query_lang, limit)  # no rule today: said as of the form alone
        box = one_box.classify(text)
        if text != typed_as:  # said as typed, then as read
            box = replace(box, query=typed_as, showing=box.showing or text)
        if box.kind == "rules":
            return self._address(box, langs, query_lang, limit)
        searched, aside = text, None
        if box.term is not None and not box.term.exact and not self._asks_nothing(box.term.name):
            searched = box.term.name  # "deaftouch": search what it stands for ("yours" as typed: Your is stop words)
        elif (named := _card_named(box, text)) is not None:  # "Urza's Command" is no question on the command zone
            card, searched = named
            if self._asks_nothing(searched):
                return self._card_rules(box, card, langs, query_lang, limit)
            aside = SetAside(card.span, card.card, searched)
        if self._stored is not None:  # the lexicons' words, read with the box's tables
            engine.translator_of(self.conn).use_vocabulary(self._stored.lexicon_words)
        # Nothing found is an answer (an empty list), not an error: a rule, card or term
        # that does not exist is one.
        outcome = engine.search(self.home, self.conn, searched, langs, query_lang=query_lang, limit=limit * 5)
        plan = outcome.plan
        if plan.corrections and box.kind == "text" and not box.cards:
            box = self._read_box(box, plan)
            if (named := _card_named(box, spelling.corrected(text, plan.corrections))) is not None:
                card, searched = named  # a card once its typos are read ("非瑞克西亚龙引情"): the same again
                if self._asks_nothing(searched):
                    return self._card_rules(box, card, langs, query_lang, limit, plan.corrections)
                aside = SetAside(card.span, card.card, searched)
                outcome = engine.search(self.home, self.conn, searched, langs, query_lang=query_lang, limit=limit * 5)
                plan = replace(outcome.plan, corrections=plan.corrections)
                outcome = replace(outcome, plan=plan)
        held, missing = self._numbers_held(plan)
        # "what does 702.999 say", "what does 702.19b say": the rules named, and nothing more asked
        only_named = (held or missing) and not box.cards and self._asks_nothing(
            _about_rules(addresses.without_lists(text)))
        if missing:  # said, as the address alone says it
            box = replace(box, missing=missing)
            if not held and only_named:
                raise missing_rule(self.conn, list(missing))
        by_number = self.named(held, plan, dict(outcome.index.editions))[:max(limit, ADDRESS_MOST)] if held else []
        lead = by_number or self._lead(box, plan, outcome)
        shown = max(limit, len(by_number))  # the rules named, all of them, as an address's are
        if by_number and only_named:  # listed alone, as the address alone is ("say" met 810.10b's "says")
            named_ids = {r.identity for r in by_number}
            outcome = replace(outcome, groups=[g for g in outcome.groups if g.identity in named_ids],
                              matched=frozenset)  # the named alone: no other rule counted
        results = lead + (results_of(self.conn, outcome, shown - len(lead), skip={r.identity for r in lead},
                                     first=len(lead) + 1) if len(lead) < shown else [])
        definitions = pointed_to(self.conn, [leading(result(self.conn, outcome, n, group), plan.lang)
                                             for n, group in enumerate(outcome.definitions, 1)], outcome)
        elsewhere = _elsewhere(self.conn, text, plan.langs, outcome.index.editions, found=bool(results))
        showing = searched if searched != typed_as else None
        if showing is None and plan.corrections:  # "践塔 → “践踏”", as a misspelt name is said ("trampel → “Trample”")
            showing = spelling.corrected(text, plan.corrections)
        results = [leading(res, plan.lang) for res in results[:shown]]  # a Chinese query's rules read in Chinese first
        return SearchAnswer(plan, results, box, outcome, showing,
                            [d for d in definitions if d.texts], aside, elsewhere=elsewhere,
                            rules_named=tuple(r.identity or "" for r in by_number))

    def _numbers_held(self, plan: engine.Plan) -> tuple[list[str], tuple[str, ...]]:
        """The rules and subrules a free-text query names by number (:attr:`engine.Plan.numbers`,
        a list or range read as :func:`kb.core.address.written_out` reads it) that the KB holds,
        in the order written, and those it does not.  A chapter ("702", a number of three digits
        among words) is left to the engine, which ranks it as before: "300" may count something."""
        held: list[str] = []
        missing: list[str] = []
        for number in plan.numbers:
            if number.depth >= 2:
                (held if number in self.box.identities else missing).append(str(number))
        return held, tuple(missing)

    def _asks_nothing(self, rest: str) -> bool:
        """What is left of a query once its card name is set aside asks nothing of the rules
        (:func:`indexers.engine.only_asking`, in every language held)."""
        return engine.only_asking(rest, [lang for lang, _ in self.box.editions], self.box.game_words)

    def _card_rules(self, box: Box, card: CardMatch, langs: list[str] | None, query_lang: str | None,
                    limit: int, corrections: tuple[spelling.Correction, ...] = ()) -> SearchAnswer:
        """A query naming a card and asking nothing more ("how does Urza's Command work",
        "克撒的指命怎么用"): the rules its rulings link to, as the card result lists them (the box
        read them: no search), each in every language shown; ``corrections``: the typos read to
        find the card."""
        plan = replace(self._plain_plan(box.query, langs, query_lang), corrections=corrections)
        results = self.named([linked.rule for linked in card.rules], plan, dict(self.box.editions))
        return SearchAnswer(plan, results[:limit], box, set_aside=SetAside(card.span, card.card, None),
                            named=len(results))

    def named(self, rules: Sequence[str], plan: engine.Plan, editions: dict[str, str | None]) -> list[Result]:
        """The rules a query named (a name's, a card's), in that order, each in every language
        shown: not ranked by the engine."""
        found: list[Result] = []
        for rule in rules:
            texts = [_with_spans(shown_text(text), plan, None) for lang in plan.langs
                     if (text := store.identity_text(self.conn, rule, lang, editions.get(lang))) is not None]
            if texts:
                found.append(Result(len(found) + 1, rule, texts[0].kind, None, 0.0, tuple(_as_hit(t) for t in texts),
                                    lead=True))
        return found

    def _read_box(self, box: Box, plan: engine.Plan) -> Box:
        """What the query names once read without its typos, when as typed it named
        nothing ("非瑞克西亚龙引情": the card 非瑞克西亚龙引擎); the query as typed."""
        again = self.box.classify(spelling.corrected(box.query, plan.corrections))
        if again.kind == "rules":
            return box
        read = ", ".join(f"{c.typed} → {c.meant}" for c in plan.corrections)  # not exact: "vigilanza" is no name
        return replace(again, query=box.query, term=replace(again.term, via=read) if again.term else None)

    def _plain_plan(self, text: str, langs: list[str] | None, query_lang: str | None) -> engine.Plan:
        held = [lang for lang, _ in self.box.editions]
        shown = tuple(lang for lang in langs if lang in held) if langs else tuple(held)
        if not shown:
            raise NotFound(f"the KB holds no {languages_label(langs or [])} texts (it holds {', '.join(held)})")
        lang = query_lang or guess_lang(text)
        return engine.Plan(text, lang, query_lang is None, shown, (), ())

    def _address(self, box: Box, langs: list[str] | None, query_lang: str | None, limit: int) -> SearchAnswer:
        """A rule address: exactly the rules it names, each in every language shown."""
        if not box.numbers and box.backwards and "@" in box.query:  # in one edition, removed since
            hint = Hint(box.backwards, ("show", box.query))
            raise NotFound(str(hint), hint=hint)
        if not box.numbers:
            raise missing_rule(self.conn, box.missing or [box.query])
        plan = self._plain_plan(box.query, langs, query_lang or addresses.written_in(box.query))
        plan = engine.Plan(plan.text, plan.lang, query_lang is None, plan.langs, box.numbers, ())
        editions = dict(self.box.editions)
        numbering = self._numbering(box, plan, editions, asked=bool(langs))
        results: list[Result] = []
        for number in box.numbers[:limit if box.ranked else max(limit, ADDRESS_MOST)]:
            texts = [shown_text(found) for lang in plan.langs
                     if (found := store.identity_text(self.conn, str(number), lang, editions.get(lang))) is not None]
            if texts:
                results.append(Result(len(results) + 1, str(number), number.kind, None, 0.0,
                                      tuple(_as_hit(t) for t in texts), lead=True))
        if not results:  # held, but in none of the languages asked (`702.19b --lang it`)
            named = [str(n) for n in box.numbers]
            if numbering:  # as `kb show 729.2 --lang it` says it
                raise NotFound(no_rule_message(named, plan.langs) + "".join(f" ({hint})" for hint in numbering),
                               hint=numbering[0] if len(numbering) == 1 else None)
            raise NotFound(no_rule_message(named, plan.langs, instead=held_instead(self.conn, named, plan.langs)))
        return SearchAnswer(plan, results, box, showing=box.showing, named=len(box.numbers), numbering=numbering)

    def _numbering(self, box: Box, plan: engine.Plan, editions: dict[str, str | None], asked: bool) -> tuple[Hint, ...]:
        """What a language numbers each number named, when that is another rule and the language
        lacks the rule (:func:`kb.store.rules.numbered_otherwise`): the languages asked, else the
        query's own when it is written in one ("regola 729.2": the Italian text numbered 729.2 is
        rule 730.2, where the English 729.2 shown is a rule of subgames)."""
        langs = plan.langs if asked else (plan.lang,) if plan.lang in editions else ()
        return tuple(hint for number in box.numbers for lang in langs
                     if store.identity_text(self.conn, str(number), lang, editions.get(lang)) is None
                     and (hint := store.numbered_otherwise(self.conn, number, lang, "search")) is not None)

    def _lead(self, box: Box, plan: engine.Plan, outcome: engine.Outcome) -> list[Result]:
        """The rules a misspelled or translated name leads to ("deaftouch" -> 702.2),
        before the engine's results.  A name typed exactly is the engine's to rank (it
        knows names: the entry, then the rules it cites), and so is a name asked about
        ("trample rules", searched as "Trample") and a corrected name whose rules (or rules
        under them: 702.2a for 702.2) the engine already ranks first."""
        if box.term is None or box.term.exact or box.term.about:
            return []
        if outcome.groups and _under_any(outcome.groups[0].identity, box.term.rules):
            return []
        if outcome.groups and any(h.named for h in outcome.groups[0].hits):  # "esilio": the engine ranked
            return []  # the name it was read as (701.13a, Exile) where the entry cites a chapter (406), no answer
        return self.named(box.term.rules, plan, dict(outcome.index.editions))


#: The words asking what a rule named says ("what does 702.999 say", "cosa dice 702.999", "702.999说的是什么"),
#: which the engine searches as words (810.10b "say" answered "what does 702.999 say"): once the rules
#: named are set aside, a question of these words only asks nothing more of the rules.
_ABOUT_RULES = re.compile(r"(?<!\w)(?:say|says|said|mean|means|explain|explains|tell|state|states|cover|covers|"
                          r"dice|dicono|significa|spiega|spiegami|spiegare|dire)(?!\w)|说|讲|意思|内容|规定|解释",
                          re.IGNORECASE)


def _about_rules(text: str) -> str:
    """``text`` less the words asking what a rule says (:data:`_ABOUT_RULES`)."""
    return " ".join(_ABOUT_RULES.sub(" ", text).split())


def _card_named(box: Box, text: str) -> tuple[CardMatch, str] | None:
    """The card the box read in ``text`` and what is left of ``text`` without its name, when the
    query names no rules term ("connive", a keyword action typed exactly, is the rules' first)."""
    if box.term is not None or not box.cards or not box.cards[0].span:
        return None
    return box.cards[0], without(text, box.cards[0].span)


def _elsewhere(conn: sqlite3.Connection, query: str, asked: Collection[str],
               indexed: Collection[tuple[str, str | None]], found: bool = False) -> Hint | None:
    """Why a search of some languages found nothing, when the KB holds others: what the
    languages asked hold ("trample --lang it" found nothing in the Italian seed of 17 texts,
    and said only "0 results"), and the search of them all.  Said too of results ``found``
    when the languages asked hold only fragments (no edition): "pesco da un grimorio vuoto
    --lang it" is best answered by 704.5b, which the Italian seed lacks; its 730.3a is the best
    of its own 17 rules, not the answer."""
    others = [lang for lang, _ in indexed if lang not in asked]
    editions = dict(indexed)
    if not others or (found and any(editions.get(lang) for lang in asked if lang in editions)):
        return None
    if found:
        held = " and ".join(f"the {language_name(lang)} text held ({holding(conn, lang, editions.get(lang))})"
                            for lang in asked if lang in editions)
        return Hint(f"shown: the best of {held}; in every language", ("search", query))
    held = " nor ".join(f"the {language_name(lang)} text held ({holding(conn, lang, editions.get(lang))})"
                        for lang in asked if lang in editions)
    return Hint(f"nothing found in {held}; in every language", ("search", query))


def _under_any(identity: str, rules: Collection[str]) -> bool:
    """``identity`` is one of ``rules`` or a rule under one of them."""
    number = RuleNumber.try_parse(identity)
    if number is None:
        return False
    return any(str(n) in rules for n in (number, *number.ancestors()))


def search(home: Path, query: str, langs: list[str] | None, query_lang: str | None = None,
           limit: int = 10) -> SearchAnswer:
    """The ``limit`` best results for ``query`` in the KB of ``home`` (its search
    index built first if missing or stale), each in every language searched: a rule
    address gives exactly its rules; a name (even misspelled, in any language) its
    rules first; a card name a card result beside them (:mod:`kb.views.onebox`)."""
    with Session(home) as session:
        return session.search(query, langs, query_lang, limit)


def nothing_found(answer: SearchAnswer) -> str | None:
    """What to say of a search that found nothing: no rule, glossary entry or card (exit 1, like
    `kb ask` of a question no rule answers); None when it found something."""
    if answer.results or answer.definitions or answer.box.cards:
        return None
    return f"nothing found for {echoed(answer.box.query)!r}"


def batch(home: Path, answer: Callable[[Session, str], Any], key: str = "query",
          missing: Callable[[Any], str | None] | None = None) -> int:
    """``kb search -`` / ``kb ask -``: one query per line of standard input, one JSON
    object per line out (what ``--json`` prints for it, on one line; a query that fails
    gets its ``--json`` error object, with the query under ``key``, as the answers name it:
    ``question`` for ``kb ask``), everything loaded once, so the n-th
    line out answers the n-th line in (a blank line too: it is an empty query).  Exit code:
    the worst, of each line's as the query alone exits: 1 for an answer ``missing`` says found
    nothing (its JSON answer is still written), as for an error not found."""
    worst = 0
    with Session(home) as session:
        for line in sys.stdin:
            query = line.rstrip("\r\n")
            try:
                found = answer(session, query)
                said = missing(found) if missing is not None else None
                data = failed_json(found.to_json(), said)
                if said:
                    worst = max(worst, 1)
            except KbError as err:
                shown = query.encode("utf-8", "surrogateescape").decode("utf-8", "replace")  # bytes not UTF-8: U+FFFD
                data = {key: shown, **error_json(err)}
                worst = max(worst, err.exit_code)
            sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
            sys.stdout.flush()
    return worst


# -- assembling a result --------------------------------------------------------------------


def results_of(conn: sqlite3.Connection, outcome: engine.Outcome, limit: int, skip: Collection[str | None] = (),
               first: int = 1) -> list[Result]:
    """The first ``limit`` groups that have a text to show (but those in ``skip``),
    ranked from ``first``."""
    results: list[Result] = []
    for group in outcome.groups:
        if len(results) == limit:
            break
        if group.identity in skip:
            continue
        found = result(conn, outcome, len(results) + first, group)
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
        chosen = best.get(lang)
        shown: Shown | None
        if chosen is not None:
            shown = glossary_entry(conn, _row_id(chosen)) if glossary else shown_text(by_id[_row_id(chosen)])
        elif glossary:
            shown = glossary_counterpart(conn, group.identity, lang, outcome.edition_of(lang))
        else:
            other = store.identity_text(conn, group.identity, lang, outcome.edition_of(lang))
            shown = shown_text(other) if other is not None else None
        if shown is not None:
            texts.append(_with_spans(shown, plan, chosen))
    if glossary:
        term = group.identity.split(":", 1)[1]  # glossary:<English headword> or glossary@<lang>:<headword>
        return Result(rank, None, "glossary", term, group.score, tuple(texts))
    return Result(rank, group.identity, group.kind, None, group.score, tuple(texts))


#: How a glossary definition that only points to another entry begins (:func:`kb.core.refs.entry_pointed`).
_POINTING = ("See ", "Vedi ", "参见")


def pointed_to(conn: sqlite3.Connection, definitions: list[Result], outcome: engine.Outcome) -> list[Result]:
    """The definitions, each that only sends the reader to another entry ("Swampcycling: See
    Typecycling.", :func:`kb.core.refs.entry_pointed`) followed by that entry, unless shown
    already: a pointer alone defines nothing.  The entry followed keeps its pointer's rank (the
    engine's place of the search's own entries, which `kb ask` reads) and is marked ``lead``."""
    found: list[Result] = []
    terms = {d.term for d in definitions}
    for definition in definitions:
        found.append(definition)
        if not definition.texts:
            continue
        lead = definition.texts[0]
        if not lead.text.lstrip().startswith(_POINTING):  # most define; kb.core.refs costs a fresh search 2 ms
            continue
        from kb.core.refs import entry_pointed  # lazy: its 24 patterns, for a pointer only

        name = entry_pointed(lead.text, lead.lang)
        term = store.glossary_term_named(conn, name, lead.lang, lead.edition) if name else None
        if term is None or term in terms:
            continue
        terms.add(term)
        texts = [_as_hit(shown) if lang == lead.lang else shown for lang in outcome.plan.langs  # as the pointer's
                 if (shown := glossary_counterpart(conn, f"glossary:{term}", lang, outcome.edition_of(lang)))]
        if texts:  # not ranked by the engine: the pointer's place, marked ``lead``
            found.append(leading(Result(definition.rank, None, "glossary", term, definition.score, tuple(texts),
                                        lead=True), lead.lang))
    return found


def leading(res: Result, lang: str) -> Result:
    """``res`` with its text in ``lang`` first: a result or definition leads with the query's
    language, as `kb ask`'s answers do (a Chinese question's rules were led in English)."""
    first = tuple(t for t in res.texts if t.lang == lang)
    return replace(res, texts=first + tuple(t for t in res.texts if t.lang != lang)) if first else res


def definition_heading(res: Result) -> str:
    """A glossary result's heading: the headword of its first text (the query's language, see
    :func:`leading`), and the English headword it means beside it when that is another."""
    lead = res.texts[0] if res.texts else None
    name = lead.title if lead is not None and lead.title and lead.lang != "en" else res.term
    return f"definition: glossary “{name}”" + (f" (= {res.term})" if name != res.term else "")


def _row_id(hit: engine.Hit) -> int:
    return int(hit.key.split(":")[1])


def with_headings(conn: sqlite3.Connection, results: list[Result]) -> list[Result]:
    """Each rule text with the name of the nearest heading above it in its language and edition
    ("Trample" over 702.19b, "战斗开始步骤" over 507.1, "State-Based Actions" over 704.5c, whose 704.5 is
    no name): a number alone says little of what a rule is about, and a query asking a step by its
    place ("the first step of combat") is answered by 507.1, whose words never name the step."""
    above = {r.identity: [str(a) for a in number.ancestors()] for r in results
             if r.identity and r.kind != "glossary" and (number := RuleNumber.try_parse(r.identity)) is not None}
    names = {(row["lang"], row["edition"], row["rule"]): name
             for row in store.named_texts(conn, {a for chain in above.values() for a in chain})
             if (name := rules_index.heading(row["title"], row["body"] or "", row["depth"]))}

    def named(shown: Shown, chain: list[str]) -> Shown:
        """``chain``: the rule's ancestors, nearest first, its chapter last (a section's only one)."""
        held = [rule for rule in chain[:-1] or chain if (shown.lang, shown.edition, rule) in names]
        rule = held[0] if held else None
        if rule is not None and rule.endswith("00"):  # a chapter's "General" (500): the chapter's name says more
            rule = chain[-1]
        found = names.get((shown.lang, shown.edition, rule)) if rule is not None else None
        return replace(shown, heading=found) if found else shown

    return [replace(r, texts=tuple(named(t, above[r.identity]) for t in r.texts)) if r.identity in above else r
            for r in results]


def _as_hit(shown: Shown) -> Shown:
    """A text the query named (by address or name): shown as found, not as "same rule"."""
    return Shown(shown.lang, shown.edition, shown.number, shown.kind, shown.title, shown.text, shown.source,
                 True, None, shown.spans)


def shown_text(rule: store.StoredRule) -> Shown:
    """A rule's text as its document writes it: the body, then each example on a line of its own after its
    label ("Example:"; without it `kb ask` read an example as the rule's own words: session 42's tester)."""
    label = example_label(rule.lang)
    text = "\n".join([rule.body or rule.title or "", *(f"{label} {example}" for example in rule.examples)])
    return Shown(rule.lang, rule.edition, str(rule.number), rule.number.kind, rule.title, text, rule.source,
                 False, None, ())


def _with_spans(shown: Shown, plan: engine.Plan, hit: engine.Hit | None) -> Shown:
    found = snippets.spans(shown.text, shown.lang, plan.units_for(shown.lang), plan.numbers, plan.words)
    return Shown(shown.lang, shown.edition, shown.number, shown.kind, shown.title, shown.text, shown.source,
                 hit is not None, hit.score if hit is not None else None, tuple(found))


_GLOSSARY = ("SELECT g.lang, g.edition, g.term, g.aliases, g.senses, g.line, d.path FROM glossary g"
             " JOIN documents d ON d.id = g.doc_id")


def glossary_entry(conn: sqlite3.Connection, entry_id: int) -> Shown:
    row = conn.execute(f"{_GLOSSARY} WHERE g.id = ?", (entry_id,)).fetchone()
    if row is None:
        raise Unavailable("the search index does not match the KB: run `kb index` to build it again")
    return _glossaryshown_text(row)


def glossary_counterpart(conn: sqlite3.Connection, identity: str, lang: str, edition: str | None) -> Shown | None:
    """The entry of ``lang`` meaning the same English headword (glossary identity)."""
    if not identity.startswith("glossary:"):
        return None
    row = conn.execute(f"{_GLOSSARY} WHERE g.term_id = ? AND g.lang = ? AND g.edition IS ? ORDER BY g.id",
                       (identity.split(":", 1)[1], lang, edition)).fetchone()
    return _glossaryshown_text(row) if row is not None else None


def _glossaryshown_text(row: sqlite3.Row) -> Shown:
    # the aliases a headword does not already spell out ("Modal, Mode" has the aliases Modal and Mode)
    spelled = {part.strip("“”\"") for part in re.split(r"\s*[,，、]\s*", row["term"])}
    names = ", ".join([row["term"], *(a for a in json.loads(row["aliases"]) if a not in spelled)])
    return Shown(row["lang"], row["edition"], "", "glossary", names, "\n".join(json.loads(row["senses"])),
                 f"{row['path']}:{row['line']}", False, None, ())


# -- output -----------------------------------------------------------------------------


def to_json(answer: SearchAnswer) -> dict[str, object]:
    plan, outcome = answer.plan, answer.outcome
    index = None if outcome is None else {
        "path": str(outcome.index.path), "built": outcome.index.built,
        "editions": [{"lang": lang, "edition": edition} for lang, edition in outcome.index.editions]}
    return {
        "query": answer.box.query, "query_lang": plan.lang, "detected": plan.detected, "languages": list(plan.langs),
        "box": answer.box.to_json(), "showing": answer.showing,
        "numbers": [str(n) for n in plan.numbers], "translations": [typed_json(plan, t) for t in plan.translations],
        "dropped_translations": [typed_json(plan, t) for t in plan.dropped],
        "corrections": [c.to_json() for c in plan.corrections], "unheard": list(plan.unheard),
        "suggestions": [{**c.to_json(), "query": spelling.corrected(answer.box.query, [c])} for c in plan.suggested],
        "tried": list(outcome.tried) if outcome is not None else [plan.lang],
        "semantic": outcome is not None and outcome.semantic,
        "card_span": answer.set_aside.to_json() if answer.set_aside else None,
        "index": index, "cards": [c.to_json() for c in answer.box.cards],
        "definitions": [d.to_json() for d in answer.definitions],
        "total": answer.total, "results": [r.to_json() for r in answer.results],
        "elsewhere": answer.elsewhere.to_json() if answer.elsewhere else None,
        "whole": answer.whole,
        "read_as_default": plan.unknown,  # no word known in any language: query_lang is the default, not detected
        "by_character": plan.by_character,  # its Chinese words found nothing: read character by character
        "numbering": [hint.to_json() for hint in answer.numbering],
    }


#: Said under the header when a Chinese query's words found nothing (engine.CHARACTERS_LAST).
BY_CHARACTER_NOTE = "(no text holds the query's Chinese words: read character by character)"
#: Said under the header when the sentence model re-ordered the first rules (indexers.semantic).  It
#: read "(ranked by its words and by its meaning: kb index --semantic)", which all three of session
#: 41's testers took for a command they were told to run.
SEMANTIC_NOTE = "(ranked by its words and, with this KB's sentence model, by its meaning)"


def corrections_unsaid(answer: SearchAnswer) -> bool:
    """The query's typos are not said by the header's "typed → “read”" (:func:`said_line`): the
    query searched is not the query read without them (a card name's rest was searched)."""
    plan = answer.plan
    return bool(plan.corrections) and answer.showing != spelling.corrected(answer.box.query, plan.corrections)


def read_as(plan: engine.Plan) -> str:
    """The typos a query was read without ("deaftouch", "死处"), as the header says them."""
    return "(read as: " + ", ".join(f"{c.typed} → {c.meant}" for c in plan.corrections) + ")"


def render(answer: SearchAnswer, color: bool = False) -> str:
    plan, outcome, results = answer.plan, answer.outcome, answer.results
    marks = (_BOLD, _RESET) if color else ("**", "**")
    lines = [_header(answer)]
    if (note := _box_line(answer)) is not None:
        lines.append(note)
    if (aside := set_aside_line(answer)) is not None:
        lines.append(aside)
    if outcome is not None and outcome.index.built:
        lines.append(f"(built the search index: {outcome.index.documents} texts in {outcome.index.seconds:.1f} s)")
    if outcome is not None and len(outcome.tried) > 1:
        others, first = ", ".join(map(language_label, outcome.tried[1:])), language_label(outcome.tried[0])
        lines.append(f"(read as {first}, the query found nothing: read as {others} too)" if results
                     else f"(read as {first}, then as {others}: nothing found either way)")
    if plan.by_character:
        lines.append(BY_CHARACTER_NOTE)
    if corrections_unsaid(answer):
        lines.append(read_as(plan))
    if outcome is not None and outcome.semantic:
        lines.append(SEMANTIC_NOTE)
    for found in answer.box.cards:
        lines += ["", *render_card(found)]
    width = max(len(lang) for lang in plan.langs)
    for res in [*answer.definitions, *results]:
        lines += ["", *result_lines(res, width, marks, outcome)]
    shown_count, total = len(results), answer.total
    if answer.elsewhere:
        lines += ["", f"({answer.elsewhere})"]
    lines.append("")
    lines.append(f"{shown_count:,} of {total:,} results" if shown_count < total
                 else f"{shown_count} result{'s' if shown_count != 1 else ''}")
    return "\n".join(lines)


def result_lines(res: Result, width: int, marks: tuple[str, str], outcome: engine.Outcome | None) -> list[str]:
    """One result as the terminal shows it: its heading, then each language's text
    (a snippet with the query's terms marked, when the engine searched)."""
    glossary = res.kind == "glossary"
    lines = [definition_heading(res) if glossary else f"{res.rank}. {res.identity} ({res.kind})"]
    for shown in res.texts:
        body = snippets.snippet(shown.text, shown.spans, *marks) if outcome is not None else shown.text
        same = "" if shown.hit else (" · same entry" if glossary else " · same rule")
        named = f" · {shown.heading}" if shown.heading and not glossary else ""
        where = f"{shown.title if glossary else shown.number}{named} · {shown.edition or 'undated'}{same}"
        title = f"{shown.title}: " if shown.title and shown.title != shown.text and not glossary else ""
        lines.append(f"   {shown.lang:<{width}} {where}")
        lines.append("      " + (title + body).replace("\n", "\n      "))
    return lines


def _box_line(answer: SearchAnswer) -> str | None:
    """What the box took the query for, when it is more than free text."""
    box = answer.box
    if box.kind == "rules":  # a range turned round ("702.19d-b"), and numbers named that are not held
        said = [*([box.backwards] if box.backwards else []),
                *([f"not in the KB: {', '.join(box.missing)}"] if box.missing else []), *map(str, answer.numbering)]
        return "\n".join(said) or None
    if box.term is None:  # "what do 601.2h-a say": the range read, turned round; "702.19b, 702.999 trample"
        said = [*([box.backwards] if box.backwards else []),
                *([f"not in the KB: {', '.join(box.missing)}"] if box.missing else [])]
        return "\n".join(said) or None
    term = box.term
    how = ("" if term.exact else f" (via {term.via})" if term.via
           else f" ({term.score:.0f}% like “{term.name}”)")
    showing = f" · showing results for “{answer.showing}”" if answer.showing else ""
    kind = "glossary entry" if term.kind == "glossary" else "heading"
    return f"{kind} “{term.name}” ({term.lang}){how} → {', '.join(term.rules)}{showing}"


def set_aside_line(answer: SearchAnswer) -> str | None:
    """What became of the card name the query holds, as the headers of `kb search` and `kb ask`
    say it (``card_span`` in JSON)."""
    aside = answer.set_aside
    if aside is None:
        return None
    if aside.searched is None:
        return f"card name “{aside.span}”: the rules its rulings link to, its words not searched"
    return f"card name “{aside.span}” left out of the words searched"


def render_card(found: CardMatch) -> list[str]:
    lines = [f"card {found.name}" + (f" ({found.card})" if found.name != found.card else "")
             + f" · {found.how} · {found.command_line}", *render_card_text(found)]
    if found.rules:
        more = f" (of {found.total_rules})" if found.total_rules > len(found.rules) else ""
        lines.append(f"   rules its rulings link to{more}:")
        lines += [f"   {r.rule:<9} {r.rulings} ruling{'s' if r.rulings != 1 else ''} · {r.label or ''}"
                  for r in found.rules]
    else:
        lines.append("   no ruling of it is linked to a rule")
    return lines


def render_card_text(found: CardMatch) -> list[str]:
    """The card itself, as ``kb card`` shows it: its faces (English Oracle text) and its first
    rulings, then how many more ``kb card`` lists."""
    from kb.views.card import render_face, ruling_line  # kb card's own rendering, not a second one

    lines = [f"   {line}" for face in found.faces for line in render_face(face, len(found.faces) > 1)]
    if found.total_rulings:
        lines.append(f"   rulings ({found.total_rulings}):")
        lines += [ruling_line(ruling, "     ") for ruling in found.rulings]
        if found.total_rulings > len(found.rulings):
            lines.append(f"     … and {found.total_rulings - len(found.rulings)} more: {found.command_line}")
    return lines


def said_line(query: str, answer: SearchAnswer) -> str:
    """The query as typed, what the engine searched when the box read it as a name
    ("deaftouch → “Deathtouch”"), and the language of what was searched."""
    searched = f" → “{answer.showing}”" if answer.showing else ""
    plan, term = answer.plan, answer.box.term
    typed = f" ({term.typed_lang})" if term is not None and term.typed_lang and term.typed_lang != plan.lang else ""
    # a name read in another language is searched in the name's language, none detected ("travolgere (it) →
    # “Trample” · en" had read "· en (detected)": two languages for one query)
    how = "" if typed else " (detected)" if plan.detected else f" ({UNKNOWN})" if plan.unknown else ""
    return f"{echoed(query)}{typed}{searched} · {plan.lang}{how}"


#: Said of a query's language when no word of it is known in any language held (`xyzzy qwrtp` was
#: "it (detected)"): it is read as the default language, not detected as one.
UNKNOWN = "the default: no word of the query is known in any language"


def unheard_said(plan: engine.Plan) -> str:
    """The query's words no text or lexicon of its language holds, which no typo was read as
    (" · no English text holds “tramble”": its language's, another's may: "giocatore attacking" was
    read as English): searched, they find nothing, and `kb search "tramble damage"` found damage
    alone without a word of it), and the keywords' names' words one edit from them (" (did you mean
    “trample”?)": :func:`indexers.engine.suggested`).  Empty if none."""
    if not plan.unheard:
        return ""
    meant = " or ".join(f"“{c.meant}”" for c in plan.suggested)
    return (f" · no {language_name(plan.lang)} text holds " + ", ".join(f"“{w}”" for w in plan.unheard)
            + (f" (did you mean {meant}?)" if meant else ""))


def in_rules_words(plan: engine.Plan) -> str:
    """The players' words a query was also searched as the rules say them (" · in the rules'
    words: etb → enters"), then the kind of question it was read as (" · understood as: “no player
    receives priority during the untap step” (from “nell'untap step”)"), for the headers of `kb
    search` and `kb ask`; empty if none."""
    rephrased = [t for t in plan.translations if t.src == t.dst == plan.lang]
    words = [said_translation(plan, t) for t in rephrased if t.origin != engine.ASKED_ORIGIN]
    asked = [f"“{t.target}” (from “{as_typed(plan.text, t.source)}”)" for t in rephrased
             if t.origin == engine.ASKED_ORIGIN]
    return ((" · in the rules' words: " + ", ".join(words) if words else "")
            + (" · understood as: " + "; ".join(asked) if asked else ""))


def read_into(plan: engine.Plan) -> str:
    """The words of another language a query holds, read into its own (" · into zh-Hans: legend rule
    → 传奇规则": English inside a Chinese query, :data:`indexers.engine.ENGLISH_INSIDE`); empty if none."""
    read = [t for t in plan.translations if t.dst == plan.lang != t.src]
    return f" · into {plan.lang}: " + ", ".join(said_translation(plan, t) for t in read) if read else ""


def said_translation(plan: engine.Plan, t: Translation, arrow: str = "→") -> str:
    """A translation as the headers say it, its source as the query writes it ("a faccia in giù →
    face down", where the lexicons read the folded "a faccia in giu"; :func:`kb.core.text.as_typed`)."""
    return f"{as_typed(plan.text, t.source)} {arrow} {t.target}"


def typed_json(plan: engine.Plan, t: Translation) -> dict[str, object]:
    """A translation in JSON, its ``from`` as the query writes it (:func:`said_translation`)."""
    return {**t.to_json(), "from": as_typed(plan.text, t.source)}


def numbers_read(plan: engine.Plan) -> str:
    """The rule numbers read from a query (" · rule numbers 608.3a, 608.3b"), for the headers of
    `kb search` and `kb ask`; empty if none."""
    return f" · {numbers_said([str(n) for n in plan.numbers])}" if plan.numbers else ""


def _translations_said(plan: engine.Plan, found: list[Translation], dropped: list[Translation]) -> str:
    """What the header says of the translations into one language: those used and those dropped,
    by reason; or, where the query's own language holds all its words, only that the language was
    not searched (listed, that commonest case made the header a paragraph: session 40's testers;
    ``--json`` lists them all; said "not needed (query's own language holds all its words …)", it
    read as jargon to sessions 44 and 45's testers)."""
    if any(t.dropped == OWN_LANGUAGE for t in dropped):
        return f"not searched (the {language_name(plan.lang)} texts hold every word of the query)"
    said = [said_translation(plan, t) for t in found]
    return ", ".join(said + _by_reason(plan, dropped)) if said or dropped else "no translation known"


def _by_reason(plan: engine.Plan, dropped: list[Translation]) -> list[str]:
    """Dropped translations grouped by why, each with its own arrow ("dragon ↛ 阿托格 (dropped: below
    threshold)"): a reason said once, not after each, and where it can be read as the dropped pair's
    ("carte → card (dropped, below threshold: rimettono → return)" read as "carte" dropped: session 48's
    Italian tester)."""
    reasons: dict[str, list[str]] = {}
    for t in dropped:
        reasons.setdefault(t.dropped, []).append(said_translation(plan, t, "↛"))
    return [f"{', '.join(pairs)} (dropped: {reason})" for reason, pairs in reasons.items()]


def _header(answer: SearchAnswer) -> str:
    plan = answer.plan
    said = said_line(answer.box.query, answer)
    together: dict[str, list[str]] = {}  # languages said alike are said once ("en, it: not searched …")
    # a rule number needs no translation; a name of stop words only ("come se") has one, and no units;
    # every language is searched, shown or not: the translations into one not shown are said too
    searched = dict.fromkeys([*plan.langs, *(t.dst for t in (*plan.translations, *plan.dropped))])
    for lang in searched if plan.units_for(plan.lang) or plan.translations or plan.dropped else ():
        if lang != plan.lang:
            together.setdefault(_translations_said(plan, [t for t in plan.translations if t.dst == lang],
                                                   [t for t in plan.dropped if t.dst == lang]), []).append(lang)
    others = [f"{', '.join(langs)}: {text}" for text, langs in together.items()]
    said += unheard_said(plan) + in_rules_words(plan) + read_into(plan) + numbers_read(plan)
    return said + ("" if not others else " · " + "; ".join(others))
