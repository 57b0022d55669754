"""Card identity: which card a title or a query names.

People name cards in their own language and script, with typos, in full or
half width, in traditional or simplified Chinese.  Names are compared through one
normal form (:func:`name_key`), first exactly (a dict lookup), then by similarity
(rapidfuzz, within the query's script).  A page of rulings brings better evidence than
its title: the rulings themselves.  Seed 003 is titled 非瑞克西亚龙引擎, a name no card
has (the official one is 非瑞克西亚龙形引擎, which MTGJSON does not carry), and the
nearest Chinese name belongs to the sister card Fallaji Dragon Engine (法拉吉龙形引擎).
Its 19 rulings, though, are exactly those of Phyrexian Dragon Engine, so ruling overlap
decides, and a name that is merely similar is never taken over it.

When the evidence is weak the resolution names no card and lists the candidates.
Nothing here reads files or SQLite: the indexes are built from plain entries, which a
store can save and load (:meth:`NameIndex.entries`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.core.text import CJK, KANA, char_class, echoed, name_key
from kb.graph.names import NameEntry, script_class

if TYPE_CHECKING:
    from kb.ingest.mtgjson import Card

__all__ = [
    "CLOSEST",
    "CardIndex",
    "Candidate",
    "Evidence",
    "NameIndex",
    "Resolution",
    "RulingIndex",
    "decide_by_name",
    "holding_words",
    "name_entries",
    "name_words",
    "one_character_off",
    "query_langs",
    "resolve",
    "ruling_key",
]

#: A fuzzy name match must reach this score (0-100) ...
FUZZY_PICK = 88.0
#: ... and beat the next card by this much, or the resolution lists candidates instead.
FUZZY_MARGIN = 4.0
#: Ruling overlap (Jaccard) that identifies a card on its own, and its lead over the next.
RULINGS_PICK = 0.6
RULINGS_MARGIN = 0.25
#: However many rulings agree, a card whose name the title is not stays below certainty.
UNNAMED_CAP = 0.98
#: How the weak evidence of an unresolved name begins when it names the closest name:
#: what a message about the answer reads it by (it must not then say no name is close).
CLOSEST = "the closest name"
#: A query is compared with the names in its own language first (:func:`query_langs`); a
#: name in another language of its script is a candidate only when it is a letter or two
#: off the query as a whole: at least this similar by rapidfuzz's plain ratio (a letter of
#: a five-letter name changed is 80).  WRatio's partial match had "Llanowar Elves" suggest
#: Llanowar Loamspeaker for its German name Llanowar-Lehmsprecher (86 %) and resolved
#: "Defiler of Instinct" to Island by its French name Île (90 %).  Measured in NOTES.md
#: (session 31) and tests/test_card_suggestions.py.
FOREIGN_RATIO = 80.0
#: A Chinese or Japanese name is a few characters, each a word: one of five changed is 80 %
#: by ratio, yet a typo.  A CJK name of at least this many characters is close when one
#: character is substituted, dropped or added (:func:`one_character_off`).
CLOSE_CJK_LENGTH = 3
#: The languages of the names a query in a script is compared with first: an unaccented
#: Latin query is English, a Chinese one (no kana) Chinese, one with kana Japanese.
ENGLISH = frozenset({"en"})
CHINESE = frozenset({"zh-Hans", "zh-Hant"})
JAPANESE = frozenset({"ja"})
#: The language of a name whose language is not known (a page title): every query's own.
UNKNOWN_LANG = "und"
_KANA = re.compile(f"[{char_class(KANA)}]")


# -- normal forms -------------------------------------------------------------------


_RULING_SPACE = re.compile(r"\s+")
_RULING_TRANSLATE = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-", "\u00a0": " "})


def ruling_key(text: str) -> str:
    """The form rulings are compared in: typographic quotes and dashes as ASCII,
    spaces collapsed, case folded (MTGJSON writes ’ where web pages write ')."""
    text = unicodedata.normalize("NFKC", text).translate(_RULING_TRANSLATE)
    return _RULING_SPACE.sub(" ", text).strip().casefold()


# -- data ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Evidence:
    """One reason for (or against) a card, for the user to read."""

    kind: str  # exact-name, similar-name, rulings, conflict, weak
    detail: str
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class Candidate:
    card: str
    score: float
    evidence: tuple[Evidence, ...] = ()
    matched: NameEntry | None = None


@dataclass(frozen=True, slots=True)
class Resolution:
    """The card a query names (``None`` when the evidence is weak), how sure, and why."""

    query: str
    card: str | None
    confidence: float
    evidence: tuple[Evidence, ...]
    candidates: tuple[Candidate, ...] = ()
    matched: NameEntry | None = None

    @property
    def resolved(self) -> bool:
        return self.card is not None


def quoted(name: str) -> str:
    """A name in quotes, as typed (``repr`` would escape an ideographic space as ``\\u3000``),
    a long one cut (:func:`~kb.core.text.echoed`)."""
    return f"'{echoed(name)}'"


# -- indexes ------------------------------------------------------------------------


def name_entries(cards: Iterable[Card]) -> list[NameEntry]:
    """Every name of every card and face, in every language, once per card."""
    seen: set[tuple[str, str, str]] = set()
    entries: list[NameEntry] = []

    def add(name: str, lang: str, card: str, face: str | None) -> None:
        key = name_key(name)
        if key and (key, card, lang) not in seen:
            seen.add((key, card, lang))
            entries.append(NameEntry(key, name, lang, card, face))

    for card in cards:
        for lang, name in (*card.names.items(), *card.aliases):
            add(name, lang, card.name, None)
        if len(card.faces) > 1 or card.faces[0].name != card.name:
            for face in card.faces:
                for lang, name in face.names.items():
                    add(name, lang, card.name, face.name)
                add(face.name, "en", card.name, face.name)
    return entries


def query_langs(query: str) -> frozenset[str] | None:
    """The languages ``query`` (as typed) is most likely in, by its script and letters, or
    ``None`` when the script does not tell (accented Latin: French, Italian, German ...)."""
    text = unicodedata.normalize("NFKC", query)
    script = script_class(name_key(text))
    if script == "cjk":
        return JAPANESE if _KANA.search(text) else CHINESE
    if script == "latin":  # typographic apostrophes and dashes are no accent
        return ENGLISH if all(ch.isascii() for ch in text if ch.isalpha()) else None
    return None


def one_character_off(query: str, name: str) -> bool:
    """Whether a CJK ``query`` (a name key) is ``name``'s key with one character changed,
    dropped or added: a typo, where its ratio says only 80 %."""
    from rapidfuzz.distance import Levenshtein

    key = name_key(name)
    return (len(query) >= CLOSE_CJK_LENGTH and script_class(query) == "cjk"
            and Levenshtein.distance(query, key, score_cutoff=1) <= 1)


def letters_off(query: str, name: str) -> bool:
    """Whether ``query`` (a name key) is a letter or two off ``name`` or one of its faces as a
    whole (:data:`FOREIGN_RATIO`), not merely a part of it."""
    from rapidfuzz import fuzz

    names = [name, *name.split(" // ")]
    return (max(fuzz.ratio(query, name_key(whole)) for whole in names) >= FOREIGN_RATIO
            or any(one_character_off(query, whole) for whole in names))


class NameIndex:
    """Names -> cards: a dict for exact keys, per-script key lists for rapidfuzz."""

    def __init__(self, entries: Iterable[NameEntry]) -> None:
        self._by_key: dict[str, list[NameEntry]] = {}
        for entry in entries:
            self._by_key.setdefault(entry.key, []).append(entry)
        self._choices: dict[str, list[str]] = {}
        for key in self._by_key:
            self._choices.setdefault(script_class(key), []).append(key)
        self._lang_choices: dict[tuple[str, frozenset[str]], list[str]] = {}

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_key.values())

    def entries(self) -> list[NameEntry]:
        """All entries, for a store to save (and hand back to :class:`NameIndex`)."""
        return [e for group in self._by_key.values() for e in group]

    def exact(self, key: str) -> list[NameEntry]:
        return list(self._by_key.get(key, ()))

    def similar(self, key: str, limit: int = 8, langs: frozenset[str] | None = None) -> list[tuple[NameEntry, float]]:
        """The best-scoring entry of each of up to ``limit`` cards, best first (only names in
        ``langs`` when given, and those of no known language)."""
        from rapidfuzz import fuzz, process  # lazy: exact lookups do not need it

        script = script_class(key)
        choices = self._choices.get(script, []) if langs is None else self._in_langs(script, langs)
        # Character-level ratio for CJK (no words to reorder); WRatio copes with word order
        # and typos in spaced scripts.
        scorer = fuzz.ratio if script == "cjk" else fuzz.WRatio
        best: dict[str, tuple[NameEntry, float]] = {}
        for choice, score, _ in process.extract(key, choices, scorer=scorer, limit=limit * 4):
            for entry in self._by_key[choice]:
                if langs is not None and not _in(entry, langs):
                    continue
                if entry.card not in best or best[entry.card][1] < score:
                    best[entry.card] = (entry, float(score))
        return sorted(best.values(), key=lambda pair: -pair[1])[:limit]

    def _in_langs(self, script: str, langs: frozenset[str]) -> list[str]:
        """The keys of ``script`` some name in ``langs`` has, computed once per script and languages."""
        found = self._lang_choices.get((script, langs))
        if found is None:
            found = [key for key in self._choices.get(script, [])
                     if any(_in(entry, langs) for entry in self._by_key[key])]
            self._lang_choices[(script, langs)] = found
        return found


