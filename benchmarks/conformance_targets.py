"""Which run-level targets carry the most information per evaluation against the catalogue.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2: Algorithm 1 (the
(1+1) EA) and RLS with the ±1 operator.  The conformance check (``zonemax.conformance``) runs
an implementation on a few targets ``a`` and compares the law of ``min(T, b)`` with the exact
laws of the paper's algorithm and of each catalogued alternative (the variants
``zonemax.conformance.laws.VARIANTS`` and the bug classes ``laws.BUGS``).  A sequential
probability ratio test separating ``p0`` (the paper's law) from an alternative ``pw`` needs
about ``log(1/alpha) / KL`` runs, so the evaluations it costs are proportional to
``E_p0[min(T, b)] / KL``; this script ranks targets, and sets of targets, by the reciprocal,
``KL / E_p0[min(T, b)]``: information per evaluation.

For ``ea-pm1`` and ``rls-pm1`` and every candidate target (``n = 1..5``, non-zero entries in
``-3..3``, ``|a|_1 <= 8``; up to permutations and sign flips the lumped laws depend only on the
multiset of ``|a_i|``, so multisets are enumerated and a representative with alternating
signs is reported):

1. the budget ``b``: the smallest ``t`` with ``P(T > t) <= 1e-4`` under the paper's law
   (``--tail``);
2. the law of ``min(T, b)`` under the paper's algorithm and every alternative, propagated in
   floating point from the exact lumped kernels (``laws.variant_kernel``, ``laws.bug_kernel``;
   a kernel equal to another's, as exact rationals on every reached state, gives the same law:
   those are merged exactly);
3. ``KL(p0 || pw)`` and ``KL(pw || p0)`` (``+inf`` where one law puts mass the other does not)
   and both divided by ``E_p0[min(T, b)]``.

Then, per algorithm, the set of 2 or 3 targets (at least one with ``n >= 4``, at least one with
an ``|a_i| >= 2``; at most ``--max-states`` lumped states and a budget at most ``--max-budget``)
that maximises ``min_w sum_targets KL(p0 || pw) / sum_targets E_p0[min(T, b)]`` over the
alternatives that some candidate separates (ties, e.g. ``+inf`` for every set, broken by the
same with ``KL(pw || p0)``).  The chosen sets and the current profile's targets are then
recomputed with the exact laws (``laws.run_time_law``, timed), which confirm the budgets and give
the reported divergences.

Writes ``STEM.md`` and ``STEM.csv`` into ``--out`` (default ``reproduction/conformance/``,
stem ``targets``) and prints the tables.
"""

from __future__ import annotations

import argparse
import csv
import math
import platform
import subprocess
import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

import numpy as np

from zonemax.conformance.laws import (
    BUGS,
    OFFSPRING,
    VARIANTS,
    RunTimeLaw,
    bug_kernel,
    run_time_law,
    split_start,
    start_state,
    variant_kernel,
)

ROOT = Path(__file__).resolve().parent.parent
ALGORITHMS = ("ea-pm1", "rls-pm1")
#: The profiles' targets when this was written (zonemax/conformance/profiles.py).
CURRENT = ((1, 1), (1, -1, 1))
NULL = "algorithm-1"

State = tuple[int, ...]
Kernel = Callable[[State], dict[State, Fraction]]



def _cell(text: str) -> str:
    """``text`` in a Markdown table cell (a ``|`` escaped)."""
    return text.replace("|", "\\|")

def alternatives(algorithm: str) -> tuple[str, ...]:
    """Every variant but the paper's, then the bug classes."""
    return (*(v for v in VARIANTS if v != NULL), *BUGS[algorithm])


def kernel_of(algorithm: str, name: str, a: Sequence[int]) -> tuple[Kernel, int]:
    """``(kernel, shift of T)`` of a variant or bug class (laws.run_time_law's chains)."""
    if name in BUGS[algorithm]:
        return bug_kernel(algorithm, name, a), 0
    base, shift = split_start(name)
    return variant_kernel(OFFSPRING[algorithm](len(a)), base), shift


