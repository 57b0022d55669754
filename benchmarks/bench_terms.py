"""How far the authored Italian game terms (kb/align/term_lists/it.tsv) agree with printed cards.

The list is written by hand from the official Italian terminology; the ten MTGJSON set files
hold the Italian printing of each card beside the English one, so a term pair can be put to
the test: on the cards whose English text or type line uses the English term, does the
Italian text or type line use the Italian one?  A pair *agrees* when the Italian is found on
at least half of those cards.  Words are compared through their Snowball stems (Italian
inflects: "esilia", "esiliale" and "esiliare" all meet "esiliare") after folding case and
accents; Italian articles and prepositions are left out on both sides ("campo di battaglia"
meets "campo di battaglia" and "dal campo di battaglia"), and each card's own name is masked
so that a name ("Scontro Epico") does not stand for a term.

Also printed: the share of the Comprehensive Rules' 701/702 keyword titles and of its glossary
headwords that the list covers.

    .venv/bin/python benchmarks/bench_terms.py [--all]     # --all: every checked pair
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from whoosh.lang import stemmer_for_language

from kb.align.tokens import stem
from kb.core.text import fold_accents, plain_typography

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, corpora, table  # noqa: E402

TERMS = REPO / "kb" / "align" / "term_lists" / "it.tsv"
CR = REPO / "corpus" / "MagicCompRules-2026-04-17.normalized.txt"
HEADER = ("english", "italian")
#: A pair is put to the test where its English term is printed on this many cards at least:
#: a term met once or twice is as often a card's quirk as the game's vocabulary.
MIN_CARDS = 3
#: The Italian term must be printed on this share of those cards for the pair to agree.
AGREEMENT = 0.5
# Articles, prepositions (simple, joined and elided), possessives and "e": Italian puts them
# where English has none ("campo di battaglia", "unione d'anime", "carte nella tua mano").
_IT_FUNCTION_WORDS = frozenset(
    """mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra nostri nostre vostro
    vostra vostri vostre loro il lo la i gli le l un uno una di a da in con su per tra fra e ed d del dello della dei
    degli delle dell al allo alla ai agli alle all dal dallo dalla dai dagli dalle dall nel
    nello nella nei negli nelle nell sul sullo sulla sui sugli sulle sull""".split()
)
_TOKEN = re.compile(r"[+\-]\d+/[+\-]\d+|[^\W\d_]+|\d+")
_KEYWORD_TITLE = re.compile(r"^70[12]\.\d+\.? (\S.*)$")


class TermPair(NamedTuple):
    english: str
    italian: str
    line: int


class CardText(NamedTuple):
    """One printed face: its English and Italian text with the type line, names masked."""

    english: str
    italian: str


class Check(NamedTuple):
    pair: TermPair
    english_cards: int
    italian_cards: int

    @property
    def share(self) -> float:
        return self.italian_cards / self.english_cards if self.english_cards else 0.0

    @property
    def agrees(self) -> bool:
        return self.share >= AGREEMENT


# -- the list -------------------------------------------------------------------------


def read_pairs(path: Path = TERMS) -> list[TermPair]:
    """The pairs of the list, in order; a malformed line is an error naming its line."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if not lines or tuple(lines[0].split("\t")) != HEADER:
        raise ValueError(f"{path}:1: the header must be 'english<TAB>italian', not {lines[0]!r}")
    pairs = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 2:
            raise ValueError(f"{path}:{number}: {len(fields)} tab-separated fields, two expected: {line!r}")
        if any(not f or f != f.strip() for f in fields):
            raise ValueError(f"{path}:{number}: an empty field or one with spaces around it: {line!r}")
        pairs.append(TermPair(fields[0], fields[1], number))
    return pairs


def keyword_titles(cr: Path = CR) -> list[str]:
    """The titles of the CR's keyword actions (701.x) and abilities (702.x): a numbered line
    whose body is a name, not a sentence."""
    titles = []
    for line in cr.read_text(encoding="utf-8").splitlines():
        match = _KEYWORD_TITLE.match(line)
        if match and not match.group(1).rstrip().endswith("."):
            titles.append(match.group(1).strip())
    return titles


def glossary_headwords(cr: Path = CR) -> list[str]:
    """The headwords of the CR's glossary: the first line of each paragraph after the second
    "Glossary" line (the first is in the contents), up to "Credits"."""
    lines = cr.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    if len(starts) < 2:
        raise ValueError(f"{cr}: no glossary section found")
    headwords, at_start = [], True
    for line in lines[starts[1] + 1 :]:
        text = line.strip()
        if text == "Credits":
            break
        if not text:
            at_start = True
        elif at_start:
            headwords.append(text)
            at_start = False
    return headwords


