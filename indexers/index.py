"""The search index: a whoosh index of the KB's rule texts and glossary entries.

The index is a pure function of the KB file, so it lives beside it
(``KB_HOME/index/<fingerprint>/``) and is named after the KB it was built from:
the random ``build_id`` every build writes in the KB's ``meta`` rows and the file's
size, so a new ``kb build`` names a folder that does not exist yet, while a copy of
the KB folder (``cp -r``, another machine of a fleet) finds its index without
rebuilding it.  Whether the file at hand is the very file indexed is checked apart
(:func:`found`): a stamp in the folder names each (device, inode, size, mtime) of a
file already checked; any other is hashed once and compared with the SHA-256 the
manifest records, so a KB changed in place is never searched with a stale index.
A build writes into a temporary folder and renames it into place, so a reader never
sees half an index; ``manifest.json``, written last, marks it complete.  A corrupted
or unreadable index is removed and built again (see :func:`open_index`).

What is indexed, by default: every rule text of the newest edition of each
language (a language held only undated, like the Italian seed, gives its undated
texts) and the glossary entries of the same editions.  Each language has its own
title and body fields with that language's analysis chain
(:mod:`indexers.analysis`); rule numbers go to language-neutral fields: the
text's own number, the numbers it sits under, and the numbers it cites (the
reference graph's resolved sets, so a range "702.102a–d" cites each).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from indexers import compiled, homophones, keywords, lookups, segment, semantic, spelling
from indexers.analysis import analyzer_for, field_code, form_key, name_key
from indexers.translate import Translator
from indexers.writer import BulkWriter
from kb.core.errors import KbError, Unavailable
from kb.core.rulenum import RuleNumber
from kb.core.tempfiles import held, hold, locked, new_folder, open_lock, release
from kb.core.text import base_lang, has_cjk, is_cjk
from kb.store import rules as store

FOLDER = "index"
MANIFEST = "manifest.json"
LOCK = ".lock"
#: Bump when the schema, the analysis or what is indexed changes: old indexes are then rebuilt.
#: 5: section titles as headings, lookups.json (session 5); 7: "commander" kept whole
#: (tokens.KEPT_WHOLE); 8: the stored ``brief`` flag (KIND_ONLY); 9: lookups.json without
#: the card names' entries (lookups.FORMAT 2); 10: the game words by sound (homophones.SOUNDS_FILE);
#: 11: the Chinese rule texts' vectors beside the English ones (semantic.LANGS); 12: the stored
#: ``obsolete`` flag of glossary entries (engine.OBSOLETE_LAST); 13: a section's title names the
#: rules right under it ("Commander" names 903.1-903.18, as "Trample" names 702.19a-g); 14: a
#: title in parentheses is a heading ("702.186 ∞ (Infinity)"; the shipped vectors made again);
#: 15: the sign ∞ a word of its own (a search for "∞" found nothing: punctuation); 16: the stored
#: ``modal`` flag (MODAL, engine.PERMISSION); 17: a power/toughness pair one term ("+1/+1", "2/2":
#: analysis.pt_term); 18: typed with an en dash or full width too ("–1/–1", "＋1/＋1"); 19: the pronouns'
#: contractions stop words ("you're", analysis.QUESTION_WORDS); 20: the noun "die" read as "dice"
#: (analysis.DiceNoun); 21: 生物 inside 衍生物 indexed as the whole word (analysis.SHADOWING); 22: an entry
#: sending the reader to another ("See Typecycling.") cites what that entry cites (:func:`_cites_seen`);
#: 23: a name's form beside its stems (analysis.form_key: "enchantment" no longer names Enchant); 24:
#: a symbol's letters no word of the vocabulary (spelling.count_words: "pw" is a players' word); 25: "vuol
#: dire", "significato", "intende" Italian question words (analysis.QUESTION_WORDS); 26: the stored
#: ``sends`` of an entry sending the reader to another (the headword followed: engine._best_under), and a
#: glossary entry's definition stored (``defines``: engine.DEFINED_LIKE); 27: a subrule saying only that
#: several instances of its keyword are redundant is brief too (REDUNDANT_ONLY); 28: each document's
#: identity, role and language beside the index (DOCS_FILE: engine.DocTable, a search's total); 29: English
#: number words as digits ("ten" is 10: analysis.NumberWords); 30: "response" stemmed as "respond"
#: (kb.align.tokens.KEPT_WHOLE); 31: a number word joined to the next by a hyphen kept ("Two-Headed":
#: analysis.NumberWords); 32: a subrule saying only which rules its keyword modifies is brief (KIND_ONLY); 33: each
#: character's first reading beside its others (homophones.TYPED_FIRST_READING).
FORMAT = 33
#: Each document's identity, role and language, in document order: what a search counts its rules by
#: (the total it said was the rules among the hits it read: "10 of 29 results", then "20 of 57").
DOCS_FILE = "docs.json"
#: A folder of an index being built.
TEMP_PREFIX = ".build-"  # an index being built; one no live process holds is a leftover (kb.core.tempfiles)
#: Files in an index folder naming each KB file (device, inode, size, mtime) found to be the one indexed.
STAMP_PREFIX = ".kb-"
#: A learned Chinese translation this sure is a word for the segmenter (weaker ones hold
#: chance strings like "则必须" that would swallow a function word).
LEXICON_WORD = 0.9
#: A rule's headings include its section's title ("5. Turn Structure" for 500.1, whose chapter is
#: only "500. General").  Measured (bench_quality, s@1 / s@5; off -> on): questions EN 0.54/0.84 ->
#: 0.53/0.85 (MRR 0.66 both), ZH 0.60/0.89 unchanged, IT 0.18/0.36 -> 0.19/0.38; glossary EN
#: 0.63/0.83 -> 0.64/0.84, ZH 0.55/0.79 -> 0.56/0.80.
SECTION_TITLES = True
#: A subrule whose whole English text says which kind of ability its keyword is ("702.10a Haste
#: is a static ability.", 16 of them in 2026-04-17): *brief*, it answers nothing a player asks
#: about the keyword; the engine puts the rule saying what the keyword does first (see
#: ``engine.BRIEF``).  Told in English and carried to every language by the rule's identity.  Also
#: when it only adds which rules its keyword modifies, with where they are (session 41: "702.20a
#: Vigilance is a static ability that modifies the rules for the declare attackers step." led
#: "vigilance" and "what does vigilance do" before 702.20b, what vigilance does; so did double
#: strike's and first strike's; 4 more, 20 in all).  Measured (the quality harness by words): 765 -> 767
#: first of 1,173 (先攻伤害, attacco improvviso: 702.7b second -> first; 连击, double striker: 702.4b third ->
#: second), s@5 and the glossary benchmark the same; the testers' sets seven up to first, none down.
KIND_ONLY = re.compile(r"[\w’' -]+ (?:is|are) an? [\w-]+ abilit(?:y|ies)(?: that modifies the rules for [^.()]+)?\."
                       r"(?: \(See rules? [^()]+\))?")
#: Brief too: a subrule whose whole English text says that several instances of its keyword are
#: redundant ("702.12c Multiple instances of indestructible on the same permanent are redundant.",
#: 32 in 2026-04-17).  Short and naming the keyword, it led "indestructible sacrifice" (702.12c
#: before 702.12b) and "威慑一个挡不了" (702.111c before 702.111b); a query asking about two instances
#: still finds it by its own words.  Measured (the quality harness by words, s@1 / MRR; every other
#: figure unchanged): held-out EN 0.688/0.773 -> 0.697/0.777; the keyword set EN 0.570/0.691 ->
#: 0.577/0.694, ZH 0.512/0.638 -> 0.524/0.644, IT 0.654/0.749 -> 0.673/0.759; s@5 unchanged, MRR of
#: our questions IT 0.639 -> 0.641, ZH 0.794 -> 0.795 (NOTES.md, session 34).
REDUNDANT_ONLY = re.compile(r"(?:Multiple instances of [^.]+? are redundant\.\s*)+")
#: A rule text that says what can, can't, may or must be done (its own words, examples left out):
#: *modal*, what a question asking whether something can be done wants (``engine.PERMISSION``).
MODAL = {
    "en": re.compile(r"\b(?:can|can’t|can't|cannot|may|must)\b", re.IGNORECASE),
    "it": re.compile(r"\b(?:può|possono|deve|devono)\b", re.IGNORECASE),
    "zh": re.compile(r"可以|不能|能够|须|不得|不可"),
}

Group = tuple[str, str | None]  # (lang, edition)


@dataclass(frozen=True, slots=True)
class IndexedText:
    """One document of the index: a rule text or a glossary entry."""

    key: str              # "rule:<rules.id>" or "glossary:<glossary.id>"
    kind: str             # section, chapter, rule, subrule, glossary
    lang: str
    edition: str | None
    number: str           # the text's own number ("" for a glossary entry)
    identity: str         # rules.rule; for a glossary entry see glossary_identity()
    title: str
    body: str
    names: tuple[str, ...]  # what names the text: its heading, a glossary entry's headword and aliases
    under: tuple[str, ...]
    cites: tuple[str, ...]
    sort: int
    role: str = "rule"        # rule (has a body: an answer), heading (a title-only line), glossary
    parents: tuple[str, ...] = ()   # the headings it sits under (its rule's, its chapter's, its section's)
    glossed: tuple[str, ...] = ()   # headwords of the glossary entries citing it (or a heading above it)
    brief: bool = False             # only says which kind of ability its keyword is, or that several are redundant
    obsolete: bool = False          # a glossary entry for a term the rules no longer use ("During")
    modal: bool = False             # says what can, can't, may or must be done (MODAL)
    seen: bool = False              # a glossary entry citing what the entry it sends to cites (_cites_seen)
    sends: tuple[str, ...] = ()     # the headwords of the entries a glossary entry citing no rule sends to
    defines: str = ""               # a glossary entry's definition, its references cut (:func:`definition`)


# -- what is indexed ------------------------------------------------------------------


def newest_editions(conn: sqlite3.Connection) -> list[Group]:
    """Per language, its newest dated edition, else its undated texts."""
    chosen: dict[str, str | None] = {}
    for row in store.editions(conn):  # newest first within a language, undated last
        chosen.setdefault(row["lang"], row["edition"])
    return sorted(chosen.items())


def heading(title: str | None, body: str, depth: int) -> str:
    """What names a text: its title, or a rule whose whole body is a name
    ("702.102 Fuse", "701.67 截水"): no sentence, a few words."""
    if title:
        return title
    stripped = body.strip()
    if depth < 2 or not stripped or "\n" in stripped or stripped[-1] in ".:;。：；”\"":
        return ""
    if stripped[-1] in ")）" and re.search(r"[.。]", stripped):  # "(See rule 704.)" ends a sentence;
        return ""  # "702.186 ∞ (Infinity)" is a name
    return stripped if len(stripped.split()) <= 8 and len(stripped) <= 60 else ""


def is_heading(title: str | None, body: str, depth: int) -> bool:
    """A title-only line ("702.19 Trample", "701.2 Activate" whose whole body is its name): it
    names the rules under it and answers nothing (the search ranks it only when its number is asked)."""
    name = heading(title, body, depth)
    return bool(name) and body.strip() in ("", name)


def _cited(conn: sqlite3.Connection, groups: list[Group]) -> dict[tuple[str, int], tuple[str, ...]]:
    """The numbers each rule text (its examples included) and glossary entry cites, in
    the order it cites them, then each cited subrule's rule, so citing 702.102a counts as
    citing 702.102 (but "Legend Rule: See rule 704.5j" sends a reader to 704.5j first)."""
    explicit: dict[tuple[str, int], dict[str, None]] = defaultdict(dict)
    implied: dict[tuple[str, int], dict[str, None]] = defaultdict(dict)
    for lang, edition in groups:
        rows = conn.execute("SELECT src_kind, src_id, dst_key FROM refs WHERE src_lang = ? AND src_edition IS ?"
                            " AND dst_key IS NOT NULL ORDER BY id", (lang, edition))
        for kind, src_id, key in rows:
            number = RuleNumber.from_key(key)
            source = ("glossary" if kind == "glossary" else "rule", src_id)
            explicit[source][str(number)] = None
            if number.depth == 3 and number.parent is not None:
                implied[source][str(number.parent)] = None
    return {source: tuple(dict.fromkeys([*numbers, *implied[source]])) for source, numbers in explicit.items()}


@cache
def _ancestry(number: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The rule and chapter a rule sits under, nearest first (what it is searched under:
    the section is too broad), and its section (a heading above it, see :data:`SECTION_TITLES`).
    Each number once per build, for all its languages."""
    ancestors = list(RuleNumber.parse(number).ancestors())
    return (tuple(str(a) for a in ancestors if a.depth >= 1),
            tuple(str(a) for a in ancestors if a.depth == 0))


