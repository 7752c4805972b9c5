r"""Section 1: text-only findings, checked against the printed TeX (never counted as verdicts)."""

from __future__ import annotations

from zonemax.proofs_check.core import Editorial, TexRef

#: Text-only findings of Section 1: checked against the TeX, never counted as verdicts.
EDITORIAL: tuple[Editorial, ...] = (
    Editorial("S1.ed-intro-exponent", 1,
              TexRef(224, 224, r"$1/(i \log(i)^{i+\varepsilon})$"),
              "The exponent of the logarithm is printed as i + eps; Definition 2 has 1 + eps.",
              "1/(i log(i)^{1+eps}) (and see S1.intro-step-law for the step size)."),
    Editorial("S1.ed-bit-strings", 1,
              TexRef(230, 230, r"many target bit strings of roughly that size"),
              "The targets are integer vectors a in Z^n, not bit strings.",
              "many targets a in Z^n of roughly that size"),
    Editorial("S1.ed-where-used", 1,
              TexRef(226, 226, r"heavy tailed distributions where used to speed up"),
              "'where used' should be 'were used'.", "heavy-tailed distributions were used"),
    Editorial("S1.ed-through-out", 1, TexRef(228, 228, r"Through out our analyses"),
              "'Through out' should be one word.", "Throughout our analyses"),
)
