"""What kb tells a user to type for a card: the ``kb card`` command a search, a question and the
web suggest (quoted as a person types a name with an apostrophe), and the cards a word of their
names stands for when it names none of them (``kb card Mishra``).

The KB of the default corpus (conftest's ``default_home``: the seeds, EN and ZH 2026-04-17, BRO),
built once per run; expected names come from its card name table, not from a previous run.
"""

from __future__ import annotations

import html
import shlex
from pathlib import Path
from urllib.parse import urlencode

import pytest
from kbrun import kb_here, kb_json_here

from kb.core.text import shell_join, shell_quote

URZAS_COMMAND = "Urza's Command"


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
