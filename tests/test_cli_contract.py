"""Acceptance of issue 2 (foundation) where the existing tests leave gaps: the CLI contract
(``--edition``, ``$KB_HOME``, ``--json`` and exit codes on every command, quiet output when
not on a terminal) and the provenance that ``kb export`` gives, all through a real
subprocess on real documents.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path
from subprocess import CompletedProcess
from typing import Any

import kbrun
import pytest
from conftest import Built, builds_large_kb, copy_home
from kbrun import kb_here

NEW = "cr/en/MagicCompRules-2026-01-16.txt"
OLD = "cr/en/MagicCompRules-2025-11-14.txt"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def kb(*args: object, home: Path | None, **options: Any) -> CompletedProcess[str]:
    """Run from the tests folder, as the checks of relative paths expect (``options``: as
    :func:`kbrun.kb`'s, for :func:`subprocess.run`)."""
    return kbrun.kb(*args, home=home, cwd=Path(__file__).parent, **options)


def kb_json(*args: object, home: Path) -> Any:  # parsed JSON, as kbrun.kb_json's
    result = kb(*args, "--json", home=home)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def lines_of(path: Path) -> list[str]:
    """UTF-8 (with or without BOM) files only: the ones used here are."""
    return path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def effective(path: Path) -> dt.date:
    match = next(m for line in lines_of(path)[:40]
                 if (m := re.search(r"effective as of ([A-Z][a-z]+) (\d{1,2}), (\d{4})", line)))
    return dt.date(int(match[3]), MONTHS.index(match[1]) + 1, int(match[2]))


@pytest.fixture(scope="module")
@builds_large_kb
def two_editions_built(tmp_path_factory: pytest.TempPathFactory, corpora: Path) -> tuple[Path, CompletedProcess[str]]:
    """`kb build OLD NEW` run as a program runs it (its output read from pipes), with what it said."""
    home = tmp_path_factory.mktemp("two") / "home"
    return home, kb("build", corpora / OLD, corpora / NEW, home=home)


@pytest.fixture(scope="module")
def two_editions(two_editions_built: tuple[Path, CompletedProcess[str]]) -> Path:
    home, result = two_editions_built
    assert result.returncode == 0, result.stderr
    return home


@pytest.fixture(scope="module")
def seed_home(tmp_path_factory: pytest.TempPathFactory, default_home: Path) -> Path:
    """The KB `kb build` makes (the run builds it once), a copy this module may rebuild."""
    return copy_home(default_home, tmp_path_factory.mktemp("seed") / "home")


# -- --edition: the edition in force on a date -----------------------------------------------


def test_show_and_refs_pick_the_edition_in_force(two_editions: Path, corpora: Path) -> None:
    old, new = effective(corpora / OLD), effective(corpora / NEW)
    assert old < new
    cases = [(None, new, NEW), (new, new, NEW), (new - dt.timedelta(days=1), old, OLD), (old, old, OLD),
             (new + dt.timedelta(days=400), new, NEW)]
    for on, edition, file in cases:
        option = ["--edition", on.isoformat()] if on else []
        shown = kb_json("show", "100.1", "--lang", "en", *option, home=two_editions)
        [block] = shown["languages"]
        assert block["edition"] == edition.isoformat(), on
        path, line = block["rules"][0]["source"].rsplit(":", 1)
        assert Path(path) == corpora / file
        assert lines_of(corpora / file)[int(line) - 1].startswith("100.1")
        refs = kb_json("refs", "100.1", *option, home=two_editions)
        assert refs["edition"] == edition.isoformat(), on
    editions = {(e["lang"], e["edition"]) for e in kb_json("editions", home=two_editions)}
    assert editions == {("en", old.isoformat()), ("en", new.isoformat())}


def test_no_edition_in_force_is_not_found(two_editions: Path, corpora: Path) -> None:
    before = effective(corpora / OLD) - dt.timedelta(days=1)
    for command in ("show", "refs"):
        result = kb(command, "100.1", "--lang", "en", "--edition", before.isoformat(), home=two_editions)
        assert result.returncode == 1, (command, result.stdout, result.stderr)
        assert result.stdout == "" and "100.1" in result.stderr and "Traceback" not in result.stderr


# -- the KB home --------------------------------------------------------------------------------


def test_kb_home_comes_from_the_environment(tmp_path: Path, seeds: Path) -> None:
    """(The seeds alone: where the KB goes does not depend on what is built.)"""
    env = {**os.environ, "KB_HOME": str(tmp_path / "from-env")}
    built = kb("build", seeds, home=None, env=env)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "from-env" / "kb.sqlite").is_file()
    assert str(tmp_path / "from-env" / "kb.sqlite") in built.stdout
    listed = kb("editions", "--json", home=None, env=env)
    assert {e["lang"] for e in json.loads(listed.stdout)} == {"en", "it"}
    # --home wins over $KB_HOME
    elsewhere = kb("editions", home=tmp_path / "elsewhere", env=env)
    assert elsewhere.returncode == 1 and "kb build" in elsewhere.stderr


