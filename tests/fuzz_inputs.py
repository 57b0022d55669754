"""Mutated real inputs of every format kb reads, as hypothesis strategies, and the one check
each is put to: through :func:`kb.build.build`, a file is built or refused with a
:class:`KbError` naming it (exit 2) -- any other exception is a traceback a user would see.

Shared by ``tests/test_fuzz_build.py`` (a small fixed budget in CI) and
``benchmarks/bench_fuzz.py`` (thousands of examples, with counts per format)."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conftest import manifest_for
from hypothesis import strategies as st

from kb.build import EMBEDDED_CORPUS, build
from kb.core.errors import KbError

ITALIAN_SEED = EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt"  # rules to build with: the smallest real ones
RULINGS_SEED = EMBEDDED_CORPUS / "003_bb824e3f4851c86c.txt"
WIKI_SEED = EMBEDDED_CORPUS / "004_d2c5e84930c8fccc.txt"
RULE_PAGE_SEED = EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt"
FOLDER_SEEDS = (ITALIAN_SEED, RULE_PAGE_SEED, RULINGS_SEED, WIKI_SEED)  # the folder a fuzzed manifest describes

# -- generic edits ----------------------------------------------------------------------

#: Any JSON value, nested a little: what a damaged or hostile file may hold anywhere.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(["", "2022-10-14", "20221014", "Chinese Simplified", "Italian",
                                               "meld", "163a", "A // B", "Phyrexian"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=6,
)
byte_edit = st.tuples(st.sampled_from(["flip", "cut", "insert"]), st.integers(0, 10**7),
                      st.binary(max_size=6) | st.sampled_from([b"\x00", b"\xff\xfe", b"\xe2\x80", b"\x9d", b"\x81",
                                                               b"\x8d\x8f", b"<page>", b"</text>", b"]]>", b"&amp;",
                                                               b"{{CR+G}}"]))
_LINES = ["14/10/2022", "10/14/2022", "2022-10-14", "31/02/2022", "Rulings", "- a bullet", "702.102a Fuse",
          "Rule 730.2 · X", "Glossary", "词汇表", "=="]
line_edit = st.tuples(st.sampled_from(["delete", "duplicate", "swap", "insert", "cut"]), st.integers(0, 10**4),
                      st.integers(0, 10**4), st.text(max_size=40) | st.sampled_from(_LINES))


def edit_bytes(data: bytes, edits: list[tuple[str, int, bytes]]) -> bytes:
    for kind, at, extra in edits:
        at %= len(data) + 1
        if kind == "flip" and at < len(data):
            data = data[:at] + bytes([data[at] ^ (extra[0] if extra else 0xFF)]) + data[at + 1:]
        elif kind == "cut":
            data = data[:at]
        elif kind == "insert":
            data = data[:at] + extra + data[at:]
    return data


def edit_lines(lines: list[str], edits: list[tuple[str, int, int, str]]) -> list[str]:
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
        else:
            lines[i] = lines[i][: b % (len(lines[i]) + 1)] + text
    return lines


def _nodes(value: Any, found: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) of a JSON tree."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        found.append((value, key))
        _nodes(child, found)
    return found


@st.composite
def mutated_tree(draw: st.DrawFn, base: Any) -> Any:
    """A copy of a JSON tree with a few values replaced, removed or wrapped."""
    tree = copy.deepcopy(base)
    for _ in range(draw(st.integers(0, 5))):
        nodes = _nodes(tree, [])
        if not nodes:
            break
        container, key = nodes[draw(st.integers(0, len(nodes) - 1))]
        action = draw(st.sampled_from(["replace", "replace", "delete", "wrap", "null"]))
        if action == "replace":
            container[key] = draw(json_values)
        elif action == "null":
            container[key] = None
        elif action == "wrap":
            container[key] = [container[key]]
        elif isinstance(container, dict):
            del container[key]
        else:
            container.pop(key)
    return tree


# -- the real inputs the mutations start from -------------------------------------------


@functools.cache
def card_entries(corpora: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A few real v5 entries (BRO: a meld pair, a transforming card, plain cards with
    foreign names and rulings) and v4 entries (GRN: split cards)."""
    bro = json.loads(next((corpora / "cards").rglob("BRO.json")).read_bytes())["data"]["cards"]
    grn = json.loads(next((corpora / "cards").rglob("GRN.json")).read_bytes())["cards"]
    v5 = [c for c in bro if c.get("layout") == "meld"][:3] + [c for c in bro if c.get("rulings")][:3]
    v4 = [c for c in grn if c.get("names")][:2] + [c for c in grn if c.get("rulings")][:2]
    return v5, v4