def rule_texts(conn: sqlite3.Connection, groups: list[Group], cited: dict[tuple[str, int], tuple[str, ...]],
               glossed: dict[tuple[str, str], list[str]] | None = None) -> Iterator[IndexedText]:
    """Every rule text; a title-only line ("702.19 Trample") is a *heading*: its title
    goes to the ``parents`` of the texts under it, which are the answers."""
    glossed = glossed or {}
    brief = kind_only(conn, groups)
    for lang, edition in groups:
        rows = conn.execute("SELECT id, number, sort_key, depth, rule, title, body, examples FROM rules"
                            " WHERE lang = ? AND edition IS ? ORDER BY sort_key, doc_id, variant",
                            (lang, edition)).fetchall()
        headings: dict[str, str] = {}
        titled: dict[str, str] = {}  # the title-only rules (depth 1 and 2) met so far
        keywords = {form_key(lang, title) or name_key(lang, title) for row in rows if row["depth"] == 2
                    and (title := heading(row["title"], row["body"], 2))}
        for row in rows:
            number = RuleNumber.parse(row["number"])
            body = "\n".join([row["body"], *json.loads(row["examples"])]).strip()
            title = heading(row["title"], row["body"], row["depth"])
            role = "heading" if is_heading(row["title"], row["body"], row["depth"]) else "rule"
            if title:
                headings[str(number)] = title
            above, section = _ancestry(str(number))
            parents = tuple(headings[a] for a in [*above, *(section if SECTION_TITLES else ())] if a in headings)
            words = tuple(dict.fromkeys(w for a in [*above, str(number)] for w in glossed.get((lang, a), ())))
            names: tuple[str, ...] = (title,) if title else ()
            if role == "rule" and number.depth in (2, 3) and above and above[0] in titled:  # above: nearest first
                # "trample" names 702.19a-g, the answers under "702.19 Trample"; "commander" names
                # 903.1-903.18, under "903. Commander": the engine lists them in rule order
                # (engine.NAMED_IN_ORDER), as a table of contents, where BM25 put 903.9 first
                names += (titled[above[0]],)
            # a section's name shared by a keyword ("122. Counters", "701.6. Counter") is the keyword's;
            # one sharing its stems only is not ("303. Enchantments", "702.5. Enchant": analysis.form_key)
            if role == "heading" and (number.depth == 2 or number.depth == 1
                                      and (form_key(lang, title) or name_key(lang, title)) not in keywords):
                titled[str(number)] = title
            yield IndexedText(f"rule:{row['id']}", number.kind, lang, edition, str(number), row["rule"],
                              title, body, names, above,
                              tuple(sorted(cited.get(("rule", row["id"]), ()))), row["sort_key"],
                              role, parents, words, row["rule"] in brief, modal=modal(lang, row["body"]))


