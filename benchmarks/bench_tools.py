"""Fresh-process latency of `kb cite` and `kb check` (issue 13), beside `kb show`.

Run: ``.venv/bin/python benchmarks/bench_tools.py``.  Builds a temporary KB (EN
2022-06-10, 2024-09-17, 2025-11-14, 2026-04-17; ZH 2022-06-10 and 2026-04-17, with
``--accept-damaged``), writes a one-page article (about 3,000 characters, 40 citations in
every shape: single rules, ranges, lists, chapters with their titles) citing the rules of
2024-09-17, then times each command as a new process, median of 7 runs.
Targets: `kb cite` of a one-page text ≤ 0.5 s; the whole check of one edition ≤ 3 s.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, median, ms, table, timed  # noqa: E402

EN = ["2022-06-10", "2024-09-17", "2025-11-14", "2026-04-17"]
ZH = ["2022-06-10", "2026-04-17"]


def run(args: tuple[str, ...], home: Path, ok: tuple[int, ...] = (0,)) -> None:
    done = subprocess.run([sys.executable, "-m", "kb", *args, "--home", str(home)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode not in ok:
        raise SystemExit(f"kb {' '.join(args)} exited {done.returncode}")


def article(home: Path) -> str:
    """A page citing 40 rules of 2024-09-17 in the shapes articles use."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from kb.store import rules as store
    from kb.store import tools

    conn = store.connect(home)
    numbers = [n for n in tools.numbers_of(conn, "en", store.edition_on(conn, "en", "2024-09-17")) if n.depth >= 2]
    conn.close()
    picked = numbers[:: len(numbers) // 40][:40]
    shapes = ["See rule {}.", "as rules {} and {} explain", "(rule {}–{})", "Rule {} applies here, and so does {}."]
    sentences = []
    for i in range(0, len(picked) - 1, 2):
        a, b = picked[i], picked[i + 1]
        shape = shapes[(i // 2) % len(shapes)]
        if "–" in shape and not (a.letter and b.letter and a.parent == b.parent):
            shape = shapes[0] + " " + shapes[0]
        filler = "When a judge is called to the table, the players explain what happened and the judge reads the rule."
        sentences.append(f"{filler} {shape.format(a, b if '–' not in shape else b.letter)}")
    return "\n\n".join(" ".join(sentences[i:i + 3]) for i in range(0, len(sentences), 3)) + "\n"


def main() -> None:
    cr = corpora() / "cr"
    sources = [next((cr / "en").glob(f"MagicCompRules-{d}*.txt")) for d in EN]
    sources += [cr / "zh" / f"CR-zh-Hans-{d}.txt" for d in ZH]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        build = timed(lambda: run(("build", "--accept-damaged", *map(str, sources)), home), 1)[0]
        page = Path(tmp) / "article.txt"
        page.write_text(article(home), encoding="utf-8")
        rows = [(f"kb build {len(EN)} EN + {len(ZH)} ZH editions (1 run)", ms(build), "")]
        rows.append(("python -c pass (interpreter start, for reference)",
                     ms(median(timed(lambda: subprocess.run([sys.executable, "-c", "pass"]), 7))), ""))
        commands = [
            (("show", "730.2"), "baseline", (0,)),
            (("cite", str(page), "--as-of", "2024-09-17"), "≤ 500 ms", (0,)),
            (("cite", str(page), "--as-of", "2024-09-17", "--json"), "≤ 500 ms", (0,)),
            (("cite", str(page)), "≤ 500 ms", (0, 2)),
            (("check", "zh-Hans", "--edition", "2022-06-10"), "≤ 3000 ms", (0,)),
            (("check", "zh-Hans", "--edition", "2026-04-17"), "≤ 3000 ms", (0,)),
            (("check", "zh-Hans", "--edition", "2026-04-17", "--json"), "≤ 3000 ms", (0,)),
        ]
        for args, target, ok in commands:
            label = "kb " + " ".join(f"article.txt ({len(page.read_text())} chars)" if a == str(page) else a
                                     for a in args)
            rows.append((label, ms(median(timed(partial(run, args, home, ok), 7))), target))
    print(table(rows, ("fresh process, median of 7", "time", "target")))


if __name__ == "__main__":
    main()
