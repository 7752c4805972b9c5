r"""Section 2: the z3 runner shared by its claim modules."""

from __future__ import annotations

from typing import Any


def _z3(script: str) -> tuple[str, Any]:
    """Run z3 on an SMT-LIB 2 script; the answer (``sat``/``unsat``/``unknown``) and the model."""
    import z3

    solver = z3.Solver()
    solver.from_string(script)
    answer = str(solver.check())
    return answer, solver.model() if answer == "sat" else None
