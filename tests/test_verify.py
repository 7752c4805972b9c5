"""``zonemax verify``: report structure and exit-code semantics (without re-running the suite)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from zonemax.proofs_check import run_claims
from zonemax.proofs_check.core import Status
from zonemax.proofs_check.registry import EDITORIAL
from zonemax.proofs_check.section6 import reproduction
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


def test_claims_section_uses_the_verdict_vocabulary() -> None:
    claims = run_claims(["S2.alg2-loop", "S2.thm1-lemma7", "S2.thm1-lemma7-stopped",
                         "S1.target-count"])
    text = VerifyReport(claims, 0.1, (_family(False),)).render()
    section = text[text.index("== 1."):text.index("== 2.")]
    assert "holds-with-caveat" not in section
    flat = " ".join(section.split())
    assert ("verdicts: fails: 2, inconclusive: 0, holds: 2 (proved: 1, on the checked range: 1, "
            "on the sample: 0, by hand: 0)") in flat
    assert ("findings by severity: proof gap with a checked repair: 1, imprecise but "
            "harmless: 1") in flat
    assert f"editorial entries (typos, text-only; not counted): {len(EDITORIAL)}" in section
    # most severe first, each with its reading and severity
    assert section.index("S2.thm1-lemma7 ") < section.index("S1.target-count ")
    assert "fails [proof gap with a checked repair]" in section
    quiet = VerifyReport(claims, 0.1, (_family(False),)).render(quiet=True)
    assert "S1.target-count " not in quiet and "(2 more findings; see `zonemax claims`)" in quiet


def test_a_changed_verdict_is_a_regression() -> None:
    from dataclasses import replace

    from zonemax.proofs_check.core import ClaimResult, Status

    (r,) = run_claims(["S2.alg2-loop"])
    flipped = ClaimResult(r.claim, replace(r.verdict, status=Status.FAILS), r.seconds)
    report = VerifyReport((flipped,), 0.1, (_family(False),))
    assert report.verdict_regressions == ("S2.alg2-loop",) and not report.ok
    assert "REGRESSION" in report.render()


def test_long_lines_are_wrapped_at_word_boundaries() -> None:
    """Summaries used to be cut at 110 characters, mid-word and without an ellipsis."""
    claims = run_claims(["S1.intro-step-law", "S3.uniform-on-A", "S6.rls-hypotheses"])
    long = TestOutcome("exact E[T]: a test with a long name", 0.5, 0.0,
                       "detail " * 40 + "end")
    report = VerifyReport(claims, 0.1, (FamilyResult("pm1", "fast", 1e-4, (long,), (False,)),))
    text = report.render()
    shown = {r.claim.id: f"{r.verdict.reading} [{r.claim.severity}]: {r.verdict.summary}"
             for r in claims}
    words = set(" ".join(shown.values()).split()) | set(long.detail.split())
    for line in text.splitlines():
        assert len(line) <= 100 or " " not in line.strip(), line
    for r in claims:
        start = next(i for i, x in enumerate(text.splitlines()) if r.claim.id in x)
        body = " ".join(text.splitlines()[start:start + 2]).replace(r.claim.id, "").split()
        for w in body:
            assert w == "…" or w in words, f"cut word {w!r}"
        assert body[-1] == "…" or " ".join(body) == " ".join(shown[r.claim.id].split())
    assert "end" in text  # test details are wrapped, not cut


def test_help_explains_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.cli import main

    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit codes: 0 when the implementations agree" in text
    assert "1 when a statistical family rejects" in text and "2 bad input" in text


def test_not_covered_list_is_printed_and_points_to_existing_tests() -> None:
    # what verify leaves to the test suite must be said, and every place it names must exist
    import re
    from pathlib import Path

    from zonemax.verify import NOT_COVERED

    root = Path(__file__).resolve().parent.parent
    claims = run_claims(["S1.target-count"])
    flat = " ".join(VerifyReport(claims, 0.1, (_family(False),)).render().split())
    assert "not covered by this command" in flat
    for item in NOT_COVERED:
        assert " ".join(item.split()) in flat
        paths = re.findall(r"(?:tests|benchmarks)/[\w/.-]+\.(?:py|md)", item)
        assert paths, item
        for path in paths:
            assert (root / path).is_file(), f"{path} (named in NOT_COVERED) does not exist"


def test_installation_without_the_reproduction_is_not_a_regression(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # a copy with neither the repository's reproduction nor the packaged one (an installation
    # whose package data was removed): the data claims of Section 6 are inconclusive there,
    # which verify reports as not assessed, not as a regression (the exit status stays 0);
    # with the data they are compared as usual
    from zonemax.proofs_check.checker import data as data_kind

    ids = ["S6.jumps-pay-off", "S6.jumps-pay-off-conditioned", "S3.omega-margin"]
    monkeypatch.setattr(reproduction, "_REPO", tmp_path)
    monkeypatch.setattr(data_kind, "PACKAGED_RUNS", tmp_path / "removed.csv.gz")
    without = VerifyReport(run_claims(ids), 0.1, (_family(False),))
    assert without.not_assessed == tuple(ids[:2])
    assert without.ok and not without.verdict_regressions
    flat = " ".join(without.render().split())
    assert ("NOT ASSESSED here: S6.jumps-pay-off, S6.jumps-pay-off-conditioned read the "
            "committed reproduction (reproduction/paper/runs.csv), which is neither beside nor inside "
            "this installation") in flat
    assert "every other verdict matches" in flat
    # control: the same claims with the data are assessed and compared
    monkeypatch.undo()
    with_data = VerifyReport(run_claims(ids), 0.1, (_family(False),))
    assert with_data.not_assessed == () and with_data.ok
    assert "NOT ASSESSED" not in with_data.render()
    # and a data claim that is inconclusive for another reason is still a regression
    forged = [r if r.claim.id != ids[0] else dataclasses.replace(
        r, verdict=dataclasses.replace(r.verdict, status=Status.INCONCLUSIVE))
        for r in with_data.claims]
    assert VerifyReport(tuple(forged), 0.1, (_family(False),)).verdict_regressions == (ids[0],)
