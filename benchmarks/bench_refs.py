"""Cross-reference benchmark: extract and resolve every reference of one edition.

Run: ``.venv/bin/python benchmarks/bench_refs.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Target: extracting and resolving all references of the
English 2026-01-16 rule bodies (examples included) takes ≤ 20 ms (median of 15 runs).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Collection, Sequence
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kb.core.refs import Reference, Resolution, extract, resolve_all  # noqa: E402
from kb.core.rulenum import RuleNumber  # noqa: E402

RUNS = 15
BUDGET_MS = 20.0
EDITIONS = (
    ("en", "cr/en/MagicCompRules-2026-01-16.txt", "Glossary", "Example:"),
    ("zh-Hans", "cr/zh/CR-zh-Hans-2026-01-16.txt", "词汇表", "例如："),
)
_RULE = re.compile(r"(\d{3}\.\d+[a-z]?)\.?\s+(.*)")
_HEADING = re.compile(r"(\d{1,3})\.\s+\S")


def corpora() -> Path:
    path = Path(os.environ.get("KB_CORPORA") or REPO.parent / "shared" / "corpora")
    if not (path / "cr" / "en").is_dir():
        sys.exit(f"this benchmark needs the real corpora: none at {path} (set KB_CORPORA)")
    return path


def read_bodies(path: Path, glossary: str, example: str) -> tuple[list[str], list[RuleNumber]]:
    """Rule bodies (with their examples) and all numbers (sorted) of the rules section."""
    lines = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    start = next(i for i, line in enumerate(lines) if re.match(r"\d{3}\.\d+", line))
    end = [i for i, line in enumerate(lines) if line.strip() == glossary][1]
    numbers = {RuleNumber.parse(m[1]) for line in lines[:end] if (m := _HEADING.match(line)) and not _RULE.match(line)}
    bodies: dict[RuleNumber, str] = {}
    last = None
    for line in lines[start:end]:
        if match := _RULE.match(line):
            last = RuleNumber.parse(match[1])
            bodies[last] = match[2]
        elif line.startswith(example) and last is not None:
            bodies[last] += "\n" + line
    return list(bodies.values()), sorted(numbers | bodies.keys())


def extract_each(bodies: Sequence[str], lang: str) -> list[list[Reference]]:
    return [extract(x, lang) for x in bodies]


def resolve_each(refs: Sequence[list[Reference]], existing: Collection[RuleNumber]) -> list[Resolution]:
    return [resolve_all(x, existing) for x in refs]


def both(bodies: Sequence[str], lang: str, existing: frozenset[RuleNumber]) -> None:
    """What a build does per edition: every body's references, resolved."""
    for body in bodies:
        resolve_all(extract(body, lang), existing)


def median_ms(fn: Callable[[], object]) -> tuple[float, float]:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    root = corpora()
    rows = []
    for lang, relative, glossary, example in EDITIONS:
        bodies, ordered = read_bodies(root / relative, glossary, example)
        as_set = frozenset(ordered)
        refs = [extract(body, lang) for body in bodies]
        count = sum(map(len, refs))
        cases: list[tuple[str, Callable[[], object]]] = [
            ("extract", partial(extract_each, bodies, lang)),
            ("resolve (set)", partial(resolve_each, refs, as_set)),
            ("resolve (sorted list)", partial(resolve_each, refs, ordered)),
            ("extract + resolve (set)", partial(both, bodies, lang, as_set)),
        ]
        for name, fn in cases:
            median, best = median_ms(fn)
            rows.append((f"{lang} 2026-01-16", name, str(len(bodies)), str(count), f"{median:.1f}", f"{best:.1f}"))

    header = ("edition", "step", "rules", "refs", f"median ms ({RUNS} runs)", "min ms")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    print(" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("-+-".join("-" * w for w in widths))
    for row in rows:
        print(" | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
    total = float(rows[3][4])
    verdict = "ok" if total <= BUDGET_MS else "OVER BUDGET"
    print(f"\nen extract + resolve: median {total:.1f} ms, budget {BUDGET_MS:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
