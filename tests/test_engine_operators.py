"""Exactness of the engine for the operators beyond the paper (``ea-geom``, ``rls-geom``,
``ea-power``, ``rls-power``; issue 15), shown, not assumed.

The kernels are :mod:`zonemax.engine._ea_law` and :mod:`zonemax.engine._rls_law` with a
:class:`~zonemax.engine._magnitude_law.MagnitudeLaw`.  Pre-registered families (seeds, sample
sizes and levels fixed below; each family has family-wise false-failure probability at most
``FAMILY_ALPHA`` by Bonferroni; the default run has at most ``4 * FAMILY_ALPHA = 0.004``):

* ``TABLES`` (deterministic) -- the float64 tables against the reference operators' exact laws
  (:class:`~zonemax.reference.DoubleGeometric`, :class:`~zonemax.reference.PowerLaw`), and the
  (1+1) EA's useful probability with a zero step against an exact rational enumeration.
* ``SAMPLER`` -- the candidate magnitudes (:func:`~zonemax.engine._magnitude_law.draw_candidates`)
  against the exact conditional law, derived here from the laws' definitions (closed forms,
  Hurwitz zeta): chi-square on cells (octave bin, quarter of the bin, parity), so both the bin
  masses and the integers inside a bin are tested, up to magnitudes near ``2^61``.
* ``EXACT`` -- on instances the exact solver reaches, the engine's mean and variance of the run
  time against :func:`zonemax.exact.exact_expectation`: two-sided z-tests (the variance z-test
  uses the sample's fourth central moment for the standard error of ``s^2``).  Runs are capped
  at ``30 ceil(e h_max)`` evaluations (a correct run exceeds it with probability ``<= e^-30``);
  a capped run rejects, so a bug that makes the optimum unreachable fails instead of hanging.
* ``TWO_SAMPLE`` -- at medium ``r`` (3 * 10^2 .. 10^3; 10^4 .. 10^6 with ``-m slow``) the
  engine (:func:`zonemax.engine.run_many`) against the reference (:func:`zonemax.reference.run`):
  Kolmogorov-Smirnov (asymptotic; conservative for the tied, integer run times) and a chi-square
  on pooled deciles.  Not Cramer-von Mises: scipy's ``cramervonmises_2samp`` is anti-conservative
  on such tied samples (measured: engine against engine, ``ea-geom`` mean 30 at r = 10^3, 20000
  against 1500 runs, 40 repetitions gave p <= 0.002 every time, while KS p-values were uniform).
  Engine runs of a planted bug are capped at 1000 times the longest reference run (a capped run
  rejects).

Power: five realistic bugs planted in the new engine code (:data:`PLANTED`: the table builders'
and the samplers' mistakes, injected as the law a kernel receives) must be rejected by the same
tests at the same levels: each by the tests that can see it -- ``TABLES`` every table-level bug,
``EXACT`` and ``TWO_SAMPLE`` the two that move small magnitudes (no zero step; the
small-magnitude table off by one), ``SAMPLER`` the two that move only magnitudes above
``2^SMALL_BITS`` (the double-geometric digits; the power law's within-bin acceptance), which no
instance of the exact solver reaches.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import pytest
from scipy import stats
from zonemax.reference import DoubleGeometric, PowerLaw
from zonemax.reference.runner import run
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import run_many, supports, unsupported
from zonemax.engine._ea_law import ea_law_run, useful_probability
from zonemax.engine._magnitude_law import (
    BETA_CLAMP,
    BETA_NO_STEP,
    BETA_ONE_STEP,
    GEOM,
    POWER,
    SMALL_BITS,
    TOP,
    MagnitudeLaw,
    _power_law,
    draw_candidates,
    magnitude_law,
)
from zonemax.engine._rls_law import rls_law_run
from zonemax.engine._state import NO_BUDGET
from zonemax.exact import exact_expectation

#: Family-wise false-failure probability of each statistical family below.
FAMILY_ALPHA = 1e-3
F = Fraction
Case = tuple[str, tuple[int, ...], dict[str, Any]]


def _spec(case: Case) -> AlgorithmSpec:
    algorithm, a, kw = case
    return AlgorithmSpec(algorithm, a, **kw)


def _rng(*key: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(list(key)))


def _frozen(values: Any) -> np.ndarray:
    out = np.array(values, dtype=np.float64)
    out.setflags(write=False)
    return out


# ----------------------------------------------------------------------------------------------
# planted bugs: wrong laws handed to the correct kernels (each a mistake of the new code)
# ----------------------------------------------------------------------------------------------
def geom_without_zero_step(law: MagnitudeLaw) -> MagnitudeLaw:
    """The double-geometric tables built as if ``P(M = 0)`` were 0 (``|G1 - G2|`` conditioned on
    a move, as a builder that copied the power law's ``moving = 1`` would make them)."""
    m = law.moving
    return law._replace(ncum=_frozen(law.ncum / m), tail=_frozen(law.tail / m), moving=1.0,
                        small=_frozen(law.small / m))


def geom_digits_unnormalised(law: MagnitudeLaw) -> MagnitudeLaw:
    """The within-bin digits with probability ``q^(2^i)`` instead of ``q^(2^i)/(1 + q^(2^i))``
    (the normalisation forgotten; capped at 1)."""
    p = law.bits
    return law._replace(bits=_frozen(np.minimum(p / (1 - p), 1.0)))


def power_tail_off_by_one(law: MagnitudeLaw, beta: Fraction) -> MagnitudeLaw:
    """The power-law tables with the Hurwitz argument ``2^b + 1``: ``tail[b] = P(K > 2^b)``
    instead of ``P(K >= 2^b)``, and ``ncum`` to match above the small-magnitude table (below it
    the builder takes ``ncum`` from ``small``)."""
    from flint import arb, ctx, fmpq

    with ctx.workprec(256):
        b_ = arb(fmpq(beta.numerator, beta.denominator))
        zeta = b_.zeta()
        hurwitz = [b_.zeta(arb(2**b + 1)) for b in range(1, TOP + 1)]
        tail = [1.0] + [float(h / zeta) for h in hurwitz]
        ncum = [0.0] + [float((zeta - h) / zeta) for h in hurwitz]
    ncum[:SMALL_BITS + 1] = law.ncum[:SMALL_BITS + 1]
    return law._replace(ncum=_frozen(ncum), tail=_frozen(tail))


def small_table_off_by_one(law: MagnitudeLaw) -> MagnitudeLaw:
    """The small-magnitude table summed over ``k < m`` instead of ``k <= m``: ``small[m] =
    P(1 <= M <= m - 1)``, so each magnitude gets its predecessor's mass (and ``ncum`` below
    ``2^SMALL_BITS`` follows the table, as in the builder)."""
    small = np.concatenate(([0.0], law.small[:-1]))
    ncum = law.ncum.copy()
    ncum[:SMALL_BITS + 1] = [small[(1 << b) - 1] for b in range(SMALL_BITS + 1)]
    return law._replace(ncum=_frozen(ncum), small=_frozen(small))


def power_acceptance_off_by_one(law: MagnitudeLaw) -> MagnitudeLaw:
    """The within-bin acceptance probability ``(lo/k)^(beta - 1)`` instead of ``(lo/k)^beta``."""
    return law._replace(beta=law.beta - 1.0)


#: name -> (the wrong law from the correct one and the spec).
PLANTED: dict[str, Callable[[MagnitudeLaw, AlgorithmSpec], MagnitudeLaw]] = {
    "geom-no-zero-step": lambda law, spec: geom_without_zero_step(law),
    "geom-digits-unnormalised": lambda law, spec: geom_digits_unnormalised(law),
    "power-tail-off-by-one": lambda law, spec: power_tail_off_by_one(
        law, spec.power_exponent),  # type: ignore[arg-type]
    "power-acceptance-off-by-one": lambda law, spec: power_acceptance_off_by_one(law),
    "small-table-off-by-one": lambda law, spec: small_table_off_by_one(law),
}


def _run_times(spec: AlgorithmSpec, law: MagnitudeLaw, runs: int, rng: np.random.Generator,
               budget: int = NO_BUDGET) -> np.ndarray:
    """``runs`` independent run times of the kernel with ``law``, one after another; the sample
    ends with ``-1`` at the first run censored at ``budget`` (a planted bug may make the optimum
    unreachable; the callers reject then)."""
    dist0 = np.abs(np.array(spec.a, np.int64))
    kernel = ea_law_run if spec.algorithm.startswith("ea-") else rls_law_run
    out = np.empty(runs, np.int64)
    for i in range(runs):
        t, solved = kernel(rng, dist0, budget, law)
        if not solved:
            out[i] = -1
            return out[:i + 1]
        out[i] = t
    return out


# ----------------------------------------------------------------------------------------------
# TABLES: the float64 tables against the reference operators' exact laws (deterministic)
# ----------------------------------------------------------------------------------------------
GEOM_TABLE_CASES = [{"q": F(1, 2)}, {"mean": F(1)}, {"mean": F(10**12)}, {"mean": F(1, 10**9)},
                    {"q": F(1, 3)}]
POWER_TABLE_CASES = [F(3, 2), F(11, 10), F(4), F(1) + F(1, 10**6), F(1500), F(50)]
#: Bins compared (the reference lists ``q^m`` exactly for ``m <= 4096`` and in mpmath beyond).
TABLE_BINS = (0, 1, 2, 3, 4, 5, 8, 13, 21, 34, 40, 50, 62, 63)


def _mp(x: Any) -> mpmath.mpf:
    """A Fraction or mpmath number as an mpmath number (exact for Fractions at 60 digits)."""
    if isinstance(x, Fraction | int):
        return mpmath.mpf(x.numerator) / x.denominator
    return mpmath.mpf(x)


def _close(ours: float, exact: Any) -> bool:
    return bool(ours == pytest.approx(float(exact), rel=1e-14, abs=1e-300))


def _geom_table_errors(law: MagnitudeLaw, op: DoubleGeometric) -> list[str]:
    """The entries of a double-geometric law's tables that differ from the reference's law."""
    errors = []
    with mpmath.workdps(60):
        moving = 1 - _mp(op.probability(0))  # P(|step| > 0): the zero step keeps its mass
    if law.kind != GEOM or not _close(law.moving, moving):
        errors.append("moving")
    for b in TABLE_BINS:
        tail = op.tail_probability(2**b - 1) if b else moving  # P(M >= 2^b)
        with mpmath.workdps(60):
            ncum = moving - _mp(tail) if b else 0
        errors += [f"tail[{b}]"] * (not _close(law.tail[b], tail))
        errors += [f"ncum[{b}]"] * (not _close(law.ncum[b], ncum))
    for m in (1, 2, 3, 7, 100, 255):  # the small-magnitude table: P(1 <= M <= m)
        with mpmath.workdps(60):
            small = moving - _mp(op.tail_probability(m))
        errors += [f"small[{m}]"] * (not _close(law.small[m], small))
    for i in (0, 1, 2, 5, 11, 30, 61):
        with mpmath.workdps(60):  # q^(2^i) = P(Z = 2^i) / P(Z = 0)
            ratio = _mp(op.probability(2**i)) / _mp(op.probability(0))
            errors += [f"bits[{i}]"] * (not _close(law.bits[i], ratio / (1 + ratio)))
    return errors


def _power_table_errors(law: MagnitudeLaw, op: PowerLaw) -> list[str]:
    """The entries of a power law's tables that differ from the reference's law."""
    errors = [] if law.kind == POWER and law.moving == 1.0 else ["kind or moving"]
    for b in TABLE_BINS:
        tail = op.tail_probability(2**b - 1) if b else 1  # P(K >= 2^b)
        with mpmath.workdps(60):
            if b <= 10:  # P(1 <= K < 2^b) summed term by term
                ncum = mpmath.fsum(op.probability(k) for k in range(1, 2**b))
            else:
                ncum = 1 - _mp(tail)
        errors += [f"tail[{b}]"] * (not _close(law.tail[b], tail))
        errors += [f"ncum[{b}]"] * (not _close(law.ncum[b], ncum))
    for m in (1, 2, 3, 7, 100, 255):  # the small-magnitude table: P(1 <= K <= m)
        with mpmath.workdps(60):
            small = mpmath.fsum(op.probability(k) for k in range(1, m + 1))
        errors += [f"small[{m}]"] * (not _close(law.small[m], small))
    return errors


@pytest.mark.parametrize("kw", GEOM_TABLE_CASES, ids=str)
def test_geom_tables_match_reference(kw: dict[str, Fraction]) -> None:
    spec = AlgorithmSpec("ea-geom", (1,), **{f"geom_{k}": v for k, v in kw.items()})
    assert _geom_table_errors(magnitude_law(spec), DoubleGeometric(**kw)) == []


@pytest.mark.parametrize("beta", POWER_TABLE_CASES, ids=str)
def test_power_tables_match_reference(beta: Fraction) -> None:
    law = magnitude_law(AlgorithmSpec("ea-power", (1,), power_exponent=beta))
    assert _power_table_errors(law, PowerLaw(beta)) == []


def test_tables_reject_planted_bugs() -> None:
    # the table-level bugs are caught entry by entry, the smallest ones included (the Hurwitz
    # argument off by one moves each bin above 2^8 by P(K = 2^b) only: ~1e-4 at b = 9)
    geom = AlgorithmSpec("ea-geom", (1,))
    power = AlgorithmSpec("ea-power", (1,))
    law = magnitude_law(geom)
    assert "moving" in _geom_table_errors(PLANTED["geom-no-zero-step"](law, geom),
                                           DoubleGeometric(mean=1))
    assert "bits[0]" in _geom_table_errors(PLANTED["geom-digits-unnormalised"](law, geom),
                                            DoubleGeometric(mean=1))
    law = magnitude_law(power)
    assert "tail[13]" in _power_table_errors(PLANTED["power-tail-off-by-one"](law, power),
                                              PowerLaw(F(3, 2)))
    assert "small[7]" in _power_table_errors(PLANTED["small-table-off-by-one"](law, power),
                                              PowerLaw(F(3, 2)))


def test_useful_probability_with_zero_step_is_exact() -> None:
    # Algorithm 1 with the double-geometric law, q = 1/2, phase key jb = 3 (candidates
    # 1 <= M < 8): enumerate each position's fate with exact rationals -- not mutated, mutated
    # with M = 0 (stays), a candidate, or M >= 8 (too far) -- for n = 3 and every k.
    q = F(1, 2)
    zero = (1 - q) / (1 + q)
    pi = 2 * q * (1 - q**7) / (1 + q)
    tau = 2 * q**8 / (1 + q)
    assert zero + pi + tau == 1
    law = magnitude_law(AlgorithmSpec("ea-geom", (1,), geom_q=q))
    assert law.ncum[3] == pytest.approx(float(pi), rel=1e-15)
    assert law.tail[3] == pytest.approx(float(tau), rel=1e-15)
    for n in (1, 3):
        p = F(1, n)
        fates = {"none": 1 - p, "zero": p * zero, "cand": p * pi, "far": p * tau}
        for k in range(1, n + 1):
            useful = F(0)
            for combo in itertools.product(fates, repeat=n):
                if "far" not in combo and "cand" in combo[:k]:
                    useful += math.prod((fates[c] for c in combo), start=F(1))
            s = p * pi / (1 - p * tau)  # a position is a candidate, given no one is too far
            ours_q, ours_s = useful_probability(n, k, float(pi), float(tau), law.moving)
            assert ours_q == pytest.approx(float(useful), rel=1e-13), (n, k)
            if n > 1:  # n = 1: the only position is the one conditioned on moving (s unused)
                assert ours_s == pytest.approx(float(s), rel=1e-13), (n, k)


# ----------------------------------------------------------------------------------------------
# SAMPLER: candidate magnitudes against the exact conditional law (chi-square)
# ----------------------------------------------------------------------------------------------
#: (id, spec keywords, limit 2 f): small limits cell by cell, large ones up to the top bin.
SAMPLER_CASES: list[tuple[str, str, dict[str, Any], int]] = [
    ("geom-q1/2-limit6", "ea-geom", {"geom_q": F(1, 2)}, 6),
    ("geom-mean1-limit2^40", "ea-geom", {"geom_mean": F(1)}, 2**40 + 3),
    ("geom-mean1e12-limit2^40", "ea-geom", {"geom_mean": F(10**12)}, 2**40 + 3),
    ("geom-mean1e17-limit2^62", "ea-geom", {"geom_mean": F(10**17)}, 2**62 - 2),
    ("power-1.5-limit6", "ea-power", {"power_exponent": F(3, 2)}, 6),
    ("power-1.5-limit2^61", "ea-power", {"power_exponent": F(3, 2)}, 2**61),
    ("power-1.1-limit2^40", "ea-power", {"power_exponent": F(11, 10)}, 2**40),
    ("power-3-limit100", "ea-power", {"power_exponent": F(3)}, 100),
]
SAMPLER_DRAWS = 100_000
SEED_SAMPLER = 150_301
SAMPLER_LEVEL = FAMILY_ALPHA / len(SAMPLER_CASES)


def _cells(jb: int) -> list[tuple[int, int, int]]:
    """Cells ``(a, c, parity)``: magnitudes ``a <= M < c`` of the given parity (2: any).

    Bins ``[lo, 2 lo)`` with ``lo <= 8`` cell by cell; larger bins in 4 quarters (even starts
    and widths) times the parity."""
    cells = []
    for b in range(1, jb + 1):
        lo = 1 << (b - 1)
        if lo <= 8:
            cells += [(m, m + 1, 2) for m in range(lo, 2 * lo)]
        else:
            w = lo // 4
            cells += [(lo + j * w, lo + (j + 1) * w, par) for j in range(4) for par in (0, 1)]
    return cells


def _cell_masses(spec: AlgorithmSpec, cells: list[tuple[int, int, int]]) -> list[Any]:
    """Exact (60-digit) masses of the cells, from the laws' definitions (not the engine, not
    the reference): double-geometric ``P(M = m) = 2 (1-q) q^m / (1+q)``, power law
    ``P(K = k) = k^-beta / zeta(beta)``; sums over a cell in closed form."""
    with mpmath.workdps(60):
        if spec.algorithm.endswith("geom"):
            if spec.geom_q is not None:
                q = mpmath.mpf(spec.geom_q.numerator) / spec.geom_q.denominator
            else:
                assert spec.geom_mean is not None
                m = mpmath.mpf(spec.geom_mean.numerator) / spec.geom_mean.denominator
                q = m / (1 + mpmath.sqrt(1 + m * m))
            c = 2 * (1 - q) / (1 + q)

            def mass(a: int, e: int, par: int) -> Any:
                if par == 2:  # sum_{a <= m < e} q^m
                    return c * (q**a - q**e) / (1 - q)
                first = a if a % 2 == par else a + 1  # a, e even: (e - a)/2 terms of each parity
                return c * q**first * (1 - q ** (e - a)) / (1 - q * q)
        else:
            assert spec.power_exponent is not None
            beta = mpmath.mpf(spec.power_exponent.numerator) / spec.power_exponent.denominator
            zeta = mpmath.zeta(beta)

            def mass(a: int, e: int, par: int) -> Any:
                if par == 2:
                    return (mpmath.zeta(beta, a) - mpmath.zeta(beta, e)) / zeta
                # k = 2j + par over a <= k < e (a, e even): 2^-beta sum_j (j + par/2)^-beta
                lo, hi = mpmath.mpf(a + par) / 2, mpmath.mpf(e + par) / 2
                return 2**-beta * (mpmath.zeta(beta, lo) - mpmath.zeta(beta, hi)) / zeta

        return [mass(a, e, par) for a, e, par in cells]


def _sampler_pvalue(spec: AlgorithmSpec, law: MagnitudeLaw, limit: int, seed: int) -> float:
    jb = limit.bit_length()
    cells = _cells(jb)
    masses = _cell_masses(spec, cells)
    with mpmath.workdps(60):
        total = mpmath.fsum(masses)
        probs = [float(x / total) for x in masses]
    draws = draw_candidates(_rng(SEED_SAMPLER, seed), law, limit, SAMPLER_DRAWS)
    assert draws.min() >= 1 and draws.max() < 2**jb
    observed = np.zeros(len(cells) + 1, np.int64)
    for i, (a, e, par) in enumerate(cells):
        inside = (draws >= a) & (draws < e)
        observed[i] = np.count_nonzero(inside if par == 2 else inside & (draws % 2 == par))
    assert observed.sum() == SAMPLER_DRAWS  # the cells partition [1, 2^jb)
    expected = np.array(probs) * SAMPLER_DRAWS
    big = expected >= 5
    obs = [*observed[:-1][big], observed[:-1][~big].sum()]
    exp = [*expected[big], expected[~big].sum()]
    if exp[-1] < 5:  # fold a small pooled cell into the smallest large one
        j = int(np.argmin(exp[:-1]))
        obs[j] += obs.pop()
        exp[j] += exp.pop()
    exp = list(np.array(exp) * (sum(obs) / sum(exp)))  # remove float rounding of the total
    return float(stats.chisquare(obs, exp).pvalue)


@pytest.mark.parametrize(("k", "case"), list(enumerate(SAMPLER_CASES)),
                         ids=[c[0] for c in SAMPLER_CASES])
def test_candidates_match_exact_law(k: int, case: tuple[str, str, dict[str, Any], int]) -> None:
    _, algorithm, kw, limit = case
    spec = AlgorithmSpec(algorithm, (1,), **kw)
    p = _sampler_pvalue(spec, magnitude_law(spec), limit, k)
    assert p > SAMPLER_LEVEL, f"p = {p:.2e}"


#: Power of SAMPLER: (bug, case index) pairs that must be rejected.
PLANTED_SAMPLER = [("geom-digits-unnormalised", 2), ("power-acceptance-off-by-one", 5)]


@pytest.mark.parametrize(("bug", "k"), PLANTED_SAMPLER, ids=[b for b, _ in PLANTED_SAMPLER])
def test_sampler_rejects_planted_bugs(bug: str, k: int) -> None:
    _, algorithm, kw, limit = SAMPLER_CASES[k]
    spec = AlgorithmSpec(algorithm, (1,), **kw)
    p = _sampler_pvalue(spec, PLANTED[bug](magnitude_law(spec), spec), limit, 100 + k)
    assert p < SAMPLER_LEVEL, f"{bug} not detected: p = {p:.2e}"


# ----------------------------------------------------------------------------------------------
# EXACT: mean and variance of the run time against the exact solver
# ----------------------------------------------------------------------------------------------
#: Instances: every algorithm, irrational (mean-given) and rational q, small and large means,
#: beta near 1 and far from it, n = 1..3, optimal positions at the start (disturbed later).
EXACT_CASES: list[Case] = [
    ("ea-geom", (3,), {}),
    ("ea-geom", (4, -2), {"geom_q": F(1, 2)}),
    ("ea-geom", (3, 0, 1), {"geom_mean": F(5)}),
    ("ea-geom", (3,), {"geom_mean": F(1, 10)}),
    ("rls-geom", (5, 2), {}),
    ("rls-geom", (4,), {"geom_mean": F(20)}),
    ("rls-geom", (3, 0, -2), {"geom_q": F(1, 3)}),
    ("ea-power", (3,), {}),
    ("ea-power", (4, -2), {"power_exponent": F(3)}),
    ("ea-power", (2, -1), {"power_exponent": F(11, 10)}),
    ("ea-power", (3, 0, 2), {"power_exponent": F(2)}),
    ("rls-power", (6, 3), {}),
    ("rls-power", (5, 0), {"power_exponent": F(11, 10)}),
    ("rls-power", (12,), {}),
]
EXACT_RUNS = 20_000
SEED_EXACT = 150_302
#: Bonferroni over every case and statistic (mean, variance).
EXACT_Z = float(stats.norm.isf(FAMILY_ALPHA / (len(EXACT_CASES) * 2) / 2))


def _moment_z(times: np.ndarray, mean: float, var: float) -> tuple[float, float]:
    """z-statistics of the sample mean and the sample variance against exact values."""
    x = times.astype(float)
    runs = x.size
    z_mean = (x.mean() - mean) / math.sqrt(var / runs)
    s2 = x.var(ddof=1)
    m4 = float(((x - x.mean()) ** 4).mean())
    z_var = (s2 - var) / math.sqrt((m4 - s2 * s2) / runs)
    return z_mean, z_var


@functools.cache
def _exact(k: int) -> tuple[float, float, int]:
    """``(E[T], Var[T], cap)``; the cap ``30 ceil(e h_max)`` (``h_max`` the largest expected
    remaining time of the chain) is exceeded by a correct run with probability ``<= e^-30``
    (Markov's inequality, restarted; as in :class:`zonemax.stats_tests.suite.ExactCase`), so a
    censored run is a rejection."""
    res = exact_expectation(_spec(EXACT_CASES[k]), with_variance=True)
    assert res.variance is not None and res.max_remaining is not None
    # interval midpoints: error bounds below 1e-20, far below the statistical resolution
    assert float(res.error_bound) < 1e-12
    cap = 30 * math.ceil(math.e * res.max_remaining)
    return float(res.expectation), float(res.variance), cap


def _exact_z(k: int, law: MagnitudeLaw, salt: int) -> tuple[float, float]:
    mean, var, cap = _exact(k)
    times = _run_times(_spec(EXACT_CASES[k]), law, EXACT_RUNS, _rng(SEED_EXACT, salt, k), cap)
    if (times < 0).any():
        return math.inf, math.inf
    return _moment_z(times, mean, var)


def test_exact_cases_cover_every_new_algorithm() -> None:
    assert {c[0] for c in EXACT_CASES} == {"ea-geom", "rls-geom", "ea-power", "rls-power"}


@pytest.mark.parametrize("k", range(len(EXACT_CASES)),
                         ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in EXACT_CASES])
