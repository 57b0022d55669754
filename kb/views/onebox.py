"""One search box for everything: what a query is, before any ranking.

People type into one box a rule address (``702.19b``, ``CR 702.19B``, ``规则702.19b``,
``601.2a-h``, ``702.19b, 702.19c``), the name of something the rules define, often
misspelled or in another language (``deaftouch``, ``tocco letale``, ``死触``), a card
name in any language or script (``Sheoldred, the Apocalypse``, ``非瑞克西亚龙引擎``), or
a question.  :class:`OneBox` tells them apart:

* an address is answered by exactly the rules it names (:mod:`kb.core.address`,
  expanded over the rule identities held, so ``601.2a-h`` is the eight rules);
* a name (glossary headword or alias, or a heading such as "702.2 Deathtouch", in
  every language held) is matched exactly, then by similarity (rapidfuzz), then
  through the learned lexicons for languages whose own rules hold no such names
  (the Italian "letale" is "deathtouch" on printed cards); its rules lead the results;
* a card name is matched through the stored card names (exactly, a resolved rulings
  page's title, or a close spelling) and becomes a card result beside the rules;
* anything else is free text for the engine.

Everything a box reads is loaded once per process, so a batch of queries pays once.
"""

from __future__ import annotations

import os
import re
import sqlite3
import unicodedata
from collections.abc import Collection, Container, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from kb.core.address import (
    Across,
    Address,
    AtEdition,
    Backwards,
    at_edition,
    expand,
    loosely_typed,
    misread,
    misread_inside,
    missing,
    parse,
    turned,
)
from kb.core.lang import normalize_tag
from kb.core.rulenum import RuleNumber
from kb.core.text import (
    as_typed,
    echoed,
    is_cjk,
    is_cjk_char,
    name_key,
    shell_join,
    straight_apostrophes,
    to_simplified,
    word_key,
)
from kb.graph.names import NameEntry, script_class
from kb.store import onebox as box_store
from kb.store import rules as rules_store
from kb.views.shared import spelled_right

if TYPE_CHECKING:
    from indexers.lookups import Lookups
    from indexers.translate import Translation
    from kb.store import cards as card_store

#: A misspelled name must be at least this similar to a name held (rapidfuzz ``ratio``,
#: 0-100, on the folded forms).  Measured by ``benchmarks/bench_onebox.py`` on one- and
#: two-edit typos of every English headword and heading (positives) and judge questions
#: (negatives); KB: seeds, EN + ZH 2026-04-17, ten card sets; 3,344 typos of 725 names,
#: 438 questions.  Share of typos taken to the right rules / to wrong ones, questions taken:
#: 70: 0.946 / 0.007, 27;  75: 0.927 / 0.007, 20;  80: 0.904 / 0.007, 14;  85: 0.788 / 0.004, 7;
#: 90: 0.639 / 0.003, 3.  At 80 each of the 14 questions taken leads to its rule or a rule
#: above it ("state base actions list" -> 704 for 704.5; "summoning sickness" -> 302.6).
NAME_FUZZY = 80.0
#: ... and beat the best name of any other thing by this much, or it is free text.
NAME_MARGIN = 3.0
#: Names shorter than this (folded) are matched exactly only ("fog" is no typo of "dog").
NAME_MIN_FUZZY = 5
#: A misspelled name is at most this many letters longer or shorter than the name: a typo drops
#: or adds a letter or two, a question adds words.  ``ratio`` alone took "comander starting life
#: total" (28 letters) for "Starting Life Total" (19; ratio 80.9), dropping "commander", where the
#: query spelt right (79.2) was free text.  Measured (``benchmarks/bench_onebox.py``, threshold
#: 80): misspellings right / wrong 0.904 / 0.007 either way; questions taken 23 -> 17 of our 438,
#: 3 -> 1 of the 233 held out.  ``kb search`` s@1 with the model (bench_quality's KB): ours EN
#: 0.674 -> 0.670 ("damage prevention effects", read as Prevention Effect, now ranked by the
#: engine: 615.12 before 615.1a), held-out EN 0.661 -> 0.679 (the two starting life questions).
NAME_LENGTH_SLACK = 3
#: A query of more words than this is a question or a phrase, not a name.
NAME_MAX_WORDS = 5
#: A card name must be this similar to a name held (rapidfuzz ``ratio``) to be taken
#: from its spelling alone, and beat the next card by ``CARD_MARGIN``.  Measured by
#: ``benchmarks/bench_onebox.py`` (2,354 one- and two-edit typos of 546 English card
#: names; 438 questions): right / wrong card at 85: 0.992 / 0.000; 90: 0.949 / 0.000;
#: 95: 0.537 / 0.000; one question taken at each ("connive", a card's exact name: the
#: card is shown beside the rules of the keyword action).
CARD_FUZZY = 85.0
CARD_MARGIN = 4.0
#: A query of more words than this is never taken for a card name.
CARD_MAX_WORDS = 8
#: The longest Chinese card name looked for inside a question (the longest of the ten sets: 21).
CARD_INSIDE_CJK = 24
#: A name reached through a lexicon must be a keyword (of these chapters) and the query
#: at most this many words: a one-word translation of a longer query ("attaccare un
#: planeswalker" -> "planeswalker") names something the query is not about
#: (``benchmarks/bench_onebox.py`` lists the questions taken for names).
KEYWORD_CHAPTERS = ("701", "702")
TRANSLATED_MAX_WORDS = 2
#: A power and toughness or a counter's ("+1/+1", "-1/-1", "0/1"): no name of the rules holds one,
#: so a query with one asks about more than a name it holds ("segnalino +1/+1 -1/-1" is about
#: +1/+1 and -1/-1 counters, not every counter: it was searched as "Counter", 122.3 not in its ten).
STATS = re.compile(r"[+-]?\d+/[+-]?\d+")
_NUMBERS = re.compile(r"\d+")
#: The owner in a possessive of a card's name ("Urza" of "Urza's Command", "Tawnos" of "Tawnos's Tinkering").
_POSSESSIVE = re.compile(r"(\w[\w-]*)['’]s(?!\w)")
#: Rules listed with a card result (the rules its rulings link to, most linked first).
CARD_RULES = 8
#: Rulings shown with a card result (its first by date; "and N more" points to ``kb card``).
CARD_RULINGS = 3


