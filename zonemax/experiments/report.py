"""The markdown report: figures, tables, the statistical methods and a verdict per paper claim.

:func:`write_report` analyses the records of each experiment
(:mod:`~zonemax.experiments.analysis`, :mod:`~zonemax.experiments.analysis_runtime`), draws its
figures and writes ``report.md``; the tables and the fixed section on the original CMA-ESwM code
are built by :mod:`zonemax.experiments.report_tables`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from zonemax import PAPER
from zonemax.experiments import analysis as an
from zonemax.experiments import analysis_runtime as ar
from zonemax.experiments import figures as fg
from zonemax.experiments.analysis_operators import QUOTE_FAVOUR, QUOTE_TUNED
from zonemax.experiments.costs import CMA_LARGE_R
from zonemax.experiments.design import (
    CMA_CAP_PER_N,
    GRIDS,
    RLS_CAP,
    TRUNCATION_SHARED,
    VARIANTS,
    Cell,
    cells_for,
)
from zonemax.experiments.report_operators import operators_section
from zonemax.experiments.report_tables import (
    cell_table,
    claims_methods,
    claims_table,
    image,
    number,
    original_cmaeswm_section,
    pairs_table,
    table,
)
from zonemax.experiments.simulate import RunRecord
from zonemax.experiments.store import RUNS_FILE, sessions_wall_seconds
from zonemax.stats_tests.stats import ALPHA, BOOTSTRAP_RESAMPLES, CONFIDENCE

REPORT_FILE = "report.md"
FIGURES_DIR = "figures"


def runs_to_rule_out(rate: float = an.NEGLIGIBLE_RATE) -> int:
    """Fewest runs per cell whose zero failures put the Clopper-Pearson upper bound below
    ``rate`` (72 for 5%): fewer runs cannot tell a failure rate of ``rate`` from none."""
    m = 1
    while 1 - ((1 - CONFIDENCE) / 2) ** (1 / m) >= rate:  # upper bound of 0/m (exact)
        m += 1
    return m


def scale_limits(quote: str, scale: str, verdict: str = "") -> str:
    """Why the grid of ``scale`` cannot decide the claim ``quote`` ('' when it can).

    * failure-rate claims (Section 6.1): fewer runs per cell than :func:`runs_to_rule_out`
      (and, for the trend in n, a smaller range of n than the paper's);
    * the scaling claim (Section 6.2): an algorithm of the figure that runs at one n only, so
      that its slopes at two values of n cannot be compared;
    * the power-law recommendation (``operators``): a smaller grid of n and r than the paper
      scale's, unless the verdict is ``not consistent`` (a significant counter-example decides
      at any scale);
    * the ±1 EA's competitiveness (Section 6.2): no r on one side of ``r = 100`` where the ±1
      EA and another algorithm of the figure both run (``tiny`` stops at r = 8, and printed
      "consistent" where the larger scales say "not consistent");
    * the ±1 EA's slope in r: fewer than :data:`~zonemax.experiments.analysis_runtime.SLOPE_POINTS`
      values of r >= 100.
    """
    if scale == "paper":
        return ""
    grid, paper = GRIDS[scale], GRIDS["paper"]
    reasons: list[str] = []
    if quote in (QUOTE_TUNED, QUOTE_FAVOUR) and verdict != "not consistent":
        cells, paper_cells = grid["operators"], paper["operators"]
        reasons.append(f"n = {', '.join(map(str, cells[0].ns))} and r ≤ "
                       f"{max(cells[0].rs):g} only (paper scale: n = "
                       f"{', '.join(map(str, paper_cells[0].ns))}, r up to "
                       f"{max(paper_cells[0].rs):.0e})")
    if "failure rate" in quote:
        cells, paper_cells = grid.get("cma-failure", ()), paper["cma-failure"]
        runs = min((c.runs for c in cells), default=0)
        need = runs_to_rule_out()
        if runs < need:
            reasons.append(f"{runs} runs per cell cannot tell a failure rate of "
                           f"{an.NEGLIGIBLE_RATE:.0%} from none (that needs {need}; paper "
                           f"scale: {min(c.runs for c in paper_cells)})")
        if "increases" in quote:
            top = max((n for c in cells for n in c.ns), default=0)
            paper_top = max(n for c in paper_cells for n in c.ns)
            if top < paper_top:
                reasons.append(f"n only up to {top} (paper scale: {paper_top})")
    if "scaling behavior" in quote:
        paper_ns = {c.variant: c.ns for c in paper["runtime"]}
        for c in grid.get("runtime", ()):
            if len(c.ns) < 2 <= len(paper_ns.get(c.variant, ())):
                reasons.append(f"{VARIANTS[c.variant].label} runs at n = "
                               f"{', '.join(map(str, c.ns))} only (paper scale: "
                               f"{', '.join(map(str, paper_ns[c.variant]))})")
    if quote == ar.QUOTE_PM1_COMPETITIVE:
        rs = {c.variant: {r for r in c.rs} for c in grid.get("runtime", ())}
        shared = rs.get(ar.ALLCOM[0], set()) & set().union(*(rs.get(v, set())
                                                              for v in ar.ALLCOM[1:]))
        if not any(r <= ar.COMPETITIVE_UP_TO_R for r in shared) \
                or not any(r > ar.COMPETITIVE_UP_TO_R for r in shared):
            reasons.append(f"needs r on both sides of {ar.COMPETITIVE_UP_TO_R} where the ±1 "
                           f"EA and another algorithm both run (this scale: r = "
                           f"{', '.join(map(str, sorted(shared))) or 'none'}; paper scale: r "
                           f"up to {max(_runtime_rs(paper, ar.ALLCOM[0])):.0e})")
    if quote == ar.QUOTE_PM1_LINEAR:
        large = sorted(r for r in _runtime_rs(grid, ar.ALLCOM[0]) if r >= 100)
        if len(large) < ar.SLOPE_POINTS:
            reasons.append(f"needs at least {ar.SLOPE_POINTS} values of r >= 100 for the ±1 EA "
                           f"(this scale: {len(large)}; paper scale: "
                           f"{sum(r >= 100 for r in _runtime_rs(paper, ar.ALLCOM[0]))})")
    return "; ".join(reasons)


def _runtime_rs(grid: dict[str, tuple[Cell, ...]], variant: str) -> set[int]:
    """The r values at which ``variant`` runs in the ``runtime`` experiment of ``grid``."""
    return {r for c in grid.get("runtime", ()) if c.variant == variant for r in c.rs}


@dataclass
class ReportOutput:
    """Where the report and its figures went, and the claims it judged."""

    report: Path
    figures: list[Path] = field(default_factory=list)
    claims: list[an.Claim] = field(default_factory=list)


def _select(records: Sequence[RunRecord], scale: str, experiment: str) -> list[RunRecord]:
    """The records ``experiment`` analyses: its cells' keys at ``scale``."""
    wanted = set()
    for owner, cell in cells_for(scale, experiment):
        for n in cell.ns:
            for r in cell.rs:
                for run in range(cell.runs):
                    wanted.add((owner, cell.variant, n, r, run))
    return [rec for rec in records if rec.key in wanted]


