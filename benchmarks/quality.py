"""What the search-quality benchmark and its tests share: the KBs, the question sets,
a plain SQLite FTS5 BM25 baseline and the scores (s@1, s@5, MRR).

Two KBs:

* the *questions* KB: the seeds, EN + ZH 2026-04-17, the ten card sets and the wiki
  pages (issue 10's setting); ``benchmarks/questions.tsv`` is run against it;
* the *glossary* KB: EN + ZH 2026-04-17 with their glossary sections cut out of the
  files before the build, so nothing in it derives from glossary text; each glossary
  entry's definition (before "See rule" / "参见规则") is a query, and the rules it
  cites are the answers.

A hit is a rule the question expects or one of its subrules; anything else in a rank
(a glossary entry, another rule) is a miss there.
"""

from __future__ import annotations

import json
import re
import sqlite3
import statistics
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from kb.build import build
from kb.core import address
from kb.core.errors import KbError
from kb.core.lang import normalize_tag
from kb.core.refs import Target
from kb.core.rulenum import RuleNumber
from kb.core.text import HAN, char_class, has_cjk
from kb.store import rules as store

REPO = Path(__file__).resolve().parents[1]
QUESTIONS = REPO / "benchmarks" / "questions.tsv"
EDITION = "2026-04-17"
LANGS = ("en", "zh-Hans", "it")


@dataclass(frozen=True)
class Question:
    lang: str
    text: str
    expected: tuple[str, ...]
    note: str = ""


# -- the KBs ---------------------------------------------------------------------------


def rule_files(corpora: Path) -> list[Path]:
    return [corpora / "cr" / "en" / f"MagicCompRules-{EDITION}.normalized.txt",
            corpora / "cr" / "zh" / f"CR-zh-Hans-{EDITION}.txt"]


def questions_sources(corpora: Path) -> list[Path]:
    return [REPO / "corpus", *rule_files(corpora), corpora / "cards", corpora / "wiki" / "mightstone_fandom_xml"]


def build_questions_kb(corpora: Path, home: Path) -> None:
    if not store.db_path(home).exists():
        build(questions_sources(corpora), home)


_GLOSSARY = {"Glossary", "词汇表"}
_CREDITS = {"Credits", "版权信息"}