def modal(lang: str, body: str) -> bool:
    """Whether a rule's own text says what can, can't, may or must be done (:data:`MODAL`)."""
    pattern = MODAL.get(base_lang(lang))
    return bool(pattern and pattern.search(body))


def kind_only(conn: sqlite3.Connection, groups: list[Group]) -> frozenset[str]:
    """The identities of the rules whose English text, in the English edition indexed,
    only says which kind of ability its keyword is (:data:`KIND_ONLY`) or that several
    instances of it are redundant (:data:`REDUNDANT_ONLY`)."""
    editions = [edition for lang, edition in groups if lang == "en"]
    if not editions:
        return frozenset()
    rows = conn.execute("SELECT rule, body FROM rules WHERE lang = 'en' AND edition IS ? AND depth = 3", editions[:1])
    return frozenset(rule for rule, body in rows
                     if any(pattern.fullmatch(body.strip()) for pattern in (KIND_ONLY, REDUNDANT_ONLY)))


def glossary_texts(conn: sqlite3.Connection, groups: list[Group],
                   cited: dict[tuple[str, int], tuple[str, ...]]) -> Iterator[IndexedText]:
    for lang, edition in groups:
        rows = conn.execute("SELECT id, lang, term, aliases, senses, term_id, obsolete FROM glossary"
                            " WHERE lang = ? AND edition IS ?"
                            " ORDER BY id", (lang, edition)).fetchall()
        own = {row["id"]: cited.get(("glossary", row["id"]), ()) for row in rows}
        cites, sends = _cites_seen(lang, rows, own)
        for row in rows:
            names = [row["term"], *json.loads(row["aliases"])]
            yield IndexedText(f"glossary:{row['id']}", "glossary", lang, edition, "", glossary_identity(row),
                              "\n".join(names),
                              "\n".join(json.loads(row["senses"])), tuple(names), (),
                              cites[row["id"]], 0, "glossary", obsolete=bool(row["obsolete"]),
                              seen=cites[row["id"]] != own[row["id"]], sends=sends.get(row["id"], ()),
                              defines=definition(json.loads(row["senses"])))


