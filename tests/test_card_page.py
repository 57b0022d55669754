"""Issue 12, items 5 and 7 on the command line: the card page is about the card, and
``kb glossary`` falls back through the learned lexicons and spelling.

One KB per run: the seeds, EN + ZH 2026-04-17 and BRO.json, the default corpus's KB
(``$KB_CORPORA``'s BRO.json, the expected values' source, is the same file).
Expected values come from the MTGJSON file itself, never from a previous run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import BRO as DEFAULT_BRO
from kbrun import kb_here, kb_json_here

CARD = "非瑞克西亚龙引擎"  # seed 003's title: no card's name, resolved through its rulings
BRO = "cards/mtgjson-sets_Dancingtree95-mtg-draft-assistant/BRO.json"


@pytest.fixture(scope="session")
def card_home(default_home: Path, corpora: Path) -> Path:
    """The KB of the default corpus, the same as one of the seeds, EN + ZH 2026-04-17 and
    ``$KB_CORPORA``'s BRO.json (its tables compared equal row for row)."""
    assert (corpora / BRO).read_bytes() == DEFAULT_BRO.read_bytes()
    return default_home


@pytest.fixture(scope="session")
def bro(corpora: Path) -> list[dict[str, Any]]:
    return json.loads((corpora / BRO).read_bytes())["data"]["cards"]


def entry(bro: list[dict[str, Any]], face: str) -> dict[str, Any]:
    return next(e for e in bro if e.get("faceName", e["name"]) == face and e.get("layout") == "meld"
                and e["number"].startswith("163"))


def test_the_meld_card_shows_the_oracle_text_of_both_faces(card_home: Path, bro: list[dict[str, Any]]) -> None:
    """Acceptance: `kb card 非瑞克西亚龙引擎` shows both faces' Oracle text, mana cost,
    type line and power/toughness, as MTGJSON gives them."""
    result = kb_here("card", CARD, home=card_home)
    assert result.returncode == 0, result.stderr
    data = kb_json_here("card", CARD, home=card_home)
    faces = {face["name"]: face for face in data["card"]["faces"]}
    assert set(faces) == {"Phyrexian Dragon Engine", "Mishra, Lost to Phyrexia"}
    for name, face in faces.items():
        source = entry(bro, name)
        assert face["text"] == source["text"] and face["type"] == source["type"]
        assert (face["power"], face["toughness"]) == (source["power"], source["toughness"])
        assert face["mana_cost"] == source.get("manaCost")
        for line in source["text"].splitlines():
            assert f"  {line}" in result.stdout.splitlines()
        assert f"{source['type']} · {source['power']}/{source['toughness']}" in result.stdout
    assert "Phyrexian Dragon Engine  {3}" in result.stdout


def test_the_evidence_is_folded_away_behind_explain(card_home: Path) -> None:
    plain = kb_here("card", CARD, home=card_home).stdout
    explained = kb_here("card", CARD, "--explain", home=card_home).stdout
    evidence = kb_json_here("card", CARD, home=card_home)["resolution"]["evidence"]
    assert evidence and "--explain shows the evidence" in plain
    for item in evidence:
        assert f"  {item['kind']}: {item['detail']}" in explained
        assert item["detail"] not in plain


def test_names_in_every_language_the_data_gives(card_home: Path, bro: list[dict[str, Any]]) -> None:
    """A card with foreign names lists each, the official Chinese one included."""
    source = next(e for e in bro if e["name"] == "Mishra, Claimed by Gix // Mishra, Lost to Phyrexia")
    chinese = next(f["name"] for f in source["foreignData"] if f["language"] == "Chinese Simplified")
    data = kb_json_here("card", chinese, home=card_home)
    assert data["card"]["name"] == source["name"] and data["card"]["names"]["zh-Hans"] == chinese
    shown = kb_here("card", chinese, home=card_home).stdout
    assert f"  zh-Hans {chinese}" in shown.splitlines()
    for foreign in source["foreignData"]:
        assert foreign["name"] in shown


