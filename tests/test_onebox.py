"""The one search box, `kb ask` and batches, on a real KB: conftest's ``cards_kb`` (the
default corpus: the seeds, EN and ZH 2026-04-17; the ten real card sets, among them BRO and
DMU; the wiki pages), built once per run for every file reading it: the batches run as a
user runs them (a `kb` process reading its standard input), the single answers by `kb`'s
main in the test's process.

Expectations come from the KB itself (the rules an edition really has between
601.2a and 601.2h, the rules a card's rulings link to as `kb card` lists them, the
lexicon's own translations), not from a previous run.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from kbrun import kb, kb_here, kb_json_here

from indexers.translate import Translator
from kb.core.rulenum import RuleNumber
from kb.core.sentences import split
from kb.store import rules as store

EDITION = "2026-04-17"
SHEOLDRED = "Sheoldred, the Apocalypse"
DRAGON_ENGINE_TITLE = "非瑞克西亚龙引擎"  # seed 003's title: no card's name, resolved by its rulings


@pytest.fixture(scope="module")
def home(cards_kb: tuple[Path, dict]) -> Path:
    """Tests only read it: a card name must still find its one card among ten sets."""
    return cards_kb[0]


@pytest.fixture(scope="module")
def db(home: Path) -> Iterator[sqlite3.Connection]:
    conn = store.connect(home)
    yield conn
    conn.close()


def rules_of(data: dict) -> list[str]:
    return [r["rule"] for r in data["results"] if r["kind"] != "glossary"]


# -- addresses ----------------------------------------------------------------------


def test_a_range_is_exactly_the_rules_it_names(home: Path, db: sqlite3.Connection) -> None:
    """`601.2a-h` once gave 601.2a, 601.2i and 707.12 (texts citing the range)."""
    held = [row[0] for row in db.execute(
        "SELECT number FROM rules WHERE lang = 'en' AND edition = ? AND number LIKE '601.2_' ORDER BY sort_key",
        (EDITION,))]
    expected = [n for n in held if RuleNumber.parse("601.2a") <= RuleNumber.parse(n) <= RuleNumber.parse("601.2h")]
    assert len(expected) == 8
    for query in ("601.2a-h", "601.2a–h", "rules 601.2a-601.2h"):
        data = kb_json_here("search", query, home=home)
        assert [r["rule"] for r in data["results"]] == expected, query
        assert data["box"]["kind"] == "rules" and data["total"] == 8
        assert {t["lang"] for t in data["results"][0]["texts"]} == {"en", "zh-Hans"}


@pytest.mark.parametrize("query", ["702.19b", "702.19B", "CR 702.19b", "rule 702.19b", "regola 702.19b",
                                   "规则702.19b", "第702.19b条"])
def test_a_rule_number_in_any_form_is_that_rule(home: Path, query: str) -> None:
    data = kb_json_here("search", query, home=home)
    assert [r["rule"] for r in data["results"]] == ["702.19b"]


def test_a_list_and_a_missing_rule(home: Path) -> None:
    assert rules_of(kb_json_here("search", "702.19b, 702.19c", home=home)) == ["702.19b", "702.19c"]
    missing = kb_here("search", "702.19z", home=home)
    assert missing.returncode == 1 and "702.19z" in missing.stderr


# -- names ---------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["deaftouch", "Deathtuch", "tocco letale", "死触", "死觸"])
def test_a_name_misspelled_or_in_any_language_leads_to_its_rule(home: Path, query: str) -> None:
    """`deaftouch` once found nothing; the glossary entry "Deathtouch" cites 702.2 (the
    first rule is 702.2 or a rule of it: the heading alone is no answer)."""
    data = kb_json_here("search", query, home=home)
    first = rules_of(data)[0]
    assert first == "702.2" or RuleNumber.parse(first).parent == RuleNumber.parse("702.2"), (query, rules_of(data))
    assert data["box"]["kind"] == "term" and data["box"]["term"]["rules"][0] == "702.2"


@pytest.mark.parametrize(("query", "english"), [("esilio", "exile"), ("esiliare", "exile"), ("lanciare", "cast"),
                                              ("attivare", "activate"), ("giocare", "play")])
def test_a_name_in_another_language_leads_where_its_english_name_does(home: Path, query: str, english: str) -> None:
    """"esilio" led with the chapter 406, a heading ("Exile", no answer), which the entry Exile cites,
    before 701.13a, the rule `kb search exile` leads with (session 39's tester); "giocare" with three
    chapters.  The engine ranks the name a translation is read as as it ranks the name typed."""
    first = rules_of(kb_json_here("search", query, home=home))[:3]
    assert first == rules_of(kb_json_here("search", english, home=home))[:3]
    assert all(RuleNumber.parse(n).depth >= 2 for n in first), first


def test_the_letter_x_is_a_word_of_the_query(home: Path) -> None:
    """"magia con X" (a spell with X, session 41's Italian tester) was read as "magia" alone, wholly
    translated, and answered as the glossary's Spell (112.1); X is the number a player chooses (107.3)."""
    data = kb_json_here("search", "magia con X", home=home)
    assert data["box"]["kind"] == "text" and rules_of(data)[0].startswith("107.3"), rules_of(data)[:5]


@pytest.mark.parametrize(("query", "name"), [("comander starting life total", None),
                                           ("2hg starting life total", None),
                                           ("starting life totl", "Starting Life Total")])
def test_a_question_holding_a_name_is_no_misspelling_of_it(home: Path, query: str, name: str | None) -> None:
    """"comander starting life total" was read as a misspelled "Starting Life Total" (rapidfuzz
    ratio 80.9: the name is most of the query), and "commander" was lost: the first result was
    103.4, not 103.4c.  A misspelling is at most NAME_LENGTH_SLACK letters off the name."""
    data = kb_json_here("search", query, home=home)
    taken = data["box"]["term"]["term"] if data["box"]["kind"] == "term" else None
    assert taken == name, (query, data["box"])
    if name is None:
        assert rules_of(data)[0] in ("103.4a", "103.4c"), rules_of(data)


def test_a_card_name_typed_without_its_article_is_the_card(home: Path) -> None:
    """"Mightstone and Weakstone" found no card (The Mightstone and Weakstone is four letters longer
    than a typo may be), where `kb card` resolved it."""
    [card] = kb_json_here("search", "Mightstone and Weakstone", home=home)["cards"]
    assert card["card"].startswith("The Mightstone and Weakstone")


@pytest.mark.parametrize("query", ["X spell", "x spells", "2 spells", "dies trigger"])
def test_a_name_spelt_right_among_more_words_is_no_misspelling_of_it(home: Path, query: str) -> None:
    """"X spell" was read as a misspelled Spell (83% alike) and searched as "Spell", its X dropped;
    a name spelt right with words beside it is no typo, however short those words."""
    data = kb_json_here("search", query, home=home)
    assert data["box"]["kind"] != "term" or data["box"]["term"]["score"] == 100.0, (query, data["box"])
    assert data["showing"] is None, data["showing"]


@pytest.mark.parametrize(("query", "under"), [("indestructable creature", "702.12"),
                                            ("hexprof creature", "702.11"), ("combo creature", "302.")])
def test_a_typo_beside_a_name_is_not_dropped_for_the_name(home: Path, query: str, under: str) -> None:
    """"indestructable creature" was read as the name Creature (its "creature" as the Italian
    plural, the typo left out) and led with 302.1; a partial translation whose other words no
    language knows is no name."""
    data = kb_json_here("search", query, home=home)
    assert data["box"]["kind"] == "text", data["box"]
    assert rules_of(data)[0].startswith(under), rules_of(data)[:5]


@pytest.mark.parametrize("command", ["search", "ask"])
def test_the_header_names_what_was_searched_for_a_name_read_in_another_language(home: Path, command: str) -> None:
    """"la regola della leggenda" names the glossary entry Legend Rule through its Italian, and
    the engine searches "Legend Rule", in English: the header said "la regola della leggenda · en
    (detected)", an Italian query taken for English.  It now says what was searched, whose
    language that is (both commands, text and JSON)."""
    query = "la regola della leggenda"
    data = kb_json_here(command, query, home=home)
    assert data["showing"] == "Legend Rule" and data["query_lang"] == "en"
    header = kb_here(command, query, home=home).stdout.splitlines()[0]
    assert header.startswith(f"{query} (it) → “Legend Rule” · en"), header


ASKING = {"en": ["{} rules", "rules for {}", "the rules of {}", "{} ability", "{} keyword"],
          "zh-Hans": ["{}规则", "{}的规则", "{}异能", "{}是什么", "什么是{}", "{}的意思"]}


def named(data: dict) -> tuple[str, list[str]] | None:
    """The name the box read in a search's JSON, and its rules."""
    term = data["box"]["term"]
    return (term["name"], term["rules"]) if term else None


def under(found: list[str], heading: RuleNumber) -> list[str]:
    return [r for r in found if RuleNumber.parse(r).parent == heading]


def test_asking_about_a_name_is_asking_for_the_name(home: Path, db: sqlite3.Connection) -> None:
    """"deathtouch rules" put 702.2d first and "deathtouch" 702.2b (what it does); "trample rules"
    702.19a, c, d, e, then b; "践踏是什么" did not read as 践踏.  Every third keyword heading of
    701-702, in English and Chinese, asked about so ranks as the name alone: the same first result,
    the heading's rules in the same order, the same name in the box (searched as that name, the
    header says so: "trample rules → “Trample”")."""
    headings = db.execute("SELECT number, lang, body FROM rules WHERE edition = ? AND depth = 2"
                          " AND lang IN ('en', 'zh-Hans') AND (number GLOB '701.[0-9]*' OR number GLOB '702.[0-9]*')"
                          " ORDER BY sort_key, lang", (EDITION,)).fetchall()
    checked = 0
    for number, lang, name in headings[::3]:
        heading = RuleNumber.parse(number)
        bare = kb_json_here("search", name, home=home)
        for form in ASKING[lang]:
            data = kb_json_here("search", form.format(name), home=home)
            assert named(data) == named(bare), (form.format(name), data["box"], bare["box"])
            found = rules_of(data)
            expected = rules_of(bare)
            assert found[:1] == expected[:1], (form.format(name), found, expected)
            assert under(found, heading) == under(expected, heading), (form.format(name), found, expected)
            checked += 1
    assert checked > 400


@pytest.mark.parametrize(("query", "name"), [("regole del travolgere", "Trample"),
                                           ("tocco letale regole", "Deathtouch"), ("legend rule", "Legend Rule"),
                                           ("regola della leggenda", "Legend Rule"), ("rules of the game", None),
                                           ("rules", None), ("mana ability", "Mana Ability"),
                                           ("flying ability", "Flying"), ("abilità di mana", "Mana Ability"),
                                           ("abilità attivate", "Activated Ability"), ("costo di mana", "Mana Cost"),
                                           ("paura", "Fear"), ("prole", "Offspring"), ("fendere", "Cleave")])
def test_asking_about_a_name_in_italian_and_what_is_no_name(home: Path, query: str, name: str | None) -> None:
    """Without its asking words what is left must be a name exactly (or through the lexicons): "rules of
    the game" would otherwise be a misspelled "Lose the Game"; a name holding one stays whole.  An
    official Italian name is read before a look-alike English one ("paura" was Aura, not Fear)."""
    data = kb_json_here("search", query, home=home)
    taken = data["box"]["term"]["term"] if data["box"]["kind"] == "term" else None
    assert taken == name, (query, data["box"])


def test_free_text_is_not_taken_for_a_name(home: Path) -> None:
    for query in ("How many poison counters make a player lose the game?", "trample damage assignment order"):
        data = kb_json_here("search", query, home=home)
        assert data["box"]["kind"] == "text" and data["showing"] is None, query


def test_a_power_and_toughness_is_more_than_the_name_beside_it(home: Path) -> None:
    """"segnalino +1/+1 -1/-1" holds the name "segnalino" (counter), and asks about +1/+1 and
    -1/-1 counters: it is searched as typed, in Italian, not as "Counter"."""
    data = kb_json_here("search", "segnalino +1/+1 -1/-1", home=home)
    assert data["box"]["kind"] == "text" and data["showing"] is None and data["query_lang"] == "it"
    assert kb_json_here("search", "segnalino", home=home)["box"]["kind"] == "term"  # the name alone still is one


# -- cards ---------------------------------------------------------------------------


@pytest.mark.parametrize("query", [SHEOLDRED, "sheoldred the apocalyps", DRAGON_ENGINE_TITLE])
def test_a_card_name_gives_a_card_result(home: Path, query: str) -> None:
    """A card name once gave no card result, only rules sharing a word with it."""
    card = kb_json_here("card", query, home=home)
    data = kb_json_here("search", query, home=home)
    assert [c["card"] for c in data["cards"]] == [card["card"]["name"]]
    found = data["cards"][0]
    linked = {link["number"] for r in card["rulings"] for link in r["links"]}
    assert {r["rule"] for r in found["rules"]} <= linked and found["total_rules"] == len(linked)
    assert found["url"].startswith("/cards/") and found["command"].startswith("kb card ")
    text = kb_here("search", query, home=home)
    assert text.returncode == 0 and f"card {found['name']}" in text.stdout


def test_a_rules_term_typed_exactly_is_not_taken_for_a_misspelled_card(home: Path) -> None:
    """"Flying" is the keyword, not the card Fling (91% alike by spelling); "Forecast" is not
    Forest, "Devotion" not Demotion. A card named exactly as typed still is one."""
    for query in ("Flying", "Forecast", "Devotion"):
        data = kb_json_here("search", query, home=home)
        assert data["box"]["kind"] == "term" and data["cards"] == [], (query, data["cards"])
    assert [c["card"] for c in kb_json_here("search", "Forest", home=home)["cards"]] == ["Forest"]


def test_a_card_is_named_in_the_query_language(home: Path, db: sqlite3.Connection) -> None:
    chinese = db.execute("SELECT name FROM card_names WHERE card = ? AND lang = 'zh-Hans'", (SHEOLDRED,)).fetchone()[0]
    data = kb_json_here("search", chinese, home=home)
    assert data["cards"][0]["card"] == SHEOLDRED and data["cards"][0]["name"] == chinese


# -- the header ------------------------------------------------------------------------


def test_the_header_never_says_no_translation_when_one_was_set_aside(home: Path, db: sqlite3.Connection) -> None:
    """`permanente amalgamato`: the lexicon knows "permanente", but the plan drops a half
    translation when the Italian texts hold every word; the header said "no translation known"."""
    query = "permanente amalgamato"
    known = Translator.from_store(db).translate(query, "it", "en")
    assert known, "the lexicon knows part of the query"
    data = kb_json_here("search", query, "--lang", "it", "--lang", "en", home=home)
    shown = {(t["from"], t["to"]) for t in data["translations"] + data["dropped_translations"] if t["dst"] == "en"}
    assert {(t.source, t.target) for t in known} <= shown
    header = kb_here("search", query, "--lang", "it", "--lang", "en", home=home).stdout.splitlines()[0]
    assert "en: no translation known" not in header
    assert "en, zh-Hans: not searched (" in header  # the pairs are in the JSON (above): listed, they made
    # the header a paragraph (session 40's testers)


# -- batches -------------------------------------------------------------------------


def test_search_batch_is_one_json_object_per_line(home: Path) -> None:
    queries = ["601.2a-h", "deaftouch", "combat damage", "nothingatallxyzzy"]
    out = kb("search", "-", home=home, input="\n".join(queries) + "\n")
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == len(queries)
    for query, line in zip(queries[:3], lines, strict=False):
        single = kb_json_here("search", query, home=home)
        assert line == single
    # nothing found is still an answer (an empty list), as for a single `kb search`, which exits 1
    # for it (like grep, like `kb ask`): so does the batch, its worst line's code
    alone = kb("search", queries[3], "--json", home=home)
    assert alone.returncode == 1 and lines[3] == json.loads(alone.stdout) and lines[3]["results"] == []
    assert out.returncode == 1, out.stderr


def test_a_batch_answers_each_line_in_its_place(home: Path) -> None:
    """One line out per line in, whatever the line: a blank one is an empty query, bytes
    that are not UTF-8 are refused with their line's answer (before: blank lines were
    skipped, so the answers no longer lined up, and a bad line ended the batch with a
    traceback)."""
    lines = ["trample", "caf\udce9", "", "  ", "deaftouch"]
    out = kb_here("search", "-", home=home, input="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == len(lines) and out.returncode == 2
    assert answers[0] == kb_json_here("search", "trample", home=home)
    assert "not UTF-8 text (byte 0xE9 at character 4)" in answers[1]["error"] and answers[1]["query"] == "caf\ufffd"
    assert all("empty query" in answer["error"] for answer in answers[2:4])
    assert answers[4]["box"]["term"]["name"] == "Deathtouch"


@pytest.mark.parametrize("command", ["search", "ask", "card", "glossary"])
def test_a_query_that_cannot_be_typed_text_is_bad_input(home: Path, command: str) -> None:
    """Bytes not UTF-8 (a shell passes them as lone surrogates: a traceback before) and a
    terminal's escape sequence (echoed to the terminal before) are refused, naming where."""
    for query, words in (("caf\udce9", "not UTF-8 text (byte 0xE9 at character 4)"),
                         ("\x1b[2Jtrample", "control character (U+001B at character 1)")):
        result = kb_here(command, query, "--json", home=home)
        assert result.returncode == 2 and words in json.loads(result.stdout)["error"], (command, result.stderr)


def test_a_query_not_utf8_from_the_shell(home: Path) -> None:
    """The same as the shell gives it: the bytes themselves in the command line."""
    import os

    result = kb("search", os.fsdecode(b"caf\xe9"), home=home)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "not UTF-8 text (byte 0xE9" in result.stderr


def test_a_card_named_in_english_is_shown_by_its_english_name(home: Path) -> None:
    """"Urza's Sylex" and the German "Urzas Sylex" share a key once the apostrophe is
    folded away; the name written as the query is wins, then English (before: German)."""
    for query, name, lang in (("Urza's Sylex", "Urza's Sylex", "en"), ("Urza’s Sylex", "Urza's Sylex", "en"),
                              ("Urzas Sylex", "Urzas Sylex", "de")):
        [card] = kb_json_here("search", query, home=home)["cards"]
        assert (card["card"], card["name"], card["lang"]) == ("Urza's Sylex", name, lang), query


def test_a_rule_without_text_in_the_languages_asked_is_said_so(home: Path) -> None:
    """`--lang it` for a rule the Italian seed lacks: not "0 results" (search) nor "only
    glossary entries match" (ask)."""
    for command in ("search", "ask"):
        result = kb_here(command, "702.19b", "--lang", "it", home=home)
        assert result.returncode == 1 and "rule 702.19b not found in Italian (it)" in result.stderr, command
    asked = kb_here("ask", "trample", "--lang", "it", home=home)
    assert asked.returncode == 1 and "no rule answers 'trample' in Italian (it)" in asked.stderr
    assert "glossary" not in asked.stderr
    # what the Italian text holds and the question in every language, as `kb search` says it (it did not),
    # in the answer, given whole as a search's that found nothing (it was all said on standard error)
    assert asked.stderr == "kb: no rule answers 'trample' in Italian (it)\n"
    assert asked.stdout.rstrip().endswith("(nothing found in the Italian text held (only 2 rules, "
                                          "730.2 and 730.3, and 15 subrules); in every language: kb ask trample)")


def test_sentences_side_by_side_are_marked_as_one(home: Path) -> None:
    """Chinese sentences touch (no space between them): two answering ones were marked
    "**A。****B。**", an empty mark to the eye; now one mark spans both, as in English."""
    from kb.views.ask import _marked

    assert _marked("甲。乙。丙。", ((0, 2), (2, 4)), ("**", "**")) == "**甲。乙。**丙。"
    assert _marked("A. B. C.", ((0, 2), (3, 5)), ("**", "**")) == "**A. B.** C."
    assert _marked("A. B. C.", ((0, 2), (6, 8)), ("**", "**")) == "**A.** B. **C.**"
    for question in ("横置的生物能不能阻挡", "白昼和黑夜怎么转换"):
        assert "****" not in kb_here("ask", question, home=home).stdout


@pytest.mark.parametrize(("query", "taken"), [("blink creature", None), ("melded permanent", None),
                                              ("blinked creature", None), ("flickered creature", None),
                                              ("deaftouch", "Deathtouch"), ("trampel", "Trample")])
def test_words_the_kb_knows_are_no_typo_of_a_name(home: Path, query: str, taken: str | None) -> None:
    """A phrase of words the KB knows names something else ("blink creature" was read as
    Blocking Creature, "melded permanent" as Merged Permanent, "blinked creature" as Blocked
    Creature, then as the Italian "creature"); a word it does not know is still read as the
    name it misspells."""
    term = kb_json_here("search", query, home=home)["box"]["term"]
    assert (term["name"] if term and not term["exact"] else None) == taken


@pytest.mark.parametrize(("query", "wanted"), [("toughness 0", "704.5f"), ("0 toughness", "704.5f"),
                                             ("creature with toughness 0", "704.5f"), ("power 0", "208.5"),
                                             ("1 damage", None), ("costituzione 0", "704.5f")])
def test_a_number_beside_a_name_is_searched_with_it(home: Path, query: str, wanted: str | None) -> None:
    """"toughness 0" was read as the name Toughness (rapidfuzz: 90% like it; "costituzione 0"
    through its Italian), its 0 dropped: the results were 302.4 and 208's, never 704.5f (a creature
    with toughness 0 or less is put into its owner's graveyard).  The number is what is asked."""
    data = kb_json_here("search", query, home=home)
    assert data["box"]["kind"] == "text" and data["showing"] is None, data["box"]
    assert wanted is None or wanted in rules_of(data), rules_of(data)


@pytest.mark.parametrize(("query", "name"), [("toughnes", "Toughness"), ("rol a d20", "Roll a d20")])
def test_a_typo_of_a_name_is_still_the_name_beside_a_number_it_holds(home: Path, query: str, name: str) -> None:
    term = kb_json_here("search", query, home=home)["box"]["term"]
    assert term is not None and term["name"] == name and not term["exact"]


def test_ask_batch_matches_ask_json(home: Path) -> None:
    questions = ["what does trample do", "指挥官伤害"]
    out = kb("ask", "-", home=home, input="\n".join(questions))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines == [kb_json_here("ask", q, home=home) for q in questions]
    failed = json.loads(kb("ask", "-", home=home, input="   \n").stdout)  # named as the answers name it
    assert failed["question"] == "   " and "query" not in failed and failed["exit_code"] == 2


# -- kb ask ---------------------------------------------------------------------------


def test_ask_quotes_answering_sentences_with_aligned_texts_and_citations(home: Path, db: sqlite3.Connection) -> None:
    from kb.core.sentences import split

    data = kb_json_here("ask", "How many poison counters make a player lose the game?", home=home)
    assert 1 <= len(data["answers"]) <= 3
    for answer in data["answers"]:
        text = answer["text"]
        assert text["lang"] == "en" and text["sentences"]
        for start, end in text["sentences"]:
            assert (start, end) in split(text["text"])  # whole sentences
            assert any(start <= a and b <= end for a, b in text["highlights"])  # holding the question's terms
        assert {t["lang"] for t in answer["aligned"]} == {"zh-Hans"}
        assert all(t["rule"] == answer["rule"] for t in [text, *answer["aligned"]] if "rule" in t)
        row = db.execute("SELECT id FROM rules WHERE rule = ? AND lang = 'en' AND edition = ?",
                         (answer["rule"], EDITION)).fetchone()
        assert [c["number"] for c in answer["cites"]] == [str(link.number) if link.number else None
                                                          for link in store.outgoing(db, [row[0]])[row[0]]]


def test_ask_answers_in_the_question_language_with_the_english_beside(home: Path) -> None:
    data = kb_json_here("ask", "指挥官伤害", home=home)
    first = data["answers"][0]
    assert data["query_lang"] == "zh-Hans" and first["text"]["lang"] == "zh-Hans" and first["text"]["sentences"]
    assert "en" in {t["lang"] for t in first["aligned"]}


@pytest.mark.parametrize(("question", "rule", "says"), [("legend rule", "704.5j", "that player chooses one of them"),
                                                      ("传奇规则", "704.5j", "该牌手选择它们中的一个")])
def test_ask_quotes_what_a_naming_sentence_names(home: Path, question: str, rule: str, says: str) -> None:
    """"This is called the “legend rule.”" was the one sentence quoted for "legend rule" (it
    holds the words); the sentence it names, which says what the rule does, is quoted with it."""
    first = kb_json_here("ask", question, home=home)["answers"][0]
    text = first["text"]
    quoted = [text["text"][a:b] for a, b in text["sentences"]]
    assert first["rule"] == rule and len(quoted) == 2 and says in quoted[0], quoted


@pytest.mark.parametrize(("question", "rule", "first"), [
    ("what is the summoning sickness rule", "302.6", "A creature’s activated ability"),
    ("what is the world rule", "704.5k", "If two or more permanents have the supertype world"),
    ("普世规则", "704.5k", "如果战场上两个或更多的永久物"),
])
def test_ask_quotes_the_whole_rule_a_sentence_names(home: Path, question: str, rule: str, first: str) -> None:
    """"This rule is informally called the “summoning sickness” rule" (an adverb before "called")
    was no naming sentence; "This is called the “world rule.”" named only the tie-break before it,
    not the rule it follows.  A sentence naming a rule names every sentence of the rule before it."""
    answer = kb_json_here("ask", question, home=home)["answers"][0]
    text = answer["text"]
    quoted = [text["text"][a:b] for a, b in text["sentences"]]
    assert answer["rule"] == rule and quoted[0].startswith(first), quoted
    assert [text["text"][a:b] for a, b in split(text["text"].split("\n")[0])] == quoted


@pytest.mark.parametrize(("question", "named"), [
    ("601.2a-h", [f"601.2{letter}" for letter in "abcdefgh"]),
    ("702.19b, 702.19c", ["702.19b", "702.19c"]),
    ("regola 702.19d", ["702.19d"]),
    ("702.19b, 702.999", ["702.19b"]),
])
def test_ask_quotes_every_rule_a_question_names(home: Path, question: str, named: list[str]) -> None:
    data = kb_json_here("ask", question, home=home)
    assert [a["rule"] for a in data["answers"]] == named
    assert all(a["text"]["text"] for a in data["answers"])
    shown = kb("ask", question, home=home).stdout
    assert all(f"{n}. {rule} (" in shown for n, rule in enumerate(named, 1)), shown
    missing = data["box"]["missing"]  # named, not held: said, as kb search says it
    assert missing == (["702.999"] if "702.999" in question else [])
    assert (f"not in the KB: {missing[0]}" in shown) if missing else "not in the KB" not in shown


@pytest.mark.parametrize(("question", "entry", "best"), [
    ("what is trample", "Trample", "Trample"),
    ("死触是什么意思", "Deathtouch", "Deathtouch"),
    ("cos'è il tocco letale", "Deathtouch", "Deathtouch"),
    # the search's best entry, Win the Game, is not named: no longer shown beside the results either
    # (engine.FIRST_SHARE, session 32)
    ("chi vince se entrambi arrivano a 0", None, None),
    # the best was not named (Unblocked Creature, shown before session 32), the next is (was "undying
    # comes back with a +1/+1 counter", whose best was Rad Counter until "+1/+1" became one term)
    ("does a creature with undying come back if it has a +1/+1 counter", "Undying", "Undying"),
    # ask quotes what search shows first: it quoted Summon, named whole (session 32)
    ("summoning sickness", "Summoning Sickness Rule", "Summoning Sickness Rule"),
])
def test_ask_quotes_the_glossary_entry_a_question_names(home: Path, question: str, entry: str | None,
                                                        best: str | None) -> None:
    data = kb_json_here("ask", question, home=home)
    searched = kb_json_here("search", question, home=home)
    assert [d["term"] for d in searched["definitions"]][:1] == ([best] if best else [])
    assert [d["term"] for d in data["definitions"]] == ([entry] if entry else [])
    assert all(d in searched["definitions"] for d in data["definitions"])  # as the search made it
    assert data["answers"]  # beside the rules, not instead of them
    shown = kb("ask", question, home=home).stdout
    # titled in the question's language, the English headword beside it (“死触” (= Deathtouch))
    assert (f"definition: glossary “{entry}”" in shown or f" (= {entry})\n" in shown) if entry else (
        "definition:" not in shown)


def test_ask_shows_the_card_a_question_names(home: Path) -> None:
    """A card asked about alone is answered by the rules its rulings link to, below the card; Sheoldred's
    link to none, and the card is the answer (its name's words were searched: "apocalypse")."""
    data = kb_json_here("ask", SHEOLDRED, home=home)
    assert [c["card"] for c in data["cards"]] == [SHEOLDRED] and data["card_span"]["searched"] is None
    assert data["cards"][0]["rules"] == [] and data["answers"] == []
    shown = kb("ask", SHEOLDRED, home=home).stdout
    assert f"card {SHEOLDRED} · " in shown and "no ruling of it is linked to a rule" in shown
    engine = kb("ask", DRAGON_ENGINE_TITLE, home=home).stdout
    assert engine.index("card ") < engine.index("1. ")  # the card, then the rules


@pytest.mark.parametrize(("question", "card"), [
    ("how does Mishra's Command work", "Mishra's Command"),
    ("what does Sheoldred, the Apocalypse do when I draw a card", SHEOLDRED),
    ("is a Snow-Covered Forest a basic land", "Snow-Covered Forest")])
def test_a_card_named_among_other_words_is_shown(home: Path, question: str, card: str) -> None:
    """A card name inside a question gave no card (only a query that was all a name did)."""
    for command in ("ask", "search"):
        assert [c["card"] for c in kb_json_here(command, question, home=home)["cards"]] == [card], command


@pytest.mark.parametrize("question", ["can i block with a tapped creature", "fling a creature at my opponent",
                                      "how to shoot down a flier", "supply drop of treasure tokens",
                                      "彻底摧毁所有生物"])
def test_a_word_of_the_rules_inside_a_question_is_no_card(home: Path, question: str) -> None:
    """A name of two words at least, written with a capital ("fling" alone is the card Fling, and
    "shoot down", "supply drop" card names too), or of five Chinese characters (彻底摧毁, "destroy
    completely", is Raze to the Ground)."""
    assert kb_json_here("search", question, home=home)["cards"] == []


@pytest.mark.parametrize("query", ["travolgere", "tocco letale"])
def test_a_name_read_in_another_language_says_which(home: Path, query: str) -> None:
    """"travolgere · en (detected)": the header named only the language of what was searched
    (Trample), as if the query were English; then "travolgere (it) → “Trample” · en (detected)" said two languages
    of one query (session 47's Italian tester): the name's language is said, not detected."""
    assert kb_json_here("search", query, home=home)["box"]["term"]["typed_lang"] == "it"
    header = kb_here("search", query, home=home).stdout.splitlines()[0]
    assert header.startswith(f"{query} (it) → “") and "(detected)" not in header, header


def test_a_name_found_by_reading_a_typo_is_not_exact(home: Path) -> None:
    """"vigilanza" (the Italian players' word; the official name is "cautela") is read as
    "vigilance": the box said the query was the name Vigilance exactly (score 100, no "via")."""
    term = kb_json_here("search", "vigilanza", home=home)["box"]["term"]
    assert term["name"] == "Vigilance" and not term["exact"] and term["via"] == "vigilanza → vigilance"


def test_ask_acceptance_poison(home: Path) -> None:
    """122.1f, 104.3d and 704.5c say the same sentence; the first two cite rule 704: 704.5c leads."""
    data = kb_json_here("ask", "How many poison counters make a player lose the game?", home=home)
    assert data["answers"][0]["rule"] in {"104.3d", "704.5c"}


def test_ask_acceptance_commander_damage(home: Path) -> None:
    data = kb_json_here("ask", "指挥官伤害", home=home)
    assert data["answers"][0]["rule"] in {"903.10a", "704.6c"}


# -- the web ---------------------------------------------------------------------------


def test_web_search_and_ask_json_are_the_cli_json(home: Path) -> None:
    """The one box and the answer box over real HTTP: each ``.json`` is the CLI's ``--json``
    (after the server's one change, file paths as file names)."""
    from urllib.parse import urlencode

    from test_serve import request, serving

    from kb.web.serving import Redactor

    with closing(store.connect(home)) as conn:
        public = Redactor(home, store.source_paths(conn))

    def cli(*args: str) -> str:
        return public(kb_here(*args, "--json", home=home).stdout.encode()).decode()

    with serving(home, "--workers", "1") as base:
        for query in ("601.2a-h", "deaftouch", SHEOLDRED):
            assert request(base, "/search.json?" + urlencode({"q": query})).body.decode() == cli("search", query)
        question = "what does trample do"
        assert request(base, "/ask.json?" + urlencode({"q": question})).body.decode() == cli("ask", question)
        page = request(base, "/search?" + urlencode({"q": question})).body.decode()
        box = '<section class="answer in-search"'  # on a search page: folded on a phone (kb.css)
        assert box in page and page.index(box) < page.index('class="results"')
        assert page.count('class="definition"') == len(json.loads(cli("search", question))["definitions"])
        asked = request(base, "/ask?" + urlencode({"q": question})).body.decode()  # the entry, then the rules
        assert asked.count('class="definition"') == 1 and asked.index(">Trample<") < asked.index('class="answer"')
        assert request(base, "/ask.json?q=601.2a-h").body.decode() == cli("ask", "601.2a-h")
        assert "Not in the KB: 702.999" in request(base, "/ask?" + urlencode({"q": "702.19b, 702.999"})).body.decode()
        card = request(base, "/ask?" + urlencode({"q": SHEOLDRED})).body.decode()
        assert card.count('class="card-result"') == 1 and card.index("card-result") < card.index('class="answer"')
        assert SHEOLDRED in request(base, "/search?" + urlencode({"q": SHEOLDRED})).body.decode().replace("&#39;", "'")


# -- sentences ---------------------------------------------------------------------------


def test_sentences_of_rules_text() -> None:
    from kb.core.sentences import sentences

    assert sentences("Some effects (e.g. those of Auras) apply. See rule 603.2a. Then {T}: it ends.") == [
        "Some effects (e.g. those of Auras) apply.", "See rule 603.2a.", "Then {T}: it ends."]
    assert sentences("If a spell says “Tap two target creatures.” Then it may.\nExample: One. Two.") == [
        "If a spell says “Tap two target creatures.”", "Then it may.", "Example: One.", "Two."]
    assert sentences("如果牌手具有十个指示物，该牌手输掉游戏。（此为状态动作。参见规则704。）") == [
        "如果牌手具有十个指示物，该牌手输掉游戏。", "（此为状态动作。", "参见规则704。）"]
    assert sentences("甲；乙。") == ["甲；", "乙。"]


@pytest.mark.parametrize("command", ["search", "ask"])
def test_a_query_longer_than_the_web_takes_is_refused_naming_its_length(home: Path, command: str) -> None:
    """A pasted page was read whole: 10,000 characters of the rules took 1.8 s, 30,000 took
    16.5 s (reading a query grows faster than its length). Longer than the web takes of a
    parameter, it is refused at once, alone or as a line of a batch; as long is read."""
    from kb.views.search import QUERY_CHARS
    from kb.web.serving import VALUE_CHARS

    assert QUERY_CHARS == VALUE_CHARS
    rules = (Path(__file__).resolve().parents[1] / "corpus" / "MagicCompRules-2026-04-17.normalized.txt").read_text(
        encoding="utf-8")
    start = rules.index("702.19b")
    pasted = " ".join(rules[start:start + 30_000].split())
    alone = kb_here(command, pasted, "--json", home=home)
    assert alone.returncode == 2
    said = json.loads(alone.stdout)["error"]
    assert said.startswith("query too long: '702.19b ") and f"…' is {len(pasted):,} characters (at most 1,000)" in said
    fits = pasted[:QUERY_CHARS].rsplit(" ", 1)[0]
    assert kb_here(command, fits, "--json", home=home).returncode == 0
    batch = kb_here(command, "-", home=home, input=f"trample\n{pasted}\n")
    answers = [json.loads(line) for line in batch.stdout.splitlines()]
    assert len(answers) == 2 and batch.returncode == 2 and "query too long" in answers[1]["error"]
    assert "error" not in answers[0]


@pytest.mark.parametrize(("typed", "first"), [("{T}", "107.5"), ("{c}", "107.4c"), ("{W/U}", "107.4e"),
                                              ("{Q}", "107.6"), ("{E}", "107.14")])
def test_a_symbol_typed_alone_leads_with_the_rule_saying_what_it_is(default_home: Path, typed: str,
                                                                     first: str) -> None:
    """"{T}" led with 107.8b (its letter searched as the T of "P/T") and "{C}" was refused as stop
    words only (session 37's tester): a symbol is read whole, its rules those of the KB writing it."""
    found = kb_json_here("search", typed, home=default_home)
    assert found["box"]["kind"] == "rules" and found["results"][0]["rule"] == first
    with closing(store.connect(default_home)) as conn:
        edition = store.newest_of(conn, "en")
        for result in found["results"]:
            held = store.identity_text(conn, result["rule"], "en", edition)
            assert held is not None and typed.upper() in (held.body or ""), result["rule"]


@pytest.mark.parametrize(("asked", "first"), [("what does {T} mean", "107.5"), ("what is {C}", "107.4c"),
                                              ("cosa significa {T}", "107.5")])
def test_a_symbol_asked_about_leads_as_the_symbol_alone(default_home: Path, asked: str, first: str) -> None:
    """"what does {T} mean" led with 107.8b and 711.2b, the letter T of "P/T" and of {LEVEL} (session 39's
    second tester), where "{T}" alone leads with 107.5."""
    found = kb_json_here("search", asked, home=default_home)
    assert found["box"]["kind"] == "rules" and found["results"][0]["rule"] == first
    assert found["query"] == asked


def test_a_symbol_s_rules_are_a_list_paged_as_a_search_s(default_home: Path) -> None:
    """`kb search "{T}" --limit 30` showed the same ten rules with "total 10", where fourteen
    write it; "{E}{E}" was refused as stop words, "{T}{T}" searched the letter t (session 37)."""
    with closing(store.connect(default_home)) as conn:
        writing = {rule for rule, _ in store.writing(conn, "{T}", "en", store.newest_of(conn, "en"))}
    every = kb_json_here("search", "{T}", "--limit", "100", home=default_home)
    assert every["total"] == len(writing) > 10 and {r["rule"] for r in every["results"]} == writing
    first = [r["rule"] for r in every["results"]]
    assert [r["rule"] for r in kb_json_here("search", "{T}", "--limit", "2", home=default_home)["results"]] == first[:2]
    assert [r["rule"] for r in kb_json_here("search", "{T}{T}", home=default_home)["results"]] == first[:10]
    assert kb_json_here("search", "{E}{E}", home=default_home)["results"][0]["rule"] == "107.14"
    assert every["box"]["ranked"] and not kb_json_here("search", "702.19b", home=default_home)["box"]["ranked"]
