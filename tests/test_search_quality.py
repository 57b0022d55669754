"""Search quality on the KB of issue 10 (seeds, EN + ZH 2026-04-17, ten card sets, wiki
pages): the floors the benchmarks reach (benchmarks/bench_quality.py), and what a judge
saw when trying the search, each as a test that failed on the code before.

The floors are measured figures less a small margin (the question set grows; a loss
of quality beyond the margin fails here).
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from quality import (  # noqa: E402
    Fts5Baseline,
    answers,
    build_glossary_kb,
    definitions,
    evaluate,
    glossary_questions,
    kb_ranker,
    load_questions,
)

from indexers import engine, snippets  # noqa: E402
from kb.store import rules as store  # noqa: E402

#: (lang, s@1, s@5) reached on benchmarks/questions.tsv (438 questions: EN 0.54/0.85, ZH 0.60/0.89,
#: IT 0.41/0.78 with bench_quality.py on a KB built by this code, session 9; ZH 0.64/0.89 since
#: session 17's engine.CJK_OWN_WORDS; EN 0.58/0.85, ZH 0.67/0.90 with session 20's added
#: alternatives; EN 0.60/0.86, ZH 0.67/0.91, IT 0.43/0.83 in session 27; on the default KB in
#: session 33, engine.STATE_BASED: EN 0.62/0.87, ZH 0.70/0.93, IT 0.50/0.85; session 34,
#: engine.SIBLING_SHARE: EN 0.638/0.875, ZH 0.706/0.937, IT 0.534/0.852; session 35, engine.BRIDGE and
#: engine.SUBJECT: EN 0.66/0.89, ZH 0.73/0.95, IT 0.57/0.88; session 44's kinds of question: EN 0.72/0.94, ZH
#: 0.79/0.97, IT 0.72/0.95), less 0.05 (0.03 for Italian's s@1).
QUESTION_FLOORS = {"en": (0.67, 0.89), "zh-Hans": (0.74, 0.92), "it": (0.69, 0.90)}
#: Glossary benchmark (EN 0.64/0.84, ZH 0.56/0.80 on all 664 + 664 entries; session 33,
#: engine.KIND_CHAPTER: EN 0.655/0.855, ZH 0.586/0.831; session 38, engine.PLACE and "a card type":
#: EN 0.681/0.872, ZH 0.604/0.848, the half this test asks EN 0.67/0.89, ZH 0.61/0.86; session 54,
#: engine.QUOTED_WORDS: EN 0.696/0.877, ZH 0.625/0.857, the half EN 0.690/0.895, ZH 0.633/0.867), less 0.04
#: (ZH s@5 0.05).
GLOSSARY_FLOORS = {"en": (0.65, 0.85), "zh-Hans": (0.59, 0.81)}
#: The glossary entries shown beside the questions' results: (share to the point, share of questions
#: with one) reached (bench_quality.py, session 15: EN 0.50 and 197 of 224, ZH 0.59 and 112 of 126,
#: IT 0.48 and 73 of 88; before engine.WHOLE_HEADWORDS 0.45 / 189, 0.50 / 110, 0.41 / 68) less 0.03;
#: the share to the point since session 40's engine.TO_THE_POINT (the default KB: EN 0.72 and 198, ZH
#: 0.81 and 109, IT 0.65 and 70) less 0.03.
DEFINITION_FLOORS = {"en": (0.69, 0.84), "zh-Hans": (0.78, 0.85), "it": (0.62, 0.79)}


def test_a_question_set_is_read_in_the_forms_people_write_it(tmp_path: Path) -> None:
    """A held-out set written elsewhere: another language tag, rules listed with commas, a
    prefix, capitals or a range, no header; a line that cannot be read names its file and line
    (before, "702.19b,702.19c" was one number no rule has: every such question a silent miss)."""
    path = tmp_path / "questions.tsv"
    path.write_text("# a comment\n"
                    "en\tdeathtouch and trample\t702.2c,702.19b\n"
                    "zh\t指挥官伤害\tCR 903.10A; 704.6c\n"
                    "IT\tlancio di una magia\t601.2a-c\tsteps\n", encoding="utf-8")
    read = load_questions(path)
    assert [(q.lang, q.expected, q.note) for q in read] == [
        ("en", ("702.2c", "702.19b"), ""),
        ("zh-Hans", ("903.10a", "704.6c"), ""),
        ("it", ("601.2a", "601.2b", "601.2c"), "steps")]
    path.write_text("lang\tquestion\texpected\nen\tis trample good\tsee trample\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"questions\.tsv:2: expected rules 'see trample' are not rule numbers"):
        load_questions(path)


@pytest.fixture(scope="module")
def home(cards_kb: tuple[Path, dict]) -> Path:
    """The KB of ``build_questions_kb``: the cards tests' KB, built once per run (the same
    sources, EN 2026-04-17 read once; the tables compared equal row for row)."""
    return cards_kb[0]


@pytest.fixture(scope="module")
def db(home: Path) -> Iterator[sqlite3.Connection]:
    with closing(store.connect(home)) as conn:
        yield conn


def ranked(home: Path, db: sqlite3.Connection, query: str, **kw: object) -> list[str]:
    outcome = engine.search(home, db, query, None, **kw)  # type: ignore[arg-type]
    return [g.hits[0].number for g in outcome.groups]


# -- floors --------------------------------------------------------------------------------


def test_the_benchmark_scores_a_rule_by_the_number_kb_search_shows(home: Path, db: sqlite3.Connection) -> None:
    """The Italian seed numbers its merged permanents' rules as an older edition did (729.2d is
    730.2d): the benchmark scored the Italian text's own number, so a question it answered was a
    miss that `kb search`, showing 730.2d, got right (session 40's Italian tester)."""
    from quality import Question

    query = "se muto sopra una pedina la creatura è ancora una pedina?"
    assert engine.search(home, db, query, None).groups[0].hits[0].number == "729.2d"
    assert kb_ranker(home, db)(Question("it", query, ("730.2d",)))[0] == "730.2d"


def test_question_floors_and_the_fts5_baseline(home: Path, db: sqlite3.Connection) -> None:
    questions = load_questions()
    assert len(questions) >= 60
    kb_scores = evaluate(questions, kb_ranker(home, db))
    base = evaluate(questions, Fts5Baseline(db).rank)
    for lang, (s1, s5) in QUESTION_FLOORS.items():
        assert kb_scores[lang].s1 >= s1 and kb_scores[lang].s5 >= s5, (lang, kb_scores[lang].cells())
        assert kb_scores[lang].s5 >= base[lang].s5, (lang, kb_scores[lang].cells(), base[lang].cells())


def test_definition_floors(home: Path, db: sqlite3.Connection) -> None:
    """The entries shown beside the results are mostly the ones the question is about."""
    found = definitions(home, db, load_questions())
    for lang, (apt, answered) in DEFINITION_FLOORS.items():
        d = found[lang]
        assert d.apt / d.shown >= apt and d.answered / d.questions >= answered, (lang, d.cells())


def test_glossary_floors(tmp_path_factory: pytest.TempPathFactory, corpora: Path, default_home: Path) -> None:
    work = tmp_path_factory.mktemp("glossary")
    # the default corpus holds rule_files(corpora) (EN + ZH 2026-04-17), built once per run: the
    # same 664 + 664 entries (ZH listed first there; every other one of each language all the same)
    with closing(store.connect(default_home)) as conn:
        questions = glossary_questions(conn)[::2]  # every other entry: half the time, the same floors
    build_glossary_kb(corpora, work / "bare", work / "files")
    with closing(store.connect(work / "bare")) as conn:
        assert not conn.execute("SELECT COUNT(*) FROM glossary").fetchone()[0]  # nothing from the glossary
        scores = evaluate(questions, kb_ranker(work / "bare", conn))
    for lang, (s1, s5) in GLOSSARY_FLOORS.items():
        assert scores[lang].s1 >= s1 and scores[lang].s5 >= s5, (lang, scores[lang].cells())


# -- what a judge saw ------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "expected"), [
    ("指挥官伤害", ["903.10a", "704.6c"]),
    ("践踏和死触", ["702.2", "702.19"]),
    ("融合牌施放", ["701.42", "712"]),
    ("状态动作传奇规则", ["704.5j"]),
])
def test_unspaced_chinese_finds_chinese_rules(home: Path, db: sqlite3.Connection, query: str,
                                              expected: list[str]) -> None:
    outcome = engine.search(home, db, query, ["zh-Hans"])
    assert outcome.plan.lang == "zh-Hans"
    top = [g.hits[0].number for g in outcome.groups[:5]]
    assert any(answers(n, expected) for n in top), top


