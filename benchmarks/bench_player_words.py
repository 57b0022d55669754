"""Check the player-word table against the rules it points at.

Run: ``python benchmarks/bench_player_words.py [--lang en|zh-Hans] [--pairs FILE] [--cr FILE] [--all]``.
For each pair of ``kb/align/term_lists/en-players.tsv`` it says whether every content
word of the rules side is a word of the 2026-04-17 Comprehensive Rules (Snowball
English stems, as the search index compares words), how many rules hold them all
together, and in how many they also stand in a row as a phrase; with ``--all`` every
pair is listed, otherwise only those failing.  Then the player words the CR already
uses, as typed or through a word of the same stem (such a line is worth keeping only
when the CR uses the word in another sense, or only as a former name), the pairs
that add nothing, and the totals.  Exit status 1 when a pair fails or adds nothing.
Needs only the repository (the CR is in ``corpus/``).

With ``--lang zh-Hans`` it checks ``kb/align/term_lists/zh-players.tsv`` against the Chinese
CR of 2026-04-17 (``player_words_zh.py``): whether each rules string is a run of the
Chinese text, which rules hold all of a pair's strings, whether the player's word stands
in those rules in its own right (then the rules use it for the same thing: a failure),
and where the Chinese CR writes each player word at all.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import player_words_zh as zh  # noqa: E402
from _common import table  # noqa: E402
from player_words import (  # noqa: E402
    CR,
    PAIRS,
    Rules,
    Uses,
    Verdict,
    echoes,
    judge_all,
    read_pairs,
    read_rules,
    uses,
)


def _few(names: tuple[str, ...], limit: int = 4) -> str:
    more = f" (+{len(names) - limit})" if len(names) > limit else ""
    return " ".join(names[:limit]) + more


def _row(v: Verdict) -> tuple[str, ...]:
    return (str(v.pair.line), v.pair.player, v.pair.rules, " ".join(v.stems),
            "yes" if not v.missing else "no: " + " ".join(v.missing),
            f"{len(v.holding)}" + (f" ({_few(v.holding, 3)})" if v.holding else ""), f"{len(v.verbatim)}")


def _print_uses(verdicts: list[Verdict], cr: Rules) -> list[Uses]:
    """The player words the CR already uses, with the rules side of their first line."""
    first_rules: dict[str, str] = {}
    for v in verdicts:
        first_rules.setdefault(v.pair.player, v.pair.rules)
    found = [u for u in (uses(player, cr) for player in first_rules) if u.any]
    print(f"\nplayer words the CR itself uses ({len(found)}): as typed (whole words), or their stems in a row:")
    if found:
        rows = [(u.player, first_rules[u.player],
                 *(f"{len(f)} {_few(f, 3)}".strip() for f in
                   (u.typed_in_rules, u.typed_in_glossary, u.stems_in_rules, u.stems_in_glossary)))
                for u in found]
        print(table(rows, ("player", "rules side (first line)", "typed: rules", "typed: glossary",
                           "stems: rules", "stems: glossary")))
    return found


def _zh_row(v: zh.Verdict, own: tuple[str, ...]) -> tuple[str, ...]:
    return (str(v.pair.line), v.pair.player, v.pair.rules,
            "yes" if not v.missing else "no: " + " ".join(v.missing),
            f"{len(v.holding)}" + (f" ({_few(v.holding, 3)})" if v.holding else ""),
            _few(own, 3) if own else "-")


def main_zh(pairs_path: Path, cr_path: Path, show_all: bool) -> int:
    """The Chinese report: per pair, totals, and the player words the CR writes."""
    start = time.perf_counter()
    pairs = zh.read_pairs(pairs_path)
    cr = zh.read_rules(cr_path)
    verdicts = zh.judge_all(pairs, cr)
    own = {v.pair.line: zh.same_sense(v, cr) for v in verdicts}
    seconds = time.perf_counter() - start

    def good(v: zh.Verdict) -> bool:
        return v.ok and not own[v.pair.line]

    shown = verdicts if show_all else [v for v in verdicts if not good(v)]
    print(f"{'all pairs' if show_all else 'failing pairs'} ({len(shown)}):")
    if shown:
        print(table([_zh_row(v, own[v.pair.line]) for v in shown],
                    ("line", "player", "rules", "every string in CR", "rules holding all",
                     "player word in those rules")))

    first_rules: dict[str, str] = {}
    for v in verdicts:
        first_rules.setdefault(v.pair.player, v.pair.rules)
    found = [u for u in (zh.uses(player, cr) for player in first_rules) if u.any]
    print(f"\nplayer words the Chinese CR itself writes ({len(found)}): anywhere, and in its own right"
          " (outside longer glossary words and names printed with their English):")
    if found:
        print(table([(u.player, first_rules[u.player], u.headword or "-",
                      *(f"{len(f)} {_few(f, 3)}".strip() for f in
                        (u.typed_in_rules, u.bare_in_rules, u.typed_in_glossary)))
                     for u in found],
                    ("player", "rules side (first line)", "glossary headword", "in rules", "own right",
                     "in glossary")))

    echoing = zh.echoes(pairs)
    print(f"\npairs adding nothing (player word inside its rules string, or a repeated line) ({len(echoing)}):")
    for pair in echoing:
        print(f"  line {pair.line}: {pair.player!r} -> {pair.rules!r}")

    players = {v.pair.player for v in verdicts}
    print(f"\n{len(verdicts)} pairs, {len(players)} player words; {len(cr.rules)} rules, "
          f"{len(cr.glossary)} glossary entries (read and checked in {seconds:.2f} s)")
    print(table([
        ("every rules string is a run of the CR", f"{sum(1 for v in verdicts if not v.missing)}/{len(verdicts)}"),
        ("the rules strings stand together in a rule", f"{sum(1 for v in verdicts if v.holding)}/{len(verdicts)}"),
        ("... and the player word is not in those rules", f"{sum(1 for v in verdicts if good(v))}/{len(verdicts)}"),
        ("player word anywhere in the rules text", f"{sum(1 for u in found if u.typed_in_rules)}"),
        ("... in its own right", f"{sum(1 for u in found if u.bare_in_rules)}"),
        ("player word in the glossary only", f"{sum(1 for u in found if not u.typed_in_rules)}"),
        ("player word a former name (obsolete headword)", f"{sum(1 for u in found if u.headword == 'obsolete')}"),
        ("player word a current headword", f"{sum(1 for u in found if u.headword == 'current')}"),
        ("pairs adding nothing", f"{len(echoing)}"),
    ], ("check", "count")))
    return 0 if all(good(v) for v in verdicts) and not echoing else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", choices=("en", "zh-Hans"), default="en")
    parser.add_argument("--pairs", type=Path, help=f"default: {PAIRS.name}, or {zh.PAIRS.name} for zh-Hans")
    parser.add_argument("--cr", type=Path, help=f"default: {CR.name}, or {zh.CR.name} for zh-Hans")
    parser.add_argument("--all", action="store_true", help="list every pair, not only the failing ones")
    args = parser.parse_args(argv)
    if args.lang == "zh-Hans":
        return main_zh(args.pairs or zh.PAIRS, args.cr or zh.CR, args.all)
    args.pairs = args.pairs or PAIRS
    args.cr = args.cr or CR

    start = time.perf_counter()
    pairs = read_pairs(args.pairs)
    cr = read_rules(args.cr)
    verdicts = judge_all(pairs, cr)
    seconds = time.perf_counter() - start

    shown = verdicts if args.all else [v for v in verdicts if not v.ok]
    print(f"{'all pairs' if args.all else 'failing pairs'} ({len(shown)}):")
    if shown:
        print(table([_row(v) for v in shown],
                    ("line", "player", "rules", "stems", "all words in CR", "rules holding all", "in a row")))

    found = _print_uses(verdicts, cr)

    echoing = echoes(pairs)
    print(f"\npairs adding nothing (player side stems as the rules side, or as an earlier pair) ({len(echoing)}):")
    for pair in echoing:
        print(f"  line {pair.line}: {pair.player!r} -> {pair.rules!r}")

    players = {v.pair.player for v in verdicts}
    print(f"\n{len(verdicts)} pairs, {len(players)} player words; {len(cr.rules)} rules, "
          f"{len(cr.glossary)} glossary entries (read and checked in {seconds:.2f} s)")
    print(table([
        ("every rules word is a CR word", f"{sum(1 for v in verdicts if v.stems and not v.missing)}/{len(verdicts)}"),
        ("the rules words stand together in a rule", f"{sum(1 for v in verdicts if v.holding)}/{len(verdicts)}"),
        ("... in a row, as a phrase of the rule", f"{sum(1 for v in verdicts if v.verbatim)}/{len(verdicts)}"),
        ("player word, as typed, in the rules text", f"{sum(1 for u in found if u.typed_in_rules)}"),
        ("player word, as typed, in the glossary only",
         f"{sum(1 for u in found if not u.typed_in_rules and u.typed_in_glossary)}"),
        ("player word's stems only (another word)",
         f"{sum(1 for u in found if not u.typed_in_rules and not u.typed_in_glossary)}"),
        ("pairs adding nothing", f"{len(echoing)}"),
    ], ("check", "count")))
    return 0 if all(v.ok for v in verdicts) and not echoing else 1


if __name__ == "__main__":
    sys.exit(main())
