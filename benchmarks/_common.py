"""Helpers shared by the benchmark scripts: where the corpora are, medians, tables."""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def corpora() -> Path:
    path = Path(os.environ.get("KB_CORPORA") or REPO.parent / "shared" / "corpora")
    if not (path / "cr" / "en").is_dir():
        sys.exit(f"benchmarks need the real corpora: none at {path} (set KB_CORPORA)")
    return path


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    """Wall-clock seconds of ``runs`` calls."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def table(rows: Sequence[tuple[str, ...]], header: tuple[str, ...]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = " | ".join(f"{{:<{w}}}" for w in widths)
    out = [line.format(*header), "-+-".join("-" * w for w in widths)]
    out += [line.format(*map(str, r)) for r in rows]
    return "\n".join(out)


def median(values: Sequence[float]) -> float:
    return statistics.median(values)
