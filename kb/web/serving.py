"""What lets one ``kb serve`` answer many users: an ASGI layer in front of the pages.

The KB file never changes between builds (a build renames a new file into place),
so every answer is a pure function of (the KB file, the request).  This layer

- names the KB file by its :func:`fingerprint` (device, inode, size, modification
  time: all change when a build renames a new file in) and keeps each answer in a
  bounded LRU per process (and in a file the workers share) under (fingerprint,
  canonical request); a rebuild is a new fingerprint, so it is seen by the very next
  request, and each worker recomputes in the background what it held; until that is done
  (at least 30 s after the rebuild), a request whose new answer takes over a second to
  compute gets the previous answer, marked stale, rather than waiting behind the whole site;
- gives every answer a strong ``ETag`` (a hash of its body: the same on every worker
  and every machine serving the same KB) and answers ``If-None-Match`` with 304;
- bounds the work of one request before any is done: the URL's length, the path's
  length (card names, glossary terms), each query value's length, the number of
  parameters; a parameter repeated with the same value counts once, and a parameter
  may take at most as many values as the KB holds languages (``/rules/7?lang=en``
  two thousand times is ``/rules/7?lang=en``);
- bounds the work in flight: per process, at most ``COMPUTING`` answers are computed
  at once, identical requests share one computation, at most ``pending`` wait, and a
  request waits at most ``deadline`` seconds; beyond any of these it gets 503 with
  ``Retry-After`` at once, never a queue of minutes (a computation that outlives its
  request still finishes and is cached, so the retry is answered from the cache);
- answers HEAD like GET without the body, serves ``/static`` from memory without
  touching the KB, refuses hosts not allowed (a DNS-rebinding page cannot read the KB through a
  victim's browser), adds security headers (nosniff, a CSP allowing no script at
  all, no framing, no referrer), and replaces every file path the KB records by the
  file's name, so no answer shows where the server keeps its files.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import re
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from markupsafe import escape

from kb.core.text import not_utf8
from kb.store import rules as store

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
#: Renders an error the layer answers itself: (path, status, message) -> (content type, body).
ErrorPage = Callable[[str, int, str], tuple[str, bytes]]

log = logging.getLogger("kb.serve")

#: Answers computed at once per process.  The views are Python (one GIL per process), so a
#: second slot only overlaps SQLite reads with the other's Python; more slots just slow each
#: answer down.
COMPUTING = 2
#: The longest URL (path and query, bytes as sent) answered; longer: 414.  Room for a question of
#: VALUE_CHARS Chinese characters, nine bytes each when percent-encoded.
URL_BYTES = 12288
#: The longest path (decoded characters).  The longest card name is 141 characters; an
#: unresolved card name costs ~1 ms of fuzzy matching per character (measured: 50 characters
#: 0.19 s, 300 characters 0.44 s, 15,000 characters 16 s).
PATH_CHARS = 256
#: The longest value of one query parameter (a search query, a date, a language).  256 turned a
#: judge's question of 306 characters away from /ask and /search (the command line answers it);
#: a query's cost grows slowly with its length (the default KB, in process: 250 characters 35 ms
#: to search, 15 ms to ask; 1,000 characters 45 and 27 ms; 2,000 69 and 39 ms; Chinese 1,000
#: characters 76 ms), so 1,000 still bounds what one request can cost.
VALUE_CHARS = 1000
#: Distinct query parameters at most (a page takes five at most).
PARAMS = 16
#: Each answer's cache entry is at most this big (the biggest page, section 7 in every
#: language of a KB of three editions, is 1.8 MB); the cache holds ``cache_mb`` in all.
ITEM_BYTES = 16 << 20
RETRY_AFTER = "2"
#: The most a posted form (``kb cite``'s text, the one page that takes one) may hold:
#: a long article is ~50 KB, and citing it costs ~0.1 s per 3 KB of citations.
POST_BYTES = 256 * 1024
#: Just after a rebuild every answer must be computed again.  For this long after a worker
#: first sees a new KB file, a request whose new answer is not ready within ``GRACE``
#: seconds gets the previous file's answer to the same URL (if this worker holds one),
#: marked stale, while the new one is computed: what a request sent a moment earlier would
#: have got, instead of a wait of seconds behind every page of the site being recomputed.
STALE_SECONDS = 30.0
GRACE = 1.0
#: After a rebuild, each worker also recomputes in the background, one at a time, the answers it
#: held for the previous file (most recently used first), so that the pages in use are ready
#: before their previous answers run out; those answers bridge until it is done (at most this
#: long).  Without it the slowest requests came just after the 30 s, all at once: 2.7 s
#: (``benchmarks/bench_load.py --warm --rebuild``, NOTES.md).
STALE_MAX = 120.0
#: The time budget of a request: seconds it waits for its answer before a 503 (``kb serve
#: --time-budget``).  The slowest pages take 1.3–1.8 s alone (a diff of two editions; measured
#: on the KB of ``benchmarks/bench_load.py``, load 6: chapter 702 0.6 s, every card 0.5 s);
#: ten leaves room for a loaded machine, and a reader or a proxy gives up not much later.  The
#: computation itself runs on and is cached for the retry.
DEADLINE = 10.0

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", b"default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; "
                                 b"form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
#: KB pages: a cache may keep them but must ask again (answered with 304 when unchanged), so
#: a rebuild is seen at once everywhere.
PAGE_CACHE = b"no-cache"
STATIC_CACHE = b"public, max-age=3600"
#: Headers of the page's own answer that this layer sets itself.
_OWN = {b"content-length", b"etag", b"cache-control", b"server", b"date"}


@dataclass(frozen=True)
class Options:
    """How ``kb serve`` bounds its work; the defaults are what ``kb serve`` uses."""

    allowed_hosts: tuple[str, ...] | None = None  # None: any host
    pending: int = 64                # answers computing or waiting per process; beyond: 503
    deadline: float = DEADLINE       # seconds a request waits for its answer; beyond: 503
    stale: float = STALE_SECONDS     # seconds after a rebuild the previous KB's answers may stand in
    cache_mb: int = 128              # the answer cache of each process
    shared: str | None = None        # the answer cache the workers share (a SQLite file), if any
    #: The server adds SECURITY_HEADERS to every answer itself (``kb serve`` gives them to uvicorn,
    #: whose own answers, a 400 for a request it cannot parse, never reach this layer): not again here.
    server_headers: bool = False

    def to_json(self) -> str:
        return json.dumps({"allowed_hosts": list(self.allowed_hosts) if self.allowed_hosts is not None else None,
                           "pending": self.pending, "deadline": self.deadline, "stale": self.stale,
                           "cache_mb": self.cache_mb, "shared": self.shared, "server_headers": self.server_headers})

    @classmethod
    def from_json(cls, text: str) -> Options:
        data = json.loads(text)
        hosts = data.pop("allowed_hosts")
        return cls(allowed_hosts=tuple(hosts) if hosts is not None else None, **data)


class Refused(Exception):
    """A request this layer answers itself, with ``status`` and a message saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# -- the KB file and what it holds ------------------------------------------------------------


