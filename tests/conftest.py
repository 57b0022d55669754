"""Shared fixtures: where the real documents live.

Tests read the seeds from the project's own ``corpus/`` and the large real corpora
from ``$KB_CORPORA`` (default ``../shared/corpora`` beside the repository).  Where
the corpora are absent (a fresh clone elsewhere) those tests skip with the reason;
CI sets ``KB_CORPORA`` and fails if the folder is missing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
