"""Every official English edition 2003-2026, checked against counts this module makes itself.

The independent counts are deliberately naive: split the decoded text into lines, cut
out the rules section and the glossary, and look at line starts.  Whatever the
ingester does, it has to agree with them on every real file.
"""

from __future__ import annotations

import collections
import re
from pathlib import Path

import pytest
from conftest import Parse, corpora_path

from kb.core.model import Document, Severity
from kb.core.rulenum import RuleNumber
from kb.core.textio import SourceText

EN_FILES = sorted(p.name for p in (corpora_path() / "cr" / "en").glob("*.txt"))
CANARIES = "’“”–™®"
#: Every non-ASCII character an English edition may hold: typography and accented letters.
PLAUSIBLE = set("’‘“”–—…™®©•∞−×" "áàâäãéèêëíìîïóòôöõúùûüñçÆæŒœ")
#: Arabian Nights names that the source files themselves spell in a DOS or Mac code page
#: inside an otherwise cp1252/ASCII file (â as 0x83 or 0x89, á as 0xA0, ú as 0xA3): no
#: single decoding of those files gets them right, so they are listed, not "fixed".
MISENCODED_IN_SOURCE = ("Dandƒn", "El-Hajjƒj", "El-Hajj‰j", "Ghazb\xa0n", "Jun£n", "Juz\xa0m", "Khab\xa0l")

# A line that starts a chapter, rule or subrule: "730.", "730.2.", "730.2a", the typos
# "119.1d.", "606.5" and "606. 8b", but not a range cut by the line wrap ("409.1f–h.").
NUMBER = re.compile(r"^(?P<chapter>\d{3})(?:\. ?(?P<rule>\d{1,3}[a-z]?))?\.?(?=[^\d.a-z\-–—])")
HEADING = re.compile(r"^\d{1,3}\.\s")


@pytest.fixture(params=EN_FILES)
def edition(request: pytest.FixtureRequest, corpora: Path, parsed: Parse) -> tuple[SourceText, Document]:
    return parsed(corpora / "cr" / "en" / request.param)


def _en(corpora: Path, parsed: Parse, date: str) -> tuple[SourceText, Document]:
    [path] = (corpora / "cr" / "en").glob(f"MagicCompRules-{date}*.txt")
    return parsed(path)


# -- the independent reading ------------------------------------------------------------


def rules_section(lines: list[str], glossary: str) -> tuple[int, int]:
    """From the headings above the first numbered rule up to the second "Glossary"."""
    first = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d+", line))
    while first > 0 and (not lines[first - 1].strip() or HEADING.match(lines[first - 1])):
        first -= 1
    second = [i for i, line in enumerate(lines) if line.strip() == glossary][1]
    return first, second


def numbered_lines(lines: list[str], glossary: str = "Glossary") -> list[tuple[RuleNumber, int]]:
    """(number, line) for each line of the rules section that starts with a number,
    except wrapped text right after "... see rule" in the hard-wrapped editions."""
    start, end = rules_section(lines, glossary)
    found = []
    for index in range(start, end):
        line = lines[index]
        if not lines[index - 1].strip():  # "509.1c" indented by a space in the 2009 editions is still 509.1c
            line = line.lstrip(" ")
        match = NUMBER.match(line)
        if match and not re.search(r"\brules?$", lines[index - 1].rstrip(), re.IGNORECASE):
            text = match["chapter"] + (f".{match['rule']}" if match["rule"] else "")
            found.append((RuleNumber.parse(text), index + 1))
    return found


def glossary_starts(lines: list[str], glossary: str = "Glossary", credits: str = "Credits") -> list[int]:
    """Line numbers of the glossary's blocks, between the second "Glossary" and "Credits"."""
    start = [i for i, line in enumerate(lines) if line.strip() == glossary][1] + 1
    end = next((i for i in range(start, len(lines)) if lines[i].strip() == credits), len(lines))
    return [i + 1 for i in range(start, end) if lines[i].strip() and (i == start or not lines[i - 1].strip())]


