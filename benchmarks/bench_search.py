"""Search benchmarks: building the index, query latency in process and as a fresh `kb search`.

Run: ``.venv/bin/python benchmarks/bench_search.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Builds a temporary KB of the seeds and EN + ZH 2026-04-17,
then prints medians.  Targets (issue 10): the index of EN + ZH ≤ 4 s inside ``kb build``;
a warm query p50 ≤ 5 ms and p95 ≤ 20 ms in process (the percentiles over many queries are
in ``bench_quality.py``); ``kb search`` as a fresh process ≤ 0.3 s.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path

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


def run_kb(args: tuple[str, ...], home: Path) -> None:
    subprocess.run([sys.executable, "-m", "kb", *args, "--home", str(home)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


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
            rows.append((f"index build, seeds + EN + ZH 2026-04-17 ({info.documents} texts), median of 3",
                         ms(median(timed(lambda: rules_index.build(home, conn), 3))), "≤ 4 s"))
            for query, langs in QUERIES:
                search.search(home, conn, query, langs)  # warm: postings read once per process
                rows.append((f"in process, warm: {label(query, langs)}, median of 20",
                             ms(median(timed(lambda q=query, la=langs: search.search(home, conn, q, la), 20))),
                             "≤ 5 ms"))
        rows.append(("python -c pass (interpreter start, for reference), median of 7",
                     ms(median(timed(lambda: subprocess.run([sys.executable, "-c", "pass"]), 7))), ""))
        for query, langs in QUERIES:
            args = ("search", query, *(a for lang in langs or () for a in ("--lang", lang)))
            rows.append((f"kb {' '.join(args)} (fresh process), median of 7",
                         ms(median(timed(lambda a=args: run_kb(a, home), 7))), "≤ 300 ms"))
    print(table(rows, ("search", "time", "target")))


if __name__ == "__main__":
    main()