def fingerprint(home: Path) -> str | None:
    """Names the KB file as it is now (None: there is none).  A build renames a new file
    into place, so the inode changes; size and modification time guard a copy in place.
    One ``stat``: cheap enough for every request."""
    try:
        st = os.stat(store.db_path(home))
    except OSError:
        return None
    return f"{st.st_dev:x}-{st.st_ino:x}-{st.st_size:x}-{st.st_mtime_ns:x}"


@dataclass(frozen=True)
class Held:
    """What the layer needs to know of one KB file: how many languages it holds (the
    most values a parameter may take) and how to hide the paths it records."""

    languages: int
    redact: Redactor


class Redactor:
    """Replaces the folders of the files a KB records, and the KB home, by nothing: an
    answer says ``MagicCompRules-2026-04-17.txt:6302`` where ``kb … --json`` says
    ``/srv/corpora/cr/en/MagicCompRules-2026-04-17.txt:6302``.  Works on the bytes of an
    answer (JSON or HTML: each folder is also looked for as each escapes it), so every
    page, those added later included, is covered without touching its code."""

    def __init__(self, home: Path, paths: Iterable[str]) -> None:
        folders = {os.path.dirname(p) for p in paths if os.path.isabs(p)}
        homes = {str(home), str(home.absolute()), str(home.resolve())}
        pairs = {(f + os.sep, "") for f in folders | homes if f not in ("", os.sep)}
        pairs |= {(h, "$KB_HOME") for h in homes}
        self.pairs: list[tuple[bytes, bytes]] = []
        for old, new in sorted(pairs, key=lambda p: -len(p[0])):  # the deepest folder first
            for form in {old, json.dumps(old, ensure_ascii=False)[1:-1], str(escape(old))}:
                self.pairs.append((form.encode(), new.encode()))

    def __call__(self, body: bytes) -> bytes:
        for old, new in self.pairs:
            if old in body:
                body = body.replace(old, new)
        return body


