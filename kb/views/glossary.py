"""``kb glossary TERM``: one glossary entry side by side in every language held.

TERM is a headword or an alias in any language (``Color Identity``, ``color
identity``, ``标识色``, ``Banding``).  The build paired each translated entry with
the English entry it means (:mod:`kb.align.glossary_identity`); the entries sharing that
English headword are shown together, the newest edition of each language, with
their senses, aliases, the rules they cite and how the pairing was decided.
Imports stay light: no aligner, no numpy.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from dataclasses import dataclass, field, replace
from itertools import product
from typing import TYPE_CHECKING

from kb.align.lexicon import senses
from kb.align.tokens import glossary_forms, snowball, words
from kb.core.errors import KbError, NotFound
from kb.core.lang import language_label, languages_label, normalize_tag
from kb.core.model import GlossaryEntry
from kb.core.refs import entry_pointed
from kb.core.rulenum import RuleNumber
from kb.core.text import base_lang, echoed, has_han, loose_key, shell_join, to_simplified, typed
from kb.store import rules as store
from kb.views.shared import require_held, spelled_right

if TYPE_CHECKING:
    from indexers.translate import Translation


@dataclass(frozen=True)
class StoredEntry:
    """A glossary entry as the store holds it, with its identity and what it cites."""

    id: int
    lang: str
    edition: str | None
    term: str
    aliases: tuple[str, ...]
    senses: tuple[str, ...]
    obsolete: bool
    source: str
    identity: str | None  # the English headword it means
    paired_with: str | None  # the English edition it was paired with
    score: float | None
    evidence: str | None
    cites: tuple[str, ...] = ()
    cited: tuple[tuple[str, str], ...] = ()  # (number, its text in the entry's own edition)
    points_to: str | None = None  # the entry its whole definition sends to ("See Typecycling."), as written
    #: the first edition of its language after its own that has no entry so called, when the newest has none
    #: (Friends Forever, 2025-11-14: removed in 2026-04-17); ``obsolete`` is the source's own mark
    removed_in: str | None = None
    #: the headword it was renamed to in that edition, as ``kb diff`` tells a rename ("Removed from Combat"
    #: → "Remove from Combat" in 2026-04-17)
    renamed_to: str | None = None

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "edition": self.edition, "term": self.term, "aliases": list(self.aliases),
                "senses": list(self.senses), "obsolete": self.obsolete or self.removed_in is not None,
                "removed_in": self.removed_in, "renamed_to": self.renamed_to, "cites": list(self.cites),
                "points_to": self.points_to,
                "cited": [{"number": number, "text": text} for number, text in self.cited],
                "source": self.source,
                "pairing": None if self.identity is None else {
                    "term": self.identity, "edition": self.paired_with, "score": self.score,
                    "evidence": self.evidence}}


_COLUMNS = """g.id, g.lang, g.edition, g.term, g.aliases, g.senses, g.obsolete, d.path, g.line,
              g.term_id, g.term_edition, g.term_score, g.term_evidence"""


def _entry(row: sqlite3.Row, cites: tuple[str, ...] = (), cited: tuple[tuple[str, str], ...] = ()) -> StoredEntry:
    return StoredEntry(row["id"], row["lang"], row["edition"], row["term"], tuple(json.loads(row["aliases"])),
                       tuple(json.loads(row["senses"])), bool(row["obsolete"]), f"{row['path']}:{row['line']}",
                       row["term_id"], row["term_edition"], row["term_score"], row["term_evidence"], cites, cited)


#: How a query and a headword are compared: typography and case ignored.
fold = loose_key


def find(conn: sqlite3.Connection, query: str) -> list[StoredEntry]:
    """The entries whose headword or an alias is ``query`` (any language, any edition)."""
    wanted = fold(query)
    rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                        " WHERE g.term = ? COLLATE NOCASE", (query,)).fetchall()  # the common case, indexed
    if not rows:
        terms = [(row["term"], row["aliases"]) for row in
                 conn.execute("SELECT DISTINCT term, aliases FROM glossary")]
        hits = {term for term, aliases in terms if wanted in _names(term, aliases)}
        marks = ",".join("?" * len(hits))
        rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                            f" WHERE g.term IN ({marks})", tuple(hits)).fetchall() if hits else []
    return [_entry(row) for row in rows if wanted in _names(row["term"], row["aliases"])]


def _names(term: str, aliases: str) -> set[str]:
    """Every name an entry answers to, folded: headword, aliases, and their forms."""
    return {fold(name) for name in _forms(term, aliases)}


def side_by_side(conn: sqlite3.Connection, found: StoredEntry, langs: list[str] | None,
                 on: str | None = None) -> list[StoredEntry]:
    """The entries that mean what ``found`` means: the newest edition of each language
    (of ``langs``, if given; with ``on``, the edition in force then); an entry with no identity stands alone."""
    if found.identity is None:
        rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                            " WHERE g.id = ?", (found.id,)).fetchall()
    else:
        return meaning(conn, found.identity, langs, on)
    return _newest(conn, rows, langs, on)


def meaning(conn: sqlite3.Connection, identity: str, langs: list[str] | None, on: str | None = None
            ) -> list[StoredEntry]:
    """The entries paired with the English headword ``identity``: the newest edition of each language
    (with ``on``, the edition in force then)."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                        " WHERE g.term_id = ? ORDER BY g.lang, g.edition IS NULL, g.edition DESC, g.id",
                        (identity,)).fetchall()
    return _newest(conn, rows, langs, on)


