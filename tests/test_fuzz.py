"""Mutated real rules files: the ingesters answer with a Document or a KbError, never a crash."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from conftest import corpora_path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.core.errors import KbError
from kb.core.model import Document
from kb.core.text import CONTROL
from kb.core.textio import _CJK_TEXT, _ascii_pair, decode_source, read_source, split_lines
from kb.ingest import ingest

#: Real documents to cut slices from: UTF-8 with and without BOM, UTF-16, cp1252, Mac Roman,
#: the truncated 2013-02-01, Chinese, both rules seeds, and a page of the judge wiki (English
#: and Chinese lines paired under DokuWiki anchors).
SOURCES = (
    ("cr/en", "MagicCompRules-2026-01-16.txt"),
    ("cr/en", "MagicCompRules-2003-03-15.txt"),
    ("cr/en", "MagicCompRules-2013-02-01.txt"),
    ("cr/en", "MagicCompRules-2016-09-30.txt"),
    ("cr/en", "MagicCompRules-2015-01-23.txt"),
    ("cr/en", "MagicCompRules-2004-02-01.txt"),
    ("cr/zh", "CR-zh-Hans-2022-06-10.txt"),
    ("seed", "000_7a78d2801561c4e1.txt"),
    ("seed", "001_abc0dfbf7a321300.txt"),
    ("wiki", "mtgjudge_cn_dokuwiki_cr/4.txt"),
)
ENCODINGS = ("utf-8", "utf-8-sig", "cp1252", "utf-16-le", "utf-16-be", "utf-16", "mac_roman")
ENDINGS = ("\n", "\r\n", "\r")
NUMBER = re.compile(r"\d{3}\.\d+[a-z]?")


@functools.cache
def _documents(corpora: Path, seeds: Path) -> tuple[list[str], ...]:
    """The lines of each source, decoded once (not a fixture: hypothesis would print it)."""
    roots = {"cr/en": corpora / "cr" / "en", "cr/zh": corpora / "cr" / "zh", "seed": seeds, "wiki": corpora / "wiki"}
    return tuple(read_source(roots[folder] / name).lines for folder, name in SOURCES)


def _slice(lines: list[str], start: int, length: int, keep_frame: bool) -> list[str]:
    """Up to 300 lines of the document; with ``keep_frame`` also its title and contents,
    the start of its glossary and its credits, so the official layout is still seen
    (a short seed is kept whole)."""
    middle = lines[start % max(1, len(lines)):][:length]
    headings = [i for i, line in enumerate(lines) if line.strip() in ("Glossary", "词汇表")]
    if not keep_frame:
        return middle
    if len(headings) < 2:
        return lines
    first_rule = next(i for i, line in enumerate(lines) if NUMBER.match(line))
    return lines[:first_rule] + middle + lines[headings[1]:headings[1] + 40] + lines[-40:]


#: What a damaged rule number may turn into: "730.0", "000.1", "730.2l", "7301.2", "730.2.".
numberish = st.one_of(
    st.from_regex(r"\A\d{1,4}(\.\d{0,3}[a-z]?\.?)?\Z"),
    st.builds("{:03d}.{}{}".format, st.integers(0, 999), st.integers(0, 20), st.sampled_from(["", "a", "l", "o", "z"])),
)
line_edit = st.tuples(
    st.sampled_from(["delete", "duplicate", "swap", "insert", "truncate-line", "renumber", "renumber-first"]),
    st.integers(0, 10_000), st.integers(0, 10_000), st.one_of(st.text(max_size=40), numberish))
byte_edit = st.tuples(st.sampled_from(["flip", "cut", "insert"]), st.integers(0, 1_000_000), st.binary(max_size=8))


def _edit_lines(lines: list[str], edits: list[tuple[str, int, int, str]]) -> list[str]:
    lines = list(lines)
    for kind, a, b, text in edits:
        if not lines:
            lines = [text]
            continue
        i, j = a % len(lines), b % len(lines)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(j, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "insert":
            lines.insert(i, text)
        elif kind.startswith("renumber"):
            numbered = [k for k, line in enumerate(lines) if NUMBER.search(line)]
            if numbered:
                k = numbered[0] if kind == "renumber-first" else numbered[i % len(numbered)]
                lines[k] = NUMBER.sub(text.replace("\\", ""), lines[k], count=1)
        else:
            lines[i] = lines[i][: b % (len(lines[i]) + 1)] + text
    return lines


def _edit_bytes(data: bytes, edits: list[tuple[str, int, bytes]]) -> bytes:
    for kind, at, extra in edits:
        at %= len(data) + 1
        if kind == "flip" and at < len(data):
            data = data[:at] + bytes([data[at] ^ (extra[0] if extra else 0xFF)]) + data[at + 1:]
        elif kind == "cut":
            data = data[:at]
        elif kind == "insert":
            data = data[:at] + extra + data[at:]
    return data


def _encode(text: str, encoding: str) -> bytes:
    return text.encode(encoding, errors="replace" if encoding in ("cp1252", "mac_roman") else "strict")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(SOURCES) - 1),
    start=st.integers(0, 10_000),
    length=st.integers(1, 300),
    keep_frame=st.sampled_from([True, True, False]),
    line_edits=st.lists(line_edit, max_size=6),
    encoding=st.sampled_from(ENCODINGS),
    ending=st.one_of(st.sampled_from(ENDINGS), st.lists(st.sampled_from(ENDINGS), min_size=2, max_size=4)),
    byte_edits=st.lists(byte_edit, max_size=4),
)
def test_mutated_rules_are_read_or_refused(corpora: Path, seeds: Path, which: int, start: int, length: int,
                                           keep_frame: bool, line_edits: list, encoding: str, ending: str | list[str],
                                           byte_edits: list) -> None:
    lines = _edit_lines(_slice(_documents(corpora, seeds)[which], start, length, keep_frame), line_edits)
    if isinstance(ending, str):
        text = ending.join(lines)
    else:
        text = "".join(line + ending[i % len(ending)] for i, line in enumerate(lines))
    data = _edit_bytes(_encode(text, encoding), byte_edits)
    try:
        result = ingest(decode_source(data, f"fuzz/{Path(SOURCES[which][1]).name}"))
    except KbError as err:
        assert err.path is not None and err.path.startswith("fuzz/") or "layout" in err.message
        assert str(err)
        return
    assert isinstance(result, Document)
    assert result.rules
    assert all(text.number.depth <= 3 for text in result.rules)
    assert all(str(p) for p in result.problems)
    assert "\ufffd" not in "".join(t.body for t in result.rules)


#: Real single-byte editions: cp1252 full of typography, cp1252 with one odd byte in 2,300
#: lines of ASCII, Mac Roman (where the five bytes cp1252 lacks are letters: 0x81 is Å).
SINGLE_BYTE = ("MagicCompRules-2015-01-23.txt", "MagicCompRules-2003-10-01.txt", "MagicCompRules-2006-10-01.txt",
               "MagicCompRules-2004-02-01.txt")


@functools.cache
def _edition(corpora: Path, name: str) -> tuple[bytes, str]:
    raw = (corpora / "cr" / "en" / name).read_bytes()
    return raw, decode_source(raw, name).encoding


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SINGLE_BYTE),
       strays=st.lists(st.tuples(st.integers(0, 10**7), st.binary(min_size=1, max_size=2).map(
           lambda b: bytes(b"\x81\x8d\x8f\x90\x9d"[x % 5] for x in b))), min_size=1, max_size=3))
def test_stray_bytes_in_a_single_byte_edition_are_refused_by_place_or_read_as_before(
        corpora: Path, name: str, strays: list[tuple[int, bytes]]) -> None:
    """One to six bytes cp1252 leaves undefined, anywhere: refused naming the line and
    column of the first, or (Mac Roman, where they are letters) read in the edition's own
    encoding -- never the whole file in another code page (mac_iceland, cp775)."""
    raw, encoding = _edition(corpora, name)
    data = _edit_bytes(raw, [("insert", at, stray) for at, stray in strays])
    try:
        source = decode_source(data, f"fuzz/{name}")
    except KbError as err:
        first = min(data.index(byte) for byte in b"\x81\x8d\x8f\x90\x9d" if byte in data)
        lines = split_lines(data[:first].decode("cp1252"))
        assert encoding == "cp1252" and err.message.startswith(f"byte 0x{data[first]:02x} is not valid cp1252")
        assert (err.line, err.column) == (len(lines), len(lines[-1]) + 1)
        return
    assert source.encoding == encoding == "mac_roman"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from([0, 6]), start=st.integers(0, 10_000), length=st.integers(10, 300),
       encoding=st.sampled_from(["utf-16-le", "utf-16-be"]))
def test_utf16_without_a_bom_is_read_as_utf16(corpora: Path, seeds: Path, which: int, start: int, length: int,
                                              encoding: str) -> None:
    """Any slice of the English or Chinese rules, in UTF-16 of either byte order without a
    BOM, reads back as itself: the Chinese one was refused as a binary file (NUL bytes)."""
    text = "\n".join(_slice(_documents(corpora, seeds)[which], start, length, keep_frame=False))
    if not text.strip():
        return
    source = decode_source(text.encode(encoding), f"fuzz/{SOURCES[which][1]}")
    assert (source.encoding, source.text) == (encoding, text)


@pytest.mark.parametrize(("text", "encoding"), [("于[", "utf-16-le"), ("于[", "utf-16-be"), ("湿", "utf-16-le")])
def test_the_byte_order_of_the_commoner_characters_wins(text: str, encoding: str) -> None:
    """"于[" little-endian reads as 蹎嬀 big-endian, two ideographs no text uses (the fuzz test below found it,
    session 43); where both readings are common (湿 is 置 swapped), little-endian, Windows' order."""
    source = decode_source(text.encode(encoding), "fuzz/short-zh.txt")
    assert (source.encoding, source.text) == (encoding, text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.integers(0, 10**6), length=st.integers(1, 40), encoding=st.sampled_from(["utf-16-le", "utf-16-be"]))