def test_exact_mean_and_variance(k: int) -> None:
    z_mean, z_var = _exact_z(k, magnitude_law(_spec(EXACT_CASES[k])), 0)
    assert abs(z_mean) < EXACT_Z, f"mean: z = {z_mean:.2f}"
    assert abs(z_var) < EXACT_Z, f"variance: z = {z_var:.2f}"


#: Power of EXACT: every planted bug on a case it must be rejected on (index into EXACT_CASES).
PLANTED_EXACT = [("geom-no-zero-step", 0), ("geom-no-zero-step", 4),
                 ("small-table-off-by-one", 3), ("small-table-off-by-one", 7)]


@pytest.mark.parametrize(("bug", "k"), PLANTED_EXACT, ids=[f"{b}-{k}" for b, k in PLANTED_EXACT])
def test_exact_rejects_planted_bugs(bug: str, k: int) -> None:
    spec = _spec(EXACT_CASES[k])
    zs = _exact_z(k, PLANTED[bug](magnitude_law(spec), spec), 99)
    assert max(abs(z) for z in zs) > EXACT_Z, f"{bug} not detected: z = {zs}"


# ----------------------------------------------------------------------------------------------
# TWO_SAMPLE: the engine against the reference at medium r
# ----------------------------------------------------------------------------------------------
#: (id, case, reference runs).  Mean run times (engine, 2000 runs): 130, 132, 229, about 600
#: and 440; the reference simulates about 10^4 evaluations per second, so the default family
#: costs about 25 s.  The small-mean cases are where the planted law bugs move the run time.
TWO_SAMPLE_CASES: list[tuple[str, Case, int]] = [
    ("ea-power-r1e3", ("ea-power", (1000,), {}), 200),
    ("ea-geom-mean30-r1e3", ("ea-geom", (1000,), {"geom_mean": F(30)}), 200),
    ("rls-geom-mean30-r300-n2", ("rls-geom", (300, -200), {"geom_mean": F(30)}), 200),
    ("ea-geom-mean1-r300", ("ea-geom", (300,), {}), 150),
    ("rls-power-3-r300", ("rls-power", (300,), {"power_exponent": F(3)}), 150),
]
SLOW_TWO_SAMPLE_CASES: list[tuple[str, Case, int]] = [
    ("ea-power-r1e4", ("ea-power", (10**4,), {}), 300),
    ("ea-power-r1e3-n2", ("ea-power", (1000, -1000), {}), 300),
    ("ea-power-r1e5", ("ea-power", (10**5,), {}), 200),
    ("rls-geom-mean300-r1e5", ("rls-geom", (10**5,), {"geom_mean": F(300)}), 200),
    ("rls-power-r1e6", ("rls-power", (10**6,), {}), 200),
    ("ea-geom-mean1000-r1e6", ("ea-geom", (10**6,), {"geom_mean": F(1000)}), 200),
]
N_FAST = 4000
SEED_TWO = 150_303
#: Statistics per case: KS and the decile chi-square.
TWO_SAMPLE_STATS = 2


