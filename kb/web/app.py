"""``kb serve``: the KB as web pages, each with a ``.json`` twin.

Every page is one view of a command of :data:`kb.commands.TABLE`, which declares its
URL, arguments and template once: the view's ``to_json()`` is what ``kb … --json``
prints, what ``/….json`` returns byte for byte, and what the page's template renders,
so the CLI, the API and the HTML cannot drift apart.  A URL ending in ``.json`` is the
JSON twin of the same URL without it (``/`` has ``/index.json``), registered by one
function (``twins``).  A few pages show more than one view and are written out here:
a rule (with its references) or a section (its contents), search (with the answer
box), ask, cite (a form, and POST).

Each request opens the SQLite file read-only and closes it (opening costs well
under a millisecond), so requests share nothing and a rebuild of the KB is seen
by the next request.  Errors map like the CLI's exit codes: not found (1) → 404,
bad input (2) → 400, with the CLI's ``--json`` error body on ``.json`` URLs.

In front of the pages, :mod:`kb.web.serving` caches answers per KB file, bounds
the work of each request and of the process, and hides the server's paths: the
pages themselves stay plain functions of the KB and the request.
"""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
import threading
from argparse import Namespace
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs, quote, urlencode

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException

from indexers import index as rules_index
from kb import commands
from kb.commands import COMMANDS, TABLE, Command, WebPage
from kb.core.errors import KbError, NotFound
from kb.core.lang import display_name, normalize_tag
from kb.core.rulenum import RuleNumber
from kb.store import rules as store
from kb.views import ask as ask_cli
from kb.views import card as card_cli
from kb.views import cite as cite_view
from kb.views import glossary as glossary_cli
from kb.views import rules as views
from kb.views import search as search_cli
from kb.web import markup
from kb.web.serving import Options, Serving, fingerprint

HERE = Path(__file__).parent
#: Card rulings listed on a rule's page (its references page lists them all).
RULINGS_ON_RULE_PAGE = 10
#: Search results per page, as ``kb search`` shows by default.
SEARCH_LIMIT = 10
#: SQLite reads the KB through a memory map this big (the KB of the seeds, three English
#: editions, one Chinese and the card sets weighs 21 MB): pages come from the OS cache
#: without a copy (measured: rule, refs and history views 0.25 s → 0.17 s for six rules).
MMAP_BYTES = 1 << 30

Langs = Annotated[list[str] | None, Query()]
#: The environment variable through which ``kb serve --workers N`` gives each worker its KB
#: and options (workers are started by uvicorn with an import string, not an object).
ENVIRONMENT = "KB_SERVE"


class Unavailable(KbError):
    """The KB answers, but not this yet (its search index is being built): 503, retry."""


@dataclass
class Page:
    """What one request answers: the view's JSON (the ``.json`` twin's body), the
    template rendering it, and what else only the HTML shows."""

    template: str
    data: Any
    title: str
    cli: list[str]                  # the kb command printing ``data`` with --json
    status: int = 200
    extra: dict[str, Any] = field(default_factory=dict)


def from_environment() -> FastAPI:
    """The app of one ``kb serve --workers N`` worker (uvicorn's factory, by import string)."""
    settings = os.environ[ENVIRONMENT]
    home, options = settings.split("\n", 1)
    return create_app(Path(home), Options.from_json(options))


