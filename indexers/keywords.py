"""The keyword abilities of an index's editions: their names, and the terms of their rules
that a query naming two of them also searches (:data:`indexers.engine.BRIDGE`).

Reading them from the KB takes a process about 100 ms: every keyword's sentences of chapter 702,
then which sentences many keywords write alike (rapidfuzz over all of them).  A fresh `kb search`
naming two keywords ("deathtouch trample", 死触 践踏) took 330 ms against 235 for one naming one
keyword.  So the index build works them out once for every keyword (:func:`save`, the file
:data:`FILE` in the index folder), and a query reads that file (:func:`load`); an index without it
(built by an older kb) is read from the KB as before, once per process.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from indexers.analysis import analyzer_for
from indexers.analysis import terms as analysed
from kb.core.sentences import split as split_sentences
from kb.store import rules as store

FILE = "keywords.json"
CHAPTER = "702"

#: A keyword's terms leave out the words of a sentence at least this many other keywords write
#: alike (fuzz.ratio at least ``ALIKE``, their names aside: "If an object changes zones before an
#: effect causes it to deal damage, its last known information is used to determine whether it had
#: lifelink", and deathtouch, wither, infect): "deathtouch lifelink" led with that sentence of
#: lifelink, wither (702.80b), deathtouch and infect, 702.15b eleventh and 702.2b thirteenth; now
#: 702.15b, 702.2c, 120.4a, 702.2b ("menace deathtouch", "wither vs infect", "死触 系命" alike; session
#: 37's tester).  Except in a keyword's first subrule (what it is: "Shroud is a static ability",
#: which "hexproof vs shroud" finds by).  Measured (the quality harness by words, first / in the
#: first five of 1,173): without 746/1033; at 3, 80, the first subrule kept 747/1033 ("deathtouch +
#: trample, how much damage…" 702.2c first); the first subrule not kept 745/1033 (hexproof vs shroud
#: 702.18a second, twice); 2 others 747/1033, 5 746/1033; ratio 70 and 95 747/1033 (95 misses the
#: Chinese rules' variants: 离开战场, 改变区域).
COMMON = 3
ALIKE = 80.0

Sentences = tuple[tuple[int, str], ...]  # each with the place of its subrule (0: the first, what the keyword is)


@dataclass(frozen=True)
class Keywords:
    """The keyword abilities of one index's editions: each language's names (folded), and each
    ability's rules' terms, stored by the build or read from the KB the first time a query names it
    with another."""

    names: dict[str, dict[str, str]]  # lang -> folded name -> its rule ("trample" -> 702.19)
    editions: dict[str, str]          # lang -> the edition indexed
    read: dict[tuple[str, str], Sentences] = field(default_factory=dict)  # (lang, rule) -> its sentences
    everyone: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # lang -> every (rule, sentence)
    kept: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)  # (lang, rule) -> its terms
    stored: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # lang -> rule -> its terms, as saved

    def sentences(self, conn: sqlite3.Connection, lang: str, rule: str) -> Sentences:
        """The sentences of a keyword's subrules in ``lang``, its names written "§" (none: not held);
        every keyword's read at once, the first time one is asked (about 20 ms a language)."""
        if (lang, rule) not in self.read:
            edition = self.editions.get(lang)
            chapter = store.chapter_subrules(conn, lang, edition, CHAPTER) if edition else {}
            named: dict[str, list[str]] = defaultdict(list)
            for name, section in self.names.get(lang, {}).items():
                named[section].append(name)
            for section in {*named, *chapter, rule}:
                own = sorted(named.get(section, ()), key=len, reverse=True)
                names = re.compile("|".join(map(re.escape, own)), re.IGNORECASE) if own else None
                said = [(k, body[a:b]) for k, body in enumerate(chapter.get(section, ()))
                        for a, b in split_sentences(body)]
                self.read[lang, section] = tuple((k, names.sub("§", t) if names else t) for k, t in said)
        return self.read[lang, rule]

    def every_sentence(self, conn: sqlite3.Connection, lang: str) -> list[tuple[str, str]]:
        """Every keyword's sentences in ``lang``, each with its rule."""
        if lang not in self.everyone:
            self.everyone[lang] = [(other, t) for other in sorted(set(self.names.get(lang, {}).values()))
                                   for _, t in self.sentences(conn, lang, other)]
        return self.everyone[lang]

    def terms(self, conn: sqlite3.Connection, lang: str, rules: Sequence[str]) -> list[frozenset[str]]:
        """The terms of each keyword's subrules in ``lang``, but those of a sentence many keywords
        write alike but for their names (:data:`COMMON`); an empty set: not held."""
        for rule in rules:
            if (lang, rule) in self.kept:
                continue
            saved = self.stored[lang].get(rule, []) if lang in self.stored else None  # not saved: no subrule
            if isinstance(saved, list) and all(isinstance(term, str) for term in saved):
                self.kept[lang, rule] = frozenset(saved)
            else:  # once a process: 20-40 ms a pair of keywords, 0.1 ms after
                self.kept[lang, rule] = _terms(lang, self.sentences(conn, lang, rule),
                                               partial(self.common, conn, lang, rule))
        return [self.kept[lang, rule] for rule in rules]

    def common(self, conn: sqlite3.Connection, lang: str, rule: str, sentence: str) -> bool:
        """Other keywords, at least :data:`COMMON`, write ``sentence`` of ``rule`` alike but
        for their names and a word or two (the Chinese rules translate one English sentence a little
        otherwise from keyword to keyword: 离开战场, 改变区域)."""
        from rapidfuzz import fuzz, process  # lazy: 15 ms of a fresh `kb search`, for a query naming two keywords

        everyone = self.every_sentence(conn, lang)
        alike = process.extract(sentence, [t for _, t in everyone], scorer=fuzz.ratio, score_cutoff=ALIKE, limit=None)
        return len({everyone[k][0] for _, _, k in alike} - {rule}) >= COMMON


