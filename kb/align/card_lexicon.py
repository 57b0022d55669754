"""Word translations learned from the printed texts of cards.

The rules teach a lexicon only where a translation of the rules is held (Chinese);
the Italian rules we have are a few paragraphs, too few to learn from.  Card data
gives every printed card text in up to ten languages: thousands of short parallel
texts in the rules' own vocabulary ("cimitero" is "graveyard", "segnalino" is
"counter").  Search uses the result to carry an Italian query into English and on.

A card names itself in its text ("Sacrifice Alseid of Life's Bounty"); the name,
a word pair that says nothing about the rules, is masked on both sides first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from whoosh.lang import stemmer_for_language, stopwords_for_language

from kb.align.lexicon import Lexicon
from kb.align.terms import learn_lexicon
from kb.align.tokens import STOPWORDS, stem, words
from kb.core.text import base_lang, fold_accents, is_cjk
from kb.ingest.mtgjson import Card, Face

SOURCE = "en"
ORIGIN = "cards"
#: A term goes to the word it agrees with best (kb.align.terms._unclaimed): card texts
#: repeat set phrases ("deals N damage", "create a token") whose words all meet.
#: Measured (benchmarks/bench_lexicon.py, "used" columns, without -> with): held-out
#: keywords EN->IT precision 0.994 -> 1.000, IT->EN 0.981 -> 0.994 at the same recall
#: (0.905; "damage" is "danno", no longer "infligge"); EN-ZH about even (glossary gold
#: EN->ZH 0.833/0.295 -> 0.831/0.292, ZH->EN 0.946/0.307 -> 0.953/0.304).
EXCLUSIVE = True
#: Card texts are short and about creatures: "creature" is in 59% of them (EN-IT), more with the type
#: lines, so the rules' limit (words in half the pairs or fewer) left it untranslated.  0.5 -> 0.75 (texts
#: only): "creatura" -> "creature" learned and used, IT questions (bench_quality) 0.12/0.28 -> 0.12/0.27
#: s@1/s@5; with TYPE_LINES, 0.75 lost "creatura" again and 0.9 brought it back.
MAX_SHARE = 0.9
#: Each face's printed type line joins its text ("Creatura Leggendaria — Umano" beside "Legendary
#: Creature — Human"): the card types' words, which texts rarely repeat.  Measured with MAX_SHARE 0.9
#: (bench_lexicon, used precision / recall): held-out keywords EN->IT 1.000/0.905 unchanged; glossary
#: gold cards EN->ZH 0.837/0.301 -> 0.844/0.309, ZH->EN 0.906/0.298 -> 0.901/0.307; IT questions
#: (bench_quality) 0.18/0.32 -> 0.18/0.32 (0.18/0.33 with MAX_SHARE 0.75, where "creatura" is lost).
TYPE_LINES = True
#: Fewer pairs than this teach chance more than translation.
MIN_PAIRS = 200
#: Besides the lexicon keyed by English words, one from each other Latin-script language into
#: English keyed by Snowball stems (``~`` + stem, as search's ``stem_key`` writes them): Italian
#: inflects where English does not, and a word learned form by form splits its agreement with its
#: English word ("magia", "magie": "spell" at 0.31, below trust; "pescare" met no form of "pesca").
#: Measured (bench_quality, IT questions s@1 / s@5 / MRR; EN, ZH and the glossary unchanged): off ->
#: 0.18/0.32/0.24; on -> 0.15/0.36/0.25; with question words standing for no term in a lookup
#: (indexers.translate._latin_lookup: "quando" had become "enter") 0.17/0.36/0.26 -- eleven questions
#: rank their rule higher ("pescare", "magia", "lanciare" now read), two lower; with STEMS_MIN_PAIRS
#: 0.18/0.36/0.27.  Held-out keywords (bench_lexicon, search rows, used P / R): EN->IT 1.000/0.905 as
#: before, IT->EN 0.994/0.905 -> 0.994/0.911.
BY_STEMS = True
#: A stem meets its English word in this many card texts at least: a stem groups more words than a
#: form does, so chance needs more pairs to be ruled out ("completato", compleated, shares "complet"
#: with "completa", full, learned from five texts where the sets holding compleated are unseen).
STEMS_MIN_PAIRS = 6
#: An English word goes to the stem it agrees with best ("life": "vita", so "guadagnare" is "gain",
#: not "life").  IT questions the same either way (0.17/0.36/0.26); kept for the right word.
STEMS_EXCLUSIVE = True


def text_pairs(cards: Iterable[Card], lang: str) -> list[tuple[str, str]]:
    """(English text, text in ``lang``) of every card face printed in both, each pair
    once (a card reprinted in several sets counts once), the card's names masked."""
    pairs: dict[tuple[str, str], None] = {}
    for card in cards:
        for face in card.faces:
            english, other = _printed(face, SOURCE), _printed(face, lang)
            if english and other:
                pairs.setdefault((_masked(english, [card.name, face.name]),
                                  _masked(other, [card.names.get(lang), face.names.get(lang)])), None)
    return list(pairs)