def test_the_meld_partner_is_named_once(card_home: Path) -> None:
    parts = kb_json_here("card", CARD, home=card_home)["card"]["parts"]
    assert parts == ["Mishra, Claimed by Gix // Mishra, Lost to Phyrexia"]


def test_an_unknown_card_is_not_in_the_data_held(card_home: Path) -> None:
    """Lightning Bolt is in no set held: kb says so and lists no unrelated cards."""
    result = kb_here("card", "Lightning Bolt", home=card_home)
    assert result.returncode == 1
    data = json.loads(kb_here("card", "Lightning Bolt", "--json", home=card_home).stdout)
    assert data["resolved"] is False and data["resolution"]["candidates"] == []
    assert data["held"] == {"cards": 278, "sets": ["BRO"]}
    assert "no card called 'Lightning Bolt' in the card data held (278 cards from BRO)" in result.stderr


def test_a_close_misspelling_lists_the_close_names_only(card_home: Path) -> None:
    data = json.loads(kb_here("card", "非瑞克西亚龙", "--json", home=card_home).stdout)
    cards = [c["card"] for c in data["resolution"]["candidates"]]
    assert cards == ["Phyrexian Dragon Engine // Mishra, Lost to Phyrexia"]
    detail = data["resolution"]["candidates"][0]["evidence"][0]["detail"]
    assert "(zh-Hans)" in detail  # the title's language, not the rulings page's English


def test_an_alchemy_card_is_listed_under_its_name_without_the_prefix(card_home: Path) -> None:
    """"A-Haywire Mite" (Alchemy's rebalanced Haywire Mite) was listed under A, away from its card:
    it is listed under H, right after Haywire Mite, by its full name."""
    under_h = [c["name"] for c in kb_json_here("card", "--letter", "H", home=card_home)["cards"]]
    assert under_h[under_h.index("Haywire Mite") + 1] == "A-Haywire Mite"
    under_a = [c["name"] for c in kb_json_here("card", "--letter", "A", home=card_home)["cards"]]
    assert not any(name.startswith("A-") for name in under_a)
    assert "  A-Haywire Mite  (BRO A-199)" in kb_here("card", "--letter", "h", home=card_home).stdout.splitlines()


def test_messages_never_escape_a_full_width_space(card_home: Path) -> None:
    query = "非瑞克西亚\u3000龙引擎"
    result = kb_here("card", query, home=card_home)
    assert "\\u3000" not in result.stdout + result.stderr
    assert query in result.stdout + result.stderr


def test_the_card_index_lists_every_card_held(card_home: Path, bro: list[dict[str, Any]]) -> None:
    """One letter at a time, every letter counted: the letters' lists hold every card once."""
    data = kb_json_here("card", home=card_home)
    assert data["letter"] == "A" and data["letters"][0] == {"letter": "A", "cards": len(data["cards"])}
    names: list[str] = []
    for entry in data["letters"]:
        under = kb_json_here("card", "--letter", entry["letter"].lower(), home=card_home)
        assert under["letter"] == entry["letter"] and len(under["cards"]) == entry["cards"]
        names += [c["name"] for c in under["cards"]]
    assert len(names) == len(set(names)) == data["held"]["cards"] == 278
    assert "Phyrexian Dragon Engine // Mishra, Lost to Phyrexia" in names
    shown = kb_here("card", "--letter", "P", home=card_home).stdout
    following = data["letters"][[e["letter"] for e in data["letters"]].index("P") + 1]["letter"]
    assert "Phyrexian Dragon Engine // Mishra, Lost to Phyrexia" in shown
    assert f"(kb card --letter {following} for the next)" in shown
    refused = kb_here("card", "--letter", "PQ", home=card_home)
    assert refused.returncode == 2 and "bad letter" in refused.stderr


# -- kb glossary's fallback ---------------------------------------------------------


