"""Pairing the glossary entries of two languages by meaning, never by position.

A translated glossary is sorted in its own language, and a peer's table that paired
entries by position got 42 of them wrong (Color Identity with 无色, "colorless").
Here an entry is described by what does not depend on the language -- the rules it
cites, the rules that use its headword, the symbols, numbers and names of its
definition, and the words of a lexicon learned from the rule texts -- and entries
are paired one to one on that evidence.
"""

from __future__ import annotations

import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kb.align.bags import common_tokens, idf_weights, shared_matrix, weighted
from kb.align.lexicon import Lexicon
from kb.align.terms import GramIndex, TermIndex, learn_indexed
from kb.align.tokens import (
    LATIN_WORD,
    cited,
    cjk_grams,
    cjk_runs,
    content_words,
    full_text,
    glossary_forms,
    grammar_lang,
    marks,
    name_token,
    paused_gc,
    split_words,
    stem,
    words,
)
from kb.core import refs
from kb.core.model import GlossaryEntry, RuleText
from kb.core.rulenum import RuleNumber
from kb.core.text import base_lang, comparable, is_cjk, is_cjk_char

__all__ = ["GlossaryPair", "align_glossary"]


@dataclass(frozen=True, slots=True)
class GlossaryPair:
    """Two glossary entries meaning the same thing, with the strength of the evidence
    and its main kind (``cited``: the rules they send you to; ``used``: the rules
    that use the headwords; ``head``: the headwords' known words; ``sense``: the
    definitions' words, symbols and numbers; ``order``: two obsolete entries left
    unpaired, each the other's best, at the same place among their glossary's obsolete
    entries)."""

    left: GlossaryEntry
    right: GlossaryEntry
    score: float
    evidence: str


FIELDS = ("cited", "used", "head", "sense")
#: The token an obsolete entry's definition gets: both notes say the same in any language, and
#: an obsolete entry's definition ("Some older cards were printed with …", "一些老牌印有…") shares
#: little else with its counterpart's but the common words of every obsolete entry.  Counts As
#: and 视为 (2026-04-17) scored 0.243 without it, 0.260 with it.  With it and
#: :meth:`_PairScorer.leftovers`, measured on the 19 Chinese editions against the English of their
#: dates: Counts As = 视为 gained in the ten that hold both, no other pair gained or lost.
OBSOLETE = "oobsolete"
_IMPORTANCE = {"cited": 3.0, "used": 2.0, "head": 2.0, "sense": 1.5}


@dataclass
class _Entry:
    """A glossary entry as the glossary aligner sees it: bags of tokens that are
    comparable across the two languages."""

    entry: GlossaryEntry
    cited: Counter[str]  # rules the senses cite (keys in the left numbering)
    used: Counter[str]  # rules whose text uses the headword
    where: dict[str, float]  # how far into each of those rules (0..1): lists keep their order
    head: Counter[str]  # lexicon concepts of the headword
    sense: Counter[str]  # lexicon concepts, symbols, numbers and names of the senses


