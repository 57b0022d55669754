"""`kb serve`: a real KB, a real server on 127.0.0.1, real HTTP, a real browser.

One KB is built per run (the reading tests read it too) from the default corpus (the seeds, English and Chinese
2026-04-17, the BRO set), plus (when ``$KB_CORPORA`` holds them) English and Chinese
2025-11-14 and the other card sets, and served by
``python -m kb serve`` in a subprocess on a free port.  Every ``.json`` twin is
compared byte for byte with what ``kb … --json`` prints for the same question;
the HTML pages are checked against those JSON answers (the texts, numbers and
links they must show), never against values written down from a previous run.
The browser tests drive headless Chromium through selenium; they skip, saying why,
where Chromium or chromedriver is missing, except under CI (``$CI`` set), where
they fail.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from conftest import REPO, SEEDS, builds_large_kb, corpora_path
from kbrun import kb, kb_here

from indexers import index as rules_index
from indexers.translate import BELOW_THRESHOLD, OWN_LANGUAGE
from kb.build import build
from kb.store import rules as store
from kb.web.serving import Redactor

NEW, OLD = "2026-04-17", "2025-11-14"
CARD = "非瑞克西亚龙引擎"  # the seed rulings page's title, resolved through its rulings
STATUS = {0: 200, 1: 404, 2: 400}  # the CLI's exit codes as HTTP statuses


def full() -> bool:
    """The real corpora are here: the KB holds two editions of each language and ten card sets."""
    return (corpora_path() / "cr" / "en").is_dir()


@pytest.fixture(scope="module")
@builds_large_kb  # the default corpus holds two full editions
def home(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    if full():  # the default corpus, EN and ZH 2025-11-14 and the card sets: built by `kb build` once per run
        return request.getfixturevalue("older_editions_kb")
    home = tmp_path_factory.mktemp("web") / "home"
    build([SEEDS], home)  # the default corpus: EN and ZH 2026-04-17 are in it
    with closing(store.connect(home)) as conn:
        rules_index.ready(home, conn)  # built once here, so the CLI and the web both find it ready
    return home


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``kb serve`` as a user starts it; stopped with Ctrl-C (SIGINT) at the end, which
    must end it cleanly (exit 0)."""
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    for _attempt in range(3):  # a port taken between choosing and binding: choose again
        port = free_port()
        with log.open("w") as out:
            proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--home", str(home), "--port", str(port)],
                                    stdout=out, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + "/index.json", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        if proc.poll() is None:
            break
    else:
        pytest.fail(f"kb serve did not start: {log.read_text()}")
    try:
        yield base
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert code == 0, log.read_text()


def get(url: str) -> tuple[int, str, str]:
    """Status, content type and body of a GET (error statuses included)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, response.headers["Content-Type"], response.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read().decode("utf-8")


def get_json(url: str) -> Any:
    status, kind, body = get(url)
    assert status == 200 and kind.startswith("application/json"), (url, status, body)
    return json.loads(body)


class Html(HTMLParser):
    """What a page shows: its visible text, its links, and the rows of its
    side-by-side table (each row the text of its cells)."""

    def __init__(self, body: str) -> None:
        super().__init__()
        self.text: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.rows: list[list[str]] = []
        self._href: str | None = None
        self._anchor: list[str] = []
        self._table = self._cell = False
        self.feed(body)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self._href, self._anchor = found["href"], []
        elif tag == "table" and "side-by-side" in (found.get("class") or ""):
            self._table = True
        elif tag == "tr" and self._table:
            self.rows.append([])
        elif tag == "td" and self._table:
            self.rows[-1].append("")
            self._cell = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._anchor).strip()))
            self._href = None
        elif tag == "table":
            self._table = False
        elif tag == "td":
            self._cell = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._href is not None:
            self._anchor.append(data)
        if self._cell:
            self.rows[-1][-1] += data

    @property
    def shown(self) -> str:
        return " ".join(" ".join(self.text).split())

    def hrefs(self) -> set[str]:
        return {href for href, _ in self.links}


def page(url: str, status: int = 200) -> Html:
    got, kind, body = get(url)
    assert got == status and kind.startswith("text/html"), (url, got, body[:500])
    return Html(body)


def words(text: str, count: int = 8) -> str:
    """The first words of a text, as a page shows them (whitespace collapsed)."""
    return " ".join(text.split()[:count])


# -- every .json twin is the CLI's --json --------------------------------------------------------

TWINS = [
    # (URL, the same question to the CLI, answered: True from the default corpus, "corpora" only
    # with the real corpora (an older edition), None never (an error))
    ("/index.json", ["editions"], False),
    ("/editions.json", ["editions"], False),
    ("/rules/730.2.json", ["show", "730.2"], False),
    ("/rules/730.2.json?lang=en&lang=it", ["show", "730.2", "--lang", "en", "--lang", "it"], False),
    ("/rules/729.3d.json?lang=it", ["show", "729.3d", "--lang", "it"], False),
    ("/rules/730.2j.json?lang=it&lang=zh", ["show", "730.2j", "--lang", "it", "--lang", "zh"], True),
    (f"/rules/601.2.json?edition={OLD}", ["show", "601.2", "--edition", OLD], "corpora"),
    ("/refs/730.2.json", ["refs", "730.2"], False),
    ("/refs/702.102.json", ["refs", "702.102"], True),
    ("/rules/730.2/history.json", ["history", "730.2"], True),
    ("/rules/730.2/history.json?lang=zh-Hans", ["history", "730.2", "--lang", "zh-Hans"], True),
    ("/search.json?q=permanente+amalgamato&lang=it&lang=en&limit=1",
     ["search", "permanente amalgamato", "--lang", "it", "--lang", "en", "--limit", "1"], False),
    (f"/search.json?q={quote('标识色')}&limit=2", ["search", "标识色", "--limit", "2"], True),
    ("/search.json?q=702.102", ["search", "702.102"], True),
    (f"/cards/{quote(CARD)}.json", ["card", CARD], True),
    ("/cards/Fyrexian%20Drgon.json", ["card", "Fyrexian Drgon"], None),  # weak evidence: 404 and candidates
    (f"/glossary/{quote('标识色')}.json", ["glossary", "标识色"], True),
    ("/glossary/permanente.json", ["glossary", "permanente"], True),  # through the learned lexicon
    ("/glossary/colour%20identity.json", ["glossary", "colour identity"], True),  # through its spelling
    ("/glossary/melded%20permanent.json", ["glossary", "melded permanent"], None),  # suggestions, 404
    ("/glossary.json", ["glossary"], False),
    ("/cards.json", ["card"], False),
    ("/cards.json?letter=p", ["card", "--letter", "p"], True),
    ("/cards.json?letter=zz", ["card", "--letter", "zz"], None),
    ("/rules/700-799.json", ["toc", "700-799"], True),  # chapters named: their contents
    ("/rules/701,702.json?lang=zh-Hans&lang=en", ["toc", "701,702", "--lang", "zh-Hans"], True),
    ("/rules/702.1-702.190.json", ["toc", "702.1-702.190"], True),  # rules whose text is long: their contents
    ("/rules/702.1-702.190/text.json", ["show", "702.1-702.190"], True),  # and their text, asked for
    ("/cards/Lightning%20Bolt.json", ["card", "Lightning Bolt"], None),
    ("/search.json?q=xyzzyplugh", ["search", "xyzzyplugh"], False),  # nothing found: 200, an empty list
    ("/glossary/Color%20Identity.json?lang=zh", ["glossary", "Color Identity", "--lang", "zh"], True),
    (f"/diff/{OLD}/{NEW}.json", ["diff", OLD, NEW], "corpora"),
    (f"/diff/{OLD}/{NEW}.json?lang=zh-Hans", ["diff", OLD, NEW, "--lang", "zh-Hans"], "corpora"),
    (f"/diff.json?old={OLD}&new={NEW}", ["diff", OLD, NEW], "corpora"),  # what the form of /diff sends
    (f"/glossary/Friends%20Forever.json?edition={OLD}", ["glossary", "Friends Forever", "--edition", OLD], "corpora"),
    ("/rules.json", ["toc"], True),
    ("/rules/7.json", ["toc", "7"], True),
    ("/rules/7.json?lang=zh-Hans", ["toc", "7", "--lang", "zh-Hans"], True),
    ("/rules/702.json", ["toc", "702"], True),  # a chapter's page is its contents
    ("/rules/702/text.json", ["show", "702"], True),  # and its full text has a page of its own
    ("/rules/730.json?lang=it&lang=en", ["toc", "730", "--lang", "it"], True),
    ("/rules/730/text.json?lang=it&lang=en", ["show", "730", "--lang", "it", "--lang", "en"], True),
    ("/rules/601.2a-h.json", ["show", "601.2a-h"], True),
    ("/rules/702.19b%E2%80%93d.json?lang=en&lang=zh-Hans", ["show", "702.19b–d", "--lang", "en", "--lang", "zh-Hans"],
     True),
    ("/rules/CR%20702.19B.json", ["show", "CR 702.19B"], True),
    ("/rules/702.124k.json?as-of=2025-11-14", ["show", "702.124k", "--as-of", "2025-11-14"], "corpora"),
    ("/refs/702.19b-c.json", ["refs", "702.19b-c"], True),
    ("/rules/702.19/history.json", ["history", "702.19"], True),
    # errors: the CLI's --json error body, its exit code as the status
    ("/rules/730.2.json?lang=fr", ["show", "730.2", "--lang", "fr"], None),
    ("/rules/730.2.json?edition=2001-01-01", ["show", "730.2", "--edition", "2001-01-01"], None),
    ("/rules/702.124k.json?as-of=2001-01-01", ["show", "702.124k", "--as-of", "2001-01-01"], None),
    ("/rules/trample%20damage.json", ["show", "trample damage"], None),
    ("/rules/999.9.json", ["show", "999.9"], None),
    ("/rules/7x.json", ["show", "7x"], None),
    ("/rules/730.2.json?edition=2026-13-01", ["show", "730.2", "--edition", "2026-13-01"], None),
    ("/rules/730.2.json?lang=xx", ["show", "730.2", "--lang", "xx"], None),
    ("/glossary/No%20Such%20Term.json", ["glossary", "No Such Term"], None),
    ("/search.json?q=the+of", ["search", "the of"], None),
    ("/search.json?q=", ["search", ""], None),
    ("/diff/2026-01-16/not-a-date.json", ["diff", "2026-01-16", "not-a-date"], None),
]


@pytest.fixture(scope="module")
def public(home: Path) -> Redactor:
    """What the server does to the CLI's answer: file paths become file names."""
    with closing(store.connect(home)) as conn:
        return Redactor(home, store.source_paths(conn))


@pytest.mark.parametrize(("url", "args", "answered"), TWINS, ids=[t[0] for t in TWINS])
def test_json_twin_is_what_the_cli_prints(server: str, home: Path, public: Redactor, url: str, args: list[str],
                                          answered: bool | str | None) -> None:
    cli = kb_here(*args, "--json", home=home)
    status, kind, body = get(server + url)
    assert kind.startswith("application/json")
    assert body == public(cli.stdout.encode()).decode(), f"{url} differs from kb {' '.join(args)} --json"
    found_nothing = args[0] == "search" and cli.returncode == 1  # a page listing nothing: 200 (issue 12)
    assert status == (200 if found_nothing else STATUS[cli.returncode]), (url, status, cli.returncode, cli.stderr)
    if answered is True or (answered == "corpora" and full()):  # an answer, not just two equal errors
        assert cli.returncode == 0, cli.stderr
    if answered is None:
        assert cli.returncode != 0, cli.stdout


# -- the rule page -------------------------------------------------------------------------------


def test_rule_page_shows_english_and_italian_side_by_side(server: str) -> None:
    view = get_json(server + "/rules/730.2.json?lang=en&lang=it")
    blocks = {block["lang"]: block for block in view["languages"]}
    assert blocks["en"]["number"] == "730.2" and blocks["it"]["number"] == "729.2"
    shown = page(server + "/rules/730.2?lang=en&lang=it")
    assert "Italian 729.2" in shown.shown and "English 730.2" in shown.shown
    assert "numbered 729.2 here, 730.2 in the newest English edition" in shown.shown
    # each row holds one rule in both languages: 730.2a beside 729.2a, and so on
    italian = {text["rule"]: text for text in blocks["it"]["rules"]}
    paired = 0
    for english in blocks["en"]["rules"]:
        row = next(r for r in shown.rows if r and r[0].split()[0] == english["number"])
        assert words(english["text"]) in " ".join(row[0].split())
        if english["rule"] in italian:
            own = italian[english["rule"]]
            assert row[1].split()[0] == own["number"]
            assert words(own["text"]) in " ".join(row[1].split())
            paired += 1
    assert paired >= 10


