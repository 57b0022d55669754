"""Acceptance of issue 3 (cross-references) through the ``kb`` command and its stored graph.

The existing tests check the reference grammar and resolution as library functions; these
check what a user gets from a KB that ``kb build`` wrote: ``kb refs`` (outgoing and
incoming), the resolved sets in ``kb show --json``, and the build report.  Expected answers
come from the rules text itself, read here with a deliberately simple reader.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest
from kbrun import kb, kb_json_here

from kb.cli import main as kb_main
from kb.core.rulenum import RuleNumber

EN = "cr/en/MagicCompRules-2026-01-16.txt"
ZH = "cr/zh/CR-zh-Hans-2026-01-16.txt"
EDITION = "2026-01-16"
SECTIONS = "123456789"
N = RuleNumber.parse

RULE_LINE = re.compile(r"(\d{3}\.\d+[a-z]?)\.?\s+(.*)")
HEADING_LINE = re.compile(r"(\d{1,3})\.\s+(\S.*)")
#: The test's own simple pattern for an English reference phrase.
SIMPLE = re.compile(r"\b(?:[Rr]ules?|[Ss]ections?) \d{1,3}(?:\.\d+[a-z]?)?(?![\d.]*\d)")


# -- the test's own reading of a rules file ----------------------------------------------


@dataclass(frozen=True)
class Rule:
    line: int
    text: str  # first paragraph, then continuation paragraphs and examples, one per line


@dataclass(frozen=True)
class Reading:
    lines: list[str]
    rules: dict[str, Rule]
    headings: dict[str, str]  # chapter/section number -> title

    def numbers(self) -> set[RuleNumber]:
        return {N(n) for n in self.rules} | {N(n) for n in self.headings}


def read(path: Path, glossary: str) -> Reading:
    """Lines from the first numbered rule to the second glossary heading (the first is in
    the contents); unnumbered lines belong to the rule above them."""
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d+", line))
    end = [i for i, line in enumerate(lines) if line.strip() == glossary][1]
    rules: dict[str, Rule] = {}
    headings: dict[str, str] = {}
    current: str | None = None
    for index in range(start - 40, end):
        line = lines[index]
        if index >= start and (match := RULE_LINE.match(line)):
            current = match[1]
            rules[current] = Rule(index + 1, match[2].strip())
        elif match := HEADING_LINE.match(line):
            headings[match[1]] = match[2].strip()
            current = None
        elif line.strip() and current is not None:
            rules[current] = Rule(rules[current].line, rules[current].text + "\n" + line.strip())
    return Reading(lines, rules, headings)


@pytest.fixture(scope="module")
def en_text(corpora: Path) -> Reading:
    return read(corpora / EN, "Glossary")


@pytest.fixture(scope="module")
def zh_text(corpora: Path) -> Reading:
    return read(corpora / ZH, "词汇表")


# -- the KBs ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pair(seeds_2026_01_16: tuple[Path, dict]) -> tuple[Path, dict]:
    """EN + ZH 2026-01-16, built by the command (with the seeds beside them: conftest's
    ``seeds_2026_01_16``, built once per run); its JSON build report.  What is checked here
    is the graph of the edition (:data:`EDITION`): the seeds' texts are the tests' below."""
    return seeds_2026_01_16


@pytest.fixture(scope="module")
def stored(pair: tuple[Path, dict]) -> dict[str, dict[str, dict]]:
    """lang -> number -> the rule as ``kb show SECTION --json`` gives it, references resolved."""
    home, _ = pair
    out: dict[str, dict[str, dict]] = {}
    for lang in ("en", "zh-Hans"):
        out[lang] = {}
        for section in SECTIONS:
            for block in kb_json_here("show", section, "--lang", lang, home=home)["languages"]:
                assert block["edition"] == EDITION, block["edition"]
                for rule in block["rules"]:
                    out[lang][rule["number"]] = rule
    return out


@pytest.fixture(scope="module")
def seeds_only(tmp_path_factory: pytest.TempPathFactory, seeds: Path) -> tuple[Path, dict]:
    """The four seeds alone, without the full editions the default corpus holds beside them."""
    home = tmp_path_factory.mktemp("seeds") / "home"
    result = kb("build", seeds, "--json", home=home)
    assert result.returncode == 0, result.stderr
    return home, json.loads(result.stdout)


@pytest.fixture(scope="module")
def seeds_and_en(seeds_2026_01_16: tuple[Path, dict]) -> tuple[Path, dict]:
    """The seeds with a full edition that holds what they cite (2026-01-16 has no 730.2h:
    there the merge rules are 729, so 730.2h can only be the web page's), and its Chinese
    translation: the stored graph's KB, built once per run."""
    return seeds_2026_01_16


def numbers_of(rule: dict) -> set[str]:
    return {n for ref in rule["references"] for n in ref["numbers"]}


def refs_in_process(home: Path, number: str, lang: str) -> dict:
    """``kb refs NUMBER --json`` through the command's own entry point, in this process:
    the property below asks it about a thousand rules."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = kb_main(["refs", number, "--lang", lang, "--json", "--home", str(home)])
    assert code == 0, number
    return json.loads(buffer.getvalue())


def expand_letters(chapter_rule: str, first: str, last: str, reading: Reading) -> set[str]:
    """The subrules of ``chapter_rule`` between two letters that exist in the text."""
    return {n for n in reading.rules if n.startswith(chapter_rule) and re.fullmatch(r"[a-z]", n[len(chapter_rule):])
            and first <= n[len(chapter_rule):] <= last}


# -- EN 2026-01-16: phrases found and resolved, the unresolved listed ---------------------


def test_simple_count_of_phrases_is_resolved_in_the_kb(en_text: Reading, stored: dict[str, dict[str, dict]]) -> None:
    total, unresolved = 0, []
    for number, rule in en_text.rules.items():
        kept = stored["en"].get(number)
        for match in SIMPLE.finditer(rule.text):
            total += 1
            phrase = match[0]
            ok = kept is not None and any(
                re.search(re.escape(phrase) + r"(?![\d.]*\d|[a-z])", ref["phrase"]) and ref["numbers"]
                and not ref["missing"] for ref in kept["references"])
            if not ok:
                unresolved.append(f"{number}: {phrase!r}")
    print(f"\nEN 2026-01-16 reference phrases (simple count): {total}; unresolved in the KB: {unresolved}")
    assert total > 1000
    assert total - len(unresolved) >= 0.995 * total, unresolved


def test_every_unresolved_reference_is_in_the_report_with_its_line(pair: tuple[Path, dict], corpora: Path,
                                                                   stored: dict[str, dict[str, dict]]) -> None:
    _, report = pair
    problems = {doc["path"]: doc["problems"] for doc in report["documents"]}
    for lang, path in (("en", corpora / EN), ("zh-Hans", corpora / ZH)):
        warned = [p for p in problems[str(path)] if "unresolved reference" in p["message"]]
        lines = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")
        for problem in warned:
            assert problem["line"], problem
            match = re.search(r"unresolved reference '(.*?)'", problem["message"])
            assert match is not None, problem
            phrase = match[1]
            # the phrase is in the paragraph (rule or glossary entry) that starts at that line
            block = lines[problem["line"] - 1:problem["line"] + 4]
            assert any(phrase in line for line in block), (problem, block)
        for rule in stored[lang].values():
            for ref in rule["references"]:
                if ref["missing"]:
                    line = int(rule["source"].rsplit(":", 1)[1])
                    assert any(p["line"] == line and ref["phrase"] in p["message"] for p in warned), (rule["number"],
                                                                                                       ref)


# -- the rules named in the issue, through kb refs / kb show -----------------------------


def test_729_3d_cites_903_9b_and_903_9c(pair: tuple[Path, dict], en_text: Reading) -> None:
    home, _ = pair
    assert "see rules 903.9b–c" in en_text.rules["729.3d"].text
    data = kb_json_here("refs", "729.3d", home=home)
    assert {link["number"] for link in data["outgoing"]} == {"903.9b", "903.9c"}
    assert {link["phrase"] for link in data["outgoing"]} == {"see rules 903.9b–c"}


def test_601_2_cites_its_ranges_exactly_as_its_text_says(pair: tuple[Path, dict], en_text: Reading) -> None:
    home, _ = pair
    text = en_text.rules["601.2"].text
    expected: set[str] = set()
    for first, last in re.findall(r"601\.2([a-z])[–-]([a-z])", text):
        expected |= expand_letters("601.2", first, last, en_text)
    expected |= set(re.findall(r"see rule (\d{3}(?:\.\d+[a-z]?)?)", text))
    assert expected == {"601.2a", "601.2b", "601.2c", "601.2d", "601.2f", "601.2g", "601.2h", "601.3", "732"}
    data = kb_json_here("refs", "601.2", home=home)
    assert {link["number"] for link in data["outgoing"]} == expected
    for link in data["outgoing"]:
        assert link["phrase"] in text
        # each target with its title or first words, from the target's own text
        target = en_text.rules.get(link["number"])
        words = link["text"].rstrip("…").strip()
        if target is None:
            assert words == en_text.headings[link["number"]]
        else:
            assert target.text.startswith(words), (link, target.text[:80])


def test_601_2c_is_cited_through_the_ranges_that_cover_it(pair: tuple[Path, dict], en_text: Reading,
                                                          zh_text: Reading) -> None:
    home, _ = pair
    for lang, reading in (("en", en_text), ("zh-Hans", zh_text)):
        citing = {n for n, rule in reading.rules.items() if re.search(r"601\.2a[–-][dh](?![a-z])", rule.text)}
        assert {"601.2", "601.2i"} <= citing, lang  # "rules 601.2a–d" and "601.2a–h"
        data = kb_json_here("refs", "601.2c", "--lang", lang, home=home)
        incoming = {(item["number"], item["via"]) for item in data["incoming"] if item["number"]}
        missed = {n for n in citing if (n, "601.2c") not in incoming}
        assert not missed, (lang, missed)


def test_incoming_is_in_numeric_order(pair: tuple[Path, dict]) -> None:
    home, _ = pair
    for number in ("601.2c", "613.2", "702.102"):
        data = kb_json_here("refs", number, home=home)
        cited = [N(item["number"]) for item in data["incoming"] if item["number"]]
        assert cited == sorted(cited) and len(cited) >= 2, number
        kinds = [item["kind"] for item in data["incoming"]]
        assert kinds == sorted(kinds, key=lambda kind: kind == "glossary"), "glossary entries come after the rules"


def test_613_2_is_cited_by_729_2a(pair: tuple[Path, dict], en_text: Reading) -> None:
    home, _ = pair
    assert "(See rule 613.2.)" in en_text.rules["729.2a"].text
    data = kb_json_here("refs", "613.2", home=home)
    assert ("729.2a", "See rule 613.2") in {(item["number"], item["phrase"]) for item in data["incoming"]}


def test_100_2a_has_no_reference_from_60_cards(stored: dict[str, dict[str, dict]], en_text: Reading) -> None:
    text = en_text.rules["100.2a"].text
    assert "60 cards" in text
    rule = stored["en"]["100.2a"]
    assert numbers_of(rule) == {m[0].split()[-1] for m in SIMPLE.finditer(text)} == {"201.3"}
    assert not any("60" in ref["phrase"] for ref in rule["references"])


def test_glossary_entries_are_listed_as_citing(pair: tuple[Path, dict], corpora: Path) -> None:
    """The glossary entry "Cast" says "See rule 601, “Casting Spells.”": 601.2 lists it (via 601)."""
    home, _ = pair
    lines = (corpora / EN).read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    glossary = [i for i, line in enumerate(lines) if line.strip() == "Glossary"][1]
    cast = lines.index("Cast", glossary)
    assert "See rule 601" in lines[cast + 1]
    data = kb_json_here("refs", "601.2", home=home)
    assert {"text": "Cast", "via": "601"}.items() <= next(
        item for item in data["incoming"] if item["kind"] == "glossary" and item["text"] == "Cast").items()


# -- Chinese 2026-01-16 and the graph property ---------------------------------------------


def test_chinese_has_the_same_edges_for_99_percent_of_rules(stored: dict[str, dict[str, dict]]) -> None:
    common = stored["en"].keys() & stored["zh-Hans"].keys()
    assert len(common) > 3000
    differ = sorted((n for n in common if numbers_of(stored["en"][n]) != numbers_of(stored["zh-Hans"][n])), key=N)
    citing = [n for n in common if numbers_of(stored["en"][n]) or numbers_of(stored["zh-Hans"][n])]
    print(f"\nen/zh-Hans edges differ for {len(differ)} of {len(common)} rules "
          f"({len(differ)} of {len(citing)} rules that cite anything): {differ}")
    assert len(differ) <= 0.01 * len(common), differ


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_every_edge_is_in_its_targets_incoming(pair: tuple[Path, dict], stored: dict[str, dict[str, dict]],
                                               lang: str) -> None:
    """For every edge A→B of the stored graph, ``kb refs B`` lists A; and every direct
    incoming rule of B has B among its outgoing numbers."""
    home, _ = pair
    edges: dict[str, set[str]] = defaultdict(set)
    for number, rule in stored[lang].items():
        for target in numbers_of(rule):
            edges[target].add(number)
    assert sum(map(len, edges.values())) > 1000
    broken: list[tuple[str, ...]] = []
    for target, sources in sorted(edges.items(), key=lambda item: N(item[0])):
        data = refs_in_process(home, target, lang)
        incoming = [item for item in data["incoming"] if item["edition"] == EDITION]  # not the seeds' texts
        listed = {item["number"] for item in incoming if item["number"]}
        broken += [(source, target) for source in sources - listed]
        direct = {item["number"] for item in incoming if item["number"] and item.get("via") == target}
        broken += [(source, target, "reverse") for source in direct if target not in numbers_of(
            stored[lang].get(source, {"references": []}))]
    assert not broken, broken[:20]


# -- the seeds: reported unresolved alone, resolved with a full edition -----------------------


SEED_CITATIONS = [  # (seed file, lang, number, phrase as written, what it cites)
    ("001_abc0dfbf7a321300.txt", "en", "730.2h", "see rule 710", {"710"}),
    ("001_abc0dfbf7a321300.txt", "en", "730.2i", "see rule 712", {"712"}),
    ("000_7a78d2801561c4e1.txt", "it", "729.2a", "Vedi regola 613.2", {"613.2"}),
    ("000_7a78d2801561c4e1.txt", "it", "729.3d", "vedi regole 903.9b–c", {"903.9b", "903.9c"}),
    ("000_7a78d2801561c4e1.txt", "it", "729.3c", "Vedi regola 400.7", {"400.7"}),
]


@pytest.mark.parametrize(("seed", "lang", "number", "phrase", "targets"), SEED_CITATIONS)
def test_seed_citation_is_reported_unresolved_alone(seeds_only: tuple[Path, dict], seeds: Path, seed: str, lang: str,
                                                    number: str, phrase: str, targets: set[str]) -> None:
    home, report = seeds_only
    lines = (seeds / seed).read_text(encoding="utf-8").split("\n")
    line = next(i + 1 for i, text in enumerate(lines) if phrase in text)
    [doc] = [d for d in report["documents"] if d["path"].endswith(seed)]
    assert any(p["line"] == line and f"'{phrase}'" in p["message"] and "unresolved" in p["message"]
               for p in doc["problems"]), doc["problems"]
    [block] = kb_json_here("show", number, "--lang", lang, home=home)["languages"]
    [rule] = [r for r in block["rules"] if r["number"] == number]
    assert [(ref["phrase"], ref["numbers"], set(ref["missing"])) for ref in rule["references"]] == [
        (phrase, [], targets)]


@pytest.mark.parametrize(("seed", "lang", "number", "phrase", "targets"), SEED_CITATIONS)
def test_seed_citation_resolves_with_a_full_edition(seeds_and_en: tuple[Path, dict], seed: str, lang: str,
                                                    number: str, phrase: str, targets: set[str]) -> None:
    home, report = seeds_and_en
    [doc] = [d for d in report["documents"] if d["path"].endswith(seed)]
    assert not [p for p in doc["problems"] if "unresolved" in p["message"]]
    [block] = kb_json_here("show", number, "--lang", lang, home=home)["languages"]
    assert block["edition"] is None  # the seed's own text, not the edition's
    [rule] = [r for r in block["rules"] if r["number"] == number]
    assert rule["source"].rsplit(":", 1)[0].endswith(seed)
    assert [(ref["phrase"], set(ref["numbers"]), ref["missing"]) for ref in rule["references"]] == [
        (phrase, targets, [])]
    for target in targets:
        incoming = kb_json_here("refs", target, home=home)["incoming"]
        assert any(item["number"] == number and item["phrase"] == phrase for item in incoming), (target, number)
