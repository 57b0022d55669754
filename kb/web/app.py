"""``kb serve``: the KB as web pages, each with a ``.json`` twin.

Every page is one view of :mod:`kb.views.rules` (or of the ``*_cli`` module of its
command): the view's ``to_json()`` is what ``kb … --json`` prints, what
``/….json`` returns byte for byte, and what the page's template renders, so the
CLI, the API and the HTML cannot drift apart.  A URL ending in ``.json`` is the
JSON twin of the same URL without it (``/`` has ``/index.json``).

Each request opens the SQLite file read-only and closes it (opening costs well
under a millisecond), so requests share nothing and a rebuild of the KB is seen
by the next request.  Errors map like the CLI's exit codes: not found (1) → 404,
bad input (2) → 400, with the CLI's ``--json`` error body on ``.json`` URLs.
"""

from __future__ import annotations

import shlex
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException

from kb.core.errors import KbError, NotFound
from kb.core.lang import display_name, normalize_tag
from kb.core.rulenum import RuleNumber
from kb.store import rules as store
from kb.views import ask as ask_cli
from kb.views import card as card_cli
from kb.views import glossary as glossary_cli
from kb.views import history as diff_cli
from kb.views import rules as views
from kb.views import search as search_cli
from kb.web import markup

HERE = Path(__file__).parent
#: Card rulings listed on a rule's page (its references page lists them all).
RULINGS_ON_RULE_PAGE = 10
#: Search results per page, as ``kb search`` shows by default.
SEARCH_LIMIT = 10

Langs = Annotated[list[str] | None, Query()]


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


def create_app(home: Path) -> FastAPI:
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
                                 paired_by=glossary_cli.PAIRED_BY)

    @contextmanager
    def kb() -> Iterator[sqlite3.Connection]:
        with closing(store.connect(home)) as conn:
            yield conn

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

    # -- pages ------------------------------------------------------------------------------

    @app.get("/")
    @app.get("/index.json")
    def index(request: Request) -> Response:
        def build() -> Page:
            with kb() as conn:
                data = views.editions(conn)
            return Page("index.html", data, "The Comprehensive Rules, side by side", ["editions"],
                        extra={"held": _by_language(data)})
        return answer(request, build)

    @app.get("/editions")
    @app.get("/editions.json")
    def editions(request: Request) -> Response:
        def build() -> Page:
            with kb() as conn:
                data = views.editions(conn)
            return Page("editions.html", data, "Editions", ["editions"], extra={"held": _by_language(data)})
        return answer(request, build)

    @app.get("/rules/{number}")
    def rule(request: Request, number: str, lang: Langs = None, edition: str | None = None) -> Response:
        def build() -> Page:
            wanted = views.rule_number(_strip_json(request, number))
            on = views.iso_date(edition) if edition else None
            with kb() as conn:
                view = views.show(conn, wanted, views.lang_tags(lang), on).to_json()
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

    @app.get("/rules/{number}/history")
    @app.get("/rules/{number}/history.json")
    def history(request: Request, number: str, lang: str = "en") -> Response:
        def build() -> Page:
            wanted = views.rule_number(number)
            with kb() as conn:
                data = diff_cli.history(conn, str(wanted), normalize_tag(lang))
            return Page("history.html", data, f"History of rule {wanted}",
                        ["history", str(wanted), "--lang", lang])
        return answer(request, build)

    @app.get("/refs/{number}")
    def refs(request: Request, number: str, lang: str | None = None, edition: str | None = None) -> Response:
        def build() -> Page:
            wanted = views.rule_number(_strip_json(request, number))
            on = views.iso_date(edition) if edition else None
            with kb() as conn:
                data = views.refs(conn, wanted, lang, on).to_json()
            options = (["--lang", lang] if lang else []) + (["--edition", edition] if edition else [])
            return Page("refs.html", data, f"References of rule {wanted}", ["refs", str(wanted), *options],
                        extra={"rulings_shown": None})
        return answer(request, build)

    @app.get("/search")
    @app.get("/search.json")
    def search(request: Request, q: str = "", lang: Langs = None, query_lang: str | None = None,
               limit: int = SEARCH_LIMIT) -> Response:
        def build() -> Page:
            options = _opts(lang, None) + (["--query-lang", query_lang] if query_lang else []) + \
                (["--limit", str(limit)] if limit != SEARCH_LIMIT else [])
            extra = {"asked": lang or [], "q": q, "query_lang": query_lang or "", "more": _more(request, limit)}
            if not q.strip() and not request.url.path.endswith(".json"):  # the empty search page: the form
                with kb() as conn:
                    return Page("search.html", None, "Search", ["search", *options],
                                extra={**extra, "held": store.languages(conn)})
            with search_cli.Session(home) as session:
                data = session.search(q, lang, query_lang, limit).to_json()
                if not request.url.path.endswith(".json"):
                    extra["ask"] = _answer_box(session, data, lang, query_lang)
                held = [e["lang"] for e in data["index"]["editions"]] if data["index"] else \
                    store.languages(session.conn)
            return Page("search.html", data, f"Search: {q}", ["search", q, *options], extra={**extra, "held": held})
        return answer(request, build)

    @app.get("/ask")
    @app.get("/ask.json")
    def ask(request: Request, q: str = "", lang: Langs = None, query_lang: str | None = None) -> Response:
        def build() -> Page:
            options = _opts(lang, None) + (["--query-lang", query_lang] if query_lang else [])
            if not q.strip() and not request.url.path.endswith(".json"):  # the empty page: the form
                return Page("ask.html", None, "Ask", ["ask", *options], extra={"q": q})
            data = ask_cli.answer_for(home, q, lang, query_lang).to_json()
            return Page("ask.html", data, f"Ask: {q}", ["ask", q, *options], extra={"q": q})
        return answer(request, build)

    @app.get("/cards/{name:path}")
    def card(request: Request, name: str) -> Response:
        def build() -> Page:
            query = _strip_json(request, name)
            with kb() as conn:
                found = card_cli.card(conn, query)
            data = found.to_json()
            title = found.view.name if found.view else f"No card resolved for “{query}”"
            return Page("card.html", data, title, ["card", query], 200 if found.resolved else 404)
        return answer(request, build)

    @app.get("/glossary/{term:path}")
    def glossary(request: Request, term: str, lang: Langs = None) -> Response:
        def build() -> Page:
            query = _strip_json(request, term)
            with kb() as conn:
                data = glossary_cli.glossary(conn, query, lang).to_json()
            return Page("glossary.html", data, f"Glossary: {query}", ["glossary", query, *_opts(lang, None)])
        return answer(request, build)

    @app.get("/diff/{old}/{new}")
    def diff(request: Request, old: str, new: str, lang: str = "en") -> Response:
        def build() -> Page:
            newer = _strip_json(request, new)
            tag = normalize_tag(lang)
            dates = views.iso_date(old), views.iso_date(newer)
            with kb() as conn:
                data = diff_cli.diff_editions(conn, tag, *dates).to_json()
            return Page("diff.html", data, f"{tag} {data['old']} → {data['new']}",
                        ["diff", old, newer] + (["--lang", lang] if lang != "en" else []))
        return answer(request, build)

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

    return app


