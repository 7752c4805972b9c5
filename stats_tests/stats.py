"""zonemax's statistics, for the pre-registered families (:mod:`zonemax.stats_tests`) and the
reproduction's report (:mod:`zonemax.experiments`) alike; each convention is stated once here.

Names say what they return: :func:`holm_reject` (which hypotheses a family rejects),
:func:`holm_adjusted` (Holm-adjusted p-values), :func:`clopper_pearson` (an :class:`Interval`),
:func:`loglog_slope` (a :class:`Slope` whose :meth:`Slope.interval` gives a t interval).

* **Censoring.**  A run that stops before the optimum (budget, or CMA-ESwM's eigenvalue
  criterion) is *censored*: its evaluation count is a lower bound on its run time.  Censored runs
  are never dropped.
* **ERT** (expected running time, the IOHprofiler / COCO convention): total evaluations of all
  runs, censored ones included, divided by the number of successful runs; ``inf`` without
  successes.  Its 95% interval is a percentile bootstrap over runs (:data:`BOOTSTRAP_RESAMPLES`
  resamples, seeded from the cell so the report is deterministic); a resample without successes
  has ERT ``inf``, so an upper end may be ``inf``.
* **Means** (:func:`mean_ci`): a t interval, or a seeded BCa bootstrap.
* **Failure rates** get exact Clopper-Pearson intervals
  (``scipy.stats.binomtest(...).proportion_ci(method='exact')``).
* **Trend in n**: the one-sided Cochran-Armitage test for an increasing trend in proportions
  with scores = n (normal approximation; undefined when all or no runs fail).
* **Two algorithms at one (n, r)**: without censoring, the Mann-Whitney U test
  (``scipy.stats.mannwhitneyu``); with censoring in either sample, Gehan's generalised Wilcoxon
  test (pairwise scores +1/-1/0 where 0 = tie or order undetermined by censoring) with Mantel's
  permutation variance and a normal approximation.  Without censoring both tests rank alike.
  Effect size: the common-language effect size / Vargha-Delaney ``A = P(X < Y) + P(tie)/2``
  (undetermined pairs count one half) and the rank-biserial correlation ``2A - 1``; positive
  means the first algorithm needs fewer evaluations.
* **Multiplicity**: Holm's step-down correction (the report: across the ``r`` values of one
  comparison; the families: across a family's tests).
* **Growth exponents** (:func:`loglog_slope`): least squares of ``log10(values)`` on
  ``log10(x)``, with a two-sided t interval on ``points - 2`` degrees of freedom.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from scipy import stats

#: Confidence level of every interval in the report.
CONFIDENCE = 0.95
#: Significance level of every test in the report (after Holm correction where stated).
ALPHA = 0.05
#: Bootstrap resamples for ERT intervals (2000: Monte-Carlo error of a 2.5% quantile ~0.35%).
BOOTSTRAP_RESAMPLES = 2000


def ert(evaluations: Sequence[int], solved: Sequence[bool]) -> float:
    """Total evaluations / successes (``inf`` without successes)."""
    successes = sum(bool(s) for s in solved)
    return float(sum(evaluations)) / successes if successes else math.inf


def stable_seed(*parts: object) -> int:
    """A deterministic 32-bit seed from ``parts`` (crc32 of their repr; not Python's hash)."""
    return zlib.crc32(repr(parts).encode("utf-8"))


def bootstrap_ert_ci(evaluations: Sequence[int], solved: Sequence[bool], seed: int,
                     resamples: int = BOOTSTRAP_RESAMPLES,
                     confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Percentile-bootstrap interval of the ERT (resampling runs)."""
    ev = np.asarray(evaluations, dtype=float)
    ok = np.asarray(solved, dtype=bool)
    if ev.size == 0:
        return (math.nan, math.nan)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, ev.size, size=(resamples, ev.size))
    totals = ev[idx].sum(axis=1)
    succ = ok[idx].sum(axis=1)
    values = np.full(resamples, np.inf)
    np.divide(totals, succ, out=values, where=succ > 0)
    lo_q, hi_q = (1 - confidence) / 2, 1 - (1 - confidence) / 2
    lo = float(np.quantile(values, lo_q, method="inverted_cdf"))
    hi = float(np.quantile(values, hi_q, method="inverted_cdf"))
    return (lo, hi)


@dataclass(frozen=True)
class Interval:
    """A two-sided confidence interval ``[low, high]`` at ``level``, and how it was computed."""

    low: float
    high: float
    level: float
    method: str

    def bounds(self) -> tuple[float, float]:
        """``(low, high)``."""
        return (self.low, self.high)


def clopper_pearson(k: int, n: int, confidence: float = CONFIDENCE) -> Interval:
    """Exact (Clopper-Pearson) interval for a binomial proportion: ``k`` events in ``n`` trials
    (``nan`` ends when ``n = 0``)."""
    if n <= 0:
        return Interval(math.nan, math.nan, confidence, "clopper-pearson")
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=confidence, method="exact")
    return Interval(float(ci.low), float(ci.high), confidence, "clopper-pearson")


def mean_ci(x: np.ndarray, level: float = CONFIDENCE,
            method: Literal["t", "bootstrap"] = "t", seed: int = 0) -> Interval:
    """Two-sided confidence interval for the mean of ``x``.

    ``t`` is justified for the sample sizes used here (run times have finite variance for all
    the algorithms tested and n >= 100 runs, so the CLT applies); ``bootstrap`` uses
    :func:`scipy.stats.bootstrap` (BCa) with a fixed seed.
    """
    x = np.asarray(x, dtype=np.float64)
    if method == "t":
        m = float(x.mean())
        se = float(x.std(ddof=1) / math.sqrt(x.size))
        q = float(stats.t.ppf(0.5 + level / 2, x.size - 1))
        return Interval(m - q * se, m + q * se, level, "t")
    res = stats.bootstrap((x,), np.mean, confidence_level=level, method="BCa",
                          rng=np.random.default_rng(seed), n_resamples=4999)
    return Interval(float(res.confidence_interval.low), float(res.confidence_interval.high),
                    level, "bootstrap-BCa")


@dataclass(frozen=True)
class TrendTest:
    """Cochran-Armitage test for an increasing trend; ``p`` is ``nan`` when undefined."""

    z: float
    p: float
    note: str = ""


def cochran_armitage(events: Sequence[int], totals: Sequence[int],
                     scores: Sequence[float]) -> TrendTest:
    """One-sided (increasing) Cochran-Armitage trend test.

    ``T = sum s_i (x_i - N_i p)``, ``Var T = p (1 - p) (sum N_i s_i^2 - (sum N_i s_i)^2 / N)``
    with ``p = sum x_i / N``; ``z = T / sqrt(Var T)``, ``p-value = 1 - Phi(z)``.
    """
    x = np.asarray(events, dtype=float)
    tot = np.asarray(totals, dtype=float)
    s = np.asarray(scores, dtype=float)
    big_n = tot.sum()
    if big_n <= 0 or len(x) < 2:
        return TrendTest(math.nan, math.nan, "fewer than two groups")
    p = x.sum() / big_n
    if p in (0.0, 1.0):
        return TrendTest(math.nan, math.nan,
                         "undefined: " + ("no failures" if p == 0 else "all runs failed"))
    t = float((s * (x - tot * p)).sum())
    var = p * (1 - p) * float((tot * s * s).sum() - (tot * s).sum() ** 2 / big_n)
    if var <= 0:
        return TrendTest(math.nan, math.nan, "undefined: all scores equal")
    z = t / math.sqrt(var)
    return TrendTest(z, float(stats.norm.sf(z)))


@dataclass(frozen=True)
class Comparison:
    """Two samples of run times compared (X = first algorithm, Y = second)."""

    method: str
    alternative: str
    statistic: float
    p: float
    a12: float
    rank_biserial: float


def _pair_scores(xe: np.ndarray, xs: np.ndarray, ye: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Matrix ``S[i, j]``: +1 if run ``x_i`` is definitely faster than ``y_j``, -1 if definitely
    slower, 0 if tied or undetermined.  A censored run's true time exceeds its count."""
    xv, yv = xe[:, None], ye[None, :]
    xsol, ysol = xs[:, None], ys[None, :]
    faster = xsol & (xv < yv) | (xsol & ~ysol & (xv <= yv))
    slower = ysol & (yv < xv) | (ysol & ~xsol & (yv <= xv))
    return faster.astype(int) - slower.astype(int)


def compare(x_evals: Sequence[int], x_solved: Sequence[bool], y_evals: Sequence[int],
            y_solved: Sequence[bool], alternative: str = "two-sided") -> Comparison:
    """Compare run times of X and Y; ``alternative='less'`` means "X needs fewer evaluations"."""
    if alternative not in ("two-sided", "less", "greater"):
        raise ValueError(f"alternative must be two-sided, less or greater, got {alternative!r}")
    xe, ye = np.asarray(x_evals, dtype=float), np.asarray(y_evals, dtype=float)
    xs, ys = np.asarray(x_solved, dtype=bool), np.asarray(y_solved, dtype=bool)
    n1, n2 = xe.size, ye.size
    if n1 == 0 or n2 == 0:
        raise ValueError("both samples need at least one run")
    scores = _pair_scores(xe, xs, ye, ys)
    a12 = float(((scores == 1).sum() + 0.5 * (scores == 0).sum()) / (n1 * n2))
    rb = 2 * a12 - 1
    if xs.all() and ys.all():
        if np.unique(np.concatenate([xe, ye])).size == 1:
            return Comparison("Mann-Whitney U", alternative, n1 * n2 / 2, 1.0, a12, rb)
        res = stats.mannwhitneyu(xe, ye, alternative=alternative, method="auto")
        return Comparison("Mann-Whitney U", alternative, float(res.statistic), float(res.pvalue),
                          a12, rb)
    # Gehan: pooled scores u_k = #(k definitely slower than l) - #(k definitely faster than l).
    pe, ps = np.concatenate([xe, ye]), np.concatenate([xs, ys])
    u = -_pair_scores(pe, ps, pe, ps).sum(axis=1)
    w = float(u[:n1].sum())  # > 0: X tends to be slower
    big_n = n1 + n2
    var = n1 * n2 * float((u.astype(float) ** 2).sum()) / (big_n * (big_n - 1))
    if var <= 0:
        return Comparison("Gehan (censored)", alternative, w, 1.0, a12, rb)
    z = w / math.sqrt(var)
    if alternative == "less":
        p = float(stats.norm.cdf(z))
    elif alternative == "greater":
        p = float(stats.norm.sf(z))
    else:
        p = float(min(1.0, 2 * stats.norm.sf(abs(z))))
    return Comparison("Gehan (censored)", alternative, w, p, a12, rb)


def holm_reject(p_values: Sequence[float], alpha: float) -> list[bool]:
    """Holm-Bonferroni step-down: which hypotheses are rejected at family-wise level ``alpha``."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    reject = [False] * m
    for rank, i in enumerate(order):
        if p_values[i] <= alpha / (m - rank):
            reject[i] = True
        else:
            break
    return reject


def holm_adjusted(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (``nan`` entries stay ``nan`` and are not counted);
    ``holm_adjusted(p)[i] <= alpha`` iff ``holm_reject(p, alpha)[i]`` (without ``nan``)."""
    idx = [i for i, p in enumerate(pvalues) if not math.isnan(p)]
    m = len(idx)
    adjusted = [math.nan] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(sorted(idx, key=lambda j: pvalues[j])):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class Slope:
    """Least-squares slope of ``log10(values)`` against ``log10(x)`` over ``points`` points
    (``stderr`` is ``nan`` with fewer than three points, ``slope`` with fewer than two)."""

    slope: float
    stderr: float
    points: int
    intercept: float = math.nan

    def interval(self, level: float = CONFIDENCE) -> tuple[float, float]:
        """Two-sided t interval for the slope (``points - 2`` degrees of freedom)."""
        if not math.isfinite(self.stderr):
            return (math.nan, math.nan)
        q = float(stats.t.ppf(0.5 + level / 2, self.points - 2))
        return (self.slope - q * self.stderr, self.slope + q * self.stderr)


def loglog_slope(xs: Sequence[float], values: Sequence[float]) -> Slope:
    """Slope of ``log10(values)`` on ``log10(xs)``; points with a value that is not finite and
    positive are left out; needs >= 3 such points for a standard error."""
    pts = [(math.log10(x), math.log10(v)) for x, v in zip(xs, values, strict=True)
           if math.isfinite(v) and v > 0]
    if len(pts) < 2:
        return Slope(math.nan, math.nan, len(pts))
    lx, ly = np.array([p[0] for p in pts]), np.array([p[1] for p in pts])
    if len(pts) == 2:
        slope = float((ly[1] - ly[0]) / (lx[1] - lx[0]))
        return Slope(slope, math.nan, 2, float(ly[0] - slope * lx[0]))
    res = stats.linregress(lx, ly)
    return Slope(float(res.slope), float(res.stderr), len(pts), float(res.intercept))


def slope_difference_p(a: Slope, b: Slope) -> float:
    """Two-sided p-value of ``a.slope == b.slope`` (z-test with independent standard errors)."""
    if not (math.isfinite(a.stderr) and math.isfinite(b.stderr)):
        return math.nan
    se = math.hypot(a.stderr, b.stderr)
    if se == 0:
        return 1.0 if a.slope == b.slope else 0.0
    return float(2 * stats.norm.sf(abs(a.slope - b.slope) / se))
