"""Damage a build used to let through or report badly (issue s30): a rule line whose number
has a typo, a manifest's mistakes, damage as one JSON string, a folder reported one bad file
per run.  Each case runs the real `kb build` on real documents."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import EN_LATEST
from kbrun import kb, kb_json

from kb.build import EMBEDDED_CORPUS

ITALIAN = "000_7a78d2801561c4e1.txt"


def edited(tmp_path: Path, name: str, edit: str, to: str) -> Path:
    """The 2026-04-17 English edition with its first ``edit`` (a line start) changed to ``to``."""
    text = EN_LATEST.read_text(encoding="utf-8")
    assert f"\n{edit}" in text
    (path := tmp_path / name).write_text(text.replace(f"\n{edit}", f"\n{to}", 1), encoding="utf-8")
    return path


def line_of(path: Path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.startswith(start))


# -- 1. a rule line with a typo in its number -------------------------------------------


def test_a_comma_in_a_rule_number_is_damage_with_its_line(tmp_path: Path) -> None:
    """"702,19c" was folded into 702.19b: exit 0, no warning, 702.19c's text shown under 702.19b."""
    path = edited(tmp_path, "comma.txt", "702.19c ", "702,19c ")
    result = kb("build", path, home=tmp_path / "h")
    assert result.returncode == 2, result.stdout
    line = line_of(path, "702,19c")
    assert (f"{path}:{line}: damage: '702,19c' looks like a rule number but is not one; "
            "its text is kept in 702.19b") in result.stderr
    assert not (tmp_path / "h" / "kb.sqlite").exists()


def test_a_stray_no_break_space_before_a_rule_number_is_named_and_the_rule_kept(tmp_path: Path) -> None:
    """" 702.19b" (U+00A0 first) was folded into 702.19a and only an unresolved reference told."""
    path = edited(tmp_path, "stray.txt", "702.19b ", "\u00a0702.19b ")
    home = tmp_path / "h"
    result = kb("build", path, home=home)
    assert result.returncode == 0, result.stderr
    line = line_of(path, "\u00a0702.19b")
    assert (f"warning: line {line}: rule 702.19b starts with 1 stray character(s) (U+00A0): "
            "read as the rule it numbers") in result.stdout
    assert "unresolved reference 'rule 702.19b'" not in result.stdout
    shown = kb_json("show", "702.19a", "702.19b", home=home)
    texts = {rule["number"]: rule["languages"][0]["rules"][0]["text"] for rule in shown["rules"]}
    assert texts["702.19b"].startswith("The controller of an attacking creature with trample")
    assert "The controller of an attacking creature with trample" not in texts["702.19a"]


def test_a_gap_in_the_letters_is_a_warning_with_its_line(tmp_path: Path) -> None:
    text = EN_LATEST.read_text(encoding="utf-8")
    (path := tmp_path / "gap.txt").write_text(re.sub(r"\n702\.19c [^\n]*\n", "\n", text, count=1), encoding="utf-8")
    result = kb("build", path, home=tmp_path / "h")
    assert result.returncode == 0, result.stderr
    line = line_of(path, "702.19d")
    assert f"warning: line {line}: gap in the numbers: 702.19b is followed by 702.19d (no 702.19c)" in result.stdout


def test_real_editions_keep_their_quirks_as_warnings(corpora: Path, tmp_path: Path) -> None:
    """No letter l or o is a gap; the 2009 editions' rules indented by a space are rules (509.1c
    was folded into 509.1b); Wizards' own "306.b" (2008-10-01) is a warning, not damage."""
    files = [corpora / "cr" / "en" / f"MagicCompRules-{date}.txt" for date in ("2008-10-01", "2009-07-11")]
    report = kb_json("build", *files, home=tmp_path / "h")
    problems = {Path(d["path"]).name: d["problems"] for d in report["documents"]}
    assert all(p["severity"] == "warning" for found in problems.values() for p in found)
    said = {name: [p["message"] for p in found] for name, found in problems.items()}
    assert "'306.b' is a subrule number without its rule; its text is kept in 306.3a" in said[files[0].name]
    assert "rule 509.1c starts with 1 stray character(s) (U+0020): read as the rule it numbers" in said[files[1].name]
    assert not any("gap" in m and ("(no 509.1c)" in m or re.search(r"\(no \d+\.\d+[lo]\)", m))
                   for found in said.values() for m in found)


# -- 2. a folder's manifest -------------------------------------------------------------


def italian_folder(tmp_path: Path, *lines: str) -> Path:
    folder = tmp_path / "input"
    folder.mkdir()
    shutil.copy(EMBEDDED_CORPUS / ITALIAN, folder / ITALIAN)
    (folder / "manifest.toml").write_text(f'[documents."{ITALIAN}"]\nformat = "cr-lines"\n' + "\n".join(lines) + "\n",
                                          encoding="utf-8")
    return folder


