r"""Section 3: text-only findings, checked against the printed TeX (never counted as verdicts)."""

from __future__ import annotations

from zonemax.proofs_check.core import Editorial, TexRef

#: Text-only findings of Section 3 (checked against the TeX, never counted as verdicts).
EDITORIAL: tuple[Editorial, ...] = (
    Editorial("S3.ed-pm-operator", 3, TexRef(363, 363, r"with the $\pm$ operator"),
              "'the ± operator' lacks the 1.", "the $\\pm 1$ operator"),
    Editorial("S3.ed-d-real", 3, TexRef(383, 383, r"$d \in \mathrm{R}^n$"),
              "Distances are non-negative integers.", "$d \\in \\mathbb{N}^n$"),
    Editorial("S3.ed-sum-index", 3, TexRef(395, 395, r"\sum_{i\in [n]\setminus O}^{n}"),
              "A sum over [n] \\ O carries a stray upper limit n.",
              "\\sum_{i\\in [n]\\setminus O}"),
    Editorial("S3.ed-undefined-z", 3,
              TexRef(399, 399, r"\sum_{i\in S} d(y_i , z_i) - d_i \leq 0"),
              "z is undefined; the distance of y_i to the target is |y_i - a_i|.",
              "\\sum_{i\\in S} |y_i - a_i| - d_i \\leq 0"),
    Editorial("S3.ed-pair-zero", 3,
              TexRef(399, 399, r"For every $(y,i)$ with $d_i=0$ where bit position $i$ changes "
                     r"in the wrong direction, there is a $(y',i)\in U$"),
              "A position at distance 0 has no right direction (and the following display uses "
              "omega^{d_i-1}): the pairing is for d_i >= 1; the partner (y', i) improves, so it "
              "is not in U (the worsening pairs).",
              "For every $(y,i)\\in U$ with $d_i \\geq 1$, the offspring $y'$ that moves $i$ in "
              "the right direction (other positions as in $y$) is also accepted"),
    Editorial("S3.ed-pair-index", 3,
              TexRef(401, 401, r"(1-\omega^{d_i'-1})\cdot (\omega-1)< "
                     r"\omega^{d_i}\frac{(\omega-1)^2}{\omega}"),
              "The left side is in d_{i'} (the improving partner), the right side in d_i, which "
              "is 0 for the correct position; d_i'-1 means d_{i'}-1.  True under every reading "
              "(S3.pair-correct-position).",
              "(1-\\omega^{d_{i'}-1})(\\omega-1) \\leq 0 < \\frac{(\\omega-1)^2}{\\omega}"),
)
