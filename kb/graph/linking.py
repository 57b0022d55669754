"""Linking card rulings and wiki sections to the rules they explain.

Three kinds of evidence, each with the matched text and its position:

* ``explicit``: a rule number written in the text ("rule 702.102"), read by
  :func:`kb.core.refs.extract` in the text's language;
* ``term``: a game term.  The term table is derived from the rules themselves, in
  the rules' own language: the keyword actions and keyword abilities (701.x and 702.x,
  whose body is the name: "701.42 Meld"), chapter titles ("709 Split Cards"), and
  glossary headwords and aliases with the rule their entry cites ("Powerstone Token
  ... see rule 111.10"), narrowed to the rule in that subtree whose text starts with
  the term ("111.10h A Powerstone token is ...").  Terms too common in the rules to say
  what a text is about ("card", "damage" as chapter titles) are left out by measure,
  not by list: a title or glossary term is kept only while most of the rules that use
  it lie in its own subtree, or while few rules use it at all.  An obsolete glossary
  term ("Converted Mana Cost") leads where its successor does, since old rulings use it.
  All terms are found in one pass of an Aho-Corasick automaton built once per edition
  and language; English terms match their inflections (meld, melds, melded, melding),
  and card names given to :meth:`Linker.mask_names` are read past ("Cleaving Skyrider"
  is not the cleave keyword);
* ``phrase``: a run of words the text shares with exactly one or two rules
  ("of a melded permanent is" -> 202.3c), found through an index of the rules' word
  4-grams (character 6-grams for Chinese) built once.  It reaches sub-rule topics no
  term names, such as the characteristics of a melded permanent (712.8g).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from kb.core.model import Document, RuleText
from kb.core.rulenum import RuleNumber
from kb.core.text import HAN_KANA_CHAR, base_lang, same_length_lower, straight_apostrophes

if TYPE_CHECKING:
    from kb.ingest.wiki import RuleRef, Section

__all__ = ["Link", "Linker", "PageLinks", "Term", "link_page", "share_linked"]

#: A title or glossary term is generic when it appears in more rules than this share ...
GENERIC_SHARE = 0.01
#: ... and fewer than this share of those rules lie in the subtree it names.
HOME_SHARE = 0.5
#: A phrase n-gram is distinctive when at most this many rules contain it.
PHRASE_MAX_RULES = 2
#: A text must share at least this many distinctive n-grams with a rule to link it.
PHRASE_MIN_HITS = 2
#: Words in more than this share of rules count as common (never enough for a phrase) ...
COMMON_WORD_SHARE = 0.04
#: ... and a phrase needs one rare word, in at most this share of rules ("melded", "existence").
RARE_WORD_SHARE = 0.01

_CONJUNCTIONS = {"en": (" and ",), "it": (" e ",), "zh": ("和", "与")}
_LATIN_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_NAMED_KINDS = ("keyword", "keyword-action", "chapter", "glossary")
_Gram = tuple[str, ...]
_OBSOLETE_FOR = re.compile(r"\bterm for ([^.,;“”\"]+)")
#: Words before an ambiguous keyword-action form that make it a noun ("a counter", "into exile") ...
_NOUN_BEFORE = frozenset("a an the no any of more those these its their his her your with additional same each "
                         "into from in on +1/+1 -1/-1 one two three four five x".split())
#: ... and words around it that make it the verb ("can't counter", "counter target spell").
_VERB_BEFORE = frozenset("to can can't cannot could would will may might must should don't doesn't didn't won't "
                         "you they it then also".split())
_VERB_AFTER = frozenset("target that it them the a an this those each all any up him her your another "
                        "x one two spell spells ability abilities card cards creature creatures "
                        "permanent permanents".split())


@dataclass(frozen=True, slots=True)
class Term:
    """A term the rules define, the rule it leads to, and where it was derived from."""

    text: str
    rule: RuleNumber
    kind: str  # keyword-action, keyword, chapter, section, glossary
    source: str
    cited: RuleNumber | None = None  # a glossary entry's own citation, before narrowing

    @property
    def home(self) -> RuleNumber:
        """The subtree the term belongs to: the rule a glossary entry cites, else the rule."""
        return self.cited or self.rule


@dataclass(frozen=True, slots=True)
class Link:
    """A text's link to a rule, with its evidence: what matched, where, and how."""

    rule: RuleNumber
    kind: str  # explicit, term, phrase, template
    matched: str
    start: int
    end: int
    term: Term | None = None
    hits: int = 1

    @property
    def evidence(self) -> str:
        how = f"{self.term.kind} {self.term.text!r} ({self.term.source})" if self.term else self.kind
        return f"{self.matched!r} at {self.start}: {how}"