#: Where a glossary definition starts sending the reader elsewhere ("See rule 117, “Timing and
#: Priority.”", "See also …", "参见规则117"): the words after it name other texts, not the term.
_REFERENCE = re.compile(r"\b(?:See|Vedi)\b|参见|另参见")


def definition(senses: Sequence[str]) -> str:
    """A glossary entry's definition without its references, for choosing among the rules
    under a chapter it cites the one it paraphrases (engine.DEFINED_LIKE)."""
    return " ".join(_REFERENCE.split(sense, maxsplit=1)[0].strip() for sense in senses).strip()


def _cites_seen(lang: str, rows: Sequence[sqlite3.Row], cites: dict[int, tuple[str, ...]]
                ) -> tuple[dict[int, tuple[str, ...]], dict[int, tuple[str, ...]]]:
    """An entry citing no rule but sending the reader to another entry ("Swampcycling: See
    Typecycling.") cites what that entry cites, so a search naming it finds the rules
    (`kb search swampcycling` found none): :func:`kb.core.refs.cites_through`; and the headwords
    it sends to, so that the rules naming Typecycling come first (:func:`kb.core.refs.headwords_seen`)."""
    from kb.core.refs import cites_through, headwords_seen  # the build's only: a search never reads glossary rows

    entries = {row["id"]: ([row["term"], *json.loads(row["aliases"])], json.loads(row["senses"])) for row in rows}
    return cites_through(lang, entries, cites), headwords_seen(lang, entries, cites)


