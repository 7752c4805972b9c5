"""The frozen result of a conformance check, its verdict, and its text report.

Three verdicts (:data:`CONFORMS`, :data:`INCONCLUSIVE`, :data:`DOES_NOT_CONFORM`), and
:data:`ERRORED` for an implementation that could not be judged.  ``conforms`` needs more than
"consistent with the paper's algorithm": every catalogued variant and known bug whose law
differs from the algorithm's must be rejected (:func:`settle`); a fixed-size check (the
operator level) also needs at least the pre-registered size at which the power against them
was measured.  Being consistent with a variant is not
evidence that the code runs it: it says only that the run times do not contradict its law.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from zonemax.conformance.statistics import StatTest

#: The implementation runs the paper's algorithm as far as the check can tell: its law is
#: consistent and every catalogued alternative with another law is rejected (a fixed-size
#: check: at the pre-registered size).
CONFORMS = "conforms"
#: The check cannot decide: another catalogued law is consistent as well, or the sample is
#: below the size whose power was measured.
INCONCLUSIVE = "inconclusive"
#: The paper's algorithm is rejected.
DOES_NOT_CONFORM = "does not conform"
#: The implementation could not be judged (it raised, hung, broke the protocol, ...).
ERRORED = "errored"
#: Exit codes of ``zonemax conform`` per verdict.
EXIT_CODES = {CONFORMS: 0, DOES_NOT_CONFORM: 1, ERRORED: 2, INCONCLUSIVE: 3}


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
        ``status == CONFORMS``.
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
    paper_variant:
        The variant that is the algorithm being claimed.
    status:
        The verdict: :data:`CONFORMS`, :data:`INCONCLUSIVE`, :data:`DOES_NOT_CONFORM` or
        :data:`ERRORED` (:func:`settle`).
    reason:
        One line saying why the verdict is what it is (why inconclusive, what is consistent).
    measured_runs:
        The pre-registered size (a sequential check: the cap) at which the power against the
        catalogued variants was measured; a fixed-size sample below it is at best
        inconclusive.
    most_likely:
        Among the consistent variants, the one under whose exact law the data are most likely
        (``None`` if none is consistent); a ranking, not a finding that the code runs it.
    subject:
        What the claimed algorithm is, in words (the reports name it).
    cap:
        A sequential check (the run level): the most runs per instance it would have made
        (``runs`` is where it stopped); ``None`` for a fixed-size check (the operator level).
    looks:
        How many times a sequential check looked at its data before it stopped.
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
    status: str = ""
    reason: str = ""
    measured_runs: int = 0
    most_likely: str | None = None
    subject: str = "the paper's algorithm"
    cap: int | None = None
    looks: int = 0

    def __post_init__(self) -> None:
        if not self.status:  # built from the old fields alone: two verdicts
            status = (ERRORED if self.errored is not None
                      else CONFORMS if self.conforms else DOES_NOT_CONFORM)
            object.__setattr__(self, "status", status)
        if self.conforms != (self.status == CONFORMS):
            raise ValueError(f"conforms={self.conforms} contradicts status {self.status!r}")

    @property
    def consistent_laws(self) -> tuple[str, ...]:
        """The consistent variants, one per law (those with ``same_law_as`` left out: no test
        of run times can tell them from the one they share their law with)."""
        return tuple(v.variant for v in self.verdicts if v.consistent and v.same_law_as is None)

    @property
    def inconclusive(self) -> bool:
        """``status == INCONCLUSIVE``."""
        return self.status == INCONCLUSIVE

    @property
    def exit_code(self) -> int:
        """The exit code of ``zonemax conform`` for this verdict (:data:`EXIT_CODES`)."""
        return EXIT_CODES[self.status]

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
            "verdict": self.status, "conforms": self.conforms,
            "inconclusive": self.status == INCONCLUSIVE, "reason": self.reason,
            "errored": self.errored, "most_likely": self.most_likely,
            "claimed": self.paper_variant, "subject": self.subject,
            "measured_runs": self.measured_runs,
            "consistent_variants": list(self.consistent_variants),
            "rejected_variants": list(self.rejected_variants),
            "family_level": self.family_level, "runs_per_instance": self.runs,
            "sequential": self.cap is not None, "cap_runs_per_instance": self.cap,
            "looks": self.looks,
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

    def headline(self) -> str:
        """The verdict in one line (the report's second line)."""
        if self.status == ERRORED:
            return f"ERRORED (could not be judged): {self.errored}"
        if self.status == CONFORMS:
            return "CONFORMS: " + (self.reason or f"consistent with {self.subject} "
                                   f"({self.paper_variant})")
        if self.status == INCONCLUSIVE:
            return f"INCONCLUSIVE: {self.reason}"
        return f"DOES NOT CONFORM: {self.reason}"

    def report(self) -> str:
        """A plain-text report: the verdict, then per variant its tests and exact values."""
        head = f"zonemax conformance: {self.algorithm} at the {self.level} level, seed {self.seed}"
        if self.errored is not None:
            return f"{head}\n{self.headline()}"
        lines = [head, self.headline()]
        if self.most_likely is not None and len(self.consistent_laws) > 1:
            lines.append(f"most likely: {self.most_likely} (the largest likelihood among the "
                         f"consistent laws; the others are not distinguishable at this size)")
        lines.append("consistent: " + (", ".join(self.consistent_variants) or "none"))
        lines.append("rejected:   " + (", ".join(self.rejected_variants) or "none"))
        unit = "draws" if self.level == "operator" else "runs per instance"
        if self.cap is None:
            lines.append(f"error rate: a correct implementation fails with probability <= "
                         f"{self.family_level:g} (Bonferroni over the tests against one law; "
                         f"conservative p-values); {self.runs} {unit} (power measured at "
                         f"{self.measured_runs})")
        else:
            lines.append(f"error rate: a correct implementation fails with probability <= "
                         f"{self.family_level:g} (anytime-valid e-values, and goodness of fit "
                         f"over every look); sequential: stopped at {self.runs} {unit} "
                         f"(look {self.looks}; at most {self.cap}; power measured at "
                         f"{self.measured_runs})")
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


def root_law(variant: str, same: Mapping[str, str | None]) -> str:
    """The first variant of the catalogue with ``variant``'s law (following ``same_law_as``)."""
    seen = {variant}
    while same.get(variant) is not None:
        variant = str(same[variant])
        if variant in seen:
            break
        seen.add(variant)
    return variant


def alternatives_of(paper: str, verdicts: tuple[VariantVerdict, ...]) -> tuple[str, ...]:
    """The catalogued variants whose law is not the claimed algorithm's."""
    same = {v.variant: v.same_law_as for v in verdicts}
    base = root_law(paper, same)
    return tuple(v.variant for v in verdicts if root_law(v.variant, same) != base)


def grouped(variants: tuple[str, ...], verdicts: tuple[VariantVerdict, ...]
            ) -> list[str]:
    """``variants`` one law each: ``first (= other, ...)`` where several share a law."""
    same = {v.variant: v.same_law_as for v in verdicts}
    groups: dict[str, list[str]] = {}
    for v in variants:
        groups.setdefault(root_law(v, same), []).append(v)
    return [members[0] + (f" (= {', '.join(members[1:])})" if len(members) > 1 else "")
            for members in groups.values()]


def settle(paper: str, subject: str, verdicts: tuple[VariantVerdict, ...], runs: int,
           measured_runs: int, unit: str, most_likely: str | None = None,
           cap: int | None = None) -> tuple[str, str]:
    """``(status, reason)`` of a judged sample (module docstring).

    ``conforms`` only when ``paper`` is consistent, every variant with another law is rejected,
    and (a fixed-size check, ``cap=None``) ``runs >= measured_runs``; ``inconclusive`` when
    ``paper`` is consistent but one of those conditions fails; ``does not conform`` when
    ``paper`` is rejected.  A sequential check (``cap``: its most runs) has no size condition:
    its e-values reject a law at their level whenever they do, and its size is where it
    stopped."""
    consistent = tuple(v.variant for v in verdicts if v.consistent)
    size = f"{runs} {unit}"
    if paper not in consistent:
        laws = grouped(consistent, verdicts)
        if not laws:
            return DOES_NOT_CONFORM, (f"{paper} rejected, and matches no catalogued variant (a "
                                      f"deviation the catalogue does not list, or a bug)")
        if len(laws) == 1:
            return DOES_NOT_CONFORM, (f"{paper} rejected; the run times are consistent with "
                                      f"the law of {laws[0]} (which does not prove that the "
                                      f"code runs it)")
        likely = f"; most likely {most_likely}" if most_likely else ""
        return DOES_NOT_CONFORM, (f"{paper} rejected; the run times are consistent with the "
                                  f"laws of {', '.join(laws)}, not distinguishable at this "
                                  f"size ({size}{likely})")
    standing = grouped(tuple(v for v in alternatives_of(paper, verdicts) if v in consistent),
                       verdicts)
    if standing:
        if cap is not None:
            return INCONCLUSIVE, (f"consistent with {paper}, but also with "
                                  f"{', '.join(standing)}: not distinguishable at this size "
                                  f"({size}, the cap: the sequential test did not decide; "
                                  f"the power was measured at a cap of {measured_runs})")
        return INCONCLUSIVE, (f"consistent with {paper}, but also with "
                              f"{', '.join(standing)}: not distinguishable at this size "
                              f"({size}; the power was measured at {measured_runs})")
    if cap is None and runs < measured_runs:
        return INCONCLUSIVE, (f"consistent with {paper} and every catalogued variant with "
                              f"another law rejected, but {size} is below the pre-registered "
                              f"{measured_runs} at which the power was measured")
    if cap is not None:
        return CONFORMS, (f"consistent with {subject} ({paper}); every catalogued variant and "
                          f"known bug with another law rejected after {size} (sequential; at "
                          f"most {cap})")
    return CONFORMS, (f"consistent with {subject} ({paper}); every catalogued variant with "
                      f"another law rejected at {size}")