def test_undated_italian_says_which_english_editions_it_matches(server: str) -> None:
    view = get_json(server + "/rules/730.2.json?lang=it")
    block = view["languages"][0]
    assert block["edition"] is None
    shown = page(server + "/rules/730.2?lang=it").shown
    matches = block["matches"]
    if matches:
        assert f"undated · matches en {matches[0]}" in shown
        assert len(matches) == 1 or f"to {matches[-1]}" in shown
    else:
        assert "undated" in shown and "matches en" not in shown


def test_references_are_links_to_their_targets(server: str) -> None:
    view = get_json(server + "/rules/730.2.json")
    shown = page(server + "/rules/730.2")
    hrefs = shown.hrefs()
    resolved = 0
    for block in view["languages"]:
        for text in block["rules"]:
            for ref in text["references"]:
                for number in ref["numbers"]:
                    if number in ref["phrase"]:  # written out in the phrase (a range's inner numbers are not)
                        assert f"/rules/{number}" in hrefs, (ref, block["lang"])
                        resolved += 1
                for missing in ref["missing"]:
                    assert missing in shown.shown
    assert resolved >= 3  # "See rule 613.2" and the like, in English, Italian and Chinese
    target = page(server + "/rules/613.2")
    assert "613.2" in target.shown


def test_cited_by_entry_appears_on_the_target_page(server: str) -> None:
    view = get_json(server + "/rules/730.2.json?lang=en")
    citing = next(t for t in view["languages"][0]["rules"] if any(r["numbers"] for r in t["references"]))
    target = next(n for r in citing["references"] for n in r["numbers"])
    incoming = get_json(server + f"/refs/{target}.json")["incoming"]
    assert any(link["number"] == citing["number"] for link in incoming)
    shown = page(server + f"/rules/{target}")
    assert ("/rules/" + citing["number"], citing["number"]) in shown.links
    direct = get_json(server + f"/refs/{target}.json")["incoming_direct"]
    assert f"Cited by {direct}" in shown.shown


def test_translation_older_than_the_english_text_is_flagged(server: str) -> None:
    if not full():
        pytest.skip(f"needs two editions of a translation; real corpora not found at {corpora_path()}")
    changed = get_json(server + f"/diff/{OLD}/{NEW}.json")["changed"]
    flagged = 0
    for change in changed[:5]:
        if not any(op != "=" for op, _ in change["body"]):
            continue
        url = f"/rules/{change['new']}?lang=zh-Hans&edition={OLD}"
        block = get_json(server + url.replace("?", ".json?"))["languages"][0]
        shown = page(server + url).shown
        warning = f"The English text changed after {OLD}: this translation may be out of date."
        assert (warning in shown) == (block["english_changed_since"] == OLD)
        flagged += block["english_changed_since"] == OLD
    assert flagged >= 1
    assert "may be out of date" not in page(server + "/rules/730.2?lang=zh-Hans").shown


def test_a_ruling_many_cards_give_is_shown_once_with_its_cards(server: str) -> None:
    """/refs/111.10h listed 85 rulings, 4 texts: "Powerstone tokens are a kind of predefined token…"
    28 times, once per card; each text is shown once, its cards named before it."""
    refs = get_json(server + "/refs/111.10h.json")
    texts = list(dict.fromkeys((r["text"], r["date"]) for r in refs["rulings"]))
    _, _, body = get(server + "/refs/111.10h")
    assert body.count('<li class="ruling">') == len(texts) < len(refs["rulings"])
    assert f'<span class="count">{len(texts)} texts</span>' in body
    first = [r["card"] for r in refs["rulings"] if (r["text"], r["date"]) == texts[0]]
    shown = page(server + "/refs/111.10h")  # the references page names every card
    assert body.count('class="card-name"') == len(refs["rulings"])
    linked = {unquote(href) for href in shown.hrefs()}
    assert all(f"/cards/{card}" in linked for card in first)
    _, _, rule = get(server + "/rules/111.10h")  # the rule page six of each, and leads to the rest
    if len(first) > 6:
        assert f" and {len(first) - 6} more" in rule and 'href="/refs/111.10h"' in rule


def test_rule_page_lists_linked_card_rulings(server: str) -> None:
    refs = get_json(server + "/refs/702.102.json")
    assert refs["rulings"] and refs["pages"]
    shown = page(server + "/rules/702.102")
    assert f"Card rulings {len(refs['rulings'])}" in shown.shown
    first = refs["rulings"][0]
    assert words(first["text"], 5) in shown.shown
    assert any(p["title"] in shown.shown for p in refs["pages"])


# -- the other pages -----------------------------------------------------------------------------


def test_home_page_lists_what_the_kb_holds(server: str) -> None:
    held = get_json(server + "/index.json")
    shown = page(server + "/")
    for row in held:
        assert row["lang"] in shown.shown and (row["edition"] or "undated") in shown.shown
    assert "/index.json" in shown.hrefs()
    assert "Search" in shown.shown


def test_search_page_shows_results_side_by_side_with_highlights(server: str) -> None:
    url = "/search?q=permanente+amalgamato&lang=it&lang=en&limit=3"
    data = get_json(server + url.replace("/search", "/search.json"))
    status, _, body = get(server + url)
    assert status == 200
    shown = Html(body)
    top = data["results"][0]
    assert ("/rules/" + top["rule"], top["rule"]) in shown.links
    for text in top["texts"]:
        assert (text["number"] or text["title"]) in shown.shown and text["lang"] in shown.shown
    assert "<mark>" in body
    assert f"{len(data['results'])} of {data['total']} results" in shown.shown


def test_nothing_found_in_the_languages_asked_says_what_they_hold_and_where_to_look(server: str) -> None:
    """"trample" in Italian alone: the Italian seed holds 17 texts, none of trample; the page
    said only "No result", the command line "0 results"."""
    data = get_json(server + "/search.json?q=trample&lang=it")  # a page (200), though `kb search` exits 1
    assert data["results"] == []
    said = data["elsewhere"]
    assert said["said"].startswith("nothing found in the Italian text held (only 2 rules")
    assert said["text"].endswith("in every language: kb search trample") and said["command"] == ["search", "trample"]
    assert said["said"] in Html(get(server + "/search?q=trample&lang=it")[2]).shown
    assert get_json(server + "/search.json?q=zzzzqqq")["elsewhere"] is None  # every language was searched


def test_a_command_a_message_suggests_is_a_link_to_its_page_on_the_web(server: str) -> None:
    """"in every language: kb search trample" was plain text on the page: there it is a link to
    the page that command shows, saying what it is, the command line its title (the CLI keeps it)."""
    shown = page(server + "/search?q=trample&lang=it")
    assert ("/search?q=trample", "search “trample”") in shown.links
    assert "in every language: kb search" not in shown.shown  # (the footer says the page's own command)
    typed = "<script>x()</script> \"it's\" zzqq"  # what the user typed stays text, in the link and its URL
    got, _, body = get(server + "/search?" + urllib.parse.urlencode([("q", typed), ("lang", "it")]))
    assert got == 200 and "<script>x()" not in body
    assert ("/search?" + urllib.parse.urlencode([("q", typed)]), f"search “{typed}”") in Html(body).links


def test_a_rule_a_language_numbers_otherwise_is_a_link_on_an_error_page(server: str) -> None:
    """`/rules/729.2?lang=it` answered 404 "…is rule 730.2: kb show 730.2 --lang it", a command as
    text: the page links the rule's Italian page; the JSON twin (the CLI's --json) keeps the command."""
    error = json.loads(get(server + "/rules/729.2.json?lang=it")[2])["error"]
    assert error.endswith("(the Italian text numbered 729.2 is rule 730.2: kb show 730.2 --lang it)"), error
    for url in ("/rules/729.2?lang=it", "/rules/729?lang=it"):
        shown = page(server + url, 404)
        assert ("/rules/730.2?lang=it", "rule 730.2") in shown.links, shown.links
        assert "kb show 730.2" not in shown.shown and "the Italian text numbered 729.2 is rule 730.2" in shown.shown


def test_a_rule_the_kb_lacks_links_the_nearest_it_holds(server: str) -> None:
    """`/rules/730.99` said "no rule 730.99 in the KB" and left the reader to guess where chapter
    730 ends: the page names its rules and links the chapter's contents."""
    shown = page(server + "/rules/730.99", 404)
    assert "chapter 730 holds rules 730.1 to 730.3" in shown.shown and "kb toc" not in shown.shown
    assert ("/rules/730", "contents of 730") in shown.links, shown.links
    assert ("/rules/702.19", "rule 702.19") in page(server + "/rules/702.19z", 404).links


def test_a_symbol_s_search_page_links_its_rules_not_an_address(server: str) -> None:
    """A symbol's rules are a ranking: the page offered "All on one page: rules {T}", a link to no page."""
    shown = page(server + "/search?q=%7BT%7D")
    assert "read as a symbol" in shown.shown and "All on one page" not in shown.shown
    assert ("/rules/107.5", "107.5") in shown.links or any(h.startswith("/rules/107.5") for h in shown.hrefs())


def test_a_chapter_page_is_titled_by_its_chapter(server: str) -> None:
    """`/rules/702` was titled "Rule 702", where `/rules/7` is "Section 7: Additional Rules"."""
    got, _, body = get(server + "/rules/702")
    assert got == 200 and "<title>Chapter 702: Keyword Abilities · kb</title>" in body
    assert "Chapter 702: Keyword Abilities" in Html(body).shown
    assert "<title>Rule 702.19 · kb</title>" in get(server + "/rules/702.19")[2]


