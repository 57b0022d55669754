"""What every command shares, apart from the views that answer them: JSON out, errors
as JSON, the languages held.  Kept out of :mod:`kb.views.rules` so that a command that
shows no rule (``kb search``) does not import that module's views (7 ms of dataclasses
in a fresh process)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from kb.core.errors import KbError, NotFound
from kb.core.lang import language_label, languages_label
from kb.core.rulenum import RuleNumber
from kb.core.text import Hint
from kb.store import rules as store


def dumps(data: object) -> str:
    """The JSON text of a view, as ``kb --json`` prints it and the web serves it."""
    return json.dumps(data, ensure_ascii=False, indent=2)


def error_json(err: KbError) -> dict[str, object]:
    """An error as a program reading JSON gets it (CLI ``--json`` and the web alike)."""
    data: dict[str, object] = {"error": err.message, "path": err.path, "line": err.line, "exit_code": err.exit_code}
    if err.column:  # a bad byte: where in its line
        data["column"] = err.column
    if err.problems:  # an error about several inputs: each, with its own place
        data["problems"] = [{"path": p.path, "line": p.line, **({"column": p.column} if p.column else {}),
                             "problem": p.message} for p in err.problems]
    return data


def failed_json(data: Any, missing: str | None) -> Any:
    """An answer's JSON as a program reads it: when the answer is still "not found" (``missing``
    says why: no card, no glossary entry, nothing found), its own fields and the error fields of
    :func:`error_json` beside them, so that every command exiting 1 says it in one shape (`kb card
    zzzzqqq --json` had no ``error`` nor ``exit_code``, `kb show 999.1 --json` had them)."""
    if missing is None or not isinstance(data, dict):
        return data
    return {**data, **error_json(NotFound(missing))}


def unheld(conn: sqlite3.Connection, langs: list[str]) -> list[str]:
    """The languages asked for that the KB holds no text of."""
    if not langs:  # none asked (a search without --lang): no need to scan the KB's texts (5 ms)
        return []
    have = set(store.languages(conn))
    return [lang for lang in langs if lang not in have]


def require_held(conn: sqlite3.Connection, langs: list[str]) -> None:
    """Refuse a language the KB does not hold, naming it and what is held (never a bare
    "nothing found": the user asked for a language, not for words)."""
    if missing := unheld(conn, langs):
        raise NotFound(not_held_message(missing, store.languages(conn)))


def not_held_message(tags: str | Sequence[str], held: Sequence[str]) -> str:
    """What to say of languages the KB holds no text in: which languages it holds."""
    asked = languages_label([tags] if isinstance(tags, str) else tags)
    listing = ", ".join(map(language_label, held)) or "none"  # "zh-Hans (Chinese (Simplified))" was nested
    return f"the KB holds no {asked} texts; it holds: {listing}"


def no_rule_message(numbers: Sequence[str], langs: Sequence[str] = (), on: str | None = None,
                    instead: str = "") -> str:
    """What `kb show`, `kb search` and `kb ask` (and their web pages) say when no text of the
    rules named can be shown, in one wording: none anywhere in the KB, or none in the languages
    asked (`kb show 702.999` said "not found in en, it, zh-Hans", `kb search` "no rule … in the KB"),
    with what the language asked holds instead (:func:`held_instead`)."""
    named = ", ".join(numbers)
    if langs:
        return (f"rule {named} not found in {languages_label(langs)}" + (f" on {on}" if on else "")
                + (f" ({instead})" if instead else ""))
    return f"no rule {named} in the KB" + (f" in force on {on}" if on else "")


def missing_rule(conn: sqlite3.Connection, numbers: Sequence[str], langs: Sequence[str] = (),
                 on: str | None = None) -> NotFound:
    """No text of the rules named, said as :func:`no_rule_message` does, and for one number no
    rule of the KB has, the nearest it holds (:func:`nearest_held`): `kb show 730.99` said only
    "no rule 730.99 in the KB", leaving the reader to guess where chapter 730 ends."""
    near = nearest_held(conn, numbers[0]) if len(numbers) == 1 else None
    return NotFound(no_rule_message(numbers, langs, on) + (f"; {near}" if near else ""), hint=near)


def nearest_held(conn: sqlite3.Connection, written: str) -> Hint | None:
    """Where to read instead of a rule number no text of the KB holds: the nearest number above it
    that one holds, with the first and last of its own kind there ("730 holds 730.1 to 730.3: kb
    toc 730"); None for a number some text holds, or one that is no rule number."""
    number = RuleNumber.try_parse(written)
    if number is None or number in store.identity_numbers(conn, number.depth):
        return None
    for above in number.ancestors():
        if above not in store.identity_numbers(conn, above.depth):
            continue
        under = above.children(store.identity_numbers(conn, above.depth + 1))
        command = ("toc", str(above)) if above.depth < 2 else ("show", str(above))
        if not under:
            return Hint(f"{above.kind} {above} has no {number.kind}s", command)
        span = (f"only {under[0]}" if len(under) == 1 else f"{under[0]} and {under[1]}" if len(under) == 2
                else f"{under[0]} to {under[-1]}")
        return Hint(f"{above.kind} {above} holds {under[0].kind}s {span}", command)
    return None


def held_instead(conn: sqlite3.Connection, numbers: Sequence[str], langs: Sequence[str],
                 on: str | None = None) -> str:
    """What the one language asked holds (:func:`holds`) when it lacks the one rule named and
    another language has it: `kb show 730 --lang it` said only "not found", where `kb toc 702
    --lang it` said what the Italian seed holds; "" otherwise."""
    if len(numbers) != 1 or len(langs) != 1 or all(lang == langs[0] for lang, _ in store.holders(conn, numbers[0], on)):
        return ""
    try:
        edition = store.edition_on(conn, langs[0], on) if on else store.newest_of(conn, langs[0])
    except NotFound:  # no edition in force then: the message says "on" that date already
        return ""
    return holds(conn, langs[0], edition)


#: Rules named when a language lacks the one asked for: a seed's few all, an edition's first
#: few (what the language is, not a listing of it).
RULES_NAMED = 3


def holds(conn: sqlite3.Connection, lang: str, edition: str | None) -> str:
    """An edition and what it holds, as a rule it lacks is said (`kb toc`, `kb show`): "undated:
    it holds only 2 rules, 730.2 and 730.3, and 15 subrules"."""
    return f"{'edition ' + edition if edition else 'undated'}: it holds {holding(conn, lang, edition)}"


def holding(conn: sqlite3.Connection, lang: str, edition: str | None) -> str:
    """What one edition holds, counted, its first rules named: "only 2 rules, 730.2 and 730.3,
    and 15 subrules" (only: fewer than half the texts of the largest edition held)."""
    counts = store.depth_counts(conn, lang, edition)
    rules, subrules = counts.get(2, 0), counts.get(3, 0)
    texts = {(row["lang"], row["edition"]): row["texts"] for row in store.editions(conn)}
    only = "only " if 2 * texts.get((lang, edition), 0) < max(texts.values(), default=0) else ""
    first = store.first_held(conn, lang, edition, 2, RULES_NAMED)
    named = joined(first) if rules <= RULES_NAMED else ", ".join(first) + ", …"
    said = f"{only}{rules:,} rule{'s' * (rules != 1)}" + (f", {named}" if first else "")
    if not subrules:
        return said
    return said + ("," if first else "") + f" and {subrules:,} subrule{'s' * (subrules != 1)}"


#: Rule numbers a search's header lists in full; of more, the first few and the last.
NUMBERS_LISTED = 8


def numbers_said(numbers: Sequence[str]) -> str:
    """The rule numbers a query names, as the headers of `kb search` and its page say them: all
    of a few ("rule numbers 702.19b, 702.19c"), else counted, the first few and the last ("1,165
    rule numbers: 100.1, 100.2, 100.3, …, 999.9": all 1,165 filled several screens); JSON lists all."""
    if len(numbers) <= NUMBERS_LISTED:
        return "rule numbers " + ", ".join(numbers)
    return f"{len(numbers):,} rule numbers: " + ", ".join(numbers[:3]) + f", …, {numbers[-1]}"


def joined(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def spelled_right(query: str, name: str, known: Callable[[str], bool]) -> bool:
    """Whether every word of ``query`` that ``name`` lacks is ``known``: then the query
    names something else, spelt right, and is no typo of ``name`` (the glossary's and the
    one box's test of a near name)."""
    words = set(re.findall(r"[^\W\d_]{3,}", query)) - set(re.findall(r"[^\W\d_]{3,}", name))
    return bool(words) and all(known(word) for word in words)
