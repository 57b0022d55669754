"""Sentence splitting of the rules: kb's own splitter (:mod:`kb.core.sentences`)
beside spaCy's rule-based sentencizer (``spacy.blank(lang)`` + ``sentencizer``: no
model, offline), on every rule text of the newest edition of each language of a KB.

    .venv/bin/python benchmarks/bench_sentences.py KB_HOME

Prints, per language: texts, sentences found by each, the share of texts split
identically, the boundaries only one of them puts (with a few examples), load time
and texts per second.  spaCy is optional (``pip install spacy``): without it only
kb's column is printed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from indexers.index import newest_editions
from kb.core.sentences import split
from kb.core.text import base_lang
from kb.store import rules as store


def texts(home: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    with closing(store.connect(home)) as conn:
        for lang, edition in newest_editions(conn):
            rows = conn.execute("SELECT body, examples FROM rules WHERE lang = ? AND edition IS ?", (lang, edition))
            found[lang] = [line for body, _ in rows for line in [body] if line]
    return found


def ends(spans: list[tuple[int, int]]) -> set[int]:
    return {end for _, end in spans[:-1]}


def spacy_splitter(lang: str) -> Callable[[str], list[tuple[int, int]]]:
    import spacy

    nlp = spacy.blank(base_lang(lang))
    nlp.add_pipe("sentencizer")
    return lambda text: [(s.start_char, len(text[: s.end_char].rstrip())) for s in nlp(text).sents]


def main() -> None:
    home = Path(sys.argv[1])
    by_lang = texts(home)
    try:
        import spacy  # noqa: F401
        have_spacy = True
    except ImportError:
        have_spacy = False
    print(f"{'lang':8} {'texts':>6} {'kb sents':>9} {'kb texts/s':>11}" +
          (f" {'spaCy sents':>11} {'spaCy load':>10} {'spaCy texts/s':>13} {'same split':>10} {'only kb':>8}"
           f" {'only spaCy':>10}" if have_spacy else ""))
    for lang, items in sorted(by_lang.items()):
        if len(items) < 100:
            continue
        started = time.perf_counter()
        ours = [split(t) for t in items]
        ours_rate = len(items) / (time.perf_counter() - started)
        row = f"{lang:8} {len(items):6} {sum(map(len, ours)):9} {ours_rate:11.0f}"
        if have_spacy:
            started = time.perf_counter()
            theirs_split = spacy_splitter(lang)
            load = time.perf_counter() - started
            started = time.perf_counter()
            theirs = [theirs_split(t) for t in items]
            rate = len(items) / (time.perf_counter() - started)
            same = sum(ends(a) == ends(b) for a, b in zip(ours, theirs, strict=True))
            only_ours: Counter[str] = Counter()
            only_theirs: Counter[str] = Counter()
            examples: list[str] = []
            for text, a, b in zip(items, ours, theirs, strict=True):
                for end in ends(a) - ends(b):
                    only_ours[text[max(0, end - 12):end + 8]] += 1
                for end in ends(b) - ends(a):
                    only_theirs[text[max(0, end - 12):end + 8]] += 1
                    if len(examples) < 4:
                        examples.append(text[max(0, end - 30):end + 20].replace("\n", " / "))
            row += (f" {sum(map(len, theirs)):11} {load * 1000:8.0f}ms {rate:13.0f} {same / len(items):10.3f}"
                    f" {sum(only_ours.values()):8} {sum(only_theirs.values()):10}")
            print(row)
            print("   kb only, e.g.:", [k for k, _ in only_ours.most_common(3)])
            print("   spaCy only, e.g.:", [k for k, _ in only_theirs.most_common(3)])
            continue
        print(row)


if __name__ == "__main__":
    main()
