r"""Claims of Section 5 (RLS_{alpha,beta}: Lemma 7, Lemma 8 with its five cases, Theorem 9).

Notation as in :mod:`zonemax.proofs_check.rls_drift`: ``d`` = :math:`d_i` (an integer >= 1),
``v`` = :math:`v_i` (a real >= 1), ``s = floor(v)``, ``g`` = :math:`g_i`, ``g_toward`` /
``g_away`` = :math:`g_i` after a step towards / away from the target (Algorithm 2),
``D(d, v) = g - (g_toward + g_away)/2`` = the conditional drift given that component ``i`` is
chosen.  The eight conditions of Lemma 8's proof are numbered C1-C8 in the order printed:
C1 ``1 < alpha <= 2``, C2 ``1/2 < beta <= 0.9``, C3 ``2 alpha beta - alpha - beta > 0``,
C4 ``alpha + beta > 2``, C5 ``alpha^2 beta > 1``, C6 ``8 alpha beta c + 2p + 4c/beta <= 1/16``,
C7 ``p > 8c((alpha+beta)/2 - 1)``, C8 ``p > 4(alpha - 1)c > 0``.

How the statements about the drift are proved for *every* real ``v >= 1``, *every* integer
``d >= 1`` and *every* ``(alpha, beta, c, p)`` satisfying C1-C8: each statement is written once
in the certificate expression language; z3's nonlinear real arithmetic decides its negation per
integer branch of ``floor(v)`` (:func:`zonemax.proofs_check.rls_decide.decide`: five branches of
``s = floor(v)`` against ``d``, relaxed to reals with the integer cuts, so ``unsat`` everywhere
is a proof for all integers).  Cases 3-5 are decided directly; for Cases 1 and 2, whose direct
form is too hard for z3 over all four constants (``unknown`` after 120 s), the check follows the
paper's own decomposition: a bound on the toward step, a bound on the away step, and the algebra
that combines them (``D`` is by definition the mean of the two changes).  ``S5.drift-feasible``
chains the case bounds into an explicit ``delta`` for every feasible constant set.

What the independent checker re-verifies: grid certificates (``forall``) of every drift
statement at two feasible points (the paper's example and ``(2, 7/10, 1/1000, 1/100)``), with its
own ``rls_g``/``rls_drift`` (:mod:`zonemax.proofs_check.checker.rls`); the identities behind each
case's algebra; every counterexample (``arith``).  What it trusts: z3's ``unsat`` on the SMT-LIB
scripts (re-run when z3 is installed) -- the only certificates that cover all reals.

The claims are registered next to their checks, in the order printed: :mod:`~.constants`
(C1-C8 and the example), :mod:`~.drift` (the drift claim and an explicit ``delta``),
:mod:`~.case1` ... :mod:`~.case5` (the five cases of Lemma 8's proof), :mod:`~.initial_potential`,
:mod:`~.lemma7` and :mod:`~.editorial`.  Shared: :mod:`~.common` (the statements' vocabulary),
:mod:`~.judge` (deciding and certifying a statement) and :mod:`~.cases` (the cases' regions and
printed bounds).
"""

from __future__ import annotations

from zonemax.proofs_check.core import Claim, Editorial, Status
from zonemax.proofs_check.section5 import (
    case1,
    case2,
    case3,
    case4,
    case5,
    constants,
    drift,
    editorial,
    initial_potential,
    lemma7,
    runtime,
)

_MODULES = (constants, drift, case1, case2, case3, case4, case5, initial_potential, runtime,
            lemma7)

#: Every claim of Section 5, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(c for m in _MODULES for c in m.CLAIMS)

#: Text-only findings of Section 5 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = editorial.EDITORIAL

#: The recorded verdict of every claim of Section 5 (a change is a regression or a deliberate,
#: reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {k: v for m in _MODULES for k, v in m.EXPECTED.items()}

__all__ = ["CLAIMS", "EDITORIAL", "EXPECTED"]