@pytest.mark.parametrize("query", ["travolgere", "tocco letale", "come funziona travolgere",
                                   "danno da combattimento travolgere", "segnalino +1/+1 -1/-1"])
def test_italian_is_detected_and_finds_rules(home: Path, db: sqlite3.Connection, query: str) -> None:
    outcome = engine.search(home, db, query)
    assert outcome.plan.lang == "it" and outcome.plan.detected
    assert outcome.groups and outcome.tried[0] == "it"


def test_italian_keywords_reach_their_rules(home: Path, db: sqlite3.Connection) -> None:
    assert any(answers(n, ["702.19"]) for n in ranked(home, db, "travolgere")[:3])
    assert any(answers(n, ["702.2"]) for n in ranked(home, db, "tocco letale")[:3])


@pytest.mark.parametrize("query", ["deathtouch", "trample", "how does trample work", "legend rule",
                                   "commander damage", "Deathtouch"])
def test_headings_and_glossary_entries_are_not_in_the_ranks(home: Path, db: sqlite3.Connection,
                                                             query: str) -> None:
    outcome = engine.search(home, db, query)
    assert outcome.groups
    assert all(h.role == "rule" and h.kind != "glossary" for g in outcome.groups for h in g.hits)
    titled = {n for (n,) in db.execute("SELECT number FROM rules WHERE lang = 'en' AND depth = 2"
                                        " AND body IN ('Trample', 'Deathtouch')")}
    assert titled == {"702.2", "702.19"} and not titled & {g.hits[0].number for g in outcome.groups}


