"""``zonemax verify``: report structure and exit-code semantics (without re-running the suite)."""

from __future__ import annotations

from zonemax.proofs_check import run_claims
from zonemax.stats_tests.machinery import TestOutcome
from zonemax.stats_tests.suite import FamilyResult

from zonemax.verify import PowerRow, VerifyReport


def _family(rejected: bool) -> FamilyResult:
    o = TestOutcome("exact E[T]: demo", 1e-9 if rejected else 0.5, 0.0, "detail")
    return FamilyResult("pm1", "fast", 1e-4, (o,), (rejected,))


def test_report_ok_and_exit_semantics() -> None:
    claims = run_claims(["S3.omega-margin", "S6.rls-hypotheses"])
    good = VerifyReport(claims, 0.1, (_family(False),))
    assert good.ok and not good.verdict_regressions
    text = good.render()
    assert "S6.rls-hypotheses" in text  # a false paper claim is reported ...
    assert "agree with the theorems" in text  # ... but is not an implementation failure
    bad = VerifyReport(claims, 0.1, (_family(True),))
    assert not bad.ok and "REJECT" in bad.render()
    missed = VerifyReport(claims, 0.1, (_family(False),),
                          (PowerRow("bug", "pm1", False, ()),))
    assert not missed.ok and "MISSED" in missed.render()
