"""What the KB answers to each question, as data: one function per view, shared by the
CLI and the web.

``kb show 730.2 --json`` prints ``show(...).to_json()``; the web page ``/rules/730.2``
renders the same dictionary and ``/rules/730.2.json`` returns it, so the three can
never disagree.  The views of ``kb card``, ``kb glossary``, ``kb search``, ``kb diff``
and ``kb history`` live beside their text renderers (:mod:`kb.views.card` and so on);
this module holds the rule views (show, refs, editions) and what every view shares:
the parsing of user input and the JSON form of errors.
"""

from __future__ import annotations

import sqlite3
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from kb.align.diff import word_diff
from kb.core import address as addresses
from kb.core.dates import iso_problem, parse_iso
from kb.core.errors import KbError, NotFound
from kb.core.lang import example_label, language_label, normalize_tag
from kb.core.rulenum import RuleNumber, RuleNumberError
from kb.core.text import Hint, echoed
from kb.store import cards as card_store
from kb.store import rules as store
from kb.views.shared import held_instead, holds, joined, missing_rule, nearest_held, no_rule_message, not_held_message

# -- input ----------------------------------------------------------


def rule_number(text: str) -> RuleNumber:
    """A rule number typed by a user; bad input is a :class:`KbError` with examples."""
    try:
        return RuleNumber.parse(text)
    except RuleNumberError as err:
        raise KbError(f"{err} (examples: 7, 730, 730.2, 730.2a)") from err


def iso_date(text: str) -> str:
    date = parse_iso(text)
    if date is None:
        raise KbError(iso_problem(text))
    return date.isoformat()


def lang_tags(langs: list[str] | None) -> list[str] | None:
    """Language options as BCP 47 tags (``zh`` -> ``zh-Hans``); None when none were given."""
    return [normalize_tag(lang) for lang in langs] if langs else None


