"""How right the learned word translations are: precision and coverage against gold.

Run: ``.venv/bin/python benchmarks/bench_lexicon.py [--home KB_HOME]`` (needs ``$KB_CORPORA``).
Without ``--home`` it builds, in a temporary folder, the KB of the seeds, EN and ZH
2026-04-17 and the ten card sets.  The gold and the measure are described in
``benchmarks/lexicon_quality.py``: the aligned glossaries' headword pairs (EN <-> ZH,
paired on the rules they cite) and the keyword names printed on cards (EN <-> ZH,
EN <-> IT; lexicons learned from cards are measured on sets they did not see).

Each row gives precision (right translations / translations given), coverage (gold
pairs given any translation) and recall (pairs given a right one), with every entry
(``all``) and with the thresholds search applies (``used``,
:data:`indexers.translate.THRESHOLDS`).  The bucket tables below say how precision
grows with an entry's strength and support: the thresholds are read from them.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, table  # noqa: E402
from lexicon_quality import (  # noqa: E402
    NO_THRESHOLD,
    STRENGTH_BUCKETS,
    SUPPORT_BUCKETS,
    Edge,
    Gold,
    Tally,
    flipped,
    glossary_gold,
    keyword_names,
    keyword_pairs,
    measure,
    only,
    voted,
)

from indexers.translate import Translator  # noqa: E402
from kb.align import card_lexicon  # noqa: E402
from kb.align.lexicon import Lexicon  # noqa: E402
from kb.ingest import mtgjson  # noqa: E402
from kb.store import rules as store  # noqa: E402

ZH, IT = "zh-Hans", "it"
SOURCES = ("cr/en/MagicCompRules-2026-04-17.normalized.txt", "cr/zh/CR-zh-Hans-2026-04-17.txt", "cards")


def build_kb(root: Path, home: Path) -> None:
    from kb.build import build

    build([REPO / "corpus", *(root / s for s in SOURCES)], home)


class Folds:
    """The card lexicons learned without one set each, with that set's keyword gold."""

    def __init__(self, root: Path) -> None:
        self.files = mtgjson.find_files(root / "cards")
        self.cards = [mtgjson.load(path).cards for path in self.files]
        keywords = keyword_names(self.files)
        self.gold = {lang: [voted(keyword_pairs(path, keywords, lang), lang) for path in self.files]
                     for lang in (ZH, IT)}
        self.learned: list[list[Lexicon]] = []
        for k in range(len(self.files)):
            seen = [card for n, cards in enumerate(self.cards) if n != k for card in cards]
            self.learned.append(list(card_lexicon.learn(seen, {ZH, IT, "en"}).values()))

    def all_gold(self, lang: str) -> list[Gold]:
        return [g for fold in self.gold[lang] for g in fold]

    def pivot_gold(self, k: int) -> list[Gold]:
        """Chinese keyword name -> Italian, joined through their English keyword."""
        italian = {g.source: g.target for g in self.gold[IT][k]}
        return [Gold(g.target, italian[g.source], ZH, IT) for g in self.gold[ZH][k] if g.source in italian]

    def measure(self, lexicons: Callable[[int], list[Lexicon]], golds: Callable[[int], list[Gold]],
                thresholds: object = None) -> Tally:
        total = Tally()
        for k in range(len(self.files)):
            total.add(measure(Translator(lexicons(k), thresholds), golds(k)))  # type: ignore[arg-type]
        return total


def row(name: str, before: Tally, after: Tally) -> tuple[str, ...]:
    return (name, str(before.pairs), f"{before.precision:.3f}", f"{before.coverage:.3f}", f"{before.recall:.3f}",
            f"{after.precision:.3f}", f"{after.coverage:.3f}", f"{after.recall:.3f}")


