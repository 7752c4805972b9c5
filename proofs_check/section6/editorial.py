r"""Section 6: text-only findings, checked against the printed TeX (never counted as verdicts)."""

from __future__ import annotations

from zonemax.proofs_check.core import Editorial, TexRef

#: Text-only findings (never counted among the verdicts).
EDITORIAL: tuple[Editorial, ...] = (
    Editorial("S6.ed-appendix-figures", 6,
              TexRef(744, 744, r"For each algorithm, we use one box plot to show the "
                               r"distribution of independent runs for $n = 100$."),
              "The box plot figures of Appendix A (and Figures 1-2 of Section 6) have empty "
              "\\includegraphics{} in the source; the plots cannot be compared with the data.",
              "Include the figures."),
)
