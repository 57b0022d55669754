"""Card benchmarks: MTGJSON ingestion, linking, card resolution, and the real commands.

Run: ``.venv/bin/python benchmarks/bench_cards.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Targets (issue 5): ingest and link all ten sets ≤ 5 s; a
resolution after loading in milliseconds; ``kb card`` as a fresh process ≤ 0.8 s.  The
last rows time the commands as a user runs them: ``kb build`` of EN 2026-04-17 and the
ten sets (parse, link, store), then ``kb card`` in fresh processes against that KB.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, median, ms, table, timed  # noqa: E402

from kb.core.textio import read_source  # noqa: E402
from kb.graph.cards import CardIndex  # noqa: E402
from kb.graph.linking import Linker  # noqa: E402
from kb.ingest import ingest, mtgjson  # noqa: E402
from kb.ingest.rulings_page import parse as parse_rulings  # noqa: E402

EN = "cr/en/MagicCompRules-2026-04-17.normalized.txt"

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


def kb(home: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """The ``kb`` command in a fresh interpreter, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "kb", *map(str, args), "--home", str(home)], capture_output=True,
                          text=True, cwd=REPO)


def card(home: Path, query: str) -> str:
    """The card ``kb card`` resolves ``query`` to, or "" when it exits 1 (weak evidence)."""
    done = kb(home, "card", query, "--json")
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr)
    data = json.loads(done.stdout)
    return data["card"]["name"] if data["resolved"] else ""


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
        rows.append((label, short(median(timed(partial(index.resolve, query, given), 51))), "ms"))
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        sources = (root / EN, root / "cards")

        def build() -> None:
            done = kb(home, "build", *sources)
            if done.returncode:
                raise RuntimeError(done.stderr)

        rows.append(("kb build EN 2026-04-17 + ten sets (fresh process)", ms(median(timed(build, 5))), "≤ 5000 ms"))
        for label, query, expected in (
            ("kb card, exact Chinese name (基克斯掌偶米斯拉)", "基克斯掌偶米斯拉", "Mishra, Claimed by Gix"),
            ("kb card, exact Italian name", "Mishra, Rivendicato da Gix", "Mishra, Claimed by Gix"),
            ("kb card, misspelled English name (fuzzy)", "Mishra Claimed by Gics", "Mishra, Claimed by Gix"),
            ("kb card, unknown Chinese title (weak, exit 1)", "非瑞克西亚龙引擎", ""),
        ):
            answer = card(home, query)
            assert answer.startswith(expected) and bool(answer) == bool(expected), (query, answer)
            rows.append((label, ms(median(timed(partial(card, home, query), 7))), "≤ 800 ms"))
        interpreter = timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 7)
        rows.append(("  (a bare interpreter start, for comparison)", ms(median(interpreter)), ""))
    print(table(rows, ("benchmark (median)", "result", "target")))
    print(f"\nrulings linked to at least one rule: {linked}/{len(rulings)} = {linked / len(rulings):.1%}")


if __name__ == "__main__":
    main()