def reached(start: State, kernel: Kernel, limit: int) -> dict[State, dict[State, Fraction]]:
    """The exact rows of every state reached from ``start`` (targets included, with no row);
    stops past ``limit`` states."""
    rows: dict[State, dict[State, Fraction]] = {}
    pending = [start]
    seen = {start}
    while pending and len(seen) <= limit:
        s = pending.pop()
        rows[s] = {} if s[0] == 0 else kernel(s)
        for e in rows[s]:
            if e not in seen:
                seen.add(e)
                pending.append(e)
    for s in seen - rows.keys():
        rows[s] = {}
    return rows


def float_pmf(start: State, rows: dict[State, dict[State, Fraction]], shift: int,
              steps: int) -> np.ndarray:
    """``P(T = t)`` for ``t = 0..steps`` in floating point (the state vector step by step)."""
    transient = sorted(s for s in rows if s[0] != 0)
    index = {s: i for i, s in enumerate(transient)}
    m = len(transient)
    q = np.zeros((m, m))
    r = np.zeros(m)
    for s in transient:
        i = index[s]
        for e, p in rows[s].items():
            if e[0] == 0:
                r[i] += float(p)
            else:
                q[i, index[e]] += float(p)
        q[i, i] += 1.0 - float(sum(rows[s].values(), Fraction(0)))
    vec = np.zeros(m)
    vec[index[start]] = 1.0
    pmf = np.zeros(steps + 1)
    for t in range(1, steps + 1 - shift):
        pmf[t + shift] = vec @ r
        vec = vec @ q
    return pmf


def truncated(pmf: np.ndarray, budget: int) -> np.ndarray:
    """The law of ``min(T, budget)`` from ``P(T = t)``, ``t <= budget``."""
    out = pmf[: budget + 1].copy()
    out[budget] = max(0.0, 1.0 - float(pmf[:budget].sum()))
    return out


def kl(p: Sequence[float] | np.ndarray, q: Sequence[float] | np.ndarray) -> float:
    """``KL(p || q)`` in nats; ``+inf`` if ``q`` is 0 where ``p`` is not."""
    total = 0.0
    for pi, qi in zip(p, q, strict=True):
        if pi > 0:
            if qi <= 0:
                return math.inf
            total += pi * math.log(pi / qi)
    return max(total, 0.0)


def representative(magnitudes: Sequence[int]) -> tuple[int, ...]:
    """The multiset, largest first, with alternating signs (mixed signs for ``n >= 2``)."""
    return tuple(m if i % 2 == 0 else -m for i, m in enumerate(sorted(magnitudes, reverse=True)))


def candidates(max_n: int, max_entry: int, max_l1: int) -> list[tuple[int, ...]]:
    out = []
    for n in range(1, max_n + 1):
        for ms in combinations_with_replacement(range(max_entry, 0, -1), n):
            if sum(ms) <= max_l1:
                out.append(representative(ms))
    return out


