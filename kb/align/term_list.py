"""Game terms written by us, read as lexicons beside the learned ones.

Two kinds of list live in ``term_lists/`` beside this module, each a tab-separated file with
a header line and ``#`` comments:

- ``it.tsv`` (``english<TAB>italian``): the official Italian names of the rules' terms,
  as printed on Italian cards ("deathtouch" is "tocco letale").  We hold no Italian
  rulebook to align, and ten card sets print only the keywords they use, so an Italian
  question about exploit or the commander tax had no word search could read.  The
  list is checked against the printed cards (``benchmarks/bench_terms.py``).
- ``it-common.tsv`` (``english<TAB>italian``): the everyday Italian words of a question
  around the game's terms ("primo", "vuoto", "pareggio"), read after the official names.
- ``<lang>-players.tsv`` (``player<TAB>rules``): the words players use where the rules say
  it otherwise ("blink": exile and return to the battlefield; "etb": enters; 坟场: 坟墓场).

Their lexicons carry the origins :data:`~kb.align.lexicon.TERMS` (official names, read
after the aligned glossaries and before anything learned) and
:data:`~kb.align.lexicon.PLAYERS` (a lexicon from a language into itself).

Keys follow what search looks up: an official Italian term by the Snowball stems of its
content words ("~tocc ~letal": every form of each word meets it), a player's phrase by
its light stems (:func:`kb.align.glossary_lexicon.key_of`), as English queries are keyed,
and an English one-word term by its inflected forms too ("blinked", :func:`inflections`), or in
Chinese as it is written (found inside a query, as the other CJK keys are).
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from whoosh.lang import stopwords_for_language

from kb.align.glossary_lexicon import key_of
from kb.align.lexicon import PLAYERS, SENSES, TERMS, Lexicon, senses
from kb.align.tokens import TERM_STOPWORDS, WHOLE, snowball, stem, unelided, whole_key, words
from kb.core.errors import KbError
from kb.core.text import base_lang, fold_accents, is_cjk

FOLDER = Path(__file__).with_name("term_lists")
_NOTE = re.compile(r"\s*\([^)]*\)")


@dataclass(frozen=True, slots=True)
class TermPair:
    """One line of a list: a term and what it stands for, and where it was read."""

    term: str
    means: str
    line: int


def read(path: Path, header: tuple[str, str]) -> list[TermPair]:
    """The pairs of one list; a malformed line is an error naming the file and line."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KbError(f"cannot read the term list: {exc}", str(path)) from exc
    pairs: list[TermPair] = []
    seen_header = False
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not seen_header:
            if tuple(f.strip() for f in fields) != header:
                raise KbError(f"expected the header {'<TAB>'.join(header)!r}, found {line!r}", str(path), number)
            seen_header = True
            continue
        if len(fields) != 2 or not all(f.strip() for f in fields):
            raise KbError(f"expected two non-empty tab-separated fields, found {line!r}", str(path), number)
        pairs.append(TermPair(fields[0].strip(), fields[1].strip(), number))
    return pairs


def official_pairs(lang: str) -> list[TermPair]:
    """(English term, its official name in ``lang``) pairs, or none where no list is written."""
    path = FOLDER / f"{base_lang(lang)}.tsv"
    return read(path, ("english", language_name(lang))) if path.is_file() else []


def common_pairs(lang: str) -> list[TermPair]:
    """(English word, the everyday word of ``lang`` for it) pairs: the plain words of a
    question around the game's terms ("primo", "vuoto"), or none where no list is written."""
    path = FOLDER / f"{base_lang(lang)}-common.tsv"
    return read(path, ("english", language_name(lang))) if path.is_file() else []


def language_name(lang: str) -> str:
    """The name a list's header gives its language ("italian")."""
    from babel import Locale  # lazy: only builds read the lists

    return str(Locale.parse(base_lang(lang)).get_display_name("en")).casefold()


def player_pairs(lang: str) -> list[TermPair]:
    """(player's word, the rules' words) pairs of ``lang``, or none where no list is written."""
    path = FOLDER / f"{base_lang(lang)}-players.tsv"
    return read(path, ("player", "rules")) if path.is_file() else []


