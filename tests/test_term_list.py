"""The authored list of official Italian game terms (kb/align/term_lists/it.tsv): well formed,
complete over the rules' keyword titles, and agreeing with the printed Italian cards.

The floors of the last test are what ``benchmarks/bench_terms.py`` measures on the ten set
files (201 pairs checkable, precision 0.960): a wrong term added, or a right one lost, shows.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import pytest
from conftest import EN_LATEST, REPO

sys.path.insert(0, str(REPO / "benchmarks"))

from bench_terms import TERMS, check, covered, read_pairs, term_key  # noqa: E402

#: Measured by benchmarks/bench_terms.py (2026-12-01): 193 of 201 checkable pairs agree (0.960).
MIN_CHECKABLE = 201
MIN_PRECISION = 0.96


def _folded(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def test_the_file_is_well_formed() -> None:
    lines = TERMS.read_text(encoding="utf-8").split("\n")
    assert lines[0] == "english\titalian"
    seen: dict[str, int] = {}
    pairs = 0
    for number, line in enumerate(lines[1:], start=2):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        assert len(fields) == 2, f"line {number}: {line!r}"
        assert all(f and f == f.strip() for f in fields), f"line {number}: {line!r}"
        italian = _folded(fields[1])
        assert italian not in seen, f"line {number}: {fields[1]!r} is already on line {seen[italian]}"
        seen[italian] = number
        pairs += 1
    assert pairs == len(read_pairs()) >= 400


def test_a_malformed_line_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "it.tsv"
    bad.write_text("english\titalian\n# zones\nLibrary\tgrimorio\nGraveyard cimitero\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"it\.tsv:4: 1 tab-separated fields"):
        read_pairs(bad)
    bad.write_text("english\titalian\nLibrary\tgrimorio \n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"it\.tsv:2: an empty field or one with spaces"):
        read_pairs(bad)
    bad.write_text("inglese\titaliano\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"it\.tsv:1: the header"):
        read_pairs(bad)


def test_every_keyword_title_has_a_line() -> None:
    titles = []
    for line in EN_LATEST.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^70[12]\.\d+\.? (\S.*)$", line)
        if match and not match.group(1).rstrip().endswith("."):
            titles.append(match.group(1).strip())
    assert len(titles) > 250 and "Deathtouch" in titles and "Venture into the Dungeon" in titles
    english = {term_key(p.english) for p in read_pairs()}
    assert [t for t in titles if not covered(t, english)] == []


def test_the_terms_agree_with_the_printed_cards(corpora: Path) -> None:
    checks = check(read_pairs(), corpora)
    agreeing = [c for c in checks if c.agrees]
    assert len(checks) >= MIN_CHECKABLE
    assert len(agreeing) / len(checks) >= MIN_PRECISION, [(c.pair.english, c.pair.italian, c.share)
                                                          for c in checks if not c.agrees]


def test_learned_entries_for_official_terms_must_be_forms_of_their_names() -> None:
    """What :func:`kb.align.term_list.agreeing` keeps of a learned Italian -> English lexicon:
    every entry whose translation our list does not name, and forms of the official name
    (three letters in common at the start, or inside it: "dopp" in "raddoppiare")."""
    from kb.align.lexicon import PLAYERS, Lexicon
    from kb.align.term_list import agreeing

    learned = Lexicon("it", "en", {"~mantien": ("prototype", 1.0), "~prototip": ("prototype", 1.0),
                                   "~dopp": ("double", 0.75), "~stat": ("kicker", 0.77),
                                   "~fugg": ("escape", 0.69), "~cavall": ("horse", 1.0)}, "cards",
                      {"~mantien": 6, "~stat": 9, "~dopp": 4})
    players = Lexicon("it", "it", {"mantiene": ("prototype", 1.0)}, PLAYERS)
    kept, untouched = agreeing([learned, players], {"en", "it"})
    assert set(kept.terms) == {"~prototip", "~dopp", "~fugg", "~cavall"} and kept.support == {"~dopp": 4}
    assert untouched is players
    assert agreeing([learned], {"it"}) == [learned]  # no English held: no official names read
