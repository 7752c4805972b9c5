r"""Section 5: text-only findings, checked against the printed TeX (never counted as verdicts)."""

from __future__ import annotations

from zonemax.proofs_check.core import Editorial, TexRef

#: Text-only findings of Section 5 (typos): checked against the TeX, never counted.
EDITORIAL: tuple[Editorial, ...] = (
    Editorial("S5.case2-direction", 5, TexRef(609, 609, r"E[g_i(d_i,v_i)-g_i(d_i',v_i')]\leq"),
              "Case 2's concluding display prints <=; the proof needs and establishes >= (claim "
              "S5.case2 checks >=).", r"E[g_i(d_i,v_i)-g_i(d_i',v_i')]\geq ..."),
    Editorial("S5.case3-bracket", 5, TexRef(632, 632, r"$$E[g_i(d_i,v_i)-g(d_i',v_i')\geq"),
              "Case 3's display lacks the closing bracket of E[...] and writes g for g_i.",
              r"E[g_i(d_i,v_i)-g_i(d_i',v_i')]\geq"),
    Editorial("S5.lemma7-norm", 5, TexRef(509, 511, r"$\log(a_{\infty})-1$"),
              "Lemma 7's proof writes log(a_inf) for log|a|_inf (twice).",
              r"\log(|a|_{\infty})-1"),
    Editorial("S5.case1-subscript", 5, TexRef(564, 564, r"cd_i^2/(2vi)"),
              "Display (case1_1) writes 2vi for 2v_i.", r"cd_i^2/(2v_i)"),
)
