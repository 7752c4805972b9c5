"""The frozen result every run in :mod:`zonemax.reference` returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: Why a run stopped: the optimum was found, the evaluation budget ran out, or (CMA-ESwM only)
#: the minimum eigenvalue of the covariance fell below the paper's threshold (Section 6.1).
StopReason = Literal["optimum", "budget", "min-eigenvalue"]


@dataclass(frozen=True)
class RunResult:
    """Outcome of one run.

    Attributes
    ----------
    evaluations:
        The optimisation time ``T``: one evaluation per iteration, including iterations whose
        offspring equals the parent (see the package docstring for the convention).
    solved:
        ``True`` iff the run reached ``f(x) = 0``.  A run that is not solved is *censored*:
        ``evaluations`` is then a lower bound on its run time.
    x:
        The final search point (Python ints, so values beyond int64 are exact).
    f:
        ``f_a(x)`` at the final search point.
    reason:
        Why the run stopped.
    """

    evaluations: int
    solved: bool
    x: tuple[int, ...]
    f: int
    reason: StopReason

    @property
    def censored(self) -> bool:
        """A run that stopped before the optimum (budget or failure criterion)."""
        return not self.solved