def _cma_budget_note(records: Sequence[RunRecord]) -> str:
    """What the CMA-ESwM budget did in this data: censored share and the longest successes,
    for r below and from :data:`CMA_LARGE_R` on (where runs reach the budget)."""
    parts = []
    for label, large in ((f"r < {CMA_LARGE_R:.0e}", False), (f"r ≥ {CMA_LARGE_R:.0e}", True)):
        sel = [x for x in records if x.algorithm == "cma-wm" and (x.r >= CMA_LARGE_R) == large]
        if not sel:
            continue
        hit = sum(1 for x in sel if x.reason == "budget")
        ok = [x.evaluations / x.n for x in sel if x.solved]
        longest = f"{max(ok):.0f}·n" if ok else "–"
        parts.append(f"{label}: {hit} of {len(sel)} runs reached the budget, the longest "
                     f"successful run needed {longest}")
    if not parts:
        return ""
    return ("In this data, " + "; ".join(parts) + ". Where runs reach the budget, CMA-ESwM's "
            "ERT depends on it (with a larger budget some censored runs could still succeed).")


def _sessions_line(metadata: dict[str, Any]) -> str:
    wall, timed, total = sessions_wall_seconds(metadata)
    if total == 0:
        return ""
    untimed = (f" ({total - timed} earlier invocation(s) without a record)"
               if timed < total else "")
    return (f"- wall time of the invocations that produced `{RUNS_FILE}`: {wall / 3600:.2f} h "
            f"over {timed} invocation(s){untimed}\n")