def keys_of(lang: str, text: str) -> list[str]:
    """A Latin-script term's keys: its content words by their light stems, as a query's
    words are keyed ("tocco letale"), and by their Snowball stems, each marked with ``~``
    as search marks a stem ("~tocc ~letal", which "tocchi letali" meets too).  The words
    both stop lists drop are left out, as a query's are ("danno da combattimento")."""
    stem_of = snowball(lang)
    stops = TERM_STOPWORDS | {fold_accents(w) for w in stopwords_for_language(base_lang(lang))}
    content = [w for w in map(unelided, words(text)) if len(w) > 1 and w not in stops]
    if not content:
        return []
    return [" ".join(stem(w) for w in content), " ".join("~" + stem_of(w) for w in content)]


def _whole(term: str, keys: list[str]) -> list[str]:
    """``term``'s key by all its words (:func:`kb.align.tokens.whole_key`) where its keys leave
    some out: "face up" is not "face down", though both are keyed "face"."""
    whole = whole_key(term)
    return [whole] if whole != WHOLE and whole[len(WHOLE):] not in keys else []


def english_of(pair: TermPair) -> str:
    """The English term as search looks it up: folded, without a note ("Legend (Obsolete)")."""
    return _NOTE.sub("", pair.term).strip().casefold()


def official_lexicons(lang: str) -> list[Lexicon]:
    """Both directions of the official names of :func:`official_pairs` (the first line of a
    key speaks): ``lang`` -> English keyed as a query's words are, and English -> ``lang``
    keyed by the English term's words, whose translation is the name as printed ("identità
    di colore"); both with the plain words of :func:`common_pairs` after the names (English ->
    Italian read them only from session 25: "first" was "improvviso", a word the cards of
    first strike taught, where the list says "primo"; no rank of the quality benchmarks moved).
    Search reads such a lexicon forwards only: its keys are stems, no name."""
    into_english: dict[str, tuple[str, float]] = {}
    from_english: dict[str, tuple[str, float]] = {}
    plain = {key for pair in common_pairs(lang) for key in keys_of(lang, pair.means)[:1]}
    for pair in official_pairs(lang):
        # a name written with a hyphen is typed without it too ("antimalocchio", session 37's tester)
        keys = list(dict.fromkeys([*keys_of(lang, pair.means),
                                   *(keys_of(lang, pair.means.replace("-", "")) if "-" in pair.means else [])]))
        if read_whole(pair.means, keys, plain):
            keys = []
        for key in [*keys, *_whole(pair.means, keys)]:  # "a faccia in su": stop words only
            into_english.setdefault(key, (english_of(pair), 1.0))
        english = key_of(english_of(pair))
        for key in [*([english] if english else []), *_whole(english_of(pair), [english or ""])]:
            from_english.setdefault(key, (pair.means.casefold() if pair.means[:1].islower() else pair.means, 1.0))
    for pair in common_pairs(lang):  # after the official names: a name wins over a plain word
        for key in keys_of(lang, pair.means)[:1]:  # the word as written: stems of plain words collide
            into_english.setdefault(key, (english_of(pair), 1.0))  # ("fine" end, "fino" until: "~fin")
        if (english := key_of(english_of(pair))) is not None:
            from_english.setdefault(english, (pair.means, 1.0))
    return [lexicon for lexicon in (Lexicon(lang, "en", into_english, TERMS),
                                    Lexicon("en", lang, from_english, TERMS)) if len(lexicon)]


def read_whole(name: str, keys: list[str], plain: set[str]) -> bool:
    """Whether an official name is keyed by all its words only: one of three words or more whose key
    without its stop words is a plain word of :func:`common_pairs` ("a meno che", Unless, keyed "meno",
    took "less": every "meno" was read as "unless"; the only such name, session 45).  Measured (the
    quality harness by words): two Italian questions up, none down."""
    return len(words(name)) > 2 and bool(keys) and " " not in keys[0] and keys[0] in plain


