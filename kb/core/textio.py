"""Turning the bytes of a source file into lines of text.

The official rules files come as UTF-8 with or without a BOM, cp1252 and UTF-16
(both byte orders), with CRLF, CR-only or mixed line endings.  Decoding must never
invent characters: a file that cannot be read without U+FFFD is refused.
"""

from __future__ import annotations

import codecs
import hashlib
import re
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
    """Return ``(text, encoding)``: BOM first, then UTF-16 without a BOM, strict UTF-8,
    cp1252 or Mac Roman, and only then charset-normalizer's best guess.  A bad byte
    in a file whose encoding is evident is refused with its line and column, never
    re-guessed: a UTF-8 file with one read as another encoding turns every ’ into ‚Äô,
    a cp1252 file with one (0x81, which cp1252 leaves undefined) read as mac_iceland
    turns every ’ into í."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _strict(data, encoding, path), encoding
    clean = _clean_bytes(data)
    if not clean and (order := _cjk_utf16(data)):
        return data.decode(order), order
    if not clean and b"\x00" not in data and _cjk_utf16(data, names=True):
        # "”等" in UTF-16 is 1d 20 49 7b, a control character and " I{" in UTF-8: no guess is safe
        raise KbError("not clean text in any encoding: UTF-16 Chinese whose characters are all pairs of ASCII "
                      "bytes, or UTF-8 with control characters: save it as UTF-8, or as UTF-16 with a BOM", path)
    if order := _utf16_order(data):
        try:
            text = data.decode(order)
        except UnicodeDecodeError as err:
            raise KbError("binary file (NUL bytes, and not UTF-16 text either), not a text document", path) from err
        if CONTROL.search(text) or _names_between_nuls(text):  # NUL and 0x10: a SQLite header
            raise KbError("binary file (NUL bytes, and not UTF-16 text either), not a text document", path)
        return _check_text(text, path), order
    if b"\x00" in data:
        raise KbError("binary file (NUL bytes), not a text document", path)
    try:
        return _check_text(data.decode("utf-8"), path), "utf-8"
    except UnicodeDecodeError as err:
        if _mostly_utf8(data):
            raise _bad_byte(data, err, "utf-8", path, "; the rest of the file is UTF-8, so kb does not guess "
                                                      "another encoding: fix or re-save the file") from err
    if _western(data):
        if _mac_roman_fits_better(data):
            return _check_text(data.decode("mac_roman"), path), "mac_roman"
        try:
            return _check_text(data.decode("cp1252"), path), "cp1252"
        except UnicodeDecodeError as err:
            raise _bad_byte(data, err, "cp1252", path, "; the file is Western text, not UTF-8, so kb does not "
                                                       "guess another code page: fix the byte or re-save the "
                                                       "file as UTF-8") from err
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


#: The bytes cp1252 leaves undefined: in a cp1252 file, damage (Python refuses to decode them).
_CP1252_UNDEFINED = b"\x81\x8d\x8f\x90\x9d"
_HIGH_RUN = re.compile(rb"[\x80-\xff]+")


def _western(data: bytes) -> bool:
    """Text in a Western single-byte code page: its non-ASCII bytes, but for the ones
    cp1252 lacks, stand alone between ASCII (’ in don’t, the — of a range), where the
    byte pairs of GBK or Shift-JIS and the runs of a Cyrillic or Greek word stand
    together (those go to charset-normalizer's guess).  All 116 English editions have at
    least 99% of their non-ASCII bytes alone.  Western text is read as cp1252 or Mac
    Roman, and a byte cp1252 lacks is refused, never re-guessed: the guess read one stray
    0x81 in 2018-10-05 as mac_iceland.  (So is a German text saved by DOS cp437, where
    ü is 0x81: it is refused, to be re-saved as UTF-8.)"""
    runs = [len(run) for run in _HIGH_RUN.findall(data.translate(None, _CP1252_UNDEFINED))]
    return runs.count(1) * 10 >= sum(runs) * 9


def _bad_byte(data: bytes, err: UnicodeDecodeError, encoding: str, path: str, why: str = "") -> KbError:
    """``file:line:column: byte 0x81 is not valid cp1252``."""
    line, column, what = bad_byte(data, err, encoding)
    return KbError(f"{what}{why}", path, line, column=column)


def bad_byte(data: bytes, err: UnicodeDecodeError, encoding: str) -> tuple[int, int, str]:
    """Where the first bad byte is, as an editor shows it (line, column in characters),
    and what it is: ``byte 0x81 is not valid cp1252``."""
    lines = split_lines(data[: err.start].decode(encoding, errors="replace"))
    bad = data[err.start:err.end]
    what = f"byte 0x{bad.hex()} is" if len(bad) == 1 else f"bytes {bad.hex(' ')} are"
    return len(lines), len(lines[-1]) + 1, f"{what} not valid {_NAMES.get(encoding, encoding)}"


_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "utf-16": "UTF-16"}


#: Punctuation the rules use, which cp1252 and Mac Roman put on different bytes.
_TYPOGRAPHY = frozenset("’‘“”–—…™®•")
_ASCII = bytes(range(128))


def _mac_roman_fits_better(data: bytes) -> bool:
    """A file saved on a Mac (2004-02-01 has ™ as 0xAA and – as 0xD0, which cp1252 reads
    as ª and Ð): Mac Roman wins when its reading of the non-ASCII bytes holds more
    typographic punctuation than cp1252's (which has no reading of the five bytes it
    lacks: a Mac file may hold them, ç is 0x8D)."""
    high = data.translate(None, _ASCII)

    def score(encoding: str) -> int:
        return sum(char in _TYPOGRAPHY for char in high.decode(encoding, errors="replace"))

    return score("mac_roman") > score("cp1252")


def _utf16_order(data: bytes) -> str | None:
    """UTF-16 without a BOM, and its byte order: its ASCII (every character of English
    text, the digits, spaces and line breaks of Chinese) leaves NUL bytes, and its line
    breaks are NUL-CR or NUL-LF pairs in one order (0A 00 little-endian, 00 0A big-endian);
    a binary file's NULs come in runs, a text's damage is a NUL or two.  Where the sample
    holds no line break, the side its NULs fall on: in English every other byte.  (Not
    the NULs alone: dense Chinese has few, one code unit in 25 in 800.4a, and its CJK
    characters put as many on the other side, 开 is U+5F00 and 一 U+4E00.)"""
    sample = data[:4000]
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if len(sample) < 4 or max(even, odd) < max(2, len(sample) // 64):
        return None
    pairs = list(zip(sample[0::2], sample[1::2], strict=False))
    little = sum(low in _BREAKS and high == 0 for low, high in pairs)
    big = sum(high in _BREAKS and low == 0 for low, high in pairs)
    if little != big:
        return "utf-16-le" if little > big else "utf-16-be"
    if min(even, odd) * 2 <= max(even, odd):
        return "utf-16-le" if odd > even else "utf-16-be"
    return None


_BREAKS = frozenset(b"\r\n")

#: What Chinese text in UTF-16 holds: ASCII and Latin-1 text, general punctuation (“” — …),
#: letterlike signs (™), CJK punctuation, the unified ideographs and the full-width forms.
_CJK_TEXT = re.compile(r"[\t\n\x0c\r\x20-\x7e\xa0-\xff\u2000-\u200a\u2010-\u2027\u2030-\u205e\u2100-\u214f"
                       r"\u2200-\u22ff\u3000-\u303f\u4e00-\u9fff\uff01-\uffee]*")
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff01-\uffee]")


def _clean_bytes(data: bytes) -> bool:
    """Bytes :func:`decode` reads without a guess: UTF-8, or Western text in cp1252, with
    no NUL or control character."""
    for encoding, fits in (("utf-8", True), ("cp1252", _western(data))):
        try:
            if fits and not CONTROL.search(data.decode(encoding)):
                return True
        except UnicodeDecodeError:
            continue
    return False


def _cjk_utf16(data: bytes, names: bool = False) -> str | None:
    """Chinese UTF-16 without a BOM, asked before :func:`_utf16_order`, whose NULs a short
    text has too few of ("规则" and a line break is one NUL; "生物" alone none) or on the
    wrong side (® and 一 put one each way): the byte order whose reading is wholly Chinese
    text (ideographs, CJK punctuation, ASCII) and holds the more CJK characters, one at
    least no pair of ASCII bytes (:func:`_ascii_pair`).
    Asked only where the bytes are no clean text otherwise (:func:`_clean_bytes`); ``names``:
    a reading of ASCII-pair characters only counts too (to refuse what cannot be told).
    so an ASCII word ("he" is U+6568 in UTF-16) stays itself; a binary file's NULs pair
    into U+0000 and its control bytes into code units no text holds.  Bytes that are both
    clean ASCII and Chinese UTF-16 ("先攻" is `HQ;e`) are read as the ASCII they also are.  Where both
    orders read as Chinese, the one whose characters are the more common (ASCII or in GB2312) wins: "于["
    little-endian is 蹎嬀 big-endian, two rare ideographs against one common and a bracket (found by
    tests/test_fuzz.py, session 43)."""
    if len(data) % 2:
        return None
    fits = {order: cjk for order in ("utf-16-le", "utf-16-be") if (cjk := _cjk_reading(data, order, names))}
    # a tie (湿 is 置 swapped): little-endian, Windows', the first
    return max(fits, key=lambda order: (_common_characters(data.decode(order)), fits[order])) if fits else None


def _common_characters(text: str) -> int:
    """How many characters of ``text`` are ASCII or simplified Chinese common enough for GB2312."""
    return sum(1 for char in text if char.isascii() or _in_gb2312(char))


def _in_gb2312(char: str) -> bool:
    try:
        char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def _cjk_reading(data: bytes, order: str, names: bool = False) -> int:
    """How many CJK characters the reading in ``order`` holds, if it is Chinese text (else 0);
    ``names``: a reading whose CJK characters are all pairs of ASCII bytes counts too."""
    try:
        text = data.decode(order)
    except UnicodeDecodeError:
        return 0
    if not _CJK_TEXT.fullmatch(text):
        return 0
    return 0 if not names and _names_between_nuls(text) else len(_CJK.findall(text))


def _names_between_nuls(text: str) -> bool:
    """A UTF-16 reading whose CJK characters are all pairs of ASCII bytes and NULs: a
    binary's symbol names, "_result_double", NUL, "sqlite3_result_int64"."""
    cjk = _CJK.findall(text)
    return bool(cjk) and all(_ascii_pair(char) for char in cjk)


def _ascii_pair(char: str) -> bool:
    """A code unit both of whose bytes are printable ASCII or NUL: 敲 is "re" read as UTF-16
    and 猀 NUL and "s", what a binary's names ("_result_double" between NULs) are; some
    Chinese is too (的 is "v" and a NUL, 一 "N" and a NUL), not most."""
    return all(byte == 0 or 0x20 <= byte <= 0x7E for byte in ord(char).to_bytes(2, "big"))


def _strict(data: bytes, encoding: str, path: str) -> str:
    try:
        return _check_text(data.decode(encoding), path)
    except UnicodeDecodeError as err:
        body = data[len(codecs.BOM_UTF8):] if encoding == "utf-8-sig" else data  # the codec's offsets skip the BOM
        raise _bad_byte(body, err, encoding, path) from err


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
