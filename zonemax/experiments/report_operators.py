"""The report section of the ``operators`` experiment (beyond the paper).

Figures (ERT / n over r per operator, one per algorithm, log-log), the cell table, the fastest
operator at each (algorithm, n, r) and the power-law recommendation of Doerr, Krejca and Rudolph
with the tests of :mod:`zonemax.experiments.analysis_operators`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from zonemax.experiments import figures as fg
from zonemax.experiments.analysis import CellSummary, Claim, Key
from zonemax.experiments.analysis_operators import (
    TUNED_GEOM,
    OperatorsAnalysis,
    analyse_operators,
    direction,
)
from zonemax.experiments.design import OPERATOR_PAPER_STOPS, OPERATORS_BUDGET_SHARE
from zonemax.experiments.report_tables import cell_table, claims_table, image, number, table
from zonemax.experiments.variants import OPERATOR_FAMILIES, POWER_EXPONENTS, VARIANTS
from zonemax.stats_tests.stats import ALPHA, CONFIDENCE

#: Figure stems per algorithm.
FIGURE_STEMS = {"(1+1) EA": "operators_ea", "RLS": "operators_rls"}


@dataclass
class OperatorsSection:
    text: str
    figures: list[Path] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    analysis: OperatorsAnalysis | None = None


def _short(variant: str) -> str:
    """The operator part of a variant's label (``double-geometric, mean 1``)."""
    return VARIANTS[variant].label.split(", ", 1)[1]


def fastest_table(analysis: OperatorsAnalysis, cells: dict[Key, CellSummary]) -> str:
    rows = []
    for row in analysis.fastest:
        fastest = f"**{_short(row.fastest)}**" if row.fastest else "none separated"
        lowest = ("–" if row.lowest_ert is None else
                  f"{_short(row.lowest_ert)} ({number(cells[(row.lowest_ert, row.n, row.r)].ert / row.n)})")
        censored = [v for v in row.operators if cells[(v, row.n, row.r)].censored]
        rows.append([row.family, row.n, row.r, fastest,
                     "; ".join(_short(v) for v in row.leading), lowest,
                     f"{len(censored)} of {len(row.operators)}"])
    return table(["algorithm", "n", "r", f"fastest (significantly faster than every other, "
                  f"Holm α = {ALPHA})", "leading group (no operator significantly faster)",
                  "lowest ERT (ERT/n)", "operators with censored runs"], rows)


def power_table(analysis: OperatorsAnalysis, cells: dict[Key, CellSummary]) -> str:
    rows = []
    for p in analysis.power_pairs:
        c = p.comparison
        both = cells[(p.x, p.n, p.r)].solved == 0 and cells[(p.y, p.n, p.r)].solved == 0
        rows.append([p.x.split("-", 1)[0].upper().replace("EA", "(1+1) EA"), p.n, p.r,
                     _short(p.y), c.method, number(c.p, 3), number(p.p_holm, 3),
                     f"{c.a12:.2f}", number(p.ratio, 3),
                     "both censored in every run" if both else direction(p)])
    return table(["algorithm", "n", "r", "competitor Y", "test (two-sided)", "p",
                  "Holm p (competitors × r)", "A12 = P(power < Y)", "ERT power / ERT Y",
                  "power law is"], rows)


def stops_text() -> str:
    """Where the paper-scale grid stops for each operator and n, and why."""
    rows = []
    for (variant, n), stop in sorted(OPERATOR_PAPER_STOPS.items()):
        took = ("not measured" if math.isnan(stop.seconds) else
                f"{stop.seconds:.1f} s" + (" (censored at the budget)" if stop.censored else ""))
        rows.append([VARIANTS[variant].label, n, f"{stop.r_max:.0e}", f"{stop.at_max:.1f} s",
                     f"{stop.next_r:.0e}", took])
    return (
        "### Where the paper-scale grid stops\n\n"
        "Every operator runs r = 10 … 10^12 at n = 20 and 100, except the ones below, which "
        "stop where 20 more runs would not fit: the grid is sized to finish in about an hour "
        "on a 2-core machine. The fast engine has no block rule for the (1+1) EA with the "
        "double-geometric or power-law operator, nor for RLS with the power law: it simulates "
        "every useful iteration, about |a|_1 / E[step] of them, so a run's cost grows about "
        "linearly in r for steps of bounded mean (and like √r for β = 3/2 and the mean ⌊√r⌋). "
        "RLS with ±1 and the double-geometric operator runs position by position "
        "(zonemax.engine._rls_positions) and reaches 10^12 in microseconds per run. The last "
        "columns give the wall time of one run (paper budget, fixed seed) at the last r run and "
        "at the first r left out, measured on the 2-core machine while other jobs ran (load "
        "2-4); 20 runs per cell.\n\n"
        + table(["operator", "n", "last r run", "one run there took", "first r left out",
                 "one run there took"], rows) + "\n")


