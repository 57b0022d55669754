"""Snowball stems beside spaCy's lookup lemmas (spacy-lookups-data) in the English and
Italian analysis chains, on the question set and the glossary benchmark.

Run: ``python benchmarks/bench_lemmas.py [--work DIR]`` in an environment that has
``spacy`` and ``spacy-lookups-data`` installed beside kb (they are not kb's
dependencies: this measurement decided against them; see NOTES.md).  Needs
``$KB_CORPORA``.  For each variant the search index is rebuilt with the chain's
``Stem`` filter replaced, and the same questions are run:

* ``snowball``: kb's chains (Porter2 for English, Snowball Italian);
* ``lemma``: the word's lemma from spaCy's lookup table, the word itself when absent;
* ``lemma+snowball``: the lemma, then stemmed (irregular forms meet: "died" -> "die").
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, table  # noqa: E402
from quality import (  # noqa: E402
    LANGS,
    build_glossary_kb,
    build_questions_kb,
    evaluate,
    glossary_questions,
    kb_ranker,
    load_questions,
    open_kb,
)

from indexers import analysis, engine  # noqa: E402
from indexers import index as rules_index  # noqa: E402


def lemma_tables() -> dict[str, dict[str, str]]:
    try:
        from spacy.lookups import load_lookups
    except ImportError:
        sys.exit("bench_lemmas needs spacy and spacy-lookups-data installed beside kb")
    return {lang: dict(load_lookups(lang, ["lemma_lookup"]).get_table("lemma_lookup").items())
            for lang in ("en", "it")}


def variant(name: str, tables: dict[str, dict[str, str]],
            snowball: Callable[[str, str], str]) -> Callable[[str, str], str]:
    def lemma(lang: str, word: str) -> str:
        return tables.get(lang, {}).get(word, word)

    if name == "lemma":
        return lemma
    if name == "lemma+snowball":
        return lambda lang, word: snowball(lang, lemma(lang, word))
    return snowball


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path)
    args = parser.parse_args()
    root = corpora()
    work = args.work or Path(tempfile.mkdtemp(prefix="kb-lemmas-"))
    tables = lemma_tables()
    snowball = analysis.stem
    questions = load_questions()
    home, bare, full = work / "questions", work / "glossary-bare", work / "glossary-full"
    build_questions_kb(root, home)
    build_glossary_kb(root, bare, work / "glossary-files")
    if not full.exists():
        from quality import rule_files

        from kb.build import build
        build(rule_files(root), full)
    with open_kb(full) as conn:
        glossary = [q for q in glossary_questions(conn) if q.lang == "en"]
    rows = []
    for name in ("snowball", "lemma", "lemma+snowball"):
        analysis.stem = variant(name, tables, snowball)  # type: ignore[assignment]
        analysis._STEMS.clear()
        cells = [name]
        for kb_home, qs in ((home, questions), (bare, glossary)):
            with open_kb(kb_home) as conn:
                engine._close()  # the open searcher reads the index this variant replaces
                shutil.rmtree(kb_home / rules_index.FOLDER, ignore_errors=True)
                rules_index.ready(kb_home, conn)
                scores = evaluate(qs, kb_ranker(kb_home, conn))
            cells += [" / ".join(scores[lang].cells()[:2]) for lang in LANGS if lang in scores and lang != "zh-Hans"]
        rows.append(tuple(cells))
    print(table(rows, ("chain", "questions EN s@1/s@5", "questions IT", "glossary EN")))
    analysis.stem = snowball


if __name__ == "__main__":
    main()
