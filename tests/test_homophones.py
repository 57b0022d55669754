"""Chinese typos (indexers/homophones.py): a game word typed with another character of
the same sound, on the default corpus's KB and index (its game words, its Chinese texts'
bigrams, pypinyin's readings as the index build stored them).

The typos are of the kind an input method makes ("sichu" picked as 死处, not 死触); what
each finds is compared with what the correctly typed query finds, never written down."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest
from kbrun import kb, kb_json

from indexers import engine, homophones, segment, spelling
from indexers import index as rules_index
from kb.store import rules as store

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
TYPOS = [("死处", "死触"), ("践塌", "践踏"), ("先功", "先攻"), ("连机", "连击"), ("警界", "警戒")]


@pytest.fixture(scope="module")
def info(default_home: Path) -> rules_index.IndexInfo:
    with closing(store.connect(default_home)) as conn:
        return rules_index.current(default_home, conn)


@pytest.fixture(scope="module")
def known(default_home: Path, info: rules_index.IndexInfo) -> Iterator[Callable[[str], bool]]:
    """Whether the default index's Chinese texts hold a bigram."""
    searcher = engine._searcher(info)
    scorer = engine.scorer_of(searcher)
    field = rules_index.body_field("zh-Hans")
    yield lambda bigram: bool(scorer.doc_frequency(field, bigram))


def test_the_index_stores_the_sounds_of_its_game_words(info: rules_index.IndexInfo) -> None:
    sounds = homophones.load(info.path)
    assert sounds is not None
    assert list(sounds.readings["死"]) == ["si"] and {"xing", "hang"} <= set(sounds.readings["行"])
    assert len([ch for ch in sounds.readings if ch.encode("gb2312", "ignore")]) >= 6763  # what input methods offer
    words = segment.load(info.path)
    assert "死触" in sounds.words["si chu"] and "践踏" in sounds.words["jian ta"]
    heard = {w for found in sounds.words.values() for w in found}
    assert heard == {w for w in words if sounds.keys(w)} and len(heard) > 0.99 * len(words)


@pytest.mark.parametrize(("typed", "meant"), TYPOS)
def test_a_game_word_typed_with_a_character_of_its_sound_finds_it(default_home: Path, typed: str,
                                                                   meant: str) -> None:
    wrong, right = kb_json("search", typed, home=default_home), kb_json("search", meant, home=default_home)
    assert wrong["corrections"] == [{"typed": typed, "meant": meant}]
    assert right["results"] and [r["rule"] for r in wrong["results"]] == [r["rule"] for r in right["results"]]
    assert [d["term"] for d in wrong["definitions"]] == [d["term"] for d in right["definitions"]]
    assert right["box"]["kind"] == "term"  # "glossary entry 死触 → 702.2", read from the typo (via) and not exact
    read = {**right["box"], "term": {**right["box"]["term"], "via": f"{typed} → {meant}", "exact": False}}
    assert wrong["box"] == read


def test_a_card_name_typed_with_a_character_of_its_sound_finds_the_card(default_home: Path) -> None:
    """The seed's rulings page names 非瑞克西亚龙引擎 (擎 qing; 情 is qing too)."""
    wrong = kb_json("search", "非瑞克西亚龙引情", home=default_home)
    right = kb_json("search", "非瑞克西亚龙引擎", home=default_home)
    assert wrong["corrections"] == [{"typed": "引情", "meant": "引擎"}] and right["cards"]
    assert wrong["cards"] == right["cards"] and wrong["query"] == "非瑞克西亚龙引情"


def test_each_typo_of_a_question_is_read_and_said(default_home: Path) -> None:
    answer = kb_json("search", "践塌和死处怎么分配伤害", home=default_home)
    assert answer["corrections"] == [{"typed": "践塌", "meant": "践踏"}, {"typed": "死处", "meant": "死触"}]
    right = kb_json("search", "践踏和死触怎么分配伤害", home=default_home)
    assert [r["rule"] for r in answer["results"]] == [r["rule"] for r in right["results"]]
    shown = kb("search", "践塌和死处", home=default_home)
    assert shown.returncode == 0 and shown.stdout.startswith("践塌和死处 → “践踏和死触” · zh-Hans (detected)")


