"""Typos in a query: a word nothing in the KB knows, read as the nearest word something does.

Players type "deaftouch", "comander damage", "travolegere".  A word of the query that
neither the index (its own language's texts) nor the lexicons (a language searched
through translation) hold, as written or by its stem, is replaced by the nearest word
they do hold: fewest edits (Levenshtein, from rapidfuzz) within a bound that grows
with the word's length, the same first letter (typos rarely hit it, and it halves
the false friends), then the most frequent.  The plan says what it corrected, so
the header can show "deaftouch → deathtouch".

The index's words per language are stored beside it (:data:`WORDS_FILE`, about 4,100
English words) and read once per process; the edit search runs only for an unknown word.
So are the stems of every word a language knows, its texts' and its lexicons'
(:data:`STEMS_FILE`): stemming those words took a fresh ``kb search`` with one long
unknown word ("lightnig", "attaccando") about 100 ms of Snowball.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from kb.align.tokens import SYMBOL, unelided, words
from kb.core.text import base_lang, has_cjk, is_cjk

WORDS_FILE = "words.json"
STEMS_FILE = "stems.json"

#: Edits allowed by a word's length: none under SHORTEST letters, one up to TWO_EDITS - 1, two
#: from TWO_EDITS ("deaftouch" -> "deathtouch"; "comander" -> "commander").  A word whose stem is
#: known is never corrected ("shows", "indestructable").  Measured on the 438 questions
#: (bench_quality, s@1/s@5): 4 / 7 -> EN 0.53/0.82, IT 0.15/0.31, 21 words corrected, about half
#: wrongly ("blinked" -> "blocked", "wings" -> "wins", "vanno" -> "vanto"); 8 / 9 -> EN 0.53/0.82,
#: IT 0.14/0.30, 4 corrected, 3 rightly.  Without the stem rule 4 / 7 corrected 70 words, most of
#: them Italian inflections ("segnalini" -> "segnalino", IT 0.17/0.36) and many English words wrongly.
SHORTEST = 8
TWO_EDITS = 9


@dataclass(frozen=True, slots=True)
class Correction:
    """One query word read as another: ``typed`` as written, ``meant`` as the vocabulary holds it."""

    typed: str
    meant: str

    def to_json(self) -> dict[str, str]:
        return {"typed": self.typed, "meant": self.meant}


def corrected(text: str, fixes: Iterable[Correction]) -> str:
    """``text`` as the search read it: each typo replaced, in order, by the word it was read as."""
    for fix in fixes:
        text = text.replace(fix.typed, fix.meant, 1)
    return text


def max_edits(word: str) -> int:
    return 0 if len(word) < SHORTEST else 1 if len(word) < TWO_EDITS else 2


def nearest(word: str, vocabulary: Mapping[str, int]) -> str | None:
    """The word of ``vocabulary`` (word -> how many texts hold it) nearest to ``word``,
    or ``None`` when none is within :func:`max_edits` or ``word`` is known."""
    edits = max_edits(word)
    if not edits or word in vocabulary:
        return None
    from rapidfuzz import process  # lazy: only a query with an unknown long word needs it
    from rapidfuzz.distance import Levenshtein

    found = process.extract(word, vocabulary.keys(), scorer=Levenshtein.distance, score_cutoff=edits, limit=None)
    candidates = [(score, -vocabulary[choice], choice) for choice, score, _ in found
                  if choice[:1] == word[:1] and choice != word]
    return min(candidates)[2] if candidates else None


#: A word too short for :func:`nearest` is read as a word of a name the rules give (a keyword,
#: a zone: "flyng" -> flying, "libary" -> library, "hexprof" -> hexproof) a letter short of it or
#: with two neighbours swapped ("lifelnik"), when one such word alone is that near and the word
#: has NAME_SHORTEST letters.  Not a letter changed or one too many: those make other English
#: words, which no list of ours holds ("flood" -> food, "prison" -> poison, "speak" -> sneak,
#: "shell" -> spell were read so).
NAME_SHORTEST = 5


def nearest_name(word: str, names: Collection[str]) -> str | None:
    """The one word of ``names`` (the words of the rules' names, folded) that ``word`` misses
    a letter of, or swaps two neighbours of, with its first letter; none when two are as near."""
    if len(word) < NAME_SHORTEST or word in names:
        return None
    found = {name for name in names if name[:1] == word[:1] and (_one_short(word, name) or _swapped(word, name))}
    return found.pop() if len(found) == 1 else None


#: A word no text holds and no typo was read as ("tramble": a letter changed, which :func:`nearest_name`
#: does not read, since such a change makes other English words as often) is not searched as another,
#: but the header asks whether the query meant a name's word one edit from it (a letter missing, added,
#: changed, or two neighbours swapped): at most SUGGESTED, those with its first letter first.
SUGGESTED = 3


def suggestions(word: str, names: Collection[str]) -> list[str]:
    """The words of ``names`` (folded) one edit from ``word`` (:data:`SUGGESTED` at most, the same
    first letter first, then in order)."""
    folded = _folded(word)
    if len(folded) < NAME_SHORTEST:
        return []
    from rapidfuzz import process  # lazy: a query holding a word no text holds is rare
    from rapidfuzz.distance import OSA

    found = [name for name, _, _ in process.extract(folded, names, scorer=OSA.distance, score_cutoff=1, limit=None)
             if name != folded]
    return sorted(found, key=lambda name: (name[:1] != folded[:1], name))[:SUGGESTED]


def _one_short(word: str, name: str) -> bool:
    """``name`` is ``word`` with one letter more ("libary", "library")."""
    return len(name) == len(word) + 1 and any(name[:k] + name[k + 1:] == word for k in range(len(name)))


def _swapped(word: str, name: str) -> bool:
    """``name`` is ``word`` with two neighbouring letters swapped ("trampel", "trample")."""
    if len(name) != len(word) or name == word:
        return False
    diff = [k for k in range(len(word)) if word[k] != name[k]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]:diff[1] + 1] == name[diff[1]] + name[diff[0]]


#: Italian words are often misspelt by their double consonants, heard single or double as a learner or a
#: dialect speaker says them ("atacare" for attaccare, "apena" for appena, "tere" for terre: session 60's second
#: blind set, a twelve-year-old): a word no text or lexicon knows is read as the known word that doubles or singles
#: at most GEMINATES of its consonants between two vowels, from four letters (below :data:`SHORTEST`, where
#: :func:`nearest` does not look).  Measured (the quality harness by words, 8,937 rankings of the 58 sets and
#: session 60's second blind set): 7,133/8,299 -> 7,134/8,300 (that question nowhere -> first; none down); across the
#: sets' Italian questions six words more are read so (apena, atacante, atacare, comme, muliggo, vitalle), none
#: wrongly.  A form the texts hold only by its stem taken too read "basso" as "baso" and the English "command" as
#: "comand" (five down).
GEMINATES = 2
_VOWELS = frozenset("aeiouàèéìòù")


def respelt(word: str, written: Callable[[str], bool]) -> str | None:
    """The first of ``word``'s :func:`geminates` that is ``written`` as it is (a form known only by its stem is no
    reading: "basso" is no "baso", whose stem is base's; the English "command" no "comand", comandante's)."""
    return next((form for form in geminates(word) if written(form)), None)


def geminates(word: str) -> Iterator[str]:
    """``word`` respelt with one, then two, of its consonants between vowels doubled where single or made single
    where doubled (:data:`GEMINATES`): the spellings an Italian word may have been meant as."""
    places = [k for k in range(1, len(word) - 1)
              if word[k] not in _VOWELS and word[k - 1] in _VOWELS
              and (word[k + 1] in _VOWELS or (word[k + 1] == word[k] and word[k + 2:k + 3] in _VOWELS))]
    if len(places) > 6:  # a long word: its typos are nearest()'s
        return
    for count in range(1, GEMINATES + 1):
        for chosen in combinations(places, count):
            out, k = [], 0
            for at in chosen:
                doubled = word[at + 1] == word[at]
                out.append(word[k:at + 1] if doubled else word[k:at + 1] + word[at])
                k = at + 2 if doubled else at + 1
            yield "".join(out) + word[k:]


_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


#: Two words joined by a hyphen ("non-creature", "pre-combat"), which the rules may write as one.
_HYPHENATED = re.compile(r"(?<![^\W\d_])[^\W\d_]+[-‐][^\W\d_]+(?![^\W\d_])")


#: Where an apostrophe is left out as players type ("cant", "doesnt", "theyre", "youve", "urzas"):
#: before the last one or two letters.
_CLITICS = ("t", "s", "d", "re", "ve", "ll")


def apostrophe(word: str, written: Container[str]) -> str | None:
    """``word`` with the apostrophe players leave out put back, when the texts write it so
    ("cant" -> "can't", "doesnt" -> "doesn't", "urzas" -> "urza's"): searched as typed, "cant"
    was no word of any text, and "cant be countered" was read as Italian."""
    for clitic in _CLITICS:
        stem = word[: -len(clitic)]
        if len(stem) >= 2 and word.endswith(clitic) and (meant := f"{stem}'{clitic}") in written:
            return meant
    return None


def g_dropped(word: str, written: Container[str]) -> str | None:
    """``word`` with the "g" of its "-ing" put back, as players drop it ("playin", "attackin", "nothin"), when the
    texts write it so: "can ye counter somebody playin a land" (session 62's blind Scottish player) read "playin"
    as no word, one edit from both "plain" and "playing", and found nothing of lands played (305.1)."""
    return f"{word}g" if G_DROPPED and word.endswith("in") and f"{word}g" in written else None


#: :func:`g_dropped` on.  Measured (the quality harness by words, 67 sets, 10,137 questions): one up, the land's
#: (nowhere -> first, with :data:`indexers.engine._LAND_RESPONSE` reading "counter … playing a land"), one down a
#: place ("me an ma brother playin Two-Headed Giant … dae we share the life": 810.4 first -> second).
G_DROPPED = True


def contraction(word: str, written: Container[str]) -> str | None:
    """:func:`apostrophe`'s reading of ``word`` when it is a contraction ("youre": you're, though
    its stem is "your"'s), not a possessive ("clones" is no clone's)."""
    meant = apostrophe(word, written)
    return meant if meant is not None and not meant.endswith("'s") else None


#: Two words in a row, as a player types a game word with a space inside ("hex proof", "life link",
#: "flash back"): the first with the spaces after it, the second looked at ahead.
_PAIR = re.compile(r"(?<![^\W\d_])(?<!['’-])([^\W\d_]+) +(?=([^\W\d_]+)(?![^\W\d_]|['’-]))")


def split_name(first: str, second: str, names: Callable[[], Collection[str]], written: Container[str],
               together: Callable[[str], bool], stopped: Callable[[str], bool]) -> str | None:
    """The word of a rule's name that ``first`` and ``second`` are, typed apart ("hex proof" is
    hexproof, "life link" lifelink), when the texts write it (``written``, asked first: ``names``
    reads the KB); none where they write the two words in a row (``together``: "back up" may be
    those words, not the keyword Backup) or either is a stop word of the query's language (``stopped``:
    Italian "se e" is no "see", "ma in" no "main").  Only a name's word as written: one near the two joined
    took two edits ("dead touch") as often as it took another name ("plains walker" read as
    Plainswalk), and looking for it cost each pair of a question's words 0.05 ms."""
    joined = first + second
    if (joined not in written or stopped(first) or stopped(second) or joined not in names()
            or together(f"{first} {second}")):
        return None
    return joined