def test_each_column_header_is_in_its_columns_language(server: str) -> None:
    """Every header of a side-by-side table said lang="en", the Chinese column's too."""
    for url in ("/rules/702.19?lang=en&lang=zh-Hans", "/rules/702.19b-d?lang=en&lang=zh-Hans"):
        body = get(server + url)[2]
        headers = re.findall(r'<th scope="col" lang="([^"]+)"', body)
        assert headers and headers == ["en", "zh-Hans"] * (len(headers) // 2), (url, headers)


def test_a_card_box_links_its_card_page_not_its_command(server: str) -> None:
    """A card named by a search showed `kb card '…'` as code on the page: a link to the card's page."""
    url = "/search?q=" + quote(CARD)
    card = get_json(server + url.replace("/search", "/search.json"))["cards"][0]
    assert card["command"].startswith("kb card ")  # the JSON keeps the command line
    shown = page(server + url)
    assert ("/cards/" + quote(card["card"], safe=""), "its card page") in shown.links
    assert card["command"] not in shown.shown


@pytest.mark.parametrize("kind", ["search", "ask"])
def test_a_card_box_shows_the_cards_text_and_rulings(server: str, kind: str) -> None:
    """The card box named Go for the Throat and linked its page, but showed not what it says: its
    Oracle text and ruling answer "can Go for the Throat kill an artifact creature"."""
    url = f"/{kind}?q=" + quote("can Go for the Throat kill an artifact creature")
    card = get_json(server + url.replace(f"/{kind}", f"/{kind}.json"))["cards"][0]
    assert card["faces"][0]["text"] == "Destroy target nonartifact creature."
    shown = page(server + url).shown
    assert "Destroy target nonartifact creature." in shown
    assert "If the targeted creature is also an artifact when Go for the Throat tries to resolve" in shown


def test_a_card_box_links_the_card_page_for_the_rulings_not_shown(server: str) -> None:
    url = "/search?q=" + quote(CARD)
    card = get_json(server + url.replace("/search", "/search.json"))["cards"][0]
    more = card["total_rulings"] - len(card["rulings"])
    assert more > 0
    shown = page(server + url)
    assert (card["url"], f"{more} more rulings") in shown.links


def test_a_rule_address_searched_shows_its_rules_whole_and_links_their_page(server: str) -> None:
    """`/search?q=601.2a-h` cut all 8 texts short ("…") where `kb search 601.2a-h` prints them whole,
    and did not lead to `/rules/601.2a-h`, the page of those rules."""
    data = get_json(server + "/search.json?q=601.2a-h")
    assert data["whole"] and [r["rule"] for r in data["results"]] == [f"601.2{c}" for c in "abcdefgh"]
    shown = page(server + "/search?q=601.2a-h")
    for result in data["results"]:
        for text in result["texts"]:
            assert " ".join(text["text"].split()) in shown.shown, text["number"]
    assert ("/rules/601.2a-h", "rules 601.2a-h") in shown.links
    assert ("/rules/601.2a-h?lang=en", "rules 601.2a-h") in page(server + "/search?q=601.2a-h&lang=en").links
    assert not get_json(server + "/search.json?q=trample")["whole"]  # words searched: snippets


def test_the_languages_a_query_was_read_in_are_named(default_home: Path) -> None:
    """"(the query read as en found nothing: read as it too)" read as English words; the
    languages are named as every message names them; and where the others found nothing either,
    the line says so (it read as if the second language had found what is shown)."""
    from kb.views.search import search

    # "experience" (counters) is no word of the rules: read as English, then as Italian ("trample" with
    # `--lang it` was the example, when the languages shown were the languages searched)
    shown = search(default_home, "experience", None).render()
    assert "(read as English (en), then as Italian (it): nothing found either way)" in shown


def test_the_search_page_says_how_a_query_was_read_when_its_first_reading_found_nothing(server: str) -> None:
    """The CLI said "(read as English (en), then as Italian (it): nothing found either way)" and
    "(no text holds the query's Chinese words: read character by character)"; the page said neither."""
    shown = " ".join(page(server + "/search?q=experience").shown.split())
    assert "Read as English, the query found nothing; then as Italian: nothing found either way." in shown
    italian = page(server + "/search?q=trample&lang=it")  # every language searched, none of the rules in Italian
    assert "nothing found in the Italian text held" in italian.shown
    assert ("/search?q=trample", "search “trample”") in italian.links or any(
        href == "/search?q=trample" for href, _ in italian.links), italian.links
    shown = " ".join(page(server + "/search?q=" + quote("炸库输了吗")).shown.split())
    assert "read character by character" in shown
    assert "read character by character" not in page(server + "/search?q=" + quote("牌库空了")).shown


def test_a_question_no_rule_answers_keeps_the_question(server: str) -> None:
    """The ask page of a question no rule answers was a bare 404 with an empty search box: the
    question gone.  It stays in the box, and a link searches the rules for it.  The page is the ask
    page (200), as a search finding nothing is the search page; its JSON is the answer whole, with
    the error's fields, as /search.json's (it was a 404 holding the error alone)."""
    shown = page(server + "/ask?q=" + quote("zzqqxx blorp"))
    assert ("/search?q=zzqqxx%20blorp", "Search the rules for “zzqqxx blorp”") in shown.links
    assert "No rule answers 'zzqqxx blorp'." in shown.shown
    status, _, body = get(server + "/ask?q=" + quote("<zzqq>xxblorp"))
    assert status == 200 and 'value="&lt;zzqq&gt;xxblorp"' in body and "<zzqq>" not in body
    asked, searched = get_json(server + "/ask.json?q=zzqqxx"), get_json(server + "/search.json?q=zzqqxx")
    assert asked["answers"] == [] and asked["question"] == "zzqqxx" and asked["exit_code"] == searched["exit_code"] == 1
    assert asked["error"] == "no rule answers 'zzqqxx'" and searched["error"] == "nothing found for 'zzqqxx'"
    assert ("/search", "Search") in page(server + "/rules/999.9", status=404).links  # nothing typed: as before
    # only stop words is bad input (400): the box kept nothing either
    for typed in ("the", "(((", "*"):
        status, _, body = get(server + "/search?q=" + quote(typed))
        assert status == 400 and f'value="{html.escape(typed)}"' in body, typed
        assert "Search the rules for" not in body  # it led to the same 400


def test_ask_says_a_chinese_question_was_read_character_by_character(server: str, default_home: Path) -> None:
    """`kb search` said a query whose Chinese words no text holds was read character by character;
    `kb ask`, the command that presents its rules as the answer, said it nowhere: not in its text, its
    JSON or its page."""
    shown = " ".join(page(server + "/ask?q=" + quote("炸库输了吗")).shown.split())
    assert "read character by character" in shown
    assert "read character by character" not in page(server + "/ask?q=" + quote("牌库空了会输吗")).shown
    data = get_json(server + "/ask.json?q=" + quote("炸库输了吗"))
    assert data["by_character"] is True and data["answers"]
    assert get_json(server + "/ask.json?q=" + quote("牌库空了会输吗"))["by_character"] is False
    assert "read character by character" in kb_here("ask", "炸库输了吗", home=default_home).stdout


@pytest.mark.parametrize("page", ["search", "ask"])
def test_search_and_ask_pages_say_what_a_typo_was_read_as(server: str, page: str) -> None:
    """A Chinese typo (死处 for 死触) is read as the game word on both pages, as `kb search`
    and `kb ask` say it, from the same JSON."""
    url = f"/{page}?q=" + urllib.parse.quote("死处怎么用")
    data = get_json(server + url.replace(f"/{page}", f"/{page}.json"))
    assert data["corrections"] == [{"typed": "死处", "meant": "死触"}]
    status, _, body = get(server + url)
    assert status == 200 and data["showing"] == "死触怎么用"
    assert "死处怎么用 → “死触怎么用” · zh-Hans" in Html(body).shown and "read as" not in Html(body).shown


@pytest.mark.parametrize("page", ["search", "ask"])
def test_search_and_ask_pages_name_what_was_searched(server: str, page: str) -> None:
    """A name read through another language ("la regola della leggenda" -> Legend Rule) is searched
    as that name: the page says so beside the language, as the command line does."""
    shown = Html(get(server + f"/{page}?q=" + urllib.parse.quote("la regola della leggenda"))[2]).shown
    assert "la regola della leggenda (it) → “Legend Rule” · en" in shown, shown[:300]


def test_history_and_diff_pages(server: str) -> None:
    if not full():
        pytest.skip(f"needs two editions; real corpora not found at {corpora_path()}")
    history = get_json(server + "/rules/730.2/history.json")
    shown = page(server + "/rules/730.2/history").shown
    for row in history["editions"]:
        assert row["edition"] in shown and row["number"] in shown
    diff = get_json(server + f"/diff/{OLD}/{NEW}.json")
    html = page(server + f"/diff/{OLD}/{NEW}")
    assert f"{len(diff['added'])} added" in html.shown and f"{len(diff['changed'])} changed" in html.shown
    assert all(f"/rules/{a['number']}" in html.hrefs() for a in diff["added"])


def test_the_diff_page_alone_is_a_form_to_pick_two_editions(server: str) -> None:
    """`/diff` with no editions was no page (404), where `/cite` shows its form while its text is blank."""
    held = get_json(server + "/editions.json")
    shown = page(server + "/diff")
    assert "Compare two editions" in shown.shown
    _, _, body = get(server + "/diff")
    dated = {row["edition"] for row in held if row["edition"]}
    assert dated and all(re.search(rf"<option(?: selected)?>{re.escape(e)}</option>", body) for e in dated)
    assert '<form class="diff-form" action="/diff" method="get">' in body and 'name="old"' in body
    status, kind, error = get(server + "/diff.json")  # no editions: said, not a 404
    assert status == 400 and "give the old and the new edition to compare" in json.loads(error)["error"]
    if full():  # the form sent: the diff of /diff/OLD/NEW, below the form
        picked = page(server + f"/diff?old={OLD}&new={NEW}&lang=zh-Hans")
        diff = get_json(server + f"/diff/{OLD}/{NEW}.json?lang=zh-Hans")
        assert f"{len(diff['added'])} added" in picked.shown and "Compare editions" in picked.shown


def test_the_glossary_page_of_a_renamed_entry_links_its_new_headword(server: str) -> None:
    if not full():
        pytest.skip(f"needs an older edition; real corpora not found at {corpora_path()}")
    shown = page(server + "/glossary/Removed%20from%20Combat")
    assert "renamed Remove from Combat in 2026-04-17" in shown.shown
    assert "/glossary/Remove%20from%20Combat" in shown.hrefs()


def test_the_search_page_reads_a_rule_named_in_one_edition(server: str) -> None:
    """The form `kb export` writes (702.124m@en/2025-11-14) is the rule that text is today, said so; a rule
    removed since is said to be none, with the command showing that edition's text as a command (its
    address is no URL: the "/" inside), not a link to a page that is not."""
    if not full():
        pytest.skip(f"needs an older edition; real corpora not found at {corpora_path()}")
    found = get_json(server + "/search.json?q=" + quote(f"702.124m@en/{OLD}"))
    assert [r["rule"] for r in found["results"]] == ["702.124k"]
    assert f"702.124m@en/{OLD} is rule 702.124k of the newest English edition" in page(
        server + "/search?q=" + quote(f"702.124m@en/{OLD}")).shown
    status, _, body = get(server + "/search?q=" + quote(f"702.124k@en/{OLD}"))
    assert status == 404 and "is no rule of the newest English edition" in body, body[:2000]
    # the command showing that edition's text is a link to the number's history, which holds it (it was
    # code); no link searches the same words again: that was this 404 (session 38's tester)
    links = dict(re.findall(r'<a class="command" href="([^"]+)" title="([^"]+)"', body))
    assert links == {"/rules/702.124k/history": f"kb show 702.124k@en/{OLD}"}, body[:2000]
    assert "/search?q=" not in body.split("<main", 1)[1].split("</main>", 1)[0]
    history = page(server + "/rules/702.124k/history").shown
    assert "Friends forever" in history and f"702.124k@en/{OLD}" in history
    # among other words too: read as today's number, said so (it was read as today's 702.124m, another
    # rule, and "en" searched as a word)
    asked = get_json(server + "/search.json?q=" + quote(f"what does 702.124m@en/{OLD} say"))
    assert asked["results"][0]["rule"] == "702.124k" and asked["showing"] == "what does 702.124k say", asked["showing"]
    status, _, body = get(server + "/search?q=" + quote(f"what does 702.124k@en/{OLD} say"))
    assert status == 404 and "is no rule of the newest English edition" in body


def test_the_history_page_shows_the_rule_a_reused_number_named_before(server: str) -> None:
    """702.124k was Friends forever in 2025-11-14; the page of today's 702.124k said nothing of it."""
    if not full():
        pytest.skip(f"needs an older edition; real corpora not found at {corpora_path()}")
    [earlier] = get_json(server + "/rules/702.124k/history.json")["also_numbered"]
    shown = page(server + "/rules/702.124k/history").shown
    assert f"702.124k also numbered another rule ({OLD}): {earlier['rule']}" in shown
    assert words(earlier["editions"][0]["text"]) in shown and "Removed in 2026-04-17" in shown


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_diff_page_shows_the_glossary_changes_kb_diff_prints(server: str, home: Path, lang: str) -> None:
    """`kb diff` lists the glossary's changes (8 added, 3 removed, 1 renamed, 3 changed in English);
    the web page had no glossary section: it shows each, from the same JSON."""
    if not full():
        pytest.skip(f"needs two editions; real corpora not found at {corpora_path()}")
    glossary = get_json(server + f"/diff/{OLD}/{NEW}.json?lang={lang}")["glossary"]
    assert glossary["added"] and glossary["removed"] and glossary["renamed"] and glossary["changed"]
    html = page(server + f"/diff/{OLD}/{NEW}?lang={lang}")
    summary = (f"glossary: {len(glossary['added'])} added, {len(glossary['removed'])} removed, "
               f"{len(glossary['renamed'])} renamed, {len(glossary['changed'])} changed")
    assert summary in html.shown and summary in kb("diff", OLD, NEW, "--lang", lang, home=home).stdout
    assert all((f"/glossary/{quote(e['term'], safe='')}", e["term"]) in html.links
               for e in glossary["added"] + glossary["changed"])
    assert all(e["term"] in html.shown for e in glossary["removed"])
    assert all(f"{r['old']} → {r['new']}" in html.shown for r in glossary["renamed"])


# -- reading as a judge does: contents, previous / next, ranges, numbers as they were (issue 12) ------


def test_contents_link_down_to_every_section_and_chapter(server: str) -> None:
    toc = get_json(server + "/rules.json")
    shown = page(server + "/rules")
    for entry in toc["entries"]:
        assert (f"/rules/{entry['rule']}", entry["number"]) in shown.links and entry["title"] in shown.shown
    section = get_json(server + "/rules/7.json")
    status, kind, body = get(server + "/rules/7")
    assert status == 200 and len(body.encode()) < 200_000  # the section's contents, not its 1.8 MB of text
    listed = Html(body)
    assert all((f"/rules/{e['rule']}", e["number"]) in listed.links for e in section["entries"])
    assert ("/rules", "Contents") in listed.links and ("/rules/7", "the full text") not in listed.links
    chinese = page(server + "/rules/7?lang=zh-Hans")
    assert get_json(server + "/rules/7.json?lang=zh-Hans")["title"] in chinese.shown


def test_rule_page_links_parent_previous_and_next(server: str) -> None:
    view = get_json(server + "/rules/702.19.json")
    nav = view["navigation"]
    assert (nav["parent"], nav["next"]) == ("702", "702.19a") and nav["previous"].startswith("702.18")
    links = page(server + "/rules/702.19").links
    for arrow, number in (("←", nav["previous"]), ("↑", nav["parent"]), ("→", nav["next"])):
        assert any(href == f"/rules/{number}" and arrow in text for href, text in links), (arrow, number)
    section = page(server + "/rules/1.json".removesuffix(".json") + "00").links  # chapter 100: its parent is 1
    assert any(href == "/rules/1" and "↑" in text for href, text in section)


def test_a_range_page_shows_exactly_the_rules_named(server: str) -> None:
    data = get_json(server + "/rules/601.2a-h.json")
    status, _, body = get(server + "/rules/601.2a-h")
    shown = Html(body)
    headings = re.findall(r'<h2><a class="num" href="/rules/([^"?]+)"', body)
    assert status == 200 and headings == data["numbers"] == [f"601.2{c}" for c in "abcdefgh"]
    for view in data["rules"]:
        for block in view["languages"]:  # (Chinese has no spaces: its first 20 characters)
            assert words(block["rules"][0]["text"], 6)[:20] in shown.shown
    same = get_json(server + "/rules/" + quote("CR 702.19B") + ".json")
    assert same == get_json(server + "/rules/702.19b.json")


def test_references_through_an_ancestor_are_folded_away(server: str) -> None:
    refs = get_json(server + "/refs/704.5a.json")
    status, _, body = get(server + "/refs/704.5a")
    assert status == 200 and f"Cited by <span class=\"count\">{refs['incoming_direct']}</span>" in body
    folded = body[body.index('<details class="through">'):body.index("</details>")]
    shown = Html(folded)
    assert f"via 704 ({refs['incoming_through']['704']})" in shown.shown
    direct = Html(body[:body.index('<details class="through">')])
    for link in refs["incoming"]:
        if link["number"]:  # a rule or an example (a glossary entry is linked by its term)
            assert (f"/rules/{link['number']}", link["number"]) in (direct if link["via"] == "704.5a" else shown).links


def test_history_page_shows_the_texts_and_switches_language(server: str) -> None:
    history = get_json(server + "/rules/730.2/history.json")
    shown = page(server + "/rules/730.2/history")
    for row in history["editions"]:
        assert words(row["text"], 8) in shown.shown or row["edits"]
    assert history["languages"] == ["en", "zh-Hans"]
    assert ("/rules/730.2/history?lang=zh-Hans", "Chinese (Simplified)") in shown.links
    chinese = get_json(server + "/rules/730.2/history.json?lang=zh-Hans")
    assert chinese["editions"][-1]["text"] in page(server + "/rules/730.2/history?lang=zh-Hans").shown
    if full():  # a rule whose wording changed: the page marks the words
        changed = get_json(server + "/rules/508.4/history.json")["editions"][-1]
        status, _, body = get(server + "/rules/508.4/history")
        added = next(text for op, text in changed["edits"] if op == "+")
        assert f"<ins>{added.strip()}</ins>" in body.replace("&#39;", "'").replace("&#34;", '"')


def test_the_history_of_an_old_number_follows_it(server: str) -> None:
    """702.124p (2025-11-14) is 702.124n since 2026-04-17: /rules/702.124p/history was a 404 though
    /rules/702.124p showed it "= rule 702.124n of the newest English edition"."""
    if not full():
        pytest.skip(f"needs an older edition; real corpora not found at {corpora_path()}")
    history = get_json(server + "/rules/702.124p/history.json")
    assert history["rule"] == "702.124n" and history["formerly"]["number"] == "702.124p"
    shown = page(server + "/rules/702.124p/history")
    assert f"702.124p (en {OLD}) = rule 702.124n of the newest English edition" in shown.shown
    assert ("/rules/702.124n", "702.124n") in shown.links


def test_a_number_as_it_was_says_what_it_is_today(server: str) -> None:
    if not full():
        pytest.skip(f"needs an older edition; real corpora not found at {corpora_path()}")
    moved = get_json(server + f"/rules/702.124m.json?as-of={OLD}")
    shown = page(server + f"/rules/702.124m?as-of={OLD}")
    assert moved["today"]["status"] == "renumbered" and "renumbered: today 702.124k" in shown.shown
    assert ("/rules/702.124k", "702.124k") in shown.links
    assert words(moved["languages"][0]["rules"][0]["text"], 8) in shown.shown
    removed = page(server + f"/rules/702.124k?as-of={OLD}").shown
    assert "removed: no counterpart in the newest English edition" in removed and "Friends forever" in removed
    before = page(server + "/rules/730.2?as-of=2001-01-01", 404).shown
    assert "no English edition held was in force on 2001-01-01" in before
    reworded = page(server + f"/rules/107.3e?as-of={OLD}")  # the same number, other words since
    assert "still 107.3e in the newest English edition (2026-04-17), worded otherwise ( history )" in reworded.shown
    assert ("/rules/107.3e/history", "history") in reworded.links


def test_a_pointer_entrys_page_links_and_shows_the_entry_it_names(server: str) -> None:
    """/glossary/Swampcycling showed "See Typecycling." alone, the name no link."""
    data = get_json(server + "/glossary/Swampcycling.json")
    assert [m["term"] for m in data["matches"]] == ["Swampcycling", "Typecycling"]
    shown = page(server + "/glossary/Swampcycling")
    assert ("/glossary/Typecycling", "Typecycling") in shown.links
    assert words(data["matches"][1]["entries"][0]["senses"][0], 6) in shown.shown
    assert "pointed to by Swampcycling" in shown.shown


def test_a_long_ranges_contents_page_steps_and_switches_language_as_its_text_does(server: str) -> None:
    """/rules/702.1-702.190 (its contents: its text is long) lacked the previous / up / next links and
    the languages form of /rules/702.1-702.190/text."""
    text = page(server + "/rules/702.1-702.190/text")
    contents = page(server + "/rules/702.1-702.190")
    nav = get_json(server + "/rules/702.1-702.190/text.json")["navigation"]
    assert nav["parent"] == "702" and nav["previous"] and nav["next"]
    for number in (nav["previous"], nav["parent"], nav["next"]):
        assert f"/rules/{number}" in contents.hrefs() and f"/rules/{number}" in text.hrefs()
    _, _, body = get(server + "/rules/702.1-702.190")
    assert 'rel="prev"' in body and 'rel="next"' in body
    assert re.findall(r'name="lang" value="([^"]+)"', body) == re.findall(
        r'name="lang" value="([^"]+)"', get(server + "/rules/702.1-702.190/text")[2])
    assert contents.shown.count("edition 2026-04-17") == 1


def test_a_range_of_chapters_steps_to_the_chapters_around_it_and_its_json_says_so(server: str) -> None:
    """/rules/700-799 stepped back to 616.2 (the last subrule read before chapter 700) and on to
    chapter 800, said "Not in the KB: 799", and its .json had no navigation; /rules/1-3 was a 400."""
    data = get_json(server + "/rules/700-799.json")
    assert data["navigation"] == {"parent": "7", "previous": "616", "next": "800"} and data["missing"] == []
    _, _, body = get(server + "/rules/700-799")
    assert 'rel="prev" href="/rules/616"' in body and 'rel="next" href="/rules/800"' in body
    assert "Not in the KB" not in body
    sections = get_json(server + "/rules/1-3.json")
    assert sections["numbers"] == ["1", "2", "3"] and sections["navigation"]["next"] == "4"


def test_a_word_no_text_holds_is_said_on_the_page(server: str) -> None:
    """The header of the search and ask pages names a word no text holds, as the CLI's does."""
    for path in ("/search", "/ask"):
        shown = " ".join(page(server + path + "?q=" + quote("tramble damage")).shown.split())
        assert "tramble damage · en (detected) · no English text holds “tramble”" in shown, path


def test_a_word_no_text_holds_links_the_query_it_may_have_meant(server: str) -> None:
    """"how does tramble work" found nothing and said only that no text holds "tramble": the header
    asks whether it meant "trample", a link to the query with that word, on the page it was asked on."""
    for path in ("/search", "/ask"):
        shown = page(server + path + "?q=" + quote("how does tramble work"))
        assert "no English text holds “tramble” (did you mean “trample” ?)" in shown.shown, path  # a link, then "?"
        assert ("?q=how%20does%20trample%20work", "“trample”") in shown.links, path
        meant = page(server + path + "?q=how%20does%20trample%20work").shown
        assert "did you mean" not in meant and "702.19" in meant, path


def test_the_glossary_index_jumps_by_letter(server: str) -> None:
    """/glossary was one list of every headword (22,800 px on a phone) with no way to a letter, where
    /cards has a letter bar: each letter of its headwords leads to the first of them."""
    _, _, body = get(server + "/glossary")
    bar = body.split('<nav class="letters" aria-label="headwords by letter">', 1)[1].split("</nav>", 1)[0]
    targets = re.findall(r'href="#(letter-[A-Z]|letter-other)"', bar)
    ids = re.findall(r'<li id="(letter-[A-Za-z]+)">', body)
    assert len(targets) >= 20 and targets == ids and len(set(ids)) == len(ids)
    first_b = body.split('id="letter-B">', 1)[1]
    assert re.match(r'<a href="/glossary/[^"]+" lang="en">B', first_b), first_b[:80]


def test_the_site_has_an_icon(server: str) -> None:
    """Every page load asked /favicon.ico and got a 404: each page links the icon a browser reads
    instead (served as the stylesheet is, so a page declares no route of its own)."""
    _, _, body = get(server + "/")
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in body
    status, kind, icon = get(server + "/static/favicon.svg")
    assert status == 200 and kind.startswith("image/svg+xml") and icon.startswith("<svg")


def test_an_unknown_language_page_lists_the_languages_held(server: str) -> None:
    shown = page(server + "/rules/730.2?lang=fr", 404).shown
    assert "the KB holds no French (fr) texts; it holds: English (en)" in shown


def test_card_and_glossary_pages(server: str) -> None:
    card = get_json(server + f"/cards/{quote(CARD)}.json")
    shown = page(server + f"/cards/{quote(CARD)}")
    assert card["card"]["name"] in shown.shown and f"Rulings {len(card['rulings'])}" in shown.shown
    linked = {link["number"] for ruling in card["rulings"] for link in ruling["links"]}
    assert linked and all(f"/rules/{number}" in shown.hrefs() for number in linked)
    by_name = get_json(server + "/cards/" + quote(card["card"]["name"], safe="") + ".json")  # "A // B": a path
    assert by_name["resolved"] and by_name["card"]["name"] == card["card"]["name"]

    glossary = get_json(server + f"/glossary/{quote('标识色')}.json")
    shown = page(server + f"/glossary/{quote('标识色')}")
    entries = glossary["matches"][0]["entries"]
    assert {e["lang"] for e in entries} >= {"en", "zh-Hans"}
    for entry in entries:
        assert entry["term"] in shown.shown
        assert all(f"/rules/{n}" in shown.hrefs() for n in entry["cites"])


def test_every_page_links_its_json_twin(server: str) -> None:
    for url, twin in [("/", "/index.json"), ("/editions", "/editions.json"), ("/rules/730.2?lang=it",
                      "/rules/730.2.json?lang=it"), ("/refs/730.2", "/refs/730.2.json"),
                      ("/search?q=merge", "/search.json?q=merge")]:
        assert twin in page(server + url).hrefs(), url


# -- errors --------------------------------------------------------------------------------------


ERRORS = [
    ("/rules/999.9", 404), ("/no/such/page", 404),
    ("/rules/730.2/history?lang=it", 404), ("/rules/7x", 400), ("/rules/730.2?edition=2026-13-01", 400),
    ("/rules/730.2?lang=xx", 400), ("/diff/2026-01-16/not-a-date", 400), ("/search?q=merge&limit=lots", 400),
]


@pytest.mark.parametrize(("url", "status"), ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_get_a_page_saying_what_is_wrong(server: str, url: str, status: int) -> None:
    """Unknown things: 404; bad input: 400; the page says what its JSON twin says (the command an
    error ends with a link on the page: "…: kb toc 9" is "…: contents of 9")."""
    path, _, query = url.partition("?")
    got, _, body = get(server + path + ".json" + (f"?{query}" if query else ""))
    error = json.loads(body)
    assert got == status and error["exit_code"] == {404: 1, 400: 2}[status]
    said, _, command = error["error"].partition(": kb ")
    shown = page(server + url, status)
    assert said in shown.shown
    assert not command or f"kb {command}" not in shown.shown


def test_a_range_written_backwards_is_said_so_on_the_web(server: str) -> None:
    """A rule page's URL and the search box read an address as `kb show` does, and say the
    same of a range written backwards (it was "not a rule number")."""
    said = "702.19c-a runs backwards: did you mean 702.19a-c?"
    status, _, body = get(server + "/rules/702.19c-a.json")
    assert status == 400 and json.loads(body)["error"] == said
    assert said in page(server + "/rules/702.19c-a", 400).shown
    searched = page(server + "/search?q=702.19c-a")  # read as the range meant, and said so
    assert "702.19c-a runs backwards: showing results for 702.19a-c" in searched.shown
    assert "702.19c-a runs backwards: showing results for 702.19a-c" in page(server + "/ask?q=702.19c-a").shown
    meant = get_json(server + "/search.json?q=702.19a-c")["results"]
    assert get_json(server + "/search.json?q=702.19c-a")["results"] == meant


def test_a_long_range_is_counted_on_the_search_page(server: str) -> None:
    """/search?q=100.1-999.9 listed every rule number it names above the results (screens of them
    on a phone); the page says them as `kb search` does: counted, the first few and the last."""
    numbers = get_json(server + "/search.json?q=100.1-999.9&limit=1")["numbers"]
    assert len(numbers) > 1000
    shown = page(server + "/search?q=100.1-999.9&limit=1").shown
    assert f"{len(numbers):,} rule numbers: 100.1, 100.2, 100.3, …, {numbers[-1]}" in shown
    assert numbers[len(numbers) // 2] not in shown


def test_the_ask_page_says_the_rule_numbers_read_and_a_range_misread(server: str) -> None:
    """/ask listed none of the rule numbers it read, which /search lists; a range written backwards
    inside a question is read in order on both pages, and said, as the address alone is."""
    asked = quote("what do 608.3a and b say")
    assert get_json(server + "/ask.json?q=" + asked)["numbers"] == ["608.3a", "608.3b"]
    assert "rule numbers 608.3a, 608.3b" in page(server + "/ask?q=" + asked).shown
    said = "601.2h-a runs backwards: showing results for 601.2a-h"
    for url in ("/search?q=", "/ask?q="):
        assert said in page(server + url + quote("what do 601.2h-a say")).shown, url


def test_a_rule_page_says_of_a_language_what_the_command_line_says(server: str, home: Path) -> None:
    """`/rules/730.2?lang=fr&lang=en` said "No text of rule 730.2 in fr." where `kb show` says
    the KB holds no French (fr) texts, and which it holds."""
    cli = kb_here("show", "730.2", "--lang", "fr", "--lang", "en", home=home).stdout.splitlines()
    said = next(line for line in cli if line.startswith("the KB holds no French (fr) texts; it holds: "))
    assert get_json(server + "/rules/730.2.json?lang=fr&lang=en")["notices"] == [said]
    shown = page(server + "/rules/730.2?lang=fr&lang=en").shown
    assert said in shown and "No text of rule" not in shown


def test_a_rule_page_reads_several_rules_as_the_rules_name_them(server: str) -> None:
    """`/rules/608.3a and b` (as rule 608.3 writes it) was "not a rule number"."""
    for written in ("608.3a and b", "608.3a, b", "608.3a & 608.3b"):
        assert get_json(server + "/rules/" + quote(written) + ".json")["numbers"] == ["608.3a", "608.3b"], written


def test_what_a_user_typed_is_shown_as_text_never_as_markup(server: str) -> None:
    typed = "<b>bold</b> & <script>x()</script>"
    status, _, body = get(server + "/glossary/" + quote(typed, safe=""))
    assert status == 404
    assert "<b>bold</b>" not in body and "<script>x()" not in body
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;" in body


def test_a_card_not_resolved_gets_a_404_page_with_its_candidates(server: str) -> None:
    got, _, body = get(server + "/cards/Fyrexian%20Drgon.json")
    weak = json.loads(body)
    assert got == 404 and weak["resolved"] is False
    shown = page(server + "/cards/Fyrexian%20Drgon", 404)
    assert "No card resolved for “Fyrexian Drgon”" in shown.shown
    for candidate in weak["resolution"]["candidates"]:
        assert "/cards/" + quote(candidate["card"], safe="") in shown.hrefs()


def test_a_result_shows_the_heading_it_sits_under(server: str) -> None:
    shown = page(server + "/search?q=" + quote("what is the first step of combat"))
    assert "507.1 Beginning of Combat Step" in shown.shown, shown.shown[:600]
    asked = page(server + "/ask?q=" + quote("what is the first step of combat"))
    assert "Beginning of Combat Step" in asked.shown


def test_a_path_in_the_singular_leads_to_the_page(server: str) -> None:
    """"/card/NAME" and "/rule/702.19b" were "no page" (session 37's tester): they lead to /cards/NAME and
    /rules/702.19b, their .json and query kept; a path no page has in either form is still 404."""
    card = get_json(server + "/card/Phyrexian%20Dragon%20Engine.json")
    assert card["resolved"] is True and card["card"]["name"].startswith("Phyrexian Dragon Engine")
    assert get_json(server + "/rule/702.19b.json") == get_json(server + "/rules/702.19b.json")
    request = urllib.request.Request(server + "/card/Phyrexian%20Dragon%20Engine?x=1", method="GET")
    opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,),
                                              {"redirect_request": lambda *args, **kw: None})())
    with pytest.raises(urllib.error.HTTPError) as moved:
        opener.open(request, timeout=60)
    assert moved.value.code == 308 and moved.value.headers["Location"] == "/cards/Phyrexian%20Dragon%20Engine?x=1"
    assert get(server + "/thing/x")[0] == 404 and get(server + "/cardss/x")[0] == 404


