"""The ``kb`` command as a user runs it: a real subprocess, a real KB home in a temp dir
(what `kb show` and `kb export` print, on a KB built so, answered by kb's main in the
test's process: :func:`kbrun.kb_here`)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Built
from kbrun import kb, kb_here, kb_json_here

from kb.build import EMBEDDED_CORPUS
from kb.core.model import Document
from kb.core.textio import read_source
from kb.ingest import ingest
from kb.store import rules as store

ITALIAN = EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt"
WEB_PAGE = EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt"
WIKI = EMBEDDED_CORPUS / "004_d2c5e84930c8fccc.txt"
EDITION = "MagicCompRules-2026-01-16.txt"


def digest(home: Path) -> str:
    return hashlib.sha256((home / "kb.sqlite").read_bytes()).hexdigest()


def leftovers(home: Path) -> list[str]:
    """What a build left beside the KB file and its search index (built by kb build)."""
    return sorted(p.name for p in home.iterdir() if p.name not in ("kb.sqlite", "index"))


def survivors(group: int, grace: float = 5.0) -> list[str]:
    """The processes of a process group still running ``grace`` seconds on (the forkserver
    and resource tracker of a build end when they see it gone), by command line."""
    deadline = time.monotonic() + grace
    while True:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == group and fields[0] != "Z":
                    found.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


@pytest.fixture(scope="module")
def seed_kb(tmp_path_factory: pytest.TempPathFactory, seeds: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The four seeds alone: what they hold and cite without a full edition beside them."""
    home = tmp_path_factory.mktemp("seed") / "home"
    return home, kb("build", seeds, home=home)


@pytest.fixture(scope="module")
def default_kb(default_build: Built) -> tuple[Path, Built]:
    """`kb build` with no arguments: the embedded default corpus (the run builds it once)."""
    return default_build.home, default_build


@pytest.fixture
def home(seed_kb: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path) -> Path:
    """A home of its own holding the KB built from the embedded corpus."""
    built, result = seed_kb
    assert result.returncode == 0, result.stderr
    own = tmp_path / "home"
    own.mkdir()
    shutil.copy2(built / "kb.sqlite", own / "kb.sqlite")
    return own


@pytest.fixture(scope="module")
def full_kb(seeds_2026_01_16: tuple[Path, dict]) -> Path:
    """English 2026-01-16 with the Italian seed beside it (and the other seeds and the Chinese
    translation of that edition: conftest's ``seeds_2026_01_16``, built once per run).  Tests
    only read it."""
    return seeds_2026_01_16[0]


# -- build -------------------------------------------------------------------------------


