"""Queries naming two keyword abilities, and questions naming a glossary entry among other words
(session 37's tester), through the real CLI on the default KB (`kb build`).

- "deathtouch lifelink" led with the sentence lifelink, wither, infect and deathtouch each write
  ("If an object changes zones before an effect causes it to deal damage, its last known
  information is used …"): the words the two keywords share were read from it, and wither's and
  infect's copies ranked second and fourth;
- "死觸加踐踏" (traditional characters) did not find the trample rules "死触加践踏" finds;
- "does the legend rule apply to tokens" had no 704.5j, the subrule its Legend Rule entry cites,
  in the first five;
- "first strike deathtouch" had no deathtouch rule in the first five: a name of two words matched
  twice in every first strike and double strike rule (session 37's tester).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from kbrun import kb_json_here


def ranked(home: Path, query: str) -> list[str]:
    return [result["rule"] for result in kb_json_here("search", query, home=home)["results"]]


@pytest.mark.parametrize(("query", "named", "others"), [
    ("deathtouch lifelink", ("702.2", "702.15"), ("702.80", "702.90")),
    ("menace deathtouch", ("702.2", "702.111"), ("702.19", "702.3", "702.9")),
    ("wither vs infect", ("702.80", "702.90"), ("702.2", "702.15")),
])
def test_two_keywords_lead_with_their_own_rules(default_home: Path, query: str, named: tuple[str, ...],
                                                others: tuple[str, ...]) -> None:
    """The first four are rules of the keywords named (or 120, what damage does), none of another
    keyword's, and each keyword named has a rule among them."""
    first = ranked(default_home, query)[:4]
    assert not [r for r in first if any(r.startswith(o) and r[len(o)].isalpha() for o in others)], first
    for section in named:
        assert any(r.startswith(section) and r[len(section)].isalpha() for r in first), (section, first)


@pytest.mark.parametrize(("query", "named"), [
    ("first strike deathtouch", ("702.7", "702.2")),
    ("先攻死触", ("702.7", "702.2")),
    ("double strike lifelink", ("702.4", "702.15")),
])
def test_each_keyword_named_has_a_rule_in_the_first_five(default_home: Path, query: str,
                                                          named: tuple[str, ...]) -> None:
    first = ranked(default_home, query)[:5]
    for section in named:
        assert any(r.startswith(section) and r[len(section)].isalpha() for r in first), (section, first)


@pytest.mark.parametrize(("query", "named"), [
    ("first strike deathtouch", ("702.7", "702.2")),
    ("double strike lifelink", ("702.4", "702.15")),
])
def test_kb_ask_quotes_a_rule_of_each_keyword_named(default_home: Path, query: str, named: tuple[str, ...]) -> None:
    """`kb ask "first strike deathtouch"` quoted 702.7c, 702.7b and 702.7a: three rules of first strike,
    none of deathtouch, where the search has one of each in its first five (session 38's tester)."""
    quoted = [a["rule"] for a in kb_json_here("ask", query, home=default_home)["answers"]]
    for section in named:
        assert any(r.startswith(section) and r[len(section)].isalpha() for r in quoted), (section, quoted)


def test_a_keyword_pair_in_traditional_characters_ranks_as_in_simplified(default_home: Path) -> None:
    assert ranked(default_home, "死觸加踐踏")[:5] == ranked(default_home, "死触加践踏")[:5]
    assert ranked(default_home, "死觸加踐踏")[:2] == ["702.2c", "702.19b"]


def test_a_question_naming_an_entry_ranks_the_subrule_it_cites(default_home: Path) -> None:
    assert "704.5j" in ranked(default_home, "does the legend rule apply to tokens")[:5]


def test_an_entry_named_only_inside_a_longer_one_is_not_shown_beside(default_home: Path) -> None:
    """"double strike lifelink" showed the keyword action Double beside Double Strike and Lifelink:
    its one word is named only inside the longer name (session 38's helper); named on its own it is."""
    def beside(query: str) -> list[str]:
        return [d["term"] for d in kb_json_here("search", query, home=default_home)["definitions"]]

    assert beside("double strike lifelink") == ["Double Strike", "Lifelink"]
    assert "Mana" not in beside("mana burn")
    assert beside("double") == ["Double"] and "Double" in beside("double the counters")


def test_the_keywords_names_are_headings_only(default_home: Path) -> None:
    """702.1's opening sentence ("Most abilities describe exactly what they do …") was read as the name
    of a keyword in both languages, beside the 191 headings of chapter 702."""
    from indexers.keywords import of_kb
    from kb.store.rules import connect, newest_of

    with connect(default_home) as conn:
        names = of_kb(conn, [(lang, newest_of(conn, lang)) for lang in ("en", "zh-Hans")]).names
    assert names["en"]["trample"] == "702.19" and names["zh-Hans"]["践踏"] == "702.19"
    for lang in ("en", "zh-Hans"):
        assert "702.1" not in names[lang].values(), [n for n, r in names[lang].items() if r == "702.1"]
        assert all(len(name) <= 60 for name in names[lang]), lang


def test_a_keyword_s_variants_are_named_by_the_glossary_entries_pointing_to_it(default_home: Path) -> None:
    """"Islandwalk: See Landwalk." and "Islandcycling: See Typecycling." (whose entry cites 702.29) name
    their keywords, in Chinese too (海岛行者 参见地行者); 平原行者, which the Chinese glossary writes for both
    Plainswalk and Plainscycling, names neither."""
    from indexers.keywords import of_kb
    from kb.store.rules import connect, newest_of

    with connect(default_home) as conn:
        names = of_kb(conn, [(lang, newest_of(conn, lang)) for lang in ("en", "zh-Hans")]).names
    assert names["en"]["islandwalk"] == "702.14" and names["en"]["swampcycling"] == "702.29"
    assert names["zh-Hans"]["海岛行者"] == "702.14" and names["zh-Hans"]["循环海岛"] == "702.29"
    assert "平原行者" not in names["zh-Hans"]
    assert names["en"]["landwalk"] == "702.14" and names["en"]["cycling"] == "702.29"