def test_build_is_quiet_off_a_terminal(two_editions_built: tuple[Path, CompletedProcess[str]]) -> None:
    """No progress bar (nor anything else) on stderr when stderr is not a terminal (a pipe:
    the two editions' build, read by this module)."""
    _, result = two_editions_built
    assert result.returncode == 0 and result.stderr == ""


def on_a_terminal(*args: object, home: Path) -> tuple[int, str]:
    """``kb ARGS --home HOME`` in a real process whose standard output and error are one
    pseudo-terminal, as a person at a terminal runs it: its exit code and what the screen shows."""
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with subprocess.Popen([sys.executable, "-m", "kb", *map(str, args), "--home", str(home)], stdin=subprocess.DEVNULL,
                          stdout=follower, stderr=follower, cwd=home.parent, env=env) as process:
        os.close(follower)
        screen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the process closed the terminal's last other end
                break
            if not chunk:
                break
            screen += chunk
        os.close(leader)
        code = process.wait(timeout=60)
    return code, screen.decode("utf-8").replace("\r\n", "\n")


@pytest.mark.parametrize(("args", "message", "rest"), [
    (("card", "Lightning Bolt"), "no card called 'Lightning Bolt' in the card data held", "  weak: the closest name"),
    (("glossary", "nosuchterm"), "no glossary entry is called 'nosuchterm'", ""),
    (("glossary", "melded", "permanent"), "no glossary entry is called 'melded permanent'", "did you mean: Permanent"),
])
def test_not_found_is_said_once(default_home: Path, args: tuple[str, ...], message: str, rest: str) -> None:
    """What was not found is said once, as `kb show 999.1` and `kb ask` say it: a "kb: ..." line
    on standard error, first on a terminal; standard output has the rest of the answer (the
    evidence, the suggestions).  Piped, `kb card zzzzqqq` printed the message on both streams."""
    code, screen = on_a_terminal(*args, home=default_home)
    assert code == 1 and screen.count(message) == 1 and screen.startswith(f"kb: {message}"), screen
    piped = kb(*args, home=default_home)
    assert piped.returncode == 1 and message not in piped.stdout and piped.stdout.startswith(rest)
    assert piped.stderr.startswith(f"kb: {message}") and piped.stderr.count("\n") == 1


#: The fields of a --json error (kb.views.shared.error_json).
ERROR_FIELDS = {"error", "path", "line", "exit_code"}


@pytest.mark.parametrize(("args", "own"), [
    (("card", "zzzzqqq"), {"query", "resolved", "resolution", "message", "held", "word_of"}),
    (("glossary", "xyzzy"), {"query", "via", "matches", "suggestions"}),
    (("search", "zzqqxx"), {"query", "results", "definitions", "total"}),
    (("show", "999.1"), set()),
    (("ask", "zzqqxx"), set()),
])
def test_every_command_exiting_1_prints_the_error_fields_with_json(default_home: Path, args: tuple[str, ...],
                                                                    own: set[str]) -> None:
    """`kb --json card zzzzqqq` printed its answer without ``error`` nor ``exit_code``, where `kb --json
    show 999.1` printed them: every command exiting 1 gives them, an answer keeping its own fields."""
    result = kb_here("--json", *args, home=default_home)
    data = json.loads(result.stdout)
    assert result.returncode == 1 and ERROR_FIELDS | own <= set(data), data.keys()
    assert data["exit_code"] == 1 and data["path"] is None and data["line"] is None
    assert result.stderr == f"kb: {data['error']}\n"  # the message of the JSON, said once on standard error


