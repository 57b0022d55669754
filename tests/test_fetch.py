"""`kb fetch` against a real HTTP server on 127.0.0.1 serving a page and a real rules file."""

from __future__ import annotations

import http.server
import shutil
import threading
from pathlib import Path

import pytest
from kbrun import kb


@pytest.fixture
def site(tmp_path: Path, corpora: Path):
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

    handler = lambda *a, **kw: http.server.SimpleHTTPRequestHandler(*a, directory=str(root), **kw)  # noqa: E731
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.RequestHandlerClass.log_message = lambda *a: None
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
    # the embedded corpus is still there: the fetch added to what the KB held
    assert kb("show", "729.2a", "--lang", "it", home=home).returncode == 0


def test_fetch_refuses_pages_and_files_that_are_not_rules(site: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert kb("build", home=home).returncode == 0
    no_link = kb("fetch", "--url", f"{site}/empty.html", home=home)
    assert no_link.returncode == 2 and "links no .txt file" in no_link.stderr
    not_rules = kb("fetch", "--url", f"{site}/wrong.html", home=home)
    assert not_rules.returncode == 2 and "notes.txt" in not_rules.stderr
    unreachable = kb("fetch", "--url", f"{site}/missing.html", home=home)
    assert unreachable.returncode == 2 and "cannot download" in unreachable.stderr
    assert kb("show", "730.2", home=home).returncode == 0