@dataclass(frozen=True, slots=True)
class TermMatch:
    """The name a query stands for, and the rules it leads to."""

    typed: str
    name: str
    lang: str
    kind: str                   # glossary, heading
    rules: tuple[str, ...]
    score: float                # 100: exactly; less: similar spelling
    via: str | None = None      # the lexicon's translation that led to it ("letale → deathtouch")
    term: str | None = None     # the glossary entry's English headword
    about: bool = False         # the query asks about it ("trample rules"): the engine ranks it as typed alone
    typed_lang: str | None = None  # the language the query was read in, when translated ("travolgere": it)

    @property
    def exact(self) -> bool:
        return self.score >= 100 and self.via is None

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "lang": self.lang, "kind": self.kind, "rules": list(self.rules),
                "score": round(self.score, 1), "exact": self.exact, "via": self.via, "term": self.term,
                "about": self.about, "typed_lang": self.typed_lang}


@dataclass(frozen=True, slots=True)
class CardMatch:
    """A card the query names: its faces and first rulings as ``kb card`` reads them (English
    Oracle text), and the rules its rulings are linked to."""

    card: str                    # its English name (its identity)
    name: str                    # its name in the query's language (else English)
    lang: str
    confidence: float
    how: str                     # the evidence, in words
    rules: tuple[box_store.LinkedRule, ...]
    total_rules: int
    span: str = ""               # the query's words naming it, as typed (the whole query, or words of it)
    faces: tuple[dict[str, Any], ...] = ()                 # as `kb card --json` gives them (card.faces)
    rulings: tuple[card_store.StoredRuling, ...] = ()      # the first CARD_RULINGS, by date
    total_rulings: int = 0

    @property
    def command_line(self) -> str:
        return shell_join(["kb", "card", self.card])

    def to_json(self) -> dict[str, object]:
        return {"kind": "card", "card": self.card, "name": self.name, "lang": self.lang, "span": self.span,
                "confidence": round(self.confidence, 3), "how": self.how, "url": card_url(self.card),
                "command": self.command_line,
                "rules": [r.to_json() for r in self.rules], "total_rules": self.total_rules,
                "faces": list(self.faces), "rulings": [r.to_json() for r in self.rulings],
                "total_rulings": self.total_rulings}


def card_url(card: str) -> str:
    from urllib.parse import quote

    return "/cards/" + quote(card, safe="")


@dataclass(frozen=True)
class Box:
    """What a query is: ``rules`` (an address), ``term`` (a name), or ``text``;
    with the cards it names either way."""

    query: str
    kind: str
    address: Address | None = None
    numbers: tuple[RuleNumber, ...] = ()
    missing: tuple[str, ...] = ()
    term: TermMatch | None = None
    cards: tuple[CardMatch, ...] = field(default=())
    #: a range written backwards or across depths, and how it was read ("702.19c-a runs backwards:
    #: showing results for 702.19a-c"; "702.19b-702.2 runs from a subrule to a rule, …: … 702.19b, 702.2"),
    #: or a rule number typed loosely ("7O2.19b read as a rule number: showing results for 702.19b")
    backwards: str | None = None
    #: the address as read, when that is not as written (a range turned round: "702.19a-c")
    showing: str | None = None
    #: the numbers are a ranking, shown a page at a time as a search's are (a symbol's rules), not an
    #: address's, all of them up to a hundred
    ranked: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "address": str(self.address) if self.address else None,
                "numbers": [str(n) for n in self.numbers], "missing": list(self.missing),
                "term": self.term.to_json() if self.term else None, "backwards": self.backwards,
                "ranked": self.ranked}


#: A query of symbols only ("{T}", "{W}{U}", "{2/W}").
_SYMBOLS = re.compile(r"\s*(?:\{[A-Za-z0-9/½∞]{1,6}\}\s*)+")


def _read_instead(wrong: Backwards | Across, showing: str) -> str:
    """What the box says of a range no numbering has, and what it read instead ("702.19c-a runs
    backwards: showing results for 702.19a-c"), alone or inside a question."""
    return f"{wrong.why}: showing results for {showing}"


#: What a box reads from a KB, kept per process and KB build: a search page made a new box
#: and read every card name again (0.6–0.9 s of each search on a KB of ten card sets, most
#: of a search's cost; measured with ``benchmarks/bench_load.py``).  Keyed by the KB file
#: (:func:`_file_of`), so a rebuilt KB is read anew; a few files at most are kept.
_LOADED: dict[tuple[str, str, tuple[tuple[str, str | None], ...]], Any] = {}


