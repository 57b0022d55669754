"""The Chinese player-word table (``kb/align/term_lists/zh-players.tsv``) held against the
Chinese Comprehensive Rules of 2026-04-17.

Shared by ``bench_player_words.py --lang zh-Hans`` (the report) and
``tests/test_player_words_zh.py``.  The English table is compared by stems; Chinese
has no word boundaries and kb indexes it by overlapping character bigrams, so here a
rules side is held to the text itself: it is 1–4 strings separated by single spaces,
each must be a contiguous run of the rules, and some numbered rule must hold them all.

A player's word is only worth a line where the rules do not use it for the same thing.
Where a player word turns up in a rule, it may be part of a longer word of the rules
(坟场 in the keyword 坟场风暴), or of a name the rules print with its English beside it
(玩家[Gamer], a creature type): those are other senses and are set aside; what is left
is a use "as typed".  And since search matches a Chinese query as a run of bigrams, a
player word that is itself part of its rules string (场上 in 战场上) already finds
those rules: such a pair adds nothing.
The rules are read with kb's own reader of the translation's layout (:mod:`kb.ingest`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from player_words import REPO, Pair, read_pairs

from kb.core.textio import read_source
from kb.ingest import ingest

PAIRS = REPO / "kb" / "align" / "term_lists" / "zh-players.tsv"
CR = REPO / "corpus" / "CR-zh-Hans-2026-04-17.txt"
MAX_STRINGS = 4

#: A name the translation prints with its English original: 大象坟场[Elephant Graveyard].
_NAMED = re.compile(r"[^\s\[\]（）()“”、，。：；]+\[[^\]\u3400-\u9fff]+\]")
#: A list of the rules' names: its separators, the English printed beside a name, one name.
_LISTED = 10
_LIST_SPLIT = re.compile(r"[、，。：；\s]")
_ENGLISH = re.compile(r"\[[^\]]*\]")
_NAME = re.compile(r"[\u3400-\u9fff]{2,8}")
_TOKEN = re.compile(r"([\u3400-\u9fff]{2,8}?)衍生物")
#: What a glossary headword is cut at: alternatives and translator notes.
_HEAD_SPLIT = re.compile(r"[，,/／、]")
_NOTE = re.compile(r"[（(][^）)]*[）)]")


@dataclass(frozen=True)
class Passage:
    """One numbered rule (heading, text, examples) or glossary entry."""

    name: str
    text: str


@dataclass(frozen=True, repr=False)
class Rules:
    rules: tuple[Passage, ...]
    glossary: tuple[Passage, ...]
    headwords: frozenset[str]  # every glossary headword, notes cut off
    current: frozenset[str]  # the headwords of entries not marked obsolete

    def holding(self, strings: Iterable[str], glossary: bool = False) -> tuple[Passage, ...]:
        """The rules (or glossary entries) holding every one of ``strings``."""
        wanted = tuple(strings)
        passages = self.glossary if glossary else self.rules
        return tuple(p for p in passages if wanted and all(s in p.text for s in wanted))

    @cached_property
    def by_name(self) -> dict[str, Passage]:
        return {p.name: p for p in self.rules}

    @cached_property
    def names(self) -> frozenset[str]:
        """The names the rules give things in lists: the subtypes of 205.3 (鬼怪, 牛头怪) and the
        predefined tokens of 111.10 (怪物角色衍生物): a player's word inside one is not its own."""
        found = {w for p in self.rules if p.name.startswith("205.3") and p.text.count("、") >= _LISTED
                 for w in _LIST_SPLIT.split(_ENGLISH.sub("", p.text)) if _NAME.fullmatch(w)}
        found |= {m.group(1) for p in self.rules if p.name.startswith("111.10")
                  if (m := _TOKEN.match(p.text))}
        return frozenset(found)


def headwords(term: str) -> tuple[str, ...]:
    """The words of a glossary headword: 使用/场上（译者注：…） -> 使用, 场上."""
    return tuple(w.strip() for w in _HEAD_SPLIT.split(_NOTE.sub("", term)) if w.strip())


def read_rules(path: Path = CR) -> Rules:
    doc = ingest(read_source(path))
    rules = tuple(Passage(str(r.number), "\n".join((r.title or "", r.body, *r.examples))) for r in doc.rules)
    glossary = tuple(Passage(g.term, "\n".join((g.term, *g.senses))) for g in doc.glossary)
    heads = frozenset(w for g in doc.glossary for w in headwords(g.term))
    current = frozenset(w for g in doc.glossary if not g.obsolete for w in headwords(g.term))
    return Rules(rules, glossary, heads, current)


def strings_of(pair: Pair) -> tuple[str, ...]:
    """The rules side's strings (a concept the rules spell out is several)."""
    return tuple(pair.rules.split(" "))


@dataclass(frozen=True)
class Verdict:
    """What the rules say of one pair."""

    pair: Pair
    strings: tuple[str, ...]
    missing: tuple[str, ...]  # strings no rule and no glossary entry holds
    holding: tuple[str, ...]  # the numbered rules holding every string

    @property
    def ok(self) -> bool:
        return 1 <= len(self.strings) <= MAX_STRINGS and not self.missing and bool(self.holding)