def _in(entry: NameEntry, langs: frozenset[str]) -> bool:
    return entry.lang in langs or entry.lang == UNKNOWN_LANG


class RulingIndex:
    """Ruling text -> the cards that carry it."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        self._cards: dict[str, set[str]] = {}
        self._count: Counter[str] = Counter()
        for card, text in pairs:
            key = ruling_key(text)
            holders = self._cards.setdefault(key, set())
            if card not in holders:
                holders.add(card)
                self._count[card] += 1

    def overlap(self, rulings: Sequence[str]) -> list[tuple[str, int, float]]:
        """``(card, shared, jaccard)`` for every card sharing a ruling, best first."""
        page = {ruling_key(text) for text in rulings}
        shared: Counter[str] = Counter()
        for key in page:
            for card in self._cards.get(key, ()):
                shared[card] += 1
        scored = [(card, n, n / (len(page) + self._count[card] - n)) for card, n in shared.items()]
        return sorted(scored, key=lambda item: (-item[2], -item[1], item[0]))

    def count(self, card: str) -> int:
        return self._count[card]


@dataclass
class CardIndex:
    """All printings of all cards, with their name and ruling indexes, built once."""

    printings: dict[str, list[Card]]
    names: NameIndex
    rulings: RulingIndex = field(repr=False)

    @classmethod
    def build(cls, cards: Iterable[Card]) -> CardIndex:
        printings: dict[str, list[Card]] = {}
        for card in cards:
            printings.setdefault(card.name, []).append(card)
        every = [card for group in printings.values() for card in group]
        # Names from every printing: a reprint may carry a newer translation (KHM and a
        # later set name Alrund's Epiphany differently in Chinese); rulings from all too.
        pairs = ((card.name, r.text) for card in every for r in card.rulings)
        return cls(printings, NameIndex(name_entries(every)), RulingIndex(pairs))

    def card(self, name: str) -> Card:
        """The printing that speaks for a card: the one with most rulings, first loaded."""
        group = self.printings[name]
        return max(group, key=lambda card: len(card.rulings))

    def resolve(self, query: str, rulings: Sequence[str] = ()) -> Resolution:
        return resolve(query, self.names, self.rulings if rulings else None, rulings)


# -- a word of names ------------------------------------------------------------------

#: A possessive's "'s" ("Mishra's Command"): the name of whom it belongs to is the word typed.
_POSSESSIVE = re.compile(r"['’‘`´ʼ]s(?!\w)", re.IGNORECASE)
#: The possessive particles of Chinese and Japanese names (米斯拉的指命, "Mishra's Command").
_CJK_POSSESSIVE = re.compile("[的の]")
#: A word of CJK characters only (a Chinese or Japanese name's run of characters).
_CJK_WORD = re.compile(f"[{char_class(CJK)}]+")


def name_words(name: str) -> tuple[str, ...]:
    """The words a person picks out of a name (:func:`name_key`'s words), a possessive's "'s"
    dropped ("Mishra's Command": mishra, command) and a Chinese or Japanese name cut at its
    possessive particle (米斯拉的指命: 米斯拉, 指命): the key alone reads "mishras"."""
    return tuple(_CJK_POSSESSIVE.sub(" ", name_key(_POSSESSIVE.sub("", name))).split())


def holding_words(query: str, entries: Iterable[NameEntry]) -> dict[str, list[NameEntry]]:
    """The cards one of whose names holds the words of ``query`` whole and in order ("Mishra"
    in "Mishra's Command" and in "Mishra, Excavation Prodigy"; "Command" not in "Wing
    Commando"), each with those names, in the order given.  A Chinese or Japanese query of
    two characters or more anywhere in a name: those names run their words together, so
    米斯拉 stands at the end of 基克斯掌偶米斯拉 (Mishra, Claimed by Gix), which only names
    cut at 的 ("米斯拉的指命") were found by."""
    words = name_words(query)
    found: dict[str, list[NameEntry]] = {}
    if not words:
        return found
    size = len(words)
    run = "".join(words) if all(_CJK_WORD.fullmatch(w) for w in words) and len("".join(words)) > 1 else ""
    for entry in entries:
        # a word the key lacks is no word of the name (BRO's 2,205 names: 12 ms -> 0.1-3 ms a query)
        if words[0] not in entry.key:
            continue
        held = name_words(entry.name)
        if (run and run in "".join(held)) or any(held[i:i + size] == words for i in range(len(held) - size + 1)):
            found.setdefault(entry.card, []).append(entry)
    return found


# -- resolution ---------------------------------------------------------------------


def resolve(
    query: str,
    names: NameIndex,
    ruling_index: RulingIndex | None = None,
    rulings: Sequence[str] = (),
) -> Resolution:
    """Resolve a title or query to a card, from its name and (if given) its rulings."""
    key = name_key(query)
    by_name = _name_candidates(key, names, query_langs(query))
    by_rulings = _ruling_candidates(ruling_index, rulings) if ruling_index is not None and rulings else []
    return _decide(query, by_name, by_rulings, len(rulings))


def _name_candidates(key: str, names: NameIndex, langs: frozenset[str] | None = None) -> list[Candidate]:
    exact = names.exact(key) if key else []
    if exact:
        cards: dict[str, NameEntry] = {}
        for entry in exact:
            cards.setdefault(entry.card, entry)
        return [
            Candidate(card, 1.0, (Evidence("exact-name", f"{quoted(entry.name)} is its {entry.lang} name"
                                           + (f" (face {entry.face})" if entry.face else ""), 1.0),), entry)
            for card, entry in cards.items()
        ]
    if not key:
        return []
    return [
        Candidate(entry.card, score / 100,
                  (Evidence("similar-name", f"{quoted(entry.name)} ({entry.lang}) is {score:.0f}% similar",
                            score / 100),),
                  entry)
        for entry, score in _similar_own_first(key, names, langs)
    ]


def _similar_own_first(key: str, names: NameIndex, langs: frozenset[str] | None) -> list[tuple[NameEntry, float]]:
    """The names like ``key`` in the query's languages, and those in other languages only when
    a letter or two off it (:data:`FOREIGN_RATIO`): a part of a foreign name is no evidence."""
    if langs is None:
        return names.similar(key)
    best = {entry.card: (entry, score) for entry, score in names.similar(key, langs=langs)}
    for entry, score in names.similar(key):
        if not _in(entry, langs) and letters_off(key, entry.name) and score > best.get(entry.card, (entry, -1.0))[1]:
            best[entry.card] = (entry, score)
    return sorted(best.values(), key=lambda pair: -pair[1])[:8]


def _ruling_candidates(index: RulingIndex, rulings: Sequence[str]) -> list[Candidate]:
    page = len({ruling_key(r) for r in rulings})
    found = []
    for card, shared, jaccard in index.overlap(rulings)[:8]:
        detail = f"{shared} of the {page} rulings given are rulings of this card (it has {index.count(card)})"
        found.append(Candidate(card, _ruling_confidence(shared, jaccard), (Evidence("rulings", detail, jaccard),)))
    return found


def _ruling_confidence(shared: int, jaccard: float) -> float:
    """Overlap, discounted when it rests on very few rulings (one shared ruling is common)."""
    return round(jaccard * (1 - 0.5**shared), 4)


def _decide(query: str, by_name: list[Candidate], by_rulings: list[Candidate], given: int) -> Resolution:
    candidates = _merge_candidates(by_name, by_rulings)
    top = by_rulings[0] if by_rulings else None
    strong_rulings = (
        top is not None
        and top.evidence[0].score >= RULINGS_PICK
        and (len(by_rulings) < 2 or top.evidence[0].score - by_rulings[1].evidence[0].score >= RULINGS_MARGIN)
    )
    if strong_rulings:
        assert top is not None
        return _by_rulings(query, top, by_name, by_rulings, candidates)
    return _by_name(query, by_name, by_rulings, given, candidates)


def _by_rulings(query: str, top: Candidate, by_name: list[Candidate], by_rulings: list[Candidate],
                candidates: tuple[Candidate, ...]) -> Resolution:
    """The rulings name one card: take it, unless the query is exactly another card's name."""
    exact = [c for c in by_name if c.evidence[0].kind == "exact-name"]
    if len(exact) == 1 and exact[0].card != top.card:
        return Resolution(query, None, 0.0, (Evidence(
            "conflict", f"the name is exactly {exact[0].card}'s, but the rulings are {top.card}'s"),), candidates)
    evidence = list(top.evidence)
    name_hit = next((c for c in by_name if c.card == top.card), None)
    confidence = top.score
    if name_hit is not None:
        evidence.extend(name_hit.evidence)
        confidence = 1 - (1 - confidence) * (1 - name_hit.score)
    else:
        evidence.append(Evidence("weak", f"the title {quoted(query)} is not a known name of {top.card}"))
        confidence = min(confidence, UNNAMED_CAP)
    for other in by_name[:3]:
        if other.card != top.card:
            shared = next((c.evidence[0].detail for c in by_rulings if c.card == other.card), "no ruling in common")
            evidence.append(Evidence("rejected", f"{other.card}: {other.evidence[0].detail}, but {shared}",
                                     other.score))
    return Resolution(query, top.card, round(confidence, 4), tuple(evidence), candidates,
                      name_hit.matched if name_hit else None)


def _by_name(query: str, by_name: list[Candidate], by_rulings: list[Candidate], given: int,
             candidates: tuple[Candidate, ...]) -> Resolution:
    """No decisive rulings: an exact name, else a clearly best similar name, else nothing."""
    exact = [c for c in by_name if c.evidence[0].kind == "exact-name"]
    whole = [c for c in exact if c.matched is not None and c.matched.face is None]
    if len(exact) > 1 and len(whole) == 1:
        # "Schiacciare" is the card Squash, and also the name of a face (Bonecrusher
        # Giant's Stomp): the whole-card name wins, the face is shown as a candidate.
        top = whole[0]
        others = ", ".join(f"{c.card} (face {c.matched.face})" for c in exact if c is not top and c.matched)
        evidence = [*top.evidence, Evidence("weak", f"also the name of a face of {others}")]
        return Resolution(query, top.card, 0.9, tuple(evidence), candidates, top.matched)
    if len(exact) == 1:
        top = exact[0]
        if given and not any(c.card == top.card for c in by_rulings):
            weak = (*top.evidence, Evidence("weak", "none of the rulings given is a ruling of this card"))
            return Resolution(query, top.card, 0.75, weak, candidates, top.matched)
        return Resolution(query, top.card, 1.0, top.evidence, candidates, top.matched)
    if exact:
        return Resolution(query, None, 0.0, (Evidence(
            "weak", f"{len(exact)} cards share this name: " + ", ".join(c.card for c in exact)),), candidates)
    if not by_name:
        return Resolution(query, None, 0.0, (Evidence("weak", "no card has a name like this"),), candidates)
    top, score = by_name[0], by_name[0].score * 100
    second = by_name[1].score * 100 if len(by_name) > 1 else 0.0
    if score >= FUZZY_PICK and score - second >= FUZZY_MARGIN:
        return Resolution(query, top.card, round(top.score, 4), top.evidence, candidates, top.matched)
    if score < FUZZY_PICK:
        closest = top.matched.name if top.matched else top.card
        reason = f"{CLOSEST}, {quoted(closest)}{_language_of(query, top.matched)}, is only {score:.0f}% similar"
    else:
        reason = f"{top.card} and {by_name[1].card} are about equally similar"
    return Resolution(query, None, 0.0, (Evidence("weak", reason),), candidates)


def _language_of(query: str, matched: NameEntry | None) -> str:
    """" (de)" after a name in another language than the query's (a German name offered for
    an English query reads as a typo of it otherwise), else nothing."""
    langs = query_langs(query)
    if matched is None or langs is None or _in(matched, langs):
        return ""
    return f" ({matched.lang})"


def decide_by_name(query: str, candidates: Sequence[Candidate]) -> Resolution:
    """The decision again among ``candidates`` alone (similar names, best first): a caller that
    shows only some (the really close ones) must not be refused for a rival it does not show."""
    return _by_name(query, list(candidates), [], 0, tuple(candidates))


def _merge_candidates(by_name: list[Candidate], by_rulings: list[Candidate]) -> tuple[Candidate, ...]:
    merged: dict[str, Candidate] = {}
    for candidate in [*by_rulings, *by_name]:
        if candidate.card in merged:
            old = merged[candidate.card]
            merged[candidate.card] = Candidate(candidate.card, max(old.score, candidate.score),
                                               old.evidence + candidate.evidence, old.matched or candidate.matched)
        else:
            merged[candidate.card] = candidate
    return tuple(sorted(merged.values(), key=lambda c: -c.score)[:8])
