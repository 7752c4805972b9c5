"""Small helpers shared by the reference algorithms (argument checks, observer type)."""

from __future__ import annotations

from collections.abc import Callable

#: Called after every iteration with (evaluations so far, current search point).
Observer = Callable[[int, tuple[int, ...]], None]


def check_budget(budget: int | None) -> int | None:
    """An evaluation budget is ``None`` (unlimited) or a non-negative int."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise TypeError(f"budget must be an int or None, got {type(budget).__name__}")
    if budget < 0:
        raise ValueError(f"budget must be >= 0 evaluations, got {budget}")
    return budget