@functools.cache
def _reference_times(name: str) -> np.ndarray:
    """The reference's run times for the two-sample case ``name`` (once per session)."""
    _, case, runs = next(c for c in TWO_SAMPLE_CASES + SLOW_TWO_SAMPLE_CASES if c[0] == name)
    spec = _spec(case)
    seeds = np.random.SeedSequence([SEED_TWO, 1, *map(abs, spec.a)]).spawn(runs)
    return np.array([run(spec, rng=np.random.default_rng(s)).evaluations for s in seeds],
                    np.int64)


def _deciles_p(x: np.ndarray, y: np.ndarray) -> float:
    """Two-sample chi-square on integer samples, cells = pooled deciles (identical for both)."""
    edges = np.unique(np.quantile(np.concatenate([x, y]), np.linspace(0, 1, 11)[1:-1]))
    table = np.array([np.bincount(np.searchsorted(edges, v, side="right"),
                                  minlength=edges.size + 1) for v in (x, y)])
    table = table[:, table.sum(axis=0) > 0]
    if table.shape[1] < 2:
        return 1.0
    return float(stats.chi2_contingency(table).pvalue)


def _two_sample_ps(times: np.ndarray, reference: np.ndarray) -> list[float]:
    return [float(stats.ks_2samp(times, reference, method="asymp").pvalue),
            _deciles_p(times, reference)]


