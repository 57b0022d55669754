"""`kb serve` under hostile and heavy use: a real KB, a real server on 127.0.0.1 in a
subprocess, real HTTP (http.client, so methods and headers are ours to choose).

Each test is one defect of issue 11 as a reliability tester found it: repeated
parameters that multiplied a page (29.5 MB for 6 KB of URL), names that cost seconds
of fuzzy matching, no ETag, no HEAD, no security headers, a link to another host
built from the raw path, absolute server paths in answers, a search building the
index inside the request, no bound on work in flight, and a rebuild under load.
Most run on a KB of the seeds (fast to build); those needing slow pages or real
editions use EN 2026-04-17 from ``$KB_CORPORA`` and skip, saying why, without it.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import REPO, SEED_FILES, SEEDS, builds_large_kb, corpora_path
from kbrun import kb

from indexers import index as rules_index
from kb.build import build
from kb.core.tempfiles import hold, release
from kb.store import rules as store
from kb.web.serving import SECURITY_HEADERS

EDITION = "2026-04-17"

#: The four seed documents alone (the default corpus also holds two full editions and a set file).
SEED_PATHS = [SEEDS / name for name in SEED_FILES]


@dataclass(frozen=True)
class Reply:
    status: int
    headers: dict[str, str]   # names in lower case
    body: bytes
    seconds: float


def request(base: str, path: str, method: str = "GET", headers: dict[str, str] | None = None,
            timeout: float = 60) -> Reply:
    """One request on its own connection; the status whatever it is."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    began = time.perf_counter()
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, body,
                     time.perf_counter() - began)
    finally:
        conn.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(home: Path, *options: str) -> Iterator[str]:
    """``kb serve`` with ``options`` until the block ends (then Ctrl-C: it must exit 0)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port), *options],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if request(base, "/index.json", timeout=5).status == 200:
                break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"kb serve did not start: {proc.stdout.read().decode() if proc.stdout else ''}")
        time.sleep(0.1)
    try:
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        assert code == 0, proc.stdout.read().decode() if proc.stdout else ""


def with_index(home: Path) -> Path:
    with closing(store.connect(home)) as conn:
        rules_index.ready(home, conn)
    return home


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("serve") / "home"
    build(SEED_PATHS, home)
    return with_index(home)


@pytest.fixture(scope="module")
def server(home: Path) -> Iterator[str]:
    with serving(home, "--workers", "1") as base:
        yield base


def edition_sources() -> list[Path]:
    path = corpora_path() / "cr" / "en" / f"MagicCompRules-{EDITION}.normalized.txt"
    if not path.is_file():
        pytest.skip(f"needs a full edition (slow pages); real corpora not found at {corpora_path()}")
    return [*SEED_PATHS, path]


@pytest.fixture(scope="module")
@builds_large_kb
def full_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sources = edition_sources()
    home = tmp_path_factory.mktemp("serve-full") / "home"
    build(sources, home)
    return with_index(home)


def test_the_diff_form_of_a_kb_of_one_edition_says_there_is_nothing_to_compare(server: str) -> None:
    """It offered the one edition against itself, and sending that was a 400 (session 37's tester)."""
    reply = request(server, "/diff")
    body = reply.body.decode()
    assert reply.status == 200 and "there is nothing to compare" in body
    assert '<button type="submit">Compare</button>' not in body


# -- amplification: the work of one request is bounded before any is done -----------------------


def test_a_repeated_language_is_asked_once(server: str) -> None:
    """`?lang=en` 400 times made a 29.5 MB page (2,000 times: 685 MB in 112 s)."""
    once = request(server, "/rules/730.2.json?lang=en")
    assert once.status == 200
    repeated = request(server, "/rules/730.2.json?" + "&".join(["lang=en"] * 300))  # 2.4 KB of URL
    assert repeated.status == 200 and repeated.body == once.body and repeated.seconds < 5
    page = request(server, "/rules/730.2?lang=en")
    for count in (400, 2000):  # 3 KB of URL: the page once; 16 KB: refused before any work
        huge = request(server, "/rules/730.2?" + "&".join(["lang=en"] * count))
        assert huge.status in (200, 414) and len(huge.body) <= len(page.body) + 2000 and huge.seconds < 5, count
    assert huge.status == 414
    section = request(server, "/rules/7.json?" + "&".join(["lang=en"] * 1900))
    assert section.status == 414 and len(section.body) < 20_000 and section.seconds < 2


def test_more_languages_than_the_kb_holds_is_bad_input(server: str) -> None:
    langs = ["en", "it", "zh", "fr", "de", "ja"]
    reply = request(server, "/rules/730.2.json?" + "&".join(f"lang={lang}" for lang in langs))
    assert reply.status == 400
    assert "too many values for 'lang'" in json.loads(reply.body)["error"]


def test_a_long_card_name_is_refused_at_once(server: str) -> None:
    """A 15 KB card name cost 16 s of CPU; 100 KB never answered."""
    for size in (15_000, 100_000):
        reply = request(server, "/cards/" + "a" * size)
        assert reply.status in (400, 414) and reply.seconds < 2 and len(reply.body) < 20_000, (size, reply.status)
    near = request(server, "/cards/" + "a" * 240 + ".json")  # under the bound: answered, not found
    assert near.status == 404 and near.seconds < 10


def test_a_long_search_is_refused_at_once(server: str) -> None:
    reply = request(server, "/search.json?q=" + "merged+" * 2000)
    assert reply.status in (400, 414) and reply.seconds < 2
    over = request(server, "/search.json?q=" + quote("践踏" * 501))  # 1,002 characters: refused, 400
    assert over.status == 400 and "at most 1000 characters" in json.loads(over.body)["error"]


def test_a_judges_long_question_is_answered(server: str) -> None:
    """A question of 306 characters got a bare 400 (values were cut at 256) where the command line
    answers it; a question of 1,000 characters is answered, in Chinese too (9 KB of URL), quickly."""
    question = ("My opponent attacks with a creature with trample and deathtouch, I block with two creatures, "
                "one with first strike and one indestructible 4/4, and before damage I sacrifice the first "
                "strike blocker: how much damage must my opponent assign to the remaining blocker before the "
                "rest can trample over to me, and does deathtouch change that? ")
    for q in (question[:306], (question * 4)[:1000]):
        reply = request(server, "/ask.json?q=" + quote(q))
        assert reply.status == 200 and reply.seconds < 5 and json.loads(reply.body)["answers"], len(q)
    chinese = request(server, "/search.json?q=" + quote(("死触和践踏的生物被两个生物阻挡怎么分配伤害" * 50)[:1000]))
    assert chinese.status == 200 and chinese.seconds < 5  # answered (this KB's seeds hold no Chinese rules)



def test_a_query_not_utf8_is_said_as_the_command_line_says_it(server: str) -> None:
    """`/search.json?q=%FF` answered "bad query string: 'utf-8' codec can't decode byte 0xff in
    position 0…" (Python's words); `kb search -` says it "the query is not UTF-8 text (byte 0xFF
    at character 1)": one wording."""
    reply = request(server, "/search.json?q=%FF")
    assert reply.status == 400
    assert json.loads(reply.body)["error"] == "the query is not UTF-8 text (byte 0xFF at character 1)"
    page = request(server, "/search?q=caf%E9")
    assert page.status == 400 and "the query is not UTF-8 text (byte 0xE9 at character 4)" in page.body.decode()
    assert "codec" not in page.body.decode()

# -- caching -------------------------------------------------------------------------------------


def test_etag_and_304(server: str) -> None:
    first = request(server, "/rules/730.2?lang=it")
    etag = first.headers.get("etag")
    assert first.status == 200 and etag and "cache-control" in first.headers
    again = request(server, "/rules/730.2?lang=it", headers={"If-None-Match": etag})
    assert again.status == 304 and again.body == b"" and again.headers["etag"] == etag
    other = request(server, "/rules/730.2?lang=en", headers={"If-None-Match": etag})
    assert other.status == 200 and other.headers["etag"] != etag
    assert request(server, "/rules/730.2?lang=it").body == first.body


def test_head_is_answered_like_get(server: str) -> None:
    for path in ("/rules/730.2", "/rules/730.2.json", "/static/kb.css", "/no/such/page"):
        got, head = request(server, path), request(server, path, "HEAD")
        assert head.status == got.status and head.body == b"", path
        assert head.headers.get("content-length") == str(len(got.body)), path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path


# -- headers, hosts, links, paths ----------------------------------------------------------------


def test_security_headers_and_no_server_name(server: str) -> None:
    for path in ("/", "/rules/730.2.json", "/static/kb.css", "/rules/999.9", "/search?q=merged"):
        reply = request(server, path)
        headers = reply.headers
        assert headers.get("x-content-type-options") == "nosniff", path
        policy = headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy, path
        assert "unsafe-inline" not in policy and "script-src" not in policy, path  # no script may run at all
        assert headers.get("referrer-policy") == "no-referrer", path
        assert "server" not in headers, (path, headers.get("server"))
    assert b"<script" not in request(server, "/rules/730.2").body


def raw_request(base: str, data: bytes) -> tuple[str, list[tuple[str, str]]]:
    """Send ``data`` as it is on a new connection; the status line and headers answered."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    status, *lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    return status, [(k.strip().lower(), v.strip()) for k, v in (line.split(":", 1) for line in lines)]


def test_requests_the_server_cannot_parse_carry_the_security_headers(server: str) -> None:
    """uvicorn answers a request it cannot parse itself (400), before any of our code: that
    answer had no nosniff, no CSP, no Referrer-Policy."""
    malformed = [b"GET /rules/" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # past uvicorn's URL
                 b"NONSENSE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n"]
    for data in [*malformed, b"GET /rules/730.2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"]:
        status, headers = raw_request(server, data)
        names = [name for name, _ in headers]
        assert status.split()[1] in ("400", "200"), (status, data[:40])
        for name, value in SECURITY_HEADERS:
            assert names.count(name.decode()) == 1, (status, name, names)  # there, and once
            assert dict(headers)[name.decode()] == value.decode()
        assert "server" not in names, headers


def test_css_and_methods(server: str) -> None:
    css = request(server, "/static/kb.css")
    assert css.status == 200 and css.headers["content-type"].startswith("text/css")
    assert "max-age" in css.headers.get("cache-control", "")
    post = request(server, "/rules/730.2", "POST")
    assert post.status == 405 and "GET" in post.headers.get("allow", "")


def test_only_allowed_hosts_are_answered(home: Path, server: str) -> None:
    port = server.rsplit(":", 1)[1]
    assert request(server, "/", headers={"Host": "evil.example"}).status == 400
    assert request(server, "/", headers={"Host": f"localhost:{port}"}).status == 200
    with serving(home, "--workers", "1", "--allowed-host", "kb.example.org", "--allowed-host", "*.rules.test") as other:
        for host, status in [("kb.example.org", 200), ("a.rules.test:80", 200), ("evil.example", 400),
                             ("127.0.0.1", 200), ("127.0.0.1:80@evil.example", 400), ("[::1]:8000", 200),
                             ("kb.example.org:http", 400)]:
            assert request(other, "/index.json", headers={"Host": host}).status == status, host
    # two Host headers: neither is taken (the first was)
    address, port_text = server.removeprefix("http://").split(":")
    with socket.create_connection((address, int(port_text)), timeout=30) as sock:
        sock.sendall(f"GET /index.json HTTP/1.1\r\nHost: localhost:{port}\r\nHost: evil.example\r\n"
                     "Connection: close\r\n\r\n".encode())
        assert sock.recv(64).split()[1] == b"400"


def test_links_never_lead_to_another_host(server: str) -> None:
    """``//evil.example/x`` rendered a link to //evil.example/x.json."""
    for path in ("//evil.example/x", "//evil.example/rules/730.2", "/cards//evil.example", "/\\evil.example/x"):
        reply = request(server, path)
        assert reply.status == 404, path
        body = reply.body.decode()
        assert "href=\"//" not in body and "href=\"/\\" not in body and "evil.example/" not in body.split("<main>")[0]
        for link in body.split('href="')[1:]:
            target = link.split('"', 1)[0]
            assert target.startswith(("/", "#")) and not target.startswith(("//", "/\\")), (path, target)


def test_no_answer_shows_a_server_path(home: Path, server: str) -> None:
    """Search JSON showed /abs/path/of/the/index and every text's /abs/path/file.txt:line."""
    forbidden = {str(home), str(home.resolve()), str(REPO), str(SEEDS), str(corpora_path())}
    urls = ["/search.json?q=merged", "/search?q=merged", "/rules/730.2.json?lang=it", "/rules/730.2?lang=it&lang=en",
            "/refs/730.2.json", "/index.json", "/rules/999.9.json", f"/cards/{quote('非瑞克西亚龙引擎')}.json",
            f"/cards/{quote('非瑞克西亚龙引擎')}", "/glossary/Merge.json", "/rules/7"]
    for url in urls:
        body = request(server, url).body.decode()
        for path in forbidden:
            assert path not in body, (url, path)
    found = json.loads(request(server, "/search.json?q=merged").body)
    sources = [text["source"] for result in found["results"] for text in result["texts"]]
    assert sources and all("/" not in source and source.endswith(tuple("0123456789")) for source in sources)
    assert "001_abc0dfbf7a321300.txt:3" in sources  # a text's source: the document's name and line
    assert not Path(found["index"]["path"]).is_absolute()


# -- the search index is never built inside a request ----------------------------------------


def test_search_without_an_index_answers_503_and_builds_nothing(tmp_path: Path) -> None:
    """Every concurrent search built the whole index itself (20 at once: 237 s, 1.96 GB)."""
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    shutil.rmtree(home / rules_index.FOLDER)  # a KB without its index (copied to another machine, say)
    with serving(home, "--workers", "1") as base:
        replies = list(ThreadPoolExecutor(8).map(lambda _: request(base, "/search.json?q=merged"), range(8)))
        assert all(r.status == 503 for r in replies), [r.status for r in replies]
        assert "index" in json.loads(replies[0].body)["error"]
        assert not (home / rules_index.FOLDER).exists() or not any((home / rules_index.FOLDER).iterdir())
        with_index(home)  # what `kb build` does
        assert request(base, "/search.json?q=merged").status == 200


def test_a_stale_index_says_why_and_what_to_run_and_invites_no_retry(tmp_path: Path) -> None:
    """After an upgrade (the index format went up) every search answered 503, Retry-After: 2 and
    "not built yet … try again in a moment", forever: it says the index is out of date and the
    command that builds it, with no Retry-After; once built, searches are answered."""
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    with_index(home)
    manifest = next((home / rules_index.FOLDER).glob(f"*/{rules_index.MANIFEST}"))
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "format": rules_index.FORMAT - 1}), encoding="utf-8")
    with serving(home, "--workers", "1") as base:
        for url in ("/search.json?q=merged", "/ask.json?q=what+is+merged"):
            reply = request(base, url)
            error = json.loads(reply.body)["error"]
            assert reply.status == 503 and "retry-after" not in reply.headers, (url, reply.status, reply.headers)
            assert "out of date" in error and "older version of kb" in error and "kb index --home" in error, error
            assert "try again" not in error
        shown = request(base, "/search?q=merged")
        assert shown.status == 503 and "retry-after" not in shown.headers
        assert "<code>kb index --home $KB_HOME</code>" in shown.body.decode()
        with_index(home)  # what `kb index` does
        assert request(base, "/search.json?q=merged").status == 200


