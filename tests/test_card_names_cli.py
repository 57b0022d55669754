"""Acceptance of issue 5 (cards, rulings and wiki pages) where the existing tests leave gaps:
the exact count of cards named in Chinese and Italian, answered by ``kb card`` (its main in
the test's process); width and script variants; the Fallaji near miss for the official
Chinese name (a real `kb` subprocess); ``kb refs`` listing every MediaWiki export under its
keyword rule.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from kbrun import kb, kb_here, kb_json_here

EN_2026 = "cr/en/MagicCompRules-2026-04-17.normalized.txt"
EXPORTS = ("affinity", "amplify", "ascend", "cipher", "crew", "glorify")


def raw_cards(path: Path) -> list[dict]:
    document = json.loads(path.read_bytes())
    return document["data"]["cards"] if "data" in document else document["cards"]


@pytest.fixture(scope="module")
def home(cards_kb: tuple[Path, dict]) -> Path:
    """The cards KB shared with test_card_cli.py (conftest.py)."""
    return cards_kb[0]


@pytest.fixture(scope="module")
def named(corpora: Path) -> dict[str, dict[str, str]]:
    """English card name -> {MTGJSON language: name} for every card that has a Simplified
    Chinese and an Italian name, read from the raw set files."""
    found: dict[str, dict[str, str]] = {}
    for path in sorted((corpora / "cards").rglob("*.json")):
        for entry in raw_cards(path):
            foreign = {f["language"]: f["name"] for f in entry.get("foreignData") or ()}
            if "Chinese Simplified" in foreign and "Italian" in foreign:
                found.setdefault(entry.get("faceName") or entry["name"], foreign)
    return found


def test_2655_cards_are_named_in_chinese_and_italian(corpora: Path) -> None:
    cards = set()
    for path in sorted((corpora / "cards").rglob("*.json")):
        for entry in raw_cards(path):
            languages = {f["language"] for f in entry.get("foreignData") or ()}
            if {"Chinese Simplified", "Italian"} <= languages:
                cards.add(entry["name"])
    assert len(cards) == 2655


@pytest.mark.slow  # measured over 5 s (pytest --durations, 2 busy cores)
@pytest.mark.parametrize("language", ["Chinese Simplified", "Italian"])
def test_kb_card_answers_a_sample_of_those_names(home: Path, named: dict[str, dict[str, str]], language: str) -> None:
    sample = random.Random(language).sample(sorted(named), 15)
    for english in sample:
        query = named[english][language]
        data = kb_json_here("card", query, home=home)
        assert data["resolved"] is True, (query, english)
        assert english in data["card"]["name"].split(" // ") or english == data["card"]["name"], (query, english,
                                                                                                 data["card"]["name"])


def test_full_width_and_traditional_script(home: Path) -> None:
    full_width = "".join("\u3000" if c == " " else chr(ord(c) + 0xFEE0) for c in "Mishra, Claimed by Gix")
    assert kb_json_here("card", full_width, home=home)["card"]["name"].startswith("Mishra, Claimed by Gix")
    # 法拉吉龙形引擎 (Fallaji Dragon Engine) written with the traditional 龍
    assert kb_json_here("card", "法拉吉龍形引擎", home=home)["card"]["name"] == "Fallaji Dragon Engine"


def test_the_official_chinese_name_never_picks_fallaji(home: Path) -> None:
    """非瑞克西亚龙形引擎 is Phyrexian Dragon Engine's official name, which MTGJSON lacks; it
    shares 龙形引擎 with Fallaji Dragon Engine (法拉吉龙形引擎).  kb may resolve it to the
    right card or say the evidence is weak, never pick Fallaji."""
    result = kb("card", "非瑞克西亚龙形引擎", "--json", home=home)
    data = json.loads(result.stdout)
    if result.returncode == 0:
        assert data["card"]["name"].startswith("Phyrexian Dragon Engine")
    else:
        assert result.returncode == 1 and data["resolved"] is False
        assert data["resolution"]["candidates"]
    assert "Fallaji" not in json.dumps(data.get("card"))


@pytest.mark.slow  # measured over 5 s (pytest --durations, 2 busy cores)
def test_kb_refs_lists_each_export_under_its_keyword_rule(home: Path) -> None:
    chapter = kb_json_here("show", "702", "--lang", "en", home=home)["languages"][0]["rules"]  # once, not per name
    for name in EXPORTS:
        [rule] = [r for r in chapter
                  if r["number"].count(".") == 1 and r["number"][-1].isdigit()
                  and (r["text"] or r["title"] or "").strip().casefold() == name] or [None]
        if rule is None:  # glorify was never printed: the rules have no keyword of that name
            assert name == "glorify"
            continue
        pages = kb_json_here("refs", rule["number"], home=home)["pages"]
        assert name.capitalize() in {page["title"] for page in pages}, (name, rule["number"])
        shown = kb_here("show", rule["number"], "--lang", "en", home=home).stdout
        # kb show says how many rulings and pages link the rule
        counted = rf"{re.escape(rule['number'])} is linked from \d+ rulings?\b.* and [1-9]\d* pages?"
        assert re.search(counted, shown), name
