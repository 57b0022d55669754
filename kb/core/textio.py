"""Turning the bytes of a source file into lines of text.

The official rules files come as UTF-8 with or without a BOM, cp1252 and UTF-16
(both byte orders), with CRLF, CR-only or mixed line endings.  Decoding must never
invent characters: a file that cannot be read without U+FFFD is refused.
"""

from __future__ import annotations

import codecs
import hashlib
from dataclasses import dataclass
from pathlib import Path

from kb.core.errors import KbError
from kb.core.text import CONTROL

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)




@dataclass(frozen=True, slots=True)
class SourceText:
    """A decoded source file: its lines (1-based numbering is ``index + 1``)."""

    path: str
    sha256: str
    encoding: str
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def read_source(path: Path | str) -> SourceText:
    """Read and decode a file, or raise :class:`KbError` naming it."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read: {err.strerror}", str(path)) from err
    return decode_source(data, str(path))


def decode_source(data: bytes, path: str) -> SourceText:
    """Decode bytes that claim to be a text document."""
    if not data.strip():
        raise KbError("empty file", path)
    text, encoding = decode(data, path)
    return SourceText(path, hashlib.sha256(data).hexdigest(), encoding, split_lines(text))


def decode(data: bytes, path: str) -> tuple[str, str]:
    """Return ``(text, encoding)``: BOM first, then strict UTF-8, UTF-16 without a
    BOM, cp1252, and only then charset-normalizer's best guess.  A file that is UTF-8
    but for a few bad bytes is refused with the line and column of the first one:
    re-guessed, it would read as another encoding and every ’ would become ‚Äô."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _strict(data, encoding, path), encoding
    if _looks_utf16(data):
        encoding = "utf-16-le" if data[1::2].count(0) > data[0::2].count(0) else "utf-16-be"
        try:
            return _check_text(data.decode(encoding), path), encoding
        except UnicodeDecodeError as err:
            raise KbError("binary file (NUL bytes, and not UTF-16 text either), not a text document", path) from err
    if b"\x00" in data:
        raise KbError("binary file (NUL bytes), not a text document", path)
    try:
        return _check_text(data.decode("utf-8"), path), "utf-8"
    except UnicodeDecodeError as err:
        if _mostly_utf8(data):
            raise _invalid_utf8(data, err, path) from err
    try:
        text, encoding = data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        pass
    else:
        if _mac_roman_fits_better(data):
            text, encoding = data.decode("mac_roman"), "mac_roman"
        return _check_text(text, path), encoding
    from charset_normalizer import from_bytes  # lazy: only for the rare text in neither (its import and
    # logging's cost 25-35 ms, which every `kb show` paid: the views read the ingesters' layouts)

    guess = from_bytes(data).best()
    if guess is None:
        raise KbError("cannot decode: not text in any known encoding", path)
    return _check_text(str(guess), path), guess.encoding


def _mostly_utf8(data: bytes) -> bool:
    """A UTF-8 file with a few bad bytes, not a file in another encoding: more valid
    multi-byte UTF-8 characters than invalid bytes.  (A cp1252 or Mac Roman file has
    lone high bytes, which almost never form valid UTF-8 sequences.)"""
    text = data.decode("utf-8", errors="replace")
    invalid = text.count("\ufffd")
    return sum(1 for char in text if ord(char) > 127) - invalid > invalid


def _invalid_utf8(data: bytes, err: UnicodeDecodeError, path: str) -> KbError:
    """Where the first bad byte is, as an editor shows it (line, column in characters)."""
    lines = split_lines(data[: err.start].decode("utf-8"))
    bad = data[err.start:err.end].hex(" ")
    return KbError(f"not valid UTF-8 at column {len(lines[-1]) + 1} (byte {bad}); the rest of the file is UTF-8, "
                   "so kb does not guess another encoding: fix or re-save the file", path, len(lines))


#: Punctuation the rules use, which cp1252 and Mac Roman put on different bytes.
_TYPOGRAPHY = frozenset("’‘“”–—…™®•")
_ASCII = bytes(range(128))


def _mac_roman_fits_better(data: bytes) -> bool:
    """A file saved on a Mac (2004-02-01 has ™ as 0xAA and – as 0xD0, which cp1252 reads
    as ª and Ð): Mac Roman wins when its reading of the non-ASCII bytes holds more
    typographic punctuation than cp1252's."""
    high = data.translate(None, _ASCII)

    def score(encoding: str) -> int:
        return sum(char in _TYPOGRAPHY for char in high.decode(encoding))

    return score("mac_roman") > score("cp1252")


def _looks_utf16(data: bytes) -> bool:
    """UTF-16 without a BOM: ASCII text leaves every other byte NUL."""
    sample = data[:4000]
    return len(sample) >= 4 and sample.count(0) >= len(sample) // 3


def _strict(data: bytes, encoding: str, path: str) -> str:
    try:
        return _check_text(data.decode(encoding), path)
    except UnicodeDecodeError as err:
        body = data[len(codecs.BOM_UTF8):] if encoding == "utf-8-sig" else data  # the codec's offsets skip the BOM
        lines = split_lines(body[: err.start].decode(encoding, errors="replace"))
        raise KbError(f"not valid {encoding} at column {len(lines[-1]) + 1} (byte {body[err.start:err.end].hex(' ')})",
                      path, len(lines)) from err


def _check_text(text: str, path: str) -> str:
    if "\ufffd" in text:
        line = text.count("\n", 0, text.index("\ufffd")) + 1
        raise KbError("contains U+FFFD (a character was lost before this file reached us)", path, line)
    if len(CONTROL.findall(text, 0, 20000)) > 10:
        raise KbError("binary file (control characters), not a text document", path)
    return text


def split_lines(text: str) -> list[str]:
    """Split on CRLF first, then lone CR, then LF; nothing else counts as a break.  A
    byte-order mark starting a line (two files joined into one) is dropped: it hid the
    rule number after it, and the rule was read as a paragraph of the one before."""
    return [line.removeprefix("\ufeff") for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
