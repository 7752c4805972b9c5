"""Fast simulation engine: numba kernels with exact skip-ahead, equal in law to :mod:`zonemax.reference`.

Public API: :func:`run_many` and :class:`Batch` (see :mod:`zonemax.engine.api`).  The skip-ahead
rules are derived in the docstrings of :mod:`zonemax.engine._kernels`; the random primitives
(all built on ``Generator.random()``) are in :mod:`zonemax.engine._random`; the heavy-tailed tables
come from :mod:`zonemax.reference.heavy_tailed` via :mod:`zonemax.engine._tables`.
"""

from zonemax.engine.api import (
    ALGORITHMS,
    INT64_LIMIT,
    Batch,
    check_target,
    run_many,
    run_seeds,
    simulator,
)

#: Algorithms the fast engine supports (``zonemax run`` uses it by default for these).
SUPPORTED = ALGORITHMS

__all__ = [
    "ALGORITHMS",
    "INT64_LIMIT",
    "SUPPORTED",
    "Batch",
    "check_target",
    "run_many",
    "run_seeds",
    "simulator",
]
