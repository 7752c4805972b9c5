"""The checker's own quantities for the (1+1) EA with the ±1 operator (Section 3): exact one-step quantities of the potential g.

Written from the paper, independently of the searching code (nothing outside
:mod:`zonemax.proofs_check.checker` is imported); registered in
:data:`zonemax.proofs_check.checker.expr.QUANTITIES` under names prefixed ``pm1_``.
"""

from __future__ import annotations

from .expr import QUANTITIES

__all__ = ["QUANTITIES"]