class _Side:
    """One language's rules, tokenised once: to learn the lexicon from, to find where
    a headword is used, and to say which lexicon concepts a text expresses."""

    def __init__(self, rules: Sequence[RuleText], lang: str, key: Callable[[RuleNumber], str | None]) -> None:
        self.lang = lang
        self.cjk = is_cjk(lang)
        self.keys = [key(t.number) for t in rules]
        self.key = key
        self.numbers = {t.number: c for c, t in enumerate(rules)}  # a number used twice: the last text
        self.index: GramIndex | None = None
        self.usage: dict[str, dict[str, float]] = {}  # form -> where it is used (see locate())
        if self.cjk:
            self.texts = [full_text(t) for t in rules]
        else:
            self.texts = [comparable(full_text(t)) for t in rules]
            self.spaced = [" ".join(t.replace("-", " ").split()) for t in self.texts]  # "two-headed": two words
            self.words = [set(split_words(text)) for text in self.texts]
            self.postings: dict[str, list[int]] = defaultdict(list)
            for c, found in enumerate(self.words):
                for word in {stem(w) for w in found}:
                    self.postings[word].append(c)
        self.lexicon: Lexicon | None = None
        self.by_term: dict[str, list[str]] = {}

    def terms(self) -> list[frozenset]:
        """What a lexicon is learned from: each text's content words, or n-gram codes."""
        if self.cjk:
            if self.index is None:
                self.index = GramIndex(self.texts)
            return self.index.sets
        return [frozenset(content_words(list(found))) for found in self.words]

    def use(self, lexicon: Lexicon | None) -> None:
        self.lexicon = lexicon
        self.by_term = defaultdict(list)
        if lexicon is not None:
            for word, (term, _) in lexicon.terms.items():
                self.by_term[term].append(word)

    def locate(self, forms: Iterable[str]) -> None:
        """Find where each form is used (see :meth:`used`) -- in CJK text all forms in
        one pass of an Aho-Corasick automaton over the rules."""
        forms = [f for f in dict.fromkeys(forms) if f not in self.usage]
        if not self.cjk:
            for form in forms:
                self.usage[form] = self._used_words(form)
            return
        import ahocorasick  # lazy, like kb.graph.linking: only pairing glossaries needs it here

        automaton = ahocorasick.Automaton()
        for form in forms:
            self.usage[form] = {}
            if all(is_cjk_char(c) for c in form):  # the forms the n-gram index found (CJK only)
                automaton.add_word(form, form)
        if not len(automaton):
            return
        automaton.make_automaton()
        for c, text in enumerate(self.texts):
            if (k := self.keys[c]) is None:
                continue
            for end, form in automaton.iter(text):
                self.usage[form].setdefault(k, (end - len(form) + 1) / len(text))

    def used(self, form: str) -> dict[str, float]:
        """Keys of the rules whose text uses ``form`` (a word form may add -s, -ed),
        with how far into the text it first appears."""
        if form not in self.usage:
            self.locate([form])
        return self.usage[form]

    def _used_words(self, form: str) -> dict[str, float]:
        found: dict[str, float] = {}
        parts = words(form)
        if not parts:
            return found
        lists = sorted((self.postings.get(stem(w), []) for w in parts), key=len)
        needle = " ".join(parts)
        for c in set(lists[0]).intersection(*lists[1:]):
            if (k := self.keys[c]) is not None and (at := _find_words(self.spaced[c], needle)) is not None:
                found[k] = at / len(self.spaced[c])
        return found

    def concepts(self, text: str, *, compounds: bool = False) -> set[str]:
        """The lexicon words a text expresses; with ``compounds``, also words hidden
        inside a compound headword ("Islandcycling" holds "island")."""
        if self.lexicon is None:
            return set()
        if base_lang(self.lang) != base_lang(self.lexicon.src):  # this side holds the translations
            terms = cjk_grams(cjk_runs(text)) if self.cjk else content_words(text)
            return {"c" + w for t in terms if t in self.by_term for w in self.by_term[t]}
        content = content_words(text)
        known = self.lexicon.terms
        found = {"c" + w for w in content if w in known}
        if compounds:  # "islandcycling": a known word at the start or the end of an unknown one
            for word in content - known.keys():
                found.update("c" + w for size in range(4, len(word)) for w in (word[:size], word[-size:])
                             if w in known)
        return found

    def entry(self, entry: GlossaryEntry, find_usage: bool) -> _Entry:
        grammar = grammar_lang(self.lang)
        cites: Counter[str] = Counter()
        sense: Counter[str] = Counter()
        for text in entry.senses:
            numbers, rest = cited(text, grammar)
            cites.update(k for n in numbers if (k := self.key(n)) is not None)
            rest = unicodedata.normalize("NFKC", rest)
            symbols, _ = marks(rest)
            sense.update(symbols)
            sense.update(t for w in LATIN_WORD.findall(rest) if (t := name_token(w)) is not None)
            sense.update(self.concepts(rest))
        if entry.obsolete:  # "(Obsolete)", "（已废止）": a note every language writes (see OBSOLETE)
            sense[OBSOLETE] += 1
        used: Counter[str] = Counter()
        where: dict[str, float] = {}
        head: Counter[str] = Counter()
        for form in glossary_forms(entry):
            if find_usage:
                for key, at in self.used(form).items():
                    where[key] = min(at, where.get(key, 1.0))
                    used[key] = 1
            head.update(self.concepts(form, compounds=True) - head.keys())
            head.update(t for w in LATIN_WORD.findall(form) if (t := name_token(w)) is not None)
        return _Entry(entry, cites, used, where, head, sense)


_SUFFIXES = ("s", "es", "d", "ed")