#: A learned word may stand for a term our list names only if it is a form of a word of that
#: term's official name: the cards of a set teach "mantiene" (keeps) -> prototype, "stato" (been)
#: -> kicker, "aiuta" -> convoke beside the right pairs, since those words stand on the same cards.
#: Of the 373 Italian -> English card entries of the ten sets, 159 give a term our list names; 30
#: of them are no form of its name and are left out ("~mantien", "~stat", "~aiut", "~quand" ...),
#: the inflections stay ("~entra", "~sacrif", "~fugg" -> escape, "~dopp" -> double).  Measured:
#: NOTES.md, session 7.
OFFICIAL_NAMES_SPEAK = True


def official_forms(lang: str) -> dict[str, set[str]]:
    """English term (as :func:`english_of` gives it) -> the words of its official names in
    ``lang``, as light stems and Snowball stems (without the ``~``)."""
    forms: dict[str, set[str]] = defaultdict(set)
    for pair in official_pairs(lang):
        for key in keys_of(lang, pair.means):
            forms[english_of(pair)].update(word.lstrip("~") for word in key.split())
    return forms


def _alike(word: str, official: str) -> bool:
    """One word a form of the other: three letters in common at the start (or all of the
    shorter), or the first inside the second ("dopp" in "raddopp")."""
    start = len(os.path.commonprefix([word, official]))
    return start >= min(3, len(word), len(official)) or (len(word) >= 4 and word in official)


def agreeing(lexicons: Iterable[Lexicon], langs: set[str]) -> list[Lexicon]:
    """``lexicons`` with the learned entries that contradict our list left out: into English,
    a term our list names for a word that is no form of its official name
    (:data:`OFFICIAL_NAMES_SPEAK`); out of English, a word of an official name for an English
    word that is no form of the term named (:data:`NAMES_ARE_TAKEN`)."""
    found: list[Lexicon] = []
    forms_of: dict[str, dict[str, set[str]]] = {}
    named_by: dict[str, dict[str, set[str]]] = {}
    for lexicon in lexicons:
        learned = lexicon.origin not in (TERMS, PLAYERS) and {"en", lexicon.src, lexicon.dst} <= langs
        if learned and lexicon.dst == "en" and OFFICIAL_NAMES_SPEAK:
            if lexicon.src not in forms_of:  # each language's list read once
                forms_of[lexicon.src] = official_forms(lexicon.src)
            forms = forms_of[lexicon.src]
            terms = {key: entry for key, entry in lexicon.terms.items()
                     if (names := forms.get(entry[0].casefold())) is None
                     or any(_alike(word.lstrip("~"), name) for word in key.split() for name in names)}
        elif learned and lexicon.src == "en" and NAMES_ARE_TAKEN and not is_cjk(lexicon.dst):
            if lexicon.dst not in named_by:
                named_by[lexicon.dst] = terms_named_by(lexicon.dst)
            named = named_by[lexicon.dst]
            terms = {key: entry for key, entry in lexicon.terms.items()
                     if not (owners := {t for w in words(entry[0]) for t in named.get(stem(w), ())})
                     or any(_alike(word, part) for word in key.split() for term in owners for part in words(term))}
        else:
            found.append(lexicon)
            continue
        found.append(replace(lexicon, terms=terms, support={k: n for k, n in lexicon.support.items() if k in terms}))
    return found


#: A learned English word may not take a word of an official name for a term it is no form of: the
#: cards of ninjutsu teach "attacker" -> "ninjutsu" (its reminder text returns an unblocked attacker),
#: those of convoke "casting" -> "convocazione", "mano" (hand) stands for "return" and "reveal".
#: Of the 497 English -> Italian card entries of the ten sets, 20 are left out (the words as
#: written: by their Snowball stems, "dragon" -> "drago" would go for Dredge's "dragare").  Measured:
#: no ranking of the question sets or the glossary benchmark moved, nor any row of bench_lexicon.py
#: (its keyword gold is of sets the cards lexicon does not see); the header no longer shows them.
NAMES_ARE_TAKEN = True