def test_glossary_through_the_lexicon(card_home: Path) -> None:
    data = kb_json_here("glossary", "permanente", home=card_home)
    assert data["via"]["how"] == "lexicon" and data["matches"][0]["term"] == "Permanent"
    shown = kb_here("glossary", "permanente", home=card_home).stdout
    assert "found through lexicon: 'permanente' → 'permanent'" in shown


def test_glossary_through_spelling(card_home: Path) -> None:
    data = kb_json_here("glossary", "colour identity", home=card_home)
    assert data["via"]["how"] == "spelling" and data["matches"][0]["term"] == "Color Identity"
    assert {e["lang"] for e in data["matches"][0]["entries"]} == {"en", "zh-Hans"}


def test_glossary_suggests_when_nothing_fits(card_home: Path) -> None:
    result = kb_here("glossary", "melded permanent", "--json", home=card_home)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["matches"] == [] and data["via"]["how"] == "none"
    assert {"Meld", "Permanent", "Merged Permanent"} <= set(data["suggestions"])
    assert "did you mean: " in kb_here("glossary", "melded permanent", home=card_home).stdout


@pytest.mark.parametrize(("query", "term"), [("deaftouch", "Deathtouch"), ("trampel", "Trample"),
                                             ("ｔｒａｍｐｌｅ", "Trample"), ("模式（多人游戏）", "Option"),
                                             ("tocco letle", "Deathtouch"), ("travolgre", "Trample")])
def test_glossary_reads_what_the_search_reads(card_home: Path, query: str, term: str) -> None:
    """A typo the search box reads ("deaftouch" is 84% like Deathtouch; the glossary took
    88% before), an official Italian name misspelt (nothing found before) and full-width
    letters find the entry; a headword's own full-width parentheses still find it as written."""
    data = kb_json_here("glossary", query, home=card_home)
    assert data["matches"][0]["term"] == term


def test_a_players_word_is_no_typo_of_a_headword(card_home: Path) -> None:
    """"blinked creature" was read as a typo of Blocked Creature; "blokced creature" still is."""
    assert kb_json_here("glossary", "blokced creature", home=card_home)["matches"][0]["term"] == "Blocked Creature"
    data = json.loads(kb_here("glossary", "blinked creature", "--json", home=card_home).stdout)
    assert data["via"]["how"] == "none" and data["matches"] == []


@pytest.mark.parametrize(("query", "term"), [("cmc", "Mana Value"), ("召唤病", "Summoning Sickness Rule"),
                                             ("ETB", "Enter"), ("eot", "End Step"), ("fall off", "Unattach")])
def test_glossary_reads_a_players_word(card_home: Path, query: str, term: str) -> None:
    """A players' word search reads was no entry ("cmc") or a misspelling of another (召唤病 was
    Summon, "80% like" 召唤); 召唤失调 is named by the headword 召唤失调规则.  A word's second
    sense was dropped ("eot" is until end of turn and the end step; "fall off" was no entry)."""
    data = kb_json_here("glossary", query, home=card_home)
    assert data["via"]["how"] == "players" and data["matches"][0]["term"] == term
    assert f"found through a players' word: '{query}' is what players say for" in kb_here(
        "glossary", query, home=card_home).stdout


@pytest.mark.parametrize(("query", "term"), [("creatures", "Creature"), ("Tokens", "Token")])
def test_glossary_reads_a_plural_as_its_headword(card_home: Path, query: str, term: str) -> None:
    """"creatures" found nothing; "tokens" went to the Chinese players' word "token" and was
    explained as 衍生物."""
    data = kb_json_here("glossary", query, home=card_home)
    assert data["matches"][0]["term"] == term and data["via"] == {"how": "name"}


def test_glossary_by_name_says_nothing_about_a_way(card_home: Path) -> None:
    data = kb_json_here("glossary", "标识色", home=card_home)
    assert data["via"] == {"how": "name"}
    assert data["matches"][0]["entries"][0]["cited"][0]["number"] == "903.4"
    assert data["matches"][0]["entries"][0]["cited"][0]["text"].startswith("The Commander variant uses color identity")