def test_a_named_keyword_gives_its_definition_beside_the_rules(home: Path, db: sqlite3.Connection) -> None:
    outcome = engine.search(home, db, "deathtouch")
    assert [g.kind for g in outcome.definitions][:1] == ["glossary"]
    assert answers(outcome.groups[0].hits[0].number, ["702.2"])


@pytest.mark.parametrize(("query", "expected"), [
    # was 702.12c (destroy), then 701.21a; since proximity (engine.NEAR: "permanent with indestructible"
    # close in 702.12b, 1.1 times its score) 702.12b again, 701.21a second, kept as a strict xfail; answered since
    # session 59 read an indestructible permanent sacrificed as a kind of question (engine._SACRIFICE_INDESTRUCTIBLE)
    ("can I sacrifice an indestructible permanent", "701.21a"),
    ("brawl can my commander be a planeswalker", "903.12c"),  # was 903.12a (the deck's size)
    # was 202.2d, then 903.4 (color identity); since session 67 read a hybrid card in a commander's deck
    # (engine._HYBRID_IDENTITY) 903.5c, the rule saying which cards a Commander deck can include (903.4 second)
    ("can I play a card with an off-color hybrid symbol in my commander deck", "903.5c"),
])
def test_asking_whether_something_can_be_done_finds_the_rule_saying_so(home: Path, db: sqlite3.Connection,
                                                                       query: str, expected: str) -> None:
    """A question asking whether something can be done is answered by a rule saying what can,
    can't, may or must be done (engine.PERMISSION), where BM25 put a sibling describing the thing first."""
    assert ranked(home, db, query)[0] == expected


