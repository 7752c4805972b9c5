r"""Claims of Section 3 (the (1+1) EA with the ±1 operator): Lemma 1, Theorems 3 and 4.

Notation as in :mod:`zonemax.proofs_check.pm1`: ``omega`` = :math:`\omega`, ``d`` = distance
vector, ``g`` = potential (eq. (3)), ``O = {i : d_i = 0}``, ``m = n - |O|``,
``W = sum_{i not in O} omega^{d_i}``, ``c = (omega - 1 - e(omega-1)^2)/e``, ``h`` = :math:`|a|_H`,
``D(d) = E[g(x) - g(Y)]`` (the drift), ``c(S)`` = the cost of a mutation set (proof of Thm 3).

Theorem 3's proof, as printed, has a false line (``S3.total-line``): the single-mutation gain
is bounded by a sum over the positions outside ``O`` while the multi-mutation loss is bounded by
``sum_{i=1}^n omega^{d_i}``, which counts every optimal position with weight 1.  The repair
(``S3.cS-outside-O``, ``S3.e2-outside-O``, ``S3.total-repaired``) restricts the loss to the
positions outside ``O`` as well; it is proved in :mod:`zonemax.proofs_check.pm1_cost` and checked
for *every* ``d`` with ``n <= 60`` (200 with ``heavy``) by the exact affine reduction of
:mod:`zonemax.proofs_check.pm1_drift`, cross-checked by brute-force enumeration and by the
multiplicity DP of :mod:`zonemax.proofs_check.pm1_dp`.

The claims are registered next to their checks, one module per lemma, theorem or part of a proof
(in the order printed):

* :mod:`~.lemma1` -- Lemma 1, the cost lemma;
* :mod:`~.omega` -- the choice ``omega = 1.2`` and the margin printed for it;
* :mod:`~.elementary` -- ``(1-1/n)^{n-1} >= 1/e``, the initial potential, ``x_min``;
* :mod:`~.single_mutation` -- the first display (one mutation, event ``E1``);
* :mod:`~.pairing` -- the pairing argument for several mutations;
* :mod:`~.cost_bound` -- the display defining ``c(S)``;
* :mod:`~.e2` -- the ``E2`` display ('Using Lemma 1, we get');
* :mod:`~.drift` -- 'In total': the printed line, its repair and the conclusion;
* :mod:`~.theorem3` -- Theorem 3's explicit bound against exact ``E[T]``;
* :mod:`~.theorem4` -- Theorem 4's proof and explicit bound;
* :mod:`~.theta` -- Theorems 3 and 4 together (Theta);
* :mod:`~.ones` -- Theorems 3 and 4 on ``a = 1^n`` up to ``n = 16`` (20 with ``heavy``);
* :mod:`~.editorial` -- text-only findings.

Shared: :mod:`~.common` (symbols, ranges, helpers) and :mod:`~.exact_times` (exact ``E[T]``).
"""

from __future__ import annotations

from zonemax.proofs_check.core import Claim, Editorial, Status
from zonemax.proofs_check.section3 import (
    cost_bound,
    drift,
    e2,
    editorial,
    elementary,
    lemma1,
    omega,
    ones,
    pairing,
    single_mutation,
    theorem3,
    theorem4,
    theta,
)

_MODULES = (lemma1, omega, elementary, single_mutation, pairing, cost_bound, e2, drift, theorem3,
            theorem4, theta, ones)

#: Every claim of Section 3, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(c for m in _MODULES for c in m.CLAIMS)

#: Text-only findings of Section 3 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = editorial.EDITORIAL

#: The recorded verdict of every claim of Section 3 (a change is a regression or a deliberate,
#: reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {k: v for m in _MODULES for k, v in m.EXPECTED.items()}

__all__ = ["CLAIMS", "EDITORIAL", "EXPECTED"]
