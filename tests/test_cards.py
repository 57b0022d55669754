"""Card data (MTGJSON) and card identity, on the ten real set files."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from kb.core.text import name_key, to_simplified
from kb.graph.cards import CardIndex, NameIndex, name_entries, resolve, ruling_key
from kb.ingest import mtgjson
from kb.ingest.mtgjson import CardFile, language_tag

BRO_RELEASE = dt.date(2022, 10, 14)


@pytest.fixture(scope="module")
def raw_entries(corpora: Path) -> list[dict]:
    """The card entries straight from the JSON, for checks independent of kb's reading."""
    entries = []
    for path in mtgjson.find_files(corpora / "cards"):
        document = json.loads(path.read_bytes())
        entries.extend(document["data"]["cards"] if "data" in document else document["cards"])
    return entries


def _card(files: list[CardFile], set_code: str, face: str) -> mtgjson.Card:
    return next(c for f in files if f.set_code == set_code for c in f.cards if face in c.face_names)


# -- MTGJSON ------------------------------------------------------------------------


def test_ten_sets_in_both_layouts(card_files: list[CardFile]) -> None:
    assert len(card_files) == 10
    kinds = {f.set_code: f.kind for f in card_files}
    assert kinds["GRN"] == kinds["WAR"] == "set-v4"
    assert sum(kind == "set-v5" for kind in kinds.values()) == 8
    for file in card_files:
        assert file.cards and all(card.set_code == file.set_code for card in file.cards)
        assert all(isinstance(r.date, dt.date) for card in file.cards for r in card.rulings)


def test_meld_card_keeps_its_back_face_and_parts(card_files: list[CardFile]) -> None:
    engine = _card(card_files, "BRO", "Phyrexian Dragon Engine")
    assert engine.layout == "meld" and engine.number == "163a"
    assert engine.face_names == ("Phyrexian Dragon Engine", "Mishra, Lost to Phyrexia")
    assert set(engine.names) == {"en"}  # MTGJSON has no foreign name for this meld card
    assert len(engine.rulings) == 19 and {r.date for r in engine.rulings} == {BRO_RELEASE}
    assert "Mishra, Claimed by Gix // Mishra, Lost to Phyrexia" in engine.parts
    bro = next(f for f in card_files if f.set_code == "BRO")
    # The back face is not a card of its own: it is printed on the back of 163a.
    assert not any(card.name == "Mishra, Lost to Phyrexia" for card in bro.cards)


def test_localized_names_become_bcp47_tags(card_files: list[CardFile]) -> None:
    mishra = _card(card_files, "BRO", "Mishra, Claimed by Gix")
    assert mishra.names["it"] == "Mishra, Rivendicato da Gix"
    assert mishra.names["zh-Hans"] == "基克斯掌偶米斯拉"
    assert {"de", "fr", "ja", "pt-BR", "es"} <= set(mishra.names)
    assert language_tag("Chinese Traditional") == "zh-Hant"
    assert language_tag("Portuguese (Brazil)") == "pt-BR"
    assert language_tag("Phyrexian") is None
    reported = [p for f in card_files for p in f.problems if "Phyrexian" in p.message]
    assert reported, "names in a language without a tag must be reported, not dropped silently"


def test_v4_split_card_faces_join_into_one_card(card_files: list[CardFile]) -> None:
    card = _card(card_files, "GRN", "Assemble")
    assert card.name == "Assure // Assemble" and card.layout == "split"
    assert card.names["it"] == "Assicurare // Assemblea"
    assert [face.names.get("it") for face in card.faces] == ["Assicurare", "Assemblea"]


def test_adventure_faces_have_localized_face_names(card_files: list[CardFile]) -> None:
    card = _card(card_files, "ELD", "Ardenvale Tactician")
    assert card.names["zh-Hans"] == "雅登瓦策士 // 眩目天降"
    assert [face.names["zh-Hans"] for face in card.faces] == ["雅登瓦策士", "眩目天降"]


def test_atomic_layout(tmp_path: Path, raw_entries: list[dict]) -> None:
    """AtomicCards.json maps names to faces; built here from real entries of the sets."""
    faces = [e for e in raw_entries if e.get("faceName") in ("Ardenvale Tactician", "Dizzying Swoop")]
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {}, "data": {faces[0]["name"]: faces[:2]}}), encoding="utf-8")
    loaded = mtgjson.load(path)
    assert loaded.kind == "atomic" and loaded.set_code is None
    assert [c.face_names for c in loaded.cards] == [("Ardenvale Tactician", "Dizzying Swoop")]


def test_not_mtgjson_is_refused(tmp_path: Path, seeds: Path) -> None:
    from kb.core.errors import KbError

    with pytest.raises(KbError, match="not MTGJSON"):
        mtgjson.parse_bytes((seeds / "003_bb824e3f4851c86c.txt").read_bytes(), "seed003")
    with pytest.raises(KbError, match="not MTGJSON"):
        mtgjson.parse_bytes(b'{"data": 3}', "x.json")


# -- identity -----------------------------------------------------------------------


