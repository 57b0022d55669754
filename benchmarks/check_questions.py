"""Check benchmarks/questions.tsv against the 2026-04-17 English rules, parsed by kb itself.

Every expected number must be a rule of that edition (a glossary entry has no number, so it
cannot be one) and of the Chinese edition of the same date, which Chinese questions are
answered from; every line must have the four columns and a known language; no question may
repeat within a language. Prints the counts per language and exits 1 on any problem, so a
renumbered or mistyped target is caught before it silently spoils the search benchmark.

    KB_CORPORA=/work/shared/corpora python benchmarks/check_questions.py [questions.tsv] [--show]

``--show`` prints each question with the start of each expected rule's English text, for
reading the set through by eye.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import corpora  # noqa: E402

from kb.core.rulenum import RuleNumber, RuleNumberError  # noqa: E402
from kb.core.textio import read_source  # noqa: E402
from kb.ingest import ingest  # noqa: E402

HEADER = ["lang", "question", "expected", "note"]
LANGS = ("en", "zh-Hans", "it")
EDITION = "cr/en/MagicCompRules-2026-04-17.normalized.txt"
CHINESE = "cr/zh/CR-zh-Hans-2026-04-17.txt"
FLOORS = {"en": 80, "zh-Hans": 50, "it": 40}


def rules_of_edition(path: Path) -> dict[RuleNumber, str]:
    """Number -> title and body of each rule, as kb's own ingester reads the edition."""
    doc = ingest(read_source(path))
    return {rule.number: " ".join(filter(None, [rule.title, rule.body])) for rule in doc.rules}


def check_line(lineno: int, line: str, rules: dict[RuleNumber, str],
               chinese: dict[RuleNumber, str]) -> tuple[list[str], tuple[str, str] | None]:
    """Problems on one data line, and its (lang, question) when it is well formed."""
    fields = line.split("\t")
    if len(fields) != 4:
        return [f"line {lineno}: {len(fields)} tab-separated fields, expected 4"], None
    lang, question, expected, _note = fields
    problems = []
    if lang not in LANGS:
        problems.append(f"line {lineno}: unknown language {lang!r}")
    if not question.strip() or question != question.strip():
        problems.append(f"line {lineno}: empty question or stray spaces around it")
    if any(f.startswith('"') for f in fields):
        problems.append(f"line {lineno}: a field starts with a quote (a csv reader would unquote it)")
    numbers = expected.split(" ")
    if not expected or any(not n for n in numbers):
        problems.append(f"line {lineno}: expected must be rule numbers separated by single spaces")
    for text in numbers:
        try:
            number = RuleNumber.parse(text)
        except RuleNumberError as error:
            problems.append(f"line {lineno}: {text!r} is not a rule number ({error})")
            continue
        if str(number) != text:
            problems.append(f"line {lineno}: {text!r} is not written as kb writes it ({number})")
        if number not in rules:
            problems.append(f"line {lineno}: {text} is not a rule of the 2026-04-17 English edition")
        elif number not in chinese:
            problems.append(f"line {lineno}: {text} is not a rule of the 2026-04-17 Chinese edition")
    return problems, (lang, question)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Check a question set's expected rule numbers against the "
                                                 "2026-04-17 English and Chinese editions.")
    parser.add_argument("tsv", nargs="?", type=Path, default=Path(__file__).with_name("questions.tsv"))
    parser.add_argument("--show", action="store_true", help="print each question with its expected rules' texts")
    args = parser.parse_args(argv)
    tsv, show = args.tsv, args.show
    if not tsv.is_file():
        print(f"check_questions: no question file {tsv}", file=sys.stderr)
        return 2
    rules = rules_of_edition(corpora() / EDITION)
    chinese = rules_of_edition(corpora() / CHINESE)
    lines = tsv.read_text(encoding="utf-8").split("\n")
    problems = [] if lines[0].split("\t") == HEADER else [f"line 1: header must be {HEADER}"]
    seen: Counter[tuple[str, str]] = Counter()
    for lineno, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        found, key = check_line(lineno, line, rules, chinese)
        problems += found
        if key:
            seen[key] += 1
            if seen[key] == 2:
                problems.append(f"line {lineno}: question repeated in {key[0]}: {key[1]!r}")
            if show and not found:
                print(f"{key[0]:7} {key[1]}")
                for text in line.split("\t")[2].split(" "):
                    print(f"        {text}: {rules[RuleNumber.parse(text)][:150]}")
    counts = Counter(lang for lang, _ in seen.elements())
    for lang in LANGS:
        floor = "" if counts[lang] >= FLOORS[lang] else f"  (below the brief's {FLOORS[lang]})"
        print(f"{lang:8} {counts[lang]:4} questions{floor}")
    for problem in problems:
        print(f"{tsv}: {problem}", file=sys.stderr)
    verdict = "OK: every expected number is a rule of the 2026-04-17 English and Chinese editions"
    print(verdict if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