def in_force(conn: sqlite3.Connection, lang: str, on: str) -> str | None:
    """The edition of ``lang`` whose glossary ``--edition ON`` reads: the one published or in force on that
    date, as `kb show --edition` picks a rule's; None when none is (an undated glossary is read then)."""
    try:
        return store.edition_on(conn, lang, on)
    except NotFound:
        return None


def check_in_force(conn: sqlite3.Connection, on: str) -> None:
    """Refuse a date no glossary held was in force on (before the oldest edition of every language)."""
    held = [lang for (lang,) in conn.execute("SELECT DISTINCT lang FROM glossary ORDER BY lang")]
    if held and not any(in_force(conn, lang, on) or not _glossary_editions(conn, lang) for lang in held):
        oldest = min(e for lang in held for e in _glossary_editions(conn, lang))
        raise NotFound(f"no glossary held was in force on {on}: the oldest held took effect on {oldest}")


def _glossary_editions(conn: sqlite3.Connection, lang: str) -> list[str]:
    """The dated editions holding a glossary of ``lang``, oldest first."""
    return [e for (e,) in conn.execute("SELECT DISTINCT edition FROM glossary WHERE lang = ? AND edition IS NOT NULL"
                                       " ORDER BY edition", (lang,))]


def removed_in(conn: sqlite3.Connection, lang: str, edition: str | None, term: str) -> str | None:
    """The first edition of ``lang`` after ``edition`` whose glossary has no entry called ``term``, when the
    newest has none (Friends Forever, 2025-11-14: 2026-04-17); None for an entry still held."""
    later = [e for e in _glossary_editions(conn, lang) if edition is not None and e > edition]
    if not later or term.casefold() in store.headwords(conn, lang, later[-1]):
        return None
    return next(e for e in later if term.casefold() not in store.headwords(conn, lang, e))


def renamed_to(conn: sqlite3.Connection, lang: str, term: str, gone: str) -> str | None:
    """The headword ``term`` became in edition ``gone`` (the first without it), when ``kb diff`` of the
    edition before and that one tells a rename: "Removed from Combat" → "Remove from Combat"."""
    from kb.views.history import glossary_changes  # lazy: only an entry gone is asked

    before = [e for e in _glossary_editions(conn, lang) if e < gone]
    if not before:
        return None
    changes = glossary_changes(store.glossary_of(conn, lang, before[-1]), store.glossary_of(conn, lang, gone),
                               lang=lang)
    return next((new for old, new, _ in changes.renamed if old.casefold() == term.casefold()), None)


def _newest(conn: sqlite3.Connection, rows: list[sqlite3.Row], langs: list[str] | None,
            on: str | None = None) -> list[StoredEntry]:
    newest: dict[str, sqlite3.Row] = {}
    wanted = {lang: in_force(conn, lang, on) for lang in {row["lang"] for row in rows}} if on else {}
    for row in rows:
        if (langs is None or row["lang"] in langs) and (on is None or row["edition"] in (None, wanted[row["lang"]])):
            newest.setdefault(row["lang"], row)
    order = sorted(newest, key=lambda lang: (lang != "en", lang))  # English first: the identity's language
    entries = []
    for lang in order:
        row = newest[lang]
        cites = _cited(conn, row["id"])
        entry = _entry(row, cites, _cited_texts(conn, cites, row["lang"], row["edition"]))
        pointed = entry_pointed(entry.senses[0], entry.lang) if len(entry.senses) == 1 else None
        gone = removed_in(conn, entry.lang, entry.edition, entry.term)
        entries.append(replace(entry, points_to=pointed, removed_in=gone,
                               renamed_to=renamed_to(conn, entry.lang, entry.term, gone) if gone else None))
    return entries


