"""Lexicons learned from printed card texts (kb.align.card_lexicon), and what they give
search: an Italian query reaches the English and Chinese rules.

The expected translations are the standard Italian and Chinese Magic terms, which
any player of those languages knows; they are not read back from a previous run."""

from __future__ import annotations

from pathlib import Path

import pytest
from kbrun import kb_json_here

from indexers.translate import OWN_LANGUAGE
from kb.align import card_lexicon
from kb.align.lexicon import Lexicon
from kb.ingest.mtgjson import Card, CardFile

ITALIAN = {"graveyard": "cimitero", "library": "grimorio", "counter": "segnalino", "opponent": "avversario",
           "flying": "volare", "trample": "travolgere", "enchantment": "incantesimo", "artifact": "artefatto",
           "sorcery": "stregoneria", "sacrifice": "sacrifica", "draw": "pesca", "player": "giocatore"}
CHINESE = {"graveyard": "坟墓场", "library": "牌库", "counter": "指示物", "opponent": "对手", "flying": "飞行",
           "trample": "践踏", "enchantment": "结界", "artifact": "神器", "sacrifice": "牺牲", "exile": "放逐",
           "player": "牌手", "damage": "伤害"}


@pytest.fixture(scope="module")
def cards(card_files: list[CardFile]) -> list[Card]:
    return [card for file in card_files for card in file.cards]


def test_a_card_s_own_name_is_masked_on_both_sides(cards: list[Card]) -> None:
    alseid = next(card for card in cards if card.name == "Alseid of Life's Bounty")
    [(english, italian)] = card_lexicon.text_pairs([alseid], "it")
    assert "Sacrifice ~:" in english and "Alseid" not in english
    assert "~" in italian and alseid.names["it"] not in italian
    assert "Legame vitale" in italian  # the keyword stays: it is what the lexicon is for


def test_pairs_are_the_faces_printed_in_both_languages(cards: list[Card]) -> None:
    pairs = card_lexicon.text_pairs(cards, "it")
    printed = {(face.type_lines["en"], face.texts.get("en"), face.type_lines["it"], face.texts.get("it"))
               for card in cards for face in card.faces if "en" in face.type_lines and "it" in face.type_lines}
    assert 0.9 * len(printed) <= len(pairs) <= len(printed)  # reprints of one text count once
    assert len(pairs) > card_lexicon.MIN_PAIRS
    assert any(en.startswith("Legendary Creature") and it.startswith("Creatura Leggendaria") for en, it in pairs)


def test_type_lines_teach_the_card_types(cards: list[Card]) -> None:
    lexicon = card_lexicon.learn(cards, {"it", "en"})[("en", "it")]
    assert lexicon.terms["creature"][0] == "creatura"  # in most pairs: MAX_SHARE lets it be learned


@pytest.mark.parametrize(("lang", "known"), [("it", ITALIAN), ("zh-Hans", CHINESE)])
def test_the_cards_teach_the_game_s_vocabulary(cards: list[Card], lang: str, known: dict[str, str]) -> None:
    lexicon = card_lexicon.learn(cards, {lang, "en"})[("en", lang)]
    assert (lexicon.src, lexicon.dst) == ("en", lang)
    right = [word for word, term in known.items() if word in lexicon.terms and lexicon.terms[word][0] == term]
    assert len(right) >= len(known) - 2, {w: lexicon.terms.get(w) for w in known}


def test_only_languages_asked_for_and_printed_enough(cards: list[Card]) -> None:
    assert set(card_lexicon.learn(cards, {"it", "en"})) == {("en", "it"), ("it", "en")}  # see BY_STEMS
    assert set(card_lexicon.learn(cards, {"zh-Hans", "en"})) == {("en", "zh-Hans")}  # Chinese has no stems
    assert card_lexicon.learn(cards, {"en"}) == {}
    assert card_lexicon.learn(cards[:20], {"it"}) == {}  # too few texts to learn from


def test_the_rules_lexicon_is_trusted_first() -> None:
    rules = Lexicon("en", "zh-Hans", {"permanent": ("永久物", 0.9)})
    cards = Lexicon("en", "zh-Hans", {"permanent": ("永久", 0.95), "graveyard": ("坟墓场", 0.8)})
    assert rules.filled_from(cards).terms == {"permanent": ("永久物", 0.9), "graveyard": ("坟墓场", 0.8)}
    with pytest.raises(ValueError):
        rules.filled_from(Lexicon("en", "it"))


