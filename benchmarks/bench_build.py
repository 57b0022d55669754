"""Foundation benchmarks: parse time per edition, builds, peak memory.

Run: ``.venv/bin/python benchmarks/bench_build.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Targets (issue 2): median parse ≤ 25 ms per English
edition; EN + ZH 2026-01-16 built in ≤ 3 s.
"""

from __future__ import annotations

import resource
import statistics
import sys
import tempfile
from collections.abc import Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, median, ms, table, timed  # noqa: E402

from kb.build import EMBEDDED_CORPUS, build  # noqa: E402
from kb.core.textio import read_source  # noqa: E402
from kb.ingest import ingest  # noqa: E402


def parse_file(path: Path) -> object:
    return ingest(read_source(path))


def parse_times(files: Sequence[Path], runs: int) -> list[float]:
    """Median over ``runs`` of read + decode + parse, one value per file."""
    return [median(timed(partial(parse_file, f), runs)) for f in files]


def main() -> None:
    root = corpora()
    english = sorted((root / "cr" / "en").glob("*.txt"))
    per_file = parse_times(english, runs=5)
    rows = [
        ("parse one English edition (read+decode+parse), median of 116", ms(median(per_file)), "≤ 25 ms"),
        ("  p90 / max over editions",
         f"{ms(statistics.quantiles(per_file, n=10)[-1])} / {ms(max(per_file))}", ""),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        rows.append(("build embedded corpus (in process), median of 9",
                     ms(median(timed(lambda: build([EMBEDDED_CORPUS], home), 9))), ""))
        pair = [root / "cr" / "en" / "MagicCompRules-2026-01-16.txt", root / "cr" / "zh" / "CR-zh-Hans-2026-01-16.txt"]
        rows.append(("build EN + ZH 2026-01-16 (in process), median of 5",
                     ms(median(timed(lambda: build(pair, home), 5))), "≤ 3000 ms"))
        everything = [root / "cr" / "en", root / "cr" / "zh"]
        rows.append(("build all 135 EN + ZH editions, 1 run",
                     ms(timed(lambda: build(everything, home, accept_damaged=True), 1)[0]), ""))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows.append(("peak memory (max RSS of this process)", f"{peak:.0f} MiB", ""))
    print(table(rows, ("benchmark", "result", "target")))


if __name__ == "__main__":
    main()
