r"""Claims of Section 1 (the introduction).

Notation: ``eps`` = :math:`\varepsilon`, ``I`` = the exponent of Definition 2 (step ``2^{I-2}``),
``w_b(i) = 1/(i (log_b i)^{1+eps})`` (Definition 2's weight with the logarithm in base ``b``),
``m`` = :math:`|a|_\infty`.

Every check takes the statement as keyword parameters (printed values by default), so that its
controls (:class:`~zonemax.proofs_check.core.Control`) can alter exactly one of them.
Text-only findings (typos, a clashing variable name) are :data:`EDITORIAL` entries, not verdicts.

Modules, in the order printed: :mod:`~.intro_law` (the heavy tail as the introduction describes
it), :mod:`~.target_count` (the information-theoretic remark) and :mod:`~.editorial`.
"""

from __future__ import annotations

from zonemax.proofs_check.core import Claim, Editorial, Status
from zonemax.proofs_check.section1 import editorial, intro_law, target_count

_MODULES = (intro_law, target_count)

#: Every claim of Section 1, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(c for m in _MODULES for c in m.CLAIMS)

#: Text-only findings of Section 1 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = editorial.EDITORIAL

#: The recorded verdict of every claim of Section 1 (a change is a regression or a deliberate,
#: reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {k: v for m in _MODULES for k, v in m.EXPECTED.items()}

__all__ = ["CLAIMS", "EDITORIAL", "EXPECTED"]
