"""The operators beyond the paper (issue 15): exact laws, exact samplers, planted bugs rejected.

* The reference's laws (:mod:`zonemax.reference.double_geometric`, :mod:`zonemax.reference.
  power_law`) against the exact layer's independent derivations (:mod:`zonemax.exact.geom_law`,
  :mod:`zonemax.exact.power_law`): exact equality for a rational ``q``, overlapping rigorous
  enclosures otherwise, at limits up to 10^30.
* The samplers against the exact law (pre-registered chi-square tests, below), at small and large
  limits (10^12, 10^30) and for ``beta`` near 1 (1.1, 1.01) and large (4).
* Planted bugs: the same tests, same seeds, reject them.

Pre-registration of the law family: each case draws ``SAMPLES`` steps from
``SeedSequence([SEED, k])`` (``k`` its index) and runs one chi-square goodness-of-fit test at level
``ALPHA`` on the cells "sign x dyadic magnitude bin" (``0``; ``1``; ``2..3``; ``4..7``; ...; up to
the limit) plus the cell ``None`` (longer than the limit); cells whose expected count is below
``MIN_EXPECTED`` are pooled into one.  The expected counts come from the exact layer, not from the
operator under test.  Family-wise error on correct code <= ``len(LAW_CASES) * ALPHA`` = 1.4e-3
(Bonferroni).  Each planted bug is run through the same test with its own fixed seed and must give
``p < ALPHA``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

import mpmath
import numpy as np
import pytest
from mpmath.ctx_iv import MPIntervalContext
from scipy import stats
from zonemax.reference import DoubleGeometric, PowerLaw
from zonemax.reference._inversion import START_PREC, Dyadic, LazyUniform, less_than
from zonemax.reference.double_geometric import mean_from_ratio, ratio_from_mean
from zonemax.reference.operators import StepOperator

from zonemax.exact.geom_law import magnitude_interval_probability
from zonemax.exact.power_law import PowerLawLaw, law_enclosure, tail, zeta_enclosure

SAMPLES = 10_000
ALPHA = 1e-4
MIN_EXPECTED = 5.0  # the usual validity rule of the chi-square approximation
SEED = 2024_1215

Q_HALF = Fraction(1, 2)
THIRD = Fraction(1, 3)
B11 = Fraction(11, 10)
B32 = Fraction(3, 2)


def _ctx(dps: int = 40) -> Any:
    ctx = MPIntervalContext()
    ctx.dps = dps
    return ctx


def _inside(x: Any, box: Any, rel: float = 1e-30) -> bool:
    """``x`` (a Fraction or an mpf) lies in the interval ``box`` up to ``rel`` of its size."""
    with mpmath.workdps(60):
        lo, hi = mpmath.mpf(box.a), mpmath.mpf(box.b)
        v = mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpmath.mpf(x)
        slack = rel * max(abs(lo), abs(hi))
        return bool(lo - slack <= v <= hi + slack)


# ---------------------------------------------------------------------------------------------
# expected cells from the exact layer
# ---------------------------------------------------------------------------------------------
def _bins(limit: int) -> list[tuple[int, int]]:
    """Dyadic magnitude bins ``[2^j, 2^(j+1) - 1]`` cut at ``limit``."""
    out, lo = [], 1
    while lo <= limit:
        out.append((lo, min(2 * lo - 1, limit)))
        lo *= 2
    return out


Cell = tuple[int, int, int] | None  # (sign, lo, hi) of a magnitude bin, or None


def _cell(step: int | None, limit: int) -> Cell:
    if step is None:
        return None
    m = abs(step)
    if m == 0:
        return (0, 0, 0)
    lo = 1 << (m.bit_length() - 1)
    return (1 if step > 0 else -1, lo, min(2 * lo - 1, limit))


def _geom_cells(q: Fraction | None, mean: Fraction | None, limit: int) -> dict[Cell, float]:
    ctx = _ctx()
    out: dict[Cell, float] = {(0, 0, 0): float(magnitude_interval_probability(q, mean, 0, 0, ctx).mid)}
    for lo, hi in _bins(limit):
        p = float(magnitude_interval_probability(q, mean, lo, hi, ctx).mid)
        out[(1, lo, hi)] = out[(-1, lo, hi)] = p / 2  # the law of G1 - G2 is symmetric
    out[None] = float(magnitude_interval_probability(q, mean, limit + 1, None, ctx).mid)
    return out


def _power_cells(beta: Fraction, limit: int) -> dict[Cell, float]:
    law = PowerLawLaw(beta, _ctx())
    out: dict[Cell, float] = {}
    for lo, hi in _bins(limit):
        p = float(law.interval_probability(lo, hi).mid)
        out[(1, lo, hi)] = out[(-1, lo, hi)] = p / 2  # the sign is uniform
    out[None] = float(law.tail_probability(limit).mid)
    return out


def _chi_square_p(op: StepOperator, limit: int, expected: dict[Cell, float], seed: int) -> float:
    rng = np.random.default_rng(np.random.SeedSequence([SEED, seed]))
    counts: dict[Cell, int] = dict.fromkeys(expected, 0)
    for _ in range(SAMPLES):
        cell = _cell(op.sample(limit, rng), limit)
        if cell not in counts:
            return 0.0  # outside the support of the exact law: rejected outright
        counts[cell] += 1
    keys = list(expected)
    exp = [expected[k] * SAMPLES for k in keys]
    obs = [counts[k] for k in keys]
    big = [i for i, e in enumerate(exp) if e >= MIN_EXPECTED]
    small = [i for i, e in enumerate(exp) if e < MIN_EXPECTED]
    exp_cells = [exp[i] for i in big] + ([sum(exp[i] for i in small)] if small else [])
    obs_cells = [obs[i] for i in big] + ([sum(obs[i] for i in small)] if small else [])
    assert abs(sum(exp_cells) - SAMPLES) < 1e-6 * SAMPLES, "the exact law does not sum to 1"
    scale = sum(obs_cells) / sum(exp_cells)  # float round-off of the total only
    return float(stats.chisquare(obs_cells, [e * scale for e in exp_cells]).pvalue)


# ---------------------------------------------------------------------------------------------
# the law family (pre-registered, module docstring)
# ---------------------------------------------------------------------------------------------
LawCase = tuple[str, StepOperator, int, Callable[[], dict[Cell, float]]]

LAW_CASES: list[LawCase] = [
    ("geom q=1/2 L=30", DoubleGeometric(q=Q_HALF), 30, lambda: _geom_cells(Q_HALF, None, 30)),
    ("geom mean=1 L=10", DoubleGeometric(mean=1), 10, lambda: _geom_cells(None, Fraction(1), 10)),
    ("geom q=1/3 L=2", DoubleGeometric(q=THIRD), 2, lambda: _geom_cells(THIRD, None, 2)),
    ("geom mean=3/4 L=6", DoubleGeometric(mean=Fraction(3, 4)), 6,
     lambda: _geom_cells(None, Fraction(3, 4), 6)),
    ("geom q=999/1000 L=10^4", DoubleGeometric(q=Fraction(999, 1000)), 10**4,
     lambda: _geom_cells(Fraction(999, 1000), None, 10**4)),
    ("geom mean=10^11 L=10^12", DoubleGeometric(mean=10**11), 10**12,
     lambda: _geom_cells(None, Fraction(10**11), 10**12)),
    ("power 3/2 L=10", PowerLaw(B32), 10, lambda: _power_cells(B32, 10)),
    ("power 3/2 L=10^12", PowerLaw(B32), 10**12, lambda: _power_cells(B32, 10**12)),
    ("power 11/10 L=1000", PowerLaw(B11), 1000, lambda: _power_cells(B11, 1000)),
    ("power 11/10 L=10^12", PowerLaw(B11), 10**12, lambda: _power_cells(B11, 10**12)),
    ("power 101/100 L=10^30", PowerLaw(Fraction(101, 100)), 10**30,
     lambda: _power_cells(Fraction(101, 100), 10**30)),
    ("power 4 L=8", PowerLaw(4), 8, lambda: _power_cells(Fraction(4), 8)),
    ("power 4 L=10^12", PowerLaw(4), 10**12, lambda: _power_cells(Fraction(4), 10**12)),
    ("power 2 L=1", PowerLaw(2), 1, lambda: _power_cells(Fraction(2), 1)),
]


def test_law_family_is_pre_registered() -> None:
    assert len(LAW_CASES) * ALPHA <= 1.5e-3
    assert len({c[0] for c in LAW_CASES}) == len(LAW_CASES)


@pytest.mark.parametrize(("k", "case"), list(enumerate(LAW_CASES)), ids=[c[0] for c in LAW_CASES])
def test_sampler_matches_exact_law(k: int, case: LawCase) -> None:
    name, op, limit, cells = case
    p = _chi_square_p(op, limit, cells(), k)
    assert p > ALPHA, f"{name}: chi-square p = {p:.3g}"


# ---------------------------------------------------------------------------------------------
# planted bugs: the same test rejects them
# ---------------------------------------------------------------------------------------------
class OneSidedShift(DoubleGeometric):
    """G1 on {1, 2, ...} (numpy's convention), G2 on {0, 1, ...}: the step is shifted by +1."""

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        step = (self.geometric(rng) + 1) - self.geometric(rng)
        return step if abs(step) <= limit else None


class BothShifted(DoubleGeometric):
    """Both variables on {1, 2, ...}: the shifts cancel, the law of G1 - G2 is unchanged."""

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        step = (self.geometric(rng) + 1) - (self.geometric(rng) + 1)
        return step if abs(step) <= limit else None


class PowerZeroAllowed(PowerLaw):
    """The magnitude ``K - 1``: the zero step becomes possible (Zipf on {0, 1, ...})."""

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        k = self.magnitude(limit + 1, rng)
        if k is None:
            return None
        return (k - 1) if rng.random() < 0.5 else -(k - 1)


@cache
def _partial_zeta_survival(beta: Fraction, k: int, terms: int, prec: int) -> tuple[Dyadic, Dyadic]:
    """``1 - H_min(k, terms) / H_terms`` as a dyadic ball: the normaliser from ``terms`` terms."""
    from flint import arb, ctx, fmpq
    from zonemax.reference._inversion import ball

    with ctx.workprec(prec):
        b = arb(fmpq(beta.numerator, beta.denominator))
        weights = [arb(j) ** (-b) for j in range(1, terms + 1)]
        z = sum(weights, arb(0))
        h = sum(weights[: min(k, terms)], arb(0))
        return ball(1 - h / z)


class ZetaTooFewTerms(PowerLaw):
    """Inversion with ``zeta(beta)`` replaced by its first ``TERMS`` terms (and no tail)."""

    TERMS = 100

    def survival_ball(self, k: int, prec: int = START_PREC) -> tuple[Dyadic, Dyadic]:
        if k == 0:
            return (1, 0), (1, 0)
        return _partial_zeta_survival(self.beta, k, self.TERMS, prec)


class ZetaThousandTerms(ZetaTooFewTerms):
    """The subtler slip: 1000 terms (``zeta(3/2)`` off by 2.4%)."""

    TERMS = 1000


PLANTED: list[LawCase] = [
    ("geom one-sided shift (q=1/2)", OneSidedShift(q=Q_HALF), 30,
     lambda: _geom_cells(Q_HALF, None, 30)),
    ("geom ratio read as success probability (q=1/3)", DoubleGeometric(q=1 - THIRD), 10,
     lambda: _geom_cells(THIRD, None, 10)),
    ("geom mean map of one geometric, q = m/(1+m) (mean 1)", DoubleGeometric(q=Q_HALF), 10,
     lambda: _geom_cells(None, Fraction(1), 10)),
    ("power exponent off by one, 5/2 for 3/2", PowerLaw(B32 + 1), 10,
     lambda: _power_cells(B32, 10)),
    ("power exponent off by one, 3 for 4", PowerLaw(3), 10**12,
     lambda: _power_cells(Fraction(4), 10**12)),
    ("power zeta from 100 terms (11/10)", ZetaTooFewTerms(B11), 1000,
     lambda: _power_cells(B11, 1000)),
    ("power zeta from 100 terms (3/2)", ZetaTooFewTerms(B32), 1000,
     lambda: _power_cells(B32, 1000)),
    ("power zeta from 1000 terms (3/2)", ZetaThousandTerms(B32), 2000,
     lambda: _power_cells(B32, 2000)),
    ("power zero step possible (3/2)", PowerZeroAllowed(B32), 10,
     lambda: _power_cells(B32, 10)),
]


@pytest.mark.parametrize(("k", "case"), list(enumerate(PLANTED)), ids=[c[0] for c in PLANTED])
def test_planted_bug_is_rejected(k: int, case: LawCase) -> None:
    name, op, limit, cells = case
    p = _chi_square_p(op, limit, cells(), 1000 + k)
    assert p < ALPHA, f"planted bug not rejected: {name}: p = {p:.3g}"


def test_shifting_both_geometric_variables_is_not_a_bug() -> None:
    # (G1 + 1) - (G2 + 1) = G1 - G2: the "geometric on {1, 2, ...}" slip is harmless when it
    # applies to both variables (numpy's rng.geometric convention); only a one-sided shift is a
    # bug (rejected above).
    p = _chi_square_p(BothShifted(q=Q_HALF), 30, _geom_cells(Q_HALF, None, 30), 2000)
    assert p > ALPHA


# ---------------------------------------------------------------------------------------------
# the reference's exact laws against the exact layer's (deterministic)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("q", [Q_HALF, THIRD, Fraction(1, 5), Fraction(99, 100)])
def test_geom_law_is_exact_for_rational_q(q: Fraction) -> None:
    from zonemax.exact.geom_law import GeomLaw

    op = DoubleGeometric(q=q)
    law = GeomLaw(q, None, None)
    for limit in (1, 2, 7, 40):
        ref = op.step_distribution(limit)
        assert sum(ref.values()) == 1  # exactly
        assert ref[0] == law.law(limit)[0][1]
        for m, p in law.law(limit)[1:]:
            assert ref[m] == ref[-m] == p / 2
        assert ref[None] == 1 - sum(p for _, p in law.law(limit))


@pytest.mark.parametrize("mean", [Fraction(1), Fraction(1, 10), Fraction(7, 3), Fraction(10**12)])
def test_geom_law_irrational_q_within_enclosure(mean: Fraction) -> None:
    op = DoubleGeometric(mean=mean)
    ctx = _ctx(50)
    for limit in (1, 3, 12):
        ref = op.step_distribution(limit)
        for k in range(0, limit + 1):
            box = magnitude_interval_probability(None, mean, k, k, ctx)
            with mpmath.workdps(50):
                got = ref[k] + (ref[-k] if k else 0)
            assert _inside(got, box), (mean, limit, k)
    for limit in (10**12, 10**30):
        box = magnitude_interval_probability(None, mean, limit + 1, None, ctx)
        assert _inside(op.tail_probability(limit), box), (mean, limit)


def test_geom_mean_and_ratio_maps() -> None:
    # m = 2t/(1 - t^2) <-> q = t for rational t (module docstring examples)
    for t in (Fraction(1, 3), Fraction(1, 2), Fraction(1, 5), Fraction(7, 9)):
        m = mean_from_ratio(t)
        assert ratio_from_mean(m) == t
        assert DoubleGeometric(mean=m).rational_q == t
    assert ratio_from_mean(Fraction(1)) is None  # q = sqrt(2) - 1
    with mpmath.workdps(40):
        q = mpmath.sqrt(2) - 1
        assert abs(DoubleGeometric(mean=1).probability(0) - (1 - q) / (1 + q)) < 1e-35


@pytest.mark.parametrize("q", [Q_HALF, THIRD, Fraction(9, 10)])
def test_geom_law_by_convolution(q: Fraction) -> None:
    # P(G1 - G2 = k) = sum_j P(G1 = j + k) P(G2 = j), summed to J terms; the remainder is at most
    # sum_{j >= J} P(G2 = j) = q^J
    op = DoubleGeometric(q=q)
    terms = 200
    for k in (-3, 0, 1, 5):
        partial = sum(((1 - q) * q ** (j + abs(k)) * (1 - q) * q**j for j in range(terms)),
                      Fraction(0))
        exact = op.probability(k)
        assert 0 <= exact - partial <= q**terms
    # the mean step length 2q/(1 - q^2): sum_{|k| <= L} |k| P(k) plus a bound on the rest
    limit = 400
    law = op.step_distribution(limit)
    head = sum((abs(k) * p for k, p in law.items() if k is not None), Fraction(0))
    far = 3 * limit
    rest = 2 * (1 - q) / (1 + q) * sum((k * q**k for k in range(limit + 1, far)), Fraction(0))
    # sum_{k >= N} k q^k = q^N (N (1 - q) + q) / (1 - q)^2 <= N q^N / (1 - q)^2
    beyond = 2 * (1 - q) / (1 + q) * far * q**far / (1 - q) ** 2
    assert 0 < op.mean_step - head - rest <= beyond


@pytest.mark.parametrize("beta", [Fraction(101, 100), B11, B32, Fraction(2), Fraction(4),
                                  Fraction(30)])
def test_power_law_agrees_with_independent_enclosure(beta: Fraction) -> None:
    op = PowerLaw(beta)
    mine = law_enclosure(beta, 20, dps=50)
    ref = op.magnitude_distribution(20)
    assert set(ref) == set(mine)
    for k, box in mine.items():
        assert _inside(ref[k], box), (beta, k)
    # the reference's rigorous survival balls (flint's Hurwitz zeta) and the exact layer's
    # Euler-Maclaurin enclosures must overlap at every size
    ctx = _ctx(50)
    zeta = zeta_enclosure(ctx, beta)
    for k in (1, 7, 64, 65, 1000, 10**12, 10**30):
        box = tail(ctx, beta, k + 1) / zeta
        (lo_m, lo_e), (hi_m, hi_e) = op.survival_ball(k)
        lo, hi = mpmath.ldexp(lo_m, lo_e), mpmath.ldexp(hi_m, hi_e)
        assert lo <= box.b and box.a <= hi, (beta, k)
        assert box.delta <= 1e-20 * box.mid, "the independent enclosure is tight"


def test_power_zero_step_is_impossible_and_p1_is_one_over_zeta() -> None:
    op = PowerLaw(2)
    law = op.step_distribution(5)
    assert 0 not in law
    with mpmath.workdps(40):
        assert abs(law[1] + law[-1] - 6 / mpmath.pi**2) < 1e-35  # zeta(2) = pi^2/6
        assert abs(mpmath.fsum(law.values()) - 1) < 1e-35


def test_planted_law_bug_is_caught_by_the_exact_comparison() -> None:
    # a tail off by one, 2 q^L / (1 + q) instead of 2 q^(L+1) / (1 + q): the law no longer sums
    # to 1 and differs from the independent derivation
    class TailOffByOne(DoubleGeometric):
        def tail_probability(self, limit: int) -> Any:
            q = self.rational_q
            assert q is not None
            return 2 * q**limit / (1 + q)

    ref = TailOffByOne(q=Q_HALF).step_distribution(4)
    exact_tail = magnitude_interval_probability(Q_HALF, None, 5, None, _ctx())
    assert sum(ref.values()) != 1
    assert not _inside(ref[None], exact_tail)
    assert _inside(DoubleGeometric(q=Q_HALF).step_distribution(4)[None], exact_tail)


# ---------------------------------------------------------------------------------------------
# the exact inversion primitive
# ---------------------------------------------------------------------------------------------
def test_lazy_uniform_decides_exactly_and_refines() -> None:
    rng = np.random.default_rng(3)
    u = LazyUniform(rng)
    # a threshold exactly at the known lower end cannot be decided until more digits are drawn
    lo = (u.num, -u.bits)
    assert less_than(u, lo, lo) is False  # V >= lower = c
    hi = (u.num + 1, -u.bits)
    assert less_than(u, hi, hi) is True  # V < upper = c
    mid = (2 * u.num + 1, -u.bits - 1)
    assert less_than(u, mid, mid) is None
    u.refine()
    assert u.bits == 128 and less_than(u, mid, mid) is not None


# ---------------------------------------------------------------------------------------------
# validation
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "error", "match"),
    [
        (lambda: DoubleGeometric(), ValueError, "exactly one"),
        (lambda: DoubleGeometric(q=Q_HALF, mean=1), ValueError, "exactly one"),
        (lambda: DoubleGeometric(q=0), ValueError, "geom_q must lie in"),
        (lambda: DoubleGeometric(q=1), ValueError, "geom_q must lie in"),
        (lambda: DoubleGeometric(mean=0), ValueError, "geom_mean"),
        (lambda: DoubleGeometric(mean=float("inf")), ValueError, "finite"),
        (lambda: DoubleGeometric(q="a half"), ValueError, "number"),
        (lambda: PowerLaw(1), ValueError, "power_exponent must be > 1"),
        (lambda: PowerLaw(Fraction(1, 2)), ValueError, "power_exponent"),
        (lambda: PowerLaw(float("nan")), ValueError, "finite"),
        (lambda: PowerLaw(True), TypeError, "bool"),
        (lambda: PowerLaw(2).step_distribution(0), ValueError, "limit"),
        (lambda: PowerLaw(2).step_distribution(2**20), ValueError, "tail_probability"),
        (lambda: DoubleGeometric(q=Q_HALF).step_distribution(2**20), ValueError, "largest"),
        (lambda: DoubleGeometric(q=Q_HALF).tail_probability(1.5), TypeError, "limit"),
    ],
    ids=["geom-none", "geom-both", "q=0", "q=1", "mean=0", "mean=inf", "q-text", "beta=1",
         "beta=1/2", "beta=nan", "beta-bool", "limit-0", "power-listed", "geom-listed",
         "limit-float"],
)
def test_bad_input(make: Callable[[], object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        make()


def test_operators_are_step_operators_and_read_exactly() -> None:
    assert isinstance(DoubleGeometric(q=0.5), StepOperator)
    assert isinstance(PowerLaw(), StepOperator)
    assert DoubleGeometric(q=0.1).q == Fraction(1, 10)
    assert PowerLaw(1.1).beta == B11 and PowerLaw().beta == B32
    assert math.isclose(float(DoubleGeometric(mean=1).mean_step), 1.0)