def test_serve_without_a_kb_says_so(tmp_path: Path) -> None:
    result = kb("serve", "--port", str(free_port()), home=tmp_path / "empty", timeout=60)
    assert result.returncode == 1
    assert "no knowledge base" in result.stderr and "kb build" in result.stderr


def test_serve_says_when_it_cannot_listen(server: str, home: Path) -> None:
    taken = server.rsplit(":", 1)[1]
    for port, problem in [(taken, "Address already in use"), ("70000", "--port must be between 0 and 65535")]:
        result = kb("serve", "--port", port, home=home, timeout=60)
        assert result.returncode == 2 and problem in result.stderr, result.stderr


# -- a real browser ------------------------------------------------------------------------------


def chromium() -> Any:
    """A new headless Chromium (its own empty profile: nothing cached), or a skip saying why."""
    binary = next((path for name in ("chromium", "chromium-browser", "google-chrome")
                   if (path := shutil.which(name))), None)
    driver_path = shutil.which("chromedriver")
    if binary is None or driver_path is None:
        reason = "headless Chromium and chromedriver are needed (apt-get install chromium chromium-driver)"
        if os.environ.get("CI"):
            pytest.fail(reason + ": CI must run the browser tests")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_page_load_timeout(60)
    return driver


@pytest.fixture(scope="module")
@builds_large_kb
def browser() -> Iterator[Any]:
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