def _find_words(text: str, needle: str) -> int | None:
    """Where ``needle`` (words joined by single spaces) first stands in ``text`` as
    whole words; its last word may take a plural or past ending ("Abandoned")."""
    start = text.find(needle)
    while start >= 0:
        end = start + len(needle)
        if (start == 0 or not _is_word_char(text[start - 1])) and any(
                text.startswith(ending, end) and not _is_word_char(text[end + len(ending) : end + len(ending) + 1])
                for ending in ("", *_SUFFIXES)):
            return start
        start = text.find(needle, start + 1)
    return None


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def align_glossary(
    left: Sequence[GlossaryEntry],
    right: Sequence[GlossaryEntry],
    rule_mapping: Mapping[RuleNumber, RuleNumber | None] | None = None,
    *,
    left_lang: str = "en",
    right_lang: str = "zh-Hans",
    left_rules: Sequence[RuleText] = (),
    right_rules: Sequence[RuleText] = (),
    lexicon: Lexicon | None = None,
    min_score: float = 0.25,
) -> list[GlossaryPair]:
    """Pair the glossary entries of two languages by meaning, never by position.

    Evidence: the rules each entry cites (the right side's numbers translated by
    ``rule_mapping`` -- e.g. ``align(zh_rules, en_rules).matched`` -- or taken as they
    are for same-date editions); given the rule texts of both sides, the rules that
    use each headword ("Color Identity" is used where 标识色 is, not 无色) and a
    lexicon learned from the rule pairs (or the one given), which also compares
    headwords ("Islandcycling" holds "island", 循环海岛 holds 海岛) and definitions.
    Pairs are one-to-one: strongest first, then improved by swapping partners
    while that raises the total.  Entries with nothing above ``min_score`` stay
    unpaired."""
    with paused_gc():
        return _align_glossary(left, right, rule_mapping, left_lang, right_lang, left_rules, right_rules, lexicon,
                               min_score)


def _align_glossary(left: Sequence[GlossaryEntry], right: Sequence[GlossaryEntry],
                    rule_mapping: Mapping[RuleNumber, RuleNumber | None] | None, left_lang: str, right_lang: str,
                    left_rules: Sequence[RuleText], right_rules: Sequence[RuleText], lexicon: Lexicon | None,
                    min_score: float) -> list[GlossaryPair]:
    left_rules = [t for t in left_rules if t.number.depth >= 1]
    right_rules = [t for t in right_rules if t.number.depth >= 1]
    right_map = {n: m for n, m in rule_mapping.items() if m is not None} if rule_mapping is not None else None

    def left_key(n: RuleNumber) -> str | None:
        return str(n)

    def right_key(n: RuleNumber) -> str | None:
        if right_map is None:
            return str(n)
        mapped = right_map.get(n)
        return str(mapped) if mapped is not None else None

    left_side = _Side(left_rules, left_lang, left_key)
    right_side = _Side(right_rules, right_lang, right_key)
    if lexicon is None and left_rules and right_rules:
        lexicon = _rules_lexicon(left_side, right_side, right_rules, right_map)
    if lexicon is not None and {base_lang(lexicon.src), base_lang(lexicon.dst)} != {base_lang(left_lang),
                                                                                     base_lang(right_lang)}:
        lexicon = None  # a lexicon of other languages says nothing here
    left_side.use(lexicon)
    right_side.use(lexicon)
    usage = bool(left_rules and right_rules)
    if usage:
        left_side.locate(f for e in left for f in glossary_forms(e))
        right_side.locate(f for e in right for f in glossary_forms(e))
    lefts = [left_side.entry(e, usage) for e in left]
    rights = [right_side.entry(e, usage) for e in right]
    _keep_shared_names(lefts, rights)
    scorer = _PairScorer(lefts, rights, min_score)
    first = scorer.pairs()
    # Second round: "See Typecycling." / "参见类别循环。" name entries paired in the first.
    changed = _add_cross_references(lefts, left_lang, rights, right_lang, first)
    return scorer.rescored(changed).leftovers().pairs(by_order=True)


