"""Wiki pages: seed 004 (plain text) and the six real MediaWiki exports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import EN_LATEST, Parse

from kb.core.model import Severity
from kb.core.rulenum import RuleNumber
from kb.core.textio import read_source
from kb.graph.linking import Linker, link_page
from kb.ingest import wiki

SEED = "004_d2c5e84930c8fccc.txt"
EN_2026 = "cr/en/MagicCompRules-2026-04-17.normalized.txt"
EXPORTS = ("affinity", "amplify", "ascend", "cipher", "crew", "glorify")


@pytest.fixture(scope="module")
def linker(parsed: Parse) -> Linker:
    _, doc = parsed(EN_LATEST)  # EN 2026-04-17, from the default corpus
    return Linker(doc)


@pytest.fixture(scope="module")
def exports(corpora: Path) -> dict[str, wiki.WikiPage]:
    folder = corpora / "wiki" / "mightstone_fandom_xml"
    pages = {}
    for name in EXPORTS:
        found = wiki.load_mediawiki(str(folder / f"{name}.xml"))
        assert len(found) == 1, name
        pages[name] = found[0]
    return pages


def _keyword_rule(corpora: Path, parsed: Parse, name: str) -> RuleNumber | None:
    """The 702.x rule whose body is the mechanic's name, read straight from the edition."""
    _, doc = parsed(corpora / EN_2026)
    return next((r.number for r in doc.rules if r.number.chapter == 702 and r.number.depth == 2
                 and r.body.strip().casefold() == name.casefold()), None)


# -- seed 004 -----------------------------------------------------------------------


def test_seed_004_reads(seeds: Path) -> None:
    source = read_source(seeds / SEED)
    assert wiki.looks_like_text(source)
    page = wiki.parse_text(source)
    assert page.title == "Fuse" and not page.problems
    assert [s.heading for s in page.sections] == ["", "Rulings", "References"]
    assert page.intro.startswith("Fuse is a keyword featured on split cards")
    bullets = [line for line in source.lines if line.startswith("- ")]
    assert len(page.rulings) + len(page.references) == len(bullets)
    assert len(page.rulings) == 11 and page.rulings[0].startswith("If you’re casting a split card with fuse")
    assert page.references[0].startswith("Mark Rosewater (April 15, 2013)")


def test_seed_004_links_to_fuse_and_split_cards(seeds: Path, linker: Linker) -> None:
    page = wiki.parse_text(read_source(seeds / SEED))
    links = link_page(page, linker)
    rules = links.rules()
    assert {RuleNumber.parse("702.102"), RuleNumber.parse("709")} <= rules
    intro = dict(links.sections)[""]
    fuse = next(link for link in intro if link.rule == RuleNumber.parse("702.102"))
    assert fuse.matched == "Fuse" and fuse.start == 0 and fuse.term is not None and fuse.term.kind == "keyword"
    fused = [link for _, found in links.rulings for link in found if link.matched.lower() == "fused split spell"]
    assert fused and all(RuleNumber.parse("702.102") in (link.rule, link.rule.parent) for link in fused)


def test_other_seeds_are_not_wiki_pages(seeds: Path) -> None:
    for name in ("000_7a78d2801561c4e1.txt", "001_abc0dfbf7a321300.txt", "003_bb824e3f4851c86c.txt"):
        assert not wiki.looks_like_text(read_source(seeds / name)), name


# -- MediaWiki exports --------------------------------------------------------------


def test_six_exports_ingest(exports: dict[str, wiki.WikiPage], corpora: Path) -> None:
    for name, page in exports.items():
        raw = (corpora / "wiki" / "mightstone_fandom_xml" / f"{name}.xml").read_text(encoding="utf-8")
        assert page.title == name.capitalize()
        assert page.page_id and page.revision
        assert page.intro.startswith(name.capitalize()), page.intro[:40]
        section = re.search(r"==Rulings==(.*?)(?:\n==|\Z)", raw, re.S)
        expected = len(re.findall(r"^\*", section.group(1), re.M)) if section else 0
        assert len(page.rulings) == expected, name
        assert not [p for p in page.problems if p.severity is Severity.DAMAGE]


