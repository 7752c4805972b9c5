"""Power: every planted bug is rejected by its theorem family at the CI level.

The planted implementations (:data:`zonemax.stats_tests.implementations.PLANTED`) go through the
very same pre-registered tests and Holm threshold as the correct reference; a test suite that
passes them would be a suite that cannot fail.  Two kinds get extra evidence (issue 17):

* the *common-mode* bugs sit in a helper of the reference operator that the exact solvers once
  shared; they are rejected through the reference family's exact cases, because the exact layer
  now derives the law itself -- while a chain built on the reference's own law, as the old
  solver did, moves along with the bug;
* the bug that used to *hang* the suite (a velocity cap in RLS_{alpha,beta}: a 10^12 target
  never finishes) is rejected as *budget exhausted* after one capped run.

Issue 14 adds bugs of the classes no test used to see, each with the test that must reject it
and (where it says something) the tests that must not (:data:`EXPECTED`): large magnitudes (a
32-bit exponent table, a 32-bit velocity, a 32-bit distance in the engine: rejected at 10^12,
not at 10^6 or 10^9), a stateful cache (a table extended wrongly), RLS with the heavy-tailed
operator (its acceptance limit), the sign of a heavy-tailed step, and the engine's random
streams (rejected by the stream tests while the two-sample tests of the means pass).  The
engine's planted bugs (:func:`zonemax.verify.engine_planted`) wrap its public API.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import pytest
from zonemax.reference import HeavyTailed, rls_ab
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import families, planted
from zonemax.stats_tests.implementations import COMMON_MODE_BUGS, HANGING_BUG, PLANTED
from zonemax.stats_tests.reporting import render_family
from zonemax.stats_tests.suite import FAMILIES
from zonemax.stats_tests.theorems import RLS_REFERENCE_TARGET

from zonemax.exact import exact_expectation
from zonemax.verify import engine_planted

#: Every planted bug: the engine-free catalogue and the engine's (built on its public API).
ALL_PLANTED = {**PLANTED, **engine_planted()}

#: Issue 14's bugs: (a substring of a test that must reject it, substrings of tests that must
#: not reject it).
EXPECTED: dict[str, tuple[str, tuple[str, ...]]] = {
    "RLS with the heavy-tailed operator: longest step f(x), not 2 f(x)": (
        "exact E[T]: rls-heavy a=(31)", ()),
    "heavy-tailed operator with sign bias P(+) = 0.52": ("the sign of a step is fair", ()),
    "heavy-tailed table extended without the tabulated mass (cache)": ("(after 3)", ()),
    "heavy-tailed steps longer than 2^32 treated as too long": (
        "law at limit 10^30", ("Algorithm 2",)),
    "RLS_{alpha,beta} velocity wraps at 2^32": (
        "every transition is one of the 2n outcomes", ("operator", "one iteration")),
    "engine: distances converted through 32 bits (|a_i| mod 2^32)": (
        "engine = reference in law: ea-heavy a=(10^12)", ("a=(10^6)", "a=(10^9)", "streams")),
    "engine: every run of a batch reuses one random stream": (
        "streams: runs of a batch are independent", ()),
    "engine: run k seeded with seed + k (batches overlap)": (
        "streams: batches of seeds s and s+1 are independent", ("engine = reference",)),
    "engine: streams spawned per worker chunk": (
        "streams: run k depends on (seed, k) only", ("engine = reference",)),
    # issue 26: the operators over their parameter ranges (stats_tests/samplers.py)
    "engine: power-law sampler's proposal over one random bit too many": (
        "engine sampler, power law beta=3/2, limit 2f = 2^61",
        ("double-geometric", "heavy-tailed", "mass", "limit 2f = 6")),
    "double-geometric operator: log(1 - q) for ln q when q >= 1/2": (
        "operator double-geometric q=2/3", ("q=1/3", "power law", "Algorithm 2", "eps=")),
}
#: Planted bugs whose whole family runs under ``-m slow`` only (about 10 to 20 s each); the
#: default run rejects each with the one case that must see it
#: (``stats_tests/tests/test_samplers.py``).
SLOW_PLANTED = frozenset({"engine: power-law sampler's proposal over one random bit too many",
                          "double-geometric operator: log(1 - q) for ln q when q >= 1/2"})


@pytest.mark.timeout(300)  # slowest: about 14 s on 2 shared cores (load 5)
@pytest.mark.parametrize("bug", [pytest.param(b, marks=pytest.mark.slow) if b in SLOW_PLANTED
                                 else b for b in ALL_PLANTED])
def test_planted_bug_is_caught(bug: str) -> None:
    family, impl = ALL_PLANTED[bug]
    res = families.run(family, impl, "ci")
    assert not res.ok, f"planted bug not caught: {bug}\n{render_family(res)}"
    rejected = [o for o, rej in zip(res.outcomes, res.rejected, strict=True) if rej]
    if bug in EXPECTED:
        must, must_not = EXPECTED[bug]
        assert any(must in o.name for o in rejected), render_family(res)
        assert not any(word in o.name for o in rejected for word in must_not), \
            render_family(res)
    if bug in COMMON_MODE_BUGS:  # the reference itself is buggy: its exact cases see it
        assert not impl.fast
        assert any(o.name.startswith("exact E[T]") for o in rejected), render_family(res)
    if bug == HANGING_BUG:  # a failure in bounded time, not a hang
        assert any(o.detail.startswith("budget exhausted") for o in rejected), render_family(res)


def test_every_family_has_a_planted_bug() -> None:
    assert {family for family, _ in ALL_PLANTED.values()} == {f for f, _ in FAMILIES}
    assert len(COMMON_MODE_BUGS) >= 2
    assert HANGING_BUG in PLANTED
    assert set(EXPECTED) <= set(ALL_PLANTED)
    assert set(ALL_PLANTED) >= SLOW_PLANTED


def _ea_one_position_from_law(d0: int, law: Callable[[int], dict[Any, Any]]) -> mpmath.mpf:
    """``E[T]`` of the (1+1) EA with n = 1 from distance ``d0``, built on a given magnitude law
    (as the exact solver once did with the reference's): from ``d`` a step ``m < 2d`` towards
    the target is accepted and lands at ``|d - m| < d``; everything else leaves ``d`` unchanged."""
    e = [mpmath.mpf(0)]
    for d in range(1, d0 + 1):
        moves = [(m, p / 2) for m, p in law(2 * d).items() if m is not None and m < 2 * d]
        leave = mpmath.fsum(p for _, p in moves)
        e.append((1 + mpmath.fsum(p * e[abs(d - m)] for m, p in moves)) / leave)
    return e[d0]


@pytest.mark.parametrize("key", list(planted.COMMON_MODE))
def test_common_mode_bug_reaches_the_reference_but_not_the_exact_layer(key: str) -> None:
    spec = AlgorithmSpec("ea-heavy", (9,), eps=Fraction(1))
    correct = exact_expectation(spec)
    honest = _ea_one_position_from_law(9, HeavyTailed(Fraction(1)).magnitude_distribution)
    assert abs(honest - correct.expectation) <= correct.error_bound + mpmath.mpf(10) ** -8
    with planted.common_mode_bug(key):
        shared = _ea_one_position_from_law(9, HeavyTailed(Fraction(1)).magnitude_distribution)
        independent = exact_expectation(spec)
    # the bug moves everything built on the reference's law (the old arrangement) ...
    assert abs(shared / correct.expectation - 1) > 0.03
    # ... and leaves the exact layer, which derives the law itself, untouched
    assert independent.expectation == correct.expectation
    assert independent.error_bound == correct.error_bound


def test_hanging_bug_does_not_finish_where_the_reference_does() -> None:
    # the velocity cap makes a 10^12 target take about 10^9 iterations: without a budget the
    # suite used to hang here; with one, a run is censored and the family rejects
    a = RLS_REFERENCE_TARGET
    alpha, beta = Fraction(17, 10), Fraction(9, 10)
    good = rls_ab(a, alpha, beta, rng=np.random.default_rng(1), budget=20_000, warn=False)
    assert good.solved
    bad = planted.rls_ab_velocity_cap(a, alpha, beta, rng=np.random.default_rng(1),
                                      budget=20_000)
    assert not bad.solved and bad.evaluations == 20_000
