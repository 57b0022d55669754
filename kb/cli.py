"""The ``kb`` command.  Every command prints text for people or, with ``--json``,
the same content as JSON.  Exit codes: 0 ok, 1 not found, 2 bad input.

The commands, their arguments and their answers are declared in :mod:`kb.commands`;
this module makes the parser from that table and handles what every command shares
(errors, ``--json`` errors, interrupts)."""

from __future__ import annotations

import argparse
import codecs
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from types import FrameType
from typing import NoReturn

from kb.commands import TABLE
from kb.core.errors import KbError
from kb.core.home import resolve_home
from kb.core.text import CONTROL
from kb.store import rules as store
from kb.views import shared


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = _parser(_command_of(words), json_errors="--json" in words)
    args = parser.parse_args(argv)
    with _interrupted_once():
        try:
            return args.run(args)
        except KbError as err:
            return _fail(err, args)
        except KeyboardInterrupt:
            print("kb: interrupted", file=sys.stderr)
            return 130
        except sqlite3.DatabaseError as err:  # a KB file damaged after it was opened
            return _fail(KbError(f"the knowledge base cannot be read ({err}): run `kb build` again"), args)
        except BrokenPipeError:
            return 0


@contextmanager
def _interrupted_once() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt once; every later one is ignored until kb exits, so
    that what the first one starts (the workers stopped, the temp files removed, the exit)
    is not cut short: a second one ended kb killed by SIGINT (-2) or left a worker.  SIGINT
    ignored (a background job) or handled by whoever called :func:`main` is left as it is."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield
        return
    try:
        signal.signal(signal.SIGINT, _interrupt)
    except ValueError:  # not the main thread: no signal comes here
        yield
        return
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is _interrupt:  # not interrupted: as it was
            signal.signal(signal.SIGINT, signal.default_int_handler)


def _interrupt(signum: int, frame: FrameType | None) -> NoReturn:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _fail(err: KbError, args: argparse.Namespace) -> int:
    print(f"kb: {err}", file=sys.stderr)
    if args.json:  # a program reading JSON gets the error as JSON too
        _emit(shared.error_json(err))
    return err.exit_code


def _command_of(argv: Sequence[str]) -> str | None:
    """The command a command line names (its first word after the options every command
    takes), if it is one of :data:`kb.commands.TABLE`; None for anything else."""
    words = iter(argv)
    for word in words:
        if word == "--home":
            next(words, None)
        elif word != "--json" and not word.startswith("--home="):
            return word if any(command.name == word for command in TABLE) else None
    return None


