"""The ``kb`` command's patterns made again from the code the last ``kb`` left (kb/core/recode.py).

Each pattern made from stored code must be the pattern ``re`` compiles (``re.Pattern`` equality
compares the compiled code), a ``kb`` given the file compiles (almost) nothing and answers the same,
and a file missing, damaged or of another interpreter changes nothing but the time.  The processes
are real ``kb search`` runs of the default KB, each given its own cache file.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from kb.core import recode

pytestmark = pytest.mark.skipif(not recode.available(), reason="an interpreter without CPython's _sre")

#: A `kb` command whose cache file is the first argument, printing, on stderr, how many patterns ``re``
#: compiled in it.
PROBE = """
import re._compiler, sys
from pathlib import Path
from kb.core import recode
recode.CACHE = Path(sys.argv[1])
made = re._compiler.compile
compiled = []
re._compiler.compile = lambda *args: compiled.append(args) or made(*args)
sys.argv = ["kb", *sys.argv[2:]]
import atexit
atexit.register(lambda: print("compiled", len(compiled), file=sys.stderr))
from kb.__main__ import run
run()
"""


def kb_run(cache: Path, *args: str, nobytecode: bool = False) -> tuple[str, int]:
    """What `kb ARGS` printed with ``cache`` as its file, and how many patterns it compiled."""
    command = [sys.executable, *(["-B"] if nobytecode else []), "-c", PROBE, str(cache), *args]
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode in (0, 1), done.stderr
    counted = re.search(r"^compiled (\d+)$", done.stderr, re.MULTILINE)
    assert counted is not None, done.stderr
    return done.stdout, int(counted.group(1))


def kb_search(cache: Path, home: Path, *words: str, nobytecode: bool = False) -> tuple[dict, int]:
    """The answer of `kb search WORDS` with ``cache`` as its file, and how many patterns it compiled."""
    printed, compiled = kb_run(cache, "--json", "search", *words, "--home", str(home), nobytecode=nobytecode)
    answer = json.loads(printed)
    answer.pop("index", None)
    return answer, compiled


def test_every_pattern_kb_compiles_is_made_again_as_re_compiles_it() -> None:
    """Over every pattern kb's modules compile at import (and the standard library's beside them)."""
    import indexers.engine  # noqa: F401, PLC0415 - (their imports compile the patterns)
    import kb.cli  # noqa: F401, PLC0415
    import kb.views.search  # noqa: F401, PLC0415

    compiler = importlib.import_module("re._compiler")  # what re.compile makes each pattern with (private)
    held = [(key[1], key[2]) for key in list(re._cache) if key[0] is str]  # type: ignore[attr-defined]
    assert len(held) > 100
    for source, flags in held:
        parts, _ = recode.parts_of(source, flags)
        again, expected = recode.made(source, parts), compiler.compile(source, flags)
        assert again == expected and again.groupindex == expected.groupindex, source


def test_the_next_kb_makes_its_patterns_from_the_code_the_last_one_kept(default_home: Path, tmp_path: Path) -> None:
    cache = tmp_path / "regex.bin"
    first, compiled_first = kb_search(cache, default_home, "deathtouch trample")
    assert cache.is_file() and compiled_first > 100
    written = cache.read_bytes()
    for words in (["deathtouch trample"], ["damage"]):
        again, compiled = kb_search(cache, default_home, *words)
        assert compiled <= 5, compiled  # what the stored code lacks: none, or the odd pattern of another query
        if words == ["deathtouch trample"]:
            assert again == first
            assert cache.read_bytes() == written  # nothing new: the file is not written again


@pytest.mark.parametrize("damage", ["garbage", "truncated", "a byte of code changed", "another interpreter",
                                   "another format"])
def test_a_damaged_or_foreign_file_is_not_used(default_home: Path, tmp_path: Path, damage: str) -> None:
    cache = tmp_path / "regex.bin"
    expected, _ = kb_search(cache, default_home, "damage")
    kept = cache.read_bytes()
    line, _, code = kept.partition(b"\n")
    header = json.loads(line)
    flipped = bytearray(code)
    flipped[len(code) // 2] ^= 0x01
    cache.write_bytes({
        "garbage": b"\x00garbage" * 64,
        "truncated": kept[: len(kept) // 3],
        "a byte of code changed": line + b"\n" + bytes(flipped),
        "another interpreter": (json.dumps({**header, "interpreter": ["cpython", "3.99.0", 1, 4]}).encode()
                                + b"\n" + code),
        "another format": json.dumps({**header, "format": recode.FORMAT + 1}).encode() + b"\n" + code,
    }[damage])
    assert recode.unpack(cache.read_bytes(), recode.FORMAT) is None
    answer, compiled = kb_search(cache, default_home, "damage")
    assert answer == expected and compiled > 100  # compiled as always
    assert cache.read_bytes() == kept  # and the file written again, as the first process wrote it


def test_nothing_is_written_where_python_writes_no_bytecode(default_home: Path, tmp_path: Path) -> None:
    cache = tmp_path / "regex.bin"
    kb_search(cache, default_home, "damage", nobytecode=True)
    assert not cache.exists()
    assert recode.warm(cache) == 0  # and a missing file is no error


def test_a_build_leaves_the_kept_patterns_to_the_queries(default_home: Path, tmp_path: Path) -> None:
    """A build compiles about 2,000 patterns; the file kept the last it compiled (``re`` holds 512), and the
    first `kb search` after it compiled all of its own again."""
    cache = tmp_path / "regex.bin"
    kb_search(cache, default_home, "damage")
    kept = cache.read_bytes()
    _, compiled = kb_run(cache, "--home", str(tmp_path / "home"), "build")
    assert compiled > recode.KEPT and cache.read_bytes() == kept
    assert kb_search(cache, default_home, "damage")[1] <= 5
