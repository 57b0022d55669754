"""The ``kb`` command.  Every command prints text for people or, with ``--json``,
the same content as JSON.  Exit codes: 0 ok, 1 not found, 2 bad input."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from pathlib import Path

from kb import store
from kb.build import EMBEDDED_CORPUS, BuildReport, build
from kb.errors import KbError, NotFound
from kb.home import resolve_home
from kb.lang import normalize_tag
from kb.rulenum import RuleNumber, RuleNumberError


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except KbError as err:
        print(f"kb: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("kb: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--home", help="KB home folder (default: $KB_HOME, else the user data dir)")
    common.add_argument("--json", action="store_true", help="print JSON instead of text")

    parser = argparse.ArgumentParser(prog="kb", description="A multilingual knowledge base of the "
                                     "Magic: The Gathering Comprehensive Rules.")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    p = commands.add_parser("build", parents=[common], help="build the KB from rules documents")
    p.add_argument("sources", nargs="*", type=Path, metavar="SOURCE",
                   help="files or folders (default: the embedded corpus)")
    p.add_argument("--format", help="read every source as this format (default: detect)")
    p.add_argument("--lang", help="read every source as this language (default: detect)")
    p.add_argument("--accept-damaged", action="store_true",
                   help="keep truncated or duplicate-numbered documents, with the damage listed")
    p.set_defaults(run=cmd_build)

    p = commands.add_parser("show", parents=[common], help="show a rule with its subrules")
    p.add_argument("rule", help="a rule number: 7, 730, 730.2, 730.2a")
    p.add_argument("--lang", action="append", help="language (repeat for side by side)")
    p.add_argument("--edition", help="the edition in force on this date (YYYY-MM-DD)")
    p.set_defaults(run=cmd_show)

    p = commands.add_parser("export", parents=[common], help="export every rule text")
    p.add_argument("--json-lines", action="store_true", required=True,
                   help="one JSON object per rule text")
    p.set_defaults(run=cmd_export)

    p = commands.add_parser("editions", parents=[common], help="list the languages and editions held")
    p.set_defaults(run=cmd_editions)
    return parser


def _emit(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# -- build --------------------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> int:
    home = resolve_home(args.home)
    sources = args.sources or [EMBEDDED_CORPUS]
    with _progress(len(sources)) as step:
        report = build(sources, home, accept_damaged=args.accept_damaged,
                       override_format=args.format, override_lang=args.lang, progress=step)
    if args.json:
        _emit(report.to_json())
    else:
        print(render_report(report))
    return 0


def _progress(_: int):
    """A spinner with the file being read, on a terminal only."""
    if not sys.stderr.isatty():
        return nullcontext(None)
    from rich.progress import Progress, SpinnerColumn, TextColumn

    class _Step:
        def __enter__(self) -> Callable[[str], None]:
            self.progress = Progress(SpinnerColumn(), TextColumn("reading {task.description}"),
                                     transient=True)
            self.progress.start()
            self.task = self.progress.add_task("", total=None)
            return lambda name: self.progress.update(self.task, description=name)

        def __exit__(self, *exc: object) -> None:
            self.progress.stop()

    return _Step()


def render_report(report: BuildReport) -> str:
    lines = []
    for item in report.documents:
        doc = item.document
        if doc is None:
            lines.append(f"{item.path}\n  skipped: {item.reason}")
            continue
        counts = doc.counts()
        lines.append(f"{item.path}\n  {doc.format} · {doc.lang} · edition {doc.edition or 'undated'}"
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
    lines.append(f"built {report.database}: {len(built)} documents, {texts} rule texts ({langs})")
    return "\n".join(lines)


# -- show ---------------------------------------------------------------------------


def cmd_show(args: argparse.Namespace) -> int:
    number = _rule_number(args.rule)
    on = _iso_date(args.edition) if args.edition else None
    with _open(args.home) as conn:
        langs = [normalize_tag(lang) for lang in args.lang] if args.lang else store.languages(conn)
        blocks = []
        for lang in langs:
            try:
                edition = store.choose_edition(conn, number, lang, on)
            except NotFound:
                if args.lang:
                    raise
                continue
            blocks.append((lang, edition, store.family(conn, number, lang, edition)))
        if not blocks:
            raise NotFound(f"rule {number} not found in any language" + (f" on {on}" if on else ""))
    if args.json:
        _emit({"number": str(number), "kind": number.kind, "languages": [
            {"lang": lang, "edition": edition, "rules": [r.to_json() for r in rules]}
            for lang, edition, rules in blocks]})
    else:
        print("\n\n".join(render_family(lang, edition, rules) for lang, edition, rules in blocks))
    return 0


def render_family(lang: str, edition: str | None, rules: list[store.StoredRule]) -> str:
    head = rules[0]
    lines = [f"{lang.upper()} {head.number} · edition {edition or 'undated'} · {head.source}"]
    for rule in rules:
        indent = "  " * max(0, rule.number.depth - head.number.depth)
        text = rule.title if rule.title and not rule.body else rule.body
        label = f"{rule.number}" + (" (duplicate)" if rule.variant else "")
        lines.append(f"{indent}{label} {text}".replace("\n", f"\n{indent}    "))
        if rule.title and rule.body:
            lines.insert(len(lines) - 1, f"{indent}{rule.title}")
        lines += [f"{indent}    Example: {example}" for example in rule.examples]
        lines += [f"{indent}    [translator's note] {note}" for note in rule.notes]
    return "\n".join(lines)


def _rule_number(text: str) -> RuleNumber:
    try:
        return RuleNumber.parse(text)
    except RuleNumberError as err:
        raise KbError(f"{err} (examples: 7, 730, 730.2, 730.2a)") from err


def _iso_date(text: str) -> str:
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError as err:
        raise KbError(f"not a date: {text!r} (use YYYY-MM-DD)") from err


class _open:
    """``with _open(home) as conn``: the KB read-only, closed afterwards."""

    def __init__(self, home: str | None) -> None:
        self.conn = store.connect(resolve_home(home))

    def __enter__(self) -> sqlite3.Connection:
        return self.conn

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


# -- export, editions ---------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    with _open(args.home) as conn:
        for line in _json_lines(store.iter_rules(conn)):
            sys.stdout.write(line)
    return 0


def _json_lines(rules: Iterator[store.StoredRule]) -> Iterator[str]:
    for rule in rules:
        yield json.dumps(rule.to_json(), ensure_ascii=False) + "\n"


def cmd_editions(args: argparse.Namespace) -> int:
    with _open(args.home) as conn:
        rows = [dict(row) for row in store.editions(conn)]
    if args.json:
        _emit([{k: row[k] for k in ("lang", "edition", "texts")} for row in rows])
    else:
        for row in rows:
            print(f"{row['lang']:8} {row['edition'] or 'undated':10} {row['texts']:6} rule texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