@dataclass(slots=True)
class PageLinks:
    """The links of one wiki page: its own (templates), its sections' and its rulings'."""

    page: list[Link] = field(default_factory=list)
    sections: list[tuple[str, list[Link]]] = field(default_factory=list)
    rulings: list[tuple[str, list[Link]]] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)

    def rules(self) -> set[RuleNumber]:
        found = {link.rule for link in self.page}
        for _, links in [*self.sections, *self.rulings]:
            found.update(link.rule for link in links)
        return found


def _spaced(lang: str) -> bool:
    return base_lang(lang) not in {"zh", "ja"}


# -- term derivation ----------------------------------------------------------------


def _is_title(body: str) -> bool:
    """A rule body that is a name ("Meld", "For Mirrodin!", "融合"), not a sentence."""
    body = body.strip()
    return 0 < len(body) <= 60 and "\n" not in body and not re.search(r"[.。:：;；]$", body)


def _title_variants(title: str, lang: str, split: bool = False) -> list[str]:
    """"∞ (Infinity)" -> "∞", "Infinity"; with ``split`` (keyword names, never chapter
    titles such as "Spells, Abilities, and Effects"): "Tap and Untap" -> also "Tap", "Untap"."""
    title = title.strip().rstrip("!！")
    variants = [title]
    inner = re.match(r"^(.*?)\s*[(（](.+?)[)）]\s*$", title)
    if inner:
        variants = [inner[1], inner[2]]
    for conjunction in _CONJUNCTIONS.get(base_lang(lang), ()) if split else ():
        for variant in list(variants):
            if conjunction in variant:
                variants.extend(part.strip() for part in variant.split(conjunction))
    return [v for v in dict.fromkeys(variants) if v]


def _inflections(term: str, lang: str) -> list[str]:
    """English forms of a term's last word: meld -> melds, melded, melding."""
    if base_lang(lang) != "en":
        return [term]
    head, _, last = term.rpartition(" ")
    prefix = f"{head} " if head else ""
    forms = {last, last + "s", last + "es", last + "ed", last + "ing", last + "'s"}
    if last.endswith("e"):
        forms |= {last + "d", last[:-1] + "ing"}
    if last.endswith("y") and len(last) > 2:
        forms |= {last[:-1] + "ies", last[:-1] + "ied"}
    if last.endswith("s"):
        forms.add(last[:-1])  # "Split Cards" -> "split card"
    if re.search(r"[^aeiou][aeiou][bdgkmnprt]$", last) and len(last) <= 4:
        forms |= {last + last[-1] + "ed", last + last[-1] + "ing"}  # tap -> tapped
    return [prefix + form for form in forms]