@pytest.mark.parametrize("text", ["直接施放", "一起施放", "正式用词", "声明攻击者", "已放逐的牌", '"死处"',
                                  "法术什么时候能施放"])
def test_where_two_words_meet_or_a_word_is_real_nothing_is_read(info: rules_index.IndexInfo,
                                                                known: Callable[[str], bool],
                                                                text: str, default_home: Path) -> None:
    """施 is 施放's (接施 cuts it); 正式 and 用词 are both in the texts (式用 is where they
    meet); 声明 is a word the texts hold; a quoted query is searched as typed; 法术 is a game
    word and 什么 a bigram the texts hold (法术什 sounds like 法术师, a creature type)."""
    words = segment.load(info.path)
    if not text.startswith('"'):
        assert homophones.correct(text, words, known, lambda: homophones.load(info.path)) == (text, [])
    assert json.loads(kb("search", text, "--json", home=default_home).stdout)["corrections"] == []


def test_a_question_word_beside_a_name_is_no_typo(default_home: Path) -> None:
    """"什么是磨" (what is mill) was read as 什么折磨 (是磨 sounds like 折磨, torment) and found
    702.130 first; 是 is a question word and 磨 a name the rules define (the heading of mill)."""
    with closing(store.connect(default_home)) as conn:
        mill = conn.execute("SELECT number FROM rules WHERE lang = 'zh-Hans' AND body = '磨' AND depth = 2"
                            ).fetchone()[0]
    for query in ("什么是磨", "磨是什么"):
        data = kb_json("search", query, home=default_home)
        assert data["corrections"] == [], data["corrections"]
        assert data["results"][0]["rule"].startswith(mill), (query, [r["rule"] for r in data["results"][:3]])
    assert kb_json("search", "什么是死处", home=default_home)["corrections"][0]["meant"] == "死触"


@pytest.mark.parametrize(("query", "not_first"), [("我可以出生物吗", "506.4"), ("飞行能叠加吗", "702.166"),
                                                ("系命叠加吗", "702.166"), ("指示物可以加吗", ""),
                                                ("指挥官进坟场了可以回指挥区吗", "")])
def test_a_stretch_cutting_a_question_word_or_ending_a_question_is_no_typo(default_home: Path, query: str,
                                                                          not_first: str) -> None:
    """"可以出" was read as 可移出 (以出 sounds like 移出, remove) and 506.4 (removed from combat)
    led; "叠加吗" as 叠加码 (加吗 sounds like 加码, bargain) and 702.166 led (session 39's tester):
    以出 cuts the question word 可以, and 吗 ends the question."""
    data = kb_json("search", query, home=default_home)
    assert data["corrections"] == [], data["corrections"]
    assert not not_first or not data["results"][0]["rule"].startswith(not_first)
    assert kb_json("search", "践踏加死处怎么分配", home=default_home)["corrections"][0]["meant"] == "死触"


@pytest.mark.parametrize(("query", "typed"), [("它去哪了", "它去"), ("打不过想直接认输", "打不"),
                                            ("伤害可以随便分给他们吗", "分给"), ("能两张都放下来吗", "能两"),
                                            ("面朝下的白板是几攻几防", "攻几")])
def test_a_newcomer_s_plain_chinese_is_no_typo(default_home: Path, query: str, typed: str) -> None:
    """Session 48's second Chinese tester (long posts in plain words) saw these read as game words: 它去 as 失去
    (lose), 打不 as 打包 (entwine), 分给 as 分级 (tiered), heard by their characters' rare readings (它 yi, 不 fu,
    给 ji: an input method offers a character by its common one); 能两 as 能量 (energy) and 攻几 as 攻击, a
    one-character question word (能, 几) beside another character.  A real slip of a common reading is still read."""
    corrections = kb_json("search", query, home=default_home)["corrections"]
    assert all(c["typed"] != typed for c in corrections), corrections
    assert kb_json("search", "践塌加死处怎么分配", home=default_home)["corrections"][0]["meant"] == "践踏"


