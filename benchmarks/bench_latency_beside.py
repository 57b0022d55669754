"""In-process latency of each query's first search, this code beside another version's, run in turn.

``bench_quality.py`` prints kb's latency over its 1,766 queries (our questions, then the glossary
definitions); on a machine whose speed drifts (the development VM: the same run a minute apart differs
by up to 30%), that figure alone says little of a change.  Here each round runs both versions, one after
the other, each in a fresh process doing what those latency lines do, on the same KBs; FTS5's own p50
over the definitions is printed beside each as the machine's speed at that moment.

Run (``DIR`` a folder ``bench_quality.py --work DIR`` filled: its questions and glossary KBs)::

    git worktree add /tmp/old REV
    .venv/bin/python benchmarks/bench_latency_beside.py --work DIR --old /tmp/old [--rounds 4]

The KBs' indexes are built again by this code, without the sentence model's vectors (as
``bench_quality.py`` times kb); their format must be one both versions read.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import REPO, table  # noqa: E402


def measure(work: Path) -> dict[str, object]:
    """Each query's first search, in this process: our questions on the questions KB, then the
    glossary definitions on the KB without its glossary (as ``bench_quality.py`` times them)."""
    from quality import Fts5Baseline, glossary_questions, kb_ranker, load_questions, open_kb

    import indexers

    times: dict[str, list[float]] = {"questions": [], "definitions": [], "fts5 definitions": []}
    questions = load_questions()
    with open_kb(work / "questions") as conn:
        rank = kb_ranker(work / "questions", conn)
        rank(questions[0])  # warm: lexicons, caches (bench_quality does the same)
        for q in questions:
            start = time.perf_counter()
            rank(q)
            times["questions"].append(time.perf_counter() - start)
    with open_kb(work / "glossary-full") as conn:
        definitions = glossary_questions(conn)
    with open_kb(work / "glossary-bare") as conn:
        rank = kb_ranker(work / "glossary-bare", conn)
        baseline = Fts5Baseline(conn)
        for q in definitions:
            start = time.perf_counter()
            rank(q)
            times["definitions"].append(time.perf_counter() - start)
        for q in definitions:  # after kb's, as bench_quality.py times it
            start = time.perf_counter()
            baseline.rank(q)
            times["fts5 definitions"].append(time.perf_counter() - start)
    return {"code": str(Path(indexers.__file__).resolve().parents[1]), "times": times}


def _p(seconds: list[float], q: int) -> float:
    return statistics.quantiles(seconds, n=100)[q - 1] * 1000


def run(code: Path, work: Path) -> dict[str, object]:
    """:func:`measure` in a fresh process importing kb from ``code``."""
    env = dict(os.environ, PYTHONPATH=str(code))
    out = subprocess.run([sys.executable, __file__, "--measure", "--work", str(work)], env=env, check=True,
                         capture_output=True, text=True, cwd=code).stdout
    found: dict[str, object] = json.loads(out)
    if Path(str(found["code"])) != code.resolve():
        sys.exit(f"bench_latency_beside: the process for {code} imported kb from {found['code']}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path, required=True, help="a folder bench_quality.py --work filled")
    parser.add_argument("--old", type=Path, help="another version's source tree (a git worktree)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.work)))
        return
    for kb_name in ("questions", "glossary-bare", "glossary-full"):
        if not (args.work / kb_name).is_dir():
            sys.exit(f"bench_latency_beside: no {args.work / kb_name}: run bench_quality.py --work {args.work} first")
    from bench_quality import fresh_index
    from quality import open_kb

    for kb_name in ("questions", "glossary-bare"):  # their indexes without the sentence model's vectors, as timed
        with open_kb(args.work / kb_name) as conn:
            fresh_index(args.work / kb_name, conn)
    versions = [("this code", REPO)] + ([("old", args.old)] if args.old else [])
    rows = []
    p50s: dict[str, dict[str, list[float]]] = {name: {} for name, _ in versions}
    for round_ in range(1, args.rounds + 1):
        for name, code in versions if round_ % 2 else versions[::-1]:  # each first in turn
            times = run(code, args.work)["times"]
            assert isinstance(times, dict)
            every = times["questions"] + times["definitions"]
            cells = {"all": _p(every, 50), "questions": _p(times["questions"], 50),
                     "definitions": _p(times["definitions"], 50), "fts5": _p(times["fts5 definitions"], 50)}
            for key, value in cells.items():
                p50s[name].setdefault(key, []).append(value)
            rows.append((str(round_), name, f"{cells['all']:.2f} / {_p(every, 95):.2f}", f"{cells['questions']:.2f}",
                         f"{cells['definitions']:.2f}", f"{cells['fts5']:.2f}"))
    for name, _ in versions:
        rows.append(("median", name, f"{statistics.median(p50s[name]['all']):.2f}",
                     f"{statistics.median(p50s[name]['questions']):.2f}",
                     f"{statistics.median(p50s[name]['definitions']):.2f}",
                     f"{statistics.median(p50s[name]['fts5']):.2f}"))
    print(table(rows, ("round", "code", "all 1,766: p50 / p95 ms", "questions p50", "definitions p50",
                       "FTS5 definitions p50 (the machine)")))
    print("target: p50 ≤ 5 ms, p95 ≤ 20 ms over all")


if __name__ == "__main__":
    main()
