"""Chinese typos: a game word typed with another character of the same sound.

Chinese is typed through its sounds: a player types "sichu" and the input method
offers 死触 and 死处 alike, so a Chinese typo is rarely a letter off, as "deaftouch"
is (:mod:`indexers.spelling`), but a character of the same syllable: 死处 for 死触
(deathtouch), 践塌 for 践踏 (trample), 先功 for 先攻 (first strike).  Such a query
found nothing: none of its bigrams is in the rules.

At build time the index stores, beside its game words (:mod:`indexers.segment`), the
toneless syllables of each character a query may hold (the 6,763 characters of
GB 2312, the set input methods offer first, and every character of the game words)
and the game words by sound (:data:`SOUNDS_FILE`), read from pypinyin's table of
single characters.  A query's stretch of two characters or more that looks mistyped
(one of its bigrams is in no text, and more: :func:`correct`) and sounds like a game
word of the same length, sharing at least half its characters, is read as that word;
the plan says so, as it does for "deaftouch".  Tones are ignored: input methods
ignore them too.  A query whose every bigram is in the texts is never read again,
so "声明" (declare) typed for 生命 (life) stays as typed: a word of its own.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from indexers import segment
from indexers.spelling import Correction

SOUNDS_FILE = "zh_sounds.json"
FORMAT = 2
#: Readings combined per word or query stretch (a character may have several: 行 xing/hang).
MAX_KEYS = 32
#: The longest stretch read as a game word (the game words of :mod:`indexers.segment` are
#: at most 12 characters; a typo in a long card name still leaves most of it right).
LONGEST = 12
#: A stretch is read as a game word only if at least this share of its characters are the
#: word's, in place.  Measured (``benchmarks/bench_homophones.py``; typo-free Chinese queries:
#: the 151 Chinese questions and 664 glossary definitions of bench_quality's glossary KB):
#: 0.5 reads 2 of them as another word ("提升其等级": 升其 → 升级), 0.0 reads 13 ("回应" →
#: 辉映, "几次" → 祭祠, "能付" → 而不) to take the whole-word slips too ("指挥官上海": 伤害).
SHARED = 0.5
#: A longer run of Chinese is read as typed: a player's question is short, and every stretch of a
#: run is looked at (a query of 1,000 random characters, in process: 304 ms read whole, 72 ms as
#: typed; with this bound 58 ms against 38; 64 characters 4.6 against 2.6 ms).
LONGEST_RUN = 64
#: A stretch cutting through a question word ("我可以出生物吗": 以出 in 可以) or ending in a particle
#: that ends a question (吗, 呢, 吧: "飞行能叠加吗", 加吗) is where two words meet, not a typo: they were
#: read as 移出 (remove) and 加码 (bargain), and the search answered those (session 39's tester).
#: Measured (``bench_homophones.py`` on bench_quality's questions KB, the five question sets and the
#: glossary definitions): typos read right 0.995 -> 0.994 bare, 0.993 -> 0.992 in a question (five of
#: the 2,321 made-up typos hold a question word's character: 潜呢 for 潜匿, 包还是 for 复还是), the same
#: first result unchanged (0.994; in the first five 0.996 -> 0.995 in a question); false readings on
#: the 1,073 typo-free questions and definitions 5 -> 4 (可以回 no longer 可移回); the quality
#: harness's rankings all unchanged.
QUESTION_EDGES = True
#: A stretch typed is heard by each character's first reading (pypinyin lists the commonest first), as an input
#: method offers it, not by its rare ones (它 read yi, 不 read fu): "它去哪" was read as 失去 (lose), "打不过" as 打包
#: (entwine), "分给" as 分级 (tiered), "怪吃" as 怪奇 (session 48's second Chinese tester).  The game words are heard by
#: all their readings.  Measured: on the 1,423 Chinese questions of the 29 sets, seven false readings gone (怪吃 怪奇,
#: 再吃 再起, 打不 打包, 说回 跃回), no true one; bench_homophones.py's typos of the same first reading (2,292) read
#: right 0.991 -> 0.993, wrong 0.003 -> 0.001; its typos sharing any reading (sessions 13-47's set), mostly rare
#: readings no input method offers for the character typed (艾 for 一), 0.990 -> 0.220.
TYPED_FIRST_READING = True
#: ... and so is a stretch of two characters opening with a question word of one character whose other character
#: opens a bigram the texts hold ("能两张都放下来吗": 能 and 两张; 能两 was read as 能量, energy; session 48's second
#: Chinese tester, a newcomer's long posts).  Measured (bench_homophones.py, the typos of the same first reading):
#: any two characters holding such a word (攻几 too) lost 12 of its 2,292 typos (阻当 for 阻挡, 该为 for 改为), read
#: right 0.998 -> 0.993; this one read right 0.998 bare (unchanged), 0.996 -> 0.995 in a question (one typo).
PAIR_WITH_QUESTION_WORD = True
_PARTICLES = frozenset("吗呢吧啊呀么")


@dataclass(frozen=True)
class Sounds:
    """Each character's toneless syllables, and the game words by sound ("si chu" → 死触)."""

    readings: Mapping[str, Sequence[str]]
    words: Mapping[str, Sequence[str]]
    first: Mapping[str, str] = field(default_factory=dict)  # each character's first reading

    def keys(self, text: str, typed: bool = False) -> list[str]:
        """The ways ``text`` may sound (at most :data:`MAX_KEYS`), none if a character is unknown;
        ``typed``: as a player typed it, each character by its first reading (:data:`TYPED_FIRST_READING`)."""
        choices = [(self.first[ch],) if typed and TYPED_FIRST_READING and ch in self.first else self.readings.get(ch)
                   for ch in text]
        if not all(choices):
            return []
        combos = itertools.islice(itertools.product(*choices), MAX_KEYS)  # type: ignore[arg-type]
        return [" ".join(c) for c in combos]

    def heard(self, text: str) -> list[str]:
        """The game words that sound like ``text`` and share at least half its
        characters, in place, most shared first, then the surest (:meth:`sureness`), then in
        code-point order."""
        found: dict[str, int] = {}
        for key in self.keys(text, typed=True):
            for word in self.words.get(key, ()):
                same = sum(a == b for a, b in zip(word, text, strict=False))
                if word != text and len(word) == len(text) and same >= SHARED * len(text):
                    found[word] = same
        return sorted(found, key=lambda w: (-found[w], -self.sureness(w, text), w))

    def sureness(self, word: str, text: str) -> float:
        """How surely ``text`` sounds like ``word``: each character of the word heard with fewer
        other readings counts more (灵器 is 灵气, whose 气 reads only qi, before 灵技, whose 技 reads ji and,
        rarely, qi: the code-point order chose 灵技; session 45's tester)."""
        return sum(1 / len(self.readings.get(w, ("",))) for w, t in zip(word, text, strict=False)
                   if w != t and set(self.readings.get(w, ())) & set(self.readings.get(t, ())))