def derive_terms(doc: Document) -> list[Term]:
    """Every term the document defines, before the generic ones are measured out."""
    from kb.core.refs import cited, resolve

    rules = [r for r in doc.rules if r.variant == 0]
    existing = sorted({r.number for r in rules})
    by_number = {r.number: r for r in rules}
    terms: list[Term] = []
    for rule in rules:
        number = rule.number
        if number.depth == 2 and number.chapter in (701, 702) and _is_title(rule.body):
            kind = "keyword-action" if number.chapter == 701 else "keyword"
            terms.extend(Term(v, number, kind, f"{number} {rule.body}")
                         for v in _title_variants(rule.body, doc.lang, split=True))
        elif number.depth <= 1 and rule.title:
            kind = "section" if number.depth == 0 else "chapter"
            terms.extend(Term(v, number, kind, f"{number} {rule.title}") for v in _title_variants(rule.title, doc.lang))
    glossary_targets: dict[str, set[RuleNumber]] = {}
    for entry in doc.glossary:
        targets: set[RuleNumber] = set()
        for sense in entry.senses:
            for target in cited(sense, doc.lang):
                targets |= resolve(target, existing)
        for headword in (entry.term, *entry.aliases):
            glossary_targets[same_length_lower(headword)] = targets
    for entry in doc.glossary:
        targets = set(glossary_targets.get(same_length_lower(entry.term), ()))
        if not targets and entry.obsolete:
            # "An obsolete term for mana value." -> the rules of "Mana Value".
            for sense in entry.senses:
                successor = _OBSOLETE_FOR.search(sense)
                if successor:
                    targets |= glossary_targets.get(same_length_lower(successor[1].strip()), set())
        for headword in (entry.term, *entry.aliases):
            for cited_rule in sorted(targets):
                site = _definition_site(headword, cited_rule, existing, by_number, doc.lang)
                terms.append(Term(headword, site, "glossary", f"glossary {entry.term!r} -> {cited_rule}", cited_rule))
    return terms


def _definition_site(term: str, cited_rule: RuleNumber, existing: list[RuleNumber],
                     by_number: dict[RuleNumber, RuleText], lang: str) -> RuleNumber:
    """Where a glossary term is defined: ``cited_rule`` when its own text names the term
    (903.4 for "Color Identity"), else the rule under it whose text starts by naming the
    term (111.10h "A Powerstone token is ..." for "Powerstone Token", cited as 111.10)."""
    from bisect import bisect_left

    folded = same_length_lower(term)
    singular = folded[:-1] if base_lang(lang) == "en" and folded.endswith("s") else folded
    cited = by_number.get(cited_rule)
    if cited is not None and singular in same_length_lower(f"{cited.title or ''} {cited.body}"):
        return cited_rule
    lead = re.compile(rf"^(?:(?:a|an|the)\s+)?{re.escape(singular)}", re.I) if _spaced(lang) else None
    start = bisect_left(existing, cited_rule)
    for number in existing[start:]:
        if number.key >= cited_rule.subtree_stop:
            break
        body = same_length_lower(by_number[number].body)
        named = lead.match(body) if lead else body.startswith(singular)
        if named and number != cited_rule and len(body) > len(singular) + 2:  # a sentence, not a title
            return number
    return cited_rule


# -- the linker ---------------------------------------------------------------------


