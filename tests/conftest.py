"""Shared fixtures: where the real documents live.

Tests read the project's own ``corpus/`` (the default corpus: the four seeds, English
and Chinese 2026-04-17 and the BRO set file) from the clone, so they run anywhere;
the larger real corpora (every edition, ten card sets, wiki exports) come from
``$KB_CORPORA`` (default ``../shared/corpora`` beside the repository).  Where the
corpora are absent (a fresh clone elsewhere) those tests skip saying where to put
them; CI sets ``KB_CORPORA`` and fails if the folder is missing.
"""

from __future__ import annotations

import fcntl
import functools
import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

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

#: The ``parsed`` fixture: a real document read and ingested (once per session).
Parse = Callable[[Path], tuple[SourceText, Document]]

_F = TypeVar("_F", bound=Callable[..., object])


def builds_large_kb(function: _F) -> _F:
    """Put below ``@pytest.fixture``: the fixture builds a KB holding a full edition (or drives
    a browser), so every test using it, directly or through other fixtures, is marked ``slow``."""
    function.slow = True  # type: ignore[attr-defined]
    return function


@pytest.hookimpl(tryfirst=True)  # before `-m "not slow"` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info and any(getattr(d.func, "slow", False) for defs in info.name2fixturedefs.values() for d in defs):
            item.add_marker(pytest.mark.slow)
    items[:] = slow_files_first(items)


