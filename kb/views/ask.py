"""``kb ask QUESTION``: the rules that answer a question, quoted, offline.

Extractive: nothing is written that the rules do not say.  The question goes
through the one box and the engine (:class:`kb.views.search.Session`); of the
rules ranked first (glossary entries are definitions, not answers), the answer
keeps one to three, each with the sentences that hold most of the question's
terms highlighted (:mod:`kb.core.sentences`), in the question's language when the
KB has that text and with the same rule in the other languages beside it, then
the rules those rules cite.  Above them, the card the question names (as ``kb search``
shows it) and the first of the search's glossary entries that it names ("what is
trample": Trample).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from indexers import engine, snippets
from indexers.index import is_heading
from kb.core.lang import languages_label
from kb.core.rulenum import RuleNumber
from kb.core.sentences import Span, named_by, split
from kb.core.text import Hint, echoed
from kb.store import rules as store
from kb.views.search import (
    BY_CHARACTER_NOTE,
    SEMANTIC_NOTE,
    Result,
    SearchAnswer,
    Session,
    Shown,
    corrections_unsaid,
    in_rules_words,
    numbers_read,
    read_as,
    read_into,
    render_card,
    result_lines,
    said_line,
    set_aside_line,
    shown_text,
    unheard_said,
)

#: Rules the engine ranked first that the answer looks at.
CANDIDATES = 5
#: Rules quoted at most.
MAX_RULES = 3
#: Rules quoted at most when the question names them ("601.2a-h", "702.19b, 702.19c"): every
#: one named, as ``kb search`` shows them, up to a range of every letter.
MAX_NAMED = 26
#: A further rule is quoted only if its best sentence holds at least this share of
#: the terms the first rule's best sentence holds (fewer: it is related, not an answer).
KEEP_SHARE = 0.8

#: Reorder the candidates by the terms their best sentence holds (the engine's rank
#: breaking ties).  Measured by ``benchmarks/bench_ask.py KB benchmarks/questions.tsv``
#: (KB: seeds, EN + ZH 2026-04-17, ten card sets; the engine of branch engine, 1 Dec):
#: a@1 engine order -> reranked: en 0.43 -> 0.45 (224 questions), it 0.10 -> 0.11 (88),
#: zh-Hans 0.40 -> 0.44 (126); a@3 0.67 -> 0.66, 0.18 -> 0.18, 0.67 -> 0.68.  With session 4's
#: engine (same command, KB of bench_quality's questions): a@1 en 0.54 -> 0.54, it 0.20 -> 0.22,
#: zh-Hans 0.60 -> 0.60; a@3 0.71 -> 0.69, 0.27 -> 0.27, 0.77 -> 0.74: about even, and kept, as
#: it quotes 903.10a for "指挥官伤害" where the engine ranks 903.8 first.  (Shortest answering
#: sentence first among equals, measured too: a@1 en 0.40, it 0.12, zh-Hans 0.36.)  Session 8: the
#: rerank lost on our held-out questions (``bench_ask.py KB benchmarks/questions_heldout.tsv``, looked
#: at for this one choice; the simpler order won on both sets' sum):
#: a@1 / a@3 with SOURCE_FIRST, rerank on -> off: en 0.46/0.60 -> 0.54/0.72, zh-Hans 0.44/0.56 ->
#: 0.48/0.56, it 0.53/0.62 -> 0.50/0.65; our set: en 0.58/0.72 -> 0.57/0.74, zh-Hans 0.59/0.74 ->
#: 0.60/0.77, it 0.42/0.58 -> 0.40/0.59.  The acceptance questions quote 903.10a and 704.5c either way.
RERANK = False
#: Among the rules whose best sentences hold as many of the question's terms as the first one's,
#: the one the others cite (itself or a rule above it: 122.1f and 104.3d say "See rule 704") is
#: quoted first: it is where the rules state what the others repeat.  Measured (bench_ask.py, KB of
#: bench_quality's questions, a@1 / a@3, rerank -> rerank + source first): en 0.54/0.71 -> 0.57/0.71,
#: zh-Hans 0.60/0.74 -> 0.59/0.74, it 0.23/0.34 -> 0.22/0.34.  The poison question now quotes 704.5c.
#: Off since session 33: the engine ranks 704.5c first for the poison question itself
#: (``indexers.engine.STATE_BASED``), and its order won on the four question sets (bench_ask.py on
#: bench_quality's questions KB, a@1 source first -> the engine's order; a@3 within a question):
#: by words ours en 0.62 -> 0.62, it 0.55 -> 0.51, zh-Hans 0.67 -> 0.70; held-out en 0.65 -> 0.68,
#: it 0.57 -> 0.57, zh-Hans 0.56 -> 0.53; the tester's en 0.56 -> 0.56, it 0.50 -> 0.55, zh-Hans 0.37
#: -> 0.39; with the model ours en 0.70 -> 0.69, it 0.61 -> 0.60, zh-Hans 0.70 -> 0.71; held-out en
#: 0.67 -> 0.71, it 0.64 -> 0.62, zh-Hans 0.56 -> 0.55; the tester's en 0.57 -> 0.67, it 0.59 ->
#: 0.55, zh-Hans 0.45 -> 0.47: about four questions more by words and six with the model, and `kb ask`
#: quotes first the rule `kb search` ranks first (a leftover since session 27).
SOURCE_FIRST = False

#: The glossary entry quoted above the rules: the first of the search's entries (up to three, best
#: first) that the question names (holds every word of one of its headwords:
#: :func:`indexers.engine.names`).  Measured by ``benchmarks/bench_ask.py KB [QUESTIONS]`` (KB:
#: bench_quality's questions KB; entries quoted, the share citing a rule the question expects or one
#: above or under it, questions with one such), the best entry always -> the best only when named
#: (session 16) -> the first named (session 17): our questions en 224, 0.70, 156 -> 197, 0.74, 146 ->
#: 220, 0.73, 160; it 88, 0.61, 54 -> 73, 0.67, 49 -> 87, 0.64, 56; zh-Hans 125, 0.78, 98 -> 100,
#: 0.86, 86 -> 121, 0.83, 100; held-out en 50, 0.48, 24 -> 37, 0.62, 23 -> 49, 0.59, 29; it 39, 0.54,
#: 21 -> 32, 0.56, 18 -> 37, 0.54, 20; zh-Hans 25, 0.60, 15 -> 16, 0.81, 13 -> 24, 0.71, 17.  The best
#: entry is often one the question does not name ("Rad Counter" for "undying comes back with a
#: +1/+1 counter"), with the one it asks about second or third ("Undying").  Session 32: the search's
#: first definition beside its results, which now shows only entries the query names (half the
#: headword's words at least, :data:`indexers.engine.FIRST_SHARE`), so that ask and search show
#: the same ("summoning sickness" quoted Summon, named whole, where search shows Summoning Sickness
#: Rule); bench_ask.py with the model, the first named whole -> the first shown: ours en 220, 0.76,
#: 167 -> 221, 0.77, 171; it 87, 0.69, 60 (the same); zh-Hans 121, 0.86, 104 -> 122, 0.84, 102;
#: held-out en 108, 0.70, 76 -> 109, 0.70, 76; it 67, 0.67, 45 (the same); zh-Hans 53, 0.64, 34 ->
#: 54, 0.65, 35.
DEFINITION = True

_BOLD, _RESET = "\x1b[1;33m", "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Quote:
    """One text of an answering rule, with the sentences that answer highlighted."""

    shown: Shown
    sentences: tuple[Span, ...]     # the answering sentences (character offsets of the text)

    def to_json(self) -> dict[str, object]:
        return {**self.shown.to_json(), "sentences": [list(s) for s in self.sentences],
                "quote": " ".join(self.shown.text[a:b] for a, b in self.sentences)}


@dataclass(frozen=True, slots=True)
class Answer:
    rule: str
    kind: str
    rank: int                       # the engine's rank of the rule (0: named by the question)
    matched: int                    # query terms in the best sentence
    main: Quote                     # in the question's language when held
    aligned: tuple[Shown, ...]      # the same rule in the other languages shown
    cites: tuple[store.Link, ...]

    def to_json(self) -> dict[str, object]:
        return {"rule": self.rule, "kind": self.kind, "engine_rank": self.rank, "matched_terms": self.matched,
                "text": self.main.to_json(), "aligned": [t.to_json() for t in self.aligned],
                "cites": [link.to_json() for link in self.cites]}


@dataclass(frozen=True)
class AskAnswer:
    question: str
    search: SearchAnswer
    answers: list[Answer]
    definitions: list[Result]       # the glossary entry the question names (see DEFINITION)
    #: why no rule answers (exit 1, as `kb search` finding nothing: the answer is still given whole,
    #: its header and JSON, where an error object said only this); None when some rule does
    missing: str | None = None
    elsewhere: Hint | None = None   # what the languages asked hold, and the question in all of them

    @property
    def named(self) -> int:
        """How many rules the question names that the KB holds (0: it names none), of which
        the first :data:`MAX_NAMED` are quoted."""
        search = self.search
        return len(search.box.numbers) if search.box.kind == "rules" else len(search.rules_named)

    def to_json(self) -> dict[str, object]:
        search = self.search.to_json()
        cited = _cited(self.answers)
        return {"question": self.question, "query_lang": search["query_lang"], "detected": search["detected"],
                "read_as_default": search["read_as_default"], "languages": search["languages"],
                "box": search["box"], "showing": search["showing"], "numbers": search["numbers"],
                "translations": search["translations"],
                "dropped_translations": search["dropped_translations"], "corrections": search["corrections"],
                "unheard": search["unheard"], "suggestions": search["suggestions"],
                "card_span": search["card_span"], "numbering": search["numbering"],
                "semantic": search["semantic"], "by_character": search["by_character"],
                "definitions": [d.to_json() for d in self.definitions],
                "answers": [a.to_json() for a in self.answers], "named": self.named,
                "cited": [link.to_json() for link in cited],
                "cards": search["cards"], "elsewhere": self.elsewhere.to_json() if self.elsewhere else None}

    def render(self, color: bool = False) -> str:
        marks = (_BOLD, _RESET) if color else ("**", "**")
        plan = self.search.plan
        lines = [said_line(self.question, self.search) + unheard_said(plan) + in_rules_words(plan) + read_into(plan)
                 + numbers_read(plan)]
        if corrections_unsaid(self.search):
            lines.append(read_as(plan))
        if (aside := set_aside_line(self.search)) is not None:
            lines.append(aside)
        if self.search.box.missing:  # "702.19b, 702.999": what was named and is not there
            lines.append(f"not in the KB: {', '.join(self.search.box.missing)}")
        if self.search.box.backwards is not None:  # "702.19c-a", said as `kb show` says it
            lines.append(self.search.box.backwards)
        # "regola 729.2": the Italian text numbered 729.2 is rule 730.2, as `kb search` says it
        lines += map(str, self.search.numbering)
        if plan.by_character:  # read from the characters of words no text holds ("连瀑"), as kb search says
            lines.append(BY_CHARACTER_NOTE)
        if self.search.outcome is not None and self.search.outcome.semantic:
            lines.append(SEMANTIC_NOTE)
        for card in self.search.box.cards:  # a card the question names, as kb search shows it
            lines += ["", *render_card(card)]
        width = max(len(lang) for lang in plan.langs)
        for entry in self.definitions:
            lines += ["", *result_lines(entry, width, marks, self.search.outcome)]
        if self.named > len(self.answers) >= MAX_NAMED:  # "100.1-999.9": cut, and said, as kb search cuts
            lines.append(f"(the first {len(self.answers)} of the {self.named:,} rules named)")
        for n, answer in enumerate(self.answers, 1):
            lines += ["", heading(n, answer)]
            main = answer.main.shown
            lines.append("   " + _marked(main.text, answer.main.sentences, marks).replace("\n", "\n   "))
            for other in answer.aligned:
                named = f" · {other.heading}" if other.heading else ""
                lines.append(f"   {other.lang} {other.number}{named}: " + other.text.replace("\n", "\n      "))
        if self.elsewhere is not None:  # as `kb search` says it
            lines += ["", f"({self.elsewhere})"]
        cited = _cited(self.answers)
        if cited:
            lines += ["", "these rules cite:"]
            lines += [f"   {link.number}  {link.label}" if link.number else f"   (missing: {link.missing})"
                      for link in cited]
        return "\n".join(lines)


def heading(n: int, answer: Answer) -> str:
    """An answer's first line: the rule's identity and kind as ``kb search`` heads a result, then
    the quoted text labelled with its own number, which is not the identity's in a translation
    numbered otherwise (the Italian seed's 729.2f is rule 730.2f)."""
    main = answer.main.shown
    named = f" · {main.heading}" if main.heading else ""
    return f"{n}. {answer.rule} ({answer.kind}) · {main.lang} {main.number}{named} · {main.edition or 'undated'}"


def _cited(answers: list[Answer]) -> list[store.Link]:
    quoted = {a.rule for a in answers}
    seen: set[str] = set()
    found = []
    for answer in answers:
        for link in answer.cites:
            key = str(link.number) if link.number else f"missing:{link.missing}"
            if key not in seen and key not in quoted:
                seen.add(key)
                found.append(link)
    return found


def _marked(text: str, spans: tuple[Span, ...], marks: tuple[str, str]) -> str:
    """``text`` with each span between the marks; spans that touch (Chinese sentences, with no
    space between them) are marked as one: "**A。****B。**" read as an empty mark."""
    joined: list[list[int]] = []
    for a, b in spans:
        if joined and text[joined[-1][1]:a].strip() == "":
            joined[-1][1] = b
        else:
            joined.append([a, b])
    out, pos = [], 0
    for a, b in joined:
        out += [text[pos:a], marks[0], text[a:b], marks[1]]
        pos = b
    return "".join(out) + text[pos:]


# -- answering ----------------------------------------------------------------------


def ask(session: Session, question: str, langs: list[str] | None = None, query_lang: str | None = None) -> AskAnswer:
    """The one to three rules that answer ``question``, quoted (see the module docstring);
    a question naming rules gets each rule it names."""
    found = session.search(question, langs, query_lang, limit=CANDIDATES)
    named = found.box.kind == "rules" or bool(found.rules_named)  # "what do 608.3a and b say" too
    candidates = [r for r in found.results if r.kind != "glossary"]
    if found.rules_named:  # the rules the question names, not the engine's ranking of its other words
        candidates = [r for r in candidates if r.lead and r.identity in found.rules_named]
    if not named:  # a rule named is quoted as written, a heading too
        candidates = _bodied(session, found.plan, candidates)
    if not candidates and found.card_rules:  # the card, whose rulings link to no rule: it is the answer
        return AskAnswer(question, found, [], [])
    if not candidates:
        shown = f" in {languages_label(found.plan.langs)}" if langs else ""
        why = ": only glossary entries match" if found.results else ""
        # what the languages asked hold and the question in all of them, as `kb search` says it
        hint = Hint(found.elsewhere.said, ("ask", question)) if found.elsewhere and not why else None
        # "only glossary entries match": those entries shown, as the answer's definition
        return AskAnswer(question, found, [], _definition(found) if why else [],
                         f"no rule answers {echoed(question)!r}{shown}{why}", hint)
    scored = [a for result in candidates if (a := _answer(session, found, result)) is not None]
    if RERANK:
        scored.sort(key=lambda a: -a.matched)  # stable: the engine's order among equals
    if SOURCE_FIRST:
        scored = _source_first(scored)
    if not scored:
        return AskAnswer(question, found, [], [], f"no rule answers {echoed(question)!r}")
    if found.box.kind == "rules":  # the rules named are the answer, in the order written
        return AskAnswer(question, found, scored[:MAX_NAMED], [])
    if named:  # named inside a question: the same, with the glossary entry it names, if any
        return AskAnswer(question, found, scored[:MAX_NAMED], _definition(found))
    if found.card_rules:  # a card and nothing more asked: the rules its rulings link to most, in that order
        return AskAnswer(question, found, scored[:MAX_RULES], [])
    best = scored[0].matched
    kept = [scored[0]] + [a for a in scored[1:] if a.matched >= KEEP_SHARE * best and a.matched > 0]
    # answered from fragments only (`--lang it`: the Italian seed's 17 rules), as `kb search` says it
    partial = Hint(found.elsewhere.said, ("ask", question)) if found.elsewhere else None
    # two keywords named or more: one named alone keeps a rule of its own in the search's first five (ONE_NAMED),
    # not among the rules quoted, which answer what is asked of it
    named_keywords = found.plan.keywords if len(found.plan.keywords) > 1 else ()
    kept = each_keyword(kept[:MAX_RULES], scored, named_keywords)
    return AskAnswer(question, found, kept, _definition(found), elsewhere=partial)


def each_keyword(kept: list[Answer], scored: list[Answer], sections: Sequence[str]) -> list[Answer]:
    """A rule of each keyword the question names among those quoted ("first strike deathtouch": 702.7c,
    702.7b and 702.2c, not three rules of first strike), as the search has one of each in its first
    five (:data:`indexers.engine.EACH_NAMED`): the best of a keyword missing takes the place of the last
    rule of a keyword quoted twice, or is added when fewer than :data:`MAX_RULES` are quoted."""
    def keyword(answer: Answer) -> str | None:
        return next((section for section in sections if engine.is_under(answer.rule, section)), None)

    out = list(kept)
    for section in sections:
        best = next((a for a in scored if keyword(a) == section), None)
        if best is None or any(keyword(a) == section for a in out):
            continue
        quoted = [keyword(a) for a in out]
        twice = [i for i, k in enumerate(quoted) if k is not None and quoted.count(k) > 1]
        if len(out) < MAX_RULES:
            out.append(best)
        elif twice:
            out[twice[-1]] = best
    return out


def _bodied(session: Session, plan: engine.Plan, candidates: list[Result]) -> list[Result]:
    """``candidates`` with each heading (a title only: "701.2 Activate", which a card's rulings
    link to, or chapter 602, where a misspelled name leads) in the place of the first rule under
    it with a body (701.2a, 602.1), once: a title answers nothing, and the search ranks a heading
    only when its number is asked (:func:`indexers.index.is_heading`)."""
    out: dict[str | None, Result] = {}
    for res in candidates:
        main = next((t for t in res.texts if t.lang == plan.lang), res.texts[0] if res.texts else None)
        below = _first_answer(session, main) if main is not None else None
        if below is not None and (named := session.named([below], plan, dict(session.box.editions))):
            res = replace(named[0], rank=res.rank)
        out.setdefault(res.identity, res)
    return list(out.values())


def _first_answer(session: Session, shown: Shown) -> str | None:
    """The identity of the first rule with a body under ``shown`` when it is a heading, else None."""
    own = RuleNumber.try_parse(shown.number)
    if own is None:
        return None
    rules = store.outline(session.conn, shown.lang, shown.edition, own, min(3, own.depth + 2))
    if not rules or rules[0].number != own or not is_heading(rules[0].title, rules[0].body, own.depth):
        return None
    return next((r.rule for r in rules[1:] if not is_heading(r.title, r.body, r.number.depth)), None)


def _definition(found: SearchAnswer) -> list[Result]:
    """The search's first definition beside its results, as `kb search` shows it
    (:data:`DEFINITION`, :func:`indexers.engine.beside`), and the entry it only points to
    (:func:`kb.views.search.pointed_to`)."""
    if not DEFINITION:
        return []
    first = next((d for d in found.definitions if not d.lead), None)
    return [first, *(d for d in found.definitions if d.lead and d.rank == first.rank)] if first is not None else []


def _source_first(scored: list[Answer]) -> list[Answer]:
    """``scored`` with the first of the leading equals that another of them cites moved
    first (see :data:`SOURCE_FIRST`); a rule the question names keeps its place."""
    if len(scored) < 2 or scored[0].rank == 0:
        return scored
    equals = [a for a in scored if a.matched == scored[0].matched]
    for answer in equals:
        number = RuleNumber.try_parse(answer.main.shown.number)
        if number is not None and any(_cites(other, number) for other in equals if other is not answer):
            return [answer, *(a for a in scored if a is not answer)]
    return scored


def _cites(answer: Answer, number: RuleNumber) -> bool:
    return any(link.number is not None and (link.number == number or link.number.is_ancestor_of(number))
               for link in answer.cites)


def _answer(session: Session, found: SearchAnswer, result: Result) -> Answer | None:
    plan = found.plan
    texts = list(result.texts)
    main = next((t for t in texts if t.lang == plan.lang), texts[0] if texts else None)
    if main is None:
        return None
    sentences, matched = answering_sentences(main, plan)
    if main.lang != plan.lang:  # the question's language not shown (`--lang zh-Hans` of an English question):
        # its words are counted in the rule's text of that language, as when it is shown (one answer was kept of three)
        edition = dict(session.box.editions).get(plan.lang)
        own = store.identity_text(session.conn, result.identity or "", plan.lang, edition)
        if own is not None:
            matched = answering_sentences(shown_text(own), plan)[1]
    stored = store.identity_text(session.conn, result.identity or "", main.lang, main.edition)
    cites = tuple(store.outgoing(session.conn, [stored.id])[stored.id]) if stored is not None else ()
    rank = 0 if result.lead else result.rank
    return Answer(result.identity or "", result.kind, rank, matched, Quote(main, sentences),
                  tuple(t for t in texts if t is not main), cites)


def answering_sentences(shown: Shown, plan) -> tuple[tuple[Span, ...], int]:  # type: ignore[no-untyped-def]
    """The sentences of ``shown`` holding most distinct query terms (all of them when
    none does: a heading, a one-sentence rule), and how many terms that is."""
    spans = split(shown.text)
    if not spans:
        return (), 0
    units = plan.units_for(shown.lang)
    terms = [(unit, snippets.spans(shown.text, shown.lang, [unit], words=plan.words)) for unit in units]
    counts = []
    for a, b in spans:
        counts.append(sum(1 for _, hits in terms if any(a <= s and e <= b for s, e in hits)))
    best = max(counts)
    if best == 0:
        return (spans[0],), 0
    chosen = [k for k, count in enumerate(counts) if count == best]
    # "This is called the “legend rule.”" is chosen for "legend rule": the sentences it names answer
    chosen += [named for k in chosen for named in named_by(shown.text, spans, k)]
    return tuple(spans[k] for k in sorted(set(chosen))), best


def answer_for(home: Path, question: str, langs: list[str] | None = None,
               query_lang: str | None = None) -> AskAnswer:
    """``kb ask`` as a function (the web's /ask page)."""
    with Session(home) as session:
        return ask(session, question, langs, query_lang)
