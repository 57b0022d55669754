"""The one box's name matching: how many misspelled names it takes to the right
rules, how many to wrong ones, and how many free-text questions it takes for a name,
for several similarity thresholds (``kb.views.onebox.NAME_FUZZY``).

    .venv/bin/python benchmarks/bench_onebox.py KB_HOME [QUESTIONS.tsv]

Misspellings: for every English glossary headword and heading of at least
``NAME_MIN_FUZZY`` letters, four one-edit typos made at its middle (a letter
dropped, two swapped, one doubled, one replaced by its QWERTY neighbour), plus
two-edit typos (a letter dropped and one replaced, as "deaftouch").  Free text: the
questions of QUESTIONS.tsv (default ``benchmarks/questions.tsv``).  Names as asked: each
official Italian name we list alone, each English term as "X rules", each Italian name as
"regole del X" (the box should read the English term).  Cards named inside lower-case questions
(``benchmarks/cards_in_questions.tsv``: English, Italian, Chinese; names of the default KB's set),
and the free-text questions in lower case taken for a card.  Also prints the time to classify a
query in process (everything loaded).
"""

from __future__ import annotations

import statistics
import sys
import time
from contextlib import closing
from pathlib import Path

from quality import load_questions

from indexers.index import newest_editions
from kb.graph.names import NameEntry
from kb.store import cards as card_store
from kb.store import rules as store
from kb.views import onebox

NEIGHBOUR = dict(zip("qwertyuiopasdfghjklzxcvbnm", "wertyuiopqsdfghjklaxcvbnmz", strict=True))


def typos(word: str) -> list[str]:
    m = len(word) // 2
    out = [word[:m] + word[m + 1:], word[:m - 1] + word[m] + word[m - 1] + word[m + 1:], word[:m] + word[m] + word[m:]]
    if word[m] in NEIGHBOUR:
        out.append(word[:m] + NEIGHBOUR[word[m]] + word[m + 1:])
        if m + 2 < len(word) and word[m + 1] in NEIGHBOUR:
            out.append(word[:m] + NEIGHBOUR[word[m]] + word[m + 2:])
    return [t for t in dict.fromkeys(out) if t != word]


def questions(path: Path) -> list[str]:
    return [q.text for q in load_questions(path)]


#: The official Italian names we list (kb/align/term_lists/it.tsv), each beside its English term.
ITALIAN = Path(__file__).resolve().parents[1] / "kb" / "align" / "term_lists" / "it.tsv"


def asked_about(box: onebox.OneBox) -> None:
    """Names as players type them: each Italian official name alone, each English term asked
    about ("X rules") and each Italian name likewise ("regole del X"); the box should read
    the English term (right), another name (other) or none."""
    rows = [line.split("\t") for line in ITALIAN.read_text(encoding="utf-8").splitlines()[1:]]
    pairs = [(row[0], row[1]) for row in rows if len(row) == 2 and not row[0].startswith("#")]
    print(f"\nnames as asked ({len(pairs)} English terms and their official Italian names, {ITALIAN.name})")
    print(f"{'query':>18} {'right':>7} {'other':>7} {'none':>7}")
    for label, form in (("Italian name", lambda en, it: it), ("X rules", lambda en, it: f"{en} rules"),
                        ("regole del X", lambda en, it: f"regole del {it}")):
        right = other = 0
        for english, italian in pairs:
            found = box.term(form(english, italian))
            if found is not None:
                hit = english.casefold() in (found.name.casefold(), (found.term or "").casefold())
                right += hit
                other += not hit
        n = len(pairs)
        print(f"{label:>18} {right / n:7.3f} {other / n:7.3f} {(n - right - other) / n:7.3f}")


#: Lower-case questions naming a card of the default KB (question, the card's English name).
CARDS_IN_QUESTIONS = Path(__file__).with_name("cards_in_questions.tsv")


