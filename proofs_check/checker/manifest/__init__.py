r"""The checker's manifest: the paper's statements, owned by the checker (see :mod:`..statement`).

(Assembly in progress: the formulas proved in Coq.)
"""

from __future__ import annotations

from ..formula import Formula, coq_name
from . import s5_formulas, s234_formulas


def coq_obligations() -> dict[str, Formula]:
    """Theorem name -> formula of every Coq obligation (``S5_case4``, ``S5_feasible_region_2``)."""
    out: dict[str, Formula] = {}
    for table in (s234_formulas.FORMULAS, s5_formulas.FORMULAS):
        for cid, formulas in table.items():
            base = coq_name(cid)
            for k, f in enumerate(formulas):
                out[base if k == 0 else f"{base}_{k + 1}"] = f
    return out