def test_an_index_of_a_newer_kb_says_to_restart_the_server_not_to_build_it(tmp_path: Path) -> None:
    """kb upgraded under a running server (the index format went up) and the KB rebuilt by the
    new kb: every search answered 503 "built by another version of kb …; to build it, run: kb
    index", and `kb index` said the index was up to date.  The server is the one out of date:
    it says so, and to restart it; an older `kb search` says it is the older one."""
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    with_index(home)
    manifest = next((home / rules_index.FOLDER).glob(f"*/{rules_index.MANIFEST}"))
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps({**data, "format": rules_index.FORMAT + 1}), encoding="utf-8")
    with serving(home, "--workers", "1") as base:
        reply = request(base, "/search.json?q=merged")
        error = json.loads(reply.body)["error"]
        assert reply.status == 503 and "retry-after" not in reply.headers, (reply.status, reply.headers)
        assert f"newer version of kb (index format {rules_index.FORMAT + 1}" in error, error
        assert "restart it: kb serve --home $KB_HOME" in error and "kb index" not in error, error
        shown = request(base, "/search?q=merged")
        assert shown.status == 503 and "<code>kb serve --home $KB_HOME</code>" in shown.body.decode()
    searched = kb("search", "merged", home=home)
    assert searched.returncode == 2 and "newer version of kb" in searched.stderr, searched.stderr
    assert "kb index" not in searched.stderr and "Traceback" not in searched.stderr


