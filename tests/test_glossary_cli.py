"""Glossary entries across languages in the KB, through the real `kb` command (issue 4).

The build pairs each Chinese glossary entry with the English entry it means; the
pairing is checked against the independent oracle of tests/test_align.py (the
peer's table where it is certainly right, unique citations elsewhere), for a
same-date pair of editions and for a Chinese edition two years older than the
only English one held."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import EN_LATEST, Built
from kbrun import kb_here, kb_json_here
from test_align import glossary_oracle

from kb.core.model import Document
from kb.core.textio import SourceText

LATEST = "2026-04-17"
OLDER = "2024-02-06"
Parse = Callable[[Path], tuple[SourceText, Document]]


def _english(corpora: Path, date: str) -> Path:
    [path] = (corpora / "cr" / "en").glob(f"MagicCompRules-{date}*.txt")
    return path


def _chinese(corpora: Path, date: str) -> Path:
    return corpora / "cr" / "zh" / f"CR-zh-Hans-{date}.txt"


def _peer(corpora: Path, date: str) -> list[dict[str, str]]:
    return json.loads((corpora / "cr" / "bilingual" / f"CR-en-zh-{date}.json").read_text("utf-8"))["glossary"]


def _pairing(home: Path, edition: str) -> dict[str, str]:
    """The English headword each Chinese entry of ``edition`` means, as the KB stores it."""
    conn = sqlite3.connect(home / "kb.sqlite")
    try:
        rows = conn.execute("SELECT term, term_id FROM glossary WHERE lang = 'zh-Hans' AND edition = ?",
                            (edition,)).fetchall()
    finally:
        conn.close()
    assert rows
    return {english: chinese for chinese, english in rows if english is not None}


@pytest.fixture(scope="module")
def same_date(default_home: Path) -> Path:
    """EN + ZH 2026-04-17 by `kb build` (the default corpus: with the seeds and BRO), built
    once per run."""
    return default_home


@pytest.fixture(scope="module")
def two_years_apart(older_zh_kb: Built) -> Path:
    """EN 2026-04-17 and ZH 2024-02-06 by `kb build` (with BRO beside them: conftest's
    ``older_zh_kb``, built once per run)."""
    return older_zh_kb.home


def test_same_date_pairing_matches_the_oracle(same_date: Path, corpora: Path, parsed: Parse) -> None:
    en, zh = parsed(_english(corpora, LATEST))[1], parsed(_chinese(corpora, LATEST))[1]
    oracle = glossary_oracle(en, zh, _peer(corpora, LATEST))
    assert len(oracle) >= 0.9 * len(en.glossary)
    assert zh.edition is not None
    stored = _pairing(same_date, zh.edition)
    assert len(stored) >= 0.99 * len(zh.glossary)
    wrong = [(term, partner, stored.get(term)) for term, partner in oracle.items() if stored.get(term) != partner]
    assert len(wrong) <= 0.01 * len(oracle), wrong
    assert stored["Color Identity"] == "标识色" and stored["Colorless"] == "无色"  # the peer's slip, not ours


def test_older_translation_is_paired_through_the_rule_identities(two_years_apart: Path, corpora: Path,
                                                                  parsed: Parse) -> None:
    """ZH 2024-02-06 with only EN 2026-04-17 held: cited rules reach the English entries
    through the rules' identities (renumbered rules followed)."""
    en_then, zh = parsed(_english(corpora, OLDER))[1], parsed(_chinese(corpora, OLDER))[1]
    headwords_now = {e.term for e in parsed(_english(corpora, LATEST))[1].glossary}
    oracle = {term: partner for term, partner in glossary_oracle(en_then, zh, _peer(corpora, OLDER)).items()
              if term in headwords_now}  # entries still under the same headword in 2026
    assert len(oracle) >= 0.85 * len(zh.glossary)
    assert zh.edition is not None
    stored = _pairing(two_years_apart, zh.edition)  # effective 2024-02-02: the file name has another date
    right = sum(stored.get(term) == partner for term, partner in oracle.items())
    assert right >= 0.98 * len(oracle), [(t, p, stored.get(t)) for t, p in oracle.items() if stored.get(t) != p]


