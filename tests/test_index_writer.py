"""The bulk index writer writes the index whoosh's own writer writes, term for term.

`indexers.writer` takes a shorter route to the same segment (compiled analysis chains,
postings gathered per term, field lengths in memory); these tests hold it to that: the
compiled chains give the analyzers' terms and positions on every text of the default
KB, and the two writers' indexes of that KB read back identical.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import TEXT

from indexers import index as rules_index
from indexers import writer
from indexers.analysis import analyzer_for
from indexers.writer import BulkWriter, compile_chain
from kb.store import rules as store

EDGE_CASES = [
    "the player's 702.19b and 702.102a–d, rule 601.2a-h; 702.102l isn't a rule; 12 counters",
    "Città dell'avversario: l'oggetto è “permanente amalgamato” — quell'abilità",
    "标识色是702.19b的规则。践踏和死触{T}：Sheoldred, the Apocalypse 非瑞克西亚龙引擎",
    "ＦＵＬＬ-width ＡＢＣ and café, naïve résumé; ’quotes’ and `ticks`",
    "a", "", "  ", "一", "。。", "I'm you're it's its o'clock",
]


@pytest.fixture(scope="module")
def texts(default_home: Path) -> list[rules_index.IndexedText]:
    with closing(store.connect(default_home)) as conn:
        return rules_index.indexed_texts(conn, rules_index.newest_editions(conn))


def _grouped(analyzer: Any, value: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for token in analyzer(value, positions=True, mode="index"):
        out.setdefault(token.text, []).append(token.pos)
    return out


@pytest.mark.parametrize("lang", ["en", "it", "zh-Hans", "ja", "fr"])
def test_compiled_chain_gives_the_analyzers_terms_on_edge_cases(lang: str) -> None:
    chain = compile_chain(analyzer_for(lang))
    assert chain is not None
    for value in EDGE_CASES:
        assert chain(value) == _grouped(analyzer_for(lang), value), value


def test_compiled_chain_gives_the_analyzers_terms_on_every_indexed_text(texts: list[rules_index.IndexedText]) -> None:
    langs = {t.lang for t in texts}
    assert {"en", "zh-Hans", "it"} <= langs
    for text in texts:
        chain = compile_chain(analyzer_for(text.lang))
        assert chain is not None
        for value in (text.body, text.title, "\n".join(text.parents), "\n".join(text.glossed)):
            assert chain(value) == _grouped(analyzer_for(text.lang), value), (text.key, value)


def test_a_chain_it_does_not_know_is_left_to_whoosh() -> None:
    from whoosh.analysis import StandardAnalyzer

    assert compile_chain(StandardAnalyzer()) is None
    assert compile_chain(TEXT().analyzer) is None


def _write(folder: Path, texts: list[rules_index.IndexedText], bulk: bool) -> whoosh_index.Index:
    ix = whoosh_index.create_in(str(folder), rules_index.schema(sorted({t.lang for t in texts})))
    writer = BulkWriter(ix, codec=W3Codec(compression=0)) if bulk else ix.writer(codec=W3Codec(compression=0))
    for text in texts:
        writer.add_document(**rules_index._document(text))
    writer.commit(merge=False)
    return whoosh_index.open_dir(str(folder))


def _read(ix: whoosh_index.Index) -> Iterator[tuple[Any, ...]]:
    """Everything a search can read: stored fields, field lengths, and each term's
    statistics and postings (ids, weights, encoded values, block length bounds)."""
    with ix.reader() as reader:
        docs = range(reader.doc_count_all())
        yield ("docs", reader.doc_count_all())
        for name in ix.schema.names():
            yield ("field", name, reader.field_length(name), [reader.doc_field_length(d, name) for d in docs])
        for doc in docs:
            yield ("stored", doc, reader.stored_fields(doc))
        for field, term in reader.all_terms():
            info = reader.term_info(field, term)
            postings, matcher = [], reader.postings(field, term)
            while matcher.is_active():
                postings.append((matcher.id(), matcher.weight(), matcher.value(),
                                 matcher.block_min_length(), matcher.block_max_length()))
                matcher.next()
            yield ("term", field, term, info.weight(), info.doc_frequency(), info.min_length(),
                   info.max_length(), info.max_weight(), postings)


def test_bulk_writer_writes_what_whoosh_writes(texts: list[rules_index.IndexedText], tmp_path: Path) -> None:
    """On every fifth text of the default KB (1,600 texts of every kind and language:
    what each field holds is the same, for a fifth of whoosh's own writing time)."""
    sample = texts[::5]
    assert {t.lang for t in sample} == {t.lang for t in texts} and {t.role for t in sample} == {t.role for t in texts}
    (tmp_path / "whoosh").mkdir()
    (tmp_path / "bulk").mkdir()
    expected = list(_read(_write(tmp_path / "whoosh", sample, bulk=False)))
    found = list(_read(_write(tmp_path / "bulk", sample, bulk=True)))
    assert len(found) == len(expected) > len(sample) * 5
    for want, got in zip(expected, found, strict=True):
        assert got == want


def _postings_per_term(texts: list[rules_index.IndexedText]) -> list[list[str]]:
    """Each body term's texts (what one term's postings are, before any block is cut)."""
    found: dict[tuple[str, str], list[str]] = {}
    for text in texts:
        for term in {token.text for token in analyzer_for(text.lang)(text.body)}:
            found.setdefault((text.lang, term), []).append(text.key)
    return list(found.values())


def test_terms_written_in_bulk_are_the_bytes_of_whooshs_postings_writer(
        texts: list[rules_index.IndexedText], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commit's route (each field's terms written whole by ``writer._write_terms``) gives
    the postings and terms files whoosh's own postings writer gives, byte for byte, on every
    fifth text of the default KB (terms of one posting and of many blocks alike)."""
    sample = texts[::5]
    assert max(len(postings) for postings in _postings_per_term(sample)) > 2 * 128  # terms of three blocks
    def files(folder: Path, bulk_terms: bool) -> dict[str, bytes]:
        monkeypatch.setattr(writer, "_plain_w3", writer._plain_w3 if bulk_terms else lambda out: False)
        folder.mkdir()
        ix = whoosh_index.create_in(str(folder), rules_index.schema(sorted({t.lang for t in sample})))
        bulk = BulkWriter(ix, codec=W3Codec(compression=0), compound=False)
        for text in sample:
            bulk.add_document(**rules_index._document(text))
        bulk.commit(merge=False)
        return {p.suffix: p.read_bytes() for p in folder.iterdir() if p.suffix in (".pst", ".trm")}

    whole, one_by_one = files(tmp_path / "whole", True), files(tmp_path / "one", False)
    assert set(whole) == {".pst", ".trm"} and whole == one_by_one


def test_bulk_writer_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    from whoosh.fields import NUMERIC, Schema

    ix = whoosh_index.create_in(str(tmp_path), Schema(n=NUMERIC(sortable=True)))
    with pytest.raises(ValueError, match="cannot write field 'n'"):
        BulkWriter(ix)
