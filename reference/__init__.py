"""Plain, readable reference implementations for *Run Time Bounds for Integer-Valued OneMax Functions*.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855.  Every module in this
package reads beside the paper; update lines carry tags such as ``# Algorithm 1, line 4``.
This package is the oracle for the rest of zonemax: it knows nothing about the fast engine,
the exact solvers, the statistics or the command line.

Counting convention (used everywhere): the optimisation time ``T`` is the number of iterations
of the algorithm's main loop until ``f(x) = 0``.  Every iteration costs one fitness evaluation,
*including* iterations whose offspring equals the parent or is rejected.  The evaluation of the
all-zeros start point is not counted, so ``n = 1`` with the ±1 operator has ``E[T] = 2|a|``.
"""

from zonemax.reference.double_geometric import DoubleGeometric
from zonemax.reference.ea import one_plus_one_ea
from zonemax.reference.fitness import fitness, norm_1, norm_hamming, norm_inf, validate_target
from zonemax.reference.heavy_tailed import CEpsilon, HeavyTailed, c_epsilon
from zonemax.reference.operators import PlusMinusOne, StepOperator
from zonemax.reference.params import OutsideTheoremWarning, theorem9_violations
from zonemax.reference.power_law import PowerLaw
from zonemax.reference.result import RunResult
from zonemax.reference.rls import rls
from zonemax.reference.rls_ab import rls_ab
from zonemax.reference.runner import run
from zonemax.reference.spec import ALGORITHMS, AlgorithmSpec

__all__ = [
    "ALGORITHMS",
    "AlgorithmSpec",
    "CEpsilon",
    "DoubleGeometric",
    "HeavyTailed",
    "OutsideTheoremWarning",
    "PlusMinusOne",
    "PowerLaw",
    "RunResult",
    "StepOperator",
    "c_epsilon",
    "fitness",
    "norm_1",
    "norm_hamming",
    "norm_inf",
    "one_plus_one_ea",
    "rls",
    "rls_ab",
    "run",
    "theorem9_violations",
    "validate_target",
]