def test_glossary_index(card_home: Path) -> None:
    data = kb_json_here("glossary", home=card_home)
    terms = {t["term"]: t["names"] for t in data["terms"]}
    assert terms["Color Identity"] == {"en": "Color Identity", "zh-Hans": "标识色"}
    assert len(terms) >= 700


def test_spelling_threshold_as_measured(card_home: Path) -> None:
    """SPELLING_PICK's comment, measured: one- and two-edit typos of every English headword
    of five letters or more, looked up as ``kb glossary`` does, are taken to their headword
    nine times in ten and to another one almost never."""
    import sqlite3
    import sys

    from kb.views import glossary

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_onebox import typos

    with sqlite3.connect(card_home / "kb.sqlite") as conn:
        conn.row_factory = sqlite3.Row
        heads = {glossary.fold(row[0]): row[0] for row in conn.execute("SELECT term FROM glossary WHERE lang = 'en'")}
        cases = [(typo, head) for key, head in heads.items() if len(key) >= 5
                 for typo in typos(key) if typo not in heads]
        taken = [glossary._by_spelling(conn, typo)[1].get("term") for typo, _ in cases]
    right = sum(term == head for term, (_, head) in zip(taken, cases, strict=True)) / len(cases)
    wrong = sum(term not in (None, head) for term, (_, head) in zip(taken, cases, strict=True)) / len(cases)
    print(f"\n{len(cases)} typos of {len(heads)} headwords: right {right:.3f}, wrong {wrong:.3f}")
    assert len(cases) > 2500 and right >= 0.92 and wrong <= 0.003


def test_close_names_as_measured(corpora: Path) -> None:
    """CLOSE_NAME and CLOSE_RATIO's comment, measured with BRO as the data held: every
    held name with a letter dropped resolves or is listed; names of cards of the other
    sets (not held) rarely list anything."""
    import random

    from kb.graph.cards import NameIndex, name_entries, resolve
    from kb.ingest import mtgjson
    from kb.views.card import close_candidates

    files = mtgjson.load_all(mtgjson.find_files(corpora / "cards"))
    bro = [c for f in files if f.set_code == "BRO" for c in f.cards]
    held = {c.name for c in bro}
    others = [c for f in files if f.set_code != "BRO" for c in f.cards if c.name not in held]
    index = NameIndex(name_entries(bro))
    rng = random.Random(1)

    def answered(query: str) -> bool:
        found = resolve(query, index)
        return found.resolved or bool(close_candidates(found).candidates)

    typos = [answered(n[:i] + n[i + 1:]) for c in rng.sample(bro, 150) for lang in ("en", "zh-Hans")
             if (n := c.names.get(lang)) and len(n) >= 4 and (i := rng.randrange(len(n))) >= 0]
    absent = [answered(n) for c in rng.sample(others, 300) for lang in ("en", "zh-Hans") if (n := c.names.get(lang))]
    print(f"\ntypos answered {sum(typos)}/{len(typos)}; names not held listing a card {sum(absent)}/{len(absent)}")
    assert all(typos) and sum(absent) / len(absent) < 0.03


def test_a_word_of_two_card_names_is_said_so_without_contradiction(card_home: Path) -> None:
    """"Mishra" is a word of two names about equally alike: the answer said "no name close to
    it" and, on the next line, named both as similar; then said them "about equally similar" above
    a list scoring them 0.50 and 0.33, neither first in it: the message alone says why."""
    result = kb_here("card", "Mishra", home=card_home)
    said = result.stdout + result.stderr  # the message on standard error, the rest of the answer on standard output
    assert result.returncode == 1 and "no name close to it" not in said
    assert "no name a letter or two off it" not in said  # it is a word of their names, listed
    assert "but it is a word of the names of " in result.stderr
    assert "about equally similar" not in said


