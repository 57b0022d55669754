"""``kb check LANG``: a translation's report against its English source.

The source is the English edition of the translation's date (else the English edition
in force on that date).  Texts are paired by their stored identity (computed by
alignment at build time), so a finding is never an artefact of numbering.  Each finding
carries both texts and their ``path:line``:

* ``numbering``: numbers the English has and the translation lacks, numbers only the
  translation has, numbers used twice, texts whose number differs from the English one;
* ``references``: rules citing other rules than the English rule does (or citing what
  does not exist);
* ``numbers``: quantities written in one text and absent from the other ("21" that
  became "20"; "ten" and "十" are the same quantity);
* ``glossary``: entries that pair with no English entry, or with one citing other rules;
* ``terminology``: where the glossary pairs an English term with a translation (结聚永久物
  for "merged permanent"), the rules using the English term whose translation lacks it;
* ``stale``: rules whose English text changed after the translation's source edition.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import ahocorasick

from kb.align.diff import word_diff
from kb.core import refs
from kb.core.errors import KbError, NotFound
from kb.core.lang import language_label
from kb.core.rulenum import RuleNumber
from kb.core.text import comparable
from kb.store import rules as store
from kb.store import tools
from kb.views.history import render_edits

KINDS = ("numbering", "references", "numbers", "glossary", "terminology", "stale")


@dataclass(frozen=True)
class Finding:
    """One thing to look at: what, where, and both texts."""

    kind: str
    number: str                    # the translation's number (or the glossary headword)
    message: str
    english: dict[str, object] | None = None   # {"number", "rule", "edition", "text", "source"}; a glossary
    # entry: {"number": its headword, "text", "source"}
    translation: dict[str, object] | None = None
    # a finding about several glossary entries (one headword heading entries of different
    # meanings): each entry, {"english": side, "translation": side}; english and translation
    # are the first's
    entries: list[dict[str, dict[str, object] | None]] | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind, "number": self.number, "message": self.message,
                                   "english": self.english, "translation": self.translation}
        if self.entries is not None:
            data["entries"] = self.entries
        return data


def _side(text: store.StoredRule | None) -> dict[str, object] | None:
    if text is None:
        return None
    return {"number": str(text.number), "rule": text.rule, "edition": text.edition, "text": _full(text),
            "source": text.source}


def _full(text: store.StoredRule) -> str:
    return "\n".join(p for p in (text.title or "", text.body, *text.examples) if p)


@dataclass(frozen=True)
class CheckReport:
    lang: str
    edition: str
    english: str                   # the English edition checked against
    newest: str                    # the newest English edition held (for stale texts)
    findings: list[Finding] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        found = Counter(f.kind for f in self.findings)
        return {kind: found[kind] for kind in KINDS}

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "edition": self.edition, "english": self.english, "newest_english": self.newest,
                "counts": self.counts, "total": len(self.findings),
                "findings": [f.to_json() for f in self.findings]}

    def render(self) -> str:
        counts = self.counts
        lines = [f"{self.lang} {self.edition} against en {self.english}: {len(self.findings)} findings ("
                 + ", ".join(f"{counts[k]} {k}" for k in KINDS) + ")"]
        for kind in KINDS:
            chosen = [f for f in self.findings if f.kind == kind]
            if not chosen:
                continue
            lines.append(f"\n{kind} ({len(chosen)}):")
            for finding in chosen:
                lines.append(f"  {finding.number}  {finding.message}")
                pairs = finding.entries or [{"english": finding.english, "translation": finding.translation}]
                for entry in pairs:
                    for label, side in (("en", entry["english"]), (self.lang, entry["translation"])):
                        if side:
                            lines.append(f"      {label} {side['number']} · {side['source']}")
                            lines.append(f"        {_one_line(str(side['text']))}")
        return "\n".join(lines)


def _one_line(text: str) -> str:
    """A text whole (both texts are the point of a finding), its examples on the same line."""
    return " ".join(text.split())


# -- the checks -----------------------------------------------------------------------------


@dataclass
class _Pair:
    """The two editions and what every check needs of them."""

    lang: str
    edition: str
    english: str
    ours: list[store.StoredRule]
    theirs: list[store.StoredRule]

    cites: dict[str, tools.Cites]   # by language: what each rule text cites (tools.cited_keys)

    def __post_init__(self) -> None:
        self.our_first = {t.number: t for t in self.ours if t.variant == 0}
        self.their_first = {t.number: t for t in self.theirs if t.variant == 0}
        self.their_by_rule = {t.rule: t for t in self.theirs if t.variant == 0}
        self.paired = [(t, self.their_by_rule[t.rule]) for t in self.ours
                       if t.variant == 0 and t.rule in self.their_by_rule]


def numbering(pair: _Pair) -> list[Finding]:
    found: list[Finding] = []
    ours, theirs = set(pair.our_first), set(pair.their_first)
    for number in sorted(theirs - ours):
        found.append(Finding("numbering", str(number), f"missing: the English has {number}, the translation does not",
                             _side(pair.their_first[number])))
    for number in sorted(ours - theirs):
        found.append(Finding("numbering", str(number), f"extra: the English edition {pair.english} has no {number}",
                             None, _side(pair.our_first[number])))
    for text in pair.ours:
        if text.variant:
            hint = ""
            following = text.number.next()
            if following is not None and following in theirs and following not in ours:
                hint = f"; the English numbers the next text {following}, which the translation lacks"
            found.append(Finding("numbering", str(text.number), f"duplicated: two texts numbered {text.number}"
                                 f" (this one is the second){hint}", _side(pair.their_first.get(text.number)),
                                 _side(text)))
    for mine, english in pair.paired:
        if mine.number != english.number:
            found.append(Finding("numbering", str(mine.number),
                                 f"numbered {mine.number}; its English text is numbered {english.number}",
                                 _side(english), _side(mine)))
    return found


def references(pair: _Pair) -> list[Finding]:
    """Compared as identities, so that two editions numbered differently compare too."""
    identity = {lang: {t.number.key: t.rule for t in texts}
                for lang, texts in ((pair.lang, pair.ours), ("en", pair.theirs))}
    cites = pair.cites

    def targets(lang: str, text: store.StoredRule) -> tuple[dict[str, str], list[str]]:
        found: dict[str, str] = {}
        missing: list[str] = []
        for phrase, key, absent in cites[lang].get(text.id, []):
            if key is None:
                missing.append(f"{absent} (“{phrase}”)")
            else:
                found.setdefault(identity[lang].get(key, str(RuleNumber.from_key(key))), str(RuleNumber.from_key(key)))
        return found, missing

    found: list[Finding] = []
    for mine, english in pair.paired:
        ours, our_missing = targets(pair.lang, mine)
        theirs, _ = targets("en", english)
        parts = []
        if only := [theirs[k] for k in theirs if k not in ours]:
            parts.append(f"the English cites {', '.join(only)}, the translation does not")
        if extra := [ours[k] for k in ours if k not in theirs]:
            parts.append(f"the translation cites {', '.join(extra)}, the English does not")
        if our_missing:
            parts.append(f"the translation cites what its edition lacks: {', '.join(our_missing)}")
        if parts:
            found.append(Finding("references", str(mine.number), "; ".join(parts), _side(english), _side(mine)))
    return found


# -- numbers written in the text --------------------------------------------------------------

_EN_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_EN_WORDS.update(thirty=30, forty=40, fifty=50, sixty=60, hundred=100)
_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# Chinese numerals of at most two places (十, 二十, 二十一, 三, 一百); not ordinals (第二),
# not 一 alone (also "a"), not 两 of 两者 ("both").  Found inside runs of numeral characters.
_ZH_RUN = re.compile(r"[一二两三四五六七八九十百]+")
_ZH_NUMERAL = re.compile(r"[一二两三四五六七八九]百|[一二两三四五六七八九]?十[一二三四五六七八九]?"
                         r"|[二两三四五六七八九]")
_DIGIT_RUN = re.compile(r"[0-9]+")
# Number words, longest first, matched on the lower-cased text (the start of a word is
# checked by hand: a leading \b costs this pattern a third of its speed).
_EN_WORD = re.compile("(?:" + "|".join(sorted((w for w, v in _EN_WORDS.items() if v > 1), key=len, reverse=True))
                      + r")\b")
# A digit run is no quantity next to these: "Celebr-8000", "+1", "−4" (a minus sign: the
# English writes [−4] where the Chinese writes [-4]), the end of a range ("2011–2018",
# "2011至2018"), "2.5"; and letters (not \w, which holds CJK: "为60张" holds 60).
_ASCII_ALNUM = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_NOT_BEFORE = _ASCII_ALNUM | frozenset("{/+–-−至")
_NOT_AFTER = _ASCII_ALNUM | frozenset("}/")
#: A digit between brackets alone is a list's marker ("(1)", "（2）"), not a quantity.
_MARKER = ({"(", "（"}, {")", "）"})
# Mana symbols, power/toughness and stray rule numbers are no quantities ({2}, 4/4, 613.2);
# reference phrases are taken out first with the reference grammar.
_NOT_QUANTITY = re.compile(r"\{[^}]*\}|\d{3}\.\d+[a-z]?|\d+/\d+")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?!\d)")


def _zh_value(numeral: str) -> int:
    if numeral.endswith("百"):
        return _ZH_DIGITS[numeral[0]] * 100
    if "十" not in numeral:
        return _ZH_DIGITS[numeral]
    tens, _, ones = numeral.partition("十")
    return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)


def _digit_values(text: str) -> set[int]:
    found = set()
    size = len(text)
    for match in _DIGIT_RUN.finditer(text):
        start, end = match.span()
        before = text[start - 1] if start else " "
        after = text[end] if end < size else " "
        if before in _NOT_BEFORE or after in _NOT_AFTER or (before in _MARKER[0] and after in _MARKER[1]):
            continue
        if (before == "." and start > 1 and text[start - 2].isdigit()) or \
                (after == "." and end + 1 < size and text[end + 1].isdigit()):
            continue  # a decimal part: "2.5"
        found.add(int(match.group()))
    return found


def _word_values(text: str, lang: str) -> set[int]:
    if not lang.startswith("zh"):
        lower = text.lower()
        return {_EN_WORDS[m.group()] for m in _EN_WORD.finditer(lower)
                if not m.start() or not lower[m.start() - 1].isalpha()}
    found = set()
    for run in _ZH_RUN.finditer(text):
        for numeral in _ZH_NUMERAL.finditer(run.group()):
            start, end = run.start() + numeral.start(), run.start() + numeral.end()
            if (start and text[start - 1] == "第") or (end < len(text) and text[end] in "者十百千"):
                continue
            found.add(_zh_value(numeral.group()))
    return found


def quantities(text: str, lang: str, phrases: list[str] | None = None) -> tuple[set[int], set[int]]:
    """The quantities a text writes (in digits or words), rule numbers and mana symbols
    aside; and those of them it writes in digits.  ``phrases``: the text's reference
    phrases, when the store has them already (else they are found here)."""
    if phrases is None:
        phrases = [r.phrase for r in refs.extract(text, lang)]
    for phrase in phrases:
        text = text.replace(phrase, " ")
    if "," in text:
        text = _THOUSANDS.sub(lambda m: m.group().replace(",", ""), text)
    if "{" in text or "/" in text or "." in text:
        text = _NOT_QUANTITY.sub(" ", text)
    digits = _digit_values(text) - {0, 1}
    return (digits | _word_values(text, lang)) - {0, 1}, digits


def numbers(pair: _Pair) -> list[Finding]:
    """Quantities one text writes in digits that the other does not write at all (in
    digits or words): "21" against "20", never "ten" against "十"."""
    found: list[Finding] = []
    for mine, english in pair.paired:
        ours, digits_ours = quantities(_full(mine), pair.lang, [c[0] for c in pair.cites[pair.lang].get(mine.id, ())])
        theirs, digits_theirs = quantities(_full(english), "en", [c[0] for c in pair.cites["en"].get(english.id, ())])
        only_theirs = sorted(digits_theirs - ours)
        only_ours = sorted(digits_ours - theirs)
        if only_theirs or only_ours:
            parts = ([f"the English writes {', '.join(map(str, only_theirs))}"] if only_theirs else []) + \
                ([f"the translation writes {', '.join(map(str, only_ours))}"] if only_ours else [])
            found.append(Finding("numbers", str(mine.number), "; ".join(parts) + ", the other text does not",
                                 _side(english), _side(mine)))
    return found


# -- glossary and terminology -------------------------------------------------------------------


def glossary(conn: sqlite3.Connection, pair: _Pair) -> tuple[list[Finding], list[tuple[str, str]], dict[str, Any]]:
    """Glossary findings, the term pairs (English headword, translation) the glossary
    makes, and both entries of each pair by English headword."""
    ours = tools.glossary_of(conn, pair.lang, pair.edition)
    theirs = {e["term"]: e for e in tools.glossary_of(conn, "en", pair.english)}
    identity = {lang: {t.number.key: t.rule for t in texts} for lang, texts in
                (("ours", pair.ours), ("theirs", pair.theirs))}
    found: list[Finding] = []
    terms: list[tuple[str, str]] = []
    sides: dict[str, Any] = {}
    paired_as = {str(e["term"]).casefold(): e["term_id"] for e in reversed(ours) if e["term_id"] in theirs}
    for entry in ours:
        mine = _glossary_side(entry)
        english = theirs.get(entry["term_id"]) if entry["term_id"] else None
        if english is None:
            twin = paired_as.get(str(entry["term"]).casefold())  # 2022-06-10 has 暗码 twice, once paired
            found.append(Finding("glossary", str(entry["term"]), "pairs with no entry of the English glossary "
                                 f"{pair.english}" + (f" (another entry of this headword pairs with “{twin}”)"
                                                      if twin else ""), None, mine))
            continue
        other = _glossary_side(english)
        terms.append((str(english["term"]), str(entry["term"])))
        sides.setdefault(str(english["term"]), (other, mine))
        cited_ours = {identity["ours"].get(k, str(RuleNumber.from_key(k))) for k in entry["cites"]}
        cited_theirs = {identity["theirs"].get(k, str(RuleNumber.from_key(k))) for k in english["cites"]}
        if cited_ours != cited_theirs:
            found.append(Finding("glossary", str(entry["term"]),
                                 f"pairs with “{english['term']}”, which cites "
                                 f"{', '.join(sorted(cited_theirs)) or 'nothing'}; the translation cites "
                                 f"{', '.join(sorted(cited_ours)) or 'nothing'}", other, mine))
    return [*found, *_shared_headwords(ours, theirs)], terms, sides


def _shared_headwords(ours: list[dict[str, Any]], theirs: dict[str, dict[str, Any]]) -> list[Finding]:
    """Translated headwords that head entries pairing with different English entries
    (平原行者 for both Plainscycling and Plainswalk).  An obsolete entry is left out: it
    names what old cards printed (传奇, the creature type Legend, and 传奇, Legendary)."""
    by_headword: dict[str, list[dict[str, Any]]] = {}
    for entry in ours:
        if not entry["obsolete"] and entry["term_id"] in theirs and not theirs[entry["term_id"]]["obsolete"]:
            by_headword.setdefault(str(entry["term"]).casefold(), []).append(entry)
    found: list[Finding] = []
    for entries in by_headword.values():
        english = list(dict.fromkeys(str(e["term_id"]) for e in entries))
        if len(english) < 2:
            continue
        pairs: list[dict[str, dict[str, object] | None]] = [
            {"english": _glossary_side(theirs[e["term_id"]]), "translation": _glossary_side(e)} for e in entries]
        found.append(Finding("glossary", str(entries[0]["term"]),
                             f"heads {len(entries)} entries, which pair with different English entries: "
                             + " and ".join(f"“{e}”" for e in english), pairs[0]["english"], pairs[0]["translation"],
                             pairs))
    return found


def _glossary_side(entry: dict[str, Any]) -> dict[str, object]:
    return {"number": entry["term"], "text": " ".join(entry["senses"]), "source": entry["source"]}


_NOTE = re.compile(r"[（(][^）)]*[）)]")


def _terms_in(text: str, automaton: ahocorasick.Automaton) -> list[str]:
    """The terms found in ``text`` as whole words (a plural "s" or "es" allowed), once each."""
    found: dict[str, None] = {}
    for end, term in automaton.iter(text):
        start = end - len(term) + 1
        if start and text[start - 1].isalnum():
            continue
        rest = text[end + 1:end + 4]
        for suffix in ("", "s", "es"):
            if rest.startswith(suffix) and not rest[len(suffix):len(suffix) + 1].isalnum():
                found[term] = None
                break
    return list(found)


def terminology(pair: _Pair, terms: list[tuple[str, str]],
                sides: dict[str, tuple[dict[str, object], dict[str, object]]]) -> list[Finding]:
    """Rules whose English uses a glossary term (of two words or more: single words are
    too often used in their ordinary sense) while the translation lacks its paired term,
    quotes and brackets aside.  An entry that only points to another ("APNAP Order": "See
    Active Player, Nonactive Player Order.") may be said in that entry's words, except in
    a rule whose English names that entry too (there its words translate it: 702.29e names
    typecycling and basic landcycling).  All terms are found in one pass of one pattern
    (longest first)."""
    translated = {english.casefold(): _NOTE.sub("", word).strip() for english, word in terms}
    wanted: dict[str, tuple[str, str, tuple[str, str] | None]] = {}  # English, translation, pointed entry's
    for english, translated_term in terms:
        word = _NOTE.sub("", translated_term).strip()
        if len(english.split()) >= 2 and word and english.casefold() != word.casefold():
            target = refs.entry_pointed(str(sides[english][0]["text"]), "en")
            its_word = translated.get(target.casefold()) if target else None
            wanted.setdefault(comparable(english),
                              (english, word, (comparable(str(target)), its_word) if its_word else None))
    if not wanted:
        return []
    automaton = ahocorasick.Automaton()
    for term in wanted:
        automaton.add_word(term, term)
    automaton.make_automaton()
    rules_using: dict[str, list[store.StoredRule]] = {t: [] for t in wanted}
    differently: dict[str, list[store.StoredRule]] = {t: [] for t in wanted}
    for mine, their in pair.paired:
        our_text, their_text = _folded(_full(mine)), comparable(_full(their))
        for term in _terms_in(their_text, automaton):
            rules_using[term].append(mine)
            pointed = wanted[term][2]
            if _folded(wanted[term][1]) not in our_text and not (
                    pointed and _folded(pointed[1]) in our_text and not _has_words(their_text, pointed[0])):
                differently[term].append(mine)
    found: list[Finding] = []
    for term, (english, word, pointed) in wanted.items():
        if not (odd := differently[term]):
            continue
        entries = sides[english]
        shown = ", ".join(str(t.number) for t in odd[:30]) + (f", … ({len(odd) - 30} more)" if len(odd) > 30 else "")
        said = f"{word} (nor {pointed[1]}, the entry it points to)" if pointed else word
        found.append(Finding("terminology", word, f"“{english}” is {word} in the glossary; {len(odd)} of the "
                             f"{len(rules_using[term])} rules using “{english}” do not say {said}: {shown}",
                             *entries))
    return found


def _folded(text: str) -> str:
    """A text as a term is looked for in it: letters and digits only, so that quotes and
    brackets inside a term do not hide it (“主动牌手先决定”的顺序, 主动牌手先决定（APNAP）顺序)."""
    return "".join(c for c in text if c.isalnum())


def _has_words(text: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(words)}", text) is not None


# -- stale texts --------------------------------------------------------------------------------


def _key(text: store.StoredRule, identity: dict[str, str]) -> str:
    """A text as compared across editions: typography folded, spaces gone, every cited
    number replaced by the identity of the rule it names (a renumbering is no change)."""
    body = re.sub(r"\d{3}(?:\.\d+[a-z]?)?", lambda m: identity.get(m.group(), m.group()), _full(text))
    return "".join(comparable(body).split())


def stale(conn: sqlite3.Connection, pair: _Pair, newest: str) -> list[Finding]:
    if pair.english >= newest:
        return []
    now = {t.rule: t for t in tools.edition_rules(conn, "en", newest) if t.variant == 0}
    then_ids = {str(t.number): t.rule for t in pair.theirs}
    now_ids = {str(t.number): t.rule for t in now.values()}
    found: list[Finding] = []
    for mine, english in pair.paired:
        current = now.get(english.rule)
        if current is None:
            found.append(Finding("stale", str(mine.number), f"the English rule is gone by {newest}",
                                 _side(english), _side(mine)))
        elif _full(english) != _full(current) and _key(english, then_ids) != _key(current, now_ids):
            edits = word_diff(_full(english), _full(current))
            found.append(Finding("stale", str(mine.number),
                                 f"the English changed by {newest} (now {current.number}): {render_edits(edits)}",
                                 _side(current), _side(mine)))
    return found


# -- the report -----------------------------------------------------------------------------


def check(conn: sqlite3.Connection, lang: str, on: str | None = None) -> CheckReport:
    """Check the edition of ``lang`` published (else in force) on ``on`` (default: the
    newest held) against its English source."""
    if lang == "en":
        raise KbError("kb check compares a translation with its English source: give a translation's language")
    held = tools.dated_editions(conn, lang)
    if not held:
        raise NotFound(f"the KB holds no dated {language_label(lang)} edition")
    edition = store.edition_on(conn, lang, on) if on else held[-1]
    english_held = tools.dated_editions(conn, "en")
    if not english_held:
        raise NotFound("the KB holds no dated English edition to check against")
    english = edition if edition in english_held else store.edition_on(conn, "en", edition)
    pair = _Pair(lang, edition, english, tools.edition_rules(conn, lang, edition),
                 tools.edition_rules(conn, "en", english),
                 {lang: tools.cited_keys(conn, lang, edition), "en": tools.cited_keys(conn, "en", english)})
    glossary_found, terms, sides = glossary(conn, pair)
    findings = [*numbering(pair), *references(pair), *numbers(pair), *glossary_found,
                *terminology(pair, terms, sides), *stale(conn, pair, english_held[-1])]
    return CheckReport(lang, edition, english, english_held[-1], findings)