def test_every_chinese_and_italian_name_resolves(index: CardIndex, raw_entries: list[dict]) -> None:
    """The 2,655 card names with zh-Hans and Italian names, counted from the raw JSON."""
    expected: dict[str, tuple[str, str]] = {}
    for entry in raw_entries:
        foreign = {f["language"]: f["name"] for f in entry.get("foreignData") or ()}
        if "Chinese Simplified" in foreign and "Italian" in foreign:
            expected[entry["name"]] = (foreign["Chinese Simplified"], foreign["Italian"])
    assert len(expected) == 2655
    wrong = []
    for english, names in expected.items():
        for query in names:
            resolution = index.resolve(query)
            holder = index.card(resolution.card) if resolution.card else None
            if holder is None or english not in (holder.name, *holder.face_names):
                wrong.append((query, english, resolution.card))
    assert not wrong, wrong[:10]


def test_examples_from_the_issue(index: CardIndex) -> None:
    for query in ("Mishra, Rivendicato da Gix", "基克斯掌偶米斯拉", "mishra rivendicato da gix"):
        resolution = index.resolve(query)
        assert resolution.card == "Mishra, Claimed by Gix // Mishra, Lost to Phyrexia"
        assert resolution.confidence == 1.0 and resolution.evidence[0].kind == "exact-name"


def test_width_case_and_traditional_chinese(index: CardIndex) -> None:
    assert name_key("ＭＩＳＨＲＡ，Ｃｌａｉｍｅｄ　ｂｙ　Ｇｉｘ") == name_key("Mishra, Claimed by Gix")
    card = index.resolve("ＭＩＳＨＲＡ，ＣＬＡＩＭＥＤ ＢＹ ＧＩＸ").card
    assert card is not None and card.startswith("Mishra, Claimed by Gix")


def test_traditional_queries_find_simplified_names(card_files: list[CardFile]) -> None:
    """Index only English, zh-Hans and Italian names; query with MTGJSON's real zh-Hant
    names wherever they are the same translation written in the other script."""
    cards = [c for f in card_files for c in f.cards]
    entries = [e for e in name_entries(cards) if e.lang in ("en", "zh-Hans", "it")]
    names = NameIndex(entries)
    pairs = [(c.names["zh-Hant"], c.name) for c in cards
             if "zh-Hant" in c.names and "zh-Hans" in c.names and c.names["zh-Hant"] != c.names["zh-Hans"]
             and to_simplified(c.names["zh-Hant"]) == c.names["zh-Hans"]]
    assert len(pairs) > 500
    resolved = [resolve(traditional, names).card == english for traditional, english in pairs]
    assert all(resolved)


def test_misspelled_names(index: CardIndex) -> None:
    resolution = index.resolve("Mishra Claimed by Gics")
    assert resolution.card == "Mishra, Claimed by Gix // Mishra, Lost to Phyrexia"
    assert 0.85 < resolution.confidence < 1.0 and resolution.evidence[0].kind == "similar-name"
    card = index.resolve("phyrexian dragon engin").card
    assert card is not None and card.startswith("Phyrexian Dragon Engine")


def test_weak_evidence_lists_candidates(index: CardIndex) -> None:
    both = index.resolve("Dragon Engine")
    assert both.card is None and both.evidence[0].kind == "weak"
    names = {c.card for c in both.candidates}
    assert {"Fallaji Dragon Engine", "Phyrexian Dragon Engine // Mishra, Lost to Phyrexia"} <= names


def test_the_trap_title_alone_picks_no_card(index: CardIndex) -> None:
    """非瑞克西亚龙引擎 is no card's name; a naive fuzzy match would take a near miss."""
    resolution = index.resolve("非瑞克西亚龙引擎")
    assert resolution.card is None
    assert resolution.candidates and resolution.evidence[0].kind == "weak"


def test_the_trap_with_rulings(index: CardIndex, card_files: list[CardFile]) -> None:
    engine = _card(card_files, "BRO", "Phyrexian Dragon Engine")
    rulings = [r.text for r in engine.rulings]
    resolution = index.resolve("非瑞克西亚龙引擎", rulings)
    assert resolution.card == engine.name and resolution.confidence > 0.9
    assert resolution.evidence[0].kind == "rulings" and "19 of the 19" in resolution.evidence[0].detail
    sharing = {card for card, _, _ in index.rulings.overlap(rulings)}
    assert "Fallaji Dragon Engine" not in sharing  # the sister card shares none of them
    # The sister card's exact name with the engine's rulings is a conflict, not a pick.
    conflict = index.resolve("法拉吉龙形引擎", rulings)
    assert conflict.card is None and conflict.evidence[0].kind == "conflict"


def test_ruling_keys_ignore_typography() -> None:
    assert ruling_key("it's exiled instead—unless") == ruling_key("it’s  exiled instead—unless")


def test_name_index_round_trips_through_its_entries(index: CardIndex) -> None:
    """What a store saves (the entries) rebuilds an index that answers the same."""
    rebuilt = NameIndex(index.names.entries())
    for query in ("基克斯掌偶米斯拉", "Drago Meccanico di Fallaji", "Mishra Claimed by Gics", "非瑞克西亚龙引擎"):
        assert resolve(query, rebuilt).card == index.resolve(query).card