def _file_of(conn: sqlite3.Connection) -> str:
    """Names the KB file ``conn`` reads: its build id and, as it lies now, its identity
    (a KB changed in place keeps its build id, not its modification time).  One ``stat``."""
    path = conn.execute("PRAGMA database_list").fetchone()[2]
    try:
        st = os.stat(path)
    except OSError:
        return f"{rules_store.build_id(conn)}:{path}"
    return f"{rules_store.build_id(conn)}:{path}:{st.st_dev}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}"


#: What may stand around a rule written in one edition inside a question ("(702.124m@en/2025-11-14)?").
_TOKEN_EDGES = "\"'“”‘’()[]{},;:?!"


class OneBox:
    """The dispatcher, holding what it has read from one KB (loaded on first use, once
    per process and KB build)."""

    def __init__(self, conn: sqlite3.Connection, editions: list[tuple[str, str | None]],
                 stored: Lookups | None = None) -> None:
        """``stored``: the tables the index build wrote for this KB (:mod:`indexers.lookups`),
        read instead of the KB's rows; the same tables either way."""
        self.conn = conn
        self.editions = editions
        self.stored = stored

    def _loaded(self, name: str, compute: Any) -> Any:
        key = (_file_of(self.conn), name, tuple(self.editions))
        found = _LOADED.get(key)
        if found is None:  # (returned from here, not read back: another thread may clear the dict)
            found = compute()
            if len(_LOADED) >= 32:  # the loads of KBs rebuilt since: forget them all
                _LOADED.clear()
            _LOADED[key] = found
        return found

    # -- what is loaded once ------------------------------------------------------------

    @cached_property
    def identities(self) -> Collection[RuleNumber]:
        if self.stored is not None:
            return self.stored.identities
        return self._loaded("identities", lambda: box_store.rule_identities(self.conn))

    @cached_property
    def names(self) -> Mapping[str, list[box_store.Name]]:
        if self.stored is not None:
            return self.stored.names
        from indexers.lookups import names_by_key

        return self._loaded("names", lambda: names_by_key(self.conn, self.editions))

    @cached_property
    def _name_choices(self) -> dict[str, list[str]]:
        if self.stored is not None:
            return self.stored.name_choices
        from indexers.lookups import by_script

        return self._loaded("name choices", lambda: by_script(self.names))

    @cached_property
    def translator(self):  # type: ignore[no-untyped-def]
        from indexers.engine import translator_of  # the engine's: one per process and KB file

        translator = translator_of(self.conn)
        if self.stored is not None:
            from indexers.spelling import load_stems

            translator.use_vocabulary(self.stored.lexicon_words)
            load_stems(self.stored.folder)  # the lexicons' words' stems, made at build time
        return translator

    @cached_property
    def game_words(self) -> frozenset[str]:
        """The Chinese game words the index stored (:mod:`indexers.segment`), to read a question
        of a name ("践踏是什么"); none without an index (question words are still known)."""
        from indexers import segment

        return segment.load(self.stored.folder) if self.stored is not None else frozenset()

    @cached_property
    def _card_keys(self) -> frozenset[str]:
        """Every card name's key and every resolved rulings page's title (what a question may
        name among its words), to look up in the KB only what one of them is."""
        return frozenset(key for keys in self._card_choices.values() for key in keys) | box_store.page_titles(self.conn)

    @cached_property
    def _card_choices(self) -> dict[str, list[str]]:
        """The card names' keys by script (the entries of the few keys a query comes near
        are looked up in the KB: :func:`kb.store.onebox.names_for_key`)."""
        if self.stored is not None:
            return self.stored.card_choices
        from indexers.lookups import by_script

        return self._loaded("card choices", lambda: by_script(box_store.card_name_keys(self.conn)))

    # -- the decision -------------------------------------------------------------------

    def classify(self, query: str) -> Box:
        text = query.strip()
        address = parse(text)
        if address is not None:
            return self._rules(text, address)
        if "@" in text and (at := at_edition([text])) is not None:
            return self._at_edition(text, at)
        read = turned(text)
        wrong = misread(text)
        # "702.19d-b": the range meant, not the letter b as a word; "702.19b-702.2": the two rules
        if read is not None and wrong is not None:
            address, showing = read
            return replace(self._rules(text, address), showing=showing, backwards=_read_instead(wrong, showing))
        if (loose := loosely_typed(text)) is not None:  # "7O2.19b", "702.19 b": 702.19b, not words
            address, showing = loose
            said = f"{echoed(text)} read as a rule number: showing results for {showing}"
            return replace(self._rules(text, address), showing=showing, backwards=said)
        if _SYMBOLS.fullmatch(text) and (symbol := self._symbol(text)) is not None:
            return symbol
        from indexers.engine import framed  # lazy, as term's

        asked = next((name for lang in ("en", "it") if (name := framed(lang, text))), "")
        if asked and _SYMBOLS.fullmatch(asked) and (symbol := self._symbol(asked)) is not None:
            return replace(symbol, query=text)  # "what does {T} mean": the symbol's rules, as "{T}" alone
        term = self.term(text)
        # A rules term typed exactly is not a misspelled card name: of the 1,529 exact terms of
        # the default KB, 6 found a card by spelling, every one wrong ("Flying" → Fling,
        # "Forecast" → Forest, "Devotion" → Demotion); a card named exactly so is still found.
        cards = tuple(self.cards(text, similar=term is None or not term.exact))
        # "what do 601.2h-a say": the engine reads the range meant (kb.core.address.written_out); said so
        inside = "; ".join(_read_instead(wrong, wrong.forward) for wrong in misread_inside(text))
        return Box(text, "term" if term else "text", term=term, cards=cards, backwards=inside or None)

    def _symbol(self, text: str) -> Box | None:
        """A symbol typed alone ("{T}", "{C}", "{W/U}"): the rules that write it, those saying what it
        is first (the nearest after the word "symbol": 107.4c's "The colorless mana symbol {C}" before
        107.4's list), a page at a time as a search's results are.  Its letters searched as words found "P/T"
        (107.8b for "{T}"), and "{C}" was refused as stop words (session 37's tester)."""
        from kb.core.refs import Target  # lazy: the reference grammar, 8 ms of a fresh `kb search`

        literal = " ".join(text.split()).upper()
        if "en" not in dict(self.editions):
            return None
        edition = dict(self.editions).get("en")
        found = rules_store.writing(self.conn, literal, "en", edition)
        symbols = list(dict.fromkeys(re.findall(r"\{[^{}]+\}", literal)))
        if not found and len(symbols) > 1:  # "{E}{E}", "{T} {Q}": the rules writing each of them
            found = [(rule, body) for rule, body in rules_store.writing(self.conn, symbols[0], "en", edition)
                     if all(symbol in body for symbol in symbols[1:])]
        elif not found and symbols:
            literal = symbols[0]
            found = rules_store.writing(self.conn, literal, "en", edition)

        def defining(body: str) -> int:  # words between "symbol" and the symbol, in a sentence; 99: not said so
            said = re.search(r"\bsymbols?\b([^.]*?)" + re.escape(literal), body)
            return len(said[1].split()) if said else 99

        ranked = sorted(found, key=lambda row: (defining(row[1]), RuleNumber.parse(row[0])))
        numbers = [RuleNumber.parse(rule) for rule, _ in ranked]
        if not numbers:
            return None
        address = Address(text, tuple(Target.single(n) for n in numbers))
        return Box(text, "rules", address, tuple(numbers), ranked=True,
                   backwards=f"{literal} read as a symbol: the rules that write it, those saying what it is first")

    def in_today_numbers(self, text: str) -> tuple[str, Box | None]:
        """``text`` with each rule it names in one edition among other words ("what does
        702.124m@en/2025-11-14 say") written as the number that text has today (702.124k), and the
        box of the first such rule removed since (none: every one is held today).  Read as today's
        702.124m before, and "en" searched as a word.  A query that is such a rule alone is the
        box's to read (:meth:`classify`)."""
        if at_edition([text.strip()]) is not None:
            return text, None
        out: list[str] = []
        for token in re.split(r"(\s+)", text):
            bare = token.strip(_TOKEN_EDGES)
            at = at_edition([bare]) if "@" in bare else None
            if at is None:
                out.append(token)
                continue
            box = self._at_edition(bare, at)
            if not box.numbers:
                return text, box
            out.append(token.replace(bare, ", ".join(str(n) for n in box.numbers)))
        return "".join(out), None

    def _at_edition(self, text: str, at: AtEdition) -> Box:
        """An address in one edition, as ``kb export`` writes identities (``702.124m@en/2025-11-14``): the
        rules those texts are in the newest English edition (702.124k), said so; a rule removed since has
        none, and ``kb show`` reads that edition's text.  The search read the form as today's 702.124m and
        the words "en" and "2025" (session 37's tester)."""
        from kb.core.refs import Target  # lazy, as _symbol's

        today: list[RuleNumber] = []
        texts = 0  # the texts that edition numbers so: none, and the address names nothing (not a rule removed)
        for target in at.address.targets:
            held = [rule for rule, edition in rules_store.identities_numbered(self.conn, target.first,
                                                                                normalize_tag(at.lang))
                    if edition == at.edition] if not target.is_range else []
            texts += len(held)
            today += [number for rule in held if (number := RuleNumber.try_parse(rule)) is not None]
        if not texts:  # "702.999@en/2025-11-14", an edition not held: said as any number not held
            return Box(text, "rules", at.address, (), (text,))
        shown = ", ".join(str(n) for n in today)
        said = (f"{text} is {'rule' if len(today) == 1 else 'rules'} {shown} of the newest English edition:"
                f" showing results for {shown}; that edition's text: kb show {text}" if today else
                f"{text} is no rule of the newest English edition; that edition's text")  # a Hint: the command
        address = Address(text, tuple(Target.single(n) for n in today))
        return Box(text, "rules", address, tuple(today), backwards=said, showing=shown or None)

    def _rules(self, text: str, address: Address) -> Box:
        """The rules an address names, expanded over the identities held."""
        numbers = expand(address, self.identities)
        return Box(text, "rules", address, tuple(numbers), tuple(missing(address, self.identities)))

    def term(self, text: str) -> TermMatch | None:
        """The name ``text`` stands for: exactly; else the name it asks about ("trample rules",
        "regole del travolgere", "践踏是什么": :func:`indexers.engine.asked_names`), exactly or
        translated (what is left is no typo: "rules of the game" is not "Lose the Game"); else
        misspelled, or translated.  None for a query naming a rule number, in every language: the
        engine reads it, where the name searched instead dropped it ("702.19b danno" was 120.x)."""
        from indexers.engine import rule_numbers

        key = query_key(text)
        if not key or STATS.search(text) or rule_numbers(text):
            return None  # a name holds no rule number: "702.19b danno" asks of 702.19b, as "702.19b damage" does
        if len(key.split()) > NAME_MAX_WORDS:
            return self._asked_about(text)
        found = self._exact_name(text, key) or self._asked_about(text)
        if found:
            return found
        official, learned = self._translations(text, key)
        # an official name in another language before a look-alike misspelling: "paura" is Fear, not Aura
        found = official or self._similar_name(text, key) or learned
        return found if found is not None and _keeps_numbers(key, found.name) else None

    def _asked_about(self, text: str) -> TermMatch | None:
        """The name ``text`` asks about (:func:`indexers.engine.asked_names`), exactly or
        translated; searched as that name (``via``: what was left of the query)."""
        from indexers.engine import asked_names

        for bare in asked_names(text, self.game_words):
            key = query_key(bare)
            if key and len(key.split()) <= NAME_MAX_WORDS:
                found = self._exact_name(bare, key) or self._translated_name(bare, key)
                if found is not None:
                    return replace(found, typed=text, via=f"{text} → {found.via or bare}", about=True)
        return None

    def _exact_name(self, text: str, key: str, score: float = 100.0, via: str | None = None) -> TermMatch | None:
        entries = [e for e in self.names.get(key, ()) if e.rules]
        if not entries:
            return None
        # A glossary entry speaks for a heading of the same name (it cites the rule, and more).
        best = sorted(entries, key=lambda e: (e.kind != "glossary", -len(e.rules)))[0]
        return TermMatch(text, best.text, best.lang, best.kind, best.rules, score, via, best.term)

    def _similar_name(self, text: str, key: str) -> TermMatch | None:
        script = script_class(key)
        if script == "cjk" or len(key) < NAME_MIN_FUZZY:
            return None  # a character off in Chinese is another word, not a typo
        from rapidfuzz import fuzz, process

        scored = process.extract(key, self._name_choices.get(script, []), scorer=fuzz.ratio, limit=6,
                                 score_cutoff=NAME_FUZZY - NAME_MARGIN)
        scored = [s for s in scored if abs(len(s[0]) - len(key)) <= NAME_LENGTH_SLACK]
        if not scored or scored[0][1] < NAME_FUZZY:
            return None
        best_key, best = scored[0][0], scored[0][1]
        # Words the KB knows, spelt right, name another thing: "blink creature" was read as
        # Blocking Creature and "melded permanent" as Merged Permanent.  Measured with
        # bench_onebox.py at 80: typos read right 0.903 -> 0.897 (the 21 lost are typos that
        # are words: "remove form combat", "maximum and size"), wrong 0.008 -> 0.008, questions
        # taken for a name 17 -> 16 of 438; the quality harness unchanged in every set.
        if spelled_right(key, best_key, self._known_word) or _name_and_more(key, best_key):
            return None
        best_rules = {r for e in self.names[best_key] for r in e.rules}
        for other_key, other, _ in scored[1:]:
            other_rules = {r for e in self.names[other_key] for r in e.rules}
            if other_rules != best_rules and best - other < NAME_MARGIN:
                return None  # two things about equally near: let the engine rank
        return self._exact_name(text, best_key, float(best))

    def _known_word(self, word: str) -> bool:
        """A word of the rules, or of a lexicon (a players' word such as "blink" included), as
        written: through its stem, a typo too is a word ("offeing", "abillity"); a players'
        word also in another form ("blinked": not a typo of Blocked Creature)."""
        return (any(word in self.translator.vocabulary(lang) for lang, _ in self.editions)
                or rules_store.holds_word(self.conn, word)
                or any(self.translator.rephrase(word, lang) for lang, _ in self.editions if not is_cjk(lang))
                or self._contracted(word))

    def _contracted(self, word: str) -> bool:
        """``word`` is a contraction of the rules typed without its apostrophe, as the engine reads
        it (:func:`indexers.spelling.contraction`): "youre" (and "you're", the same key) is you're,
        no typo of the name Your, which searched as stop words only and quoted a word never typed."""
        from indexers.spelling import contraction, load

        if self.stored is not None:
            return any(contraction(word, words) is not None for words in load(self.stored.folder).values())
        return contraction(word, _HeldWords(self.conn)) is not None

    def _translated_name(self, text: str, key: str) -> TermMatch | None:
        """A language whose rules hold no names of their own (the Italian seed): the
        query's words through the learned lexicons to a name held in another."""
        return self._translations(text, key)[1]

    def _translations(self, text: str, key: str) -> tuple[TermMatch | None, TermMatch | None]:
        """The name the whole query is as one of the official names we list
        (``kb/align/term_lists``), if any; and the first name a translation of it leads to."""
        if script_class(key) != "latin":
            return None, None
        long = len(key.split()) > TRANSLATED_MAX_WORDS  # a name we wrote may be longer ("regola della leggenda")
        from indexers.translate import coverage
        from kb.align.lexicon import TERMS

        translator = self.translator
        held = {lang for lang, _ in self.editions}
        learned: TermMatch | None = None
        for src, dst in translator.pairs():
            if dst not in held or src in held and self._has_names(src):
                continue
            found = translator.translate(key, src, dst)
            targets = {t.target for t in found}
            if len(targets) != 1:
                continue
            if coverage(key, src, found) < 1 and box_store.texts_hold(self.conn, src, key.split()):
                continue  # "permanente amalgamato": half translated, and the texts of its language hold it all
            if box_store.texts_hold(self.conn, dst, self._plain_words(key, dst)):
                continue  # "hybrid mana" is English, not Italian with "mana" translated; "blinked creature" too
            target = targets.pop()
            match = self._exact_name(text, word_key(target), 100.0,
                                     ", ".join(f"{as_typed(text, t.source)} → {t.target}" for t in found))
            if match is None:
                continue
            match = replace(match, typed_lang=src)
            whole = coverage(key, src, found) == 1
            left = _left_out(key, found)
            if not whole and not all(w in translator.vocabulary(src) for w in left) \
                    and not box_store.texts_hold(self.conn, src, left):
                continue  # "indestructable creature", "combo creature": "creature" is Italian too, the rest not
            # a name we wrote, not a learned guess; a longer one only when it is the whole query
            official = all(t.origin == TERMS for t in found) and (not long or whole)
            if official and whole:
                return match, learned or match
            if learned is None and (official or not long and all(r.split(".")[0] in KEYWORD_CHAPTERS
                                                                 for r in match.rules)):
                learned = match
        return None, learned

    def _plain_words(self, key: str, lang: str) -> list[str]:
        """The words of ``key`` that are not players' words of ``lang`` ("blinked"): the rules
        of ``lang`` need not hold those for the query to be written in it."""
        if is_cjk(lang):
            return key.split()
        return [word for word in key.split() if not self.translator.rephrase(word, lang)]

    def _has_names(self, lang: str) -> bool:
        if self.stored is not None:
            return lang in self.stored.name_langs
        return any(e.lang == lang for entries in self.names.values() for e in entries)

    def cards(self, text: str, similar: bool = True) -> list[CardMatch]:
        """The card ``text`` names, if any: exactly, through a rulings page's title,
        or (``similar``) by a close spelling in the query's script."""
        key = name_key(text)
        if not key:
            return []
        if len(key.split()) > CARD_MAX_WORDS:
            return self._named_inside(text, key)
        # "Mightstone and Weakstone": The Mightstone and Weakstone, its article left out (four letters
        # more than a typo's NAME_LENGTH_SLACK: no card was found, where `kb card` resolved it); of a
        # name of two words at least, as "wanderer" is a word before it is The Wanderer
        exact = box_store.names_for_key(self.conn, key) or (
            box_store.names_for_key(self.conn, f"the {key}") if script_class(key) == "latin" and " " in key else [])
        if exact:
            cards: dict[str, NameEntry] = {}
            for e in sorted(exact, key=lambda e: _name_preference(e, text)):  # stable: first seen among equals
                cards.setdefault(e.card, e)
            whole = [e for e in cards.values() if e.face is None] or list(cards.values())
            return [self._card(e.card, e, 1.0, f"{e.name!r} is its {e.lang} name", span=text) for e in whole[:3]]
        page = box_store.resolved_page(self.conn, key)
        if page is not None:
            how = f"{text!r} is the title of a rulings page resolved to it by its rulings"
            return [self._card(page["card"], None, float(page["confidence"]), how, script_lang(key), text)]
        inside = self._named_inside(text, key) or self._named_unelided(text)
        if inside:
            return inside
        return self._similar_cards(text, key) if similar else []

    def _named_unelided(self, text: str) -> list[CardMatch]:
        """The card a question names after an elided article ("l'onulet di tocasia è una creatura?":
        Onulet di Tocasia), read without the article, which the name's key had glued to it
        ("lonulet"); a name that itself begins so ("L'…") was tried first, as typed."""
        from kb.align.tokens import ELIDED

        bare = _ELIDED_WORD.sub(lambda m: m["rest"] if m["head"].casefold() in ELIDED else m.group(), text)
        if bare == text:
            return []
        found = self._named_inside(bare, name_key(bare))
        # the span as typed, its article with it: what is left to search is the rest of the question
        return [replace(match, span=typed) if match.span and (typed := _with_article(text, match.span)) else match
                for match in found]

    def _named_inside(self, text: str, key: str) -> list[CardMatch]:
        """The card a question names among its other words, longest name first ("how does
        Mishra's Command work", "非瑞克西亚龙引擎融合后是新物件吗"): two words at least, written
        with a capital as names are, in lower case words no plain phrase holds (:meth:`_unlike_words`,
        :meth:`_possessive`), or five Chinese characters, so that plain words are no card ("fling a
        creature", "how to shoot down a flier", 彻底摧毁所有生物: Raze to the Ground)."""
        words = key.split()
        cjk = script_class(key) == "cjk"
        if cjk:
            # a run set off by spaces may be a name whole, of four characters too ("直刺咽喉 能消灭…")
            spans = [run[i:i + n] for run in words
                     for n in range(min(len(run) - (len(words) == 1), CARD_INSIDE_CJK), 4 - (len(words) > 1), -1)
                     for i in range(len(run) - n + 1) if n >= 5 or n == len(run)]
        else:
            spans = [" ".join(words[i:i + n]) for n in range(min(len(words) - 1, CARD_MAX_WORDS), 1, -1)
                     for i in range(len(words) - n + 1)]
        for span in spans:
            owned = None if cjk or span in self._card_keys else _owner(text, span)
            if span not in self._card_keys and owned is None:
                continue
            if owned is not None:  # "Goblin Electromancer's cost": the card whole, its 's with it
                span, typed = span[:-1], owned
            else:
                typed = typed_span(text, span) or ""
            # as a name is written: a capital in the query's words of it ("Mishra's"), unless Chinese
            # or words the rules do not hold (phones type lowercase: "does monastery swiftspear have haste")
            as_name = cjk or self._unlike_words(span)
            # the name as the query writes it ("Urza's Sylex", not its key "urzas sylex": the German name)
            named = sorted(box_store.names_for_key(self.conn, span), key=lambda e: _name_preference(e, typed or span))
            found = [e for e in named if as_name or _capitalized(text, e.name) or self._possessive(span, e.card)]
            if found:
                return [self._card(found[0].card, found[0], 1.0, f"{found[0].name!r}, its {found[0].lang} name,"
                                                                 " is in the query", span=typed)]
            page = box_store.resolved_page(self.conn, span)
            if page is not None and (as_name or _capitalized(text, page["title"])
                                     or self._possessive(span, page["card"])):
                how = f"{span!r}, the title of a rulings page resolved to it by its rulings, is in the query"
                return [self._card(page["card"], None, float(page["confidence"]), how, script_lang(span), typed)]
        return []

    def _unlike_words(self, span: str) -> bool:
        """A name inside a question that cannot be plain words even in lowercase: words the rules
        do not hold (:meth:`_known_word`), two of them, or one in a name of three words or more
        ("go for the throat", "monastery swiftspear"; not "shoot down", "supply drop", one word
        off the rules in two, nor "snow covered forest" or "fog of war", all words of the rules);
        or three words or more whose every word but the small ones ("of", "the", "di") is written
        as a name (:meth:`_name_word`: "phyrexian dragon engine", "titania voice of gaea").

        The rules hold "Phyrexian", "Dragon" and "Engine" (712.5d names the card), always with a
        capital; "snow", "covered" and "fog" in lower case.  A name of two words needs two words
        the rules do not hold: "supply drop" is "Drop" as the rules write it (206.3a lists Drop of
        Honey), "haywire mite" a creature type, "shoot down" a phrase."""
        words = span.split()
        unknown = sum(not self._known_word(word) for word in words)
        if unknown >= 2 or unknown == 1 and len(words) >= 3:
            return True
        from kb.align.tokens import STOPWORDS

        content = [word for word in words if word not in STOPWORDS]
        return len(words) >= 3 and len(content) >= 2 and all(self._name_word(word) for word in content)

    def _name_word(self, word: str) -> bool:
        """``word`` is written as a name: no word of the rules or lexicons (:meth:`_known_word`),
        or one the rules hold only with a capital (names and subtypes: "urza", "phyrexian",
        "dragon"; not "command", "snow", nor "comando", a word of the Italian lexicon)."""
        if not self._known_word(word):
            return True
        return rules_store.written_as_name(self.conn, word)

    def _possessive(self, span: str, card: str) -> bool:
        """``span`` holds the owner of a possessive of ``card``'s English name, an owner written as
        a name (:meth:`_name_word`): "urza's command", "urzas command" and the Italian "comando di
        urza" are Urza's Command in lower case; an owner the rules write in lower case ("player's",
        "opponent's") is no name."""
        words = set(span.split())
        return any((owner in words or owner + "s" in words) and self._name_word(owner)
                   for owner in {name_key(found) for found in _POSSESSIVE.findall(card)})

    def _similar_cards(self, text: str, key: str) -> list[CardMatch]:
        if len(key) < NAME_MIN_FUZZY:
            return []
        from rapidfuzz import fuzz, process

        scored = process.extract(key, self._card_choices.get(script_class(key), []), scorer=fuzz.ratio, limit=8,
                                 score_cutoff=CARD_FUZZY - CARD_MARGIN)
        # a typo adds or drops a letter or two, not a word: "teferi temporal pilgrim loyalty" (85 %
        # like Teferi, Temporal Pilgrim) is the card and a question of loyalty, not the card alone
        scored = [s for s in scored if abs(len(s[0]) - len(key)) <= NAME_LENGTH_SLACK]
        if not scored or scored[0][1] < CARD_FUZZY:
            return []
        top = box_store.names_for_key(self.conn, scored[0][0])[0]
        for other_key, other, _ in scored[1:]:
            if (any(e.card != top.card for e in box_store.names_for_key(self.conn, other_key))
                    and scored[0][1] - other < CARD_MARGIN):
                return []
        return [self._card(top.card, top, scored[0][1] / 100, f"{top.name!r} ({top.lang}) is "
                                                              f"{scored[0][1]:.0f}% similar", span=text)]

    def _card(self, card: str, entry: NameEntry | None, confidence: float, how: str,
              lang: str | None = None, span: str = "") -> CardMatch:
        lang = entry.lang if entry is not None else (lang or "en")
        localized = box_store.card_names(self.conn, card)
        name = localized.get(lang) or (entry.name if entry is not None else None) or localized.get("en") or card
        linked = box_store.card_rules(self.conn, card)
        from kb.store import cards as card_store  # imported by a search naming a card only (fresh `kb search`)

        rulings = card_store.card_rulings(self.conn, card)  # read for the few cards a query names, no others
        return CardMatch(card, name, lang, confidence, how, tuple(linked[:CARD_RULES]), len(linked), span,
                         tuple(card_store.card_faces(self.conn, card)), tuple(rulings[:CARD_RULINGS]), len(rulings))


