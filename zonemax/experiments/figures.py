"""Figures of Section 6 and Appendix A, regenerated as PNG and PDF (the paper's are blank).

Figures are built on :class:`matplotlib.figure.Figure` directly (the non-interactive Agg/PDF
canvases; pyplot's global state and backend are never touched).  Conventions: y = ERT / n (the
paper normalises by n), 95% bootstrap intervals as error bars, log axes where the paper uses
them; a cell with censored runs is drawn with a hollow marker, a cell without any success (ERT
infinite) as an upward triangle at its mean evaluations / n (a lower bound).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D

from zonemax.experiments.analysis import CellSummary, FailureAnalysis, Key
from zonemax.experiments.design import VARIANTS

#: One colour per algorithm variant (matplotlib's default cycle, fixed so figures agree).
COLORS = {"ea-pm1": "C0", "ea-heavy": "C1", "rls-2-0.5": "C2", "cma-wm": "C3",
          "ea-heavy-condition": "C4", "ea-heavy-clip": "C5"}
#: The ``operators`` experiment: one colour per step operator, the same for the (1+1) EA and
#: RLS (its figures show one algorithm each, so colours may repeat those of other figures).
OPERATOR_COLORS = {"pm1": "C0", "heavy": "C1", "heavy-condition": "C4", "geom-1": "C7",
                   "geom-sqrt-r": "C2", "geom-r": "C8", "power-1.5": "C3", "power-2": "C6",
                   "power-3": "C9"}
COLORS.update({f"{family}-{op}": color for family in ("ea", "rls")
               for op, color in OPERATOR_COLORS.items() if f"{family}-{op}" not in COLORS})
#: Line styles for the values of n (Figure "allCom": "line styles stand for values of n"), and
#: a marker per n as well, because short legend handles hide the line style.
LINESTYLES: tuple[Literal["-", "--", ":", "-."], ...] = ("-", "--", ":", "-.")
MARKERS = ("o", "s", "D", "P")
DPI = 150


def save(fig: Figure, directory: Path, stem: str) -> list[Path]:
    """Write ``stem.png`` and ``stem.pdf``; return both paths.

    The legends are named to the tight bounding box: placed beside the axes
    (``bbox_to_anchor``), the one kept with ``add_artist`` was cut at the figure's edge, and
    with it the end of its longest label ("... mean ⌊√r⌋ (tuned")."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = [directory / f"{stem}.png", directory / f"{stem}.pdf"]
    legends = [*fig.legends, *(child for ax in fig.axes for child in ax.get_children()
                               if isinstance(child, Legend))]
    for p in paths:
        fig.savefig(p, dpi=DPI, bbox_inches="tight", bbox_extra_artists=legends,
                    metadata=_metadata(p))
    return paths


def _metadata(path: Path) -> dict[str, str | None]:
    # Deterministic files: no creation date in the PDF / no software stamp in the PNG.
    if path.suffix == ".pdf":
        return {"CreationDate": None, "Creator": "zonemax"}
    return {"Software": "zonemax"}


#: Horizontal distance of "no success" markers that would sit on one point, in decades of r
#: (they are drawn side by side, centred on r; 0.04 decades is about a marker's width at
#: the figures' size).
DODGE_DECADES = 0.04


def _no_success_y(cell: CellSummary) -> float:
    """Where a cell without success is drawn: its mean evaluations / n (a lower bound)."""
    return max(1.0, sum(cell.evaluations) / len(cell.evaluations)) / cell.n


def _dodge(cells: dict[Key, CellSummary], variants: Sequence[str]) -> dict[Key, float]:
    """x factors for the "no success" markers of ``variants``: those at the same ``(n, r)``
    whose heights agree within 2% (runs censored at one common budget) are spread side by side
    (four of them once hid behind one at r = 1000)."""
    groups: dict[tuple[int, int, float], list[Key]] = {}
    for key, cell in sorted(cells.items()):
        if key[0] in variants and not math.isfinite(cell.ert):
            height = round(math.log10(_no_success_y(cell)) / math.log10(1.02))
            groups.setdefault((cell.n, cell.r, height), []).append(key)
    factors = {}
    for keys in groups.values():
        keys.sort(key=lambda k: variants.index(k[0]))
        for i, key in enumerate(keys):
            factors[key] = 10 ** ((i - (len(keys) - 1) / 2) * DODGE_DECADES)
    return factors


