"""Theorems 3 and 4 on a = 1^n (claims S3.ones-explicit-bounds, S3.ones-faster) and the verified
lumped solver behind them (zonemax.proofs_check.pm1_lumped).

The solver is checked against the brute-force Fraction solver of proofs_check (kernel rows and
E[T]) and against the separate floating-point solver of zonemax.exact; planted errors in the
candidate or in the kernel must be refused, never turned into a verdict.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import mpmath
import pytest
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check import pm1_lumped
from zonemax.proofs_check.checker.kinds import KINDS, CertificateError
from zonemax.proofs_check.core import Coverage, Method, Status, clear_recorded_caches
from zonemax.proofs_check.intervals import iv_frac, iv_precision
from zonemax.proofs_check.pm1 import OMEGA_PAPER, _transitions, pm1_expected_time
from zonemax.proofs_check.pm1_lumped import NotVerified, pm1_enclosure, transitions
from zonemax.proofs_check.registry import CLAIMS
from zonemax.proofs_check.section3 import ones
from zonemax.proofs_check.section3.theorem3 import _thm3_bound

from zonemax.exact.ea_pm1_float import ea_pm1_float

BY_ID = {c.id: c for c in CLAIMS}


@pytest.fixture
def cold() -> Iterator[None]:
    """Start and end with empty caches (a planted error must not leak into other tests)."""
    clear_recorded_caches()
    yield
    clear_recorded_caches()


@pytest.mark.parametrize("d", [(1, 1), (2, 0), (1, 1, 0), (2, 1, 1), (3, 0, 0), (1, 1, 1, 1),
                               (2, 2, 0, 1)])
def test_kernel_rows_equal_the_brute_force(d: tuple[int, ...]) -> None:
    n = len(d)
    lumped = {t: Fraction(w, (2 * n) ** n) for t, w in transitions(tuple(sorted(d, reverse=True)))
              .items()}
    assert lumped == _transitions(tuple(sorted(d, reverse=True)))


@pytest.mark.parametrize("a", [(1, 1), (1, 1, 1), (1,) * 5, (3, 1), (2, 2, 1), (2, 0, 1),
                               (4, 0, 0), (2, -1, 0), (5,)])
def test_enclosure_contains_the_fraction_value(a: tuple[int, ...]) -> None:
    enc = pm1_enclosure(a)
    exact = pm1_expected_time(a)
    assert enc.low <= exact <= enc.high
    assert enc.high - enc.low <= exact * Fraction(3, 10**9)


@pytest.mark.parametrize("a", [(1,) * 10, (3, 2, 1, 1), (1,) * 13])
def test_enclosure_overlaps_the_float_solver_of_zonemax_exact(a: tuple[int, ...]) -> None:
    """Two rigorous enclosures of one number, by different methods and code: the narrower one
    (zonemax.exact's, about 1e-11 relative) lies inside this module's (about 2e-9)."""
    enc = pm1_enclosure(a)
    other = ea_pm1_float(a)
    assert enc.low <= Fraction(other.expectation_low)
    assert Fraction(other.expectation_high) <= enc.high


def test_a_wrong_candidate_is_refused(cold: None, monkeypatch: pytest.MonkeyPatch) -> None:
    real = pm1_lumped._float_solve
    monkeypatch.setattr(pm1_lumped, "_float_solve", lambda *args: real(*args) * (1 + 1e-6))
    with pytest.raises(NotVerified, match="sub-solution"):
        pm1_enclosure((1,) * 6)
    monkeypatch.setattr(pm1_lumped, "_float_solve", lambda *args: real(*args) * (1 - 1e-6))
    with pytest.raises(NotVerified, match="super-solution"):
        pm1_enclosure((1,) * 6)


def _half_self_loop_to_best(d: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """A planted kernel error: half of the stay-put weight goes to the best successor."""
    row = dict(transitions(d))
    best = min(row, key=sum)
    moved = row[d] // 2
    row[d] -= moved
    row[best] += moved
    return row


def test_a_wrong_kernel_is_caught_by_the_fraction_cross_check(
        cold: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Verification is relative to the kernel; a kernel error is caught where the independent
    Fraction brute force also runs (n <= EXACT_TOP): the verdict is inconclusive, not holds."""
    monkeypatch.setattr(pm1_lumped, "transitions", _half_self_loop_to_best)
    for cid in ("S3.ones-explicit-bounds", "S3.ones-faster"):
        got = BY_ID[cid].run(False)
        assert got.status is Status.INCONCLUSIVE and "misses the exact value" in got.summary


def test_the_bound_for_ones_is_the_closed_form() -> None:
    """For a = 1^n, X_0/(omega - 1) = n: Theorem 3's bound is (1 + ln n) 2 omega n / c."""
    with iv_precision():
        e = mpmath.iv.e
        u = iv_frac(OMEGA_PAPER - 1)
        c = (u - e * u * u) / e
        for n in (2, 7, 16):
            closed = (1 + mpmath.iv.log(n)) * 2 * iv_frac(OMEGA_PAPER) * n / c
            bound = _thm3_bound((1,) * n)
            assert bound.a <= closed.b and closed.a <= bound.b


def test_bounds_claim_holds_on_its_stated_range() -> None:
    got = BY_ID["S3.ones-explicit-bounds"].run(False)
    assert got.status is Status.HOLDS and got.reading == "holds on the checked range"
    assert got.scope is not None and got.scope.coverage is Coverage.EXHAUSTIVE
    assert got.scope.cases == ones.N_TOP[False] - 1
    assert f"2 <= n <= {ones.N_TOP[False]}" in got.scope.covered
    assert {Method.EXACT, Method.VERIFIED_FLOAT, Method.INTERVAL} <= set(got.methods)
    ev = got.evidence_dict()
    assert ev["at_n_upper"] == ones.N_TOP[False] and ev["at_n_lower"] == 2
    ratio = ev["tightest_upper_ratio"]  # the control divides by 16.1
    assert float(mpmath.mpf(ratio.a)) > 16 and float(mpmath.mpf(ratio.b)) < 16.1


@pytest.mark.parametrize("cid", ["S3.ones-explicit-bounds", "S3.ones-faster"])
def test_controls_are_judged_false_with_a_witness(cid: str) -> None:
    claim = BY_ID[cid]
    for control in claim.controls:
        got = claim.run(False, **control.params)
        assert got.status is Status.FAILS, control.label
        assert got.witness and any(c.kind == "arith" for c in got.certificates)


def test_faster_claim_holds_and_the_ratio_at_n_2_is_five_quarters() -> None:
    got = BY_ID["S3.ones-faster"].run(False)
    assert got.status is Status.HOLDS
    ev = got.evidence_dict()
    assert ev["smallest_ratio"] == Fraction(5, 4) and ev["at_n"] == 2
    # the printed reading with factor 5/4 is an exact tie at n = 2: judged false (strict)
    assert BY_ID["S3.ones-faster"].run(False, factor=Fraction(5, 4)).status is Status.FAILS


@pytest.mark.parametrize("cid", ["S3.ones-explicit-bounds", "S3.ones-faster"])
def test_the_independent_checker_accepts_each_verdicts_exact_checks(cid: str) -> None:
    """The statement's forall certificate and every control's counterexample recompute in the
    checker's own arithmetic; the statement's rows with a control's constant do not."""
    claim = BY_ID[cid]
    runs = [claim.run(False)] + [claim.run(False, **c.params) for c in claim.controls]
    for got in runs:
        for cert in got.certificates:
            KINDS[cert.kind]({"kind": cert.kind, **cert.data}, None)  # raises if false
    holds = next(c for c in runs[0].certificates if c.kind == "forall")
    for control in claim.controls:
        env = {**holds.data["env"], **{k: certs.value(v) for k, v in control.params.items()}}
        with pytest.raises(CertificateError):
            KINDS["forall"]({"kind": "forall", **holds.data, "env": env}, None)
