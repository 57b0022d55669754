"""The one text layer: the character sets of the scripts kb reads and the small filters
(folds, keys) every stage compares text through.

Each filter is a pure function of a string.  The sets are named once here so that a
caller says which script it means (Han only, Chinese and Japanese, every CJK script);
before they lived as seven slightly different regex ranges in seven modules.  Kept
dependency-free beyond the standard library (OpenCC loads lazily), as ``kb.core`` is
imported by every stage.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from kb.core.errors import KbError

# -- character sets -------------------------------------------------------------------
# Each set is a tuple of inclusive code-point ranges, all in the Basic Multilingual Plane
# (kb.align.terms packs a CJK character in 16 bits).  `char_class` writes one as the
# inside of a regex character class.

#: Han ideographs: Extension A and the unified block as one range (the Yijing hexagram
#: symbols between them, U+4DC0-U+4DFF, come along: no corpus text holds one), and the
#: compatibility ideographs (U+F900-U+FAFF) that some traditional texts use.
HAN = ((0x3400, 0x9FFF), (0xF900, 0xFAFF))
#: Hiragana and katakana (with the voicing marks and the prolonged-sound mark).
KANA = ((0x3040, 0x30FF),)
#: Hangul syllables (what Korean text is written in).
HANGUL = ((0xAC00, 0xD7AF),)
#: Hangul jamo, the letters syllables decompose into (NFD): only name scripts need them.
HANGUL_JAMO = ((0x1100, 0x11FF),)
#: The scripts of Chinese and Japanese, written without spaces between words.
HAN_KANA = KANA + HAN
#: Every CJK script: runs of these are what stand for words in CJK text.
CJK = KANA + HAN + HANGUL
#: Languages written in a CJK script (BCP 47 base tags).
CJK_LANGS = frozenset({"zh", "ja", "ko"})


def char_class(ranges: tuple[tuple[int, int], ...]) -> str:
    """The inside of a regex character class holding ``ranges`` (``\\u3400-\\u9fff...``)."""
    return "".join(f"\\u{low:04x}-\\u{high:04x}" for low, high in ranges)


class LazyPattern:
    """A regular expression compiled when first used.  A class of tens of thousands of
    Han characters takes 2-3 ms to compile (``re`` expands each range into a table), and
    every ``kb`` process imports this module: four of them cost a fresh ``kb search`` of
    an English query 9 ms before it read a Chinese character.  Used like the compiled
    pattern (``.search``, ``.findall``, ``.pattern``...); each attribute is read from it
    once, then held by this object, so a call costs what it costs on the pattern."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)

    @property
    def ready(self) -> bool:
        """Compiled already (then the pattern is the fastest way to use it)."""
        return len(self.__dict__) > 1  # _source, then what was read from the pattern

    def __getattr__(self, name: str) -> Any:  # only for what this object does not hold yet (a re.Pattern's)
        if name.startswith("__"):
            raise AttributeError(name)
        value = getattr(re.compile(*self._source), name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"LazyPattern({self._source[0]!r})"


#: One character of a set / a run of them.
HAN_CHAR = LazyPattern(f"[{char_class(HAN)}]")
HAN_RUN = LazyPattern(f"[{char_class(HAN)}]+")
HAN_KANA_CHAR = LazyPattern(f"[{char_class(HAN_KANA)}]")
CJK_CHAR = LazyPattern(f"[{char_class(CJK)}]")
CJK_RUN = LazyPattern(f"[{char_class(CJK)}]+")


#: A text this short is checked a character at a time while its class is not compiled yet
#: (a query, a translation, a name: the class need not be compiled for it).
SHORT = 24


def _within(ranges: tuple[tuple[int, int], ...], text: str) -> bool:
    return any(low <= code <= high for code in map(ord, text) for low, high in ranges)


def has_han(text: str) -> bool:
    """Whether the text holds a Chinese character (cheap for ASCII)."""
    if text.isascii():
        return False
    if len(text) <= SHORT and not HAN_CHAR.ready:
        return _within(HAN, text)
    return HAN_CHAR.search(text) is not None


def han_runs(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into runs of Chinese characters and the rest, in order, each with
    whether it is Chinese (a character at a time: for a query, no class compiled)."""
    return [("".join(run), han) for han, run in itertools.groupby(text, key=lambda ch: _within(HAN, ch))]


def has_cjk(text: str) -> bool:
    """Whether the text holds a character of any CJK script (cheap for ASCII)."""
    if text.isascii():
        return False
    if len(text) <= SHORT and not CJK_CHAR.ready:
        return _within(CJK, text)
    return CJK_CHAR.search(text) is not None


def is_cjk_char(char: str) -> bool:
    """Whether one character belongs to a CJK script."""
    return CJK_CHAR.fullmatch(char) is not None


# -- languages -------------------------------------------------------------------------


def base_lang(lang: str) -> str:
    """``zh-Hans`` -> ``zh``: the language of a BCP 47 tag without script or region."""
    return lang.casefold().split("-")[0]


def is_cjk(lang: str) -> bool:
    """Whether a language is written in a CJK script (its words are character n-grams)."""
    return base_lang(lang) in CJK_LANGS


# -- Chinese script ----------------------------------------------------------------------


@cache
def _t2s():  # type: ignore[no-untyped-def]
    from opencc import OpenCC  # lazy: only Chinese text needs its tables

    return OpenCC("t2s")


def to_simplified(text: str) -> str:
    """Traditional -> simplified Chinese (OpenCC's t2s tables); other text unchanged."""
    return _t2s().convert(text) if has_han(text) else text


#: Written Cantonese's own words, as Hong Kong players type them ("可唔可以", "佢", "杀咗佢"), and the Mandarin the
#: rules write for each; the longer first.  OpenCC converts script, not words, and these characters are in no rule:
#: read as they are, they were words no text holds, and a Hong Kong player's question kept only its game words
#: (session 57's blind tester).  Simplified forms: read after :func:`to_simplified` (嗰 is then 𠮶).  Measured on
#: that tester's nine questions in written Cantonese, the only ones of any set: one from nowhere to second, one from
#: eighth to ninth, the rest unchanged (six of them first already, by their game words).  Session 60: 系 with its
#: neighbours (系唔系, 定系: 系 alone is Mandarin's too, 系统), 几多, 冇晒, 俾人 (by someone), 咩, 拎, from a Guangdong
#: player's questions (the third blind set): one of its fourteen from nowhere to second (704.5b's twin 121.4), every
#: other ranking the same.
CANTONESE = (("佢哋", "他们"), ("我哋", "我们"), ("你哋", "你们"), ("点解", "为什么"), ("边个", "哪个"),
             ("边度", "哪里"), ("去边", "去哪"), ("乜嘢", "什么"), ("系唔系", "是不是"), ("系咪", "是不是"),
             ("唔系", "不是"), ("定系", "还是"), ("就系", "就是"), ("都系", "都是"), ("几多", "多少"),
             ("冇晒", "没有了"), ("俾人", "被人"), ("咩", "什么"), ("拎返", "拿回"), ("拎", "拿"),
             ("返嚟", "回来"), ("弹返", "弹回"), ("一齐", "一起"), ("冇", "没有"), ("唔", "不"), ("佢", "他"),
             ("嘅", "的"), ("喺", "在"), ("咗", "了"), ("啲", "些"), ("嚟", "来"), ("𠮶", "那"),
             ("嘢", "东西"), ("睇", "看"), ("畀", "给"), ("攞", "拿"), ("咁", "这样"), ("仲", "还"))
#: A text is read as Cantonese only when it holds one of the characters Mandarin never writes: 咁 and 仲 alone
#: are Mandarin too (仲裁, arbitration).
_CANTONESE_MARKS = LazyPattern("[唔冇佢嘅喺咗啲嚟𠮶嘢哋咩]")


def as_mandarin(text: str) -> str:
    """``text`` (simplified) with written Cantonese's words in Mandarin's (:data:`CANTONESE`); other text unchanged."""
    if not _CANTONESE_MARKS.search(text):
        return text
    for cantonese, mandarin in CANTONESE:
        text = text.replace(cantonese, mandarin)
    return text


#: What a CJK character counts for in :func:`first_words`: half a word.  Written without spaces, a
#: Chinese text was never cut (`kb ask` listed the whole of 604.3 where the English showed twelve
#: words); 24 characters say about what 12 English words say, in fewer columns than they take
#: (a CJK character is two columns wide, an English word six or seven with its space).
CJK_WORD = 0.5
_WORD_OR_CJK = LazyPattern(f"[{char_class(CJK)}]|[^\\s{char_class(CJK)}]+")


def first_words(text: str, words: int = 12) -> str:
    """The first ``words`` words of ``text`` on one line, "…" after them if it says more: a
    label (what a cited rule says).  A CJK character counts as :data:`CJK_WORD` of a word, and
    punctuation as none, so every language is cut alike."""
    if not has_cjk(text):
        cut = text.split()
        return " ".join(cut[:words]) + (" …" if len(cut) > words else "")
    held, end = 0.0, 0
    for match in _WORD_OR_CJK.finditer(text):
        token = match.group()
        weight = CJK_WORD if is_cjk_char(token[0]) else 1.0 if any(c.isalnum() for c in token) else 0.0
        if held + weight > words:
            return " ".join(text[:end].split()) + ("…" if is_cjk_char(text[end - 1]) else " …")
        held, end = held + weight, match.end()
    return " ".join(text.split())



#: The most characters of a query a header or a message repeats: `kb search` of a 5,000-character
#: query printed it whole in its header and again in "nothing found for …".
ECHO_CHARS = 80


def echoed(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` as a header or a message repeats what was typed: whole when short, else cut
    (at a space in its second half, if any) to at most ``limit`` characters, the last "…".
    Only what is said is cut: the JSON's ``query`` keeps the query whole."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip() + "…"

# -- typography -----------------------------------------------------------------------

_TYPOGRAPHY = {
    "‘": "'", "’": "'", "‚": "'", "′": "'", "`": "'",
    "“": '"', "”": '"', "„": '"', "″": '"', "«": '"', "»": '"',
    "–": "-", "—": "-", "‒": "-", "−": "-", "‐": "-", "‑": "-",
    "\u00a0": " ", "\u3000": " ", "…": "...",
}
# "™", "®", "(tm)", "(R)" and "TM" glued to a word ("OracleTM").  Every branch starts
# with a literal, so the regex engine skips to the next "™", "®", "(" or "T".
_TRADEMARK = re.compile(r"™|®|\((?:tm|TM|r|R)\)|TM\b(?<=[a-z]TM)")
_COMBINING = re.compile(r"[\u0300-\u036f]")


def plain_typography(text: str) -> str:
    """Straight quotes and hyphens, plain spaces, no trademark signs; spaces not made
    single (which word splitting does not need)."""
    for fancy, plain in _TYPOGRAPHY.items():  # a few scans beat a per-character table
        if fancy in text:
            text = text.replace(fancy, plain)
    return _TRADEMARK.sub("", text)


def normalize_typography(text: str) -> str:
    """Straight quotes, hyphens, no trademark signs, single spaces.

    Some official files lost their typography (2019-01-25: ``'`` for ``’``, ``(tm)``
    for ``™``); comparing editions must not see that as a change."""
    return " ".join(plain_typography(text).split())


def fold_accents(text: str) -> str:
    """Case-folded and without accents (combining diacritics after NFKD)."""
    folded = text.casefold()
    if folded.isascii():
        return folded
    return _COMBINING.sub("", unicodedata.normalize("NFKD", folded))


def comparable(text: str) -> str:
    """:func:`normalize_typography`, case-folded and without accents: the form in
    which two texts of one language are compared (the aligners, diff, check)."""
    return fold_accents(normalize_typography(text))


def loose_key(text: str) -> str:
    """:func:`normalize_typography`, case-folded, accents kept: how a query meets a
    glossary headword."""
    return normalize_typography(text).casefold()


def straight_apostrophes(text: str) -> str:
    """Curly single quotes as ``'`` (same length: positions stay valid)."""
    return text.replace("’", "'").replace("‘", "'") if not text.isascii() else text


def straight_quotes(text: str) -> str:
    """Curly single quotes as ``'`` and curly double quotes as ``"`` (same length)."""
    if text.isascii():
        return text
    return straight_apostrophes(text).replace("“", '"').replace("”", '"').replace("„", '"')


def same_length_lower(text: str) -> str:
    """Lower case with the same length as ``text`` (positions found in it stay valid in
    the original), curly quotes straight: how the linker finds terms in text, so that
    a wiki's intervening "if" clause is the rules' intervening “if” clause."""
    text = straight_quotes(text)
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text)


# -- names ---------------------------------------------------------------------------

NAME_PUNCT = re.compile(r"[\s\-‐‑‒–—―_,.;:!?¡¿/\\|·・•()\[\]{}<>«»\"“”„『』「」《》〈〉，。、：；！？（）【】]+")
APOSTROPHES = re.compile(r"['’‘`´ʼ]")
_NOT_WORD = re.compile(r"[\W_]+")


def strip_latin_marks(text: str) -> str:
    """Drop accents on Latin letters (``è`` -> ``e``) but keep kana voicing marks and
    the marks of other scripts (Cyrillic ``й``)."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    kept: list[str] = []
    for ch in decomposed:
        if unicodedata.combining(ch) and kept and kept[-1] < "\u0250":
            continue
        kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


def name_key(text: str) -> str:
    """The form card names are compared in: NFKC (full width -> half width), simplified
    Chinese, case folded, Latin accents and apostrophes dropped, punctuation as spaces."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    if has_han(text):
        text = to_simplified(text)
    text = strip_latin_marks(text.casefold())
    text = APOSTROPHES.sub("", text)
    return NAME_PUNCT.sub(" ", text).strip()


def word_key(text: str) -> str:
    """The form the KB's own names (headings, terms) meet a query in: NFKC, case and
    Latin accents folded, apostrophes dropped, anything but letters and digits as
    spaces.  Unlike :func:`name_key` no traditional -> simplified step, which loads
    OpenCC's tables (0.2 s) for names the KB already holds in simplified script."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _NOT_WORD.sub(" ", APOSTROPHES.sub("", strip_latin_marks(text))).strip()


def as_typed(text: str, part: str) -> str:
    """The words of ``text`` that ``part`` of its folded key stands for (a translation's source:
    :func:`word_key`'s words, or the lexicons' words split at apostrophes), as typed: the header
    said "via a faccia in giu → face down" for "a faccia in giù"; ``part`` itself when no run of
    whole words of ``text`` is it (a translation carried from another one)."""
    wanted = part.split()
    for pattern in (_LETTER_RUNS, _SPACE_RUNS):  # "l'abilità" is "abilita" to the lexicons, "labilita" to names
        words = [(m.start(), m.end(), word_key(m.group()).split()) for m in pattern.finditer(text)]
        for first, (start, _, _) in enumerate(words):
            read: list[str] = []
            for _, end, keys in words[first:]:
                read += keys
                if read == wanted:
                    return text[start:end].strip(_AROUND_WORDS) or part
                if read != wanted[:len(read)]:
                    break
    return part


_LETTER_RUNS = re.compile(r"[^\W_]+")
_SPACE_RUNS = re.compile(r"\S+")
#: Marks around a name that no key holds ("giù?" is "giù").
_AROUND_WORDS = " \"'“”‘’«»()[]¿?¡!.,;:"


# -- what a person typed ----------------------------------------------------------------

_SURROGATE = re.compile(r"[\ud800-\udfff]")
#: Control characters no text holds (tab, the line breaks and form feed are text): a source file
#: with many is binary (:mod:`kb.core.textio`), a query with one is refused (:func:`typed`).
CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


def not_utf8(text: str) -> str | None:
    """What to say of a query holding bytes that were not UTF-8 (read with surrogateescape,
    as a shell passes them on), in the one wording of the command line, ``kb search -`` and
    the web (which said "bad query string: 'utf-8' codec can't decode byte 0xff…"); None for text."""
    if bad := _SURROGATE.search(text):
        byte = ord(bad.group()) & 0xFF  # surrogateescape keeps the byte in the low half
        return f"the query is not UTF-8 text (byte 0x{byte:02X} at character {bad.start() + 1})"
    return None


def typed(text: str) -> str:
    """A query as typed, stripped; refused when it cannot be text a person typed: bytes that
    were not UTF-8 (a shell passes them on as lone surrogates, which nothing downstream can
    encode) or a control character (an escape sequence would be echoed to the terminal)."""
    if (said := not_utf8(text)) is not None:
        raise KbError(said)
    if bad := CONTROL.search(text):
        raise KbError(f"the query holds a control character (U+{ord(bad.group()):04X} at character {bad.start() + 1})")
    return text.strip()


# -- a command to type ------------------------------------------------------------------

#: What a shell still reads inside double quotes (``!``: interactive bash's history).
_SPECIAL_IN_DOUBLE_QUOTES = frozenset('"$`\\!')


def shell_quote(arg: str) -> str:
    """``arg`` as a shell reads it back, as a person would type it: a name with an apostrophe
    in double quotes (``"Urza's Command"``), where :func:`shlex.quote` writes
    ``'Urza'"'"'s Command'``; anything else as :func:`shlex.quote` does."""
    if "'" in arg and not _SPECIAL_IN_DOUBLE_QUOTES.intersection(arg):
        return f'"{arg}"'
    import shlex  # lazy: only a command suggested to the user needs it

    return shlex.quote(arg)


def shell_join(args: Iterable[str]) -> str:
    """A command line to copy and run: each argument as :func:`shell_quote` writes it."""
    return " ".join(shell_quote(arg) for arg in args)


@dataclass(frozen=True, slots=True)
class Hint:
    """A message ending in the ``kb`` command to run next, the command held as data (its words,
    without ``kb``): the CLI prints "said: kb search trample", the web links "said" to the page the
    command shows (:func:`kb.web.markup.command_link`), never a command line in a web page."""

    said: str
    command: tuple[str, ...]

    @property
    def line(self) -> str:
        return shell_join(["kb", *self.command])

    def __str__(self) -> str:
        return f"{self.said}: {self.line}"

    def to_json(self) -> dict[str, object]:
        return {"text": str(self), "said": self.said, "command": list(self.command)}
