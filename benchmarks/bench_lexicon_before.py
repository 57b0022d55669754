"""The measure of ``bench_lexicon.py`` applied to an older version of the code: its
``indexers/translate.py`` and the lexicons of a KB it built -- the "before" of a change.

Run::

    git archive 07e7344 | (mkdir -p /tmp/old && tar -x -C /tmp/old)
    (cd /tmp/old && python -m kb build corpus $KB_CORPORA/cr/en/MagicCompRules-2026-04-17.normalized.txt \\
        $KB_CORPORA/cr/zh/CR-zh-Hans-2026-04-17.txt $KB_CORPORA/cards --home /tmp/old-home)
    .venv/bin/python benchmarks/bench_lexicon_before.py --old-src /tmp/old --old-home /tmp/old-home --home NEW_HOME

The old code merged the card lexicon into the rules lexicon (one row per pair), so the
held-out rows rebuild that: the rules lexicon of ``NEW_HOME`` (learned the same way)
filled from card lexicons learned without the held-out set, without the exclusive step.
"""

from __future__ import annotations

import argparse
import importlib.util
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora, table  # noqa: E402
from bench_lexicon import IT, ZH, Folds  # noqa: E402
from lexicon_quality import Gold, Tally, flipped, glossary_gold, measure, only  # noqa: E402

from indexers.translate import Translation  # noqa: E402
from kb.align import card_lexicon  # noqa: E402
from kb.align.lexicon import Lexicon  # noqa: E402
from kb.align.terms import learn_lexicon  # noqa: E402
from kb.store import rules as store  # noqa: E402


def old_translator_type(src: Path) -> type:
    spec = importlib.util.spec_from_file_location("old_translate", src / "indexers" / "translate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_translate"] = module
    spec.loader.exec_module(module)
    return module.Translator


class Old:
    """The old Translator, answering as the measure asks (every translation it gives is used)."""

    def __init__(self, kind: type, lexicons: list[Lexicon]) -> None:
        self.translator = kind(lexicons)

    def translate_all(self, text: str, src: str, dst: str) -> list[Translation]:
        return [Translation(t.source, t.target, t.strength, t.src, t.dst, t.at)
                for t in self.translator.translate(text, src, dst)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old-src", type=Path, required=True)
    parser.add_argument("--old-home", type=Path, required=True)
    parser.add_argument("--home", type=Path, required=True, help="a KB built by this code (for its gold)")
    args = parser.parse_args()
    kind = old_translator_type(args.old_src)
    conn = sqlite3.connect(store.db_path(args.home))
    lexicons = store.lexicons(conn)
    glossary = glossary_gold(store.glossary_pairs(conn, ZH), ZH)
    conn.close()
    old_conn = sqlite3.connect(store.db_path(args.old_home))
    old_lexicons = store.lexicons(old_conn)
    old_conn.close()
    rules = only(lexicons, "rules")
    folds = Folds(corpora())

    def learned(k: int) -> list[Lexicon]:
        seen = [card for n, cards in enumerate(folds.cards) if n != k for card in cards]
        cards = {lang: learn_lexicon(card_lexicon.text_pairs(seen, lang), "en", lang) for lang in (ZH, IT)}
        return [*(lex for lex in rules if lex.dst != ZH),
                *(lex.filled_from(cards[ZH]) for lex in rules if lex.dst == ZH), cards[IT]]

    per_fold = [learned(k) for k in range(len(folds.files))]

    def by_fold(golds: object) -> Tally:
        total = Tally()
        for k, lexs in enumerate(per_fold):
            total.add(measure(Old(kind, lexs), golds(k)))  # type: ignore[operator,arg-type]
        return total

    def zh(k: int) -> list[Gold]:
        return folds.gold[ZH][k]

    def it(k: int) -> list[Gold]:
        return folds.gold[IT][k]

    rows = {
        "search EN→ZH · glossary (learned only)": measure(Old(kind, old_lexicons), glossary),  # type: ignore[arg-type]
        "search ZH→EN · glossary (learned only)": measure(Old(kind, old_lexicons), flipped(glossary)),  # type: ignore[arg-type]
        "search EN→ZH · keywords, held-out set": by_fold(zh),
        "search ZH→EN · keywords, held-out set": by_fold(lambda k: flipped(zh(k))),
        "search EN→IT · keywords, held-out set": by_fold(it),
        "search IT→EN · keywords, held-out set": by_fold(lambda k: flipped(it(k))),
        "search ZH→IT · keywords, held-out set": by_fold(folds.pivot_gold),
    }
    print(table([(name, str(t.pairs), f"{t.precision:.3f}", f"{t.coverage:.3f}", f"{t.recall:.3f}")
                 for name, t in rows.items()], ("old code, direction · gold", "pairs", "P", "cov", "rec")))


if __name__ == "__main__":
    main()