def test_a_kb_damaged_or_gone_under_a_running_server_is_the_servers_fault(tmp_path: Path) -> None:
    """kb.sqlite replaced by garbage under a running server: every page answered 400 "cannot
    read the knowledge base: file is not a database"; moved away: 404 "no knowledge base in
    $KB_HOME".  Nothing is wrong with the request: 503, saying why, until the KB is back."""
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    with_index(home)
    kb_file = home / "kb.sqlite"
    with serving(home, "--workers", "1") as base:
        kb_file.rename(home / "kb.sqlite.good")
        kb_file.write_bytes(b"not a database at all" * 100)
        for url in ("/rules/730.2.json", "/rules/730.2", "/index.json", "/search.json?q=merged"):
            reply = request(base, url)
            assert reply.status == 503 and "cannot read the knowledge base" in reply.body.decode(), (url, reply)
        kb_file.unlink()
        for url in ("/rules/730.2.json", "/rules/730.2", "/search.json?q=merged"):
            reply = request(base, url)
            assert reply.status == 503 and "no knowledge base in $KB_HOME" in reply.body.decode(), (url, reply)
        (home / "kb.sqlite.good").rename(kb_file)
        assert request(base, "/rules/730.2.json").status == 200
    # the command's exit codes stay: no KB is 1 (nothing found), a KB that is no database 2
    assert kb("show", "730.2", home=tmp_path / "none").returncode == 1
    kb_file.write_bytes(b"not a database at all" * 100)
    assert kb("show", "730.2", home=home).returncode == 2