def operators_section(cells: dict[Key, CellSummary], fig_dir: Path, out: Path,
                      scale: str) -> OperatorsSection:
    """Analyse the ``operators`` cells and build the section (figures written to ``fig_dir``)."""
    analysis = analyse_operators(cells)
    section = OperatorsSection("", claims=list(analysis.claims), analysis=analysis)
    images = []
    for family, variants in OPERATOR_FAMILIES.items():
        present = [v for v in variants if any(k[0] == v for k in cells)]
        if not present:
            continue
        figs = fg.runtime_figure(cells, present, fig_dir, FIGURE_STEMS[family],
                                 f"{family}: step operators on f_a, all-r target")
        section.figures += figs
        images.append(image(figs[0], out, f"{family}, step operators"))
    share = OPERATORS_BUDGET_SHARE[scale]
    budget = ("Theorem 5's explicit bound" if share == 1 else
              f"{share} of Theorem 5's explicit bound")
    every = [v for family in OPERATOR_FAMILIES.values() for v in family]
    unsolved = sorted((k for k, c in cells.items() if c.solved == 0), key=lambda k: (k[1], k[2]))
    infeasible = (f"{len(unsolved)} of {len(cells)} (see the table)" if len(unsolved) > 12
                  else "; ".join(f"{VARIANTS[v].label} at n={n}, r={r}" for v, n, r in unsolved)
                  or "none")
    section.text = (
        "## 5. Step operators beyond the paper\n\n"
        "The (1+1) EA (Algorithm 1) and RLS with nine step operators each on the all-r "
        "target: ±1 (Definition 1); heavy-tailed (Definition 2, ε = 1/1000 as in Section 6), "
        "untruncated and conditioned on steps ≤ r; double-geometric (Rudolph 1994) with mean "
        "step length 1, ⌊√r⌋ and r; power law with β = 3/2, 2 and 3 (Doerr, Krejca, Rudolph "
        "2025). The mean ⌊√r⌋ is *tuned to the distance*: far from the target a step gains "
        "about m/2, so the approach takes about 2r/m accepted moves per position, and near it "
        "only steps of length at most twice the distance are accepted, which takes about m "
        "iterations per position; 2r/m + m is smallest at m of order √r. β = 3/2 is the power "
        "law judged against the literature's recommendation (fixed before any run); β = 2 "
        "and 3 show the sensitivity.\n\n"
        f"Every operator has the same budget at (n, r): {budget} (the heavy-tailed EA's "
        "proven bound) times the budget factor; a run that reaches it is censored and stays "
        "in every statistic (ERT; Gehan's test). A cell whose runs are all censored has "
        f"ERT ∞ and is drawn as a triangle at its mean evaluations / n. Cells without any "
        f"success at this scale: {infeasible}.\n\n"
        "Colour = operator, line style and marker = n; y = ERT / n (the mean run time / n "
        f"where no run is censored) with {CONFIDENCE:.0%} bootstrap intervals; log-log.\n\n"
        + "".join(images) + "\n"
        + (stops_text() if scale == "paper" else "")
        + cell_table(cells, every)
        + "\n### Fastest operator at each r\n\n"
        "Every pair of one algorithm's operators at one (n, r) is compared two-sided "
        "(Mann-Whitney U, or Gehan's test where runs are censored), Holm-corrected across the "
        f"pairs of that cell (family-wise error {ALPHA} per cell), direction from A12. The "
        "fastest operator is significantly faster than every other one; the leading group "
        "holds the operators that no operator is significantly faster than.\n\n"
        + fastest_table(analysis, cells)
        + f"\n### The power-law recommendation (β = {POWER_EXPONENTS[0]})\n\n"
        "Doerr, Krejca and Rudolph (arXiv 2412.11684) compare unit, exponential-tail and "
        "power-law mutation on unbounded integer benchmarks and recommend the power law. Here "
        "the power law with β = 3/2 is compared with ±1 and the three double-geometric "
        f"operators (the tuned one: mean ⌊√r⌋, `{TUNED_GEOM}`) at every (algorithm, n, r), "
        "Holm-corrected across all (competitor, r) pairs per algorithm and n (the claim on "
        "the tuned operator alone: across r). The paper's heavy-tailed operator is not part "
        "of their comparison; how it fares against the power law is in the table above.\n\n"
        + power_table(analysis, cells)
        + "\n" + claims_table(analysis.claims))
    if any(math.isinf(cells[k].ert) for k in cells):
        section.text += ("\nERT ratios with an infinite ERT are shown as –; the test still "
                         "compares the runs (censored runs are lower bounds).\n")
    return section