class Linker:
    """Links texts in one language to the rules of one edition; build once, use often."""

    def __init__(self, doc: Document) -> None:
        self.lang = doc.lang
        self.edition = doc.edition
        self._spaced = _spaced(doc.lang)
        rules = [r for r in doc.rules if r.variant == 0]
        self.numbers = sorted({r.number for r in rules})
        self._texts = {r.number: same_length_lower(r.body) for r in rules}
        every = [t for t in derive_terms(doc) if self._usable(t.text)]
        candidates = _distinct(every)
        # Once with every candidate, to measure which are generic; then for good without them.
        self._automaton, self._forms = _automaton(candidates, self.lang)
        self.generic = self._measure(candidates)
        kept = [t for t in candidates if (t.text.casefold(), t.kind) not in self.generic]
        self.terms: tuple[Term, ...] = tuple(kept)
        self._automaton, self._forms = _automaton(kept, self.lang)
        # Lookups by name (a wiki template naming a mechanic or a glossary entry) see every
        # term, generic or duplicated: the name was given, not found in running text.
        self._by_name: dict[str, list[Term]] = defaultdict(list)
        for term in every:
            self._by_name[same_length_lower(term.text)].append(term)
        self._phrases, self._common = self._phrase_index(rules)
        self._names: Any = None
        self._nouns = _noun_senses(every, doc) if base_lang(doc.lang) == "en" else {}

    def mask_names(self, names: Iterable[str]) -> None:
        """Card names to read past: "Cleaving Skyrider" is a card, not the cleave keyword.
        Names match case-sensitively; a name that is itself a term ("Explore") is not
        masked, since the text may use the word."""
        import ahocorasick

        automaton = ahocorasick.Automaton()
        for name in names:
            name = straight_apostrophes(name).strip()
            if len(name) >= 3 and same_length_lower(name) not in self._forms:
                automaton.add_word(name, len(name))
        if len(automaton):
            automaton.make_automaton()
            self._names = automaton

    def _masked(self, text: str) -> str:
        """The text with card names blanked out (same length, so positions hold)."""
        if self._names is None:
            return text
        chars: list[str] | None = None
        source = straight_apostrophes(text)
        for end_index, length in self._names.iter(source):
            start = end_index - length + 1
            before = source[start - 1] if start > 0 else " "
            after = source[end_index + 1] if end_index + 1 < len(source) else " "
            if before.isalnum() or after.isalnum():
                continue
            chars = chars if chars is not None else list(text)
            chars[start:end_index + 1] = " " * length
        return "".join(chars) if chars is not None else text

    # -- building ---------------------------------------------------------------------

    def _usable(self, text: str) -> bool:
        text = text.strip()
        if self._spaced:
            return len(text) >= 3 and any(ch.isalpha() for ch in text)
        return len(text) >= 2

    def _measure(self, terms: list[Term]) -> set[tuple[str, str]]:
        """Titles and glossary terms used all over the rules, mostly outside their own
        subtree ("cards", "damage"): too general to say what a text is about."""
        folded = {id(term): same_length_lower(term.text) for term in terms}
        used_in: dict[str, set[RuleNumber]] = defaultdict(set)
        for number, text in self._texts.items():
            for _start, _end, _form, owners in self._matches(text):
                for term in owners:
                    used_in[folded[id(term)]].add(number)
        total = max(1, len(self._texts))
        generic: set[tuple[str, str]] = set()
        for term in terms:
            if term.kind in ("keyword", "keyword-action"):
                continue
            users = used_in.get(folded[id(term)], set())
            if len(users) <= GENERIC_SHARE * total:
                continue
            low, high = term.home.key, term.home.subtree_stop
            inside = sum(1 for n in users if low <= n.key < high)
            if inside < HOME_SHARE * len(users):
                generic.add((term.text.casefold(), term.kind))
        return generic

    def _phrase_index(self, rules: Sequence[RuleText]) -> tuple[dict[_Gram, tuple[RuleNumber, ...]], set[str]]:
        numbers = [rule.number for rule in rules]
        grams: dict[_Gram, set[int]] = defaultdict(set)
        word_users: Counter[str] = Counter()
        n = self._n
        for position, number in enumerate(numbers):
            words = self._words(self._texts[number])
            word_users.update(set(words))
            for i in range(len(words) - n + 1):
                grams[tuple(words[i:i + n])].add(position)
        # Shares of the rules, but never below a few rules, or a small document (seed 000
        # holds 17 rules) would have only common words.
        common_above = max(COMMON_WORD_SHARE * len(rules), 5)
        rare_upto = max(RARE_WORD_SHARE * len(rules), PHRASE_MAX_RULES)
        common = {w for w, count in word_users.items() if count > common_above}
        # Per word: 1 if not common, +10 if rare; so a gram scores 12 or more exactly when
        # it holds two words that are not common, one of them rare.
        weight = {w: (count <= common_above) + 10 * (count <= rare_upto) for w, count in word_users.items()}
        index: dict[_Gram, tuple[RuleNumber, ...]] = {}
        for gram, users in grams.items():
            if len(users) <= PHRASE_MAX_RULES and sum(weight[w] for w in gram) >= 12:
                index[gram] = tuple(sorted(numbers[i] for i in users))
        return index, common

    def _words(self, folded: str) -> list[str]:
        if self._spaced:
            return _LATIN_WORD.findall(folded)
        return [ch for ch in folded if HAN_KANA_CHAR.match(ch) or ch.isalnum()]

    @property
    def _n(self) -> int:
        return 4 if self._spaced else 6

    def _tokens(self, folded: str) -> list[tuple[str, int, int]]:
        if self._spaced:
            return [(m.group(), m.start(), m.end()) for m in _LATIN_WORD.finditer(folded)]
        return [(ch, i, i + 1) for i, ch in enumerate(folded) if HAN_KANA_CHAR.match(ch) or ch.isalnum()]

    def _grams(self, tokens: Sequence[str]) -> Iterable[tuple[str, ...]]:
        n = self._n
        return (tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))

    # -- matching ---------------------------------------------------------------------

    def _matches(self, folded: str) -> list[tuple[int, int, str, tuple[Term, ...]]]:
        """Leftmost-longest, non-overlapping term matches (whole words in spaced scripts)."""
        if not len(self._automaton):
            return []
        found = []
        for end_index, (form, owners) in self._automaton.iter(folded):
            start, end = end_index - len(form) + 1, end_index + 1
            if self._spaced and ((start > 0 and folded[start - 1].isalnum()) or
                                 (end < len(folded) and folded[end].isalnum())):
                continue
            found.append((start, end, form, owners))
        found.sort(key=lambda m: (m[0], -(m[1] - m[0])))
        chosen: list[tuple[int, int, str, tuple[Term, ...]]] = []
        reach = -1
        for match in found:
            if match[0] >= reach:
                chosen.append(match)
                reach = match[1]
        return chosen

    def _prepared(self, text: str) -> str:
        """Card names blanked, folded: what terms and phrases are looked for in."""
        return same_length_lower(self._masked(text))

    def terms_in(self, text: str, prepared: str | None = None) -> list[Link]:
        """Term links, one per (rule, term) at its first occurrence."""
        links: dict[tuple[RuleNumber, str], Link] = {}
        folded = prepared or self._prepared(text)
        for start, end, form, owners in self._matches(folded):
            for term in self._sense(owners, folded, start, end, form):
                key = (term.rule, term.text)
                if key in links:
                    links[key] = _counted(links[key])
                else:
                    links[key] = Link(term.rule, "term", text[start:end], start, end, term)
        return list(links.values())

    def _sense(self, owners: tuple[Term, ...], folded: str, start: int, end: int, form: str) -> tuple[Term, ...]:
        """The terms a match stands for in its context: a keyword action that is also a
        noun ("Counter": 701.6 to counter a spell, 122 a marker) leads to the noun's rule
        when the words around it make it a noun ("Counters, Auras, Equipment", "a +1/+1
        counter"); "countered" and "exiling" are verbs whatever surrounds them."""
        if not self._nouns or not any(t.kind == "keyword-action" and same_length_lower(t.text) in self._nouns
                                      for t in owners):
            return owners
        chosen: list[Term] = []
        for term in owners:
            name = same_length_lower(term.text)
            nouns = self._nouns.get(name) if term.kind == "keyword-action" else None
            if nouns and form in (name, name + "s") and _is_noun(folded, start, end):
                chosen.extend(nouns)
            else:
                chosen.append(term)
        return tuple(dict.fromkeys(chosen))

    def explicit_in(self, text: str) -> list[Link]:
        """Rule numbers written in the text that the edition has."""
        from kb.core.refs import extract, resolve

        try:
            references = extract(text, self.lang)
        except ValueError:
            return []
        links = []
        for reference in references:
            for target in reference.targets:
                for number in sorted(resolve(target, self.numbers)):
                    links.append(Link(number, "explicit", reference.phrase, reference.start, reference.end))
        return links

    def phrases_in(self, text: str, limit: int = 3, prepared: str | None = None) -> list[Link]:
        """Rules the text shares distinctive runs of words with, most shared first."""
        tokens = self._tokens(prepared or self._prepared(text))
        hits: dict[RuleNumber, list[int]] = defaultdict(list)
        words = [t for t, _, _ in tokens]
        for i, gram in enumerate(self._grams(words)):
            for number in self._phrases.get(gram, ()):
                hits[number].append(i)
        ranked = sorted(((n, p) for n, p in hits.items() if len(p) >= PHRASE_MIN_HITS),
                        key=lambda item: (-len(item[1]), item[0]))
        links = []
        for number, positions in ranked[:limit]:
            first, last = _longest_run(positions)
            start, end = _whole_symbols(text, tokens[first][1], tokens[last + self._n - 1][2])
            links.append(Link(number, "phrase", text[start:end], start, end, hits=len(positions)))
        return links

    def link(self, text: str) -> list[Link]:
        """All links of a text, in the order they occur."""
        prepared = self._prepared(text)
        phrases = [p for p in self.phrases_in(text, prepared=prepared) if not self._restates_a_term(p, prepared)]
        links = [*self.explicit_in(text), *self.terms_in(text, prepared), *phrases]
        return sorted(links, key=lambda link: (link.start, link.rule))

    def _restates_a_term(self, phrase: Link, prepared: str) -> bool:
        """Whether a phrase is a term of several words with common words around it, leading
        out of the term's own subtree: every word of it that is not common lies in one match
        of such a term ("an intervening 'if' clause that" is the term Intervening "If"
        Clause, 603.4, not 702.122d, the one other rule that writes those words).  The term
        says what the text is about; a phrase inside its subtree ("a hybrid Phyrexian mana
        symbol is": 107.4f, under the term's 107.4) only narrows it, and stays."""
        rare = [(start, end) for word, start, end in self._tokens(prepared[phrase.start:phrase.end])
                if word not in self._common]
        if not rare:
            return False
        first, last = phrase.start + rare[0][0], phrase.start + rare[-1][1]
        return any(start <= first and last <= end and len(self._tokens(form)) >= 2
                   and not any(term.home.key <= phrase.rule.key < term.home.subtree_stop for term in owners)
                   for start, end, form, owners in self._matches(prepared))

    def lookup(self, name: str, kinds: Iterable[str] = _NAMED_KINDS) -> list[Term]:
        """The terms named exactly ``name`` (a wiki template's mechanic), by kind order."""
        wanted = tuple(kinds)
        found = [t for t in self._by_name.get(same_length_lower(name.strip()), []) if t.kind in wanted]
        return sorted(found, key=lambda t: (wanted.index(t.kind), t.rule))


