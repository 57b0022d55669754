"""The README's first command, timed as a user runs it: `kb build` (the default corpus:
the seeds, EN and ZH 2026-04-17, BRO) and `kb show 730.2` in three languages, each a
fresh process, beside the old default (the four seeds alone) as the baseline.

Run: ``.venv/bin/python benchmarks/bench_default_build.py`` (needs no shared corpora).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, median, ms, table, timed  # noqa: E402

SEEDS = ("000_7a78d2801561c4e1.txt", "001_abc0dfbf7a321300.txt", "003_bb824e3f4851c86c.txt",
         "004_d2c5e84930c8fccc.txt")
RUNS = 5


def kb(home: Path, *args: object) -> None:
    subprocess.run([sys.executable, "-m", "kb", *map(str, args), "--home", str(home)], check=True,
                   capture_output=True, cwd=REPO)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        seeds, default = Path(tmp) / "seeds", Path(tmp) / "default"
        seed_files = [REPO / "corpus" / name for name in SEEDS]
        baseline = median(timed(lambda: kb(seeds, "build", *seed_files), RUNS))
        build = median(timed(lambda: kb(default, "build"), RUNS))
        show = median(timed(lambda: kb(default, "show", "730.2", "--lang", "en", "--lang", "zh-Hans",
                                       "--lang", "it"), RUNS))
        toc = median(timed(lambda: kb(default, "toc", "7"), RUNS))
        rows = [
            (f"kb build (default corpus), fresh process, median of {RUNS}", ms(build),
             f"{ms(baseline)} (the four seeds alone)"),
            (f"kb show 730.2 --lang en --lang zh-Hans --lang it, median of {RUNS}", ms(show), ""),
            (f"kb toc 7, median of {RUNS}", ms(toc), ""),
        ]
    print(table(rows, ("benchmark", "kb", "baseline")))


if __name__ == "__main__":
    main()