def gb2312() -> list[str]:
    """The 6,763 Han characters of GB 2312 (rows 16-87), the ones input methods offer first."""
    found = []
    for row in range(0xB0, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                found.append(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:  # the unassigned cells of row 55
                continue
    return found


def character_readings(chars: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Each character's toneless pinyin syllables (pypinyin's table of single characters;
    its table of words, 200 ms to load, is not needed: a word is read character by character)."""
    os.environ.setdefault("PYPINYIN_NO_PHRASES", "1")  # read by pypinyin at its first import
    from pypinyin.contrib.tone_convert import to_normal  # lazy: the index build only
    from pypinyin.pinyin_dict import pinyin_dict

    normal: dict[str, str] = {}
    found: dict[str, tuple[str, ...]] = {}
    for ch in chars:
        marked = [r for r in pinyin_dict.get(ord(ch), "").split(",") if r]
        for r in marked:
            if r not in normal:
                normal[r] = to_normal(r)
        syllables = tuple(dict.fromkeys(normal[r] for r in marked))  # the first the commonest
        if syllables:
            found[ch] = syllables
    return found


def make(words: Iterable[str]) -> Sounds:
    """The sounds of ``words`` (the index's game words) and of the characters a query may hold."""
    words = sorted(set(words))
    readings = character_readings(dict.fromkeys([*gb2312(), *(ch for w in words for ch in w)]))
    first = {ch: syllables[0] for ch, syllables in readings.items()}
    sounds = Sounds(readings, {}, first)
    by_key: dict[str, list[str]] = {}
    for word in words:
        for key in sounds.keys(word):
            by_key.setdefault(key, []).append(word)
    return Sounds(readings, {key: tuple(found) for key, found in by_key.items()}, first)


def sounds_like(text: str, names: Iterable[str]) -> str | None:
    """The one of ``names`` that ``text`` sounds like (as :meth:`Sounds.heard` hears it), for a
    name looked up once: the sounds are made from pypinyin's table on the spot (0.1-0.2 s)."""
    heard = make(names).heard(text.strip())
    return heard[0] if heard else None


def save(folder: Path, words: Iterable[str]) -> None:
    sounds = make(words)
    by_syllable: dict[str, list[str]] = {}
    first: dict[str, list[str]] = {}
    for ch, syllables in sounds.readings.items():
        for syllable in syllables:
            by_syllable.setdefault(syllable, []).append(ch)
        first.setdefault(sounds.first[ch], []).append(ch)
    data = {"format": FORMAT, "characters": {s: "".join(chars) for s, chars in sorted(by_syllable.items())},
            "first": {s: "".join(chars) for s, chars in sorted(first.items())},
            "words": {key: list(found) for key, found in sorted(sounds.words.items())}}
    (folder / SOUNDS_FILE).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_LOADED: dict[Path, Sounds | None] = {}


def load(folder: Path) -> Sounds | None:
    """The sounds the index stored (read once per process and index, and only by a
    Chinese query holding a stretch no text holds); ``None`` if missing or damaged."""
    try:
        return _LOADED[folder]
    except KeyError:  # not read yet (or another thread of kb serve cleared the dict just now)
        pass
    found = _read(folder / SOUNDS_FILE)
    _LOADED.clear()  # one index per process at a time
    _LOADED[folder] = found
    return found


def _read(path: Path) -> Sounds | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        characters, words, firsts = data["characters"], data["words"], data["first"]
        if data["format"] != FORMAT or not all(isinstance(d, dict) for d in (characters, words, firsts)):
            return None
        readings: dict[str, list[str]] = {}
        for syllable, chars in characters.items():
            for ch in chars:
                readings.setdefault(ch, []).append(syllable)
        first = {ch: syllable for syllable, chars in firsts.items() for ch in chars}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return Sounds(readings, words, first)


def correct(run: str, words: frozenset[str], known: Callable[[str], bool],
            sounds: Callable[[], Sounds | None],
            named: Callable[[str], bool] = lambda text: False) -> tuple[str, list[Correction]]:
    """``run`` (Chinese characters only) with each stretch that looks mistyped and sounds
    like a game word read as that word, left to right, longest stretch first.  ``known``
    says whether the index's texts hold a bigram; ``sounds`` is called only when a
    stretch looks mistyped (a fresh process reads the file only then).

    A stretch looks mistyped when one of its bigrams is in no text, it cuts through no
    game word the run holds as typed (in "直接施放", "接施" takes half of 施放: no typo;
    "致命伤格" holds 致命 whole and may be 致命伤害), is not a question word and a name
    (``named``: "是磨" in "什么是磨", the question of 磨, mill), and its neighbours do not explain
    it: a stretch between two bigrams the texts hold ("正式用词": 正式 and 用词) is
    where two words meet, not a word, and so is a game word and one character that makes a
    bigram the texts hold with its other neighbour ("法术什么": 法术 and 什么, not 法术师)."""
    if len(run) > LONGEST_RUN:
        return run, []
    edges = _edges(run, words)
    held = [known(run[at : at + 2]) for at in range(len(run) - 1)]  # each bigram asked once, not per stretch
    asked = segment.question_word_spans(run, words)  # a stretch holding one whole may be two words meeting
    table: list[Sounds | None] = []  # read when first needed
    out: list[str] = []
    fixes: list[Correction] = []
    i = 0
    while i < len(run):
        piece, meant = run[i], run[i]
        for k in range(min(LONGEST, len(run) - i), 1, -1):
            stretch = run[i : i + k]
            if stretch in words:
                piece = meant = stretch
                break
            if i not in edges or i + k not in edges or not _looks_mistyped(run, i, k, held, words):
                continue
            if any(_words_meet(run, i, i + k, start, end, named, held) for start, end in asked):
                continue
            if not table:
                table.append(sounds())
            heard = table[0].heard(stretch) if table[0] is not None else []
            if heard:
                piece, meant = stretch, heard[0]
                fixes.append(Correction(stretch, meant))
                break
        out.append(meant)
        i += len(piece)
    return "".join(out), fixes


def _words_meet(run: str, i: int, j: int, start: int, end: int, named: Callable[[str], bool],
                held: Sequence[bool] = ()) -> bool:
    """Whether the stretch ``run[i:j]`` is where a question word (``run[start:end]``) meets another
    word, not a typo: it cuts the question word ("我可以出生物吗": 以出 cuts 可以, no typo of 移出), ends in a
    question's particle ("飞行能叠加吗": 加吗, no typo of 加码), holds the question word whole beside a
    name (``named``: "什么是磨": 是磨 is 是 and the name 磨, no typo of 折磨), or is a one-character question word
    and the first character of a bigram the texts hold (``held``: "能两张": 能 and 两张, no typo of 能量)."""
    inside = i <= start and end <= j
    if QUESTION_EDGES and start < j and i < end and not inside:
        return True
    if not inside:
        return False
    if QUESTION_EDGES and end == j and run[start:end] in _PARTICLES:
        return True
    if PAIR_WITH_QUESTION_WORD and j - i == 2 and (start, end) == (i, i + 1) and i + 1 < len(held) and held[i + 1]:
        return True
    return named(run[i:start] + run[end:j])


def _edges(run: str, words: frozenset[str]) -> set[int]:
    """Where the game words of ``run`` begin and end, and every place outside them: the
    run cut into game words longest first, as :func:`indexers.segment.segment` cuts a query."""
    edges = {0}
    i = 0
    while i < len(run):
        i += next((k for k in range(min(LONGEST, len(run) - i), 1, -1) if run[i : i + k] in words), 1)
        edges.add(i)
    return edges


def _looks_mistyped(run: str, i: int, k: int, held: Sequence[bool], words: frozenset[str]) -> bool:
    """Whether the stretch ``run[i : i + k]`` looks mistyped (see :func:`correct`); ``held[at]``:
    the texts hold the bigram ``run[at : at + 2]``."""
    if all(held[i : i + k - 1]):
        return False
    if i + k < len(run) and run[i : i + k - 1] in words and held[i + k - 1]:
        return False  # a game word, then the first character of the next word: 法术|什么, not 法术师
    if i > 0 and run[i + 1 : i + k] in words and held[i - 1]:
        return False  # the last character of a word, then a game word
    return not (i > 0 and i + k < len(run) and held[i - 1] and held[i + k - 1])
