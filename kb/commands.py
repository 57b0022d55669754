"""The command table: every ``kb`` command declared once.

Each :class:`Command` names its arguments (:class:`Arg`, read by argparse on the command
line and from the URL's path and query on the web), the function answering it (a view
object with ``to_json()`` and ``render()``), and the web pages showing that answer
(:class:`WebPage`: URL, template, title, what else the template needs).  :mod:`kb.cli`
builds its parser and dispatch from :data:`TABLE`, :mod:`kb.web.app` its routes and their
``.json`` twins: a new view is one entry here.

A page is the answer of its command, or, for some arguments, of another one: ``/rules/7``
is section 7's contents (``kb toc 7``), ``/rules/702`` chapter 702's (``kb toc 702``; its
full text is ``/rules/702/text``, ``kb show 702``), ``/rules/702.19b-d`` those rules,
``/rules/702.1-702.190`` their contents (``kb toc``: their text is long, and a link away) and
``/rules/702.19`` the rule with its references (``kb show``).  Commands whose output is
not one view (``build``, ``fetch``, ``serve``, ``export``, ``index``; ``cite`` writing the
text and its table apart; ``search`` and ``ask`` with their batch mode) give a ``main`` or a
``batch`` of their own; their arguments are still declared here.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Callable, Mapping
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, cast
from urllib.parse import urlencode

from kb.core.errors import KbError, NotFound
from kb.core.home import resolve_home
from kb.core.lang import normalize_tag
from kb.core.rulenum import RuleNumber
from kb.core.text import echoed
from kb.store import rules as store
from kb.views import shared  # kb.views.rules only in the commands showing rules: not a search's 7 ms

ADDRESS_HELP = ("rules as people write them: 7, 730, 730.2a, 702.19B, 'CR 702.19b', ranges 702.19b-d, "
                "lists 702.19b,702.19c or several arguments; as one edition numbered them, as kb export"
                " names texts: 702.124k@en/2025-11-14")


class Answer(Protocol):
    """What every command answers: the same content as JSON and as text."""

    def to_json(self) -> Any: ...

    def render(self) -> str: ...


class _Once(argparse.Action):
    """An option that takes one value, given twice with two values, is refused, as the web
    refuses ``?lang=a&lang=b`` for it (``kb history 702.19b --lang en --lang zh`` showed the
    last alone, unsaid)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        seen = getattr(namespace, f"_{self.dest}_given", None)
        if seen is not None and seen != values:
            parser.error(f"{option_string} given twice ({seen!r}, {values!r}); it takes one value")
        setattr(namespace, f"_{self.dest}_given", values)
        setattr(namespace, self.dest, values)


def _single(query: Any, param: str) -> str | None:
    """The one value of a parameter that takes one: given twice with two values
    (``?q=a&q=b``), which one was meant is not guessed."""
    values = list(dict.fromkeys(query.getlist(param)))
    if len(values) > 1:
        shown = ", ".join(map(repr, values[:3]))
        raise KbError(f"bad parameter: {param} given {len(values)} values ({shown}); it takes one")
    return values[0] if values else None


@dataclass(frozen=True)
class Arg:
    """One argument: ``name`` is a positional's name or an option's flag (``--as-of``).
    On the web a positional comes from the URL's path (``/refs/{rule}``) and an option
    from the query under its flag's name (``?as-of=2025-11-14&lang=it&lang=en``)."""

    name: str
    help: str
    nargs: str | None = None
    repeat: bool = False            # --lang it --lang en (?lang=it&lang=en)
    switch: bool = False            # a flag without a value
    default: Any = None
    type: Callable[[str], Any] | None = None
    choices: tuple[str, ...] | None = None
    metavar: str | None = None
    dest: str | None = None

    @property
    def positional(self) -> bool:
        return not self.name.startswith("-")

    @property
    def key(self) -> str:
        """The attribute of the parsed arguments."""
        return self.dest or self.name.lstrip("-").replace("-", "_")

    @property
    def param(self) -> str:
        """The URL's name for it: the path parameter or query parameter."""
        return self.key if self.positional else self.name.lstrip("-")

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        options: dict[str, Any] = {"help": self.help}
        if self.switch:
            options["action"] = "store_true"
        elif self.repeat:
            options["action"] = "append"
        elif not self.positional:
            options["action"] = _Once
        if self.nargs:
            options["nargs"] = self.nargs
        if self.default is not None:
            options["default"] = self.default
        for name in ("type", "choices", "metavar", "dest"):
            if getattr(self, name) is not None:
                options[name] = getattr(self, name)
        parser.add_argument(self.name, **options)

    def from_url(self, path: Mapping[str, str], query: Any, name: str | None = None) -> Any:
        """Its value in a request (``query``: Starlette's multi-dict of the query), read
        under ``name`` when the page names it otherwise; a positional so named comes
        from the query (``/search?q=…``), not the path."""
        param = name or self.param
        if self.positional:
            value = _single(query, param) if name else path.get(param)
            if self.nargs in ("+", "*"):
                return [value] if value is not None else []
            return value
        if self.switch:
            return param in query
        if self.repeat:
            return query.getlist(param) or None
        value = _single(query, param)
        if value is None:
            return self.default
        try:
            return self.type(value) if self.type else value
        except ValueError as err:
            kind = "a whole number" if self.type is int else "a number" if self.type is float else "valid"
            raise KbError(f"bad parameter: {param}: {value!r} is not {kind}") from err

    def words(self, value: Any) -> list[str]:
        """The command-line words giving ``value`` (none for the default; a blank value,
        an empty form field, is no value)."""
        values = [v for v in (value if isinstance(value, list) else [value]) if str(v).strip()]
        if self.positional:
            return [] if value is None else [str(v) for v in values]
        if value is None or value is False or value == self.default or not values:
            return []
        if self.switch:
            return [self.name]
        return [word for v in values for word in (self.name, str(v))]