def without_glossary(text: str) -> str:
    """The rules file with its glossary section's entries removed (the second
    "Glossary" heading — the first is the table of contents — up to "Credits")."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip().lstrip("\ufeff") in _GLOSSARY]
    ends = [i for i, line in enumerate(lines) if line.strip() in _CREDITS]
    if len(starts) < 2 or len(ends) < 2:
        raise ValueError("no glossary section found")
    return "\n".join(lines[: starts[1] + 1] + [""] + lines[ends[1]:])


def build_glossary_kb(corpora: Path, home: Path, work: Path) -> None:
    if store.db_path(home).exists():
        return
    work.mkdir(parents=True, exist_ok=True)
    paths = []
    for path in rule_files(corpora):
        target = work / path.name
        target.write_text(without_glossary(path.read_text(encoding="utf-8-sig")), encoding="utf-8")
        paths.append(target)
    build(paths, home)


# -- the question sets -----------------------------------------------------------------


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    """A question set: one question a line, tab-separated ``lang``, ``question``, ``expected``
    and an optional ``note``, under a header naming them (or in that order without one); lines
    starting with ``#`` are comments.  The language is any tag kb reads (``zh``, ``zh-CN`` and
    ``zh-Hans`` alike); the expected rules are written as the one box reads them ("702.19b
    702.19c", "702.19b, 702.19c", "CR 702.19B", "601.2a-h").  A line that cannot be read is an
    error naming the file and the line: a set read wrong would score every question a miss."""
    if not path.is_file():
        return []
    lines = [(n, line) for n, line in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), 1)
             if line.strip() and not line.startswith("#")]
    columns = ["lang", "question", "expected", "note"]
    if lines and lines[0][1].split("\t")[0].strip().lower() == "lang":
        columns = [c.strip().lower() for c in lines.pop(0)[1].split("\t")]
    found = []
    for n, line in lines:
        row = dict(zip(columns, line.split("\t"), strict=False))  # the note may be left out
        try:
            found.append(_question(row))
        except (KbError, ValueError) as err:
            raise ValueError(f"{path}:{n}: {err}") from None
    return found


def _question(row: dict[str, str]) -> Question:
    lang, text, written = (row.get(c, "").strip() for c in ("lang", "question", "expected"))
    if not lang or not text or not written:
        raise ValueError("a question needs a language, a text and the rules expected (tab-separated)")
    where = address.parse(written)
    if where is None:
        raise ValueError(f"expected rules {written!r} are not rule numbers")
    return Question(normalize_tag(lang), text, tuple(n for t in where.targets for n in _spelled_out(t)),
                    (row.get("note") or "").strip())


def _spelled_out(target: Target) -> list[str]:
    """A target's numbers: a range of siblings ("601.2a-h") as each of them."""
    first, last = target.first, target.last
    if first.letter and last.letter:
        letters = range(ord(first.letter), ord(last.letter) + 1)
        return [str(RuleNumber(first.chapter, first.rule, chr(c))) for c in letters]
    if first.rule is not None and last.rule is not None:
        return [str(RuleNumber(first.chapter, r)) for r in range(first.rule, last.rule + 1)]
    return [str(RuleNumber(c)) for c in range(first.chapter, last.chapter + 1)]


_SEE = re.compile(r"\s*(?:See (?:also )?rules?|参见规则|参见第).*$", re.S)


def glossary_questions(conn: sqlite3.Connection) -> list[Question]:
    """Each glossary entry of a full KB (EN and ZH 2026-04-17) whose definition cites
    rules: the definition before its "See rule" as the question, the cited rules as answers."""
    cites: dict[int, list[str]] = {}
    for src_id, key in conn.execute("SELECT src_id, dst_key FROM refs WHERE src_kind = 'glossary'"
                                    " AND dst_key IS NOT NULL ORDER BY id"):
        number = str(RuleNumber.from_key(key))
        cites.setdefault(src_id, [])
        if number not in cites[src_id]:
            cites[src_id].append(number)
    found = []
    for row in conn.execute("SELECT id, lang, senses FROM glossary WHERE edition = ? ORDER BY id", (EDITION,)):
        senses = json.loads(row[2])
        text = " ".join(_SEE.sub("", s).strip() for s in senses).strip()
        numbers = [n for n in cites.get(row[0], []) if RuleNumber.parse(n).depth >= 1]
        if text and numbers:
            found.append(Question(row[1], text, tuple(numbers)))
    return found


# -- scoring -----------------------------------------------------------------------------


def answers(number: str, expected: Iterable[str]) -> bool:
    """``number`` is an expected rule or one of its subrules (702.19b for 702.19, not 702.190)."""
    for e in expected:
        if number == e or (number.startswith(e) and len(number) > len(e) and not number[len(e)].isdigit()):
            return True
    return False


@dataclass
class Score:
    n: int = 0
    at1: int = 0
    at5: int = 0
    rr: float = 0.0

    def add(self, ranked: Sequence[str], expected: Sequence[str]) -> None:
        self.n += 1
        rank = next((i for i, number in enumerate(ranked[:10]) if answers(number, expected)), None)
        if rank is not None:
            self.at1 += rank == 0
            self.at5 += rank < 5
            self.rr += 1 / (rank + 1)

    def cells(self) -> tuple[str, str, str]:
        if not self.n:
            return ("-", "-", "-")
        return (f"{self.at1 / self.n:.2f}", f"{self.at5 / self.n:.2f}", f"{self.rr / self.n:.2f}")

    @property
    def s1(self) -> float:
        return self.at1 / self.n if self.n else 0.0

    @property
    def s5(self) -> float:
        return self.at5 / self.n if self.n else 0.0


def evaluate(questions: Sequence[Question], ranker: Callable[[Question], list[str]],
             times: list[float] | None = None) -> dict[str, Score]:
    import time

    scores: dict[str, Score] = {}
    for q in questions:
        start = time.perf_counter()
        ranked = ranker(q)
        if times is not None:
            times.append(time.perf_counter() - start)
        scores.setdefault(q.lang, Score()).add(ranked, q.expected)
    return scores


def percentile(values: Sequence[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else 0.0


# -- kb ------------------------------------------------------------------------------------


@dataclass
class Definitions:
    """The glossary entries a search shows beside its results, over a question set: how
    many, how many of them are to the point (citing a rule the question expects, or one
    above or under it: "Trample" cites 702.19 for 702.19b), and how many questions get
    at least one such."""

    questions: int = 0
    shown: int = 0
    apt: int = 0
    answered: int = 0

    def add(self, cited: Sequence[Sequence[str]], expected: Sequence[str]) -> None:
        apt = [any(answers(e, [c]) or answers(c, [e]) for c in cites for e in expected) for cites in cited]
        self.questions += 1
        self.shown += len(cited)
        self.apt += sum(apt)
        self.answered += any(apt)

    def cells(self) -> tuple[str, str, str]:
        share = f"{self.apt / self.shown:.2f}" if self.shown else "-"
        return str(self.shown), share, f"{self.answered} of {self.questions}"


def definitions(home: Path, conn: sqlite3.Connection, questions: Sequence[Question]) -> dict[str, Definitions]:
    """:class:`Definitions` per language of the questions, as the engine shows them."""
    from indexers import engine

    found: dict[str, Definitions] = {}
    for q in questions:
        try:
            outcome = engine.search(home, conn, q.text, None)
        except Exception as err:  # noqa: BLE001 -- "nothing to search for" shows nothing
            if type(err).__name__ not in ("KbError", "NotFound"):
                raise
            cited: list[tuple[str, ...]] = []
        else:
            cited = [g.hits[0].cites for g in outcome.definitions]
        found.setdefault(q.lang, Definitions()).add(cited, q.expected)
    return found


def kb_ranker(home: Path, conn: sqlite3.Connection, *, detect: bool = True) -> Callable[[Question], list[str]]:
    """The rule numbers kb ranks for a question (a glossary entry in the ranks: "glossary")."""
    from indexers import engine

    def rank(q: Question) -> list[str]:
        try:
            outcome = engine.search(home, conn, q.text, None, query_lang=None if detect else q.lang)
        except Exception as err:  # noqa: BLE001 -- "nothing to search for" is a miss, not a crash
            if type(err).__name__ in ("KbError", "NotFound"):
                return []
            raise
        # a rule by its identity, the number `kb search` shows: the Italian seed's 729.2d is 730.2d
        return ["glossary" if g.kind == "glossary" else g.identity for g in outcome.groups[:10]]

    return rank


def search_ranker(home: Path) -> tuple[Callable[[Question], list[str]], Callable[[], None]]:
    """The rule numbers ``kb search`` shows for a question: the one box (a name in any
    language, typos, an address) before the engine, as a user sees them; and a closer."""
    from kb.views.search import Session

    session = Session(home)

    def rank(q: Question) -> list[str]:
        try:
            answer = session.search(q.text, None, limit=10)
        except Exception as err:  # noqa: BLE001 -- "nothing to search for" is a miss, not a crash
            if type(err).__name__ in ("KbError", "NotFound"):
                return []
            raise
        return [r.identity or "glossary" for r in answer.results]

    return rank, session.close


# -- the FTS5 baseline -------------------------------------------------------------------------


def bigrams(text: str) -> str:
    """Chinese runs as space-separated character bigrams (FTS5's unicode61 then indexes
    them as words); other text unchanged."""
    out = []
    for run in re.findall(f"[{char_class(HAN)}]+|[^{char_class(HAN)}]+", text):
        if has_cjk(run):
            out.append(" ".join(run[i : i + 2] for i in range(max(1, len(run) - 1))))
        else:
            out.append(run)
    return " ".join(out)


class Fts5Baseline:
    """One FTS5 row per rule text (body and examples) of the newest edition of each
    language, unicode61 with Porter stemming off (plain), BM25, the query's words OR-ed."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        from indexers.index import newest_editions

        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE t USING fts5(number UNINDEXED, body,"
                        " tokenize='unicode61 remove_diacritics 2')")
        for lang, edition in newest_editions(conn):
            rows = conn.execute("SELECT number, title, body, examples FROM rules WHERE lang = ? AND edition IS ?",
                                (lang, edition))
            self.db.executemany("INSERT INTO t VALUES (?, ?)", [
                (number, bigrams(" ".join([title or "", body, *json.loads(examples)])))
                for number, title, body, examples in rows])

    def rank(self, q: Question) -> list[str]:
        words = re.findall(r"\w+", bigrams(q.text))
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
        rows = self.db.execute("SELECT number FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 10", (match,))
        return [r[0] for r in rows]


def open_kb(home: Path) -> closing[sqlite3.Connection]:
    return closing(store.connect(home))