def named_inside(box: onebox.OneBox, free: list[str]) -> None:
    """Cards named inside lower-case questions: read as their card (right), as another (wrong), or
    none; and the free-text questions typed in lower case taken for a card."""
    lines = [line.split("\t") for line in CARDS_IN_QUESTIONS.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")][1:]
    right = wrong = 0
    for question, card in lines:
        found = [match.card for match in box.cards(question)]
        right += found[:1] == [card]
        wrong += bool(found) and found[:1] != [card]
    print(f"\ncards in lower-case questions ({len(lines)}, {CARDS_IN_QUESTIONS.name}):"
          f" right {right}, wrong {wrong}, none {len(lines) - right - wrong}")
    taken = [q for q in free if box.cards(q.lower())]
    print(f"free-text questions in lower case taken for a card: {len(taken)} of {len(free)} {taken}")


def main() -> None:
    home = Path(sys.argv[1])
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).with_name("questions.tsv")
    free = questions(path)
    with closing(store.connect(home)) as conn:
        box = onebox.OneBox(conn, newest_editions(conn))
        names = {key: {r for e in entries for r in e.rules} for key, entries in box.names.items()
                 if any(e.lang == "en" and e.rules for e in entries) and key.isascii()
                 and len(key) >= onebox.NAME_MIN_FUZZY}
        cases = [(typo, rules) for key, rules in names.items() for typo in typos(key) if typo not in box.names]
        print(f"{len(names)} English names, {len(cases)} misspellings, {len(free)} free-text questions")
        print(f"{'threshold':>9} {'right':>7} {'wrong':>7} {'none':>7} {'questions taken':>16}")
        for threshold in (70.0, 75.0, 80.0, 85.0, 90.0):
            onebox.NAME_FUZZY = threshold
            right = wrong = 0
            for typo, rules in cases:
                found = box.term(typo)
                if found is not None:
                    right += set(found.rules) == rules
                    wrong += set(found.rules) != rules
            taken = sum(1 for q in free if (t := box.term(q)) is not None and not t.exact)
            n = len(cases)
            print(f"{threshold:9.0f} {right / n:7.3f} {wrong / n:7.3f} {(n - right - wrong) / n:7.3f}"
                  f" {taken:8} of {len(free)}")
        onebox.NAME_FUZZY = 80.0
        asked_about(box)
        card_names: dict[str, list[NameEntry]] = {}
        for entry in card_store.all_names(conn):
            card_names.setdefault(entry.key, []).append(entry)
        cards = sorted({e.card: key for key, entries in card_names.items() for e in entries
                        if e.lang == "en" and key.isascii() and len(key) >= onebox.NAME_MIN_FUZZY}.items())[::5]
        card_cases = [(typo, card) for card, key in cards for typo in typos(key) if typo not in card_names]
        print(f"\ncards: {len(card_cases)} misspellings of {len(cards)} English card names (every fifth)")
        print(f"{'threshold':>9} {'right':>7} {'wrong':>7} {'none':>7} {'questions taken':>16}")
        for threshold in (85.0, 90.0, 95.0):
            onebox.CARD_FUZZY = threshold
            right = wrong = 0
            for typo, card in card_cases:
                matches = box.cards(typo)
                right += bool(matches) and matches[0].card == card
                wrong += bool(matches) and matches[0].card != card
            taken = sum(1 for q in free if box.cards(q))
            n = len(card_cases)
            print(f"{threshold:9.0f} {right / n:7.3f} {wrong / n:7.3f} {(n - right - wrong) / n:7.3f}"
                  f" {taken:8} of {len(free)}")
        onebox.CARD_FUZZY = 85.0
        named_inside(box, free)
        times = []
        for query in [*free, *(t for t, _ in cases[:300])]:
            started = time.perf_counter()
            box.classify(query)
            times.append(time.perf_counter() - started)
        times.sort()
        print(f"classify in process: p50 {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.2f} ms ({len(times)} queries)")


if __name__ == "__main__":
    main()