def test_short_chinese_utf16_without_a_bom_is_read_as_utf16(corpora: Path, seeds: Path, start: int, length: int,
                                                            encoding: str) -> None:
    """A few characters of the Chinese rules, in UTF-16 of either byte order without a BOM,
    read back as themselves ("规则" and a line break holds one NUL and was refused as a binary
    file; "生物" alone was read as UTF-8 control characters) -- unless the same bytes are
    also clean UTF-8 or Western text ("先攻" is ``HQ;e``), which they are then read as, never guessed."""
    lines = _documents(corpora, seeds)[6]
    text = "\n".join(lines)
    at = start % len(text)
    piece = text[at:at + length]
    if not piece.strip() or not re.search(r"[\u4e00-\u9fff]", piece):
        return
    data = piece.encode(encoding)
    try:
        source = decode_source(data, "fuzz/short-zh.txt")
    except KbError:  # every CJK character two ASCII bytes, as a binary's names are: 的 is "v"
        assert all(_ascii_pair(char) for char in re.findall(r"[\u3000-\u303f\u4e00-\u9fff\uff01-\uffee]", piece))
        return
    if source.encoding in ("utf-8", "cp1252", "mac_roman"):
        assert not CONTROL.search(source.text)
        assert source.text == "\n".join(split_lines(data.decode(source.encoding)))
    elif source.encoding != encoding:  # both byte orders Chinese (湿 is 置 swapped): little-endian, Windows'
        assert source.encoding == "utf-16-le" and re.search(r"[\u4e00-\u9fff]", source.text)
    else:
        assert source.text == "\n".join(split_lines(piece))