def test_chinese_headword_shows_its_english_entry_side_by_side(same_date: Path) -> None:
    result = kb_here("glossary", "标识色", home=same_date)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Color Identity")
    english, chinese = result.stdout.split("\nzh-Hans  ")
    assert "en  Color Identity" in english and "903.4" in english
    assert chinese.startswith("标识色") and "→ cites 903.4" in chinese and "= Color Identity (en 2026-04-17)" in chinese
    colorless = kb_here("glossary", "无色", home=same_date)
    assert colorless.returncode == 0 and "Color Identity" not in colorless.stdout
    assert "en  Colorless" in colorless.stdout


def test_lookup_ignores_case_and_finds_aliases(same_date: Path) -> None:
    data = kb_json_here("glossary", "color", "IDENTITY", home=same_date)
    [match] = data["matches"]
    assert match["term"] == "Color Identity"
    assert [(e["lang"], e["term"]) for e in match["entries"]] == [("en", "Color Identity"), ("zh-Hans", "标识色")]
    banding = kb_json_here("glossary", "Bands with Other", home=same_date)  # an alias of "Banding, “Bands with Other”"
    [match] = banding["matches"]
    chinese = [e for e in match["entries"] if e["lang"] == "zh-Hans"]
    assert chinese and chinese[0]["cites"] == ["702.22"] and chinese[0]["pairing"]["term"] == match["term"]


def test_json_lists_senses_cites_and_pairing_evidence(same_date: Path) -> None:
    data = kb_json_here("glossary", "Colorless", "--lang", "zh", home=same_date)
    [match] = data["matches"]
    [entry] = match["entries"]
    assert entry["lang"] == "zh-Hans" and entry["term"] == "无色" and len(entry["senses"]) == 2
    assert entry["cites"] == ["105", "106", "107.4c", "202"]
    pairing = entry["pairing"]
    assert pairing["term"] == "Colorless" and pairing["edition"] == LATEST and 0 < pairing["score"] <= 1
    assert pairing["evidence"] in {"cited", "used", "head", "sense"}


def test_a_word_every_suggestion_begins_is_their_one_entry(same_date: Path) -> None:
    """`kb glossary APNAP` exited 1 with "did you mean: APNAP顺序 · APNAP Order": one entry, in
    two languages.  It is that entry, found by a word of its name; several entries are still
    suggestions."""
    found = kb_here("glossary", "APNAP", home=same_date)
    assert found.returncode == 0, found.stderr
    assert found.stdout.startswith("found through a word of its name: 'APNAP' begins the headword 'APNAP Order'")
    assert "APNAP Order · glossary in 2 languages" in found.stdout and "did you mean" not in found.stdout
    data = kb_json_here("glossary", "APNAP", home=same_date)
    # APNAP Order only points to another entry, which follows it
    assert [m["term"] for m in data["matches"]] == ["APNAP Order", "Active Player, Nonactive Player Order"]
    assert data["matches"][1]["pointed_from"] == "APNAP Order" and data["via"]["how"] == "word"
    several = kb_here("glossary", "combat", home=same_date)
    assert several.returncode == 1 and "did you mean: Combat Phase" in several.stdout


def test_unknown_term_and_bad_input(same_date: Path) -> None:
    missing = kb_here("glossary", "Flibbertigibbet", home=same_date)
    assert missing.returncode == 1 and missing.stdout == ""  # no suggestion: nothing but the message, once
    said = "no glossary entry is called 'Flibbertigibbet', and no lexicon or spelling leads to one"
    assert missing.stderr == f"kb: {said}\n"
    missing_json = kb_here("glossary", "不存在的词", "--json", home=same_date)
    assert missing_json.returncode == 1
    elsewhere = kb_here("glossary", "标识色", "--lang", "it", home=same_date)  # held in no Italian edition
    assert elsewhere.returncode == 1
    assert kb_here("glossary", " ", home=same_date).returncode == 2
    assert kb_here("glossary", "标识色", "--lang", "xx-notalang!", home=same_date).returncode == 2