def create_app(home: Path, options: Options | None = None) -> FastAPI:
    """The web app answering from the KB in ``home`` (checked now: no KB, no app)."""
    with closing(store.connect(home)):
        pass
    app = FastAPI(title="kb", docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    templates.env.globals.update(rule_url=markup.rule_url, term_url=markup.term_url, lang_name=_lang_name,
                                 linkify=markup.linkify, link_numbers=markup.link_numbers,
                                 link_terms=markup.link_terms, highlight=markup.highlight, edits=markup.edits,
                                 change=markup.change, example_label=views.example_label,
                                 paired_by=glossary_cli.PAIRED_BY, face_stats=card_cli.face_stats,
                                 doc_name=_doc_name)

    opened = threading.local()  # each worker thread keeps its connection (and SQLite's page cache)

    @contextmanager
    def kb() -> Iterator[sqlite3.Connection]:
        """The KB as it is now, read-only: the thread's connection while the KB file is the
        same, a new one once a build has renamed a new file in."""
        current = fingerprint(home)
        held = getattr(opened, "held", None)
        if held is None or held[0] != current or current is None:
            if held is not None:
                held[1].close()
                opened.held = None
            conn = store.connect(home)
            conn.execute(f"PRAGMA mmap_size = {MMAP_BYTES}")
            opened.held = held = (current, conn)
        yield held[1]

    def answer(request: Request, build: Callable[[], Page]) -> Response:
        as_json = request.url.path.endswith(".json")
        try:
            page = build()
        except KbError as err:
            return _error(request, templates, err, as_json)
        if as_json:
            return _json(page.data, page.status)
        return templates.TemplateResponse(request, page.template, {
            "data": page.data, "title": page.title, "cli": shlex.join(["kb", *page.cli, "--json"]),
            "json_url": _twin(request), "q": "", **page.extra}, status_code=page.status)

    # -- the pages of kb.commands.TABLE: each URL and its .json twin ---------------------------

    def table_page(command: Command, page: WebPage) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            def build() -> Page:
                args = command.parse_url(request.path_params, request.query_params)
                assert command.answer is not None
                with kb() as conn:
                    view = command.answer(conn, args)
                    data = view.to_json()
                status = 404 if command.not_found(view) else 200
                extra = page.context(data, args) if page.context else {}
                return Page(page.template, data, page.title(data, args), command.words(args), status, extra)
            return answer(request, build)
        return endpoint

    def twins(path: str, method: str = "GET") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """The one place a page gets its ``.json`` twin: the endpoint answers both URLs
        (``/`` has ``/index.json``).  The twin is registered first, so that a path
        parameter (``/cards/{name:path}``) never swallows the suffix."""
        def register(endpoint: Callable[..., Any]) -> Callable[..., Any]:
            for url in ("/index.json" if path == "/" else path + ".json", path):
                app.add_api_route(url, endpoint, methods=[method])
            return endpoint
        return register

    for command in TABLE:
        for page in command.pages:
            twins(page.path)(table_page(command, page))

    # -- the pages that are not one view: a rule with its references or a section's contents,
    #    search with its answer box, ask, cite (a form, and POST) --------------------------------

    @twins("/rules/{number}")
    def rule(request: Request, number: str, lang: Langs = None, edition: str | None = None,
             as_of: Annotated[str | None, Query(alias="as-of")] = None) -> Response:
        def build() -> Page:
            text = number
            named = views.address_of([text])
            single = len(named.targets) == 1 and not named.targets[0].is_range
            on = views.iso_date(edition) if edition else None
            when = views.iso_date(as_of) if as_of else None
            if single and named.targets[0].first.depth == 0 and not when:  # a section: its contents
                args = Namespace(rule=str(named.targets[0].first), lang=lang[0] if lang else None, edition=edition)
                with kb() as conn:
                    data = commands.toc(conn, args).to_json()
                return Page("toc.html", data, f"Section {data['number']}: {data['title']}",
                            COMMANDS["toc"].words(args))
            if when or not single:
                args = Namespace(rule=[text], lang=lang, edition=edition, as_of=as_of)
                with kb() as conn:
                    data = commands.show(conn, args).to_json()
                parts = commands.parts(data)
                return Page("rules.html", data, f"{text} as of {when}" if when else f"Rules {text}",
                            COMMANDS["show"].words(args),
                            extra={"parts": [{"data": part, "rows": _rows(part)} for part in parts],
                                   "link_langs": [b["lang"] for b in parts[0]["languages"]] if lang else []})
            wanted = named.targets[0].first
            with kb() as conn:
                view: dict[str, Any] = views.show(conn, wanted, views.lang_tags(lang), on).to_json()
                try:
                    cited = views.refs(conn, wanted, None, on).to_json()
                except NotFound:  # a text with no English counterpart: nothing cites it in English
                    cited = None
                held = store.languages(conn)
            links = [b["lang"] for b in view["languages"]] if lang else []
            return Page("rule.html", view, f"Rule {view['number']}", ["show", str(wanted), *_opts(lang, edition)],
                        extra={"refs": cited, "rows": _rows(view), "held": held,
                               "asked": [b["lang"] for b in view["languages"]] + view["missing"],
                               "ancestors": [str(a) for a in reversed(list(wanted.ancestors()))],
                               "edition": edition or "", "link_langs": links,
                               "rulings_shown": RULINGS_ON_RULE_PAGE})
        return answer(request, build)

    @twins("/search")
    def search(request: Request, q: str = "", lang: Langs = None, query_lang: str | None = None,
               limit: int = SEARCH_LIMIT) -> Response:
        def build() -> Page:
            options = _opts(lang, None) + (["--query-lang", query_lang] if query_lang else []) + \
                (["--limit", str(limit)] if limit != SEARCH_LIMIT else [])
            extra: dict[str, Any] = {"asked": lang or [], "q": q, "query_lang": query_lang or "",
                                     "more": _more(request, limit)}
            if not q.strip() and not request.url.path.endswith(".json"):  # the empty search page: the form
                with kb() as conn:
                    return Page("search.html", None, "Search", ["search", *options],
                                extra={**extra, "held": store.languages(conn)})
            with search_cli.Session(home) as session:
                _index_built(home, session.conn)
                data: dict[str, Any] = session.search(q, lang, query_lang, limit).to_json()
                if not request.url.path.endswith(".json"):
                    extra["ask"] = _answer_box(session, data, lang, query_lang)
                held = [e["lang"] for e in data["index"]["editions"]] if data["index"] else \
                    store.languages(session.conn)
            return Page("search.html", data, f"Search: {q}", ["search", q, *options], extra={**extra, "held": held})
        return answer(request, build)

    @twins("/ask")
    def ask(request: Request, q: str = "", lang: Langs = None, query_lang: str | None = None) -> Response:
        def build() -> Page:
            options = _opts(lang, None) + (["--query-lang", query_lang] if query_lang else [])
            if not q.strip() and not request.url.path.endswith(".json"):  # the empty page: the form
                return Page("ask.html", None, "Ask", ["ask", *options], extra={"q": q})
            data = ask_cli.answer_for(home, q, lang, query_lang).to_json()
            return Page("ask.html", data, f"Ask: {q}", ["ask", q, *options], extra={"q": q})
        return answer(request, build)

    # -- tools for authors and translators: /cite (a form; POST /cite.json is its twin), /check/LANG ------

    def cite_page(request: Request, fields: dict[str, str]) -> Response:
        def build() -> Page:
            text, as_of, to = fields.get("text", ""), fields.get("as_of", ""), fields.get("to", "")
            lang = fields.get("lang", "")
            options = (["--as-of", as_of] if as_of else []) + (["--to", to] if to else []) + \
                (["--lang", lang] if lang else [])
            extra = {"form": {"text": text, "as_of": as_of, "to": to, "lang": lang}}
            if not text.strip() and not request.url.path.endswith(".json"):  # the empty form
                return Page("cite.html", None, "Update citations", ["cite", *options], extra=extra)
            with kb() as conn:
                data = cite_view.cite(conn, text, views.iso_date(as_of) if as_of else None,
                                      views.iso_date(to) if to else None,
                                      normalize_tag(lang) if lang else None).to_json()
            return Page("cite.html", data, "Updated citations", ["cite", *options], extra=extra)
        return answer(request, build)

    @twins("/cite")
    def cite_get(request: Request) -> Response:
        return cite_page(request, dict(request.query_params))

    @twins("/cite", "POST")
    async def cite_post(request: Request) -> Response:
        body = await request.body()
        try:
            fields = _posted(body, request.headers.get("content-type", ""))
        except ValueError as err:
            return _error(request, templates, KbError(f"bad request body: {err}"), request.url.path.endswith(".json"))
        return cite_page(request, fields)

    # -- errors that FastAPI raises itself: an unknown URL, a parameter of the wrong type ------

    @app.exception_handler(HTTPException)
    def http_error(request: Request, exc: HTTPException) -> Response:
        path = request.url.path.removesuffix(".json")
        err = NotFound(f"no page at {path}") if exc.status_code == 404 else KbError(str(exc.detail))
        return _error(request, templates, err, request.url.path.endswith(".json"), exc.status_code)

    @app.exception_handler(RequestValidationError)
    def bad_parameter(request: Request, exc: RequestValidationError) -> Response:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'][1:]))}: {e['msg']}" for e in exc.errors())
        return _error(request, templates, KbError(f"bad parameter: {problems}"), request.url.path.endswith(".json"))

    def error_page(path: str, status: int, message: str) -> tuple[str, bytes]:
        """An error :mod:`kb.web.serving` answers itself (busy, too long, a host not allowed)."""
        if path.endswith(".json"):
            return "application/json", (views.dumps(views.error_json(KbError(message))) + "\n").encode()
        html = templates.get_template("error.html").render(
            title=_TITLES.get(status, "Error"), message=message, status=status, json_url=None, cli="", q="")
        return "text/html; charset=utf-8", html.encode()

    app.add_middleware(Serving, home=home, error_page=error_page, options=options or Options())
    return app


_TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 414: "Too long",
           500: "Internal error", 503: "Busy"}