def _check_two_sample(case: tuple[str, Case, int], level: float) -> None:
    name, spec_case, _ = case
    spec = _spec(spec_case)
    batch = run_many(spec, runs=N_FAST, seed=SEED_TWO, budget=None)
    assert batch.solved.all()
    ps = _two_sample_ps(np.asarray(batch.evaluations), _reference_times(name))
    assert min(ps) > level, f"p-values {[f'{p:.2g}' for p in ps]}"


@pytest.mark.parametrize("case", TWO_SAMPLE_CASES, ids=[c[0] for c in TWO_SAMPLE_CASES])
def test_engine_matches_reference(case: tuple[str, Case, int]) -> None:
    _check_two_sample(case, FAMILY_ALPHA / (len(TWO_SAMPLE_CASES) * TWO_SAMPLE_STATS))


#: Power of TWO_SAMPLE: (bug, case index).
PLANTED_TWO_SAMPLE = [("geom-no-zero-step", 3), ("small-table-off-by-one", 4)]


@pytest.mark.parametrize(("bug", "k"), PLANTED_TWO_SAMPLE, ids=[b for b, _ in PLANTED_TWO_SAMPLE])
def test_two_sample_rejects_planted_bugs(bug: str, k: int) -> None:
    name, spec_case, _ = TWO_SAMPLE_CASES[k]
    spec = _spec(spec_case)
    reference = _reference_times(name)
    times = _run_times(spec, PLANTED[bug](magnitude_law(spec), spec), N_FAST,
                       _rng(SEED_TWO, 99, k), 1000 * int(reference.max()))
    if (times < 0).any():  # runs a thousand times longer than any reference run: rejected
        return
    ps = _two_sample_ps(times, reference)
    level = FAMILY_ALPHA / (len(TWO_SAMPLE_CASES) * TWO_SAMPLE_STATS)
    assert min(ps) < level, f"{bug} not detected: p-values {[f'{p:.2g}' for p in ps]}"


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW_TWO_SAMPLE_CASES, ids=[c[0] for c in SLOW_TWO_SAMPLE_CASES])
def test_engine_matches_reference_slow(case: tuple[str, Case, int]) -> None:
    _check_two_sample(case, FAMILY_ALPHA / (len(SLOW_TWO_SAMPLE_CASES) * TWO_SAMPLE_STATS))