@st.composite
def mtgjson_files(draw: st.DrawFn, corpora: Path) -> bytes:
    v5, v4 = card_entries(corpora)
    layout = draw(st.sampled_from(["set-v5", "set-v4", "atomic", "other"]))
    entries = v4 if layout == "set-v4" else v5
    if layout == "set-v5":
        document: Any = {"data": {"code": "BRO", "cards": entries}}
    elif layout == "set-v4":
        document = {"code": "GRN", "cards": entries}
    elif layout == "atomic":
        document = {"data": {entry["name"]: [entry] for entry in entries}}
    else:
        document = draw(json_values)
    data = json.dumps(draw(mutated_tree(document)), ensure_ascii=draw(st.booleans())).encode()
    if draw(st.integers(0, 3)) == 0:
        data = draw(st.sampled_from([b"[" * 5000 + b"]" * 5000, b'{"data": {"cards": [null]}}',
                                     b'{"cards": [null], "code": "X"}', b"\xef\xbb\xbf" + data]))
    return edit_bytes(data, draw(st.lists(byte_edit, max_size=2)))


@st.composite
def mediawiki_files(draw: st.DrawFn, corpora: Path) -> bytes:
    exports = sorted((corpora / "wiki" / "mightstone_fandom_xml").glob("*.xml"))
    data = draw(st.sampled_from(exports)).read_bytes()
    if draw(st.integers(0, 4)) == 0:  # entities that expand: the parser must refuse, not grow
        data = (b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
                + data.split(b"?>", 1)[-1].replace(b"<title>", b"<title>&b;", 1))
    return edit_bytes(data, draw(st.lists(byte_edit, max_size=4)))


@st.composite
def text_files(draw: st.DrawFn, seed: Path) -> bytes:
    lines = seed.read_text(encoding="utf-8").splitlines()
    text = "\n".join(edit_lines(lines, draw(st.lists(line_edit, max_size=6))))
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-16", "cp1252"]))
    data = text.encode(encoding, errors="replace")
    return edit_bytes(data, draw(st.lists(byte_edit, max_size=2)))


@st.composite
def rules_files(draw: st.DrawFn, corpora: Path) -> bytes:
    """A slice of a real edition (English, Chinese, an old cp1252 one), its frame kept or not."""
    path = corpora / "cr" / draw(st.sampled_from(["en/MagicCompRules-2026-01-16.txt", "zh/CR-zh-Hans-2022-06-10.txt",
                                                  "en/MagicCompRules-2003-10-01.txt"]))
    lines = _lines(path)
    start, length = draw(st.integers(0, len(lines))), draw(st.integers(1, 400))
    frame = [i for i, line in enumerate(lines) if line.strip() in ("Glossary", "词汇表")]
    middle = lines[start:start + length]
    if draw(st.booleans()) and len(frame) == 2:
        middle = lines[:frame[0] + 300] + middle + lines[frame[1]:frame[1] + 60] + lines[-30:]
    text = "\n".join(edit_lines(middle, draw(st.lists(line_edit, max_size=6))))
    data = text.encode(draw(st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "utf-16-le", "utf-16-be"])),
                       errors="replace")
    return edit_bytes(data, draw(st.lists(byte_edit, max_size=3)))


