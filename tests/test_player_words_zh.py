"""The Chinese player-word table (kb/align/term_lists/zh-players.tsv) on the real Chinese
rules of 2026-04-17.

The table is data the search expands queries with, so it is held to what the rules
say: the file is well formed, every rules string is a run of the Chinese rules text,
each pair's strings stand together in a numbered rule, and no player word is one the
rules use for the same thing.  The checks are those of
``benchmarks/bench_player_words.py --lang zh-Hans`` (``benchmarks/player_words_zh.py``);
the negative cases show each can fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import ZH_LATEST

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from player_words import PairsError  # noqa: E402
from player_words_zh import (  # noqa: E402
    MAX_STRINGS,
    PAIRS,
    Pair,
    Rules,
    Verdict,
    echoes,
    headword,
    judge,
    judge_all,
    read_pairs,
    read_rules,
    same_sense,
    strings_of,
    uses,
)


@pytest.fixture(scope="module")
def cr() -> Rules:
    return read_rules(ZH_LATEST)


@pytest.fixture(scope="module")
def pairs() -> list[Pair]:
    return read_pairs(PAIRS)


@pytest.fixture(scope="module")
def verdicts(pairs: list[Pair], cr: Rules) -> list[Verdict]:
    return judge_all(pairs, cr)


def test_the_file_parses_into_pairs(pairs: list[Pair]) -> None:
    # a list, not a dictionary: 253 lines in session 35, 324 in 48, 358 in 58 (everyday words of four blind sets),
    # 382 in 64
    assert 80 <= len(pairs) <= 400, len(pairs)
    for pair in pairs:
        assert pair.player == pair.player.lower() == pair.player.strip() and pair.player, pair
        assert pair.rules == pair.rules.strip() and pair.rules, pair
        assert 1 <= len(strings_of(pair)) <= MAX_STRINGS and all(strings_of(pair)), pair
    assert len({(p.player, p.rules) for p in pairs}) == len(pairs)
    lines = PAIRS.read_text(encoding="utf-8").splitlines()
    body = [line for line in lines[1:] if line.strip() and not line.startswith("#")]
    assert len(body) == len(set(body)) == len(pairs)


@pytest.mark.parametrize(("text", "problem"), [
    ("player\t规则\n坟场\t坟墓场\n", "header"),
    ("player\trules\n坟场\n", "expected 2"),
    ("player\trules\n坟场\t\n", "rules field is empty"),
    ("player\trules\n坟场\u3000\t坟墓场\n", "stray spaces"),  # an ideographic space
    ("player\trules\n坟场\t坟墓场  移回\n", "stray spaces"),
    ("player\trules\nCMC\t法术力值\n", "lower case"),
    ("player\trules\n坟场\t坟墓场\n# 注\n坟场\t坟墓场\n", "duplicate of line 2"),
])
def test_a_malformed_line_is_named(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PairsError, match=problem) as caught:
        read_pairs(path)
    assert str(path) in str(caught.value)


def test_every_rules_string_is_a_run_of_the_rules_and_they_stand_together(verdicts: list[Verdict]) -> None:
    missing = [(v.pair.line, v.pair.player, v.missing) for v in verdicts if v.missing]
    assert not missing, f"rules strings the Chinese CR of 2026-04-17 does not write: {missing}"
    apart = [(v.pair.line, v.pair.player, v.pair.rules) for v in verdicts if not v.holding]
    assert not apart, f"rules strings no numbered rule holds together: {apart}"


def test_no_player_word_is_the_rules_word_for_the_same_thing(
        pairs: list[Pair], verdicts: list[Verdict], cr: Rules) -> None:
    own = [(v.pair.line, v.pair.player, found) for v in verdicts if (found := same_sense(v, cr))]
    assert not own, f"player words the rules holding their rules strings write themselves: {own}"
    headwords = [(p.line, p.player) for p in pairs if headword(p.player, cr) == "current"]
    assert not headwords, f"player words that are current glossary headwords: {headwords}"


def test_no_pair_repeats_its_own_words_or_another_pair(pairs: list[Pair]) -> None:
    assert not echoes(pairs)


@pytest.mark.parametrize(("rules", "why"), [
    ("墓地区", "missing"),  # not a word of the Chinese rules
    ("坟墓场 双头巨人 连击", "apart"),  # each is written, no rule holds all three
    ("坟墓场 放逐区 牌库 手牌 堆叠", "too many"),
])
def test_a_rules_side_the_rules_do_not_say_fails(cr: Rules, rules: str, why: str) -> None:
    verdict = judge(Pair(0, "x", rules), cr)
    assert not verdict.ok
    assert bool(verdict.missing) == (why == "missing")
    assert bool(verdict.holding) == (why == "too many")


def test_a_rules_side_the_rules_say_passes_and_names_its_rules(cr: Rules) -> None:
    verdict = judge(Pair(0, "坟场", "坟墓场"), cr)
    assert verdict.ok and "404.1" in verdict.holding
    assert judge(Pair(0, "闪烁", "放逐 移回战场"), cr).ok
    assert judge(Pair(0, "召唤病", "召唤失调"), cr).holding == ("302.6",)


def test_a_player_word_the_rules_use_for_the_same_thing_is_caught(cr: Rules) -> None:
    # 404.1: 牌手的坟墓场指其弃牌堆 -- the rules say 弃牌堆 for the graveyard themselves
    assert same_sense(judge(Pair(0, "弃牌堆", "坟墓场"), cr), cr) == ("404.1",)
    # 119.4: 其所支付的生命从总生命值中减去 -- and 生命值 for the life total, beside 总生命
    assert "119.4" in same_sense(judge(Pair(0, "生命值", "总生命"), cr), cr)
    assert cr.current >= {"进场", "死去", "场上"}  # the rules' own words, never a player side


def test_a_player_word_the_rules_mostly_split_by_a_count_is_let_be(cr: Rules) -> None:
    """磨牌 stands whole once (614.13c) and as 磨两张牌, 磨N张牌 in the mill rules, which its bigram
    misses: listed (磨 its rules side), it found 701.17b for "磨牌数量比牌库里的牌还多怎么办"."""
    assert same_sense(judge(Pair(0, "磨牌", "磨"), cr), cr) == ()
    assert same_sense(judge(Pair(0, "弃牌堆", "坟墓场"), cr), cr)  # whole, never split: still caught


def test_other_senses_and_former_names_are_told_apart(cr: Rules) -> None:
    grave = uses("坟场", cr)  # inside the keyword 坟场风暴 only
    assert "702.69a" in grave.typed_in_rules and not grave.bare_in_rules
    gamer = uses("玩家", cr)  # a creature type printed with its English: 玩家[Gamer]
    assert gamer.typed_in_rules == ("205.3m",) and not gamer.bare_in_rules
    tribal = uses("部族", cr)  # a former name: 308.3 says 亲缘 was 部族
    assert tribal.headword == "obsolete" and tribal.bare_in_rules == ("308.3",)
    assert not same_sense(judge(Pair(0, "部族", "亲缘"), cr), cr)
    edh = uses("edh", cr)  # Latin words meet whole words, case aside
    assert edh.typed_in_glossary == ("EDH",) and edh.headword == "obsolete"
    assert not uses("ap", cr).typed_in_rules  # APNAP, Ape: not the word AP


def test_a_player_word_inside_its_rules_string_adds_nothing() -> None:
    found = echoes([Pair(2, "场上", "战场上"), Pair(3, "坟场", "坟墓场"), Pair(4, "坟场", "坟墓场")])
    assert [p.line for p in found] == [2, 4]