def encoding_family(raw: bytes) -> str:
    """BOM, else valid UTF-8, else some single-byte code page."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "utf-16"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return "single-byte"
    return "utf-8"


def all_text(doc: Document) -> str:
    parts = [doc.title or ""]
    for text in doc.rules:
        parts += [text.title or "", text.body, *text.examples, *text.notes]
    for entry in doc.glossary:
        parts += [entry.term, *entry.aliases, *entry.senses]
    return "\n".join(parts)


# -- every edition --------------------------------------------------------------------


def test_corpus_is_complete(corpora: Path) -> None:
    assert len(EN_FILES) == 116
    assert sum(name.endswith(".normalized.txt") for name in EN_FILES) == 6


def test_rule_numbers_match_an_independent_count(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    expected = {number for number, _ in numbered_lines(source.lines)}
    ours = {text.number for text in doc.rules if text.number.depth >= 1}
    assert sorted(expected - ours) == [], "numbers the ingester missed"
    assert sorted(ours - expected) == [], "numbers the ingester invented"
    assert len(expected) > 500


def test_sections_are_the_headings_of_the_rules(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    sections = [t.number for t in doc.rules if t.number.depth == 0]
    chapters = {t.number for t in doc.rules if t.number.depth == 1}
    parents = set()
    for chapter in chapters:
        assert chapter.parent is not None, chapter
        parents.add(chapter.parent)
    assert sections == sorted(parents)


def test_duplicates_are_reported_with_both_lines(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    lines_of = collections.defaultdict(list)
    for number, line in numbered_lines(source.lines):
        lines_of[number].append(line)
    expected = {(str(n), lines[0], later) for n, lines in lines_of.items() for later in lines[1:]}
    reported = set()
    for problem in doc.damaged:
        if match := re.search(r"duplicate rule number (\S+) \(first at line (\d+)\)", problem.message):
            reported.add((match[1], int(match[2]), problem.line))
    assert reported == expected
    for shown, _, _ in expected:
        variants = sorted(t.variant for t in doc.rules if str(t.number) == shown)
        assert variants == list(range(len(lines_of[RuleNumber.parse(shown)])))


def test_glossary_matches_an_independent_count(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    assert [entry.line for entry in doc.glossary] == glossary_starts(source.lines)


def test_obsolete_entries_are_flagged(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    headwords = {source.lines[line - 1].strip() for line in glossary_starts(source.lines)}
    marked = {h.removesuffix("(Obsolete)").strip() for h in headwords if h.endswith("(Obsolete)")}
    assert {e.term for e in doc.glossary if e.obsolete} == marked
    assert not any("(Obsolete)" in e.term for e in doc.glossary)


def test_aliases_only_split_at_commas(edition: tuple[SourceText, Document]) -> None:
    _, doc = edition
    for entry in doc.glossary:
        if "," not in entry.term:
            assert entry.aliases == (), entry.term
        for alias in entry.aliases:
            assert alias and alias in entry.term


def test_examples_match_an_independent_count(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    start, end = rules_section(source.lines, "Glossary")
    expected = sum(line.strip().startswith("Example:") for line in source.lines[start:end])
    assert doc.counts()["examples"] == expected
    assert all(len(t.examples) <= 4 for t in doc.rules)


def test_no_replacement_characters(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    assert "\ufffd" not in source.text
    assert "\ufffd" not in all_text(doc)
    assert not any("\r" in line for line in source.lines)


def test_canaries_decode_to_themselves(edition: tuple[SourceText, Document]) -> None:
    """’ “ ” – ™ ® come out as themselves whatever the encoding: as many in the text as
    the file's bytes hold in their own encoding, and no mojibake ("â€™")."""
    source, doc = edition
    raw = Path(source.path).read_bytes()
    family = encoding_family(raw)
    if family == "single-byte":
        assert source.encoding in ("cp1252", "mac_roman")
    else:
        assert source.encoding == family
    for char in CANARIES:
        if family == "utf-16":
            expected = raw.decode("utf-16").count(char)
        else:
            expected = raw.count(char.encode("utf-8" if family.startswith("utf") else source.encoding))
        assert source.text.count(char) == expected, char
    assert "â€" not in source.text and "Ã" not in source.text