@st.composite
def dokuwiki_files(draw: st.DrawFn, corpora: Path) -> bytes:
    """A slice of the judge wiki's pages (a rules page, the glossary), its title kept or
    not, lines and bytes edited: a pair broken, an anchor lost, a link cut."""
    path = corpora / "wiki" / "mtgjudge_cn_dokuwiki_cr" / draw(st.sampled_from(["4.txt", "9.txt", "glossary.txt"]))
    lines = _lines(path)
    start, length = draw(st.integers(0, len(lines))), draw(st.integers(1, 300))
    middle = (lines[:6] if draw(st.booleans()) else []) + lines[start:start + length]
    edits = draw(st.lists(line_edit | st.tuples(st.just("insert"), st.integers(0, 10**4), st.integers(0, 10**4),
                                                 st.sampled_from(_DOKUWIKI_LINES)), max_size=6))
    text = "\n".join(edit_lines(middle, edits))
    data = text.encode(draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16-le"])))
    return edit_bytes(data, draw(st.lists(byte_edit, max_size=3)))


_DOKUWIKI_LINES = ["<BOOKMARK:cr400-2>400.2. A rule.\\\\ ", "400.3. 另一条规则。", "<BOOKMARK:cr2019>2019\\\\ ",
                   "Example: x\\\\ ", "参见规则[[cr:7#cr702-19|702.19]]", "[[cr:2#cr|]]", "----",
                   "====== 词汇表 ======"]


@functools.cache
def _lines(path: Path) -> list[str]:
    from kb.core.textio import read_source

    return read_source(path).lines


_TOML_VALUES = ['"cr-text"', '"cr-lines"', '"rule-page"', '"rulings-page"', '"wiki-page"', '"mtgjson"', '"no-such"',
                '"en"', '"it"', '"zh"', '"fr"', '"xx-Qaaa-ZZ"', '""', "5", "true", "[1, 2]", '["en"]', "{ a = 1 }",
                "1979-05-27", "3.5", '"""\nmulti\n"""']


@st.composite
def manifests(draw: st.DrawFn) -> bytes:
    """The embedded corpus' manifest of the seeds (the files :func:`build_once` copies)
    with values, keys and lines changed."""
    lines = manifest_for(path.name for path in FOLDER_SEEDS).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        if "=" in lines[i] and draw(st.booleans()):
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {draw(st.sampled_from(_TOML_VALUES))}"
        else:
            lines = edit_lines(lines, [draw(line_edit)])
    if draw(st.integers(0, 5)) == 0:
        lines.insert(0, draw(st.sampled_from(["documents = 5", "[documents]\n\"x.txt\" = 1", "[[documents]]"])))
    return "\n".join(lines).encode()


# -- through the build ------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One format to fuzz: how to draw a file and where the build finds it."""

    name: str
    suffix: str
    files: Callable[[Path], st.SearchStrategy[bytes]]
    folder: bool = False  # the file is the manifest of a folder of the seeds


CASES = (
    Case("mtgjson", ".json", mtgjson_files),
    Case("mediawiki-xml", ".xml", mediawiki_files),
    Case("rulings-page", ".txt", lambda corpora: text_files(RULINGS_SEED)),
    Case("wiki-page", ".txt", lambda corpora: text_files(WIKI_SEED)),
    Case("rules", ".txt", rules_files),
    Case("dokuwiki-cr", ".txt", dokuwiki_files),
    Case("manifest", ".toml", lambda corpora: manifests(), folder=True),
)


def build_once(case: Case, data: bytes, work: Path) -> str:
    """Build the Italian seed with the file (or the seeds' folder with the manifest):
    ``"built"`` or ``"refused"``; a refusal must name the file and exit 2.  Any other
    exception propagates: it is a traceback."""
    import shutil

    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    if case.folder:
        folder = work / "corpus"
        folder.mkdir()
        for seed in FOLDER_SEEDS:  # the seeds, not the full editions
            shutil.copy(seed, folder / seed.name)
        target = folder / "manifest.toml"
        sources = [folder]
    else:
        target = work / f"fuzzed{case.suffix}"
        sources = [ITALIAN_SEED, target]
    target.write_bytes(data)
    try:
        build(sources, work / "home", allow_partial=False)
    except KbError as err:
        assert err.exit_code == 2, err
        assert str(target) in str(err) or (case.folder and str(target.parent) in str(err)), str(err)
        return "refused"
    return "built"
