"""Search benchmarks: building the index, query latency in process and as a fresh `kb search`.

Run: ``.venv/bin/python benchmarks/bench_search.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Builds a temporary KB of the seeds and EN + ZH 2026-04-17,
then prints medians, kb beside a baseline: the index written by kb's bulk writer beside
whoosh's own writer of the same documents (the same index, see
``tests/test_index_writer.py``); a fresh ``kb search`` beside a bare interpreter start.
Targets (issue 10): the index of EN + ZH ≤ 4 s inside ``kb build``; a warm query p50 ≤ 5 ms
and p95 ≤ 20 ms in process (the percentiles over many queries are in ``bench_quality.py``);
``kb search`` as a fresh process ≤ 0.3 s.

Fresh processes run with Python's bytecode cache allowed (``PYTHONDONTWRITEBYTECODE``
removed from their environment), as an installed kb runs: compiling kb's modules from
source at every start adds about 0.1 s.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import closing
from functools import partial
from pathlib import Path
from unittest.mock import patch

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, median, ms, table, timed  # noqa: E402

from indexers import engine as search
from indexers import index as rules_index  # noqa: E402
from kb.build import build  # noqa: E402
from kb.store import rules as store  # noqa: E402

QUERIES = [
    ("waterbend", None),              # an English keyword
    ('"color identity"', None),       # an English phrase
    ("702.102", None),                # a rule number: the rule, its subrules, what cites it
    ("标识色", None),                  # Chinese, with English through the lexicon
    ("标识色", ["en"]),                # Chinese query, English results only
    ("permanente amalgamato", None),  # Italian, through the seed
    ("damage", None),                 # a common word: ~1,000 texts match
]


RUNS_BUILD, RUNS_WARM, RUNS_FRESH = 5, 20, 7
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_kb(args: tuple[str, ...], home: Path) -> None:
    """``kb ARGS``; exit 1 is an answer too (a search that found nothing), any other code an error."""
    done = subprocess.run([sys.executable, "-m", "kb", *args, "--home", str(home)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    if done.returncode not in (0, 1):
        raise subprocess.CalledProcessError(done.returncode, done.args)


def whoosh_writer(ix: object, **options: object) -> object:
    """The baseline: whoosh's own segment writer (what kb used before the bulk writer)."""
    return ix.writer(limitmb=256, **options)  # type: ignore[attr-defined]


def index_seconds(home: Path, conn: sqlite3.Connection) -> tuple[float, float]:
    """Median seconds of ``rules_index.build`` with kb's bulk writer and with whoosh's own,
    the runs interleaved (a shared machine's load then weighs on both alike), storing the compiled
    patterns as ``kb build`` does (the last build is the index the fresh processes search)."""
    kept = rules_index.BulkWriter
    times: dict[object, list[float]] = {kept: [], whoosh_writer: []}
    for _ in range(RUNS_BUILD):
        for writer in times:
            with patch.object(rules_index, "BulkWriter", writer):
                times[writer] += timed(lambda: rules_index.build(home, conn, patterns=search.idiom_patterns), 1)
    return median(times[kept]), median(times[whoosh_writer])


def label(query: str, langs: list[str] | None) -> str:
    return query + (f" --lang {' --lang '.join(langs)}" if langs else "")


def main() -> None:
    root = corpora()
    sources = [REPO / "corpus", root / "cr" / "en" / "MagicCompRules-2026-04-17.normalized.txt",
               root / "cr" / "zh" / "CR-zh-Hans-2026-04-17.txt"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        build(sources, home)  # builds the index too
        with closing(store.connect(home)) as conn:
            info = rules_index.ready(home, conn)
            bulk, plain = index_seconds(home, conn)
            rows.append((f"index build, seeds + EN + ZH 2026-04-17 ({info.documents} texts), median of {RUNS_BUILD}"
                         " (baseline: whoosh's own writer)", ms(bulk), ms(plain), "≤ 4 s"))
            for query, langs in QUERIES:
                search.search(home, conn, query, langs)  # warm: postings read once per process
                rows.append((f"in process, warm: {label(query, langs)}, median of {RUNS_WARM}",
                             ms(median(timed(partial(search.search, home, conn, query, langs), RUNS_WARM))),
                             "", "≤ 5 ms"))
        start = median(timed(lambda: subprocess.run([sys.executable, "-c", "pass"], env=ENV), RUNS_FRESH))
        run_kb(("search", "warm the bytecode cache"), home)
        for query, langs in QUERIES:
            args = ("search", query, *(a for lang in langs or () for a in ("--lang", lang)))
            rows.append((f"kb {' '.join(args)} (fresh process), median of {RUNS_FRESH}"
                         " (baseline: python -c pass)",
                         ms(median(timed(partial(run_kb, args, home), RUNS_FRESH))), ms(start), "≤ 300 ms"))
    print(table(rows, ("search", "kb", "baseline", "target")))


if __name__ == "__main__":
    main()
