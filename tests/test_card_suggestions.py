"""What kb tells a user to type for a card: the ``kb card`` command a search, a question and the
web suggest (quoted as a person types a name with an apostrophe), and the cards a word of their
names stands for when it names none of them (``kb card Mishra``).

The KB of the default corpus (conftest's ``default_home``: the seeds, EN and ZH 2026-04-17, BRO),
built once per run; expected names come from its card name table, not from a previous run.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from kbrun import kb_here, kb_json_here

from kb.core.text import shell_join, shell_quote
from kb.store import rules as store

URZAS_COMMAND = "Urza's Command"


@pytest.fixture(scope="module")
def db(default_home: Path) -> Iterator[sqlite3.Connection]:
    conn = store.connect(default_home)
    yield conn
    conn.close()


# -- the command suggested ---------------------------------------------------------------


@pytest.mark.parametrize("name", [URZAS_COMMAND, "Sheoldred, the Apocalypse", "Mishra's \"Command\"", "Urza's $5",
                                  "Urza's `Sylex`", "Gix's \\ Command", "Urza's Command!", "Urza’s Command", "Forest"])
def test_a_suggested_command_reads_back_as_the_name(name: str) -> None:
    """Whatever the name holds, a shell reads the command back into the name."""
    assert shlex.split(shell_join(["kb", "card", name])) == ["kb", "card", name]


def test_a_name_with_an_apostrophe_is_in_double_quotes() -> None:
    """shlex.quote wrote kb card 'Urza'"'"'s Command': right, but no one types that."""
    assert shell_join(["kb", "card", URZAS_COMMAND]) == 'kb card "Urza\'s Command"'
    assert shell_quote("Sheoldred, the Apocalypse") == "'Sheoldred, the Apocalypse'"  # no apostrophe: as before
    assert shell_quote("Urza's $5") == shlex.quote("Urza's $5")  # the shell would read $5 in double quotes
    assert shell_quote("Forest") == "Forest"


@pytest.mark.parametrize("command", ["search", "ask"])
def test_search_and_ask_suggest_the_card_command_as_typed(default_home: Path, command: str) -> None:
    question = f"how does {URZAS_COMMAND} work"
    data = kb_json_here(command, question, home=default_home)
    assert [c["command"] for c in data["cards"]] == ['kb card "Urza\'s Command"']
    assert 'kb card "Urza\'s Command"' in kb_here(command, question, home=default_home).stdout


def test_the_web_suggests_the_card_command_as_typed(default_home: Path) -> None:
    from test_serve import request, serving

    with serving(default_home, "--workers", "1") as base:
        page = html.unescape(request(base, "/search?" + urlencode({"q": URZAS_COMMAND})).body.decode())
    assert 'kb card "Urza\'s Command"' in page and 'kb search "Urza\'s Command" --json' in page
    assert "'\"'\"'" not in page


# -- a word of card names ----------------------------------------------------------------


def english_names_holding(db: sqlite3.Connection, word: str) -> set[str]:
    """The cards whose English name holds ``word`` whole ("Mishra's" holds Mishra), from the KB."""
    rows = db.execute("SELECT DISTINCT card, name FROM card_names WHERE lang = 'en'").fetchall()
    return {card for card, name in rows if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", name)}


@pytest.mark.parametrize("word", ["Mishra", "Urza", "Command"])
def test_a_word_of_several_card_names_lists_those_cards(default_home: Path, db: sqlite3.Connection,
                                                        word: str) -> None:
    """`kb card Mishra` said "no name a letter or two off it" and listed nothing: the user did not
    learn what to type.  It still resolves nothing (exit 1)."""
    expected = english_names_holding(db, word)
    assert len(expected) > 1
    result = kb_here("card", word, home=default_home)
    assert result.returncode == 1 and "no name a letter or two off it" not in result.stdout
    assert f"it is a word of the names of {len(expected)} cards" in result.stdout
    listed = result.stdout.split(f"cards whose names hold '{word}':\n", 1)[1].split("\nclose names:")[0]
    assert {line.strip() for line in listed.splitlines()} == expected
    data = json.loads(kb_here("card", word, "--json", home=default_home).stdout)
    assert data["resolved"] is False and data["word_of"] == len(expected)
    worded = [c for c in data["resolution"]["candidates"] if c["evidence"][0]["kind"] == "name-word"]
    assert {c["card"] for c in worded} == expected


def test_a_word_inside_a_longer_word_is_not_a_word_of_the_name(default_home: Path) -> None:
    """"Command" is no word of Wing Commando: that card is only a close name."""
    data = json.loads(kb_here("card", "Command", "--json", home=default_home).stdout)
    kinds = {c["card"]: c["evidence"][0]["kind"] for c in data["resolution"]["candidates"]}
    assert kinds.get("Wing Commando") != "name-word" and kinds["Urza's Command"] == "name-word"


def test_a_chinese_word_of_card_names_lists_their_chinese_names(default_home: Path, db: sqlite3.Connection) -> None:
    """米斯拉 (Mishra) is the first word of 米斯拉的指命 (Mishra's Command): the cards are listed by
    their names in the query's script, each with its English name."""
    rows = db.execute("SELECT card, name FROM card_names WHERE lang = 'zh-Hans' AND name LIKE '米斯拉的%'").fetchall()
    assert len(rows) > 1
    result = kb_here("card", "米斯拉", home=default_home)
    assert result.returncode == 1
    for card, name in rows:
        assert f"\n  {name}  ({card})" in result.stdout


def test_a_word_of_no_card_name_lists_none(default_home: Path) -> None:
    """"Lightning Bolt" is no card held: "Bolt" alone is a word of Obliterating Bolt, the two words are not."""
    data = json.loads(kb_here("card", "Lightning Bolt", "--json", home=default_home).stdout)
    assert data["word_of"] == 0 and data["resolution"]["candidates"] == []


def test_the_web_card_page_lists_the_cards_a_word_names(default_home: Path, db: sqlite3.Connection) -> None:
    """/cards/Mishra is a 404 (nothing resolved) listing the cards, as `kb card Mishra` does."""
    from test_serve import request, serving

    with serving(default_home, "--workers", "1") as base:
        reply = request(base, "/cards/Mishra")
        chinese = html.unescape(request(base, "/cards/" + quote("米斯拉")).body.decode())
    shown = html.unescape(reply.body.decode())
    assert reply.status == 404 and "Cards it may name" in shown
    assert all(f'href="/cards/{quote(card, safe="")}"' in shown for card in english_names_holding(db, "Mishra"))
    assert "米斯拉的指命" in chinese and "Mishra's Command" in chinese
