"""What the aligners compare in a text: content words, character n-grams and
language-independent marks, over the folds of :mod:`kb.core.text`.

Shared by rule alignment (:mod:`kb.align`), the lexicon (:mod:`kb.align.terms`) and
glossary alignment (:mod:`kb.align.glossary`).  Every edition of the rules goes
through here once per alignment, so the functions are written for speed: string
methods and regular expressions do the scanning, Python loops only touch what
they must.
"""

from __future__ import annotations

import gc
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from kb.core.rulenum import RuleNumber
from kb.core.text import CJK_RUN, base_lang, fold_accents, plain_typography

if TYPE_CHECKING:
    from kb.core.model import GlossaryEntry, RuleText

# -- languages ------------------------------------------------------------------------

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# A word and the marks around it ("-Ma'ruf.") make a run of [A-Za-z'.-]; the word
# is the run from its first letter to its last.
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'.\-]*[A-Za-z]|[A-Za-z]")
# The runs whose first letter is a capital, from their first character (a capital
# or a mark) to their last letter.  Each match starts with one of [A-Z'.-], which
# the regex engine skips to without trying the letters in between.
_CAPITALISED = re.compile(
    r"""[A-Z'.\-] (?<! [A-Za-z'.\-]. )    # the first character of a run
        (?: (?<=[A-Z]) | ['.\-]*[A-Z] )    # is a capital, or marks then a capital
        (?: [A-Za-z'.\-]*[A-Za-z] )?       # up to the last letter of the run""",
    re.VERBOSE,
)
SYMBOL = re.compile(r"\{[^{}\s]{1,8}\}")
# A number, its sign and a second number after "/" ("+1/+1", "-2", "3/4").  Written
# "a sign or digit, which is a digit or followed by one" rather than
# r"[+\-]?\d+...": starting with a character class, it is scanned twice as fast.
DIGITS = re.compile(r"[+\-\d](?:(?<=\d)|(?=\d))\d*(?:/[+\-]?\d+)?")
RULE_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d])")

# Words too common to carry meaning in the rules (English, Italian); a lexicon of
# them would only add noise.
STOPWORDS = frozenset(
    """a an the of to in on at by for from with as and or but if then than that this these those
    it its is are be been being was were has have had do does not no can can't cannot may must
    which who whom whose what when whenever where while each any all some other another such
    only also into onto up down out over under so there their they them he she his her you your
    we our us one two see rule rules example il lo la i gli le un una uno di del della dei degli
    delle da dal dalla in con su per tra fra e ed o che non se si sono come anche piu quel
    quella quei quelle questo questa vedi regola regole esempio""".split()
)
#: Words that stand for no term in a lexicon's key: the stop words above but the rules' own
#: name, which terms hold ("legend rule", "regola della leggenda": 704.5j, not "legend").
#: Measured (bench_quality, with the term lists): IT questions 0.33/0.70/0.48 -> 0.33/0.72/0.49;
#: EN, ZH and both glossary sets unchanged.
TERM_STOPWORDS = STOPWORDS - {"rule", "rules", "regola", "regole"}


#: Italian articles and prepositions elided before a vowel ("l'emblema", "dell'aura"): the word
#: after the apostrophe is the one a lexicon knows.  Measured (bench_quality, IT questions s@1 / s@5 /
#: MRR, with the Italian term list): 0.31/0.65/0.45 -> 0.32/0.67/0.47 ("l'emblema è un permanente?"
#: now finds 114.5 first); EN and ZH unchanged.
ELIDED = frozenset("l un dell all dall nell sull coll quell quest d c s m t v tutt nessun".split())


def unelided(word: str) -> str:
    """``word`` without an elided article or preposition before it ("l'emblema": "emblema")."""
    head, mark, rest = word.partition("'")
    return rest if mark and head in ELIDED and len(rest) > 1 else word



def grammar_lang(lang: str) -> str | None:
    """The language whose reference grammar :mod:`kb.core.refs` knows, if any."""
    base = base_lang(lang)
    return base if base in ("en", "it", "zh") else None