def test_non_ascii_characters_are_plausible(edition: tuple[SourceText, Document]) -> None:
    """A wrong code page shows as odd characters ("DCIª" for "DCI™", "Land Ð Mountain")."""
    source, _ = edition
    text = source.text
    for word in MISENCODED_IN_SOURCE:
        text = text.replace(word, "")
    odd = {char for char in re.findall(r"[^\x00-\x7f]", text) if char not in PLAUSIBLE}
    assert odd == set()


def test_effective_date_is_stated(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    stated = re.compile(r"(?:effective|current) as of ([A-Z][a-z]+) (\d{1,2}), (\d{4})")
    match = next(m for line in source.lines[:40] if (m := stated.search(line)))
    month = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December"].index(match[1]) + 1
    assert doc.effective is not None
    assert (doc.effective.year, doc.effective.month, doc.effective.day) == (int(match[3]), month, int(match[2]))
    assert doc.published is not None and doc.published.isoformat() in Path(source.path).name
    assert doc.lang == "en" and doc.format == "cr-text"


def test_every_edition_from_2005_is_dated(corpora: Path, parsed: Parse) -> None:
    for name in EN_FILES:
        _, doc = parsed(corpora / "cr" / "en" / name)
        assert doc.published is not None, name
        if doc.published.year >= 2005:
            assert doc.effective is not None, name


# -- across the corpus ------------------------------------------------------------------


def test_every_encoding_is_covered(corpora: Path, parsed: Parse) -> None:
    seen = collections.Counter(parsed(corpora / "cr" / "en" / name)[0].encoding for name in EN_FILES)
    assert {"utf-8-sig", "utf-8", "cp1252", "utf-16"} <= set(seen)
    # the corpus README counts 34 cp1252 files: one of them is really Mac Roman
    assert seen["cp1252"] + seen["mac_roman"] == 34 and seen["utf-16"] == 4
    assert seen["mac_roman"] == 1


def test_2004_02_01_is_mac_roman(corpora: Path, parsed: Parse) -> None:
    source, doc = _en(corpora, parsed, "2004-02-01")
    assert source.encoding == "mac_roman"
    assert "Gathering DCI™ Floor Rules" in source.text
    assert '"Basic Land – Mountain"' in all_text(doc)


APOSTROPHES = [("cp1252", (b"\x92",)), ("utf-8-sig", (b"\xe2\x80\x99",)), ("utf-8", (b"\xe2\x80\x99",)),
               ("utf-16", (b"\x19\x20", b"\x20\x19"))]


@pytest.mark.parametrize(("family", "apostrophe"), APOSTROPHES)
def test_each_encoding_yields_the_apostrophe(corpora: Path, parsed: Parse, family: str,
                                             apostrophe: tuple[bytes, ...]) -> None:
    """A file of each encoding whose bytes hold the apostrophe (cp1252 0x92, UTF-8 e2 80 99,
    UTF-16 2019) reads as ’."""
    for name in EN_FILES:
        source, doc = parsed(corpora / "cr" / "en" / name)
        raw = (corpora / "cr" / "en" / name).read_bytes()
        if source.encoding == family and any(needle in raw for needle in apostrophe):
            assert "’" in all_text(doc)
            assert "’" in source.text
            return
    pytest.fail(f"no {family} file with a curly apostrophe")


def test_editions_with_duplicate_numbers(corpora: Path, parsed: Parse) -> None:
    """Five English files number two paragraphs alike (the Chinese 2022-06-10 is the sixth)."""
    damaged = set()
    for name in EN_FILES:
        _, doc = parsed(corpora / "cr" / "en" / name)
        if any("duplicate" in p.message for p in doc.damaged):
            damaged.add(name.removeprefix("MagicCompRules-").removesuffix(".txt"))
    assert damaged == {"2005-08-01", "2006-05-01", "2006-06-01", "2009-09-04", "2009-10-01"}


# -- figures and cases named in the issue ----------------------------------------------


def test_2026_01_16_figures(corpora: Path, parsed: Parse) -> None:
    _, doc = _en(corpora, parsed, "2026-01-16")
    counts = doc.counts()
    assert {k: counts[k] for k in ("chapters", "rules", "subrules", "examples", "glossary")} == {
        "chapters": 146, "rules": 1157, "subrules": 1957, "examples": 276, "glossary": 725}
    assert doc.effective is not None
    assert doc.effective.isoformat() == "2026-01-16"
    assert doc.problems == []
    assert doc.encoding == "utf-8-sig"


def test_example_in_its_own_paragraph(corpora: Path, parsed: Parse) -> None:
    source, doc = _en(corpora, parsed, "2025-11-14")
    [rule] = [t for t in doc.rules if str(t.number) == "701.67b"]
    example_line = next(i for i in range(rule.line, rule.line + 5) if source.lines[i].startswith("Example:"))
    assert source.lines[example_line - 1] == ""
    assert rule.examples == (source.lines[example_line].removeprefix("Example:").strip(),)
    assert rule.examples[0].startswith("Spirit Water Revival")
    assert "Example" not in rule.body and "Spirit Water" not in rule.body


@pytest.mark.parametrize("number", ["205.4c", "509.1b"])
@pytest.mark.parametrize("date", ["2025-11-14", "2026-01-16"])
def test_indented_continuation_is_kept(corpora: Path, parsed: Parse, number: str, date: str) -> None:
    source, doc = _en(corpora, parsed, date)
    [rule] = [t for t in doc.rules if str(t.number) == number]
    continuation = source.lines[rule.line]
    assert continuation[:1].isspace() and continuation.strip()
    paragraphs = rule.body.split("\n")
    assert paragraphs[0] == source.lines[rule.line - 1].removeprefix(number).strip()
    assert paragraphs[1] == continuation.strip()
    assert [e for e in rule.examples if continuation.strip() in e] == []


def test_2013_02_01_is_reported_truncated(corpora: Path, parsed: Parse) -> None:
    source, doc = _en(corpora, parsed, "2013-02-01")
    assert [p.severity for p in doc.damaged] == [Severity.DAMAGE]
    assert "truncated" in doc.damaged[0].message
    assert doc.damaged[0].path == source.path
    assert not any(line.strip() == "Credits" for line in source.lines[len(source.lines) // 2:])
    assert 0 < len(doc.glossary) < 100


def test_2006_06_01_holds_the_2004_text(corpora: Path, parsed: Parse) -> None:
    _, doc = _en(corpora, parsed, "2006-06-01")
    assert doc.effective is not None
    assert doc.effective.isoformat() == "2004-06-01"
    assert any("far from the date in the file name" in p.message for p in doc.problems)


def test_typo_numbers_are_read(corpora: Path, parsed: Parse) -> None:
    """"119.1d." (trailing dot), "606.5" (missing dot), "606. 8b" and "702. 37a" (stray space)."""
    source, doc = _en(corpora, parsed, "2024-11-08")
    texts = {str(t.number): t for t in doc.rules}
    for typo, number in (("119.1d. ", "119.1d"), ("606.5 ", "606.5")):
        line = next(i + 1 for i, text in enumerate(source.lines) if text.startswith(typo))
        assert texts[number].line == line
        assert texts[number].body == source.lines[line - 1].removeprefix(typo).strip()
    for date, numbers in (("2006-02-01", {"606.8a", "606.8b"}), ("2009-07-11", {"702.37a", "702.37b"})):
        texts = {str(t.number): t for t in _en(corpora, parsed, date)[1].rules}
        assert numbers <= set(texts)
        assert all(not texts[n].body[:1].isdigit() for n in numbers)


def test_glossary_terms_aliases_senses(corpora: Path, parsed: Parse) -> None:
    _, doc = _en(corpora, parsed, "2026-01-16")
    entries = {e.term: e for e in doc.glossary}
    assert entries["Active Player, Nonactive Player Order"].aliases == ()
    assert entries["Control, Controller"].aliases == ("Control", "Controller")
    assert entries["Intervening “If” Clause"].aliases == ()
    assert len(entries["Ability"].senses) == 2
    assert entries["Ability"].senses[0].startswith("Text on an object")
    assert entries["Mana Burn"].obsolete
    assert not entries["Ability"].obsolete
