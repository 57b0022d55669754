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

``--old TREE`` (another version's source tree, a git worktree) runs each fresh ``kb search``
of TREE's code too, in turn with this code's, on the same KB, and prints its median beside:
a fresh process's time drifts with the machine by a third within minutes, so a change is
measured against the code before it in the same minutes.  TREE's kb reads the index this
code built (the files it does not know are left unread).
"""

from __future__ import annotations

import argparse
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
    ("deathtouch trample", None),     # two keywords named: the words of both keywords' rules searched too
    ("死触和践踏", None),              # the same in Chinese
    ("how many poison counters make a player lose the game", None),  # a player's question
]


RUNS_BUILD, RUNS_WARM, RUNS_FRESH = 5, 20, 7
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_kb(args: tuple[str, ...], home: Path, code: Path | None = None) -> None:
    """``kb ARGS`` (of the source tree ``code``: this one if None); exit 1 is an answer too (a search that
    found nothing), any other code an error."""
    env = ENV if code is None else dict(ENV, PYTHONPATH=str(code))
    done = subprocess.run([sys.executable, "-m", "kb", *args, "--home", str(home)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=code)
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


def kb_of(code: Path) -> Path:
    """The source tree a process given ``code`` imports kb from (it must be ``code``)."""
    out = subprocess.run([sys.executable, "-c", "import kb; print(kb.__file__)"], env=dict(ENV, PYTHONPATH=str(code)),
                         cwd=code, capture_output=True, text=True, check=True).stdout
    return Path(out.strip()).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", type=Path, help="another version's source tree (a git worktree), run beside")
    old = parser.parse_args().old
    if old is not None and (found := kb_of(old)) != old.resolve():
        sys.exit(f"bench_search: a process given {old} imports kb from {found}")
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
        trees = [None] if old is None else [None, old]
        for code in trees:
            run_kb(("search", "warm the bytecode cache"), home, code)
        for query, langs in QUERIES:
            args = ("search", query, *(a for lang in langs or () for a in ("--lang", lang)))
            times: dict[Path | None, list[float]] = {code: [] for code in trees}
            for _ in range(RUNS_FRESH):  # in turn, so the machine's drift weighs on both alike
                for code in trees:
                    times[code] += timed(partial(run_kb, args, home, code), 1)
            rows.append((f"kb {' '.join(args)} (fresh process), median of {RUNS_FRESH}"
                         " (baseline: python -c pass" + (f"; then {old}'s code" if old else "") + ")",
                         ms(median(times[None])), ms(start) + (f"; {ms(median(times[old]))}" if old else ""),
                         "≤ 300 ms"))
    print(table(rows, ("search", "kb", "baseline", "target")))


if __name__ == "__main__":
    main()
