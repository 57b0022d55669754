"""Turning the views' JSON into HTML fragments: rule numbers as links, search matches
highlighted, word diffs marked.  Every function takes what the ``.json`` twin of the
page holds, escapes the text, and returns :class:`markupsafe.Markup`, so the
templates never build HTML from strings themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape

from indexers import snippets
from kb.core.rulenum import RuleNumber, RuleNumberError
from kb.core.text import Hint, shell_join

#: A rule number inside running text, in any language: "rule 613.2", "参见规则903.4",
#: "rules 601.2a–d" (the range's first end).  Digits glued to CJK text count too.
NUMBER = re.compile(r"(?<![0-9.])\d{1,3}(?:\.\d+[a-z]?)?(?![0-9])")
#: Word-level edits as ``kb history`` writes them: [-removed-] and {+added+}.
EDIT = re.compile(r"\[-(.*?)-\]|\{\+(.*?)\+\}", re.S)

_START, _STOP = "\x00", "\x01"  # highlight marks no rule text contains


@dataclass(frozen=True)
class LinkLangs:
    """The languages a page was asked in, which its links to other rules carry: to each rule
    only those that hold a text of it (``held``: the rules the page links to), all of them to
    a rule not looked up.  Before, every link of ``/rules/730.2?lang=it`` (the Italian seed
    holds 17 rules) carried ``lang=it``, and its way up, back and on led to 404 pages."""

    asked: tuple[str, ...] = ()
    held: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def of(self, number: str) -> list[str]:
        have = self.held.get(number)
        return [lang for lang in self.asked if have is None or lang in have]


def rule_url(number: str, langs: Sequence[str] | LinkLangs = ()) -> str:
    """The page of a rule (by its number in the newest English edition)."""
    if isinstance(langs, LinkLangs):
        langs = langs.of(number)
    query = urlencode([("lang", lang) for lang in langs])
    return f"/rules/{quote(number)}" + (f"?{query}" if query else "")


def text_url(number: str, langs: Sequence[str] = (), edition: str | None = None) -> str:
    """The page of a rule's full text, as `kb show` prints it: a section's or a chapter's
    ``/rules/702`` is its contents, ``/rules/702/text`` all of it (any rule's is its page)."""
    query = urlencode([*(("lang", lang) for lang in langs), *([("edition", edition)] if edition else [])])
    return f"/rules/{quote(number)}/text" + (f"?{query}" if query else "")


def _contents(number: str) -> bool:
    """A section or a chapter: its page ``/rules/N`` is its contents, not its text."""
    try:
        return RuleNumber.parse(number).depth <= 1
    except RuleNumberError:
        return False


def term_url(kind: str, name: str) -> str:
    """The page of a card or a glossary term (names may hold "/" and spaces)."""
    return f"/{kind}/{quote(name, safe='')}"


#: The page each command a message suggests shows (:class:`kb.core.text.Hint`): its
#: positional words make the path (``kb card NAME`` → ``/cards/NAME``) or the query (``q``).
_PAGES = {"search": "/search", "ask": "/ask", "card": "/cards/", "glossary": "/glossary/", "show": "/rules/",
          "toc": "/rules/", "refs": "/refs/", "history": "/rules/"}
#: Options a suggested command may hold, as the page's query names them.
_OPTIONS = {"--lang": "lang", "--edition": "edition", "--query-lang": "query_lang"}


def _read(words: Sequence[str]) -> tuple[str, list[tuple[str, str]]] | None:
    """A suggested command's subject (its positional words) and options (as the page's query
    names them); None for a command or option no page takes."""
    if not words or words[0] not in _PAGES:
        return None
    positional, options = [], []
    rest = iter(words[1:])
    for word in rest:
        if word in _OPTIONS:
            options.append((_OPTIONS[word], next(rest, "")))
        elif word.startswith("--"):
            return None
        else:
            positional.append(word)
    return " ".join(positional), options


def command_url(words: Sequence[str]) -> str | None:
    """The URL of the page showing what ``kb WORDS`` prints (``["search", "trample"]`` →
    ``/search?q=trample``), None for a command no page shows."""
    read = _read(words)
    if read is None:
        return None
    subject, query = read
    base = _PAGES[words[0]]
    if words[0] in ("show", "history", "refs") and "@" in subject:  # in one edition (702.124k@en/2025-11-14): its
        # number's history page holds that text (a number given to another rule since, under "also numbered")
        number = subject.partition("@")[0]
        return None if words[0] == "refs" or not number else f"/rules/{quote(number, safe='')}/history"
    if base.endswith("/"):
        path = base + quote(subject, safe="" if words[0] in ("card", "glossary") else ",") if subject else base[:-1]
        path += "/history" if words[0] == "history" else "/text" if words[0] == "show" and _contents(subject) else ""
    else:
        path, query = base, [("q", subject), *query]
    return path + (f"?{urlencode(query)}" if query else "")


#: What a link to a command's page calls it ("search “trample”", "rule 730.2").
_NAMED = {"search": "search “{}”", "ask": "ask “{}”", "card": "card “{}”", "glossary": "glossary “{}”",
          "show": "rule {}", "toc": "contents of {}", "refs": "references of {}", "history": "history of {}"}


def command_link(words: Sequence[str], text: str | None = None) -> Markup:
    """A command a message suggests, on the web: a link to the page it shows, saying what that
    page is (``text``, else as :data:`_NAMED` says); the command line as code if no page shows it."""
    url = command_url(words)
    if url is None:
        return Markup("<code>{}</code>").format(shell_join(["kb", *words]))
    return Markup('<a class="command" href="{}" title="{}">{}</a>').format(
        url, shell_join(["kb", *words]), text or _named(words))


def _named(words: Sequence[str]) -> str:
    """What the page of ``kb WORDS`` is called: as :data:`_NAMED` says, but a rule's contents are its
    page (``/rules/730.2``: "rule 730.2") and a chapter's text is not its page ("full text of 702")."""
    subject = (_read(words) or ("",))[0]
    if words[0] == "show" and _contents(subject):
        return f"full text of {subject}"
    if words[0] == "show" and "@" in subject:  # its number's history page
        return f"history of {subject.partition('@')[0]}, its text in {subject.partition('/')[2] or 'that edition'}"
    return _NAMED["show" if words[0] == "toc" and subject and not _contents(subject) else words[0]].format(subject)


def hint(message: Mapping[str, object]) -> Markup:
    """A :class:`kb.core.text.Hint` as its JSON holds it: what it says, then the link."""
    return Markup("{}: {}").format(message["said"], command_link([str(w) for w in message["command"]]))  # type: ignore[attr-defined]


def told(message: str, said: Hint | None) -> Markup:
    """An error's message on a page, the command it ends with (``said``: the error's hint, whose
    text the message holds) a link to the page showing it, as :func:`hint` makes it."""
    before, text, after = message.partition(str(said)) if said is not None else (message, "", "")
    if not text or said is None:
        return escape(message)
    return Markup("{}{}{}").format(before, hint(said.to_json()), after)


def _in_range(token: str, numbers: Sequence[str]) -> bool:
    """A number written inside a cited range ("601.2a–d" resolved to 601.2a … 601.2d)."""
    try:
        key = RuleNumber.parse(token).key
        held = [RuleNumber.parse(n).key for n in numbers]
    except RuleNumberError:
        return False
    return bool(held) and min(held) <= key <= max(held)


def link_numbers(text: str, numbers: Sequence[str], missing: Sequence[str] = (),
                 langs: Sequence[str] | LinkLangs = ()) -> Markup:
    """``text`` escaped, each rule number in it that was resolved (``numbers``) a link to
    its page, each that was cited but is not in the KB (``missing``) marked as such."""
    out, pos = [], 0
    for match in NUMBER.finditer(text):
        token = match.group()
        if token in numbers or _in_range(token, numbers):
            tag = Markup('<a class="ref" href="{}">{}</a>').format(rule_url(token, langs), token)
        elif token in missing:
            tag = Markup('<span class="ref missing" title="not in the KB">{}</span>').format(token)
        else:
            continue
        out += [escape(text[pos:match.start()]), tag]
        pos = match.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def link_sense(text: str, numbers: Sequence[str], points_to: str | None = None) -> Markup:
    """A glossary definition with its rule numbers linked, and, when it only sends the reader to
    another entry ("See Typecycling."), that entry's name a link to its glossary page."""
    at = text.find(points_to) if points_to else -1
    if points_to is None or at < 0:
        return link_numbers(text, numbers)
    tag = Markup('<a class="term" href="{}">{}</a>').format(term_url("glossary", points_to), points_to)
    return Markup("").join([link_numbers(text[:at], numbers), tag, link_numbers(text[at + len(points_to):], numbers)])


def linkify(text: str, references: Iterable[Mapping[str, object]], langs: Sequence[str] | LinkLangs = ()) -> Markup:
    """A rule text with its references ("See rule 613.2", as ``kb show --json`` lists
    them: phrase, numbers, missing) made links to the rules they cite."""
    spans: list[tuple[int, int, Mapping[str, object]]] = []
    for ref in references:
        phrase = str(ref["phrase"])
        start = text.find(phrase)
        while start >= 0:
            spans.append((start, start + len(phrase), ref))
            start = text.find(phrase, start + len(phrase))
    out, pos = [], 0
    for start, stop, ref in sorted(spans, key=lambda s: (s[0], -s[1])):
        if start < pos:  # inside a phrase already linked
            continue
        numbers, missing = list(ref["numbers"]), list(ref["missing"])  # type: ignore[call-overload]
        title = "cites " + ", ".join(numbers + [f"{m} (not in the KB)" for m in missing])
        out += [escape(text[pos:start]),
                Markup('<span class="cite" title="{}">{}</span>').format(
                    title, link_numbers(text[start:stop], numbers, missing, langs))]
        pos = stop
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def link_terms(text: str, links: Iterable[Mapping[str, object]]) -> Markup:
    """A ruling with the words the build linked to rules (``start``/``end`` of each
    link, several rules per span possible) made links to the first rule."""
    by_span: dict[tuple[int, int], list[Mapping[str, object]]] = {}
    for link in links:
        by_span.setdefault((int(link["start"]), int(link["end"])), []).append(link)  # type: ignore[call-overload]
    out, pos = [], 0
    for (start, stop), found in sorted(by_span.items()):
        if start < pos:
            continue
        title = "; ".join(f"{link['number']} {link['text'] or ''}".strip() for link in found)
        out += [escape(text[pos:start]), Markup('<a class="term" href="{}" title="{}">{}</a>').format(
            rule_url(str(found[0]["number"])), title, text[start:stop])]
        pos = stop
    out.append(escape(text[pos:]))
    return Markup("").join(out)


def highlight(text: str, spans: Iterable[Sequence[int]], whole: bool = False, rest: bool = False) -> Markup:
    """A search result's text with its matches marked: the snippet ``kb search``
    prints (or the whole text), the same window, ``<mark>`` instead of ``**``.  With
    ``rest``, what stands outside the marks is a ``<span class="rest">`` a page may fold
    away (a phone shows an answer's marked sentences alone)."""
    found = [(int(s[0]), int(s[1])) for s in spans]
    cut = snippets.snippet(text, found, _START, _STOP, width=len(text) + 1 if whole else snippets.WIDTH)
    html = str(escape(cut)).replace("\n", "<br>")
    if rest and found:
        html = "".join(piece if piece.startswith(_START) else f'<span class="rest">{piece}</span>' if piece else ""
                       for piece in re.split(f"({_START}.*?{_STOP})", html, flags=re.S))
    return Markup(html.replace(_START, "<mark>").replace(_STOP, "</mark>"))


def edits(pairs: Iterable[Sequence[str]]) -> Markup:
    """A word diff from ``kb diff --json`` ([op, text] pairs, each text with the space
    that stood before it) as <del>/<ins>, spaced as the text is."""
    tags = {"-": "<del>{}</del>", "+": "<ins>{}</ins>", "=": "<span>{}</span>"}
    return Markup("").join(Markup("{}" + tags[op]).format(text[: len(text) - len(text.lstrip())], text.lstrip())
                           for op, text in pairs)


def change(text: str) -> Markup:
    """A change line of ``kb history`` ("wording changed: … {+or copy+} …") marked up."""
    out, pos = [], 0
    for match in EDIT.finditer(text):
        removed, added = match.groups()
        out += [escape(text[pos:match.start()]),
                Markup("<del>{}</del>").format(removed) if removed is not None else
                Markup("<ins>{}</ins>").format(added)]
        pos = match.end()
    out.append(escape(text[pos:]))
    return Markup("").join(out)