# -- kb show --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """One language's text of a rule: its own number and edition, the rule with
    everything under it, what each text cites and how often it is cited."""

    lang: str
    edition: str | None
    rules: list[store.StoredRule]
    out: dict[int, list[store.Link]]
    cited: dict[int, int]
    context: dict[str, object]

    def to_json(self) -> dict[str, object]:
        return {"lang": self.lang, "edition": self.edition, "number": str(self.rules[0].number), **self.context,
                "rules": [rule_json(r, self.out[r.id], self.cited[r.id]) for r in self.rules]}


@dataclass(frozen=True)
class ShowView:
    number: RuleNumber
    blocks: list[Block]
    missing: list[str]           # languages asked for that have no text of the rule
    asked: bool                  # languages were given (else: every language held)
    linked: dict[str, int]       # how many card rulings and pages link to the rule
    not_held: tuple[str, ...] = ()  # languages asked for that the KB holds no text in
    held: tuple[str, ...] = ()
    navigation: dict[str, str | None] | None = None  # parent, previous and next rule
    otherwise: dict[str, str] = field(default_factory=dict)  # a missing language's own text of the number
    #: a language held in dated editions, none of them in force on the date asked (said even when
    #: no language was asked: `--edition 2025-12-01` showed English alone, saying nothing of Chinese)
    not_in_force: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"number": str(self.number), "kind": self.number.kind,
                                   "missing": self.missing if self.asked else [], "linked_from": self.linked,
                                   "navigation": self.navigation,
                                   "languages": [block.to_json() for block in self.blocks],
                                   "notices": self.notices()}
        if self.not_held:
            data["not_held"] = list(self.not_held)
        return data

    def notices(self) -> list[str]:
        """Why a language asked for shows no text, in the words the command line and the rule
        page both say (the page said "No text of rule 730.2 in fr." where the command line said
        the KB holds no French texts)."""
        if not self.asked:
            return list(self.not_in_force)
        return [*(f"no text of rule {self.number} in {language_label(lang)}{self.otherwise.get(lang, '')}"
                  for lang in self.missing if lang not in self.not_held),
                *(not_held_message(lang, self.held) for lang in self.not_held), *self.not_in_force]

    def render(self, notices: bool = True) -> str:
        """The texts, then why a language asked shows none (``notices``: else said by the caller,
        once for a range)."""
        from kb.views import card as card_cli  # the card views, only when a rule is shown

        shown = [render_family(b.lang, b.edition, b.rules, b.out, b.cited, b.context) for b in self.blocks]
        shown += self.notices() if notices else []
        if self.linked["rulings"] or self.linked["pages"]:
            shown.append(card_cli.counts_line(self.number, self.linked))
        return "\n\n".join(shown)


def render_family(lang: str, edition: str | None, rules: list[store.StoredRule],
                  out: dict[int, list[store.Link]], cited: dict[int, int], context: dict[str, Any]) -> str:
    """A rule and its descendants, indented by depth, examples and notes under each."""
    head = rules[0]
    example = example_label(lang)
    where = f"edition {edition}" if edition else "undated"
    if matches := context.get("matches"):
        where += f"; matches en {matches[0]}" + (f" to {matches[-1]}" if len(matches) > 1 else "")
    under = context.get("held_under")
    if under:  # the language has no text of the rule asked, only texts under it (`kb toc` lists the same)
        lines = [f"{lang} {under} ({where}) · {head.source}",
                 f"  no {language_label(lang)} text of {under} itself: what it holds under it"]
        if head.rule != str(head.number):
            lines.append(f"  numbered otherwise: its {head.number} is rule {head.rule} of the newest English edition")
    else:
        lines = [f"{lang} {head.number} ({where}) · {head.source}"]
        if "@" in head.rule:
            lines.append("  (no counterpart in the newest English edition)")
        elif head.rule != str(head.number):
            lines.append(f"  = rule {head.rule} of the newest English edition")
    if since := context.get("english_changed_since"):
        lines.append(f"  ! the English text changed after {since}: this translation may be out of date")
    top = RuleNumber.parse(str(under)).depth if under else head.number.depth
    for rule in rules:
        indent = "  " * max(0, rule.number.depth - top)
        if rule.title and rule.body:
            lines.append(f"{indent}{rule.title}")
        text = rule.body or rule.title or ""
        label = f"{rule.number}" + (" (duplicate)" if rule.variant else "")
        lines.append(f"{indent}{label} {text}".replace("\n", f"\n{indent}    "))
        lines += [f"{indent}    {example} {text}" for text in rule.examples]
        lines += [f"{indent}    [translator's note] {note}" for note in rule.notes]
        targets = list(dict.fromkeys(str(link.number) if link.number else f"{link.missing} (not in the KB)"
                                     for link in out[rule.id]))
        if targets or cited[rule.id]:
            lines.append(f"{indent}    → cites {', '.join(targets) or 'nothing'} · cited by {cited[rule.id]}")
    return "\n".join(lines)


def show(conn: sqlite3.Connection, number: RuleNumber, langs: list[str] | None, on: str | None) -> ShowView:
    """The rule whose identity is ``number`` in each language (default: every one
    held), each under its own number, in the edition in force ``on`` (default: newest).
    A language the KB holds no text in is named with the languages it holds."""
    held = store.languages(conn)
    if on is not None:
        check_in_force(conn, on, number)
    wanted = langs or held
    not_held = tuple(lang for lang in wanted if lang not in held)
    if not_held and len(not_held) == len(wanted):
        raise NotFound(not_held_message(not_held[0], held))
    blocks, missing = [], []
    for lang in wanted:
        try:
            edition, own = store.locate(conn, number, lang, on)
        except NotFound:
            if (under := held_under(conn, number, lang, on)) is not None:
                blocks.append(under)
            else:
                missing.append(lang)
            continue
        rules = store.family(conn, own, lang, edition)
        blocks.append(Block(lang, edition, rules, store.outgoing(conn, [r.id for r in rules]),
                            store.incoming_counts(conn, rules), _context(conn, rules[0])))
    # what a missing language numbers so, when that is another rule ("the Italian text numbered 729.2 is rule 730.2")
    hints = {lang: hint for lang in missing if (hint := store.numbered_otherwise(conn, number, lang))}
    otherwise = {lang: f" ({hint})" for lang, hint in hints.items()}
    if not blocks:
        instead = "" if otherwise else held_instead(conn, [str(number)], langs or (), on)
        if not otherwise and not instead:
            raise missing_rule(conn, [str(number)], langs or (), on)
        raise NotFound(no_rule_message([str(number)], langs or (), on, instead) + "".join(otherwise.values()),
                       hint=next(iter(hints.values()), None) if len(hints) == 1 else None)
    # a text found by its own number steps through the rules by its identity (the Italian 729.2d is
    # rule 730.2d: its neighbours are 730.2c and 730.2e, not the English 729.2c of subgames)
    found = {block.rules[0].rule for block in blocks if not block.context.get("held_under")}
    one = len(found) == 1 and "@" not in next(iter(found))
    identity = RuleNumber.parse(found.pop()) if one else number
    return ShowView(number, blocks, missing, bool(langs), card_store.link_counts(conn, identity), not_held,
                    tuple(held), reading_order(conn, identity), otherwise, not_in_force(conn, missing, on))


def not_in_force(conn: sqlite3.Connection, langs: Sequence[str], on: str | None) -> tuple[str, ...]:
    """What to say of each of ``langs`` held in dated editions that took effect only after ``on``."""
    said = []
    for lang in langs if on else ():
        dated = store.dated_editions(conn, lang)
        if dated and on is not None and on < dated[0]:
            said.append(f"no {language_label(lang)} edition held was in force on {on}: the oldest held took effect"
                        f" on {dated[0]}")
    return tuple(said)


def held_under(conn: sqlite3.Connection, number: RuleNumber, lang: str, on: str | None) -> Block | None:
    """What ``lang`` holds under a chapter or rule it has no text of (the Italian seed has no 730,
    only its 729.2 and 729.3, rules 730.2 and 730.3): shown as `kb show 730` shows the English
    chapter, with everything under it, and as `kb toc 730 --lang it` lists them (`kb show 730
    --lang it` was a 404 naming 730.2 and 730.3 as held).  None: it holds nothing under it."""
    if number.depth == 0 or number.depth >= 3:  # a section's page is its contents; a subrule holds nothing
        return None
    try:
        edition = store.edition_on(conn, lang, on) if on else store.newest_of(conn, lang)
    except NotFound:
        return None
    rules = store.held_under(conn, number, lang, edition, 3)
    if not rules:
        return None
    return Block(lang, edition, rules, store.outgoing(conn, [r.id for r in rules]), store.incoming_counts(conn, rules),
                 {**_context(conn, rules[0]), "held_under": str(number)})


def navigation(conn: sqlite3.Connection, number: RuleNumber) -> dict[str, str | None]:
    """The parent of a number and the numbers before and after it at its depth (chapter 702
    is followed by 703, section 7 by 8), by identity: how a table of contents steps."""
    same = store.identity_numbers(conn, number.depth)
    before, after = bisect_left(same, number), bisect_right(same, number)
    return {"parent": str(number.parent) if number.parent else None,
            "previous": str(same[before - 1]) if before > 0 else None,
            "next": str(same[after]) if after < len(same) else None}


def reading_order(conn: sqlite3.Connection, number: RuleNumber) -> dict[str, str | None]:
    """The parent of a rule and the rules before and after it as a reader reads them, chapters,
    rules and subrules alike (601.2i, 601.3, 601.3a, …, 601.3e, 601.4), by identity: stepping at
    one depth went from 601.2i to 601.3a and from 601.3 to 601.4, and never showed 601.3 itself.
    A section steps to the sections around it (its page is its contents)."""
    if number.depth == 0:
        return navigation(conn, number)
    before: list[RuleNumber] = []
    after: list[RuleNumber] = []
    for depth in (1, 2, 3):
        same = store.identity_numbers(conn, depth)
        at, past = bisect_left(same, number), bisect_right(same, number)
        before += same[at - 1:at] if at > 0 else []
        after += same[past:past + 1]
    return {"parent": str(number.parent) if number.parent else None,
            "previous": str(max(before)) if before else None,
            "next": str(min(after)) if after else None}


def held_edition(conn: sqlite3.Connection, lang: str, edition: str | None) -> None:
    """Refuse an edition of ``lang`` the KB does not hold (``702.124k@en/2024-01-01``), naming those it holds."""
    held = [row["edition"] for row in store.editions(conn) if row["lang"] == lang]
    if edition not in held:
        listing = joined([e or "undated" for e in held])
        raise NotFound(f"the KB holds no {language_label(lang)} edition {edition or 'undated'}"
                       f" (it holds {listing})")


def text_at(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None) -> store.StoredRule:
    """The text numbered ``number`` in one language and edition (what ``702.124k@en/2025-11-14``
    names: Friends forever, whose number 2026-04-17 gave to another rule)."""
    rules = store.family(conn, number, lang, edition)
    if not rules or rules[0].number != number:
        raise NotFound(f"no {language_label(lang)} text is numbered {number} in "
                       + (f"edition {edition}" if edition else "the undated texts"))
    return rules[0]


def held_lang(conn: sqlite3.Connection, tag: str) -> str:
    """One language option, checked against what the KB holds."""
    lang = normalize_tag(tag)
    held = store.languages(conn)
    if lang not in held:
        raise NotFound(not_held_message(lang, held))
    return lang


def not_in_language(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None, command: str,
                    on: str | None = None) -> NotFound:
    """Why ``lang`` (its ``edition``) gives no rule ``number``, and what to do (the error to raise): what it numbers
    so if that is another rule (as `kb show` says it: then the rule other languages number so is
    another, and `kb toc 729 --lang it` named the English 729), else what it does hold and the
    languages holding the rule, with the ``kb COMMAND`` showing it there ("730 is not in it
    undated" said neither: the Italian seed holds two rules)."""
    held = f"{number} is not in the {language_label(lang)} text held"
    dated = f"edition {edition}" if edition else "undated"
    if otherwise := store.numbered_otherwise(conn, number, lang, command):
        return NotFound(f"{held} ({dated}; {otherwise})", hint=otherwise)
    others = [(other, held_in) for other, held_in in store.holders(conn, str(number), on) if other != lang]
    if not others:  # the number is nowhere: what this language holds is beside the point
        return NotFound(f"{held} ({dated}), nor in any other text held" + (f" in force on {on}" if on else ""))
    said = f"{held} ({holds(conn, lang, edition)})"
    where = joined([f"{other} {held_in or 'undated'}" for other, held_in in others])
    shown = next((other for other, _ in others if other == "en"), others[0][0])
    again = Hint(f"{said}; {where} hold{'s' * (len(others) == 1)} it",
                 (command, str(number), "--lang", shown, *(("--edition", on) if on else ())))
    return NotFound(str(again), hint=again)


def check_in_force(conn: sqlite3.Connection, on: str, number: RuleNumber) -> None:
    """A date no English edition held was in force on is said to be so, rather than
    answered with an undated text as if it were in force then."""
    dated = store.dated_editions(conn, "en")
    if not dated:
        raise NotFound(f"rule {number}: the KB holds no dated English edition, so no text is known to be in force"
                       f" on {on} (without a date, the undated texts are shown)")
    if on < dated[0]:
        raise NotFound(f"rule {number}: no English edition held was in force on {on}: the oldest held took effect"
                       f" on {dated[0]}")


def _context(conn: sqlite3.Connection, head: store.StoredRule) -> dict[str, object]:
    """Where a text stands against the newest English text of the same rule: the
    English editions an undated text matches, and whether English changed since."""
    matches = store.matches_of(conn, head.doc_id) if head.edition is None else []
    context: dict[str, object] = {"matches": matches, "english_changed_since": None}
    basis = head.edition or (max(matches) if matches else None)
    newest = store.newest_edition(conn, head.rule, "en")
    if head.lang == "en" or basis is None or newest is None or basis >= newest:
        return context
    then, now = (store.identity_text(conn, head.rule, "en", e) for e in (basis, newest))
    if then is not None and now is not None and _wording(then) != _wording(now):
        context["english_changed_since"] = basis
    return context


def _wording(rule: store.StoredRule) -> str:
    from kb.core.text import comparable  # the aligners' typography folding

    return comparable(" ".join([rule.body, *rule.examples]))


def rule_json(rule: store.StoredRule, out: list[store.Link], cited_by: int) -> dict[str, object]:
    """A rule text with its references resolved to explicit sets of numbers."""
    phrases: dict[str, dict[str, Any]] = {}
    for link in out:
        entry = phrases.setdefault(link.phrase, {"phrase": link.phrase, "numbers": [], "missing": []})
        if link.number:
            entry["numbers"].append(str(link.number))
        if link.missing:
            entry["missing"].append(link.missing)
    return {**rule.to_json(), "references": list(phrases.values()), "cited_by": cited_by}


# -- kb refs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RefsView:
    number: RuleNumber     # its number in the edition shown (what the texts citing it wrote)
    lang: str
    edition: str | None
    head: store.StoredRule
    out: list[store.Link]
    into: list[store.Link]
    rulings: list[card_store.StoredRuling]  # the card rulings and pages linked to the rule
    pages: list[card_store.LinkingPage]
    rule: RuleNumber | None = None  # its number in the newest English edition, when another

    @property
    def identity(self) -> RuleNumber:
        return self.rule or self.number

    @property
    def direct(self) -> list[store.Link]:
        """Texts citing the rule itself (by its number or through a range holding it)."""
        return [link for link in self.into if link.via == self.number]

    @property
    def through(self) -> dict[str, list[store.Link]]:
        """Texts citing a chapter or section the rule belongs to, by the number cited."""
        groups: dict[str, list[store.Link]] = {}
        for link in self.into:
            if link.via != self.number:
                groups.setdefault(str(link.via), []).append(link)
        return groups

    def to_json(self) -> dict[str, object]:
        return {"number": str(self.number), "rule": str(self.identity), "lang": self.lang, "edition": self.edition,
                "parent": str(self.identity.parent) if self.identity.parent else None,
                "outgoing": [link.to_json() for link in self.out], "incoming": [link.to_json() for link in self.into],
                "incoming_direct": len(self.direct),
                "incoming_through": {via: len(links) for via, links in self.through.items()},
                "rulings": [r.to_json() for r in self.rulings], "pages": [p.to_json() for p in self.pages]}

    def render(self, through_shown: bool = False) -> str:
        """Direct citations first; those through a chapter or section as one line per
        ancestor with its count (``through_shown`` lists them too)."""
        from kb.views import card as card_cli  # the card views, only when references are shown

        lines = [f"{self.lang} {self.number} · edition {self.edition or 'undated'} · {self.head.source}"]
        if self.identity != self.number:
            lines.append(f"  = rule {self.identity} of the newest English edition")
        lines.append(f"cites ({len(self.out)}):")
        for link in self.out:
            target = f"{link.number}  {link.label}" if link.number else f"(missing: {link.missing})"
            lines.append(f"  {target}    ← “{link.phrase}”" + (" in an example" if link.kind == "example" else ""))
        lines.append(f"cited by ({len(self.direct)}):")
        lines += [self._incoming_line(link) for link in self.direct]
        through = self.through
        if through:
            total = sum(len(links) for links in through.values())
            lines.append(f"cited through a chapter or section it belongs to ({total}; "
                         + ("listed" if through_shown else "--all or --json lists them") + "):")
            for via, links in through.items():
                lines.append(f"  via {via} ({len(links)})")
                if through_shown:
                    lines += ["  " + self._incoming_line(link) for link in links]
        lines += card_cli.refs_lines(self.rulings, self.pages, whole=through_shown)  # --all: every card too
        return "\n".join(lines)

    def _incoming_line(self, link: store.Link) -> str:
        source = f"glossary “{link.label}”" if link.kind == "glossary" else f"{link.number}  {link.label}"
        elsewhere = (link.lang, link.edition) != (self.lang, self.edition)
        where = f" [{link.lang} {link.edition or 'undated'}]" if elsewhere else ""
        return f"  {source}    “{link.phrase}”{where}" + (" in an example" if link.kind == "example" else "")


def refs(conn: sqlite3.Connection, number: RuleNumber, lang: str | None, on: str | None) -> RefsView:
    """What rule ``number`` cites and everything that cites it (directly, through a
    range or through an ancestor), with the card rulings and pages linked to it."""
    lang = held_lang(conn, lang) if lang else default_lang(conn)
    if on is not None:
        check_in_force(conn, on, number)
    try:
        edition, own = store.locate(conn, number, lang, on)  # the rule is named as `kb show` names it
        head = store.family(conn, own, lang, edition)[0]
    except NotFound as err:  # a number no text holds: where the nearest are, as `kb show` says
        if err.hint is None and (near := nearest_held(conn, str(number))) is not None:
            raise NotFound(f"{err.message}; {near}", hint=near) from err
        raise
    return _refs_of(conn, head, number)


def refs_at(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None) -> RefsView:
    """What the text numbered ``number`` in one language and edition cites and what cites it there
    (``702.124k@en/2025-11-14``, as `kb export` names a text), with the card rulings and pages linked
    to the rule it is (none for a text with no counterpart in the newest English edition)."""
    head = text_at(conn, number, lang, edition)
    return _refs_of(conn, head, RuleNumber.try_parse(head.rule))


def _refs_of(conn: sqlite3.Connection, head: store.StoredRule, rule: RuleNumber | None) -> RefsView:
    """The references of one text; ``rule``: the rule it is (its number in the newest English edition)."""
    own = head.number
    return RefsView(own, head.lang, head.edition, head, store.outgoing(conn, [head.id])[head.id],
                    store.incoming(conn, own, head.lang, head.edition),
                    card_store.rulings_linking(conn, rule) if rule else [],
                    card_store.pages_linking(conn, rule) if rule else [], rule if rule and own != rule else None)


def default_lang(conn: sqlite3.Connection) -> str:
    langs = store.languages(conn)
    if not langs:
        raise NotFound("the KB holds no rules")
    return "en" if "en" in langs else langs[0]


# -- kb editions ----------------------------------------------------------------------------


def editions(conn: sqlite3.Connection) -> list[dict[str, object]]:
    """The languages and editions held, with their number of rule texts."""
    return [{"lang": row["lang"], "edition": row["edition"], "texts": row["texts"]} for row in store.editions(conn)]


@dataclass(frozen=True)
class EditionsView:
    """What ``kb editions`` answers: one row per language and edition held."""

    rows: list[dict[str, object]]

    def to_json(self) -> list[dict[str, object]]:
        return self.rows

    def render(self) -> str:
        return "\n".join(f"{row['lang']!s:8} {row['edition'] or 'undated'!s:10} {row['texts']!s:>6} rule texts"
                         for row in self.rows)


# -- addresses: the rules a user names, however written ------------------------------------


class View(Protocol):
    @property
    def number(self) -> RuleNumber: ...

    def to_json(self) -> dict[str, object]: ...

    def render(self) -> str: ...


ADDRESS_EXAMPLES = addresses.ADDRESS_EXAMPLES


def address_of(texts: Sequence[str]) -> addresses.Address:
    """What the arguments name (``702.19b-d``, ``CR 702.19B``, several arguments);
    anything else is bad input, with examples."""
    found = addresses.parse_all(texts)
    if found is None:
        wrong = next((b for text in texts if (b := addresses.misread(text)) is not None), None)
        if wrong is not None:
            raise KbError(str(wrong))
        if len(texts) == 1:  # say what is wrong with it as a number ("a section has no rules of its own")
            # "Trample", "践踏": a name, which search finds (a text too long to echo whole is none)
            words = not any(c.isdigit() for c in texts[0]) and echoed(texts[0]) == texts[0]
            hint = Hint("to find it by its words", ("search", texts[0])) if words else None
            raise KbError(addresses.refusal(texts[0]) + (f"; {hint}" if hint else ""), hint=hint)
        raise KbError(f"not a rule address: {echoed(' '.join(texts))!r} ({ADDRESS_EXAMPLES})")
    return found


def one_number(text: str) -> RuleNumber:
    """One rule named however written (``CR 702.19B``); a range or a list is bad input here."""
    found = address_of([text])
    if len(found.targets) != 1 or found.targets[0].is_range:
        raise KbError(f"one rule number please, not {echoed(text)!r} (examples: 7, 702, 702.19)")
    return found.targets[0].first


def numbers_named(conn: sqlite3.Connection, address: addresses.Address) -> tuple[list[RuleNumber], list[str]]:
    """The numbers an address names, in the order written (ranges walk the numbers the
    KB holds), and the numbers named that it does not hold."""
    if len(address.targets) == 1 and not address.targets[0].is_range:
        return [address.targets[0].first], []  # one number: the view says itself if it is missing
    existing = store.known_numbers(conn)
    numbers = addresses.expand(address, existing)
    shown = _with_those_under(numbers, existing)
    if shown > MAX_SHOWN:
        raise KbError(f"{address.text} names {shown} rules with those under them; a range or a list shows at most"
                      f" {MAX_SHOWN} (a section's worth): name a smaller one, or the section itself")
    return numbers, addresses.missing(address, existing)


def shown_count(conn: sqlite3.Connection, texts: Sequence[str]) -> int:
    """How many texts the full text of what ``texts`` name shows, each rule named with all under it
    (702.1-702.190: 755): what decides whether its page is the text or its contents
    (:data:`TEXT_PAGE_MOST`)."""
    existing = store.known_numbers(conn)
    return _with_those_under(addresses.expand(address_of(texts), existing), existing)


def _with_those_under(numbers: Sequence[RuleNumber], existing: Sequence[RuleNumber]) -> int:
    keys = [number.key for number in existing]
    return sum(bisect_left(keys, n.subtree_stop) - bisect_left(keys, n.key) for n in numbers)


#: The most rules a range or a list shows, counting those under each rule named: about the
#: largest section (7 holds 1,552 numbers).  Before, "100-999" built the whole CR (3,297
#: numbers, 5 MB of JSON, 1-5 s) and a few such requests kept a server's workers busy.
MAX_SHOWN = 1600
#: The most texts a range's or a list's page shows as text; beyond, its page is their contents
#: (``kb toc``), the text a link away (``/rules/702.1-702.190/text``), as a chapter's is.  A text
#: takes 1.1 KB of HTML in the two languages shown by default (2.2 KB where subrules are long,
#: 601.2a-i): 100 keep a page near 100-200 KB, as the contents of chapter 702 (106 KB); 702.1-702.190
#: (755 texts) was one page of 864 KB.
TEXT_PAGE_MOST = 100


@dataclass(frozen=True)
class Several:
    """The answers for each rule an address names (one view per rule, in the order written)."""

    address: str
    views: list[View]
    missing: list[str]   # numbers named that the KB does not hold

    def to_json(self) -> dict[str, object]:
        return {"address": self.address, "numbers": [str(v.number) for v in self.views], "missing": self.missing,
                "rules": [v.to_json() for v in self.views]}

    def render(self) -> str:
        parts = [view.render() for view in self.views]
        if self.missing:
            parts.append(f"not in the KB: {', '.join(self.missing)}")
        return "\n\n".join(parts)


#: What a command answers for a number read in one language and edition (``702.124k@en/2025-11-14``).
AtAnswer = Callable[[RuleNumber, str, str | None], View]


def named(conn: sqlite3.Connection, texts: Sequence[str], answer: Callable[[RuleNumber], View],
          several: Callable[[str, list[View], list[str]], Several] = Several, at: AtAnswer | None = None
          ) -> View | Several:
    """``answer`` for each rule the arguments name: one number gives its view as it is,
    a range or a list gives :class:`Several` (or what ``several`` makes of them).  Numbers
    that no view can answer are listed as missing; when none can, that is not found.
    Numbers written in one language's edition (``702.124k@en/2025-11-14``, as `kb export` names
    a text) are answered by ``at`` with that language and edition."""
    qualified = addresses.at_edition(texts)
    if qualified is not None:
        if at is None:
            raise KbError(f"{echoed(qualified.address.text)!r} names a rule in one edition (NUMBER@LANG/EDITION),"
                          " which this command does not read: give the number alone")
        lang, edition = held_lang(conn, qualified.lang), qualified.edition
        held_edition(conn, lang, edition)
        answer = lambda number: at(number, lang, edition)  # noqa: E731
        address = qualified.address
    else:
        address = address_of(texts)
    numbers, missing = numbers_named(conn, address)
    single = len(address.targets) == 1 and not address.targets[0].is_range
    if single:
        return answer(numbers[0])
    views: list[View] = []
    why: list[str] = []
    for number in numbers:
        try:
            views.append(answer(number))
        except NotFound as error:
            missing.append(str(number))
            why.append(str(error))
    if not views and why:  # held, not in what was asked for ("601.2a-h --lang it": no Italian text of them)
        raise NotFound(f"none of the rules named can be shown: {address.text} ({why[0]}"
                       + (f", and {len(why) - 1} more alike)" if len(why) > 1 else ")"))
    if not views:
        raise NotFound(no_rule_message(missing or [address.text]))  # as the search box says it
    return several(address.text, views, missing)


@dataclass(frozen=True)
class ShownRules(Several):
    """`kb show` of a range or a list: each rule's view, said once for them all what a language
    asked lacks (`kb show 601.2a-h --lang it` said "no text of rule … in Italian" eight times), and
    the way around them as a rule's page has it: their parent, the rule read before the first
    (``before``, not one holding it) and the one after the last and all it holds (``after``)."""

    before: str | None = None
    after: str | None = None

    def shown(self) -> list[ShowView]:
        return [view for view in self.views if isinstance(view, ShowView)]

    def notices(self) -> list[str]:
        shown = self.shown()
        if not shown or not shown[0].asked:
            return []
        said: list[str] = []
        for lang in dict.fromkeys(lang for view in shown for lang in view.missing if lang not in view.not_held):
            lacking = [view for view in shown if lang in view.missing]
            hints = "".join(view.otherwise.get(lang, "") for view in lacking)
            said.append(f"no {language_label(lang)} text of {self.span([str(v.number) for v in lacking])}{hints}")
        return said + [not_held_message(lang, shown[0].held) for lang in shown[0].not_held]

    def one_range(self) -> bool:
        found = addresses.parse_all([self.address])
        return found is not None and len(found.targets) == 1 and found.targets[0].is_range

    def span(self, numbers: list[str]) -> str:
        """The rules named, as a reader says them: all of them as "601.2a–601.2h", else listed."""
        every = [str(view.number) for view in self.views]
        if numbers == every and len(numbers) > 2 and self.one_range():
            return f"{numbers[0]}–{numbers[-1]}"
        return joined(numbers)

    def around(self) -> dict[str, str | None] | None:
        """The common parent of the rules shown and, of a range, the rule before its first and the
        one after its last."""
        shown = self.shown()
        if not shown or not all(view.navigation for view in shown):
            return None
        numbers = [view.number for view in shown]
        common = next((up for up in numbers[0].ancestors() if all(up.is_ancestor_of(n) for n in numbers)), None)
        ranged = self.one_range()
        return {"parent": str(common) if common else None, "previous": self.before if ranged else None,
                "next": self.after if ranged else None}

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "navigation": self.around(), "notices": self.notices()}

    def render(self) -> str:
        parts = [view.render(notices=False) for view in self.shown()]
        parts += self.notices()
        if self.missing:
            parts.append(f"not in the KB: {', '.join(self.missing)}")
        return "\n\n".join(parts)