def _index_built(home: Path, conn: sqlite3.Connection) -> None:
    """A search needs the KB's index; a request never builds it (a build takes seconds
    and every worker would start its own): until ``kb build`` or ``kb index`` has, 503
    and retry.  A copy of the KB folder finds its index; a KB changed in place does not."""
    if rules_index.found(home, conn) is None:
        raise Unavailable("the search index of this KB is not built yet (`kb build` or `kb index` builds it):"
                          " try again in a moment")


# -- helpers ------------------------------------------------------------------------------------


def _json(data: object, status: int = 200) -> Response:
    """The JSON text ``kb --json`` prints, byte for byte (its final newline included)."""
    return Response(views.dumps(data) + "\n", status_code=status, media_type="application/json")


def _error(request: Request, templates: Jinja2Templates, err: KbError, as_json: bool,
           status: int | None = None) -> Response:
    status = status or (404 if isinstance(err, NotFound) else 503 if isinstance(err, Unavailable) else 400)
    headers = {"Retry-After": "2"} if status == 503 else None
    if as_json:
        response = _json(views.error_json(err), status)
        response.headers.update(headers or {})
        return response
    return templates.TemplateResponse(request, "error.html", {
        "title": _TITLES.get(status, "Error"), "message": err.message, "status": status,
        "json_url": _twin(request), "cli": "", "q": ""}, status_code=status, headers=headers)