@pytest.fixture(scope="module")
def home(cards_kb: tuple[Path, dict]) -> Path:
    """The seeds (with the Italian merge rules), EN (and ZH) 2026-04-17 and the card sets:
    the cards tests' KB, built once per run (its six wiki pages teach no lexicon)."""
    return cards_kb[0]


def test_an_italian_query_finds_english_rules_through_card_texts(home: Path) -> None:
    """The card texts alone teach "cimitero" (the official names we list say it too, and
    lead the box: "cimitero → graveyard")."""
    import sqlite3

    from indexers.translate import Translator
    from kb.store import rules as store

    with sqlite3.connect(home / "kb.sqlite") as conn:
        learned = Translator([lexicon for lexicon in store.lexicons(conn) if lexicon.origin == "cards"])
    assert "graveyard" in {t.target for t in learned.translate("cimitero", "it", "en")}
    found = kb_json_here("search", "cimitero", "--lang", "en", home=home)
    assert found["box"]["term"]["via"] == "cimitero → graveyard"
    texts = [text["text"].casefold() for result in found["results"][:3] for text in result["texts"]]
    assert texts and all("graveyard" in text for text in texts)


def test_a_half_translated_query_keeps_to_its_own_language(home: Path) -> None:
    """"amalgamato" (merged) is on no card: a search for "permanente" alone in English
    would drown the Italian merge rules, which hold both words, under every permanent."""
    found = kb_json_here("search", "permanente amalgamato", home=home)
    assert found["translations"] == []
    top = found["results"][0]["texts"]
    assert any(t["lang"] == "it" and t["hit"] and "amalgam" in t["text"] for t in top)


def test_an_italian_question_the_merge_rules_hold_only_word_by_word_is_translated(home: Path) -> None:
    """Each word of this question is somewhere in the 17 Italian rules of the seed, so the
    plan took them to answer it and dropped its translations: the first results were merge
    rules.  The KB holds Italian only in fragments (no edition): its texts answer a query
    only when one of them holds all its words, as for "permanente amalgamato" (above)."""
    found = kb_json_here("search", "le abilità delle carte nel cimitero funzionano", home=home)
    assert {t["to"] for t in found["translations"] if t["dst"] == "en"} >= {"ability", "card", "graveyard"}
    assert not [t for t in found["dropped_translations"] if t["dropped"] == OWN_LANGUAGE]
    assert not any(result["rule"].startswith("730.") for result in found["results"][:5])
    still = kb_json_here("search", "permanente amalgamato", home=home)
    assert still["translations"] == [] and still["results"][0]["rule"].startswith("730.")


#: Italian words in forms the card texts print rarely or never as such, with the English word
#: every Italian player reads them as (standard Magic terms, not read back from a run).
ITALIAN_FORMS = {"pescare": "draw", "pescato": "draw", "magia": "spell", "magie": "spell", "lanciare": "cast",
                 "lanciata": "cast", "guadagnare": "gain", "sacrifichi": "sacrifice", "cimiteri": "graveyard",
                 "perdere": "lose"}


def test_italian_is_learned_by_its_stems_so_every_form_is_read(cards: list[Card]) -> None:
    from indexers.translate import stem_key

    lexicon = card_lexicon.learn(cards, {"it", "en"})[("it", "en")]
    assert (lexicon.src, lexicon.dst, lexicon.origin) == ("it", "en", "cards")
    assert all(key.startswith("~") for key in lexicon.terms)  # keyed as search keys a query word's stem
    read = {word: lexicon.terms.get(stem_key("it", word), ("", 0.0))[0] for word in ITALIAN_FORMS}
    assert read == ITALIAN_FORMS


def test_search_reads_any_form_of_an_italian_word(tmp_path: Path, card_files: list[CardFile]) -> None:
    from indexers.translate import Translator

    lexicons = list(card_lexicon.learn([c for f in card_files for c in f.cards], {"it", "en"}).values())
    translator = Translator(lexicons)
    used = {t.source: t.target for t in translator.translate("pescare con il grimorio vuoto", "it", "en")}
    assert used == {"pescare": "draw", "grimorio": "library"}
    found = {t.source: t.target for t in translator.translate("quando lancio la magia", "it", "en")}
    assert found == {"lancio": "cast", "magia": "spell"}  # "quando" (a question word) stands for nothing
