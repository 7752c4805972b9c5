"""Fast simulation engine: numba kernels with exact skip-ahead, equal in law to the reference.

Public API (see :mod:`zonemax.engine.api`): :func:`run_many`, :func:`run_seeds`,
:func:`simulate` (and :func:`simulate_per_iteration`, the ±1 EA and plain RLS with ±1 and
double-geometric steps without their shortcuts for large targets), :func:`supports` and :func:`unsupported`, :func:`needs_compiling` and
:func:`prepare`, and :func:`candidate_magnitudes` (the kernels' step sampler), each taking an
:class:`~zonemax.reference.spec.AlgorithmSpec`.

One jitted module per algorithm, each deriving its skip-ahead rule in its docstrings:
:mod:`~zonemax.engine._ea_pm1` ((1+1) EA, ±1 operator), :mod:`~zonemax.engine._ea_law` ((1+1)
EA with a magnitude-law operator: heavy-tailed, double-geometric, power-law),
:mod:`~zonemax.engine._rls_positions` (plain RLS with the ±1 and double-geometric operators,
position by position), :mod:`~zonemax.engine._rls_pm1`, :mod:`~zonemax.engine._rls_law` (plain
RLS, one step per useful iteration: the power-law and heavy-tailed operators, and the oracle of
the position rule) and :mod:`~zonemax.engine._rls_ab` (RLS_{alpha,beta}).  Shared parts: the run state, position
partition and budget convention (:mod:`~zonemax.engine._state`), random primitives built on
``Generator.random()`` (:mod:`~zonemax.engine._random`), alias tables
(:mod:`~zonemax.engine._alias`), the ±1 EA's pattern tables (:mod:`~zonemax.engine._pm1_patterns`),
the magnitude laws in octave bins and their exact samplers (:mod:`~zonemax.engine._magnitude_law`)
and the heavy-tailed law's tables from :mod:`zonemax.reference.heavy_tailed`
(:mod:`~zonemax.engine._heavy_law`).  Counts stay below :data:`COUNT_RANGE` (``2^62``,
:mod:`~zonemax.engine._range`): a run that would need more is censored at its budget or, with
none, reported beyond the range (:attr:`Batch.beyond_range`), never capped into a run time.
"""

from zonemax.engine._range import COUNT_RANGE
from zonemax.engine.api import (
    ALGORITHMS,
    INT64_LIMIT,
    Batch,
    BeyondRangeError,
    Candidates,
    EngineInvariantError,
    candidate_magnitudes,
    check_target,
    needs_compiling,
    prepare,
    run_many,
    run_seeds,
    simulate,
    simulate_per_iteration,
    supports,
    unsupported,
)

__all__ = [
    "ALGORITHMS",
    "COUNT_RANGE",
    "INT64_LIMIT",
    "Batch",
    "BeyondRangeError",
    "Candidates",
    "EngineInvariantError",
    "candidate_magnitudes",
    "check_target",
    "needs_compiling",
    "prepare",
    "run_many",
    "run_seeds",
    "simulate",
    "simulate_per_iteration",
    "supports",
    "unsupported",
]