def _glossed(glossary: list[IndexedText]) -> dict[tuple[str, str], list[str]]:
    """(lang, rule number) -> the headwords of the glossary entries citing that rule
    (a chapter is too broad: only rules and subrules; an entry citing what another cites,
    "Deal: See Damage.", gives its rules no headword: "deal" raised every damage rule).  Measured and left
    out (session 66): such an entry citing a keyword's rules only ("Islandwalk: See Landwalk.") giving them
    its headword: two fewer first over the 87 sets (13,137 questions), one more in the first five."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for entry in glossary:
        for number in () if entry.seen else entry.cites:
            if number.count(".") and entry.names[0] not in found[(entry.lang, number)]:
                found[(entry.lang, number)].append(entry.names[0])
    return found


def glossary_identity(row: sqlite3.Row) -> str:
    """A glossary entry's identity: the English headword it means (so 标识色 and Color
    Identity are one result), else its own headword, qualified by its language."""
    return f"glossary:{row['term_id']}" if row["term_id"] else f"glossary@{row['lang']}:{row['term']}"


def indexed_texts(conn: sqlite3.Connection, groups: list[Group]) -> list[IndexedText]:
    cited = _cited(conn, groups)
    glossary = list(glossary_texts(conn, groups, cited))
    return [*rule_texts(conn, groups, cited, _glossed(glossary)), *glossary]


def chinese_words(conn: sqlite3.Connection, texts: Iterable[IndexedText]) -> set[str]:
    """The KB's Chinese game terms, for :mod:`indexers.segment`: glossary headwords,
    rule headings, card names and the Chinese side of the learned lexicons."""
    words = {name for t in texts if t.lang.startswith("zh") for name in t.names if has_cjk(name)}
    words |= {name for (name,) in conn.execute("SELECT name FROM card_names WHERE lang LIKE 'zh%'")}
    for dst, terms in conn.execute("SELECT dst, terms FROM lexicons"):
        if dst.startswith("zh"):
            words |= {target for target, strength in json.loads(terms).get("terms", {}).values()
                      if strength >= LEXICON_WORD}
    if WORD_PARTS:
        words |= {form for word in words for form in word_forms(word)}
    return {w for w in words if has_cjk(w)}


#: A Chinese headword's parts are words too ("复制/复制品", "房间/隔间", "已侦结/侦结"; a translator's note
#: left out), and a state's word without its 已 or 被 ("已跃离" is phased out; players ask "跃离的生物算离开
#: 战场吗", and 跃离, no word, weighed half a word: 603.10a led and 702.26 was nowhere, session 39's second
#: tester).  Measured (the quality harness by words): 760/1043 -> 761/1044 ("生物跃离时上面的武具也跟着跃离吗"
#: 702.26g second -> first; "双头巨人中读15" 810.10a into the first five), the glossary sets the same.
WORD_PARTS = True
_NOTE = re.compile(r"（[^）]*）|\([^)]*\)")


def word_forms(word: str) -> set[str]:
    """The parts of a headword (split at ／, /, ，, 、), each also without a leading 已 or 被."""
    parts = {p.strip() for p in re.split(r"[/／，、]", _NOTE.sub("", word)) if p.strip()}
    return {*parts, *(p[1:] for p in parts if len(p) >= 3 and p[0] in "已被")} - {word}


# -- the whoosh side ------------------------------------------------------------------


def schema(langs: Iterable[str]) -> Schema:
    """Language-neutral fields, and a title and a body field per language."""
    fields: dict[str, object] = {  # what is never searched is only stored: every posting costs build time
        "key": STORED, "kind": STORED, "lang": STORED, "edition": STORED,
        "number": ID(stored=True), "identity": ID(stored=True),
        "name": KEYWORD(commas=True, stored=True), "under": KEYWORD, "cites": KEYWORD(stored=True),
        "sort": STORED, "role": ID(stored=True), "brief": STORED, "obsolete": STORED, "modal": STORED,
        "sends": STORED, "defines": STORED,
    }
    for lang in langs:
        analyzer = analyzer_for(lang)
        fields[title_field(lang)] = TEXT(analyzer=analyzer, phrase=True)
        fields[body_field(lang)] = TEXT(analyzer=analyzer, phrase=True)
        fields[parent_field(lang)] = TEXT(analyzer=analyzer, phrase=False)
        fields[gloss_field(lang)] = TEXT(analyzer=analyzer, phrase=False)
    return Schema(**fields)


def title_field(lang: str) -> str:
    return f"title_{field_code(lang)}"


def body_field(lang: str) -> str:
    return f"body_{field_code(lang)}"


def parent_field(lang: str) -> str:
    return f"parent_{field_code(lang)}"


def gloss_field(lang: str) -> str:
    return f"gloss_{field_code(lang)}"


def _document(text: IndexedText) -> dict[str, object]:
    doc: dict[str, object] = {
        "key": text.key, "kind": text.kind, "lang": text.lang, "edition": text.edition or "",
        "number": text.number, "identity": text.identity, "under": " ".join(text.under),
        "name": ",".join(filter(None, (key(text.lang, n).replace(",", " ") for n in text.names
                                       for key in (name_key, form_key)))),
        "cites": " ".join(text.cites), "sort": text.sort, body_field(text.lang): text.body, "role": text.role,
    }
    if text.brief:
        doc["brief"] = True
    if text.obsolete:
        doc["obsolete"] = True
    if text.modal:
        doc["modal"] = True
    if text.sends:
        doc["sends"] = "\n".join(text.sends)
    if text.defines:
        doc["defines"] = text.defines
    if text.parents:
        doc[parent_field(text.lang)] = "\n".join(text.parents)
    if text.glossed:
        doc[gloss_field(text.lang)] = "\n".join(text.glossed)
    if text.title:
        doc[title_field(text.lang)] = text.title
    return doc


# -- freshness ------------------------------------------------------------------------


def fingerprint(home: Path, conn: sqlite3.Connection) -> str:
    """Names the index of the KB ``conn`` reads: its ``meta`` rows (``build_id``, random,
    is written by every build), its size (pages times page size: the file's own, even
    if another build renames a new file in meanwhile) and the index format.  The same for
    every copy of the file, whatever its path, inode or modification time; cheap: no
    hashing of a KB that may weigh 100 MB (whether the file is the one indexed is
    :func:`found`'s to check)."""
    pages = conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
    blob = json.dumps([FORMAT, pages, sorted(_meta(conn).items())])
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _stamp(stat: os.stat_result) -> str:
    """The name of the file marking an index as checked against the KB file with this
    identity (device, inode, size, modification time): a file renamed, copied or
    written in place has another."""
    blob = f"{stat.st_dev}:{stat.st_ino}:{stat.st_size}:{stat.st_mtime_ns}"
    return STAMP_PREFIX + hashlib.sha256(blob.encode()).hexdigest()[:16]


#: The SHA-256 of each KB file hashed by this process, by its identity: hashed once.
_DIGESTS: dict[tuple[str, str], str] = {}


def _digest(path: Path, stat: os.stat_result) -> str:
    """The SHA-256 of the file at ``path``, whose identity was ``stat`` (kept only if it
    still is after hashing: a file replaced meanwhile is hashed again next time)."""
    key = (str(path), _stamp(stat))
    digest = _DIGESTS.get(key)
    if digest is None:
        digest = _file_sha256(path)
        if _stamp(path.stat()) == key[1]:
            if len(_DIGESTS) >= 16:
                _DIGESTS.clear()
            _DIGESTS[key] = digest
    return digest


def _mark(folder: Path, stamp: str) -> None:
    """Remember in ``folder`` that the KB file ``stamp`` names was checked (best effort:
    an index folder this process cannot write is checked again by the next process)."""
    with suppress(OSError):
        (folder / stamp).touch()


def _meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {key: value for key, value in conn.execute("SELECT key, value FROM meta")}


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- building and opening -------------------------------------------------------------


@dataclass(frozen=True)
class IndexInfo:
    """An index folder ready to search, and what it holds."""

    path: Path
    editions: list[Group]
    documents: int
    built: bool  # built by this call (not found ready)
    seconds: float = 0.0
    semantic: bool = False  # holds the rule texts' vectors (indexers.semantic)


Progress = Callable[[int, int, str], None]
#: The regular expressions a search compiles, each a source and its flags (:func:`indexers.engine.idiom_patterns`),
#: for the build to store.
Patterns = Callable[[], Iterable[tuple[str, int]]]


def build(home: Path, conn: sqlite3.Connection, name: str | None = None, *, vectors: bool = False,
          progress: Progress | None = None, kb_file: Path | None = None, prune: bool = True,
          patterns: Patterns | None = None) -> IndexInfo:
    """Build the index of the KB in ``home`` into ``home/index/<fingerprint>``,
    atomically, and (``prune``) remove the indexes of older KBs.  ``vectors``: with the rule
    texts' vectors (:mod:`indexers.semantic`).  ``kb_file``: the file ``conn`` reads, when
    it is not yet the home's (a build indexes its new KB before putting it in place).
    ``patterns``: the regular expressions a query compiles, stored compiled (:mod:`indexers.compiled`)."""
    started = time.perf_counter()
    name = name or fingerprint(home, conn)
    root = home / FOLDER
    try:
        root.mkdir(parents=True, exist_ok=True)
        tmp = new_folder(root, TEMP_PREFIX)
    except OSError as err:
        raise KbError(f"cannot write the search index here: {err.strerror}", str(root)) from err
    lock = hold(tmp)  # while held, no other process takes it for a killed build's leftover
    try:
        groups = newest_editions(conn)
        texts = indexed_texts(conn, groups)
        ix = whoosh_index.create_in(str(tmp), schema(sorted({t.lang for t in texts} | {g[0] for g in groups})))
        # no compression: it saves a few MB and costs half a second at every build
        writer = BulkWriter(ix, codec=W3Codec(compression=0))  # whoosh's segment, written in bulk
        for text in texts:
            writer.add_document(**_document(text))
        writer.commit(merge=False)
        ix.close()
        save_docs(tmp, texts)  # one segment, its documents numbered in the order added
        game_words = segment.stored_words(chinese_words(conn, texts))
        segment.save(tmp, game_words)
        if game_words:
            homophones.save(tmp, game_words)
        own = spelling.count_words((t.lang, f"{t.title}\n{t.body}") for t in texts)
        spelling.save(tmp, own)
        translator = Translator.from_store(conn)
        lexicon = {lang: translator.vocabulary(lang) for lang in lookups.lexicon_langs(translator)}
        spelling.save_stems(tmp, {lang: spelling.stems_of(lang, sorted({*own.get(lang, {}), *lexicon.get(lang, ())}))
                                  for lang in sorted({*own, *lexicon}) if not is_cjk(lang)})
        lookups.save(tmp, conn, groups, translator)
        keywords.save(tmp, conn, groups)
        if patterns is not None:
            compiled.save(tmp, patterns())
        made = _vectors(home, texts, progress) if vectors else None
        if made is not None:
            semantic.save(tmp, made)
        kb_file = kb_file or store.db_path(home)
        before = kb_file.stat()
        digest = _digest(kb_file, before)
        if _stamp(kb_file.stat()) == _stamp(before):  # not replaced while hashed: this file is checked
            _mark(tmp, _stamp(before))
        manifest = {
            "format": FORMAT, "editions": [[lang, edition] for lang, edition in groups], "documents": len(texts),
            "kb": {"path": str(store.db_path(home)), "sha256": digest, "size": before.st_size, "meta": _meta(conn)},
            "seconds": round(time.perf_counter() - started, 3), "semantic": semantic.manifest(made),
        }
        (tmp / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
        final = root / name
        try:
            os.rename(tmp, final)
        except OSError:  # another process built the same index meanwhile: keep theirs
            if not (final / MANIFEST).is_file():
                raise
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException as err:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(err, OSError):  # a full disk: the KB is fine, the index could not be written
            raise KbError(f"cannot write the search index ({err})", str(root)) from err
        raise
    finally:
        release(lock)
    if prune:
        _prune(root, keep=name)
    return IndexInfo(final, groups, len(texts), True, time.perf_counter() - started, made is not None)


def save_docs(folder: Path, texts: list[IndexedText]) -> None:
    """:data:`DOCS_FILE`: each document's identity, role and language, by number (each value written
    once, the documents as indexes into them: the default KB's 8,065 documents in 130 KB)."""
    values: dict[str, dict[str, int]] = {"identities": {}, "roles": {}, "langs": {}}

    def at(kind: str, value: str) -> int:
        return values[kind].setdefault(value, len(values[kind]))

    docs = [[at("identities", t.identity), at("roles", t.role), at("langs", t.lang)] for t in texts]
    (folder / DOCS_FILE).write_text(json.dumps({**{k: list(v) for k, v in values.items()}, "docs": docs},
                                               separators=(",", ":")), encoding="utf-8")


def passages(texts: list[IndexedText]) -> list[semantic.Passage]:
    """What the model embeds for each rule text with a body in :data:`semantic.LANGS`, under
    the heading above it in its language (:func:`semantic.passage`)."""
    own = [t for t in texts if t.lang in semantic.LANGS and t.kind != "glossary"]
    titles = {(t.lang, t.number): t.title for t in own if t.title}
    return [semantic.Passage(t.lang, t.identity, semantic.passage(
                t.title, t.body, titles.get((t.lang, t.under[0]), "") if t.under else ""))
            for t in own if t.role == "rule"]


def _vectors(home: Path, texts: list[IndexedText], progress: Progress | None) -> semantic.Vectors:
    """The rule texts' vectors (made or read from the cache beside the KB)."""
    semantic.require()

    def step(done: int, total: int) -> None:
        if progress:
            progress(done, total, f"embedding {total} rule texts")

    return semantic.make(passages(texts), home / semantic.CACHE, step)


def _had_vectors(root: Path) -> bool:
    """Whether an index in ``root`` (the KB's current one, or the one of the KB it replaced) has
    vectors: a setting, kept across a change of :data:`FORMAT` too."""
    try:
        folders = [e for e in root.iterdir() if not e.name.startswith((TEMP_PREFIX, LOCK))]
    except OSError:
        return False
    return any((m := _manifest_of_any_format(folder)) is not None and m.get("semantic") for folder in folders)


def _prune(root: Path, keep: str) -> None:
    """Indexes of KBs that are gone, and abandoned temporary builds."""
    for entry in root.iterdir():
        if entry.name == keep or not entry.is_dir() or entry.name == LOCK:
            continue
        if entry.name.startswith(TEMP_PREFIX) and held(entry):
            continue  # another process is building it right now
        shutil.rmtree(entry, ignore_errors=True)


def _manifest_of_any_format(folder: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _with_patterns(info: IndexInfo, patterns: Patterns | None) -> IndexInfo:
    """``info``, its folder holding ``patterns`` compiled (:func:`indexers.compiled.refresh`: an index
    found current, but of a kb before them or of another interpreter)."""
    if patterns is not None:
        compiled.refresh(info.path, patterns())
    return info


def read_manifest(folder: Path) -> dict[str, Any] | None:
    """The manifest of a complete index of this format: its table of documents there too (one
    lost, every search failed, and `kb index` said the index was up to date)."""
    data = _manifest_of_any_format(folder)
    return data if data is not None and data.get("format") == FORMAT and (folder / DOCS_FILE).is_file() else None


def ready(home: Path, conn: sqlite3.Connection, vectors: bool | None = None,
          progress: Progress | None = None, kb_file: Path | None = None, prune: bool = True,
          downgrade: bool = False, patterns: Patterns | None = None) -> IndexInfo:
    """The index of the KB as it is now, built if missing, stale or incomplete
    (for ``kb build``, ``kb index`` and the benchmarks; a search calls :func:`current`).
    ``vectors``: with (True) or without (False) the semantic vectors; None keeps what
    the KB's index had (a rebuilt KB keeps them, made again only for the texts that changed).
    ``kb_file``, ``prune`` and ``patterns``: as :func:`build`'s; an index a newer kb wrote, which pruning
    would delete, is refused unless ``downgrade`` (:func:`refuse_newer`)."""
    wanted = _had_vectors(home / FOLDER) if vectors is None else vectors
    info = found(home, conn, kb_file)
    if info is not None and info.semantic == wanted:
        return _with_patterns(info, patterns)
    with _lock(home / FOLDER):  # one process builds; the others wait, then find it built
        info = found(home, conn, kb_file)
        if info is not None and info.semantic == wanted:
            return _with_patterns(info, patterns)
        if prune and not downgrade:
            refuse_newer(home)
        if info is not None:  # the same KB, asked with or without vectors: built again beside it
            return build(home, conn, f"{info.path.name.split('.')[0]}.{os.urandom(6).hex()}", vectors=wanted,
                         progress=progress, kb_file=kb_file, prune=prune, patterns=patterns)
        name = fingerprint(home, conn)
        if read_manifest(home / FOLDER / name) is not None:
            # a complete index of this name that is not this file's: the KB was changed in place.  The
            # new one gets another name, so no process keeps using the old one under the same path
            # (open searchers and word lists are kept per path).
            file = kb_file or store.db_path(home)
            name = f"{name}.{_digest(file, file.stat())[:12]}"
        shutil.rmtree(home / FOLDER / name, ignore_errors=True)
        return build(home, conn, name, vectors=wanted, progress=progress, kb_file=kb_file, prune=prune,
                     patterns=patterns)


def refuse_newer(home: Path) -> None:
    """Refuse to replace (and so delete) an index that a newer kb wrote: an older kb's ``kb index``
    or ``kb build`` took it for a stale one and removed it, and the newer kb (a `kb serve` of the
    upgraded version) could no longer search until it built it again.  ``--downgrade`` lets it."""
    newer = [f for f in _formats(home) if isinstance(f, int) and f > FORMAT]
    if newer:
        raise KbError(f"the search index of this KB was built by a newer version of kb (index format {max(newer)};"
                      f" this kb writes format {FORMAT}): this kb is older, and replacing the index would delete the"
                      " newer one; use the newer kb, or pass --downgrade to replace it anyway", str(home / FOLDER))


def prune(home: Path, keep: IndexInfo) -> None:
    """Remove the indexes of other KBs (a build calls it once its new KB is in place)."""
    _prune(home / FOLDER, keep=keep.path.name)


#: The index :func:`current` found last for each home, with the identities it was found under (:func:`_seen_as`).
_CURRENT: dict[Path, tuple[tuple[object, ...], IndexInfo]] = {}


def current(home: Path, conn: sqlite3.Connection) -> IndexInfo:
    """The index of the KB as it is now; a clear error when it is missing, stale or
    damaged (a search never builds it: ``kb build`` does, or ``kb index``), or was built by a
    newer kb than this one (``kb index`` would not help: this kb is the one out of date).
    Found again only when the KB file, the folder of indexes, the index's folder or its
    manifest changed since: four ``stat`` calls, where :func:`found` (a query of the KB, a
    folder listed, the manifest read) cost 0.16 ms of every search."""
    known = _CURRENT.get(home)
    if known is not None and _seen_as(home, known[1].path) == known[0]:
        return known[1]
    info = found(home, conn)
    if info is not None and (seen := _seen_as(home, info.path)):
        _CURRENT[home] = (seen, info)
    if info is None:
        newer = newer_format(home)
        if newer is not None:
            raise Unavailable(f"the search index of this KB was built by a newer version of kb (index format {newer};"
                              f" this kb reads format {FORMAT}): this kb is older than the KB, use the kb that built"
                              " it (upgrade this one)", str(home / FOLDER))
        raise Unavailable(f"the search index of this KB is {unfound(home)}: run `kb index` to build it"
                          " (or `kb build` again)", str(home / FOLDER))
    return info


def _seen_as(home: Path, folder: Path) -> tuple[object, ...]:
    """The identities :func:`found`'s answer depends on: the KB file's (a KB rebuilt or written in place), the
    indexes' folder's (an index built, renamed or pruned), the index folder's (a stamp, a file lost) and its
    manifest's; empty when one is missing."""
    try:
        stats = [path.stat() for path in (store.db_path(home), home / FOLDER, folder, folder / MANIFEST)]
    except OSError:
        return ()
    return tuple((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns) for st in stats)


def building(home: Path) -> bool:
    """Whether a process is building an index of the KB in ``home`` right now: it holds the lock
    :func:`ready` takes, or a temporary build (a killed build's leftover is held by no one)."""
    root = home / FOLDER
    try:
        temporaries = [root / entry for entry in os.listdir(root) if entry.startswith(TEMP_PREFIX)]
    except OSError:
        return False
    return any(held(path) for path in temporaries) or held(root / LOCK)


def _formats(home: Path) -> set[object]:
    """The formats of the index folders in ``home`` (complete ones, of any KB)."""
    root = home / FOLDER
    try:
        entries = sorted(entry for entry in os.listdir(root) if not entry.startswith((TEMP_PREFIX, LOCK)))
    except OSError:
        entries = []
    return {m.get("format") for entry in entries if (m := _manifest_of_any_format(root / entry)) is not None}


def unfound(home: Path) -> str:
    """What is wrong when :func:`found` finds no index of the KB in ``home`` (and none is
    being built): none was built, or those built are of another :data:`FORMAT` (an upgraded
    kb reads no index of the one before) or of the KB as it was before it changed."""
    formats = _formats(home)
    if not formats:
        return "not built"
    if FORMAT in formats:
        return "out of date: the KB changed since it was built"
    older = all(isinstance(f, int) and f < FORMAT for f in formats)
    other = ", ".join(sorted(map(str, formats)))
    return (f"out of date: it was built by {'an older' if older else 'another'} version of kb"
            f" (index format {other}; this version reads format {FORMAT})")


def newer_format(home: Path) -> int | None:
    """The newest index format in ``home`` when it is newer than :data:`FORMAT` and no index of
    this format is there: a newer kb built (or indexed) the KB and this process runs an older
    one (a ``kb serve`` started before kb was upgraded), which no ``kb index`` of its own mends."""
    formats = _formats(home)
    newer = [f for f in formats if isinstance(f, int) and f > FORMAT]
    return max(newer) if newer and FORMAT not in formats else None


def found(home: Path, conn: sqlite3.Connection, kb_file: Path | None = None) -> IndexInfo | None:
    """The index of the KB file as it is now, or None (missing, incomplete or stale).

    That is the folder :func:`fingerprint` names (or, for a KB changed in place and
    indexed again, that name with the file's hash after a dot), if its manifest is
    complete and its KB file is this one: a stamp says this file was checked already
    (one ``stat``); otherwise the file is hashed (once per process and file, 0.1 s for
    50 MB) and compared with the manifest's SHA-256 — a copy passes and is stamped, a
    KB changed in place does not."""
    root = home / FOLDER
    name = fingerprint(home, conn)
    kb_file = kb_file or store.db_path(home)
    try:
        stat = kb_file.stat()
        named = [root / name, *sorted(root / e for e in os.listdir(root) if e.startswith(name + "."))]
    except OSError:
        return None
    candidates = [(folder, manifest) for folder in named if (manifest := read_manifest(folder)) is not None]
    stamp = _stamp(stat)
    for folder, manifest in candidates:
        if (folder / stamp).exists():
            return _info(folder, manifest)
    if not candidates:
        return None
    try:
        digest = _digest(kb_file, stat)
    except OSError:
        return None
    for folder, manifest in candidates:
        recorded = manifest.get("kb")
        if isinstance(recorded, dict) and recorded.get("sha256") == digest:
            _mark(folder, stamp)
            return _info(folder, manifest)
    return None


def _info(folder: Path, manifest: dict[str, Any]) -> IndexInfo:
    editions = [(str(lang), edition) for lang, edition in manifest.get("editions", [])]
    return IndexInfo(folder, editions, int(manifest.get("documents", 0)), False,
                     semantic=bool(manifest.get("semantic")))


@contextmanager
def _lock(root: Path) -> Iterator[None]:
    """An exclusive lock on ``root/.lock`` (released when the process dies)."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd = open_lock(root / LOCK)
    except OSError as err:
        raise KbError(f"cannot write the search index here: {err.strerror}", str(root)) from err
    with locked(fd):
        yield


def open_index(home: Path, conn: sqlite3.Connection) -> tuple[whoosh_index.Index, IndexInfo]:
    """Open the KB's index, building it when needed.  An index that exists but
    cannot be opened (truncated or corrupted files) is removed and built again:
    it holds nothing that the KB does not."""
    info = ready(home, conn)
    try:
        return whoosh_index.open_dir(str(info.path)), info
    except Exception:  # whoosh reports damage as many kinds of error; the KB can always rebuild it
        return rebuild(home, conn, info)


def rebuild(home: Path, conn: sqlite3.Connection, broken: IndexInfo) -> tuple[whoosh_index.Index, IndexInfo]:
    """Throw a damaged index away and build it again."""
    with _lock(home / FOLDER):
        shutil.rmtree(broken.path, ignore_errors=True)
        info = build(home, conn, broken.path.name)
    return whoosh_index.open_dir(str(info.path)), info