def test_a_headword_is_found_in_any_inflection_of_its_words(same_date: Path) -> None:
    """"mana abilities" and "triggered abilities" (-ies) and "state-based action" (a plural
    headword asked in the singular) found no entry: only a trailing "s" was taken off ("Tokens")."""
    for query, term in (("mana abilities", "Mana Ability"), ("triggered abilities", "Triggered Ability"),
                        ("state-based action", "State-Based Actions"), ("state based action", "State-Based Actions"),
                        ("Tokens", "Token")):
        data = kb_json_here("glossary", query, home=same_date)
        assert [m["term"] for m in data["matches"]] == [term] and data["via"] == {"how": "name"}, query


def test_an_exact_headword_wins_over_one_sharing_its_stems(same_date: Path) -> None:
    """Blocked Creature and Blocking Creature have the same stems: named exactly, one is found;
    asked in another inflection, both are offered, the one spelt most like the query first."""
    for query, terms in (("blocked creature", ["Blocked Creature"]), ("Permanent", ["Permanent"]),
                         ("blocked creatures", ["Blocked Creature", "Blocking Creature"]),
                         ("permanents", ["Permanent", "Permanently"])):
        data = kb_json_here("glossary", query, home=same_date)
        assert [m["term"] for m in data["matches"]] == terms, query
    shown = kb_here("glossary", "blocked creatures", home=same_date).stdout
    assert "Blocked Creature · glossary in 2 languages" in shown and "Blocking Creature · glossary" in shown


@pytest.mark.parametrize(("query", "term"), [("踐踏", "Trample"), ("標識色", "Color Identity")])
def test_a_headword_in_traditional_characters_is_found(same_date: Path, query: str, term: str) -> None:
    """`kb search 踐踏` reads it as 践踏, `kb card` takes traditional names; `kb glossary` found nothing."""
    data = kb_json_here("glossary", query, home=same_date)
    assert [m["term"] for m in data["matches"]] == [term]


@pytest.mark.parametrize("query", ["视为（已废止）", "视为(已废止)", "Counts As (Obsolete)", "counts as (obsolete)"])
def test_an_obsolete_headword_typed_as_printed_is_found(same_date: Path, query: str) -> None:
    """The headword as the sources print it ("视为（已废止）", full-width) or as kb prints it
    ("Counts As (obsolete)"): kb said "no glossary entry is called '视为(已废止)'"."""
    data = kb_json_here("glossary", query, home=same_date)
    terms = {(e["lang"], e["term"], e["obsolete"]) for m in data["matches"] for e in m["entries"]}
    assert ("zh-Hans", "视为", True) in terms or ("en", "Counts As", True) in terms, data
    # and the two say the same: paired, side by side
    assert {("zh-Hans", "视为", True), ("en", "Counts As", True)} <= terms, data
    assert kb_here("glossary", "Trample (obsolete)", home=same_date).returncode == 1  # not an obsolete entry


def test_a_language_with_no_glossary_is_said_so(same_date: Path) -> None:
    """The Italian seed holds rules and no glossary: `kb glossary --lang it` listed every English and
    Chinese headword, `kb export --what glossary --lang it` printed nothing, both with exit code 0,
    and `kb glossary trample --lang it` said "no glossary entry in it" (a pronoun, to the eye)."""
    said = "the KB holds no glossary in Italian (it)"
    for args in (("glossary", "--lang", "it"), ("glossary", "trample", "--lang", "it"),
                 ("export", "--what", "glossary", "--lang", "it")):
        result = kb_here(*args, home=same_date)
        assert result.returncode == 1 and said in result.stderr and result.stdout == "", args
    chinese = kb_json_here("glossary", "--lang", "zh", home=same_date)["terms"]  # a language that has one
    assert chinese and all(set(t["names"]) == {"zh-Hans"} for t in chinese)
    both = kb_here("glossary", "trample", "--lang", "it", "--lang", "zh", home=same_date)
    assert both.returncode == 0 and "zh-Hans  践踏" in both.stdout


