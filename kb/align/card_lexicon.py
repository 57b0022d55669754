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

from kb.align.lexicon import Lexicon
from kb.align.terms import learn_lexicon
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
    return lexicons
