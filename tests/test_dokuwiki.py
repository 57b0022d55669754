"""The Chinese judge wiki's DokuWiki rules pages: every rule in English and in Chinese,
read into two documents aligned by number, dated by the namespace's own pages, their
links checked, their glossary read; compared with the official texts of the same date."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from kbrun import kb

from kb import ingest
from kb.core.errors import KbError
from kb.core.refs import extract
from kb.core.rulenum import RuleNumber
from kb.core.textio import read_source
from kb.ingest import dokuwiki

PAGES = "wiki/mtgjudge_cn_dokuwiki_cr"
EDITION = "2024-04-12"


@pytest.fixture(scope="module")
def pages(corpora: Path) -> Path:
    return corpora / PAGES


@pytest.fixture(scope="module")
def built(pages: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The folder as a user builds it: the KB every refused build below must leave as it was."""
    home = tmp_path_factory.mktemp("dokuwiki") / "home"
    result = kb("build", pages, "--json", home=home)
    assert result.returncode == 0, result.stderr
    return home, json.loads(result.stdout)


def _read(path: Path) -> tuple[ingest.Document, ...]:
    read = ingest.read_file(path)
    assert isinstance(read, ingest.Read)
    return read.documents


def _rules(pages: Path, lang: str) -> dict[RuleNumber, ingest.cr_text.RuleText]:
    return {text.number: text for n in range(1, 10) for doc in _read(pages / f"{n}.txt") if doc.lang == lang
            for text in doc.rules}


def test_the_folder_builds_two_languages_of_one_edition(built: tuple[Path, dict]) -> None:
    """Nine pages of rules and the glossary, each an English and a Chinese document of
    2024-04-12 (dated by catalog.txt beside them); the glossary sorted by pinyin repeats
    the other and is skipped; the pages without rules are listed as skipped."""
    _, report = built
    by_name: dict[str, list[dict]] = {}
    for item in report["documents"]:
        by_name.setdefault(Path(item["path"]).name, []).append(item)
    for name in [*(f"{n}.txt" for n in range(1, 10)), "glossary.txt"]:
        assert [(d["format"], d["lang"], d["edition"]) for d in by_name[name]] == [
            ("dokuwiki-cr", "en", EDITION), ("dokuwiki-cr", "zh-Hans", EDITION)], name
        en, zh = by_name[name]
        assert en["counts"] == zh["counts"], name
        assert not [p for d in by_name[name] for p in d["problems"] if p["severity"] == "damage"]
    assert sum(d["counts"]["subrules"] + d["counts"]["rules"] + d["counts"]["chapters"] + d["counts"]["sections"]
               for d in report["documents"] if d.get("lang") == "en") == 3115
    assert by_name["glossary.txt"][0]["counts"]["glossary"] == 681
    assert [d["status"] for d in by_name["glossarycn.txt"]] == ["skipped", "skipped"]
    assert "the same 681 en glossary entries as" in by_name["glossarycn.txt"][0]["reason"]
    for name in ("catalog.txt", "credits.txt", "intro.txt", "translatedterms.txt"):
        assert [d["status"] for d in by_name[name]] == ["skipped"], name
        assert "a page of the judge wiki's rules with neither rules nor glossary" in by_name[name][0]["reason"]


def test_a_rule_is_shown_in_both_languages_with_its_references(built: tuple[Path, dict]) -> None:
    home, _ = built
    shown = json.loads(kb("show", "100.2a", "--json", home=home).stdout)
    texts = {rule["lang"]: rule["text"] for language in shown["languages"] for rule in language["rules"]}
    assert texts["en"].startswith("In constructed play")
    assert "参见规则201.3" in texts["zh-Hans"]  # the link [[cr:2#cr201-3|201.3]] by its label
    refs = json.loads(kb("refs", "201.3", "--lang", "zh-Hans", "--json", home=home).stdout)
    assert ("参见规则201.3", "100.2a") in {(r["phrase"], r["number"]) for r in refs["incoming"]}


def _norm(text: str | None) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text or "")).strip()


