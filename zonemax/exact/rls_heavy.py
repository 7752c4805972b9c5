r"""``E[T]`` of RLS with the heavy-tailed operator, with a rigorous error bound.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 ("RLS makes a step
in exactly one position (chosen uniformly at random)") with Definition 2, untruncated or
truncated to a range ``r`` (``'condition'``, ``'clip'``; see :mod:`zonemax.exact.heavy_law`).

States are sorted distance tuples (:mod:`zonemax.exact`, "Symmetry reduction").  In state ``d``
one position is chosen w.p. ``1/n``; with ``k`` positions at distance ``v > 0`` the chosen one has
distance ``v`` w.p. ``k/n``.  Its step has magnitude ``m`` w.p. ``P(m)`` and a fair sign:

* away from ``a_i`` (w.p. 1/2): the distance grows to ``v + m > v``: rejected;
* towards ``a_i`` (w.p. 1/2): the distance becomes ``|v - m|``, accepted iff ``|v - m| <= v``,
  i.e. ``m <= 2v``; ``m = 2v`` lands at the same distance on the other side (accepted, the
  lumped state is unchanged: a self-loop).

A position at distance 0 never moves (every step is rejected).  So only the magnitudes
``m < 2v`` lead anywhere, each strictly lowering ``f``: there are no transitions inside a level
and ``E`` follows in one pass in increasing ``f``.  The law of ``m`` comes from
:mod:`zonemax.exact.heavy_law` (nothing is taken from the reference's operator), and the solve
runs in interval arithmetic as in :mod:`zonemax.exact.ea_heavy`, so ``error_bound`` is rigorous.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mpmath.ctx_iv import MPIntervalContext

from zonemax.exact.heavy_law import (
    DEFAULT_C_TERMS,
    DEFAULT_HEAVY_DPS,
    HeavyLaw,
    check_dps,
    check_heavy_params,
)
from zonemax.exact.limits import check_max_states, multiset_bound, refuse, start_distances
from zonemax.exact.linalg import ExactProgress, hitting_moments, interval_result
from zonemax.exact.result import ExactResult
from zonemax.reference.fitness import validate_target
from zonemax.reference.params import LogBase, Real


def rls_heavy_exact(
    a: Sequence[int],
    eps: Real,
    *,
    log_base: LogBase = 2,
    truncate: str = "none",
    r: int | None = None,
    max_states: int | None = None,
    dps: int = DEFAULT_HEAVY_DPS,
    c_terms: int = DEFAULT_C_TERMS,
    with_variance: bool = False,
    progress: ExactProgress | None = None,
) -> ExactResult:
    """``E[T]`` of RLS with the heavy-tailed operator, with a rigorous error bound.

    Parameters as in :func:`zonemax.exact.ea_heavy.ea_heavy_exact`.
    """
    a = validate_target(a)
    max_states = check_max_states(max_states, "rls-heavy", len(a))
    e, base, mode, rr = check_heavy_params(eps, log_base, truncate, r)
    dps = check_dps(dps)
    n = len(a)
    what = f"rls-heavy on a = {a}"
    start = start_distances(a)
    refuse(multiset_bound((d + 1, k) for d, k in Counter(start).items()), max_states, what,
           progress)
    ctx = MPIntervalContext()
    ctx.dps = dps
    one = ctx.mpf(1)
    heavy = HeavyLaw(e, base, mode, rr, ctx, c_terms)

    def transitions(d: tuple[int, ...]) -> dict[tuple[int, ...], Any]:
        out: dict[tuple[int, ...], Any] = {}
        for v, k in Counter(d).items():
            if v == 0:
                continue  # every step at distance 0 is rejected
            i = d.index(v)
            chosen = k * one / n  # choose a position at distance v
            for m, pm in heavy.law(2 * v):
                if m == 2 * v:
                    continue  # lands at distance v on the other side: same lumped state
                new = tuple(sorted((*d[:i], abs(v - m), *d[i + 1:]), reverse=True))
                prob = chosen * pm / 2  # Definition 2: the sign points towards a_i
                out[new] = out[new] + prob if new in out else prob
        return out

    e1, e2, states, h_max = hitting_moments(
        start, transitions, sum, lambda d: d[0] == 0, one,
        max_states=max_states, what=what, with_variance=with_variance, progress=progress,
    )
    mid, err, var = interval_result(e1, e2, dps)
    params: tuple[tuple[str, object], ...] = (
        ("eps", e), ("log_base", base), ("truncate", mode), ("r", rr),
    )
    return ExactResult(mid, err, states, "rls-heavy", a, params, var, h_max)