def correct(text: str, known: Callable[[str], bool], vocabulary: Callable[[], Mapping[str, int]],
            written: Container[str] = (), names: Callable[[], Collection[str]] | None = None,
            unknown: list[str] | None = None,
            respelt: Callable[[str], str | None] | None = None) -> tuple[str, tuple[Correction, ...]]:
    """``text`` with each word ``known`` rejects replaced by the word ``respelt`` reads it as
    (:func:`geminates` for Italian), or by its :func:`nearest` in
    ``vocabulary`` (called only when some word is unknown), or failing one by its
    :func:`nearest_name` among the words of ``names``, and what was replaced; first,
    two words joined by a hyphen that the texts hold as one (``written``: "non-creature" is
    the rules' "noncreature": searched as "non" and "creature", it found creatures).  The words
    of :data:`NAME_SHORTEST` letters or more that stay unknown are added to ``unknown``."""
    fixes: list[Correction] = []

    def join(match: re.Match[str]) -> str:
        typed = match.group()
        meant = "".join(words(typed))
        if meant not in written:
            return typed
        fixes.append(Correction(typed, meant))
        return meant

    if "-" in text or "‐" in text:
        text = _HYPHENATED.sub(join, text)

    def fix(match: re.Match[str]) -> str:
        typed = match.group()
        folded = "".join(words(typed))
        short = len(folded) < min(SHORTEST, NAME_SHORTEST)
        if has_cjk(typed) or known(folded) or (
                short and not folded.endswith(_CLITICS) and (respelt is None or len(folded) < 4)):
            return typed  # a short word is looked up only when it may have lost an apostrophe or be respelt
        if (meant := apostrophe(folded, written)) is not None or (meant := g_dropped(folded, written)) is not None:
            fixes.append(Correction(typed, meant))
            return meant
        if respelt is not None and len(folded) >= 4 and typed.isalpha() and (meant := respelt(folded)) is not None:
            fixes.append(Correction(typed, meant))
            return meant
        if short:
            return typed
        meant = nearest(folded, vocabulary()) if max_edits(folded) else None
        if meant is None and names is not None:
            meant = nearest_name(folded, names())
        if meant is None:
            if unknown is not None and len(folded) >= NAME_SHORTEST and not known(unelided(folded)):
                unknown.append(typed)  # ("l'aura": the word searched is "aura")
            return typed
        fixes.append(Correction(typed, meant))
        return meant

    return _WORD.sub(fix, text), tuple(fixes)