def _ert_series(ax: Axes, cells: Sequence[CellSummary], color: str, linestyle: str,
                marker: str, dodge: dict[Key, float] | None = None) -> None:
    """ERT/n against r with bootstrap error bars; censoring marked (see module docstring);
    ``dodge`` moves "no success" markers sideways (:func:`_dodge`)."""
    finite = [c for c in cells if math.isfinite(c.ert)]
    if finite:
        xs = [c.r for c in finite]
        ys = [c.ert / c.n for c in finite]
        lo = [max(0.0, y - min(c.ert_ci[0], c.ert) / c.n) for c, y in zip(finite, ys, strict=True)]
        hi = [0.0 if not math.isfinite(c.ert_ci[1]) else max(0.0, c.ert_ci[1] / c.n - y)
              for c, y in zip(finite, ys, strict=True)]
        ax.errorbar(xs, ys, yerr=[lo, hi], color=color, linestyle=linestyle, marker=marker,
                    markersize=4, capsize=2)
        cens = [c for c in finite if c.censored]
        if cens:
            ax.plot([c.r for c in cens], [c.ert / c.n for c in cens], linestyle="none",
                    marker="o", markersize=9, markerfacecolor="none", markeredgecolor="black")
    inf = [c for c in cells if not math.isfinite(c.ert)]
    if inf:
        factor = dodge or {}
        ax.plot([c.r * factor.get((c.variant, c.n, c.r), 1.0) for c in inf],
                [_no_success_y(c) for c in inf],
                linestyle="none", marker="^", markersize=8, color=color)


def _legend_notes() -> list[Line2D]:
    return [Line2D([], [], linestyle="none", marker="o", markersize=9, markerfacecolor="none",
                   markeredgecolor="black", label="cell with censored runs"),
            Line2D([], [], linestyle="none", marker="^", color="grey",
                   label="no success: mean evals/n (lower bound; equal ones side by side)")]


def build_runtime_figure(cells: dict[Key, CellSummary], variants: Sequence[str],
                         title: str) -> Figure:
    """Figure "allCom": ERT/n over r, colour = algorithm, line style and marker = n, log-log.

    Two legends: the algorithms (colour), and the values of n (line style and marker, drawn in
    black with long handles so that n = 20 and n = 100 are told apart) with the censoring
    marks."""
    fig = Figure(figsize=(7.5, 5.0))
    ax = fig.add_subplot()
    ns = sorted({n for (v, n, _) in cells if v in variants})
    dodge = _dodge(cells, variants)
    drawn = []
    for v in variants:
        for i, n in enumerate(ns):
            sel = [c for (w, m, _), c in sorted(cells.items(), key=lambda kv: kv[0][2])
                   if w == v and m == n]
            if sel:
                _ert_series(ax, sel, COLORS[v], LINESTYLES[i % len(LINESTYLES)],
                            MARKERS[i % len(MARKERS)], dodge)
                if v not in drawn:
                    drawn.append(v)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("r (optimum all-r)")
    ax.set_ylabel("ERT / n (evaluations per dimension)")
    ax.set_title(title)
    ax.grid(True, which="major", alpha=0.3)
    algorithms = ax.legend(
        handles=[Line2D([], [], color=COLORS[v], linewidth=2.5, label=VARIANTS[v].label)
                 for v in drawn],
        title="algorithm (colour)", fontsize=7, title_fontsize=7, loc="upper left",
        bbox_to_anchor=(1.01, 1.0))
    ax.add_artist(algorithms)
    ax.legend(
        handles=[Line2D([], [], color="black", linestyle=LINESTYLES[i % len(LINESTYLES)],
                        marker=MARKERS[i % len(MARKERS)], markersize=5, label=f"n = {n}")
                 for i, n in enumerate(ns)] + _legend_notes(),
        title="n (line style, marker)", fontsize=7, title_fontsize=7, handlelength=4.0,
        loc="lower left", bbox_to_anchor=(1.01, 0.0))
    return fig


