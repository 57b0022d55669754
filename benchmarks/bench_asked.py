"""A name asked about ranks as the name: each keyword heading of 701-702 asked bare and in
the forms players wrap it in ("trample rules", "flying ability", "践踏是什么"), and the share
of headings whose first result is the bare name's, with ``engine.ASKING_WORDS_NAME`` and
``engine.CJK_QUESTION_NAME`` on (kb) and off (the baseline); also the share whose first
result is under the heading.  The engine alone (no one box), with the model when installed.

    .venv/bin/python benchmarks/bench_asked.py --work DIR

DIR is bench_quality's work folder (its questions KB is built there if missing; needs
``$KB_CORPORA`` or ``../shared/corpora``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, table  # noqa: E402
from bench_quality import fresh_index  # noqa: E402
from quality import EDITION, Question, build_questions_kb, kb_ranker, open_kb  # noqa: E402

from indexers import engine, semantic  # noqa: E402
from kb.core.rulenum import RuleNumber  # noqa: E402

FORMS = {"en": ["{} rules", "rules for {}", "{} rule", "what are the rules of {}", "{} ability", "{} keyword",
                "{} explained", "what is {}", "how does {} work"],
         "zh-Hans": ["{}规则", "{}的规则", "{}异能", "{}是什么", "什么是{}", "{}怎么用", "{}的意思"]}


def headings(conn: object) -> list[tuple[str, str, str]]:
    """(language, number, name) of every heading of 701-702 in English and Chinese."""
    rows = conn.execute(  # type: ignore[attr-defined]
        "SELECT lang, number, body FROM rules WHERE edition = ? AND depth = 2 AND lang IN ('en', 'zh-Hans')"
        " AND (number GLOB '701.[0-9]*' OR number GLOB '702.[0-9]*') ORDER BY lang, sort_key", (EDITION,))
    return [(lang, number, body) for lang, number, body in rows]


def shares(ranker: Callable[[Question], list[str]],
           heads: list[tuple[str, str, str]]) -> dict[str, tuple[float, float]]:
    """For each form: the share of headings ranked first as the bare name, and under the heading."""
    counts: dict[str, list[int]] = {}
    for lang, number, name in heads:
        heading = RuleNumber.parse(number)
        bare = ranker(Question(lang, name, ()))[:1]
        for form in FORMS[lang]:
            first = ranker(Question(lang, form.format(name), ()))[:1]
            under = bool(first) and (first[0] == number or RuleNumber.parse(first[0]).parent == heading)
            count = counts.setdefault(form, [0, 0, 0])
            count[0] += 1
            count[1] += first == bare
            count[2] += under
    return {form: (same / n, under / n) for form, (n, same, under) in counts.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path, required=True)
    args = parser.parse_args()
    home = args.work / "questions"
    home.parent.mkdir(parents=True, exist_ok=True)
    build_questions_kb(corpora(), home)
    with open_kb(home) as conn:
        fresh_index(home, conn, vectors=semantic.available())
        ranker = kb_ranker(home, conn)
        heads = headings(conn)
        on = shares(ranker, heads)
        engine.ASKING_WORDS_NAME = engine.CJK_QUESTION_NAME = False
        off = shares(ranker, heads)
        engine.ASKING_WORDS_NAME = engine.CJK_QUESTION_NAME = True
    model = "with the model" if semantic.available() else "words only"
    print(f"{len(heads)} headings of 701-702, English and Chinese ({model}): first result the bare name's"
          " / under the heading")
    rows = [(form, f"{on[form][0]:.3f} / {on[form][1]:.3f}", f"{off[form][0]:.3f} / {off[form][1]:.3f}")
            for form in on]
    print(table(rows, ("form", "kb", "baseline (asking words and Chinese questions off)")))

if __name__ == "__main__":
    main()