def followed(conn: sqlite3.Connection, results: list[tuple[object, list[StoredEntry]]], langs: list[str] | None,
             on: str | None = None) -> tuple[list[tuple[object, list[StoredEntry]]], dict[str, str]]:
    """The meanings found, each whose entry only sends the reader on ("Swampcycling: See Typecycling.",
    :func:`kb.core.refs.entry_pointed`) followed by the entry it names, unless shown already (a
    pointer alone defines nothing: as the search results follow it, :func:`kb.views.search.pointed_to`);
    and, for each meaning followed, the headword that pointed to it."""
    out: list[tuple[object, list[StoredEntry]]] = []
    shown = {key.casefold() for key, _ in results if isinstance(key, str)}
    pointed_from: dict[str, str] = {}
    for key, entries in results:
        out.append((key, entries))
        pointer = next((e for e in entries if e.points_to), None)
        if pointer is None or pointer.points_to is None:
            continue
        term = store.glossary_term_named(conn, pointer.points_to, pointer.lang, pointer.edition)
        if term is None or term.casefold() in shown or not (pointed := meaning(conn, term, langs, on)):
            continue
        shown.add(term.casefold())
        pointed_from[term] = key if isinstance(key, str) else pointer.term
        out.append((term, pointed))
    return out, pointed_from


def _cited(conn: sqlite3.Connection, entry_id: int) -> tuple[str, ...]:
    """The rules an entry cites, in its own edition's numbering."""
    rows = conn.execute("SELECT DISTINCT dst_key FROM refs WHERE src_kind = 'glossary' AND src_id = ?"
                        " AND dst_key IS NOT NULL ORDER BY dst_key", (entry_id,))
    return tuple(str(RuleNumber.from_key(row[0])) for row in rows)


def _cited_texts(conn: sqlite3.Connection, cites: tuple[str, ...], lang: str,
                 edition: str | None) -> tuple[tuple[str, str], ...]:
    """What each cited rule says, in the entry's own language and edition, so a reader
    sees the rule without following the link (a section or chapter: its title)."""
    found = []
    for number in cites:
        row = conn.execute("SELECT title, body FROM rules WHERE sort_key = ? AND lang = ? AND edition IS ?"
                           " AND variant = 0 LIMIT 1", (RuleNumber.parse(number).key, lang, edition)).fetchone()
        if row is not None:
            found.append((number, " ".join(part for part in (row["title"], row["body"]) if part)))
    return tuple(found)


#: A headword is taken for a misspelled query ("colour identity", "deaftouch") when at least
#: this similar (rapidfuzz ratio, 0-100) and this far ahead of the next headword: the one
#: box's values (``onebox.NAME_FUZZY``, ``NAME_MARGIN``), so ``kb glossary`` finds what
#: ``kb search`` does.  Measured on 3,103 one- and two-edit typos of the English headwords
#: of 2026-04-17 (``bench_onebox.typos``; tests/test_card_page.py), taken right / wrong:
#: 88 and 4 (before) 0.705 / 0.001; 85, 4: 0.805 / 0.001; 80, 3: 0.927 / 0.002, and with
#: :func:`_spelled_right` (kept) 0.923 / 0.002; 75, 3: 0.950 / 0.005.  ("deaftouch" is 84%
#: like "deathtouch".)
SPELLING_PICK = 80.0
SPELLING_MARGIN = 3.0
#: Suggestions listed when nothing is taken: headwords sharing a word with the query, or
#: at least this similar (ratio) -- a headword with a letter dropped scores 93+, so 75
#: leaves room for two or three slips without listing unrelated words.
SUGGESTIONS = 6
SUGGEST_FROM = 75.0


