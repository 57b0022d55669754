"""One rule across languages and editions, through the real `kb` command (issue 4).

One KB holds the seeds, seven English editions and two Chinese ones; identities,
side-by-side views, diffs and histories are checked against the documents."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from kbrun import kb_here, kb_json_here

from kb.core.rulenum import RuleNumber
from kb.core.textio import read_source
from kb.ingest import ingest


@pytest.fixture(scope="module")
def built(editions_kb: tuple[Path, dict]) -> tuple[Path, dict]:
    """The KB and its JSON build report (conftest's ``editions_kb``, built once per run)."""
    return editions_kb


@pytest.fixture(scope="module")
def home(built: tuple[Path, dict]) -> Path:
    return built[0]


@pytest.fixture(scope="module")
def export(home: Path) -> dict[tuple[str, str | None, str], str]:
    result = kb_here("export", "--json-lines", home=home)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    return {(r["lang"], r["edition"], r["number"]): r["rule"] for r in rows}


def test_italian_seed_takes_the_identity_of_its_english_counterparts(export: dict) -> None:
    italian = {number: rule for (lang, _, number), rule in export.items() if lang == "it"}
    assert len(italian) == 17
    for number, rule in italian.items():
        assert rule == number.replace("729.", "730.", 1), (number, rule)


def test_newest_english_edition_is_its_own_identity(export: dict) -> None:
    newest = {n: r for (lang, edition, n), r in export.items() if (lang, edition) == ("en", "2026-04-17")}
    assert len(newest) > 3000 and all(n == r for n, r in newest.items())


def test_renumbered_rules_get_the_newest_number(export: dict) -> None:
    assert export[("en", "2024-02-02", "509.5")] == "509.3"
    assert export[("zh-Hans", "2024-02-02", "509.5")] == "509.3" if ("zh-Hans", "2024-02-02", "509.5") in export \
        else True
    assert export[("en", "2025-07-25", "729.2")] == "730.2"
    assert export[("zh-Hans", "2022-06-10", "724.2")] == "730.2"  # merge rules were 724 in 2022


def test_undated_seed_is_placed_among_english_editions(built: tuple[Path, dict]) -> None:
    _, report = built
    [italian] = [d for d in report["documents"] if d.get("lang") == "it"]
    assert "2025-07-25" in italian["matches"] and "2026-01-16" in italian["matches"]
    assert "2026-04-17" not in italian["matches"]  # the merge rules are 730 there


def test_side_by_side_each_language_with_its_own_number(home: Path) -> None:
    result = kb_here("show", "730.2j", "--lang", "en", "--lang", "it", "--lang", "zh-Hans", home=home)
    assert result.returncode == 0, result.stderr
    en, it, zh = result.stdout.split("\n\n")
    assert en.startswith("en 730.2j (edition 2026-04-17)")
    assert it.startswith("it 729.2j (undated; matches en 2025-07-25 to 2026-")
    assert "= rule 730.2j of the newest English edition" in it
    assert zh.startswith("zh-Hans 730.2j (edition 2026-04-17)")
    data = kb_json_here("show", "730.2j", "--lang", "en", "--lang", "it", home=home)
    assert [(b["lang"], b["number"]) for b in data["languages"]] == [("en", "730.2j"), ("it", "729.2j")]


def test_an_older_translation_is_flagged_when_the_english_changed(home: Path) -> None:
    changed = kb_json_here("diff", "2022-06-10", "2026-04-17", home=home)["changed"]
    moved = {m["old"] for m in kb_json_here("diff", "2022-06-10", "2026-04-17", home=home)["moved"]}
    target = next(c for c in changed if c["old"] == c["new"] and c["old"] not in moved
                  and any(op != "=" for op, _ in c["body"]))["new"]
    stale = kb_json_here("show", target, "--lang", "zh", "--edition", "2022-06-10", home=home)
    [block] = stale["languages"]
    assert block["edition"] == "2022-06-10" and block["english_changed_since"] == "2022-06-10"
    current = kb_json_here("show", target, "--lang", "zh", home=home)
    assert current["languages"][0]["english_changed_since"] is None


def test_diff_lists_waterbend_as_added_with_its_example(home: Path, corpora: Path) -> None:
    data = kb_json_here("diff", "2025-09-19", "2025-11-14", home=home)
    added = {a["number"]: a for a in data["added"]}
    assert {"701.67", "701.67a", "701.67b", "701.67c"} <= set(added)
    source = ingest(read_source(corpora / "cr/en/MagicCompRules-2025-11-14.txt"))
    [example] = next(t for t in source.rules if str(t.number) == "701.67b").examples
    assert added["701.67b"]["examples"] == [example]
    assert example not in added["701.67b"]["text"]


def test_diff_lists_moves_and_the_citation_table(home: Path) -> None:
    data = kb_json_here("diff", "2024-02-06", "2026-04-17", home=home)
    assert {"old": "509.5", "new": "509.3", "reordered": False, "changed": False} in data["moved"] or \
        any(m["old"] == "509.5" and m["new"] == "509.3" for m in data["moved"])
    assert data["citations"]["509.5"] == "509.3"
    text = kb_here("diff", "2024-02-06", "2026-04-17", home=home).stdout
    # the text lists runs: the moves in old-number order, each run taking its count of them
    moves = sorted(data["moved"], key=lambda m: RuleNumber.parse(m["old"]))
    assert sum(run["texts"] for run in data["moved_runs"]) == len(moves)
    start = 0
    for run in data["moved_runs"]:
        members = moves[start:start + run["texts"]]
        start += run["texts"]
        if any(m["old"] == "509.5" for m in members):
            assert f"  {run['old']} → {run['new']}" in text and run["old"].startswith("509.")
            break
    else:
        raise AssertionError("509.5 is in no run")


def test_history_follows_a_rule_through_renumberings(home: Path) -> None:
    data = kb_json_here("history", "730.2", home=home)
    numbers = {row["edition"]: row["number"] for row in data["editions"]}
    assert numbers["2022-06-10"] == "724.2" and numbers["2025-07-25"] == "729.2" and numbers["2026-04-17"] == "730.2"
    assert "renumbered from 729.2" in data["editions"][-1]["change"]


def test_lexicon_is_kept_with_the_kb(home: Path) -> None:
    conn = sqlite3.connect(home / "kb.sqlite")
    try:
        rows = conn.execute("SELECT src, dst, terms FROM lexicons ORDER BY rowid").fetchall()
    finally:
        conn.close()
    # one row per origin (official glossary pairs, rules, cards): the one the rules taught
    learned = [json.loads(terms) for src, dst, terms in rows if {src, dst} == {"zh-Hans", "en"}]
    chinese = next(lexicon["terms"] for lexicon in learned if lexicon.get("origin") == "rules")
    assert len(chinese) > 500
    assert chinese["player"][0] == "牌手" and chinese["counter"][0] == "指示物"


def test_diff_and_history_errors(home: Path) -> None:
    assert kb_here("diff", "1999-01-01", "2026-04-17", home=home).returncode == 1
    assert kb_here("diff", "yesterday", "2026-04-17", home=home).returncode == 2
    assert kb_here("history", "999.9", home=home).returncode == 1
