"""``kb serve``: the KB as web pages, each with a ``.json`` twin.

Every page is one view of a command of :data:`kb.commands.TABLE`, which declares its
URL, arguments and template once: the view's ``to_json()`` is what ``kb … --json``
prints, what ``/….json`` returns byte for byte, and what the page's template renders,
so the CLI, the API and the HTML cannot drift apart.  A URL ending in ``.json`` is the
JSON twin of the same URL without it (``/`` has ``/index.json``): :func:`twins` names
both, :func:`wants_json` tells them apart.  This module holds no page of its own, only
what every page shares: opening the KB, the templates, errors, the posted form.

Each request opens the SQLite file read-only and closes it (opening costs well
under a millisecond), so requests share nothing and a rebuild of the KB is seen
by the next request.  Errors map like the CLI's exit codes: not found (1) → 404,
bad input (2) → 400, with the CLI's ``--json`` error body on ``.json`` URLs; but a KB that
cannot answer whatever is asked (missing, damaged, of another version of kb, its search index
not built: :class:`kb.core.errors.Unavailable`) is the server's fault, 503.

In front of the pages, :mod:`kb.web.serving` caches answers per KB file, bounds
the work of each request and of the process, and hides the server's paths: the
pages themselves stay plain functions of the KB and the request.
"""

from __future__ import annotations

import copy
import json
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import ImmutableMultiDict
from starlette.exceptions import HTTPException

from indexers import index as rules_index
from kb.commands import COMMANDS, TABLE, Command, WebPage
from kb.core.errors import KbError, NotFound, Unavailable
from kb.core.lang import display_name, example_label, languages_label
from kb.core.text import Hint, echoed, shell_join
from kb.store import rules as store
from kb.views import card as card_cli
from kb.views import glossary as glossary_cli
from kb.views import search as search_cli
from kb.views import shared
from kb.web import markup
from kb.web.serving import Options, Serving, fingerprint

HERE = Path(__file__).parent
#: SQLite reads the KB through a memory map this big (the KB of the seeds, three English
#: editions, one Chinese and the card sets weighs 21 MB): pages come from the OS cache
#: without a copy (measured: rule, refs and history views 0.25 s → 0.17 s for six rules).
MMAP_BYTES = 1 << 30