def shown_rules(conn: sqlite3.Connection) -> Callable[[str, list[View], list[str]], ShownRules]:
    """What `kb show` makes of a range or a list: :class:`ShownRules`, with the rule read before its
    first that holds none of it and the rule read after its last and all that rule holds (601.2a-h:
    601.1a and 601.2i; the rule before 601.2a is 601.2, whose page shows the range again and which
    "up" names already; after 601.1-601.3 came 601.3a, shown on the page already)."""
    def make(address: str, views: list[View], missing: list[str]) -> ShownRules:
        shown = ShownRules(address, views, missing)
        rules = shown.shown()
        if not rules or rules[0].navigation is None:
            return shown
        before, after = steps_around(conn, rules[0].number, rules[-1].number, rules[0].navigation.get("previous"))
        return replace(shown, before=before, after=after)
    return make


def steps_around(conn: sqlite3.Connection, first: RuleNumber, last: RuleNumber, previous: str | None
                 ) -> tuple[str | None, str | None]:
    """The rule read before ``first`` that holds none of the run (``previous``, stepped back past
    ``first``'s ancestors) and the rule read after ``last`` and all it holds."""
    before = previous
    while before is not None and RuleNumber.parse(before).is_ancestor_of(first):
        before = reading_order(conn, RuleNumber.parse(before))["previous"]
    after = [same[at] for depth in (1, 2, 3) if (at := bisect_left(
        same := store.identity_numbers(conn, depth), last.subtree_stop, key=lambda n: n.key)) < len(same)]
    return before, str(min(after)) if after else None