def _automaton(terms: Iterable[Term], lang: str) -> tuple[Any, dict[str, list[Term]]]:
    """One Aho-Corasick automaton over every form of every term: form -> its terms."""
    import ahocorasick  # lazy: only linking needs it

    forms: dict[str, list[Term]] = defaultdict(list)
    for term in terms:
        for form in _inflections(same_length_lower(term.text), lang):
            forms[form].append(term)
    automaton = ahocorasick.Automaton()
    for form, owners in forms.items():
        automaton.add_word(form, (form, tuple(dict.fromkeys(owners))))
    if len(automaton):
        automaton.make_automaton()
    return automaton, forms


def _noun_senses(terms: Iterable[Term], doc: Document) -> dict[str, list[Term]]:
    """Keyword actions whose glossary entry also defines a thing ("A marker ...", "A
    zone.") that the rules define elsewhere (Counter: 701.6 and 122; Exile: 701.13 and
    the zone 406): folded name -> the glossary terms of the other sense.  Entries whose
    senses are all verbs ("Cast: To take a spell ...") are not ambiguous."""
    terms = list(terms)
    things = {same_length_lower(entry.term) for entry in doc.glossary if len(entry.senses) > 1
              and any(re.match(r"(?:an?)\s", sense, re.I) for sense in entry.senses)}
    actions = {same_length_lower(t.text): t.rule for t in terms
               if t.kind == "keyword-action" and same_length_lower(t.text) in things}
    nouns: dict[str, list[Term]] = defaultdict(list)
    for term in terms:
        verb = actions.get(same_length_lower(term.text))
        if term.kind == "glossary" and verb is not None and not (verb.key <= term.home.key < verb.subtree_stop):
            nouns[same_length_lower(term.text)].append(term)
    return dict(nouns)


