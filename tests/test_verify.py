"""``zonemax verify``: report structure and exit-code semantics (without re-running the suite)."""

from __future__ import annotations

import pytest
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


def test_long_lines_are_wrapped_at_word_boundaries() -> None:
    """Summaries used to be cut at 110 characters, mid-word and without an ellipsis."""
    claims = run_claims(["S1.intro-step-law", "S3.uniform-on-A", "S6.rls-hypotheses"])
    long = TestOutcome("exact E[T]: a test with a long name", 0.5, 0.0,
                       "detail " * 40 + "end")
    report = VerifyReport(claims, 0.1, (FamilyResult("pm1", "fast", 1e-4, (long,), (False,)),))
    text = report.render()
    words = set(" ".join(r.verdict.summary for r in claims).split()) | set(long.detail.split())
    for line in text.splitlines():
        assert len(line) <= 100 or " " not in line.strip(), line
    for r in claims:
        start = next(i for i, x in enumerate(text.splitlines()) if r.claim.id in x)
        body = " ".join(text.splitlines()[start:start + 2]).replace(r.claim.id, "").split()
        for w in body:
            assert w == "…" or w in words, f"cut word {w!r}"
        assert body[-1] == "…" or " ".join(body) == " ".join(r.verdict.summary.split())
    assert "end" in text  # test details are wrapped, not cut


def test_help_explains_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.cli import main

    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit codes: 0 when the implementations agree" in text
    assert "1 when a statistical family rejects" in text and "2 bad input" in text
