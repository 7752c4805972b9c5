"""The checker's own quantities for the heavy-tailed operator (Definition 2, Section 4): the law of I, c_eps enclosures.

Written from the paper, independently of the searching code (nothing outside
:mod:`zonemax.proofs_check.checker` is imported); registered in
:data:`zonemax.proofs_check.checker.expr.QUANTITIES` under names prefixed ``heavy_``.
"""

from __future__ import annotations

from .expr import QUANTITIES

__all__ = ["QUANTITIES"]