@pytest.mark.parametrize(("lang", "text", "asks"), [
    ("en", "can I sacrifice an indestructible permanent", True), ("en", "Can a token be a commander?", True),
    ("en", "am I allowed to look at my library", True), ("en", "what can a player do with priority", True),
    ("en", "A keyword ability that can make a creature better in combat.", False),
    ("en", "cancel a spell", False), ("en", "trample damage assignment", False),
    ("it", "posso attaccare un planeswalker", True), ("it", "una creatura tappata può bloccare?", True),
    ("it", "può una creatura", False), ("it", "danno da combattimento travolgere", False),
    ("zh-Hans", "召唤失调的生物能搭载载具吗", True), ("zh-Hans", "能不能回应", True), ("zh-Hans", "可以不找到吗", True),
    ("zh-Hans", "异能能叠加吗", True), ("zh-Hans", "一个关键字异能，让生物可以复制咒语。", False),
    ("zh-Hans", "异能是什么", False), ("zh-Hans", "力量为零的生物", False),
])
def test_a_question_asking_whether_something_can_be_done_is_told(lang: str, text: str, asks: bool) -> None:
    p = engine.Plan(text, lang, True, (lang,), (), ())
    assert engine.asks_permission(p) is asks


@pytest.mark.parametrize(("query", "expected"), [
    ("trample damage assignment", ["702.19b"]),
    ("legend rule", ["704.5j"]),
    ("is a copy of a spell cast", ["707.10"]),
])
def test_the_subrule_a_judge_quotes_is_in_the_first_five(home: Path, db: sqlite3.Connection, query: str,
                                                          expected: list[str]) -> None:
    top = ranked(home, db, query)[:5]
    assert any(answers(n, expected) for n in top), top


def test_question_words_are_not_searched_nor_highlighted(home: Path, db: sqlite3.Connection) -> None:
    outcome = engine.search(home, db, "how does trample work", ["en"])
    assert [u.terms for u in outcome.plan.units_for("en")] == [("trampl",)]
    text = "How does it work? Trample works when damage is assigned."
    marked = {text[s:e].casefold() for s, e in snippets.spans(text, "en", outcome.plan.units_for("en"))}
    assert marked == {"trample"}
    italian = engine.search(home, db, "come funziona travolgere")
    assert italian.plan.lang == "it" and all("come" not in u.source for u in italian.plan.units)


def test_a_lone_chinese_character_lights_up_only_as_a_word_of_its_own(home: Path, db: sqlite3.Connection) -> None:
    """牌 of "抽不了牌" lit up inside every 牌手, 牌库 and 洗牌 of the texts shown (session 43's tester):
    the text is cut with the KB's game words, as the query was, and the character is marked only where
    it stands alone."""
    query = "对手让我抽不了牌怎么办"  # a question of an empty library's draw is read whole since (engine._EMPTY_DRAW)
    outcome = engine.search(home, db, query, ["zh-Hans"])
    units = outcome.plan.units_for("zh-Hans")
    assert any(u.literal == "牌" for u in units) and {"牌手", "牌库"} <= outcome.plan.words
    text = "每位牌手抽一张牌。将牌库洗牌。"
    marked = snippets.spans(text, "zh-Hans", units, words=outcome.plan.words)
    assert (text.index("一张牌") + 2, text.index("一张牌") + 3) in marked
    inside = {"位牌手", "将牌库", "库洗牌"}
    assert not any(text[s:e] == "牌" and text[s - 1 : s + 2] in inside for s, e in marked), marked
    # without the word list, as before: every 牌
    assert len([1 for s, e in snippets.spans(text, "zh-Hans", units) if "牌" in text[s:e]]) > 1


# -- typos, named rules, the query's language (session 4) ----------------------------------


@pytest.mark.parametrize(("query", "typed", "meant", "expected"), [
    ("deaftouch", "deaftouch", "deathtouch", "702.2"),
    ("comander damage", "comander", "commander", "903.10a"),
])
def test_a_typo_is_read_as_the_word_meant(home: Path, db: sqlite3.Connection, query: str, typed: str,
                                          meant: str, expected: str) -> None:
    outcome = engine.search(home, db, query, None)
    assert [(c.typed, c.meant) for c in outcome.plan.corrections] == [(typed, meant)]
    numbers = [g.hits[0].number for g in outcome.groups[:5]]
    assert any(answers(n, [expected]) for n in numbers), numbers