def _posted(body: bytes, content_type: str) -> dict[str, str]:
    """The fields of a POSTed form (``application/x-www-form-urlencoded``) or JSON object."""
    text = body.decode("utf-8")
    if content_type.startswith("application/json"):
        data = json.loads(text) if text.strip() else {}
        if not isinstance(data, dict) or not all(isinstance(v, str | None) for v in data.values()):
            raise ValueError('expected a JSON object of strings: {"text": …, "as_of": "YYYY-MM-DD", "to": …}')
        return {k: v for k, v in data.items() if v is not None}
    return {k: v[-1] for k, v in parse_qs(text, keep_blank_values=True).items()}


def _twin(request: Request) -> str | None:
    """The URL of this page's JSON twin (or, on a twin, of the page), rebuilt from the
    route that answered and its parameters, never from the raw path: a path like
    ``//evil.example/x`` must not become a link to another host.  None: no route."""
    route = request.scope.get("route")
    format_ = getattr(route, "path_format", None)
    if not format_:
        return None
    params = {name: quote(str(value), safe="") for name, value in request.path_params.items()}
    path = format_.format(**params)
    if path.endswith(".json"):
        path = "/" if path == "/index.json" else path[: -len(".json")]
    else:
        path = "/index.json" if path == "/" else path.rstrip("/") + ".json"
    return path + (f"?{request.url.query}" if request.url.query else "")


def _opts(langs: list[str] | None, edition: str | None) -> list[str]:
    """The CLI options matching the page's query parameters."""
    return [arg for lang in langs or [] for arg in ("--lang", lang)] + (["--edition", edition] if edition else [])


def _more(request: Request, limit: int) -> str:
    """The same search with ten more results."""
    params = [(k, v) for k, v in request.query_params.multi_items() if k != "limit"]
    return "/search?" + urlencode([*params, ("limit", str(limit + SEARCH_LIMIT))])


def _doc_name(source: str) -> str:
    """``/long/path/MagicCompRules-2026-04-17.txt:7401`` as a reader wants it: the
    document's name and line (the full path stays in the JSON)."""
    return Path(source).name


def _answer_box(session: search_cli.Session, data: dict[str, Any], lang: list[str] | None,
                query_lang: str | None) -> dict[str, Any] | None:
    """``kb ask`` for a search page's query, shown above its results: none for a rule
    address (the results are the rules asked for) or when no rule answers."""
    if data["box"]["kind"] == "rules":
        return None
    try:
        return ask_cli.ask(session, data["query"], lang, query_lang).to_json()
    except KbError:
        return None


def _lang_name(tag: str) -> str:
    try:
        return display_name(tag)
    except ValueError:
        return tag


def _rows(view: dict[str, Any]) -> list[dict[str, Any]]:
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
