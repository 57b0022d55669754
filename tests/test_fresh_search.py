"""A fresh `kb search` process: what it reads from files the index build wrote
(`lookups.json`), what it imports, and the parts of whoosh it reads in place.

Each shortcut must give exactly the answers of the long way: the stored tables equal
the tables made from the KB's rows, and `kb search` answers the same queries
identically with the file, without it, with a damaged one and with one of another
build.  The KB is the default corpus (`kb build`), copied so files can be damaged.
Speed itself is measured by ``benchmarks/bench_search.py``, not here.
"""

from __future__ import annotations

import io
import json
import random
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from kbrun import kb

from indexers import compiled, engine, inplace, keywords, lookups, snippets, spelling
from indexers import index as rules_index
from indexers.translate import Translator
from kb import cli
from kb.core.errors import Unavailable
from kb.core.rulenum import RuleNumber
from kb.store import cards as card_store
from kb.store import onebox as box_store
from kb.store import rules as store
from kb.views.search import Session

#: Queries of every kind the box and the engine tell apart: addresses, names exact and
#: misspelled, in three languages, card names, a Chinese run, free text.
QUERIES = ["702.19b", "601.2a-h", "CR 702.19B", "规则702.19b", "702.19b, 702.19c", "waterbend", "deaftouch",
           "tocco letale", "死触", "标识色", "permanente amalgamato", "damage", '"color identity"',
           "trample damage assignment", "how many poison counters make a player lose the game",
           "Sheoldred, the Apocalypse", "lightnig bolt", "非瑞克西亚龙引擎", "travolgere", "comander damage",
           "legend rule", "指挥官伤害", "mischia", "践塌和死处", "does lifelink stack", "menace deathtouch"]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, default_home: Path) -> Path:
    """A copy of the default KB and its index (a copy is searched without rebuilding)."""
    copy = tmp_path_factory.mktemp("fresh") / "home"
    shutil.copytree(default_home, copy)
    return copy


@pytest.fixture()
def db(home: Path) -> Iterator[sqlite3.Connection]:
    with closing(store.connect(home)) as conn:
        yield conn


def index_of(home: Path, conn: sqlite3.Connection) -> rules_index.IndexInfo:
    info = rules_index.found(home, conn)
    assert info is not None
    return info


def put(path: Path, content: bytes | None) -> None:
    """``path`` holding ``content``, or removed (None)."""
    if content is None:
        path.unlink()
    else:
        path.write_bytes(content)


def answers(home: Path) -> list[dict]:
    """`kb search -` of every query, in a new process, without the index's path."""
    result = subprocess.run([sys.executable, "-m", "kb", "search", "-", "--home", str(home)], input="\n".join(QUERIES),
                            capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 1), result.stderr
    found = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(found) == len(QUERIES)
    for answer in found:
        answer.pop("index", None)
    return found


def test_the_stored_tables_are_the_tables_of_the_kb(home: Path, db: sqlite3.Connection) -> None:
    info = index_of(home, db)
    stored = lookups.load(info.path, db, info.editions)
    assert stored is not None
    names = lookups.names_by_key(db, rules_index.newest_editions(db))
    cards = list(dict.fromkeys(entry.key for entry in card_store.all_names(db)))  # each name's key, in row order
    assert stored.names == names and list(stored.names) == list(names)  # the same entries in the same order
    assert stored.name_choices == lookups.by_script(names)
    assert stored.card_choices == lookups.by_script(cards)
    parsed = box_store.rule_identities(db)
    assert set(stored.identities) == parsed and len(stored.identities) == len(parsed)
    absent = {n.next() for n in parsed} - parsed - {None}
    assert all(n in stored.identities for n in parsed) and not any(n in stored.identities for n in absent)
    assert RuleNumber.parse("702.19b") in stored.identities and RuleNumber.parse("702.19z") not in stored.identities
    assert stored.name_langs == {e.lang for entries in names.values() for e in entries}
    translator = Translator.from_store(db)
    assert stored.lexicon_words == {lang: translator.vocabulary(lang) for lang in lookups.lexicon_langs(translator)}
    assert len(stored.names) > 1000 and len(cards) > 500 and stored.lexicon_words["en"]


