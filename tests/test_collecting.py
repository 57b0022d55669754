"""How often a ``kb`` process collects garbage (kb/core/collecting.py): a one-shot command seldom, a
server as Python does.  The processes are real ``kb search`` runs of the default KB; each counts the
collections of each generation that happen once ``kb`` has started (``gc.callbacks``).  Their time is
measured by ``benchmarks/bench_search.py``, not here.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kb.core import collecting

#: `kb ARGS` (the arguments after the first), printing on stderr the collections of each generation
#: from the start of ``run``, when ``kb`` sets how often it collects, to the end; with "python" as its
#: first argument, ``kb`` collects as Python does.
PROBE = """
import gc, sys
import kb.__main__
from kb.core import collecting
if sys.argv[1] == "python":
    collecting.seldom = lambda: None
counts = [0, 0, 0]
gc.callbacks.append(lambda phase, info: phase == "start" and counts.__setitem__(
    info["generation"], counts[info["generation"]] + 1))
import atexit
atexit.register(lambda: print("collections", *counts, file=sys.stderr))
sys.argv = ["kb", *sys.argv[2:]]
kb.__main__.run()
"""


def collected(home: Path, query: str, as_python: bool = False) -> tuple[dict, list[int]]:
    """The answer of a fresh `kb search QUERY --json`, and its collections by generation."""
    command = [sys.executable, "-c", PROBE, "python" if as_python else "kb", "--json", "search", query,
               "--home", str(home)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    counts = [line for line in done.stderr.splitlines() if line.startswith("collections ")]
    assert counts, done.stderr
    return json.loads(done.stdout), [int(n) for n in counts[-1].split()[1:]]


@pytest.mark.parametrize("query", ["标识色", "deathtouch trample"])
def test_a_fresh_search_collects_no_garbage_it_does_not_have(default_home: Path, query: str) -> None:
    """As Python collects, a fresh search walked its young objects about a hundred times and every
    object once or more, to free nothing; now a few times, the young alone, and the answer is the same."""
    answer, counts = collected(default_home, query)
    usual, usual_counts = collected(default_home, query, as_python=True)
    assert sum(usual_counts) > 50  # what the setting spares (this probe reads Python's own as it is)
    # young objects a few times (more where modules are compiled: no bytecode kept), nothing older
    assert counts[1] == counts[2] == 0 and counts[0] <= 5, counts
    answer.pop("index", None)
    usual.pop("index", None)
    assert answer == usual


def test_a_server_collects_as_python_does() -> None:
    """``kb serve`` runs for days: it restores the interpreter's thresholds the one-shot commands raised."""
    before = gc.get_threshold()
    try:
        collecting.seldom()
        assert gc.get_threshold()[0] == collecting.YOUNG
        collecting.usual()
        assert gc.get_threshold() == collecting.USUAL
    finally:
        gc.set_threshold(*before)
