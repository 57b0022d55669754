"""Glossary identity: every glossary entry's English headword.

A translated glossary is sorted in its own language, so an entry's counterpart is
found by meaning (:func:`kb.align.glossary.align_glossary`), never by position.  One
build step, after the rule identities (:mod:`kb.align.identity`):

* an English entry is its own identity (its headword);
* the newest edition of each other language, and every edition that has an
  English edition of the same date, is paired with the English glossary of its
  date if the KB holds it (rules paired by number), else with the reference
  edition's (rules paired through their identities);
* an entry of another edition of that language takes the identity of the entry
  with the same headword in a paired edition (newest first).

Entries left without a counterpart have no identity (``None``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kb.align import processes
from kb.align.glossary import align_glossary
from kb.align.lexicon import Lexicon
from kb.core.model import Document, GlossaryEntry, RuleText
from kb.core.rulenum import RuleNumber
from kb.core.text import base_lang

EntryKey = tuple[int, int]  # (document index, glossary index)


@dataclass(frozen=True, slots=True)
class GlossaryIdentity:
    """The English headword an entry means, with the English edition it was paired
    with, the pairing's score and its strongest evidence (see
    :class:`~kb.align.glossary.GlossaryPair`; ``self``: an English entry; ``term``:
    the same headword in a paired edition of the language)."""

    term: str
    edition: str | None
    score: float
    evidence: str


def assign(documents: list[Document], rule_identity: Mapping[tuple[int, int], str],
           lexicons: Mapping[tuple[str, str], Lexicon], reference: tuple[str, str | None] | None,
           workers: int = 2) -> dict[EntryKey, GlossaryIdentity]:
    """The identity of every glossary entry that has one.

    ``rule_identity`` gives each rule text's identity (its number in the reference
    edition) by (document index, rule index); ``lexicons`` are the build's learned
    lexicons (any pair of languages), used instead of learning again.  Editions are
    paired in ``workers`` processes when there are more than two."""
    result: dict[EntryKey, GlossaryIdentity] = {}
    english = {doc.edition: d for d, doc in enumerate(documents) if doc.lang == "en" and doc.glossary}
    for d, doc in enumerate(documents):
        if doc.lang == "en":
            for g, entry in enumerate(doc.glossary):
                result[d, g] = GlossaryIdentity(entry.term, doc.edition, 1.0, "self")
    if reference is None or reference[0] != "en":
        return result
    reference_doc = english.get(reference[1])
    paired: dict[str, list[int]] = {}  # lang -> documents paired by meaning, newest first
    jobs: list[tuple[int, int]] = []  # (English document, other document)
    tasks: list[_Task] = []
    for lang, docs in _by_language(documents).items():
        paired[lang] = [d for d in docs if d == docs[0] or documents[d].edition in english]
        for d in paired[lang]:
            same_date = english.get(documents[d].edition)
            e = same_date if same_date is not None else reference_doc
            if e is None:
                continue
            mapping = None if same_date is not None else _rule_mapping(documents[d], d, rule_identity)
            jobs.append((e, d))
            tasks.append((documents[e].glossary, _numbered(documents[e].rules), documents[d].glossary,
                          _numbered(documents[d].rules), documents[d].lang, mapping, _lexicon(lexicons, lang)))
    for (e, d), pairs in zip(jobs, _run(tasks, workers), strict=True):
        for g, term, score, evidence in pairs:
            result[d, g] = GlossaryIdentity(term, documents[e].edition, score, evidence)
    for lang, docs in _by_language(documents).items():
        _follow_headwords(documents, docs, paired.get(lang, []), result)
    return result


# English glossary and rules, the other language's glossary and rules, its language,
# its rules' numbers -> identities (None: same date), a lexicon.
_Task = tuple[list[GlossaryEntry], list[RuleText], list[GlossaryEntry], list[RuleText], str,
              dict[RuleNumber, RuleNumber | None] | None, Lexicon | None]


def _run(tasks: list[_Task], workers: int) -> list[list[tuple[int, str, float, str]]]:
    """Pair every edition's glossary, in parallel when there are several (a full build
    pairs some twenty Chinese editions, half a second each)."""
    if workers > 1 and len(tasks) > 2:
        return processes.mapped(_pair_task, tasks, workers)
    return [_pair_task(task) for task in tasks]


def _pair_task(task: _Task) -> list[tuple[int, str, float, str]]:
    """(entry index, English headword, score, evidence) for each entry of the other glossary paired."""
    english, english_rules, other, other_rules, lang, mapping, lexicon = task
    pairs = align_glossary(english, other, mapping, left_lang="en", right_lang=lang, left_rules=english_rules,
                           right_rules=other_rules, lexicon=lexicon)
    at = {id(entry): g for g, entry in enumerate(other)}
    return [(at[id(pair.right)], pair.left.term, pair.score, pair.evidence) for pair in pairs]


def _by_language(documents: list[Document]) -> dict[str, list[int]]:
    """Documents of each language other than English that have a glossary, newest first
    (undated last)."""
    found: dict[str, list[int]] = {}
    for d, doc in enumerate(documents):
        if doc.lang != "en" and doc.glossary:
            found.setdefault(doc.lang, []).append(d)
    for docs in found.values():
        docs.sort(key=lambda d: (documents[d].edition is not None, documents[d].edition or ""), reverse=True)
    return found


def _rule_mapping(doc: Document, d: int, rule_identity: Mapping[tuple[int, int], str]
                  ) -> dict[RuleNumber, RuleNumber | None]:
    """The document's rule numbers -> their identities (``None``: no counterpart)."""
    mapping: dict[RuleNumber, RuleNumber | None] = {}
    for r, text in enumerate(doc.rules):
        identity = rule_identity.get((d, r))
        mapping.setdefault(text.number, RuleNumber.try_parse(identity) if identity else None)
    return mapping


def _lexicon(lexicons: Mapping[tuple[str, str], Lexicon], lang: str) -> Lexicon | None:
    """A lexicon the build learned between English and ``lang``, if any."""
    for lexicon in lexicons.values():
        if {base_lang(lexicon.src), base_lang(lexicon.dst)} == {"en", base_lang(lang)} and len(lexicon):
            return lexicon
    return None


def _numbered(rules: list[RuleText]) -> list[RuleText]:
    return [t for t in rules if t.number.depth >= 1]


def _follow_headwords(documents: list[Document], docs: list[int], paired: list[int],
                      result: dict[EntryKey, GlossaryIdentity]) -> None:
    """Entries of unpaired editions take the identity of the same headword in a paired
    edition of their language (the newest that has it)."""
    known: dict[str, GlossaryIdentity] = {}
    for d in paired:  # newest first: the first one seen wins
        for g, entry in enumerate(documents[d].glossary):
            if (found := result.get((d, g))) is not None:
                known.setdefault(entry.term.casefold(), found)
    for d in docs:
        if d in paired:
            continue
        for g, entry in enumerate(documents[d].glossary):
            if (found := known.get(entry.term.casefold())) is not None:
                result[d, g] = GlossaryIdentity(found.term, found.edition, found.score, "term")