def test_browser_search_click_and_follow_a_reference(server: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as until
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 30)
    browser.get(server + "/")
    box = browser.find_element(By.CSS_SELECTOR, "main input[name=q]")
    box.send_keys("permanente amalgamato", Keys.ENTER)
    wait.until(until.presence_of_element_located((By.CSS_SELECTOR, "li.result")))
    assert "/search?q=permanente+amalgamato" in browser.current_url
    first = browser.find_element(By.CSS_SELECTOR, "li.result h2 a")
    number = first.text
    first.click()
    wait.until(until.url_contains(f"/rules/{number}"))

    # the rule in every language held, side by side: one column per language, each with its text
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "table.side-by-side thead th")]
    view = json.loads(urllib.request.urlopen(server + f"/rules/{number}.json", timeout=60).read())
    assert len(heads) == len(view["languages"]) >= 2
    for head, block in zip(heads, view["languages"], strict=True):
        assert block["lang"] in head and block["number"] in head
    cells = browser.find_elements(By.CSS_SELECTOR, "table.side-by-side tbody tr:first-child td")
    for cell, block in zip(cells, view["languages"], strict=True):
        assert cell.is_displayed() and words(block["rules"][0]["text"], 4) in " ".join(cell.text.split())

    links = browser.find_elements(By.CSS_SELECTOR, "table.side-by-side a.ref")
    target = links[0].text
    links[0].click()
    wait.until(until.url_contains(f"/rules/{target}"))
    assert browser.find_element(By.CSS_SELECTOR, "h1 .num").text == target
    assert browser.find_elements(By.CSS_SELECTOR, ".cited-by li a")  # and it lists who cites it


# -- issue 12: the card page, index pages, glossary fallback, fonts, phones --------------------------


def test_card_page_shows_each_face_and_folds_the_evidence(server: str) -> None:
    if not full():
        pytest.skip(f"card data not found at {corpora_path()}")
    card = get_json(server + f"/cards/{quote(CARD)}.json")
    status, _, body = get(server + f"/cards/{quote(CARD)}")
    shown = Html(body)
    assert status == 200 and len(card["card"]["faces"]) == 2
    for face in card["card"]["faces"]:
        for line in face["text"].splitlines():
            assert " ".join(line.split()) in shown.shown
        assert face["type"] in shown.shown and f"{face['power']}/{face['toughness']}" in shown.shown
    details = body[body.index('<details class="resolution">'):body.index("</details>")]
    assert all(e["detail"].split(":")[0] in Html(details).shown for e in card["resolution"]["evidence"])


def test_index_pages_and_the_search_box_everywhere(server: str) -> None:
    glossary = get_json(server + "/glossary.json")
    shown = page(server + "/glossary")
    assert len([href for href in shown.hrefs() if href.startswith("/glossary/")]) == len(glossary["terms"])
    cards = get_json(server + "/cards.json")
    assert len([h for h in page(server + "/cards").hrefs() if h.startswith("/cards/")]) == len(cards["cards"])
    for url, status in [("/glossary", 200), ("/cards", 200), ("/rules/730.2", 200), ("/editions", 200),
                        ("/rules/999.9", 404), ("/glossary/No%20Such%20Term", 404)]:
        got, _, body = get(server + url)
        assert got == status and 'role="search"' in body and 'name="q"' in body, url
        assert {"/glossary", "/cards"} <= Html(body).hrefs()
    # /cards/ and /glossary/ named no card and no term (a 400): each leads to its index, as /rules/ does
    for index in ("/cards", "/glossary", "/rules"):
        request = urllib.request.Request(server + index + "/?lang=en")
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200 and response.url == server + index + "?lang=en", index


def test_a_contents_page_offers_its_languages(server: str) -> None:
    """/rules and /rules/702 showed English alone, the Chinese contents only to whom knew
    ?lang=: each links the languages holding its contents (not the undated Italian seed, whose
    contents are a 404), the one shown in bold, and each link answers."""
    for path in ("/rules", "/rules/702"):
        shown = page(server + path)
        switch = [(href, text) for href, text in shown.links if "lang=" in href and text in
                  ("English", "Chinese (Simplified)", "Italian")]
        assert switch == [(f"{path}?lang=zh-Hans", "Chinese (Simplified)")], (path, switch)
        assert get(server + switch[0][0])[0] == 200
        chinese = page(server + f"{path}?lang=zh-Hans")
        assert (f"{path}?lang=en", "English") in chinese.links


