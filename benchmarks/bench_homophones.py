"""Chinese typos (a character of the same sound): how many kb reads right, and what a
search finds with them, beside the same search reading them as typed.

    .venv/bin/python benchmarks/bench_homophones.py KB_HOME [--definitions KB_HOME2] [QUESTIONS.tsv ...]

Typos: for every Chinese glossary headword and heading of two to eight characters, each
character in turn replaced by the first character of GB 2312 (in code order) whose first
reading is its first reading, as an input method offers another character for the syllable
typed, when that makes a stretch no text holds (a typo that makes another real word, 声明 for
生命, is not one kb claims to read); asked bare and inside a question ("{typo}是什么意思").
Beside them (``--any-reading``) the typos sessions 13-47 measured: the first character sharing
any reading, mostly a rare one no input method offers for it (艾 for 一, read yi only rarely).
A search finds the right thing when its first result is the one the correctly typed query
finds first, and among its first five.  False readings: the
corrections made on typo-free Chinese queries (the questions files' Chinese rows, and
the Chinese glossary definitions, each up to "参见", of KB_HOME2, default KB_HOME: a KB
indexes its glossary, so its own definitions hold no bigram new to it; bench_quality's
glossary KB, built without the glossary sections, is the one to search them in).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import table  # noqa: E402
from quality import load_questions  # noqa: E402

from indexers import engine, homophones, segment  # noqa: E402
from indexers import index as rules_index  # noqa: E402
from indexers.spelling import corrected  # noqa: E402
from kb.core.text import HAN_RUN  # noqa: E402
from kb.store import rules as store  # noqa: E402

LANG = "zh-Hans"


def terms(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute(
        "SELECT term FROM glossary WHERE lang = ? UNION SELECT title FROM rules WHERE lang = ? AND title IS NOT NULL",
        (LANG, LANG)).fetchall()
    return sorted({t for (t,) in rows if 2 <= len(t) <= 8 and HAN_RUN.fullmatch(t)})


def typos(term: str, sounds: homophones.Sounds, order: list[str], known: Callable[[str], bool],
          any_reading: bool = False) -> list[str]:
    found = []
    for j, ch in enumerate(term):
        if any_reading:
            readings = set(sounds.readings.get(ch, ()))
            other = next((c for c in order if c != ch and readings & set(sounds.readings.get(c, ()))), None)
        else:
            typed = sounds.first.get(ch)
            other = next((c for c in order if c != ch and typed and sounds.first.get(c) == typed), None)
        if other is None:
            continue
        typo = term[:j] + other + term[j + 1:]
        if not all(known(typo[k:k + 2]) for k in range(len(typo) - 1)):
            found.append(typo)
    return found


def first(outcome: engine.Outcome, k: int) -> list[str]:
    return [g.identity for g in outcome.groups[:k]]


def definitions(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute("SELECT senses FROM glossary WHERE lang = ?", (LANG,)).fetchall()
    senses = [sense.split("参见")[0].strip() for (text,) in rows for sense in json.loads(text)]
    return [s for s in senses if HAN_RUN.search(s)]


def questions(paths: list[Path]) -> list[str]:
    return [q.text for p in paths for q in load_questions(p) if q.lang == LANG]


def shares(counts: list[int], n: int) -> str:
    return " / ".join(f"{c / n:.3f}" for c in counts)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("home", type=Path)
    parser.add_argument("--definitions", type=Path, help="the KB whose glossary definitions are searched")
    parser.add_argument("--any-reading", action="store_true",
                        help="typos sharing any reading with the character replaced (sessions 13-47's set)")
    parser.add_argument("questions", type=Path, nargs="*")
    args = parser.parse_args()
    home = args.home
    paths = args.questions or [Path(__file__).with_name("questions.tsv"),
                               Path(__file__).with_name("questions_heldout.tsv")]
    with closing(store.connect(home)) as conn:
        info = rules_index.ready(home, conn)
        sounds = homophones.load(info.path)
        words = segment.load(info.path)
        assert sounds is not None, "the index stored no sounds"
        searcher = engine._searcher(info)
        scorer = engine.scorer_of(searcher)
        field = rules_index.body_field(LANG)

        def known(bigram: str) -> bool:
            return bool(scorer.doc_frequency(field, bigram))

        order = homophones.gb2312()
        cases = [(t, typo) for t in terms(conn) for typo in typos(t, sounds, order, known, args.any_reading)
                 if typo not in words]
        how = "sharing any reading" if args.any_reading else "of the same first reading"
        print(f"{len(terms(conn))} Chinese names, {len(cases)} typos {how}; KB {home}")
        rows = []
        for shape in ("{}", "{}是什么意思"):
            counts = {"right": 0, "wrong": 0, "none": 0}
            hits = {True: [0, 0], False: [0, 0]}
            times = []
            for term, typo in cases:
                target = first(engine.search(home, conn, shape.format(term), [LANG], query_lang=LANG), 1)
                for reading in (True, False):
                    engine.SPELLING = reading
                    started = time.perf_counter()
                    outcome = engine.search(home, conn, shape.format(typo), [LANG], query_lang=LANG)
                    if reading:
                        times.append(time.perf_counter() - started)
                        fixes = outcome.plan.corrections
                        right = corrected(shape.format(typo), fixes) == shape.format(term)
                        counts["none" if not fixes else "right" if right else "wrong"] += 1
                    hits[reading][0] += bool(target) and first(outcome, 1) == target
                    hits[reading][1] += bool(target) and target[0] in first(outcome, 5)
                engine.SPELLING = True
            n = len(cases)
            times.sort()
            rows.append((shape.format("typo"), shares([counts[k] for k in ("right", "wrong", "none")], n),
                         shares(hits[True], n), shares(hits[False], n), f"{times[len(times) // 2] * 1000:.1f}"))
        print(table(rows, ("query", "read right / wrong / not", "kb: same first / in first 5",
                           "as typed: same first / in first 5", "p50 ms")))
        with closing(store.connect(args.definitions or home)) as other:
            glossary = definitions(other)
        free = [*questions([p for p in paths if p.is_file()]), *glossary]
        wrong = []
        for text in free:
            fixes = engine.search(home, conn, text, None).plan.corrections
            wrong += [(text, f) for f in fixes]
        print(f"\ncorrections on {len(free)} Chinese questions and glossary definitions: {len(wrong)}")
        for text, fix in wrong:
            print(f"  {fix.typed} → {fix.meant}   in {text[:40]}")


if __name__ == "__main__":
    main()
