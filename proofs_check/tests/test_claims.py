"""Every claim's verdict is pinned: a change of verdict is a test failure.

Heavy run (``-m slow``, ``heavy=True``; ~75 s CPU, 2m15s wall on a shared 2-core box), recorded:
verdicts identical to the default run.  S3 (n <= 6, d_i <= 6): total-line fails in 10 states,
worst ratio 0.463 at d = (1,0,0,0,0,0); drift-final min ratio 5.75 at d = (6,0,0,0,0,0).
S4.drift-sum: min ratio 1.0102 (d >= 2) for d < 2^121.  S4.cor6-constant: largest failing |a|_1
up to 4096 is 14 / 15 / 35 / 79 for eps = 1/1000, 1/10, 1, 2.  S5.drift-delta: rigorous
infimum 4c(1-beta)/(1+p+4c) = 1/2535 for every d <= 64.
"""

from __future__ import annotations

import json

import pytest
from zonemax.proofs_check import (
    CLAIMS,
    Status,
    claim_ids,
    format_json,
    format_markdown,
    format_text,
    run_claims,
)
from zonemax.proofs_check.core import Claim, ClaimResult
from zonemax.proofs_check.expected import EXPECTED


@pytest.fixture(scope="module")
def results() -> tuple[ClaimResult, ...]:
    return run_claims()


def test_registry_matches_expected_table() -> None:
    assert set(claim_ids()) == set(EXPECTED)
    assert len(claim_ids()) == len(set(claim_ids()))
    assert len(CLAIMS) >= 35


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.id)
def test_claim_is_well_formed(claim: Claim) -> None:
    assert claim.id.startswith(f"S{claim.section}.")
    assert claim.location and claim.statement


def test_verdicts(results: tuple[ClaimResult, ...]) -> None:
    got = {r.claim.id: r.verdict.status for r in results}
    changed = {k: (EXPECTED[k], v) for k, v in got.items() if EXPECTED[k] is not v}
    assert not changed, f"verdict changed (expected, got): {changed}"


def test_failures_have_witnesses(results: tuple[ClaimResult, ...]) -> None:
    for r in results:
        if r.verdict.status is Status.FAILS:
            assert r.verdict.witness, r.claim.id


def test_reports(results: tuple[ClaimResult, ...]) -> None:
    text = format_text(results)
    assert "totals: fails 6" in text
    md = format_markdown(results)
    assert md.index("S3.total-line") < md.index("S3.omega-margin")
    records = json.loads(format_json(results))
    assert {"id", "location", "statement", "method", "verdict", "evidence"} <= set(records[0])
    omega = next(r for r in records if r["id"] == "S3.omega-printed-value")
    assert omega["evidence"]["printed"] == {"fraction": "912687/10000000",
                                           "decimal": "0.0912687"}


def test_only_unknown_id_lists_valid_ids() -> None:
    with pytest.raises(ValueError, match=r"S3\.total-line"):
        run_claims(["S9.nope"])


def test_only_selects() -> None:
    res = run_claims(["S3.omega-margin", "S3.total-line"])
    assert [r.claim.id for r in res] == ["S3.omega-margin", "S3.total-line"]


@pytest.mark.slow
def test_verdicts_heavy() -> None:
    got = {r.claim.id: r.verdict.status for r in run_claims(heavy=True)}
    assert got == EXPECTED
