r"""Claims of Section 6 and Appendix A (experiments), against Sections 3-5 and the data.

Section 6 runs RLS_{alpha,beta} with ``alpha = 2, beta = 0.5``, the heavy-tailed (1+1) EA with
``eps = 0.001``, on targets ``a = (r, ..., r)`` "bounded by r".  Data claims read the committed
paper-scale reproduction ``reproduction/paper/runs.csv`` (20 runs per cell, every run solved in
the cells used here) with the :mod:`csv` module and exact arithmetic; their certificates
(kind ``data``) make :mod:`zonemax.proofs_check.checker.data` recompute every statistic from the
file.  The statistics here are written independently of the checker's: the exact two-sided
rank-sum (Mann-Whitney) test by the permutation law of the doubled mid-rank sum (a bit-packed
dynamic programme over the pooled runs), Holm's correction across the ``r`` of one ``n``.

The claims are registered next to their checks, in the order printed: :mod:`~.hypotheses`
(Section 6's parameters against Theorems 5 and 9 and Lemma 8), :mod:`~.search_space` (the bound
``r`` of the search space), :mod:`~.figures` (Figure 2's discussion and Appendix A against the
data) and :mod:`~.editorial`.  Shared: :mod:`~.common` (the experiments' parameters) and
:mod:`~.reproduction` (the data and the exact statistics).
"""

from __future__ import annotations

from zonemax.proofs_check.core import Claim, Editorial, Status
from zonemax.proofs_check.section6 import editorial, figures, hypotheses, search_space

_MODULES = (hypotheses, search_space, figures)

#: Every claim of Section 6 and Appendix A, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(c for m in _MODULES for c in m.CLAIMS)

#: Text-only findings of Section 6 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = editorial.EDITORIAL

#: The recorded verdict of every claim of Section 6 (a change is a regression or a deliberate,
#: reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {k: v for m in _MODULES for k, v in m.EXPECTED.items()}

__all__ = ["CLAIMS", "EDITORIAL", "EXPECTED"]
