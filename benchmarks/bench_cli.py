"""Fresh-process latency of the read commands, on a KB of real editions.

Run: ``.venv/bin/python benchmarks/bench_cli.py``.  Builds a temporary KB (seeds,
EN 2021-04-19, 2024-02-06, 2026-04-17, ZH 2026-04-17), then times each command as
a new process (what a user or a bot calling kb waits), median of 7 runs.
Targets: `kb refs` ≤ 0.5 s (issue 3); diff of editions five years apart ≤ 1 s (issue 4).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, median, ms, table, timed  # noqa: E402

COMMANDS = [
    (("show", "730.2j", "--lang", "en", "--lang", "it", "--lang", "zh-Hans"), ""),
    (("refs", "601.2c"), "≤ 500 ms"),
    (("refs", "601.2c", "--json"), "≤ 500 ms"),
    (("history", "730.2"), ""),
    (("diff", "2021-04-19", "2026-04-17"), "≤ 1000 ms"),
    (("export", "--json-lines"), ""),
]


def run(args: tuple[str, ...], home: Path) -> None:
    subprocess.run([sys.executable, "-m", "kb", *args, "--home", str(home)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    root = corpora()
    en = root / "cr" / "en"
    sources = [REPO / "corpus", en / "MagicCompRules-2021-04-19.txt", en / "MagicCompRules-2024-02-06.txt",
               en / "MagicCompRules-2026-04-17.normalized.txt", root / "cr" / "zh" / "CR-zh-Hans-2026-04-17.txt"]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        build = timed(lambda: run(("build", *map(str, sources)), home), 1)[0]
        rows = [("kb build seeds + 3 EN + 1 ZH editions (1 run)", ms(build), "")]
        rows.append(("python -c pass (interpreter start, for reference)",
                     ms(median(timed(lambda: subprocess.run([sys.executable, "-c", "pass"]), 7))), ""))
        for args, target in COMMANDS:
            rows.append(("kb " + " ".join(args), ms(median(timed(partial(run, args, home), 7))), target))
    print(table(rows, ("fresh process, median of 7", "time", "target")))


if __name__ == "__main__":
    main()