def test_the_pages_agree_with_the_official_texts_of_their_date(pages: Path, corpora: Path) -> None:
    """The official English and Chinese files of 2024-04-10 are effective 2024-04-12: the
    same 3,115 numbers in both languages; every English text identical; 3,099 of the
    Chinese ones, the rest 11 web addresses the wiki writes with ``http://`` and 5 wordings."""
    official = {"en": ingest.ingest(read_source(corpora / "cr/en/MagicCompRules-2024-04-10.normalized.txt")),
                "zh-Hans": ingest.ingest(read_source(corpora / "cr/zh/CR-zh-Hans-2024-04-10.txt"))}
    for lang, doc in official.items():
        assert doc.edition == EDITION
        ours, theirs = _rules(pages, lang), {text.number: text for text in doc.rules}
        assert ours.keys() == theirs.keys() and len(ours) == 3115
        differ = [n for n in ours if (_norm(ours[n].title), _norm(ours[n].body), tuple(map(_norm, ours[n].examples)))
                  != (_norm(theirs[n].title), _norm(theirs[n].body), tuple(map(_norm, theirs[n].examples)))]
        if lang == "en":
            assert differ == []
            continue
        addresses = [n for n in differ if _norm(ours[n].body).replace("http://", "") == _norm(theirs[n].body)]
        assert (len(differ), len(addresses)) == (16, 11)
        assert sorted(map(str, set(differ) - set(addresses))) == ["202.1", "205.3m", "205.3n", "310.11", "702.124m"]


def test_every_link_to_a_rule_is_a_reference_the_text_makes(pages: Path) -> None:
    """The label stays in the text; the reference grammar reads from it the rule the link
    targets, for every link in the rules but the two the wiki made of "2019 core set"."""
    links = read = 0
    for n in range(1, 10):
        for line in read_source(pages / f"{n}.txt").lines:
            if line.startswith(("[[:", "<BOOKMARK")):
                continue
            cited = {t.first for ref in extract(dokuwiki.plain(line), "zh-Hans") for t in ref.targets}
            for link in dokuwiki.LINK.finditer(line):
                if target := re.match(r"cr:(\d)(?:#cr([\w-]+))?$", link["target"]):
                    links += 1
                    read += RuleNumber.try_parse((target[2] or target[1]).replace("-", ".")) in cited
    assert (links, read) == (1050, 1048)


def test_what_the_two_languages_disagree_on_is_reported_with_its_line(built: tuple[Path, dict], pages: Path) -> None:
    """A link to an anchor that is no rule, a Chinese text citing other rules than its
    English, the Chinese lines of two glossary entries swapped: warnings on the Chinese
    document, at the line."""
    _, report = built
    problems = {(Path(d["path"]).name, p["line"], p["message"]) for d in report["documents"]
                if d.get("lang") == "zh-Hans" for p in d["problems"]}
    assert ("7.txt", 3626, "a link to anchor cr2019, which names no rule (labelled '2019'): the text keeps the label"
            ) in problems
    assert ("1.txt", 1043, "115.3: the English alone cites 115.7; the Chinese alone cites 115.6") in problems
    assert ("glossary.txt", 2349, "'Keyword Action': the English alone cites 701; the Chinese alone cites 122") \
        in problems


def test_the_glossary_pairs_every_entry(pages: Path) -> None:
    en, zh = _read(pages / "glossary.txt")
    assert (len(en.glossary), len(zh.glossary)) == (681, 681)
    pairs = {e.term: z for e, z in zip(en.glossary, zh.glossary, strict=True)}
    assert pairs["Abandon"].term == "终止" and pairs["Abandon"].line == 16
    assert [s.split("。")[0] for s in pairs["Ability"].senses][:1] == ["一个物件上解释这个物件作什么或可以作什么的叙述"]
    assert pairs["EDH"].obsolete and pairs["EDH"].term == "EDH"