def test_a_search_while_the_index_is_being_built_is_told_to_retry(tmp_path: Path) -> None:
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    shutil.rmtree(home / rules_index.FOLDER)
    (home / rules_index.FOLDER).mkdir()
    building = home / rules_index.FOLDER / (rules_index.TEMP_PREFIX + "test")
    building.mkdir()
    fd = hold(building)  # what a running `kb index` holds
    try:
        with serving(home, "--workers", "1") as base:
            reply = request(base, "/search.json?q=merged")
            assert reply.status == 503 and reply.headers.get("retry-after") == "2"
            assert "being built" in json.loads(reply.body)["error"]
    finally:
        release(fd)


# -- work in flight -------------------------------------------------------------------------------


def test_overload_gets_503_with_retry_after_at_once(full_home: Path) -> None:
    """One server answered 8 requests a second whatever the load: p99 42 s.  Beyond its
    bound, a request is refused at once, never queued for minutes."""
    with serving(full_home, "--workers", "1", "--max-pending", "1") as base:
        paths = [f"/rules/{section}.json" for section in range(1, 10)] + [f"/refs/{s}01.1" for s in range(1, 8)]
        with ThreadPoolExecutor(len(paths)) as pool:
            replies = list(pool.map(lambda p: request(base, p), paths))
        statuses = [r.status for r in replies]
        busy = [r for r in replies if r.status == 503]
        assert busy and all(r.headers.get("retry-after") for r in busy), statuses
        assert all(r.status in (200, 404, 503) for r in replies), statuses
        assert all(r.seconds < 10 for r in busy)
        # once it is quiet again, the same pages are answered
        assert all(request(base, p).status in (200, 404) for p in paths[:3])