# ----------------------------------------------------------------------------------------------
# API: determinism, budgets, what is supported
# ----------------------------------------------------------------------------------------------
API_CASES: list[Case] = [
    ("ea-geom", (40, -13, 0, 7, 22), {}),
    ("rls-geom", (40, -13, 0, 7, 22), {"geom_mean": F(12)}),
    ("ea-power", (40, -13, 0, 7, 22), {}),
    ("rls-power", (40, -13, 0, 7, 22), {"power_exponent": F(5, 2)}),
]


@pytest.mark.parametrize("case", API_CASES, ids=[c[0] for c in API_CASES])
def test_same_seed_same_result_jobs_independent_and_budget(case: Case) -> None:
    spec = _spec(case)
    one = run_many(spec, runs=37, seed=5, budget=None, jobs=1)
    two = run_many(spec, runs=37, seed=5, budget=None, jobs=2)
    other = run_many(spec, runs=37, seed=6, budget=None, jobs=1)
    assert one.solved.all()
    np.testing.assert_array_equal(one.evaluations, two.evaluations)
    assert not np.array_equal(one.evaluations, other.evaluations)
    budget = int(np.median(one.evaluations))
    censored = run_many(spec, runs=37, seed=5, budget=budget, jobs=2)
    np.testing.assert_array_equal(censored.evaluations, np.minimum(one.evaluations, budget))
    np.testing.assert_array_equal(censored.solved, one.evaluations <= budget)