def test_the_sounds_file_keeps_each_character_s_first_reading(info: rules_index.IndexInfo) -> None:
    """The typed stretch is heard by each character's first reading (TYPED_FIRST_READING), stored with the others."""
    sounds = homophones.load(info.path)
    assert sounds is not None
    assert sounds.first["它"] == "ta" and "yi" in sounds.readings["它"]
    assert sounds.keys("它去", typed=True) == ["ta qu"]
    assert "yi qu" in sounds.keys("它去")
    assert sounds.heard("死处") == ["死触"] and sounds.heard("它去") == []


def test_a_long_run_is_read_as_typed(info: rules_index.IndexInfo, known: Callable[[str], bool]) -> None:
    """The work one query can cause is bounded: past LONGEST_RUN characters nothing is read."""
    words = segment.load(info.path)
    filler = "一个关键字异能让物件造成的伤害特别有效"  # a glossary definition's words
    run = (filler * 4)[: homophones.LONGEST_RUN - 2] + "死处"
    assert homophones.correct(run, words, known, lambda: homophones.load(info.path))[0].endswith("死触")
    longer = filler + run
    assert homophones.correct(longer, words, known, lambda: homophones.load(info.path)) == (longer, [])


def test_typo_free_chinese_questions_are_read_as_typed(default_home: Path) -> None:
    """Every Chinese question of our sets whose note does not say "typo" (the questions are
    not in the index, so their bigrams may be new to it)."""
    rows = [line.split("\t") for name in ("questions.tsv", "questions_heldout.tsv")
            for line in (BENCHMARKS / name).read_text(encoding="utf-8").splitlines()[1:]]
    questions = [r[1] for r in rows if len(r) > 3 and r[0] == "zh-Hans" and "typo" not in r[3]]
    assert len(questions) > 100
    with closing(store.connect(default_home)) as conn:
        read = {q: engine.search(default_home, conn, q, None).plan.corrections for q in questions}
    assert {q: fixes for q, fixes in read.items() if fixes} == {}


