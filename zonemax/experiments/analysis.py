"""From run records to cell summaries, and the verdicts on the failure-rate claims (Section 6.1).

A verdict is one of ``consistent`` (the data agree with the claim at the stated level),
``not consistent`` (the data contradict it) or ``inconclusive`` (the grid cannot decide it, e.g.
too few cells or no failures at all); it always comes with the numbers it rests on.  The
conventions (ERT, censoring, tests, effect sizes) are those of :mod:`zonemax.experiments.stats`.
The run-time claims of Section 6.2 and the truncation variants are judged in
:mod:`zonemax.experiments.analysis_runtime`.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from zonemax.experiments.simulate import RunRecord
from zonemax.experiments.stats import (
    ALPHA,
    bootstrap_ert_ci,
    clopper_pearson,
    cochran_armitage,
    ert,
    holm,
    stable_seed,
)

#: A failure rate whose 95% upper bound is below this is "not significant" (zonemax's reading
#: of Section 6.1's "the failure rate is significant"; the paper gives no number).
NEGLIGIBLE_RATE = 0.05
#: Section 6.1: "for n < 40 the failure rate is zero".
ZERO_FAILURE_BELOW_N = 40

Key = tuple[str, int, int]  # (variant, n, r)


@dataclass(frozen=True)
class CellSummary:
    """All runs of one variant at one (n, r)."""

    variant: str
    n: int
    r: int
    runs: int
    solved: int
    reasons: dict[str, int]
    evaluations: tuple[int, ...]
    solved_flags: tuple[bool, ...]
    ert: float
    ert_ci: tuple[float, float]
    median: float
    engines: tuple[str, ...]

    @property
    def censored(self) -> int:
        return self.runs - self.solved


def summarise(records: Iterable[RunRecord], master_seed: int) -> dict[Key, CellSummary]:
    """Group records by (variant, n, r) and compute ERT, bootstrap CI and median."""
    groups: dict[Key, list[RunRecord]] = defaultdict(list)
    for rec in records:
        groups[(rec.algorithm, rec.n, rec.r)].append(rec)
    out: dict[Key, CellSummary] = {}
    for key, recs in sorted(groups.items()):
        recs.sort(key=lambda x: x.run)
        ev = tuple(x.evaluations for x in recs)
        ok = tuple(x.solved for x in recs)
        reasons: dict[str, int] = defaultdict(int)
        for x in recs:
            reasons[x.reason] += 1
        out[key] = CellSummary(
            variant=key[0], n=key[1], r=key[2], runs=len(recs), solved=sum(ok),
            reasons=dict(sorted(reasons.items())), evaluations=ev, solved_flags=ok,
            ert=ert(ev, ok), ert_ci=bootstrap_ert_ci(ev, ok, stable_seed(master_seed, *key)),
            median=float(sorted(ev)[(len(ev) - 1) // 2] + sorted(ev)[len(ev) // 2]) / 2,
            engines=tuple(sorted({x.engine for x in recs})),
        )
    return out


@dataclass(frozen=True)
class Claim:
    """One statement of the paper with what zonemax measured."""

    quote: str
    source: str
    verdict: str
    measured: str
    method: str
    #: Why this scale's grid cannot decide the claim (empty at paper scale or when it can);
    #: set by :func:`zonemax.experiments.report.write_report`.
    scale_note: str = ""


# ------------------------------------------------------------------------------ cma-failure


@dataclass(frozen=True)
class FailureRow:
    r: int
    n: int
    runs: int
    failures: int
    rate: float
    ci: tuple[float, float]
    reasons: dict[str, int]


@dataclass(frozen=True)
class FailureAnalysis:
    rows: tuple[FailureRow, ...]
    trends: dict[int, tuple[float, float, float, str]]  # r -> (z, p, p_holm, note)
    pooled_trend: tuple[float, float, str]
    claims: tuple[Claim, ...]


def analyse_failures(cells: dict[Key, CellSummary]) -> FailureAnalysis:
    rows = []
    for (variant, n, r), c in sorted(cells.items(), key=lambda kv: (kv[0][2], kv[0][1])):
        if variant != "cma-wm":
            continue
        k = c.censored
        rows.append(FailureRow(r, n, c.runs, k, k / c.runs, clopper_pearson(k, c.runs),
                               {k2: v for k2, v in c.reasons.items() if k2 != "optimum"}))
    rs = sorted({row.r for row in rows})
    raw: dict[int, tuple[float, float, str]] = {}
    for r in rs:
        sel = [row for row in rows if row.r == r]
        t = cochran_armitage([x.failures for x in sel], [x.runs for x in sel], [x.n for x in sel])
        raw[r] = (t.z, t.p, t.note)
    adj = holm([raw[r][1] for r in rs])
    trends = {r: (raw[r][0], raw[r][1], adj[i], raw[r][2]) for i, r in enumerate(rs)}
    ns = sorted({row.n for row in rows})
    pooled = cochran_armitage(
        [sum(x.failures for x in rows if x.n == n) for n in ns],
        [sum(x.runs for x in rows if x.n == n) for n in ns], ns)
    claims = []
    small = [row for row in rows if row.n < ZERO_FAILURE_BELOW_N]
    method0 = "failures counted; exact Clopper-Pearson 95% upper bound of the pooled rate"
    if small:
        k, tot = sum(x.failures for x in small), sum(x.runs for x in small)
        hi = clopper_pearson(k, tot)[1]
        measured = (f"{k} failures in {tot} runs with n < {ZERO_FAILURE_BELOW_N} "
                    f"(95% CI of the rate [{clopper_pearson(k, tot)[0]:.3g}, {hi:.3g}])")
        verdict = "consistent" if k == 0 else "not consistent"
    else:
        measured, verdict = f"no cell with n < {ZERO_FAILURE_BELOW_N} at this scale", \
            "inconclusive"
    claims.append(Claim("for n < 40 the failure rate is zero", "Section 6.1", verdict,
                        measured, method0))
    if math.isnan(pooled.p):
        verdict, measured = "inconclusive", f"trend test {pooled.note}"
    else:
        verdict = "consistent" if pooled.p < ALPHA else "inconclusive"
        per_r = "; ".join(
            f"r={r}: z={z:.2f}, p={p:.3g}, Holm p={ph:.3g}" if not math.isnan(p)
            else f"r={r}: {note}" for r, (z, p, ph, note) in trends.items())
        measured = f"pooled over r: z={pooled.z:.2f}, one-sided p={pooled.p:.3g} ({per_r})"
    claims.append(Claim("the failure rate increases as n increases", "Section 6.1", verdict,
                        measured, "one-sided Cochran-Armitage trend test (scores = n), per r "
                        "with Holm correction across r and pooled over r; alpha = 0.05"))
    if rows:
        r_min = min(rs)
        sel = [row for row in rows if row.r == r_min]
        worst = max(sel, key=lambda x: x.rate)
        pooled_hi = clopper_pearson(sum(x.failures for x in sel), sum(x.runs for x in sel))[1]
        if worst.ci[0] > 0:
            verdict = "consistent"
        elif pooled_hi < NEGLIGIBLE_RATE:
            verdict = "not consistent"
        else:
            verdict = "inconclusive"
        measured = (f"largest failure rate at r={r_min}: {worst.failures}/{worst.runs} at "
                    f"n={worst.n} (95% CI [{worst.ci[0]:.3g}, {worst.ci[1]:.3g}])")
        claims.append(Claim("the failure rate is significant despite r being quite small",
                            "Section 6.1", verdict, measured,
                            "consistent iff a Clopper-Pearson interval at the smallest r "
                            "excludes 0; not consistent iff the pooled upper bound at the "
                            f"smallest r is below {NEGLIGIBLE_RATE:g}"))
    return FailureAnalysis(tuple(rows), trends, (pooled.z, pooled.p, pooled.note), tuple(claims))
