"""Rule numbers written inside a query, through the real CLI on the default KB (`kb build`):
a question naming rules is answered by every rule it names, in the order written; a number
no rule has is said to be none; a text written as rule numbers that is none is refused as
`kb show` refuses it; free text holding plain numbers ("20 life") is still searched.

Expectations come from the KB (the rules it holds between 601.2a and 601.2h) and from what
the address alone answers (`kb ask 601.2a-h`), not from a previous run.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from kbrun import kb_here, kb_json_here

from kb.core import address
from kb.store import rules as store
from kb.views.ask import MAX_NAMED

EDITION = "2026-04-17"


@pytest.fixture(scope="module")
def home(default_home: Path) -> Path:
    """The default corpus, built once per run; the tests only read it."""
    return default_home


@pytest.fixture(scope="module")
def db(home: Path) -> Iterator[sqlite3.Connection]:
    conn = store.connect(home)
    yield conn
    conn.close()


def held_between(db: sqlite3.Connection, first: str, last: str) -> list[str]:
    """The subrules the English edition holds from ``first`` to ``last`` (their parent's), in order."""
    parent = first[:-1]
    rows = db.execute("SELECT number FROM rules WHERE lang = 'en' AND edition = ? AND number GLOB ?",
                      (EDITION, f"{parent}[a-z]")).fetchall()
    found = sorted(row[0] for row in rows)
    return [n for n in found if first <= n <= last]


def rules_answered(data: dict) -> list[str]:
    return [a["rule"] for a in data["answers"]]


# -- kb ask: every rule a question names, in the order written ----------------------------------


@pytest.mark.parametrize(("question", "named"), [
    ("what do 608.3a and b say", ["608.3a", "608.3b"]),      # answered 608.3a and 810.10b
    ("explain 702.19b and 702.19c", ["702.19b", "702.19c"]),  # answered 702.19b only
    ("explain 702.19c and 702.19b", ["702.19c", "702.19b"]),  # in the order written
    ("cosa dicono 702.19b, e 702.19c", ["702.19b", "702.19c"]),
])
def test_ask_quotes_every_rule_named_inside_a_question(home: Path, question: str, named: list[str]) -> None:
    data = kb_json_here("ask", question, home=home)
    assert data["numbers"] == named
    assert rules_answered(data) == named
    assert all(a["text"]["text"] for a in data["answers"])
    shown = kb_here("ask", question, home=home).stdout
    assert all(f"{n}. {rule} (" in shown for n, rule in enumerate(named, 1)), shown
    assert f"{len(named) + 1}. " not in shown  # no rule beside them ranked by the other words ("say")


def test_ask_quotes_a_range_inside_a_question_as_the_range_alone(home: Path, db: sqlite3.Connection) -> None:
    """`kb ask "what do 601.2a-h say"` answered 601.2c alone, where `kb ask 601.2a-h` quotes the eight."""
    eight = held_between(db, "601.2a", "601.2h")
    assert len(eight) == 8
    alone = kb_json_here("ask", "601.2a-h", home=home)
    inside = kb_json_here("ask", "what do 601.2a-h say", home=home)
    assert rules_answered(alone) == rules_answered(inside) == eight
    backwards = kb_json_here("ask", "what do 601.2h-a say", home=home)
    assert rules_answered(backwards) == eight and "runs backwards" in backwards["box"]["backwards"]


def test_ask_says_how_many_of_a_long_range_it_quotes(home: Path) -> None:
    """`kb ask 100.1-999.9` quoted 26 rules of 1,165 and said nothing of the others."""
    data = kb_json_here("ask", "100.1-999.9", home=home)
    assert len(data["answers"]) == MAX_NAMED < data["named"]
    shown = kb_here("ask", "100.1-999.9", home=home).stdout
    assert f"(the first {MAX_NAMED} of the {data['named']:,} rules named)" in shown


def test_web_ask_json_names_every_rule_too(home: Path) -> None:
    """/ask.json is `kb ask --json`, built by the same function: both rules, not 702.19b alone."""
    from kb.views.ask import answer_for

    data = answer_for(home, "explain 702.19b and 702.19c").to_json()
    assert [a["rule"] for a in data["answers"]] == ["702.19b", "702.19c"]  # type: ignore[attr-defined]


# -- a rule number the KB does not hold ------------------------------------------------------


@pytest.mark.parametrize("command", ["ask", "search"])
@pytest.mark.parametrize("question", ["what does 702.999 say", "702.999", "cosa dice la regola 702.999",
                                      "规则702.999是什么意思"])
def test_a_question_naming_only_a_rule_not_held_says_so(home: Path, command: str, question: str) -> None:
    """`kb ask "what does 702.999 say"` printed `rule numbers 702.999` and answered 810.10b (it
    holds "say"), exit 0; `kb search 702.999` said there is no rule 702.999: so do both now."""
    result = kb_here(command, question, home=home)
    assert result.returncode == 1, result.stdout
    assert "no rule 702.999 in the KB" in result.stderr
    assert "810.10b" not in result.stdout


def test_a_rule_not_held_beside_words_answered_is_said_and_the_words_answered(home: Path) -> None:
    """What else the question asks is answered, and the number not held said, as `kb ask
    "702.19b, 702.999"` says it."""
    result = kb_here("ask", "what does 702.999 say about trample", home=home)
    assert result.returncode == 0, result.stderr
    assert "not in the KB: 702.999" in result.stdout
    data = kb_json_here("ask", "what does 702.999 say about trample", home=home)
    assert data["box"]["missing"] == ["702.999"] and rules_answered(data)[0].startswith("702.19")
    both = kb_json_here("ask", "explain 702.19b and 702.999", home=home)
    assert rules_answered(both) == ["702.19b"] and both["box"]["missing"] == ["702.999"]
    searched = kb_here("search", "702.19b, 702.999 trample", home=home)
    assert searched.returncode == 0 and "not in the KB: 702.999" in searched.stdout


# -- numbers that are no rule's --------------------------------------------------------------


@pytest.mark.parametrize("query", ["601.2a-601.2zz", "601.2a-zz", "702.19bc", "702.19b, 1000.1"])
def test_a_text_written_as_rule_numbers_that_is_none_is_refused_as_kb_show_refuses_it(home: Path,
                                                                                    query: str) -> None:
    """`kb search "601.2a-601.2zz"` read 601.2a and chapter 601 and showed chapter 601 first, exit 0,
    where `kb show` says "not a rule number" (exit 2): the same refusal, in the same words."""
    shown = kb_here("show", query, home=home)
    searched = kb_here("search", query, home=home)
    assert shown.returncode == searched.returncode == 2, searched.stdout
    assert searched.stderr == shown.stderr and "not a rule number" in shown.stderr


@pytest.mark.parametrize("query", ["1000.1", "99.1", "7.1", "rule 99.1", "CR 1000.1."])
def test_a_number_no_rule_can_have_is_no_rule(home: Path, query: str) -> None:
    """`kb search 1000.1` and `kb search 99.1` searched free text (Generic Mana, 107.15b …), exit 0."""
    for command in ("search", "ask"):
        result = kb_here(command, query, home=home)
        assert result.returncode == 1, result.stdout
        assert "no rule " in result.stderr and "in the KB" in result.stderr and result.stdout == ""


@pytest.mark.parametrize("query", ["2/2", "1 damage", "20 life", "100 cards", "0 toughness", "+1/+1 counter",
                                   "1.5 damage", "702.19b 20"])
def test_plain_numbers_among_words_are_still_searched(home: Path, query: str) -> None:
    data = kb_json_here("search", query, home=home)
    assert data["results"] and data["box"]["missing"] == []


# -- kb search: the rules named lead, in the order written --------------------------------------


def test_search_lists_a_range_inside_a_question_in_order(home: Path, db: sqlite3.Connection) -> None:
    """`kb search "what do 601.2a-h say"` listed 601.2c first, then 601.2a, 601.2b, …; `kb search 601.2a-h`
    lists them in order, and so does the question now, backwards too (said so, as the README says)."""
    eight = held_between(db, "601.2a", "601.2h")
    alone = [r["rule"] for r in kb_json_here("search", "601.2a-h", home=home)["results"]]
    assert alone == eight
    for query in ("what do 601.2a-h say", "what do 601.2h-a say"):
        data = kb_json_here("search", query, home=home, code=0)
        assert [r["rule"] for r in data["results"]][:8] == eight, query
        assert all(r["lead"] for r in data["results"][:8])
    text = kb_here("search", "what do 601.2h-a say", home=home).stdout
    assert "601.2h-a runs backwards: showing results for 601.2a-h" in text
    limited = kb_json_here("search", "what do 601.2a-h say", "--limit", "3", home=home)
    assert [r["rule"] for r in limited["results"]] == eight  # every rule named, as the address alone shows them


def test_search_lists_a_list_inside_a_question_in_the_order_written(home: Path) -> None:
    data = kb_json_here("search", "explain 702.19c and 702.19b", home=home)
    assert [r["rule"] for r in data["results"]][:2] == ["702.19c", "702.19b"]


# -- the reading itself ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "left"), [("what does CR 702.999 say", "what does say"),
                                            ("what do 608.3a and b say", "what do and say"),
                                            ("cosa dice la regola 702.999", "cosa dice la"),
                                            ("what do rules from 601.2a to 601.2h say", "what do say"),
                                            ("trample damage", "trample damage")])