def test_a_missing_or_damaged_sounds_file_reads_the_query_as_typed(default_home: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(default_home, home)
    with closing(store.connect(home)) as conn:
        path = rules_index.current(home, conn).path / homophones.SOUNDS_FILE
    for damage in ("missing", "garbage", "another format"):
        if damage == "missing":
            path.unlink()
        else:
            path.write_text("{]" if damage == "garbage" else '{"format": 0}', encoding="utf-8")
        answer = json.loads(kb("search", "死处", "--json", home=home).stdout)
        # read as typed (no correction), which finds nothing, then character by character
        assert answer["corrections"] == [] and answer["by_character"], damage


def test_a_chinese_typo_does_not_import_pypinyin(default_home: Path) -> None:
    """The readings were stored by the build: a query reads them from the index folder."""
    probe = ("import sys, runpy\n"
             f"sys.argv = ['kb', 'search', '死处', '--home', {str(default_home)!r}]\n"
             "try:\n    runpy.run_module('kb', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0 and "死处 → “死触”" in result.stdout, result.stderr
    loaded = set(eval(result.stdout.strip().splitlines()[-1]))  # noqa: S307 (our own probe's list)
    assert "indexers.homophones" in loaded and "pypinyin" not in loaded


@pytest.mark.parametrize(("typed", "meant"), [("践塔", "践踏"), ("先工", "先攻"),
                                           ("attacco improviso", "attacco improvviso"), ("trampel", "Trample")])
def test_a_typo_read_is_said_as_a_misspelt_name_is(default_home: Path, typed: str, meant: str) -> None:
    """`kb search 践塔` (and 先工, "attacco improviso") said its reading only as "(read as: 践塔 →
    践踏)" under a header of the query as typed, where "trampel" says "trampel → “Trample”" and
    "showing results for": every reading is said in that one wording, and JSON's ``showing``."""
    shown = kb("search", typed, "--limit", "1", home=default_home)
    lines = shown.stdout.splitlines()
    assert shown.returncode == 0 and lines[0].startswith(f"{typed} → “{meant}” · "), lines[:3]
    assert lines[1].endswith(f" · showing results for “{meant}”") and not any("(read as:" in line for line in lines)
    assert kb_json("search", typed, "--limit", "1", home=default_home)["showing"] == meant


def test_kb_ask_says_what_it_read_a_typo_as(default_home: Path) -> None:
    """`kb ask` answers from the same search: its header and JSON say the reading too."""
    shown = kb("ask", "死处怎么用", home=default_home)
    assert shown.returncode == 0 and shown.stdout.splitlines()[0].startswith("死处怎么用 → “死触怎么用” · zh-Hans")
    wrong, right = kb_json("ask", "死处怎么用", home=default_home), kb_json("ask", "死触怎么用", home=default_home)
    assert wrong["corrections"] == [{"typed": "死处", "meant": "死触"}] and right["corrections"] == []
    assert [a["rule"] for a in wrong["answers"]] == [a["rule"] for a in right["answers"]] != []


def test_kb_glossary_finds_a_headword_typed_with_a_character_of_its_sound(default_home: Path) -> None:
    """As `kb glossary deaftouch` finds Deathtouch by its spelling (before, 死处 found nothing)."""
    answer, right = kb_json("glossary", "死处", home=default_home), kb_json("glossary", "死触", home=default_home)
    assert answer["via"] == {"how": "sound", "detail": "'死处' sounds like the headword '死触'", "term": "死触"}
    assert answer["matches"] == right["matches"] != []
    missing = kb("glossary", "上海", home=default_home)  # 伤害's sound, and no character of it
    assert missing.returncode == 1 and "no lexicon or spelling leads to one" in missing.stderr


@pytest.mark.parametrize(("typed", "meant"), [("致命还机", "致命还击"), ("非瑞克西亚龙引情", "非瑞克西亚龙引擎")])
def test_kb_card_resolves_a_chinese_name_typed_with_a_character_of_its_sound(default_home: Path, typed: str,
                                                                               meant: str) -> None:
    """A card name of BRO (致命还击, Deadly Riposte) and the seed page's title: the card the
    right name resolves to, with the reading as its first evidence (before: "the evidence is weak")."""
    wrong, right = kb_json("card", typed, home=default_home), kb_json("card", meant, home=default_home)
    assert right["resolved"] and wrong["resolved"] and wrong["card"] == right["card"]
    lead = wrong["resolution"]["evidence"][0]
    assert lead["kind"] == "same-sound" and f"sounds like '{meant}'" in lead["detail"]
    assert wrong["resolution"]["evidence"][1:] == right["resolution"]["evidence"]


def test_the_typo_floor_bench_homophones_reaches(default_home: Path, info: rules_index.IndexInfo,
                                                 known: Callable[[str], bool]) -> None:
    """Every 8th of bench_homophones.py's typos of the default KB (another character of the same first
    reading, as an input method offers it: 0.993 read right, 0.001 wrong over all 2,292 of bench_quality's
    questions KB), bare: at least 0.95 right and at most 0.02 wrong.  (The typos sharing any reading, which sessions
    13-47 measured, are mostly of rare readings no input method offers: TYPED_FIRST_READING reads 0.22 of them.)"""
    sys.path.insert(0, str(BENCHMARKS))
    from bench_homophones import terms, typos

    sounds = homophones.load(info.path)
    words = segment.load(info.path)
    assert sounds is not None
    order = homophones.gb2312()
    with closing(store.connect(default_home)) as conn:
        cases = [(t, typo) for t in terms(conn) for typo in typos(t, sounds, order, known) if typo not in words][::8]
        assert len(cases) > 250
        plans = [engine.search(default_home, conn, typo, ["zh-Hans"], query_lang="zh-Hans").plan for _, typo in cases]
    read = [spelling.corrected(typo, plan.corrections) for (_, typo), plan in zip(cases, plans, strict=True)]
    right = sum(r == term for r, (term, _) in zip(read, cases, strict=True)) / len(cases)
    wrong = sum(r != term and r != typo for r, (term, typo) in zip(read, cases, strict=True)) / len(cases)
    assert right >= 0.95 and wrong <= 0.02, (right, wrong)