def _rules_lexicon(left: _Side, right: _Side, right_rules: Sequence[RuleText],
                   right_map: Mapping[RuleNumber, RuleNumber] | None) -> Lexicon:
    """A lexicon learned from the rule pairs (by number, or through the mapping),
    keyed by the words of the Latin-script side; the sides' tokens are reused."""
    pairs = []
    for b, text in enumerate(right_rules):
        number = right_map.get(text.number) if right_map is not None else text.number
        if number is not None and (a := left.numbers.get(number)) is not None:
            pairs.append((a, b))
    if left.cjk and right.cjk:
        return Lexicon(left.lang, right.lang)
    if left.cjk:  # words on the right
        src, dst, pairs = right, left, [(b, a) for a, b in pairs]
    else:
        src, dst = left, right
    src_terms = src.terms()
    word_sets = [src_terms[s] for s, _ in pairs]
    keys = [d for _, d in pairs]
    index: TermIndex | GramIndex
    if dst.cjk and len(set(keys)) == len(keys):
        dst.terms()
        assert dst.index is not None
        index = dst.index
    elif dst.cjk:  # a text on the other side used by two pairs: index the pairs themselves
        index, keys = GramIndex([dst.texts[d] for d in keys]), list(range(len(keys)))
    else:
        dst_terms = dst.terms()
        index, keys = TermIndex([dst_terms[d] for d in keys]), list(range(len(keys)))
    return learn_indexed(word_sets, index, keys, src.lang, dst.lang)


def _keep_shared_names(lefts: list[_Entry], rights: list[_Entry]) -> None:
    """Latin-script names count only if the other side writes them too: in English
    every capitalised word looks like a name, in Chinese only real names are Latin."""
    for field_name in ("head", "sense"):
        left_names = {t for e in lefts for t in getattr(e, field_name) if t[0] == "n"}
        right_names = {t for e in rights for t in getattr(e, field_name) if t[0] == "n"}
        for entries, other in ((lefts, right_names), (rights, left_names)):
            for e in entries:
                bag = getattr(e, field_name)
                for token in [t for t in bag if t[0] == "n" and t not in other]:
                    del bag[token]


def _add_cross_references(lefts: list[_Entry], left_lang: str, rights: list[_Entry], right_lang: str,
                          pairs: list[GlossaryPair]) -> tuple[set[int], set[int]]:
    """Give entries that refer to another entry ("See X.") a token for the pair X is
    in; the entries that got one (left, right indices)."""
    left_ids = {id(p.left): k for k, p in enumerate(pairs)}
    right_ids = {id(p.right): k for k, p in enumerate(pairs)}
    changed: tuple[set[int], set[int]] = (set(), set())
    for entries, lang, ids, got in ((lefts, left_lang, left_ids, changed[0]),
                                    (rights, right_lang, right_ids, changed[1])):
        fold = str.casefold if not is_cjk(lang) else str
        headwords = {fold(f): k for k, e in enumerate(entries) for f in glossary_forms(e.entry)}
        for n, e in enumerate(entries):
            for sense in e.entry.senses:
                for seen in refs.entries_seen(sense, lang):
                    target = headwords.get(fold(seen))
                    if target is not None and id(entries[target].entry) in ids:
                        e.sense["g" + str(ids[id(entries[target].entry)])] += 1
                        got.add(n)
    return changed


