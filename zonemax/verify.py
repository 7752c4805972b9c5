"""The library behind ``zonemax verify``: sections that each return a verdict, and a report.

``zonemax verify`` exits non-zero only when the implementation disagrees with the theorems or
the exact values; a paper claim that is *false* is reported (it is a finding about the paper,
not a defect of zonemax).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy import stats

from reference import PlusMinusOne, one_plus_one_ea

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Check:
    """One line of the report."""

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True)
class Section:
    title: str
    checks: tuple[Check, ...]
    notes: tuple[str, ...] = ()
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return all(c.passed for c in self.checks)


@dataclass(frozen=True)
class VerifyReport:
    sections: tuple[Section, ...]

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.sections)

    def render(self, quiet: bool = False) -> str:
        lines: list[str] = []
        for s in self.sections:
            status = "ok" if s.ok else "FAILED"
            lines.append(f"== {s.title} [{status}, {s.seconds:.1f} s]")
            if not quiet:
                lines.extend(f"  {n}" for n in s.notes)
                for c in s.checks:
                    lines.append(f"  {'PASS' if c.passed else 'FAIL'}  {c.name}: {c.detail}")
        n_checks = sum(len(s.checks) for s in self.sections)
        n_failed = sum(not c.passed for s in self.sections for c in s.checks)
        lines.append("")
        lines.append(f"summary: {n_checks - n_failed} passed, {n_failed} failed")
        lines.append("verdict: " + ("implementation agrees with the theorems and exact values"
                                    if self.ok else "DISAGREEMENT found (see FAIL lines)"))
        return "\n".join(lines) + "\n"


# A short demonstration that needs nothing but the reference: n = 1 with ±1 has
# E[T] = 2|a| and Var[T] = 2|a| exactly (T is a sum of |a| Geometric(1/2) variables).
DEMO_TARGETS = (3, 10, 25)
DEMO_RUNS = 400
DEMO_SEED = 2023
DEMO_ALPHA = 1e-4  # per check; three checks -> family-wise error <= 3e-4


def demo_section(progress: Progress) -> Section:
    t0 = time.perf_counter()
    checks = []
    for a1 in DEMO_TARGETS:
        progress(f"reference demonstration: (1+1) EA, ±1, n = 1, a = {a1}")
        children = np.random.SeedSequence([DEMO_SEED, a1]).spawn(DEMO_RUNS)
        times = [one_plus_one_ea((a1,), PlusMinusOne(), rng=np.random.default_rng(c)).evaluations
                 for c in children]
        mean = float(np.mean(times))
        z = (mean - 2 * a1) / math.sqrt(2 * a1 / DEMO_RUNS)
        p = float(2 * stats.norm.sf(abs(z)))
        checks.append(Check(f"E[T] = 2|a| at a = {a1}", p > DEMO_ALPHA,
                            f"mean {mean:.3f} vs exact {2 * a1} (z = {z:+.2f}, p = {p:.3g})"))
    return Section("Reference demonstration (n = 1, ±1 operator)", tuple(checks),
                   (f"{DEMO_RUNS} runs per target, seed {DEMO_SEED}, two-sided z-test at "
                    f"alpha = {DEMO_ALPHA} per check",), time.perf_counter() - t0)


def run_verify(progress: Progress | None = None) -> VerifyReport:
    """Run every section of ``zonemax verify`` and return the report."""
    say: Progress = progress if progress is not None else (lambda message: None)
    return VerifyReport((demo_section(say),))
