"""Small text filters shared by every stage (ingest, graph, indexers)."""

from __future__ import annotations

import re
from functools import cache

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


@cache
def _t2s():  # type: ignore[no-untyped-def]
    from opencc import OpenCC  # lazy: only Chinese text needs its tables

    return OpenCC("t2s")


def has_han(text: str) -> bool:
    """Whether the text holds a Chinese character (cheap for ASCII)."""
    return not text.isascii() and _HAN.search(text) is not None


def to_simplified(text: str) -> str:
    """Traditional -> simplified Chinese (OpenCC's t2s tables); other text unchanged."""
    return _t2s().convert(text) if has_han(text) else text