def _printed(face: Face, lang: str) -> str:
    """A face's printed type line and text in ``lang`` (the type line only where
    :data:`TYPE_LINES`), "" when either is missing in that language."""
    text, types = face.texts.get(lang, ""), face.type_lines.get(lang, "")
    if not TYPE_LINES:
        return text
    return f"{types}\n{text}".strip() if types else ""


def _masked(text: str, names: Iterable[str | None]) -> str:
    """The text with each of the card's names (longest first) replaced by "~"."""
    for name in sorted({n for found in names if found for n in found.split(" // ")}, key=len, reverse=True):
        text = re.sub(re.escape(name), "~", text, flags=re.IGNORECASE)
    return text


def learn(cards: list[Card], langs: Iterable[str]) -> dict[tuple[str, str], Lexicon]:
    """A lexicon from English into each of ``langs`` (the languages of the rules held:
    search translates between those only), where enough card texts are printed in both."""
    lexicons = {}
    for lang in sorted(set(langs) - {SOURCE}):
        pairs = text_pairs(cards, lang)
        if len(pairs) >= MIN_PAIRS:
            lexicons[SOURCE, lang] = replace(learn_lexicon(pairs, SOURCE, lang, exclusive=EXCLUSIVE,
                                                                   max_share=MAX_SHARE), origin=ORIGIN)
            if BY_STEMS and not is_cjk(lang):
                lexicons[lang, SOURCE] = by_stems(pairs, lang)
    return lexicons


def by_stems(pairs: list[tuple[str, str]], lang: str) -> Lexicon:
    """A lexicon from ``lang`` into English keyed by the Snowball stems of ``lang``'s
    words ("~pesc": "pesca", "pescare", "pescata" are one word), see :data:`BY_STEMS`."""
    snowball = stemmer_for_language(base_lang(lang))
    stops = STOPWORDS | {fold_accents(w) for w in stopwords_for_language(base_lang(lang))}
    light: dict[str, str] = {}  # the learner's light stem of a Snowball stem -> the Snowball stem
    roots: dict[str, str] = {}  # word -> its stem: a few thousand words, stemmed once each (1.2 s -> 0.3 s)

    def stems(text: str) -> str:
        found = []
        for word in words(text):
            if len(word) > 1 and word not in stops:
                root = roots.get(word)
                if root is None:
                    root = roots[word] = snowball(word)
                    light.setdefault(stem(root), root)
                found.append(root)
        return " ".join(found)

    learned = learn_lexicon([(stems(other), english) for english, other in pairs], lang, SOURCE,
                            exclusive=STEMS_EXCLUSIVE, max_share=MAX_SHARE, min_count=STEMS_MIN_PAIRS)
    key = {word: "~" + light.get(word, word) for word in learned.terms}
    return Lexicon(lang, SOURCE, {key[w]: entry for w, entry in learned.terms.items()}, ORIGIN,
                   {key[w]: n for w, n in learned.support.items() if w in key})
