"""Shared fixtures: where the real documents live.

Tests read the seeds from the project's own ``corpus/`` and the large real corpora
from ``$KB_CORPORA`` (default ``../shared/corpora`` beside the repository).  Where
the corpora are absent (a fresh clone elsewhere) those tests skip with the reason;
CI sets ``KB_CORPORA`` and fails if the folder is missing.
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
SEEDS = REPO / "corpus"


def corpora_path() -> Path:
    return Path(os.environ.get("KB_CORPORA") or REPO.parent / "shared" / "corpora")


@pytest.fixture(scope="session")
def corpora() -> Path:
    path = corpora_path()
    if not (path / "cr" / "en").is_dir():
        pytest.skip(f"real corpora not found at {path} (set KB_CORPORA)")
    return path


@pytest.fixture(scope="session")
def seeds() -> Path:
    return SEEDS


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