@dataclass(frozen=True)
class GlossaryAnswer:
    """What ``kb glossary TERM`` answers: each meaning of the term (an English headword,
    or an entry with no English counterpart) with its entries side by side, and which
    way the term was found: its own name, a learned lexicon, or its spelling.  With no
    match, the headwords closest to it (``suggestions``)."""

    query: str
    langs: list[str] | None
    matches: list[tuple[object, list[StoredEntry]]]  # (English headword, or ("alone", id)) -> entries
    via: dict[str, str] = field(default_factory=lambda: {"how": "name"})
    suggestions: list[str] = field(default_factory=list)
    pointed_from: dict[str, str] = field(default_factory=dict)  # a meaning followed -> the headword pointing to it

    def missing(self, entries: list[StoredEntry]) -> list[str]:
        return [lang for lang in self.langs or [] if lang not in {e.lang for e in entries}]

    def to_json(self) -> dict[str, object]:
        return {"query": self.query, "via": self.via, "matches": [
            {"term": key if isinstance(key, str) else None, "entries": [e.to_json() for e in entries],
             "missing": self.missing(entries), "pointed_from": self.pointed_from.get(key) if isinstance(key, str)
             else None} for key, entries in self.matches], "suggestions": self.suggestions}

    @property
    def message(self) -> str:
        """Why no entry is shown ("" when one is): `kb glossary` says it on standard error."""
        if self.matches:
            return ""
        return f"no glossary entry is called {quoted(self.query)}, and no lexicon or spelling leads to one"

    def render(self) -> str:
        if not self.matches:  # the message is said once, on standard error ("kb: no glossary entry …")
            return "did you mean: " + " · ".join(self.suggestions) if self.suggestions else ""
        how = {"players": "a players' word", "word": "a word of its name",
               "zone": "the zone's name"}.get(self.via["how"], self.via["how"])
        blocks = [] if self.via["how"] == "name" else [f"found through {how}: {self.via['detail']}"]
        for key, entries in self.matches:
            head = key if isinstance(key, str) else f"{entries[0].term} (no English counterpart)"
            lines = [f"{head} · glossary in {len(entries)} language{'s' if len(entries) != 1 else ''}"
                     + (f" · pointed to by {pointer}" if isinstance(key, str)
                        and (pointer := self.pointed_from.get(key)) else "")]
            lines += [render(entry) for entry in entries]
            lines += [f"{lang}: no entry" for lang in self.missing(entries)]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def quoted(text: str) -> str:
    """A term in quotes, as typed, a long one cut (:func:`~kb.core.text.echoed`)."""
    return f"'{echoed(text)}'"


def _headwords(conn: sqlite3.Connection) -> dict[str, str]:
    """Every headword and alias held, folded -> as written (English first)."""
    names: dict[str, str] = {}
    rows = conn.execute("SELECT DISTINCT term, aliases, lang FROM glossary ORDER BY lang != 'en', lang")
    for row in rows:
        for name in (row["term"], *json.loads(row["aliases"])):
            names.setdefault(fold(name), name)
    return names


def _through_lexicons(conn: sqlite3.Connection, query: str) -> tuple[list[StoredEntry], dict[str, str]]:
    """The query's words translated into English through the lexicons the build
    learned (``permanente`` -> ``permanent``), when those words are a headword.  Every
    word of the query must be translated: "melded permanent" is not "Permanent" because
    one of its words happens to be spelled alike in Italian."""
    from indexers.engine import translator_of  # lazy: only a query no headword answers needs it
    from indexers.translate import coverage

    translator = translator_of(conn)  # the KB's lexicons, read once per process
    for src in sorted(src for src, dst in translator.pairs() if dst == "en"):
        found = translator.translate(query, src, "en")
        if not found or coverage(query, src, found) < 1:
            continue
        english = " ".join(t.target for t in sorted(found, key=lambda t: t.at))
        entries = find(conn, english)
        if entries:
            words = ", ".join(f"{quoted(t.source)} → {quoted(t.target)}" for t in found)
            from kb.align.lexicon import TERMS

            how = "our list of official names" if all(t.origin == TERMS for t in found) else "learned at build time"
            return entries, {"how": "lexicon", "detail": f"{words} ({src} → en, {how})", "term": english}
    return [], {}


#: The languages whose headwords a query meets in any inflection, word by word: those the search
#: stems (Snowball: indexers.analysis's chains).  A language written without spaces has no
#: inflections to fold.
STEMMED = ("en", "it")


def stems(lang: str, text: str) -> tuple[str, ...]:
    """The Snowball stems of a name's words in ``lang``, in order: "mana abilities" and "Mana
    Ability", "state-based action" and "State-Based Actions" are alike."""
    stem = snowball(lang)
    return tuple(stem(word) for word in words(text))


def find_inflected(conn: sqlite3.Connection, query: str) -> list[StoredEntry]:
    """The entries one of whose names has the query's stems (:func:`stems`, in the entry's own
    language): each word of a headword in any inflection.  For a query no name is exactly
    (:func:`find` first: an exact headword wins); two entries whose names share the stems
    ("blocked creatures": Blocked Creature, Blocking Creature) are both found, the one spelt
    most like the query first."""
    from rapidfuzz import fuzz  # lazy, as in _by_spelling

    rows = conn.execute("SELECT DISTINCT lang, term, aliases FROM glossary").fetchall()
    hits: set[tuple[str, str]] = set()
    for lang in sorted({row["lang"] for row in rows}):
        if base_lang(lang) not in STEMMED or not (wanted := stems(lang, query)):
            continue
        hits |= {(lang, row["term"]) for row in rows if row["lang"] == lang
                 and any(stems(lang, name) == wanted for name in _forms(row["term"], row["aliases"]))}
    if not hits:
        return []
    marks = ",".join("?" * len(hits))
    found = conn.execute(f"SELECT {_COLUMNS} FROM glossary g JOIN documents d ON d.id = g.doc_id"
                         f" WHERE g.term IN ({marks})", tuple(term for _, term in hits)).fetchall()
    entries = [_entry(row) for row in found if (row["lang"], row["term"]) in hits]
    wanted_key = fold(query)
    return sorted(entries, key=lambda e: -max(fuzz.ratio(wanted_key, fold(name)) for name in (e.term, *e.aliases)))