def screen(algorithm: str, a: tuple[int, ...], tail: float, max_states: int, max_budget: int
           ) -> dict[str, Any]:
    """Budget, truncated mean, states and both divergences of every alternative on ``a``
    (floating-point propagation of the exact kernels)."""
    started = time.perf_counter()
    start = start_state(a)
    chains: dict[str, tuple[dict[State, dict[State, Fraction]], int]] = {}
    for name in (NULL, *alternatives(algorithm)):
        kernel, shift = kernel_of(algorithm, name, a)
        chains[name] = (reached(start, kernel, max_states), shift)
    states = max(len(rows) for rows, _ in chains.values())
    info: dict[str, Any] = {"a": a, "states": states, "ok": states <= max_states}
    if not info["ok"]:
        info["why"] = f"more than {max_states} states"
        return info
    rows0, _ = chains[NULL]
    cap = 4 * max_budget
    pmf0 = float_pmf(start, rows0, 0, cap)
    survival = 1.0 - np.cumsum(pmf0)
    below = np.nonzero(survival <= tail)[0]
    if len(below) == 0 or below[0] > max_budget:
        info.update(ok=False, why=f"budget above {max_budget}",
                    budget=int(below[0]) if len(below) else None)
        return info
    b = int(below[0])
    p0 = truncated(pmf0, b)
    mean = float(np.dot(np.arange(b + 1), p0))
    # an alternative whose exact kernel (and shift) is another's has its law: merge it
    same_as: dict[str, str] = {}
    laws: dict[str, np.ndarray] = {}
    for name, (rows, shift) in chains.items():
        twin = next((w for w in laws if chains[w] == (rows, shift)), None)
        if twin is not None:
            same_as[name] = twin
            continue
        laws[name] = truncated(float_pmf(start, rows, shift, b), b)
    div: dict[str, tuple[float, float]] = {}
    for name in alternatives(algorithm):
        pw = laws[same_as.get(name, name)]
        if same_as.get(name) == NULL:
            div[name] = (0.0, 0.0)
        else:
            div[name] = (kl(p0, pw), kl(pw, p0))
    info.update(budget=b, mean=mean, same_as=same_as, div=div,
                seconds=time.perf_counter() - started)
    return info


def exact_row(algorithm: str, a: tuple[int, ...], tail: Fraction, guess: int = 32
              ) -> tuple[dict[str, Any], dict[str, RunTimeLaw]]:
    """The same from the exact laws (laws.run_time_law), with the budget found exactly (from
    one law up to ``guess``, doubled until its tail is small enough) and the time each law
    took."""
    started = time.perf_counter()
    while True:  # the smallest b with P(T > b) <= tail, from one exact law long enough
        paper = run_time_law(algorithm, NULL, a, guess)
        if paper.tail <= tail:
            break
        guess *= 2
    survival = 1 - paper.pmf[0]  # P(T > b) for b = 0
    b = 0
    while survival > tail:
        b += 1
        survival -= paper.pmf[b]
    null_seconds = time.perf_counter() - started
    laws: dict[str, RunTimeLaw] = {}
    seconds: dict[str, float] = {}
    for name in (NULL, *alternatives(algorithm)):
        t0 = time.perf_counter()
        laws[name] = run_time_law(algorithm, name, a, b)
        seconds[name] = time.perf_counter() - t0
    p0 = [float(p) for p in laws[NULL].truncated_pmf()]
    mean = float(laws[NULL].truncated_moments(1))
    div = {}
    same_as = {}
    for name in alternatives(algorithm):
        exact_pw = laws[name].truncated_pmf()
        twin = next((w for w in (NULL, *alternatives(algorithm))
                     if w != name and w in laws and laws[w].truncated_pmf() == exact_pw
                     and (w == NULL or (NULL, *alternatives(algorithm)).index(w)
                          < (NULL, *alternatives(algorithm)).index(name))), None)
        if twin is not None:
            same_as[name] = twin
        pw = [float(p) for p in exact_pw]
        div[name] = (0.0, 0.0) if exact_pw == laws[NULL].truncated_pmf() else (kl(p0, pw),
                                                                                kl(pw, p0))
    return ({"a": a, "budget": b, "mean": mean, "states": max(law.states for law in laws.values()),
             "div": div, "same_as": same_as, "seconds": seconds,
             "budget_seconds": null_seconds, "tail": float(laws[NULL].tail)}, laws)


def set_ratio(rows: Iterable[dict[str, Any]], names: Sequence[str], direction: int
              ) -> dict[str, float]:
    """Per alternative: sum of KL over the targets / sum of E_p0[min(T, b)]."""
    rows = list(rows)
    cost = sum(r["mean"] for r in rows)
    return {w: sum(r["div"][w][direction] for r in rows) / cost for w in names}