def test_a_chinese_name_one_character_off_is_suggested(card_home: Path) -> None:
    """克撒的指令 is Urza's Command's 克撒的指命 with one character of five changed (80 % by
    ratio): it said "no name a letter or two off it", then named 克撒的指命 as the closest."""
    result = kb_here("card", "克撒的指令", home=card_home)
    assert result.returncode == 1
    assert "no name a letter or two off it" not in result.stdout + result.stderr
    assert "close names:\n  Urza's Command  (0.80: '克撒的指命' (zh-Hans) is 80% similar, one character off)" \
        in result.stdout
    data = json.loads(kb_here("card", "克撒的指令", "--json", home=card_home).stdout)
    assert [c["card"] for c in data["resolution"]["candidates"]] == ["Urza's Command"]


def test_no_close_name_is_not_said_beside_the_closest_name(card_home: Path) -> None:
    """Whenever the evidence names the closest name, the message does not say that no name
    is a letter or two off (for a short name it may be)."""
    for query in ("Lightning Bolt", "克撒指"):
        result = kb_here("card", query, home=card_home)
        assert result.returncode == 1 and "the closest name, '" in result.stdout
        assert "no name a letter or two off it" not in result.stdout + result.stderr
        said = result.stderr.strip()
        assert said.startswith(f"kb: no card called '{query}' in the card data held (278 cards from BRO); the closest "
                               "name, '") and said.endswith("% similar, not close enough to suggest"), said


def test_close_chinese_names_as_measured(corpora: Path) -> None:
    """CLOSE_CJK_LENGTH's comment, measured with BRO as the data held: every held Chinese
    name of three characters or more with one character substituted resolves or is listed
    (34 of 265 before); no Chinese name of a card of the other sets (not held) lists a card."""
    import random

    from kb.graph.cards import CLOSE_CJK_LENGTH, NameIndex, name_entries, resolve
    from kb.ingest import mtgjson
    from kb.views.card import close_candidates

    files = mtgjson.load_all(mtgjson.find_files(corpora / "cards"))
    bro = [c for f in files if f.set_code == "BRO" for c in f.cards]
    held = {c.name for c in bro}
    index = NameIndex(name_entries(bro))
    names = sorted({n for c in bro if (n := c.names.get("zh-Hans")) and len(n) >= CLOSE_CJK_LENGTH})
    others = sorted({n for f in files if f.set_code != "BRO" for c in f.cards
                     if c.name not in held and (n := c.names.get("zh-Hans"))})
    characters = sorted({ch for name in names for ch in name})
    rng = random.Random(1)

    def answered(query: str) -> bool:
        found = resolve(query, index)
        return found.resolved or bool(close_candidates(found).candidates)

    def substituted(name: str) -> str:
        at = rng.randrange(len(name))
        return name[:at] + rng.choice([ch for ch in characters if ch != name[at]]) + name[at + 1:]

    typos = [answered(substituted(name)) for name in names]
    absent = [answered(name) for name in others]
    print(f"\nsubstitutions answered {sum(typos)}/{len(typos)}; names not held listing a card "
          f"{sum(absent)}/{len(absent)}")
    assert len(typos) == 265 and all(typos)
    assert len(absent) == 2371 and not any(absent)


def test_a_clear_typo_resolves_though_a_name_not_shown_was_near(card_home: Path) -> None:
    """"Go fer teh throat" was refused as "about equally similar" to Iron-Craw Crusher, whose French
    name WRatio's partial match put at 85 % but which is no close name, so not listed: the decision
    is made among the names shown, and no reason names a card that is not one of them."""
    result = kb_here("card", "Go fer teh throat", home=card_home)
    assert result.returncode == 0, result.stdout
    assert json.loads(kb_here("card", "Go fer teh throat", "--json", home=card_home).stdout)["card"]["name"] \
        == "Go for the Throat"
    from test_serve import request, serving

    with serving(card_home, "--workers", "1") as base:
        assert request(base, "/cards/go%20fer%20teh%20throat").status == 200