def range_navigation(conn: sqlite3.Connection, numbers: list[RuleNumber]) -> dict[str, str | None] | None:
    """The way around a range's contents page (702.1-702.190: 701.68d, 702, 702.191), as its text's
    page (:meth:`ShownRules.around`) has it: the contents page had none."""
    if not numbers:
        return None
    common = next((up for up in numbers[0].ancestors() if all(up.is_ancestor_of(n) for n in numbers)), None)
    parent = str(common) if common else None
    if numbers[0].depth <= 1 and numbers[-1].depth <= 1:  # chapters or sections: step as their contents do
        # (700-799 stepped back to 616.2, the last subrule read before it, and on to chapter 800)
        return {"parent": parent, "previous": navigation(conn, numbers[0])["previous"],
                "next": navigation(conn, numbers[-1])["next"]}
    before, after = steps_around(conn, numbers[0], numbers[-1], reading_order(conn, numbers[0])["previous"])
    return {"parent": parent, "previous": before, "next": after}


# -- a number as it was in an older edition -------------------------------------------------


@dataclass(frozen=True)
class AsOfView:
    """A number as an older edition used it: that edition's text, and the rule it is today."""

    number: RuleNumber
    as_of: str | None        # the date asked (None: named in one edition, ``702.124k@en/2025-11-14``)
    edition: str | None      # the edition of ``lang`` numbering it so (None: the undated texts)
    blocks: list[Block]
    today: str | None        # its number in the newest English edition (None: removed since)
    newest: str | None       # the newest English edition held
    reworded: bool = False   # its English words differ there (as `kb history` counts a change)
    lang: str = "en"         # the language whose edition numbered it

    @property
    def status(self) -> str:
        if self.today is None:
            return "removed"
        return "same number" if self.today == str(self.number) else "renumbered"

    def to_json(self) -> dict[str, object]:
        return {"number": str(self.number), "as_of": self.as_of, "lang": self.lang, "edition": self.edition,
                "today": {"number": self.today, "status": self.status, "edition": self.newest,
                          "reworded": self.reworded},
                "languages": [block.to_json() for block in self.blocks]}

    def render(self) -> str:
        if self.today is None:
            now = f"removed: no counterpart in the newest English edition ({self.newest or 'none held'})"
        elif self.status == "renumbered":
            now = f"renumbered: it is {self.today} in the newest English edition ({self.newest})"
        else:
            now = f"still {self.today} in the newest English edition ({self.newest})"
        if self.reworded:  # "still 702.19b" read as "the same rule" where its words changed
            now += f", worded otherwise (kb history {self.today})"
        where = f"{self.lang} edition {self.edition}" if self.edition else f"{self.lang} undated"
        head = f"{self.number} as of {self.as_of} ({where})" if self.as_of else f"{self.number} in {where}"
        return "\n\n".join([f"{head} · today: {now}",
                             *(render_family(b.lang, b.edition, b.rules, b.out, b.cited, b.context)
                               for b in self.blocks)])


