"""`kb fetch` against a real HTTP server on 127.0.0.1 serving a page and a real rules file."""

from __future__ import annotations

import contextlib
import http.server
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from kbrun import kb

from kb.core.errors import KbError
from kb.fetch import download, txt_links


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without writing a line to stderr per request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def site(tmp_path: Path, corpora: Path) -> Iterator[str]:
    """A folder served over HTTP: the rules file under a name with a space, as in 2024."""
    root = tmp_path / "site"
    (root / "downloads").mkdir(parents=True)
    shutil.copy(corpora / "cr/en/MagicCompRules-2026-01-16.txt", root / "downloads/MagicComp Rules 20260116.txt")
    (root / "downloads/notes.txt").write_text("Just some release notes, no rules here.\n", encoding="utf-8")
    (root / "rules.html").write_text(
        '<html><body><a href="/downloads/MagicComp Rules 20260116.txt">TXT</a>'
        '<a href="/downloads/old.pdf">PDF</a></body></html>', encoding="utf-8")
    (root / "empty.html").write_text("<html><body>No links.</body></html>", encoding="utf-8")
    (root / "wrong.html").write_text('<a href="downloads/notes.txt">TXT</a>', encoding="utf-8")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_fetch_downloads_checks_keeps_and_rebuilds(site: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = kb("fetch", "--url", f"{site}/rules.html", home=home)
    assert result.returncode == 0, result.stderr
    assert "MagicComp%20Rules%2020260116.txt" in result.stdout
    kept = home / "sources" / "MagicCompRules-2026-01-16.txt"
    assert kept.is_file()
    # the default corpus holds the newer 2026-04-17: the fetched edition is the one in force before it
    shown = kb("show", "100.1", "--lang", "en", "--edition", "2026-02-01", home=home)
    assert shown.returncode == 0 and "edition 2026-01-16" in shown.stdout and str(kept) in shown.stdout
    # the embedded corpus is still there: the fetch added to what the KB held (the Italian seed's
    # 729.2a is rule 730.2a; rule 729.2a is another one, which the seed has no text of)
    italian = kb("show", "730.2a", "--lang", "it", home=home)
    assert italian.returncode == 0 and italian.stdout.startswith("it 729.2a"), italian.stderr


def test_fetch_refuses_pages_and_files_that_are_not_rules(site: str, own_default_home: Path) -> None:
    home = own_default_home  # the KB `kb build` makes (a copy of the run's): the fetches must leave it whole
    no_link = kb("fetch", "--url", f"{site}/empty.html", home=home)
    assert no_link.returncode == 2 and "links no .txt file" in no_link.stderr
    not_rules = kb("fetch", "--url", f"{site}/wrong.html", home=home)
    assert not_rules.returncode == 2 and "notes.txt" in not_rules.stderr
    unreachable = kb("fetch", "--url", f"{site}/missing.html", home=home)
    assert unreachable.returncode == 2 and "cannot download" in unreachable.stderr
    assert kb("show", "730.2", home=home).returncode == 0


# -- a hostile network: every failure one line, nothing kept, the KB untouched ----------


#: What a :class:`RawServer` does with each connection (the event: the server is stopping).
Reply = Callable[[socket.socket, threading.Event], None]


class RawServer:
    """A TCP server on 127.0.0.1 that answers every connection with ``reply(conn)``:
    for servers that do not speak HTTP as http.server does."""

    def __init__(self, reply: Reply) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/rules.txt"
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, args=(reply,), daemon=True)
        self.thread.start()

    def _serve(self, reply: Reply) -> None:
        self.sock.settimeout(0.2)
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            with conn:
                conn.recv(65536)
                with contextlib.suppress(OSError):
                    reply(conn, self.stop)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)  # out of accept() (0.2 s at most) before its socket closes
        self.sock.close()


def _lying_length(conn: socket.socket, stop: threading.Event) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5000000\r\nContent-Type: text/plain\r\n\r\n100.1. Magic")


def _no_http(conn: socket.socket, stop: threading.Event) -> None:
    conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")


def _drip(conn: socket.socket, stop: threading.Event) -> None:
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
    while not stop.is_set():
        conn.sendall(b"x")
        time.sleep(0.2)