def _is_noun(folded: str, start: int, end: int) -> bool:
    """Whether the word at ``start:end`` is used as a noun, judged by its neighbours: a
    noun unless a subject or modal precedes it ("can't counter") or an object follows it
    ("counter target spell"), since the verb is transitive; the real rulings are the test."""
    before = folded[:start].split()
    after = folded[end:].lstrip()
    previous = before[-1].strip(",;:()\"“”") if before and not re.search(r"[.!?:;]$", before[-1]) else ""
    following = re.match(r"[^\W_]+(?:'[^\W_]+)*|\S", after)
    nxt = following[0] if following else ""
    if previous in _NOUN_BEFORE or re.fullmatch(r"[+-]?\d+/[+-]?\d+|\d+", previous):
        return True
    return not (previous in _VERB_BEFORE or nxt in _VERB_AFTER)


def _distinct(terms: Iterable[Term]) -> list[Term]:
    """One term per (name, rule): the glossary entry "Unearth" adds nothing to 702.84's
    own name; the more specific kind (keyword before glossary) is kept."""
    order = {"keyword-action": 0, "keyword": 0, "chapter": 1, "section": 2, "glossary": 3}
    best: dict[tuple[str, RuleNumber], Term] = {}
    for term in terms:
        key = (same_length_lower(term.text), term.rule)
        if key not in best or order[term.kind] < order[best[key].kind]:
            best[key] = term
    return list(best.values())