def test_card_index_and_chapter_ranges_fit_a_phone(server: str) -> None:
    """The card index is one letter a page, with every letter linked (the ten sets' 2,729 cards
    were a 946 KB page); a range of chapters is their contents (700-799's full text, 1.57 MB,
    is its /text page, linked)."""
    cards = get_json(server + "/cards.json")
    assert cards["letter"] == cards["letters"][0]["letter"]
    assert sum(entry["cards"] for entry in cards["letters"]) == cards["held"]["cards"]
    first = page(server + "/cards")
    assert {f"/cards?letter={e['letter']}" for e in cards["letters"][1:]} <= first.hrefs()
    for entry in cards["letters"]:
        got, _, body = get(server + f"/cards?letter={entry['letter']}")
        listed = [h for h in Html(body).hrefs() if h.startswith("/cards/")]
        assert got == 200 and len(listed) == entry["cards"] and len(body) < 150_000, entry
    alchemy = page(server + "/cards?letter=H")  # "A-Haywire Mite" under H, by its full name (was under A)
    assert ("/cards/A-Haywire%20Mite", "A-Haywire Mite") in alchemy.links
    got, _, body = get(server + "/rules/700-799")
    shown = Html(body)
    assert got == 200 and len(body) < 300_000 and "/rules/700-799/text" in shown.hrefs()
    assert {"/rules/700", "/rules/702", "/rules/702.19"} <= shown.hrefs()
    assert len(get(server + "/rules/700-799/text")[2]) > 1_000_000  # the full text, asked for


def test_a_long_range_of_rules_is_its_contents_with_a_link_to_its_text(server: str, home: Path) -> None:
    """/rules/702.1-702.190 was one page of 864 KB (its 755 texts): a range or a list of rules showing more
    than TEXT_PAGE_MOST texts is their contents, as a chapter's page is (`kb toc 702.1-702.190`), each
    rule named linked with what is under it, and the full text a link away; a shorter one is its text."""
    from kb.views.rules import TEXT_PAGE_MOST

    contents = get_json(server + "/rules/702.1-702.190.json")
    status, _, body = get(server + "/rules/702.1-702.190")
    shown = Html(body)
    assert status == 200 and len(body.encode()) < 200_000
    assert [part["number"] for part in contents["rules"]] == contents["numbers"] and len(contents["numbers"]) == 190
    assert all((f"/rules/{part['rule']}", part["number"]) in shown.links for part in contents["rules"])
    entries = [entry for part in contents["rules"] for entry in part["entries"]]
    assert all((f"/rules/{e['rule']}", e["number"]) in shown.links for e in entries)
    assert ("/rules/702.1-702.190/text", "The full text of 702.1-702.190") in shown.links
    assert shown.shown.count("English · edition") == 1  # said once, not 190 times
    text = get_json(server + "/rules/702.1-702.190/text.json")
    texts = sum(len(part["languages"][0]["rules"]) for part in text["rules"])
    assert texts > TEXT_PAGE_MOST and f"its {texts} rules and subrules" in shown.shown
    asked = page(server + "/rules/702.1-702.190?lang=zh-Hans&lang=en")
    assert ("/rules/702.1-702.190/text?lang=zh-Hans&lang=en", "The full text of 702.1-702.190") in asked.links
    short = get_json(server + "/rules/702.19-702.21.json")  # 15 texts: the text itself, as before
    assert sum(len(part["languages"][0]["rules"]) for part in short["rules"]) <= TEXT_PAGE_MOST
    assert "languages" in short["rules"][0]
    assert "/rules/702.19-702.21/text" not in page(server + "/rules/702.19-702.21").hrefs()


def test_glossary_page_fallback_cited_rules_and_no_paths_or_scores(server: str) -> None:
    if not full():
        pytest.skip(f"glossaries not found at {corpora_path()}")
    data = get_json(server + "/glossary/permanente.json")
    shown = page(server + "/glossary/permanente").shown
    assert f"Found through lexicon: {data['via']['detail']}" in shown
    entry = get_json(server + f"/glossary/{quote('标识色')}.json")["matches"][0]["entries"]
    status, _, body = get(server + f"/glossary/{quote('标识色')}")
    shown = Html(body).shown
    for e in entry:
        path, line = e["source"].rsplit(":", 1)
        assert f"{Path(path).name}:{line}" in shown  # the document's name and line, never a folder
        assert str(REPO) not in body and str(corpora_path()) not in body
        assert f"{e['pairing']['score']:.2f}" not in shown if e["pairing"] and e["pairing"]["score"] else True
        for cited in e["cited"]:
            assert words(cited["text"]) in shown
    got, _, body = get(server + "/glossary/melded%20permanent")
    assert got == 404 and "Did you mean" in body and "/glossary/Meld" in Html(body).hrefs()


def test_search_with_no_result_is_an_empty_list(server: str) -> None:
    data = get_json(server + "/search.json?q=xyzzyplugh")
    assert data["results"] == [] and data["total"] == 0
    status, _, body = get(server + "/search?q=xyzzyplugh")
    assert status == 200 and "No result for “xyzzyplugh”" in Html(body).shown


def test_search_checkboxes_show_the_languages_shown(server: str) -> None:
    data = get_json(server + "/search.json?q=merge")
    status, _, body = get(server + "/search?q=merge")
    checked = {m.split('value="')[1].split('"')[0] for m in body.split("<input")[1:] if "checked" in m.split(">")[0]
               and 'name="lang"' in m.split(">")[0]}
    assert status == 200 and checked == set(data["languages"])
    one = get(server + "/search?q=merge&lang=it")[2]
    assert [m for m in one.split("<input")[1:] if "checked" in m.split(">")[0]] and \
        all('value="it"' in m for m in one.split("<input")[1:] if "checked" in m.split(">")[0])


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """The same browser with a 390 px wide viewport (a phone), restored afterwards."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_phone_stacks_the_languages_of_each_rule(server: str, phone: Any) -> None:
    from selenium.webdriver.common.by import By

    phone.get(server + "/rules/730.2?lang=en&lang=it&lang=zh-Hans")
    assert phone.execute_script("return window.innerWidth") == 390
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    row = phone.find_elements(By.CSS_SELECTOR, "table.side-by-side tbody tr")[0]
    cells = [c for c in row.find_elements(By.CSS_SELECTOR, "td") if c.is_displayed()]
    assert len(cells) >= 2
    boxes = [c.rect for c in cells]
    for upper, lower in zip(boxes, boxes[1:], strict=False):
        assert lower["y"] >= upper["y"] + upper["height"] - 1  # one below the other, not side by side
        assert upper["width"] > 300  # each as wide as the phone
    assert [c.get_attribute("lang") for c in cells][:2] == ["en", "it"]


@pytest.mark.parametrize("query", ["指挥官伤害", "legendary permanents with the same name", "601.2a-h"])
def test_phone_search_page_does_not_scroll_sideways(server: str, phone: Any, query: str) -> None:
    """The footer's link to the page's JSON is one long word (a Chinese query percent-encoded):
    it wraps on a phone instead of widening the page."""
    phone.get(server + "/search?q=" + quote(query))
    assert phone.execute_script("return window.innerWidth") == 390
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390


def test_phone_links_are_big_enough_to_tap(server: str, phone: Any) -> None:
    """On a phone a contents entry's number was a 30 x 20 px link, a breadcrumb 9 x 16 px, the
    header's links 22 px tall: each is 32 px (2rem) high and wide at least."""
    from selenium.webdriver.common.by import By

    phone.get(server + "/rules/7")
    for selector in ("ul.toc a.num", ".crumbs a", "header nav a"):
        links = [link for link in phone.find_elements(By.CSS_SELECTOR, selector) if link.is_displayed()]
        assert links, selector
        assert all(link.rect["height"] >= 31 and link.rect["width"] >= 31 for link in links[:20]), \
            (selector, [link.rect for link in links[:5]])
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390


def test_a_rulings_cards_stay_in_the_page(server: str, phone: Any) -> None:
    """A ruling many cards give named its cards as items of the ruling's header row: /refs/111.10h
    scrolled sideways on a desktop and on a phone. They wrap as one run of text."""
    for path in ("/refs/111.10h", "/rules/111.10h"):
        phone.get(server + path)
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390, path
    desktop = chromium()
    try:
        desktop.get(server + "/refs/111.10h")
        width = desktop.execute_script("return window.innerWidth")
        assert desktop.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        desktop.quit()


def test_phone_follows_a_suggested_command_to_its_page(server: str, phone: Any) -> None:
    """The search a message suggests ("in every language: …") is a link a phone can follow."""
    from selenium.webdriver.common.by import By

    phone.get(server + "/search?q=trample&lang=it")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
    phone.find_element(By.CSS_SELECTOR, "p.elsewhere a.command").click()
    assert phone.current_url == server + "/search?q=trample"
    assert phone.find_elements(By.CSS_SELECTOR, "li.result")


def test_fonts_follow_the_language(server: str, browser: Any) -> None:
    """Latin text is never set in a CJK font; Chinese gets the CJK stack, whose bundled
    fallback is served (so a machine with no CJK font still shows Chinese)."""
    from selenium.webdriver.common.by import By

    if not full():
        pytest.skip(f"needs the Chinese edition; real corpora not found at {corpora_path()}")
    browser.get(server + "/rules/730.2?lang=en&lang=zh-Hans")
    family = {cell.get_attribute("lang"): browser.execute_script(
        "return getComputedStyle(arguments[0].querySelector('.body')).fontFamily", cell)
        for cell in browser.find_elements(By.CSS_SELECTOR, "table.side-by-side tbody tr:first-child td")}
    assert "Noto Sans SC" not in family["en"].split(",")[0] and "CJK" not in family["en"].split(",")[0]
    assert "PingFang SC" in family["zh-Hans"] and "kb Noto Sans SC" in family["zh-Hans"]
    with urllib.request.urlopen(server + "/static/fonts/noto-sans-sc-chinese-simplified-400-normal.woff2") as font:
        assert font.status == 200 and font.read(4) == b"wOF2"
    loaded = browser.execute_script("return document.fonts.check('16px \"kb Noto Sans SC\"', '永久物')")
    assert loaded


def test_a_chinese_query_is_drawn_in_the_search_field(server: str) -> None:
    """The search field draws a Chinese query in glyphs, not empty boxes, on a first visit
    where the bundled CJK font arrives after the page is laid out (this machine has no CJK
    font): the field as first drawn equals the field drawn again once the fonts are in.
    Chromium draws a field's text once; the stack of the field put its CJK face first."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver = chromium()  # a fresh profile: the font is not cached from the other tests
    try:
        driver.get(server + "/search?q=" + quote("指挥官伤害 trample"))
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return document.fonts.status === 'loaded' && [...document.fonts].some(f => f.status === 'loaded')"))
        field = driver.find_element(By.CSS_SELECTOR, "input[name=q]")
        driver.execute_script("arguments[0].blur()", field)  # no caret in either picture
        first = field.screenshot_as_png
        driver.execute_script("const f = arguments[0], v = f.value; f.value = ''; f.offsetWidth; f.value = v;", field)
        assert field.get_attribute("value") == "指挥官伤害 trample"
        assert field.screenshot_as_png == first
        family = driver.execute_script("return getComputedStyle(arguments[0]).fontFamily", field)
        assert family.split(",")[0].strip('"') == "kb CJK field"  # Latin: its range is CJK only
    finally:
        driver.quit()


def test_a_kind_of_question_is_said_on_the_web_as_the_cli_says_it(server: str) -> None:
    """The header said a kind of question as a word's translation ("nell'untap step → no player receives …")."""
    query = urllib.parse.urlencode({"q": "nell'untap step posso lanciare un istantaneo?"})
    for path in ("/search?", "/ask?"):
        shown = Html(get(server + path + query)[2]).shown
        assert "understood as: “no player receives priority during the untap step” (from “nell'untap step”)" in shown
        assert "nell'untap step →" not in shown


