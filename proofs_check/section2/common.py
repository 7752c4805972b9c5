r"""Section 2: the z3 runner shared by its claim modules."""

from __future__ import annotations

from typing import Any

from zonemax.proofs_check.rls_decide import z3_check


def _z3(script: str) -> tuple[str, Any]:
    """Run z3 on an SMT-LIB 2 script; the answer (``sat``/``unsat``/``unknown``) and the model
    (:func:`~zonemax.proofs_check.rls_decide.z3_check`, which records the method)."""
    return z3_check(script)
