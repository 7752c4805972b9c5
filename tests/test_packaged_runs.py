"""The Section 6 data claims read the same runs in every layout (issue 23, item 11): the
repository's reproduction/paper/runs.csv in a checkout, its gzipped copy shipped with the package
in an installation."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from zonemax.proofs_check import run_claims
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import check_files
from zonemax.proofs_check.checker import data as data_kind
from zonemax.proofs_check.section6 import reproduction

ROOT = Path(__file__).resolve().parents[1]
DATA_CLAIMS = ("S6.jumps-pay-off", "S6.jumps-pay-off-conditioned", "S6.appendix-n20-similar")


def refresh() -> None:
    """Rewrite the packaged copy from the repository's runs (after a new reproduction)."""
    raw = (ROOT / data_kind.RUNS_CSV).read_bytes()
    data_kind.PACKAGED_RUNS.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))


def test_the_packaged_runs_are_the_committed_reproduction() -> None:
    committed = (ROOT / data_kind.RUNS_CSV).read_bytes()
    assert data_kind.read_runs(data_kind.PACKAGED_RUNS) == committed, (
        "the packaged runs are stale: run python -c 'import tests.test_packaged_runs as t; "
        "t.refresh()' from the repository root after regenerating reproduction/paper")


def test_without_the_repository_the_data_claims_read_the_packaged_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = {r.claim.id: r.verdict for r in run_claims(DATA_CLAIMS)}
    write_certificates(run_claims(DATA_CLAIMS), tmp_path / "checkout")
    monkeypatch.setattr(reproduction, "_REPO", tmp_path)  # an installation: no reproduction/
    reproduction._load.cache_clear()
    installed = {r.claim.id: r.verdict for r in run_claims(DATA_CLAIMS)}
    assert {k: (v.status, v.scope) for k, v in installed.items()} == \
        {k: (v.status, v.scope) for k, v in here.items()}
    assert all(v.scope is not None and v.scope.covered != reproduction.NO_DATA
               for v in installed.values())
    # the checker too finds the packaged copy when the certificate's file is not beside it
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(data_kind, "_REPO", tmp_path)
    assert data_kind._locate(data_kind.RUNS_CSV) == data_kind.PACKAGED_RUNS
    checked = check_files(sorted((tmp_path / "checkout").glob("*.json")))
    assert len(checked) == 3 and all(r.ok for r in checked), [r.message for r in checked]