def _forms(term: str, aliases: str) -> list[str]:
    """Every name an entry answers to, as written: headword, aliases, and their forms."""
    entry = GlossaryEntry(term, tuple(json.loads(aliases)), (), 0)
    return [term, *entry.aliases, *glossary_forms(entry)]


_RULE_SUFFIX = {"zh-Hans": "规则"}  # a rule's name as a headword: "Legend Rule", 传奇规则


def _through_players_words(conn: sqlite3.Connection, query: str) -> tuple[list[StoredEntry], dict[str, str]]:
    """The query as a players' word for a headword ("cmc": Mana Value, 召唤病: 召唤失调), as
    search reads it (kb/align/term_lists): 召唤病 was read as a misspelling of Summon."""
    from indexers.engine import translator_of  # lazy: only a query no headword answers needs it
    from indexers.translate import coverage

    translator = translator_of(conn)
    for lang in sorted(src for src, dst in translator.pairs() if src == dst):
        found = translator.rephrase(query, lang)
        if not found or coverage(query, lang, found) < 1 or not _words_whole(query, found):
            continue
        # each reading of the words' senses ("eot": until end of turn, end step)
        for parts in product(*(senses(t.target) for t in sorted(found, key=lambda t: t.at))):
            meant = " ".join(parts)
            # "enters" is the headword Enter; 召唤失调 is 召唤失调规则
            for name in (meant, meant + _RULE_SUFFIX.get(lang, " rule")):
                entries = find(conn, name) or find_inflected(conn, name)
                if entries:
                    return entries, {"how": "players",
                                     "detail": f"{quoted(query)} is what players say for {quoted(meant)}", "term": name}
    return [], {}


_ZONE = re.compile(r"^(?P<name>.+?)\s+zone$", re.IGNORECASE)


def _zone_named(conn: sqlite3.Connection, query: str) -> tuple[list[StoredEntry], dict[str, str]]:
    """"command zone", "exile zone": the glossary names most zones without the word ("Command",
    "Exile", "A zone. …"), where players say it; the entry called the rest whose definition
    begins "A zone" (the Italian and Chinese headwords hold their word for it: 统帅区)."""
    match = _ZONE.match(query)
    if match is None:
        return [], {}
    found = [e for e in find(conn, match["name"]) if e.lang == "en" and e.senses[:1]
             and e.senses[0].startswith("A zone")]
    if not found:
        return [], {}
    return found, {"how": "zone", "detail": f"{quoted(query)}: the glossary calls the zone {quoted(found[0].term)}"}


#: A word in letters (not CJK characters), as :func:`_words_whole` compares them.
_LETTER_WORD = re.compile(r"[^\W\d_\u2e80-\u9fff\uf900-\ufaff]+")


def _words_whole(query: str, found: list[Translation]) -> bool:
    """Whether each word in letters of the query is a players' word as typed: a list of Chinese
    players' words is read by substring, so 'tramplee' held their 'trample' and was told "what
    players say for '践踏'" -- a typo of Trample, which the spelling step corrects in English."""
    said = {word.casefold() for t in found for word in _LETTER_WORD.findall(t.source)}
    return all(word.casefold() in said for word in _LETTER_WORD.findall(query))


def _by_sound(conn: sqlite3.Connection, query: str) -> tuple[list[StoredEntry], dict[str, str]]:
    """The Chinese headword typed with another character of the same sound (死处 for 死触:
    input methods offer both for "sichu"), as search reads it (:mod:`indexers.homophones`)."""
    if not has_han(query):
        return [], {}
    from indexers import homophones  # lazy: pypinyin's readings, only for a Chinese query no headword answers

    heard = homophones.sounds_like(query, (n for n in _headwords(conn).values() if has_han(n)))
    if heard is None:
        return [], {}
    return find(conn, heard), {"how": "sound", "detail": f"{quoted(query)} sounds like the headword {quoted(heard)}",
                               "term": heard}


