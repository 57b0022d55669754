"""What the sentence model costs (indexers.semantic): embedding at build, and each English or Chinese query.

Run: ``.venv/bin/python benchmarks/bench_semantic.py KB_HOME`` on a KB whose index has the
vectors (``kb index --semantic on``; the default KB: ``kb build --semantic on``).  The same
KB is indexed again without vectors in a temporary folder (the baseline: words only), then
printed side by side:

* embedding: rule passages of the KB per second, per language (a sample of 96 spread over the
  edition, timed after a first batch warms the model: a Chinese passage takes longer), and the
  time that makes for every rule text of the KB it embeds;
* in process, warm, over the English and the Chinese questions of ``benchmarks/questions.tsv``: the
  engine's time per question with and without vectors (p50 / p95) and the model's part,
  the question's embedding;
* ``kb search QUESTION`` as a fresh process (median of 5), with and without vectors.

Quality is measured apart, by ``bench_quality.py`` (its "+ semantic" rows).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import median, ms, table, timed  # noqa: E402
from quality import load_questions, percentile  # noqa: E402

from indexers import engine, semantic  # noqa: E402
from indexers import index as rules_index  # noqa: E402
from kb.store import rules as store  # noqa: E402

SAMPLE, RUNS_FRESH = 96, 5
FRESH_QUERIES = ("how many poison counters make a player lose", "can I respond to a land being played",
                 "指挥官伤害怎么算")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def spread(seconds: list[float]) -> str:
    return f"{ms(percentile(seconds, 50))} / {ms(percentile(seconds, 95))}"


def passages(home: Path) -> list[semantic.Passage]:
    with closing(store.connect(home)) as conn:
        texts = rules_index.indexed_texts(conn, rules_index.newest_editions(conn))
    return rules_index.passages(texts)


def rate(model: Any, texts: list[str]) -> float:
    """Passages embedded per second, over SAMPLE of ``texts`` spread evenly (the first rules
    of an edition are shorter than its keyword rules)."""
    sample = texts[:: max(1, len(texts) // SAMPLE)][:SAMPLE]
    model.passage(sample[:8])
    start = time.perf_counter()
    for i in range(0, len(sample), semantic.BATCH):
        model.passage(sample[i:i + semantic.BATCH])
    return len(sample) / (time.perf_counter() - start)


def per_question(home: Path, questions: list[str]) -> list[float]:
    with closing(store.connect(home)) as conn:
        engine.search(home, conn, questions[0], None)  # warm: postings, lexicons, the model
        return [t for q in questions for t in timed(partial(engine.search, home, conn, q, None), 1)]


def fresh(home: Path, query: str) -> float:
    def run() -> None:
        subprocess.run([sys.executable, "-m", "kb", "search", query, "--home", str(home)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)

    run()  # the bytecode cache, the model's file in the page cache
    return median(timed(run, RUNS_FRESH))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("home", type=Path, help="a KB whose index has the vectors (kb index --semantic on)")
    home = parser.parse_args().home
    with closing(store.connect(home)) as conn:
        info = rules_index.current(home, conn)
    if not info.semantic:
        sys.exit(f"{home}: the index has no vectors; run `kb index --semantic on --home {home}` first")
    every = passages(home)
    model = semantic.model()
    rows, total = [], 0.0
    for lang in semantic.LANGS:
        texts = [p.text for p in every if p.lang == lang]
        if texts:
            per_second = rate(model, texts)
            total += len(texts) / per_second
            rows += [(f"embedding {lang} rule passages (a sample of {SAMPLE}), per second", f"{per_second:.1f}",
                      "", ""),
                     (f"  the {lang} rule texts of this KB ({len(texts)})", f"{len(texts) / per_second:.0f} s", "", "")]
    rows.append((f"every rule text of this KB it embeds ({len(every)})", f"{total:.0f} s", "", ""))
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp)
        shutil.copy(store.db_path(home), store.db_path(plain))
        with closing(store.connect(plain)) as conn:
            rules_index.ready(plain, conn, False)
        for lang, name in (("en", "English"), ("zh-Hans", "Chinese")):
            questions = [q.text for q in load_questions() if q.lang == lang]
            embed = [t for q in questions for t in timed(partial(model.query, q), 1)]
            with_model, words = per_question(home, questions), per_question(plain, questions)
            rows += [(f"in process, warm, {len(questions)} {name} questions: p50 / p95", spread(with_model),
                      spread(words), "≤ 5 ms / ≤ 20 ms"),
                     ("  of which the question's embedding: p50 / p95", spread(embed), "", "")]
        rows += [(f"kb search {q!r} (fresh process), median of {RUNS_FRESH}", ms(fresh(home, q)), ms(fresh(plain, q)),
                  "≤ 300 ms") for q in FRESH_QUERIES]
    print(table(rows, ("semantic", "kb + semantic", "kb (words only)", "target")))


if __name__ == "__main__":
    main()