#: Words the Snowball stemmer would join to another game term, kept as a term of their own: Porter2
#: makes "commander" "command", so "commander damage" found the command zone's rules (120.7
#: before 903.10a).  Measured (bench_quality.py, s@1 / s@5): EN questions 0.53/0.84 -> 0.54/0.84,
#: IT 0.34/0.73 -> 0.34/0.74, ZH and both glossary sets unchanged; the held-out set, one look: EN
#: 0.56/0.84 -> 0.58/0.84.  The other pairs of distinct game terms Porter2 joins were measured
#: and left joined, every set unchanged: "active" (player) / "activated" (ability), "defender"
#: (the keyword) / "defending" (player), "based" / "base" (power).  Session 39 joined two Porter2
#: keeps apart: "response" (respons) and "respond", as players ask "can I respond to …" of what 117.7
#: says "in response to": "can i respond to my opponents spell with an instant" 117.7 fourteenth ->
#: fourth (the second tester's), the quality harness's 1,173 rankings and the glossary sets the same.
KEPT_WHOLE: dict[str, dict[str, str]] = {"en": {"commander": "commander", "commanders": "commander",
                                                 # and forms Porter2 keeps apart that players use alike:
                                                 "response": "respond", "responses": "respond"}}


@cache
def snowball(lang: str) -> Callable[[str], str]:
    """``lang``'s Snowball stemmer (Porter2 for English), keeping :data:`KEPT_WHOLE` whole:
    what search indexes and what the term lists are keyed by stem with."""
    from whoosh.lang import stemmer_for_language  # lazy: whoosh only where stems are made

    kept, stemmer = KEPT_WHOLE.get(base_lang(lang), {}), stemmer_for_language(base_lang(lang))
    return lambda word: kept.get(word) or stemmer(word)


