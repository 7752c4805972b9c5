"""Walker/Vose alias tables whose columns carry int64 payloads (O(1) draws, no search).

A table over ``count`` outcomes with weights ``w_j`` has ``count`` columns of mass ``1/count``
each; column ``i`` keeps its own outcome with probability ``prob[i]`` and otherwise gives its
alias.  A draw is ``u = U * count``, column ``i = floor(u)``, own outcome iff ``u - i < prob[i]``,
so outcome ``j`` is drawn with probability ``w_j / sum(w)``.  Instead of indices the kernels
store the *payloads* of both outcomes of every column (``keep[i]``, ``other[i]``; e.g. a packed
pattern), so a draw is one uniform, one comparison and one load, without a data-dependent loop.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zonemax.engine._jit import inner


@njit(nogil=True, cache=True)
def build_alias(weight: np.ndarray, count: int, prob: np.ndarray, alias: np.ndarray,
                small: np.ndarray, large: np.ndarray) -> None:
    """Walker/Vose alias table for ``weight[:count]`` (any positive scale) into ``prob``,
    ``alias``; ``small``, ``large`` are scratch (length ``>= count``)."""
    total = 0.0
    for j in range(count):
        total += weight[j]
    n_small = 0
    n_large = 0
    for j in range(count):
        prob[j] = weight[j] * count / total
        alias[j] = j
        if prob[j] < 1.0:
            small[n_small] = j
            n_small += 1
        else:
            large[n_large] = j
            n_large += 1
    while n_small > 0 and n_large > 0:
        n_small -= 1
        lo = small[n_small]
        g = large[n_large - 1]
        alias[lo] = g
        prob[g] = (prob[g] + prob[lo]) - 1.0
        if prob[g] < 1.0:
            n_large -= 1
            small[n_small] = g
            n_small += 1
    for j in range(n_large):
        prob[large[j]] = 1.0  # round-off: these columns are full
    for j in range(n_small):
        prob[small[j]] = 1.0


@inner
def fill_payloads(payload: np.ndarray, alias: np.ndarray, count: int, keep: np.ndarray,
                  other: np.ndarray) -> None:
    """``keep[i] = payload[i]`` and ``other[i] = payload[alias[i]]`` for every column ``i``."""
    for i in range(count):
        keep[i] = payload[i]
        other[i] = payload[alias[i]]


@njit(nogil=True, cache=True, inline="always")
def sample_payload(rng: np.random.Generator, count: int, prob: np.ndarray, keep: np.ndarray,
                   other: np.ndarray, row: int) -> int:
    """One draw from the alias table in row ``row`` of the 2-d arrays ``prob, keep, other``
    (see the module docstring): the payload of the outcome."""
    u = rng.random() * count
    col = int(u)
    return keep[row, col] if u - col < prob[row, col] else other[row, col]
