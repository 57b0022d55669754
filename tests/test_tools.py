"""`kb cite` and `kb check` (issue 13) on a real KB built from the real documents.

One KB per test session: English 2022-06-10, 2024-09-17, 2025-11-14 and 2026-04-17 with
the Chinese 2022-06-10 (which numbers two rules 701.42a, so the build needs
``--accept-damaged``) and 2026-04-17.  Expected values are derived from the documents
and the store, or were read by hand in the files (said where so), never copied from a
previous run of the commands.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from conftest import EN_LATEST, ZH_LATEST, Parse, builds_large_kb
from kbrun import kb_here, kb_json_here
from test_web import browser, free_port, get  # noqa: F401  (browser is a fixture)

from kb.build import build
from kb.core.refs import extract, resolve_all
from kb.core.rulenum import RuleNumber
from kb.core.textio import read_source, split_lines
from kb.store import rules as store
from kb.store import tools
from kb.views import history as history_view
from kb.views.check import quantities
from kb.web.serving import Redactor

NEWEST = "2026-04-17"
EN = ["2022-06-10", "2024-09-17", "2025-11-14", NEWEST]
ZH = ["2022-06-10", NEWEST]


def _en_file(cr: Path, date: str) -> Path:
    return next((cr / "en").glob(f"MagicCompRules-{date}*.txt"))


@pytest.fixture(scope="session")
@builds_large_kb
def home(corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    cr = corpora / "cr"
    home = tmp_path_factory.mktemp("tools") / "home"
    build([*(_en_file(cr, d) for d in EN), *(cr / "zh" / f"CR-zh-Hans-{d}.txt" for d in ZH)], home,
          accept_damaged=True)
    return home


@pytest.fixture(scope="session")
def conn(home: Path) -> Iterator[Any]:
    with closing(store.connect(home)) as connection:
        yield connection


def cite(home: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return kb_here("cite", *args, home=home, input=text)


def cite_json(home: Path, text: str, *args: str, code: int = 0) -> dict[str, Any]:
    result = cite(home, text, *args, "--json")
    assert result.returncode == code, result.stderr
    return json.loads(result.stdout)


# -- kb cite ------------------------------------------------------------------------------------


def test_509_5_becomes_509_3(home: Path, conn: Any) -> None:
    result = cite(home, "The attacking player orders blockers (see rule 509.5).\n", "--as-of", "2024-09-17")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "The attacking player orders blockers (see rule 509.3).\n"
    assert "509.5 → 509.3" in result.stderr
    # the store agrees: the 2024-09-17 text numbered 509.5 is the newest edition's 509.3
    old = tools.text_at(conn, "en", store.edition_on(conn, "en", "2024-09-17"), RuleNumber.parse("509.5"))
    assert old is not None and old.rule == "509.3"


def test_merge_range_follows_to_730_and_702_124k_is_reported(home: Path, conn: Any) -> None:
    text = "Merging is explained in rules 729.2a–j; see also rule 702.124k.\n"
    data = cite_json(home, text, "--as-of", "2025-11-14", code=1)  # 702.124k now names another rule
    assert data["text"] == "Merging is explained in rules 730.2a–j; see also rule 702.124k.\n"
    fates = {n["old"]: n for c in data["citations"] for n in c["numbers"]}
    assert [fates[f"729.2{x}"]["new"] for x in "abcdefghij"] == [f"730.2{x}" for x in "abcdefghij"]
    gone = fates["702.124k"]
    assert gone["new"] is None and gone["reasons"] == ["removed"] and "no successor" in gone["note"]
    assert data["needs_attention"] is True
    # derived: 2025-11-14's 702.124k ("Friends forever") has no text in the newest edition
    old = tools.text_at(conn, "en", "2025-11-14", RuleNumber.parse("702.124k"))
    assert old is not None and "Friends forever" in old.body
    assert store.identity_text(conn, old.rule, "en", NEWEST) is None


def test_a_removed_rules_number_naming_another_rule_now_is_flagged(home: Path, conn: Any) -> None:
    # derived: 2025-11-14's 702.124k (Friends forever) has no successor, and the newest edition's
    # 702.124k is the text 2025-11-14 numbered 702.124m
    now = tools.text_at(conn, "en", NEWEST, RuleNumber.parse("702.124k"))
    assert now is not None and tools.number_of(conn, now.rule, "en", "2025-11-14") == "702.124m"
    result = cite(home, "See 702.124m and 702.124k.\n", "--as-of", "2025-12-01")
    assert result.stdout == "See 702.124k and 702.124k.\n"  # the removed rule's citation is left as written...
    assert result.returncode == 1, result.stderr  # ...but not silently
    assert "! 702.124k now names another rule (old 702.124m): check this citation" in result.stderr
    assert "1 naming another rule now" in result.stderr.splitlines()[0]
    data = cite_json(home, "See 702.124m and 702.124k.\n", "--as-of", "2025-12-01", code=1)
    assert data["needs_attention"] is True and data["names_another_rule"] is True
    assert data["citations"][0]["names_another_rule"] == ["702.124k now names another rule (old 702.124m): "
                                                          "check this citation"]
    assert cite(home, "See 702.124m and 702.124k.\n", "--as-of", "2025-12-01", "--check").returncode == 1
    # the renumbered rule is updated, not flagged
    moved = cite(home, "See 702.124m.\n", "--as-of", "2025-12-01")
    assert moved.returncode == 0 and moved.stdout == "See 702.124k.\n" and "!" not in moved.stderr


def test_chinese_citations_keep_their_wording(home: Path) -> None:
    data = cite_json(home, "结聚规则见规则729.2a-j以及规则729.3。\n", "--as-of", "2025-11-14")
    assert data["lang"] == "zh-Hans"
    assert data["text"] == "结聚规则见规则730.2a-j以及规则730.3。\n"


def test_a_range_with_a_rule_inserted_inside_becomes_a_list(home: Path, conn: Any) -> None:
    data = cite_json(home, "See rules 506.3c–d.", "--as-of", "2025-11-14")
    new = [n["new"] for c in data["citations"] for n in c["numbers"]]
    assert new[0] == "506.3c" and new[1] != "506.3d"
    assert data["text"] == f"See rules {new[0]}, {new[1]}."
    # derived: what now sits between them is a text 2025-11-14 did not have
    between = tools.text_at(conn, "en", NEWEST, RuleNumber.parse("506.3d"))
    assert between is not None and not tools.has_identity(conn, between.rule, "en", "2025-11-14")


def test_lone_letters_stay_letters_and_a_wrong_chapter_title_is_flagged(home: Path, conn: Any) -> None:
    text = "See rules 608.3a and b. See rule 725, “Merging with Permanents.”\n"
    data = cite_json(home, text, "--as-of", "2022-06-10")
    first, chapter = data["citations"]
    a, b = (RuleNumber.parse(n["new"]) for n in first["numbers"])
    assert a.parent == b.parent and b.letter  # still siblings: "608.3a and b" keeps its shape
    assert first["new"] == f"See rules {a} and {b.letter}"
    # derived: chapter 725 of 2022-06-10 has another title, so the text is suspect
    old = tools.text_at(conn, "en", "2022-06-10", RuleNumber.parse("725"))
    assert old is not None and old.title != "Merging with Permanents"
    said = f"the text calls 725 “Merging with Permanents”; in en 2022-06-10 it is “{old.title}”"
    assert chapter["warnings"] == [said]
    assert cite(home, text, "--as-of", "2022-06-10", "--check").returncode == 1


def test_unresolved_citations_are_flagged_not_guessed(home: Path) -> None:
    text = "See rule 729.2z and rule 509.5.\n"
    data = cite_json(home, text, "--as-of", "2024-09-17")
    flagged = next(c for c in data["citations"] if c["unresolved"])
    assert flagged["unresolved"] == ["729.2z"]
    assert data["text"] == "See rule 729.2z and rule 509.3.\n"  # left as written; its neighbour updated
    assert data["needs_attention"]


def test_check_exits_1_only_when_something_would_change(home: Path) -> None:
    stale = cite(home, "See rule 509.5.", "--as-of", "2024-09-17", "--check")
    assert stale.returncode == 1 and "509.5 → 509.3" in stale.stdout
    current = cite(home, "See rule 509.3.", "--as-of", NEWEST, "--check")
    assert current.returncode == 0, current.stdout + current.stderr


def test_a_citation_in_capitals_or_full_width_is_read_and_one_left_as_it_was_keeps_its_writing(home: Path) -> None:
    """"See rule 509.5A." and 规则５０９．５ were printed unchanged, "0 citations", and `--check`
    passed them (exit 0): the subrule's letter is read in any case and full-width digits as digits,
    as `kb show` reads them; a citation that needs no update is left exactly as written."""
    stale = cite(home, "See rule 509.5.\n规则５０９．５\n", "--as-of", "2024-09-17", "--check")
    assert stale.returncode == 1 and stale.stdout.count("509.5 → 509.3") == 2, stale.stdout
    updated = cite(home, "See rule 702.19B. 规则７０２．１９ｂ\n", "--as-of", NEWEST)
    assert updated.returncode == 0, updated.stderr
    assert updated.stdout.startswith("See rule 702.19B. 规则７０２．１９ｂ\n"), updated.stdout
    assert "2 citations, 0 updated" in updated.stderr + updated.stdout


def test_a_citations_word_diff_rejoins_into_its_texts(home: Path, conn: Any) -> None:
    """`kb cite --json` gave its word runs without their spaces (["-", "As a"], ["+", "Each"], ["=",
    "Saga"]: joined, "EachSaga"), where `kb diff --json` keeps them: joined, the runs are the texts."""
    data = cite_json(home, "See rule 714.3a.\n", "--as-of", "2025-11-14")
    fate = next(n for c in data["citations"] for n in c["numbers"] if n["diff"])
    for side, skipped in (("old", "+"), ("new", "-")):
        text = tools.text_at(conn, "en", "2025-11-14" if side == "old" else NEWEST, RuleNumber.parse(fate[side]))
        assert text is not None
        assert "".join(t for op, t in fate["diff"] if op != skipped) == text.body, side


def test_a_citation_whose_old_number_a_new_rule_took_is_flagged(home: Path) -> None:
    """2025-11-14's 714.3a (Sagas with and without read ahead) was split: 2026-04-17's 714.3b is its
    text (with), the new 714.3a the rule without. `kb cite` rewrote "rule 714.3a" as 714.3b, "renumbered",
    and said nothing: it is updated so still, and flagged; a renumbering whose old number went to no
    new rule (702.124m → 702.124k, whose 702.124k was removed) is not."""
    data = cite_json(home, "Sagas get their first lore counter per rule 714.3a.\n", "--as-of", "2025-11-14", code=0)
    [citation] = data["citations"]
    assert citation["new"] == "rule 714.3b"
    assert citation["warnings"] == ["714.3a now names a rule new in en 2026-04-17, and the old 714.3a is 714.3b:"
                                    " check which the citation means"]
    other = cite_json(home, "See rule 702.124m.\n", "--as-of", "2025-11-14")
    assert other["citations"][0]["warnings"] == []


def test_the_edition_is_detected_from_the_citations(home: Path, conn: Any) -> None:
    text = "See rule 509.5 and rules 729.2a–c."
    data = cite_json(home, text)
    assert data["as_of_detected"]
    for edition in data["fits"]:  # every edition it fits holds every number cited
        held = set(tools.numbers_of(conn, "en", edition))
        assert {RuleNumber.parse(n) for n in ("509.5", "729.2a", "729.2c")} <= held
    assert cite_json(home, text, "--as-of", data["as_of"])["text"] == data["text"]
    # 702.124k is "Choose a Background" in 2024-09-17 and "Friends forever" in 2025-11-14:
    # the two editions would update it differently, so kb asks
    ambiguous = cite(home, "See rule 702.124k.")
    assert ambiguous.returncode == 2 and "--as-of" in ambiguous.stderr


def test_a_text_citing_nothing_is_left_alone(home: Path) -> None:
    result = cite(home, "Cast spells, attack, win.\n", "--check")
    assert result.returncode == 0 and "0 citations" in result.stdout


def test_bad_input(home: Path, tmp_path: Path) -> None:
    binary = tmp_path / "notes.txt"
    binary.write_bytes(b"See rule 509.5\n\xff\xfe\x00")
    result = kb_here("cite", binary, "--as-of", "2024-09-17", home=home)
    assert result.returncode == 2 and f"{binary}:2:1: not UTF-8 text: byte 0xff is not valid UTF-8" in result.stderr
    assert kb_here("cite", "--as-of", "2024-13-01", home=home, input="rule 100.1").returncode == 2
    assert kb_here("cite", home / "missing.txt", home=home).returncode == 2


def test_a_bad_byte_in_a_text_to_cite_is_named_by_line_and_column(home: Path, corpora: Path, tmp_path: Path) -> None:
    """A real edition (UTF-8, its line breaks as published) with one stray byte: named
    file:line:column as the ingesters name one (it named the line alone)."""
    data = (corpora / "cr" / "en" / "MagicCompRules-2026-01-16.txt").read_bytes()
    lines = split_lines(data.decode("utf-8-sig"))
    number = next(n for n in range(3000, len(lines)) if lines[n - 1][:9].isascii() and len(lines[n - 1]) > 40
                  and data.count(lines[n - 1].encode()) == 1)  # a rule's line from line 3000 on
    at = data.index(lines[number - 1].encode())
    text = tmp_path / "edition.txt"
    text.write_bytes(data[:at + 9] + b"\x9d" + data[at + 9:])
    for args, given in (((text,), None), ((), text.read_bytes())):
        result = kb_here("cite", *args, "--as-of", "2024-09-17", home=home, input=given)
        source = str(text) if args else "<stdin>"
        assert result.returncode == 2, result.stderr
        assert f"{source}:{number}:10: not UTF-8 text: byte 0x9d is not valid UTF-8" in result.stderr, result.stderr


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le"])
def test_a_utf16_text_is_refused_from_a_file_and_from_standard_input(home: Path, tmp_path: Path,
                                                                    encoding: str) -> None:
    """A UTF-16 file was refused while the same bytes on standard input gave "0 citations"
    (without a BOM, UTF-16 is valid UTF-8 with a NUL after every letter)."""
    data = "See rule 509.5.\n".encode(encoding)
    (tmp_path / "notes.txt").write_bytes(data)
    for args, source, given in (((tmp_path / "notes.txt",), str(tmp_path / "notes.txt"), None),
                                ((), "<stdin>", data)):
        result = kb_here("cite", *args, "--as-of", "2024-09-17", home=home, input=given)
        assert result.returncode == 2 and f"{source}:1:" in result.stderr and "not UTF-8 text" in result.stderr
        assert result.stdout == ""
    same = kb_here("cite", "--as-of", "2024-09-17", home=home, input="\ufeffSee rule 509.5.".encode())
    assert same.returncode == 0 and same.stdout == "See rule 509.3."


def test_a_dash_reads_standard_input_as_kb_search_does(home: Path) -> None:
    """`echo "See rule 601.2c" | kb cite -` said "-: cannot read: No such file or directory"."""
    piped = kb_here("cite", "--as-of", "2024-09-17", home=home, input="See rule 509.5.\n")
    dashed = kb_here("cite", "-", "--as-of", "2024-09-17", home=home, input="See rule 509.5.\n")
    assert (dashed.returncode, dashed.stdout, dashed.stderr) == (piped.returncode, piped.stdout, piped.stderr)
    assert dashed.returncode == 0 and dashed.stdout == "See rule 509.3.\n"
    bad = kb_here("cite", "-", "--as-of", "2024-09-17", home=home, input=b"See rule 509.5.\nrule \x9d 601.2c\n")
    assert bad.returncode == 2 and "<stdin>:2:6: not UTF-8 text: byte 0x9d" in bad.stderr, bad.stderr


def test_a_control_character_in_utf8_text_is_said_so(home: Path, tmp_path: Path) -> None:
    """Valid UTF-8 holding U+0001 was "not UTF-8 text: a control character (U+0001), as UTF-16 has"."""
    text = tmp_path / "notes.txt"
    text.write_text("See rule 509.5.\nSee \x01rule 601.2c.\n", encoding="utf-8")
    for args, given, source in (((text,), None, str(text)), (("-",), text.read_bytes(), "<stdin>")):
        result = kb_here("cite", *args, "--as-of", "2024-09-17", home=home, input=given)
        assert result.returncode == 2 and result.stdout == ""
        assert f"{source}:2:5: a control character (U+0001) in UTF-8 text" in result.stderr, result.stderr
        assert "UTF-16" not in result.stderr and "not UTF-8" not in result.stderr


def test_updating_an_unchanged_rule_gives_the_number_kb_history_gives(home: Path, conn: Any) -> None:
    """For every rule of 2024-09-17 whose text is the same in every later edition, citing
    it and updating gives the number `kb history` gives for the newest edition."""
    old = store.edition_on(conn, "en", "2024-09-17")
    expected: dict[str, str] = {}
    for text in tools.edition_rules(conn, "en", old):
        if text.variant or "@" in text.rule:
            continue
        rows = history_view.history(conn, text.rule, "en").to_json()["editions"]
        assert isinstance(rows, list), rows
        later = [r for r in rows if r["edition"] > old]
        if later and later[-1]["edition"] == NEWEST and all("same text" in r["change"] for r in later):
            expected[str(text.number)] = later[-1]["number"]
    assert len(expected) > 2500
    assert sum(old != new for old, new in expected.items()) > 100  # renumbered ones are among them
    lines = "".join(f"See rule {number}.\n" for number in expected)
    data = cite_json(home, lines, "--as-of", "2024-09-17")
    got = {c["numbers"][0]["old"]: c["numbers"][0]["new"] for c in data["citations"]}
    assert got == expected
    for number in ("509.5", "729.2a", "100.1"):  # and `kb history` itself, as a user runs it
        new = expected[number]
        printed = kb_json_here("history", new, home=home)
        assert next(r for r in printed["editions"] if r["edition"] == NEWEST)["number"] == new


def test_text_changed_is_what_kb_diff_calls_changed(home: Path, conn: Any) -> None:
    """Every number of 2025-11-14 cited at once: the citations whose text changed by the
    newest edition are exactly the texts `kb diff` lists as changed (a citation inside a
    text that only follows a renumbering is no change for either)."""
    numbers = [str(n) for n in tools.numbers_of(conn, "en", "2025-11-14") if n.depth >= 1]
    # 702.124k (Friends forever) is removed and its number is the old 702.124m's now: exit 1
    data = cite_json(home, "".join(f"See rule {n}.\n" for n in numbers), "--as-of", "2025-11-14", code=1)
    assert data["names_another_rule"] is True
    changed = {f["old"] for c in data["citations"] for f in c["numbers"] if "text changed" in f["reasons"]}
    diff = kb_json_here("diff", "2025-11-14", NEWEST, home=home)
    edited = {c["old"] for c in diff["changed"]
              if any(op != "=" for op, _ in c["body"]) or any(op != "=" for e in c["examples"] for op, _ in e)}
    assert len(edited) > 5
    assert changed == edited


def test_diff_renames_only_entries_whose_definitions_pair(home: Path) -> None:
    """From 2022-06-10 to 2026-04-17 two English headwords changed with their definitions
    mostly kept ("Partner, “Partner with [name]”" took "“Partner—[text],”"; "Removed from
    Combat" became "Remove from Combat"), read by hand in both files; Friends Forever went and
    Archenemy Commander came, both citing rule 903 "Commander": no rename (the glossary aligner
    alone paired them)."""
    glossary = kb_json_here("diff", "2022-06-10", NEWEST, home=home)["glossary"]
    assert [(r["old"], r["new"]) for r in glossary["renamed"]] == [
        ("Partner, “Partner with [name]”", "Partner, “Partner—[text],” “Partner with [name]”"),
        ("Removed from Combat", "Remove from Combat")]
    assert "Friends Forever" in {g["term"] for g in glossary["removed"]}
    assert "Archenemy Commander" in {g["term"] for g in glossary["added"]}
    # the Chinese: 终止 became 撤废 (Abandon), and 拍档 took 拍档～[叙述] as the English Partner did;
    # its "Friends Forever" (untranslated) went and 博士伙伴 (Doctor's Companion) came, their
    # definitions alike: entries the build paired with different English entries are no rename
    chinese = kb_json_here("diff", "2022-06-10", NEWEST, "--lang", "zh-Hans", home=home)["glossary"]
    renamed = {(r["old"], r["new"]) for r in chinese["renamed"]}
    assert {("终止", "撤废"), ("拍档，与[名称]拍档", "拍档，拍档～[叙述]，与[名称]拍档")} <= renamed
    # 套牌张数下限 became 套牌数量下限 (both the build's pairs of Minimum Deck Size), an entry citing no
    # rule for the glossary aligner to pair by: it was shown removed and added
    assert ("套牌张数下限", "套牌数量下限") in renamed
    assert not {"套牌张数下限", "套牌数量下限"} & {g["term"] for g in [*chinese["removed"], *chinese["added"]]}
    assert "Friends Forever" in {g["term"] for g in chinese["removed"]}
    assert "博士伙伴" in {g["term"] for g in chinese["added"]}


# -- kb check -----------------------------------------------------------------------------------


def _line(source: str) -> str:
    path, line = source.rsplit(":", 1)
    return read_source(path).lines[int(line) - 1]  # any encoding and line ending, as the build reads it


def test_check_2022_06_10_finds_the_duplicate_and_the_missing_rule(home: Path) -> None:
    data = kb_json_here("check", "zh-Hans", "--edition", "2022-06-10", home=home)
    numbering = [f for f in data["findings"] if f["kind"] == "numbering"]
    missing = [f for f in numbering if f["message"].startswith("missing")]
    duplicated = [f for f in numbering if f["message"].startswith("duplicated")]
    assert [f["number"] for f in missing] == ["701.42b"]
    assert [f["number"] for f in duplicated] == ["701.42a"]
    assert _line(missing[0]["english"]["source"]).startswith("701.42b ")
    second = duplicated[0]["translation"]["source"]
    assert _line(second).startswith("701.42a") and _line(duplicated[0]["english"]["source"]).startswith("701.42a ")
    assert data["counts"]["numbering"] == len(numbering) and data["total"] == len(data["findings"])
    # an old translation: the English changed since, so there are stale texts, each with the newest text
    stale = [f for f in data["findings"] if f["kind"] == "stale"]
    assert stale and all(NEWEST in f["english"]["source"] for f in stale)


def test_check_2026_04_17_lists_the_reference_differences(home: Path, parsed: Parse, corpora: Path) -> None:
    data = kb_json_here("check", "zh-Hans", "--edition", NEWEST, home=home)
    found = {f["number"]: f for f in data["findings"] if f["kind"] == "references"}
    # read by hand in both files: the Chinese cites the number the rule had before
    by_hand = {"115.3": ("rule 115.7", "规则115.6"), "122.1a": ("rule 613.4c", "规则613.3"),
               "506.1": ("rule 508.8", "规则508.5"), "703.4q": ("rule 500.5", "规则500.4"),
               "801.17": ("rule 727", "规则726"), "701.50d": ("rule 701.50c", "规则701.44c")}
    for number, (english, chinese) in by_hand.items():
        finding = found[number]
        assert english in finding["english"]["text"] and chinese in finding["translation"]["text"], number
        assert english.split()[-1] in finding["message"] and chinese[2:] in finding["message"]
    # and exactly the rules whose references differ when both documents are read afresh
    _, en_doc = parsed(_en_file(corpora / "cr", NEWEST))
    _, zh_doc = parsed(corpora / "cr" / "zh" / f"CR-zh-Hans-{NEWEST}.txt")

    def cited(doc: Any, lang: str) -> dict[str, frozenset[RuleNumber]]:
        numbers = sorted({t.number for t in doc.rules})
        return {str(t.number): resolve_all([r for text in (t.body, *t.examples) for r in extract(text, lang)],
                                           numbers).numbers for t in doc.rules if t.variant == 0}

    en, zh = cited(en_doc, "en"), cited(zh_doc, "zh-Hans")
    differ = {n for n in en.keys() & zh.keys() if en[n] != zh[n]}
    assert 10 <= len(differ) <= 40
    assert set(found) == differ


def test_check_glossary_and_terminology(home: Path) -> None:
    data = kb_json_here("check", "zh-Hans", home=home)
    assert data["edition"] == NEWEST
    glossary = {f["number"]: f for f in data["findings"] if f["kind"] == "glossary"}
    # read by hand: "Two-Headed Giant Variant … See rule 810", 双头巨人玩法 "…参见规则801"
    giant = glossary["双头巨人玩法"]
    assert "810" in giant["english"]["text"] and "801" in giant["translation"]["text"]
    terms = {f["number"]: f for f in data["findings"] if f["kind"] == "terminology"}
    fused = terms["融咒连体咒语"]
    assert "Fused Split Spell" in fused["message"]
    match = re.search(r": ([0-9., a-z]+)$", fused["message"])
    assert match is not None, fused["message"]
    listed = match[1].split(", ")
    for number in listed:  # each listed rule says "fused split spell" in English, not 融咒连体咒语 in Chinese
        en = kb_json_here("show", number, "--lang", "en", "--lang", "zh-Hans", home=home)["languages"]
        texts = {b["lang"]: " ".join(r["text"] + " ".join(r["examples"]) for r in b["rules"][:1]) for b in en}
        assert "fused split spell" in texts["en"].lower() and "融咒连体咒语" not in texts["zh-Hans"]


def test_check_names_a_headword_heading_entries_of_different_meanings(default_home: Path) -> None:
    """平原行者 heads two entries of the Chinese glossary: the one pairing with Plainscycling
    (参见类别循环, "See Typecycling") and the one pairing with Plainswalk (参见地行者, "See
    Landwalk"), read by hand in both files.  传奇 heads two as well, Legend (obsolete: the
    creature type old cards printed) and Legendary: no error a translator could fix."""
    data = kb_json_here("check", "zh-Hans", home=default_home)
    shared = [f for f in data["findings"] if "entries" in f]
    assert [(f["kind"], f["number"]) for f in shared] == [("glossary", "平原行者")]
    [finding] = shared
    assert [e["english"]["number"] for e in finding["entries"]] == ["Plainscycling", "Plainswalk"]
    assert "“Plainscycling” and “Plainswalk”" in finding["message"]
    assert [e["translation"]["text"] for e in finding["entries"]] == ["参见类别循环。", "参见地行者。"]
    for entry in finding["entries"]:  # each side is the line heading its entry in its own file
        assert _line(entry["translation"]["source"]) == "平原行者"
        assert _line(entry["english"]["source"]) == entry["english"]["number"]
    assert (finding["english"], finding["translation"]) == (finding["entries"][0]["english"],
                                                            finding["entries"][0]["translation"])
    assert not [f for f in data["findings"] if f["number"] == "传奇"]
    text = kb_here("check", "zh-Hans", home=default_home).stdout
    block = text[text.index("  平原行者  heads 2 entries"):].split("\n")[:9]
    assert [line.split(" · ")[0].strip() for line in block[1::2]] == [
        "en Plainscycling", "zh-Hans 平原行者", "en Plainswalk", "zh-Hans 平原行者"]


def test_check_of_an_older_translation_names_its_shared_and_repeated_headwords(home: Path) -> None:
    """The Chinese 2022-06-10 has 平原行者 twice too, and 暗码 (Cipher) twice with one
    definition: the second pairs with no English entry, and says which entry has its headword."""
    data = kb_json_here("check", "zh-Hans", "--edition", "2022-06-10", home=home)
    assert [f["number"] for f in data["findings"] if "entries" in f] == ["平原行者"]
    [cipher] = [f for f in data["findings"] if f["number"] == "暗码"]
    assert cipher["message"].endswith("(another entry of this headword pairs with “Cipher”)")
    assert _line(cipher["translation"]["source"]) == "暗码"


def _folded(text: str) -> str:
    return "".join(c for c in text if c.isalnum())


def test_terminology_reads_a_pointer_entry_in_the_words_it_points_to(default_home: Path, parsed: Parse) -> None:
    """"APNAP Order" is "See Active Player, Nonactive Player Order." (APNAP顺序: 参见主动牌手先决定的
    顺序), and the Chinese rules write the order in those words, quoted (按照“主动牌手先决定”的顺序)
    or around the abbreviation (主动牌手先决定（APNAP）顺序): kb check listed all 17 rules using
    "APNAP order" as not saying APNAP顺序.  Listed now: those saying neither, quotes and
    brackets aside (“主动牌手先决定”顺序 lacks 的 as 已融咒的连体咒语 lacks it against 融咒连体咒语)."""
    _, en = parsed(EN_LATEST)
    _, zh = parsed(ZH_LATEST)

    def full(text: Any) -> str:
        return "\n".join(p for p in (text.title or "", text.body, *text.examples) if p)

    chinese = {t.number: full(t) for t in zh.rules if t.variant == 0}
    using = [t.number for t in en.rules if t.variant == 0 and "apnap order" in full(t).lower()]
    said = ("APNAP顺序", "主动牌手先决定的顺序")
    neither = [str(n) for n in using if not any(w in _folded(chinese[n]) for w in said)]
    assert len(using) == 17 and 0 < len(neither) < len(using)
    data = kb_json_here("check", "zh-Hans", home=default_home)
    terms = {f["english"]["number"]: f for f in data["findings"] if f["kind"] == "terminology"}
    apnap = terms["APNAP Order"]["message"]
    assert apnap.endswith(": " + ", ".join(neither)), apnap
    assert f"{len(neither)} of the 17 rules" in apnap and "主动牌手先决定的顺序, the entry it points to" in apnap
    # a pointer's words count only where the English does not name the entry pointed to:
    # 702.29e names typecycling (类别循环) and basic landcycling, which it writes 基本地循环, not 循环基本地
    landcycling = terms["Basic Landcycling"]["message"]
    assert "do not say 循环基本地 (nor 类别循环," in landcycling and landcycling.endswith(": 702.29e")


def test_numbers_in_words_and_digits(conn: Any) -> None:
    """"ten" and 十 are one quantity; 21 and 20 are not (texts from the editions held)."""
    en = tools.text_at(conn, "en", NEWEST, RuleNumber.parse("104.3d"))
    zh = tools.text_at(conn, "zh-Hans", NEWEST, RuleNumber.parse("104.3d"))
    assert en is not None and zh is not None and "ten" in en.body and "十" in zh.body
    assert quantities(en.body, "en") == quantities(zh.body, "zh-Hans") == ({10}, set())
    en21 = tools.text_at(conn, "en", NEWEST, RuleNumber.parse("104.3j"))
    assert en21 is not None and "21" in en21.body
    assert quantities(en21.body, "en")[1] == {21}
    assert quantities(en21.body.replace("21", "20"), "en")[1] != quantities(en21.body, "en")[1]
    # rule numbers and mana symbols are not quantities; 一百 is 100
    assert quantities("参见规则702.124。{2}{W}", "zh-Hans") == (set(), set())
    assert quantities("套牌须包含正好一百张牌", "zh-Hans") == ({100}, set())
    # the noise kb check reported in every "numbers" finding of both editions: a minus sign
    # against a hyphen, a range's end after 至, a list's markers
    assert quantities("costs [−4], they remove", "en") == quantities("费用为[-4]，", "zh-Hans") == (set(), set())
    assert quantities("between 2011–2018", "en")[1] == quantities("在2011至2018年间", "zh-Hans")[1] == {2011}
    assert quantities("依次为(1)甲，(2)乙，（3）丙", "zh-Hans") == (set(), set())
    assert quantities("at least 60 cards", "en")[1] == {60}  # a quantity is still one


def test_check_bad_input(home: Path) -> None:
    assert kb_here("check", "en", home=home).returncode == 2
    assert kb_here("check", "it", home=home).returncode == 1  # no Italian edition held
    assert kb_here("check", "zh-Hans", "--edition", "1999-01-01", home=home).returncode == 1
    text = kb_here("check", "zh-Hans", "--edition", "2022-06-10", home=home)
    assert text.returncode == 0 and text.stdout.startswith("zh-Hans 2022-06-10 against en 2022-06-10:")
    assert "701.42b  missing" in text.stdout


# -- the web pages ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("serve-tools") / "serve.log"
    port = free_port()
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port)],
                                stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/index.json", timeout=2).close()
            break
        except OSError:
            time.sleep(0.1)
    try:
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def post(url: str, body: bytes, kind: str) -> tuple[int, str]:
    request = urllib.request.Request(url, data=body, headers={"Content-Type": kind}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def test_web_check_page_and_twin(server: str, home: Path) -> None:
    cli = kb_here("check", "zh-Hans", "--edition", "2022-06-10", "--json", home=home)
    status, kind, body = get(f"{server}/check/zh-Hans.json?edition=2022-06-10")
    with closing(store.connect(home)) as conn:  # what the server does to any answer: file paths become names
        public = Redactor(home, store.source_paths(conn))
    assert status == 200 and body == public(cli.stdout.encode()).decode()
    data = json.loads(body)
    status, _, page = get(f"{server}/check/zh-Hans?edition=2022-06-10")
    assert status == 200
    for name, count in data["counts"].items():
        assert f'<a href="#{name}">{count} {name}</a>' in page
    assert "/rules/701.25a?lang=en&amp;lang=zh-Hans&amp;edition=2022-06-10" in page  # 701.42a then, 701.25a now
    assert get(f"{server}/check/xx")[0] == 400


def test_web_cite_form_and_post_twin(server: str, home: Path) -> None:
    text = "See rule 509.5.\n"
    cli = cite(home, text, "--as-of", "2024-09-17", "--json")
    status, body = post(f"{server}/cite.json", json.dumps({"text": text, "as_of": "2024-09-17"}).encode(),
                        "application/json")
    with closing(store.connect(home)) as conn:  # what the server does to any answer: file paths become names
        public = Redactor(home, store.source_paths(conn))
    assert status == 200 and body == public(cli.stdout.encode()).decode()
    status, page = post(f"{server}/cite", f"text={urllib.parse.quote(text)}&as_of=2024-09-17".encode(),
                        "application/x-www-form-urlencoded")
    assert status == 200 and "See rule 509.3." in page and 'href="/rules/509.3"' in page
    status, body = post(f"{server}/cite.json", b"[1]", "application/json")
    assert status == 400 and json.loads(body)["exit_code"] == 2
    assert get(f"{server}/cite")[0] == 200


def test_browser_cite_form(server: str, browser: Any) -> None:  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as until
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/cite")
    browser.find_element(By.NAME, "text").send_keys("Merged permanents: rules 729.2a–j.")
    browser.execute_script("document.querySelector('input[name=as_of]').value = '2025-11-14'")
    browser.find_element(By.CSS_SELECTOR, ".cite-form button").click()
    # the answer is a new page (the form is posted): found once it has loaded, not before
    answer = until.presence_of_element_located((By.CSS_SELECTOR, "pre.cite-text"))
    updated = WebDriverWait(browser, 30).until(answer).text
    assert updated == "Merged permanents: rules 730.2a–j."
    link = browser.find_element(By.CSS_SELECTOR, ".cite-table a.num")
    assert link.get_attribute("href").endswith("/rules/730.2a")


def test_the_cite_table_shows_two_numbers_as_two(older_editions_kb: Path) -> None:
    """"702.124p and 732.2", both renumbered, were shown as one run "702.124p–732.2 (2 rules)",
    which reads as a range; a range renumbered as a block is still one run."""
    listed = kb_here("cite", "--as-of", "2025-11-14", home=older_editions_kb, input="see rule 702.124p and 732.2")
    table = listed.stderr  # the text goes to standard output, the table to standard error
    assert listed.stdout == "see rule 702.124n and 733.2"
    assert "702.124p → 702.124n: renumbered" in table and "732.2 → 733.2: renumbered" in table
    assert "(2 rules)" not in table and "1 citation," in table
    ranged = kb_here("cite", "--as-of", "2025-11-14", home=older_editions_kb, input="rules 506.3d-f")
    assert "506.3d–506.3f → 506.3e–506.3g (3 rules): renumbered" in ranged.stderr


def test_a_chapter_cited_as_judges_write_it_is_followed(older_editions_kb: Path) -> None:
    """"CR 722" and "chapter 722" (the merge rules, 723 since 2026-04-17) were not read at all."""
    result = kb_here("cite", "--as-of", "2025-11-14", home=older_editions_kb,
                     input="CR 722 and chapter 722 cover merging.")
    assert result.stdout == "CR 723 and chapter 723 cover merging."
    assert result.stderr.count("722 → 723: renumbered") == 2  # one citation of two numbers


def test_an_english_line_in_an_italian_text_is_read_in_english(older_editions_kb: Path) -> None:
    """One grammar was read per text (Italian here, by "regola"), and it reads no bare chapter:
    "See rule 722" in an Italian ruling was left as written."""
    result = kb_here("cite", "--as-of", "2025-11-14", home=older_editions_kb,
                     input="Vedi regola 729.2a.\nSee rule 722.\n")
    assert result.stdout == "Vedi regola 730.2a.\nSee rule 723.\n"
    assert "729.2a → 730.2a: renumbered" in result.stderr and "722 → 723: renumbered" in result.stderr


def test_a_number_no_edition_holds_is_flagged_not_held_against_the_date(older_editions_kb: Path) -> None:
    """"999.1" in a judge's text made the date undetectable ("no edition held has every rule the
    text cites (702.19b, 999.1)", exit 2), the whole text blamed for one typo."""
    result = kb_here("cite", home=older_editions_kb, input="See rule 702.19b and rule 999.1.\n")
    assert result.returncode == 0, result.stderr
    assert "702.19b → 702.19b: same" in result.stderr and "999.1 (left as written)" in result.stderr
    alone = kb_here("cite", "--check", home=older_editions_kb, input="See rule 999.1.\n")  # flagged too
    assert alone.returncode == 1 and "999.1 (left as written)" in alone.stdout + alone.stderr


def test_a_citation_written_against_cr_is_followed(older_editions_kb: Path) -> None:
    """"CR729.2a" (no space) was read as no citation, "CR 729.2a" was."""
    result = kb_here("cite", "--as-of", "2025-11-14", home=older_editions_kb, input="See CR729.2a and CR 729.2b.")
    assert result.stdout == "See CR730.2a and CR 730.2b."
    assert "729.2a → 730.2a: renumbered" in result.stderr and "729.2b → 730.2b: renumbered" in result.stderr


@pytest.mark.parametrize(("text", "tail"), [("chapters 722 and 723 are relevant.", "and 723"),
                                           ("规则722和723很重要。", "和723")])
def test_a_number_a_list_did_not_take_is_flagged(older_editions_kb: Path, text: str, tail: str) -> None:
    """The reader leaves a bare chapter ending a list before a word (as in the rules): the
    update gave "chapters 723 and 723 are relevant." unsaid."""
    result = kb_here("cite", "--as-of", "2025-11-14", "--check", "--json", home=older_editions_kb, input=text)
    data = json.loads(result.stdout)
    assert data["needs_attention"] and result.returncode == 1
    assert any(f"“{tail}” after it is not read as a citation" in w for c in data["citations"] for w in c["warnings"])
    whole = kb_here("cite", "--as-of", "2025-11-14", "--check", home=older_editions_kb, input="Chapters 722 and 723.")
    assert "not read" not in whole.stdout + whole.stderr


def test_a_slashed_shorthand_after_a_citation_is_flagged(older_editions_kb: Path) -> None:
    """"714.3a/b": the reader takes 714.3a only, so the update gave "714.3b/b" unsaid."""
    result = kb_here("cite", "--as-of", "2025-11-14", "--check", "--json", home=older_editions_kb,
                     input="See 714.3a/b.")
    data = json.loads(result.stdout)
    assert data["needs_attention"] and result.returncode == 1
    assert any("“/b” after it is not read as a citation" in w for c in data["citations"] for w in c["warnings"])