def test_a_manifest_date_is_the_edition(tmp_path: Path) -> None:
    folder = italian_folder(tmp_path, 'lang = "it"', 'date = "2025-02-07"')
    report = kb_json("build", folder, home=tmp_path / "h")
    [doc] = report["documents"]
    assert doc["edition"] == "2025-02-07"


@pytest.mark.parametrize(("line", "words"), [
    ('date = "2026-02-30"', "documents.'000_7a78d2801561c4e1.txt'.date: '2026-02-30' is no date: February 2026 "
                            "has 28 days, not 30"),
    ('date = "2026-13-45"', "documents.'000_7a78d2801561c4e1.txt'.date: '2026-13-45' is no date: there is no "
                            "month 13 (months are 01 to 12)"),
    ('date = 2026-13-45', "documents.'000_7a78d2801561c4e1.txt'.date: '2026-13-45' is no date: there is no "
                          "month 13 (months are 01 to 12)"),
    ('date = 2026-01-05T10:00:00', "documents.'000_7a78d2801561c4e1.txt'.date: 2026-01-05T10:00:00 has a time of "
                                   "day: a manifest date is a day, YYYY-MM-DD (2026-01-05)"),
    ('date = 2026-01-05 10:00:00Z', "documents.'000_7a78d2801561c4e1.txt'.date: 2026-01-05T10:00:00+00:00 has a "
                                    "time of day"),
    ('date = "2026-01-05T10:00:00"', "documents.'000_7a78d2801561c4e1.txt'.date: '2026-01-05T10:00:00' is "),
    ('date = "17/04/2026"', "documents.'000_7a78d2801561c4e1.txt'.date: '17/04/2026' is not a date (use YYYY-MM-DD)"),
    ('lnag = "it"', "unknown key 'lnag' in documents.'000_7a78d2801561c4e1.txt'"),
    ('lang = "zh-Hans"', "documents.'000_7a78d2801561c4e1.txt'.lang: given as Chinese (Simplified, zh-Hans), "
                         "but the text is in Italian (it)"),
    ('lang = "xx-bogus"', "documents.'000_7a78d2801561c4e1.txt'.lang: unknown language tag 'xx-bogus'"),
    ('[documents."missing.txt"]', "documents.'missing.txt': no such file in"),
])
def test_a_manifest_mistake_is_refused_on_its_line(tmp_path: Path, line: str, words: str) -> None:
    folder = italian_folder(tmp_path, line)
    result = kb("build", folder, home=tmp_path / "h")
    assert result.returncode == 2, result.stdout
    assert f"kb: {folder / 'manifest.toml'}:3: bad manifest: {words}" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_manifest_date_with_a_time_leaves_the_kb_untouched(tmp_path: Path) -> None:
    """`date = 2026-01-05T10:00:00` (a TOML date-time) was taken as 2026-01-05 in silence, though a
    manifest date is exactly YYYY-MM-DD: refused now, on its line, and the KB built before stays."""
    folder = italian_folder(tmp_path, 'lang = "it"', 'date = 2026-01-05')
    assert kb_json("build", folder, home=tmp_path / "h")["documents"][0]["edition"] == "2026-01-05"
    before = (tmp_path / "h" / "kb.sqlite").read_bytes()
    (folder / "manifest.toml").write_text(f'[documents."{ITALIAN}"]\nformat = "cr-lines"\nlang = "it"\n'
                                          'date = 2026-01-05T10:00:00\n', encoding="utf-8")
    result = kb("build", folder, home=tmp_path / "h")
    assert result.returncode == 2 and f"{folder / 'manifest.toml'}:4: bad manifest: " in result.stderr
    assert "has a time of day" in result.stderr
    assert (tmp_path / "h" / "kb.sqlite").read_bytes() == before


def test_a_manifest_date_the_text_contradicts_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "input"
    folder.mkdir()
    shutil.copy(EN_LATEST, folder / EN_LATEST.name)
    (folder / "manifest.toml").write_text(f'[documents."{EN_LATEST.name}"]\ndate = 2025-02-07\n', encoding="utf-8")
    result = kb("build", folder, home=tmp_path / "h")
    assert result.returncode == 2
    assert (f"{folder / 'manifest.toml'}:2: bad manifest: documents.'{EN_LATEST.name}'.date: 2025-02-07, "
            "but the text states 2026-04-17") in result.stderr


# -- 3 and 4. every problem of a build in one run, in text and in JSON -------------------


