"""Every ingester fuzzed through the build: mutated real MTGJSON files, MediaWiki exports,
rulings and wiki pages, rules files and manifests are built or refused with one error
naming the file (exit 2), never a traceback.  A small fixed budget (derandomized) keeps CI
fast; ``benchmarks/bench_fuzz.py`` runs thousands of examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_inputs import CASES, Case, build_once
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = 60  # per format: ~6 formats x 60 builds of a seed with the file, about 30 s in all


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fuzzed_inputs_are_built_or_refused_by_name(case: Case, corpora: Path, tmp_path: Path) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        build_once(case, data.draw(case.files(corpora)), tmp_path / "work")

    run()
