"""Builds never lose the KB: every input is read as what it is, or the build stops with one
line naming the file and the problem (exit 2), and the KB that answered before still answers.

Each case here is a defect found by a reliability test of kb (issue 11) on real documents."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import Built, Parse
from kbrun import kb, kb_json

from kb.build import EMBEDDED_CORPUS, one_build

ZH = "cr/zh/CR-zh-Hans-2026-04-17.txt"
EN = "cr/en/MagicCompRules-2026-01-16.txt"


def digest(home: Path) -> str:
    return hashlib.sha256((home / "kb.sqlite").read_bytes()).hexdigest()


def strays(home: Path) -> list[str]:
    """Everything in a KB home but the KB and the folders a build keeps (and the index's
    lock file, which stays: it is what an index build locks)."""
    index = home / "index"
    found = [p.name for p in home.iterdir() if p.name not in ("kb.sqlite", "index", "sources")]
    return sorted(found + ([f"index/{p.name}" for p in index.iterdir() if p.name.startswith(".") and p.name != ".lock"]
                           if index.is_dir() else []))


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, seeds: Path) -> Path:
    """A KB of the seeds: the KB every bad build below must leave answering."""
    home = tmp_path_factory.mktemp("safety") / "home"
    result = kb("build", seeds, home=home)
    assert result.returncode == 0, result.stderr
    return home


def refused(home: Path, *args: object, words: str, where: str) -> subprocess.CompletedProcess[str]:
    """Build ``args``: exit 2, no traceback, one first line naming ``where`` and saying
    ``words``, the old KB unchanged and still answering."""
    before = digest(home)
    result = kb("build", *args, home=home)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert words in result.stderr and where in result.stderr, result.stderr
    assert result.stdout == ""
    assert digest(home) == before and strays(home) == []
    assert kb("show", "730.2", home=home).returncode == 0
    return result


# -- inputs that are not what they look like -------------------------------------------


def test_a_cut_chinese_rules_file_is_damaged_rules_not_a_wiki_page(home: Path, corpora: Path, tmp_path: Path) -> None:
    """Cut at byte 116,740 it lost its glossary: today a wiki page, 0 rule texts, exit 0."""
    cut = tmp_path / "CR-zh-Hans-2026-04-17.txt"
    cut.write_bytes((corpora / ZH).read_bytes()[:116_740])
    refused(home, cut, words="truncated: no glossary after the rules", where=str(cut))
    report = json.loads(kb("build", cut, "--accept-damaged", "--json", home=tmp_path / "h").stdout)
    [doc] = report["documents"]
    assert (doc["format"], doc["lang"]) == ("cr-text", "zh-Hans") and doc["counts"]["rules"] > 100


def test_a_utf8_rules_file_with_one_bad_byte_is_refused_with_line_and_column(home: Path, corpora: Path,
                                                                           tmp_path: Path) -> None:
    """One invalid byte: charset-normalizer guessed mac_iceland and every ’ became ‚Äô."""
    raw = (corpora / EN).read_bytes()
    at = raw.index("’".encode(), 200_000)
    bad = tmp_path / "MagicCompRules-2026-01-16.txt"
    bad.write_bytes(raw[:at] + b"\x9d" + raw[at + 1:])
    before = raw[:at].replace(b"\r\n", b"\n").replace(b"\r", b"\n")  # this edition ends its lines with CR
    line = before.count(b"\n") + 1
    column = len(before.rsplit(b"\n", 1)[-1].decode("utf-8-sig")) + 1
    refused(home, bad, words="byte 0x9d is not valid UTF-8", where=f"{bad}:{line}:{column}: ")
    no_bom = tmp_path / "no-bom.txt"
    no_bom.write_bytes(bad.read_bytes()[3:] if raw.startswith(b"\xef\xbb\xbf") else bad.read_bytes())
    refused(home, no_bom, words="byte 0x9d is not valid UTF-8; the rest of the file is UTF-8",
            where=f"{no_bom}:{line}:{column}: ")


def place(raw: bytes, at: int, encoding: str) -> str:
    """``line:column`` of byte ``at``, as an editor shows it (any line ending)."""
    lines = raw[:at].replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    return f"{len(lines)}:{len(lines[-1].decode(encoding)) + 1}"


@pytest.mark.parametrize(("edition", "stray", "before"), [("2018-10-05", b"\x81", b"702.19b"),
                                                        ("2003-10-01", b"\x81\x8d", b"502.2. First Strike")])
def test_a_stray_byte_in_a_cp1252_edition_is_refused_not_read_in_another_code_page(
        home: Path, corpora: Path, tmp_path: Path, edition: str, stray: bytes, before: bytes) -> None:
    """A byte cp1252 leaves undefined: charset-normalizer read 2018-10-05 as mac_iceland
    (every ’ an í, 702.19b lost, exit 0) and 2003-10-01 as cp775 (every — a Ś)."""
    raw = (corpora / f"cr/en/MagicCompRules-{edition}.txt").read_bytes()
    at = raw.index(before)
    bad = tmp_path / f"MagicCompRules-{edition}.txt"
    bad.write_bytes(raw[:at] + stray + raw[at:])
    result = refused(home, bad, words=f"byte 0x{stray[:1].hex()} is not valid cp1252",
                     where=f"{bad}:{place(raw, at, 'cp1252')}: ")
    assert result.stderr.count("\n") == 1
    report = json.loads(kb("build", bad, "--json", home=tmp_path / "h").stdout)
    assert report["column"] == int(place(raw, at, "cp1252").split(":")[1])


def test_utf16_without_a_bom_is_read_in_english_and_chinese(corpora: Path, tmp_path: Path) -> None:
    """`iconv -t utf-16le` of the English edition was read; of the Chinese one it was refused
    as a binary file (its CJK code units hold few NULs)."""
    for name, encoding in ((ZH, "utf-16-le"), (ZH, "utf-16-be"),
                           ("cr/en/MagicCompRules-2026-04-17.normalized.txt", "utf-16-le")):
        path = tmp_path / f"{encoding}-{Path(name).name}"
        path.write_bytes((corpora / name).read_text(encoding="utf-8").encode(encoding))
        result = kb("build", path, "--json", home=tmp_path / "h")
        assert result.returncode == 0, result.stderr
        [doc] = json.loads(result.stdout)["documents"]
        assert doc["encoding"] == encoding and doc["counts"]["subrules"] == 1973


def test_cp1252_and_mac_roman_editions_are_still_read(parsed: Parse, corpora: Path) -> None:
    """Guessing stays for files with no valid UTF-8 reading."""
    assert parsed(corpora / "cr/en/MagicCompRules-2003-10-01.txt")[0].encoding == "cp1252"
    assert parsed(corpora / "cr/en/MagicCompRules-2004-02-01.txt")[0].encoding == "mac_roman"


FRENCH = """\
729.2 Une fusion se produit quand un sort de créature avec la mutation se résout sur un permanent.
729.2a Un permanent fusionné est un seul objet composé de deux cartes ou plus, avec les caractéristiques du dessus.
729.2b Un permanent fusionné a toutes les capacités de chacune des cartes qui le composent.
729.2c Si un permanent fusionné quitte le champ de bataille, chacune de ses cartes va dans la même zone.
729.3 Les effets qui se réfèrent au permanent fusionné ne changent pas quand un autre objet fusionne avec lui.
"""


def test_a_french_rules_file_is_refused_naming_french(home: Path, tmp_path: Path) -> None:
    """Numbered rule lines in French: today read as English rules."""
    path = tmp_path / "regles.txt"
    path.write_text(FRENCH, encoding="utf-8")
    refused(home, path, words="a rules text in French (fr): kb has no rules layout for it", where=str(path))
    refused(home, path, "--format", "cr-lines", "--lang", "fr", words="no rules layout for French (fr)", where="")


def test_numbered_rules_in_no_layout_kb_reads_are_refused(home: Path, corpora: Path, tmp_path: Path) -> None:
    """The judge wiki's bilingual page with its English lines' anchors and numbers cut:
    hundreds of Chinese rule lines between unnumbered English ones, no official headings
    -- no rules layout kb reads (the page itself is read: tests/test_dokuwiki.py), not a wiki page."""
    page = (corpora / "wiki/mtgjudge_cn_dokuwiki_cr/1.txt").read_text(encoding="utf-8")
    path = tmp_path / "1.txt"
    path.write_text(re.sub(r"<BOOKMARK:[^>]*>\S+ ", "", page), encoding="utf-8")
    refused(home, path, words="numbered rule lines, but neither the official layout", where=str(path))


def test_malformed_xml_alone_does_not_replace_the_kb(home: Path, corpora: Path, tmp_path: Path) -> None:
    """An export cut inside its text: pages recovered, no rules; today it replaced the KB."""
    raw = (corpora / "wiki/mightstone_fandom_xml/cipher.xml").read_bytes()
    cut = tmp_path / "cipher.xml"
    cut.write_bytes(raw[: raw.index(b"==", raw.index(b"<text")) + 40])
    refused(home, cut, "--accept-damaged", words="the build yields no rule texts", where=cut.name)


def test_a_truncated_export_is_damaged(home: Path, seeds: Path, corpora: Path, tmp_path: Path) -> None:
    """`head -c 5000 affinity.xml`: kept with a warning (not well-formed XML), exit 0; a
    missing </page> or </mediawiki> is truncation, damage as in a rules file.  crew.xml,
    reformatted by hand but whole, still builds."""
    exports = corpora / "wiki/mightstone_fandom_xml"
    raw = (exports / "affinity.xml").read_bytes()
    cut = tmp_path / "affinity.xml"
    cut.write_bytes(raw[:5000])
    refused(home, seeds, cut, exports / "crew.xml",
            words=f"{cut}:87: damage: truncated: the export ends inside page 'Affinity', with no </page>", where="")
    unclosed = tmp_path / "unclosed.xml"
    unclosed.write_bytes(raw.rstrip().removesuffix(b"</mediawiki>"))
    refused(home, seeds, unclosed, words="damage: truncated: the export ends with no </mediawiki>", where=unclosed.name)
    kept = kb("build", seeds, cut, exports / "crew.xml", "--accept-damaged", home=tmp_path / "h")
    assert kept.returncode == 0 and "damage: line 87: truncated" in kept.stdout, kept.stderr


def test_a_bad_byte_in_an_export_is_named_by_line_and_column(home: Path, seeds: Path, corpora: Path,
                                                              tmp_path: Path) -> None:
    """It said `damage: not valid UTF-8`, with no place."""
    raw = (corpora / "wiki/mightstone_fandom_xml/cipher.xml").read_bytes()
    at = raw.index(b"==", raw.index(b"<text")) + 5
    bad = tmp_path / "cipher.xml"
    bad.write_bytes(raw[:at] + b"\x81" + raw[at:])
    line, column = place(raw, at, "utf-8").split(":")
    refused(home, seeds, bad, words=f"{bad}:{line}: damage: byte 0x81 is not valid UTF-8 (column {column})", where="")


def test_an_export_with_a_nul_byte_is_damaged(home: Path, seeds: Path, corpora: Path, tmp_path: Path) -> None:
    """A NUL byte in a wiki export: the tolerant extraction read it, and the page lost 7 of its 8
    sections with only a warning; it is damage now, as a NUL is in a rules text."""
    raw = (corpora / "wiki/mightstone_fandom_xml/cipher.xml").read_bytes()
    at = raw.index(b"==", raw.index(b"<text"))
    damaged = tmp_path / "cipher.xml"
    damaged.write_bytes(raw[:at] + b"\x00" + raw[at:])
    line = raw[:at].count(b"\n") + 1
    refused(home, seeds, damaged, words=f"{damaged}:{line}: damage: a NUL byte", where=str(damaged))


@pytest.mark.parametrize(("name", "body", "words"), [
    ("null-card.json", {"code": "X", "cards": [None]}, "no card could be read"),
    ("null-card-v5.json", {"data": {"code": "X", "cards": [None]}}, "no card could be read"),
    ("null-ruling.json", {"data": {"cards": [{"name": "A", "rulings": [None]}]}},
     "1 × rulings item of the wrong type, left out (first: card 'A': rulings item = null)"),
    ("foreign-true.json", {"data": {"cards": [{"name": "A", "foreignData": True}]}},
     "foreignData of the wrong type, left out (first: card 'A': foreignData = true)"),
    ("language-5.json", {"data": {"cards": [{"name": "A", "foreignData": [{"language": 5, "name": "B"}]}]}},
     "foreignData item of the wrong type"),
    ("text-7.json", {"data": {"cards": [{"name": "A", "rulings": [{"date": "2022-10-14", "text": 7}]}]}},
     "rulings item of the wrong type"),
    ("code-7.json", {"data": {"code": 7, "cards": [{"name": "A"}]}},
     "the set's code of the wrong type, left out (code = 7)"),
    ("text-null.json", {"data": {"cards": [{"name": "A", "rulings": [{"date": "2022-10-14", "text": None}]}]}},
     "1 × rulings item of the wrong type"),  # before: the ruling was dropped without a word
])
def test_mtgjson_of_the_wrong_shape_is_one_line(home: Path, seeds: Path, tmp_path: Path, name: str, body: object,
                                                words: str) -> None:
    path = tmp_path / name
    path.write_text(json.dumps(body), encoding="utf-8")
    refused(home, seeds, path, words=words, where=str(path))


def test_json_nested_100000_deep_is_one_line(home: Path, seeds: Path, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    refused(home, seeds, path, words="invalid JSON: nested too deep", where=str(path))


@pytest.mark.parametrize(("name", "problem"), [("../outside.txt", "a path through '..'"),
                                                ("sub/../../outside.txt", "a path through '..'"),
                                                ("OUTSIDE", "an absolute path")])
def test_a_manifest_naming_a_file_outside_its_folder_is_refused(home: Path, tmp_path: Path, name: str,
                                                                problem: str) -> None:
    """`[documents."../x.txt"]` was taken when ../x.txt existed: it described no file of the folder
    (a mistake passed over in silence) and told whether a file exists elsewhere.  Refused on its line."""
    folder = tmp_path / "input"
    (folder / "sub").mkdir(parents=True)
    shutil.copy(EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt", folder / "a.txt")
    outside = tmp_path / "outside.txt"
    shutil.copy(EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt", outside)
    name = str(outside) if name == "OUTSIDE" else name
    manifest = folder / "manifest.toml"
    manifest.write_text(f'# the seed\n[documents."a.txt"]\nlang = "en"\n\n[documents."{name}"]\nlang = "en"\n',
                        encoding="utf-8")
    refused(home, folder, where=f"{manifest}:5:",
            words=f"bad manifest: documents.{name!r}: {problem}: a manifest names only files under its own folder")


@pytest.mark.parametrize(("manifest", "words"), [
    ('documents = 5\n', "'documents' must be a table of tables, not int"),
    ('[documents]\n"a.txt" = "cr-text"\n', "documents.'a.txt' must be a table, not str"),
    ('[documents."a.txt"]\nformat = 3\n', "documents.'a.txt'.format must be a string, not int"),
    ('[documents."a.txt"]\nlang = ["en"]\n', "documents.'a.txt'.lang must be a string, not list"),
])
def test_a_manifest_with_wrong_types_is_one_line(home: Path, tmp_path: Path, manifest: str, words: str) -> None:
    folder = tmp_path / "input"
    folder.mkdir()
    shutil.copy(EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt", folder / "a.txt")
    (folder / "manifest.toml").write_text(manifest, encoding="utf-8")
    refused(home, folder, words=f"bad manifest: {words}", where=str(folder / "manifest.toml"))


# -- permissions and a damaged KB -------------------------------------------------------

#: Root reads anything: run kb without the capabilities that let it, so permissions bite.
UNPRIVILEGED = (["setpriv", "--bounding-set", "-dac_override,-dac_read_search",
                 "--inh-caps", "-dac_override,-dac_read_search"] if os.geteuid() == 0 else [])


def kb_unprivileged(*args: object, home: Path) -> subprocess.CompletedProcess[str]:
    if UNPRIVILEGED and not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    command = [*UNPRIVILEGED, sys.executable, "-m", "kb", *map(str, args), "--home", str(home)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=home.parent)


def test_an_unreadable_folder_is_one_line(home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "input"
    (folder / "locked").mkdir(parents=True)
    shutil.copy(EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt", folder / "page.txt")
    shutil.copy(EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt", folder / "locked" / "rules.txt")
    (folder / "locked").chmod(0)
    before = digest(home)
    try:
        result = kb_unprivileged("build", folder, home=home)
    finally:
        (folder / "locked").chmod(0o755)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{folder / 'locked'}: cannot read this folder: Permission denied" in result.stderr
    assert digest(home) == before


def test_an_unreadable_folder_given_itself_is_one_line(home: Path, tmp_path: Path) -> None:
    """The folder named on the command line, not one inside it (before: a traceback from
    looking for its manifest)."""
    folder = tmp_path / "locked"
    folder.mkdir()
    shutil.copy(EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt", folder / "rules.txt")
    folder.chmod(0)
    before = digest(home)
    try:
        result = kb_unprivileged("build", folder, home=home)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{folder}: cannot read this folder: Permission denied" in result.stderr
    assert digest(home) == before


def test_a_device_or_a_pipe_is_named_as_such(home: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "rules.txt"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/null")):
        result = kb("build", path, home=home)
        assert result.returncode == 2 and f"{path}: not a file or a folder (a device, a pipe" in result.stderr


def test_a_byte_order_mark_starting_a_line_hides_no_rule() -> None:
    """Two files joined leave a BOM inside the text: the rule after it was read as a
    paragraph of the rule before (702.19c inside 702.19b)."""
    from kb.core.textio import decode_source
    from kb.ingest import ingest

    raw = (EMBEDDED_CORPUS / "MagicCompRules-2026-04-17.normalized.txt").read_bytes()
    joined = raw.replace(b"\n702.19c ", b"\n\xef\xbb\xbf702.19c ", 1)
    assert joined != raw
    plain, marked = ({str(r.number): r.body for r in ingest(decode_source(data, "rules.txt")).rules}
                     for data in (raw, joined))
    assert marked == plain and "702.19c" in marked


def test_an_unreadable_file_is_one_line(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    shutil.copy(EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt", path)
    path.chmod(0)
    result = kb_unprivileged("build", path, home=home)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{path}: cannot read: Permission denied" in result.stderr


def test_an_unreadable_kb_is_one_line(home: Path, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    shutil.copytree(home, locked)
    (locked / "kb.sqlite").chmod(0)
    result = kb_unprivileged("show", "730.2", home=locked)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "cannot read the knowledge base: permission denied" in result.stderr
    assert str(locked / "kb.sqlite") in result.stderr


def test_a_kb_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    damaged = tmp_path / "home"
    damaged.mkdir()
    (damaged / "kb.sqlite").write_bytes(b"not a database at all" * 100)
    for command in (("show", "730.2"), ("search", "merge"), ("editions",)):
        result = kb(*command, home=damaged)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert "cannot read the knowledge base" in result.stderr and len(result.stderr.splitlines()) == 1


# -- partial builds ---------------------------------------------------------------------


def bro(corpora: Path) -> Path:
    return next((corpora / "cards").rglob("BRO.json"))


def test_a_build_without_rules_fails_unless_partial_is_allowed(home: Path, corpora: Path, tmp_path: Path) -> None:
    refused(home, bro(corpora), words="the build yields no rule texts (BRO.json (mtgjson))", where="")
    result = kb("build", bro(corpora), "--allow-partial", home=tmp_path / "cards-only")
    assert result.returncode == 0, result.stderr
    assert "0 rule texts" in result.stdout


def test_allow_partial_keeps_the_rest_and_says_what_was_dropped(home: Path, seeds: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    refused(home, seeds, empty, words="empty file", where=str(empty))
    partial = tmp_path / "partial"
    result = kb("build", seeds, empty, "--allow-partial", home=partial)
    assert result.returncode == 0, result.stderr
    assert f"{empty}\n  dropped: {empty}: empty file" in result.stdout
    assert "28 rule texts (en, it); 1 input(s) dropped (--allow-partial): empty.txt" in result.stdout
    report = json.loads(kb("build", seeds, empty, "--allow-partial", "--json", home=partial).stdout)
    assert [d["status"] for d in report["documents"] if d["path"] == str(empty)] == ["dropped"]
    assert set(report["stages"]) >= {"read", "align", "write"}


# -- dates and languages ----------------------------------------------------------------


@pytest.mark.parametrize("args", [("show", "730.2", "--edition", "20260417"),
                                  ("refs", "730.2", "--edition", "2026-4-17"),
                                  ("diff", "20260116", "2026-04-17")])
def test_dates_are_exactly_yyyy_mm_dd(home: Path, args: tuple[str, ...]) -> None:
    result = kb(*args, home=home)
    assert result.returncode == 2 and "(use YYYY-MM-DD)" in result.stderr, result.stderr


@pytest.mark.parametrize(("args", "words"), [
    (("show", "730.2", "--edition", "2026-13-45"),
     "kb: '2026-13-45' is no date: there is no month 13 (months are 01 to 12)"),
    (("refs", "730.2", "--edition", "2026-02-29"), "kb: '2026-02-29' is no date: February 2026 has 28 days, not 29"),
    (("diff", "2026-01-16", "2026-04-31"), "kb: '2026-04-31' is no date: April 2026 has 30 days, not 31"),
    (("export", "--edition", "2026-04-00"), "kb: '2026-04-00' is no date: there is no day 0"),
])
def test_a_date_written_right_that_does_not_exist_says_which_part(home: Path, args: tuple[str, ...],
                                                                  words: str) -> None:
    """Written YYYY-MM-DD, it was told to "use YYYY-MM-DD": the part that does not exist is named."""
    result = kb(*args, home=home)
    assert result.returncode == 2 and words in result.stderr and "use YYYY" not in result.stderr, result.stderr


@pytest.mark.parametrize("args", [("show", "730.2", "--lang", "fr"), ("refs", "730.2", "--lang", "fr"),
                                  ("history", "730.2", "--lang", "fr"), ("diff", "2026-01-16", "2026-04-17",
                                                                          "--lang", "fr"),
                                  ("glossary", "Merge", "--lang", "fr"), ("search", "merge", "--lang", "fr"),
                                  ("search", "merge", "--query-lang", "fr")])
def test_a_language_the_kb_does_not_hold_is_named(home: Path, args: tuple[str, ...]) -> None:
    result = kb(*args, home=home)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "the KB holds no French (fr) texts; it holds: English (en), Italian (it)" in result.stderr


# -- killed builds ----------------------------------------------------------------------


def test_leftovers_of_killed_builds_are_removed_by_the_next_build(tmp_path: Path, seeds: Path) -> None:
    """(The seeds alone: what is cleaned up does not depend on what is built.)"""
    from kb.core.tempfiles import hold, release

    home = tmp_path / "home"
    assert kb("build", seeds, home=home).returncode == 0
    (home / ".kb-build-dead.sqlite").write_bytes(b"half a KB")
    (home / "index" / ".build-dead").mkdir(parents=True)
    (home / "index" / ".build-dead" / "_MAIN_1.toc").write_bytes(b"half an index")
    alive = home / ".kb-build-alive.sqlite"
    alive.write_bytes(b"another build, writing right now")
    lock = hold(alive)  # as a live build holds what it writes
    try:
        assert kb("build", seeds, home=home).returncode == 0
        assert strays(home) == [alive.name]
    finally:
        release(lock)
    assert kb("build", seeds, home=home).returncode == 0
    assert strays(home) == []


def test_kill_9_at_random_points_of_a_build(home: Path, default_build: Built, seeds: Path, tmp_path: Path) -> None:
    """A build of an edition, the seeds and a set of cards, killed with SIGKILL at
    random moments: each time the old KB answers unchanged; the next build leaves no
    stray file.  An index build (`kb index`) killed likewise."""
    victim = tmp_path / "home"
    shutil.copytree(home, victim)
    before = digest(victim)
    command = [sys.executable, "-m", "kb", "build", str(EMBEDDED_CORPUS), "--home"]  # EN + ZH + BRO + the seeds
    # how long a whole build takes here, to kill it anywhere inside: the run's `kb build` of the
    # default corpus (the same sources), timed as it ran
    assert default_build.returncode == 0, default_build.stderr
    whole = default_build.seconds
    rng = random.Random(11)
    for _ in range(4):
        process = subprocess.Popen([*command, str(victim)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 0.98) * whole)
        finished = process.poll() is not None  # a build faster this time than the timing run
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
        if finished:
            before = digest(victim)  # it completed: the new KB is the one that answers now
        if digest(victim) != before:
            # killed after the new KB was put in place: it is whole (the same editions as a
            # build left alone)
            assert kb_json("editions", home=victim) == kb_json("editions", home=default_build.home)
            before = digest(victim)
        assert kb("show", "730.2", home=victim).returncode == 0
        # the KB in place has its index, whenever the build was killed: a new KB is indexed
        # before it replaces the old one (before, a kill while indexing left searches failing)
        assert kb("search", "merged permanent", home=victim).returncode == 0  # the seeds and the new KB hold it
    shutil.rmtree(victim / "index", ignore_errors=True)  # so that `kb index` has an index to build
    indexing = subprocess.Popen([sys.executable, "-m", "kb", "index", "--home", str(victim)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not list((victim / "index").glob(".build-*")) and time.monotonic() < deadline and indexing.poll() is None:
        time.sleep(0.02)
    indexing.send_signal(signal.SIGKILL)
    indexing.wait(timeout=60)
    result = kb("build", seeds, home=victim)  # the seeds: what is cleaned up does not depend on what is built
    assert result.returncode == 0, result.stderr
    assert strays(victim) == []


def test_the_web_names_an_unknown_language_and_a_bad_date(home: Path, tmp_path: Path) -> None:
    """The views raise the same errors for the web: ``query_lang=fr`` answered 404
    "nothing found", ``edition=20260417`` was taken for a date."""
    import socket
    import urllib.error
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port)],
                            stdout=log, stderr=subprocess.STDOUT)

    def get(path: str) -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(base + path, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + "/index.json", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        status, body = get("/search.json?q=merge&query_lang=fr")
        assert status == 404 and "the KB holds no French (fr) texts" in body["error"], body
        status, body = get("/rules/730.2.json?lang=fr")
        assert status == 404 and "French (fr)" in body["error"], body
        status, body = get("/rules/730.2.json?edition=20260417")
        assert status == 400 and "use YYYY-MM-DD" in body["error"], body
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
        log.close()


# -- builds side by side, interrupted, and read by others ------------------------------------


def test_a_second_build_of_a_home_waits_for_the_first_saying_so(tmp_path: Path, seeds: Path) -> None:
    """`kb build corpus & kb build corpus other-edition`: both said "built", and the KB of the
    one that finished last was in place; the first had been told of a KB no longer there.
    A second build waits for the first, saying so; the lock of a build killed holds no one."""
    home = tmp_path / "home"
    killed = subprocess.Popen([sys.executable, "-c", "import sys; from kb.build import one_build; "
                               "one_build(__import__('pathlib').Path(sys.argv[1])).__enter__(); print(flush=True); "
                               "__import__('time').sleep(60)", str(home)], stdout=subprocess.PIPE, text=True)
    assert killed.stdout is not None and killed.stdout.readline() == "\n"  # it holds the lock
    killed.kill()
    killed.wait(timeout=60)
    started = time.monotonic()
    first = kb("build", seeds, home=home)
    assert first.returncode == 0 and first.stderr == "", first.stderr  # no wait for a build killed
    with one_build(home):  # what a running build holds
        second = subprocess.Popen([sys.executable, "-m", "kb", "build", str(seeds), "--home", str(home)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert second.stderr is not None
        said = second.stderr.readline()
        assert said == waiting_for(home, os.getpid())
        time.sleep(max(1.0, time.monotonic() - started))  # longer than a whole build of the seeds took
        assert second.poll() is None  # waiting: it has not built
    out, err = second.communicate(timeout=120)
    assert second.returncode == 0 and "built " in out and "Traceback" not in err, err
    assert strays(home) == []


def waiting_for(home: Path, pid: int) -> str:
    """What a build or `kb index` says while another holds the home (one line, on stderr)."""
    return f"kb: the KB in {home} is being built or indexed by another kb (pid {pid}): waiting for it to finish\n"


def test_kb_index_waits_for_a_build_of_its_home_saying_so(tmp_path: Path, seeds: Path) -> None:
    """`kb index` took no build lock: run beside a build (or an upgrade's `kb index` beside
    another), it indexed the KB about to be replaced and pruned the index the build had just made
    of the new one, which then came in place unsearchable.  It waits as a build does."""
    home = tmp_path / "home"
    assert kb("build", seeds, home=home).returncode == 0
    with one_build(home):  # what a running build (or `kb index`) holds
        indexing = subprocess.Popen([sys.executable, "-m", "kb", "index", "--home", str(home)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert indexing.stderr is not None
        assert indexing.stderr.readline() == waiting_for(home, os.getpid())
        time.sleep(1.0)
        assert indexing.poll() is None  # waiting: it has not indexed
    out, err = indexing.communicate(timeout=120)
    assert indexing.returncode == 0 and out == "search index already up to date\n" and err == "", err
    with one_build(home):  # and a build waits for a `kb index`, named the same way
        building = subprocess.Popen([sys.executable, "-m", "kb", "build", str(seeds), "--home", str(home)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert building.stderr is not None and building.stderr.readline() == waiting_for(home, os.getpid())
    out, err = building.communicate(timeout=300)
    assert building.returncode == 0 and "built " in out, err
    assert strays(home) == []


def files_under(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by its path there, with its SHA-256."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(("renamed", "mend"), [(False, ("index", "--downgrade")),
                                                (True, ("build", "SEEDS", "--downgrade"))])
def test_an_older_kb_keeps_a_newer_kbs_index_unless_told(tmp_path: Path, seeds: Path, renamed: bool,
                                                         mend: tuple[str, ...]) -> None:
    """An older kb's `kb index` (or `kb build`) took a newer kb's index for a stale one and deleted
    it (a `kb serve` of the upgraded kb could then not search).  Both refuse, exit 2, the index and
    the KB left as they were, until told with --downgrade.  ``renamed``: the folder under the name
    a newer kb gives it (its fingerprint holds its own format), or under this kb's."""
    from indexers.index import FORMAT

    home = tmp_path / "home"
    assert kb("build", seeds, home=home).returncode == 0
    [folder] = [p for p in (home / "index").iterdir() if p.is_dir()]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    (folder / "manifest.json").write_text(json.dumps({**manifest, "format": FORMAT + 1}), encoding="utf-8")
    if renamed:
        folder = folder.rename(folder.with_name("0" * 20))
    files, before = files_under(folder), digest(home)
    for args in (("index",), ("index", "--semantic", "off"), ("build", seeds)):
        result = kb(*args, home=home)
        assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr, result.stderr
        assert result.stderr.startswith(f"kb: {home / 'index'}: the search index of this KB was built by a newer"
                                        f" version of kb (index format {FORMAT + 1}; this kb writes format {FORMAT})"
                                        ), result.stderr
        assert "pass --downgrade to replace it" in result.stderr
        assert files_under(folder) == files and digest(home) == before and strays(home) == []
    assert "this kb is older" in kb("search", "merge", home=home).stderr
    result = kb(*(seeds if arg == "SEEDS" else arg for arg in mend), home=home)
    assert result.returncode == 0, result.stderr
    formats = [json.loads((p / "manifest.json").read_text(encoding="utf-8"))["format"]
               for p in (home / "index").iterdir() if p.is_dir()]
    assert formats == [FORMAT] and kb("search", "merge", home=home).returncode == 0


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (children, their children ...)."""
    try:
        children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return [*children, *(d for child in children for d in descendants(child))]


def test_a_kb_is_written_with_the_modes_the_umask_gives(tmp_path: Path, seeds: Path) -> None:
    """kb.sqlite was written 0600 and index/<id> 0700 (temporaries renamed into place): a
    `kb serve` run by another user could not read a KB someone else built."""
    home = tmp_path / "home"
    for umask, file_mode, folder_mode in ((0o022, 0o644, 0o755), (0o027, 0o640, 0o750)):
        result = kb("build", seeds, home=home, preexec_fn=lambda umask=umask: os.umask(umask))
        assert result.returncode == 0, result.stderr
        assert (home / "kb.sqlite").stat().st_mode & 0o777 == file_mode
        indexes = [p for p in (home / "index").iterdir() if p.is_dir()]
        assert indexes and all(p.stat().st_mode & 0o777 == folder_mode for p in indexes)
        # readable as the KB is (whoosh makes its empty MAIN_WRITELOCK 0777 & ~umask)
        assert all(f.stat().st_mode & 0o444 == file_mode & 0o444 for p in indexes for f in p.iterdir())
