"""The frozen result of a conformance check, and its text report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zonemax.conformance.statistics import StatTest


@dataclass(frozen=True)
class ExactValues:
    """The exact values of one variant on one instance, behind its tests.

    ``mean``/``variance`` are ``E[T]``/``Var[T]`` (rationals as strings);
    ``truncated_mean`` is ``E[min(T, budget)]``.
    """

    variant: str
    a: tuple[int, ...]
    budget: int
    mean: str
    variance: str
    truncated_mean: float
    observed_mean: float


@dataclass(frozen=True)
class VariantVerdict:
    """All tests of the sample against one variant's exact law."""

    variant: str
    consistent: bool
    tests: tuple[StatTest, ...]
    exact: tuple[ExactValues, ...]
    same_law_as: str | None = None


@dataclass(frozen=True)
class ConformanceResult:
    """What a conformance check found.

    Attributes
    ----------
    algorithm, level, seed:
        What was checked, at which level (``run`` or ``operator``), from which seed.
    conforms:
        The data are consistent with the paper's algorithm (no test against its law rejects) and
        nothing errored.
    errored:
        ``None``, or one line saying why the implementation could not be judged.
    consistent_variants, rejected_variants:
        The catalogued variants the data are consistent with, and those they reject.
    verdicts:
        Per variant, every test with its statistic, p-value and effect size, and the exact
        values behind them.
    family_level:
        The probability bound for a correct implementation to fail (Bonferroni over the tests
        against one law).
    runs:
        Samples per instance.
    """

    algorithm: str
    level: str
    seed: int
    conforms: bool
    errored: str | None
    consistent_variants: tuple[str, ...]
    rejected_variants: tuple[str, ...]
    verdicts: tuple[VariantVerdict, ...] = field(default=())
    family_level: float = 1e-3
    runs: int = 0
    paper_variant: str = "algorithm-1"

    def verdict(self, variant: str) -> VariantVerdict:
        """The tests against ``variant``."""
        for v in self.verdicts:
            if v.variant == variant:
                return v
        raise KeyError(f"no verdict for {variant!r}")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (what ``zonemax conform --json`` prints)."""
        return {
            "algorithm": self.algorithm, "level": self.level, "seed": self.seed,
            "conforms": self.conforms, "errored": self.errored,
            "consistent_variants": list(self.consistent_variants),
            "rejected_variants": list(self.rejected_variants),
            "family_level": self.family_level, "runs_per_instance": self.runs,
            "verdicts": [
                {"variant": v.variant, "consistent": v.consistent, "same_law_as": v.same_law_as,
                 "tests": [{"name": t.name, "statistic": t.statistic, "expected": t.expected,
                            "p_value": t.p_value, "effect_size": t.effect_size,
                            "rejected": t.rejected, "level": t.level} for t in v.tests],
                 "exact": [{"a": list(e.a), "budget": e.budget, "mean": e.mean,
                            "variance": e.variance, "truncated_mean": e.truncated_mean,
                            "observed_mean": e.observed_mean} for e in v.exact]}
                for v in self.verdicts
            ],
        }

    def report(self) -> str:
        """A plain-text report: the verdict, then per variant its tests and exact values."""
        head = f"zonemax conformance: {self.algorithm} at the {self.level} level, seed {self.seed}"
        if self.errored is not None:
            return f"{head}\nERRORED (could not be judged): {self.errored}"
        lines = [head]
        if self.conforms:
            lines.append(f"CONFORMS: consistent with the paper's algorithm ({self.paper_variant})")
        elif self.consistent_variants:
            lines.append("DOES NOT CONFORM: consistent with "
                         + ", ".join(self.consistent_variants) + f", not {self.paper_variant}")
        else:
            lines.append("DOES NOT CONFORM: matches no catalogued variant")
        lines.append("consistent: " + (", ".join(self.consistent_variants) or "none"))
        lines.append("rejected:   " + (", ".join(self.rejected_variants) or "none"))
        lines.append(f"error rate: a correct implementation fails with probability <= "
                     f"{self.family_level:g} (Bonferroni over the tests against one law; "
                     f"conservative p-values); {self.runs} "
                     f"{'draws' if self.level == 'operator' else 'runs per instance'}")
        for v in self.verdicts:
            mark = "consistent" if v.consistent else "REJECTED"
            same = f" (same law as {v.same_law_as})" if v.same_law_as else ""
            lines.append(f"- {v.variant}: {mark}{same}")
            for e in v.exact:
                if e.mean == "None":  # an infinite chain, or an enclosure of the law
                    moments = "E[T], Var[T] not computed (the law is known up to the budget)"
                else:
                    shown = e.mean if "/" not in e.mean else f"{e.mean} = {float_text(e.mean)}"
                    moments = f"E[T] = {shown}, Var[T] = {float_text(e.variance)}"
                lines.append(f"    a = {e.a}: {moments}; E[min(T, {e.budget})] = "
                             f"{e.truncated_mean:.4f}, observed {e.observed_mean:.4f}")
            for t in v.tests:
                flag = "reject" if t.rejected else "ok"
                lines.append(f"    {t.name:<34} stat {t.statistic:.5g} (null {t.expected:.5g}) "
                             f"p <= {t.p_value:.3g} effect {t.effect_size:+.3g} {flag}")
        return "\n".join(lines)


def float_text(rational: str) -> str:
    """A rational given as ``p/q`` in decimal."""
    num, _, den = rational.partition("/")
    value = int(num) / int(den or "1")
    return f"{value:.6g}"
