"""The benchmark question sets (benchmarks/questions*.tsv) hold only rules of the 2026-04-17
editions, written as kb writes them, each question once: a renumbered or mistyped target would
silently spoil the search benchmark (benchmarks/check_questions.py, run on every set)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import check_questions  # noqa: E402

SETS = sorted(BENCHMARKS.glob("questions*.tsv"))


def test_every_set_is_checked() -> None:
    assert [p.name for p in SETS] == ["questions.tsv", "questions_blind.tsv", "questions_blind40.tsv",
                                      "questions_blind41.tsv", "questions_blind42.tsv", "questions_blind43.tsv",
                                      "questions_blind44.tsv", "questions_blind44b.tsv", "questions_blind45.tsv",
                                      "questions_blind45b.tsv", "questions_blind45c.tsv", "questions_blind46.tsv",
                                      "questions_blind46b.tsv", "questions_blind47.tsv",
                                      "questions_blind47b.tsv", "questions_blind47c.tsv", "questions_blind48.tsv",
                                      "questions_blind48b.tsv", "questions_blind48c.tsv", "questions_blind49.tsv",
                                      "questions_blind49b.tsv", "questions_blind50.tsv",
                                      "questions_blind50b.tsv", "questions_blind50c.tsv",
                                      "questions_blind50d.tsv", "questions_blind55.tsv", "questions_blind56.tsv",
                                      "questions_blind56b.tsv", "questions_blind56c.tsv", "questions_blind57.tsv",
                                      "questions_blind57b.tsv", "questions_blind57c.tsv", "questions_blind57d.tsv",
                                      "questions_blind58.tsv", "questions_blind58b.tsv", "questions_blind58c.tsv",
                                      "questions_blind58d.tsv", "questions_blind59.tsv",
                                      "questions_blind59b.tsv", "questions_blind59c.tsv", "questions_blind60.tsv",
                                      "questions_blind60b.tsv", "questions_blind60c.tsv", "questions_blind61.tsv",
                                      "questions_blind61b.tsv", "questions_blind61c.tsv", "questions_blind62.tsv",
                                      "questions_blind62b.tsv", "questions_blind62c.tsv",
                                      "questions_blind62d.tsv", "questions_blind63.tsv", "questions_blind63b.tsv",
                                      "questions_blind63c.tsv", "questions_blind63d.tsv",
                                      "questions_blind63e.tsv", "questions_blind64.tsv", "questions_blind64b.tsv",
                                      "questions_blind64c.tsv", "questions_blind64d.tsv", "questions_blind65.tsv",
                                      "questions_blind65b.tsv", "questions_blind65c.tsv", "questions_blind66.tsv",
                                      "questions_blind66b.tsv", "questions_blind66c.tsv", "questions_blind66d.tsv",
                                      "questions_blind66e.tsv", "questions_blind66f.tsv", "questions_blind67.tsv",
                                      "questions_blind67b.tsv", "questions_blind67c.tsv", "questions_blind67d.tsv",
                                      "questions_blind67e.tsv", "questions_final42.tsv",
                                      "questions_final43.tsv", "questions_final44.tsv", "questions_final45.tsv",
                                      "questions_final46.tsv", "questions_final55.tsv", "questions_final56.tsv",
                                      "questions_final57.tsv", "questions_final57b.tsv", "questions_final58.tsv",
                                      "questions_final59.tsv", "questions_final60.tsv", "questions_final61.tsv",
                                      "questions_final62.tsv", "questions_final63.tsv", "questions_final64.tsv",
                                      "questions_final65.tsv", "questions_final66.tsv", "questions_final67.tsv",
                                      "questions_heldout.tsv",
                                      "questions_keywords.tsv", "questions_newplayers40.tsv", "questions_tester.tsv",
                                      "questions_testers39.tsv", "questions_testers40.tsv"]


@pytest.mark.parametrize("path", SETS, ids=[p.stem for p in SETS])
def test_a_question_set_names_rules_of_the_edition(corpora: Path, path: Path, capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    assert check_questions.main([str(path)]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.rstrip().endswith("OK: every expected number is a rule of the 2026-04-17 "
                                                     "English and Chinese editions")


def test_the_checker_names_a_missing_file_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """`check_questions.py --help` read "--help" as the file's name and ended in a traceback."""
    assert check_questions.main([str(BENCHMARKS / "no-such-questions.tsv")]) == 2
    assert "no question file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as out:
        check_questions.main(["--help"])
    assert out.value.code == 0 and "--show" in capsys.readouterr().out
