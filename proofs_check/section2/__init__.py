r"""Claims of Section 2: the definitions, the algorithms, the drift theorems.

Notation: ``eps`` = :math:`\varepsilon`, ``c_eps`` = :math:`c_\varepsilon`,
``I`` = the exponent of Definition 2 (step ``2^{I-2}``), ``w_b(i) = 1/(i (log_b i)^{1+eps})``
(Definition 2's weight with the logarithm in base ``b``), ``m`` = :math:`|a|_\infty`,
``d_j = |x_j - a_j|`` (distance of position ``j``), ``v`` = the velocity of
:math:`RLS_{\alpha,\beta}` (Algorithm 2), ``alpha``, ``beta`` its constants,
``X_t`` = the number of changes of entry ``j`` (proof of Lemma 7),
``Y_t = log2|a|_inf - 1 - X_t`` (same proof).

Every check takes the statement as keyword parameters (printed values by default), so that its
controls (:class:`~zonemax.proofs_check.core.Control`) can alter exactly one of them.
Text-only findings (typos, a clashing variable name) are :data:`EDITORIAL` entries, not verdicts.

Modules, in the order of the claims: :mod:`~.heavy_tail` (Definition 2 and ``c_eps``),
:mod:`~.algorithm2` (RLS_{alpha,beta}'s loop and velocity update), :mod:`~.drift_theorem`
(Theorem 1 against its uses) and :mod:`~.editorial`; :mod:`~.common` runs z3.
"""

from __future__ import annotations

from zonemax.proofs_check.core import Claim, Editorial, Status
from zonemax.proofs_check.section2 import (
    algorithm2,
    drift_theorem,
    editorial,
    heavy_tail,
    multiplicative_drift,
)

_MODULES = (heavy_tail, algorithm2, drift_theorem, multiplicative_drift)

#: Every claim of Section 2, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(c for m in _MODULES for c in m.CLAIMS)

#: Text-only findings of Section 2 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = editorial.EDITORIAL

#: The recorded verdict of every claim of Section 2 (a change is a regression or a deliberate,
#: reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {k: v for m in _MODULES for k, v in m.EXPECTED.items()}

__all__ = ["CLAIMS", "EDITORIAL", "EXPECTED"]
