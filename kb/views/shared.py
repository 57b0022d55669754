"""What every command shares, apart from the views that answer them: JSON out, errors
as JSON, the languages held.  Kept out of :mod:`kb.views.rules` so that a command that
shows no rule (``kb search``) does not import that module's views (7 ms of dataclasses
in a fresh process)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Sequence

from kb.core.errors import KbError, NotFound
from kb.core.lang import language_label, languages_label
from kb.store import rules as store


def dumps(data: object) -> str:
    """The JSON text of a view, as ``kb --json`` prints it and the web serves it."""
    return json.dumps(data, ensure_ascii=False, indent=2)


def error_json(err: KbError) -> dict[str, object]:
    """An error as a program reading JSON gets it (CLI ``--json`` and the web alike)."""
    return {"error": err.message, "path": err.path, "line": err.line, "exit_code": err.exit_code}


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


def no_rule_message(numbers: Sequence[str], langs: Sequence[str] = (), on: str | None = None) -> str:
    """What `kb show`, `kb search` and `kb ask` (and their web pages) say when no text of the
    rules named can be shown, in one wording: none anywhere in the KB, or none in the languages
    asked (`kb show 702.999` said "not found in en, it, zh-Hans", `kb search` "no rule … in the KB")."""
    named = ", ".join(numbers)
    if langs:
        return f"rule {named} not found in {languages_label(langs)}" + (f" on {on}" if on else "")
    return f"no rule {named} in the KB" + (f" in force on {on}" if on else "")


def spelled_right(query: str, name: str, known: Callable[[str], bool]) -> bool:
    """Whether every word of ``query`` that ``name`` lacks is ``known``: then the query
    names something else, spelt right, and is no typo of ``name`` (the glossary's and the
    one box's test of a near name)."""
    words = set(re.findall(r"[^\W\d_]{3,}", query)) - set(re.findall(r"[^\W\d_]{3,}", name))
    return bool(words) and all(known(word) for word in words)