def as_of(conn: sqlite3.Connection, number: RuleNumber, on: str, langs: list[str] | None) -> AsOfView:
    """``number`` as the English edition in force ``on`` numbered it (with the texts of
    the other languages asked for under that number in their edition in force then), and
    what that rule is numbered today."""
    check_in_force(conn, on, number)
    edition = store.edition_on(conn, "en", on)
    wanted = langs or ["en"]
    places: list[tuple[str, str | None]] = []
    for lang in wanted:
        held_lang(conn, lang)
        try:
            places.append((lang, edition if lang == "en" else store.edition_on(conn, lang, on)))
        except NotFound:
            continue
    found = _as_numbered(conn, number, on, "en", edition, places)
    if found is None or found.blocks[0].lang != wanted[0]:
        raise NotFound(f"rule {number} is not in the {language_label(wanted[0])} edition in force on {on}"
                       f" (en {edition})")
    return found


def at_edition(conn: sqlite3.Connection, number: RuleNumber, lang: str, edition: str | None,
               langs: list[str] | None) -> AsOfView:
    """``number`` as one edition of ``lang`` numbered it (``702.124k@en/2025-11-14``, as `kb export`
    names a text), with the texts of the other languages asked for under that number in their
    edition in force then, and what that rule is numbered today: as ``--as-of`` reads a number."""
    text_at(conn, number, lang, edition)
    places: list[tuple[str, str | None]] = [(lang, edition)]
    for other in (held_lang(conn, tag) for tag in langs or ()):
        if other != lang and edition is not None:
            try:
                places.append((other, store.edition_on(conn, other, edition)))
            except NotFound:
                continue
    found = _as_numbered(conn, number, None, lang, edition, places)
    assert found is not None  # text_at found the first
    return found


