"""Fetching the current English rules from the official rules page.

The page links the TXT file; over the years the link has carried spaces
("MagicCompRules 20240802.txt"), percent-escapes and dates that do not match the
text's own effective date.  So: take every .txt link, prefer the one that names
the newest date, download it, and believe only what the text says about itself.

The network is hostile until proven otherwise: only ``http`` and ``https`` (a page
linking ``file:///dev/zero`` is not followed), redirects only to those, at most
:data:`MAX_BYTES` read whatever the server claims, one deadline for the whole
download however slowly the bytes drip, and every failure one line naming the URL.
The downloaded file must be a complete English rules text in the official layout
(not an HTML page around one) before anything under the KB home is written.
"""

from __future__ import annotations

import datetime as dt
import html
import http.client
import os
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from kb.core.dates import date_in_file_name
from kb.core.errors import KbError
from kb.core.lang import language_label
from kb.core.model import Document, Severity
from kb.core.tempfiles import new_file
from kb.core.textio import decode, decode_source
from kb.ingest import CR_TEXT, ingest

RULES_PAGE = "https://magic.wizards.com/en/rules"
_TXT_LINK = re.compile(r"""href\s*=\s*(["'])(?P<url>[^"']+?\.txt)\s*\1""", re.IGNORECASE)
#: Seconds a single network read may wait.
TIMEOUT = 30
#: Seconds one download may take in all (connect, headers, body).
TOTAL_TIMEOUT = 120
#: The rules file weighs about 1 MB (2026); a rules page far less.  More is not a rules file.
MAX_BYTES = 16 * 1024 * 1024
SCHEMES = ("http", "https")
_HTML = re.compile(rb"^\s*(?:<!doctype\s+html|<html|<head|<body|<pre)", re.IGNORECASE)


@dataclass(frozen=True)
class Fetched:
    url: str
    path: Path
    document: Document


def txt_links(page: str, base: str) -> list[str]:
    """Absolute, properly escaped http(s) URLs of the .txt files a page links, newest
    date first (links to other schemes, ``file:`` above all, are left out)."""
    links = []
    for match in _TXT_LINK.finditer(page):
        raw = html.unescape(match["url"]).strip()
        absolute = urllib.parse.urljoin(base, urllib.parse.unquote(raw))
        if urllib.parse.urlsplit(absolute).scheme.lower() not in SCHEMES:
            continue
        links.append(urllib.parse.quote(absolute, safe=":/?&=#%~"))
    return sorted(dict.fromkeys(links), key=_named_date, reverse=True)


def _named_date(url: str) -> dt.date:
    return date_in_file_name(urllib.parse.unquote(url)) or dt.date.min


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Redirects to http(s) only (urllib would also follow one to ftp)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if urllib.parse.urlsplit(newurl).scheme.lower() not in SCHEMES:
            raise KbError(f"redirected to {newurl[:100]!r}: only http and https are followed", req.full_url)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener() -> urllib.request.OpenerDirector:
    """An opener that speaks http and https only: no file:, ftp: or data: handlers."""
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.UnknownHandler(), urllib.request.HTTPHandler(), urllib.request.HTTPSHandler(),
                    urllib.request.HTTPDefaultErrorHandler(), _Redirects(), urllib.request.HTTPErrorProcessor()):
        opener.add_handler(handler)
    return opener


def download(url: str, limit: int = MAX_BYTES, deadline: float = TOTAL_TIMEOUT) -> bytes:
    """The body at ``url``, at most ``limit`` bytes, within ``deadline`` seconds in all;
    any failure is one :class:`KbError` naming the URL."""
    if urllib.parse.urlsplit(url).scheme.lower() not in SCHEMES:
        raise KbError("cannot download: only http and https URLs are fetched", url)
    outcome: dict[str, bytes | BaseException] = {}
    worker = threading.Thread(target=_download_into, args=(url, limit, time.monotonic() + deadline, outcome),
                              daemon=True)  # a server that never answers cannot keep kb from exiting
    worker.start()
    worker.join(deadline + 1)
    if isinstance(error := outcome.get("error"), BaseException):
        raise error if isinstance(error, KbError) else KbError(f"cannot download: {error}", url)
    if not isinstance(data := outcome.get("data"), bytes):
        raise KbError(f"cannot download: no complete answer within {deadline:g} seconds", url)
    return data


