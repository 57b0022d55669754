"""Rule identity: every rule text's number in the newest English edition of the KB.

Numbers move between editions and translations lag, so "the same rule" has to be
decided by alignment (:mod:`kb.align`).  One build step, after ingestion:

* the newest English edition is the reference; its texts are their own identity;
* a translation with an English edition of the same date pairs with it by number,
  then follows that edition's alignment to the reference;
* every other edition (older English, other languages, undated documents) is
  aligned to the reference by content;
* a text with no counterpart keeps its own number, qualified by language and
  edition (``729.3a@it/undated``).

Undated documents are also placed among the English editions: the report says
which editions their numbering and wording match.  Last, glossary entries are
paired with the English entries they mean (:mod:`kb.align.glossary_identity`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from kb.align import glossary_identity, glossary_lexicon, processes, term_list
from kb.align.aligner import Edition, align, pair_by_number
from kb.align.lexicon import Lexicon
from kb.align.results import NUMBER, Alignment, Link
from kb.align.terms import learn_lexicon
from kb.align.undated import best_editions, place_undated
from kb.core.model import Document, IdentityRows, RuleText
from kb.core.rulenum import RuleNumber

Group = tuple[str, str | None]  # (lang, edition)
TextKey = tuple[int, int]  # (document index, rule index)
#: Origins of lexicons, most trusted first.
ORIGINS = (glossary_lexicon.ORIGIN, term_list.TERMS, "rules", "cards", term_list.PLAYERS)
#: Undated documents are placed among at most this many English editions (newest first).
PLACEMENT_WINDOW = 24


@dataclass(frozen=True, slots=True)
class Identity:
    """Where one rule text stands in the reference edition, and how sure that is."""

    rule: str
    score: float
    evidence: str
    moved: bool = False


@dataclass
class Identities:
    """The result of the identity step for a whole build."""

    reference: Group | None
    of: dict[TextKey, Identity] = field(default_factory=dict)
    placements: dict[Group, list[str]] = field(default_factory=dict)
    lexicons: dict[tuple[str, str], Lexicon] = field(default_factory=dict)
    glossary: dict[TextKey, glossary_identity.GlossaryIdentity] = field(default_factory=dict)  # (doc, entry) index
    #: Lexicons kept for search beside ``lexicons`` (learned from the rules): official pairs
    #: (origin ``glossary``) and those learned from card texts (``cards``).
    more_lexicons: list[Lexicon] = field(default_factory=list)

    def rows(self, documents: list[Document]) -> IdentityRows:
        """What the store keeps (no copies: the store reads these through the shapes
        of :class:`kb.core.model.IdentityRows`)."""
        return IdentityRows(self.of, self.glossary, self.stored_lexicons(), self.matches(documents))

    def matches(self, documents: list[Document]) -> dict[int, list[str]]:
        """The English editions each undated document fits, by document index."""
        return {d: self.placements.get((doc.lang, doc.edition), []) for d, doc in enumerate(documents)
                if doc.edition is None}

    def stored_lexicons(self) -> list[Lexicon]:
        """Every lexicon to keep, the most trusted origin first (search lets the first
        lexicon of a pair that knows a term speak): official pairs, rules, cards."""
        every = [*self.more_lexicons, *self.lexicons.values()]
        return sorted(every, key=lambda lexicon: ORIGINS.index(lexicon.origin) if lexicon.origin in ORIGINS
                      else len(ORIGINS))


def qualified(number: RuleNumber, group: Group) -> str:
    lang, edition = group
    return f"{number}@{lang}/{edition or 'undated'}"


def _groups(documents: list[Document]) -> dict[Group, list[tuple[TextKey, RuleText]]]:
    groups: dict[Group, list[tuple[TextKey, RuleText]]] = defaultdict(list)
    for d, doc in enumerate(documents):
        for r, text in enumerate(doc.rules):
            if text.number.depth >= 1:
                groups[(doc.lang, doc.edition)].append(((d, r), text))
    for members in groups.values():
        members.sort(key=lambda item: (item[1].number.key, item[1].variant))
    return groups


def reference_group(groups: dict[Group, list]) -> Group | None:
    """The newest dated English edition; failing that, undated English texts."""
    english = [edition for lang, edition in groups if lang == "en"]
    dated = [edition for edition in english if edition]
    if dated:
        return ("en", max(dated))
    return ("en", None) if english else None


def assign(documents: list[Document], workers: int = 2) -> Identities:
    """Align every group of texts to the reference edition (see module docstring)."""
    groups = _groups(documents)
    reference = reference_group(groups)
    result = Identities(reference)
    for d, doc in enumerate(documents):  # sections never move
        for r, text in enumerate(doc.rules):
            if text.number.depth == 0:
                result.of[(d, r)] = Identity(str(text.number), 1.0, NUMBER)
    if reference is None:
        for members in groups.values():
            for key, text in members:
                result.of[key] = Identity(str(text.number), 1.0, NUMBER)
        return result
    target = [text for _, text in groups[reference]]
    jobs = {group: _job(group, groups, reference) for group in groups if group != reference}
    alignments = _run(jobs, groups, target, workers)
    for key, text in groups[reference]:
        result.of[key] = Identity(str(text.number), 1.0, NUMBER)
    for group, members in groups.items():
        if group == reference:
            continue
        links = {(link.old, link.variant): link for link in _compose(group, groups, jobs, alignments, reference)}
        for key, text in members:
            link = links.get((text.number, text.variant))
            if link is None or link.new is None:
                result.of[key] = Identity(qualified(text.number, group), 0.0, "unmatched")
            else:
                result.of[key] = Identity(str(link.new), link.score, link.evidence, link.moved)
        alignment = alignments.get(group)
        if alignment is not None and alignment.old_lang != alignment.new_lang:
            pair = (alignment.old_lang, alignment.new_lang)
            known = result.lexicons.get(pair)
            result.lexicons[pair] = known.merged(alignment.lexicon) if known else alignment.lexicon
    _learn_from_pairs(result, groups, jobs, reference)
    result.placements = place(groups, reference)
    result.glossary = glossary_identity.assign(documents, {key: found.rule for key, found in result.of.items()},
                                               result.lexicons, reference, workers)
    result.more_lexicons += glossary_lexicon.official_lexicons(
        documents, {key: found.rule for key, found in result.of.items()}, result.glossary, reference)
    return result


def _learn_from_pairs(result: Identities, groups: dict[Group, list[tuple[TextKey, RuleText]]],
                      jobs: dict[Group, Group | None], reference: Group) -> None:
    """Translations paired by number teach a lexicon too: learn one per language from
    its newest edition that has a same-date English original (kept for search)."""
    newest: dict[str, Group] = {}
    for group, via in jobs.items():
        if via is not None and (group[0] not in newest or (group[1] or "") > (newest[group[0]][1] or "")):
            newest[group[0]] = group
    for lang, group in newest.items():
        english = {text.number: text for _, text in groups[jobs[group] or reference]}
        pairs = [(_plain(text), _plain(english[text.number])) for _, text in groups[group]
                 if text.number in english and text.variant == 0]
        learned = learn_lexicon(pairs, lang, "en")
        key = (learned.src, learned.dst)
        result.lexicons[key] = result.lexicons[key].merged(learned) if key in result.lexicons else learned


def _plain(text: RuleText) -> str:
    return " ".join([text.title or "", text.body, *text.examples])


def _job(group: Group, groups: dict[Group, list], reference: Group) -> Group | None:
    """What a group aligns to directly: its same-date English edition (by number) if
    the KB holds one, else the reference (``None``)."""
    lang, edition = group
    if lang != "en" and edition and ("en", edition) in groups:
        return ("en", edition)
    return None


def _run(jobs: dict[Group, Group | None], groups: dict[Group, list], target: list[RuleText],
         workers: int) -> dict[Group, Alignment]:
    """Align every group that needs content alignment to the reference, in parallel."""
    direct = [g for g, via in jobs.items() if via is None]
    tasks = [([text for _, text in groups[g]], g[0]) for g in direct]
    if workers > 1 and len(tasks) > 2:
        # the reference goes to each worker once, not with every task (1 MB, 40 ms to pickle)
        results = processes.mapped(_align_to_reference, tasks, workers, _keep_reference, (target,))
    else:
        reference = Edition(target, "en")
        results = [align(texts, reference, old_lang=lang, new_lang="en") for texts, lang in tasks]
    return dict(zip(direct, results, strict=True))


_reference: list[Edition] = []  # in a worker process: the edition every task aligns to


def _keep_reference(target: list[RuleText]) -> None:
    _reference[:] = [Edition(target, "en")]


def _align_to_reference(task: tuple[list[RuleText], str]) -> Alignment:
    texts, lang = task
    return align(texts, _reference[0], old_lang=lang, new_lang="en")


def _compose(group: Group, groups: dict[Group, list[tuple[TextKey, RuleText]]], jobs: dict[Group, Group | None],
             alignments: dict[Group, Alignment], reference: Group) -> list[Link]:
    """The group's links to the reference: direct, or by number to its same-date
    English edition and on through that edition's alignment."""
    via = jobs[group]
    if via is None:
        return list(alignments[group].links)
    first = pair_by_number([t for _, t in groups[group]], [t for _, t in groups[via]],
                                 old_lang=group[0], new_lang="en")
    if via == reference:
        return list(first.links)
    onward = {(link.old, link.variant): link for link in alignments[via].links}
    composed = []
    for link in first.links:
        step = onward.get((link.new, 0)) if link.new is not None else None
        if step is None or step.new is None:
            composed.append(Link(link.old, None, 0.0, "", variant=link.variant))
        else:
            composed.append(Link(link.old, step.new, step.score, step.evidence, step.moved, link.variant))
    return composed


def place(groups: dict[Group, list[tuple[TextKey, RuleText]]], reference: Group) -> dict[Group, list[str]]:
    """For each undated group, the English editions its numbering and wording fit."""
    english = sorted((edition for lang, edition in groups if lang == "en" and edition), reverse=True)
    placements: dict[Group, list[str]] = {}
    for group, members in groups.items():
        lang, edition = group
        if edition is not None or group == reference or not english:
            continue
        texts = [text for _, text in members]
        numbers = {text.number for text in texts}
        candidates = {e: [t for _, t in groups[("en", e)]] for e in english[:PLACEMENT_WINDOW]
                      if numbers <= {t.number for _, t in groups[("en", e)]}}
        fits = place_undated(texts, lang, candidates) if candidates else []
        placements[group] = best_editions(fits)
    return placements
