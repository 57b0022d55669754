"""Shared fixtures: where the real documents live.

Tests read the project's own ``corpus/`` (the default corpus: the four seeds, English
and Chinese 2026-04-17 and the BRO set file) from the clone, so they run anywhere;
the larger real corpora (every edition, ten card sets, wiki exports) come from
``$KB_CORPORA`` (default ``../shared/corpora`` beside the repository).  Where the
corpora are absent (a fresh clone elsewhere) those tests skip saying where to put
them; CI sets ``KB_CORPORA`` and fails if the folder is missing.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from kb.core.model import Document
from kb.core.textio import SourceText, read_source
from kb.graph.cards import CardIndex
from kb.ingest import ingest, mtgjson
from kb.ingest.mtgjson import CardFile

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO / "corpus"
SEEDS = DEFAULT_CORPUS  # the seed files live there, beside the three full documents
SEED_FILES = ("000_7a78d2801561c4e1.txt", "001_abc0dfbf7a321300.txt", "003_bb824e3f4851c86c.txt",
              "004_d2c5e84930c8fccc.txt")
EN_LATEST = DEFAULT_CORPUS / "MagicCompRules-2026-04-17.normalized.txt"
ZH_LATEST = DEFAULT_CORPUS / "CR-zh-Hans-2026-04-17.txt"
BRO = DEFAULT_CORPUS / "BRO.json"


def corpora_path() -> Path:
    return Path(os.environ.get("KB_CORPORA") or REPO.parent / "shared" / "corpora")


@pytest.fixture(scope="session")
def corpora() -> Path:
    path = corpora_path()
    if not (path / "cr" / "en").is_dir():
        pytest.skip(f"needs the real corpora (every edition, ten card sets, wiki exports): not found at {path};"
                    " put them there or set KB_CORPORA")
    return path


@pytest.fixture(scope="session")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the four seed documents alone (links into ``corpus/``) with the
    corpus manifest: what the tests of the seeds by themselves build."""
    folder = tmp_path_factory.mktemp("seeds")
    for name in (*SEED_FILES, "manifest.toml"):
        (folder / name).symlink_to(DEFAULT_CORPUS / name)
    return folder


@pytest.fixture(scope="session")
def default_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A KB built once per session by `kb build` with no arguments (the default corpus).
    Tests only read it."""
    from kbrun import kb

    home = tmp_path_factory.mktemp("default") / "home"
    result = kb("build", home=home)
    assert result.returncode == 0, result.stderr
    return home


@pytest.fixture(scope="session")
def default_corpus() -> Path:
    """The embedded default corpus, as `kb build` without arguments reads it."""
    return DEFAULT_CORPUS


@pytest.fixture(scope="session")
def parsed() -> Callable[[Path], tuple[SourceText, Document]]:
    """Read and ingest a real document once per session, however many tests look at it:
    the corpora hold 135 editions and every test module wants several of them."""

    @functools.cache
    def parse(path: Path) -> tuple[SourceText, Document]:
        source = read_source(path)
        return source, ingest(source)

    return parse


@pytest.fixture(scope="session")
def card_files(corpora: Path) -> list[CardFile]:
    """The ten real MTGJSON set files, read once."""
    return mtgjson.load_all(mtgjson.find_files(corpora / "cards"))


@pytest.fixture(scope="session")
def index(card_files: list[CardFile]) -> CardIndex:
    """The card index of those sets."""
    return CardIndex.build(card for file in card_files for card in file.cards)


@pytest.fixture(scope="session")
def cards_kb(tmp_path_factory: pytest.TempPathFactory, corpora: Path) -> tuple[Path, dict]:
    """The KB of the cards tests (seeds, EN 2026-04-17, the ten MTGJSON sets, the six
    MediaWiki exports) and its JSON build report: built once for every file that reads it."""
    import json

    from kbrun import kb

    from kb.build import EMBEDDED_CORPUS

    home = tmp_path_factory.mktemp("cards") / "home"
    result = kb("build", EMBEDDED_CORPUS, corpora / "cr/en/MagicCompRules-2026-04-17.normalized.txt",
                corpora / "cards", corpora / "wiki" / "mightstone_fandom_xml", "--json", home=home)
    assert result.returncode == 0, result.stderr
    return home, json.loads(result.stdout)