def _parser(only: str | None = None, json_errors: bool = False) -> argparse.ArgumentParser:
    """Every command of :data:`kb.commands.TABLE`, with its arguments; with ``only``, that
    command alone (what a command line naming it parses the same: making the parsers of
    all the commands took 4-8 ms of each fresh ``kb`` process).  With ``json_errors``, a
    command line it refuses is also answered as a ``--json`` error on standard output."""
    parser_class = _JsonErrors if json_errors else argparse.ArgumentParser
    # --home and --json go before or after the command; given after, they win
    common = parser_class(add_help=False)
    common.add_argument("--home", default=argparse.SUPPRESS,
                        help="KB home folder (default: $KB_HOME, else the user data dir)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print JSON instead of text")

    parser = parser_class(prog="kb", description="A multilingual knowledge base of the "
                                     "Magic: The Gathering Comprehensive Rules.")
    parser.add_argument("--home", help="KB home folder (default: $KB_HOME, else the user data dir)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    subparsers = parser.add_subparsers(required=True, metavar="COMMAND")
    for command in TABLE:
        if only is not None and command.name != only:
            continue
        p = subparsers.add_parser(command.name, parents=[common], help=command.help)
        for arg in command.args:
            arg.add_to(p)
        p.set_defaults(run=command.run)
    return parser


class _JsonErrors(argparse.ArgumentParser):
    """A parser whose refusals a program reading ``--json`` gets as JSON too (the usage
    still goes to standard error); its sub-parsers are of the same class."""

    def error(self, message: str) -> NoReturn:
        _emit(shared.error_json(KbError(message)))
        super().error(message)


def _emit(data: object) -> None:
    print(shared.dumps(data))


# -- what build and fetch print while they work ---------------------------------------------


def progress():  # noqa: ANN201 (a context manager or a null one)
    """A progress bar with the file being read, on a terminal only."""
    if not sys.stderr.isatty():
        return nullcontext(None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    class _Bar:
        def __enter__(self) -> Callable[[int, int, str], None]:
            self.progress = Progress(TextColumn("reading"), BarColumn(), MofNCompleteColumn(),
                                     TextColumn("{task.description}"), transient=True)
            self.progress.start()
            self.task = self.progress.add_task("", total=None)
            return lambda done, total, name: self.progress.update(
                self.task, completed=done, total=total, description=name)

        def __exit__(self, *exc: object) -> None:
            self.progress.stop()

    return _Bar()


def say(message: str) -> None:
    """What a command tells while it works, not its answer ("waiting for another build")."""
    print(f"kb: {message}", file=sys.stderr, flush=True)


# -- fetch ---------------------------------------------------------------------------------


def fetch_and_build(args: argparse.Namespace) -> int:
    """``kb fetch``: the current rules downloaded, then the KB rebuilt with them."""
    from kb.build import EMBEDDED_CORPUS, build
    from kb.fetch import RULES_PAGE, fetch

    home = resolve_home(args.home)
    fetched = fetch(home, args.url or RULES_PAGE)
    sources = _previous_sources(home) or [EMBEDDED_CORPUS]
    if fetched.path not in sources:
        sources.append(fetched.path)
    report = build(sources, home, waiting=say)
    if args.json:
        _emit({"url": fetched.url, "path": str(fetched.path), "edition": fetched.document.edition,
               "build": report.to_json()})
    else:
        print(f"fetched {fetched.url}\n  edition {fetched.document.edition}, kept as {fetched.path}")
        print(report.render())
    return 0


def _previous_sources(home: Path) -> list[Path]:
    """What the KB in ``home`` was last built from (empty if there is none)."""
    try:
        conn = store.connect(home)
    except KbError:
        return []
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'sources'").fetchone()
    finally:
        conn.close()
    return [Path(line) for line in row[0].splitlines()] if row else []


# -- cite --------------------------------------------------------------------------------


def read_text(path: Path | None) -> str:
    """The text to cite, from ``path`` or standard input (no path, or ``-`` as `kb search -` reads
    it; named ``<stdin>`` in errors), read alike: UTF-8 (a BOM dropped) and no control characters,
    so that a UTF-16 text is refused from either (from standard input it was read as
    "S\\x00e\\x00e…" and gave "0 citations")."""
    stdin = path is None or str(path) == "-"
    name = "<stdin>" if stdin else str(path)
    if stdin or path is None:
        data = sys.stdin.buffer.read()
    else:
        try:
            data = path.read_bytes()
        except OSError as err:
            raise KbError(f"cannot read: {err.strerror}", name) from err
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as err:
        from kb.core.textio import bad_byte  # lazy: the ingesters' reading, 5-10 ms of every `kb` process's start

        line, column, what = bad_byte(body, err, "utf-8")  # as the ingesters name a bad byte
        raise KbError(f"not UTF-8 text: {what}", name, line, column=column) from err
    if bad := CONTROL.search(text):
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        raise KbError(control_problem(bad.group()), name, line, column=column)
    return text


def control_problem(char: str) -> str:
    """What a control character in a text to cite is: a NUL is what UTF-16 read as UTF-8 gives
    (``S\\x00e\\x00``); any other (U+0001) is a stray character in UTF-8 text, which "not UTF-8
    text … as UTF-16 has" misnamed."""
    if char == "\x00":
        return "not UTF-8 text: a NUL character (U+0000), as UTF-16 has"
    return f"a control character (U+{ord(char):04X}) in UTF-8 text: remove it"


if __name__ == "__main__":
    sys.exit(main())