def _counted(link: Link) -> Link:
    return Link(link.rule, link.kind, link.matched, link.start, link.end, link.term, link.hits + 1)


def _whole_symbols(text: str, start: int, end: int) -> tuple[int, int]:
    """A span of words widened to the whole mana and tap symbols at its ends: the words are
    letters, so a phrase read "T}: Add {C}. This mana" where the ruling says "{T}: Add {C}. …"."""
    opened = text.rfind("{", 0, start)
    if opened != -1 and "}" not in text[opened:start]:
        start = opened
    inside = text.rfind("{", start, end)
    if inside > text.rfind("}", start, end) and (closed := text.find("}", end)) != -1:
        end = closed + 1
    return start, end


def _longest_run(positions: list[int]) -> tuple[int, int]:
    """The longest stretch of consecutive n-gram positions: (first, last)."""
    best = (positions[0], positions[0])
    first = previous = positions[0]
    for position in positions[1:]:
        if position != previous + 1:
            first = position
        previous = position
        if previous - first > best[1] - best[0]:
            best = (first, previous)
    return best


# -- pages and corpora --------------------------------------------------------------


class Page(Protocol):
    """What :func:`link_page` reads of a page (:class:`kb.ingest.wiki.WikiPage` is one)."""

    @property
    def explicit_rule_refs(self) -> Sequence[RuleRef]: ...
    @property
    def sections(self) -> Sequence[Section]: ...
    @property
    def rulings(self) -> Sequence[str]: ...


def link_page(page: Page, linker: Linker) -> PageLinks:
    """Links of a :class:`kb.ingest.wiki.WikiPage`: its CR templates resolved by name
    ("{{CR+G}}" on the page "Crew" -> 702.122), its sections and its rulings."""
    result = PageLinks()
    for ref in page.explicit_rule_refs:
        if ref.number is not None:
            if ref.number in set(linker.numbers):
                result.page.append(Link(ref.number, "explicit", ref.text, 0, 0))
            continue
        kinds = ("glossary",) if ref.kind == "glossary" else ("keyword", "keyword-action", "chapter")
        terms = linker.lookup(ref.name or "", kinds)
        if not terms:
            result.unresolved.append(f"{ref.text} (line {ref.line}): no {'/'.join(kinds)} named {ref.name!r}")
        for term in terms:
            result.page.append(Link(term.rule, "template", ref.text, 0, 0, term))
    for section in page.sections:
        result.sections.append((section.heading, linker.link(section.text)))
    for ruling in page.rulings:
        result.rulings.append((ruling, linker.link(ruling)))
    return result


def share_linked(texts: Iterable[str], linker: Linker) -> tuple[int, int, Counter[str]]:
    """How many texts link to at least one rule: ``(linked, total, by_kind)``."""
    linked = total = 0
    kinds: Counter[str] = Counter()
    for text in texts:
        total += 1
        links = linker.link(text)
        if links:
            linked += 1
            kinds.update({link.kind for link in links})
    return linked, total, kinds