@pytest.mark.parametrize("query", ["commander damage", "comander damage", "commanders damage"])
def test_commander_is_not_the_command_zone(home: Path, db: sqlite3.Connection, query: str) -> None:
    """Porter2 makes "commander" "command": the command zone's 120.7 ranked first."""
    from indexers.analysis import stem

    assert (stem("en", "commander"), stem("en", "commanders"), stem("en", "command")) == (
        "commander", "commander", "command")
    assert answers(ranked(home, db, query)[0], ["903.10a", "704.6c", "104.3j"]), ranked(home, db, query)[:3]


@pytest.mark.parametrize("query", ["the art shows wings, does it have flying", "my trampler's blocker got killed",
                                   "ninjutsu", "flicker a token",
                                   "indestructable creature with lethal damage"])  # its stem is known: it finds
def test_words_a_player_writes_are_not_corrected(home: Path, db: sqlite3.Connection, query: str) -> None:
    assert engine.search(home, db, query, None).plan.corrections == ()


@pytest.mark.parametrize(("query", "heading"), [("cascade", "702.85"), ("ninjutsu", "702.49"), ("Cycling", "702.29")])
def test_the_rules_a_heading_names_come_first_in_rule_order(home: Path, db: sqlite3.Connection, query: str,
                                                            heading: str) -> None:
    numbers = ranked(home, db, query)
    under = [n for n in numbers if n.startswith(heading) and n[len(heading):].isalpha()]
    assert len(under) >= 2 and numbers[: len(under)] == under  # first, all of them
    assert under == sorted(under) and under[0] == heading + "a"  # the rule defining the keyword leads


def test_the_rule_a_glossary_entry_cites_comes_before_its_parent(home: Path, db: sqlite3.Connection) -> None:
    assert ranked(home, db, "legend rule")[:2] == ["704.5j", "704.5"]  # "Legend Rule: See rule 704.5j"


@pytest.mark.parametrize(("query", "lang"), [
    ("quanto dura un effetto che non dice la durata", "it"),  # English knows "dice", "non", "un"
    ("l'incolore è un colore?", "it"),                        # the English stemmer makes "colore" "color"
    ("mischia", "it"), ("ninjutsu", "en"), ("flicker a token", "en"),
])
def test_the_query_language_is_told_by_its_words_as_written(home: Path, db: sqlite3.Connection, query: str,
                                                              lang: str) -> None:
    assert engine.search(home, db, query, None).plan.lang == lang


def test_italian_words_without_translation_are_searched_as_written(home: Path, db: sqlite3.Connection) -> None:
    """A word no lexicon knows is searched as written, without the article elided before it (session 60: "l'equip"
    was searched as the one word "l'equip"); a translated word is not passed through beside its translation ("incolore",
    now an official name, was passed through too as "l'incolore")."""
    outcome = engine.search(home, db, "Posso attivare l'equip durante il turno del mio opponent?", None)
    passed = [u.source for u in outcome.plan.units if u.lang == "en" and u.weight == engine.PASS_THROUGH]
    assert "equip" in passed and "opponent" in passed, passed
    outcome = engine.search(home, db, "l'incolore è un colore?", None)
    passed = [u.source for u in outcome.plan.units if u.lang == "en" and u.weight == engine.PASS_THROUGH]
    assert not passed and ("incolore", "colorless") in [(t.source, t.target) for t in outcome.plan.translations]
    mulligan = engine.search(home, db, "regola del mulligan", None)  # no card text says "mulligan"
    assert mulligan.plan.lang == "it" and mulligan.groups[0].hits[0].number.startswith("103.5")


def test_a_rule_sits_under_its_section_s_title(db: sqlite3.Connection) -> None:
    """500.1's chapter is only "General": the section, "Turn Structure", says what it is about."""
    from indexers import index as rules_index

    texts = rules_index.indexed_texts(db, rules_index.newest_editions(db))
    parents = {t.lang: t.parents for t in texts if t.number == "500.1"}
    assert parents["en"] == ("General", "Turn Structure"), parents
    assert len(parents["zh-Hans"]) == 2, parents
