"""The command table (kb/commands.py): one declaration gives the CLI's parser and the
web's URLs, so what a page's URL says must parse back, through the real ``kb`` parser,
to the same arguments; every page's template must exist."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from starlette.datastructures import QueryParams

from kb import cli
from kb.commands import COMMANDS, TABLE

TEMPLATES = Path(cli.__file__).parent / "web" / "templates"

#: A request per table page: its path parameters and query, as a user could give them.
REQUESTS = [
    ("refs", {"rule": "702.19b-c"}, "lang=it&edition=2026-04-17"),
    ("toc", {}, "lang=zh-Hans"),
    ("diff", {"old": "2025-11-14", "new": "2026-04-17"}, "lang=zh-Hans"),
    ("history", {"rule": "702.19"}, ""),
    ("card", {"name": "Lightning Bolt"}, ""),
    ("card", {}, ""),
    ("glossary", {"term": "Color Identity"}, "lang=zh&lang=it"),
    ("glossary", {}, ""),
    ("editions", {}, ""),
    ("check", {"lang": "zh-Hans"}, "edition=2026-04-17"),
    ("show", {"rule": "702.19b-d"}, "lang=en&lang=zh-Hans&edition=2026-04-17"),
    ("show", {"rule": "702.124k"}, "as-of=2025-11-14"),
    ("search", {}, "q=merged+permanent&lang=it&lang=en&query_lang=it&limit=3"),
    ("ask", {}, "q=what+does+trample+do&lang=en"),
    ("cite", {}, "text=See+rule+509.3.&as_of=2024-09-17&to=2026-04-17&lang=en"),
]


def test_every_page_has_its_template_and_every_command_its_parser() -> None:
    pages = [page for command in TABLE for page in command.pages]
    assert pages and all((TEMPLATES / page.template).is_file() for page in pages)
    parser = cli._parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == [command.name for command in TABLE]


@pytest.mark.parametrize(("name", "path", "query"), REQUESTS, ids=[f"{r[0]}:{r[2] or r[1]}" for r in REQUESTS])
def test_a_url_and_its_command_line_are_the_same_arguments(name: str, path: dict[str, str], query: str) -> None:
    command = COMMANDS[name]
    from_url = command.parse_url(path, QueryParams(query), command.pages[0])  # its query's names (/search?q=)
    from_cli = cli._parser().parse_args(command.words(from_url))
    assert from_cli.run == command.run
    for arg in command.args:
        assert getattr(from_cli, arg.key) == getattr(from_url, arg.key), arg.name


def test_a_bad_number_in_a_query_is_a_bad_parameter() -> None:
    from kb.core.errors import KbError

    with pytest.raises(KbError, match="bad parameter: limit"):
        COMMANDS["search"].parse_url({"query": "x"}, QueryParams("limit=ten"))


def test_every_route_of_the_web_app_is_a_page_of_the_table(default_home: Path) -> None:
    """kb/web/app.py writes no page of its own: each URL it answers is a table page or
    that page's ``.json`` twin (beside /static), with the methods the table gives it."""
    from fastapi.routing import APIRoute

    from kb.web.app import create_app, twins

    app = create_app(default_home)
    routed: set[tuple[str, str]] = set()
    for route in app.routes:
        if isinstance(route, APIRoute):
            assert route.methods is not None, route.path  # every API route answers named methods
            routed |= {(route.path, method) for method in route.methods}
    declared = {(url, method) for command in TABLE for page in command.pages
                for url in twins(page.path) for method in page.methods}
    assert routed == declared
    assert {"/rules/{rule}", "/search", "/ask", "/cite", "/"} <= {url for url, _ in declared}
    others = [getattr(route, "path", route) for route in app.routes if not isinstance(route, APIRoute)]
    assert others == ["/static"]
