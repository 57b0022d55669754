"""Errors a user can act on: each names the file (and line) and the problem."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.core.text import Hint


class KbError(Exception):
    """Bad input or a missing thing; the CLI prints it and exits with ``exit_code``."""

    exit_code = 2

    def __init__(self, message: str, path: str | None = None, line: int | None = None,
                 hint: Hint | None = None, problems: Sequence[KbError] = (), column: int | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.column = column  # a bad byte's place in its line, in characters as an editor counts them (1-based)
        self.hint = hint  # the command ``message`` ends with, as data: a web page links it (its text is in ``message``)
        #: each problem behind an error about several inputs (a build: every file it cannot read, every damage)
        self.problems = tuple(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.path is None:
            return self.message
        where = f"{self.path}:{self.line}" if self.line else self.path
        where += f":{self.column}" if self.line and self.column else ""
        return f"{where}: {self.message}"


class NotFound(KbError):
    """The KB answers, but has nothing under that name (exit 1)."""

    exit_code = 1


class Unavailable(KbError):
    """The KB cannot answer now, whatever is asked: it is missing, unreadable or damaged, it or
    its search index was written by another version of kb, or the index is being built
    (``retry``: it answers in a moment).  Nothing is wrong with the question: ``kb serve``
    answers 503 (400 and 404 are the asker's to fix); the command exits 2 (:class:`NoKb` 1)."""

    def __init__(self, message: str, path: str | None = None, hint: Hint | None = None, retry: bool = False) -> None:
        super().__init__(message, path, hint=hint)
        self.retry = retry


class NoKb(Unavailable):
    """No KB where one is looked for: exit 1, as a thing not found."""

    exit_code = 1
