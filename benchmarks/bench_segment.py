"""Chinese query segmentation compared: the KB's own word list (indexers.segment), jieba
with that list as its user dictionary, and bigrams alone; quality on the Chinese
questions and a sample of the Chinese glossary benchmark, and load time.

Run: ``.venv/bin/python benchmarks/bench_segment.py --work DIR`` after
``bench_quality.py --work DIR`` (it reuses the KBs and indexes kept there).  jieba is
optional (``pip install jieba``): without it its rows are skipped.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import table  # noqa: E402
from quality import evaluate, glossary_questions, kb_ranker, load_questions, open_kb  # noqa: E402

from indexers import index as rules_index  # noqa: E402
from indexers import segment  # noqa: E402

OWN = segment.content_chunks


def bigrams_only(run: str, words: frozenset[str]) -> list[tuple[str, list[str]]]:
    return [(run, [])]


def words_no_stops(run: str, words: frozenset[str]) -> list[tuple[str, list[str]]]:
    """Game words as phrases, but no function word dropped."""
    return [(run, [p for p in segment.segment(run, words) if len(p) > 1])]


def stops_no_words(run: str, words: frozenset[str]) -> list[tuple[str, list[str]]]:
    """Function words dropped, no game word as a phrase."""
    return [(chunk, []) for chunk, _ in OWN(run, words)]


def jieba_chunks(run: str, words: frozenset[str]) -> list[tuple[str, list[str]]]:
    import jieba

    chunks: list[tuple[str, list[str]]] = []
    current: list[str] = []
    for piece in jieba.lcut(run, HMM=False):
        if piece in segment.QUESTION_WORDS and piece not in words:
            if current:
                chunks.append(("".join(current), [p for p in current if len(p) > 1]))
            current = []
        else:
            current.append(piece)
    if current:
        chunks.append(("".join(current), [p for p in current if len(p) > 1]))
    return chunks


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path, required=True)
    args = parser.parse_args()
    questions = [q for q in load_questions() if q.lang == "zh-Hans"]
    with open_kb(args.work / "glossary-full") as conn:
        gloss = [q for q in glossary_questions(conn) if q.lang == "zh-Hans"][::4]
    rows = []
    home = args.work / "questions"
    with open_kb(home) as conn:
        info = rules_index.ready(home, conn)
        start = time.perf_counter()
        words = segment.load(info.path)
        own_load = time.perf_counter() - start
        variants = [("KB word list (indexers.segment)", OWN, own_load), ("bigrams alone", bigrams_only, 0.0),
                    ("KB words as phrases, no stop words", words_no_stops, own_load),
                    ("stop words dropped, no phrases", stops_no_words, own_load)]
        try:
            start = time.perf_counter()
            import jieba

            jieba.setLogLevel(60)
            jieba.initialize()
            for word in words:
                jieba.add_word(word)
            variants.append(("jieba + KB words as user dictionary", jieba_chunks, time.perf_counter() - start))
        except ImportError:
            print("jieba not installed: its row is skipped")
        for name, fn, load in variants:
            segment.content_chunks = fn
            q = evaluate(questions, kb_ranker(home, conn))["zh-Hans"]
            rows.append([name, " / ".join(q.cells()), f"{load * 1000:.0f} ms"])
    bare = args.work / "glossary-bare"
    with open_kb(bare) as conn:
        for row, (_, fn, _) in zip(rows, variants, strict=True):
            segment.content_chunks = fn
            g = evaluate(gloss, kb_ranker(bare, conn))["zh-Hans"]
            row.insert(2, " / ".join(g.cells()))
    segment.content_chunks = OWN
    print(table([tuple(r) for r in rows], ("segmenter", f"zh questions ({len(questions)}) s@1 / s@5 / MRR",
                                            f"zh glossary sample ({len(gloss)})", "load")))


if __name__ == "__main__":
    main()