def _binaries(tmp: Path) -> list[bytes]:
    """Real binary files: the Python interpreter, the SQLite extension module, a real SQLite
    database and a gzip of a real rules file."""
    import _sqlite3
    import gzip
    import sqlite3
    import sys

    db = tmp / "real.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        conn.executemany("INSERT INTO t (body) VALUES (?)", [(f"规则 {i} rule",) for i in range(500)])
    conn.close()
    zh = sorted((corpora_path() / "cr" / "zh").glob("*.txt"))[0].read_bytes()
    return [Path(sys.executable).read_bytes()[:2_000_000], Path(_sqlite3.__file__).read_bytes(), db.read_bytes(),
            gzip.compress(zh)]


@functools.cache
def _binary_files() -> tuple[bytes, ...]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        return tuple(_binaries(Path(tmp)))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 3), start=st.integers(0, 10**7), length=st.integers(16, 8192))
def test_real_binary_is_not_read_as_chinese_utf16(corpora: Path, which: int, start: int, length: int) -> None:
    """Slices of real binary files (an executable, a shared library, a SQLite database,
    gzip) are refused or read as some encoding, but never as Chinese text in UTF-16 without
    a BOM: the reading of short Chinese files takes no binary.  (Before, a library's names
    between NULs, "_result_double", were read as 牟獥汵彴潤扵敬; over 30,000 slices of 16 to
    2,048 bytes, 2,183 were read as UTF-16, now 176, none of them Chinese text.)"""
    raw = _binary_files()[which]
    at = start % len(raw)
    data = raw[at:at + length]
    if not data.strip():
        return
    try:
        source = decode_source(data, "fuzz/binary")
    except KbError:
        return
    assert source.encoding not in ("utf-16-le", "utf-16-be") or not _CJK_TEXT.fullmatch(source.text), source.text[:80]


def test_whole_real_binaries_are_refused(corpora: Path) -> None:
    for data in _binary_files():
        with pytest.raises(KbError, match="binary file|cannot decode|not valid"):
            decode_source(data, "binary")


def test_chinese_utf16_that_is_no_clean_text_in_any_encoding_is_refused() -> None:
    """"”等" in UTF-16 without a BOM is 1d 20 49 7b: its ideograph a pair of ASCII bytes (as a
    binary's names are), its UTF-8 reading a control character and " I{".  It was read as that
    UTF-8, control character and all (found by the fuzz test above); no guess is safe: refused."""
    with pytest.raises(KbError, match="not clean text in any encoding"):
        decode_source("”等".encode("utf-16-le"), "fuzz/short.txt")
    assert decode_source("规则\n".encode("utf-16-le"), "fuzz/short.txt").text == "规则\n"