def _to_file(conn: socket.socket, stop: threading.Event) -> None:
    conn.sendall(b"HTTP/1.1 302 Found\r\nLocation: file:///etc/passwd\r\nContent-Length: 0\r\n\r\n")


@pytest.fixture
def seed_home(own_default_home: Path) -> Path:
    """The KB `kb build` makes, a copy of one's own (the run builds it once)."""
    return own_default_home


@pytest.mark.parametrize(("reply", "words"), [
    (_lying_length, "closed before the 5,000,000 it announced"),
    (_no_http, "did not answer in HTTP"),
    (_to_file, "Redirection to url 'file:///etc/passwd' is not allowed"),
])
def test_fetch_from_a_server_that_lies_is_one_line(seed_home: Path, reply: Reply, words: str) -> None:
    server = RawServer(reply)
    page = server.url.replace("rules.txt", "rules.html")
    try:
        result = kb("fetch", "--url", page, home=seed_home)
    finally:
        server.close()
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert words in result.stderr and page in result.stderr and len(result.stderr.splitlines()) == 1
    assert not (seed_home / "sources").exists()
    assert kb("show", "730.2", home=seed_home).returncode == 0


def test_a_download_has_one_deadline_however_slowly_the_bytes_drip() -> None:
    server = RawServer(_drip)
    started = time.monotonic()
    try:
        with pytest.raises(KbError, match="time limit|within 1.5 seconds"):
            download(server.url, deadline=1.5)
    finally:
        server.close()
    assert time.monotonic() - started < 5


def test_a_download_is_capped(site: str) -> None:
    url = f"{site}/downloads/MagicComp%20Rules%2020260116.txt"
    assert len(download(url)) > 900_000
    with pytest.raises(KbError, match="more than the 10,000 a rules file may weigh"):
        download(url, limit=10_000)


def test_links_to_other_schemes_are_never_followed(site: str, tmp_path: Path) -> None:
    root = Path(site_root(tmp_path))
    (root / "zero.html").write_text('<a href="file:///dev/zero#MagicCompRules-20990101.txt">TXT</a>'
                                    '<a href="ftp://127.0.0.1/MagicCompRules-20990101.txt">TXT</a>', encoding="utf-8")
    assert txt_links((root / "zero.html").read_text(encoding="utf-8"), f"{site}/zero.html") == []
    result = kb("fetch", "--url", f"{site}/zero.html", home=tmp_path / "home")
    assert result.returncode == 2 and "links no .txt file (over http or https)" in result.stderr
    local = kb("fetch", "--url", "file:///dev/zero", home=tmp_path / "home")
    assert local.returncode == 2 and "only http and https URLs are fetched" in local.stderr


def test_rules_wrapped_in_an_html_page_are_refused(site: str, tmp_path: Path, corpora: Path) -> None:
    root = Path(site_root(tmp_path))
    rules = (corpora / "cr/en/MagicCompRules-2026-01-16.txt").read_text(encoding="utf-8-sig")
    (root / "downloads/MagicCompRules-20260116.txt").write_text(
        f"<!DOCTYPE html><html><body><pre>{rules}</pre></body></html>", encoding="utf-8")
    (root / "pre.html").write_text('<a href="downloads/MagicCompRules-20260116.txt">TXT</a>', encoding="utf-8")
    result = kb("fetch", "--url", f"{site}/pre.html", home=tmp_path / "home")
    assert result.returncode == 2 and "an HTML page, not the rules TXT file" in result.stderr, result.stderr
    assert not (tmp_path / "home" / "sources").exists()


def test_a_cut_rules_file_is_refused_before_anything_is_kept(site: str, tmp_path: Path, corpora: Path) -> None:
    root = Path(site_root(tmp_path))
    raw = (corpora / "cr/en/MagicCompRules-2026-01-16.txt").read_bytes()
    (root / "downloads/MagicCompRules-20260116.txt").write_bytes(raw[: len(raw) * 3 // 4])
    (root / "cut.html").write_text('<a href="downloads/MagicCompRules-20260116.txt">TXT</a>', encoding="utf-8")
    result = kb("fetch", "--url", f"{site}/cut.html", home=tmp_path / "home")
    assert result.returncode == 2 and "the downloaded rules are damaged: truncated" in result.stderr, result.stderr
    assert not (tmp_path / "home" / "sources").exists()


def site_root(tmp_path: Path) -> Path:
    return tmp_path / "site"
