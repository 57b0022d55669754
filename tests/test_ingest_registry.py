"""One registry of every input format: each real kind of file is detected once, by
``kb.ingest.read_file``, as what it is; the ingesters import only the core."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kb import ingest
from kb.build import EMBEDDED_CORPUS
from kb.core.model import Document
from kb.ingest import mtgjson, rulings_page, wiki

INGEST = Path(ingest.__file__).parent


def _real_files(corpora: Path) -> dict[str, tuple[Path, str]]:
    return {
        "cr-text": (corpora / "cr/zh/CR-zh-Hans-2026-01-16.txt", "zh-Hans"),
        "cr-lines": (EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt", "it"),
        "rule-page": (EMBEDDED_CORPUS / "001_abc0dfbf7a321300.txt", "en"),
        "rulings-page": (EMBEDDED_CORPUS / "003_bb824e3f4851c86c.txt", "en"),
        "wiki-page": (EMBEDDED_CORPUS / "004_d2c5e84930c8fccc.txt", "en"),
        "mtgjson": (next((corpora / "cards").rglob("BRO.json")), "en"),
        "mediawiki-xml": (corpora / "wiki/mightstone_fandom_xml/cipher.xml", "en"),
        "dokuwiki-cr": (corpora / "wiki/mtgjudge_cn_dokuwiki_cr/4.txt", "en+zh-Hans"),
    }


def test_every_format_is_read_from_a_real_file_by_one_function(corpora: Path) -> None:
    files = _real_files(corpora)
    assert sorted(files) == sorted(ingest.FORMATS)
    for fmt, (path, lang) in files.items():
        read = ingest.read_file(path)
        assert isinstance(read, ingest.Read), (fmt, read)
        assert (read.format, read.lang) == (fmt, lang), path
        assert bool(read.documents) == ingest.FORMATS[fmt].rules
        assert all(isinstance(doc, Document) for doc in read.documents)


def test_the_registry_names_the_formats_as_the_ingesters_do() -> None:
    assert {mtgjson.FORMAT, rulings_page.FORMAT, wiki.FORMAT_TEXT, wiki.FORMAT_XML} == {
        name for name, f in ingest.FORMATS.items() if not f.rules}


@pytest.mark.parametrize("module", sorted(INGEST.glob("*.py")), ids=lambda p: p.name)
def test_ingesters_import_only_the_core(module: Path) -> None:
    """The stage below the graph: an ingester that reached up (kb.graph.cards, as the
    rulings page once did for its Chinese conversion) would tie the layers in a loop."""
    imported = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
    ours = {name for name in imported if name == "kb" or name.startswith(("kb.", "indexers"))}
    assert all(name.startswith(("kb.core", "kb.ingest")) for name in ours), ours