def _as_numbered(conn: sqlite3.Connection, number: RuleNumber, on: str | None, lang: str, edition: str | None,
                 places: list[tuple[str, str | None]]) -> AsOfView | None:
    """The texts numbered ``number`` in each (language, edition) of ``places`` holding one, and the rule
    the first is today (None: none holds it)."""
    blocks = []
    for place_lang, place_edition in places:
        rules = store.family(conn, number, place_lang, place_edition)
        if rules and rules[0].number == number:
            blocks.append(Block(place_lang, place_edition, rules, store.outgoing(conn, [r.id for r in rules]),
                                store.incoming_counts(conn, rules), {"matches": [], "english_changed_since": None}))
    if not blocks:
        return None
    identity = blocks[0].rules[0].rule
    dated = store.dated_editions(conn, "en")
    newest = dated[-1] if dated else None
    english = edition if lang == "en" or edition is None else next((e for e in reversed(dated) if e <= edition), None)
    then = blocks[0].rules[0] if blocks[0].lang == "en" else store.identity_text(conn, identity, "en", english)
    now = store.identity_text(conn, identity, "en", newest) if "@" not in identity and newest else None
    reworded = then is not None and now is not None and any(
        e.op != "=" for e in word_diff(" ".join([then.body, *then.examples]), " ".join([now.body, *now.examples])))
    return AsOfView(number, on, edition, blocks, None if "@" in identity else identity, newest, reworded, lang)