class _HeldWords(Container[str]):
    """The words of the rule texts (:func:`kb.store.rules.holds_word`), as the index's words
    write them (straight apostrophes), for a KB whose index is not built yet."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and any(rules_store.holds_word(self.conn, form)
                                             for form in dict.fromkeys([word, word.replace("'", "’")]))


#: A word written with an apostrophe inside ("l'onulet", "dell'anello"), for :meth:`OneBox._named_unelided`.
_ELIDED_WORD = re.compile(r"\b(?P<head>\w+)['’](?P<rest>\w\w+)")


def _with_article(text: str, span: str) -> str | None:
    """``span`` (found in ``text`` without its elided article) as ``text`` writes it, article and all."""
    found = re.search(r"\b\w+['’]" + re.escape(span), text, re.IGNORECASE)
    return found.group() if found else None


def _name_and_more(key: str, name: str) -> bool:
    """Whether ``key`` holds every word of ``name`` and more: the name spelt right inside a longer
    query, no typo of it ("X spell" was read as Spell, 83% alike, its X dropped)."""
    typed, named = re.findall(r"[^\W_]+", key), re.findall(r"[^\W_]+", name)
    return len(typed) > len(named) and set(named) <= set(typed)


def typed_span(text: str, key: str) -> str | None:
    """The stretch of ``text`` whose name key (:func:`name_key`) is ``key``, as typed ("how does
    Mishra's Command work": "Mishra's Command" for "mishras command"): whole words of a Latin
    script, any characters of Chinese; the first such stretch."""
    for start in range(len(text)):
        if not (text[start].isalnum() and _word_edge(text, start)):
            continue
        for end in range(start + 1, len(text) + 1):
            found = name_key(text[start:end])
            if not key.startswith(found):
                break
            if found == key and _word_edge(text, end):
                return text[start:end]
    return None


_POSSESSIVE_S = re.compile(r"['’]s\b")


def _owner(text: str, key: str) -> str | None:
    """The name of a card ``key`` ends in the possessive of as ``text`` writes it, its 's with it
    ("Goblin Electromancer's" for "goblin electromancers"), or None: a name's key drops the
    apostrophe, so the owner's 's made a key no card has, and the name was read as words."""
    if not key.endswith("s") or (typed := typed_span(text, key[:-1])) is None:
        return None
    start = text.find(typed)
    found = _POSSESSIVE_S.match(text, start + len(typed))
    return text[start:found.end()] if found else None


def without(text: str, span: str) -> str:
    """``text`` less the first ``span`` it holds, its spaces tidied: what is left of a question
    once the card it names is set aside ("can  be unearthed")."""
    at = text.find(span)
    return text if at < 0 or not span else " ".join(f"{text[:at]} {text[at + len(span):]}".split())


def _word_edge(text: str, at: int) -> bool:
    """A word of ``text`` may start or end at ``at``: not between two letters or digits of one
    Latin word (anywhere between Chinese characters)."""
    if at <= 0 or at >= len(text):
        return True
    before, after = text[at - 1], text[at]
    return not (before.isalnum() and after.isalnum()) or is_cjk_char(before) or is_cjk_char(after)


def _capitalized(text: str, name: str) -> bool:
    """``text`` writes one of the capitalised words of ``name`` with its capital ("Mishra's")."""
    return any(word[:1].isupper() and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
               for word in re.findall(r"[\w'’]+", name))


def _left_out(key: str, found: Sequence[Translation]) -> list[str]:
    """The words of ``key`` no translation of ``found`` stands for."""
    used = {word for t in found for word in t.source.split()}
    return [word for word in key.split() if word not in used]


def _name_preference(entry: NameEntry, text: str) -> tuple[bool, bool]:
    """Among the names of one card sharing a key, the one written as the query is, then the
    English one: "Urza's Sylex" is the English name, not the German "Urzas Sylex"."""
    as_typed = straight_apostrophes(entry.name).casefold() == straight_apostrophes(text).casefold()
    return not as_typed, entry.lang != "en"


def _keeps_numbers(key: str, name: str) -> bool:
    """Every number of the query ``key`` is in ``name``: a number beside a term is what the
    query asks ("toughness 0" is 704.5f's creature, not the term Toughness, 90% like it), and a
    name read from a typo or a translation must not drop it ("rol a d20" is still Roll a d20)."""
    return set(_NUMBERS.findall(key)) <= set(_NUMBERS.findall(query_key(name)))


def query_key(text: str) -> str:
    """A query folded like the names, its traditional Chinese made simplified."""
    return word_key(to_simplified(unicodedata.normalize("NFKC", text)))


def script_lang(key: str) -> str:
    """The language a name in this script is most likely in, among those cards carry."""
    return {"cjk": "zh-Hans", "hangul": "ko", "cyrillic": "ru"}.get(script_class(key), "en")
