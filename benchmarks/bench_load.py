"""Load: many clients at once on `kb serve`, over the mix of pages real readers ask for.

Run: ``.venv/bin/python benchmarks/bench_load.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``), ``--rebuild`` to rebuild the KB in the middle of the run,
``--help`` for the rest.  Builds a temporary KB of the seeds, EN + ZH 2026-04-17, EN
2026-01-16 and 2025-11-14, the ten card sets and the wiki pages, builds its search
index, starts ``kb serve --workers N`` on a free port of 127.0.0.1, and sends
``--requests`` GETs from ``--clients`` concurrent clients (each a keep-alive
connection; h11 parses, asyncio waits), stopping at ``--max-seconds`` whatever is
left.  The mix (weights below): rule pages and their ``.json``, references, search
in English, Chinese and Italian, cards, glossary, diffs, histories, the CSS, the home
and editions pages; what each kind asks for is drawn from the KB itself (its rule
numbers, card names, glossary terms, editions) with a Zipf-like popularity, from a
fixed seed, so every run sends the same requests, and a long tail of rarely asked
pages is answered cold.

Prints, per kind of page and in all: requests, errors (a status other than 200 or a
failed connection), 503s, p50, p95, p99, the slowest, and the throughput; then the
issue's targets (0 errors, p95 ≤ 50 ms, p99 ≤ 200 ms, ≥ 400 requests/s; with a
rebuild: 0 errors, none over 2 s) as met or not.

``--rebuild``: as the measured requests start, ``kb build`` writes the same KB again
into a folder beside the served one (competing with the server for the cores), its
search index is built there, and both are renamed into the served home (the index
first): a new KB file, so every cached answer is dropped at once, as after a real
rebuild.  The KB and the index are renamed separately because in this tree ``kb
build`` does not build the index yet; with a ``kb build`` that does, the rename is
what it does itself.  The report says at which request the new KB took over: give
enough ``--requests`` for it to land in the middle.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Coroutine, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import h11

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, table  # noqa: E402

from indexers import index as rules_index  # noqa: E402
from kb.store import rules as store  # noqa: E402

#: The mix: kind of page → share of the requests.
WEIGHTS = {
    "rule": 24, "rule.json": 8, "refs": 6, "search en": 6, "search zh": 3, "search it": 3, "card": 10,
    "glossary": 8, "diff": 2, "history": 6, "css": 14, "home": 5, "editions": 5,
}
#: How many distinct things each kind draws from by default (rules, cards, terms): the long tail.
POOL = 100
SEARCHES = {
    "en": ["merged permanent", "double-faced card", "mana value", "first strike", "state-based actions",
           "commander damage", "copy of a spell", "legend rule", "split second", "phasing", "\"face down\"",
           "702.102", "combat damage step", "replacement effect", "token"],
    "zh": ["标识色", "结聚", "先攻", "连击", "状态动作", "法术力值", "替代性效应", "衍生物", "横置", "坟墓场"],
    "it": ["permanente amalgamato", "bifronte", "faccia in giù", "effetti di sostituzione", "regola"],
}
TARGETS = {"p95": 0.050, "p99": 0.200, "throughput": 400.0, "slowest with a rebuild": 2.0}


def sources(root: Path) -> list[Path]:
    cr = root / "cr"
    return [REPO / "corpus", cr / "en" / "MagicCompRules-2026-04-17.normalized.txt",
            cr / "zh" / "CR-zh-Hans-2026-04-17.txt", cr / "en" / "MagicCompRules-2026-01-16.txt",
            cr / "en" / "MagicCompRules-2025-11-14.txt", root / "cards", root / "wiki" / "mightstone_fandom_xml"]


# -- the requests -----------------------------------------------------------------------------


def zipf(items: list[str], rng: random.Random) -> Iterator[str]:
    """Items drawn forever, the k-th most popular with weight 1/k (the order is shuffled
    once, so popularity does not follow the KB's order)."""
    items = list(items)
    rng.shuffle(items)
    weights = [1 / (rank + 1) for rank in range(len(items))]
    while True:
        yield from rng.choices(items, weights, k=256)


def requests(home: Path, count: int, pool: int = POOL, seed: int = 11) -> list[tuple[str, str]]:
    """``count`` (kind, URL) pairs over the mix, drawn from what the KB in ``home`` holds.
    Plain SQL on the KB file: a benchmark reads what it needs, the pages do not."""
    rng = random.Random(seed)
    with closing(sqlite3.connect(f"file:{store.db_path(home)}?mode=ro", uri=True)) as conn:
        newest = conn.execute("SELECT max(edition) FROM rules WHERE lang = 'en'").fetchone()[0]
        numbers = [r[0] for r in conn.execute(
            "SELECT number FROM rules WHERE lang = 'en' AND edition = ? AND depth >= 1 ORDER BY sort_key", (newest,))]
        cards = [r[0] for r in conn.execute("SELECT DISTINCT name FROM cards ORDER BY name")]
        terms = [r[0] for r in conn.execute("SELECT DISTINCT term FROM glossary WHERE edition = ? ORDER BY term",
                                            (newest,))]
        editions = [r[0] for r in conn.execute(
            "SELECT DISTINCT edition FROM rules WHERE lang = 'en' AND edition IS NOT NULL ORDER BY edition")]
        langs = [r[0] for r in conn.execute("SELECT DISTINCT lang FROM rules ORDER BY lang")]
    rules = zipf(rng.sample(numbers, min(pool, len(numbers))), rng)
    card_names = zipf(rng.sample(cards, min(pool, len(cards))), rng) if cards else None
    glossary = zipf(rng.sample(terms, min(pool, len(terms))), rng) if terms else None
    diffs = [f"/diff/{old}/{new}" for i, old in enumerate(editions) for new in editions[i + 1:]]
    searches = {lang: zipf(queries, rng) for lang, queries in SEARCHES.items()}
    pick: dict[str, Iterator[str]] = {
        "rule": (f"/rules/{n}" + (f"?lang=en&lang={rng.choice(langs)}" if rng.random() < 0.3 else "")
                 for n in rules),
        "rule.json": (f"/rules/{n}.json" for n in rules),
        "refs": (f"/refs/{n}" for n in rules),
        "search en": (f"/search?q={quote(q)}" for q in searches["en"]),
        "search zh": (f"/search?q={quote(q)}" for q in searches["zh"]),
        "search it": (f"/search?q={quote(q)}&lang=it&lang=en" for q in searches["it"]),
        "card": (f"/cards/{quote(c, safe='')}" for c in card_names) if card_names else iter(()),
        "glossary": (f"/glossary/{quote(t, safe='')}" for t in glossary) if glossary else iter(()),
        "diff": (rng.choice(diffs) + rng.choice(["", ".json"]) for _ in iter(int, 1)) if diffs else iter(()),
        "history": (f"/rules/{n}/history" for n in rules),
        "css": iter(lambda: "/static/kb.css", None),
        "home": iter(lambda: "/", None),
        "editions": iter(lambda: "/editions", None),
    }
    empty = {"card": card_names is None, "glossary": glossary is None, "diff": not diffs}
    if any(empty.values()):  # a KB of one edition has no diff to ask for, one without card sets no card
        print(f"not in this KB, left out of the mix: {', '.join(k for k, none in empty.items() if none)}")
    kinds = [k for k in WEIGHTS if k in pick and not empty.get(k)]
    chosen = rng.choices(kinds, [WEIGHTS[k] for k in kinds], k=count)
    return [(kind, next(pick[kind])) for kind in chosen]


# -- the clients ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Done:
    kind: str
    url: str
    status: int          # 0: the connection failed
    seconds: float
    size: int
    at: float            # when it was answered, since the start


class Connection:
    """One keep-alive HTTP/1.1 connection to the server (h11 parses both ways)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.http = h11.Connection(h11.CLIENT)

    async def get(self, url: str) -> tuple[int, int]:
        if self.writer is None or self.http.our_state is h11.MUST_CLOSE:
            await self.close()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.http = h11.Connection(h11.CLIENT)
        assert self.reader is not None and self.writer is not None
        self.writer.write(self.http.send(h11.Request(method="GET", target=url.encode(),
                                                     headers=[("Host", f"127.0.0.1:{self.port}")])))
        self.writer.write(self.http.send(h11.EndOfMessage()))
        status, size = 0, 0
        while True:
            event = self.http.next_event()
            if event is h11.NEED_DATA:
                data = await self.reader.read(1 << 16)
                if not data:
                    raise ConnectionError("the server closed the connection")
                self.http.receive_data(data)
            elif isinstance(event, h11.Response):
                status = event.status_code
            elif isinstance(event, h11.Data):
                size += len(event.data)
            elif isinstance(event, h11.EndOfMessage):
                break
        if self.http.our_state is h11.DONE and self.http.their_state is h11.DONE:
            self.http.start_next_cycle()
        return status, size

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


async def load(port: int, todo: list[tuple[str, str]], clients: int, max_seconds: float,
               done: list[Done] | None = None) -> tuple[list[Done], float]:
    """Send ``todo`` from ``clients`` connections; every answer timed (into ``done``)."""
    done = [] if done is None else done
    queue = iter(todo)
    start = time.perf_counter()
    deadline = start + max_seconds

    async def client() -> None:
        conn = Connection(port)
        for kind, url in queue:
            if time.perf_counter() > deadline:
                break
            began = time.perf_counter()
            try:
                status, size = await asyncio.wait_for(conn.get(url), timeout=60)
            except (TimeoutError, OSError, h11.ProtocolError):
                status, size = 0, 0
                await conn.close()
            now = time.perf_counter()
            done.append(Done(kind, url, status, now - began, size, now - start))
        await conn.close()

    await asyncio.gather(*(client() for _ in range(clients)))
    return done, time.perf_counter() - start


# -- the server and the rebuild ---------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build(home: Path, inputs: list[Path]) -> None:
    subprocess.run([sys.executable, "-m", "kb", "build", "--home", str(home), *map(str, inputs)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with closing(store.connect(home)) as conn:
        rules_index.ready(home, conn)


def rebuild(home: Path, inputs: list[Path], done: list[Done]) -> tuple[float, int]:
    """Build the KB and its index beside ``home``, then rename both in (see the
    docstring); how long it took, and how many requests were answered before the swap."""
    began = time.perf_counter()
    staging = Path(tempfile.mkdtemp(prefix=".rebuild-", dir=home.parent))
    try:
        build(staging, inputs)
        (home / rules_index.FOLDER).mkdir(exist_ok=True)
        for index in (staging / rules_index.FOLDER).iterdir():
            if not index.name.startswith("."):
                os.rename(index, home / rules_index.FOLDER / index.name)
        os.rename(store.db_path(staging), store.db_path(home))
        swapped_at = len(done)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return time.perf_counter() - began, swapped_at


def start_server(home: Path, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port),
                               "--workers", str(workers)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"GET /index.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                if sock.recv(12).startswith(b"HTTP/1.1 200"):
                    return server, port
        except OSError:
            time.sleep(0.2)
    server.kill()
    sys.exit(f"kb serve did not start: {server.stderr.read().decode() if server.stderr else ''}")


# -- the report -------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=1000, method="inclusive")[min(998, round(q * 1000) - 1)]


def report(done: list[Done], seconds: float, rebuilt: bool) -> tuple[str, list[str]]:
    by_kind: dict[str, list[Done]] = defaultdict(list)
    for item in done:
        by_kind[item.kind].append(item)
    rows = []
    for kind, items in [*sorted(by_kind.items()), ("all", done)]:
        times = [d.seconds for d in items]
        errors = sum(d.status != 200 for d in items)
        busy = sum(d.status == 503 for d in items)
        rows.append((kind, str(len(items)), str(errors), str(busy),
                     *(f"{quantile(times, q) * 1000:.1f} ms" for q in (0.5, 0.95, 0.99)),
                     f"{max(times) * 1000:.0f} ms"))
    times = [d.seconds for d in done]
    errors = sum(d.status != 200 for d in done)
    rate = len(done) / seconds
    checks = [f"errors: {errors} (target 0) {'ok' if errors == 0 else 'MISSED'}"]
    if rebuilt:
        slowest = max(times)
        checks.append(f"slowest: {slowest * 1000:.0f} ms (target ≤ 2000 ms with a rebuild) "
                      f"{'ok' if slowest <= TARGETS['slowest with a rebuild'] else 'MISSED'}")
    else:
        for name, q in (("p95", 0.95), ("p99", 0.99)):
            value = quantile(times, q)
            checks.append(f"{name}: {value * 1000:.1f} ms (target ≤ {TARGETS[name] * 1000:.0f} ms) "
                          f"{'ok' if value <= TARGETS[name] else 'MISSED'}")
        checks.append(f"throughput: {rate:.0f} requests/s (target ≥ 400) "
                      f"{'ok' if rate >= TARGETS['throughput'] else 'MISSED'}")
    text = table(rows, ("kind", "requests", "errors", "503", "p50", "p95", "p99", "slowest"))
    return text + f"\n{len(done)} requests in {seconds:.1f} s: {rate:.0f} requests/s", checks


async def run(args: argparse.Namespace, home: Path, inputs: list[Path]) -> None:
    todo = requests(home, args.requests, args.pool)
    server, port = start_server(home, args.workers)
    rebuilt_in = None
    try:
        if args.warm:  # every distinct URL asked once, unmeasured: the steady state of a server in use
            await load(port, list(dict((url, (kind, url)) for kind, url in todo).values()), args.clients,
                       args.max_seconds)
        answered: list[Done] = []
        loading = asyncio.ensure_future(load(port, todo, args.clients, args.max_seconds, answered))
        if args.rebuild:
            rebuilt_in = await asyncio.to_thread(rebuild, home, inputs, answered)
        done, seconds = await loading
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    text, checks = report(done, seconds, args.rebuild)
    distinct = len({url for _, url in todo})
    what = (f"{len(done)} GETs ({distinct} distinct URLs, {'each asked once before' if args.warm else 'cold'})"
            f" from {args.clients} clients, kb serve --workers {args.workers}, {os.cpu_count()} cores")
    if rebuilt_in is not None:
        what += (f", KB rebuilt ({rebuilt_in[0]:.1f} s to build and swap): the new KB answered from request"
                 f" {rebuilt_in[1] + 1} on")
    print(what)
    print(text)
    for line in checks:
        print(line)
    swap = done[rebuilt_in[1] - 1].at if rebuilt_in and 0 < rebuilt_in[1] <= len(done) else 0.0
    failed = Counter((d.status, d.url) for d in done if d.status != 200)
    for (status, url), count in failed.most_common(5):
        when = [d.at - d.seconds - swap for d in done if (d.status, d.url) == (status, url)]
        print(f"  failed: {count} × {status or 'no answer'} {url[:70]} (sent {min(when):+.1f} s to {max(when):+.1f} s"
              f"{' from the swap' if rebuilt_in else ''})")
    if args.slowest:
        print(f"the {args.slowest} slowest requests" + (" (sent at, seconds after the swap)" if rebuilt_in else ""))
        for item in sorted(done, key=lambda d: -d.seconds)[:args.slowest]:
            print(f"  {item.seconds * 1000:6.0f} ms  {item.status}  {item.kind:10}  "
                  f"{item.at - item.seconds - swap:+7.2f} s  {item.url[:70]}")
    if rebuilt_in is not None and rebuilt_in[1] >= len(done):
        print("the new KB took over after the last request: give more --requests")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--pool", type=int, default=POOL,
                        help=f"distinct rules, cards and terms asked for (default {POOL}; popularity 1/rank)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--max-seconds", type=float, default=600, help="stop sending after this long")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the KB during the run")
    parser.add_argument("--warm", action="store_true",
                        help="ask every distinct URL once before measuring (the server's steady state)")
    parser.add_argument("--home", type=Path, help="serve this KB home (its KB rebuilt from the same sources with"
                                                  " --rebuild) instead of building a temporary one")
    parser.add_argument("--small", action="store_true", help="the seeds and EN 2026-04-17 only (a quick run)")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="list the N slowest requests (with --rebuild: when they were sent, from the swap)")
    args = parser.parse_args()
    root = corpora()
    inputs = sources(root)[:2] if args.small else sources(root)
    runner: Callable[[Coroutine[object, None, None]], None]
    try:
        import uvloop
        runner = uvloop.run  # the client's own overhead is part of what is measured: keep it small
    except ImportError:
        runner = asyncio.run
    with tempfile.TemporaryDirectory() as tmp:
        home = args.home or Path(tmp) / "home"
        if not store.db_path(home).is_file():
            build(home, inputs)
        else:
            with closing(store.connect(home)) as conn:
                rules_index.ready(home, conn)
        runner(run(args, home, inputs))


if __name__ == "__main__":
    main()
