"""Every ingester fuzzed through the build, at scale: mutated real MTGJSON files, MediaWiki
exports, rulings and wiki pages, rules files and manifests, each built (``build()``, the
Italian seed beside it) and counted as built, refused (a KbError naming the file, exit 2)
or a traceback (any other exception: the defect this hunts).

Run: ``.venv/bin/python benchmarks/bench_fuzz.py [--examples N] [--seed S]`` (N per
format, default 400: 2,400 examples over six formats).  Target (issue 11): 0 tracebacks.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from _common import corpora, table  # noqa: E402
from fuzz_inputs import CASES, Case, build_once  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def fuzz(case: Case, root: Path, examples: int, rng_seed: int, work: Path) -> tuple[Counter[str], list[str]]:
    """Outcome counts of ``examples`` drawn files, and the first tracebacks (at most 3)."""
    counts: Counter[str] = Counter()
    tracebacks: list[str] = []

    @seed(rng_seed)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        try:
            counts[build_once(case, data.draw(case.files(root)), work)] += 1
        except Exception:  # noqa: BLE001 - counted, not raised: hypothesis would stop and shrink
            counts["traceback"] += 1
            if len(tracebacks) < 3:
                tracebacks.append(traceback.format_exc(limit=6))

    run()
    return counts, tracebacks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=400, help="examples per format (default 400)")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    root = corpora()
    rows: list[tuple[str, ...]] = []
    total: Counter[str] = Counter()
    found: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            started = time.perf_counter()
            counts, tracebacks = fuzz(case, root, args.examples, args.seed, Path(tmp) / case.name)
            seconds = time.perf_counter() - started
            examples = sum(counts.values())
            total += counts
            found += [f"[{case.name}]\n{t}" for t in tracebacks]
            rows.append((case.name, str(examples), str(counts["built"]), str(counts["refused"]),
                         str(counts["traceback"]), f"{seconds / max(1, examples) * 1000:.0f} ms"))
    rows.append(("all", str(sum(total.values())), str(total["built"]), str(total["refused"]),
                 str(total["traceback"]), ""))
    print(table(rows, ("format", "examples", "built", "refused (exit 2)", "tracebacks", "per example")))
    for text in found:
        print("\n" + text)
    sys.exit(1 if total["traceback"] else 0)


if __name__ == "__main__":
    main()