def joined_names(text: str, names: Callable[[], Collection[str]], written: Container[str],
                 together: Callable[[str], bool], stopped: Callable[[str], bool]) -> tuple[str, tuple[Correction, ...]]:
    """``text`` with each pair of words :func:`split_name` reads as one name's word written as it,
    and what was joined."""
    out: list[str] = []
    fixes: list[Correction] = []
    at = 0
    for match in _PAIR.finditer(text):
        if match.start() < at or has_cjk(match.group()):
            continue  # (the second word of a pair just joined)
        end = match.end() + len(match.group(2))
        first, second = (_folded(match.group(k)) for k in (1, 2))
        meant = split_name(first, second, names, written, together, stopped)
        if meant is None:
            continue
        out += (text[at:match.start()], meant)
        fixes.append(Correction(text[match.start():end], meant))
        at = end
    return ("".join(out) + text[at:] if out else text), tuple(fixes)


def _folded(word: str) -> str:
    """``word`` as the vocabularies hold it (lower case, accents folded): a pair of each question's words is
    looked up, so plain ASCII skips the folding."""
    return word.lower() if word.isascii() else "".join(words(word))


def count_words(texts: Iterable[tuple[str, str]]) -> dict[str, dict[str, int]]:
    """Per language of Latin script, each word of ``(lang, text)`` and how many texts hold it;
    a symbol's letters are no word ("{PW}": "pw" is the players' word for planeswalker, which
    a word the rules write themselves would not be, engine._rules_words)."""
    found: dict[str, Counter[str]] = {}
    for lang, text in texts:
        if not is_cjk(lang):
            found.setdefault(lang, Counter()).update(set(words(SYMBOL.sub(" ", text))))
    return {lang: dict(counts) for lang, counts in found.items()}


