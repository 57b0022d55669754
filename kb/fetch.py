"""Fetching the current English rules from the official rules page.

The page links the TXT file; over the years the link has carried spaces
("MagicCompRules 20240802.txt"), percent-escapes and dates that do not match the
text's own effective date.  So: take every .txt link, prefer the one that names
the newest date, download it, and believe only what the text says about itself.
"""

from __future__ import annotations

import datetime as dt
import html
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from kb.core.dates import date_in_file_name
from kb.core.errors import KbError
from kb.core.model import Document
from kb.core.textio import decode, decode_source
from kb.ingest import ingest

RULES_PAGE = "https://magic.wizards.com/en/rules"
_TXT_LINK = re.compile(r"""href\s*=\s*(["'])(?P<url>[^"']+?\.txt)\s*\1""", re.IGNORECASE)
TIMEOUT = 30


@dataclass(frozen=True)
class Fetched:
    url: str
    path: Path
    document: Document


def txt_links(page: str, base: str) -> list[str]:
    """Absolute, properly escaped URLs of the .txt files a page links, newest date first."""
    links = []
    for match in _TXT_LINK.finditer(page):
        raw = html.unescape(match["url"]).strip()
        absolute = urllib.parse.urljoin(base, urllib.parse.unquote(raw))
        links.append(urllib.parse.quote(absolute, safe=":/?&=#%~"))
    return sorted(dict.fromkeys(links), key=_named_date, reverse=True)


def _named_date(url: str) -> dt.date:
    return date_in_file_name(urllib.parse.unquote(url)) or dt.date.min


def download(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "kb (rules knowledge base)"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.read()
    except (urllib.error.URLError, TimeoutError, ValueError) as err:
        raise KbError(f"cannot download: {err}", url) from err


def fetch(home: Path, page_url: str = RULES_PAGE) -> Fetched:
    """Find, download and check the rules TXT; keep it under ``home/sources``."""
    page, _ = decode(download(page_url), page_url)
    links = txt_links(page, page_url)
    if not links:
        raise KbError("the rules page links no .txt file", page_url)
    url = links[0]
    data = download(url)
    document = ingest(decode_source(data, url))
    if document.format != "cr-text" or not document.rules:
        raise KbError("the downloaded file holds no rules in the official layout", url)
    if document.effective is None:
        raise KbError("the downloaded file states no effective date", url)
    folder = home / "sources"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"MagicCompRules-{document.effective.isoformat()}.txt"
    path.write_bytes(data)
    return Fetched(url, path, document)