def test_search_header_says_what_the_cli_says_of_translations(server: str, home: Path) -> None:
    """A players' word is said as the CLI says it ("in the rules' words"), not as a translation
    into English; a translation known and not searched says why (its own reason, not another)."""
    shown = Html(get(server + "/search?q=etb+trigger&lang=en")[2]).shown
    assert "in the rules' words: etb → enters" in shown and "en: etb → enters" not in shown
    query = "permanente amalgamato"  # "permanente" is known, and not searched: the seed's Italian holds it all
    data = get_json(server + "/search.json?q=" + quote(query) + "&lang=it&lang=en")
    reasons = {t["dropped"] for t in data["dropped_translations"]}
    assert reasons, data["dropped_translations"]
    shown = Html(get(server + "/search?q=" + quote(query) + "&lang=it&lang=en")[2]).shown
    assert f"{len(data['dropped_translations'])} translation" in shown and "known, not searched" in shown
    for reason in reasons:  # each reason once, before the translations it set aside
        pairs = [f"{t['dst']}: {t['from']} → {t['to']}" for t in data["dropped_translations"] if t["dropped"] == reason]
        assert f"{reason}: {' · '.join(pairs)}" in shown
        assert shown.count(reason) == 1
    cli = kb_here("search", query, "--lang", "it", "--lang", "en", home=home).stdout.splitlines()[0]
    # the CLI says the query's own language's reason in plain words (session 45: "not searched (…)")
    assert all((reason in cli) if reason != OWN_LANGUAGE else ("not searched (" in cli) for reason in reasons)


def test_search_page_says_the_reasons_for_dropped_translations_in_the_cli_s_order(server: str) -> None:
    """"legend" is set aside first (the English holds the query's words), "dragon" after it (its
    Chinese below threshold): the page keeps that order, as the CLI's header does (grouped by
    Jinja's groupby, the reasons came out alphabetically)."""
    data = get_json(server + "/search.json?q=legend+dragon")
    ordered = list(dict.fromkeys(t["dropped"] for t in data["dropped_translations"]))
    assert ordered == [OWN_LANGUAGE, BELOW_THRESHOLD], data["dropped_translations"]
    shown = Html(get(server + "/search?q=legend+dragon")[2]).shown
    assert shown.index(OWN_LANGUAGE) < shown.index(BELOW_THRESHOLD)


def test_every_link_of_a_page_in_one_language_leads_to_a_page(server: str) -> None:
    """The Italian seed holds 17 rules: a link of /rules/730.2?lang=it to a rule it lacks
    (the way up, back and on, "See rule 613.2") carries no Italian (before: each was a 404);
    the links to rules it holds keep it."""
    links = {href for href in page(server + "/rules/730.2?lang=it").hrefs() if href.startswith("/rules/")}
    assert "/rules/730.2a?lang=it" in links and "/rules/730?lang=it" not in links and "/rules/730" in links
    for href in links:
        assert get(server + href)[0] == 200, href


def test_a_text_found_by_its_own_number_is_placed_by_its_identity(server: str) -> None:
    """The Italian 729.2d is rule 730.2d: its page's way up read 7 › 729 › 729.2 (the English
    subgames rules) and it stepped to 729.2c and 729.4a; every link still leads to a page."""
    html = page(server + "/rules/729.2d?lang=it")
    links = {href for href in html.hrefs() if href.startswith("/rules/")}
    assert {"/rules/730", "/rules/730.2?lang=it", "/rules/730.2c?lang=it", "/rules/730.2e?lang=it"} <= links
    assert not links & {"/rules/729", "/rules/729.2", "/rules/729.2?lang=it", "/rules/729.2c?lang=it",
                        "/rules/729.4a?lang=it", "/rules/729.2c", "/rules/729.4a"}, links
    for href in links:
        assert get(server + href)[0] == 200, href


def test_ask_says_the_players_words_it_read(server: str) -> None:
    """As the search's page does (the answer page said nothing of them, its JSON did)."""
    for path in ("/ask?q=etb+trigger", "/search?q=etb+trigger"):
        assert "in the rules' words: etb → enters" in page(server + path).shown, path


def test_the_answer_page_labels_a_quote_with_its_own_number(server: str) -> None:
    """The Italian seed numbers rule 730.2f 729.2f: the answer page headed the Italian quote with
    730.2f alone, as `kb ask` printed "730.2f (it undated)"; now the identity and its kind, as a
    search result is headed, then the quote's language, own number and edition."""
    asked = "cosa succede quando un permanente amalgamato viene girato a faccia in giù"
    question = urllib.parse.urlencode({"q": asked})
    first = get_json(f"{server}/ask.json?{question}")["answers"][0]
    assert (first["rule"], first["kind"], first["text"]["lang"], first["text"]["number"]) == (
        "730.2f", "subrule", "it", "729.2f")
    assert "730.2f subrule · it 729.2f undated" in page(f"{server}/ask?{question}").shown


def test_the_pages_name_a_language_not_by_its_code_alone(server: str) -> None:
    """"No text of rule 702.19 in it.": "it" read as a pronoun."""
    assert "no text of rule 702.19 in Italian (it)" in page(server + "/rules/702.19?lang=en&lang=it").shown
    status, _, body = get(server + "/glossary.json?lang=it")  # the Italian seed has no glossary: said, 404
    assert status == 404 and "the KB holds no glossary in Italian (it)" in json.loads(body)["error"]


def test_the_glossary_page_finds_a_headword_in_any_inflection(server: str) -> None:
    """/glossary/mana abilities was a 404, as `kb glossary "mana abilities"` found nothing."""
    for term, headword in (("mana abilities", "Mana Ability"), ("state-based action", "State-Based Actions"),
                           ("踐踏", "Trample")):
        assert get_json(server + "/glossary/" + quote(term) + ".json")["matches"][0]["term"] == headword


def test_a_definition_leads_with_the_language_of_the_question_on_the_web(server: str) -> None:
    """The answer page titled 什么是堆叠's definition "Stack" and showed the English first."""
    body = get(server + "/ask?" + urllib.parse.urlencode({"q": "什么是堆叠"}))[2]
    definition = body[body.index('<section class="definition">'):]
    definition = definition[:definition.index("</section>")]
    assert "definition 堆叠 (= Stack)" in Html(definition).shown
    assert definition.index('lang="zh-Hans"') < definition.index('lang="en"')


def test_a_result_leads_with_the_language_of_the_question_on_the_web(server: str) -> None:
    """The search page showed each rule of 指挥官伤害 in English above the Chinese that matched."""
    body = get(server + "/search?" + urllib.parse.urlencode({"q": "指挥官伤害"}))[2]
    first = body[body.index('<li class="result'):]
    first = first[:first.index("</li>")]
    assert first.index('lang="zh-Hans"') < first.index('lang="en"')


def test_a_range_bigger_than_a_section_is_refused_before_any_work(server: str) -> None:
    """"100-999" named the whole CR (5 MB, seconds of work: a few such requests kept the
    workers busy); a range of the 190 keyword rules is still a page."""
    status, _, body = get(server + "/rules/100-999.json")
    assert status == 400 and "a range or a list shows at most 1600" in json.loads(body)["error"]
    assert get(server + "/rules/702.1-702.190.json")[0] == 200


def test_a_parameter_given_two_values_or_a_control_character_is_refused(server: str) -> None:
    for query, words in (("q=trample&q=deathtouch", "q given 2 values"), ("q=tram%00ple", "control character")):
        status, _, body = get(server + "/search.json?" + query)
        assert status == 400 and words in json.loads(body)["error"], body


def test_a_section_page_steps_to_the_sections_around_it(server: str) -> None:
    """As a rule's page does (before: a section's contents had no way to the next one)."""
    data = get_json(server + "/rules/7.json")
    assert data["navigation"] == {"parent": None, "previous": "6", "next": "8"}
    links = page(server + "/rules/7").links
    assert ("/rules/6", "← previous 6") in links and ("/rules/8", "next 8 →") in links


def test_a_rule_page_steps_in_reading_order_with_labelled_links(server: str) -> None:
    """From /rules/601.2i "next" went to 601.3a, from 601.3 to 601.4: 601.3 itself and its
    subrules were never reached in order; and the links read "↑ 601.2 601.2d →", run together."""
    steps = page(server + "/rules/601.2i").links
    assert {("/rules/601.3", "next 601.3 →"), ("/rules/601.2h", "← previous 601.2h"),
            ("/rules/601.2", "↑ up 601.2")} <= set(steps)
    after = {text: href for href, text in page(server + "/rules/601.3").links}
    assert after["next 601.3a →"] == "/rules/601.3a" and after["← previous 601.2i"] == "/rules/601.2i"


def test_a_range_page_has_what_a_rule_page_has(server: str) -> None:
    """/rules/601.2a-h had no languages form, no way up, and said nothing of a language asked that
    it lacks (`?lang=en&lang=it`: its JSON said so); it shares the rule page's pieces now."""
    rule, status, body = get_json(server + "/rules/601.2c.json"), *get(server + "/rules/601.2a-h")[::2]
    assert status == 200
    checked = re.findall(r'name="lang" value="([^"]+)" checked', body)
    assert checked == [b["lang"] for b in rule["languages"]] and len(checked) > 1  # as the rule page's defaults
    assert set(re.findall(r'data-lang="([^"]+)"', body)) == set(checked)  # each cell says its language on a phone
    shown = Html(body)
    assert ("/rules/601.2", "↑ up 601.2") in shown.links and ("/rules/601", "601") in shown.links
    assert ("/rules/601.2i", "next 601.2i →") in shown.links
    data = get_json(server + "/rules/601.2a-h.json?lang=en&lang=it")
    assert data["notices"] == ["no Italian (it) text of 601.2a–601.2h"]
    asked = page(server + "/rules/601.2a-h?lang=en&lang=it")
    assert data["notices"][0] in asked.shown


def test_a_chapter_a_language_has_only_rules_under_shows_them(server: str) -> None:
    """/rules/730?lang=it was a 404 "holds only 730.2 and 730.3": it lists those (a chapter's
    page is its contents), and its full text shows them, each saying the Italian text has no
    730 of its own."""
    contents = get_json(server + "/rules/730.json?lang=it")
    assert contents["title"] is None and [e["number"] for e in contents["entries"]][0] == "729.2"
    shown = page(server + "/rules/730?lang=it")
    assert "no Italian text of 730 itself: what it holds under it" in shown.shown
    assert ("/rules/730/text?lang=it", "The full text of 730") in shown.links
    data = get_json(server + "/rules/730/text.json?lang=it")
    assert data["languages"][0]["held_under"] == "730"
    text = page(server + "/rules/730/text?lang=it")
    assert "no Italian text of 730 itself: what it holds under it" in text.shown
    assert words(data["languages"][0]["rules"][0]["text"]) in text.shown


def test_a_chapter_page_is_its_contents_with_a_link_to_its_full_text(server: str) -> None:
    """/rules/702 showed every text of chapter 702 (835 KB: a phone waited for it): it lists its rules
    and subrules, each a link to its page, as `kb toc 702` does, and links the full text, whose
    page shows every text (as `kb show 702` prints them) in the languages and edition asked."""
    contents = get_json(server + "/rules/702.json")
    status, _, body = get(server + "/rules/702")
    assert status == 200 and len(body.encode()) < 200_000
    shown = Html(body)
    assert all((f"/rules/{e['rule']}", e["number"]) in shown.links for e in contents["entries"])
    assert all(e["title"] in shown.shown for e in contents["entries"])
    assert ("/rules/702/text", "The full text of 702") in shown.links
    asked = page(server + "/rules/702?lang=en&lang=zh-Hans&edition=2026-04-17")
    full = "/rules/702/text?lang=en&lang=zh-Hans&edition=2026-04-17"
    assert (full, "The full text of 702") in asked.links
    text = get_json(server + full.replace("/text", "/text.json"))
    assert [b["lang"] for b in text["languages"]] == ["en", "zh-Hans"]
    whole = page(server + full)
    trample = next(r for r in text["languages"][0]["rules"] if r["number"] == "702.19b")
    assert words(trample["text"]) in whole.shown and 'action="/rules/702/text"' in get(server + full)[2]


def test_a_suggested_command_names_the_page_it_links() -> None:
    """`kb toc 730.2` is shown by the rule's page, `kb show 702` by the chapter's full text."""
    from kb.web.markup import command_link

    assert 'href="/rules/730.2?lang=it"' in str(command_link(["toc", "730.2", "--lang", "it"]))
    assert ">rule 730.2<" in str(command_link(["toc", "730.2", "--lang", "it"]))
    assert ">contents of 730<" in str(command_link(["toc", "730"]))
    assert str(command_link(["show", "702"])).startswith('<a class="command" href="/rules/702/text" title')
    assert str(command_link(["show", "702"])).endswith('>full text of 702</a>')


def test_a_blank_form_advertises_no_json_twin(server: str) -> None:
    """/search with no query is the form (200), /search.json with none a 400 saying what is
    missing: the form no longer links to that error as its JSON."""
    for path in ("/search", "/search?q=", "/ask"):
        got, _, body = get(server + path)
        assert got == 200 and 'rel="alternate"' not in body and "This page as JSON" not in body, path
        assert get(server + path.replace("?", ".json?") if "?" in path else server + path + ".json")[0] == 400
    assert 'rel="alternate"' in get(server + "/search?q=trample")[2]