# -- helpers ------------------------------------------------------------------------------------


def _json(data: object, status: int = 200) -> Response:
    """The JSON text ``kb --json`` prints, byte for byte (its final newline included)."""
    return Response(views.dumps(data) + "\n", status_code=status, media_type="application/json")


def _error(request: Request, templates: Jinja2Templates, err: KbError, as_json: bool,
           status: int | None = None) -> Response:
    status = status or (404 if isinstance(err, NotFound) else 400)
    if as_json:
        return _json(views.error_json(err), status)
    return templates.TemplateResponse(request, "error.html", {
        "title": "Not found" if status == 404 else "Bad request", "message": err.message, "status": status,
        "json_url": _twin(request), "cli": "", "q": ""}, status_code=status)


def _twin(request: Request) -> str:
    """The URL of this page's JSON twin (or, on a twin, of the page)."""
    path = request.url.path
    if path.endswith(".json"):
        path = "/" if path == "/index.json" else path[: -len(".json")]
    else:
        path = "/index.json" if path == "/" else path.rstrip("/") + ".json"
    return quote(path) + (f"?{request.url.query}" if request.url.query else "")


def _strip_json(request: Request, value: str) -> str:
    """A path parameter without the ``.json`` that makes the URL a JSON twin."""
    return value.removesuffix(".json") if request.url.path.endswith(".json") else value


def _opts(langs: list[str] | None, edition: str | None) -> list[str]:
    """The CLI options matching the page's query parameters."""
    return [arg for lang in langs or [] for arg in ("--lang", lang)] + (["--edition", edition] if edition else [])


def _more(request: Request, limit: int) -> str:
    """The same search with ten more results."""
    params = [(k, v) for k, v in request.query_params.multi_items() if k != "limit"]
    return "/search?" + urlencode([*params, ("limit", str(limit + SEARCH_LIMIT))])


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


def _by_language(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The editions held, grouped by language (newest first, as the store lists them)."""
    held: dict[str, dict[str, Any]] = {}
    for row in rows:
        entry = held.setdefault(row["lang"], {"lang": row["lang"], "editions": [], "texts": 0})
        entry["editions"].append(row)
        entry["texts"] += row["texts"]
    return list(held.values())


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
