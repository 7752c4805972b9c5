"""The checker's own quantities for RLS_{alpha,beta} (Section 5): the potential g_i of Lemma 8 and its exact drift.

Written from the paper, independently of the searching code (nothing outside
:mod:`zonemax.proofs_check.checker` is imported); registered in
:data:`zonemax.proofs_check.checker.expr.QUANTITIES` under names prefixed ``rls_``.
"""

from __future__ import annotations

from .expr import QUANTITIES

__all__ = ["QUANTITIES"]
