"""MTGJSON card data: set files (v4 and v5 layouts) and AtomicCards.json.

What kb needs from a card is its identity (English name, faces, localized names) and
its rulings.  MTGJSON spreads a card over several entries, and the layouts differ:

* v5 set files keep cards under ``data.cards``; each face of a multi-face card is an
  entry of its own with the full name ``"A // B"`` and ``faceName``; its ``foreignData``
  carries the full localized name and, per face, a localized ``faceName``;
* v4 set files keep cards at top level ``cards``; a split card's faces are entries
  named after the face, with the card's face names in ``names``;
* the back face of a meld pair (``Mishra, Lost to Phyrexia``, number ``163b``) is an
  entry of its own, printed on the back of ``163a`` (Phyrexian Dragon Engine): it belongs
  to that physical card, and the other half of the pair is only a *part*;
* the same card may be printed several times in one set (showcase frames): one card,
  the lowest collector number, the union of names and rulings;
* AtomicCards.json maps each card name to the list of its faces, without set or number.

Language names ("Chinese Simplified", "Portuguese (Brazil)") become BCP 47 tags through
babel's English display names of languages, scripts and territories.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from kb.core.dates import parse_iso
from kb.core.errors import KbError
from kb.core.model import Problem, Severity

FORMAT = "mtgjson"


class CardRuling(NamedTuple):
    """A ruling as MTGJSON gives it; ``date`` is ``None`` only if MTGJSON's was unreadable."""

    date: dt.date | None
    text: str


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a card: its English name and its localized names (``lang -> name``);
    ``texts`` holds its printed text in each language MTGJSON gives (``"en"`` is ``text``):
    a parallel corpus for learning how the rules' words are translated."""

    name: str
    side: str | None = None
    names: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    mana_cost: str | None = None
    type_line: str | None = None
    text: str | None = None
    texts: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    #: The face's printed numbers, as MTGJSON spells them ("*", "1+*", "X").
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    #: Its printed type line in each language ("Creatura Leggendaria — Umano"): the card types'
    #: own words, in the same parallel corpus as ``texts``.
    type_lines: dict[str, str] = field(default_factory=dict, hash=False, compare=False)


@dataclass(slots=True)
class Card:
    """One card of one set (or of AtomicCards, where ``set_code`` and ``number`` are ``None``).

    ``name`` is MTGJSON's English card name (``"A // B"`` for multi-face cards) and is
    the card's identity across sets; ``names`` maps BCP 47 tags to the full localized
    name (``"en"`` included); ``parts`` names the other cards of a meld group.
    """

    name: str
    faces: tuple[Face, ...]
    set_code: str | None
    number: str | None
    layout: str
    names: dict[str, str]
    rulings: tuple[CardRuling, ...]
    parts: tuple[str, ...] = ()
    uuids: tuple[str, ...] = ()
    #: Other ``(lang, name)`` pairs a variant printing uses (a showcase frame of KHM names
    #: Alrund's Epiphany 艾尔隆的顿悟, the regular one 艾朗德的顿悟).
    aliases: tuple[tuple[str, str], ...] = ()

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(face.name for face in self.faces)


@dataclass(slots=True)
class CardFile:
    """Everything read from one MTGJSON file."""

    path: str
    sha256: str
    kind: str  # "set-v5", "set-v4" or "atomic"
    set_code: str | None
    cards: list[Card]
    problems: list[Problem] = field(default_factory=list)


# -- languages ----------------------------------------------------------------------


@cache
def _display_names() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """English display name -> code, for languages, scripts and territories (babel/CLDR)."""
    from babel import Locale

    english = Locale("en")
    languages = {name.casefold(): code for code, name in english.languages.items() if "_" not in code}
    scripts = {name.casefold(): code for code, name in english.scripts.items()}
    territories = {name.casefold(): code for code, name in english.territories.items() if code.isalpha()}
    return languages, scripts, territories