def buckets(name: str, counts: Counter[tuple[Edge, bool]], edges: Iterable[Edge]) -> tuple[str, ...]:
    cells: list[str] = []
    for edge in edges:
        good, bad = counts[edge, True], counts[edge, False]
        cells.append(f"{good / (good + bad):.2f} ({good + bad})" if good + bad else "-")
    return (name, *cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--home", type=Path, help="a KB built as described above (else one is built)")
    parser.add_argument("--wrong", type=int, default=0, help="list this many wrong translations per row")
    args = parser.parse_args()
    root = corpora()
    with tempfile.TemporaryDirectory() as tmp:
        home = args.home
        if home is None:
            home = Path(tmp)
            build_kb(root, home)
        conn = sqlite3.connect(store.db_path(home))
        lexicons = store.lexicons(conn)
        glossary = glossary_gold(store.glossary_pairs(conn, ZH), ZH)
        conn.close()
    folds = Folds(root)
    learned = [lex for lex in lexicons if lex.origin != "glossary"]
    official = only(lexicons, "glossary")
    rules, cards = only(lexicons, "rules"), only(lexicons, "cards")
    keywords_zh = folds.all_gold(ZH)

    def both(lexs: Iterable[Lexicon], golds: list[Gold]) -> tuple[Tally, Tally]:
        lexs = list(lexs)
        return measure(Translator(lexs, NO_THRESHOLD), golds), measure(Translator(lexs), golds)

    def by_fold(lexs: Callable[[int], list[Lexicon]], golds: Callable[[int], list[Gold]]) -> tuple[Tally, Tally]:
        return folds.measure(lexs, golds, NO_THRESHOLD), folds.measure(lexs, golds)

    measured: dict[str, tuple[Tally, Tally]] = {
        "rules  EN→ZH · glossary": both(rules, glossary),
        "rules  ZH→EN · glossary": both(rules, flipped(glossary)),
        "cards  EN→ZH · glossary": both(cards, glossary),
        "cards  ZH→EN · glossary": both(cards, flipped(glossary)),
        "rules  EN→ZH · keywords": both(rules, keywords_zh),
        "rules  ZH→EN · keywords": both(rules, flipped(keywords_zh)),
        "cards  EN→ZH · keywords, held-out set": by_fold(lambda k: only(folds.learned[k], "cards"),
                                                        lambda k: [g for g in folds.gold[ZH][k] if g.dst == ZH]),
        "cards  ZH→EN · keywords, held-out set": by_fold(lambda k: only(folds.learned[k], "cards"),
                                                        lambda k: flipped(folds.gold[ZH][k])),
        "cards  EN→IT · keywords, held-out set": by_fold(lambda k: only(folds.learned[k], "cards"),
                                                        lambda k: folds.gold[IT][k]),
        "cards  IT→EN · keywords, held-out set": by_fold(lambda k: only(folds.learned[k], "cards"),
                                                        lambda k: flipped(folds.gold[IT][k])),
        "search EN→ZH · glossary (learned only)": both(learned, glossary),
        "search ZH→EN · glossary (learned only)": both(learned, flipped(glossary)),
        "search EN→ZH · keywords, held-out set": by_fold(lambda k: [*official, *rules, *folds.learned[k]],
                                                        lambda k: folds.gold[ZH][k]),
        "search ZH→EN · keywords, held-out set": by_fold(lambda k: [*official, *rules, *folds.learned[k]],
                                                        lambda k: flipped(folds.gold[ZH][k])),
        "search EN→IT · keywords, held-out set": by_fold(lambda k: [*official, *rules, *folds.learned[k]],
                                                        lambda k: folds.gold[IT][k]),
        "search IT→EN · keywords, held-out set": by_fold(lambda k: [*official, *rules, *folds.learned[k]],
                                                        lambda k: flipped(folds.gold[IT][k])),
        "search ZH→IT · keywords, held-out set": by_fold(lambda k: [*official, *rules, *folds.learned[k]],
                                                        folds.pivot_gold),
    }
    header = ("lexicon, direction · gold", "pairs", "all P", "all cov", "all rec", "used P", "used cov", "used rec")
    print(table([row(name, *tallies) for name, tallies in measured.items()], header))
    learned_rows = [(name, before) for name, (before, _) in measured.items() if not name.startswith("search")]
    print("\nPrecision by strength (every entry; cell: precision (translations) in [edge, next edge)):")
    print(table([buckets(name, t.by_strength, STRENGTH_BUCKETS) for name, t in learned_rows],
                ("lexicon, direction · gold", *(f"≥{e}" for e in STRENGTH_BUCKETS))))
    print("\nPrecision by support (aligned pairs holding both terms; 0: not counted):")
    print(table([buckets(name, t.by_support, SUPPORT_BUCKETS) for name, t in learned_rows],
                ("lexicon, direction · gold", *(f"≥{e}" for e in SUPPORT_BUCKETS))))
    if args.wrong:
        for name, (_, after) in measured.items():
            print(f"\n{name}: wrong, used ({len(after.wrong)}): {after.wrong[:args.wrong]}")


if __name__ == "__main__":
    main()