def save(folder: Path, vocabularies: Mapping[str, Mapping[str, int]]) -> None:
    (folder / WORDS_FILE).write_text(json.dumps(vocabularies, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def stems_of(lang: str, vocabulary: Iterable[str]) -> dict[str, str]:
    """Each of a language's known words with its stem: a word whose stem is among them is
    another form of a known word ("shows", "indestructable"), not a typo."""
    from indexers.analysis import stem  # the analysis chains' own stemmer

    return {word: stem(base_lang(lang), word) for word in vocabulary}


def save_stems(folder: Path, stems: Mapping[str, Mapping[str, str]]) -> None:
    (folder / STEMS_FILE).write_text(json.dumps(stems, ensure_ascii=False, sort_keys=True), encoding="utf-8")


_STEMS_LOADED: dict[Path, dict[str, dict[str, str]]] = {}
_STEM_SETS: dict[tuple[Path, str], frozenset[str]] = {}


def load_stems(folder: Path) -> dict[str, dict[str, str]]:
    """What :func:`save_stems` stored in the index ``folder`` (read once per process and
    index; empty when missing or damaged: then the stems are made as needed).  Reading it
    also fills the analysis chains' stem cache, so the lexicons' words are not stemmed
    again by the first query that translates (16-21 ms of a fresh ``kb search``)."""
    found = _STEMS_LOADED.get(folder)  # (returned from here, not read back: threads of kb serve share it)
    if found is None:
        from indexers.analysis import remember_stems

        try:
            found = json.loads((folder / STEMS_FILE).read_text(encoding="utf-8"))
            if not (isinstance(found, dict) and all(isinstance(pairs, dict) for pairs in found.values())
                    and all(isinstance(s, str) for pairs in found.values() for s in pairs.values())):
                found = {}
        except (OSError, ValueError):
            found = {}
        for lang, pairs in found.items():
            remember_stems(base_lang(lang), pairs)
        if len(_STEMS_LOADED) >= 4:  # indexes of KBs rebuilt since
            _STEMS_LOADED.clear()
            _STEM_SETS.clear()
        _STEMS_LOADED[folder] = found
    return found


def stored_stems(folder: Path, lang: str) -> frozenset[str] | None:
    """The stems of ``lang``'s known words as the index ``folder`` stored them, or None:
    then the caller makes them (:func:`stems_of`)."""
    found = _STEM_SETS.get((folder, lang))
    if found is None:
        pairs = load_stems(folder).get(lang)
        if pairs is None:
            return None
        found = _STEM_SETS[(folder, lang)] = frozenset(pairs.values())
    return found


_LOADED: dict[Path, dict[str, dict[str, int]]] = {}


def load(folder: Path) -> dict[str, dict[str, int]]:
    """The index's words per language (read once per process and index)."""
    if folder not in _LOADED:
        try:
            _LOADED.clear()
            _LOADED[folder] = json.loads((folder / WORDS_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            _LOADED[folder] = {}
    return _LOADED[folder]


class Letters:
    """How a language spells: letter trigrams of its known words, to tell the language of
    words no text or lexicon holds ("epico", "mischia" read as Italian, "flicker" as English)."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.counts: Counter[str] = Counter(g for word in vocabulary for g in _trigrams(word))
        self.total = sum(self.counts.values())

    def score(self, found: Iterable[str]) -> float:
        """The mean log-likelihood of the words' trigrams, add-one smoothed: a trigram
        unseen weighs less in a language known by fewer words, and a word no text of a
        well-known language holds is rightly more likely another language's."""
        grams = [g for word in found for g in _trigrams(word)]
        if not grams:
            return 0.0
        size = len(self.counts) + 1
        return sum(math.log((self.counts[g] + 1) / (self.total + size)) for g in grams) / len(grams)


def _trigrams(word: str) -> list[str]:
    padded = f"^{word}$"
    return [padded[k : k + 3] for k in range(len(padded) - 2)]
