"""A step or a phase asked for by its place in the turn ("the third step of the combat phase"):
the turn read from the KB's own chapter 5, and the search answering with that step's rule."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from indexers import engine, turn
from indexers import index as rules_index
from kb.store import rules as store

ENGLISH, CHINESE = ("en", "2026-04-17"), ("zh-Hans", "2026-04-17")


@pytest.fixture(scope="module")
def db(default_home: Path) -> Iterator[sqlite3.Connection]:
    with closing(store.connect(default_home)) as conn:
        yield conn


def read_turn(db: sqlite3.Connection, lang: str, edition: str) -> turn.Turn | None:
    first = store.identity_text(db, "500.1", lang, edition)
    assert first is not None
    return turn.turn_of(lang, store.sections(db, lang, edition, "5"), first.body)


@pytest.mark.parametrize("held", [ENGLISH, CHINESE])
def test_the_turn_is_read_from_chapter_5(db: sqlite3.Connection, held: tuple[str, str]) -> None:
    """The phases as 500.1 lists them (the main phase second and fourth: "precombat main" and
    "战斗前行动阶段" end with its name, "战斗前行动阶段" not with 战斗阶段's), each phase's steps as its
    sections follow it."""
    told = read_turn(db, *held)
    assert told is not None
    assert told.phases == ("501", "505", "506", "505", "512")
    assert dict(told.steps) == {"501": ("502", "503", "504"), "505": (),
                                "506": ("507", "508", "509", "510", "511"), "512": ("513", "514")}


def test_a_list_naming_no_phase_falls_back_to_the_sections_order() -> None:
    sections = [("500", "General"), ("501", "Beginning Phase"), ("502", "Untap Step"), ("503", "Main Phase")]
    told = turn.turn_of("en", sections, "A turn has phases: dawn, noon, and dusk.")
    assert told is not None and told.phases == ("501", "503") and told.steps["501"] == ("502",)
    assert turn.turn_of("fr", sections, "") is None  # no words known for phase and step
    assert turn.turn_of("en", [("500", "General")], "") is None


@pytest.mark.parametrize(("lang", "query", "sections"), [
    ("en", "Part of the turn. This step is the first step of the combat phase.", ("507",)),
    ("en", "what's the third and final step of the beginning phase?", ("504",)),
    ("en", "which step comes first in combat", ("507",)),
    ("en", "what is the last step of the turn", ("514",)),
    ("en", "the 2nd phase in a turn", ("505",)),
    ("en", "the fourth phase of the turn", ("505",)),
    ("en", "the first step of casting a spell", ()),  # no phase of the turn
    ("en", "the sixth step of the combat phase", ()),  # no such place
    ("zh-Hans", "回合的一部分。此步骤是战斗阶段的第五个步骤也是最后一个步骤。", ("511",)),
    ("zh-Hans", "战斗阶段第一步是什么", ("507",)),
    ("zh-Hans", "回合中的第二个阶段", ("505",)),
    ("zh-Hans", "终结阶段的最后一个步骤", ("514",)),
    ("zh-Hans", "施放咒语的第一步", ()),
    # every one, listed: the rule listing them
    ("en", "what are the phases of a turn", ("500",)),
    ("en", "what are the steps of combat", ("506",)),
    ("en", "how many main phases in a turn", ()),  # one phase asked of (505.1)
    ("en", "the steps of casting a spell", ()),
    ("zh-Hans", "战斗阶段有哪些步骤", ("506",)),
    ("zh-Hans", "一个回合有几个阶段", ("500",)),
    ("zh-Hans", "请问一个回合里面一共有哪几个阶段？", ("500",)),  # session 46's tester: 505.1a led
    ("zh-Hans", "战斗阶段里头总共包括哪些步骤", ("506",)),
    # session 46's Italian beginner: a turn's "parts" are its phases
    ("en", "what are the parts of my turn in order", ("500",)),
    ("en", "what are the parts of a spell", ()),
    ("zh-Hans", "回合分为哪几个部分", ("500",)),
    # session 38's tester: a phase by its place alone is the turn's; a step by its number; 最后一步
    ("en", "what is the first phase", ("501",)),
    ("en", "what is step 3 of combat", ("509",)),
    ("en", "the first phase of phasing", ()),
    ("en", "the second combat phase", ()),
    ("zh-Hans", "第三阶段", ("506",)),
    ("zh-Hans", "战斗阶段的最后一步", ("511",)),
    ("zh-Hans", "第二个战斗阶段", ()),
])
def test_a_place_asked_names_its_section(db: sqlite3.Connection, lang: str, query: str,
                                         sections: tuple[str, ...]) -> None:
    told = read_turn(db, lang, "2026-04-17")
    assert told is not None
    assert turn.asked(query, lang, told) == sections
    assert turn.asks_place(query, lang) or not sections


def test_an_italian_query_reads_the_english_turn_by_the_official_names(db: sqlite3.Connection,
                                                                      default_home: Path) -> None:
    """The KB holds no Italian chapter 5: the English turn, its phases named as the official list
    names them ("fase di combattimento")."""
    info = rules_index.current(default_home, db)
    italian = engine.turn_of(db, info, "it")
    assert italian is not None and italian.names["506"] == "combattimento"
    assert turn.asked("qual è la prima sottofase del combattimento?", "it", italian) == ("507",)
    assert turn.asked("la quarta sottofase della fase di combattimento", "it", italian) == ("510",)
    assert turn.asked("l'ultima fase del turno", "it", italian) == ("512",)
    assert turn.asked("quali sono le fasi del turno", "it", italian) == ("500",)
    assert turn.asked("Quali sono le parti del mio turno e in che ordine vengono?", "it", italian) == ("500",)


@pytest.mark.parametrize(("query", "rule"), [
    ("Part of the turn. This step is the third step of the combat phase.", "509"),
    ("what is the first step of combat", "507"),
    ("what's the last step of the turn", "514"),
    ("战斗阶段的第三个步骤是什么", "509"),
    ("戰鬥階段的第四個步驟", "510"),  # traditional characters
    ("qual è la prima sottofase del combattimento?", "507"),
    ("what are the phases of a turn", "500"),
    ("战斗阶段有哪些步骤", "506"),
    ("请问一个回合里面一共有哪几个阶段？", "500"),
    ("Quali sono le parti del mio turno e in che ordine vengono?", "500"),  # 103.6c led, 500.1 not in the first ten
])
def test_the_step_asked_by_its_place_ranks_first(db: sqlite3.Connection, default_home: Path,
                                                 query: str, rule: str) -> None:
    """Before: the words shared by every step (step, combat, phase) ranked 506.1, 500.10 or another
    step first, and the step asked for (509, "Declare Blockers Step") not in the first five; the
    phases of a turn asked for, 805.8 (shared team turns) first and 500.1 not in the first five."""
    outcome = engine.search(default_home, db, query, None)
    assert outcome.groups[0].hits[0].number.split(".")[0] == rule, [g.hits[0].number for g in outcome.groups[:5]]


def test_a_result_is_headed_by_the_heading_it_sits_under(default_home: Path) -> None:
    """507.1 answers "what is the first step of combat" without naming the step: the search and
    `kb ask` said "507.1 · 2026-04-17" and left the reader to look up what 507 is.  Each text is headed
    by the nearest heading above it in its own language (704.5 is a sentence, not a name: 704's)."""
    from kbrun import kb_here, kb_json_here

    found = kb_json_here("search", "what is the first step of combat", home=default_home)["results"][0]
    assert {t["lang"]: t["heading"] for t in found["texts"]} == {"en": "Beginning of Combat Step",
                                                                  "zh-Hans": "战斗开始步骤"}
    shown = kb_here("search", "702.19b", "704.5c", home=default_home).stdout
    assert "702.19b · Trample · 2026-04-17" in shown and "702.19b · 践踏 · 2026-04-17" in shown
    assert "704.5c · State-Based Actions · 2026-04-17" in shown and "704.5c · 状态动作 · 2026-04-17" in shown
    asked = kb_here("ask", "what is the first step of combat", home=default_home).stdout
    assert "1. 507.1 (rule) · en 507.1 · Beginning of Combat Step · 2026-04-17" in asked
    assert "   zh-Hans 507.1 · 战斗开始步骤: " in asked  # the aligned text too
    # a chapter's "General" section (500) says less than the chapter's name
    turn = kb_json_here("search", "500.1", home=default_home)["results"][0]["texts"]
    assert {t["lang"]: t["heading"] for t in turn} == {"en": "Turn Structure", "zh-Hans": "回合结构"}
    glossary = kb_json_here("search", "trample", home=default_home)["definitions"][0]["texts"][0]
    assert glossary["heading"] is None


def test_no_other_step_s_entry_is_shown_beside_a_step_asked_by_its_place(default_home: Path) -> None:
    """"last step of combat" showed the entry Beginning of Combat Step beside 511.1 (its words)."""
    from kbrun import kb_json_here

    found = kb_json_here("search", "last step of combat", home=default_home)
    assert found["results"][0]["rule"] == "511.1"
    assert "Beginning of Combat Step" not in [d["term"] for d in found["definitions"]]
    assert [d["term"] for d in kb_json_here("search", "first step of combat", home=default_home)["definitions"]][:1] \
        == ["Beginning of Combat Step"]