def test_zero_target_and_zero_budget() -> None:
    for algorithm in ("ea-geom", "rls-geom", "ea-power", "rls-power"):
        batch = run_many(AlgorithmSpec(algorithm, (0, 0)), runs=2, seed=0, budget=None)
        assert batch.evaluations.tolist() == [0, 0] and batch.solved.all()
        batch = run_many(AlgorithmSpec(algorithm, (1,)), runs=2, seed=0, budget=0)
        assert batch.evaluations.tolist() == [0, 0] and not batch.solved.any()


def test_large_targets_run_and_overflow_is_refused() -> None:
    # the largest int64 targets run (candidates up to 2^62, sums guarded), larger are refused
    big = (2**59, -(2**59) + 1, 3)
    for algorithm in ("ea-geom", "rls-geom", "ea-power", "rls-power"):
        spec = AlgorithmSpec(algorithm, big, **({"geom_mean": F(2**58)}
                                                 if algorithm.endswith("geom") else {}))
        assert supports(spec)
        batch = run_many(spec, runs=3, seed=1, budget=2000)
        assert (batch.evaluations <= 2000).all()
        too_big = spec.with_target((2**61,))
        assert not supports(too_big)
        assert "int64" in (unsupported(too_big) or "")
        with pytest.raises(ValueError, match="reference"):
            run_many(too_big, runs=1, seed=0, budget=1)


