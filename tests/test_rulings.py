"""Rulings pages: seed 003 end to end, and the day/month order of numeric dates."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path

import pytest
from conftest import EN_LATEST, Parse

from kb.core.rulenum import RuleNumber
from kb.core.textio import read_source
from kb.graph.cards import CardIndex, ruling_key
from kb.graph.linking import Linker
from kb.ingest.mtgjson import Card, CardFile, CardRuling
from kb.ingest.rulings_page import Order, looks_like, parse

SEED = "003_bb824e3f4851c86c.txt"
EN_2026 = "cr/en/MagicCompRules-2026-04-17.normalized.txt"


@pytest.fixture(scope="module")
def linker(parsed: Parse) -> Linker:
    _, doc = parsed(EN_LATEST)  # EN 2026-04-17, from the default corpus
    return Linker(doc)


def _page_text(title: str, rulings: list[tuple[dt.date, str]], pattern: str) -> str:
    """A rulings page in seed 003's layout, from real rulings."""
    blocks = [title]
    for date, text in rulings:
        blocks += [date.strftime(pattern), text]
    return "\n\n".join(blocks) + "\n"


def _dated(rulings: Iterable[CardRuling]) -> list[tuple[dt.date, str]]:
    """(date, text) of rulings that all carry a date."""
    dated = []
    for ruling in rulings:
        assert ruling.date is not None, ruling
        dated.append((ruling.date, ruling.text))
    return dated


def _ambiguous(date: dt.date) -> bool:
    return date.day <= 12 and date.day != date.month


# -- seed 003 -----------------------------------------------------------------------


def test_seed_003_reads(seeds: Path) -> None:
    source = read_source(seeds / SEED)
    assert looks_like(source)
    page = parse(source)
    assert page.title == "非瑞克西亚龙引擎" and page.lang_of_title == "zh-Hans"
    assert len(page.rulings) == 19 and not page.problems
    assert {r.date for r in page.rulings} == {dt.date(2022, 10, 14)}
    assert page.date_order is Order.DMY and "14/10/2022" in page.date_order_evidence
    assert page.rulings[0].line == 5 and page.rulings[0].text.startswith("One card in each pair of meld cards")


def test_other_seeds_are_not_rulings_pages(seeds: Path) -> None:
    for name in ("000_7a78d2801561c4e1.txt", "001_abc0dfbf7a321300.txt", "004_d2c5e84930c8fccc.txt"):
        assert not looks_like(read_source(seeds / name)), name


def test_seed_003_is_phyrexian_dragon_engine(seeds: Path, index: CardIndex) -> None:
    page = parse(read_source(seeds / SEED))
    resolution = index.resolve(page.title, [r.text for r in page.rulings])
    assert resolution.card is not None
    card = index.card(resolution.card)
    assert "Phyrexian Dragon Engine" in card.face_names and card.set_code == "BRO"
    assert "Fallaji" not in resolution.card
    assert resolution.confidence > 0.9
    print(f"\nseed 003 -> {resolution.card} ({resolution.confidence})")
    for evidence in resolution.evidence:
        print(f"  {evidence.kind}: {evidence.detail}")
    # The page's rulings are exactly the card's, with the same ISO dates.
    ours = {(r.date, ruling_key(r.text)) for r in page.rulings}
    theirs = {(r.date, ruling_key(r.text)) for r in card.rulings}
    assert ours == theirs


def test_seed_003_links_to_the_meld_unearth_and_powerstone_rules(seeds: Path, linker: Linker) -> None:
    page = parse(read_source(seeds / SEED))
    rules = {link.rule for ruling in page.rulings for link in linker.link(ruling.text)}
    meld = {RuleNumber.parse("701.42")} | {n for n in rules if RuleNumber.parse("712").is_ancestor_of(n)}
    assert RuleNumber.parse("701.42") in rules and meld & rules
    assert {RuleNumber.parse(n) for n in ("712.4", "702.84", "111.10h", "202.3c", "903.4")} <= rules
    unlinked = [r.text[:60] for r in page.rulings if not linker.link(r.text)]
    print(f"\nseed 003: {len(page.rulings) - len(unlinked)}/{len(page.rulings)} rulings linked; unlinked: {unlinked}")
    assert len(unlinked) <= 2