def term_key(term: str) -> str:
    """The form in which an English term is looked up: folded, straight quotes."""
    return fold_accents(plain_typography(term)).strip()


def covered(title: str, english: set[str]) -> bool:
    """A title has a line, or (for "Tap and Untap") each of its halves has one."""
    if term_key(title) in english:
        return True
    parts = [p for p in re.split(r" and ", title) if p]
    return len(parts) > 1 and all(term_key(p) in english for p in parts)


def headword_covered(headword: str, english: set[str]) -> bool:
    """A glossary headword has a line, or one of the terms it joins ("Life, Life Total",
    "Kicker, Kicked") has one."""
    bare = re.sub(r"\s*\(Obsolete\)$", "", headword)
    return any(term_key(t) in english for t in (headword, bare, *bare.split(", ")))


# -- the cards ------------------------------------------------------------------------


def set_files(root: Path) -> list[Path]:
    return sorted((root / "cards").glob("*/*.json"))


@functools.lru_cache(maxsize=4)
def load_cards(root: Path) -> tuple[CardText, ...]:
    """Every face printed in English and Italian in the set files under ``root/cards``."""
    faces = []
    for path in set_files(root):
        document = json.loads(path.read_text(encoding="utf-8"))
        entries = document["data"]["cards"] if "data" in document else document["cards"]
        for entry in entries:
            italian = next((f for f in entry.get("foreignData") or () if f.get("language") == "Italian"), None)
            if not italian or not (italian.get("text") or italian.get("type")):
                continue
            english = _masked(f"{entry.get('type') or ''}\n{entry.get('text') or ''}", _names(entry))
            text = _masked(f"{italian.get('type') or ''}\n{italian.get('text') or ''}", _names(italian))
            faces.append(CardText(english, text))
    return tuple(faces)


def _names(entry: dict[str, str]) -> set[str]:
    """A face's names: the card's, each half of "A // B", the face's own."""
    name = entry.get("name") or ""
    return {name, entry.get("faceName") or "", *name.split(" // ")}


def _masked(text: str, names: Iterable[str]) -> str:
    for name in sorted((n for n in names if len(n) > 2), key=len, reverse=True):
        text = text.replace(name, " ")
    return text


# -- matching -------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)  # a few thousand distinct words, met thousands of times
def word_stem(word: str, lang: str) -> str:
    """Italian: the Snowball stem.  English: the word less a plural ending only, so that the
    term stays the term ("poisoned" is not "poison", "enchantment" not "enchant")."""
    return _stemmer("it")(word) if lang == "it" else stem(word)


@functools.cache
def _stemmer(lang: str):  # type: ignore[no-untyped-def]
    return stemmer_for_language(lang)


def stems(text: str, lang: str) -> tuple[str, ...]:
    """The stemmed words of a text; Italian loses its articles and prepositions.  A line
    break stays as "\n", so that no term runs from the type line into the text ("Artifact"
    then "Lands you control")."""
    out: list[str] = []
    for number, line in enumerate(text.split("\n")):
        if number:
            out.append("\n")
        words = _TOKEN.findall(fold_accents(plain_typography(line)))
        if lang == "it":
            words = [w for w in words if w not in _IT_FUNCTION_WORDS]
        out += (word_stem(w, lang) for w in words)
    return tuple(out)