def terms_named_by(lang: str) -> dict[str, set[str]]:
    """Each word of ``lang``'s official names (its light stem) -> the English terms it names."""
    found: dict[str, set[str]] = defaultdict(set)
    for pair in official_pairs(lang):
        for word in (keys_of(lang, pair.means) or [""])[0].split():
            found[word].add(english_of(pair))
    return found


def players_lexicon(lang: str) -> Lexicon | None:
    """``lang`` -> ``lang``: each player's word keyed as a query is, with the rules' words."""
    terms: dict[str, tuple[str, float]] = {}
    owners: dict[str, str] = {}  # the word whose line made each key
    pairs = player_pairs(lang)
    for pair in pairs:  # CJK keys are found inside a query
        if (key := pair.term if is_cjk(lang) else key_of(pair.term)) is not None:
            _add_sense(terms, owners, key, pair)
    listed = set(terms)
    if base_lang(lang) == "en":  # after every word as listed: a listed word is never another's form
        for pair in pairs:
            # a phrase also by its Snowball stems ("summoning sick" meets "summoning sickness"), a
            # word by its inflected forms: alone, a stem met words that are none ("ultimately": "ult")
            stems = [k for k in keys_of(lang, pair.term)[1:] if len(k.split()) == len(words(pair.term)) > 1]
            for key in [*map(key_of, inflections(pair.term)), *stems]:
                if key is not None and key not in listed:
                    _add_sense(terms, owners, key, pair)
    return Lexicon(lang, lang, terms, PLAYERS) if terms else None


def _add_sense(terms: dict[str, tuple[str, float]], owners: dict[str, str], key: str, pair: TermPair) -> None:
    """``key`` stands for ``pair``'s rules words too where the same word made it: a word with
    several lines keeps every sense (:data:`kb.align.lexicon.SENSES`), in the list's order.
    Another word keyed alike ("deck out", its "out" a stop word, is keyed as "deck") adds none:
    the first line speaks, as before."""
    if owners.setdefault(key, pair.term) != pair.term:
        return
    known = senses(terms[key][0]) if key in terms else []
    if pair.means not in known:
        terms[key] = (SENSES.join([*known, pair.means]), 1.0)


def inflections(term: str) -> set[str]:
    """The inflected forms of a one-word English players' word ("blinked", "flickering",
    "sacced", "fizzled"), which its light key (plurals only) does not meet: "blinked creature"
    was read as a typo of Blocked Creature.  Forms, not stems: a Snowball stem also met words
    that are none ("ultimately" met "ult")."""
    if " " in term or "-" in term or not term.isalpha() or len(term) < 3:
        return set()
    if term.endswith("e"):
        return {term + "d", term[:-1] + "ing"}
    if term.endswith("y") and term[-2] not in "aeiou":
        return {term[:-1] + "ied", term + "ing", *_pasts_written(term)}
    if len(re.findall("[aeiou]+", term)) == 1 and term[-1] not in "aeiouwxy" and term[-2] in "aeiou" \
            and term[-3] not in "aeiou":  # one syllable, doubled: sacced, flipped (not "tutorred")
        return {term + term[-1] + "ed", term + term[-1] + "ing", *_pasts_written(term)}
    return {term + "ed", term + "ing", *_pasts_written(term)}


def _pasts_written(term: str) -> set[str]:
    """How players write the past of a clipped word or an abbreviation: with an apostrophe
    ("sac'd", "etb'd"), and, after letters read one by one (no vowel after the first letter),
    with a bare "d" ("etbd", "ltbd").  Not a bare "d" after a word said as a word: it would
    make another word ("bin": "bind", "pro": "prod")."""
    return {term + "'d", *([term + "d"] if re.fullmatch(r".[^aeiouy]+", term) else [])}


def lexicons(langs: set[str]) -> list[Lexicon]:
    """The lists' lexicons for the languages of a build: official names of each
    language beside English, and each language's players' words."""
    found = [lexicon for lang in sorted(langs - {"en"}) if "en" in langs for lexicon in official_lexicons(lang)]
    return found + [lexicon for lang in sorted(langs) if (lexicon := players_lexicon(lang)) is not None]