def test_build_the_seeds_alone(seed_kb: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    home, result = seed_kb
    assert result.returncode == 0, result.stderr
    out = result.stdout
    blocks = {Path(block.split("\n")[0]).name: block for block in re.split(r"\n(?=/)", out)}
    assert "cr-lines · it · edition undated" in blocks[ITALIAN.name]
    assert "0 chapters · 2 rules · 15 subrules · 0 examples · 0 glossary" in blocks[ITALIAN.name]
    assert "rule-page · en · edition undated" in blocks[WEB_PAGE.name]
    assert "0 chapters · 1 rules · 10 subrules" in blocks[WEB_PAGE.name]
    assert "dropped (site chrome): line" in blocks[WEB_PAGE.name]
    # No card data and no full edition in the embedded corpus: the pages are read, not resolved or linked.
    assert "rulings-page · en · titled '非瑞克西亚龙引擎' · 19 rulings" in blocks["003_bb824e3f4851c86c.txt"]
    assert "card: not resolved (weak evidence)" in blocks["003_bb824e3f4851c86c.txt"]
    assert "wiki-page · en · page 'Fuse'" in blocks[WIKI.name]
    assert out.rstrip().endswith(f"built {home / 'kb.sqlite'}: 2 documents, 28 rule texts (en, it)")
    assert leftovers(home) == []
    indexes = [p for p in (home / "index").iterdir() if p.is_dir()]  # the search index, complete
    assert len(indexes) == 1 and (indexes[0] / "manifest.json").is_file()


def test_build_embedded_corpus(default_kb: tuple[Path, Built]) -> None:
    """With no arguments: the seeds, English and Chinese 2026-04-17 and the seed card's set."""
    home, result = default_kb
    assert result.returncode == 0, result.stderr
    out = result.stdout
    blocks = {Path(block.split("\n")[0]).name: block for block in re.split(r"\n(?=/)", out)}
    assert "cr-lines · it · edition undated" in blocks[ITALIAN.name]
    assert "rule-page · en · edition undated (matches en 2026-04-17 to 2026-04-17)" in blocks[WEB_PAGE.name]
    for name, lang in (("MagicCompRules-2026-04-17.normalized.txt", "en"), ("CR-zh-Hans-2026-04-17.txt", "zh-Hans")):
        assert f"cr-text · {lang} · edition 2026-04-17 · published 2026-04-17" in blocks[name]
        assert "147 chapters · 1165 rules · 1973 subrules · 277 examples · 730 glossary" in blocks[name]
    assert "mtgjson set-v5 · BRO · 278 cards · 602 rulings" in blocks["BRO.json"]
    # The card data and the full edition resolve the rulings page and link its rulings.
    seed = blocks["003_bb824e3f4851c86c.txt"]
    assert "card: Phyrexian Dragon Engine // Mishra, Lost to Phyrexia (BRO 163a)" in seed
    assert "18/19 rulings linked to rules (against en 2026-04-17)" in seed
    assert "wiki-page · en · page 'Fuse'" in blocks[WIKI.name] and "(against en 2026-04-17)" in blocks[WIKI.name]
    assert out.rstrip().endswith(f"built {home / 'kb.sqlite'}: 4 documents, 6616 rule texts (en, it, zh-Hans)")
    assert leftovers(home) == []


def test_build_json_report(default_json_build: Built) -> None:
    result = default_json_build  # `kb build --json` into a new home, once per run
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    docs = {Path(d["path"]).name: d for d in report["documents"]}
    assert docs[ITALIAN.name]["counts"]["subrules"] == 15 and docs[ITALIAN.name]["lang"] == "it"
    assert docs["CR-zh-Hans-2026-04-17.txt"]["counts"]["subrules"] == 1973
    assert docs["BRO.json"]["status"] == "ok"
    assert docs[WEB_PAGE.name]["counts"]["rules"] == 1 and docs[WEB_PAGE.name]["edition"] is None
    assert [docs[name]["format"] for name in ("003_bb824e3f4851c86c.txt", WIKI.name)] == ["rulings-page", "wiki-page"]
    assert {d["status"] for name, d in docs.items() if name.startswith(("003", "004"))} == {"ok"}
    assert all(d.get("reason") for d in docs.values() if d["status"] == "skipped")


# -- show --------------------------------------------------------------------------------


def test_show_rule_text(home: Path) -> None:
    result = kb_here("show", "730.2", "--lang", "en", home=home)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("en 730.2") and f"/{WEB_PAGE.name}:3" in lines[0]
    assert "Merging with Permanents" in result.stdout
    numbered = [match[1] for line in lines if (match := re.match(r"\s*(730\.2[a-z]?) ", line))]
    assert numbered == ["730.2", *[f"730.2{c}" for c in "abcdefghij"]]
    assert result.stdout.rstrip().endswith("doesn’t change any of its characteristics or their copiable values.")


def test_show_without_lang_shows_every_language_of_the_rule(home: Path) -> None:
    """The Italian seed numbers the merge rules 729: aligned, its 729.2 is rule 730.2."""
    result = kb_here("show", "730.2", home=home)
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.split("\n\n")
    assert blocks[0].startswith("en 730.2 (undated)")
    assert blocks[1].startswith("it 729.2 (undated") and "= rule 730.2 of the newest English edition" in blocks[1]


def test_show_rule_json(home: Path) -> None:
    result = kb_here("show", "730.2", "--json", home=home)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["number"], data["kind"]) == ("730.2", "rule")
    english, italian = data["languages"]
    assert (english["lang"], english["edition"]) == ("en", None)
    assert (italian["lang"], italian["number"]) == ("it", "729.2")
    assert [r["rule"] for r in italian["rules"]] == [r["rule"] for r in english["rules"]]
    rules = english["rules"]
    assert [r["number"] for r in rules] == ["730.2", *[f"730.2{c}" for c in "abcdefghij"]]
    assert rules[0]["title"] == "Merging with Permanents"
    source = read_source(WEB_PAGE)
    for rule in rules:
        path, line = rule["source"].rsplit(":", 1)
        assert Path(path).resolve() == WEB_PAGE  # the seeds folder links to corpus/
        assert source.lines[int(line) - 1].strip() == rule["text"]


def test_show_chapter_of_a_full_edition(full_kb: Path, corpora: Path) -> None:
    lines = read_source(corpora / "cr" / "en" / EDITION).lines
    start = [i for i, line in enumerate(lines) if line.startswith("730. ")][-1]
    title = lines[start].removeprefix("730. ").strip()
    expected = [m[1] for line in lines[start:] if (m := re.match(r"(730(?:\.\d+[a-z]?)?)\.? ", line))]
    result = kb_here("show", "730", "--json", "--lang", "en", home=full_kb)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["kind"] == "chapter"
    [english] = data["languages"]
    assert english["edition"] == "2026-01-16"
    assert [r["number"] for r in english["rules"]] == expected
    assert english["rules"][0]["title"] == title
    text = kb_here("show", "730", home=full_kb)
    assert text.returncode == 0
    assert title in text.stdout and all(number in text.stdout for number in expected)