def bad_folder(tmp_path: Path, corpora: Path) -> Path:
    """Two truncated editions, an empty file, a binary one, and what a folder may hold beside
    documents: a note, a README, a named pipe, a broken link, a link to a folder."""
    folder = tmp_path / "input"
    (folder / "rules").mkdir(parents=True)
    (folder / "a.txt").write_bytes(EN_LATEST.read_bytes()[:200_000])
    (folder / "b.txt").write_bytes((corpora / "cr" / "en" / "MagicCompRules-2025-11-14.txt").read_bytes()[:150_000])
    (folder / "empty.txt").write_bytes(b"")
    (folder / "program.txt").write_bytes(b"\x7fELF\x02\x01\x01" + bytes(64))
    shutil.copy(EMBEDDED_CORPUS / ITALIAN, folder / "rules" / "it.txt")
    return folder


def odd_entries(folder: Path, elsewhere: Path) -> None:
    (folder / "notes.txt").write_text("# todo\n", encoding="utf-8")
    (folder / "README.md").write_text("about\n", encoding="utf-8")
    os.mkfifo(folder / "pipe.txt")
    (folder / "broken.txt").symlink_to(elsewhere / "nowhere.txt")
    elsewhere.mkdir()
    shutil.copy(EMBEDDED_CORPUS / ITALIAN, elsewhere / "it.txt")
    (folder / "linked").symlink_to(elsewhere)


def test_every_problem_of_a_folder_in_one_run(tmp_path: Path, corpora: Path) -> None:
    folder = bad_folder(tmp_path, corpora)
    result = kb("build", folder, home=tmp_path / "h")
    assert result.returncode == 2
    for where, words in (("empty.txt", "empty file"), ("program.txt", "binary file"),
                         ("a.txt:", "damage: truncated"), ("b.txt:", "damage: truncated")):
        assert re.search(rf"^  {re.escape(str(folder / where))}\S*: {words}", result.stderr, re.M), result.stderr
    assert "2 input(s) cannot be read and 2 problem(s) make these documents unreliable" in result.stderr


def test_build_damage_as_json_lists_each_problem(tmp_path: Path, corpora: Path) -> None:
    folder = bad_folder(tmp_path, corpora)
    for name in ("empty.txt", "program.txt"):
        (folder / name).unlink()
    error = kb_json("build", folder, home=tmp_path / "h", code=2)
    assert error["error"].startswith("2 problem(s) make these documents unreliable; nothing was written")
    assert (error["path"], error["line"]) == (None, None)
    a, b = (folder / "a.txt", folder / "b.txt")
    assert [(p["path"], p["problem"]) for p in error["problems"]] == [
        (str(a), "damage: truncated: no glossary after the rules"),
        (str(b), "damage: truncated: no glossary after the rules")]
    assert all(isinstance(p["line"], int) and p["line"] > 1000 for p in error["problems"])


def test_every_skipped_entry_is_named(tmp_path: Path, corpora: Path) -> None:
    """A pipe, a broken link and a linked folder were passed over without a word; a
    notes.txt of "# todo" failed the build while README.md was skipped."""
    folder = bad_folder(tmp_path, corpora)
    for name in ("a.txt", "b.txt", "empty.txt", "program.txt"):
        (folder / name).unlink()
    odd_entries(folder, tmp_path / "elsewhere")
    report = kb_json("build", folder, home=tmp_path / "h")
    status = {Path(d["path"]).relative_to(folder).as_posix(): (d["status"], d.get("reason", ""))
              for d in report["documents"]}
    assert status["rules/it.txt"][0] == "ok"
    assert status["README.md"] == ("skipped", "not a document type kb reads yet")
    assert status["notes.txt"][0] == "skipped" and "no ingester recognises" in status["notes.txt"][1]
    assert status["pipe.txt"] == ("skipped", "a named pipe, not a file")
    assert status["broken.txt"] == ("skipped", f"a broken symbolic link (to {tmp_path / 'elsewhere' / 'nowhere.txt'})")
    assert status["linked"][0] == "skipped" and "symbolic link to a folder" in status["linked"][1]
    named = kb("build", folder / "notes.txt", home=tmp_path / "h")  # given by name, it is still refused
    assert named.returncode == 2 and "unknown format" in named.stderr


def test_the_manifest_error_and_a_bad_file_of_other_folders_in_one_run(tmp_path: Path) -> None:
    one = italian_folder(tmp_path, 'lang = "zh-Hans"')
    (other := tmp_path / "other").mkdir()
    (other / "empty.txt").write_bytes(b"")
    result = kb("build", one, other, home=tmp_path / "h")
    assert result.returncode == 2
    assert f"{one / 'manifest.toml'}:3: bad manifest:" in result.stderr
    assert f"{other / 'empty.txt'}: empty file" in result.stderr
    assert json.loads(kb("build", one, other, "--json", home=tmp_path / "h").stdout)["exit_code"] == 2