def _by_spelling(conn: sqlite3.Connection, query: str) -> tuple[list[StoredEntry], dict[str, str], list[str]]:
    """The headword the query misspells, or the official name in another language of one
    ("tocco letle": Deathtouch), when one is clearly closest; else suggestions."""
    from rapidfuzz import fuzz, process  # lazy

    names = _headwords(conn)
    official = {key: name for key, name in _official_names(conn, names).items() if key not in names}
    wanted = fold(query)
    ranked = process.extract(wanted, [*names, *official], scorer=fuzz.ratio, limit=2)
    if (ranked and ranked[0][1] >= SPELLING_PICK and (len(ranked) < 2 or ranked[0][1] - ranked[1][1] >= SPELLING_MARGIN)
            and not _spelled_right(conn, wanted, ranked[0][0])):
        key = ranked[0][0]
        name = names.get(key) or official[key]
        # a typo, told as its correction, in the query's language: a headword, or an official name
        meant = quoted(name) if key in names else f"{quoted(key)}, the official name of {quoted(name)}"
        return find(conn, name), {"how": "spelling", "term": name,
                                  "detail": f"{quoted(query)} → {meant} ({ranked[0][1]:.0f}% alike)"}, []
    return [], {}, _suggestions(wanted, names)


#: The shortest official name (folded) a misspelling is read as: a short Italian word is as near
#: to an English typo as the headword it misspells ("plaur" is 80% like paura, Fear, beside
#: Player).  Measured (`kb glossary` of 3,103 typos of the English headwords, and of 2,432 typos of
#: the official Italian names, each as bench_onebox makes them; right / wrong): no names 0.9223 /
#: 0.0023, Italian 0.207 / 0.020; from 5 letters 0.9201 / 0.0032, 0.909 / 0.025; from 7 (kept)
#: 0.9220 / 0.0023, 0.844 / 0.027; from 8 0.9220 / 0.0023, 0.778 / 0.031.
OFFICIAL_MIN = 7


def _official_names(conn: sqlite3.Connection, headwords: dict[str, str]) -> dict[str, str]:
    """The official names our lists give the English headwords in the other languages held
    (kb/align/term_lists: "tocco letale"), folded -> the English headword they name."""
    from kb.align import term_list  # lazy: only a query no headword answers reads the lists

    found: dict[str, str] = {}
    for (lang,) in conn.execute("SELECT DISTINCT lang FROM rules WHERE lang != 'en'"):
        for pair in term_list.official_pairs(lang):
            name = fold(pair.means)
            if len(name) >= OFFICIAL_MIN and (english := headwords.get(fold(term_list.english_of(pair)))):
                found.setdefault(name, english)
    return found


def _spelled_right(conn: sqlite3.Connection, wanted: str, headword: str) -> bool:
    """Whether every word of the query that the headword lacks is a word of the rules: then
    the query names something else, spelt right ("melded permanent" is no typo of "merged
    permanent": melded permanents are in the rules), and is not taken by its spelling."""
    return spelled_right(wanted, headword, lambda word: store.holds_word(conn, word) or _players_word(conn, word))


def _players_word(conn: sqlite3.Connection, word: str) -> bool:
    """A word of our players' lists, in any form ("blinked creature" is no typo of Blocked
    Creature), as the search box reads it: through the lexicons a process reads once (read at
    each call, they made a `kb glossary` typo 37–61 ms in process; once, 20–40 ms)."""
    from indexers.engine import translator_of  # lazy: only a query near a headword needs it

    return bool(translator_of(conn).rephrase(word, "en"))



def _one_entry_begun(conn: sqlite3.Connection, query: str,
                     suggestions: list[str]) -> tuple[list[StoredEntry], dict[str, str]]:
    """The one entry every suggestion names, when each word of the query begins a word of its
    names: "APNAP" suggested APNAP顺序 and APNAP Order, one entry in two languages, and exited 1
    with "did you mean"; it is that entry, found by a word of its name."""
    wanted = [word for word in re.findall(r"[^\W_]+", fold(query))]
    entries = [entry for name in suggestions for entry in find(conn, name)]
    meant = {entry.identity or entry.term for entry in entries if entry.lang == "en" or entry.identity}
    if not wanted or not entries or len(meant) != 1:
        return [], {}
    words = [word for name in suggestions for word in re.findall(r"[^\W_]+", fold(name))]
    if not all(any(word.startswith(w) for word in words) for w in wanted):
        return [], {}
    name = meant.pop()
    return find(conn, name) or entries, {"how": "word", "detail": f"{quoted(query)} begins the headword {quoted(name)}",
                                         "term": name}