def test_a_search_reads_the_stored_tables(home: Path) -> None:
    with Session(home) as session:
        assert session.box.stored is not None
        assert session.box.names is session.box.stored.names


def test_the_stored_stems_are_the_stems_of_the_known_words(home: Path, db: sqlite3.Connection) -> None:
    """The stems the index build stored per language are those a query process would make
    from the index's words and the lexicons' (a word whose stem is known is no typo)."""
    path = index_of(home, db).path
    own = spelling.load(path)
    translator = Translator.from_store(db)
    langs = {*own, *lookups.lexicon_langs(translator)} - {"zh-Hans", "zh"}
    assert {"en", "it"} <= langs
    spelling._STEMS_LOADED.clear()
    for lang in sorted(langs):
        known = {*own.get(lang, {}), *translator.vocabulary(lang)}
        assert spelling.load_stems(path)[lang] == spelling.stems_of(lang, known), lang
        assert spelling.stored_stems(path, lang) == frozenset(spelling.stems_of(lang, known).values()), lang
    assert "indestruct" in (spelling.stored_stems(path, "en") or ())  # "indestructable" is no typo


def test_the_answers_are_the_same_without_the_stems_file_or_a_damaged_one(home: Path, db: sqlite3.Connection) -> None:
    path = index_of(home, db).path / spelling.STEMS_FILE
    kept = path.read_bytes()
    expected = answers(home)
    assert any(a.get("corrections") for a in expected)  # "deaftouch", "lightnig bolt": the stems were asked
    try:
        for content in (None, b"\x00garbage", b"[1, 2]", kept[: len(kept) // 2]):
            put(path, content)
            assert answers(home) == expected, content
    finally:
        path.write_bytes(kept)
        spelling._STEMS_LOADED.clear()


def test_a_damaged_table_of_documents_is_said_so(own_default_home: Path) -> None:
    """A format-28 index missing ``docs.json`` (what a search counts its total by) raised a
    FileNotFoundError with a traceback: an index without it is incomplete, which `kb index` builds
    again; an unreadable one is damaged, said so, with how to rebuild it."""
    [folder] = [p for p in (own_default_home / rules_index.FOLDER).iterdir() if p.is_dir()]
    table = folder / rules_index.DOCS_FILE
    for content in (b"\x00garbage", b'{"identities": []}'):
        table.write_bytes(content)
        result = kb("search", "draw", home=own_default_home)
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert f"the search index of this KB is damaged: delete {folder} and run `kb index`" in result.stderr
    table.unlink()
    result = kb("search", "draw", home=own_default_home)
    assert result.returncode == 2 and "run `kb index` to build it" in result.stderr, result.stderr
    assert kb("index", home=own_default_home).returncode == 0  # built anew: found, counted
    assert kb("search", "draw", home=own_default_home).stdout.rstrip().endswith(" results")


def test_the_answers_are_the_same_without_the_file_damaged_or_of_another_build(home: Path,
                                                                                db: sqlite3.Connection) -> None:
    path = index_of(home, db).path / lookups.FILE
    kept = path.read_bytes()
    expected = answers(home)
    assert any(a["results"] for a in expected) and any(a.get("cards") for a in expected)
    data = json.loads(kept)
    variants = {
        "missing": None,
        "garbage": b"\x00garbage" * 64,
        "truncated": kept[: len(kept) // 3],
        "another build": json.dumps({**data, "build": "another"}).encode(),
        "another format": json.dumps({**data, "format": lookups.FORMAT + 1}).encode(),
        "another edition": json.dumps({**data, "editions": [["en", "2003-03-15"]]}).encode(),
    }
    try:
        for name, content in variants.items():
            put(path, content)
            lookups._LOADED.clear()
            info = index_of(home, db)
            assert lookups.load(info.path, db, info.editions) is None, name
            assert answers(home) == expected, name
    finally:
        path.write_bytes(kept)
        lookups._LOADED.clear()


def _same_idioms(made: tuple[engine.Idiom, ...], expected: tuple[engine.Idiom, ...]) -> bool:
    """Equal idioms: each pattern of the same kind, equal (``re.Pattern`` equality compares compiled code)."""
    def key(idiom: engine.Idiom) -> tuple[object, ...]:
        p = idiom.pattern
        return (type(p), p.pattern, p._folded if isinstance(p, engine.CaseFolded) else p, idiom.said, idiom.keyword,
                idiom.weight, idiom.kind)

    return [key(i) for i in made] == [key(i) for i in expected]


def test_the_idioms_are_made_from_the_code_the_build_stored(home: Path, db: sqlite3.Connection,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`kb build` stores the idioms' compiled code (``indexers.compiled``): a query makes each idiom's pattern
    from it, compiling none of them, and the idioms are those compiled by ``re``."""
    stored = compiled.load(index_of(home, db).path)
    asked = engine.idiom_patterns()
    assert len(asked) > 400 and all(stored.holds(*pattern) for pattern in asked)
    compiling: list[str] = []
    real = re.compile

    def counted(source: str, flags: int = 0) -> re.Pattern[str]:
        compiling.append(source)
        return real(source, flags)

    for lang, made in engine._IDIOMS.items():
        expected = made(engine.Patterns(compiled.NOTHING))
        monkeypatch.setattr(re, "compile", counted)
        from_code = made(engine.Patterns(stored))
        monkeypatch.setattr(re, "compile", real)
        assert _same_idioms(from_code, expected), lang
        assert not {source for source, _ in asked} & set(compiling), lang


def test_the_answers_are_the_same_without_the_patterns_file_damaged_or_of_another_python(
        home: Path, db: sqlite3.Connection) -> None:
    """A patterns file missing, damaged (one byte of code changed: ``_sre`` takes much damaged code
    for another valid pattern), of another format or another interpreter is not used: each pattern is
    compiled as before, and `kb search` answers the same."""
    path = index_of(home, db).path / compiled.FILE
    kept = path.read_bytes()
    expected = answers(home)
    line, _, code = kept.partition(b"\n")
    header = json.loads(line)
    flipped = bytearray(code)
    flipped[len(code) // 2] ^= 0x01
    variants = {
        "missing": None,
        "garbage": b"\x00garbage" * 64,
        "truncated": kept[: len(kept) // 3],
        "a byte of code changed": line + b"\n" + bytes(flipped),
        "another format": json.dumps({**header, "format": compiled.FORMAT + 1}).encode() + b"\n" + code,
        "another python": json.dumps({**header, "interpreter": ["cpython", "3.99.0", 1, 4]}).encode() + b"\n" + code,
    }
    try:
        for name, content in variants.items():
            put(path, content)
            assert compiled.load(path.parent) is compiled.NOTHING, name
            assert answers(home) == expected, name
    finally:
        path.write_bytes(kept)
    stored = compiled.load(path.parent)
    assert stored is not compiled.NOTHING
    for lang, made in engine._IDIOMS.items():
        assert _same_idioms(made(engine.Patterns(stored)), made(engine.Patterns(compiled.NOTHING))), lang


def test_kb_index_stores_the_patterns_an_index_found_current_lacks(own_default_home: Path) -> None:
    """An index built by a kb before `patterns.bin`, or whose file another interpreter wrote, is current:
    `kb index` builds nothing, and stores the patterns beside it (a search then makes the idioms from them)."""
    [folder] = [p for p in (own_default_home / rules_index.FOLDER).iterdir() if p.is_dir()]
    path = folder / compiled.FILE
    kept = path.read_bytes()
    line, _, code = kept.partition(b"\n")
    other = json.dumps({**json.loads(line), "interpreter": ["cpython", "3.99.0", 1, 4]}).encode() + b"\n" + code
    for before in (None, other):
        put(path, before)
        assert compiled.load(folder) is compiled.NOTHING
        result = kb("index", home=own_default_home)
        assert result.returncode == 0 and "up to date" in result.stdout, result.stdout + result.stderr
        assert path.read_bytes() == kept  # the file `kb build` wrote, the same patterns in the same order
        assert not list(folder.glob(f"{compiled.FILE}.*")), "a temporary file left"
    written = path.stat().st_mtime_ns
    assert kb("index", home=own_default_home).returncode == 0 and path.stat().st_mtime_ns == written  # nothing lacks


def test_the_stored_keyword_terms_are_the_terms_read_from_the_kb(home: Path, db: sqlite3.Connection) -> None:
    """Every keyword's terms as the build worked them out for all keywords at once equal those a query
    works out for the keywords it names, one at a time; and taken from the file, no rule is read."""
    info = index_of(home, db)
    stored, read = keywords.load(info.path), keywords.of_kb(db, info.editions)
    assert stored is not None and stored.names == read.names and stored.editions == read.editions
    for lang, names in read.names.items():
        rules = sorted(set(names.values()))
        assert len(rules) > 150, lang
        assert stored.terms(db, lang, rules) == read.terms(db, lang, rules), lang
    assert stored.read == {} and stored.everyone == {}  # no sentence read from the KB
    # the sentence many keywords write alike is left out of lifelink's terms, and lifelink's own words are in
    lifelink = stored.terms(db, "en", ["702.15"])[0]
    assert {"gain", "life"} <= lifelink and "known" not in lifelink and "known" in set(
        keywords._terms("en", read.sentences(db, "en", "702.15"), lambda sentence: False))


def test_a_query_naming_two_keywords_reads_the_stored_terms(home: Path) -> None:
    engine._PER_INDEX.clear()
    with Session(home) as session:
        found = session.search("deathtouch trample", None)
        assert set(found.plan.keywords) == {"702.2", "702.19"}
        [named] = [k for k in engine._PER_INDEX.values() if isinstance(k, keywords.Keywords)]
        assert named.stored and named.read == {} and named.everyone == {}  # nothing read from the KB
        assert set(named.kept) == {(lang, rule) for lang in ("en", "it", "zh-Hans") for rule in ("702.2", "702.19")}


def test_the_answers_are_the_same_without_the_keywords_file_or_a_damaged_one(home: Path,
                                                                            db: sqlite3.Connection) -> None:
    path = index_of(home, db).path / keywords.FILE
    kept = path.read_bytes()
    expected = answers(home)
    data = json.loads(kept)
    data["terms"]["en"]["702.2"] = [1, 2]  # a keyword's terms not strings: read from the KB
    variants = {"missing": None, "garbage": b"\x00garbage", "a list": b"[1, 2]", "truncated": kept[: len(kept) // 2],
                "terms of numbers": json.dumps(data).encode(),
                "names of numbers": json.dumps({**data, "names": 3}).encode()}
    try:
        for name, content in variants.items():
            put(path, content)
            assert answers(home) == expected, name
    finally:
        path.write_bytes(kept)


def searched(home: Path, *words: str) -> tuple[str, set[str]]:
    """What `kb search WORDS` printed, and the modules its process imported."""
    probe = ("import sys, runpy\n"
             f"sys.argv = ['kb', 'search', *{list(words)!r}, '--home', {str(home)!r}]\n"
             "try:\n    runpy.run_module('kb', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    printed, _, modules = result.stdout.strip().rpartition("\n")
    return printed, set(eval(modules))  # noqa: S307 (our own probe's list)


def test_kb_search_leaves_heavy_modules_unimported(home: Path) -> None:
    """Modules a search never uses stay out of its process (each costs a fresh `kb search`
    milliseconds): the web stack, babel, spaCy, whoosh's downloader (urllib.request and
    with it http.client, email, ssl), its English morphology tables and its HTML escaping,
    the views of the commands showing rules, the card store and the card resolver, rapidfuzz (a
    term typed exactly is matched to no card by spelling), pypinyin (the build stored what it read),
    numpy and zipfile (the sentence model's vectors are read only by a KB that has them), and the
    ingesters' reading of files."""
    _, loaded = searched(home, "damage")
    assert "whoosh.index" in loaded and "indexers.engine" in loaded  # it did search
    for module in ("urllib.request", "http.client", "email", "ssl", "whoosh.lang.morph_en", "babel", "jinja2",
                   "fastapi", "starlette", "uvicorn", "spacy", "opencc", "kb.core.refs", "kb.core.model",
                   "kb.graph.card_rows", "platformdirs", "kb.views.rules", "kb.store.cards", "kb.graph.cards",
                   "html", "rapidfuzz", "pypinyin", "numpy", "zipfile",  # rapidfuzz: "damage" is a term typed exactly
                   "kb.core.textio"):  # the ingesters' reading of files (5-10 ms)
        assert module not in loaded, module


def test_a_search_names_its_languages_from_the_stored_names(home: Path, db: sqlite3.Connection,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The header names languages ("the Italian texts hold every word"), and `--lang` tags are written as BCP 47
    writes them; babel's import and tables cost a fresh `kb search` 15-40 ms, so the index build stores the names
    of the KB's languages, CLDR's as babel gives them, keyed by tags written so already."""
    from babel import Locale

    from kb.core import lang

    info = index_of(home, db)
    stored = lookups.load(info.path, db, info.editions)
    assert stored is not None and {"en", "it", "zh-Hans"} <= set(stored.language_names)
    monkeypatch.setattr(lang, "_NAMES", {})  # as babel reads them
    for tag, name in stored.language_names.items():
        assert name == Locale.parse(tag.replace("-", "_")).get_display_name("en"), tag
        assert lang.normalize_tag(tag) == tag
    printed, loaded = searched(home, "permanente amalgamato")
    assert "the Italian texts hold every word of the query" in printed
    assert "babel" not in loaded
    printed, loaded = searched(home, "标识色", "--lang", "en")
    assert "903.4" in printed and "babel" not in loaded
    printed, loaded = searched(home, "标识色", "--lang", "zh-hans")
    assert "903.4" in printed and "babel" in loaded  # a tag written otherwise is read by babel, as before


def test_a_search_compiles_the_idioms_of_its_language_alone(home: Path) -> None:
    """The players' idioms and kinds of question (``engine.idioms``) are a few hundred patterns; compiled at import
    for three languages they cost every fresh `kb search` 30-80 ms (session 44).  A process that searches in
    English compiles the English ones only."""
    probe = ("import sys, runpy\n"
             f"sys.argv = ['kb', 'search', 'does lifelink stack', '--home', {str(home)!r}]\n"
             "try:\n    runpy.run_module('kb', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "from indexers import engine\n"
             "print(engine.idioms.cache_info().currsize, len(engine.idioms('en')) > 50)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "1 True"


def test_whoosh_still_has_what_it_stood_in_for(tmp_path: Path) -> None:
    """The stand-ins call the real functions (imported when first called)."""
    probe = ("import sys, pathlib, indexers.engine\n"
             "import whoosh.compat, whoosh.query.terms\n"
             "assert 'urllib.request' not in sys.modules and 'whoosh.lang.morph_en' not in sys.modules\n"
             "from whoosh.lang import morph_en\n"
             "assert whoosh.query.terms.variations('rendering') == morph_en.variations('rendering')\n"
             f"src = pathlib.Path({str(tmp_path)!r}, 'a.txt'); src.write_text('fetched')\n"
             "whoosh.compat.urlretrieve(src.as_uri(), str(src.with_name('b.txt')))\n"
             "print(src.with_name('b.txt').read_text())")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "fetched", result.stderr


def test_a_view_file_reads_as_bytesio_does() -> None:
    rng = random.Random(7)
    data = bytes(rng.randrange(256) for _ in range(5000)).replace(b"\x0b", b"\n")
    mine, theirs = inplace.ViewFile(memoryview(data)), io.BytesIO(data)
    for _ in range(3000):
        op = rng.choice(["read", "readline", "seek", "seek1", "seek2", "tell"])
        if op == "read":
            size = rng.choice([-1, None, 0, 1, 4, 300, 9000])
            assert mine.read(size) == theirs.read(size)
        elif op == "readline":
            size = rng.choice([-1, 3, 700])
            assert mine.readline(size) == theirs.readline(size)
        elif op == "seek":
            pos = rng.randrange(6000)
            assert mine.seek(pos) == theirs.seek(pos)
        elif op == "seek1":
            pos = rng.randrange(-50, 50)
            if theirs.tell() + pos >= 0:
                assert mine.seek(pos, 1) == theirs.seek(pos, 1)
        elif op == "seek2":
            pos = rng.randrange(-6000, 10)
            if len(data) + pos >= 0:
                assert mine.seek(pos, 2) == theirs.seek(pos, 2)
        assert mine.tell() == theirs.tell()


def test_the_index_read_in_place_is_the_index_whoosh_copies(home: Path, db: sqlite3.Connection) -> None:
    """Every stored field and the postings of every term of two fields, read through
    :class:`indexers.inplace.ViewFile` and through whoosh's own copy of the segment."""
    from whoosh import index as whoosh_index
    from whoosh.filedb import compound
    from whoosh.filedb.structfile import BufferFile

    path = str(index_of(home, db).path)

    def read_all() -> tuple[list, dict]:
        ix = whoosh_index.open_dir(path)
        try:
            with ix.searcher() as searcher:
                reader = searcher.reader()
                stored = [searcher.stored_fields(n) for n in range(reader.doc_count_all())]
                postings = {}
                for field in ("body_en", "body_zh_hans"):
                    for term in list(reader.lexicon(field))[::7]:
                        matcher = reader.postings(field, term)
                        postings[(field, term)] = list(matcher.items_as("positions"))
            return stored, postings
        finally:
            ix.close()

    assert compound.BufferFile is inplace.InPlaceBufferFile
    in_place = read_all()
    compound.BufferFile = BufferFile
    try:
        copied = read_all()
    finally:
        inplace.install()
    assert in_place == copied and len(in_place[0]) > 6000 and len(in_place[1]) > 1000


@pytest.mark.parametrize("argv", [
    ["search", "damage", "--lang", "en", "--limit", "3"], ["--home", "/x", "show", "702.19b"],
    ["--json", "search", "-"], ["show", "702.19b", "--json", "--home", "/y"], ["--home=/z", "search", "a b"],
    ["ask", "how many poison counters"], ["--json", "--home", "/x", "card", "Sheoldred, the Apocalypse"],
])
def test_a_command_line_parses_the_same_with_its_command_alone(argv: list[str]) -> None:
    assert cli._command_of(argv) == next(w for w in argv if w in {c.name for c in cli.TABLE})
    assert vars(cli._parser(cli._command_of(argv)).parse_args(argv)) == vars(cli._parser().parse_args(argv))


@pytest.mark.parametrize("argv", [[], ["--help"], ["--home", "search"], ["serch", "x"], ["--ho", "/x", "search", "x"]])
def test_anything_else_gets_every_command(argv: list[str]) -> None:
    assert cli._command_of(argv) is None


def test_the_kb_command_still_lists_every_command(home: Path) -> None:
    result = kb("--help", home=None)
    assert result.returncode == 0 and all(c.name in result.stdout for c in cli.TABLE)


def test_the_engine_translator_is_the_box_translator(home: Path) -> None:
    """One translator per process and KB file: the box's and the engine's are the same
    object, filled with the stored lexicon words."""
    with Session(home) as session:
        assert session.box.translator is engine.translator_of(session.conn)
        stored = session.box.stored
        assert stored is not None
        assert all(session.box.translator.vocabulary(lang) is words for lang, words in stored.lexicon_words.items())


def test_highlighting_tokens_are_the_chains_tokens(home: Path, db: sqlite3.Connection) -> None:
    """The compiled chain :mod:`indexers.snippets` highlights with gives every indexed
    text of every language the terms and character ranges of the analysis chain."""
    from indexers.analysis import CJK, analyzer_for, token_kind
    from indexers.writer import compile_spans

    checked = 0
    for lang, edition in rules_index.newest_editions(db):
        analyzer = analyzer_for(lang)
        compiled = compile_spans(analyzer)
        assert compiled is not None, lang
        rows = db.execute("SELECT title, body, examples FROM rules WHERE lang = ? AND edition IS ?", (lang, edition))
        for title, body, examples in rows:
            for text in (title or "", body, *json.loads(examples)):
                tokens = analyzer(text, chars=True)
                expected = [(t.text, t.startchar, t.endchar) for t in tokens if token_kind(t) != CJK]
                assert compiled(text) == expected, (lang, text)
                assert snippets.tokens_of(lang, text) == tuple(expected), (lang, text)  # the kept tokens too
                checked += 1
    assert checked > 6000
    body = db.execute("SELECT body FROM rules WHERE lang = 'en' AND number = '702.19b'").fetchone()[0]
    assert snippets.tokens_of("en", body) is snippets.tokens_of("en", (body + " ")[:-1])  # kept: tokenized once


def test_short_texts_are_told_cjk_without_compiling_the_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before a class is compiled, a short text is checked a character at a time: the same
    answer as the compiled class for every code point of the Basic Multilingual Plane."""
    import re

    from kb.core import text

    for name, ranges, check in (("CJK_CHAR", text.CJK, text.has_cjk), ("HAN_CHAR", text.HAN, text.has_han)):
        lazy = text.LazyPattern(f"[{text.char_class(ranges)}]")
        monkeypatch.setattr(text, name, lazy)
        compiled = re.compile(f"[{text.char_class(ranges)}]")
        for code in range(0x80, 0x10000, 3):
            sample = f"a{chr(code)}" if not 0xD800 <= code <= 0xDFFF else "é"
            assert check(sample) == (compiled.search(sample) is not None), hex(code)
        assert not lazy.ready
        assert check("x" * 40 + "伤") and lazy.ready  # a long text compiles it
        assert check("é伤") and not check("é")


def test_a_process_notices_an_index_changed_after_it_found_it(own_default_home: Path) -> None:
    """``current`` remembers the index it found (a search spent 0.16 ms finding it again): a table of documents
    lost, the same table back, and the KB written in place are each noticed by the next call of the process."""
    home = own_default_home
    with closing(store.connect(home)) as conn:
        folder = rules_index.current(home, conn).path
        table = folder / rules_index.DOCS_FILE
        kept = table.read_bytes()
        table.unlink()
        with pytest.raises(Unavailable, match="run `kb index` to build it"):
            rules_index.current(home, conn)
        table.write_bytes(kept)
        assert rules_index.current(home, conn).path == folder
        with closing(sqlite3.connect(store.db_path(home))) as writer, writer:
            writer.execute("UPDATE meta SET value = value || '-changed' WHERE key = 'build_id'")
        with pytest.raises(Unavailable, match="run `kb index` to build it"):
            rules_index.current(home, conn)