def test_moves_that_float64_cannot_see_censor_at_the_budget() -> None:
    # a double-geometric mean of 10^-400: P(move) = 2q/(1+q) ~ 10^-400 is 0 in float64, so no
    # step can be drawn; the runs are censored (the reference would need ~10^400 iterations)
    spec = AlgorithmSpec("ea-geom", (3, 1), geom_mean=F(1, 10**400))
    assert supports(spec)
    batch = run_many(spec, runs=2, seed=0, budget=10**6)
    assert batch.evaluations.tolist() == [10**6, 10**6] and not batch.solved.any()
    batch = run_many(spec.with_target((0,)), runs=1, seed=0, budget=None)
    assert batch.solved.all()


def test_unsupported_says_why() -> None:
    assert unsupported(AlgorithmSpec("ea-power", (3,))) is None
    assert "cma-wm" in (unsupported(AlgorithmSpec("cma-wm", (3, 3))) or "")
    # extreme parameters are supported: their float64 tables are exact closed forms (beta) or
    # cancellation-free Arb formulas (q)
    for beta in (1 + F(1, 10**10000), 1 + F(1, 10**300), F(10**9)):
        assert supports(AlgorithmSpec("ea-power", (3,), power_exponent=beta))
    for mean in (F(1, 10**3000), F(10**3000)):
        assert supports(AlgorithmSpec("rls-geom", (3,), geom_mean=mean))