def _suggestions(wanted: str, names: dict[str, str]) -> list[str]:
    """Headwords sharing a word with the query ("melded permanent": Meld, Permanent,
    Merged Permanent ...), or, for a query without spaced words, at least
    :data:`SUGGEST_FROM` similar; the most similar first."""
    from rapidfuzz import fuzz

    from kb.align.tokens import stem

    mine = {stem(word) for word in re.findall(r"[^\W_]{3,}", wanted)}
    scored = []
    for key, name in names.items():
        score = fuzz.ratio(wanted, key)
        theirs = {stem(word) for word in re.findall(r"[^\W_]{3,}", key)}
        # "melded" and "meld": a word that begins with the other (four letters or more).
        shared = {a for a in mine for b in theirs if a == b or (min(len(a), len(b)) >= 4 and
                                                               (a.startswith(b) or b.startswith(a)))}
        whole = bool(theirs) and all(any(b == a or (min(len(a), len(b)) >= 4 and a.startswith(b))
                                         for a in mine) for b in theirs)  # "Meld", "Permanent": all in the query
        if shared or score >= SUGGEST_FROM:
            scored.append((-whole, -len(shared), -score, name))
    return list(dict.fromkeys(name for *_, name in sorted(scored)))[:SUGGESTIONS]


#: The obsolete note a headword is printed with, in the sources ("(Obsolete)", "（已废止）",
#: "(Obsoleto)") and by `kb glossary` ("(obsolete)"): typed with the headword, it is no part of it.
_OBSOLETE_NOTE = re.compile(r"\s*[（(]\s*(?:obsolete|obsolet[oa]|已废止)\s*[）)]\s*$", re.IGNORECASE)


def glossary(conn: sqlite3.Connection, query: str, langs: list[str] | None, on: str | None = None) -> GlossaryAnswer:
    """The entries called ``query`` (headword or alias, any language), each shown with
    the entries of the other languages that mean the same (of ``langs``, if given), the newest
    edition of each language (with ``on``, the edition in force then).
    A query no entry is called goes through the learned lexicons, then its spelling;
    failing both, the answer has no match and lists the closest headwords."""
    query = typed(query)
    if not query:
        raise KbError("give a glossary term (a headword or an alias, in any language)")
    langs = [normalize_tag(lang) for lang in langs] if langs else None
    if langs:
        require_glossary(conn, langs)
    if on is not None:
        check_in_force(conn, on)
    found = find(conn, query)
    if not found and (plain := unicodedata.normalize("NFKC", query)) != query:
        query, found = plain, find(conn, plain)  # full-width letters ("ｔｒａｍｐｌｅ"), not a headword's own （）
    if not found and (simple := to_simplified(query)) != query:
        query, found = simple, find(conn, simple)  # traditional characters (踐踏), as kb search reads them
    if not found and (bare := _OBSOLETE_NOTE.sub("", query)) != query and bare:
        found = [e for e in find(conn, bare) if e.obsolete]  # "视为（已废止）", "Counts As (obsolete)": as printed
        query = bare if found else query
    via: dict[str, str] = {"how": "name"}
    suggestions: list[str] = []
    if not found:
        found = find_inflected(conn, query)  # "creatures", "mana abilities", "state-based action"
    if not found:
        found, via = _zone_named(conn, query)
    if not found:
        found, via = _through_players_words(conn, query)
    if not found:
        found, via = _through_lexicons(conn, query)
    if not found:
        found, via = _by_sound(conn, query)
    if not found:
        found, via, suggestions = _by_spelling(conn, query)
    if not found and suggestions:
        found, via = _one_entry_begun(conn, query, suggestions)
    if not found:
        return GlossaryAnswer(query, langs, [], {"how": "none"}, suggestions)
    groups: dict[object, list[StoredEntry]] = {}
    for entry in sorted(found, key=lambda e: (e.lang != "en", e.lang, e.edition or "")):
        key = entry.identity if entry.identity is not None else ("alone", entry.id)
        if key not in groups:
            groups[key] = side_by_side(conn, entry, langs, on)
    results = [(key, entries) for key, entries in groups.items() if entries]
    if not results and on is not None:  # held, in other editions only (Blight before 2026-04-17)
        held = sorted({f"{e.lang} {e.edition or 'undated'}" for e in found if langs is None or e.lang in langs})
        raise NotFound(f"{quoted(query)} has no glossary entry in the editions in force on {on}"
                       + (f" (it has one in {', '.join(held)})" if held else ""))
    if not results:
        raise NotFound(f"{quoted(query)} has no glossary entry in {languages_label(langs or [])}")
    results, pointed_from = followed(conn, results, langs, on)
    return GlossaryAnswer(query, langs, results, via, pointed_from=pointed_from)