def held(home: Path) -> Held:
    """What the KB in ``home`` holds, read once per KB file."""
    try:
        with closing(store.connect(home)) as conn:
            return Held(len(store.languages(conn)), Redactor(home, store.source_paths(conn)))
    except Exception:  # noqa: BLE001 -- no KB, or one being replaced: the pages say so themselves
        return Held(1, Redactor(home, ()))


# -- bounding a request -----------------------------------------------------------------------


#: A Host header: a name or an IPv4 address, or an IPv6 one in brackets, and an optional port.
_HOST = re.compile(r"(?P<host>\[[0-9a-f:.]+\]|[a-z0-9._-]*)(?::\d{1,5})?")


def check_host(headers: Iterable[tuple[bytes, bytes]], allowed: tuple[str, ...] | None) -> None:
    """The request has one Host header, well formed, naming an allowed host (``*.example.org``
    allows its subdomains).  ``127.0.0.1:80@evil.example`` was read as 127.0.0.1, and of two
    Host headers the first was taken."""
    if allowed is None:
        return
    values = [v for k, v in headers if k == b"host"]
    if len(values) > 1:
        raise Refused(400, "more than one Host header")
    value = (values[0] if values else b"").decode("latin-1").strip().lower()
    form = _HOST.fullmatch(value)
    if form is None:
        raise Refused(400, f"bad Host header: {value[:60]!r}")
    host = form.group("host").strip("[]")
    if not any(host == name or (name.startswith("*.") and host.endswith(name[1:])) for name in allowed):
        raise Refused(400, f"host not allowed: {host or '(none)'} (kb serve --allowed-host adds one)")


def canonical_query(raw: bytes, most_values: int) -> bytes:
    """The query string with each repeated (name, value) pair once, in first-seen order;
    too many parameters, values or too long a value is refused."""
    try:
        pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True, strict_parsing=False,
                          encoding="utf-8", errors="surrogateescape", max_num_fields=URL_BYTES)
    except ValueError as err:
        raise Refused(400, f"bad query string: {err}") from err
    for said in (not_utf8(part) for pair in pairs for part in pair):
        if said is not None:  # as the command line says it, not Python's "'utf-8' codec can't decode…"
            raise Refused(400, said)
    unique = list(dict.fromkeys(pairs))
    names: dict[str, int] = {}
    for name, value in unique:
        names[name] = names.get(name, 0) + 1
        if len(value) > VALUE_CHARS or len(name) > VALUE_CHARS:
            raise Refused(400, f"query parameter {name[:40]!r} is too long (at most {VALUE_CHARS} characters)")
    if len(names) > PARAMS:
        raise Refused(400, f"too many query parameters ({len(names)}; at most {PARAMS})")
    for name, count in names.items():
        if count > max(most_values, 1):
            raise Refused(400, f"too many values for {name!r} ({count}; the KB holds {most_values} languages)")
    return urlencode(unique).encode() if unique != pairs else raw