def _terms(lang: str, sentences: Sentences, common: Callable[[str], bool]) -> frozenset[str]:
    """The index terms of a keyword's ``sentences`` in ``lang``, but those of a ``common`` one after
    its first subrule."""
    analyzer = analyzer_for(lang)
    return frozenset(term for k, t in sentences if not (COMMON and k and common(t))
                     for term in analysed(analyzer, t, mode="index"))


def of_kb(conn: sqlite3.Connection, editions: Sequence[tuple[str, str | None]]) -> Keywords:
    """The keyword abilities of ``editions`` (an index's), their names read from the KB (~3 ms)."""
    held = {lang: edition for lang, edition in editions if edition is not None}
    return Keywords({lang: _names(conn, lang, edition) for lang, edition in held.items()}, held)


#: A glossary entry that only points to another ("Islandwalk: See Landwalk.", 海岛行者 "参见地行者。",
#: "Islandcycling: See Typecycling.") names the keyword whose rules the entry it points to cites (Landwalk's 702.14,
#: Typecycling's 702.29), read as the glossary index reads pointers (:func:`kb.core.refs.cites_through`).  The
#: variants have no heading of their own, so "my creature has islandwalk, can they block it?" named no keyword and
#: led with the blocking rules (session 66's blind sets, Italian "passaisole" too).  A name pointing two ways (the
#: Chinese glossary's 平原行者, written for Plainswalk and for Plainscycling) names neither.
_SECTION = re.compile(CHAPTER + r"\.\d+")


def _names(conn: sqlite3.Connection, lang: str, edition: str) -> dict[str, str]:
    """Every keyword's names in one edition, folded: its heading's, then the glossary entries pointing to it."""
    from kb.core import refs  # the build's only: a query reads the names the build stored (2 ms of a fresh search)

    names = {name.casefold(): number for number, name in store.rule_names(conn, lang, edition, CHAPTER)}
    entries = dict(enumerate(store.glossary_entries(conn, lang, edition)))
    own = {entry: [str(target.first) for sense in senses for ref in refs.extract(sense, lang) for target in ref.targets]
           for entry, (_, senses) in entries.items()}
    through = refs.cites_through(lang, {entry: ([head], senses) for entry, (head, senses) in entries.items()}, own)
    pointed: dict[str, set[str]] = defaultdict(set)
    for entry, (head, senses) in entries.items():
        if len(senses) == 1 and refs.entry_pointed(senses[0], lang) and head.casefold() not in names:
            pointed[head.casefold()].update(m.group() for number in through[entry] if (m := _SECTION.match(number)))
    return names | {head: found.pop() for head, found in pointed.items() if len(found) == 1}


def every_term(keywords: Keywords, conn: sqlite3.Connection, lang: str) -> dict[str, frozenset[str]]:
    """:meth:`Keywords.terms` of every rule of chapter 702 in ``lang`` at once: which sentences are common
    is worked out for all of them in one pass of rapidfuzz's ``cdist``, each sentence written differently
    against each (0.3 s for the default KB's two languages; one sentence at a time, as a query asks of its
    two keywords, 0.6 s)."""
    from rapidfuzz import fuzz, process

    owners: dict[str, set[str]] = defaultdict(set)
    for rule, sentence in keywords.every_sentence(conn, lang):  # (which reads every rule of the chapter)
        owners[sentence].add(rule)
    choices = list(owners)
    rules = sorted({rule for held, rule in keywords.read if held == lang})
    asked = list(dict.fromkeys(t for rule in rules for k, t in keywords.sentences(conn, lang, rule) if k))
    alike = process.cdist(asked, choices, scorer=fuzz.ratio, score_cutoff=ALIKE, workers=-1)
    writers = {text: set().union(*(owners[choices[j]] for j in alike[i].nonzero()[0])) for i, text in enumerate(asked)}

    def common(rule: str, sentence: str) -> bool:
        return len(writers[sentence] - {rule}) >= COMMON

    return {rule: _terms(lang, keywords.sentences(conn, lang, rule), partial(common, rule)) for rule in rules}


def save(folder: Path, conn: sqlite3.Connection, editions: Sequence[tuple[str, str | None]]) -> None:
    """:data:`FILE`: the keywords' names and every keyword's terms, for :func:`load`."""
    keywords = of_kb(conn, editions)
    terms = {lang: {rule: sorted(found) for rule, found in every_term(keywords, conn, lang).items()}
             for lang in sorted({lang for lang, _ in editions})}  # a language of no edition: none (the Italian seed)
    data = {"names": keywords.names, "editions": keywords.editions, "terms": terms}
    (folder / FILE).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
                               encoding="utf-8")


def load(folder: Path) -> Keywords | None:
    """What :func:`save` stored in the index ``folder``; None when the file is missing or not of that
    shape (then the KB is read).  A keyword's terms are taken as asked (a stored list of strings,
    else read from the KB), not all 384 at once."""
    try:
        data = json.loads((folder / FILE).read_text(encoding="utf-8"))
        names, editions, stored = data["names"], data["editions"], data["terms"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not (_strings(editions) and isinstance(names, dict) and all(_strings(n) for n in names.values())
            and isinstance(stored, dict) and all(isinstance(rules, dict) for rules in stored.values())):
        return None
    return Keywords(names, editions, stored=stored)


def _strings(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