@cache
def language_tag(name: str) -> str | None:
    """``"Chinese Simplified"`` -> ``zh-Hans``, ``"Portuguese (Brazil)"`` -> ``pt-BR``,
    ``"Italian"`` -> ``it``; ``None`` for names CLDR does not know ("Phyrexian")."""
    languages, scripts, territories = _display_names()
    words = re.sub(r"[()]", " ", name).split()
    for cut in range(len(words), 0, -1):
        code = languages.get(" ".join(words[:cut]).casefold())
        if code is None:
            continue
        rest = " ".join(words[cut:]).casefold()
        if not rest:
            return code
        if rest in scripts:
            return f"{code}-{scripts[rest]}"
        if rest in territories:
            return f"{code}-{territories[rest]}"
        return None
    return None


# -- loading ------------------------------------------------------------------------


def load(path: Path | str) -> CardFile:
    """Read one MTGJSON file (set file v4/v5 or AtomicCards.json), or :class:`KbError`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read: {err.strerror}", str(path)) from err
    return parse_bytes(data, str(path))


def parse_bytes(data: bytes, path: str) -> CardFile:
    sha256 = hashlib.sha256(data).hexdigest()
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise KbError(f"not MTGJSON: invalid JSON ({err})", path) from err
    return parse_document(document, path, sha256)


def looks_like(document: Any) -> bool:
    """A parsed JSON value in one of the layouts this module reads."""
    return _layout(document) is not None


def _layout(document: Any) -> str | None:
    if not isinstance(document, dict):
        return None
    data = document.get("data")
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return "set-v5"
    if isinstance(document.get("cards"), list) and "code" in document:
        return "set-v4"
    if isinstance(data, dict) and data and all(isinstance(v, list) for v in list(data.values())[:20]):
        return "atomic"
    return None


def parse_document(document: Any, path: str, sha256: str = "") -> CardFile:
    kind = _layout(document)
    if kind is None:
        raise KbError("not MTGJSON: expected data.cards (v5 set), cards (v4 set) or data{name: [faces]} (atomic)", path)
    problems: list[Problem] = []
    if kind == "atomic":
        entries = [entry for faces in document["data"].values() if isinstance(faces, list) for entry in faces]
        set_code = None
    else:
        container = document["data"] if kind == "set-v5" else document
        entries = container["cards"]
        code = container.get("code")
        set_code = code if isinstance(code, str) else None
        if code is not None and set_code is None:  # the set's code of the wrong type: left out, and said
            problems.append(Problem(path, None, f"the set's code of the wrong type, left out (code = "
                                                f"{json.dumps(code)[:40]})", Severity.DAMAGE))
    cards = _cards(entries, set_code, kind, path, problems)
    return CardFile(path, sha256, kind, set_code, cards, problems)


# -- grouping entries into cards ----------------------------------------------------


def _card_key(entry: dict[str, Any], stems: dict[str, str]) -> str:
    """The English name of the physical card an entry belongs to."""
    if entry.get("names") and " // " not in entry["name"] and entry.get("layout") != "meld":
        return " // ".join(entry["names"])  # v4: one entry per face
    if entry.get("layout") == "meld" and " // " not in entry["name"]:
        stem = _number_stem(entry.get("number"))
        if stem is not None and stem in stems:
            return stems[stem]  # a meld back face: printed on the back of its front's card
    return entry["name"]


def _number_stem(number: str | None) -> str | None:
    match = re.fullmatch(r"(\d+)[a-z]", number or "")
    return match[1] if match else None


def _number_order(number: str | None) -> tuple[int, str]:
    match = re.match(r"\d+", number or "")
    return (int(match[0]) if match else 1 << 30, number or "")


#: The fields kb reads from a card entry, and the type each must have; a field of
#: another type is dropped (and counted in the report), never trusted.
_FIELDS: dict[str, type] = {
    "name": str, "faceName": str, "layout": str, "number": str, "side": str, "uuid": str, "setCode": str,
    "manaCost": str, "type": str, "text": str, "names": list, "cardParts": list, "otherFaceIds": list,
    "foreignData": list, "rulings": list,
}
_STRING_LISTS = ("names", "cardParts", "otherFaceIds")
#: Inside ``foreignData`` and ``rulings`` items: the fields that must be strings when given,
#: and those that must be given (a ruling without its text is no ruling: it was dropped unsaid).
_FOREIGN_FIELDS = ("language", "name", "faceName", "text")
_RULING_FIELDS = ("date", "text")
_REQUIRED = {"foreignData": (), "rulings": ("text",)}


def _checked(entry: dict[str, Any], wrong: dict[str, tuple[int, str]]) -> dict[str, Any]:
    """A copy of an entry whose fields kb reads have the types MTGJSON documents;
    ``wrong`` counts each field that did not, with a first example (the rest of the
    entry is kept as is)."""
    clean = dict(entry)

    def note(key: str, value: object, count: int = 1) -> None:
        seen, example = wrong.get(key, (0, f"card {entry['name']!r}: {key} = {json.dumps(value)[:60]}"))
        wrong[key] = (seen + count, example)

    for key, kind in _FIELDS.items():
        if key in clean and clean[key] is not None and not isinstance(clean[key], kind):
            note(key, clean.pop(key))
    for key in _STRING_LISTS:
        if clean.get(key) and not all(isinstance(v, str) for v in clean[key]):
            note(key, clean[key])
            clean[key] = [v for v in clean[key] if isinstance(v, str)]
    for key, fields in (("foreignData", _FOREIGN_FIELDS), ("rulings", _RULING_FIELDS)):
        items = clean.get(key)
        if not items:
            continue
        kept = [item for item in items if isinstance(item, dict)
                and all(item.get(f) is None or isinstance(item[f], str) for f in fields)
                and all(isinstance(item.get(f), str) for f in _REQUIRED[key])]
        if len(kept) < len(items):
            note(f"{key} item", next(item for item in items if item not in kept), len(items) - len(kept))
            clean[key] = kept
    return clean


def _cards(entries: list[Any], set_code: str | None, kind: str, path: str, problems: list[Problem]) -> list[Card]:
    wrong: dict[str, tuple[int, str]] = {}
    valid = [_checked(e, wrong) for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str)]
    if len(valid) < len(entries):
        problems.append(Problem(path, None, f"{len(entries) - len(valid)} entries without a name were skipped",
                                Severity.DAMAGE))
    for key, (count, example) in sorted(wrong.items()):  # not MTGJSON as documented: the file is damaged
        problems.append(Problem(path, None, f"{count} × {key} of the wrong type, left out (first: {example})",
                                Severity.DAMAGE))
    if entries and not valid:
        raise KbError(f"no card could be read: none of its {len(entries)} entries is a card object with a name",
                      path)
    # Front faces of meld cards, by collector-number stem ("163a" -> "163").
    stems = {
        stem: e["name"]
        for e in valid
        if e.get("layout") == "meld" and " // " in e["name"] and (stem := _number_stem(e.get("number")))
    }
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in valid:
        groups.setdefault(_card_key(entry, stems), []).append(entry)
    uuid_to_card = {str(e["uuid"]): key for key, group in groups.items() for e in group if e.get("uuid")}
    unknown_languages: dict[str, int] = {}
    cards = [_card(key, group, set_code, kind, uuid_to_card, unknown_languages, path, problems)
             for key, group in groups.items()]
    for language, count in sorted(unknown_languages.items()):
        problems.append(Problem(path, None, f"foreignData language {language!r} ({count} names) has no BCP 47 tag "
                                            "in CLDR; those names were not kept"))
    return cards


def _card(
    key: str,
    group: list[dict[str, Any]],
    set_code: str | None,
    kind: str,
    uuid_to_card: dict[str, str],
    unknown: dict[str, int],
    path: str,
    problems: list[Problem],
) -> Card:
    group = sorted(group, key=lambda e: (_number_order(e.get("number")), e.get("side") or ""))
    first = group[0]
    faces: dict[str, Face] = {}
    names: dict[str, str] = {"en": key}
    split_faces: dict[str, dict[str, str]] = {}  # v4 faces: lang -> face name -> localized
    rulings: dict[tuple[dt.date | None, str], None] = {}
    parts: dict[str, None] = {}
    aliases: dict[tuple[str, str], None] = {}
    for entry in group:
        face_name = entry.get("faceName") or (entry["name"] if entry["name"] != key else None)
        localized_face: dict[str, str] = {"en": face_name} if face_name else {}
        printed = _printed(entry, "text")
        for foreign in entry.get("foreignData") or ():
            tag = language_tag(foreign.get("language") or "")
            if tag is None:
                language = foreign.get("language") or "?"
                unknown[language] = unknown.get(language, 0) + 1
                continue
            full, face = foreign.get("name"), foreign.get("faceName")
            if not isinstance(full, str) or not full.strip():
                continue
            if face_name and " // " not in full and entry["name"] == face_name and key != face_name:
                split_faces.setdefault(tag, {})[face_name] = full  # v4: the name is the face's
                localized_face.setdefault(tag, full)
                continue
            if names.setdefault(tag, full) != full:
                aliases.setdefault((tag, full), None)
            if face:
                if localized_face.setdefault(tag, face) != face:
                    aliases.setdefault((tag, face), None)
            elif face_name and " // " not in full:
                localized_face.setdefault(tag, full)
        if face_name and face_name in faces:
            known = faces[face_name].names
            for tag, localized in localized_face.items():
                if known.get(tag, localized) != localized:
                    aliases.setdefault((tag, localized), None)
        elif face_name:
            faces[face_name] = Face(face_name, entry.get("side"), localized_face, entry.get("manaCost"),
                                    entry.get("type"), entry.get("text"), printed, **_stats(entry),
                                    type_lines=_printed(entry, "type"))
        for ruling in entry.get("rulings") or ():
            rulings.setdefault((_ruling_date(ruling.get("date"), path, key, problems), ruling.get("text", "")), None)
        for part in entry.get("cardParts") or ():
            parts.setdefault(part, None)
        for other in entry.get("otherFaceIds") or ():
            if other in uuid_to_card and uuid_to_card[other] != key:
                parts.setdefault(uuid_to_card[other], None)
    _join_split_names(key, split_faces, names)
    if not faces:
        faces[key] = Face(key, None, dict(names), first.get("manaCost"), first.get("type"), first.get("text"),
                          _printed(first, "text"), **_stats(first), type_lines=_printed(first, "type"))
    face_list = tuple(sorted(faces.values(), key=lambda f: f.side or ""))
    own = {key, *faces}
    return Card(
        name=key,
        faces=face_list,
        set_code=first.get("setCode") or set_code,
        number=first.get("number"),
        layout=first.get("layout", "normal"),
        names=names,
        rulings=tuple(CardRuling(date, text) for date, text in rulings if text),
        parts=tuple(p for p in parts if p not in own),
        uuids=tuple(e["uuid"] for e in group if e.get("uuid")),
        aliases=tuple(aliases),
    )


def _join_split_names(key: str, split: dict[str, dict[str, str]], names: dict[str, str]) -> None:
    """v4 split cards: the card's localized name is its faces' localized names joined."""
    order = key.split(" // ")
    for tag, by_face in split.items():
        if all(face in by_face for face in order):
            names.setdefault(tag, " // ".join(by_face[face] for face in order))


def _stats(entry: dict[str, Any]) -> dict[str, str | None]:
    """Power, toughness, loyalty and defense of a face, where it has them (as text:
    MTGJSON writes "*" and "1+*"; a number is kept as it is printed)."""
    found: dict[str, str | None] = {}
    for key in ("power", "toughness", "loyalty", "defense"):
        value = entry.get(key)
        found[key] = str(value) if isinstance(value, str | int) and not isinstance(value, bool) else None
    return found


def _printed(entry: dict[str, Any], key: str) -> dict[str, str]:
    """A printing's ``key`` ("text", "type") in English and in each language of its ``foreignData``."""
    found = {"en": entry[key]} if isinstance(entry.get(key), str) and entry[key].strip() else {}
    for foreign in entry.get("foreignData") or ():
        tag = language_tag(foreign.get("language") or "")
        if tag is not None and isinstance(foreign.get(key), str) and foreign[key].strip():
            found.setdefault(tag, foreign[key])
    return found


def _ruling_date(text: Any, path: str, card: str, problems: list[Problem]) -> dt.date | None:
    date = parse_iso(text)
    if date is None:
        problems.append(Problem(path, None, f"{card}: ruling date {text!r} is not a YYYY-MM-DD date", Severity.WARNING))
    return date


def load_all(paths: Iterable[Path | str]) -> list[CardFile]:
    """Load many files, in the given order."""
    return [load(path) for path in paths]


def find_files(root: Path | str) -> list[Path]:
    """The MTGJSON files under a folder, in a stable order."""
    return sorted(Path(root).rglob("*.json"))
