"""The Simplified Chinese translation: every edition, and agreement with the English one."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from conftest import Parse, corpora_path

from kb.build import build
from kb.core.model import Document
from kb.core.rulenum import RuleNumber
from kb.core.textio import SourceText

ZH_FILES = sorted(p.name for p in (corpora_path() / "cr" / "zh").glob("CR-zh-Hans-*.txt"))
GLOSSARY, CREDITS = "词汇表", "版权信息"
# A line that starts a chapter, rule or subrule; Chinese lines may run on without a space
# ("100.6b牌手可以…").  A number followed by a dash is a range ("601.2a-d"), not a rule.
NUMBER = re.compile(r"^(?P<chapter>\d{3})(?:\.(?P<rule>\d{1,3}[a-z]?))?\.?(?=[^\d.a-z\-–—])")


def _date(name: str) -> str:
    match = re.search(r"\d{4}-\d{2}-\d{2}", name)
    assert match is not None, name
    return match[0]


@pytest.fixture(params=ZH_FILES)
def edition(request: pytest.FixtureRequest, corpora: Path, parsed: Parse) -> tuple[SourceText, Document]:
    return parsed(corpora / "cr" / "zh" / request.param)


def _english(corpora: Path, parsed: Parse, date: str) -> tuple[SourceText, Document] | None:
    found = sorted((corpora / "cr" / "en").glob(f"MagicCompRules-{date}*.txt"))
    return parsed(found[0]) if found else None


def rules_section(lines: list[str], glossary: str) -> tuple[int, int]:
    """From the headings above the first numbered rule up to the second glossary heading."""
    first = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d+", line))
    while first > 0 and (not lines[first - 1].strip() or re.match(r"\d{1,3}\.\s", lines[first - 1])):
        first -= 1
    return first, [i for i, line in enumerate(lines) if line.strip() == glossary][1]


def numbers_in(lines: list[str], glossary: str) -> list[RuleNumber]:
    """The numbers the lines of the rules section start with (modern files do not wrap)."""
    start, end = rules_section(lines, glossary)
    found = []
    for line in lines[start:end]:
        if match := NUMBER.match(line):
            found.append(RuleNumber.parse(match["chapter"] + (f".{match['rule']}" if match["rule"] else "")))
    return found


# -- every edition --------------------------------------------------------------------


def test_corpus_is_complete(corpora: Path) -> None:
    assert len(ZH_FILES) == 19


def test_parses_as_chinese(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    assert (doc.lang, doc.format) == ("zh-Hans", "cr-text")
    stated = next(m for line in source.lines[:10] if (m := re.search(r"(\d{4})年(\d{1,2})月(\d{1,2})日起生效", line)))
    assert doc.effective == dt.date(*map(int, stated.groups()))
    assert "\ufffd" not in source.text
    assert all("\ufffd" not in t.body + (t.title or "") + "".join(t.examples) for t in doc.rules)


def test_rule_numbers_match_an_independent_count(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    expected = set(numbers_in(source.lines, GLOSSARY))
    assert {t.number for t in doc.rules if t.number.depth >= 1} == expected


def test_glossary_matches_an_independent_count(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    lines = source.lines
    start = [i for i, line in enumerate(lines) if line.strip() == GLOSSARY][1] + 1
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == CREDITS)
    starts = [i + 1 for i in range(start, end) if lines[i].strip() and not lines[i - 1].strip()]
    assert [e.line for e in doc.glossary] == starts


def test_translator_notes_are_kept_apart(edition: tuple[SourceText, Document]) -> None:
    """Every "译注" of the rules section becomes a note; none stays in the rule text."""
    source, doc = edition
    start, end = rules_section(source.lines, GLOSSARY)
    marked = sum(line.count("译注") for line in source.lines[start:end])
    notes = [(t, note) for t in doc.rules for note in t.notes]
    assert len(notes) == marked > 0
    for text in doc.rules:
        assert "译注" not in text.body + (text.title or "") + "".join(text.examples), text.number
    for text, note in notes:
        assert note and note in source.lines[text.line - 1] or any(
            note in line for line in source.lines[text.line - 1:text.line + 8])


def test_examples_are_counted(edition: tuple[SourceText, Document]) -> None:
    source, doc = edition
    start, end = rules_section(source.lines, GLOSSARY)
    expected = sum(line.strip().startswith("例如") for line in source.lines[start:end])
    assert doc.counts()["examples"] == expected
    assert not any(e.startswith(("例如", "：", "，")) for t in doc.rules for e in t.examples)


def test_same_numbers_and_examples_as_the_english_edition(edition: tuple[SourceText, Document], corpora: Path,
                                                         parsed: Parse) -> None:
    source, doc = edition
    date = _date(source.path)
    english = _english(corpora, parsed, date)
    if english is None:
        pytest.skip(f"no English edition of {date} in the corpora")
    _, en = english
    ours = {t.number for t in doc.rules if t.number.depth >= 1}
    theirs = {t.number for t in en.rules if t.number.depth >= 1}
    if date == "2022-06-10":
        # the translation numbers 701.42b as a second 701.42a
        assert theirs - ours == {RuleNumber.parse("701.42b")} and ours <= theirs
    else:
        assert ours == theirs
    en_examples = {t.number: len(t.examples) for t in en.rules}
    zh_examples = {t.number: len(t.examples) for t in doc.rules if t.variant == 0}
    differing = {n for n in theirs if en_examples[n] != zh_examples.get(n, 0)}
    assert differing <= ({RuleNumber.parse("701.42a"), RuleNumber.parse("701.42b")} if date == "2022-06-10" else set())


# -- figures and cases named in the issue ----------------------------------------------


def test_2025_07_25_has_3225_numbers_in_both(corpora: Path, parsed: Parse) -> None:
    _, zh = parsed(corpora / "cr" / "zh" / "CR-zh-Hans-2025-07-25.txt")
    english = _english(corpora, parsed, "2025-07-25")
    assert english is not None
    _, en = english
    numbers = [{t.number for t in doc.rules if t.number.depth >= 1} for doc in (zh, en)]
    assert len(numbers[0]) == len(numbers[1]) == 3225
    assert numbers[0] == numbers[1]


def test_lines_without_a_space_after_the_number(corpora: Path, parsed: Parse) -> None:
    """2022-06-10 runs ten numbers into their text ("100.6b牌手…"): still rules of their own."""
    source, doc = parsed(corpora / "cr" / "zh" / "CR-zh-Hans-2022-06-10.txt")
    tight = [(line[:6].rstrip(".牌"), line) for line in source.lines if re.match(r"\d{3}\.\d+[a-z]?[^\s\d.a-z]", line)]
    assert len(tight) == 10
    texts = {str(t.number): t for t in doc.rules}
    for _, line in tight:
        match = re.match(r"\d{3}\.\d+[a-z]?", line)
        assert match is not None, line
        number = match[0]
        assert texts[number].body == line[len(number):].strip()


def test_2022_06_10_build_names_the_missing_numbers(corpora: Path, editions_kb: tuple[Path, dict]) -> None:
    """Built together, the report says which numbers of the English edition the
    translation lacks; the independent count here decides which those are.  (The build:
    conftest's ``editions_kb``, both 2022-06-10 files among its editions, ``--accept-damaged``,
    its JSON report.)"""
    en_path = corpora / "cr" / "en" / "MagicCompRules-2022-06-10.txt"
    zh_path = corpora / "cr" / "zh" / "CR-zh-Hans-2022-06-10.txt"
    en_lines = en_path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    zh_lines = zh_path.read_text(encoding="utf-8").split("\n")
    missing = set(numbers_in(en_lines, "Glossary")) - set(numbers_in(zh_lines, GLOSSARY))
    assert missing == {RuleNumber.parse("701.42b")}

    home, report = editions_kb
    [zh_report] = [r for r in report["documents"] if r["path"] == str(zh_path)]
    [lack] = [p["message"] for p in zh_report["problems"] if "lacks" in p["message"]]
    assert f"lacks {len(missing)} numbers" in lack
    named = {RuleNumber.parse(n) for n in lack.split(": ", 1)[1].split(", ")}
    assert named == missing
    assert any("duplicate rule number 701.42a" in p["message"] for p in zh_report["problems"]
               if p["severity"] == "damage")
    [en_report] = [r for r in report["documents"] if r["path"] == str(en_path)]
    assert not any("lacks" in p["message"] for p in en_report["problems"])
    assert (home / "kb.sqlite").is_file()


def test_2022_06_10_damage_stops_the_build_unless_accepted(corpora: Path, tmp_path: Path) -> None:
    from kb.core.errors import KbError

    with pytest.raises(KbError, match=r"CR-zh-Hans-2022-06-10\.txt:3379: damage: duplicate rule number 701\.42a"):
        build([corpora / "cr" / "zh" / "CR-zh-Hans-2022-06-10.txt"], tmp_path / "home")
    assert not (tmp_path / "home" / "kb.sqlite").exists()


def test_notes_take_both_forms(corpora: Path, parsed: Parse) -> None:
    """"（译注：…）" and the parenthesis ending "〜译注）" in 731.1b."""
    _, doc = parsed(corpora / "cr" / "zh" / "CR-zh-Hans-2026-01-16.txt")
    texts = {str(t.number): t for t in doc.rules}
    assert texts["731.1b"].notes and "循环/Cycling" in texts["731.1b"].notes[0]
    assert "（即导致了“循环”）" in texts["731.1b"].body
    assert texts["111.9"].notes[0].startswith("中文版之叙述")
    assert "（" not in texts["111.9"].body[-3:]


def test_example_after_a_comma(corpora: Path, parsed: Parse) -> None:
    """111.11 introduces its example with "例如，" rather than "例如："."""
    _, doc = parsed(corpora / "cr" / "zh" / "CR-zh-Hans-2026-01-16.txt")
    [text] = [t for t in doc.rules if str(t.number) == "111.11"]
    assert len(text.examples) == 1 and text.examples[0].startswith("勇行者蒂莎")
    assert "例如" not in text.body


def test_a_short_chinese_rules_text_is_told_as_chinese(corpora: Path, tmp_path: Path) -> None:
    """"730.2 合并" alone, in UTF-16 without a BOM, was refused as "a rules text in Wu Chinese (wuu):
    kb has no rules layout for it": py3langid told 419 of the 5,251 lines of the Chinese rules
    holding Han, each alone, as Wu or Cantonese.  A text of Han characters without kana is Chinese."""
    from kb.core.lang import identify
    from kb.core.textio import read_source
    from kb.ingest import ingest

    lines = [line for line in (corpora / "cr" / "zh" / ZH_FILES[-1]).read_text(encoding="utf-8-sig").splitlines()
             if len(re.findall(r"[\u4e00-\u9fff]", line)) > 0.5 * len(line.strip()) > 0]
    assert len(lines) > 4000
    assert [line for line in lines if identify(line) != "zh-Hans"] == []
    numbered = [m[0] + " " + "".join(re.findall(r"[\u4e00-\u9fff]", line))[:2] for line in lines
                if (m := NUMBER.match(line))]  # a rule number and two characters, as "730.2 合并"
    assert len(numbered) > 2500 and [text for text in numbered if identify(text) != "zh-Hans"] == []
    short = tmp_path / "short.txt"
    short.write_bytes("730.2 合并\n".encode("utf-16-le"))
    document = ingest(read_source(short))
    assert document.lang == "zh-Hans" and [str(r.number) for r in document.rules] == ["730.2"]
    assert identify("この呪文は戦場に出る。カードを引く。") == "ja"  # kana beside the kanji: Japanese
