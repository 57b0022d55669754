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

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from kb.core.dates import parse_iso
from kb.core.errors import KbError, NotFound
from kb.core.lang import language_name, normalize_tag
from kb.core.rulenum import RuleNumber, RuleNumberError
from kb.store import cards as card_store
from kb.store import rules as store

# -- shared: input, output, errors ----------------------------------------------------------


def dumps(data: object) -> str:
    """The JSON text of a view, as ``kb --json`` prints it and the web serves it."""
    return json.dumps(data, ensure_ascii=False, indent=2)


def error_json(err: KbError) -> dict[str, object]:
    """An error as a program reading JSON gets it (CLI ``--json`` and the web alike)."""
    return {"error": err.message, "path": err.path, "line": err.line, "exit_code": err.exit_code}


def rule_number(text: str) -> RuleNumber:
    """A rule number typed by a user; bad input is a :class:`KbError` with examples."""
    try:
        return RuleNumber.parse(text)
    except RuleNumberError as err:
        raise KbError(f"{err} (examples: 7, 730, 730.2, 730.2a)") from err


def iso_date(text: str) -> str:
    date = parse_iso(text)
    if date is None:
        raise KbError(f"not a date: {text!r} (use YYYY-MM-DD)")
    return date.isoformat()


def unheld(conn: sqlite3.Connection, langs: list[str]) -> list[str]:
    """The languages asked for that the KB holds no text of."""
    have = set(store.languages(conn))
    return [lang for lang in langs if lang not in have]


def require_held(conn: sqlite3.Connection, langs: list[str]) -> None:
    """Refuse a language the KB does not hold, naming it and what is held (never a bare
    "nothing found": the user asked for a language, not for words)."""
    if missing := unheld(conn, langs):
        names = ", ".join(f"{language_name(lang)} ({lang})" for lang in missing)
        raise NotFound(f"language not in this KB: {names}; it holds {', '.join(store.languages(conn)) or 'none'}")


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

    def to_json(self) -> dict[str, object]:
        return {"number": str(self.number), "kind": self.number.kind, "missing": self.missing if self.asked else [],
                "linked_from": self.linked, "languages": [block.to_json() for block in self.blocks]}


def show(conn: sqlite3.Connection, number: RuleNumber, langs: list[str] | None, on: str | None) -> ShowView:
    """The rule whose identity is ``number`` in each language (default: every one
    held), each under its own number, in the edition in force ``on`` (default: newest)."""
    wanted = langs or store.languages(conn)
    blocks, missing = [], []
    for lang in wanted:
        try:
            edition, own = store.locate(conn, number, lang, on)
        except NotFound:
            missing.append(lang)
            continue
        rules = store.family(conn, own, lang, edition)
        blocks.append(Block(lang, edition, rules, store.outgoing(conn, [r.id for r in rules]),
                            store.incoming_counts(conn, rules), _context(conn, rules[0])))
    if not blocks:
        require_held(conn, wanted)
        raise NotFound(f"rule {number} not found in {', '.join(wanted) or 'the KB'}" + (f" on {on}" if on else ""))
    return ShowView(number, blocks, missing, bool(langs), card_store.link_counts(conn, number))


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
    from kb.align.tokens import comparable  # the aligners' typography folding, only when needed

    return comparable(" ".join([rule.body, *rule.examples]))


def example_label(lang: str) -> str:
    """"Example:" in the text's own language, as its rules documents write it."""
    from kb.ingest import LAYOUTS  # the ingesters' layouts, only when a text is shown

    return LAYOUTS[lang].example[0] if lang in LAYOUTS else "Example:"


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
    number: RuleNumber
    lang: str
    edition: str | None
    head: store.StoredRule
    out: list[store.Link]
    into: list[store.Link]
    rulings: list[card_store.StoredRuling]  # the card rulings and pages linked to the rule
    pages: list[card_store.LinkingPage]

    def to_json(self) -> dict[str, object]:
        return {"number": str(self.number), "lang": self.lang, "edition": self.edition,
                "parent": str(self.number.parent) if self.number.parent else None,
                "outgoing": [link.to_json() for link in self.out], "incoming": [link.to_json() for link in self.into],
                "rulings": [r.to_json() for r in self.rulings], "pages": [p.to_json() for p in self.pages]}


def refs(conn: sqlite3.Connection, number: RuleNumber, lang: str | None, on: str | None) -> RefsView:
    """What rule ``number`` cites and everything that cites it (directly, through a
    range or through an ancestor), with the card rulings and pages linked to it."""
    lang = normalize_tag(lang) if lang else default_lang(conn)
    require_held(conn, [lang])
    edition = store.choose_edition(conn, number, lang, on)
    head = store.family(conn, number, lang, edition)[0]
    return RefsView(number, lang, edition, head, store.outgoing(conn, [head.id])[head.id],
                    store.incoming(conn, number, lang, edition), card_store.rulings_linking(conn, number),
                    card_store.pages_linking(conn, number))


def default_lang(conn: sqlite3.Connection) -> str:
    langs = store.languages(conn)
    if not langs:
        raise NotFound("the KB holds no rules")
    return "en" if "en" in langs else langs[0]


# -- kb editions ----------------------------------------------------------------------------


def editions(conn: sqlite3.Connection) -> list[dict[str, object]]:
    """The languages and editions held, with their number of rule texts."""
    return [{"lang": row["lang"], "edition": row["edition"], "texts": row["texts"]} for row in store.editions(conn)]
