"""The player-word table (kb/align/term_lists/en-players.tsv) on the real rules of 2026-04-17.

The table is data the search expands queries with, so it is held to what the rules say:
the file is well formed, and every rules phrase's content words (stemmed as the index
stems them) stand together in at least one numbered rule.  The checks are those of
``benchmarks/bench_player_words.py`` (``benchmarks/player_words.py``); the negative
cases show each can fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import EN_LATEST

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from player_words import (  # noqa: E402
    PAIRS,
    Pair,
    PairsError,
    Rules,
    echoes,
    judge,
    judge_all,
    read_pairs,
    read_rules,
    uses,
)


@pytest.fixture(scope="module")
def cr() -> Rules:
    return read_rules(EN_LATEST)


@pytest.fixture(scope="module")
def pairs() -> list[Pair]:
    return read_pairs(PAIRS)


def test_the_file_parses_into_pairs(pairs: list[Pair]) -> None:
    assert 120 <= len(pairs) <= 300, len(pairs)
    for pair in pairs:
        assert pair.player == pair.player.lower() == pair.player.strip(), pair
        assert pair.rules == pair.rules.strip() and pair.rules, pair
    assert len({(p.player, p.rules) for p in pairs}) == len(pairs)


def test_the_rules_side_uses_the_rules_words_not_rule_numbers(pairs: list[Pair]) -> None:
    numbered = [p for p in pairs if any(ch.isdigit() for ch in p.rules) and "." in p.rules]
    assert not numbered


@pytest.mark.parametrize(("text", "problem"), [
    ("player\trule\netb\tenters\n", "header"),
    ("player\trules\netb\n", "expected 2"),
    ("player\trules\netb\tenters\tmore\n", "expected 2"),
    ("player\trules\netb\t\n", "rules field is empty"),
    ("player\trules\n \tenters\n", "player field is empty"),
    ("player\trules\nETB\tenters\n", "lower case"),
    ("player\trules\netb \tenters\n", "stray spaces"),
    ("player\trules\netb\t enters\n", "stray spaces"),
    ("player\trules\netb\tenters\n# a comment\netb\tenters\n", "duplicate of line 2"),
])
def test_a_malformed_line_is_named(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PairsError, match=problem) as caught:
        read_pairs(path)
    assert str(path) in str(caught.value)


def test_every_rules_phrase_stands_together_in_a_rule(pairs: list[Pair], cr: Rules) -> None:
    failing = [(v.pair.line, v.pair.player, v.pair.rules, v.missing) for v in judge_all(pairs, cr) if not v.ok]
    assert not failing, f"rules phrases no rule of the 2026-04-17 CR holds: {failing}"


def test_no_pair_repeats_its_own_words_or_another_pair(pairs: list[Pair]) -> None:
    assert not echoes(pairs)


@pytest.mark.parametrize(("rules", "why"), [
    ("unused mana empties", "missing"),  # the rules say "unspent mana"
    ("mana burn", "apart"),  # "burn" is in the glossary only (Mana Burn, obsolete)
    ("counter target activated or triggered ability", "apart"),  # each word is a CR word, no rule says them all
])
def test_a_phrase_the_rules_do_not_say_fails(cr: Rules, rules: str, why: str) -> None:
    verdict = judge(Pair(0, "x", rules), cr)
    assert not verdict.ok
    assert bool(verdict.missing) == (why == "missing")


def test_a_phrase_the_rules_say_passes_and_names_its_rules(cr: Rules) -> None:
    verdict = judge(Pair(0, "sba", "state-based actions"), cr)
    assert verdict.ok and "704.3" in verdict.holding
    assert judge(Pair(0, "mana burn", "unspent mana empties"), cr).holding == ("106.4", "106.13", "500.5", "703.4q")


def test_player_words_found_in_the_rules_are_reported(cr: Rules) -> None:
    tribal = uses("tribal", cr)
    assert tribal.typed_in_rules == ("308.3",) and tribal.typed_in_glossary == ("Tribal",)
    unblockable = uses("unblockable", cr)  # as typed: the obsolete glossary entry; by stem also "unblocked"
    assert not unblockable.typed_in_rules and "Unblockable" in unblockable.typed_in_glossary
    assert "509.1h" in unblockable.stems_in_rules
    assert not uses("etb", cr).any