def test_power_law_closed_forms_match_the_computed_tables() -> None:
    # Extreme exponents skip the Arb computation (_magnitude_law.BETA_ONE_STEP, BETA_NO_STEP):
    # their closed forms must be exactly the float64 tables that the computation gives just
    # inside its range (the module's bounds say both round the same way there).
    for closed_beta, computed_beta, beta_field in (
            (BETA_ONE_STEP, BETA_ONE_STEP - 1, BETA_CLAMP),  # every step is 1
            (1 + BETA_NO_STEP, 1 + Fraction(1, 10**330), 1.0)):  # no candidate has mass
        closed, computed = _power_law(closed_beta), _power_law(computed_beta)
        for field in MagnitudeLaw._fields:
            a, b = getattr(closed, field), getattr(computed, field)
            if field == "beta":  # the acceptance exponent: clamped, never used for these laws
                assert (a, type(a)) == (beta_field, float)
            elif isinstance(b, np.ndarray):
                assert a.dtype == b.dtype and np.array_equal(a, b), field
                assert not a.flags.writeable, field
            else:
                assert (a, type(a)) == (b, type(b)), field
    # and the kernels take them: every step is 1 (the run ends), or no step moves (censored)
    one = run_many(AlgorithmSpec("ea-power", (4, -2), power_exponent=BETA_ONE_STEP),
                   runs=3, seed=5, budget=None)
    assert one.solved.all()
    none = run_many(AlgorithmSpec("rls-power", (4, -2), power_exponent=1 + BETA_NO_STEP),
                    runs=2, seed=5, budget=10**5)
    assert none.evaluations.tolist() == [10**5, 10**5] and not none.solved.any()