def test_a_suggested_command_maps_to_the_url_of_its_page() -> None:
    """The pages :func:`kb.web.markup.command_link` leads to; a command no page shows stays code."""
    from kb.web.markup import command_link, command_url

    assert command_url(["search", "a b", "--lang", "it"]) == "/search?q=a+b&lang=it"
    assert command_url(["show", "730.2", "--lang", "it", "--edition", "2025-11-14"]) == \
        "/rules/730.2?lang=it&edition=2025-11-14"
    assert command_url(["toc", "729", "--lang", "it"]) == "/rules/729?lang=it"
    assert command_url(["history", "702.19b"]) == "/rules/702.19b/history"
    assert command_url(["show", "702.124k@en/2025-11-14"]) == "/rules/702.124k/history"  # there, under "also numbered"
    assert command_url(["refs", "702.124k@en/2025-11-14"]) is None
    assert command_url(["card", "A // B"]) == "/cards/A%20%2F%2F%20B"
    assert command_url(["build"]) is None
    assert str(command_link(["build"])) == "<code>kb build</code>"
    assert str(command_link(["card", "<i>"])) == \
        '<a class="command" href="/cards/%3Ci%3E" title="kb card &#39;&lt;i&gt;&#39;">card “&lt;i&gt;”</a>'


def test_a_range_page_steps_from_the_rule_before_it_not_from_its_parent(server: str) -> None:
    """/rules/601.2a-h's "previous" was 601.2, its "up" too: it is the rule read before 601.2a that
    holds none of the range, as its JSON (the CLI's) names it."""
    nav = get_json(server + "/rules/601.2a-h.json")["navigation"]
    assert nav["previous"] not in (None, nav["parent"])
    links = page(server + "/rules/601.2a-h").links
    assert (f"/rules/{nav['previous']}", f"← previous {nav['previous']}") in links
    assert ("/rules/601.2", "↑ up 601.2") in links and ("/rules/601.2", "← previous 601.2") not in links


def test_the_search_pages_link_what_a_language_numbers_otherwise(server: str) -> None:
    """"regola 729.2": "the Italian text numbered 729.2 is rule 730.2: kb search 730.2 --lang it" was
    plain text on the search page, where an error page links the command it suggests."""
    said = get_json(server + "/search.json?q=regola+729.2")["numbering"]
    assert [s["said"] for s in said] == ["the Italian text numbered 729.2 is rule 730.2"]
    for path in ("/search", "/ask"):
        shown = page(server + path + "?q=regola+729.2")
        assert ("/search?q=730.2&lang=it", "search “730.2”") in shown.links, path
        assert "kb search 730.2" not in shown.shown and said[0]["said"] in shown.shown


def test_the_home_page_counts_dated_editions_apart_from_undated_texts(server: str) -> None:
    """English held one edition and the undated web-page seed: the home page said "2 editions"."""
    held: dict[str, list[str | None]] = {}
    for row in get_json(server + "/index.json"):
        held.setdefault(row["lang"], []).append(row["edition"])
    shown = page(server + "/").shown
    for editions in held.values():
        dated = sum(edition is not None for edition in editions)
        said = (f"{dated} edition{'s' * (dated != 1)}" + (" and undated texts" if None in editions else "")
                if dated else "undated texts only")
        assert f"{said} ·" in shown, (said, shown)
    assert None in held["en"] and " and undated texts ·" in shown  # the web-page seed: what was miscounted


def test_the_footer_says_how_a_json_twin_differs_from_the_cli(server: str, home: Path) -> None:
    """The footer said a page's JSON is "the same as kb show 730.2 --json", but the server names a
    file by its name where the CLI gives its path: it says so, and that is the only difference."""
    footer = page(server + "/rules/730.2").shown
    assert "what kb show 730.2 --json prints, except that a file is named by its name, not by its path" in footer

    def leaves(data: Any, at: str = "") -> dict[str, Any]:
        if isinstance(data, dict):
            return {k: v for key, value in data.items() for k, v in leaves(value, f"{at}/{key}").items()}
        if isinstance(data, list):
            return {k: v for n, value in enumerate(data) for k, v in leaves(value, f"{at}/{n}").items()}
        return {at: data}

    cli = leaves(json.loads(kb_here("show", "730.2", "--lang", "en", "--lang", "it", "--json", home=home).stdout))
    twin = leaves(get_json(server + "/rules/730.2.json?lang=en&lang=it"))
    assert cli.keys() == twin.keys()
    differ = {at: (cli[at], twin[at]) for at in cli if cli[at] != twin[at]}
    assert differ and all(Path(mine).is_absolute() and Path(mine).name == served for mine, served in differ.values())


def test_the_cited_by_note_says_what_its_count_counts(server: str) -> None:
    """"Cited by 3" stood over "every rule … citing it, directly, through a range or through a section or
    chapter it belongs to": the count is of the direct citations; the note says so, and counts the others."""
    refs = get_json(server + "/refs/704.5a.json")
    through = sum(refs["incoming_through"].values())
    assert refs["incoming_direct"] and through
    body = get(server + "/rules/704.5a")[2]
    assert f'<h2>Cited by <span class="count">{refs["incoming_direct"]}</span></h2>' in body
    note = Html(body[body.index('<section class="cited-by">'):]).shown
    assert (f"citing 704.5a directly or through a range holding it; below them, folded, the {through} citing a"
            " section or chapter it belongs to.") in note


# -- what a page says of its parameters, what a phone's first screen shows -------------------------


def test_an_error_names_the_parameter_as_the_url_does(server: str) -> None:
    """`/search?q=a&limit=-1` said "--limit must be at least 1", a flag the web has none of; a
    command an error suggests ("kb show … --lang it") keeps its flags."""
    status, _, body = get(server + "/search.json?q=a&limit=-1")
    assert status == 400 and json.loads(body)["error"] == "limit must be at least 1 (got -1)"
    shown = page(server + "/search?q=a&limit=-1", 400).shown
    assert "limit must be at least 1 (got -1)" in shown and "--limit" not in shown
    status, _, body = get(server + "/rules/702.19b.json?edition=2026-04-17&as-of=2026-04-17")
    assert status == 400 and json.loads(body)["error"].startswith("edition and as-of cannot be used together (as-of")
    from kb.commands import COMMANDS
    from kb.core.errors import NotFound
    from kb.web.app import as_params

    toc = COMMANDS["toc"]
    err = NotFound("--lang it: 702.19b is a subrule (kb show 702.19b --lang it shows it)")
    said = as_params(err, toc, toc.pages[0])
    assert said.message == "lang it: 702.19b is a subrule (kb show 702.19b --lang it shows it)" and said.exit_code == 1


def test_a_page_not_found_has_the_error_fields_of_every_json_error(server: str) -> None:
    """A card or glossary entry not found answers 404 with its own fields and the error's, as the CLI prints them."""
    for url in ("/cards/zzzzqqq.json", "/glossary/xyzzy.json"):
        status, _, body = get(server + url)
        data = json.loads(body)
        assert status == 404 and data["exit_code"] == 1 and data["error"] and data["query"] in data["error"], url


def first_screen_top(driver: Any, selector: str) -> int:
    """Where the first element ``selector`` finds starts, in pixels from the top of the page."""
    driver.execute_script("window.scrollTo(0, 0)")
    return driver.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().top", selector)


@pytest.mark.parametrize("query", ["can my opponent attack my pw", "践踏和死触", "deathtouch and trample"])
def test_a_phone_shows_the_first_rule_on_the_first_screen(server: str, phone: Any, query: str) -> None:
    """The definitions above the rules (each whole, in every language) pushed the first rule below
    the first screen of a 390×844 phone (y=955 under three, 840 under two): on a phone each is its
    heading and two lines, its entry a tap away."""
    phone.get(server + "/search?q=" + quote(query))
    height = phone.execute_script("return window.innerHeight")
    assert height == 844 and phone.execute_script("return document.querySelectorAll('.definition').length") >= 2
    top = first_screen_top(phone, ".answer-rule, li.result")
    assert top + 150 <= height, top  # its number and its first lines


def test_a_phone_shows_an_answers_sentences_above_the_results(server: str, phone: Any) -> None:
    """The answer box above a question's results quoted one to three rules whole, each with its
    aligned texts, and pushed the numbered results below a phone's first screen: on a phone it
    shows the first rule's answering sentences alone (one a line), the whole answer a tap away."""
    from selenium.webdriver.common.by import By

    query = "how many poison counters make a player lose the game"
    phone.get(server + "/search?q=" + quote(query))
    shown = phone.execute_script(
        "return Array.from(document.querySelectorAll('.answer .answer-rule, .answer .rest, .answer .aligned'))"
        ".map(e => getComputedStyle(e).display)")
    assert shown.count("block") == 1 and set(shown[1:]) == {"none"}, shown  # the first rule, its sentences alone
    assert phone.execute_script("return document.querySelector('.answer mark').textContent").strip()
    whole = phone.execute_script("return document.querySelector('.answer .whole-answer a')")
    assert whole.is_displayed() and unquote(whole.get_attribute("href")) == server + "/ask?q=" + query
    top = first_screen_top(phone, "li.result")
    assert top + 150 <= phone.execute_script("return window.innerHeight"), top
    whole.click()
    assert phone.find_elements(By.CSS_SELECTOR, ".answer .answer-rule")  # /ask: the whole answer


def test_a_name_typed_alone_has_no_answer_box_repeating_its_first_result(server: str) -> None:
    """/search?q=trample put an answer box quoting 702.19a above the results, whose first is 702.19a,
    word for word: a name typed alone is answered by its definition and its rules; a question about
    it still gets the box."""
    box = '<section class="answer in-search"'
    for query, boxed in (("trample", False), ("deaftouch", False), ("what does trample do", True)):
        _, _, body = get(server + "/search?q=" + quote(query))
        assert (box in body) == boxed, query
        assert 'class="results"' in body


def test_a_phone_shows_a_rules_text_on_the_first_screen(server: str, phone: Any) -> None:
    """The rule page's header, steps, form and column heads filled the first screen down to y=619:
    on a phone they are compact, and the rule's text has most of the screen."""
    phone.get(server + "/rules/702.19b")
    top = first_screen_top(phone, "td .rule-text")
    assert top + 300 <= phone.execute_script("return window.innerHeight"), top


@builds_large_kb
def test_a_desktop_still_shows_the_definitions_and_steps_whole(server: str) -> None:
    """What a phone shows compactly a desktop (a fresh browser, 1400 px wide) shows whole."""
    desktop = chromium()
    try:
        desktop.get(server + "/search?q=" + quote("can my opponent attack my pw"))
        shown = desktop.execute_script(
            "return Array.from(document.querySelectorAll('.definition p, .search-page .lang-label'))"
            ".map(e => getComputedStyle(e).display)")
        assert len(shown) >= 6 and "none" not in shown and "-webkit-box" not in shown
        desktop.get(server + "/rules/702.19b")
        labels = desktop.execute_script(
            "return Array.from(document.querySelectorAll('.steps .step-label, th .lang-name, .options .lang-label'))"
            ".map(e => getComputedStyle(e).display)")
        assert len(labels) >= 5 and "none" not in labels
        desktop.get(server + "/search?q=" + quote("how many poison counters make a player lose the game"))
        answer = desktop.execute_script(
            "return Array.from(document.querySelectorAll('.answer .rest, .answer .whole-answer'))"
            ".map(e => getComputedStyle(e).display)")
        assert answer[-1] == "none" and "none" not in answer[:-1] and len(answer) >= 2  # the rules whole
    finally:
        desktop.quit()


def test_a_long_query_is_said_cut_on_the_pages(server: str) -> None:
    """A page's title and heading say a long query cut, as the command line does (the search
    field keeps it whole)."""
    query = ("zzqq " * 45).strip()
    for url in (f"/search?q={quote(query)}", f"/cards/{quote(query)}", f"/glossary/{quote(query)}"):
        _, _, body = get(server + url)
        title = re.search("<title>(.*?)</title>", body)
        above = Html(body).shown.split("This page as JSON")[0]  # the footer's command is the query whole
        assert title and "…" in title[1] and len(title[1]) < 120 and query not in above, url