def test_a_request_over_its_time_budget_gets_503_and_the_server_goes_on(full_home: Path) -> None:
    """The time budget (10 s by default) had no test.  With a budget of 10 ms, a page
    that costs more (the full text of chapter 702 of a full edition, every keyword ability) is answered
    503 at once with Retry-After and a message saying so, the static files and other
    pages are answered meanwhile, and the page, computed on, is answered from the cache."""
    with serving(full_home, "--workers", "1", "--time-budget", "0.01") as base:
        slow = request(base, "/rules/702/text.json")
        assert slow.status == 503 and slow.headers.get("retry-after") == "2", slow.status
        assert "time budget (0.01 s)" in json.loads(slow.body)["error"] and slow.seconds < 5
        page = request(base, "/refs/702.19")  # HTML: the error page says the same
        assert page.status == 503 and "time budget" in page.body.decode()
        css = request(base, "/static/kb.css")
        assert css.status == 200 and css.headers["content-type"].startswith("text/css")
        answered: list[Reply] = []
        for _ in range(100):  # the pages were computed on: the retry is answered from the cache
            answered = [request(base, path) for path in ("/rules/702/text.json", "/refs/702.19")]
            if all(reply.status == 200 for reply in answered):
                break
            time.sleep(0.2)
        assert [reply.status for reply in answered] == [200, 200]
        assert json.loads(answered[0].body)["number"] == "702" and all(r.seconds < 1 for r in answered)
    refused = kb("serve", "--time-budget", "0", "--port", str(free_port()), home=full_home, timeout=60)
    assert refused.returncode == 2 and "--time-budget must be more than 0" in refused.stderr
    refused = kb("serve", "--stale-seconds", "-1", "--port", str(free_port()), home=full_home, timeout=60)
    assert refused.returncode == 2 and "--stale-seconds must be from 0 to 120" in refused.stderr


