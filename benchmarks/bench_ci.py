"""The test suite's time, this checkout's HEAD beside an older commit's, back to back on this machine.

Issue 9 asked that CI take no longer than "today" (about 3.5 min when it was filed, on the
machine of that day).  Machines differ from day to day, so the fair comparison is both suites
run here, one after the other: each commit cloned into a temporary folder, installed as its
README says, and its test command run as its CI ran it (the same ``KB_CORPORA``, standard
input closed, Ctrl-C at its default as at a terminal).

    .venv/bin/python benchmarks/bench_ci.py [--baseline REV] [--rounds N]

REV defaults to 49fbb72, main when issue 9 was filed (the layout move came next).
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASELINE = "49fbb72"


def checkout(rev: str, folder: Path) -> Path:
    """A clone of this repository at ``rev`` with its own virtual environment."""
    subprocess.run(["git", "clone", "-q", str(REPO), str(folder)], check=True)
    subprocess.run(["git", "-C", str(folder), "checkout", "-q", rev], check=True)
    subprocess.run([sys.executable, "-m", "venv", str(folder / ".venv")], check=True)
    subprocess.run([str(folder / ".venv/bin/pip"), "install", "-q", "-e", ".[test]"], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder


def suite(folder: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds of the children, and pytest's last line."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = subprocess.run([str(folder / ".venv/bin/pytest"), "-q", "-p", "no:cacheprovider"], cwd=folder,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            env={**os.environ, "CI": "true"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, (result.stdout.strip().splitlines() or [""])[-1].strip("= ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    if not os.environ.get("KB_CORPORA"):
        os.environ["KB_CORPORA"] = str(REPO.parent / "shared" / "corpora")
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folders = {rev: checkout(rev, Path(tmp) / rev) for rev in (args.baseline, head)}
        for n in range(1, args.rounds + 1):
            for rev, folder in folders.items():
                wall, cpu, last = suite(folder)
                rows.append((n, rev, wall, cpu, last))
    print(f"{'round':5} | {'commit':14} | {'wall':>7} | {'CPU':>7} | pytest")
    print("-" * 5 + "-+-" + "-" * 14 + "-+-" + "-" * 7 + "-+-" + "-" * 7 + "-+-" + "-" * 40)
    for n, rev, wall, cpu, last in rows:
        label = rev + (" (base)" if rev == args.baseline else "")
        print(f"{n:5} | {label:14} | {int(wall) // 60}:{int(wall) % 60:02d}   | {cpu:6.0f}s | {last}")


if __name__ == "__main__":
    main()
