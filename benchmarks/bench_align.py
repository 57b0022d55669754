"""Alignment benchmarks (issue 4): medians over several runs, parsing excluded.

Run: ``.venv/bin/python benchmarks/bench_align.py [runs]`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Targets: two full editions (about 3,300 rules each) aligned
in ≤ 1 s, in one language and across two (Chinese editions of 2022 and 2024 against
English 2026-04-17); a diff of editions five years apart (alignment included) in
≤ 1 s; pairing the EN and ZH glossaries of 2026-04-17 well under 1 s (the build of
an EN + ZH pair, which does it, must stay ≤ 3 s).  Every run is cold: nothing of
one run is kept for the next.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, median, ms, table, timed  # noqa: E402

from kb.align.aligner import align, pair_by_number  # noqa: E402
from kb.align.diff import diff  # noqa: E402
from kb.align.glossary import align_glossary  # noqa: E402
from kb.align.terms import learn_lexicon  # noqa: E402
from kb.align.tokens import full_text  # noqa: E402
from kb.core.model import Document, RuleText  # noqa: E402
from kb.core.textio import read_source  # noqa: E402
from kb.ingest import ingest  # noqa: E402

LATEST = "2026-04-17"


def load(root: Path, lang: str, date: str) -> Document:
    if lang == "en":
        [path] = (root / "cr" / "en").glob(f"MagicCompRules-{date}*.txt")
    else:
        path = root / "cr" / "zh" / f"CR-zh-Hans-{date}.txt"
    return ingest(read_source(path))


def rules(doc: Document) -> list[RuleText]:
    return [t for t in doc.rules if t.number.depth >= 1]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    root = corpora()
    wanted = [("en", d) for d in ("2018-10-05", "2019-01-25", "2020-11-20", "2021-04-19", "2024-02-06",
                                  "2025-11-14", LATEST)]
    wanted += [("zh", d) for d in ("2022-06-10", "2024-02-06", LATEST)]
    docs = {(lang, date): load(root, lang, date) for lang, date in wanted}

    def r(lang: str, date: str) -> list[RuleText]:
        return rules(docs[lang, date])

    en_latest = r("en", LATEST)
    en_doc, zh_doc = docs["en", LATEST], docs["zh", LATEST]
    zh_by_number = {t.number: t for t in r("zh", LATEST)}
    same_date = [(full_text(t), full_text(zh_by_number[t.number])) for t in en_latest if t.number in zh_by_number]
    lexicon = learn_lexicon(same_date, "en", "zh-Hans")  # what the build learns from a same-date pair
    mapping = align(r("zh", "2024-02-06"), en_latest, old_lang="zh-Hans", new_lang="en").matched
    cases = [
        ("EN 2025-11-14 -> EN 2026-04-17", lambda: align(r("en", "2025-11-14"), en_latest), "≤ 1 s"),
        ("EN 2024-02-06 -> EN 2026-04-17", lambda: align(r("en", "2024-02-06"), en_latest), "≤ 1 s"),
        ("EN 2020-11-20 -> EN 2026-04-17", lambda: align(r("en", "2020-11-20"), en_latest), "≤ 1 s"),
        ("ZH 2022-06-10 -> EN 2026-04-17",
         lambda: align(r("zh", "2022-06-10"), en_latest, old_lang="zh-Hans", new_lang="en"), "≤ 1 s"),
        ("ZH 2024-02-06 -> EN 2026-04-17",
         lambda: align(r("zh", "2024-02-06"), en_latest, old_lang="zh-Hans", new_lang="en"), "≤ 1 s"),
        ("ZH 2026-04-17 = EN 2026-04-17 (by number)",
         lambda: pair_by_number(r("zh", LATEST), en_latest, old_lang="zh-Hans"), "-"),
        ("diff EN 2021-04-19 -> EN 2026-04-17", lambda: diff(r("en", "2021-04-19"), en_latest), "≤ 1 s"),
        ("diff EN 2018-10-05 -> EN 2019-01-25", lambda: diff(r("en", "2018-10-05"), r("en", "2019-01-25")), "-"),
        ("glossary EN <-> ZH 2026-04-17 (lexicon learned)",
         lambda: align_glossary(en_doc.glossary, zh_doc.glossary, left_rules=en_doc.rules, right_rules=zh_doc.rules),
         "< 1 s"),
        ("glossary EN <-> ZH 2026-04-17 (the build's lexicon)",
         lambda: align_glossary(en_doc.glossary, zh_doc.glossary, left_rules=en_doc.rules, right_rules=zh_doc.rules,
                                lexicon=lexicon), "< 1 s"),
        ("glossary EN 2026-04-17 <-> ZH 2024-02-06 (rule mapping)",
         lambda: align_glossary(en_doc.glossary, docs["zh", "2024-02-06"].glossary, mapping,
                                left_rules=en_doc.rules, right_rules=docs["zh", "2024-02-06"].rules), "< 1 s"),
    ]
    rows = []
    for name, fn, target in cases:
        times = timed(fn, runs)
        rows.append((name, ms(median(times)), ms(min(times)), target))
    rows.append(every_chinese_edition(root, en_latest))
    print(f"alignment and diff, median of {runs} runs (parsing excluded; about 3,300 texts a side)\n")
    print(table(rows, ("case", "median", "best", "target")))


def every_chinese_edition(root: Path, en_latest: list[RuleText]) -> tuple[str, str, str, str]:
    """Each Chinese edition held aligned once to the newest English one: the median
    and the slowest (in the "best" column), so no edition hides above the target."""
    times = []
    for path in sorted((root / "cr" / "zh").glob("CR-zh-Hans-*.txt")):
        old = rules(ingest(read_source(path)))
        times += timed(partial(align, old, en_latest, old_lang="zh-Hans", new_lang="en"), 1)
    return (f"each of the {len(times)} ZH editions -> EN {LATEST} (1 run; slowest in 'best')",
            ms(median(times)), ms(max(times)), "≤ 1 s")


if __name__ == "__main__":
    main()