@dataclass(frozen=True)
class WebPage:
    """One URL showing a command's answer (its ``.json`` twin is added by the web app).

    Several pages may share a URL: the first whose ``when`` holds of the arguments
    answers, with the command (and arguments) ``via`` names, if not its own."""

    path: str
    template: str
    title: Callable[[Any, argparse.Namespace], str]            # (the answer's JSON, the arguments)
    #: what else the template needs: (the answer's JSON, the arguments, the open KB)
    context: Callable[[Any, argparse.Namespace, Any], dict[str, Any]] | None = None
    #: arguments the URL's query names otherwise than the command line: {"query": "q"}
    params: Mapping[str, str] = field(default_factory=dict)
    #: fields read beside the arguments (``text``: the text ``kb cite`` reads from a file)
    fields: tuple[str, ...] = ()
    #: POST: the arguments come from the body (a form or a JSON object), not the query
    methods: tuple[str, ...] = ("GET",)
    #: the argument that, blank, shows the page's empty form (its ``.json`` twin answers anyway)
    form: str | None = None
    #: the page answers only when this holds of the arguments and the KB, open read-only (of the pages of
    #: one URL, the first: a range of rules is its contents when its text is long)
    when: Callable[[argparse.Namespace, sqlite3.Connection], bool] | None = None
    #: the command answering, and its arguments, when not the page's own (``/rules/7``: ``kb toc 7``)
    via: Callable[[argparse.Namespace], tuple[str, argparse.Namespace]] | None = None


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    args: tuple[Arg, ...] = ()
    #: the answer, from the open KB (or its home, if ``searches``) and the arguments
    #: (None: ``main`` does everything)
    answer: Callable[[Any, argparse.Namespace], Answer] | None = None
    #: the text printed without --json (default: the answer's render())
    text: Callable[[Any, argparse.Namespace], str] | None = None
    #: why an answer given is still "not found" (exit 1, HTTP 404), or None
    missing: Callable[[Any], str | None] | None = None
    #: "not found" is an exit code only: on the web the answer is still a page (HTTP 200), as a
    #: search finding nothing lists nothing (a script reads `kb search`'s exit 1, as grep's)
    missing_is_a_page: bool = False
    #: a command printing more than one view, or none
    main: Callable[[argparse.Namespace], int] | None = None
    #: answered from a search session (the KB and its index), not a bare connection
    searches: bool = False
    #: ``kb search -``: the answers of the lines of standard input, one JSON object a line
    batch: Callable[[Path, argparse.Namespace], int] | None = None
    pages: tuple[WebPage, ...] = ()

    def parse_url(self, path: Mapping[str, str], query: Any, page: WebPage | None = None) -> argparse.Namespace:
        """The arguments a request gives, as the command line would have parsed them
        (with the names ``page`` gives them, and its fields)."""
        names = page.params if page else {}
        args = {arg.key: arg.from_url(path, query, names.get(arg.key)) for arg in self.args}
        return argparse.Namespace(**args, **{name: query.get(name, "") for name in (page.fields if page else ())})

    def words(self, args: argparse.Namespace) -> list[str]:
        """``args`` as a command line (without ``kb``): the page's "same with the CLI" line."""
        return [self.name, *(word for arg in self.args for word in arg.words(getattr(args, arg.key, None)))]

    def not_found(self, answer: Any) -> str | None:
        return self.missing(answer) if self.missing else None

    def open(self, home: Path) -> Any:
        """``with command.open(home) as kb``: what its answer reads, the KB read-only
        (a search session: the KB and its index, if ``searches``), closed after."""
        if self.searches:
            from kb.views.search import Session  # lazy: whoosh only where a command searches

            return Session(home)
        return closing(store.connect(home))

    def run(self, args: argparse.Namespace) -> int:
        """The command on the command line: its answer printed, its exit code."""
        if self.main is not None:
            return self.main(args)
        assert self.answer is not None
        if self.batch is not None and getattr(args, self.args[0].key) == ["-"]:
            return self.batch(resolve_home(args.home), args)
        with self.open(resolve_home(args.home)) as kb:
            answer = self.answer(kb, args)
            missing = self.not_found(answer)
            text = shared.dumps(shared.failed_json(answer.to_json(), missing)) if args.json else \
                self.text(answer, args) if self.text else answer.render()
        if missing:  # said once, as every error is: a "kb:" line on standard error, the answer leaving it out
            print(f"kb: {missing}", file=sys.stderr, flush=True)
        if text:
            print(text)
        return 1 if missing else 0


def connect(home: str | None) -> closing[sqlite3.Connection]:
    """``with connect(home) as conn``: the KB read-only, closed when the block ends."""
    return closing(store.connect(resolve_home(home)))


def _date(text: str | None) -> str | None:
    from kb.views import rules as views

    return views.iso_date(text) if text else None


# -- the answers ------------------------------------------------------------------------------


