"""The fitness ``f_a`` on Z^n and the norms of Section 2.

Notation (Section 2 of the paper): for ``a`` in Z^n,

* ``|a|_1 = sum_i |a_i|``          -> :func:`norm_1`
* ``|a|_inf = max_i |a_i|``        -> :func:`norm_inf`
* ``|a|_H = #{i : a_i != 0}``      -> :func:`norm_hamming`
* ``f_a(x) = |a - x|_1``           -> :func:`fitness` (minimised; the optimum is ``x = a``)

All arithmetic uses Python ints, so targets such as ``r = 10**30`` are exact.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence


def validate_target(a: Sequence[int] | Sequence[numbers.Integral]) -> tuple[int, ...]:
    """Return ``a`` as a tuple of Python ints, or raise a clear error.

    Raises
    ------
    TypeError
        If ``a`` is not a sequence or an entry is not an integer (floats such as ``1.0`` and
        bools are refused: the search space is Z^n).
    ValueError
        If ``a`` is empty (``n = 0``).
    """
    if isinstance(a, str | bytes) or not isinstance(a, Sequence | tuple | list):
        try:
            a = list(a)  # accept numpy arrays and other iterables
        except TypeError:
            raise TypeError(
                f"target a must be a sequence of integers, got {type(a).__name__}"
            ) from None
    out: list[int] = []
    for i, ai in enumerate(a):
        if isinstance(ai, bool) or not isinstance(ai, numbers.Integral):
            raise TypeError(
                f"target a must contain integers only; a[{i}] = {ai!r} is {type(ai).__name__}"
            )
        out.append(int(ai))
    if not out:
        raise ValueError("target a must have at least one position (n >= 1); got n = 0")
    return tuple(out)


def norm_1(a: Sequence[int]) -> int:
    """``|a|_1``, the sum of absolute values (Section 2)."""
    return sum(abs(ai) for ai in a)


def norm_inf(a: Sequence[int]) -> int:
    """``|a|_inf``, the largest absolute value (Section 2)."""
    return max((abs(ai) for ai in a), default=0)


def norm_hamming(a: Sequence[int]) -> int:
    """``|a|_H``, the number of non-zero positions (Section 2)."""
    return sum(1 for ai in a if ai != 0)


def fitness(x: Sequence[int], a: Sequence[int]) -> int:
    """``f_a(x) = |a - x|_1`` (Section 2), to be minimised."""
    if len(x) != len(a):
        raise ValueError(f"x has {len(x)} positions but the target a has {len(a)}")
    return sum(abs(ai - xi) for xi, ai in zip(x, a, strict=True))
