"""``kb ask`` on judge questions: is a rule the question expects quoted first (a@1),
or among the rules quoted (a@3)?  The engine's order beside the sentence-level
rerank (most question terms in one sentence first, the engine's rank breaking ties)
and the rule the others cite first.

    .venv/bin/python benchmarks/bench_ask.py KB_HOME [QUESTIONS.tsv]

QUESTIONS.tsv: a question set as ``quality.load_questions`` reads it;
default ``benchmarks/questions.tsv``.  A quoted rule counts when it is an expected
rule or under one.  Four orders: the engine's; the sentence rerank (``RERANK``); the
rerank then the cited rule first (``SOURCE_FIRST``); the cited rule first alone (what
``kb ask`` did from session 8 to 32); the order in use is marked ``*`` (the engine's since
session 33).  Then the glossary entry quoted above the
rules (``DEFINITION``): the search's best entry always ("always"), the best entry only when the
question names it ("best"), the search's first entry beside its results, which it shows only when
the question names it (what ``kb ask`` does since session 32: "shown*"): entries quoted, the share
to the point (citing a rule the question expects, or one above or under it) and the questions with
one to the point.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from quality import Definitions, answers, load_questions

from indexers import engine
from kb.core.errors import KbError
from kb.views import ask as ask_view
from kb.views.search import Session

#: name -> (RERANK, SOURCE_FIRST)
ORDERS = {"engine": (False, False), "rerank": (True, False), "rr+src": (True, True), "source": (False, True)}


def main() -> None:
    kept = (ask_view.RERANK, ask_view.SOURCE_FIRST)
    home = Path(sys.argv[1])
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).with_name("questions.tsv")
    rows = [(q.lang, q.text, q.expected) for q in load_questions(path)]
    table: dict[tuple[str, str], list[int]] = {}
    times: list[float] = []
    entries: dict[tuple[str, str], Definitions] = {}
    with Session(home) as session:
        for lang, question, expected in rows:
            for order, (rerank, source_first) in ORDERS.items():
                ask_view.RERANK, ask_view.SOURCE_FIRST = rerank, source_first
                started = time.perf_counter()
                try:
                    answer = ask_view.ask(session, question)
                except KbError:
                    answer = None
                times.append(time.perf_counter() - started)
                rules = [a.rule for a in answer.answers] if answer else []
                if (rerank, source_first) == kept:
                    outcome = answer.search.outcome if answer else None
                    groups = outcome.definitions if outcome else []
                    best = [groups[0].hits[0].cites] if groups else []
                    asked = engine.query_words(outcome.plan) if outcome else {}
                    entries.setdefault((lang, "always"), Definitions()).add(best, expected)
                    entries.setdefault((lang, "best"), Definitions()).add(
                        best if groups and engine.names(groups[0], asked) else [], expected)
                    quoted = [groups[d.rank - 1].hits[0].cites for d in answer.definitions  # the entry a pointer
                              if not d.lead] if answer else []  # leads to cites what the pointer cites
                    entries.setdefault((lang, "shown*"), Definitions()).add(quoted, expected)
                first = int(bool(rules) and answers(rules[0], expected))
                anywhere = int(any(answers(r, expected) for r in rules))
                table.setdefault((lang, order), []).append(first * 2 + anywhere)
    print(f"{'lang':8} {'order':7} {'n':>4} {'a@1':>6} {'a@3':>6}")
    for (lang, order), marks in sorted(table.items(), key=lambda item: (item[0][0], list(ORDERS).index(item[0][1]))):
        n = len(marks)
        name = order + ("*" if ORDERS[order] == kept else "")
        print(f"{lang:8} {name:7} {n:4} {sum(m >= 2 for m in marks) / n:6.2f} {sum(m % 2 for m in marks) / n:6.2f}")
    print(f"\n{'lang':8} {'entry':7} {'quoted':>6} {'apt':>5}  questions with one to the point")
    for (lang, rule), found in sorted(entries.items()):
        shown, share, answered = found.cells()
        print(f"{lang:8} {rule:7} {shown:>6} {share:>5}  {answered}")
    times.sort()
    print(f"ask in process: p50 {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms ({len(times)} asks)")


if __name__ == "__main__":
    main()