def show(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import rules as views

    on, as_of = _date(args.edition), _date(args.as_of)
    if on and as_of:
        raise KbError("--edition and --as-of cannot be used together (--as-of reads a number as that edition did)")
    langs = views.lang_tags(args.lang)

    def at(number: RuleNumber, lang: str, edition: str | None) -> views.View:  # 702.124k@en/2025-11-14
        if on or as_of:
            raise KbError(f"{number}@{lang}/{edition or 'undated'} names its edition already: give no --edition"
                          " or --as-of with it")
        return views.at_edition(conn, number, lang, edition, langs)

    if as_of:
        return views.named(conn, args.rule, lambda number: views.as_of(conn, number, as_of, langs), at=at)
    return views.named(conn, args.rule, lambda number: views.show(conn, number, langs, on), views.shown_rules(conn),
                       at=at)


def refs(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import rules as views

    on = _date(args.edition)

    def at(number: RuleNumber, lang: str, edition: str | None) -> views.View:  # 702.124k@en/2025-11-14
        if on or args.lang:
            raise KbError(f"{number}@{lang}/{edition or 'undated'} names its language and edition already: give no"
                          " --lang or --edition with it")
        return views.refs_at(conn, number, lang, edition)

    return views.named(conn, args.rule, lambda number: views.refs(conn, number, args.lang, on), at=at)


def toc(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import rules as views
    from kb.views.toc import Tocs, listed, toc

    lang = views.held_lang(conn, args.lang) if args.lang else views.default_lang(conn)
    on = _date(args.edition)
    if args.rule and _several([args.rule]):  # 700-799, 702.1-702.190: each one's contents, in the order named
        # each a number's table: its ``number`` is never None, as a View's
        found = views.named(conn, [args.rule], lambda number: cast("views.View", listed(conn, number, lang, on)), Tocs)
        targets = views.address_of([args.rule]).targets
        if isinstance(found, Tocs) and len(targets) == 1:  # a range: the way around it, from the ends asked
            # (the Italian seed holds 729-731 of 700-799: they stepped to 729 and 731, inside the range)
            return replace(found, navigation=views.range_navigation(conn, [targets[0].first, targets[0].last]))
        return found
    return toc(conn, views.one_number(args.rule) if args.rule else None, lang, on)


def diff(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import rules as views
    from kb.views.history import diff_editions

    missing = [name for name in ("old", "new") if not (getattr(args, name) or "").strip()]
    if missing:  # the form of /diff sent with a field left blank, or /diff.json alone
        raise KbError(f"give the {' and the '.join(missing)} edition to compare (YYYY-MM-DD;"
                      " kb editions lists those held)")
    return diff_editions(conn, normalize_tag(args.lang), views.iso_date(args.old), views.iso_date(args.new))


def history(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import rules as views
    from kb.views.history import history

    lang = views.held_lang(conn, args.lang) if args.lang else None

    def at(number: RuleNumber, written: str, edition: str | None) -> views.View:  # 702.124k@en/2025-11-14
        # the rule that text is, in the language asked, else in the address's own
        return history(conn, views.text_at(conn, number, written, edition).rule, lang or written, asked=number)

    return views.named(conn, args.rule, lambda number: history(conn, str(number), lang or views.held_lang(conn, "en")),
                       at=at)


def card(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import card as cards  # lazy: its name tools are not needed by the other commands

    if args.name and args.letter:
        raise KbError("--letter lists the cards under a letter: give it without a card name")
    return cards.card(conn, " ".join(args.name)) if args.name else cards.card_index(conn, args.letter)


def glossary(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import glossary as entries

    on = _date(args.edition)
    if not args.term:
        return entries.glossary_index(conn, args.lang, on)
    return entries.glossary(conn, " ".join(args.term), args.lang, on)


def _no_entry(answer: Any) -> str | None:
    return getattr(answer, "message", "") or None  # the index of every headword has none


def _no_result(answer: Any) -> str | None:
    """A search that found nothing (no rule, entry or card) is not found, as `kb ask`'s
    question no rule answers is (exit 1, like grep); None when it found something."""
    from kb.views.search import nothing_found

    return nothing_found(answer)


def _no_card(answer: Any) -> str | None:
    return answer.message if hasattr(answer, "resolution") and answer.view is None else None


def _refs_text(answer: Any, args: argparse.Namespace) -> str:
    from kb.views import rules as views

    return answer.render(args.all) if isinstance(answer, views.RefsView) else answer.render()


def editions(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views import rules as views

    return views.EditionsView(views.editions(conn))


def check(conn: sqlite3.Connection, args: argparse.Namespace) -> Answer:
    from kb.views.check import check

    return check(conn, normalize_tag(args.lang), _date(args.edition))


# -- commands printing something else than one view -------------------------------------------


def _semantic(args: argparse.Namespace) -> bool | None:
    return None if args.semantic is None else args.semantic == "on"


def main_build(args: argparse.Namespace) -> int:
    from kb.build import EMBEDDED_CORPUS, build
    from kb.cli import progress, say

    home = resolve_home(args.home)
    with progress() as step:
        report = build(args.sources or [EMBEDDED_CORPUS], home, accept_damaged=args.accept_damaged,
                       allow_partial=args.allow_partial, override_format=args.format, override_lang=args.lang,
                       progress=step, semantic=_semantic(args), waiting=say, downgrade=args.downgrade)
    print(shared.dumps(report.to_json()) if args.json else report.render())
    return 0


def main_index(args: argparse.Namespace) -> int:
    from kb.build import index

    home = resolve_home(args.home)
    if not store.db_path(home).exists():
        raise KbError("no KB here: run `kb build` first", str(home))
    from kb.cli import progress, say

    with progress() as step:
        info = index(home, _semantic(args), step, waiting=say, downgrade=args.downgrade)
    state = "ready" if info.built else "already up to date"
    print(f"search index {state}" + (f" ({info.seconds:.1f} s)" if info.built else "")
          + (", with the rules' vectors (semantic on)" if info.semantic else ""))
    return 0


def main_fetch(args: argparse.Namespace) -> int:
    from kb.cli import fetch_and_build

    return fetch_and_build(args)


def search(session: Any, args: argparse.Namespace) -> Answer:
    return session.search(" ".join(args.query), args.lang, args.query_lang, args.limit)


def search_lines(home: Path, args: argparse.Namespace) -> int:
    from kb.views.search import batch

    return batch(home, lambda session, line: session.search(line, args.lang, args.query_lang, args.limit),
                 missing=_no_result)


def _no_answer(answer: Any) -> str | None:
    """A question no rule answers is not found (exit 1), its answer given whole, as a search
    finding nothing is: `kb ask --json` printed an error object alone, `/ask.json` a 404."""
    return answer.missing


def ask(session: Any, args: argparse.Namespace) -> Answer:
    from kb.views.ask import ask

    return ask(session, " ".join(args.question), args.lang, args.query_lang)


def ask_lines(home: Path, args: argparse.Namespace) -> int:
    from kb.views.ask import ask
    from kb.views.search import batch

    return batch(home, lambda session, line: ask(session, line, args.lang, args.query_lang), key="question",
                 missing=_no_answer)


def _in_color(answer: Any, args: argparse.Namespace) -> str:
    return answer.render(color=sys.stdout.isatty())


def main_export(args: argparse.Namespace) -> int:
    from kb.views.export import export

    with connect(args.home) as conn:
        for line in export(conn, args.what, args.lang, args.edition).lines():
            sys.stdout.write(line)
    return 0


def cite(conn: sqlite3.Connection, args: argparse.Namespace) -> Any:
    """The citations of ``args.text`` (read from ``args.file`` on the command line, from
    the form on the web), each updated to the edition asked."""
    from kb.views.cite import cite

    return cite(conn, args.text, _date(args.as_of), _date(args.to), normalize_tag(args.lang) if args.lang else None)


def main_cite(args: argparse.Namespace) -> int:
    """The updated text on standard output, the table on standard error (so that
    ``kb cite old.md > new.md`` works); ``--json``: the table with the text in it.  Exit 1
    with ``--check`` when anything would change or needs a look; without it, when the text
    written out keeps a removed rule's number that now names another rule."""
    from kb.cli import read_text

    text = read_text(args.file)
    with connect(args.home) as conn:
        answer = cite(conn, argparse.Namespace(**vars(args), text=text))
    if args.json:
        print(shared.dumps(answer.to_json()))
    elif args.check:
        print(answer.render())
    else:
        sys.stdout.write(answer.text)
        print(answer.render(), file=sys.stderr)
    if args.check:
        return 1 if answer.changed or answer.attention else 0
    return 1 if answer.misnamed else 0  # the text written out cites a number that now names another rule


def main_serve(args: argparse.Namespace) -> int:
    from kb.web import serve  # lazy: only `kb serve` needs the web stack

    serve(resolve_home(args.home), args.host, args.port, args.workers, args.allowed_hosts, args.max_pending,
          args.time_budget, args.stale_seconds)
    return 0


# -- what the pages' templates need beside the answer -----------------------------------------


def parts(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The answers of a page naming several rules (``/refs/702.19b-d``), or its one answer."""
    return data.get("rules", [data])


def by_language(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The editions held, grouped by language (newest first, as the store lists them): ``dated``
    counts the editions, ``undated`` whether texts without a date are held besides (the home page
    said "2 editions" of English holding one edition and the undated web-page seed)."""
    held: dict[str, dict[str, Any]] = {}
    for row in rows:
        entry = held.setdefault(row["lang"], {"lang": row["lang"], "editions": [], "texts": 0, "dated": 0,
                                              "undated": False})
        entry["editions"].append(row)
        entry["texts"] += row["texts"]
        entry["dated"] += row["edition"] is not None
        entry["undated"] |= row["edition"] is None
    return list(held.values())


def _check_kinds(data: Any, args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    from kb.views.check import KINDS

    return {"kinds": KINDS}


def _card_title(data: dict[str, Any], args: argparse.Namespace) -> str:
    return data["card"]["name"] if data.get("card") else f"No card resolved for “{echoed(' '.join(args.name))}”"


def _letters_context(data: dict[str, Any], args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    """The letters before and after the one shown, for the card index's way around."""
    from kb.views.card import neighbour_letters

    previous, following = neighbour_letters(data["letters"], data["letter"])
    return {"previous": previous, "next": following}


#: Card rulings listed on a rule's page (its references page lists them all).
RULINGS_ON_RULE_PAGE = 10
#: Search results per page, as ``kb search`` shows by default.
SEARCH_LIMIT = 10


def _several(rule: list[str]) -> bool:
    """A range or a list (``702.19b-d``), not one number (``702.19``)."""
    from kb.views import rules as views

    targets = views.address_of(rule).targets
    return len(targets) != 1 or targets[0].is_range


def _one_target(args: argparse.Namespace) -> bool:
    """``/rules/702.19``, not a range or a list (``/rules/702.19b-d``)."""
    return not _several(args.rule)


def _chapters(rule: list[str]) -> bool:
    """A range or a list of sections or chapters (``700-799``, ``701,702``), whose page is their contents
    whatever they hold."""
    from kb.views import rules as views

    return _several(rule) and all(target.first.depth <= 1 for target in views.address_of(rule).targets)


def _chapters_named(args: argparse.Namespace, conn: sqlite3.Connection) -> bool:
    """``/rules/700-799``, ``/rules/701,702``: sections or chapters named, whose page is their
    contents (their full text, 1.57 MB for 700-799, is ``/rules/700-799/text``); and a range or a
    list of rules whose text is long (``/rules/702.1-702.190``, 864 KB: :data:`TEXT_PAGE_MOST`)."""
    from kb.views import rules as views

    if args.as_of or not _several(args.rule):
        return False
    return _chapters(args.rule) or views.shown_count(conn, args.rule) > views.TEXT_PAGE_MOST


def _chapters_contents(args: argparse.Namespace) -> tuple[str, argparse.Namespace]:
    """The contents of the chapters named (``kb toc 700-799``), in the first language asked."""
    return "toc", argparse.Namespace(rule=",".join(args.rule), lang=args.lang[0] if args.lang else None,
                                     edition=args.edition, asked=args.lang or [])


def _chapters_context(data: dict[str, Any], args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    """Each one's contents, the link to the full text of them all with how many texts it holds, and the
    language and edition of them all, said once when they share it (702.1-702.190 said it 190 times);
    of a range, the way around it and the languages form its full text's page has (it had neither)."""
    from kb.web.markup import text_url

    shown = parts(data)
    editions = {(part["lang"], part["edition"]) for part in shown}
    # the texts the full text shows: each one's and those its contents list (all of them, but under a section)
    texts = None if any(part["kind"] == "section" for part in shown) else sum(1 + len(p["entries"]) for p in shown)
    asked = getattr(args, "asked", None) or []
    numbers = [RuleNumber.parse(part["rule"]) for part in shown if part.get("rule")]
    return {"parts": shown, "full_text": text_url(data["address"], asked, args.edition),
            "texts": texts, "shared": editions.pop() if len(editions) == 1 else None,
            "navigation": data.get("navigation"),  # of a range: `kb toc` gives it (a list has none)
            # checked as asked, else as the full text shows it: the languages holding its first rule
            "held": store.languages(conn),
            "asked": asked or ([lang for lang, _ in store.holders(conn, str(numbers[0]))] if numbers else []),
            "edition": args.edition or ""}


def _contents_page(args: argparse.Namespace, conn: sqlite3.Connection) -> bool:
    """``/rules/7``, ``/rules/702``: a section or a chapter, whose page is its contents."""
    from kb.views import rules as views

    return _one_target(args) and views.address_of(args.rule).targets[0].first.depth <= 1 and not args.as_of


def _several_or_as_of(args: argparse.Namespace, conn: sqlite3.Connection) -> bool:
    return bool(args.as_of) or not _one_target(args)


def _contents(args: argparse.Namespace) -> tuple[str, argparse.Namespace]:
    """A section's or a chapter's page is its contents, in the first language asked (the full text
    of section 7 is 1.8 MB, of chapter 702 835 KB: a phone waited for it), with the languages
    asked kept for the link to its full text."""
    from kb.views import rules as views

    number = str(views.address_of(args.rule).targets[0].first)
    return "toc", argparse.Namespace(rule=number, lang=args.lang[0] if args.lang else None, edition=args.edition,
                                     asked=args.lang or [])


def _contents_title(data: dict[str, Any], args: argparse.Namespace) -> str:
    """"Section 7: Additional Rules", "Chapter 702: Keyword Abilities"."""
    kind = str(data["kind"]).capitalize()
    return f"{kind} {data['number']}: {data['title']}" if data["title"] else f"{kind} {data['number']}"


def _contents_context(data: dict[str, Any], args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    """The link to a chapter's (or a rule's) full text, in the languages and edition asked (a
    section has none: its full text is a range of chapters); and the languages whose contents of
    the same number the page links, as a rule's page offers its languages (the contents showed
    English alone, the others only to whom knew ``?lang=``): those holding a text of it, and for
    the whole contents those held in dated editions (the undated Italian seed has no contents)."""
    from kb.web.markup import text_url

    rule = data.get("rule")
    switch = (sorted(store.languages_of(conn, [rule]).get(rule, ())) if rule
              else [lang for lang in store.languages(conn) if store.newest_of(conn, lang)])
    context = {"switch": switch, "edition": getattr(args, "edition", None) or ""}
    if not data["number"] or data["kind"] == "section":
        return {**context, "full_text": None}
    asked = getattr(args, "asked", None) or ([args.lang] if args.lang and args.lang != "en" else [])
    return {**context, "full_text": text_url(data["rule"], asked, args.edition)}


def _chapter_title(data: dict[str, Any]) -> str | None:
    """The title of the chapter a rule page shows ("Keyword Abilities" for 702), in its first
    language; None for a rule or subrule, or a chapter without one."""
    blocks = data["languages"]
    first = blocks[0]["rules"][0] if blocks and blocks[0]["rules"] else None
    return (first["title"] or None) if data["kind"] == "chapter" and first is not None else None


def _rule_title(data: dict[str, Any]) -> str:
    """"Chapter 702: Keyword Abilities", as a section's page is "Section 7: Additional Rules"; "Rule 702.19"."""
    title = _chapter_title(data)
    return f"Chapter {data['number']}: {title}" if title else f"Rule {data['number']}"


def _the_rule(args: argparse.Namespace) -> tuple[str, argparse.Namespace]:
    """One rule, named by its number as the KB writes it (``CR 702.19B``: ``kb show 702.19b``)."""
    from kb.views import rules as views

    number = str(views.address_of(args.rule).targets[0].first)
    return "show", argparse.Namespace(**{**vars(args), "rule": [number]})


def _rules_context(data: dict[str, Any], args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    """A range's page, as a rule's: its way up, its languages form (checked as asked, or as
    shown by default) and the rules around it."""
    shown = parts(data)
    context = {"parts": [{"data": part, "rows": rows(part)} for part in shown],
               "link_langs": _link_langs(conn, shown, [b["lang"] for b in shown[0]["languages"]] if args.lang else [])}
    if args.as_of:  # a number as it was: no form, no way around (the rules.html of several `kb show`)
        return context
    langs = dict.fromkeys(lang for part in shown for lang in [*(b["lang"] for b in part["languages"]),
                                                            *part.get("missing", [])])
    return {**context, "held": store.languages(conn), "asked": list(langs), "ancestors": _ancestors(data),
            "edition": args.edition or ""}


def _rule_context(view: dict[str, Any], args: argparse.Namespace, conn: sqlite3.Connection) -> dict[str, Any]:
    """A rule's page shows what it cites and what cites it, and the way up to its section; its
    languages form stays on its page (a chapter's text: ``/rules/702`` is its contents)."""
    from kb.views import rules as views
    from kb.web.markup import text_url

    wanted = _identity(view) or RuleNumber.parse(args.rule[0])
    try:
        cited = views.refs(conn, wanted, None, _date(args.edition)).to_json()
    except NotFound:  # a text with no English counterpart: nothing cites it in English
        cited = None
    number = view["number"]
    action = text_url(number) if view["kind"] in ("section", "chapter") else f"/rules/{number}"
    return {"refs": cited, "rows": rows(view), "held": store.languages(conn), "action": action,
            "asked": [b["lang"] for b in view["languages"]] + view["missing"],
            "ancestors": _ancestors(view), "chapter_title": _chapter_title(view),
            "edition": args.edition or "",
            "link_langs": _link_langs(conn, [view], [b["lang"] for b in view["languages"]] if args.lang else []),
            "rulings_shown": RULINGS_ON_RULE_PAGE}


def _identity(view: dict[str, Any]) -> RuleNumber | None:
    """The identity of the rule a page shows (the Italian 729.2d is rule 730.2d), if one."""
    blocks = view.get("languages") or [{}]
    rules = blocks[0].get("rules") or [{}]
    found = str(rules[0].get("rule") or "")
    return RuleNumber.parse(found) if found and "@" not in found else None


def _ancestors(view: dict[str, Any]) -> list[str]:
    """The way up from a rule, by identity, as its "up" link goes: the Italian 729.2d is rule
    730.2d, under 7 › 730 › 730.2 (not under the English 729, subgames)."""
    parent = (view.get("navigation") or {}).get("parent")
    if not parent:
        return []
    up = RuleNumber.parse(parent)
    return [str(a) for a in reversed(list(up.ancestors()))] + [str(up)]


def _link_langs(conn: sqlite3.Connection, shown: list[dict[str, Any]], asked: list[str]) -> Any:
    """The languages the links of rule pages carry (:class:`kb.web.markup.LinkLangs`): of those
    asked, the ones each rule linked to holds."""
    from kb.web.markup import LinkLangs

    if not asked:
        return LinkLangs()
    linked: set[str] = set()
    for view in shown:
        number = RuleNumber.parse(view["number"])
        linked |= {str(a) for a in number.ancestors()} | set(_ancestors(view))
        linked |= {n for n in (view.get("navigation") or {}).values() if n}
        for block in view.get("languages", []):
            for text in block.get("rules", []):
                linked.add(text.get("rule", ""))
                linked |= {n for ref in text.get("references", []) for n in ref["numbers"]}
    return LinkLangs(tuple(asked), store.languages_of(conn, linked))


def rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The texts of a rule page lined up by identity: one row per rule of the newest
    English edition (730.2a beside Italian 729.2a), one cell per language shown."""
    blocks = view["languages"]
    order: dict[str, dict[str, Any]] = {}
    head = RuleNumber.parse(view["number"])
    for column, block in enumerate(blocks):
        for text in block["rules"]:
            key = text["rule"]
            while key in order and order[key]["cells"][column] is not None:  # a duplicate-numbered variant
                key += "+"
            row = order.setdefault(key, {"rule": text["rule"], "cells": [None] * len(blocks)})
            row["cells"][column] = text
    for row in order.values():
        number = next(cell for cell in row["cells"] if cell)["number"]
        row["depth"] = max(0, RuleNumber.parse(number).depth - head.depth)
    return list(order.values())


def _search_context(data: dict[str, Any] | None, args: argparse.Namespace, session: Any) -> dict[str, Any]:
    """The search form, filled in; the languages it offers; the same search with more
    results; and above them the rules that answer the query as a question."""
    query = " ".join(args.query)
    more = [("q", query), *(("lang", lang) for lang in args.lang or ()),
            *([("query_lang", args.query_lang)] if args.query_lang else []), ("limit", str(args.limit + SEARCH_LIMIT))]
    extra: dict[str, Any] = {"asked": args.lang or [], "q": query, "query_lang": args.query_lang or "",
                             "more": "/search?" + urlencode(more)}
    if data is None:  # the empty search page: the form
        return {**extra, "held": store.languages(session.conn)}
    held = [e["lang"] for e in data["index"]["editions"]] if data["index"] else store.languages(session.conn)
    return {**extra, "held": held, "ask": _answer_box(session, data, args)}


def _answer_box(session: Any, data: dict[str, Any], args: argparse.Namespace) -> dict[str, Any] | None:
    """``kb ask`` for a search page's query, shown above its results: none for a rule
    address (the results are the rules asked for), for a name typed alone (`trample`: its
    definition and its rules are the results, and the box repeated the first of them word for
    word, pushing them below a phone's first screen), for a card asked about alone (the rules
    its rulings link to) or when no rule answers."""
    from kb.views.ask import ask

    term = data["box"]["term"]
    if data["box"]["kind"] == "rules" or (data["card_span"] or {}).get("searched", "") is None \
            or (data["box"]["kind"] == "term" and term is not None and not term["about"]):
        return None
    try:
        answer = ask(session, data["query"], args.lang, args.query_lang)
    except KbError:
        return None
    return None if answer.missing else answer.to_json()


def _diff_form(data: Any, args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    """The form of ``/diff``: the languages held in dated editions and their editions, newest first,
    the two newest English ones chosen unless others were asked."""
    dated = {lang: list(reversed(store.dated_editions(conn, lang))) for lang in store.languages(conn)}
    dated = {lang: editions for lang, editions in dated.items() if editions}
    english = dated.get("en") or next(iter(dated.values()), [])
    return {"form": {"old": args.old or (english[1] if len(english) > 1 else ""),
                     "new": args.new or (english[0] if english else ""), "lang": args.lang or "en"},
            "dated": dated, "every_edition": sorted({e for editions in dated.values() for e in editions}, reverse=True),
            "comparable": any(len(editions) > 1 for editions in dated.values())}


def _cite_form(data: Any, args: argparse.Namespace, conn: Any) -> dict[str, Any]:
    return {"form": {"text": args.text, "as_of": args.as_of or "", "to": args.to or "", "lang": args.lang or ""}}


def _rule_pages(path: str) -> tuple[WebPage, ...]:
    """The pages of `kb show` at ``path``: a range's, a list's or a number as it was; a rule's."""
    return (WebPage(path, "rules.html", lambda data, args: f"{args.rule[0]} as of {_date(args.as_of)}"
                    if args.as_of else f"Rules {args.rule[0]}", _rules_context, when=_several_or_as_of),
            WebPage(path, "rule.html", lambda data, args: _rule_title(data), _rule_context, via=_the_rule))


# -- the table --------------------------------------------------------------------------------

LANG = Arg("--lang", "language (default: English if held)")
LANGS = Arg("--lang", "language (repeat for side by side)", repeat=True)
EDITION = Arg("--edition", "the edition in force on this date (YYYY-MM-DD)")
RULES = Arg("rule", ADDRESS_HELP, nargs="+")
SEMANTIC = Arg("--semantic", "on: rank English, Italian and Chinese questions with a sentence model too "
               "(needs kb[semantic]; the first build embeds every English and Chinese rule, minutes); off: words "
               "only (default: as this KB had it)",
               choices=("on", "off"))
DOWNGRADE = Arg("--downgrade", "replace a search index that a newer version of kb built (refused otherwise: "
                "the newer kb would have to build it again)", switch=True)

TABLE: tuple[Command, ...] = (
    Command("build", "build the KB from rules documents", (
        Arg("sources", "files or folders (default: the embedded corpus)", nargs="*", type=Path, metavar="SOURCE"),
        Arg("--format", "read every source as this format (default: detect)"),
        Arg("--lang", "read every source as this language (default: detect)"),
        Arg("--accept-damaged", "keep truncated or duplicate-numbered documents, with the damage listed",
            switch=True),
        Arg("--allow-partial", "write the KB even if some inputs cannot be read (they are listed as dropped) "
            "or no rule texts were read", switch=True), SEMANTIC, DOWNGRADE),
        main=main_build),
    Command("show", "show a rule with its subrules", (
        RULES, LANGS, EDITION,
        Arg("--as-of", "read RULE as the English edition in force on this date numbered it (YYYY-MM-DD),"
            " and say what it is today")),
        answer=show,
        pages=(WebPage("/rules/{rule}", "toc.html", _contents_title, _contents_context, when=_contents_page,
                       via=_contents),
               # chapters named, or rules whose text is long: their contents
               WebPage("/rules/{rule}", "tocs.html", lambda data, args: f"Rules {data['address']}: contents",
                       _chapters_context, when=_chapters_named, via=_chapters_contents),
               *_rule_pages("/rules/{rule}"),
               # the full text of a chapter (or of any rule), as `kb show` prints it
               *_rule_pages("/rules/{rule}/text"))),
    Command("refs", "what a rule cites and what cites it", (
        RULES, LANG, EDITION,
        Arg("--all", "also list the citations through a chapter or section", switch=True)),
        answer=refs,
        text=_refs_text,
        pages=(WebPage("/refs/{rule}", "refs.html", lambda data, args: f"References of rule {args.rule[0]}",
                       lambda data, args, conn: {"rulings_shown": None, "parts": parts(data)}),)),
    Command("toc", "the table of contents: sections, chapters, rules", (
        Arg("rule", "a section (7), chapter (702) or rule (702.19): what is under it"
            " (default: the sections and their chapters); a range or a list of chapters (700-799): each one's",
            nargs="?"),
        LANG, EDITION),
        answer=toc,
        pages=(WebPage("/rules", "toc.html", lambda data, args: "Contents", _contents_context),)),
    Command("diff", "what changed between two editions", (
        Arg("old", "the old edition: its date, or any date it was in force (YYYY-MM-DD)"),
        Arg("new", "the new edition, likewise"),
        Arg("--lang", "language (default: en)", default="en")),
        answer=diff,
        pages=(WebPage("/diff/{old}/{new}", "diff.html",
                       lambda data, args: f"{normalize_tag(args.lang)} {data['old']} → {data['new']}"),
               # blank: a form to pick the two editions, as /cite shows one
               WebPage("/diff", "diff.html", lambda data, args: f"{normalize_tag(args.lang)} {data['old']} →"
                       f" {data['new']}" if data else "Compare two editions", _diff_form,
                       params={"old": "old", "new": "new"}, form="old"))),
    Command("history", "one rule through every edition", (
        Arg("rule", "the rule's number in the newest English edition (" + ADDRESS_HELP + ")", nargs="+"),
        Arg("--lang", "language (default: en, or the language RULE@LANG/EDITION names)")),
        answer=history,
        pages=(WebPage("/rules/{rule}/history", "history.html",
                       lambda data, args: f"History of rule {data.get('rule') or data.get('address')}",
                       lambda data, args, conn: {"parts": parts(data)}),)),
    Command("fetch", "download the current English rules and rebuild", (
        Arg("--url", "the rules page to read (default: the official one)"),),
        main=main_fetch),
    Command("card", "a card by any of its names, its rulings and their rules", (
        Arg("name", "a card name in any language, even misspelled (none: the cards held under --letter)",
            nargs="*"),
        Arg("--explain", "show how the name was resolved to the card (the evidence)", switch=True),
        Arg("--letter", "without a name: the cards whose English name starts with this letter (A-Z, # for "
            "others; default: the first held), and how many each letter holds")),
        answer=card, missing=_no_card,
        text=lambda answer, args: answer.render(args.explain) if args.name else answer.render(),
        pages=(WebPage("/cards", "cards.html", lambda data, args: f"Cards: {data['letter']}", _letters_context),
               WebPage("/cards/{name:path}", "card.html", _card_title))),
    Command("glossary", "a glossary entry side by side in every language", (
        Arg("term", "a headword or an alias, in any language (Color Identity, 标识色); none: every headword held",
            nargs="*"),
        Arg("--lang", "language (repeat for several; default: every one held)", repeat=True),
        Arg("--edition", "each language's edition in force on this date (YYYY-MM-DD; default: the newest)")),
        answer=glossary, missing=_no_entry,
        pages=(WebPage("/glossary", "glossary_index.html", lambda data, args: "Glossary"),
               WebPage("/glossary/{term:path}", "glossary.html",
                       lambda data, args: f"Glossary: {echoed(' '.join(args.term))}"))),
    Command("index", "build the search index of the KB (kb build does it too)", (SEMANTIC, DOWNGRADE), main=main_index),
    Command("search", "rules by words or numbers, in any language, side by side", (
        Arg("query", 'words, "a phrase", a rule address (601.2a-h), a name (even misspelled) or a card name, '
            'in any language held; "-": one query per line of standard input, one JSON object per line out',
            nargs="+"),
        Arg("--lang", "language to show (repeat for side by side; every language is searched)", repeat=True),
        Arg("--query-lang", "the query's language (default: detected)"),
        Arg("--limit", "rules to show (default: 10)", type=int, default=10)),
        answer=search, searches=True, batch=search_lines, text=_in_color, missing=_no_result, missing_is_a_page=True,
        pages=(WebPage("/search", "search.html", lambda data, args: f"Search: {echoed(' '.join(args.query))}" if data
                       else "Search", _search_context, params={"query": "q", "query_lang": "query_lang"},
                       form="query"),)),
    Command("ask", "the rules that answer a question, quoted (offline)", (
        Arg("question", 'a question in any language held; "-": one question per line of standard input, '
            "one JSON object per line out", nargs="+"),
        Arg("--lang", "language to show (repeat for side by side; every language is searched)", repeat=True),
        Arg("--query-lang", "the question's language (default: detected)")),
        answer=ask, searches=True, batch=ask_lines, text=_in_color, missing=_no_answer, missing_is_a_page=True,
        pages=(WebPage("/ask", "ask.html",
                       lambda data, args: f"Ask: {echoed(' '.join(args.question))}" if data else "Ask",
                       lambda data, args, session: {"q": " ".join(args.question)},
                       params={"question": "q", "query_lang": "query_lang"}, form="question"),)),
    Command("export", "export a part of the KB as JSON lines", (
        Arg("--what", "what to export, one JSON object a line (default: rules)", default="rules",
            choices=("rules", "glossary", "cards", "rulings", "refs")),
        Arg("--lang", "only this language (repeat for several)", repeat=True),
        Arg("--edition", "only the editions in force on this date (YYYY-MM-DD), or 'undated'"),
        Arg("--json-lines", "JSON lines (the default and only format)", switch=True)),
        main=main_export),
    Command("editions", "list the languages and editions held", answer=editions,
            pages=(WebPage("/", "index.html", lambda data, args: "The Comprehensive Rules, side by side",
                           lambda data, args, conn: {"held": by_language(data)}),
                   WebPage("/editions", "editions.html", lambda data, args: "Editions",
                           lambda data, args, conn: {"held": by_language(data)}))),
    # -- tools for authors and translators (kb/views/cite.py, kb/views/check.py)
    Command("cite", "update the rule citations of a text to a newer edition", (
        Arg("file", "the text (default: standard input)", nargs="?", type=Path),
        Arg("--as-of", "the date the text was written against (default: detected from its citations)"),
        Arg("--to", "update to the edition in force on this date (default: the newest held)"),
        Arg("--lang", "the text's language: en, it, zh-Hans (default: detected)"),
        Arg("--check", "write nothing; exit 1 when a citation would change or needs a look", switch=True)),
        answer=cite, main=main_cite,
        pages=(WebPage("/cite", "cite.html", lambda data, args: "Updated citations" if data else "Update citations",
                       _cite_form, params={"as_of": "as_of"}, fields=("text",), methods=("GET", "POST"),
                       form="text"),)),
    Command("check", "check a translation against its English source", (
        Arg("lang", "the translation's language (zh-Hans)"),
        Arg("--edition", "the edition published or in force on this date (default: the newest)")),
        answer=check,
        pages=(WebPage("/check/{lang}", "check.html",
                       lambda data, args: f"Check of {normalize_tag(args.lang)} {data['edition']}", _check_kinds),)),
    Command("serve", "browse the KB in a web browser (every page has JSON)", (
        Arg("--host", "address to listen on (default: 127.0.0.1)", default="127.0.0.1"),
        Arg("--port", "port to listen on (default: 8000)", type=int, default=8000),
        Arg("--workers", "worker processes (default: one per core); each opens the KB read-only", type=int),
        Arg("--allowed-host", "a host name browsers may use to reach the server, beside the address served and"
            " localhost (repeatable; *.example.org for its subdomains; * for any)", repeat=True, metavar="HOST",
            dest="allowed_hosts"),
        Arg("--max-pending", "answers computing or waiting per worker before 503 'busy' (default: 64)",
            type=int, metavar="N"),
        Arg("--time-budget", "seconds a request waits for its answer before 503 (default: 10); the answer is"
            " still computed and kept for the retry", type=float, metavar="SECONDS"),
        Arg("--stale-seconds", "after a rebuild, seconds a page not yet recomputed may be answered from the"
            " previous KB, marked stale (default: 30)", type=float, metavar="SECONDS")),
        main=main_serve),
)

COMMANDS: dict[str, Command] = {command.name: command for command in TABLE}

