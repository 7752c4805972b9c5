r"""Section 4: text-only findings, checked against the printed TeX (never counted as verdicts)."""

from __future__ import annotations

from zonemax.proofs_check.core import Editorial, TexRef

#: Text-only findings (never counted among the verdicts).
EDITORIAL: tuple[Editorial, ...] = (
    Editorial("S4.ed-aij-parenthesis", 4,
              TexRef(458, 458, r"\frac{1}{2ec_{\epsilon}nj^* (\log j^*))^{1 + \epsilon}}"),
              "Unmatched parenthesis, twice in this sentence.",
              r"\frac{1}{2ec_{\epsilon}n\, j^* (\log j^*)^{1+\epsilon}}"),
    Editorial("S4.ed-thm5-T", 4, TexRef(456, 456, r"Let $T = \min\{t \geq 0 \mid X = 0\}$"),
              "The stopping time omits the time index.", r"T = \min\{t \ge 0 \mid X_t = 0\}"),
    Editorial("S4.ed-cor6-weight", 4,
              TexRef(484, 484, r"to find an integer string with weight $|a|_1 \cdot \alpha$"),
              "'weight |a|_1 alpha' means fitness (distance to a) at most alpha|a|_1, as the "
              "sentence before the corollary says.",
              r"to find an integer string $x$ with $f_a(x) \le \alpha |a|_1$"),
    Editorial("S4.ed-cor6-T-set", 4,
              TexRef(489, 489, r"Let $T =\{t \geq 0 \mid X_t \leq |a|_1 \cdot \alpha \}$"),
              "T is defined as a set, not its minimum.",
              r"T = \min\{t \ge 0 \mid X_t \le \alpha |a|_1\}"),
    Editorial("S4.ed-cor6-min-potential", 4,
              TexRef(489, 489, r"the minimum value the potential can take is $|a|_1 \cdot \alpha$"),
              "alpha|a|_1 is not the minimum of X (one step can reach X = 0: a = (8), I = 5, "
              "probability w(5)/(2c) > 0); it is the threshold x_min of Theorem 2 "
              "(claim S4.cor6-stopping).",
              r"we apply Theorem 2 with $x_{\min} = \alpha |a|_1$; since $\min\{t \mid X_t \le "
              r"\alpha|a|_1\} \le \min\{t \mid X_t < x_{\min}\}$, its bound applies"),
)
