"""Fast simulation engine: numba kernels with exact skip-ahead, equal in law to the reference.

Public API (see :mod:`zonemax.engine.api`): :func:`run_many`, :func:`run_seeds`,
:func:`simulate` and :func:`supports`, each taking an
:class:`~zonemax.reference.spec.AlgorithmSpec`.  The skip-ahead rules are derived in the
docstrings of :mod:`zonemax.engine._kernels`; the random primitives (all built on
``Generator.random()``) are in :mod:`zonemax.engine._random`; the heavy-tailed tables come from
:mod:`zonemax.reference.heavy_tailed` via :mod:`zonemax.engine._tables`.
"""

from zonemax.engine.api import (
    ALGORITHMS,
    INT64_LIMIT,
    Batch,
    check_target,
    run_many,
    run_seeds,
    simulate,
    supports,
)

__all__ = [
    "ALGORITHMS",
    "INT64_LIMIT",
    "Batch",
    "check_target",
    "run_many",
    "run_seeds",
    "simulate",
    "supports",
]
