r"""Claims of Section 4 (heavy-tailed operator): Theorem 5, Corollary 6 and their proofs.

Notation: ``eps`` = :math:`\varepsilon`, ``s = 1 + eps``, ``c`` = :math:`c_\varepsilon`
(Section 2), ``I`` = the exponent of Definition 2 (step ``2^{I-2}``), ``w(i) = 1/(i (log
i)^s)`` so ``P(I = i) = w(i)/c``, ``j* = j + 2``, ``L = log2 |a|_1``, ``delta`` = the drift
constant ``1/(2 e c n (L+2)(log(L+2))^s)`` of the proof of Theorem 5.  Logarithm bases are
explicit everywhere (``log2``, ``ln``); the paper never fixes the base of ``log`` (the sentence
that would, TeX line 360, is commented out; claim ``S4.log-base``).

All real arithmetic here is python-flint Arb balls (:data:`zonemax.proofs_check.bounds.ARB_PREC`
bits) or exact ``Fraction``; verdicts are decided by disjoint enclosures.  The certificates are
re-checked by :mod:`zonemax.proofs_check.checker` with its own quantities (``heavy_*`` in
:mod:`zonemax.proofs_check.checker.heavy`), written independently of this package.

The claims are registered next to their checks (in the order printed): :mod:`~.c_eps` (zonemax's
table of ``c_eps``, a table, not a claim), :mod:`~.theorem5_proof` (the events ``A_{i,j}`` and the
drift display), :mod:`~.theorem5` (the explicit constant, the O-form, the exact chain),
:mod:`~.corollary6` and :mod:`~.editorial`; :mod:`~.common` holds the shared vocabulary and Arb
quantities.
"""

from __future__ import annotations

from zonemax.proofs_check.core import Claim, Editorial, Status
from zonemax.proofs_check.section4 import c_eps, corollary6, editorial, theorem5, theorem5_proof

_MODULES = (c_eps, theorem5_proof, theorem5, corollary6)

#: Every claim of Section 4, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(c for m in _MODULES for c in m.CLAIMS)

#: zonemax's own tables computed for Section 4 (the c_eps enclosures): checked and certified
#: like claims, but not claims of the paper and never counted among the verdicts.
TABLES: tuple[Claim, ...] = c_eps.TABLES

#: The recorded verdict of each table.
EXPECTED_TABLES: dict[str, Status] = dict(c_eps.EXPECTED_TABLES)

#: Text-only findings of Section 4 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = editorial.EDITORIAL

#: The recorded verdict of every claim of Section 4 (a change is a regression or a deliberate,
#: reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {k: v for m in _MODULES for k, v in m.EXPECTED.items()}

__all__ = ["CLAIMS", "EDITORIAL", "EXPECTED", "EXPECTED_TABLES", "TABLES"]
