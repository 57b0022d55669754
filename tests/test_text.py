"""The one text layer (kb.core.text): its named script sets agree with every user of
them, and its folds keep the properties their callers rely on."""

from __future__ import annotations

import re

from kb.align.terms import gram_code
from kb.core.text import (
    CJK,
    CJK_RUN,
    HAN,
    HAN_CHAR,
    HAN_KANA,
    HAN_KANA_CHAR,
    KANA,
    as_mandarin,
    as_typed,
    base_lang,
    char_class,
    comparable,
    first_words,
    has_cjk,
    has_han,
    is_cjk,
    is_cjk_char,
    name_key,
    same_length_lower,
    to_simplified,
    word_key,
)

BMP = [chr(c) for c in range(0x20, 0x10000) if not 0xD800 <= c <= 0xDFFF]


def within(ranges: tuple[tuple[int, int], ...], char: str) -> bool:
    return any(low <= ord(char) <= high for low, high in ranges)


def test_every_set_test_agrees_with_the_ranges_it_is_named_after() -> None:
    """The regexes, the cheap tests and the aligner's n-gram codes (which test the
    ranges with numpy) say the same of every character of the BMP."""
    for char in BMP:
        cjk = within(CJK, char)
        assert is_cjk_char(char) == cjk == has_cjk(char) == (CJK_RUN.fullmatch(char) is not None), hex(ord(char))
        assert (gram_code(char * 2) is not None) == cjk, hex(ord(char))
        assert (HAN_CHAR.fullmatch(char) is not None) == within(HAN, char) == has_han(char), hex(ord(char))
        assert (HAN_KANA_CHAR.fullmatch(char) is not None) == within(HAN_KANA, char), hex(ord(char))


def test_the_sets_nest_as_their_names_say() -> None:
    assert set(HAN) | set(KANA) == set(HAN_KANA) and set(HAN_KANA) < set(CJK)
    assert re.fullmatch(f"[{char_class(HAN)}]+", "規則的中文") and not re.search(f"[{char_class(HAN)}]", "かな한글")


def test_languages_by_base_tag() -> None:
    assert [base_lang(t) for t in ("zh-Hans", "ZH-Hant", "it", "en-US")] == ["zh", "zh", "it", "en"]
    assert [is_cjk(t) for t in ("zh-Hans", "ja", "ko-KR", "en", "it")] == [True, True, True, False, False]


def test_same_length_lower_keeps_positions() -> None:
    """The linker maps positions found in the folded text back to the original."""
    for text in ("İstanbul’s ẞ Rule", "Ǆemal", "The player’s card", "融合 Meld"):
        folded = same_length_lower(text)
        assert len(folded) == len(text) and "’" not in folded


def test_folds_meet_what_they_should() -> None:
    assert comparable("The player’s “Oracle™” card — Dandân") == comparable("the player's \"Oracle\" card - Dandan")
    assert name_key("Lim-Dûl’s Vault") == name_key("lim dul's vault") == "lim dul's vault".replace("'", "")
    assert name_key("幻影蒸氣") == name_key("幻影蒸气")  # traditional meets simplified
    assert word_key("幻影蒸氣") == "幻影蒸氣"  # word_key never loads OpenCC
    assert word_key("Автоматический Механик") == "автоматический механик"  # й is a letter of its own
    assert word_key("First-Strike, +1/+1") == "first strike 1 1"
    assert name_key("ガ") == name_key("ｶﾞ")  # NFKC, kana voicing kept


def test_first_words_cut_every_language_alike() -> None:
    """A label (what a cited rule says) was cut after twelve words, counted between spaces: a
    Chinese text, which has none, was never cut.  A CJK character counts as half a word."""
    english = ("Some static abilities are characteristic-defining abilities. A characteristic-defining "
               "ability conveys information about an object’s characteristics")
    assert first_words(english) == " ".join(english.split()[:12]) + " …"
    assert first_words("Replacement Effects") == "Replacement Effects"
    chinese = "一些静止式异能为特征定义异能。特征定义异能表达一个物件的特性，该特性一般可在该物件的其他地方找到。"
    cut = first_words(chinese)
    assert cut.endswith("…") and chinese.startswith(cut[:-1])
    assert sum(is_cjk_char(c) for c in cut) == 24  # punctuation counts for nothing
    assert first_words("一些静止式异能。") == "一些静止式异能。"
    assert first_words("参见规则\n702.19。") == "参见规则 702.19。"  # on one line, as the English



def test_a_part_of_a_folded_key_is_said_as_typed() -> None:
    """A translation's source, read from the query's folded key, as the query writes it: the
    header said "a faccia in giu" for "a faccia in giù"."""
    assert as_typed("a faccia in giù", "a faccia in giu") == "a faccia in giù"
    assert as_typed("A Faccia In Giù?", "a faccia in giu") == "A Faccia In Giù"
    assert as_typed("perché l'abilità innescata si attiva", "abilita innescata") == "abilità innescata"
    assert as_typed("l'abilità attivata", "labilita attivata") == "l'abilità attivata"  # a name's key
    assert as_typed("carta à faccia", "faccia in giu") == "faccia in giu"  # not in the query: as it is
    assert as_typed("坟场", "坟墓场") == "坟墓场"


def test_written_cantonese_is_read_in_mandarin_words_and_mandarin_is_left_alone() -> None:
    """A Hong Kong player's 可唔可以 and 死咗 are Mandarin's 可不可以 and 死了 (session 57's blind tester: read as they
    are, no text held them); a Mandarin text, with 仲裁 (arbitration) or 咁 alone, is left as it is."""
    assert as_mandarin("横地出魔力可唔可以被对手回应") == "横地出魔力可不可以被对手回应"
    assert as_mandarin("只生物死咗，佢会唔会一齐入墓地") == "只生物死了，他会不会一起入墓地"
    assert as_mandarin("这条规则由仲裁决定") == "这条规则由仲裁决定"
    assert as_mandarin(to_simplified("嗰張卡")) == "那张卡"


def test_cantonese_is_with_its_neighbours_and_session_60_s_words() -> None:
    """系 read as 是 only beside the words that make it Cantonese (系统, system, is Mandarin's), and a Guangdong
    player's 冇晒, 俾人, 咩, 拎返 (session 60's third blind set)."""
    assert as_mandarin(to_simplified("牌库冇晒牌，抽唔到，係咪即刻判输？定係等到回合结束")) == \
        "牌库没有了牌，抽不到，是不是即刻判输？还是等到回合结束"
    assert as_mandarin(to_simplified("我个衍生物俾人消灭咗，可唔可以拎返佢出嚟？咩事")) == \
        "我个衍生物被人消灭了，可不可以拿回他出来？什么事"
    assert as_mandarin("系统唔会") == "系统不会"