def slow_files_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The files holding a ``slow`` test first, then the others, each group the files with
    most tests first (each file's tests in their order): the two workers take files in this
    order (``--dist loadfile --no-loadscope-reorder``), so the long ones start early and
    the short ones fill the end of the run, instead of a file building a KB coming last."""
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    order = sorted(files.values(), key=lambda tests: (not any(t.get_closest_marker("slow") for t in tests),
                                                      -len(tests)))
    return [item for tests in order for item in tests]


def corpora_path() -> Path:
    return Path(os.environ.get("KB_CORPORA") or REPO.parent / "shared" / "corpora")


@pytest.fixture(scope="session")
def corpora() -> Path:
    path = corpora_path()
    if not (path / "cr" / "en").is_dir():
        pytest.skip(f"needs the real corpora (every edition, ten card sets, wiki exports): not found at {path};"
                    " put them there or set KB_CORPORA")
    return path


def manifest_for(names: Iterable[str]) -> str:
    """The corpus manifest cut to the tables of ``names``: a folder's manifest names only
    files the folder holds (an entry for a missing file is refused)."""
    text = (DEFAULT_CORPUS / "manifest.toml").read_text(encoding="utf-8")
    wanted = {f'[documents."{name}"]' for name in names}
    return "".join(block for block in re.split(r"(?m)^(?=\[)", text)
                   if not block.startswith("[") or block.splitlines()[0] in wanted)


@pytest.fixture(scope="session")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the four seed documents alone (links into ``corpus/``) with the
    corpus manifest's entries for them: what the tests of the seeds by themselves build."""
    folder = tmp_path_factory.mktemp("seeds")
    for name in SEED_FILES:
        (folder / name).symlink_to(DEFAULT_CORPUS / name)
    (folder / "manifest.toml").write_text(manifest_for(SEED_FILES), encoding="utf-8")
    return folder


@dataclass(frozen=True)
class Built:
    """A KB built by the real `kb build` (a new process), with what the command said."""

    home: Path
    returncode: int
    stdout: str
    stderr: str
    seconds: float  # wall time of the command, as it ran


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every worker of this run shares: xdist gives each worker its own
    base temp folder inside it (``popen-gw0`` ...); without xdist the base itself."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared_build(tmp_path_factory: pytest.TempPathFactory, name: str, *args: object) -> Built:
    """``kb build ARGS`` run once per test run, whichever worker asks first (the others wait
    for it, then read it): a session fixture alone is built once per worker, and the suite's
    two workers asked for the same KBs.  Tests only read it (:func:`copy_home` for a KB to change)."""
    from kbrun import kb

    folder = run_folder(tmp_path_factory) / f"shared-{name}"
    folder.mkdir(exist_ok=True)
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        done = folder / "result.json"
        if not done.is_file():
            started = time.monotonic()
            result = kb("build", *args, home=folder / "home")
            seconds = time.monotonic() - started
            done.write_text(json.dumps({"returncode": result.returncode, "stdout": result.stdout,
                                        "stderr": result.stderr, "seconds": seconds}), encoding="utf-8")
        return Built(folder / "home", **json.loads(done.read_text(encoding="utf-8")))


def copy_home(home: Path, target: Path) -> Path:
    """A KB folder of one's own, as a copied KB folder is used (its index found by build id)."""
    shutil.copytree(home, target)
    return target


@pytest.fixture(scope="session")
@builds_large_kb
def default_build(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """`kb build` with no arguments (the default corpus), once per run, with its output."""
    return shared_build(tmp_path_factory, "default")


@pytest.fixture(scope="session")
@builds_large_kb
def default_json_build(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """`kb build --json` with no other argument, once per run: its report."""
    return shared_build(tmp_path_factory, "default-json", "--json")


@pytest.fixture(scope="session")
def default_home(default_build: Built) -> Path:
    """The KB of `kb build` with no arguments (the default corpus).  Tests only read it."""
    assert default_build.returncode == 0, default_build.stderr
    return default_build.home


@pytest.fixture
def own_default_home(default_home: Path, tmp_path: Path) -> Path:
    """A copy of that KB for a test that changes it (or must see it unchanged by others)."""
    return copy_home(default_home, tmp_path / "home")


@pytest.fixture(scope="session")
def default_corpus() -> Path:
    """The embedded default corpus, as `kb build` without arguments reads it."""
    return DEFAULT_CORPUS


@pytest.fixture(scope="session")
def parsed() -> Parse:
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
@builds_large_kb
def seeds_2026_01_16(tmp_path_factory: pytest.TempPathFactory, corpora: Path, seeds: Path) -> tuple[Path, dict]:
    """The seeds with EN and ZH 2026-01-16 (the stored reference graph; the seeds' citations
    resolved by a full edition; `kb show` and `kb export` of a full edition) and its JSON build
    report, built once per run.  Tests only read it."""
    built = shared_build(tmp_path_factory, "seeds-2026-01-16", seeds, corpora / "cr/en/MagicCompRules-2026-01-16.txt",
                         corpora / "cr/zh/CR-zh-Hans-2026-01-16.txt", "--json")
    assert built.returncode == 0, built.stderr
    return built.home, json.loads(built.stdout)


@pytest.fixture(scope="session")
@builds_large_kb
def older_zh_kb(tmp_path_factory: pytest.TempPathFactory, corpora: Path) -> Built:
    """EN 2026-04-17, ZH 2024-02-06 and BRO, by `kb build` (its text output kept), once per
    run: a Chinese edition two years older than the only English one (the glossary paired
    through the rule identities) and a card set with no rulings page beside it (no document
    says what 非瑞克西亚龙引擎 is).  Tests only read it (:func:`copy_home` to build into it)."""
    built = shared_build(tmp_path_factory, "older-zh", EN_LATEST, corpora / "cr/zh/CR-zh-Hans-2024-02-06.txt", BRO)
    assert built.returncode == 0, built.stderr
    return built


@pytest.fixture(scope="session")
@builds_large_kb
def older_editions_kb(tmp_path_factory: pytest.TempPathFactory, corpora: Path) -> Path:
    """The default corpus with EN and ZH 2025-11-14 and the ten card sets: the web tests' KB
    (two editions of each language to diff and date) and the reading tests' (an older edition
    to read numbers, histories and diffs in), built once per run.  Tests only read it."""
    built = shared_build(tmp_path_factory, "older-editions", DEFAULT_CORPUS,
                         corpora / "cr/en/MagicCompRules-2025-11-14.txt", corpora / "cr/zh/CR-zh-Hans-2025-11-14.txt",
                         corpora / "cards")
    assert built.returncode == 0, built.stderr
    return built.home


@pytest.fixture(scope="session")
@builds_large_kb
def cards_kb(tmp_path_factory: pytest.TempPathFactory, corpora: Path) -> tuple[Path, dict]:
    """The KB of the cards tests (seeds, EN 2026-04-17, the ten MTGJSON sets, the six
    MediaWiki exports) and its JSON build report: built once per run for every file that
    reads it.  The same KB as the search-quality questions' (``benchmarks/quality.py``:
    the default corpus with EN + ZH 2026-04-17 read once, the sets, the wiki pages): its
    tables compared equal row for row."""
    from kb.build import EMBEDDED_CORPUS

    built = shared_build(tmp_path_factory, "cards", EMBEDDED_CORPUS,
                         corpora / "cr/en/MagicCompRules-2026-04-17.normalized.txt", corpora / "cards",
                         corpora / "wiki" / "mightstone_fandom_xml", "--json")
    assert built.returncode == 0, built.stderr
    return built.home, json.loads(built.stdout)


#: The editions of :func:`editions_kb`: six English ones renumbering the merge rules (724 in
#: 2022, 729, 730) and the newest; the Chinese 2022-06-10 (two rules numbered 701.42a, built
#: with its English edition) and 2026-04-17.
EDITIONS_EN = ("2022-06-10", "2024-02-06", "2025-07-25", "2025-09-19", "2025-11-14", "2026-01-16", "2026-04-17")
EDITIONS_ZH = ("2022-06-10", "2026-04-17")


@pytest.fixture(scope="session")
@builds_large_kb
def editions_kb(tmp_path_factory: pytest.TempPathFactory, corpora: Path, seeds: Path) -> tuple[Path, dict]:
    """The seeds with seven English editions and two Chinese ones (:data:`EDITIONS_EN`,
    :data:`EDITIONS_ZH`), ``--accept-damaged`` for the Chinese 2022-06-10, and its JSON build
    report: the KB of the identity tests (one rule across languages and editions) and of the
    2022-06-10 translation's report, built once per run.  Tests only read it.  (`kb cite` and
    `kb check` keep a KB of their own four English editions: their tests' work grows with
    every edition a KB holds, more than the build they would save.)"""
    en = [next((corpora / "cr" / "en").glob(f"MagicCompRules-{date}*.txt")) for date in EDITIONS_EN]
    zh = [corpora / "cr" / "zh" / f"CR-zh-Hans-{date}.txt" for date in EDITIONS_ZH]
    built = shared_build(tmp_path_factory, "editions", seeds, *en, *zh, "--accept-damaged", "--json")
    assert built.returncode == 0, built.stderr
    return built.home, json.loads(built.stdout)
