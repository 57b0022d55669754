"""The four seed documents kb was specified from (the embedded corpus)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.build import collect, read_all
from kb.core.errors import KbError
from kb.core.model import Document
from kb.core.rulenum import LETTERS, RuleNumber
from kb.core.textio import read_source
from kb.ingest import detect, ingest

ITALIAN = "000_7a78d2801561c4e1.txt"
WEB_PAGE = "001_abc0dfbf7a321300.txt"
RULINGS = "003_bb824e3f4851c86c.txt"
WIKI = "004_d2c5e84930c8fccc.txt"


def _numbers(doc: Document) -> list[str]:
    return [str(t.number) for t in doc.rules]


def _lettered(rule: str, count: int) -> list[str]:
    return [f"{rule}{letter}" for letter in LETTERS[:count]]


# -- 000: Italian numbered lines ----------------------------------------------------------


@pytest.fixture(scope="module")
def italian(seeds: Path) -> Document:
    return ingest(read_source(seeds / ITALIAN))


def test_italian_is_detected(seeds: Path) -> None:
    assert detect(read_source(seeds / ITALIAN)) == ("cr-lines", "it")


def test_italian_numbers(italian: Document) -> None:
    assert _numbers(italian) == ["729.2", *_lettered("729.2", 10), "729.3", *_lettered("729.3", 5)]
    assert len(italian.rules) == 17
    assert italian.lang == "it" and italian.edition is None and italian.effective is None
    assert italian.problems == [] and italian.glossary == []


def test_italian_texts_are_the_lines(italian: Document, seeds: Path) -> None:
    lines = [line for line in read_source(seeds / ITALIAN).lines if line.strip()]
    assert len(lines) == len(italian.rules)
    for text, line in zip(italian.rules, lines, strict=True):
        match = re.match(r"(\S+?)\.? (.*)", line)
        assert match is not None, line
        number, rest = match.groups()
        assert RuleNumber.parse(number) == text.number
        assert text.body == rest.strip()
        assert text.line == read_source(seeds / ITALIAN).lines.index(line) + 1
    [with_reference] = [t for t in italian.rules if str(t.number) == "729.2a"]
    assert with_reference.body.endswith("(Vedi regola 613.2.)")


def test_italian_order_and_family(italian: Document) -> None:
    numbers = [t.number for t in italian.rules]
    assert numbers == sorted(numbers)
    rule = RuleNumber.parse("729.2")
    assert rule.children(numbers) == [RuleNumber.parse(n) for n in _lettered("729.2", 10)]


# -- 001: a rules web page ------------------------------------------------------------


@pytest.fixture(scope="module")
def web_page(seeds: Path) -> Document:
    return ingest(read_source(seeds / WEB_PAGE))


def test_web_page_is_detected(seeds: Path) -> None:
    assert detect(read_source(seeds / WEB_PAGE)) == ("rule-page", "en")


def test_web_page_numbers_and_title(web_page: Document) -> None:
    assert _numbers(web_page) == ["730.2", *_lettered("730.2", 10)]
    assert web_page.lang == "en" and web_page.edition is None
    assert web_page.rules[0].title == "Merging with Permanents"
    assert web_page.rules[0].body.startswith("To merge an object with a permanent")
    assert web_page.rules[-1].body.endswith(
        "doesn’t change any of its characteristics or their copiable values.")


def test_web_page_subrules_are_the_paragraphs_in_order(web_page: Document, seeds: Path) -> None:
    lines = read_source(seeds / WEB_PAGE).lines
    paragraphs = [line.strip() for line in lines if line.strip()]
    subrules = paragraphs[paragraphs.index("Subrules") + 1:paragraphs.index("Other rules in this chapter")]
    assert [t.body for t in web_page.rules[1:]] == subrules
    assert [lines[t.line - 1].strip() for t in web_page.rules[1:]] == subrules


def test_web_page_chrome_is_dropped_and_listed(web_page: Document, seeds: Path) -> None:
    lines = read_source(seeds / WEB_PAGE).lines
    paragraphs = [line.strip() for line in lines if line.strip()]
    chrome = paragraphs[paragraphs.index("Other rules in this chapter"):]
    assert len(web_page.dropped) == len(chrome) >= 2
    assert any("Other rules in this chapter" in d for d in web_page.dropped)
    assert any("Ask the judge Pro" in d for d in web_page.dropped)
    kept = " ".join(t.body for t in web_page.rules)
    assert "Ask the judge" not in kept and "Other rules" not in kept


# -- the corpus as a whole -------------------------------------------------------------


def test_manifest_covers_every_seed(seeds: Path) -> None:
    sources = collect([seeds])
    assert sorted(Path(str(s.path)).name for s in sources) == sorted(
        p.name for p in seeds.glob("*.txt"))


def test_rulings_and_wiki_pages_are_read_as_pages(seeds: Path) -> None:
    reports = {Path(r.path).name: r for r in read_all(collect([seeds]))}
    assert {name: r.status for name, r in reports.items()} == {
        ITALIAN: "ok", WEB_PAGE: "ok", RULINGS: "ok", WIKI: "ok"}
    rulings, wiki_page, italian = reports[RULINGS], reports[WIKI], reports[ITALIAN]
    assert rulings.cards is not None and wiki_page.cards is not None
    assert (rulings.cards.format, wiki_page.cards.format) == ("rulings-page", "wiki-page")
    assert rulings.document is None and wiki_page.document is None
    assert italian.document is not None and italian.document.lang == "it"


@pytest.mark.parametrize(("name", "fmt"), [(RULINGS, "rulings-page"), (WIKI, "wiki-page")])
def test_rulings_and_wiki_pages_are_detected_once_and_are_no_rules(seeds: Path, name: str, fmt: str) -> None:
    """One detection for every format: the pages are recognised as pages, and asking
    for a rules document from them is refused with the file named."""
    source = read_source(seeds / name)
    assert detect(source)[0] == fmt
    with pytest.raises(KbError, match=f"a {fmt}.*not a rules document") as err:
        ingest(source)
    assert err.value.path == str(seeds / name)