def test_a_pointer_entry_is_followed_by_the_entry_it_names(default_home: Path, corpora: Path) -> None:
    """"Swampcycling: See Typecycling." defines nothing: `kb glossary Swampcycling` showed that line
    alone; the entry it names follows it now (as the search results follow it), said so, in one shape."""
    english = (corpora / "cr" / "en" / "MagicCompRules-2026-04-17.normalized.txt").read_text(encoding="utf-8")
    lines = english.splitlines()
    assert lines[lines.index("Swampcycling") + 1] == "See Typecycling."
    typecycling = lines[lines.index("Typecycling") + 1]
    data = kb_json_here("glossary", "Swampcycling", home=default_home)
    [pointer, pointed] = data["matches"]
    assert pointer["term"] == "Swampcycling" and pointer["pointed_from"] is None
    assert pointer["entries"][0]["senses"] == ["See Typecycling."]
    assert pointer["entries"][0]["points_to"] == "Typecycling"
    assert pointed["term"] == "Typecycling" and pointed["pointed_from"] == "Swampcycling"
    assert pointed["entries"][0]["senses"] == [typecycling] and pointed["entries"][0]["points_to"] is None
    shown = kb_here("glossary", "Swampcycling", home=default_home).stdout
    assert shown.index("See Typecycling.") < shown.index("Typecycling · glossary in 2 languages · pointed to by "
                                                         "Swampcycling") < shown.index(typecycling)
    alone = kb_json_here("glossary", "Typecycling", home=default_home)["matches"]  # no pointer: nothing follows
    assert [m["term"] for m in alone] == ["Typecycling"]


def test_a_typo_is_told_as_its_correction_in_the_querys_language(default_home: Path) -> None:
    """`kb glossary tramplee` said "'tramplee' is what players say for '践踏'": the Chinese players'
    word `trample` (read by substring) held the typo, told as slang and pointed at the Chinese word.
    A typo is the English headword, told as its correction; a players' word typed whole still is one."""
    found = kb_here("glossary", "tramplee", home=default_home)
    assert found.returncode == 0, found.stderr
    assert found.stdout.split("\n")[0] == "found through spelling: 'tramplee' → 'Trample' (93% alike)"
    via = kb_json_here("glossary", "tramplee", home=default_home)["via"]
    assert via["how"] == "spelling" and via["term"] == "Trample" and "践踏" not in via["detail"]
    for query, said in (("cmc", "'cmc' is what players say for 'mana value'"),
                        ("召唤病", "'召唤病' is what players say")):
        assert said in kb_here("glossary", query, home=default_home).stdout.split("\n")[0]


@pytest.mark.parametrize(("typed", "entry"), [("command zone", "Command"), ("Exile Zone", "Exile"),
                                              ("graveyard zone", "Graveyard"), ("hidden zone", "Hidden Zone")])
def test_a_zone_is_found_by_the_name_players_give_it(default_home: Path, typed: str, entry: str) -> None:
    """The glossary names most zones without the word ("Command: A zone for certain specialized
    objects…"): `kb glossary "command zone"` found nothing and suggested Command."""
    data = kb_json_here("glossary", typed, home=default_home)
    assert data["matches"][0]["entries"][0]["term"] == entry, data
    refused = kb_here("glossary", "combat zone", home=default_home)  # Combat is no zone's entry
    assert refused.returncode == 1 and "no glossary entry is called 'combat zone'" in refused.stderr


