"""Whoosh analysis chains for the rules, one per language, from small filters.

Every chain starts with :class:`RulesTokenizer`, which knows the three kinds of
token the rules hold: rule numbers (``702.102a``, kept whole and written the way
:class:`~kb.core.rulenum.RuleNumber` writes them, so "702.102" finds the rule and the
texts citing it), words, and runs of CJK characters.  The filters after it touch
only the kind of token they are about:

* English: typography and case folded, possessives dropped, stop words, accents
  folded, Porter2 stemming;
* Italian: likewise, with elisions (``l'oggetto`` -> ``oggetto``), Italian stop
  words and the Snowball Italian stemmer; accents are folded *before* stemming so
  that a query typed without accents ("citta") meets the text ("città");
* Chinese: runs of Han characters become overlapping character bigrams, with a
  unigram at each position (see :class:`CjkGrams` for why not a word segmenter).

Stemmers are cached per language at module level, so the analyzers pickled into
an index schema stay small.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache

from whoosh.analysis import STOP_WORDS, Analyzer, Filter, Token, Tokenizer
from whoosh.lang import stopwords_for_language

from kb.align.tokens import snowball
from kb.core.rulenum import RuleNumber
from kb.core.text import CJK as CJK_SCRIPTS
from kb.core.text import base_lang, char_class

NUMBER, WORD, CJK, PT = "number", "word", "cjk", "pt"

_CJK_CHARS = char_class(CJK_SCRIPTS)
_TOKEN = re.compile(
    rf"""(?P<pt>(?<![0-9A-Za-z/+\-−–＋－])(?:[+\-−–＋－]?(?:\d+|[Xx*])[/／][+\-−–＋－]?(?:\d+|[Xx*])(?![0-9/／])
                  |[+\-−–＋－]\d+[+\-−–＋－]\d+(?![0-9/／])))
       | (?P<number>(?<![0-9A-Za-z.])\d{{3}}(?:\.\d{{1,3}}[a-z]?)?(?![0-9A-Za-z]))
       | (?P<cjk>[{_CJK_CHARS}]+)
       | (?P<word>[^\W\d_{_CJK_CHARS}]+(?:['’][^\W\d_{_CJK_CHARS}]+)*|∞)
       | (?P<digits>\d+)""",
    re.VERBOSE,
)
_COMBINING = re.compile(r"[\u0300-\u036f]")
#: A hyphen and a letter after a token: the token is the first half of a compound ("Two-Headed").
_JOINED = re.compile(r"[-‐][^\W\d_]")


def pt_term(text: str) -> str:
    """``−1/−1``, ``–1/–1``, ``＋１/＋１``, ``+x/+x`` -> ``-1/-1``, ``+1/+1``, ``+X/+X`` (a letter may
    follow: "+1/+1s", "+1/+1counter"): a power/toughness pair is one term, so
    "+1/+1 counter" finds the rules about those counters, not every text holding a 1; "+1+1" typed
    without the slash is the same pair
    (bench_quality by words: our EN s@1/s@5 0.594/0.857 -> 0.598/0.862, held-out EN
    0.633/0.853 -> 0.642/0.862, glossary EN 0.640 -> 0.643; nothing lost)."""
    term = unicodedata.normalize("NFKC", text).replace("−", "-").replace("–", "-").upper()
    return term if "/" in term else _UNSLASHED.sub(r"\1/\2", term)


#: "+1+1", "-1-1": a pair typed without its slash (players do: "+1+1指示物"; "身上有+1+1又有-1-1指示物会互相
#: 抵消吗" led with 728.1, rad counters, now 122.3 and 704.5q; every ranking of the quality harness the same).
_UNSLASHED = re.compile(r"^([+-]\d+)([+-]\d+)$")


def token_kind(token: Token) -> str:
    """The kind :class:`RulesTokenizer` gave a token (a word for other tokenizers)."""
    return getattr(token, "kind", WORD)


class RulesTokenizer(Tokenizer):
    """Rule numbers, words (the sign ∞ of Infinity cards among them), CJK runs and bare digits, in text order.

    A rule number is written canonically (``RuleNumber``); a number-like token that
    is no rule number (``702.102l``: subrules skip l and o) stays as written."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(self, value: str, positions: bool = False, chars: bool = False, keeporiginal: bool = False,
                 removestops: bool = True, start_pos: int = 0, start_char: int = 0, tokenize: bool = True,
                 mode: str = "", **kwargs: object) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, match in enumerate(_TOKEN.finditer(value) if tokenize else ()):
            kind = match.lastgroup or WORD
            text = match.group()
            if kind == "number":
                number = RuleNumber.try_parse(text)
                text = str(number) if number is not None else text
            elif kind == PT:
                text = pt_term(text)
            token.kind = NUMBER if kind in ("number", "digits") else kind
            token.text = text
            token.joined = _JOINED.match(value, match.end()) is not None
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = match.group()
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar = start_char + match.start()
                token.endchar = start_char + match.end()
            yield token
        if not tokenize:  # whoosh asks for the whole value as one token (ID-like use)
            token.kind, token.text, token.boost, token.stopped = WORD, value, 1.0, False
            token.original = value
            if positions:
                token.pos = start_pos
            if chars:
                token.startchar, token.endchar = start_char, start_char + len(value)
            yield token


class _WordFilter(Filter):
    """A filter that changes word tokens only (numbers and CJK pass untouched)."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self.__dict__.items()))))

    def word(self, text: str) -> str:
        return text

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            if token_kind(token) == WORD:
                token.text = self.word(token.text)
            yield token


_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "`": "'", "ʼ": "'"})


class Normalize(_WordFilter):
    """Compatibility forms (full-width letters), one apostrophe, case folded."""

    def word(self, text: str) -> str:
        if not text.isascii():
            text = unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHY)
        return text.casefold()


class FoldAccents(_WordFilter):
    """``città`` -> ``citta``: people type queries without accents."""

    def word(self, text: str) -> str:
        if text.isascii():
            return text
        return _COMBINING.sub("", unicodedata.normalize("NFKD", text))


class Possessive(_WordFilter):
    """``player's`` -> ``player`` (English)."""

    def word(self, text: str) -> str:
        return text[:-2] if text.endswith("'s") else text


class NumberWords(_WordFilter):
    """A number written as a word -> its digits ("ten" -> ``10``, "seven" -> ``7``), so a player's "10
    poison counters" meets 704.5c's "ten or more poison counters" and "discard down to 7" 402.2's
    "seven".  Not "one", a pronoun as often ("any one of them"), nor words past twenty (the rules write
    those in digits: "20 life", "40 life"), nor the first half of a compound: "Two-Headed Giant"
    keeps its "two", so a keyword's number ("scry 2", "toxic 2") no longer finds the 810 rules.
    Measured: see :data:`NUMBER_WORDS`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def word(self, text: str) -> str:
        return _NUMBER_WORDS.get(self.lang, {}).get(text, text)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            if token_kind(token) == WORD and not getattr(token, "joined", False):
                token.text = self.word(token.text)
            yield token


#: The number words :class:`NumberWords` reads as digits, by language.  Measured (session 39): the 50
#: English questions of the five sets writing a number from 0 to 20, each also with that number
#: written the other way ("discard down to seven" / "… to 7"; 100 queries), first / in the first five
#: 65/83 -> 74/90 ("battle with zero defense", "discard to 7 end of turn", "2 replacement effects who
#: chooses" from nowhere to first); the quality harness by words 756/1036 -> 756/1036 (two first
#: places lost, "discard down to seven at end of turn" 514.1 second behind 500.1, "who chooses who
#: plays first in game 2" 103.1 second; two won), glossary EN 0.681 -> 0.679 (s@5 0.872 the same).
NUMBER_WORDS = {"en": "zero - two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
                      " sixteen seventeen eighteen nineteen twenty"}  # "-": one, left as it is
_NUMBER_WORDS = {lang: {w: str(n) for n, w in enumerate(words.split()) if w != "-"}
                 for lang, words in NUMBER_WORDS.items()}


class DiceNoun(Filter):
    """The noun "die" (a die rolled) -> ``dice``, so the verb's forms (die, dies, died, dying:
    Porter2's "die") meet only each other.  "when a creature dies" led with 712.21 and had 706.1
    (rolling a die) third, "what counts as dying" 706.1 second: of the 64 "die" of the 2026-04-17
    rules, 61 are the noun, each after an article, "planar", "of" or an n-sided, or before "roll"
    (:data:`DIE_BEFORE`, :data:`DIE_AFTER`); a query's "does it die" stays the verb.  English
    only; runs before the stop words, which hold the articles it reads.  Measured (the quality
    harness by words): s@1 / s@5 unchanged on every set; three first-three lists changed, the
    die rolled gone from "what counts as dying" and "cosa significa muore" (706.1 second)."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        held: Token | None = None  # a "die" waiting for the word after it ("die roll")
        before = held_before = ""
        for token in tokens:
            word = token.text if token_kind(token) == WORD else ""
            if held is not None:
                held.text = "dice" if die_is_noun(held_before, word) else held.text
                yield held
                held = None
            if word == "die":
                held, held_before = token.copy(), before  # whoosh reuses one Token for the stream
            else:
                yield token
            before = word
        if held is not None:
            held.text = "dice" if die_is_noun(held_before, "") else held.text
            yield held


def die_is_noun(before: str, after: str) -> bool:
    """Whether "die" between these words (folded; "" for none) is the noun (:class:`DiceNoun`)."""
    return before in DIE_BEFORE or before.endswith("sided") or after in DIE_AFTER


#: The words before "die" that make it the noun ("roll a die", "the planar die", "a six-sided die").
DIE_BEFORE = frozenset("a the planar of that this each new another one second first d6 d20 same".split())
#: The words after "die" that make it the noun ("die roll", "die rolls", "die rolled").
DIE_AFTER = frozenset("roll rolls rolled rolling result results".split())


class Elisions(_WordFilter):
    """``l'oggetto``, ``quell'oggetto``, ``dell'avversario`` -> the word after the
    apostrophe (Italian articles and prepositions elide before a vowel)."""

    def word(self, text: str) -> str:
        return text.rsplit("'", 1)[-1] if "'" in text else text


class StopWords(Filter):
    """Drops (or, for highlighting, marks) the language's stop words."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.lang == other.lang

    def __hash__(self) -> int:
        return hash((type(self), self.lang))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        stops = stop_words(self.lang)
        for token in tokens:
            if token_kind(token) == WORD and token.text in stops:
                if token.removestops:
                    continue
                token.stopped = True
            yield token


class Stem(_WordFilter):
    """The language's Snowball stemmer (Porter2 for English), memoised."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def word(self, text: str) -> str:
        return stem(self.lang, text)


class CjkGrams(Filter):
    """A run of CJK characters -> its overlapping bigrams, then its last character
    alone.  Every occurrence of a character is then the start of a bigram or a run's
    last character, so a one-character query is a prefix query and misses nothing,
    for one extra term per run instead of one per character (unigrams everywhere
    cost a third more postings, and whoosh's indexing time goes with them).

    Why not a word segmenter (jieba): measured on ZH 2026-04-17, jieba's
    segmentation of the 691 Chinese glossary terms disagreed with its segmentation
    of the rule texts containing them for 4.3–5.6% of the occurrences ("攻击" in
    "攻击者", "阻挡" in "未受阻挡"), so those texts could not be found by their own
    defined terms; its dictionary also takes ~0.6 s to load, more than the whole
    budget of a ``kb search`` process.  Bigrams find every occurrence of every term
    of two characters or more, and a query is matched as a phrase of bigrams, so
    "标识色" needs "标识" and "识色" side by side.

    At query time (``mode="query"``) a run yields its bigrams only, or its single
    character (a prefix for the query builder)."""

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        shift = 0  # positions taken by the grams of earlier runs beyond their one token
        for token in tokens:
            if token.positions:
                token.pos += shift
            if token_kind(token) != CJK:
                yield token
                continue
            run, pos, start = token.text, getattr(token, "pos", 0), getattr(token, "startchar", 0)
            query = token.mode == "query"
            last = len(run) - 1
            for i in range(last + 1):
                size = 2 if i < last else 1
                if size == 1 and query and last:
                    break  # the query's bigrams already hold its last character
                token.text, token.gram = gram(run, i, size), size
                if token.positions:
                    token.pos = pos + i
                if token.chars:
                    token.startchar, token.endchar = start + i, start + i + size
                yield token
            shift += last


#: Game words ending in another game word they are no kind of: 衍生物 (token) ends in 生物 (creature),
#: so 不灭生物可以被牺牲吗 found the token rules first (111.10a-c: "牺牲此衍生物").  In them that
#: bigram is the whole word (:func:`gram`): 生物 no longer finds 衍生物, 衍生物 still finds itself.
#: Measured (quality harness by words, s@1 / s@5): ours ZH 0.675/0.913 -> 0.683/0.921, IT (its Chinese
#: translation searched too) 0.432/0.830 -> 0.443/0.841, glossary ZH 0.571/0.830 -> 0.571/0.831 (five
#: definitions up, four down), every other set unchanged.
SHADOWING = frozenset({"衍生物"})


def gram(run: str, i: int, size: int) -> str:
    """The CJK term at ``i`` of ``run``: its bigram (or last character), but the whole word where
    the bigram ends a :data:`SHADOWING` word.  Every place that cuts grams cuts them here."""
    if size == 2 and i and run[i - 1 : i + 2] in SHADOWING:
        return run[i - 1 : i + 2]
    return run[i : i + size]


#: Question words and the verbs of asking: what a player types around the words of the
#: game ("how does trample work", "cosa succede se"), never what a rule is about.  Italian's
#: modal verbs in every form a question takes, as "can" and "could" are English's: "potevi" had
#: stood for Powerstone (its stem is that of "potere" in Pietra del Potere).  Measured (quality
#: harness by words, 3,457 rankings): 2,738/3,309 -> 2,738/3,308 ("le istantanee si possono
#: lanciare nella fase di pescaggio", 117.1a second -> sixth), the glossary the same.  Session 61: the same words as
#: chat and a child spell them ("how meny poisin counters til u lose", "wen do i get to untap my cards": session
#: 61's second blind set, a nine-year-old and a streamer's chat), searched as content words before: 2 up, none down.
#: Not "u" and "ur" (you, your): the index drops these words too, and they are blue mana's U and U/R, whose hybrid
#: questions fell (9 down).
QUESTION_WORDS = {
    "en": """how does do did doing done what which when where who whom whose why can could would should happens
        happen happening work works working mean means meaning get gets i me my mine you your there any some
        about much many exactly really still also then than so just it's its i'm i've i'll i'd you're you've
        you'll you'd we're we've we'll we'd it'll it'd that's there's what's
        wat wut wot wen wy dat dis dey dem cuz coz becuz bcuz plz pls til meny dose""",
    "it": """come cosa quando perche perché succede succedono accade funziona funzionano posso puoi puo può
        devo deve quale quali quanti quante quanto chi dove mio mia miei mie significa cos cos'è e' viene
        fare fa ancora allora vuol vuole dire significato intende potevo potevi poteva potrei potresti potrebbe
        possiamo potete possono devi dobbiamo devono dovevo dovevi doveva dovrei dovresti dovrebbe""",
}


@cache
def stop_words(lang: str) -> frozenset[str]:
    extra = {FoldAccents().word(w) for w in QUESTION_WORDS.get(lang, "").split()}
    if lang == "en":
        return frozenset(STOP_WORDS) | extra
    return frozenset(FoldAccents().word(w) for w in stopwords_for_language(lang)) | extra


#: Contractions that are no stop words: the negatives are searched as the rules write them ("card
#: says I can but another card says I can't": 101.2, can't beats can), as "they" is.  Function words
#: all the same: the lexicons learned from the rules pair them with whatever their texts share
#: ("wouldn't" -> 然后原, "doesn't" -> stap), so none stands for a term alone (:func:`function_words`).
#: The pronouns' contractions ("you're", "it's") are stop words, as "you" and "it" are (above).
#: Measured (quality harness by words, s@1/s@5): both lists unchanged every set, ours EN 0.603/0.866,
#: ZH 0.675/0.913, IT 0.432/0.830, held-out EN 0.661/0.872, glossary EN 0.642/0.845 (two third places
#: moved: "when I'm only at 3 life" 119.4b -> 118.3); bench_onebox unchanged.
CONTRACTIONS = {
    "en": """isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't mustn't
        mightn't needn't hasn't haven't hadn't shan't ain't they're they've they'll they'd""",
}


#: Words that join two things compared ("hexproof vs shroud") or paired ("both players"), searched as
#: typed (a name holds them: "Team vs. Team Variant") but never translated alone: the lexicon learned
#: "vs" -> 队伍对队 from that name, and "both" -> 然后将它 ("then put it") and "possiedi" (session 37's
#: tester saw both in the header of "both players drop to 0 life at the same time, who wins").
JOINING = {"en": "vs versus both"}


@cache
def function_words(lang: str) -> frozenset[str]:
    """A language's stop words, its :data:`CONTRACTIONS` and :data:`JOINING` words: words no
    translation stands for alone."""
    return stop_words(lang) | frozenset(CONTRACTIONS.get(lang, "").split()) | frozenset(JOINING.get(lang, "").split())


_STEMS: dict[tuple[str, str], str] = {}


def remember_stems(lang: str, stems: Mapping[str, str]) -> None:
    """Take stems :func:`stem` gave in another process (stored with the index by
    :mod:`indexers.spelling`): the same answers, without Snowball's work."""
    _STEMS.update(((lang, word), found) for word, found in stems.items())


def stem(lang: str, word: str) -> str:
    """The stem of a folded word; the rules use a few thousand distinct words, so a
    plain dictionary keeps every stem computed."""
    key = (lang, word)
    found = _STEMS.get(key)
    if found is None:
        found = _STEMS[key] = snowball(lang)(word)  # game terms kept whole (tokens.KEPT_WHOLE)
    return found


# -- the chains ---------------------------------------------------------------------------


def english() -> Analyzer:
    return (RulesTokenizer() | Normalize() | Possessive() | NumberWords("en") | DiceNoun() | StopWords("en")
            | FoldAccents() | Stem("en") | CjkGrams())


def italian() -> Analyzer:
    return RulesTokenizer() | Normalize() | Elisions() | StopWords("it") | FoldAccents() | Stem("it") | CjkGrams()


def chinese() -> Analyzer:
    """Chinese texts quote a few Latin words (card names, {T}): folded, unstemmed."""
    return RulesTokenizer() | Normalize() | FoldAccents() | CjkGrams()


def generic() -> Analyzer:
    """Any other language: no stop words, no stemming, nothing to get wrong."""
    return RulesTokenizer() | Normalize() | FoldAccents() | CjkGrams()


_CHAINS = {"en": english, "it": italian, "zh": chinese, "ja": chinese, "ko": chinese}


_MADE: dict[str, Analyzer] = {}


def analyzer_for(lang: str) -> Analyzer:
    """The chain for a BCP 47 tag (``zh-Hans`` -> Chinese), made once per process and
    language (its parts keep no state between calls; making one took 0.1 ms, and a
    query asks for it up to ten times)."""
    found = _MADE.get(lang)
    if found is None:
        found = _MADE[lang] = _CHAINS.get(base_lang(lang), generic)()
    return found


def field_code(lang: str) -> str:
    """``zh-Hans`` -> ``zh_hans``: a language tag as part of a field name."""
    return re.sub(r"\W", "_", lang.casefold())


def terms(analyzer: Analyzer, text: str, mode: str = "query") -> list[str]:
    """The terms ``analyzer`` makes of ``text`` (in query mode: CJK as bigrams only)."""
    return [t.text for t in analyzer(text, mode=mode)]


@lru_cache(maxsize=4096)
def name_key(lang: str, text: str) -> str:
    """A heading or glossary headword as one comparable key ("Color Identity" and
    "color identities" meet as ``en:color ident``): the whole query equal to a name
    is the strongest evidence a search has.  Remembered: reading a Chinese query's typos
    asks it of each stretch beside a question word, the same stretches many times
    (11,449 calls over the glossary benchmark's 664 Chinese definitions, ~0.1 ms a definition)."""
    words = terms(analyzer_for(lang), text)
    return f"{field_code(lang)}:" + " ".join(words) if words else ""


def _forms_en() -> Analyzer:
    return RulesTokenizer() | Normalize() | Possessive() | FoldAccents()


def _forms_it() -> Analyzer:
    return RulesTokenizer() | Normalize() | Elisions() | FoldAccents()


#: The chains of :func:`form_key`: a language's own, without its stop words and stemmer ("any
#: target" is the entry Any Target, not the section "115. Targets").
_FORM_CHAINS = {"en": _forms_en, "it": _forms_it}


def form_key(lang: str, text: str) -> str:
    """A heading or glossary headword as written, only an English plural folded ("Enchantments"
    and "enchantment" meet as ``en=enchantment``, "Enchant" stays ``en=enchant``, "Any Target" keeps
    its "any"): where the whole query is a name in this form, it names that and not a name only
    sharing its stems (:func:`name_key`: Porter2 also takes off -ment, -er and -ed, so "enchantment"
    named Enchant, "planeswalker" Planeswalk).  Chinese is not stemmed: none."""
    chain = _FORM_CHAINS.get(base_lang(lang))
    if chain is None:
        return ""
    found = _MADE.get("=" + lang)
    if found is None:
        found = _MADE["=" + lang] = chain()
    words = [singular(w) if base_lang(lang) == "en" else w for w in terms(found, text)]
    return f"{field_code(lang)}=" + " ".join(words) if words else ""


def singular(word: str) -> str:
    """An English plural's singular, by its ending alone ("abilities" → ability, "planeswalkers" →
    planeswalker).  Only the plural: "Tapped" is an entry apart from "Tap", as "Enchantment" from
    "Enchant"; a plural read wrong names nothing in this form, and is then read by its stems."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
