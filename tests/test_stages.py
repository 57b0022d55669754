"""The stages of a build after ingestion only read the documents they are given: what
they find (a number a translation lacks, a reference that resolves to nothing, a text
with no counterpart) comes back as findings, and the build notes them on new documents.
Real documents: the English and Chinese editions of 2022-06-10 (the translation lacks
701.42b and cites a 704.5x that edition does not hold)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from kb import build as building
from kb.align import identity
from kb.core.model import Document
from kb.graph import references
from kb.ingest import Skipped, read_file


@pytest.fixture(scope="module")
def documents(corpora: Path) -> list[Document]:
    read = [read_file(corpora / "cr" / "en" / "MagicCompRules-2022-06-10.txt"),
            read_file(corpora / "cr" / "zh" / "CR-zh-Hans-2022-06-10.txt")]
    docs = [r.value for r in read if not isinstance(r, Skipped) and isinstance(r.value, Document)]
    assert [d.lang for d in docs] == ["en", "zh-Hans"]
    return docs


def test_the_stages_return_what_they_find_and_leave_the_documents_as_they_were(documents: list[Document]) -> None:
    before = copy.deepcopy(documents)
    problems = [doc.problems for doc in documents]

    gaps = building.check_translations(documents)
    linked = references.link(documents)
    unmatched = building.report_identities(documents, identity.assign(documents))

    assert documents == before and all(doc.problems is kept for doc, kept in zip(documents, problems, strict=True))
    assert [p.message for p in gaps[1]] == ["lacks 1 numbers of the English edition 2022-06-10: 701.42b"]
    assert any("'参见规则704.5x'" in p.message for p in linked.problems[1]) and not linked.problems[0]
    assert 0 not in unmatched  # the reference edition is its own counterpart

    finished = building.noted(documents, gaps, linked.problems, unmatched)
    assert documents == before  # new documents, not these changed
    for d, (doc, done) in enumerate(zip(documents, finished, strict=True)):
        found = [*gaps.get(d, ()), *linked.problems.get(d, ()), *unmatched.get(d, ())]
        assert done.problems == [*doc.problems, *found] and done.rules is doc.rules


def test_the_card_phase_returns_linked_inputs_and_leaves_those_it_read(default_corpus: Path) -> None:
    """The card data, rulings page and wiki page of the default corpus, linked against its
    English edition: the counts and the card resolved are on new inputs."""
    from kb.graph import card_phase

    rules = read_file(default_corpus / "MagicCompRules-2026-04-17.normalized.txt")
    assert not isinstance(rules, Skipped) and isinstance(rules.value, Document)
    read = [read_file(default_corpus / name) for name in ("BRO.json", "003_bb824e3f4851c86c.txt",
                                                          "004_d2c5e84930c8fccc.txt")]
    inputs = [card_phase.input_of(r) for r in read if not isinstance(r, Skipped)]
    before = copy.deepcopy(inputs)

    graph, linked = card_phase.link(inputs, [rules.value])

    assert inputs == before
    cards, page, wiki = linked
    assert isinstance(cards, card_phase.MtgjsonInput) and cards.rulings > 0 and 0 < cards.linked <= cards.rulings
    assert isinstance(page, card_phase.RulingsPageInput) and page.resolution is not None
    assert page.resolution.card == "Phyrexian Dragon Engine // Mishra, Lost to Phyrexia" and page.linked > 0
    assert isinstance(wiki, card_phase.WikiInput) and wiki.linked["Fuse"][0] == "702.102"
    assert [source.summary for source in graph.sources] == [item.to_json() for item in linked]
