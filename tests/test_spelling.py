"""Typos and the spelling of languages (indexers/spelling.py), on the words of a real KB's
index: the default corpus's English and Italian vocabularies."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from kbrun import kb_here, kb_json_here

from indexers import engine, spelling
from indexers import index as rules_index
from kb.store import rules as store


@pytest.fixture(scope="module")
def vocabulary(default_home: Path) -> Iterator[dict[str, dict[str, int]]]:
    with closing(store.connect(default_home)) as conn:
        info = rules_index.current(default_home, conn)
    yield json.loads((info.path / spelling.WORDS_FILE).read_text(encoding="utf-8"))


def test_the_index_keeps_its_words_per_language(vocabulary: dict[str, dict[str, int]]) -> None:
    assert {"en", "it"} <= set(vocabulary) and "zh-Hans" not in vocabulary  # Chinese has no spaced words
    assert vocabulary["en"]["deathtouch"] >= 5 and vocabulary["en"]["planeswalker"] > 50
    assert "permanente" in vocabulary["it"]  # the Italian seed (729.2-729.3e)


@pytest.mark.parametrize(("typed", "meant"), [("deaftouch", "deathtouch"), ("comander", "commander"),
                                              ("indestructibel", "indestructible"), ("tramplle", "trample")])
def test_a_typo_meets_the_nearest_known_word(vocabulary: dict[str, dict[str, int]], typed: str, meant: str) -> None:
    assert spelling.nearest(typed, vocabulary["en"]) == meant


@pytest.mark.parametrize("typed", ["deathtouch", "blink", "wings", "xyzzyplugh", "eathtouch"])
def test_no_correction_for_known_short_or_far_words(vocabulary: dict[str, dict[str, int]], typed: str) -> None:
    # known as written; under SHORTEST letters; nothing within two edits; another first letter
    assert spelling.nearest(typed, vocabulary["en"]) is None


def test_correct_replaces_only_unknown_words_and_says_so(vocabulary: dict[str, dict[str, int]]) -> None:
    words = vocabulary["en"]
    asked: list[int] = []

    def load() -> dict[str, int]:
        asked.append(1)
        return words

    fixed, fixes = spelling.correct("Does comander damage count 702.2b?", lambda w: w in words or len(w) < 8, load)
    assert fixed == "Does commander damage count 702.2b?"
    assert [(c.typed, c.meant) for c in fixes] == [("comander", "commander")]
    assert spelling.correct("trample damage", lambda w: w in words, load) == ("trample damage", ())
    assert len(asked) == 1  # the vocabulary is read only when a word is unknown


def test_two_words_the_rules_write_as_one_are_joined(vocabulary: dict[str, dict[str, int]]) -> None:
    """"non-creature" was searched as "non" and "creature" (creatures); the rules write
    "noncreature".  "face-down" stays: the rules write it so."""
    words = vocabulary["en"]
    fixed, fixes = spelling.correct("non-creature spell, pre-combat main phase, face-down", lambda w: w in words,
                                    lambda: words, words)
    assert fixed == "noncreature spell, precombat main phase, face-down"
    assert [(c.typed, c.meant) for c in fixes] == [("non-creature", "noncreature"), ("pre-combat", "precombat")]
    assert "facedown" not in words and "noncreature" in words


def test_an_apostrophe_left_out_is_put_back_where_the_texts_write_it(vocabulary: dict[str, dict[str, int]]) -> None:
    """Players type "cant", "doesnt", "theyre": no text holds them, and "cant be countered" was
    read as Italian.  A word the texts hold as typed ("its", "wont" aside) is left alone."""
    words = vocabulary["en"]
    fixed, fixes = spelling.correct("cant be countered, doesnt untap, theyre blocked", lambda w: w in words,
                                    lambda: words, words)
    assert fixed == "can't be countered, doesn't untap, they're blocked"
    assert [(c.typed, c.meant) for c in fixes] == [("cant", "can't"), ("doesnt", "doesn't"), ("theyre", "they're")]
    assert spelling.apostrophe("its", words) == "it's" and spelling.correct("its", lambda w: True, lambda: words,
                                                                           words)[0] == "its"


def test_a_quoted_phrase_typed_without_its_apostrophe_is_read_as_english(default_home: Path) -> None:
    from kb.views.search import search

    answer = search(default_home, '"cant be countered"', None)
    assert answer.plan.lang == "en"
    assert [(c.typed, c.meant) for c in answer.plan.corrections] == [("cant", "can't")]


@pytest.mark.parametrize("query", ["what happens if a creature wouldn't die", "what happens if a creature wouldnt die"])
def test_a_contraction_is_no_word_of_another_language(default_home: Path, query: str) -> None:
    """The lexicon learned from the rules paired "wouldn't" with 然后原 ("then ... originally"),
    shown in the header as the query's Chinese: a contraction is a function word, translated
    only inside a run of words that is one term ("isn't blocked": 且未受阻挡)."""
    found = kb_json_here("search", query, home=default_home)
    known = {(t["from"], t["to"]) for t in found["translations"] + found["dropped_translations"]}
    assert ("creature", "生物") in known and not {source for source, _ in known} & {"wouldn't", "wouldnt"}, known
    assert "然后原" not in kb_here("search", query, home=default_home).stdout
    with closing(store.connect(default_home)) as conn:
        translator = engine.translator_of(conn)
        assert translator.translate_all("wouldn't", "en", "zh-Hans") == []
        assert [t.target for t in translator.translate("isn't blocked", "en", "zh-Hans")] == ["且未受阻挡"]


@pytest.mark.parametrize(("query", "quoted"), [("youre", "'youre'"), ("you're", '"you\'re"'), ("YOURE", "'YOURE'")])
def test_a_pronoun_contraction_alone_is_stop_words_as_typed(default_home: Path, query: str, quoted: str) -> None:
    """"youre" and "you're" were read by the box as a misspelt Your (the glossary's "You, Your"),
    searched as stop words only, and the error quoted 'Your', a word never typed: they are
    "you're", a stop word as "you" is, and say so as "the" does."""
    result = kb_here("search", query, home=default_home)
    assert result.returncode == 2
    assert result.stderr == f"kb: nothing to search for in {quoted}: only stop words or punctuation\n"


@pytest.mark.parametrize("command", ["search", "ask"])
@pytest.mark.parametrize("query", ["的", "了吗", "怎么办", "是什么"])
def test_chinese_question_words_alone_are_stop_words_as_the_is(default_home: Path, command: str, query: str) -> None:
    """"the" is refused as stop words only (exit 2); "的" said "nothing found" (exit 1), its whole
    looked up as a name, and "怎么办" was read character by character into 719.3a (侦办) and 208.5."""
    result = kb_here(command, query, home=default_home)
    assert result.returncode == 2, result.stdout
    assert result.stderr == f"kb: nothing to search for in {query!r}: only stop words or punctuation\n"
    assert kb_here(command, "践踏怎么用", home=default_home).returncode == 0


def test_a_pronoun_contraction_in_a_question_is_not_searched(default_home: Path) -> None:
    """"youre" stems as "your", a known word's stem, so it was not read as "you're" and was
    searched as "your"; it is read so, and the question searches its content words."""
    found = kb_json_here("search", "what if youre attacked", home=default_home)
    assert [(c["typed"], c["meant"]) for c in found["corrections"]] == [("youre", "you're")]
    with closing(store.connect(default_home)) as conn:
        outcome = engine.search(default_home, conn, "what if youre attacked")
    assert [u.terms for u in outcome.plan.units_for("en")] == [("attack",)]


def test_a_misspelt_name_of_stop_words_is_searched_as_typed(default_home: Path) -> None:
    """"yours" is 89% like the name Your: searched as that name it was stop words only, and
    the error quoted 'Your'.  It is searched as typed, the name's rule first."""
    found = kb_json_here("search", "yours", home=default_home)
    assert found["results"][0]["rule"] == "109.5"


def test_a_word_typed_without_its_apostrophe_counts_as_english(default_home: Path) -> None:
    """"isnt" alone was known to no language, and its letters looked Italian: the search read it
    as Italian first, found nothing, then as English.  Put back as "isn't", it is English."""
    found = kb_json_here("search", "isnt", home=default_home)
    assert found["tried"] == ["en"] and found["query_lang"] == "en"
    # the English texts saying "isn't" answer (a definition beside them only where the query names it:
    # "isnt" alone is one word of "Attacks and Isn't Blocked", session 32)
    assert found["results"] and "isn’t" in found["results"][0]["texts"][0]["text"]
    assert "read as Italian" not in kb_here("search", "isnt", home=default_home).stdout
    with closing(store.connect(default_home)) as conn:
        info = rules_index.current(default_home, conn)
        vocabulary = spelling.load(info.path)
        assert engine.detect_lang([("isnt", False)], ["en", "it", "zh-Hans"], None, None, vocabulary) == "en"


def test_a_hyphenated_query_is_read_as_the_rules_write_it(default_home: Path) -> None:
    from kb.views.search import search

    answer = search(default_home, "non-creature spell", ["en"])
    assert [(c.typed, c.meant) for c in answer.plan.corrections] == [("non-creature", "noncreature")]
    assert answer.results[0].identity == "702.108a"  # prowess: "Whenever you cast a noncreature spell"


@pytest.mark.parametrize(("query", "meant", "under"), [("flyng creature", "flying", "702.9"),
                                                    ("hexprof creature", "hexproof", "702.11"),
                                                    ("what if i draw from an empty libary", "library", "121."),
                                                    ("lifelnik damage", "lifelink", "702.15")])
def test_a_short_typo_beside_other_words_is_read_as_a_name_of_the_rules(default_home: Path, query: str,
                                                                        meant: str, under: str) -> None:
    """Under SHORTEST letters nothing was corrected beside other words ("flyng creature" found
    creatures); a word one edit or swap from a word of the rules' names is read as that word."""
    from kb.views.search import search

    answer = search(default_home, query, ["en"])
    assert [c.meant for c in answer.plan.corrections] == [meant]
    assert (answer.results[0].identity or "").startswith(under), [r.identity for r in answer.results[:5]]


@pytest.mark.parametrize("query", ["mana flood", "casting a combat trick", "prison deck lock", "price of a spell"])
def test_an_english_word_the_rules_do_not_use_is_no_typo(default_home: Path, query: str) -> None:
    """Read against the rules' names, "flood" became food, "trick" track, "prison" poison."""
    from kb.views.search import search

    assert search(default_home, query, ["en"]).plan.corrections == ()


def test_a_name_word_typed_as_two_is_read_as_one() -> None:
    """"hex proof" was searched as "hex" and "proof": "what is hex proof" found nothing at all."""
    names = frozenset({"hexproof", "lifelink", "backup", "see", "main"})
    written = {"hexproof": 9, "lifelink": 20, "backup": 12, "see": 900, "main": 300}
    asked: list[str] = []

    def together(words: str) -> bool:
        asked.append(words)
        return words == "back up"  # the texts write "back up" as two words

    def join(text: str, stop: frozenset[str] = frozenset()) -> tuple[str, list[tuple[str, str]]]:
        fixed, fixes = spelling.joined_names(text, lambda: names, written, together, stop.__contains__)
        return fixed, [(c.typed, c.meant) for c in fixes]

    assert join("what is hex proof?") == ("what is hexproof?", [("hex proof", "hexproof")])
    assert join("Life  Link and HEX PROOF") == ("lifelink and hexproof", [("Life  Link", "lifelink"),
                                                                          ("HEX PROOF", "hexproof")])
    assert join("can I back up a creature") == ("can I back up a creature", [])  # the texts' words in a row
    assert join("se e vero, ma in fase", frozenset({"se", "e", "ma", "in"})) == ("se e vero, ma in fase", [])
    assert join("didn't he, non-life link's") == ("didn't he, non-life link's", [])  # parts of longer words
    asked.clear()
    assert join("trample damage to a blocker") == ("trample damage to a blocker", []) and asked == []


@pytest.mark.parametrize(("query", "typed", "meant", "under"),
                         [("what is hex proof", "hex proof", "hexproof", "702.11"),
                          ("how does life link work", "life link", "lifelink", "702.15"),
                          ("la mia creatura con life link guadagna vita?", "life link", "lifelink", "702.15"),
                          ("does it enter the battle field tapped", "battle field", "battlefield", "")])
def test_a_question_with_a_name_word_typed_as_two_finds_its_rules(default_home: Path, query: str, typed: str,
                                                                   meant: str, under: str) -> None:
    """Found nothing ("hex proof"), or linked abilities ("life link": 607.4); an Italian player types the
    English keyword apart too, and the Italian seed names none of them."""
    from kb.views.search import search

    answer = search(default_home, query, None)
    assert [(c.typed, c.meant) for c in answer.plan.corrections] == [(typed, meant)]
    assert (answer.results[0].identity or "").startswith(under), [r.identity for r in answer.results[:5]]
    assert meant in kb_here("search", query, home=default_home).stdout.splitlines()[0]


def test_a_name_word_is_chosen_only_when_it_alone_is_that_near() -> None:
    names = frozenset({"flying", "flanking", "menace", "library", "food", "poison", "spell"})
    assert spelling.nearest_name("flyng", names) == "flying"  # a letter short
    assert spelling.nearest_name("libary", names) == "library"
    assert spelling.nearest_name("lirbary", names) == "library"  # two neighbours swapped
    assert spelling.nearest_name("tokens", frozenset({"tokensa", "tokensb"})) is None  # two as near
    assert spelling.nearest_name("flng", names) is None  # under NAME_SHORTEST letters
    assert spelling.nearest_name("menace", names) is None  # a name's word as written
    # a letter too many or a letter changed makes another English word, which nothing here knows
    for english in ("flood", "prison", "shell", "menance"):
        assert spelling.nearest_name(english, names) is None, english


def test_letters_tell_italian_from_english_spelling(vocabulary: dict[str, dict[str, int]]) -> None:
    english, italian = spelling.Letters(vocabulary["en"]), spelling.Letters(vocabulary["it"])
    assert italian.score(["mischia"]) > english.score(["mischia"])
    assert english.score(["flicker"]) > italian.score(["flicker"])


def test_a_damaged_vocabulary_file_reads_as_empty(tmp_path: Path) -> None:
    (tmp_path / spelling.WORDS_FILE).write_text("{not json", encoding="utf-8")
    assert spelling.load(tmp_path) == {}  # no typo is corrected; the search itself goes on


def test_an_italian_word_is_read_with_its_double_consonants_respelt() -> None:
    """Session 60: Italian double consonants heard single ("atacare", "apena"), at most two of them, only where a
    vowel stands on both sides; a form the texts hold only by its stem is no reading (spelling.respelt)."""
    assert list(spelling.geminates("apena")) == ["appena", "apenna", "appenna"]
    assert "attaccare" in spelling.geminates("atacare") and not list(spelling.geminates("cast"))
    assert "comandante" in spelling.geminates("commandante")
    written = {"attaccare", "appena", "base"}.__contains__
    assert spelling.respelt("atacare", written) == "attaccare"
    assert spelling.respelt("basso", written) is None  # "baso" is written nowhere


def test_an_italian_question_with_single_consonants_finds_its_rule(default_home: Path) -> None:
    """A twelve-year-old's "posso atacare con una creatura apena giocata?" (session 60's second blind set) found
    302.1 first and summoning sickness nowhere; read as "attaccare" and "appena" it finds 302.6."""
    from kb.views.search import search

    answer = search(default_home, "posso atacare con una creatura apena giocata?", None)
    assert {(c.typed, c.meant) for c in answer.plan.corrections} == {("atacare", "attaccare"), ("apena", "appena")}
    assert answer.results[0].identity == "302.6", [r.identity for r in answer.results[:5]]