def test_crew_is_recovered_and_reported(exports: dict[str, wiki.WikiPage]) -> None:
    crew = exports["crew"]
    messages = " ".join(p.message for p in crew.problems)
    assert "unescaped markup" in messages and "headings" in messages
    headings = [s.heading for s in crew.sections]
    assert headings == ["", "Description", "History", "Rules change", "Rules", "Examples", "References"]
    description = dict((s.heading, s.text) for s in crew.sections)["Description"]
    # Text after the first unescaped <c> element is there (a strict parser stops at it).
    assert "Ovalchase Dragster" in description and "Pax West 2016" in description
    assert any("Kaladesh Mechanics" in ref for ref in crew.references)
    assert [(r.kind, r.name) for r in crew.explicit_rule_refs] == [("cr", "Crew"), ("glossary", "Crew")]


def test_mechanics_link_to_their_keyword_rules(exports: dict[str, wiki.WikiPage], linker: Linker,
                                               corpora: Path, parsed: Parse) -> None:
    for name in ("affinity", "amplify", "ascend", "cipher", "crew"):
        expected = _keyword_rule(corpora, parsed, name)
        assert expected is not None, name
        links = link_page(exports[name], linker)
        templates = [link for link in links.page if link.kind == "template"]
        assert expected in {link.rule for link in templates}, name
        assert not links.unresolved, links.unresolved
        about = [found for _, found in links.rulings
                 if any(link.rule == expected or expected.is_ancestor_of(link.rule) for link in found)]
        assert len(about) >= len(links.rulings) // 2, name


def test_glorify_has_no_rule_of_its_own(exports: dict[str, wiki.WikiPage], linker: Linker,
                                        corpora: Path, parsed: Parse) -> None:
    """Glorify was never printed (an Amonkhet design experiment): no 702 rule, no CR template."""
    assert _keyword_rule(corpora, parsed, "glorify") is None
    page = exports["glorify"]
    assert page.explicit_rule_refs == []
    links = link_page(page, linker)
    assert not links.page
    description = dict(links.sections)["Description"]
    assert {RuleNumber.parse("702.83"), RuleNumber.parse("701.43")} <= {link.rule for link in description}


def test_cipher_names_its_glossary_entry(exports: dict[str, wiki.WikiPage], linker: Linker) -> None:
    links = link_page(exports["cipher"], linker)
    glossary = [link for link in links.page if link.term and link.term.kind == "glossary"]
    assert {link.term.text for link in glossary if link.term} == {"Cipher", "Encoded"}
    assert {link.rule for link in glossary} <= {RuleNumber.parse("702.99")} | {
        n for n in linker.numbers if RuleNumber.parse("702.99").is_ancestor_of(n)}


def test_broken_exports_are_reported_not_raised(corpora: Path) -> None:
    data = (corpora / "wiki" / "mightstone_fandom_xml" / "cipher.xml").read_bytes()
    truncated = data[: data.index(b"==Rulings==") + 400]
    pages = wiki.parse_mediawiki(truncated, "cipher-truncated.xml")
    assert len(pages) == 1 and pages[0].title == "Cipher"
    assert pages[0].problems[0].severity is Severity.DAMAGE
    assert pages[0].problems[0].message.startswith("truncated: the export ends inside page 'Cipher'")
    assert pages[0].rulings, "the rulings before the cut are recovered"
    nothing = wiki.parse_mediawiki(b"\x89PNG\r\n not a wiki export", "image.xml")
    assert nothing[0].title == "" and nothing[0].problems[-1].severity is Severity.DAMAGE
    missing = wiki.load_mediawiki(str(corpora / "wiki" / "no-such-export.xml"))
    assert missing[0].problems[0].severity is Severity.DAMAGE


def test_each_ruling_has_its_own_line(seeds: Path, exports: dict[str, wiki.WikiPage], corpora: Path) -> None:
    page = wiki.parse_text(read_source(seeds / SEED))
    assert [line for _, line in page.numbered_rulings()] == list(range(6, 17))
    for name, export in exports.items():
        raw = (corpora / "wiki" / "mightstone_fandom_xml" / f"{name}.xml").read_text(encoding="utf-8").splitlines()
        numbered = export.numbered_rulings()
        assert all(line is not None and raw[line - 1].startswith("*") for _, line in numbered), name
        assert len({line for _, line in numbered}) == len(numbered), name
