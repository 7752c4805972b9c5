r"""Section 2: text-only findings, checked against the printed TeX (never counted as verdicts)."""

from __future__ import annotations

from zonemax.proofs_check.core import Editorial, TexRef

#: Text-only findings of Section 2: checked against the TeX, never counted as verdicts.
EDITORIAL: tuple[Editorial, ...] = (
    Editorial("S2.ed-velocity-interval", 2,
              TexRef(289, 289, r"velocity vector} $v \in [1,\infty]^n$"),
              "The interval [1, oo] is closed at infinity; velocities are finite reals.",
              "v in [1, oo)^n"),
    Editorial("S2.ed-alg2-loop-variable", 2,
              TexRef(294, 296, r"\For{i \KwFrom 1 \KwTo n}{ $y\gets x$;\\ Choose $i\in [n]$"),
              "The loop variable i of 'for i from 1 to n' is overwritten by 'Choose i in [n]'; "
              "the loop itself is redundant (only its last pass survives, S2.alg2-loop).",
              "Drop the for-loop: y <- x; choose i in [n] uniformly at random; mutate y_i."),
)