# -- a rebuild under load -------------------------------------------------------------------------


def test_rebuild_under_load_loses_no_request(tmp_path: Path) -> None:
    """Clients keep asking while ``kb build`` replaces the KB: every request is answered
    (no error, none slower than a few seconds) and the new KB is seen at once."""
    sources = edition_sources()
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    with_index(home)
    paths = ["/", "/index.json", "/rules/730.2", "/rules/730.2.json?lang=it", "/refs/730.2", "/static/kb.css",
             "/editions", "/rules/729.3d?lang=it", "/rules/730.2j.json", "/refs/729.3d.json?lang=it"]
    stop = threading.Event()
    replies: list[tuple[str, Reply | Exception]] = []

    def client(base: str, offset: int) -> None:
        i = offset
        while not stop.is_set():
            path = paths[i % len(paths)]
            try:
                replies.append((path, request(base, path, timeout=30)))
            except Exception as err:  # noqa: BLE001 -- a failed connection is what this test looks for
                replies.append((path, err))
            i += 1

    with serving(home, "--workers", "2") as server:
        before = json.loads(request(server, "/index.json").body)
        threads = [threading.Thread(target=client, args=(server, n)) for n in range(8)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        result = kb("build", *sources, home=home)
        assert result.returncode == 0, result.stderr
        after = json.loads(request(server, "/index.json").body)  # seen at once, by every worker
        time.sleep(1)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert after != before and any(row["edition"] == EDITION for row in after)
        for _ in range(4):
            assert json.loads(request(server, "/index.json").body) == after
    failed = [(p, r) for p, r in replies if isinstance(r, Exception) or r.status != 200]
    assert not failed, failed[:5]
    assert len(replies) > 50
    slowest = max(r.seconds for _, r in replies if isinstance(r, Reply))
    assert slowest < 10, slowest  # the issue's bound on the 2-core machine is 2 s: see bench_load.py --rebuild
    leftovers = [p.name for p in home.iterdir() if p.name not in ("kb.sqlite", rules_index.FOLDER)]
    assert not leftovers


#: ``kb serve --stale-seconds`` of the test below: the default 30 s bridge made it the longest test.
BRIDGE = 3.0


def test_after_a_rebuild_the_pages_in_use_are_recomputed_before_anyone_asks(full_home: Path, tmp_path: Path) -> None:
    """After a rebuild the previous answers bridged 30 s, then every page not asked since
    was computed at once, when next asked: the slowest requests of the rebuild benchmark
    (2.7 s) came just after those 30 s.  Now each worker recomputes in the background what
    it held.  With a time budget of 10 ms no page of a full edition can be computed within
    its request, so a page answered 200 long after the rebuild (past the bridge, 3 s here),
    asked by nobody since, was recomputed on the new KB in the background."""
    sources = edition_sources()
    home = shutil.copytree(full_home, tmp_path / "home")  # a KB of those sources, the module's, of its own
    pages = ["/rules/702/text.json", "/refs/702.19", "/rules/7", "/rules/702.19?lang=en&lang=it"]
    with serving(home, "--workers", "1", "--time-budget", "0.01", "--stale-seconds", str(BRIDGE)) as base:
        for _ in range(100):  # asked until computed and cached (each answered 503 at first)
            if all(request(base, path).status == 200 for path in pages):
                break
            time.sleep(0.2)
        before = {path: request(base, path) for path in pages}
        assert all(reply.status == 200 for reply in before.values())
        result = kb("build", *sources, home=home)  # the same sources: a new KB file, every answer dropped
        assert result.returncode == 0, result.stderr
        first = request(base, "/index.json")  # this worker sees the new file
        assert first.status in (200, 503)
        time.sleep(BRIDGE + 2)  # past the bridge: no previous answer stands in
        after = {path: request(base, path) for path in pages}
        assert [reply.status for reply in after.values()] == [200] * len(pages)
        assert all("warning" not in reply.headers for reply in after.values())  # the new KB's answers
        assert all(after[path].body == before[path].body for path in pages)  # the same sources, the same pages


def test_workers_option(home: Path) -> None:
    with serving(home, "--workers", "2") as base:
        replies = list(ThreadPoolExecutor(8).map(lambda _: request(base, "/rules/730.2.json"), range(16)))
        assert {r.status for r in replies} == {200} and len({r.body for r in replies}) == 1
        assert len({r.headers["etag"] for r in replies}) == 1  # the same ETag from every worker
        status, headers = raw_request(base, b"NONSENSE\r\n\r\n")  # every worker's uvicorn has the headers
        assert status.split()[1] == "400" and ("x-content-type-options", "nosniff") in headers
    result = kb("serve", "--workers", "0", "--port", str(free_port()), home=home, timeout=60)
    assert result.returncode == 2 and "--workers must be at least 1" in result.stderr


def test_static_files_do_not_need_the_kb(tmp_path: Path) -> None:
    home = tmp_path / "home"
    build(SEED_PATHS, home)
    with serving(home, "--workers", "1") as base:
        shutil.move(store.db_path(home), tmp_path / "away.sqlite")
        assert request(base, "/static/kb.css").status == 200
        gone = request(base, "/index.json")
        assert gone.status == 503 and str(home) not in gone.body.decode()  # the server's fault: no KB
        os.replace(tmp_path / "away.sqlite", store.db_path(home))
        assert request(base, "/index.json").status == 200


# -- a fleet: the KB folder copied to another machine is served as it is -------------------------


def index_names(home: Path) -> list[str]:
    return sorted(p.name for p in (home / rules_index.FOLDER).iterdir() if not p.name.startswith("."))


def ranked(answer: bytes | str) -> list[tuple[str, float]]:
    """A search answer's results (the CLI names files by path, the server by name)."""
    return [(result["rule"], result["score"]) for result in json.loads(answer)["results"]]


def test_a_copied_kb_folder_is_searched_without_rebuilding(home: Path, server: str, tmp_path: Path) -> None:
    """The index was named after the KB file's inode and mtime, so a copy (a new inode and
    mtime) was taken for a KB without its index: every search failed until `kb index`."""
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(home), str(copy)], check=True)
    original, copied = os.stat(store.db_path(home)), os.stat(store.db_path(copy))
    assert (copied.st_ino, copied.st_mtime_ns) != (original.st_ino, original.st_mtime_ns)
    names = index_names(copy)
    expected = ranked(request(server, "/search.json?q=merged").body)
    assert expected
    found = kb("search", "merged", "--json", home=copy)
    assert found.returncode == 0, found.stderr
    assert ranked(found.stdout) == expected and not json.loads(found.stdout)["index"]["built"]
    with serving(copy, "--workers", "1") as base:
        reply = request(base, "/search.json?q=merged")
        assert reply.status == 200 and ranked(reply.body) == expected
        assert index_names(copy) == names  # nothing was built

        # the copy's KB changed in place (same build id, same size): its index is stale, never used
        with closing(sqlite3.connect(store.db_path(copy))) as conn, conn:
            conn.execute("UPDATE rules SET body = replace(body, 'merged', 'fused') WHERE number LIKE '730.2%'")
        assert os.stat(store.db_path(copy)).st_size == copied.st_size
        stale = kb("search", "merged", home=copy)
        assert stale.returncode == 2 and "kb index" in stale.stderr
        refused = request(base, "/search.json?q=merged")
        assert refused.status == 503 and "retry-after" not in refused.headers and "kb index" in refused.body.decode()
        assert kb("index", home=copy).returncode == 0
        assert index_names(copy) != names and len(index_names(copy)) == 1  # a new name: no process keeps the old
        fresh = json.loads(request(base, "/search.json?q=merged").body)
        assert ranked(json.dumps(fresh)) != expected
        assert all("merged" not in text["text"] for result in fresh["results"] for text in result["texts"]
                   if text["lang"] == "en")


def test_the_load_benchmark_asks_only_for_what_the_kb_holds(own_default_home: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``bench_load.py --home`` on the default KB: one English edition, so no diff to ask for
    (it stopped with StopIteration before); what it draws is served."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    import bench_load

    drawn = bench_load.requests(own_default_home, 400)
    assert "left out of the mix: diff" in capsys.readouterr().out
    kinds = {kind for kind, _ in drawn}
    assert "diff" not in kinds and {"rule", "card", "glossary", "search zh"} <= kinds
    with serving(own_default_home, "--workers", "1") as base:
        replies = {path: request(base, path).status for path in dict.fromkeys(p for _, p in drawn[:60])}
    assert set(replies.values()) == {200}, replies
