"""`--lang` chooses the languages shown, not what is searched: a tester found that `kb ask "come
funziona il travolgere" --lang it` read the Italian seed's 17 rules alone and answered 730.2c (a
merged permanent), `kb search 衍生物进坟场会怎样 --lang zh-Hans` lost 704.5d, "puo una creatura
tappata bloccare" `--lang en` lost 509.1a, and `kb ask "how does trample work" --lang zh-Hans`
kept one answer of three and no definition.  Also: `--limit` moved the first ranks.

Through the real CLI on the default KB; every expectation is the same command without `--lang`
(or with the default limit), not a list of rules written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from kbrun import kb_here, kb_json_here


def ranked(home: Path, query: str, *args: str, command: str = "search") -> list[str]:
    data = kb_json_here(command, query, *args, home=home)
    if command == "ask":
        return [answer["rule"] for answer in data["answers"]]
    return [result["rule"] for result in data["results"]]


@pytest.mark.parametrize(("query", "lang"), [
    ("衍生物进坟场会怎样", "zh-Hans"),
    ("灵气结附的生物离场会怎样", "zh-Hans"),
    ("puo una creatura tappata bloccare", "en"),
    ("how does trample work", "zh-Hans"),
    ("danno da combattimento travolgere", "zh-Hans"),
])
def test_a_language_held_whole_shows_the_same_rules_in_the_same_order(default_home: Path, query: str,
                                                                      lang: str) -> None:
    """English and Chinese hold every rule: shown in one of them, a query ranks exactly as shown in all."""
    assert ranked(default_home, query, "--lang", lang) == ranked(default_home, query)
    assert ranked(default_home, query, "--lang", lang, command="ask") == ranked(default_home, query, command="ask")


def test_ask_in_another_language_than_the_question_keeps_its_answers_and_definition(default_home: Path) -> None:
    alone = kb_json_here("ask", "how does trample work", "--lang", "zh-Hans", home=default_home)
    every = kb_json_here("ask", "how does trample work", home=default_home)
    assert len(alone["answers"]) == len(every["answers"]) > 1
    assert {a["text"]["lang"] for a in alone["answers"]} == {"zh-Hans"}
    assert [d["rule"] for d in alone["definitions"]] == [d["rule"] for d in every["definitions"]] != []


def test_a_language_held_in_fragments_shows_none_rather_than_another_answer(default_home: Path) -> None:
    """The Italian seed holds 17 rules of merged permanents: a trample question has no Italian
    answer, and says where to look; the best of its 17 rules is said to be only that."""
    none = kb_here("search", "come funziona il travolgere", "--lang", "it", home=default_home)
    assert none.returncode == 1 and "730.2c" not in none.stdout
    assert "nothing found in the Italian text held" in none.stdout
    assert "in every language: kb search 'come funziona il travolgere'" in none.stdout
    asked = kb_here("ask", "come funziona il travolgere", "--lang", "it", home=default_home)
    assert asked.returncode == 1 and "730.2c" not in asked.stdout
    some = kb_json_here("search", "permanente amalgamato", "--lang", "it", home=default_home)
    assert some["results"] and some["elsewhere"]["text"].startswith("shown: the best of the Italian text held")
    whole = kb_json_here("search", "permanente amalgamato", "--lang", "en", home=default_home)
    assert whole["elsewhere"] is None


@pytest.mark.parametrize("query", ["衍生物进坟场会怎样", "can a planeswalker block", "trample deathtouch"])
def test_a_longer_list_keeps_the_first_page_in_its_order(default_home: Path, query: str) -> None:
    """`--limit 30` read more hits and put 704.5f third, where the first page has 702.128a."""
    first = ranked(default_home, query)
    assert ranked(default_home, query, "--limit", "30")[:len(first)] == first