def test_show_side_by_side(full_kb: Path) -> None:
    result = kb_here("show", "729.2", "--lang", "en", "--lang", "it", "--json", home=full_kb)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [block["lang"] for block in data["languages"]] == ["en", "it"]
    english, italian = data["languages"]
    assert english["edition"] == "2026-01-16" and italian["edition"] is None
    assert [r["number"] for r in italian["rules"]] == ["729.2", *[f"729.2{c}" for c in "abcdefghij"]]
    assert english["rules"][0]["number"] == "729.2"
    text = kb_here("show", "729.2", "--lang", "en", "--lang", "it", home=full_kb)
    assert text.stdout.index("en 729.2") < text.stdout.index("it 729.2")


def test_show_side_by_side_with_a_language_missing(home: Path) -> None:
    result = kb_here("show", "730.2", "--lang", "en", "--lang", "it", "--lang", "zh-Hans", home=home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("en 730.2")
    assert "\nit 729.2 (undated" in result.stdout
    # the seeds hold no Chinese: said so, with the languages they hold
    assert "the KB holds no Chinese (Simplified, zh-Hans) texts; it holds: English (en), Italian (it)" in result.stdout
    data = json.loads(kb_here("show", "730.2", "--lang", "en", "--lang", "zh", "--json", home=home).stdout)
    assert [block["lang"] for block in data["languages"]] == ["en"] and data["missing"] == ["zh-Hans"]
    assert data["not_held"] == ["zh-Hans"]
    held = kb_here("show", "729.3d", "--lang", "en", "--lang", "it", home=home)  # held, but not this rule in English
    assert held.returncode == 0 and "no text of rule 729.3d in English (en)" in held.stdout


def test_show_pairs_no_text_of_another_rule(default_home: Path) -> None:
    """The Italian seed's 729.3 is rule 730.3 (its number before 730 was inserted); English
    729.3 is another rule, so rule 729.3 has no Italian text (before, the two were shown side
    by side as one rule).  A number no rule of the KB is still finds the text so numbered."""
    both = kb_here("show", "729.3", "--lang", "en", "--lang", "it", home=default_home)
    assert both.returncode == 0 and "no text of rule 729.3 in Italian (it)" in both.stdout
    alone = kb_here("show", "729.3", "--lang", "it", home=default_home)
    assert alone.returncode == 1 and "rule 729.3 not found in Italian (it)" in alone.stderr
    aligned = kb_here("show", "730.3", "--lang", "it", home=default_home)
    assert aligned.returncode == 0 and aligned.stdout.startswith("it 729.3 (undated")


def test_show_not_found(home: Path) -> None:
    result = kb_here("show", "999.9", home=home)
    assert result.returncode == 1
    assert "999.9" in result.stderr and result.stdout == ""


def test_show_bad_number(home: Path) -> None:
    result = kb_here("show", "abc", home=home)
    assert result.returncode == 2
    assert "not a rule number: 'abc'" in result.stderr


@pytest.mark.parametrize(("args", "said"), [
    (("show", "702.19c-a"), "702.19c-a runs backwards: did you mean 702.19a-c?"),
    (("show", "702.19-702.2"), "702.19-702.2 runs backwards: did you mean 702.2-702.19?"),
    (("refs", "601.2h-601.2a"), "601.2h-601.2a runs backwards: did you mean 601.2a-601.2h?"),
    (("show", "702.19b", "702.19d-c"), "702.19d-c runs backwards: did you mean 702.19c-d?"),
])
def test_a_range_written_backwards_is_bad_input_saying_the_one_meant(default_home: Path, args: tuple[str, ...],
                                                                    said: str) -> None:
    """`kb show 702.19c-a` said "not a rule number"; still exit 2, as the shell sees it."""
    result = kb(*args, home=default_home)
    assert result.returncode == 2 and result.stderr == f"kb: {said}\n" and result.stdout == ""


def test_search_and_ask_read_a_range_written_backwards_as_the_one_meant(default_home: Path) -> None:
    """The search box read "702.19d-b" as 702.19d and searched the letter b as a word (the
    "205.1a–**b**" of a definition, "{W/**B**}"): it reads the range meant, exactly as
    "702.19b-d", and says so as it says a typo read; `kb show` still refuses it (exit 2)."""
    said = "702.19d-b runs backwards: showing results for 702.19b-d"
    data = kb_json_here("search", "702.19d-b", home=default_home)
    meant = kb_json_here("search", "702.19b-d", home=default_home)
    assert data["box"]["kind"] == "rules" and data["box"]["backwards"] == said and data["showing"] == "702.19b-d"
    assert data["results"] == meant["results"] and data["definitions"] == [] == meant["definitions"]
    assert [r["rule"] for r in data["results"]] == ["702.19b", "702.19c", "702.19d"]
    assert meant["box"]["backwards"] is None and meant["showing"] is None
    for command in ("search", "ask"):
        lines = kb_here(command, "702.19d-b", home=default_home).stdout.splitlines()
        assert said in lines and lines[0].startswith("702.19d-b → “702.19b-d”"), command
    asked = kb_json_here("ask", "702.19d-b", home=default_home)
    assert [a["rule"] for a in asked["answers"]] == ["702.19b", "702.19c", "702.19d"]
    shown = kb_here("show", "702.19d-b", home=default_home)
    assert shown.returncode == 2 and shown.stderr == "kb: 702.19d-b runs backwards: did you mean 702.19b-d?\n"


def test_a_rule_number_typed_loosely_reads_as_the_number_meant(default_home: Path) -> None:
    """"7O2.19b" (the letter O for zero) was read as Italian words and found layer 7b (613.4b) by
    its letters; "702.19 b" and "702.19(b)" were read as rule 702.19 and the word "b" (`kb ask` quoted
    the heading "702.19 Trample"), "702-19b" as chapter 702.  The box reads the number meant and says
    so, as it says a range turned round; `kb show` refuses it (exit 2), naming the number meant."""
    for typed in ("7O2.19b", "702.19 b", "702.19(b)", "702-19b", "r702.19b"):
        data = kb_json_here("search", typed, home=default_home)
        said = f"{typed} read as a rule number: showing results for 702.19b"
        assert data["box"]["kind"] == "rules" and data["box"]["backwards"] == said, typed
        assert data["showing"] == "702.19b" and [r["rule"] for r in data["results"]] == ["702.19b"], typed
    lines = kb_here("ask", "l00.1", home=default_home).stdout.splitlines()
    assert "l00.1 read as a rule number: showing results for 100.1" in lines
    assert lines[0].startswith("l00.1 → “100.1”")
    shown = kb_here("show", "7O2.19b", home=default_home)
    assert shown.returncode == 2
    assert shown.stderr == "kb: '7O2.19b' is no rule number as written: did you mean 702.19b?\n"
    assert kb_json_here("search", "702.19b", home=default_home)["box"]["backwards"] is None
    # no subrule is lettered o: "702.1o" said "no rule 702.1o in the KB"
    assert [r["rule"] for r in kb_json_here("search", "702.1o", home=default_home)["results"]] == ["702.10"]


def test_a_search_that_finds_nothing_exits_1_as_ask_does(default_home: Path) -> None:
    """`kb search "xyzzy qwrtp"` printed "0 results" and exited 0 (`kb ask` of it exits 1) and
    said the query "it (detected)": no word of it is known in any language, so it is read as the
    default language.  A batch exits with its worst line's code, a line that found nothing 1."""
    nothing = kb("search", "xyzzy qwrtp", home=default_home)
    assert nothing.returncode == 1 and nothing.stdout.rstrip().endswith("0 results")
    assert nothing.stderr == "kb: nothing found for 'xyzzy qwrtp'\n"
    assert nothing.stdout.startswith("xyzzy qwrtp · en (the default: no word of the query is known in any language)")
    data = json.loads(kb("search", "xyzzy qwrtp", "--json", home=default_home).stdout)  # exit 1: nothing found
    assert data["detected"] is False and data["read_as_default"] is True and data["query_lang"] == "en"
    assert kb("search", "trample", "--lang", "it", home=default_home).returncode == 1
    assert kb("search", "trample", home=default_home).returncode == 0
    batch = kb("search", "-", home=default_home, input="trample\nxyzzy qwrtp\n")
    assert batch.returncode == 1 and [json.loads(line)["query"] for line in batch.stdout.splitlines()] == \
        ["trample", "xyzzy qwrtp"]
    assert kb("search", "-", home=default_home, input="trample\n").returncode == 0


def test_a_searchs_total_is_every_rule_it_found_whatever_is_shown(default_home: Path) -> None:
    """The total was the rules among the hits read, which grow with --limit: `draw` said "10 of 29
    results", then 57 at --limit 20, 92 at 30, 93 from 50 on.  It is every rule found, at any limit."""
    totals = {limit: kb_json_here("search", "draw", "--limit", str(limit), home=default_home)["total"]
              for limit in (1, 10, 20, 30)}
    everything = kb_json_here("search", "draw", "--limit", "1000", home=default_home)
    assert set(totals.values()) == {everything["total"]} and len(everything["results"]) == everything["total"] > 30
    shown = kb_here("search", "draw", home=default_home).stdout
    assert shown.rstrip().endswith(f"10 of {everything['total']:,} results")


def test_a_question_no_rule_answers_is_answered_whole_as_a_search_finding_nothing(default_home: Path) -> None:
    """`kb ask --json zzqqxx` printed an error object alone (no question, no header's fields), where
    `kb search --json` prints its answer whole with the error's fields, and its batch line held the
    question: the same shape now, one line or many, exit 1."""
    asked = kb("ask", "xyzzy qwrtp", "--json", home=default_home)
    data = json.loads(asked.stdout)
    assert asked.returncode == 1 and asked.stderr == "kb: no rule answers 'xyzzy qwrtp'\n"
    assert data["question"] == "xyzzy qwrtp" and data["answers"] == [] and data["exit_code"] == 1
    assert data["error"] == "no rule answers 'xyzzy qwrtp'" and data["query_lang"] == "en"
    batch = kb("ask", "-", home=default_home, input="xyzzy qwrtp\n")
    assert batch.returncode == 1 and json.loads(batch.stdout) == data
    shown = kb("ask", "xyzzy qwrtp", home=default_home)
    assert shown.returncode == 1 and shown.stdout.startswith("xyzzy qwrtp · en (the default")


def test_a_long_range_is_counted_in_the_header_not_listed(default_home: Path) -> None:
    """`kb search "100.1-999.9"` listed all 1,165 rule numbers in its header (several screens);
    it counts them and names the first few and the last.  A short range is listed; JSON lists all."""
    data = kb_json_here("search", "100.1-999.9", "--limit", "1", home=default_home)
    numbers = data["numbers"]
    assert len(numbers) > 1000 and numbers[0] == "100.1"
    header = kb_here("search", "100.1-999.9", "--limit", "1", home=default_home).stdout.splitlines()[0]
    assert header.endswith(f" · {len(numbers):,} rule numbers: 100.1, 100.2, 100.3, …, {numbers[-1]}"), header
    assert len(header) < 120
    shown = kb_here("search", "100.1-999.9", "--limit", "1", home=default_home).stdout
    assert shown.rstrip().endswith(f"100 of {len(numbers):,} results")  # search.ADDRESS_MOST: it showed all 1,165
    short = kb_here("search", "702.19b-d", home=default_home).stdout.splitlines()[0]
    assert short.endswith(" · rule numbers 702.19b, 702.19c, 702.19d"), short


@pytest.mark.parametrize("written", ["608.3a and b", "rules 608.3a and b", "608.3a, b", "608.3a/b", "608.3a or b",
                                     "608.3a & 608.3b", "regole 608.3a e b", "规则608.3a和b", "608.3a、b"])
def test_show_and_search_read_several_rules_as_the_rules_name_them(default_home: Path, written: str) -> None:
    """Rule 608.3 says "rules 608.3a and b" and `kb refs 608.3` resolves it; `kb show` said "not a
    rule number" and the search box read 608.3a alone, searching the letter b as a word."""
    refs = kb_json_here("refs", "608.3", home=default_home)
    cited = [link["number"] for link in refs["outgoing"] if link["phrase"] == "rules 608.3a and b"]
    assert cited == ["608.3a", "608.3b"]
    assert kb_json_here("show", written, home=default_home)["numbers"] == cited
    found = kb_json_here("search", written, home=default_home)
    assert found["box"]["kind"] == "rules" and [r["rule"] for r in found["results"]] == cited
    words = kb_json_here("search", "608.3a and creatures", home=default_home)  # a word is no letter
    assert words["box"]["kind"] != "rules"


def test_cite_says_the_citations_fit_only_when_every_one_does(default_home: Path) -> None:
    """`kb cite` said "(detected: the citations fit en 2026-04-17 to 2026-04-17)" right above
    "! not in en 2026-04-17: 999.9, 702.19z": two of the three numbers cited fit no edition."""
    text = "Trample: see rule 702.19b. Also 999.9 and rule 702.19z.\n"
    data = json.loads(kb_here("cite", "--json", home=default_home, input=text).stdout)
    edition = data["as_of"]
    said = f"the citations fit en {edition} best (2 of 3 are in no edition held)"
    assert data["as_of_detected"] and data["fits"] == [edition] and data["detected"] == said
    assert data["not_in_any_edition"] == ["702.19z", "999.9"]
    result = kb_here("cite", home=default_home, input=text)
    assert result.returncode == 0
    assert result.stderr.startswith(f"en text written against en {edition} (detected: {said}) →")
    fits = kb_here("cite", home=default_home, input="Trample: see rule 702.19b.\n")
    assert f"(detected: the citations fit en {edition}) →" in fits.stderr
    typo = json.loads(kb_here("cite", "--json", home=default_home, input="See rule 999.9.\n").stdout)
    assert typo["detected"] == "the number cited is in no edition held" and typo["fits"] == []


def test_show_search_and_ask_say_alike_that_the_kb_lacks_a_rule(default_home: Path) -> None:
    """`kb show 702.999` said "rule 702.999 not found in en, it, zh-Hans" where `kb search 702.999`
    said "no rule 702.999 in the KB"; one wording now, from one place, in a list and in a language
    asked too."""
    for args, said in ((("702.999",), "no rule 702.999 in the KB; chapter 702 holds rules 702.1 to 702.192:"
                                      " kb toc 702"),
                       (("999.1,999.2",), "no rule 999.1, 999.2 in the KB"),
                       (("702.19b", "--lang", "it"), "rule 702.19b not found in Italian (it) (undated: it holds"
                                                     " only 2 rules, 730.2 and 730.3, and 15 subrules)")):
        for command in ("show", "search", "ask"):
            result = kb_here(command, *args, home=default_home)
            assert result.returncode == 1 and result.stderr == f"kb: {said}\n", (command, args, result.stderr)


def test_a_rule_number_the_kb_lacks_names_the_nearest_it_holds(default_home: Path) -> None:
    """`kb show 730.99` said only "no rule 730.99 in the KB", leaving the reader to guess where
    chapter 730 ends; now the nearest number above it that the KB holds, with the first and last
    of its kind there, and the command that lists them (on the web, a link to that page)."""
    for number, said in (("730.99", "chapter 730 holds rules 730.1 to 730.3: kb toc 730"),
                         ("702.19z", "rule 702.19 holds subrules 702.19a to 702.19g: kb show 702.19"),
                         ("999.1", "section 9 holds chapters 900 to 905: kb toc 9")):
        for command in ("show", "search", "ask", "history"):
            result = kb_here(command, number, home=default_home)
            assert result.returncode == 1 and result.stderr == f"kb: no rule {number} in the KB; {said}\n", \
                (command, result.stderr)
    result = kb_here("show", "730.99", "--lang", "it", home=default_home)
    assert result.stderr == ("kb: rule 730.99 not found in Italian (it); chapter 730 holds rules 730.1 to 730.3:"
                             " kb toc 730\n")
    inside = kb_here("ask", "what does rule 730.99 mean", home=default_home)  # named in a question, asking no more
    assert inside.returncode == 1
    assert inside.stderr == "kb: no rule 730.99 in the KB; chapter 730 holds rules 730.1 to 730.3: kb toc 730\n"
    refs = kb_here("refs", "702.19z", home=default_home)
    assert refs.returncode == 1
    assert refs.stderr.endswith("; rule 702.19 holds subrules 702.19a to 702.19g: kb show 702.19\n")
    data = kb_json_here("show", "730.99", home=default_home, code=1)
    assert data["error"] == "no rule 730.99 in the KB; chapter 730 holds rules 730.1 to 730.3: kb toc 730"


def test_ask_labels_each_text_with_its_own_number(default_home: Path) -> None:
    """The Italian seed numbers rule 730.2f 729.2f: `kb ask` printed "1. 730.2f (it undated)"
    above the Italian text, the English number; now the rule's identity and kind, as `kb search`
    heads a result, then the quoted text's language, own number and edition."""
    question = "cosa succede quando un permanente amalgamato viene girato a faccia in giù"
    first = kb_json_here("ask", question, home=default_home)["answers"][0]
    assert (first["rule"], first["text"]["lang"], first["text"]["number"]) == ("730.2f", "it", "729.2f")
    shown = kb_here("ask", question, home=default_home).stdout
    assert "\n1. 730.2f (subrule) · it 729.2f · undated\n" in shown, shown
    token = kb_here("ask", "when does a token cease to exist", home=default_home).stdout
    assert "\n1. 111.7 (rule) · en 111.7 · Tokens · 2026-04-17\n" in token
    assert "\n2. 704.5d (subrule) · en 704.5d" in token


@pytest.mark.parametrize(("args", "said"), [
    (("search", "702.19b", "--lang", "it"), "rule 702.19b not found in Italian (it)"),
    (("ask", "702.19b", "--lang", "it"), "rule 702.19b not found in Italian (it)"),
    (("ask", "trample", "--lang", "it"), "no rule answers 'trample' in Italian (it)"),
    (("show", "729.3", "--lang", "it"), "rule 729.3 not found in Italian (it) (the Italian text numbered"),
    (("toc", "730.2z", "--lang", "it"), "730.2z is not in the Italian (it) text held (undated)"),
    (("history", "730.2", "--lang", "it"), "rule 730.2 has no dated Italian (it) text"),
    (("check", "it"), "the KB holds no dated Italian (it) edition"),
    (("toc", "--lang", "it", "--edition", "2020-01-01"), "no Italian (it) edition in force on 2020-01-01"),
])
def test_a_message_names_a_language_not_by_its_code_alone(default_home: Path, args: tuple[str, ...],
                                                          said: str) -> None:
    """"'trample' has no glossary entry in it", "no text of 702.19b in it": "it" read as a pronoun."""
    result = kb_here(*args, home=default_home)
    assert result.returncode == 1 and said in result.stderr, result.stderr


def test_ask_cuts_what_cited_rules_say_alike_in_every_language(default_home: Path) -> None:
    """"these rules cite:" cut the English 604.3 after twelve words and printed the whole
    Chinese paragraph: a Chinese text has no spaces to count words by."""
    from kb.core.text import is_cjk_char

    # (questions of layer 7a, whose rule cites 604.3: "a creature with 0 toughness" is answered by 704.5f alone
    # since session 44's engine._TOUGHNESS_ZERO, which cites nothing)
    for question, lang in (("层7a 力量防御力", "zh-Hans"), ("layer 7a power toughness", "en")):
        shown = kb_here("ask", question, home=default_home).stdout
        cited = shown.split("\nthese rules cite:\n")[1].splitlines()
        label = next(line for line in cited if line.startswith("   604.3  ")).removeprefix("   604.3  ")
        assert label.endswith("…"), (lang, label)
        assert (sum(map(is_cjk_char, label)) == 24) if lang == "zh-Hans" else (len(label.split()) == 13), label


@pytest.mark.parametrize("command", ["ask", "search"])
def test_a_definition_leads_with_the_language_of_the_question(default_home: Path, command: str) -> None:
    """`kb ask 什么是堆叠` titled its definition "Stack" and printed the English first, while the
    answers below lead with the question's language."""
    entry = kb_json_here(command, "什么是堆叠", home=default_home)["definitions"][0]
    assert entry["term"] == "Stack" and [t["lang"] for t in entry["texts"]] == ["zh-Hans", "en"]
    shown = kb_here(command, "什么是堆叠", home=default_home).stdout.splitlines()
    at = shown.index("definition: glossary “堆叠” (= Stack)")
    assert shown[at + 1].startswith("   zh-Hans 堆叠 · ")
    english = kb_here(command, "what is the stack", home=default_home).stdout.splitlines()
    at = english.index("definition: glossary “Stack”")
    assert english[at + 1].startswith("   en      Stack · ")


def test_a_result_leads_with_the_language_of_the_question(default_home: Path) -> None:
    """`kb search 指挥官伤害` printed every rule's English above the Chinese that matched (only
    the definition led in Chinese), while `kb ask` leads with the question's language."""
    for query, lang in (("指挥官伤害", "zh-Hans"), ("commander damage", "en")):
        results = kb_json_here("search", query, "--limit", "5", home=default_home)["results"]
        assert len(results) == 5 and all(r["texts"][0]["lang"] == lang for r in results), query
        assert {t["lang"] for r in results for t in r["texts"]} >= {"en", "zh-Hans"}
    shown = kb_here("search", "指挥官伤害", "--limit", "1", home=default_home).stdout.splitlines()
    first = shown.index(next(line for line in shown if line.startswith("1. ")))
    assert shown[first + 1].startswith("   zh-Hans ") and shown[first + 3].startswith("   en      "), shown


def test_show_without_a_kb(tmp_path: Path) -> None:
    result = kb_here("show", "730.2", home=tmp_path / "nothing")
    assert result.returncode == 1
    assert "kb build" in result.stderr


# -- export ------------------------------------------------------------------------------


def test_export_json_lines(home: Path) -> None:
    result = kb_here("export", "--json-lines", home=home)
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 28
    for row in rows:
        assert isinstance(row, dict)
        assert {"lang", "edition", "number", "rule", "title", "text", "examples", "source"} <= set(row)
        assert row["edition"] is None
        path, line = row["source"].rsplit(":", 1)
        source_line = read_source(path).lines[int(line) - 1]
        assert row["text"] in source_line
        assert row["number"] in source_line or Path(path).resolve() == WEB_PAGE
    assert {r["lang"] for r in rows} == {"en", "it"}
    assert sum(r["lang"] == "it" for r in rows) == 17
    # identity: the number in the newest English text held (here the 730.2 web page);
    # the Italian 729.2x are aligned to it, 729.3x have no English counterpart yet
    identity = {(r["lang"], r["number"]): r["rule"] for r in rows}
    assert all(identity[("en", n)] == n for lang, n in identity if lang == "en")
    assert identity[("it", "729.2")] == "730.2"
    assert all(identity[("it", f"729.2{c}")] == f"730.2{c}" for c in "abcdefghij")
    assert all(identity[("it", n)] == f"{n}@it/undated" for lang, n in identity if n.startswith("729.3"))


def test_export_full_edition(full_kb: Path, corpora: Path) -> None:
    result = kb_here("export", "--json-lines", home=full_kb)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    english = [r for r in rows if Path(r["source"].rsplit(":", 1)[0]) == corpora / "cr" / "en" / EDITION]
    assert english and {r["lang"] for r in english} == {"en"}
    assert {r["edition"] for r in english} == {"2026-01-16"}
    assert len(english) == 9 + 146 + 1157 + 1957
    assert sum(len(r["examples"]) for r in english) == 276


# -- bad input: a clear message, exit 2, the old KB untouched ----------------------------


def _truncated_edition(corpora: Path, tmp_path: Path) -> Path:
    """The real 2026-01-16 edition cut in the middle of its glossary."""
    raw = (corpora / "cr" / "en" / EDITION).read_bytes()
    glossary = [m.start() for m in re.finditer(rb"[\r\n]Glossary[\r\n]", raw)][1]
    cut = tmp_path / "MagicCompRules-2026-01-16-cut.txt"
    cut.write_bytes(raw[: glossary + (len(raw) - glossary) // 2])
    return cut


def _bad_input(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Path, str, int | None]:
    """(path, words the message must hold, line the message must name)."""
    folder = tmp_path / "input"
    folder.mkdir()
    if kind == "empty":
        (path := folder / "empty.txt").write_bytes(b"")
        return path, "empty file", None
    if kind == "binary":
        (path := folder / "program.txt").write_bytes(Path(sys.executable).resolve().read_bytes()[:8192])
        return path, "binary file", None
    if kind == "png":
        noise = random.Random(2).randbytes(4000)
        (path := folder / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + noise)
        return path, "binary file", None
    if kind == "truncated":
        return _truncated_edition(request.getfixturevalue("corpora"), folder), "truncated", None
    if kind == "unknown":
        (path := folder / "notes.txt").write_bytes((EMBEDDED_CORPUS.parent / "pyproject.toml").read_bytes())
        return path, "unknown format", 1
    if kind == "duplicate":
        lines = ITALIAN.read_text(encoding="utf-8").splitlines()
        lines.insert(5, lines[3])
        (path := folder / "regole.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path, "duplicate rule number 729.2c (first at line 4)", 6
    if kind == "empty-folder":
        return folder, "holds no documents", None
    if kind == "missing":
        return folder / "nowhere.txt", "no such file or folder", None
    raise AssertionError(kind)


BAD_INPUTS = ["empty", "binary", "png", "truncated", "unknown", "duplicate", "empty-folder", "missing"]


@pytest.mark.parametrize("kind", BAD_INPUTS)
def test_bad_input_leaves_the_old_kb(kind: str, home: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    path, words, line = _bad_input(kind, tmp_path, request)
    before = digest(home)
    result = kb("build", path, home=home)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert words in result.stderr
    assert str(path) + (f":{line}" if line else "") in result.stderr
    assert result.stdout == ""
    assert digest(home) == before and leftovers(home) == []
    shown = kb("show", "730.2", home=home)
    assert shown.returncode == 0 and "Merging with Permanents" in shown.stdout


def test_accept_damaged_keeps_the_truncated_edition(home: Path, tmp_path: Path, corpora: Path) -> None:
    cut = _truncated_edition(corpora, tmp_path)
    lines = read_source(cut).lines
    result = kb("build", cut, "--accept-damaged", home=home)
    assert result.returncode == 0, result.stderr
    assert f"damage: line {len(lines)}: truncated" in result.stdout
    report = json.loads(kb("build", cut, "--accept-damaged", "--json", home=home).stdout)
    [doc] = report["documents"]
    assert [p["severity"] for p in doc["problems"]] == ["damage"]
    assert 0 < doc["counts"]["glossary"] < 725 and doc["counts"]["subrules"] == 1957
    shown = kb("show", "730.2", "--json", home=home)
    assert json.loads(shown.stdout)["languages"][0]["edition"] == "2026-01-16"


# -- interrupted builds ------------------------------------------------------------------


def test_disk_full_leaves_the_old_kb(home: Path, corpora: Path) -> None:
    """The new KB cannot be written (file size limit): the old one answers, no temp file stays."""
    before = digest(home)

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 1024, 256 * 1024))

    result = kb("build", corpora / "cr" / "en" / EDITION, home=home, preexec_fn=small_files)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and str(home) in result.stderr
    assert digest(home) == before and leftovers(home) == []
    assert kb("show", "730.2", home=home).returncode == 0


def test_interrupted_build_leaves_the_old_kb(home: Path, corpora: Path) -> None:
    before = digest(home)
    everything = sorted((corpora / "cr").glob("*/*.txt"))
    command = [sys.executable, "-m", "kb", "build", "--accept-damaged", "--home", str(home), *map(str, everything)]
    # Ctrl-C as at a terminal, to kb's whole process group (its workers too): a shell without
    # job control starts background jobs with SIGINT ignored, and a child inherits that (the
    # run of this suite from such a job timed out here)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(1.5)
        assert process.poll() is None, "the build finished before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
        assert process.returncode == 130, stderr
        assert "interrupted" in stderr and "Traceback" not in stderr
        assert survivors(process.pid) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever is left, not to outlive the test
    assert digest(home) == before and leftovers(home) == []
    assert kb("show", "730.2", home=home).returncode == 0


def test_an_interrupt_while_workers_run_says_at_once_that_kb_waits_for_them() -> None:
    """Ctrl-C while the aligner's workers run: their tasks finish first (8-15 s an edition), so
    kb says so at once instead of looking hung, then exits as interrupted."""
    script = "import time; from kb.align.processes import mapped; mapped(time.sleep, [5.0, 5.0], 2)"
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        time.sleep(2.0)  # the workers started and sleeping
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)
        assert process.stderr is not None
        said = process.stderr.readline() + process.stderr.readline()
        still_running = process.poll() is None
        rest = process.communicate(timeout=60)[1]
        assert "kb: stopping after the 2 tasks under way" in said, said + rest
        assert still_running, "said only once the tasks had finished"
        assert process.returncode != 0 and "KeyboardInterrupt" in rest
        assert survivors(process.pid) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def test_failure_while_writing_removes_the_temp_file(home: Path) -> None:
    """A build that dies between two documents leaves neither a half-written KB nor its temp file."""
    before = digest(home)
    documents = [ingest(read_source(ITALIAN)), ingest(read_source(WEB_PAGE))]

    def dying() -> Iterator[Document]:
        yield documents[0]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        store.write(home, dying(), {"built_at": "now"})
    assert digest(home) == before and leftovers(home) == []
    conn = store.connect(home)
    try:
        assert [r.number for r in store.family(conn, documents[1].rules[0].number, "en", None)][0] == \
            documents[1].rules[0].number
    finally:
        conn.close()