@pytest.mark.parametrize(("args", "typed"), [
    (("search", "trample " * 700), "trample"), (("search", "zzqq " * 1000), "zzqq"), (("ask", "zzqq " * 1000), "zzqq"),
    (("glossary", "zzqq " * 1000), "zzqq"), (("card", "zzqq " * 1000), "zzqq"), (("show", "zzqq " * 1000), "zzqq"),
    (("glossary", "trample " * 700), "trample"),
])
def test_a_long_query_is_said_cut(default_home: Path, args: tuple[str, ...], typed: str) -> None:
    """A 5,000-character query was printed whole in the header of `kb search` and again in its "kb:
    nothing found for …": headers and messages say the first words and "…"; the JSON keeps it whole."""
    command, query = args[0], args[1].strip()
    result = kb_here(command, query, home=default_home)
    said = result.stdout + result.stderr
    assert f"{typed} {typed} {typed}" in said and "…" in said and len(said) < 20_000, said[:300]
    assert all(line.count(typed) <= 20 for line in said.splitlines()), said[:300]
    answer = kb_here("--json", command, query, home=default_home)
    data = json.loads(answer.stdout)
    assert data.get("query", query) == query and query not in data.get("error", "")


# -- --json and exit codes on every command -------------------------------------------------------


def test_json_on_every_command(seed_home: Path, default_json_build: Built) -> None:
    assert default_json_build.returncode == 0, default_json_build.stderr
    report = json.loads(default_json_build.stdout)  # `kb build --json` of the same corpus, once per run
    assert {Path(d["path"]).name for d in report["documents"]} >= {"000_7a78d2801561c4e1.txt"}
    assert kb_json("show", "729.2", home=seed_home)["number"] == "729.2"
    italian = kb_json("refs", "730.2a", "--lang", "it", home=seed_home)  # a rule named as `kb show` names it
    assert (italian["number"], italian["rule"]) == ("729.2a", "730.2a")
    assert {e["lang"] for e in kb_json("editions", home=seed_home)} == {"en", "it", "zh-Hans"}
    card = kb("card", "Phyrexian Dragon Engine", "--json", home=seed_home)  # BRO is in the default corpus
    assert card.returncode == 0 and json.loads(card.stdout)["resolved"] is True
    exported = kb("export", "--what", "rules", home=seed_home)
    assert exported.returncode == 0
    assert len([json.loads(line) for line in exported.stdout.splitlines()]) == 6616


BAD = [  # (arguments, exit code, words the message must hold)
    (("show", "999.9"), 1, "999.9"),
    (("show", "729.2z"), 1, "729.2z"),
    (("show", "abc"), 2, "abc"),
    (("show", "7.3"), 2, "section"),
    (("show", "729.2l"), 2, "l"),
    (("show", "729.2", "--edition", "2026-13-01"), 2, "2026-13-01"),
    (("show", "729.2", "--lang", "xx"), 2, "xx"),
    (("show", "729.2", "--lang", "fr"), 1, "fr"),
    (("refs", "999.9"), 1, "999.9"),
    (("refs", "abc"), 2, "abc"),
    (("refs", "729.2a", "--edition", "yesterday"), 2, "yesterday"),
    (("refs", "729.2a", "--lang", "klingon!"), 2, "klingon"),
    (("card", ""), 2, "card name"),
    (("export", "--edition", "1990-01-01"), 1, "was in force on 1990-01-01"),  # 2 before; 1 as diff, toc, cite
    (("toc", "--edition", "1990-01-01"), 1, "in force on 1990-01-01"),
    (("build", "no/such/file.txt"), 2, "no/such/file.txt"),
    (("build", "--format", "no-such-format"), 2, "no-such-format"),
]


@pytest.mark.parametrize(("args", "code", "words"), BAD, ids=[" ".join(a) for a, _, _ in BAD])
def test_exit_codes(seed_home: Path, args: tuple[str, ...], code: int, words: str) -> None:
    for json_flag in ((), ("--json",)):
        result = kb(*args, *json_flag, home=seed_home)
        assert result.returncode == code, (args, json_flag, result.stdout, result.stderr)
        assert words in result.stderr and "Traceback" not in result.stderr
        if json_flag:  # a program reading JSON gets the error as JSON on stdout too
            error = json.loads(result.stdout)
            assert error["exit_code"] == code and words in error["error"] + str(error["path"])
        else:
            assert result.stdout == ""