class _PairScorer:
    """Scores of candidate pairs of entries: for each field a weighted Dice vote,
    the votes averaged by importance.  Candidates share a rare token.  Tens of
    thousands of pairs are scored, so a whole batch is scored at once (numpy)."""

    def __init__(self, lefts: list[_Entry], rights: list[_Entry], min_score: float) -> None:
        self.lefts, self.rights, self.min_score = lefts, rights, min_score
        self.scores: dict[tuple[int, int], tuple[float, str]] = {}
        self.where = ([e.where for e in lefts], [e.where for e in rights])
        self.senses = (np.array([len(e.entry.senses) for e in lefts]), np.array([len(e.entry.senses) for e in rights]))
        self.obsolete = (np.array([e.entry.obsolete for e in lefts]), np.array([e.entry.obsolete for e in rights]))
        # How far apart two headwords stand in the rules that use both: the sum, and how many rules.
        a, b, there, here = common_tokens(*self.where)
        at, size, shape = a * len(rights) + b, len(lefts) * len(rights), (len(lefts), len(rights))
        self.gaps = (np.bincount(at, weights=np.abs(there - here), minlength=size).reshape(shape),
                     np.bincount(at, minlength=size).reshape(shape))
        self.shared: dict[str, np.ndarray] = {}  # field -> shared weight of every pair (rows: left)
        self.norms: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._prepare()
        self._score([(a, b) for a in range(len(lefts)) for b in self.candidates(a)])

    def _prepare(self, fields: Iterable[str] = FIELDS) -> None:
        """Weights, bags, shared weights of every pair and norms of ``fields``; where
        tokens are (for candidates)."""
        lefts, rights = self.lefts, self.rights
        for f in fields:
            weight = idf_weights([getattr(e, f) for e in lefts], [getattr(e, f) for e in rights])
            sides = ([weighted(getattr(e, f), weight) for e in lefts],
                     [weighted(getattr(e, f), weight) for e in rights])
            self.shared[f] = shared_matrix(*sides)
            self.norms[f] = (np.array([sum(b.values()) for b in sides[0]] or [0.0]),
                             np.array([sum(b.values()) for b in sides[1]] or [0.0]))
        self.postings: dict[str, list[int]] = defaultdict(list)
        for b, e in enumerate(rights):
            for f in FIELDS:
                for token in getattr(e, f):
                    self.postings[f[0] + token].append(b)
        self.cap = max(8, (len(lefts) + len(rights)) // 50)

    def candidates(self, a: int) -> set[int]:
        e = self.lefts[a]
        found = {b for f in FIELDS for t in getattr(e, f)
                 if len(posted := self.postings.get(f[0] + t, ())) <= self.cap for b in posted}
        return found or set(range(len(self.rights)))

    def _score(self, pairs: list[tuple[int, int]]) -> None:
        """Score ``pairs``; keep those reaching ``min_score`` with the field that
        weighed most in the score."""
        for pair in pairs:
            self.scores.pop(pair, None)
        if not pairs:
            return
        a = np.fromiter((p[0] for p in pairs), dtype=np.int64, count=len(pairs))
        b = np.fromiter((p[1] for p in pairs), dtype=np.int64, count=len(pairs))
        total, importance = np.zeros(a.size), np.zeros(a.size)
        votes = np.full((a.size, len(FIELDS)), -np.inf)  # a field that does not vote never weighs most
        for n, f in enumerate(FIELDS):
            left_norm, right_norm = self.norms[f][0][a], self.norms[f][1][b]
            x, y = left_norm > 0, right_norm > 0  # the bags are not empty
            voting = (x & y) if f in ("used", "head") else (x | y)  # no usage, no known word: no vote
            shared = self.shared[f][a, b]
            score = np.where(x & y, 2 * shared / np.where(x & y, left_norm + right_norm, 1.0), 0.0)
            if f == "used":  # in a list of names, the same place in the list
                gaps, common = self.gaps[0][a, b], self.gaps[1][a, b]
                gap = gaps / np.maximum(common, 1)
                score = np.where(common > 0, score * (1.0 - 0.25 * np.minimum(1.0, 2 * gap)), score)
            total += np.where(voting, score * _IMPORTANCE[f], 0.0)
            importance += np.where(voting, _IMPORTANCE[f], 0.0)
            votes[:, n] = np.where(voting, score * _IMPORTANCE[f], -np.inf)
        voted = importance > 0
        score = total / np.where(voted, importance, 1.0)
        score *= np.where(self.senses[0][a] != self.senses[1][b], 0.9, 1.0)
        score *= np.where(self.obsolete[0][a] != self.obsolete[1][b], 0.8, 1.0)
        strongest = np.argmax(votes, axis=1)
        for k in np.flatnonzero(voted & (score >= self.min_score)).tolist():
            self.scores[pairs[k]] = (float(score[k]), FIELDS[strongest[k]])

    def rescored(self, changed: tuple[set[int], set[int]]) -> _PairScorer:
        """The scores after the ``sense`` bags of the ``changed`` entries (left and
        right indices) gained cross-reference tokens.  Those tokens are new to every
        bag, so no other weight, bag or candidate moves: only the pairs with a
        changed entry are scored again."""
        left_changed, right_changed = changed
        if not left_changed and not right_changed:
            return self
        self._prepare(["sense"])
        self.scores = {k: v for k, v in self.scores.items() if k[0] not in left_changed}
        pairs = []
        for a in range(len(self.lefts)):
            todo = self.candidates(a)
            pairs += [(a, b) for b in (todo if a in left_changed else todo & right_changed)]
        self._score(pairs)
        return self

    def leftovers(self) -> _PairScorer:
        """The scores with every pair of entries left unpaired on both sides scored too:
        candidates share a rare token, and an entry whose evidence is all common tokens
        (Counts As and 视为: "Oracle", "errata", "obsolete") was no candidate of its
        counterpart, however well they score.  Few entries are left: few pairs to score."""
        chosen = self._chosen()
        taken = set(chosen.values())
        lonely = [a for a in range(len(self.lefts)) if a not in chosen]
        self._score([(a, b) for a in lonely for b in range(len(self.rights))
                     if b not in taken and (a, b) not in self.scores])
        return self

    def obsolete_by_order(self) -> dict[int, tuple[int, float]]:
        """Obsolete entries left unpaired on both sides, paired by their place among their
        glossary's obsolete entries when each is also the other's best: left -> (right, score).
        An obsolete entry cites no rule and its definition is the note every obsolete entry
        shares, so its score can fall short of ``min_score``: Counts As and 视为 (2026-04-17)
        scored 0.26 alone and 0.24 with the build's lexicon, the seventh obsolete entry of each
        glossary.  Position alone pairs nothing (a translated glossary is sorted in its own
        language): the place must agree with the scores."""
        chosen = self._chosen()
        taken = set(chosen.values())
        left_rank = {a: k for k, a in enumerate(a for a, e in enumerate(self.lefts) if e.entry.obsolete)}
        right_rank = {b: k for k, b in enumerate(b for b, e in enumerate(self.rights) if e.entry.obsolete)}
        lonely = [a for a in left_rank if a not in chosen]
        free = [b for b in right_rank if b not in taken]
        if not lonely or not free:
            return {}
        floor, self.min_score = self.min_score, 0.0
        kept = self.scores
        self.scores = {}
        try:
            self._score([(a, b) for a in lonely for b in free])
            raw = {pair: score for pair, (score, _) in self.scores.items()}
        finally:
            self.scores, self.min_score = kept, floor
        found: dict[int, tuple[int, float]] = {}
        for a in lonely:
            row = {b: raw[a, b] for b in free if (a, b) in raw}
            if not row:
                continue
            b = max(row, key=lambda c: (row[c], -c))
            column = {c: raw[c, b] for c in lonely if (c, b) in raw}
            if left_rank[a] == right_rank[b] and max(column, key=lambda c: (column[c], -c)) == a and row[b] > 0:
                found[a] = (b, row[b])
        return found

    def _chosen(self) -> dict[int, int]:
        lefts, rights = self.lefts, self.rights

        def content_order(pair: tuple[int, int]) -> tuple[str, ...]:
            left_entry, right_entry = lefts[pair[0]].entry, rights[pair[1]].entry
            return (left_entry.term, *left_entry.senses, right_entry.term, *right_entry.senses)

        return _one_to_one({k: v[0] for k, v in self.scores.items()}, content_order)

    def pairs(self, by_order: bool = False) -> list[GlossaryPair]:
        """The pairs chosen; ``by_order``: with :meth:`obsolete_by_order`'s (the last round)."""
        lefts, rights = self.lefts, self.rights
        found = [(a, GlossaryPair(lefts[a].entry, rights[b].entry, round(self.scores[a, b][0], 3),
                                  self.scores[a, b][1]))
                 for a, b in self._chosen().items()]
        found += [(a, GlossaryPair(lefts[a].entry, rights[b].entry, round(score, 3), "order"))
                  for a, (b, score) in (self.obsolete_by_order() if by_order else {}).items()]
        return [pair for _, pair in sorted(found, key=lambda item: item[0])]


def _one_to_one(scores: Mapping[tuple[int, int], float],
                tie: Callable[[tuple[int, int]], tuple[str, ...]]) -> dict[int, int]:
    """A one-to-one choice of pairs: greedy by score (ties broken by ``tie``, so the
    order of the entries does not matter), then 2-swaps that raise the total."""
    chosen: dict[int, int] = {}
    taken: dict[int, int] = {}
    for (a, b), _ in sorted(scores.items(), key=lambda kv: (-kv[1], tie(kv[0]))):
        if a not in chosen and b not in taken:
            chosen[a], taken[b] = b, a
    by_left: dict[int, list[int]] = defaultdict(list)
    for a, b in sorted(scores, key=tie):
        by_left[a].append(b)
    improved = True
    while improved:
        improved = False
        for a, b in list(chosen.items()):
            if chosen.get(a) != b:
                continue
            for d in by_left[a]:
                c = taken.get(d)
                if d == b:
                    continue
                here = scores[a, b] + (scores[c, d] if c is not None else 0.0)
                if c is None:
                    there = scores[a, d]
                elif (c, b) in scores:
                    there = scores[a, d] + scores[c, b]
                else:
                    continue
                if there > here + 1e-9:
                    del taken[b]
                    chosen[a], taken[d] = d, a
                    if c is not None:
                        chosen[c], taken[b] = b, c
                    improved = True
                    break
    return chosen