@lru_cache(maxsize=1 << 16)  # a few thousand words, each stemmed thousands of times
def stem(word: str) -> str:
    """A light English/Italian stem, so "permanents" meets "permanent" and "owner's" "owner"."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_ASCII_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")  # WORD on ASCII text, twice as fast


def words(text: str) -> list[str]:
    """The words of a Latin-script text in :func:`comparable` form, in order."""
    return split_words(fold_accents(plain_typography(text)))  # single spaces change no word


def split_words(folded: str) -> list[str]:
    """The words of a text already in :func:`comparable` form, in order."""
    return (_ASCII_WORD if folded.isascii() else WORD).findall(folded)


#: Marks a lexicon key made of every word of a term, stop words included (:func:`whole_key`).
WHOLE = "="


def whole_key(text: str) -> str:
    """A term keyed by all its words, light-stemmed: "Face Up" and "Face Down" share the key of
    their content words ("face": "up" and "down" are stop words), and "a faccia in su", "come se"
    have none; by all their words they stay apart ("=face up") and are found at all."""
    return WHOLE + " ".join(stem(unelided(w)) for w in words(text))


def content_words(text: str | list[str]) -> set[str]:
    """The content words of a Latin-script text (or of its :func:`words`), stemmed, each once."""
    found = set(map(_CONTENT_STEMS.__getitem__, words(text) if isinstance(text, str) else text))
    found.discard("")
    return found


class _ContentStems(dict[str, str]):
    """Word -> its :func:`stem`, or "" for a stopword or a single letter.

    :func:`content_words` looks every word up through ``map``, without a Python
    loop: half the time of testing and stemming each word."""

    def __missing__(self, word: str) -> str:
        if len(self) >= 1 << 16:  # any text may come by: stay small
            self.clear()
        self[word] = found = stem(word) if len(word) > 1 and word not in STOPWORDS else ""
        return found


_CONTENT_STEMS = _ContentStems()


def cjk_runs(text: str) -> list[str]:
    return CJK_RUN.findall(text)


def cjk_grams(runs: Iterable[str]) -> set[str]:
    """The character 2-, 3- and 4-grams of runs of CJK characters (see :func:`cjk_runs`):
    what stands for words in a language written without spaces."""
    grams: set[str] = set()
    add = grams.add
    for run in runs:
        for i in range(len(run) - 1):
            add(run[i : i + 2])
        for i in range(len(run) - 2):
            add(run[i : i + 3])
        for i in range(len(run) - 3):
            add(run[i : i + 4])
    return grams


def name_token(word: str) -> str | None:
    """A Latin-script word as a name mark: case-folded, except single capitals, the
    variables of the rules ("scry N", "X")."""
    if not word[0].isupper():  # "of" in "Ring of Ma'ruf" is no name
        return None
    if len(word) == 1:
        return None if word in "AI" else "n" + word
    return "n" + word.casefold()


def name_tokens(text: str) -> list[str]:
    """The name marks of a text (:func:`name_token` of each capitalised Latin word)."""
    return [("n" + w.casefold() if len(w) > 1 else "n" + w) for w in map(_strip_marks, _CAPITALISED.findall(text))
            if w not in ("A", "I")]


def _strip_marks(run: str) -> str:
    """The word of a run of [A-Za-z'.-] that starts with marks ("'Twas")."""
    return run.lstrip("'.-")


_NOTE_IN_TERM = re.compile(r"[（(][^）)]*[）)]")
_FORM_SPLIT = re.compile(r"[/、，,]")


def glossary_forms(entry: GlossaryEntry) -> list[str]:
    """The headword and aliases of a glossary entry, without notes ("循环（异能）",
    "(Obsolete)"), split where one line names several forms."""
    found = []
    for text in (entry.term, *entry.aliases):
        for form in _FORM_SPLIT.split(_NOTE_IN_TERM.sub("", text)):
            form = form.strip(" “”\"'")
            if len(form) >= 2 and "[" not in form and "…" not in form and form not in found:
                found.append(form)
    return found


def full_text(text: RuleText) -> str:
    """Title, body and examples: everything a rule text says."""
    parts = [text.title or "", text.body, *text.examples]
    return "\n".join(p for p in parts if p)


def cited(text: str, grammar: str | None) -> tuple[tuple[RuleNumber, ...], str]:
    """The numbers a text cites (range ends included) and the text without them."""
    if grammar is None:
        bare = tuple(n for n in map(RuleNumber.try_parse, RULE_NUMBER.findall(text)) if n is not None)
        return bare, RULE_NUMBER.sub(" ", text)
    from kb.core import refs  # lazy: 24 patterns to compile, for a text that cites in a grammar

    found = refs.extract(text, grammar)
    if not found:
        return (), text
    numbers: list[RuleNumber] = []
    pieces: list[str] = []
    pos = 0
    for reference in found:
        for target in reference.targets:
            numbers.append(target.first)
            if target.is_range:
                numbers.append(target.last)
        pieces.append(text[pos : reference.start])
        pos = reference.end
    pieces.append(text[pos:])
    return tuple(numbers), " ".join(pieces)


# The compatibility characters of the Chinese rules, with their NFKC forms.
_COMPATIBLE = tuple((char, unicodedata.normalize("NFKC", char)) for char in "，（）：；～／！…™")


def nfkc(text: str) -> str:
    """``unicodedata.normalize("NFKC", text)``, five times faster on Chinese rules.

    Their full-width punctuation would send every text through the general
    algorithm; replaced first by its NFKC form (which leaves the NFKC of the whole
    unchanged), what remains is usually normalized already, which NFKC checks fast."""
    if unicodedata.is_normalized("NFKC", text):
        return text
    for char, plain in _COMPATIBLE:
        if char in text:
            text = text.replace(char, plain)
    return unicodedata.normalize("NFKC", text)


def marks(text: str) -> tuple[Counter[str], str]:
    """Symbols ({T}, {2/W}) and numbers of a text whose cited rules are removed: the
    same in every language.  Also the text (NFKC) without its symbols."""
    text = nfkc(text)
    symbols = []
    if "{" in text:
        symbols = ["s" + m.upper() for m in SYMBOL.findall(text)]
        text = SYMBOL.sub(" ", text)
    return Counter(symbols + ["d" + m.lstrip("+") for m in DIGITS.findall(text)]), text


# -- bulk work ------------------------------------------------------------------------


@contextmanager
def paused_gc() -> Iterator[None]:
    """Run a block without the cyclic garbage collector.

    Aligning two editions builds hundreds of thousands of small sets and dicts, none
    of them in a cycle; the collector would walk every live object again and again
    while they are built (a seventh of the time of an alignment)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