@pytest.mark.parametrize(("args", "words"), [
    (("--json", "search", "deathtouch", "--limit", "abc"), "invalid int value: 'abc'"),
    (("--json", "search"), "the following arguments are required: query"),
    (("--json", "nosuchcommand"), "invalid choice: 'nosuchcommand'"),
    (("search", "--json", "-trample"), "the following arguments are required: query"),
])
def test_a_command_line_refused_is_a_json_error_with_json(tmp_path: Path, args: tuple[str, ...], words: str) -> None:
    """argparse's refusals too: a program reading ``--json`` gets them on standard output."""
    result = kb(*args, home=tmp_path)
    assert result.returncode == 2 and words in result.stderr
    error = json.loads(result.stdout)
    assert words in error["error"] and error["exit_code"] == 2


@pytest.mark.parametrize("args", [("show", "729.2"), ("refs", "729.2"), ("editions",), ("export", "--json-lines"),
                                  ("card", "Fuse")])
def test_every_reader_without_a_kb_is_not_found(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = kb(*args, home=tmp_path / "nothing")
    assert result.returncode == 1, (args, result.stderr)
    assert "kb build" in result.stderr and str(tmp_path / "nothing") in result.stderr
    assert not (tmp_path / "nothing").exists() or not any((tmp_path / "nothing").iterdir())


# -- provenance: every exported text points at its line ---------------------------------------------


def test_export_source_is_the_line_of_each_text(two_editions: Path, corpora: Path) -> None:
    """Every text of both editions (the module's KB holds two), each in its own file."""
    result = kb("export", "--json-lines", home=two_editions)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    files = {corpora / name: (lines_of(corpora / name), effective(corpora / name).isoformat()) for name in (OLD, NEW)}
    for file, (_, edition) in files.items():
        assert sum(row["edition"] == edition for row in rows) > 3000, file
    for row in rows:
        path, line = row["source"].rsplit(":", 1)
        assert Path(path) in files
        lines, edition = files[Path(path)]
        assert row["edition"] == edition
        text = lines[int(line) - 1]
        number = re.match(r"(\d+(?:\.\d+[a-z]?)?)\.? ", text)
        assert number and number[1] == row["number"], (row["number"], text[:60])
        first = (row["text"] or row["title"]).split("\n")[0]
        assert first in text, (row["number"], first[:60], text[:60])


def test_refs_names_a_rule_as_show_does(older_editions_kb: Path) -> None:
    """`kb refs 723 --edition 2025-11-14` read 723 as that edition's own 723 (Ending Turns and
    Phases), where `kb show` reads the rule that is 723 today (Controlling Another Player, 722
    then): both now read the identity, and refs says the number the edition wrote."""
    shown = kb_json("show", "723", "--edition", "2025-11-14", "--lang", "en", home=older_editions_kb)
    refs = kb_json("refs", "723", "--edition", "2025-11-14", home=older_editions_kb)
    assert shown["languages"][0]["number"] == refs["number"] == "722" and refs["rule"] == "723"
    assert refs["incoming_direct"] >= 1  # the glossary's "See rule 722", counted against 722


def test_an_option_of_one_value_given_two_is_refused(seed_home: Path) -> None:
    """As the web refuses ?lang=en&lang=zh-Hans for `history` (the CLI showed the last alone);
    the same value twice is one value."""
    refused = kb("history", "702.19b", "--lang", "en", "--lang", "zh-Hans", "--json", home=seed_home)
    assert refused.returncode == 2 and "--lang given twice ('en', 'zh-Hans')" in json.loads(refused.stdout)["error"]
    again = kb("history", "702.19b", "--lang", "en", "--lang", "en", home=seed_home)
    assert again.returncode == 0 and "through 1 edition\n" in again.stdout.splitlines()[0] + "\n"


def test_a_diff_of_one_edition_with_itself_says_so(older_editions_kb: Path) -> None:
    """"2030-01-01 2026-04-17" names 2026-04-17 twice: it answered "0 added, 0 removed…"."""
    result = kb("diff", "2030-01-01", "2026-04-17", home=older_editions_kb)
    said = "both name the English (en) edition 2026-04-17: nothing to compare"
    assert result.returncode == 2 and said in result.stderr
    assert kb("diff", "2025-11-14", "2026-04-17", home=older_editions_kb).returncode == 0


def test_a_diff_of_editions_in_reverse_order_says_so(older_editions_kb: Path) -> None:
    """`kb diff 2026-04-17 2025-11-14` printed the changes backwards (a removed rule "added") without a word."""
    result = kb("diff", "2026-04-17", "2025-11-14", home=older_editions_kb)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("kb: 2026-04-17 (edition 2026-04-17) is newer than 2025-11-14 (edition 2025-11-14): the"
                             " older edition comes first: did you mean kb diff 2025-11-14 2026-04-17?\n")