def test_without_lists_leaves_what_else_a_question_asks(text: str, left: str) -> None:
    assert " ".join(address.without_lists(text).split()) == left


@pytest.mark.parametrize(("text", "read"), [("99.1", ("99.1", True)), ("1000.1", ("1000.1", True)),
                                            ("601.2a-601.2zz", ("601.2a-601.2zz", False)),
                                            ("702.19b", None), ("702.999", None), ("601.2h-a", None),
                                            ("702.19b-702.2", None), ("20", None), ("2/2", None)])
def test_unnumbered_reads_only_what_is_written_as_numbers(text: str, read: tuple[str, bool] | None) -> None:
    assert address.unnumbered(text) == read


@pytest.mark.parametrize("question", ["what does 702.19b say", "cosa dice 702.19b", "规则702.19b是什么"])
def test_a_question_asking_only_what_a_rule_says_lists_that_rule_alone(home: Path, question: str) -> None:
    """"what does 702.19b say" listed 702.19b, then whatever its other words met: 810.10b third,
    for its "says".  It asks the rule named and nothing more, as the address alone does."""
    data = kb_json_here("search", question, home=home)
    assert [r["rule"] for r in data["results"]] == ["702.19b"] and data["total"] == 1
    asked = kb_json_here("search", "what does 702.19b say about planeswalkers", home=home)
    assert [r["rule"] for r in asked["results"]][0] == "702.19b" and asked["total"] > 1  # more asked: searched
