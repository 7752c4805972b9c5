"""The library behind ``zonemax verify``: the claims report, then statistical validation.

``zonemax verify`` exits non-zero only when the *implementation* disagrees with the theorems or
the exact values (a statistical family rejects), when a proof checker's verdict differs from
the recorded one (a regression), or, with ``--power``, when a planted bug goes undetected.  A
paper claim that is *false* is a finding about the paper, reported but not an error.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np

from zonemax.planted_engine import KERNEL_BUGS, fast_implementation, run_family_with
from zonemax.proofs_check import ClaimResult, run_claims, totals
from zonemax.proofs_check.core import Severity, Status
from zonemax.proofs_check.expected import EXPECTED
from zonemax.proofs_check.registry import EDITORIAL
from zonemax.proofs_check.report import by_coverage, by_severity, finding_key
from zonemax.proofs_check.section6.reproduction import NO_DATA, RUNS_CSV
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import SUITE_ALPHA
from zonemax.stats_tests.families import run as run_family_by_name
from zonemax.stats_tests.implementations import PLANTED, REFERENCE, Implementation
from zonemax.stats_tests.suite import FAMILIES, FAMILY_ALPHA, FamilyResult

Progress = Callable[[str], None]

#: What ``zonemax verify`` does not check, and where it is checked instead (printed).
NOT_COVERED: tuple[str, ...] = (
    "the engine under jobs > 1 and across worker chunks (the families run one chunk): "
    "tests/test_streams.py, tests/test_engine.py",
    "cache reuse paths (operator tables extended after a shrink, exact-solver caches, engine "
    "tables across batches) bit for bit against fresh objects, and every listed cache driven "
    "past its capacity or through its shared slots: tests/test_caches.py, "
    "tests/test_cache_capacity.py (the laws "
    "family extends one operator's table; the blocks family runs the ±1 EA's table caches warm "
    "through shared slots at n = 300, by law)",
    "the ±1 EA's block rule in its forced variants (every position far, sweep or row by row), "
    "its exact mean and variance with far and near positions side by side at small targets "
    "(far_min = 2), and its state after a fixed number of evaluations: "
    "tests/test_engine_blocks.py (the blocks family judges the production rule at large "
    "targets); the other kernels' skip rules one by one: tests/test_engine.py",
    "the numba kernels under the whole catalogue of hand-written mutants (each compiles the "
    "engine afresh, about 30 s; --power plants three of them): tests/test_numba_mutants.py "
    "(-m slow; catalogue benchmarks/mutation/numba_mutants.py)",
    "the run times of the operators beyond the paper (double-geometric, power-law) at large "
    "targets: the ops family checks exact E[T] on small targets and the laws families every "
    "operator's single steps over its parameter range, up to 2^61; the engine against the "
    "reference at r = 300 .. 10^6 and its float64 tables at extreme parameters (beta - 1 = "
    "10^-6, beta = 1500, mean 10^-9): tests/test_engine_operators.py; the reference's listed "
    "laws and exact E[T] on more instances: tests/test_new_operators.py, "
    "tests/test_exact_operators.py",
    "CMA-ESwM (a baseline of Section 6, no law of the paper): tests/test_cli_run.py, "
    "tests/test_reference_contracts.py",
    "the command line's refusals of bad input: tests/test_bad_input.py",
)

#: First line of the report.
HEADER = ("zonemax verify: 'Run Time Bounds for Integer-Valued OneMax Functions' "
          "(arXiv:2307.11855)")
#: Columns of :meth:`VerifyReport.render`'s text; longer lines are wrapped at word boundaries.
WIDTH = 100
#: Lines of a claim's summary in the report (the rest is cut with an ellipsis at a word
#: boundary; ``zonemax claims`` prints it whole).
SUMMARY_LINES = 2


def _wrap(prefix: str, text: str, max_lines: int | None = None) -> list[str]:
    """``prefix + text`` wrapped at word boundaries to :data:`WIDTH` columns, continuation lines
    aligned under the text; with ``max_lines`` the rest is replaced by an ellipsis."""
    return textwrap.wrap(text, width=WIDTH, initial_indent=prefix,
                         subsequent_indent=" " * len(prefix), break_long_words=False,
                         break_on_hyphens=False, max_lines=max_lines, placeholder=" …")


def _engine_bug(name: str, *, target: Callable[[tuple[int, ...]], tuple[int, ...]] | None = None,
                seeds: Callable[[np.random.SeedSequence, int], list[np.random.SeedSequence]]
                | None = None) -> Implementation:
    """The fast engine through its public API (:func:`zonemax.engine.run_seeds`) with a
    realistic bug in what it is given: the target (``target``) or the runs' random streams
    (``seeds``; correct: ``seed.spawn(runs)``)."""

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        from zonemax.engine import run_seeds

        used = spec if target is None else spec.with_target(target(spec.a))
        children = seed.spawn(runs) if seeds is None else seeds(seed, runs)
        # BeyondRangeError rather than a run beyond the engine's range read as censored
        return run_seeds(used, children, budget=budget).as_arrays()

    return Implementation(name, simulate, fast=True)


def _mod_2_32(a: tuple[int, ...]) -> tuple[int, ...]:
    return tuple((-1 if ai < 0 else 1) * (abs(ai) % 2**32) for ai in a)


def _reused_stream(seed: np.random.SeedSequence, runs: int) -> list[np.random.SeedSequence]:
    first = seed.spawn(runs)[:1]
    return first * runs


def _seed_plus_k(seed: np.random.SeedSequence, runs: int) -> list[np.random.SeedSequence]:
    entropy = seed.entropy
    if isinstance(entropy, int):
        return [np.random.SeedSequence(entropy + k) for k in range(runs)]
    base = list(entropy)  # type: ignore[arg-type]
    return [np.random.SeedSequence([*base[:-1], base[-1] + k]) for k in range(runs)]


#: Worker chunks of :func:`_chunk_streams` (as the engine splits a batch over 4 chunks).
CHUNKS = 4


def _chunk_streams(seed: np.random.SeedSequence, runs: int) -> list[np.random.SeedSequence]:
    bounds = np.linspace(0, runs, CHUNKS + 1).astype(int)
    out: list[np.random.SeedSequence] = []
    for parent, lo, hi in zip(seed.spawn(CHUNKS), bounds[:-1], bounds[1:], strict=True):
        out.extend(parent.spawn(int(hi - lo)))
    return out


def _planted_counts_engine() -> Implementation:
    """The fast engine with the block rule's planted count law
    (:data:`zonemax.engine._pm1_rows.PLANTED_COUNTS`: every row of a state places its move at
    a position together, one Bernoulli draw instead of a binomial; the right mean per position,
    far too much variance) at the production ``far_min``, in the real kernel: an ``ea-pm1`` batch
    runs :func:`zonemax.engine._ea_pm1.ea_pm1_steps` with that :class:`BlockRule`, one table
    cache per batch as in production; other algorithms and the per-iteration path (the
    oracle) are the engine's own."""
    from zonemax.engine import simulate, simulate_per_iteration
    from zonemax.engine._ea_pm1 import FAR_MIN, SWEEP_MIN, BlockRule
    from zonemax.engine._pm1_patterns import CACHE_MAX_SLOTS
    from zonemax.engine._pm1_rows import PLANTED_COUNTS
    from zonemax.engine.api import pm1_batch

    rule = BlockRule(FAR_MIN, SWEEP_MIN, PLANTED_COUNTS)

    def run(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
            budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        if spec.algorithm != "ea-pm1":
            return simulate(spec, seed, runs, budget)
        return pm1_batch(spec, seed, runs, budget, rule, min(len(spec.a) + 1, CACHE_MAX_SLOTS))

    return Implementation("engine-planted-counts", run, fast=True,
                          per_iteration=simulate_per_iteration)


#: Module of the engine's samplers, and a planted bug in it: the power law's
#: proposal inside an octave ``[lo, 2 lo)`` drawn with one random bit too many (offsets on
#: ``[0, 2 lo)``), so that magnitudes leave their octave; -6.5% mean run time of ``ea-power`` at
#: a = (10^5, 10^5) (20,000 runs a side, standard error 0.3%).
SAMPLER_MODULE = "zonemax.engine._magnitude_law"
POWER_PROPOSAL_BUG = ("off = random_bits(rng, b - 1)", "off = random_bits(rng, b)")


def mutated_module(module: str, old: str, new: str) -> ModuleType:
    """A fresh copy of the engine module ``module`` with the text ``old`` (which must occur
    exactly once) replaced by ``new``: a planted bug in jitted code that really runs.

    The copy is executed from the module's own source under a new name (the original stays
    untouched), with numba's on-disk cache off (``cache=True`` -> ``cache=False``, and
    ``@inner`` -> :data:`~zonemax.engine._jit.inner_uncached`: numba keys its cache by the
    source file, which the copy does not have), so its functions are compiled
    afresh in this process, a few seconds."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ImportError(f"no source for {module}")
    source = Path(spec.origin).read_text(encoding="utf-8")
    if source.count(old) != 1:
        raise ValueError(f"{old!r} occurs {source.count(old)} times in {module}; a planted bug "
                         "must name exactly one place")
    name = f"{module}__planted_{hashlib.sha256((old + new).encode()).hexdigest()[:12]}"
    if name in sys.modules:
        return sys.modules[name]
    copy = ModuleType(name)
    copy.__file__ = spec.origin
    sys.modules[name] = copy  # NamedTuple classes look their module up
    code = (source.replace(old, new).replace("cache=True", "cache=False")
            .replace("from zonemax.engine._jit import inner\n",
                     "from zonemax.engine._jit import inner_uncached as inner\n"))
    exec(compile(code, f"{spec.origin} (planted: {new})", "exec"), copy.__dict__)
    return copy


def _sampler_bug(name: str, module: str, old: str, new: str) -> Implementation:
    """The engine's step sampler (:func:`zonemax.engine.candidate_magnitudes`) with its module
    ``module`` replaced by :func:`mutated_module` (compiled on first use).  The bug sits in the
    samplers, which the ``laws`` family judges; its runs are not simulated (the family draws
    none: ``simulate`` refuses)."""

    def sampler(spec: AlgorithmSpec, limit: int, count: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, float]:
        from zonemax.engine import api

        copy = mutated_module(module, old, new)
        replaced = {key: getattr(copy, key) for key in
                    ("draw_candidates", "law_admissible", "magnitude_law")}
        saved = {key: getattr(api, key) for key in replaced}
        try:  # the public function itself, on the mutated module's tables and samplers
            for key, value in replaced.items():
                setattr(api, key, value)
            drawn = api.candidate_magnitudes(spec, limit, count, rng=rng)
        finally:
            for key, value in saved.items():
                setattr(api, key, value)
        return drawn.magnitudes, drawn.mass

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError(f"{name}: a planted sampler bug, judged by its steps only")

    return Implementation(name, simulate, fast=True, sampler=sampler)


def engine_planted() -> dict[str, tuple[str, Implementation]]:
    """Planted bugs of the fast engine, built on its public API, each with the
    family that must catch it; ``zonemax verify --power`` runs them after
    :data:`~zonemax.stats_tests.implementations.PLANTED`."""
    return {
        "engine: distances converted through 32 bits (|a_i| mod 2^32)": (
            "equivalence", _engine_bug("engine-mod-2^32", target=_mod_2_32)),
        "engine: every run of a batch reuses one random stream": (
            "equivalence", _engine_bug("engine-reused-stream", seeds=_reused_stream)),
        "engine: run k seeded with seed + k (batches overlap)": (
            "equivalence", _engine_bug("engine-seed-plus-k", seeds=_seed_plus_k)),
        "engine: streams spawned per worker chunk": (
            "equivalence", _engine_bug("engine-chunk-streams", seeds=_chunk_streams)),
        "±1 EA block rule: the rows of a state move together in the sweep (PLANTED_COUNTS)": (
            "blocks", _planted_counts_engine()),
        "engine: power-law sampler's proposal over one random bit too many": (
            "laws", _sampler_bug("engine-power-proposal-bits", SAMPLER_MODULE,
                                 *POWER_PROPOSAL_BUG)),
    }


def implementation(name: str) -> Implementation:
    """``reference`` or ``fast``: the two implementations the families of
    :data:`zonemax.stats_tests.suite.FAMILIES` judge."""
    if name == "reference":
        return REFERENCE
    if name == "fast":
        return fast_implementation()
    raise ValueError(f"unknown implementation {name!r}; choose reference or fast")


@dataclass(frozen=True)
class PowerRow:
    """One planted bug and the tests of its family that rejected it."""

    bug: str
    family: str
    caught: bool
    rejecting_tests: tuple[str, ...]


@dataclass(frozen=True)
class VerifyReport:
    claims: tuple[ClaimResult, ...]
    claims_seconds: float
    families: tuple[FamilyResult, ...]
    power: tuple[PowerRow, ...] | None = None

    @property
    def not_assessed(self) -> tuple[str, ...]:
        """Data claims of Section 6 whose data (the committed reproduction) are neither in the
        repository around this copy nor shipped with it (package data removed): not checked
        here."""
        return tuple(r.claim.id for r in self.claims
                     if r.verdict.scope is not None and r.verdict.scope.covered == NO_DATA)

    @property
    def verdict_regressions(self) -> tuple[str, ...]:
        """Claims whose verdict differs from the one recorded next to their registration
        (``proofs_check/expected.py`` gathers them), or that have no recorded verdict; claims
        :attr:`not_assessed` here are not compared."""
        return tuple(r.claim.id for r in self.claims
                     if EXPECTED.get(r.claim.id) is not r.verdict.status
                     and r.claim.id not in self.not_assessed)

    @property
    def ok(self) -> bool:
        power_ok = self.power is None or all(p.caught for p in self.power)
        return (all(f.ok for f in self.families) and not self.verdict_regressions
                and power_ok)

    def _render_claims(self, quiet: bool) -> list[str]:
        """Section 1: verdicts by status (split by coverage: proved by machine, on the checked
        range, on the sample, by hand), findings by severity, the findings themselves (most
        severe first; ``quiet``: only 'false as stated'), and the regression check.  Editorial
        entries are counted apart, never as verdicts."""
        lines = [f"== 1. Claims of the paper, checked by machine ({len(self.claims)} claims, "
                 f"{self.claims_seconds:.1f} s)"]
        head, tail = self._claims_totals()
        lines += head
        findings = sorted(
            (r for r in self.claims if r.verdict.status is not Status.HOLDS), key=finding_key)
        shown = [r for r in findings if not quiet or r.claim.severity is Severity.FALSE]
        if findings:
            lines.append("   findings, most severe first:")
        for r in shown:
            label = r.claim.severity or "severity not assessed"
            lines += _wrap(f"     {r.claim.id:<28} ",
                           f"{r.verdict.reading} [{label}]: {r.verdict.summary}", SUMMARY_LINES)
        if len(shown) < len(findings):
            lines.append(f"     ({len(findings) - len(shown)} more findings; see "
                         f"`zonemax claims`)")
        lines += tail
        lines += _wrap("   ", "full listing: zonemax claims; errata sheet: zonemax claims "
                       "--format markdown; certificates: zonemax claims --certificates DIR && "
                       "zonemax claims --check DIR")
        return lines

    def _claims_totals(self) -> tuple[list[str], list[str]]:
        """The verdicts by status and coverage, the findings by severity and the editorial
        count; then (second list) what was not assessed and the regression check."""
        lines: list[str] = []
        verdicts = []
        for status, n in totals(self.claims).items():
            by_class = by_coverage(self.claims, Status(status))  # proved / range / sample / hand
            if n and (status == str(Status.HOLDS) or set(by_class) - {"proved"}):
                split = ", ".join(f"{k}: {v}" for k, v in by_class.items())
                verdicts.append(f"{status}: {n} ({split})")
            else:
                verdicts.append(f"{status}: {n}")
        lines += _wrap("   ", "verdicts: " + ", ".join(verdicts))
        severity = by_severity(self.claims)
        if severity:
            lines += _wrap("   ", "findings by severity: "
                           + ", ".join(f"{k}: {v}" for k, v in severity.items()))
        lines.append(f"   editorial entries (typos, text-only; not counted): {len(EDITORIAL)}")
        head, lines = lines, []
        if self.not_assessed:
            lines += _wrap("   ", "NOT ASSESSED here: " + ", ".join(self.not_assessed)
                           + f" read the committed reproduction ({RUNS_CSV}), which is "
                           "neither beside nor inside this installation (its package data are "
                           "missing); reinstall zonemax or run `zonemax verify` in a source "
                           "checkout to check them")
        if self.verdict_regressions:
            lines += _wrap("   ", "REGRESSION: verdicts differ from proofs_check/expected.py "
                           "for " + ", ".join(self.verdict_regressions))
        else:
            lines.append("   every " + ("other " if self.not_assessed else "")
                         + "verdict matches the recorded one (proofs_check/expected.py)")
        return head, lines

    def summary(self, full_table: str = "zonemax verify --verbose, or --report FILE") -> str:
        """The default output of ``zonemax verify``: the claims' totals, one line per family
        (with the tests that rejected, if any), the power table's totals (its missed bugs by
        name), the verdict, and where the full table is (``full_table``); about 30 lines.
        :meth:`render` is the full table."""
        lines = [HEADER, ""]
        lines.append(f"Claims of the paper, checked by machine: {len(self.claims)} claims "
                     f"in {self.claims_seconds:.1f} s")
        head, tail = self._claims_totals()
        lines += head + tail
        lines += _wrap("   ", "the findings: zonemax claims; the errata sheet: zonemax claims "
                       "--format markdown")
        lines.append("")
        n_tests = sum(len(f.outcomes) for f in self.families)
        n_rej = sum(sum(f.rejected) for f in self.families)
        lines += _wrap("", f"Statistical validation, CI level: {len(self.families)} families, "
                       f"{n_tests} pre-registered tests (family-wise error on correct code "
                       f"<= {SUITE_ALPHA:g})")
        for f in self.families:
            lines.append(self._family_line(f))
            for o, rej in zip(f.outcomes, f.rejected, strict=True):
                if rej:
                    lines += _wrap(f"       REJECT  p = {o.p_value:<8.3g} ", o.name, 1)
        lines.append(f"   {n_tests - n_rej} passed, {n_rej} rejected")
        if self.power is not None:
            caught = sum(p.caught for p in self.power)
            lines.append("")
            lines.append(f"Power: {caught} of {len(self.power)} planted bugs caught by the "
                         "CI-level tests")
            for p in self.power:
                if not p.caught:
                    lines += _wrap("   MISSED  ", f"{p.bug} ({p.family})", 1)
        lines.append("")
        lines.append(self._verdict())
        lines.append(f"the full table: {full_table}")
        return "\n".join(lines) + "\n"

    @staticmethod
    def _family_line(f: FamilyResult) -> str:
        return (f"   {'ok      ' if f.ok else 'REJECTED'} {f.family:<11} {f.implementation:<10} "
                f"{len(f.outcomes):>3} tests, smallest p = "
                f"{min(o.p_value for o in f.outcomes):.3g}, {f.seconds:.1f} s")

    def _verdict(self) -> str:
        return "verdict: " + (
            "the implementations agree with the theorems and the exact values"
            if self.ok else "DISAGREEMENT found (see REJECT / REGRESSION / MISSED above)")

    def render(self, quiet: bool = False) -> str:
        """The full table (``zonemax verify --verbose`` and ``--report FILE``): every finding
        and every test with its p-value; ``quiet`` lists only failing tests and findings that
        are false as stated."""
        lines: list[str] = []
        lines.append(HEADER)
        lines.append("")
        lines.extend(self._render_claims(quiet))
        lines.append("")
        n_tests = sum(len(f.outcomes) for f in self.families)
        n_rej = sum(sum(f.rejected) for f in self.families)
        lines.append(f"== 2. Statistical validation, CI level ({len(self.families)} families, "
                     f"{n_tests} pre-registered tests)")
        lines += _wrap("   ", f"family-wise error on correct code <= {SUITE_ALPHA:g} "
                       f"(Bonferroni over families at {FAMILY_ALPHA:.3g} each, Holm within)")
        for f in self.families:
            lines.append(f"   {'ok      ' if f.ok else 'REJECTED'} {f.family:<7} "
                         f"{f.implementation:<10} {len(f.outcomes):>3} tests, "
                         f"smallest p = {min(o.p_value for o in f.outcomes):.3g}, "
                         f"{f.seconds:.1f} s")
            for o, rej in zip(f.outcomes, f.rejected, strict=True):
                if rej or not quiet:
                    lines += _wrap(f"       {'REJECT' if rej else 'pass'}  p = {o.p_value:<8.3g} ",
                                   f"{o.name}: {o.detail}")
            for note in f.notes:
                lines += _wrap("       note: ", note)
        lines.append(f"   {n_tests - n_rej} passed, {n_rej} rejected")
        lines.append("   not covered by this command (checked by the test suite instead):")
        for item in NOT_COVERED:
            lines += _wrap("     - ", item)
        if self.power is not None:
            lines.append("")
            lines.append("== 3. Power: planted bugs against the CI-level tests")
            width = max(len(p.bug) for p in self.power)
            for p in self.power:
                caught = "caught" if p.caught else "MISSED"
                first = p.rejecting_tests[0] if p.rejecting_tests else "-"
                lines.append(f"   {p.bug:<{width}}  {p.family:<7} {caught:<7} "
                             f"{len(p.rejecting_tests)} tests reject, e.g. {first}")
        lines.append("")
        lines.append(self._verdict())
        return "\n".join(lines) + "\n"


def run_verify(progress: Progress | None = None, *, power: bool = False) -> VerifyReport:
    """Run the claims report and the CI-level statistical validation (and the power table).

    Every simulation is capped (:mod:`zonemax.stats_tests.budgets`), so ``zonemax verify`` ends
    in bounded time also under a bug whose runs never end: such a run is reported as
    *budget exhausted* and rejects its family (marked so in the power table).
    """
    say: Progress = progress if progress is not None else (lambda message: None)
    say("checking the paper's claims (proofs_check) ...")
    t0 = time.perf_counter()
    claims = run_claims()
    claims_seconds = time.perf_counter() - t0
    families = []
    for k, (family, impl) in enumerate(FAMILIES, start=1):
        say(f"statistical family {k}/{len(FAMILIES)}: {family} on the {impl} implementation")
        families.append(run_family_by_name(family, implementation(impl), "ci", progress=say))
    rows: tuple[PowerRow, ...] | None = None
    if power:
        out = []
        catalogue = {**PLANTED, **engine_planted()}
        total = len(catalogue) + len(KERNEL_BUGS)
        for k, (bug, (family, planted)) in enumerate(catalogue.items(), start=1):
            say(f"planted bug {k}/{total}: {bug}")
            out.append(_power_row(bug, family, run_family_by_name(family, planted, "ci")))
        for k, kernel_bug in enumerate(KERNEL_BUGS, start=len(catalogue) + 1):
            say(f"planted bug {k}/{total}: {kernel_bug.bug} (a staged copy of the engine in a "
                "subprocess; its kernels compile on first use, about 30 s)")
            out.append(_power_row(kernel_bug.bug, kernel_bug.family,
                                  run_family_with(kernel_bug, "ci")))
        rows = tuple(out)
    return VerifyReport(claims, claims_seconds, tuple(families), rows)


def _power_row(bug: str, family: str, res: FamilyResult) -> PowerRow:
    """The power table's row of a planted bug: caught if its family rejected, and the tests
    that rejected (marked when a cap was exhausted)."""
    return PowerRow(bug, family, not res.ok, tuple(
        o.name + (" [budget exhausted]" if o.detail.startswith("budget exhausted") else "")
        for o, rej in zip(res.outcomes, res.rejected, strict=True) if rej))
