"""Card benchmarks: MTGJSON ingestion, linking, and card resolution.

Run: ``.venv/bin/python benchmarks/bench_cards.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Targets (issue 5): ingest and link all ten sets ≤ 5 s; a
resolution after loading in milliseconds; ``kb card`` as a fresh process ≤ 0.8 s, for
which the last row times a fresh interpreter that resolves names from a precomputed
name index in SQLite (the layout a store can use: the entries of ``NameIndex``).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, median, ms, table, timed  # noqa: E402

from kb.cards import CardIndex  # noqa: E402
from kb.ingest import ingest, mtgjson  # noqa: E402
from kb.ingest.rulings_page import parse as parse_rulings  # noqa: E402
from kb.linking import Linker  # noqa: E402
from kb.textio import read_source  # noqa: E402

EN = "cr/en/MagicCompRules-2026-04-17.normalized.txt"

#: The fresh process: open SQLite, try the exact key, else rapidfuzz over the stored keys.
FRESH = """
import sqlite3, sys
from kb.cards import NameEntry, NameIndex, name_key, resolve
db = sqlite3.connect(sys.argv[1])
key = name_key(sys.argv[2])
rows = db.execute("SELECT key, name, lang, card, face FROM names WHERE key = ?", (key,)).fetchall()
if not rows:
    rows = db.execute("SELECT key, name, lang, card, face FROM names").fetchall()
resolution = resolve(sys.argv[2], NameIndex(NameEntry(*row) for row in rows))
print(resolution.card)
"""


def short(seconds: float) -> str:
    """Milliseconds with enough digits for lookups that take microseconds."""
    return f"{seconds * 1000:.3f} ms" if seconds < 0.01 else ms(seconds)


def ingest_and_link(root: Path, doc: object) -> tuple[CardIndex, Linker, int]:
    files = mtgjson.load_all(mtgjson.find_files(root / "cards"))
    cards = [card for file in files for card in file.cards]
    index = CardIndex.build(cards)
    linker = Linker(doc)  # type: ignore[arg-type]
    linker.mask_names(name for card in cards for name in (card.name, *card.face_names))
    linked = sum(1 for card in cards for ruling in card.rulings if linker.link(ruling.text))
    return index, linker, linked


def name_db(index: CardIndex, path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE names (key TEXT, name TEXT, lang TEXT, card TEXT, face TEXT)")
    db.execute("CREATE INDEX names_key ON names (key)")
    db.executemany("INSERT INTO names VALUES (?, ?, ?, ?, ?)",
                   [(e.key, e.name, e.lang, e.card, e.face) for e in index.names.entries()])
    db.commit()
    db.close()


def fresh(db: Path, query: str) -> str:
    done = subprocess.run([sys.executable, "-c", FRESH, str(db), query], capture_output=True, text=True,
                          check=True, cwd=REPO)
    return done.stdout.strip()


def main() -> None:
    root = corpora()
    parse_cr = timed(lambda: ingest(read_source(root / EN)), 5)
    doc = ingest(read_source(root / EN))
    load = timed(lambda: mtgjson.load_all(mtgjson.find_files(root / "cards")), 5)
    files = mtgjson.load_all(mtgjson.find_files(root / "cards"))
    cards = [card for file in files for card in file.cards]
    build_index = timed(lambda: CardIndex.build(cards), 5)
    build_linker = timed(lambda: Linker(doc), 5)
    index, linker, linked = ingest_and_link(root, doc)
    rulings = [ruling.text for card in cards for ruling in card.rulings]
    link_all = timed(lambda: [linker.link(text) for text in rulings], 5)
    whole = timed(lambda: ingest_and_link(root, doc), 5)
    seed = parse_rulings(read_source(REPO / "corpus" / "003_bb824e3f4851c86c.txt"))
    seed_rulings = [r.text for r in seed.rulings]
    queries = (
        ("resolve an exact Chinese name (基克斯掌偶米斯拉)", "基克斯掌偶米斯拉", ()),
        ("resolve an exact Italian name", "Mishra, Rivendicato da Gix", ()),
        ("resolve a misspelled English name (fuzzy)", "Mishra Claimed by Gics", ()),
        ("resolve an unknown Chinese title (fuzzy, weak)", "非瑞克西亚龙引擎", ()),
        ("resolve seed 003 (title + 19 rulings)", seed.title, seed_rulings),
    )
    rows = [
        ("parse EN 2026-04-17 (read+decode+parse)", ms(median(parse_cr)), ""),
        ("load ten MTGJSON sets", ms(median(load)), ""),
        ("build the card index (names + rulings)", ms(median(build_index)), ""),
        ("build the linker (terms, automaton, phrase index)", ms(median(build_linker)), ""),
        (f"link all {len(rulings)} rulings", ms(median(link_all)), ""),
        ("ingest and link all ten sets (load+index+linker+link)", ms(median(whole)), "≤ 5000 ms"),
        ("  the same with the CR parse", ms(median(whole) + median(parse_cr)), "≤ 5000 ms"),
    ]
    for label, query, given in queries:
        rows.append((label, short(median(timed(lambda q=query, g=given: index.resolve(q, g), 51))), "ms"))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "names.sqlite"
        name_db(index, db)
        for label, query in (("fresh process: exact name from SQLite", "基克斯掌偶米斯拉"),
                             ("fresh process: fuzzy name from SQLite", "Mishra Claimed by Gics")):
            answer = fresh(db, query)
            assert answer.startswith("Mishra, Claimed by Gix"), answer
            rows.append((label, ms(median(timed(lambda q=query: fresh(db, q), 7))), "≤ 800 ms"))
        interpreter = timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 7)
        rows.append(("  (a bare interpreter start, for comparison)", ms(median(interpreter)), ""))
    print(table(rows, ("benchmark (median)", "result", "target")))
    print(f"\nrulings linked to at least one rule: {linked}/{len(rulings)} = {linked / len(rulings):.1%}")


if __name__ == "__main__":
    main()