def _download_into(url: str, limit: int, deadline: float, outcome: dict[str, bytes | BaseException]) -> None:
    try:
        outcome["data"] = _read(url, limit, deadline)
    except KbError as err:
        outcome["error"] = err
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as err:
        outcome["error"] = KbError(f"cannot download: {_reason(err)}", url)


def _reason(err: BaseException) -> str:
    if isinstance(err, urllib.error.HTTPError):
        return f"HTTP {err.code} {err.reason}"
    if isinstance(err, urllib.error.URLError):
        return str(err.reason)
    if isinstance(err, http.client.IncompleteRead):
        return f"the server sent {len(err.partial)} bytes and closed before the length it announced"
    if isinstance(err, http.client.BadStatusLine | http.client.RemoteDisconnected):
        return f"the server did not answer in HTTP ({type(err).__name__})"
    return f"{type(err).__name__}: {err}" if str(err) else type(err).__name__


def _read(url: str, limit: int, deadline: float) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "kb (rules knowledge base)"})
    with _opener().open(request, timeout=TIMEOUT) as response:
        announced = response.headers.get("Content-Length")
        if announced and announced.isdigit() and int(announced) > limit:
            raise KbError(f"cannot download: {int(announced):,} bytes announced, more than the {limit:,} a rules "
                          "file may weigh", url)
        chunks: list[bytes] = []
        size = 0
        while chunk := response.read1(65536):
            size += len(chunk)
            if size > limit:
                raise KbError(f"cannot download: more than {limit:,} bytes, more than a rules file weighs", url)
            if time.monotonic() > deadline:
                raise KbError("cannot download: the transfer took longer than its time limit", url)
            chunks.append(chunk)
        if announced and announced.isdigit() and size < int(announced):
            raise KbError(f"cannot download: the server sent {size:,} bytes and closed before the {int(announced):,} "
                          "it announced", url)
        return b"".join(chunks)


def check_rules(data: bytes, url: str) -> Document:
    """The downloaded bytes as a complete English rules edition, or a refusal: an HTML
    page (even one wrapping the rules in ``<pre>``), another format, a language other
    than English, a damaged (cut) text or one without an effective date."""
    if _HTML.match(data[:1024]) or b"<html" in data[:4096].lower():
        raise KbError("an HTML page, not the rules TXT file (kb reads the TXT file itself)", url)
    document = ingest(decode_source(data, url))
    if document.format != CR_TEXT or not document.rules:
        raise KbError("the downloaded file holds no rules in the official layout", url)
    if document.lang != "en":
        raise KbError(f"the downloaded rules are in {language_label(document.lang)}, not English", url)
    if damage := [p for p in document.problems if p.severity is Severity.DAMAGE]:
        raise KbError(f"the downloaded rules are damaged: {damage[0].message} (line {damage[0].line})", url)
    if document.effective is None:
        raise KbError("the downloaded file states no effective date", url)
    return document


def fetch(home: Path, page_url: str = RULES_PAGE) -> Fetched:
    """Find, download and check the rules TXT; keep it under ``home/sources``."""
    page, _ = decode(download(page_url), page_url)
    links = txt_links(page, page_url)
    if not links:
        raise KbError("the rules page links no .txt file (over http or https)", page_url)
    url = links[0]
    data = download(url)
    document = check_rules(data, url)
    folder = home / "sources"
    path = folder / f"MagicCompRules-{document.effective.isoformat()}.txt"  # type: ignore[union-attr]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, tmp = new_file(folder, ".fetch-", ".txt")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except OSError as err:
        raise KbError(f"cannot keep the downloaded rules: {err.strerror or err}", str(folder)) from err
    return Fetched(url, path, document)