#: The environment variable through which ``kb serve --workers N`` gives each worker its KB
#: and options (workers are started by uvicorn with an import string, not an object).
ENVIRONMENT = "KB_SERVE"


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
    templates.env.filters["echoed"] = echoed  # a long query, said cut (the search field keeps it whole)
    templates.env.globals.update(rule_url=markup.rule_url, term_url=markup.term_url, lang_name=_lang_name,
                                 linkify=markup.linkify, link_numbers=markup.link_numbers, link_sense=markup.link_sense,
                                 link_terms=markup.link_terms, hint=markup.hint, command_link=markup.command_link,
                                 highlight=markup.highlight, edits=markup.edits,
                                 change=markup.change, example_label=example_label,
                                 paired_by=glossary_cli.PAIRED_BY, face_stats=card_cli.face_stats,
                                 same_text=card_cli.same_text,
                                 doc_name=_doc_name, languages_label=languages_label, numbers_said=shared.numbers_said)

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

    @contextmanager
    def source_of(command: Command, answering: bool) -> Iterator[Any]:
        """What ``command`` answers from: the thread's connection, or a search session,
        whose index must be built already (a request never builds it)."""
        if not command.searches:
            with kb() as conn:
                yield conn
            return
        with search_cli.Session(home) as session:
            if answering:
                _index_built(home, session.conn)
            yield session

    def answer(request: Request, build: Callable[[], Page]) -> Response:
        as_json = wants_json(request.url.path)
        try:
            page = build()
        except KbError as err:
            return _error(request, templates, err, as_json)
        if as_json:
            return _json(page.data, page.status)
        blank = page.data is None  # a form to fill in: no answer, so no twin (its .json says what is missing)
        return templates.TemplateResponse(request, page.template, {
            "data": page.data, "title": page.title, "cli": "" if blank else shell_join(["kb", *page.cli, "--json"]),
            "json_url": None if blank else _twin(request), "q": "", **page.extra}, status_code=page.status)

    def respond(request: Request, command: Command, pages: list[WebPage], query: Any) -> Response:
        """The first of ``pages`` (one URL) whose arguments fit: its command's answer,
        as JSON or through its template."""
        as_json = wants_json(request.url.path)

        def build() -> Page:
            args = command.parse_url(request.path_params, query, pages[0])
            page = pages[0]
            if any(p.when for p in pages):
                with kb() as conn:  # the choice may read the KB: a range is its contents when its text is long
                    page = next(p for p in pages if p.when is None or p.when(args, conn))
            name, args = page.via(args) if page.via else (command.name, args)
            shown = COMMANDS[name]
            blank = page.form is not None and not as_json and _blank(getattr(args, page.form))
            with source_of(shown, not blank) as source:
                assert shown.answer is not None
                try:
                    view = None if blank else shown.answer(source, args)  # a blank form: the page to fill it in
                except KbError as err:
                    raise as_params(err, shown, page) from err
                missing = shown.not_found(view) if view is not None else None
                data = shared.failed_json(view.to_json(), missing) if view is not None else None
                extra = page.context(data, args, source) if page.context and not as_json else {}
            status = 404 if missing and not shown.missing_is_a_page else 200
            return Page(page.template, data, page.title(data, args), shown.words(args), status, extra)
        return answer(request, build)

    #: the pages that take no argument in their path (/rules, /cards, /glossary): a path that
    #: names an empty one of theirs leads to them
    indexes = {path for command in TABLE for path in _by_path(command.pages) if "{" not in path}

    def get(command: Command, pages: list[WebPage]) -> Callable[[Request], Response]:
        def endpoint(request: Request) -> Response:
            path = request.url.path
            if "" in request.path_params.values() and path.endswith("/") and path.rstrip("/") in indexes:
                # /cards/ and /glossary/ named no card and no term (400), where /rules/ leads to /rules:
                # each leads to its index, as the rules' does
                return RedirectResponse(path.rstrip("/") + (f"?{request.url.query}" if request.url.query else ""),
                                        status_code=307)
            return respond(request, command, pages, request.query_params)
        return endpoint

    def post(command: Command, pages: list[WebPage]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            body = await request.body()
            try:
                fields = _posted(body, request.headers.get("content-type", ""))
            except ValueError as err:
                return _error(request, templates, KbError(f"bad request body: {err}"), wants_json(request.url.path))
            return await run_in_threadpool(respond, request, command, pages, ImmutableMultiDict(fields))
        return endpoint

    # -- every page of kb.commands.TABLE, at its URL and its .json twin -------------------------

    for command in TABLE:
        for path, pages in _by_path(command.pages).items():
            for method in pages[0].methods:
                endpoint = post(command, pages) if method == "POST" else get(command, pages)
                for url in twins(path):
                    app.add_api_route(url, endpoint, methods=[method])

    # -- errors that FastAPI raises itself: an unknown URL, a method not allowed ----------------

    #: the first segments of the pages' paths ("cards", "rules", "refs"): "/card/NAME" is "/cards/NAME"
    roots = {path.split("/")[1] for command in TABLE for path in _by_path(command.pages)}

    @app.exception_handler(HTTPException)
    def http_error(request: Request, exc: HTTPException) -> Response:
        path = request.url.path.removesuffix(".json")
        if exc.status_code == 404 and request.method in ("GET", "HEAD") \
                and (plural := _plural(request.url.path, roots)) is not None:
            # "/card/Urza's Sylex", "/rule/702.19b" were no page (session 37's tester): a path in the singular
            return RedirectResponse(plural + (f"?{request.url.query}" if request.url.query else ""), status_code=308)
        err = NotFound(f"no page at {path}") if exc.status_code == 404 else KbError(str(exc.detail))
        return _error(request, templates, err, wants_json(request.url.path), exc.status_code)

    def error_page(path: str, status: int, message: str) -> tuple[str, bytes]:
        """An error :mod:`kb.web.serving` answers itself (busy, too long, a host not allowed)."""
        if wants_json(path):
            return "application/json", (shared.dumps(shared.error_json(KbError(message))) + "\n").encode()
        html = templates.get_template("error.html").render(
            title=_TITLES.get(status, "Error"), message=message, status=status, json_url=None, cli="", q="")
        return "text/html; charset=utf-8", html.encode()

    posted = frozenset(url for command in TABLE for page in command.pages if "POST" in page.methods
                       for url in twins(page.path))
    app.add_middleware(Serving, home=home, error_page=error_page, options=options or Options(), posted=posted)
    return app


_TITLES = {400: "Bad request", 404: "Not found", 405: "Method not allowed", 414: "Too long",
           500: "Internal error", 503: "Busy"}


def _index_built(home: Path, conn: sqlite3.Connection) -> None:
    """A search needs the KB's index; a request never builds it (a build takes seconds
    and every worker would start its own): while ``kb build`` or ``kb index`` builds it, 503
    and retry; when no one does (never built, or out of date: a kb upgraded reads no index
    of the version before), 503 saying why and the command that builds it, and no retry (it
    would fail forever); when a newer kb built it (kb upgraded under a running server), 503
    saying to restart the server: its own ``kb index`` would not help.  A copy of the KB folder
    finds its index; a KB changed in place does not."""
    if rules_index.found(home, conn) is not None:
        return
    if rules_index.building(home):
        raise Unavailable("the search index of this KB is being built: try again in a moment", retry=True)
    newer = rules_index.newer_format(home)
    if newer is not None:
        run = Hint(f"the search index of this KB was built by a newer version of kb (index format {newer}; this"
                   f" server reads format {rules_index.FORMAT}): the server is older than the KB, restart it",
                   ("serve", "--home", str(home)))
    else:
        run = Hint(f"the search index of this KB is {rules_index.unfound(home)}; to build it, run",
                   ("index", "--home", str(home)))
    raise Unavailable(str(run), hint=run)


# -- helpers ------------------------------------------------------------------------------------


def _plural(path: str, roots: set[str]) -> str | None:
    """``path`` with its first segment in the plural, where that is a page's ("/card/X" → "/cards/X")."""
    _, first, *rest = path.split("/")
    return "/".join(["", first + "s", *rest]) if first and first + "s" in roots and first not in roots else None


def twins(path: str) -> tuple[str, str]:
    """The URLs of a page: its ``.json`` twin, then itself (``/`` has ``/index.json``).
    The twin is registered first, so that a path parameter (``/cards/{name:path}``)
    never swallows the suffix."""
    return ("/index.json" if path == "/" else path + ".json", path)


#: An option of the command line in a message ("--limit must be at least 1"), or a command the
#: message suggests ("kb toc 702 --lang it"), whose options stay as the command line writes them.
_OPTION_OR_COMMAND = re.compile(r"`?\bkb [a-z]+\b[^()`]*`?|(?<![\w-])--([a-z][a-z-]*)\b")


def as_params(err: KbError, command: Command, page: WebPage) -> KbError:
    """``err`` as a page says it: an option of the command named as the URL's parameter
    (`/search?q=a&limit=-1` said "--limit must be at least 1", a flag the web has none of)."""
    names = {arg.name: page.params.get(arg.key) or arg.param for arg in command.args if arg.name.startswith("--")}

    def named(match: re.Match[str]) -> str:
        return names.get(f"--{match[1]}", match[0]) if match[1] else match[0]

    message = _OPTION_OR_COMMAND.sub(named, err.message)
    if message == err.message:
        return err
    said = copy.copy(err)
    said.message = message
    return said


def wants_json(path: str) -> bool:
    """A ``.json`` twin (the body ``kb … --json`` prints), not the page."""
    return path.endswith(".json")


def _blank(value: str | list[str] | None) -> bool:
    """A form's main field left empty (``/search?q=``): the page shows the form."""
    return not (" ".join(value) if isinstance(value, list) else value or "").strip()


def _by_path(pages: tuple[WebPage, ...]) -> dict[str, list[WebPage]]:
    """A command's pages by URL, in the order tried (several may share one)."""
    grouped: dict[str, list[WebPage]] = {}
    for page in pages:
        grouped.setdefault(page.path, []).append(page)
    return grouped


def _json(data: object, status: int = 200) -> Response:
    """The JSON text ``kb --json`` prints, byte for byte (its final newline included)."""
    return Response(shared.dumps(data) + "\n", status_code=status, media_type="application/json")


def _error(request: Request, templates: Jinja2Templates, err: KbError, as_json: bool,
           status: int | None = None) -> Response:
    status = status or (503 if isinstance(err, Unavailable) else 404 if isinstance(err, NotFound) else 400)
    retry = status == 503 and (not isinstance(err, Unavailable) or err.retry)
    headers = {"Retry-After": "2"} if retry else None
    if as_json:
        response = _json(shared.error_json(err), status)
        response.headers.update(headers or {})
        return response
    title = _TITLES.get(status, "Error") if retry or status != 503 else "Unavailable"
    # what was typed stays in the search box, and "Search" searches it ("no rule answers" a question
    # left a page with an empty box: the question gone; so did "the", only stop words, a 400)
    typed = request.query_params.get("q", "") if status in (400, 404) else ""
    return templates.TemplateResponse(request, "error.html", {
        "title": title, "message": markup.told(err.message, err.hint), "status": status,
        "json_url": _twin(request), "cli": "", "q": typed,
        # a search that found nothing links no search of the same words: that page is this one
        "searched": request.url.path.removesuffix(".json") == "/search"}, status_code=status, headers=headers)


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
    if wants_json(path):
        path = "/" if path == "/index.json" else path.removesuffix(".json")
    else:
        path = twins(path if path == "/" else path.rstrip("/"))[0]
    return path + (f"?{request.url.query}" if request.url.query else "")


def _doc_name(source: str) -> str:
    """``/long/path/MagicCompRules-2026-04-17.txt:7401`` as a reader wants it: the
    document's name and line (the CLI's JSON holds its full path)."""
    return Path(source).name


def _lang_name(tag: str) -> str:
    try:
        return display_name(tag)
    except ValueError:
        return tag