def write_report(out: Path, *, scale: str, experiments: Sequence[str],
                 records: Sequence[RunRecord], metadata: dict[str, Any],
                 planned: int | None = None) -> ReportOutput:
    """Analyse ``records`` for ``experiments`` and write figures and ``report.md`` to ``out``."""
    master_seed = int(metadata["master_seed"])
    fig_dir = out / FIGURES_DIR
    result = ReportOutput(out / REPORT_FILE)
    sections: list[str] = []
    all_claims: list[an.Claim] = []

    if "cma-failure" in experiments:
        cells = an.summarise(_select(records, scale, "cma-failure"), master_seed)
        fa = an.analyse_failures(cells)
        figs = fg.failure_figure(fa, fig_dir) if fa.rows else []
        result.figures += figs
        all_claims += fa.claims
        rows = [[row.r, row.n, row.runs, row.failures, f"{row.rate:.3f}",
                 f"[{row.ci[0]:.3f}, {row.ci[1]:.3f}]",
                 ", ".join(f"{k}: {v}" for k, v in row.reasons.items()) or "–"]
                for row in fa.rows]
        trend_rows = [[r, number(z, 3), number(p, 3), number(ph, 3), note or "–"]
                      for r, (z, p, ph, note) in fa.trends.items()]
        pz, pp, pnote = fa.pooled_trend
        trend_rows.append(["pooled", number(pz, 3), number(pp, 3), "–", pnote or "–"])
        sections.append(
            "## 1. CMA-ESwM failure rate (Section 6.1)\n\n"
            "Optimum all-r in {0..r}^n, CMA-ESwM as in `zonemax.reference.cma_wm` (initial mean uniform in "
            "[1, 3]^n, sigma = 1). A run *fails* when the minimum eigenvalue of sigma² C drops "
            "below 1e-30 (the paper's criterion, reason `min-eigenvalue`) or when it reaches its "
            f"budget of {CMA_CAP_PER_N}·n × budget factor evaluations first (reason `budget`). "
            "Both count as failures.\n\n"
            + (image(figs[0], out, "CMA-ESwM failure rate") if figs else "") + "\n"
            + table(["r", "n", "runs", "failures", "rate", "95% CI (Clopper-Pearson)",
                     "failure reasons"], rows)
            + "\nOne-sided Cochran-Armitage tests for a rate increasing with n (scores = n); "
              "Holm across r:\n\n"
            + table(["r", "z", "p (one-sided)", "Holm p", "note"], trend_rows)
            + "\n" + claims_table(fa.claims)
            + "\n" + original_cmaeswm_section())

    runtime_cells: dict[an.Key, an.CellSummary] = {}
    if "runtime" in experiments or "boxplots" in experiments:
        runtime_cells = an.summarise(_select(records, scale, "runtime"), master_seed)
    if "runtime" in experiments:
        ra = ar.analyse_runtime(runtime_cells)
        all_claims += ra.claims
        figs = fg.runtime_figure(runtime_cells, [v for v in ("ea-pm1", "ea-heavy", "rls-2-0.5",
                                                             "cma-wm")
                                                 if any(k[0] == v for k in runtime_cells)],
                                 fig_dir, "runtime_allcom",
                                 "Run time over r (Figure allCom, with CMA-ESwM)")
        result.figures += figs
        slope_rows = [[VARIANTS[s.variant].label, n, number(sl.slope, 3), number(sl.stderr, 3),
                       sl.points, number(s.p_difference, 3)]
                      for s in ra.slopes for n, sl in s.slopes.items()]
        sections.append(
            "## 2. Run-time comparison (Section 6.2, Figure allCom)\n\n"
            "Colour = algorithm, line style and marker = n; both axes logarithmic; y = ERT / n with "
            f"{CONFIDENCE:.0%} bootstrap intervals. Hollow black circles mark cells with "
            "censored runs, triangles cells without any success.\n\n"
            + (image(figs[0], out, "run-time comparison") if figs else "") + "\n"
            + cell_table(runtime_cells, ("ea-pm1", "ea-heavy", "rls-2-0.5", "cma-wm"))
            + "\n### Pairwise comparisons\n\n" + pairs_table(ra.pairs)
            + "\n### Scaling in r per n\n\n"
            + table(["algorithm", "n", "slope of log ERT/n on log r", "std. error", "cells",
                     "p (equal slopes, smallest vs largest n)"], slope_rows)
            + "\n" + claims_table(ra.claims))

    if "boxplots" in experiments:
        parts = []
        for v in ("ea-pm1", "ea-heavy", "rls-2-0.5", "cma-wm"):
            for n in sorted({k[1] for k in runtime_cells if k[0] == v}, reverse=True):
                figs = fg.boxplot_figure(runtime_cells, v, n, fig_dir)
                result.figures += figs
                parts.append(image(figs[0], out, f"{VARIANTS[v].label}, n = {n}"))
        sections.append(
            "## 3. Box plots (Appendix A)\n\n"
            "One box per r: Q1–Q3, median line, whiskers at 1.5 IQR, outliers as dots; "
            "y = evaluations / n on a log axis. Censored runs are inside the boxes at their "
            "evaluation count (a lower bound) and are overlaid as red crosses with a count.\n\n"
            + "\n".join(parts))

    if "truncation" in experiments:
        tcells = an.summarise(_select(records, scale, "truncation"), master_seed)
        ta = ar.analyse_truncation(tcells)
        all_claims += ta.claims
        variants = [v for v in ("ea-heavy", "ea-heavy-condition", "ea-heavy-clip", "rls-2-0.5")
                    if any(k[0] == v for k in tcells)]
        figs = fg.runtime_figure(tcells, variants, fig_dir, "truncation",
                                 "Heavy-tailed operator: untruncated vs truncated to r")
        result.figures += figs
        sections.append(
            "## 4. Truncation of the heavy-tailed operator (zonemax extension)\n\n"
            "Definition 2 is defined on all of Z, Section 6 bounds the search space by r and "
            "does not say how. Variants: *untruncated* (Definition 2 as written), *condition* "
            "(the law of I conditioned on 2^(I-2) <= r) and *clip* (step min(2^(I-2), r)); "
            "eps = 0.001, truncation range r. The untruncated and RLS_{2,0.5} runs are the "
            f"`runtime` experiment's runs ({', '.join(TRUNCATION_SHARED)}), so all variants "
            "are compared with the same RLS sample.\n\n"
            "Note on *clip*: with eps = 0.001 almost all of the law of I lies beyond any r "
            "considered, so a clipped step is almost always exactly r; from the all-0 start "
            "and the all-r optimum, a single such step lands exactly on the target "
            "coordinate. Its speed is an artefact of the set-up (optimum at the boundary r), "
            "not of heavy tails.\n\n"
            + (image(figs[0], out, "truncation variants") if figs else "") + "\n"
            + cell_table(tcells, variants)
            + "\n### Each heavy-tailed variant against RLS_{2,0.5}\n\n" + pairs_table(ta.pairs)
            + "\n" + claims_table(ta.claims)
            + "\n**Which variant matches the claim?** "
            + "; ".join(f"{c.quote.split('[variant: ')[-1].rstrip(']')}: **{c.verdict}**"
                        for c in ta.claims) + ".\n")

    if "operators" in experiments:
        ocells = an.summarise(_select(records, scale, "operators"), master_seed)
        operators = operators_section(ocells, fig_dir, out, scale)
        result.figures += operators.figures
        all_claims += operators.claims
        sections.append(operators.text)

    # The untruncated variant's claim appears in runtime and truncation (same shared runs).
    all_claims = [replace(c, scale_note=scale_limits(c.quote, scale, c.verdict))
                  for c in {(c.quote, c.measured): c for c in all_claims}.values()]
    engines = Counter(rec.engine for rec in records)
    header = (
        "# Reproduction of Section 6 of arXiv:2307.11855\n\n"
        f"{PAPER}.\n\n"
        f"- scale: `{scale}`; experiments: {', '.join(experiments)}\n"
        f"- master seed: {master_seed}; run seed = `SeedSequence(entropy=master seed, "
        "spawn_key=(experiment id, algorithm id, n, r, run))`\n"
        f"- budget factor: {metadata.get('budget_factor')}\n"
        f"- runs analysed: {len(records)}"
        + (f" of {planned} planned (**incomplete**: rerun the same command to finish)"
           if planned is not None and len(records) < planned else "")
        + "; engines that ran them: "
        + (", ".join(f"{k} ({v})" for k, v in sorted(engines.items())) or "–")
        + f"; summed run wall time {sum(r.wall_seconds for r in records):.1f} s\n"
        + _sessions_line(metadata)
        + f"- versions: {', '.join(f'{k} {v}' for k, v in metadata.get('versions', {}).items())}\n"
        "- raw data: `runs.csv` (one row per run), `metadata.json`\n\n"
        "## Summary of the paper's claims\n\n"
        + ("" if scale == "paper" else
           f"This is the **{scale}** scale: fewer runs and a smaller grid than Section 6. "
           "Verdicts marked ⚠ are ones this grid cannot decide; the committed paper-scale "
           "report (`reproduction/paper/report.md`) is the reference and its verdicts are "
           "shown beside.\n\n")
        + claims_table(all_claims, scale)
        + "\n## Methods\n\n"
        "- **Censoring.** A run that stops before the optimum (budget reached, or CMA-ESwM's "
        "eigenvalue criterion) is censored: its evaluation count is a lower bound. Censored "
        "runs are never dropped.\n"
        "- **ERT** = total evaluations of all runs / number of successful runs (IOHprofiler "
        f"convention), ∞ without success; {CONFIDENCE:.0%} percentile-bootstrap interval over "
        f"runs ({BOOTSTRAP_RESAMPLES} resamples, seeded per cell).\n"
        "- **Failure rates**: exact Clopper-Pearson intervals; increasing trend in n: "
        "one-sided Cochran-Armitage test (scores = n).\n"
        "- **Two algorithms at one (n, r)**: two-sided Mann-Whitney U test (scipy) when "
        "neither sample is censored, otherwise Gehan's generalised Wilcoxon test (Mantel's "
        "permutation variance, normal approximation). Effect sizes: A12 = P(X < Y) + "
        "P(tie or undetermined)/2 (common-language effect size) and rank-biserial = 2·A12 − 1 "
        "(positive: X needs fewer evaluations). Holm correction across the r values of each "
        f"(pair, n); significance level {ALPHA}.\n"
        "- **Budgets** (budget = ⌈factor × base⌉): ±1 EA — the explicit bound in the proof of "
        "Theorem 3 (multiplicative drift, ω = 1.2); heavy-tailed EA (all variants) — the "
        "explicit bound at the end of the proof of Theorem 5 (log = log₂, rigorous upper "
        f"enclosure of c_ε); RLS_{{2,0.5}} — no theorem applies (β = 0.5 is outside Theorem 9): "
        f"{RLS_CAP}·n·(1 + log₂|a|₁)², at least twice the pilot maxima; CMA-ESwM — "
        f"{CMA_CAP_PER_N}·n (no bound exists and the paper states no budget). "
        + _cma_budget_note(records) + "\n"
        "- **Verdicts**: *consistent* = the data agree with the claim at the stated level; "
        "*not consistent* = they contradict it; *inconclusive* = this grid cannot decide.\n"
        + claims_methods(all_claims) + "\n")
    fig_note = ("Figures are in `figures/` as PNG and PDF.\n\n" if result.figures else "")
    result.report.write_text(header + fig_note + "\n".join(sections), encoding="utf-8")
    result.claims = all_claims
    return result