def judge(pair: Pair, cr: Rules) -> Verdict:
    strings = strings_of(pair)
    everywhere = (*cr.rules, *cr.glossary)
    return Verdict(
        pair=pair,
        strings=strings,
        missing=tuple(s for s in strings if not any(s in p.text for p in everywhere)),
        holding=tuple(p.name for p in cr.holding(strings)),
    )


def judge_all(pairs: Iterable[Pair], cr: Rules) -> list[Verdict]:
    return [judge(pair, cr) for pair in pairs]


def written(player: str, text: str) -> bool:
    """Whether ``text`` writes ``player``: a Chinese word anywhere (Chinese has no word
    boundaries), a Latin one ("edh", "2hg") as a whole word, case aside ("EDH")."""
    if player.isascii():
        return re.search(rf"(?<![A-Za-z0-9]){re.escape(player)}(?![A-Za-z0-9])", text, re.IGNORECASE) is not None
    return player in text


def covering(player: str, words: Iterable[str]) -> tuple[str, ...]:
    """The longer ``words`` holding ``player``, longest first (blanked in that order)."""
    return tuple(sorted({w for w in words if player in w and w != player}, key=len, reverse=True))


def bare(player: str, text: str, cover: Iterable[str] = ()) -> bool:
    """Whether ``player`` stands in ``text`` outside the longer words ``cover`` (and
    outside the names printed with their English): a use in its own right."""
    return _bare(player, text, covering(player, cover))


def _bare(player: str, text: str, longer: tuple[str, ...]) -> bool:
    if not written(player, text):
        return False
    text = _NAMED.sub("□", text)
    for word in longer:
        text = text.replace(word, "□")
    return written(player, text)


def headword(player: str, cr: Rules) -> str:
    """"current" or "obsolete" where ``player`` is a glossary headword (a Latin one case
    aside: "edh" is EDH), else ""."""
    def named(heads: frozenset[str]) -> bool:
        return player in heads or (player.isascii() and player.casefold() in {h.casefold() for h in heads})
    return "current" if named(cr.current) else "obsolete" if named(cr.headwords) else ""


@dataclass(frozen=True)
class Uses:
    """Where the Chinese CR already writes a player word."""

    player: str
    typed_in_rules: tuple[str, ...]  # anywhere in the text, even inside a longer word
    typed_in_glossary: tuple[str, ...]
    bare_in_rules: tuple[str, ...]  # outside every longer glossary headword and printed name
    headword: str  # "current", "obsolete" (a former name), or ""

    @property
    def any(self) -> bool:
        return bool(self.typed_in_rules or self.typed_in_glossary or self.headword)


def uses(player: str, cr: Rules) -> Uses:
    typed = tuple(p.name for p in cr.rules if written(player, p.text))
    longer = covering(player, cr.headwords)
    return Uses(
        player=player,
        typed_in_rules=typed,
        typed_in_glossary=tuple(p.name for p in cr.glossary if written(player, p.text)),
        bare_in_rules=tuple(n for n in typed if _bare(player, cr.by_name[n].text, longer)),
        headword=headword(player, cr),
    )


def same_sense(verdict: Verdict, cr: Rules) -> tuple[str, ...]:
    """The rules holding the pair's strings where the player's word also stands in its
    own right (outside those strings, longer glossary words and printed names): there
    the rules would use the player's word for the same thing.  A former name (a
    headword the glossary marks obsolete, and no current one) is let be: the rules
    write it only to say it was renamed (308.3: 亲缘 was 部族)."""
    player = verdict.pair.player
    if headword(player, cr) == "obsolete":
        return ()
    longer = covering(player, (*verdict.strings, *cr.headwords, *cr.names))
    own = tuple(n for n in verdict.holding if _bare(player, cr.by_name[n].text, longer))
    split = re.compile(re.escape(player[:1]) + ".{1,3}" + re.escape(player[1:]))
    if len(own) <= RARELY and sum(bool(split.search(cr.by_name[n].text)) for n in verdict.holding) >= SPLIT:
        return ()  # written whole rarely, split by a count everywhere else (磨牌: 磨两张牌)
    return own


#: A player's word the rules write whole in at most RARELY rules and split, a count between its
#: characters, in at least SPLIT of the rules holding its rules side, is let be: "磨牌" stands
#: whole once (614.13c) and as "磨两张牌" or "磨N张牌" elsewhere, which its bigram misses
#: (磨牌数量比牌库里的牌还多怎么办 found 701.24f, not 701.17b, before 磨牌 was listed).
RARELY = 2
SPLIT = 3


def echoes(pairs: Iterable[Pair]) -> list[Pair]:
    """Pairs that teach the search nothing: the player's word is part of one of its
    rules strings (bigram search already finds them), or an earlier line has the same
    player word and rules side."""
    found: list[Pair] = []
    seen: set[tuple[str, frozenset[str]]] = set()
    for pair in pairs:
        key = (pair.player, frozenset(strings_of(pair)))
        if any(pair.player in s for s in strings_of(pair)) or key in seen:
            found.append(pair)
        seen.add(key)
    return found


__all__ = ["CR", "PAIRS", "Pair", "Rules", "Uses", "Verdict", "bare", "covering", "echoes", "headword",
           "headwords", "judge", "judge_all", "read_pairs", "read_rules", "same_sense", "strings_of", "uses",
           "written"]