def choose(rows: list[dict[str, Any]], names: Sequence[str], required: bool = True
           ) -> tuple[tuple[dict[str, Any], ...], float, float]:
    """The best admissible set of 2 or 3 targets (module docstring; ``required=False``: without
    the requirements on ``n`` and ``|a_i|``)."""
    best: tuple[tuple[float, float], tuple[dict[str, Any], ...]] | None = None
    for size in (2, 3):
        for combo in combinations(rows, size):
            if required and not any(len(r["a"]) >= 4 for r in combo):
                continue
            if required and not any(max(abs(x) for x in r["a"]) >= 2 for r in combo):
                continue
            fwd = min(set_ratio(combo, names, 0).values())
            rev = min(set_ratio(combo, names, 1).values())
            key = (fwd, rev)
            if best is None or key > best[0]:
                best = (key, combo)
    assert best is not None
    return best[1], best[0][0], best[0][1]


#: Why the merged laws are one (proofs, not only the comparison on the candidates).
WHY = {
    "ea-pm1": (
        "Why some laws are one: `unchanged-not-counted` and `resample-unchanged` see the "
        "evaluated offspring as independent draws conditioned on y != x (the proof in "
        "zonemax.conformance.laws' docstring), with or without the other axes.  "
        "`rate-1/|a|_1` is Algorithm 1 wherever |a|_1 = n (every |a_i| = 1: both current "
        "targets) and `rate-1/(n+1)` wherever |a|_1 = n + 1 (as on (2, -1) or (2, -1, 1, -1)); "
        "a target with |a|_1 >= n + 2, such as (3, -1), tells all three rates apart.  "
        "`start-counted` variants have KL(p0||pw) = inf on every target: T >= m with "
        "P(T = m) > 0 under p0 and 0 under the shifted law."),
    "rls-pm1": (
        "Why some laws are one: with RLS and ±1 steps no offspring equals its parent and no "
        "step leaves f unchanged (it moves one distance by ±1), so the acceptance and "
        "unchanged-offspring axes, `step-clipped-at-a` (a step from distance 0 is rejected "
        "either way, and the clipped step is a self-loop) and `squared-distance-acceptance` "
        "(the sum of squares moves by ±2d + 1, negative exactly when f decreases) keep the "
        "paper's law on every target (zonemax.conformance.laws.bug_kernel); only the start "
        "axis can be seen.  KL(p0||pw) of `start-counted` is inf everywhere (as for the EA), "
        "so the set is chosen by KL(pw||p0), which favours the shortest runs: the criterion "
        "has nothing else to weigh, since no other catalogued alternative of RLS changes its "
        "law."),
}