def same_italian_stem(a: str, b: str) -> bool:
    """Snowball leaves some forms of one verb apart ("entra" / "entrar", "sacrif" /
    "sacrific", "recl" / "reclut"): two stems meet when one starts the other and they
    differ by two letters at most, the shorter being four letters or more."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and len(long) - len(short) <= 2 and long.startswith(short)


def english_forms(term: str) -> list[tuple[str, ...]]:
    """The stem sequences an English term is printed as: "Kicker, Kicked" is either word,
    "(Obsolete)" is not printed."""
    term = re.sub(r"\s*\(Obsolete\)$", "", term)
    forms = [stems(part, "en") for part in term.split(", ")]
    return [f for f in forms if f]


class Index(NamedTuple):
    """The stemmed words of each face, and which faces hold each stem, per language."""

    english: tuple[tuple[str, ...], ...]
    italian: tuple[tuple[str, ...], ...]
    english_faces: dict[str, frozenset[int]]
    italian_faces: dict[str, frozenset[int]]
    italian_by_start: dict[str, tuple[str, ...]]  # the Italian stems by their first four letters


@functools.lru_cache(maxsize=4)
def index(root: Path) -> Index:
    cards = load_cards(root)
    english = tuple(stems(c.english, "en") for c in cards)
    italian = tuple(stems(c.italian, "it") for c in cards)
    italian_faces = _postings(italian)
    by_start: dict[str, list[str]] = {}
    for word in italian_faces:
        by_start.setdefault(word[:4], []).append(word)
    return Index(english, italian, _postings(english), italian_faces,
                 {start: tuple(words) for start, words in by_start.items()})


def _postings(texts: Sequence[Sequence[str]]) -> dict[str, frozenset[int]]:
    faces: dict[str, set[int]] = {}
    for number, words in enumerate(texts):
        for word in words:
            faces.setdefault(word, set()).add(number)
    return {word: frozenset(numbers) for word, numbers in faces.items()}


def _holds(words: Sequence[str], phrase: Sequence[tuple[str, ...]]) -> bool:
    """Does ``words`` hold the phrase, each of its words being one of the stems offered?"""
    size = len(phrase)
    if size == 1:  # the postings have said it
        return True
    first, rest = phrase[0], phrase[1:]
    return any(word in first and all(words[i + k] in options for k, options in enumerate(rest, 1))
               for i, word in enumerate(words[: len(words) - size + 1]))


def english_faces(idx: Index, term: str) -> set[int]:
    found: set[int] = set()
    for form in english_forms(term):
        candidates = frozenset.intersection(*(idx.english_faces.get(w, frozenset()) for w in form))
        found |= {n for n in candidates if _holds(idx.english[n], [(w,) for w in form])}
    return found


def italian_faces(idx: Index, term: str, among: Iterable[int]) -> set[int]:
    phrase = []
    for word in stems(term, "it"):
        near = idx.italian_by_start.get(word[:4], ())
        phrase.append(tuple(s for s in near if same_italian_stem(word, s)) or (word,))
    if not phrase:
        return set()
    candidates = set(among)
    for options in phrase:
        candidates &= set().union(*(idx.italian_faces.get(s, frozenset()) for s in options))
    return {n for n in candidates if _holds(idx.italian[n], phrase)}


def check(pairs: Iterable[TermPair], root: Path) -> list[Check]:
    """Each pair whose English term is printed on MIN_CARDS faces or more, with the number
    of those faces whose Italian printing holds the Italian term."""
    idx = index(root)
    checks = []
    for pair in pairs:
        hits = english_faces(idx, pair.english)
        if len(hits) >= MIN_CARDS:
            checks.append(Check(pair, len(hits), len(italian_faces(idx, pair.italian, hits))))
    return checks


# -- the report -----------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="list every checked pair, not only the disagreeing")
    args = parser.parse_args(argv)
    root = corpora()
    pairs = read_pairs()
    checks = check(pairs, root)
    agreeing = [c for c in checks if c.agrees]
    english = {term_key(p.english) for p in pairs}
    titles = keyword_titles()
    headwords = glossary_headwords()
    titles_in = sum(covered(t, english) for t in titles)
    headwords_in = sum(headword_covered(h, english) for h in headwords)
    same = {term_key(p.english) for p in pairs if term_key(p.english) == term_key(p.italian)}
    italian_named = {term_key(p.english) for p in pairs if term_key(p.english) != term_key(p.italian)}
    english_only = [t for t in titles if term_key(t) in same - italian_named]
    print(f"Italian game terms ({TERMS.relative_to(REPO)}) against {len(load_cards(root))} faces printed"
          f" in English and Italian ({len(set_files(root))} set files)\n")
    rows = [
        ("pairs in the file", str(len(pairs))),
        (f"pairs checkable on cards (English on >= {MIN_CARDS} cards)", str(len(checks))),
        (f"pairs agreeing (Italian on >= {AGREEMENT:.0%} of those cards)", str(len(agreeing))),
        ("precision", f"{len(agreeing) / len(checks):.3f}" if checks else "-"),
        ("701/702 keyword titles with a line", f"{titles_in}/{len(titles)} = {titles_in / len(titles):.1%}"),
        ("  of which the Italian is the English name", str(len(english_only))),
        ("glossary headwords with a line", f"{headwords_in}/{len(headwords)} = {headwords_in / len(headwords):.1%}"),
    ]
    print(table(rows, ("measure", "value")))
    shown = checks if args.all else [c for c in checks if not c.agrees]
    print(f"\n{'checked' if args.all else 'disagreeing'} pairs ({len(shown)}):")
    print(table([(c.pair.english, c.pair.italian, str(c.english_cards), str(c.italian_cards), f"{c.share:.2f}",
                  str(c.pair.line)) for c in sorted(shown, key=lambda c: c.share)],
                ("english", "italian", "EN cards", "IT found", "share", "line")))


if __name__ == "__main__":
    main()