@dataclass(frozen=True)
class GlossaryIndex:
    """``kb glossary`` with no term: every English headword of the newest edition, with
    the headword it is paired with in each other language (and the unpaired ones)."""

    rows: list[dict[str, object]]

    def to_json(self) -> dict[str, object]:
        return {"terms": self.rows}

    def render(self) -> str:
        lines = [f"{len(self.rows)} headwords"]
        for row in self.rows:
            names = row["names"]
            assert isinstance(names, dict)
            others = " · ".join(f"{lang} {name}" for lang, name in names.items() if lang != "en")
            lines.append(f"  {row['term']}" + (f"  {others}" if others else ""))
        return "\n".join(lines)


def require_glossary(conn: sqlite3.Connection, langs: list[str]) -> None:
    """Refuse languages none of which has a glossary in the KB (the Italian seed has rules, no
    glossary): a listing of the other languages' headwords, or none, answered nothing asked."""
    require_held(conn, langs)
    held = [row[0] for row in conn.execute("SELECT DISTINCT lang FROM glossary ORDER BY lang")]
    if not set(langs) & set(held):
        listing = ", ".join(map(language_label, held)) or "none"
        raise NotFound(f"the KB holds no glossary in {languages_label(langs)}; it holds the glossaries of: {listing}")


def glossary_index(conn: sqlite3.Connection, langs: list[str] | None = None, on: str | None = None) -> GlossaryIndex:
    """Every headword of each language's newest glossary (with ``on``, the edition in force then; of
    ``langs``, if given), with its counterparts."""
    langs = [normalize_tag(lang) for lang in langs] if langs else None
    if langs:
        require_glossary(conn, langs)
    if on is not None:
        check_in_force(conn, on)
    rows = conn.execute("SELECT g.lang, g.edition, g.term, g.term_id FROM glossary g"
                        " ORDER BY g.lang, g.edition IS NULL, g.edition DESC").fetchall()
    newest: dict[str, str | None] = {}
    if on is not None:  # each language's edition in force then (its undated glossary, if it has no dated one)
        newest = {lang: edition for lang in {row["lang"] for row in rows}
                  if (edition := in_force(conn, lang, on)) is not None or not _glossary_editions(conn, lang)}
    groups: dict[str, dict[str, object]] = {}
    for row in rows:
        if on is not None and row["lang"] not in newest:
            continue
        if newest.setdefault(row["lang"], row["edition"]) != row["edition"] or (langs and row["lang"] not in langs):
            continue
        key = row["term_id"] or f"{row['term']}@{row['lang']}"
        entry = groups.setdefault(key, {"term": row["term_id"] or row["term"], "names": {}})
        names = entry["names"]
        assert isinstance(names, dict)
        names.setdefault(row["lang"], row["term"])
    ordered = sorted(groups.values(), key=lambda g: (fold(str(g["term"])), str(g["term"])))
    for entry in ordered:
        names = entry["names"]
        assert isinstance(names, dict)
        entry["names"] = dict(sorted(names.items(), key=lambda item: (item[0] != "en", item[0])))
    return GlossaryIndex(ordered)


#: How a pairing was decided, in words (the stored evidence codes).
PAIRED_BY = {"cited": "the rules both cite", "used": "the rules that use both headwords",
             "head": "the headwords' known words", "sense": "the definitions' words, symbols and numbers",
             "term": "the same headword in a paired edition",
             "order": "their place among the obsolete entries, each the other's best"}


def render(entry: StoredEntry) -> str:
    """One language's entry: headword, edition, pairing, senses, aliases, cited rules."""
    where = f"edition {entry.edition}" if entry.edition else "undated"
    gone = (f"renamed {entry.renamed_to} in {entry.removed_in}: kb glossary {shell_join([entry.renamed_to])}"
            if entry.renamed_to else f"removed in {entry.removed_in}")
    notes = [note for note, said in (("obsolete", entry.obsolete), (gone, entry.removed_in)) if said]
    said = f" ({'; '.join(notes)})" if notes else ""
    lines = [f"{entry.lang}  {entry.term}{said}  ({where}) · {entry.source}"]
    if entry.aliases:
        lines.append(f"    also: {'; '.join(entry.aliases)}")
    if entry.evidence not in (None, "self"):
        how = PAIRED_BY.get(entry.evidence or "", entry.evidence)
        lines.append(f"    = {entry.identity} (en {entry.paired_with}), paired by {how}; score {entry.score:.2f}")
    numbered = len(entry.senses) > 1
    for n, sense in enumerate(entry.senses, 1):
        text = sense.replace("\n", "\n      ")
        lines.append(f"    {n}. {text}" if numbered else f"    {text}")
    if entry.cites:
        lines.append(f"    → cites {', '.join(entry.cites)}")
    return "\n".join(lines)
