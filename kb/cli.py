"""The ``kb`` command.  Every command prints text for people or, with ``--json``,
the same content as JSON.  Exit codes: 0 ok, 1 not found, 2 bad input."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Callable, Sequence
from contextlib import closing, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from kb.core.errors import KbError
from kb.core.home import resolve_home
from kb.core.lang import normalize_tag
from kb.store import rules as store
from kb.views import rules as views

if TYPE_CHECKING:  # building imports every ingester and the aligner: only `kb build` pays for that
    from kb.build import BuildReport


ADDRESS_HELP = ("rules as people write them: 7, 730, 730.2a, 702.19B, 'CR 702.19b', ranges 702.19b-d, "
                "lists 702.19b,702.19c or several arguments")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
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


def _fail(err: KbError, args: argparse.Namespace) -> int:
    print(f"kb: {err}", file=sys.stderr)
    if args.json:  # a program reading JSON gets the error as JSON too
        _emit(views.error_json(err))
    return err.exit_code


def _parser() -> argparse.ArgumentParser:
    # --home and --json go before or after the command; given after, they win
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--home", default=argparse.SUPPRESS,
                        help="KB home folder (default: $KB_HOME, else the user data dir)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="print JSON instead of text")

    parser = argparse.ArgumentParser(prog="kb", description="A multilingual knowledge base of the "
                                     "Magic: The Gathering Comprehensive Rules.")
    parser.add_argument("--home", help="KB home folder (default: $KB_HOME, else the user data dir)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    p = commands.add_parser("build", parents=[common], help="build the KB from rules documents")
    p.add_argument("sources", nargs="*", type=Path, metavar="SOURCE",
                   help="files or folders (default: the embedded corpus)")
    p.add_argument("--format", help="read every source as this format (default: detect)")
    p.add_argument("--lang", help="read every source as this language (default: detect)")
    p.add_argument("--accept-damaged", action="store_true",
                   help="keep truncated or duplicate-numbered documents, with the damage listed")
    p.add_argument("--allow-partial", action="store_true",
                   help="write the KB even if some inputs cannot be read (they are listed as dropped) "
                        "or no rule texts were read")
    p.set_defaults(run=cmd_build)

    p = commands.add_parser("show", parents=[common], help="show a rule with its subrules")
    p.add_argument("rule", nargs="+", help=ADDRESS_HELP)
    p.add_argument("--lang", action="append", help="language (repeat for side by side)")
    p.add_argument("--edition", help="the edition in force on this date (YYYY-MM-DD)")
    p.add_argument("--as-of", help="read RULE as the English edition in force on this date numbered it (YYYY-MM-DD),"
                   " and say what it is today")
    p.set_defaults(run=cmd_show)

    p = commands.add_parser("refs", parents=[common], help="what a rule cites and what cites it")
    p.add_argument("rule", nargs="+", help=ADDRESS_HELP)
    p.add_argument("--lang", help="language (default: English if held)")
    p.add_argument("--edition", help="the edition in force on this date (YYYY-MM-DD)")
    p.add_argument("--all", action="store_true", help="also list the citations through a chapter or section")
    p.set_defaults(run=cmd_refs)

    p = commands.add_parser("toc", parents=[common], help="the table of contents: sections, chapters, rules")
    p.add_argument("rule", nargs="?", help="a section (7), chapter (702) or rule (702.19): what is under it"
                   " (default: the sections and their chapters)")
    p.add_argument("--lang", default=None, help="language (default: English if held)")
    p.add_argument("--edition", help="the edition in force on this date (YYYY-MM-DD)")
    p.set_defaults(run=cmd_toc)

    p = commands.add_parser("diff", parents=[common], help="what changed between two editions")
    p.add_argument("old", help="the old edition: its date, or any date it was in force (YYYY-MM-DD)")
    p.add_argument("new", help="the new edition, likewise")
    p.add_argument("--lang", default="en", help="language (default: en)")
    p.set_defaults(run=cmd_diff)

    p = commands.add_parser("history", parents=[common], help="one rule through every edition")
    p.add_argument("rule", nargs="+", help="the rule's number in the newest English edition (" + ADDRESS_HELP + ")")
    p.add_argument("--lang", default="en", help="language (default: en)")
    p.set_defaults(run=cmd_history)

    p = commands.add_parser("fetch", parents=[common], help="download the current English rules and rebuild")
    p.add_argument("--url", default=None, help="the rules page to read (default: the official one)")
    p.set_defaults(run=cmd_fetch)

    p = commands.add_parser("card", parents=[common], help="a card by any of its names, its rulings and their rules")
    p.add_argument("name", nargs="*", help="a card name in any language, even misspelled (none: every card held)")
    p.add_argument("--explain", action="store_true", help="show how the name was resolved to the card (the evidence)")
    p.set_defaults(run=cmd_card)

    p = commands.add_parser("glossary", parents=[common], help="a glossary entry side by side in every language")
    p.add_argument("term", nargs="*", help="a headword or an alias, in any language (Color Identity, 标识色);"
                                          " none: every headword held")
    p.add_argument("--lang", action="append", help="language (repeat for several; default: every one held)")
    p.set_defaults(run=cmd_glossary)

    p = commands.add_parser("index", parents=[common], help="build the search index of the KB (kb build does it too)")
    p.set_defaults(run=cmd_index)

    p = commands.add_parser("search", parents=[common], help="rules by words or numbers, in any language, side by side")
    p.add_argument("query", nargs="+", help='words, "a phrase", a rule address (601.2a-h), a name (even misspelled) '
                   'or a card name, in any language held; "-": one query per line of standard input, '
                   'one JSON object per line out')
    p.add_argument("--lang", action="append", help="language to search and show (repeat for side by side)")
    p.add_argument("--query-lang", help="the query's language (default: detected)")
    p.add_argument("--limit", type=int, default=10, help="rules to show (default: 10)")
    p.set_defaults(run=cmd_search)
    _add_ask(commands, common)

    p = commands.add_parser("export", parents=[common], help="export a part of the KB as JSON lines")
    p.add_argument("--what", default="rules", choices=("rules", "glossary", "cards", "rulings", "refs"),
                   help="what to export, one JSON object a line (default: rules)")
    p.add_argument("--lang", action="append", help="only this language (repeat for several)")
    p.add_argument("--edition", help="only the editions in force on this date (YYYY-MM-DD), or 'undated'")
    p.add_argument("--json-lines", action="store_true", help="JSON lines (the default and only format)")
    p.set_defaults(run=cmd_export)

    p = commands.add_parser("editions", parents=[common], help="list the languages and editions held")
    p.set_defaults(run=cmd_editions)

    # -- tools for authors and translators: kb cite, kb check (kb/views/cite.py, kb/views/check.py)
    p = commands.add_parser("cite", parents=[common], help="update the rule citations of a text to a newer edition")
    p.add_argument("file", nargs="?", type=Path, help="the text (default: standard input)")
    p.add_argument("--as-of", help="the date the text was written against (default: detected from its citations)")
    p.add_argument("--to", help="update to the edition in force on this date (default: the newest held)")
    p.add_argument("--lang", help="the text's language: en, it, zh-Hans (default: detected)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when a citation would change or needs a look")
    p.set_defaults(run=cmd_cite)

    p = commands.add_parser("check", parents=[common], help="check a translation against its English source")
    p.add_argument("lang", help="the translation's language (zh-Hans)")
    p.add_argument("--edition", help="the edition published or in force on this date (default: the newest)")
    p.set_defaults(run=cmd_check)

    p = commands.add_parser("serve", parents=[common], help="browse the KB in a web browser (every page has JSON)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: one per core); each opens the KB read-only")
    p.add_argument("--allowed-host", action="append", default=None, metavar="HOST", dest="allowed_hosts",
                   help="a host name browsers may use to reach the server, beside the address served and"
                        " localhost (repeatable; *.example.org for its subdomains; * for any)")
    p.add_argument("--max-pending", type=int, default=None, metavar="N",
                   help="answers computing or waiting per worker before 503 'busy' (default: 64)")
    p.set_defaults(run=cmd_serve)
    return parser


def _emit(data: object) -> None:
    print(views.dumps(data))


# -- build --------------------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> int:
    from kb.build import EMBEDDED_CORPUS, build

    home = resolve_home(args.home)
    sources = args.sources or [EMBEDDED_CORPUS]
    with _progress() as step:
        report = build(sources, home, accept_damaged=args.accept_damaged, allow_partial=args.allow_partial,
                       override_format=args.format, override_lang=args.lang, progress=step)
    if args.json:
        _emit(report.to_json())
    else:
        print(render_report(report))
    return 0


def cmd_index(args: argparse.Namespace) -> int:
    from kb.build import build_index
    from kb.store import rules as store

    home = resolve_home(args.home)
    if not store.db_path(home).exists():
        raise KbError("no KB here: run `kb build` first", str(home))
    seconds = build_index(home)
    print(f"search index ready ({seconds:.1f} s)" if seconds else "search index already up to date")
    return 0


def _progress():
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


def render_report(report: BuildReport) -> str:
    lines = []
    for item in report.documents:
        doc = item.document
        if item.cards is not None:
            lines.append(item.path)
            lines += item.cards.render()
            continue
        if doc is None:
            lines.append(f"{item.path}\n  {item.status}: {item.reason}")
            continue
        counts = doc.counts()
        fits = f" (matches en {item.matches[0]} to {item.matches[-1]})" if item.matches else ""
        lines.append(f"{item.path}\n  {doc.format} · {doc.lang} · edition {doc.edition or 'undated'}{fits}"
                     + (f" · published {doc.published}" if doc.published else "")
                     + f" · {doc.encoding}")
        lines.append("  " + " · ".join(f"{counts[k]} {k}" for k in
                                       ("chapters", "rules", "subrules", "examples", "glossary")))
        lines += [f"  {p.severity.value}: line {p.line}: {p.message}" if p.line
                  else f"  {p.severity.value}: {p.message}" for p in doc.problems]
        lines += [f"  dropped (site chrome): {text}" for text in doc.dropped]
    built = [d.document for d in report.documents if d.document]
    texts = sum(len(d.rules) for d in built)
    langs = ", ".join(sorted({d.lang for d in built}))
    if report.cards:
        from kb.graph.card_phase import render_summary

        lines.append(render_summary(report.cards))
    lines.append(f"built {report.database}: {len(built)} documents, {texts} rule texts ({langs})"
                 + (f"; {len(report.dropped)} input(s) dropped (--allow-partial): "
                    + ", ".join(Path(d.path).name for d in report.dropped) if report.dropped else ""))
    return "\n".join(lines)


# -- show ---------------------------------------------------------------------------


def cmd_show(args: argparse.Namespace) -> int:
    on = views.iso_date(args.edition) if args.edition else None
    as_of = views.iso_date(args.as_of) if args.as_of else None
    if on and as_of:
        raise KbError("--edition and --as-of cannot be used together (--as-of reads a number as that edition did)")
    langs = views.lang_tags(args.lang)
    with _open(args.home) as conn:
        if as_of:
            view = views.named(conn, args.rule, lambda number: views.as_of(conn, number, as_of, langs))
        else:
            view = views.named(conn, args.rule, lambda number: views.show(conn, number, langs, on))
    if args.json:
        _emit(view.to_json())
    else:
        print(view.render())
    return 0


def cmd_toc(args: argparse.Namespace) -> int:
    from kb.views.toc import toc

    on = views.iso_date(args.edition) if args.edition else None
    with _open(args.home) as conn:
        number = views.one_number(args.rule) if args.rule else None
        lang = views.held_lang(conn, args.lang) if args.lang else views.default_lang(conn)
        view = toc(conn, number, lang, on)
    if args.json:
        _emit(view.to_json())
    else:
        print(view.render())
    return 0


def _open(home: str | None) -> closing[sqlite3.Connection]:
    """``with _open(home) as conn``: the KB read-only, closed when the block ends."""
    return closing(store.connect(resolve_home(home)))


# -- diff, history --------------------------------------------------------------------


def cmd_diff(args: argparse.Namespace) -> int:
    from kb.views.history import diff_editions

    lang = normalize_tag(args.lang)
    with _open(args.home) as conn:
        answer = diff_editions(conn, lang, views.iso_date(args.old), views.iso_date(args.new))
    if args.json:
        _emit(answer.to_json())
    else:
        print(answer.render())
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from kb.views.history import history

    with _open(args.home) as conn:
        lang = views.held_lang(conn, args.lang)
        view = views.named(conn, args.rule, lambda number: history(conn, str(number), lang))
    if args.json:
        _emit(view.to_json())
    else:
        print(view.render())
    return 0


# -- fetch --------------------------------------------------------------------------


def cmd_fetch(args: argparse.Namespace) -> int:
    from kb.build import EMBEDDED_CORPUS, build
    from kb.fetch import RULES_PAGE, fetch

    home = resolve_home(args.home)
    fetched = fetch(home, args.url or RULES_PAGE)
    sources = _previous_sources(home) or [EMBEDDED_CORPUS]
    if fetched.path not in sources:
        sources.append(fetched.path)
    report = build(sources, home)
    if args.json:
        _emit({"url": fetched.url, "path": str(fetched.path), "edition": fetched.document.edition,
               "build": report.to_json()})
    else:
        print(f"fetched {fetched.url}\n  edition {fetched.document.edition}, kept as {fetched.path}")
        print(render_report(report))
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


# -- refs ---------------------------------------------------------------------------


def cmd_refs(args: argparse.Namespace) -> int:
    on = views.iso_date(args.edition) if args.edition else None
    with _open(args.home) as conn:
        view = views.named(conn, args.rule, lambda number: views.refs(conn, number, args.lang, on))
    if args.json:
        _emit(view.to_json())
    else:
        print(view.render(args.all) if isinstance(view, views.RefsView) else view.render())
    return 0


# -- card ---------------------------------------------------------------------------


def cmd_card(args: argparse.Namespace) -> int:
    from kb.views import card as card_cli  # lazy: its name tools are not needed by the other commands

    with _open(args.home) as conn:
        return card_cli.cmd_card(args, conn)


def cmd_glossary(args: argparse.Namespace) -> int:
    from kb.views import glossary as glossary_cli

    with _open(args.home) as conn:
        return glossary_cli.cmd_glossary(args, conn)


def cmd_search(args: argparse.Namespace) -> int:
    from kb.views import search as search_cli  # lazy: whoosh and the index are only needed to search

    return search_cli.cmd_search(args)


# -- ask ----------------------------------------------------------------------------


def _add_ask(commands: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    p = commands.add_parser("ask", parents=[common], help="the rules that answer a question, quoted (offline)")
    p.add_argument("question", nargs="+", help='a question in any language held; "-": one question per line of '
                   "standard input, one JSON object per line out")
    p.add_argument("--lang", action="append", help="language to search and show (repeat for side by side)")
    p.add_argument("--query-lang", help="the question's language (default: detected)")
    p.set_defaults(run=cmd_ask)


def cmd_ask(args: argparse.Namespace) -> int:
    from kb.views import ask  # lazy: whoosh and the index are only needed to search

    return ask.cmd_ask(args)


# -- export, editions ---------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from kb.views.export import export

    with _open(args.home) as conn:
        for line in export(conn, args.what, args.lang, args.edition).lines():
            sys.stdout.write(line)
    return 0


def cmd_editions(args: argparse.Namespace) -> int:
    with _open(args.home) as conn:
        rows = views.editions(conn)
    if args.json:
        _emit(rows)
    else:
        for row in rows:
            print(f"{row['lang']:8} {row['edition'] or 'undated':10} {row['texts']:6} rule texts")
    return 0


# -- cite, check ----------------------------------------------------------------------


def cmd_cite(args: argparse.Namespace) -> int:
    """The updated text on standard output, the table on standard error (so that
    ``kb cite old.md > new.md`` works); ``--json``: the table with the text in it."""
    from kb.views.cite import cite

    text = _read_text(args.file)
    as_of = views.iso_date(args.as_of) if args.as_of else None
    to = views.iso_date(args.to) if args.to else None
    with _open(args.home) as conn:
        answer = cite(conn, text, as_of, to, normalize_tag(args.lang) if args.lang else None)
    if args.json:
        _emit(answer.to_json())
    elif args.check:
        print(answer.render())
    else:
        sys.stdout.write(answer.text)
        print(answer.render(), file=sys.stderr)
    return 1 if args.check and (answer.changed or answer.attention) else 0


def _read_text(path: Path | None) -> str:
    if path is None:
        return sys.stdin.read()
    try:
        data = path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read: {err.strerror}", str(path)) from err
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise KbError("not UTF-8 text", str(path), line) from err


def cmd_check(args: argparse.Namespace) -> int:
    from kb.views.check import check

    on = views.iso_date(args.edition) if args.edition else None
    with _open(args.home) as conn:
        report = check(conn, normalize_tag(args.lang), on)
    if args.json:
        _emit(report.to_json())
    else:
        print(report.render())
    return 0


# -- serve --------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    from kb.web import serve  # lazy: only `kb serve` needs the web stack

    serve(resolve_home(args.home), args.host, args.port, args.workers, args.allowed_hosts, args.max_pending)
    return 0


if __name__ == "__main__":
    sys.exit(main())
