"""What the aligners compare in a text (kb.align.tokens): the fast forms of words, name marks,
numbers and NFKC give what their plain definitions give, on edge cases, on random text
and on every rule of real editions."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.align.tokens import (
    DIGITS,
    LATIN_WORD,
    STOPWORDS,
    content_words,
    full_text,
    marks,
    name_token,
    name_tokens,
    nfkc,
    split_words,
    stem,
    words,
)
from kb.core.text import comparable
from kb.core.textio import read_source
from kb.ingest import ingest

# -- the plain definitions the fast code must match -------------------------------------

_PLAIN_DIGITS = re.compile(r"[+\-]?\d+(?:/[+\-]?\d+)?")


def plain_name_tokens(text: str) -> list[str]:
    return [t for w in LATIN_WORD.findall(text) if (t := name_token(w)) is not None]


def plain_content_words(found: list[str]) -> set[str]:
    return {stem(w) for w in set(found) - STOPWORDS if len(w) > 1}


# Characters the fast paths treat specially: word marks, signs, capitals, typography,
# full-width and other compatibility forms, accents, non-ASCII digits and spaces.
_SPECIAL = list("aAbBiIzZTM'.-+/019{}()trR ,\t\n`") + list("’‘“”—–™®\u00a0\u3000…，（）：；～／！") + [
    "á", "e\u0301", "\u0300", "２", "٣", "ﬁ", "Ǆ", "İ", "ß", "中", "\u2009", "\u2028"]
texts = st.lists(st.sampled_from(_SPECIAL), max_size=20).map("".join) | st.text(max_size=30)


# -- edge cases -------------------------------------------------------------------------


def test_name_tokens_take_each_capitalised_word_once() -> None:
    text = "'Twas -Xenagos, non-Aura U.S.A. A I scry N. Ring of Ma'ruf 'Tis- .-Urza--Zur Jötun"
    assert name_tokens(text) == ["ntwas", "nxenagos", "nu.s.a", "nN", "nring", "nma'ruf", "ntis",
                                 "nurza--zur", "nJ"]
    assert name_tokens("non-Aura a-B mid.Word it's") == []  # no capital starts these words
    assert name_tokens("A I") == []  # articles and pronouns are no variables


def test_marks_count_symbols_then_numbers() -> None:
    found, rest = marks("Put a +1/+1 counter, {T}, {2/W}: -2/-0 and 3 ３ ٣ +x 1/")
    assert list(found.items()) == [("s{T}", 1), ("s{2/W}", 1), ("d1/+1", 1), ("d-2/-0", 1), ("d3", 2),
                                   ("d٣", 1), ("d1", 1)]
    assert rest == "Put a +1/+1 counter,  ,  : -2/-0 and 3 3 ٣ +x 1/"
    assert marks("no numbers here") == (Counter(), "no numbers here")


def test_nfkc_of_chinese_punctuation_and_accents() -> None:
    assert nfkc("造成３点伤害（见规则１２０）…™ e\u0301") == "造成3点伤害(见规则120)...TM é"
    assert nfkc("ﬁ（\u0301") == "fi(\u0301"  # what follows a replaced character still normalizes
    plain = "already normal"
    assert nfkc(plain) is plain


def test_words_fold_typography_trademarks_and_spaces() -> None:
    text = "The player’s “Oracle™” card — OracleTM (tm) ‘tis rock'n'roll Dandân\u2009x\u3000y\u2028z players'"
    assert words(text) == ["the", "player's", "oracle", "card", "oracle", "tis", "rock'n", "roll", "dandan",
                           "x", "y", "z", "players"]
    assert words(text) == split_words(comparable(text))


def test_content_words_skip_stopwords_and_letters() -> None:
    assert content_words("The players’ Cards of a permanent, permanents; abilities x è") == {
        "card", "permanent", "ability", "player"}
    assert content_words(["the", "the", "a"]) == set()


# -- random text ------------------------------------------------------------------------


@given(texts)
def test_fast_forms_match_their_definitions(text: str) -> None:
    assert name_tokens(text) == plain_name_tokens(text)
    assert nfkc(text) == unicodedata.normalize("NFKC", text)
    assert DIGITS.findall(text) == _PLAIN_DIGITS.findall(text)
    assert words(text) == split_words(comparable(text))
    assert content_words(words(text)) == plain_content_words(words(text))


# -- real editions ----------------------------------------------------------------------


@pytest.mark.parametrize("folder, name", [
    ("en", "MagicCompRules-2019-01-25.txt"),  # ASCII quotes, "(tm)"
    ("en", "MagicCompRules-2026-04-17.normalized.txt"),
    ("zh", "CR-zh-Hans-2022-06-10.txt"),
])
def test_fast_forms_on_every_rule_of_an_edition(corpora: Path, folder: str, name: str) -> None:
    doc = ingest(read_source(corpora / "cr" / folder / name))
    raws = [full_text(t) for t in doc.rules]
    assert len(raws) > 2000
    for raw in raws:
        assert name_tokens(raw) == plain_name_tokens(raw), raw
        assert nfkc(raw) == unicodedata.normalize("NFKC", raw), raw
        assert DIGITS.findall(raw) == _PLAIN_DIGITS.findall(raw), raw
        found = words(raw)
        assert found == split_words(comparable(raw)), raw
        assert content_words(found) == plain_content_words(found), raw