def check_path(scope: Scope) -> None:
    raw = scope.get("raw_path") or scope["path"].encode()
    if len(raw) + len(scope.get("query_string", b"")) > URL_BYTES:
        raise Refused(414, f"URL too long (at most {URL_BYTES} bytes)")
    if len(scope["path"]) > PATH_CHARS:
        raise Refused(414, f"path too long (at most {PATH_CHARS} characters)")


# -- the answers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """One complete answer, as kept in the cache."""

    status: int
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes
    etag: bytes

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(k) + len(v) for k, v in self.headers) + 200


def answer_of(status: int, headers: Iterable[tuple[bytes, bytes]], body: bytes) -> Answer:
    kept = tuple((k.lower(), v) for k, v in headers if k.lower() not in _OWN)
    return Answer(status, kept, body, b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"')


class Cache:
    """The answers of one process, least recently used out first, bounded in bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self.items: OrderedDict[tuple[str, str], Answer] = OrderedDict()

    def get(self, key: tuple[str, str]) -> Answer | None:
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
        return found

    def put(self, key: tuple[str, str], answer: Answer) -> None:
        if answer.size > min(ITEM_BYTES, self.limit):
            return
        old = self.items.pop(key, None)
        if old is not None:
            self.used -= old.size
        self.items[key] = answer
        self.used += answer.size
        while self.used > self.limit:
            _, dropped = self.items.popitem(last=False)
            self.used -= dropped.size


class SharedCache:
    """The answers of every worker of one ``kb serve``, in a SQLite file of a temporary
    folder: a page computed by one worker is not computed again by the others (with N
    workers, a rebuild costs each page once instead of N times).  Best effort: a busy or
    broken file is a miss, never an error."""

    def __init__(self, path: str, limit: int) -> None:
        self.limit = limit
        self.puts = 0
        self.lock = threading.Lock()  # one connection, used by the event loop and by put()'s thread
        self.conn = sqlite3.connect(path, timeout=0.5, isolation_level=None, check_same_thread=False)
        try:
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = OFF")  # a cache: a crash may lose it whole
            self.conn.execute("CREATE TABLE IF NOT EXISTS answers (kb TEXT NOT NULL, key TEXT NOT NULL,"
                              " status INTEGER NOT NULL, headers TEXT NOT NULL, body BLOB NOT NULL,"
                              " etag BLOB NOT NULL, PRIMARY KEY (kb, key))")
        except sqlite3.Error as err:  # another worker creating it at the same moment: it will be there
            log.info("shared cache: %s", err)

    def get(self, key: tuple[str, str]) -> Answer | None:
        try:
            with self.lock:
                row = self.conn.execute("SELECT status, headers, body, etag FROM answers WHERE kb = ? AND key = ?",
                                        key).fetchone()
        except sqlite3.Error:
            return None
        if row is None:
            return None
        headers = tuple((k.encode("latin-1"), v.encode("latin-1")) for k, v in json.loads(row[1]))
        return Answer(row[0], headers, row[2], row[3])

    def put(self, key: tuple[str, str], answer: Answer) -> None:
        headers = json.dumps([(k.decode("latin-1"), v.decode("latin-1")) for k, v in answer.headers])
        try:
            with self.lock:
                self.conn.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?, ?)",
                                  (*key, answer.status, headers, answer.body, answer.etag))
                self.puts += 1
                if self.puts % 256 == 0:
                    self._trim(key[0])
        except sqlite3.Error as err:
            log.info("shared cache: %s", err)

    def _trim(self, current: str) -> None:
        """Drop the answers of older KB files, then the oldest beyond the limit."""
        self.conn.execute("DELETE FROM answers WHERE kb != ?", (current,))
        used = self.conn.execute("SELECT COALESCE(SUM(LENGTH(body)), 0) FROM answers").fetchone()[0]
        if used > self.limit:
            self.conn.execute("DELETE FROM answers WHERE rowid IN (SELECT rowid FROM answers ORDER BY rowid"
                              " LIMIT (SELECT COUNT(*) / 2 FROM answers))")


def matches(if_none_match: bytes | None, etag: bytes) -> bool:
    if not if_none_match:
        return False
    tags = [t.strip().removeprefix(b"W/") for t in if_none_match.split(b",")]
    return b"*" in tags or etag in tags


@dataclass
class _Previous:
    """The KB file served before the current one: its answers bridge a rebuild (see
    :data:`STALE_SECONDS`) while ``warming`` recomputes them on the new file."""

    print: str
    since: float
    stale: float = STALE_SECONDS  # ``kb serve --stale-seconds``
    warming: asyncio.Task[int] | None = None

    def bridges(self, now: float) -> bool:
        if now < self.since + self.stale:
            return True
        return self.warming is not None and not self.warming.done() and now < self.since + STALE_MAX


@dataclass
class _Flight:
    """One answer being computed, and how many requests wait for it."""

    task: asyncio.Task[Answer]
    waiters: int = 0


@dataclass
class Serving:
    """The ASGI layer (see the module's docstring) around ``app``, the pages."""

    app: ASGIApp
    home: Path
    error_page: ErrorPage
    options: Options = field(default_factory=Options)
    #: the URLs that take a POSTed form (the pages of the command table that say so)
    posted: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        self.cache = Cache(self.options.cache_mb << 20)
        self.shared = SharedCache(self.options.shared, self.options.cache_mb << 21) if self.options.shared else None
        self.known: dict[str, Held] = {}
        self.previous: _Previous | None = None  # the KB file before the current one
        self.flights: dict[tuple[str, str], _Flight] = {}
        self.slots: asyncio.Semaphore | None = None
        self.pending = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        static = False
        try:
            check_host(scope["headers"], self.options.allowed_hosts)
            posted = scope["method"] == "POST" and scope["path"] in self.posted
            if scope["method"] not in ("GET", "HEAD") and not posted:
                raise Refused(405, f"method {scope['method']} not allowed: kb serve only reads")
            check_path(scope)
            static = scope["path"].startswith("/static/")
            if posted:
                answer = await self._post(scope, await _body(receive))
            else:
                answer = await (self._static(scope) if static else self._answer(scope))
        except Refused as refused:
            answer = self._refusal(scope["path"], refused)
        except Exception:
            log.exception("error answering %s", scope["path"])
            answer = self._refusal(scope["path"], Refused(500, "internal error: the server's log says more"))
        await _send(send, answer, head, _header(scope, b"if-none-match"), STATIC_CACHE if static else PAGE_CACHE,
                    () if self.options.server_headers else SECURITY_HEADERS)

    async def _static(self, scope: Scope) -> Answer:
        """A file of ``/static``: read once per process, never the KB."""
        key = ("static", scope["path"])
        found = self.cache.get(key)
        if found is None:
            found = await self._compute(dict(scope, method="GET", query_string=b""), lambda body: body)
            if found.status == 200:
                self.cache.put(key, found)
        return found

    async def _answer(self, scope: Scope) -> Answer:
        kb_print = fingerprint(self.home)
        if kb_print is None:  # no KB at all: the pages say how to build one; nothing to cache
            return await self._compute(dict(scope, method="GET"))
        info = self.known.get(kb_print)
        if info is None:
            info = self.known[kb_print] = await asyncio.to_thread(held, self.home)
            for old in [k for k in self.known if k != kb_print]:
                del self.known[old]
                self.previous = _Previous(old, time.monotonic(), self.options.stale)
                self.previous.warming = asyncio.ensure_future(self._rewarm(old, kb_print, info, scope))
        query = canonical_query(scope.get("query_string", b""), info.languages)
        inner = dict(scope, method="GET", query_string=query)
        key = (kb_print, scope["path"] + "?" + query.decode("latin-1"))
        found = self.cache.get(key)
        if found is not None:
            return found
        if self.shared is not None and (found := self.shared.get(key)) is not None:
            self.cache.put(key, found)
            return found
        flight = self.flights.get(key)
        stale = self._stale(key)
        if flight is None:
            if self.pending >= self.options.pending:
                if stale is not None:  # busy recomputing the site after a rebuild: the previous answer
                    return stale
                raise Refused(503, "the server is busy: try again in a moment")
            flight = self.flights[key] = _Flight(asyncio.ensure_future(self._computed(inner, key, info)))
            flight.task.add_done_callback(lambda task: self._landed(key, task))
        flight.waiters += 1
        try:
            if stale is not None:
                try:
                    return await asyncio.wait_for(asyncio.shield(flight.task), GRACE)
                except TimeoutError:
                    return stale
            return await asyncio.wait_for(asyncio.shield(flight.task), self.options.deadline)
        except TimeoutError:
            raise Refused(503, f"no answer within this server's time budget ({self.options.deadline:g} s): it is still"
                               " being computed, try again in a moment") from None
        finally:
            flight.waiters -= 1

    def _stale(self, key: tuple[str, str]) -> Answer | None:
        """The previous KB file's answer to the same request, just after a rebuild."""
        if self.previous is None or not self.previous.bridges(time.monotonic()):
            return None
        found = self.cache.get((self.previous.print, key[1]))
        if found is None:
            return None
        return Answer(found.status, (*found.headers, (b"warning", b'110 - "Response is Stale"')), found.body,
                      found.etag)

    async def _rewarm(self, old: str, new: str, info: Held, like: Scope) -> int:
        """Recompute on the new KB file what this worker answered from the old one, most
        recently used first, one at a time (a request asking for one meanwhile joins its
        computation; the other slot stays free for requests); how many were computed.
        Stops if the file changes again."""
        try:
            return await self._recompute(old, new, info, like)
        except Exception:  # a background task: nobody else would hear of it
            log.exception("recomputing the answers of the new KB file")
            return 0

    async def _recompute(self, old: str, new: str, info: Held, like: Scope) -> int:
        wanted = [request for kb_print, request in reversed(self.cache.items) if kb_print == old]
        base = {k: v for k, v in like.items() if k not in ("headers", "path", "raw_path", "query_string", "state")}
        host = [(k, v) for k, v in like["headers"] if k == b"host"]
        computed = 0
        for request in wanted:
            key = (new, request)
            if fingerprint(self.home) != new:
                break
            if self.cache.get(key) is not None:
                continue
            if self.shared is not None and (found := await asyncio.to_thread(self.shared.get, key)) is not None:
                self.cache.put(key, found)
                continue
            path, _, query = request.partition("?")
            scope = dict(base, method="GET", path=path, raw_path=quote(path).encode(), query_string=query.encode(),
                         headers=host, state=dict(like.get("state", {})))
            flight = self.flights.get(key)
            if flight is None:
                flight = self.flights[key] = _Flight(asyncio.ensure_future(self._computed(scope, key, info)))
                flight.task.add_done_callback(lambda task, key=key: self._landed(key, task))  # type: ignore[misc]
                computed += 1
            flight.waiters += 1
            try:
                await asyncio.shield(flight.task)
            except Exception:  # noqa: BLE001 -- a page that fails is answered (and logged) when asked
                pass
            finally:
                flight.waiters -= 1
        return computed

    def _landed(self, key: tuple[str, str], task: asyncio.Task[Answer]) -> None:
        self.flights.pop(key, None)
        if not task.cancelled():
            task.exception()  # retrieved here: a computation nobody waits for any more may fail alone

    async def _computed(self, scope: Scope, key: tuple[str, str], info: Held) -> Answer:
        """The answer to ``scope``, computed once in a free slot and kept in the cache."""
        if self.slots is None:
            self.slots = asyncio.Semaphore(COMPUTING)
        self.pending += 1
        try:
            async with self.slots:
                flight = self.flights.get(key)
                if flight is not None and flight.waiters == 0:  # every request waiting for it gave up
                    raise Refused(503, "the server is busy: try again in a moment")
                answer = await self._compute(scope, info.redact)
        finally:
            self.pending -= 1
        if answer.status in (200, 400, 404) and fingerprint(self.home) == key[0]:
            self.cache.put(key, answer)
            if self.shared is not None and answer.size <= ITEM_BYTES:
                await asyncio.to_thread(self.shared.put, key, answer)
        return answer

    async def _post(self, scope: Scope, body: bytes) -> Answer:
        """A form posted to one of the few pages that take one (``/cite``): computed in a
        free slot like any page, never cached (the text is the user's)."""
        if self.slots is None:
            self.slots = asyncio.Semaphore(COMPUTING)
        if self.pending >= self.options.pending:
            raise Refused(503, "the server is busy: try again in a moment")
        self.pending += 1
        try:
            async with self.slots:
                answer = await self._compute(scope, body=body)
        finally:
            self.pending -= 1
        return Answer(answer.status, answer.headers, answer.body, b"")  # never revalidated

    async def _compute(self, scope: Scope, redact: Callable[[bytes], bytes] | None = None,
                       body: bytes = b"") -> Answer:
        """Run the pages on ``scope`` (with a posted ``body``) and collect their whole answer."""
        start: Message = {}
        chunks: list[bytes] = []
        sent = False

        async def receive() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # no more body, ever; a listener is cancelled when the page is done
            return {"type": "http.disconnect"}

        async def collect(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, collect)
        answered = b"".join(chunks)
        redact = redact or held(self.home).redact
        return answer_of(start.get("status", 500), start.get("headers", []), redact(answered))

    def _refusal(self, path: str, refused: Refused) -> Answer:
        kind, body = self.error_page(path, refused.status, refused.message)
        headers = [(b"content-type", kind.encode())]
        if refused.status == 503:
            headers.append((b"retry-after", RETRY_AFTER.encode()))
        if refused.status == 405:
            headers.append((b"allow", b"GET, HEAD, POST" if path in self.posted else b"GET, HEAD"))
        answer = answer_of(refused.status, headers, body)
        return Answer(answer.status, answer.headers, answer.body, b"")  # never revalidated


async def _body(receive: Receive) -> bytes:
    """A posted body, refused past :data:`POST_BYTES` (a form holds one article)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise Refused(400, "the request ended before its body")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > POST_BYTES:
            raise Refused(413, f"a posted text holds at most {POST_BYTES // 1024} KB")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _header(scope: Scope, name: bytes) -> bytes | None:
    return next((v for k, v in scope["headers"] if k == name), None)


async def _send(send: Send, answer: Answer, head: bool, if_none_match: bytes | None, cache: bytes,
                security: Iterable[tuple[bytes, bytes]]) -> None:
    status = answer.status
    headers = [(k, v) for k, v in answer.headers if k != b"last-modified"]
    if answer.etag:
        headers += [(b"etag", answer.etag), (b"cache-control", cache)]
        if status == 200 and matches(if_none_match, answer.etag):
            status = 304
            headers = [(k, v) for k, v in headers if k != b"content-type"]
    else:
        headers.append((b"cache-control", b"no-store"))
    body = b"" if status == 304 else answer.body
    if status != 304:
        headers.append((b"content-length", str(len(body)).encode()))
    headers += security
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})