def fmt(x: float) -> str:
    if math.isinf(x):
        return "inf"
    return "0" if x == 0 else f"{x:.3g}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--algorithm", action="append", choices=ALGORITHMS)
    parser.add_argument("--tail", type=Fraction, default=Fraction(1, 10_000))
    parser.add_argument("--max-states", type=int, default=2000)
    parser.add_argument("--max-budget", type=int, default=400)
    parser.add_argument("--max-n", type=int, default=5)
    parser.add_argument("--max-entry", type=int, default=3)
    parser.add_argument("--max-l1", type=int, default=8)
    parser.add_argument("--out", type=Path, default=ROOT / "reproduction" / "conformance")
    parser.add_argument("--stem", default="targets")
    args = parser.parse_args(argv)
    algorithms = tuple(args.algorithm or ALGORITHMS)
    started = time.perf_counter()
    md: list[str] = []
    csv_rows: list[dict[str, Any]] = []
    pool = candidates(args.max_n, args.max_entry, args.max_l1)
    for algorithm in algorithms:
        t0 = time.perf_counter()
        screened = [screen(algorithm, a, float(args.tail), args.max_states, args.max_budget)
                    for a in pool]
        screen_seconds = time.perf_counter() - t0
        ok = [r for r in screened if r["ok"]]
        names = alternatives(algorithm)
        # merge alternatives with one law on every admissible candidate (exact kernels)
        classes: dict[str, str] = {}
        for w in names:
            for v in (NULL, *names[: names.index(w)]):
                if all(r["same_as"].get(w, w) == r["same_as"].get(v, v) for r in ok):
                    classes[w] = v
                    break
        distinct = [w for w in names if w not in classes]
        separable = [w for w in distinct if any(r["div"][w][0] > 0 or r["div"][w][1] > 0
                                                for r in ok)]
        chosen, fwd, rev = choose(ok, separable)
        chosen_a = [r["a"] for r in chosen]
        free, free_fwd, free_rev = choose(ok, separable, required=False)
        # the exact laws of the largest admissible candidate, timed (the size limits' reason)
        largest = max(ok, key=lambda r: (r["states"], r["budget"]))
        t0 = time.perf_counter()
        exact_row(algorithm, largest["a"], args.tail, largest["budget"])
        largest_note = (f"Largest admissible candidate {largest['a']} ({largest['states']} "
                        f"states, b = {largest['budget']}): the exact laws of the paper's "
                        f"algorithm and every alternative took "
                        f"{time.perf_counter() - t0:.1f} s.  Without the requirements "
                        f"(n >= 4, an |a_i| >= 2) the best set would be "
                        f"{', '.join(str(r['a']) for r in free)}: {fmt(free_fwd)} "
                        f"(KL(p0||pw)), {fmt(free_rev)} (KL(pw||p0)) per evaluation "
                        f"(float screen).")
        # the exact laws of the chosen and the current targets
        exact: dict[tuple[int, ...], dict[str, Any]] = {}
        guesses = {r["a"]: r.get("budget") or 32 for r in screened}
        for a in (*chosen_a, *CURRENT):
            if a not in exact:
                exact[a] = exact_row(algorithm, a, args.tail, guesses.get(a, 32))[0]
                if a in guesses and exact[a]["budget"] != guesses[a]:
                    raise RuntimeError(f"{algorithm} {a}: exact budget {exact[a]['budget']} "
                                       f"!= the float screen's {guesses[a]}")
        new_fwd = set_ratio([exact[a] for a in chosen_a], separable, 0)
        new_rev = set_ratio([exact[a] for a in chosen_a], separable, 1)
        old_fwd = set_ratio([exact[a] for a in CURRENT], separable, 0)
        old_rev = set_ratio([exact[a] for a in CURRENT], separable, 1)
        for r in screened:
            for w in names:
                csv_rows.append({
                    "algorithm": algorithm, "target": " ".join(map(str, r["a"])),
                    "n": len(r["a"]), "states": r["states"], "admissible": r["ok"],
                    "budget": r.get("budget", ""), "mean_min_T_b": r.get("mean", ""),
                    "alternative": w, "same_law_as": r.get("same_as", {}).get(w, ""),
                    "kl_p0_pw": r["div"][w][0] if r["ok"] else "",
                    "kl_pw_p0": r["div"][w][1] if r["ok"] else "",
                    "kl_p0_pw_per_eval": r["div"][w][0] / r["mean"] if r["ok"] else "",
                    "kl_pw_p0_per_eval": r["div"][w][1] / r["mean"] if r["ok"] else "",
                    "chosen": r["a"] in chosen_a, "source": "float screen"})
        for a, r in exact.items():
            for w in names:
                csv_rows.append({
                    "algorithm": algorithm, "target": " ".join(map(str, a)), "n": len(a),
                    "states": r["states"], "admissible": True, "budget": r["budget"],
                    "mean_min_T_b": r["mean"], "alternative": w,
                    "same_law_as": r["same_as"].get(w, ""),
                    "kl_p0_pw": r["div"][w][0], "kl_pw_p0": r["div"][w][1],
                    "kl_p0_pw_per_eval": r["div"][w][0] / r["mean"],
                    "kl_pw_p0_per_eval": r["div"][w][1] / r["mean"],
                    "chosen": a in chosen_a, "source": "exact law"})
        md += report(algorithm, screened, ok, names, classes, separable, chosen_a, exact,
                     (new_fwd, new_rev, old_fwd, old_rev), screen_seconds, fwd, rev)
        md.insert(len(md) - md[::-1].index(f"## {algorithm}") + 3, largest_note + "\n")
    total = time.perf_counter() - started
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    head = ["# Conformance targets: information per evaluation", "",
            f"Measured by `python benchmarks/conformance_targets.py` at commit {commit}, "
            f"Python {platform.python_version()}, numpy {np.__version__}, "
            f"in {total:.0f} s (one core, shared with other jobs).", "",
            "KL in nats of the laws of min(T, b); per evaluation: divided by "
            "E_p0[min(T, b)] (p0: the paper's algorithm).  A set's value is "
            "sum KL / sum E_p0[min(T, b)] over its targets; an SPRT needs about "
            "log(1/alpha) / KL runs, so its cost in evaluations is the reciprocal "
            "(times log(1/alpha)).  See the script's docstring for the method.", ""]
    text = "\n".join(head + md) + "\n"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{args.stem}.md").write_text(text, encoding="utf-8")
    with (args.out / f"{args.stem}.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(csv_rows[0]))
        writer.writeheader()
        for row in csv_rows:
            writer.writerow({k: (f"{v:.6g}" if isinstance(v, float) else v)
                             for k, v in row.items()})
    print(text)


def report(algorithm: str, screened: list[dict[str, Any]], ok: list[dict[str, Any]],
           names: Sequence[str], classes: dict[str, str], separable: list[str],
           chosen_a: list[tuple[int, ...]], exact: dict[tuple[int, ...], dict[str, Any]],
           ratios: tuple[dict[str, float], ...], screen_seconds: float, fwd: float,
           rev: float) -> list[str]:
    new_fwd, new_rev, old_fwd, old_rev = ratios
    out = [f"## {algorithm}", ""]
    out.append(f"{len(screened)} candidate targets, {len(ok)} admissible (screened in "
               f"{screen_seconds:.1f} s); left out: "
               + (", ".join(f"{r['a']} ({r['why']})" for r in screened if not r["ok"])
                  or "none") + ".")
    out.append("")
    out.append("**Chosen targets** (budget b, E_p0[min(T, b)], lumped states, exact laws "
               "of all alternatives in s): "
               + "; ".join(f"a = {a}: b = {exact[a]['budget']}, E = {exact[a]['mean']:.2f}, "
                           f"{exact[a]['states']} states, "
                           f"{sum(exact[a]['seconds'].values()):.1f} s "
                           f"(slowest {max(exact[a]['seconds'].values()):.2f} s)"
                           for a in chosen_a) + ".")
    out.append("")
    out.append("Current targets: "
               + "; ".join(f"a = {a}: b = {exact[a]['budget']}, E = {exact[a]['mean']:.2f}"
                           for a in CURRENT) + ".")
    out.append("")
    both = min(new_fwd.values()), min(old_fwd.values())
    both_rev = min(new_rev.values()), min(old_rev.values())
    out.append(f"Min over alternatives of KL(p0||pw) per evaluation: chosen {fmt(both[0])}, "
               f"current {fmt(both[1])}"
               + (f" (ratio {both[0] / both[1]:.3g})"
                  if both[1] > 0 and not math.isinf(both[0]) else "")
               + f"; of KL(pw||p0): chosen {fmt(both_rev[0])}, current {fmt(both_rev[1])}"
               + (f" (ratio {both_rev[0] / both_rev[1]:.3g})" if both_rev[1] > 0 else "")
               + f".  (Float screen of the chosen set: {fmt(fwd)}, {fmt(rev)}.)")
    out.append("")
    blind = [w for w in separable if all(exact[a]["div"][w][0] == 0 for a in CURRENT)]
    if blind:
        seen = [w for w in separable if w not in blind]
        fwd_new = min(new_fwd[w] for w in seen)
        fwd_old = min(old_fwd[w] for w in seen)
        rev_new = min(new_rev[w] for w in seen)
        rev_old = min(old_rev[w] for w in seen)
        out.append(f"The current targets cannot see {', '.join(blind)} (KL 0: the same law on "
                   f"both), hence their min 0.  Over the other alternatives the min of "
                   f"KL(p0||pw) per evaluation is chosen {fmt(fwd_new)}, current "
                   f"{fmt(fwd_old)} (ratio {fwd_new / fwd_old:.3g}); of KL(pw||p0) chosen "
                   f"{fmt(rev_new)}, current {fmt(rev_old)} (ratio {rev_new / rev_old:.3g}).")
        out.append("")
    weakest = min(separable, key=lambda w: (new_fwd[w], new_rev[w]))
    out.append(f"Weakest alternative for the chosen set: {weakest}.")
    out.append("")
    out.append(WHY[algorithm])
    out.append("")
    same = [f"{w} = {v}" for w, v in classes.items()]
    out.append("Same law on every candidate target (exact kernels), merged: "
               + ("; ".join(same) or "none") + ".")
    out.append("")
    never = [w for w in names if w not in classes and w not in separable]
    if never:
        out.append("Never separable (the paper's law on every candidate): "
                   + ", ".join(never) + ".")
        out.append("")
    out.append("Per alternative (one law per class), information per evaluation "
               "(KL / E_p0[min(T, b)], exact laws), and which targets separate it (KL > 0):")
    out.append("")
    out.append("| alternative | chosen KL(p0‖pw)/E | current KL(p0‖pw)/E | chosen KL(pw‖p0)/E "
               "| current KL(pw‖p0)/E | separated by (chosen) | separated by (current) |")
    out.append("|---|---|---|---|---|---|---|")
    for w in separable:
        by_new = [str(a) for a in chosen_a if exact[a]["div"][w][0] > 0]
        by_old = [str(a) for a in CURRENT if exact[a]["div"][w][0] > 0]
        out.append(f"| {_cell(w)} | {fmt(new_fwd[w])} | {fmt(old_fwd[w])} | {fmt(new_rev[w])} "
                   f"| {fmt(old_rev[w])} | {', '.join(by_new) or 'none'} "
                   f"| {', '.join(by_old) or 'none'} |")
    out.append("")
    out.append("Per target (exact laws): KL(p0‖pw) / E_p0[min(T, b)]")
    out.append("")
    targets = [*chosen_a, *(a for a in CURRENT if a not in chosen_a)]
    out.append("| alternative | " + " | ".join(str(a) for a in targets) + " |")
    out.append("|---|" + "---|" * len(targets))
    for w in separable:
        out.append(f"| {_cell(w)} | " + " | ".join(fmt(exact[a]["div"][w][0] / exact[a]["mean"])
                                            for a in targets) + " |")
    out.append("")
    out.append("Top admissible single targets by min over alternatives of KL(p0‖pw)/E "
               "(float screen; the min over the finite ones where start-counted's is inf):")
    out.append("")
    out.append("| target | b | E_p0[min(T,b)] | states | min KL(p0‖pw)/E | weakest | "
               "min KL(pw‖p0)/E |")
    out.append("|---|---|---|---|---|---|---|")

    def score(r: dict[str, Any]) -> tuple[float, str, float]:
        vals = {w: r["div"][w][0] / r["mean"] for w in separable}
        finite = {w: v for w, v in vals.items() if not math.isinf(v)} or vals
        weakest = min(finite, key=lambda w: finite[w])
        return finite[weakest], weakest, min(r["div"][w][1] / r["mean"] for w in separable)

    for r in sorted(ok, key=lambda r: score(r)[0], reverse=True)[:12]:
        s = score(r)
        out.append(f"| {r['a']} | {r['budget']} | {r['mean']:.2f} | {r['states']} | "
                   f"{fmt(s[0])} | {s[1]} | {fmt(s[2])} |")
    out.append("")
    return out


if __name__ == "__main__":
    main()