def test_detected_by_layout_and_dated_by_the_namespace(pages: Path, tmp_path: Path) -> None:
    """Renamed, a page is still read as what it is; without the namespace's contents page
    beside it, undated (a manifest dates it); one language when one is asked for."""
    alone = tmp_path / "rules-chapter.txt"
    shutil.copy(pages / "4.txt", alone)
    assert [(d.lang, d.edition) for d in _read(alone)] == [("en", None), ("zh-Hans", None)]
    shutil.copy(pages / "catalog.txt", tmp_path / "catalog.txt")
    assert [(d.lang, d.edition) for d in _read(alone)] == [("en", EDITION), ("zh-Hans", EDITION)]
    chinese = ingest.read_file(alone, lang="zh")
    assert isinstance(chinese, ingest.Read) and [d.lang for d in chinese.documents] == ["zh-Hans"]
    with pytest.raises(ingest.LanguageContradicted, match="the pages hold English"):
        ingest.read_file(alone, lang="it")


BAD = [
    ("an English line without its Chinese",
     lambda text: re.sub(r"\n400\.1\. [^\n]*", "", text, count=1),
     10, "an English line with no Chinese line under it"),
    ("a Chinese line numbering another rule",
     lambda text: text.replace("\n400.2. ", "\n400.3. ", 1),
     14, "the Chinese line numbers 400.3, the English line above it 400.2"),
    ("an anchor naming another rule",
     lambda text: text.replace("<BOOKMARK:cr400-2>", "<BOOKMARK:cr400-9>", 1),
     13, "anchor cr400-9 on the line of rule 400.2"),
]


@pytest.mark.parametrize(("what", "edit", "line", "words"), BAD, ids=[b[0] for b in BAD])
def test_a_broken_pairing_stops_the_build_at_its_line(built: tuple[Path, dict], pages: Path, tmp_path: Path,
                                                      what: str, edit: object, line: int, words: str) -> None:
    home, _ = built
    text = (pages / "4.txt").read_text(encoding="utf-8")
    broken = edit(text)  # type: ignore[operator]
    assert broken != text, what
    path = tmp_path / "4.txt"
    path.write_text(broken, encoding="utf-8")
    before = hashlib.sha256((home / "kb.sqlite").read_bytes()).hexdigest()
    result = kb("build", path, home=home)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"{path}:{line}: damage: {words}" in result.stderr, result.stderr
    assert hashlib.sha256((home / "kb.sqlite").read_bytes()).hexdigest() == before


def test_another_text_given_as_the_pages_is_refused_naming_it(corpora: Path) -> None:
    from kb.build import EMBEDDED_CORPUS

    seed = EMBEDDED_CORPUS / "000_7a78d2801561c4e1.txt"
    with pytest.raises(KbError, match=r"000_7a78d2801561c4e1.txt: no rule anchored by a <BOOKMARK:cr…>"):
        ingest.read_file(seed, fmt="dokuwiki-cr")


def test_beside_the_official_file_of_its_date_the_english_is_read_once(corpora: Path, tmp_path: Path) -> None:
    """The DokuWiki page of chapter 4 built beside the official English file effective the
    same day: the official English is kept, the page's English is skipped saying so (every
    rule of chapter 4 was two English texts), its Chinese is kept."""
    official = corpora / "cr" / "en" / "MagicCompRules-2024-04-10.normalized.txt"
    page = corpora / PAGES / "4.txt"
    home = tmp_path / "home"
    result = kb("build", official, page, "--json", home=home)
    assert result.returncode == 0, result.stderr
    documents = json.loads(result.stdout)["documents"]
    assert [(d["path"], d["status"], d.get("lang")) for d in documents if d["path"] == str(page)] == [
        (str(page), "skipped", None), (str(page), "ok", "zh-Hans")]
    [skipped] = [d for d in documents if d["status"] == "skipped"]
    assert skipped["reason"] == f"its en text of {EDITION} is read from the official file {official}"
    import sqlite3
    with sqlite3.connect(home / "kb.sqlite") as conn:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        assert "documents" in tables, tables
        paths = [row[0] for row in conn.execute("SELECT path FROM documents")]
    conn.close()
    assert sorted(paths) == sorted([str(official), str(page)]), paths
