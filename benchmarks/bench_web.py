"""Web latency: the main pages of `kb serve` and their JSON twins, over HTTP.

Run: ``.venv/bin/python benchmarks/bench_web.py`` (needs ``$KB_CORPORA`` or
``../shared/corpora``).  Builds a temporary KB of the seeds, EN + ZH 2026-04-17 and
the card sets, builds its search index, starts ``kb serve`` on a free port of
127.0.0.1, and prints the median of 20 sequential GETs per page (after one warm-up
request each).  Targets: a rule page ≤ 100 ms, a search ≤ 500 ms.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import closing
from functools import partial
from pathlib import Path
from urllib.parse import quote, unquote

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import REPO, corpora, median, ms, table, timed  # noqa: E402

from indexers import index as rules_index  # noqa: E402
from kb.build import build  # noqa: E402
from kb.store import rules as store  # noqa: E402

RUNS = 20
PAGES = [
    ("/", ""),
    ("/rules/730.2", "≤ 100 ms"),
    ("/rules/730.2.json", "≤ 100 ms"),
    ("/rules/601.2", "≤ 100 ms"),               # cited 20+ times, 100+ linked rulings
    ("/rules/702.102?lang=en&lang=zh-Hans", "≤ 100 ms"),
    ("/rules/730", ""),                         # a whole chapter in three languages
    ("/refs/601.2", ""),
    ("/rules/730.2/history", ""),
    ("/search?q=merged+permanent", "≤ 500 ms"),
    ("/search.json?q=merged+permanent", "≤ 500 ms"),
    (f"/search?q={quote('标识色')}", "≤ 500 ms"),
    ("/search?q=702.102", "≤ 500 ms"),
    (f"/cards/{quote('非瑞克西亚龙引擎')}", ""),
    ("/glossary/Color%20Identity", ""),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str) -> None:
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()


def main() -> None:
    root = corpora()
    sources = [REPO / "corpus", root / "cr" / "en" / "MagicCompRules-2026-04-17.normalized.txt",
               root / "cr" / "zh" / "CR-zh-Hans-2026-04-17.txt", root / "cards"]
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        build(sources, home)
        with closing(store.connect(home)) as conn:
            rules_index.ready(home, conn)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    fetch(base + "/index.json")
                    break
                except OSError:
                    time.sleep(0.1)
            rows = []
            for path, target in PAGES:
                fetch(base + path)  # warm-up: first imports, first index open
                rows.append((unquote(path), ms(median(timed(partial(fetch, base + path), RUNS))), target))
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=20)
    print(table(rows, (f"GET (median of {RUNS}, seeds + EN + ZH 2026-04-17 + cards)", "time", "target")))


if __name__ == "__main__":
    main()