def runtime_figure(cells: dict[Key, CellSummary], variants: Sequence[str], out: Path,
                   stem: str, title: str) -> list[Path]:
    """:func:`build_runtime_figure`, written as ``stem.png`` and ``stem.pdf``."""
    return save(build_runtime_figure(cells, variants, title), out, stem)


def failure_figure(analysis: FailureAnalysis, out: Path) -> list[Path]:
    """Section 6.1: failure rate of CMA-ESwM over n, one line per r, Clopper-Pearson bars."""
    fig = Figure(figsize=(6.5, 4.5))
    ax = fig.add_subplot()
    rs = sorted({row.r for row in analysis.rows})
    for i, r in enumerate(rs):
        sel = [row for row in analysis.rows if row.r == r]
        xs = [row.n + (i - (len(rs) - 1) / 2) * 0.6 for row in sel]  # dodge overlapping bars
        ys = [row.rate for row in sel]
        yerr = [[max(0.0, y - row.ci[0]) for row, y in zip(sel, ys, strict=True)],
                [max(0.0, row.ci[1] - y) for row, y in zip(sel, ys, strict=True)]]
        ax.errorbar(xs, ys, yerr=yerr, marker="o", capsize=3, label=f"r = {r}")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("n")
    ax.set_ylabel("failure rate (95% Clopper-Pearson CI)")
    ax.set_title("CMA-ESwM failure rate (Section 6.1)")
    ax.grid(True, alpha=0.3)
    ax.legend()
    return save(fig, out, "cma_failure")


def boxplot_figure(cells: dict[Key, CellSummary], variant: str, n: int,
                   out: Path) -> list[Path]:
    """Appendix A: one box per r (Q1-Q3, whiskers 1.5 IQR, outliers as dots), log y.

    Every run is in its box, censored ones at their evaluation count (a lower bound); censored
    runs are overlaid as red crosses and counted above the box.
    """
    sel = [c for (v, m, _), c in sorted(cells.items(), key=lambda kv: kv[0][2])
           if v == variant and m == n]
    fig = Figure(figsize=(max(4.0, 0.45 * len(sel) + 2), 4.5))
    ax = fig.add_subplot()
    data = [[e / n for e in c.evaluations] for c in sel]
    positions = list(range(1, len(sel) + 1))
    ax.boxplot(data, positions=positions, whis=1.5, widths=0.6,
               flierprops={"marker": "o", "markersize": 3})
    for pos, c in zip(positions, sel, strict=True):
        cens = [e / n for e, ok in zip(c.evaluations, c.solved_flags, strict=True) if not ok]
        if cens:
            ax.plot([pos] * len(cens), cens, linestyle="none", marker="x", color="red")
            ax.annotate(f"{len(cens)} cens.", (pos, max(cens)), textcoords="offset points",
                        xytext=(0, 6), ha="center", fontsize=6, color="red")
    ax.set_xticks(positions)
    ax.set_xticklabels([_r_label(c.r) for c in sel], rotation=45, fontsize=7)
    ax.set_yscale("log")
    ax.set_xlabel("r")
    ax.set_ylabel("evaluations / n")
    ax.set_title(f"{VARIANTS[variant].label}, n = {n}", fontsize=9)
    ax.grid(True, axis="y", alpha=0.3)
    return save(fig, out, f"boxplot_{variant}_n{n}")


def _r_label(r: int) -> str:
    k = round(math.log10(r))
    return f"1e{k}" if r == 10**k and k >= 3 else str(r)
