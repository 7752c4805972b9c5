"""Stateful caches give the results of a fresh computation, bit for bit (issue 14).

Every cache in the reference, the exact solvers and the engine is meant to be invisible: a
result must not depend on what was computed before it.  The tests exercise the reuse paths on
purpose -- a table first built for a small limit, then used as a prefix ("shrink"), then
extended -- and compare with fresh objects fed the *same* random stream, or with a fresh
process that computes the same things in the opposite order:

* the heavy-tailed operator (:class:`zonemax.reference.HeavyTailed`): its mp weights
  (``_weights``) and float CDF table (``_cdf``, :meth:`~zonemax.reference.HeavyTailed._cdf_upto`)
  grow with the largest limit seen; samples of one object reused over a sequence of limits equal
  those of a fresh object per limit, draw for draw, and its table equals a fresh table bit for
  bit.  A planted extension bug (:class:`zonemax.stats_tests.planted.HeavyTailedStaleExtension`)
  fails the same check;
* the exact layer (:mod:`zonemax.exact`): the per-instance caches of
  :class:`~zonemax.exact.heavy_law.HeavyLaw` (weights, laws by limit, probabilities by magnitude)
  and the process-wide ``functools`` caches (``c_eps_enclosure``, the state counts): laws and
  expectations equal those of fresh instances and of a fresh process;
* the engine (only through its public API; its internal ±1 EA k-table slots are the engine's
  own tests' business): batches computed after other batches (its ``heavy_tables`` cache, the
  per-chunk ±1 EA table cache, compiled kernels) equal the same batches computed first, in a
  fresh process, in the opposite order.

Everything here is deterministic: no statistics, exact equality only.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from mpmath.ctx_iv import MPIntervalContext
from zonemax.reference import HeavyTailed
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.planted import HeavyTailedStaleExtension

from zonemax.engine import run_many
from zonemax.exact import exact_expectation
from zonemax.exact.heavy_law import HeavyLaw

F = Fraction
#: Limits in the order used: grow, shrink (a prefix of the table), grow again, shrink.
LIMITS = (3, 2**40, 100, 10**30, 2**20, 1, 2**62 + 5)
DRAWS = 500  # per limit
OPERATORS = [
    {"eps": F(1)},
    {"eps": F(1, 1000)},
    {"eps": F(1, 2), "log_base": "e"},
    {"eps": F(1, 10), "truncate": "condition", "r": 10**12},
    {"eps": F(1, 10), "truncate": "clip", "r": 3 * 10**11},
    {"eps": F(1), "truncate": "clip", "r": 64},
]

Factory = Callable[..., HeavyTailed]


def reuse_mismatches(factory: Factory, kwargs: dict[str, object], seed: int) -> list[str]:
    """Where one operator object reused over :data:`LIMITS` differs from fresh objects."""
    reused = factory(**kwargs)
    rng_reused = np.random.default_rng(seed)
    rng_fresh = np.random.default_rng(seed)
    out = []
    for limit in LIMITS:
        fresh = factory(**kwargs)
        a = [reused.sample(limit, rng_reused) for _ in range(DRAWS)]
        b = [fresh.sample(limit, rng_fresh) for _ in range(DRAWS)]
        if a != b:
            out.append(f"limit {limit}: {sum(x != y for x, y in zip(a, b, strict=True))} of "
                       f"{DRAWS} draws differ")
    # the table grown over the whole sequence equals a table built at once, bit for bit
    k = len(reused._cdf) + 1
    once = factory(**kwargs)
    if reused._cdf_upto(k) != once._cdf_upto(k):
        out.append("the extended CDF table differs from a table built at once")
    if reused._weights[:len(once._weights)] != once._weights:
        out.append("the extended weights differ from weights computed at once")
    return out


@pytest.mark.parametrize("kwargs", OPERATORS, ids=[str(k) for k in OPERATORS])
def test_heavy_tailed_table_extension_is_invisible(kwargs: dict[str, object]) -> None:
    assert reuse_mismatches(HeavyTailed, kwargs, 46_100) == []


def test_the_reuse_check_catches_a_wrong_extension() -> None:
    # the planted bug restarts the running total when the table is extended
    assert reuse_mismatches(HeavyTailedStaleExtension, {"eps": F(1)}, 46_100)


def test_heavy_law_caches_are_invisible() -> None:
    def law(h: HeavyLaw, limit: int) -> list[tuple[int, str, str]]:
        return [(m, str(p.a), str(p.b)) for m, p in h.law(limit)]

    for truncate, r in (("none", None), ("condition", 1000), ("clip", 1000), ("clip", 1024)):
        ctx = MPIntervalContext()
        ctx.dps = 30
        reused = HeavyLaw(F(1, 2), 2, truncate, r, ctx)  # type: ignore[arg-type]
        for limit in (5, 2**40, 100, 10**30, 1):
            fresh_ctx = MPIntervalContext()
            fresh_ctx.dps = 30
            fresh = HeavyLaw(F(1, 2), 2, truncate, r, fresh_ctx)  # type: ignore[arg-type]
            assert law(reused, limit) == law(fresh, limit), (truncate, r, limit)


#: What the fresh process computes, in the opposite order of this process.
EXACT_SPECS = [
    AlgorithmSpec("ea-heavy", (9,), eps=F(1)),
    AlgorithmSpec("rls-heavy", (12, 3), eps=F(1, 2), truncate="clip", r=8),
    AlgorithmSpec("ea-heavy", (4, 2), eps=F(1, 2)),
    AlgorithmSpec("rls-ab", (7, 2), alpha=F(2), beta=F(1, 2)),
    AlgorithmSpec("ea-pm1", (3, 2, 0)),
]
ENGINE_SPECS = [
    AlgorithmSpec("ea-heavy", (10**12,), eps=F(1, 1000)),
    AlgorithmSpec("ea-heavy", (5,), eps=F(1, 1000)),
    AlgorithmSpec("ea-pm1", (200, -3, 0, 1, 150, 7, 7, 0, -12, 2, 0, 5, 60, 60)),
    AlgorithmSpec("ea-pm1", (3, 1)),
    AlgorithmSpec("rls-heavy", (10**9, 5), eps=F(1, 2), truncate="condition"),
    AlgorithmSpec("rls-ab", (10**15, 3)),
]
ENGINE_RUNS, ENGINE_SEED = 40, 46_200


def _exact_record(spec: AlgorithmSpec) -> list[str]:
    res = exact_expectation(spec, with_variance=True)
    return [str(res.expectation), str(res.error_bound), str(res.variance)]


def _engine_record(spec: AlgorithmSpec, jobs: int) -> list[int]:
    batch = run_many(spec, runs=ENGINE_RUNS, seed=ENGINE_SEED, budget=None, jobs=jobs)
    return [int(t) for t in batch.evaluations]


FRESH_PROCESS = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, {here!r})
    import test_caches as t
    exact = [t._exact_record(s) for s in reversed(t.EXACT_SPECS)][::-1]
    engine = [t._engine_record(s, 1) for s in reversed(t.ENGINE_SPECS)][::-1]
    print(json.dumps({{"exact": exact, "engine": engine}}))
""")


@pytest.mark.timeout(300)  # a fresh process imports numba and solves the chains again
def test_results_do_not_depend_on_what_was_computed_before() -> None:
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    proc = subprocess.run([sys.executable, "-c", FRESH_PROCESS.format(here=here)],
                          capture_output=True, text=True, timeout=280, check=True)
    fresh = json.loads(proc.stdout.strip().splitlines()[-1])
    # this process: the opposite order, after whatever other tests computed, and with jobs > 1
    assert [_exact_record(s) for s in EXACT_SPECS] == fresh["exact"]
    assert [_engine_record(s, 2) for s in ENGINE_SPECS] == fresh["engine"]
