"""Chinese queries cut into the KB's own game terms, and their function words dropped.

Players type Chinese without spaces ("践踏和死触", "指挥官伤害怎么算").  The index holds
Chinese as character bigrams (:class:`indexers.analysis.CjkGrams`), so any bigram of
the query can match; what a query needs beyond that is to know which of its
characters are *words of the game* and which are function words.  A word list made
from the KB at build time (glossary headwords, the headings of rules, card names,
the Chinese side of the learned lexicons) is stored with the index
(:data:`WORDS_FILE`); a query is cut by forward maximum matching against it, and the
single characters left outside any game word that are function words ("和", "吗",
"的") or question words ("怎么", "如何") are dropped, so "异能" keeps its "能" while
"能不能" loses it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from kb.core.text import HAN_RUN

WORDS_FILE = "zh_words.json"
#: Longest game term looked up (card names run longer, but a query rarely does).
LONGEST = 12

#: Question and function words, dropped from a query unless inside a game term.  The second
#: line (session 21) holds what players type that the first lacked: "怎么办" left its "办" as a
#: one-character term, found in "侦办" (719.3a) and "办理" (208.5) for "盘面上两个同名传奇怎么办";
#: likewise "几" (how many), "谁" (who), "还" (still).  32 of the 181 Chinese questions (ours and
#: held-out) are cut differently; s@1 / s@5 unchanged on every set (bench_quality with the model:
#: ours ZH 0.698/0.921, held-out 0.545/0.873, glossary 0.599/0.840), MRR held-out 0.670 -> 0.677,
#: ours 0.791 -> 0.792; junk further down gone.  The third line (session 22): "践踏怎么用", "践踏的意思"
#: are questions of the name 践踏 (engine.CJK_QUESTION_NAME); no benchmark question holds them.  The
#: fourth (session 34): 算 ("does it count as", 算不算, 算输吗), which alone was a prefix meeting 算时 in
#: every 结算时 (resolving, 97 texts); 结算 and 计算 stay whole as game words.  Measured (the quality
#: harness by words, the five sets): s@1 712 -> 713 of 1,173 (复制的咒语算不算施放 707.10 second -> first,
#: 爆库了算输吗 704.5b first), s@5 unchanged (衍生物算牌吗: 111.10 from nowhere to sixth).  The
#: sixth (session 39): 块, the count word of lands ("一回合能下几块地"), as 个 and 张 were: it made the
#: bigram 块地 and left 地 unread, so 807.4j led; the rules write it only inside 区块.  Measured (the
#: quality harness by words): 755 -> 756 first of 1,173 (that question, from nowhere to 305.2
#: first), every other ranking and both glossary sets unchanged.  只 (creatures' count word) cost
#: a glossary entry ("只作一件事…", where it means "only"): left out.  The seventh (session 46): 里面
#: (inside), 一共 and 总共 (in all), 其实, 请教, 那种, none in the Chinese rules ("一个回合里面一共有哪几个
#: 阶段" searched the bigrams 合里, 面一); every ranking of the quality harness the same.  到底 (after all)
#: was dropped: it is also 到 + 底下 ("要放几张到底下", 103.5 first -> third).  The eighth (session 47): 所以,
#: 因为, 但是 (so, because, but), which a late tester's stories hold: the same-sound reader read 以能 of 所以能 as
#: 异能 (ability).  The ninth (session 48): 几次 (how many times: "一回合可以打几次地" was cut 几 + 次地, an adverb's
#: word, and Entwine's 702.42a led; every other ranking the same); and the fillers of a newcomer's posts on
#: Xiaohongshu (救命, 姐妹们, 求解答, 有没有懂的, 呜呜, 居然, 好亏, 离谱: searched as bigrams, 救命 found the subgames).
#: Session 61: 操作 and 怎么玩 (how one does or plays it: "占卜2 是啥意思啊 咋操作" searched 操作, a second stretch of
#: content beside the name, so scry 0's 701.22b led).
#: Session 67: the sentence-final particles 嘛 嘞 咯 哦 喔 呗 啦 哇, none in the Chinese rules ("一个回合能下几块地嘛"
#: searched the bigram 地嘛 and left 地 unread: 305.2 nowhere -> first).  Measured (the quality harness by words over
#: the 95 sets): 81 Chinese questions hold one; two fell from first to second (嘛事, a dialect's 啥事, and 输喔, whose
#: 输 then read as the loss of 704.5a beside infect's 702.90b).
QUESTION_WORDS = frozenset("""
如何 怎么 怎样 怎么样 什么 为什么 为何 是否 是不是 能否 能不能 会不会 可不可以 可以 哪些 哪个 哪里 多少 几个
还是 时候 如果 的话 一下 请问 关于 这个 那个 这样 那样 什么样 吗 呢 吧 啊 的 了 和 与 或 及 跟 是 会 能 在 被 把
我 你 他 她 它 我们 要 么 呀 时 有 没有 没 也 都 就 又 对 从 让 给 该 这 那 个 张 当
怎么办 咋办 咋 啥 为啥 几 谁 还 多久 哪 哪儿
怎么用 用法 意思
算
块
里面 一共 总共 其实 请教 那种
所以 因为 但是
几次
操作 怎么玩
救命 姐妹 姐妹们 家人们 宝子们 求解答 求解 求助 求科普 科普 懂的 有没有懂的 呜呜 呜 哈哈 居然 竟然 好亏 离谱 明明 合理
嘛 嘞 咯 哦 喔 呗 啦 哇
它们 他们 她们 你们 咱们
""".split())


#: A count of things typed in digits (before a count word; not an ordinal 第2, not a decimal), which the
#: Chinese rules write in numerals (``engine.CJK_COUNTS``).
_COUNT = re.compile(r"(?<![\d.第])(\d{1,3})(?=\s*(?:个|张|块|只|种|位|名))")
_DIGITS = "零一二三四五六七八九"


def counted_in_chinese(text: str) -> str:
    """``text`` with each count of things written in digits written in Chinese numerals
    (``engine.CJK_COUNTS``): "10个" -> "十个", "2张" -> "两张", "100张" -> "一百张"."""
    return _COUNT.sub(lambda m: chinese_numeral(int(m[1])), text)


def chinese_numeral(n: int) -> str:
    """1-999 as the Chinese rules write a count: 两 for a lone 2, 十 for ten, 十一, 二十, 一百."""
    if n == 2:
        return "两"
    hundreds, rest = divmod(n, 100)
    tens, ones = divmod(rest, 10)
    out = f"{_DIGITS[hundreds]}百" if hundreds else ""
    if tens:
        out += ("" if tens == 1 and not hundreds else _DIGITS[tens]) + "十"
    elif hundreds and ones:
        out += "零"
    return out + (_DIGITS[ones] if ones else "") if n else "零"


def segment(run: str, words: frozenset[str]) -> list[str]:
    """``run`` (CJK characters only) cut into dictionary words, longest first,
    left to right; characters outside any word stay alone."""
    out: list[str] = []
    i = 0
    while i < len(run):
        for size in range(min(LONGEST, len(run) - i), 1, -1):
            if run[i : i + size] in words:
                out.append(run[i : i + size])
                i += size
                break
        else:
            out.append(run[i])
            i += 1
    return out


def content_chunks(run: str, words: frozenset[str]) -> list[tuple[str, list[str]]]:
    """``run`` without its question and function words: maximal stretches of the
    remaining characters, each with the game words it holds, in order."""
    chunks: list[tuple[str, list[str]]] = []
    current: list[str] = []
    for piece, asking in _cut(run, words):
        if asking:
            if current:
                chunks.append(("".join(current), [p for p in current if len(p) > 1]))
            current = []
        else:
            current.append(piece)
    if current:
        chunks.append(("".join(current), [p for p in current if len(p) > 1]))
    return chunks


def question_word_spans(run: str, words: frozenset[str]) -> list[tuple[int, int]]:
    """Where ``run``'s question and function words stand (start, end), as :func:`content_chunks`
    drops them."""
    spans: list[tuple[int, int]] = []
    i = 0
    for piece, asking in _cut(run, words):
        if asking:
            spans.append((i, i + len(piece)))
        i += len(piece)
    return spans


def _cut(run: str, words: frozenset[str]) -> list[tuple[str, bool]]:
    """``run`` cut into game words and question words, each piece with whether it is a
    question or function word (one the game words do not also hold)."""
    pieces = segment(run, _with_question_words(words))
    return [(piece, piece in GAME_NAME or piece in QUESTION_WORDS and piece not in words
             or CARDS_COUNTED and _counts_cards(pieces, k))
            for k, piece in enumerate(pieces)]


#: A count of cards after a verb of moving cards ("磨三张牌", "抓两张"), dropped as the count word after it is: its
#: numeral met the verb in a bigram no text holds (磨三), and the verb, the keyword action 磨 (mill), went unsearched
#: (session 65's blind Shaanxi player: 701.17a nowhere -> first).  Not "一张" (a card), nor after other verbs ("放四张",
#: "能放两张": 放 alone matched every 放逐 and 放置, two questions fell a place or three).  34 read (the quality
#: harness over the 83 sets, as typed; the session's first code -> its last): 29/32 -> 30/33, no other ranking moved.
CARDS_COUNTED = True
_NUMERALS = frozenset("二三四五六七八九十两几")
_CARD_VERBS = frozenset("磨抓摸抽弃")


def _counts_cards(pieces: list[str], k: int) -> bool:
    """Whether ``pieces[k]`` is a numeral counting cards ("三张", not "一张") right after a verb of moving cards."""
    return pieces[k] in _NUMERALS and pieces[k + 1 : k + 2] == ["张"] and k > 0 and pieces[k - 1] in _CARD_VERBS


def stored_words(words: Iterable[str]) -> list[str]:
    """The game words a query is cut into: two to :data:`LONGEST` Han characters."""
    return sorted({w for w in words if 2 <= len(w) <= LONGEST and HAN_RUN.fullmatch(w)})


#: The game's own name, dropped as a question word is though the glossary holds it: a player comparing Magic with
#: another game types it ("三国杀每回合摸两张，万智牌一回合正常摸几张牌？", session 64's final board-game bar regular),
#: and its bigrams found the rules that name the game (108.2a) first, 504.1 in no first ten.
GAME_NAME = frozenset({"万智牌"})


@lru_cache(maxsize=4)
def _with_question_words(words: frozenset[str]) -> frozenset[str]:
    """The game words and the question words, made once per word list (0.3 ms a query)."""
    return words | QUESTION_WORDS


def save(folder: Path, words: Iterable[str]) -> None:
    (folder / WORDS_FILE).write_text(json.dumps(stored_words(words), ensure_ascii=False), encoding="utf-8")


@cache
def load(folder: Path) -> frozenset[str]:
    """The index's word list (read once per process and index)."""
    try:
        return frozenset(json.loads((folder / WORDS_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return frozenset()
