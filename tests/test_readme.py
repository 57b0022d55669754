"""The README's search and ask examples are what kb prints today.

Blocks marked with :data:`MARK` are run as a reader would type them after the README's
first command (``kb`` on the PATH, the default KB), each ``$ `` line through bash, and
their output compared line for line with the lines under it.  An example that drifts
from the engine fails here, not in a reader's terminal.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
MARK = "<!-- tests/test_readme.py runs this block on the default KB and compares its output -->"


def examples(text: str) -> list[tuple[int, str, list[str]]]:
    """(line number, command, expected output lines) of every ``$ `` line of the marked blocks."""
    found: list[tuple[int, str, list[str]]] = []
    lines = text.split("\n")
    for at, line in enumerate(lines):
        if line != MARK:
            continue
        assert lines[at + 1] == "```", f"README.md:{at + 2}: the mark must stand right above a code block"
        end = lines.index("```", at + 2)
        for number, row in enumerate(lines[at + 2 : end], start=at + 3):
            if row.startswith("$ "):
                found.append((number, row[2:], []))
            else:
                assert found and found[-1][0] > at, f"README.md:{number}: output before any command"
                found[-1][2].append(row)
    return found


EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_marked_blocks_hold_the_search_and_ask_examples() -> None:
    commands = [command for _, command, _ in EXAMPLES]
    assert len(commands) >= 10
    assert any(c.startswith("kb ask ") for c in commands) and any(" | kb search - " in c for c in commands)


@pytest.mark.parametrize(("line", "command", "expected"), EXAMPLES, ids=[f"README:{n}" for n, _, _ in EXAMPLES])
def test_a_readme_example_prints_what_the_readme_shows(default_home: Path, line: int, command: str,
                                                       expected: list[str]) -> None:
    env = dict(os.environ, KB_HOME=str(default_home),
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("COLUMNS", None)
    result = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True,
                            env=env, cwd=README.parent, timeout=120)
    assert result.returncode == 0, f"README.md:{line}: {command}\n{result.stderr}"
    assert result.stdout.rstrip("\n").split("\n") == expected, f"README.md:{line}: {command}"


def test_the_build_example_warns_on_the_lines_a_build_names(seeds_2026_01_16: tuple[Path, dict]) -> None:
    """The build example of EN 2026-01-16 showed `warning: line 8213` where a build says 8214
    (the example is written by hand: a build of two full editions is too slow to run here)."""
    lines = README.read_text(encoding="utf-8").split("\n")
    shown: list[tuple[str, int, str]] = []  # (file name, line, warning) as the README shows them
    for at, row in enumerate(lines):
        found = re.fullmatch(r"  warning: line (\d+): (.*)", row)
        file = next((line for line in reversed(lines[:at]) if not line.startswith(" ")), "")  # the file it is in
        if found and file.endswith("MagicCompRules-2026-01-16.txt"):
            shown.append((Path(file).name, int(found[1]), found[2]))
    assert shown
    _, report = seeds_2026_01_16
    said = {(Path(doc["path"]).name, problem["line"], problem["message"])
            for doc in report["documents"] for problem in doc.get("problems", [])}
    assert set(shown) <= said, (shown, sorted(p for p in said if p[0] == shown[0][0]))