# -- dates --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ambiguous_card(card_files: list[CardFile]) -> Card:
    """A real card whose rulings are all dated 1-12 of a month other than the day's."""
    return next(card for f in card_files for card in f.cards
                if len(card.rulings) >= 3 and "zh-Hans" in card.names
                and all(r.date and _ambiguous(r.date) for r in card.rulings))


def test_all_ambiguous_page_without_locale_is_reported(tmp_path: Path, ambiguous_card: Card) -> None:
    rulings = _dated(ambiguous_card.rulings)
    path = tmp_path / "page.txt"
    path.write_text(_page_text(ambiguous_card.names["zh-Hans"], rulings, "%d/%m/%Y"), encoding="utf-8")
    page = parse(read_source(path))
    assert page.date_order is None and all(r.date is None for r in page.rulings)
    assert page.problems and "ambiguous" in page.problems[0].message
    assert [r.date_text for r in page.rulings] == [d.strftime("%d/%m/%Y") for d, _ in rulings]


def test_all_ambiguous_page_is_decided_by_the_locale(tmp_path: Path, ambiguous_card: Card) -> None:
    rulings = _dated(ambiguous_card.rulings)
    path = tmp_path / "page.txt"
    path.write_text(_page_text(ambiguous_card.names["zh-Hans"], rulings, "%d/%m/%Y"), encoding="utf-8")
    for locale in ("en_GB", "it", "fr"):
        page = parse(read_source(path), locale)
        assert page.date_order is Order.DMY and not page.problems
        assert [r.date for r in page.rulings] == [d for d, _ in rulings]
        assert locale in page.date_order_evidence
    us = parse(read_source(path), "en_US")  # month first: a different, wrong reading of this page
    assert us.date_order is Order.MDY
    assert [r.date for r in us.rulings] == [dt.date(d.year, d.day, d.month) for d, _ in rulings]


def test_one_telling_date_decides_the_page_over_the_locale(tmp_path: Path, ambiguous_card: Card,
                                                           card_files: list[CardFile]) -> None:
    telling = next(r for f in card_files for c in f.cards for r in c.rulings if r.date and r.date.day > 12)
    assert telling.date is not None
    rulings = _dated(ambiguous_card.rulings) + [(telling.date, telling.text)]
    path = tmp_path / "page.txt"
    path.write_text(_page_text(ambiguous_card.name, rulings, "%d/%m/%Y"), encoding="utf-8")
    page = parse(read_source(path), "en_US")
    assert page.date_order is Order.DMY and telling.date.strftime("%d/%m/%Y") in page.date_order_evidence
    assert [r.date for r in page.rulings] == [d for d, _ in rulings]
    assert page.lang_of_title is None  # a Latin-script title says nothing about its language


def test_pages_that_mix_orders_are_reported(tmp_path: Path, seeds: Path) -> None:
    text = (seeds / SEED).read_text(encoding="utf-8").replace("14/10/2022", "10/14/2022", 1)
    path = tmp_path / "mixed.txt"
    path.write_text(text, encoding="utf-8")
    page = parse(read_source(path))
    assert page.date_order is None and "different" in page.problems[0].message
    assert len(page.rulings) == 19


def test_iso_and_dotted_dates(tmp_path: Path, seeds: Path) -> None:
    text = (seeds / SEED).read_text(encoding="utf-8")
    for written, order in (("2022-10-14", Order.YMD), ("14.10.2022", Order.DMY)):
        path = tmp_path / "page.txt"
        path.write_text(text.replace("14/10/2022", written), encoding="utf-8")
        page = parse(read_source(path))
        assert page.date_order is order and {r.date for r in page.rulings} == {dt.date(2022, 10, 14)}