def _glossary_lines(path: Path) -> set[str]:
    """The lines of a rules file's glossary (after its last "Glossary" line, before its last "Credits")."""
    lines = [line.strip() for line in path.read_text("utf-8-sig").replace("\r\n", "\n").split("\n")]
    start = max(i for i, line in enumerate(lines) if line == "Glossary")
    return set(lines[start + 1:max(i for i, line in enumerate(lines) if line == "Credits")])


def test_an_entry_removed_since_is_obsolete_and_edition_reads_the_glossary_then(older_editions_kb: Path,
                                                                                 corpora: Path) -> None:
    """Friends Forever is in the 2025-11-14 glossary and not in 2026-04-17's: `kb glossary` showed it
    with "obsolete": false, and had no --edition to read the glossary in force on a date."""
    old, new = _glossary_lines(_english(corpora, "2025-11-14")), _glossary_lines(EN_LATEST)
    assert "Friends Forever" in old and "Friends Forever" not in new and "Blight" in new and "Blight" not in old
    home = older_editions_kb
    removed = kb_json_here("glossary", "Friends Forever", home=home)["matches"][0]["entries"]
    assert {(e["lang"], e["edition"], e["obsolete"], e["removed_in"]) for e in removed} == {
        ("en", "2025-11-14", True, "2026-04-17"), ("zh-Hans", "2025-11-14", True, "2026-04-17")}
    assert "en  Friends Forever (removed in 2026-04-17)  (edition 2025-11-14)" in kb_here(
        "glossary", "Friends Forever", home=home).stdout
    assert all(e["renamed_to"] is None for e in removed)
    held = kb_json_here("glossary", "Blight", home=home)["matches"][0]["entries"]
    assert all(e["obsolete"] is False and e["removed_in"] is None for e in held)
    # --edition: each language's glossary in force on the date, as `kb show --edition` reads a rule
    then = kb_json_here("glossary", "Color Identity", "--edition", "2025-12-01", home=home)["matches"][0]["entries"]
    assert {(e["lang"], e["edition"]) for e in then} == {("en", "2025-11-14"), ("zh-Hans", "2025-11-14")}
    now = kb_json_here("glossary", "Color Identity", home=home)["matches"][0]["entries"]
    assert {e["edition"] for e in now} == {"2026-04-17"}
    gone = kb_here("glossary", "Friends Forever", "--edition", "2026-04-17", home=home)
    assert gone.returncode == 1 and "no glossary entry in the editions in force on 2026-04-17 (it has one in en" \
        " 2025-11-14)" in gone.stderr
    index = {t["term"] for t in kb_json_here("glossary", "--edition", "2025-11-14", home=home)["terms"]}
    assert "Friends Forever" in index and "Blight" not in index
    newest = {t["term"] for t in kb_json_here("glossary", home=home)["terms"]}
    assert "Blight" in newest and "Friends Forever" not in newest
    early = kb_here("glossary", "Color Identity", "--edition", "2001-01-01", home=home)
    assert early.returncode == 1 and "no glossary held was in force on 2001-01-01" in early.stderr


def test_an_entry_renamed_since_names_its_new_headword(older_editions_kb: Path) -> None:
    """"Removed from Combat" (2025-11-14) is "Remove from Combat" in 2026-04-17: `kb glossary` said it
    removed, with no pointer, where `kb diff` says renamed (session 37's tester)."""
    entries = kb_json_here("glossary", "Removed from Combat", home=older_editions_kb)["matches"][0]["entries"]
    english = next(e for e in entries if e["lang"] == "en")
    assert (english["edition"], english["removed_in"], english["renamed_to"]) == (
        "2025-11-14", "2026-04-17", "Remove from Combat")
    shown = kb_here("glossary", "Removed from Combat", home=older_editions_kb).stdout
    assert "en  Removed from Combat (renamed Remove from Combat in 2026-04-17: kb glossary 'Remove from Combat')" \
        in shown, shown
    diff = kb_here("diff", "2025-11-14", "2026-04-17", home=older_editions_kb).stdout
    assert "~ Removed from Combat → Remove from Combat" in diff
