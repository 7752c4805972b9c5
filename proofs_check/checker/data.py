"""The ``data`` certificate kind: claims about the committed reproduction data (Section 6).

Registered into :data:`zonemax.proofs_check.checker.kinds.KINDS` on import.  (To be written:
the schema goes into the package docstring.)
"""

from __future__ import annotations

from .kinds import KINDS

__all__ = ["KINDS"]
