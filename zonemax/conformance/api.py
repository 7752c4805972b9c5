"""``check``: judge an implementation's run times against every catalogued variant's exact law.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 (Algorithm 1, RLS,
Definition 1).  The design (instances, budgets, runs, level) is the algorithm's
:class:`~zonemax.conformance.profiles.Profile`; the laws come from
:mod:`zonemax.conformance.laws`; the tests from :mod:`zonemax.conformance.statistics`.

Per variant ``v``, and per instance, the sample of ``min(T, budget)`` is tested against ``v``'s
exact law with the KS distance, the mean, the spread around the algorithm's rounded mean, and a
log-likelihood-ratio score towards each other law of the catalogue.  The data are consistent
with ``v`` when none of these tests rejects at ``FAMILY_LEVEL / (number of tests)``.

Three verdicts (:func:`~zonemax.conformance.result.settle`): the implementation *conforms* when
the data are consistent with the paper's algorithm, every catalogued variant with another law
is rejected, and the sample has at least the profile's pre-registered size (at which the power
against each variant was measured); it is *inconclusive* when the paper's algorithm is
consistent but a variant with another law is too, or the sample is smaller; it *does not
conform* when the paper's algorithm is rejected.  Error rates: a correct implementation is
called "does not conform" with probability at most ``FAMILY_LEVEL``; an implementation that
runs a catalogued variant is called "conforms" with probability at most ``FAMILY_LEVEL`` at any
size (its own law must be rejected, and the tests against it have that level).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any

import numpy as np

from zonemax.conformance.harness import DEFAULT_TIMEOUT, Answer, Caller, Errored, parse_answer
from zonemax.conformance.laws import PROVEN_SAME, RunTimeLaw, run_time_law
from zonemax.conformance.profiles import (
    FAMILY_LEVEL,
    LR_CLIP,
    OPERATOR_SUBJECTS,
    PROFILES,
    SUBJECTS,
    Instance,
    Profile,
)
from zonemax.conformance.result import (
    CONFORMS,
    INCONCLUSIVE,
    ConformanceResult,
    ExactValues,
    VariantVerdict,
    settle,
)
from zonemax.conformance.statistics import (
    Moments,
    StatTest,
    bernstein_test,
    ks_test,
    score_moments,
)

#: Runs made first on each instance, before the rest: enough to see an implementation that
#: returns the same result whatever its ``rng``.
FIRST_BATCH = 50
#: Identical first answers are judged "ignores rng" only if every variant's law gives them
#: probability below this.
IDENTICAL_BOUND = 1e-9
#: Calls repeated on each instance with the same seed (the first ones, each with a fresh
#: generator from the same seed): an implementation whose answers differ cannot be repeated by
#: its seed, and is refused.
REPEATED_CALLS = 10

RunFunction = Callable[..., object]


@lru_cache(maxsize=64)
def _law(algorithm: str, variant: str, a: tuple[int, ...], budget: int) -> RunTimeLaw:
    profile = PROFILES[algorithm]
    return run_time_law(algorithm, variant, a, budget, profile.param("alpha"),
                        profile.param("beta"), profile.param("geom_q"), profile.param("eps"),
                        profile.param("power_exponent"))


def _laws(profile: Profile, instance: Instance) -> dict[str, RunTimeLaw]:
    return {v: _law(profile.algorithm, v, instance.a, instance.budget) for v in profile.variants}


@lru_cache(maxsize=16)
def same_laws(profile: Profile) -> dict[str, str | None]:
    """Per variant, the first variant of the catalogue with the same law on every instance
    (``None`` if it is the first), or the variant its law is proven equal to."""
    out: dict[str, str | None] = {}
    for i, v in enumerate(profile.variants):
        out[v] = PROVEN_SAME.get(v)  # equal by a proof (zonemax.conformance.laws.PROVEN_SAME)
        if out[v] is not None:
            continue
        for w in profile.variants[:i]:
            if all(_same(_laws(profile, inst)[v], _laws(profile, inst)[w])
                   for inst in profile.instances):
                out[v] = w
                break
    return out


def _same(one: RunTimeLaw, other: RunTimeLaw) -> bool:
    """The same law (or enclosure) of ``min(T, budget)``."""
    return (one.truncated_pmf() == other.truncated_pmf()
            and one.truncated_pmf_upper() == other.truncated_pmf_upper())


def _lr_score(p_alt: Fraction, p_null: Fraction) -> Fraction:
    """``log(p_alt / p_null)`` clipped to ``[-LR_CLIP, LR_CLIP]``, rounded to ``1/1024``."""
    if p_alt == 0 and p_null == 0:
        return Fraction(0)
    if p_alt == 0:
        return Fraction(-LR_CLIP)
    if p_null == 0:
        return Fraction(LR_CLIP)
    # logs of the integer parts: no underflow, however small the probabilities
    value = (math.log(p_alt.numerator) - math.log(p_alt.denominator)
             - math.log(p_null.numerator) + math.log(p_null.denominator))
    return Fraction(round(max(-LR_CLIP, min(LR_CLIP, value)) * 1024), 1024)


@lru_cache(maxsize=256)
def _design(algorithm: str, a: tuple[int, ...], budget: int, null: str,
            alternatives: tuple[str, ...]
            ) -> tuple[tuple[str, tuple[Fraction, ...], Moments], ...]:
    """The Bernstein scores of one instance with their exact moments under ``null`` (cached:
    they do not depend on the data)."""
    profile = PROFILES[algorithm]
    laws = _laws(profile, Instance(a, budget))
    pmf, pmf_upper = laws[null].truncated_pmf(), laws[null].truncated_pmf_upper()
    times = tuple(Fraction(t) for t in range(budget + 1))
    centre = round(laws[profile.paper_variant].truncated_moments())  # fixed by the design
    scores: list[tuple[str, tuple[Fraction, ...]]] = [
        ("mean", times), ("spread", tuple((t - centre) ** 2 for t in times))]
    base = laws[profile.paper_variant].truncated_pmf()
    for w in alternatives:
        alt = laws[w].truncated_pmf()
        scores.append((f"lr:{w}", tuple(_lr_score(pa, pb)
                                        for pa, pb in zip(alt, base, strict=True))))
    upper = pmf_upper if laws[null].enclosed else None
    return tuple((name, score, score_moments(score, pmf, upper)) for name, score in scores)


@lru_cache(maxsize=256)
def _cdf(algorithm: str, a: tuple[int, ...], budget: int, null: str
         ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...] | None]:
    """The distribution function of ``min(T, budget)`` (lower and upper for an enclosure)."""
    law = _law(algorithm, null, a, budget)
    lower = tuple(accumulate(law.truncated_pmf()))
    if not law.enclosed:
        return lower, None
    return lower, tuple(min(Fraction(1), f) for f in accumulate(law.truncated_pmf_upper()))


def _tests(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]], null: str,
           alternatives: tuple[str, ...]) -> tuple[list[StatTest], list[ExactValues]]:
    per_instance = 3 + len(alternatives)
    level = FAMILY_LEVEL / (per_instance * len(profile.instances))
    tests: list[StatTest] = []
    exact: list[ExactValues] = []
    for inst in profile.instances:
        counts = samples[inst.a]
        tag = f"a={','.join(map(str, inst.a))}"
        cdf, cdf_upper = _cdf(profile.algorithm, inst.a, inst.budget, null)
        tests.append(ks_test(f"ks {tag}", counts, cdf, level, cdf_upper))
        for name, score, moments in _design(profile.algorithm, inst.a, inst.budget, null,
                                            alternatives):
            tests.append(bernstein_test(f"{name} {tag}", counts, score, moments, level))
        n = sum(counts.values())
        observed = sum(t * c for t, c in counts.items()) / n
        law = _laws(profile, inst)[null]
        exact.append(ExactValues(null, inst.a, inst.budget, str(law.mean), str(law.variance),
                                 float(law.truncated_moments()), observed))  # "None": infinite
    return tests, exact


def judge(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
          ) -> tuple[VariantVerdict, ...]:
    """Every variant's tests on ``samples`` (``min(T, budget)`` counted per instance)."""
    same = same_laws(profile)
    alternatives = tuple(v for v in profile.variants
                         if same[v] is None and v != profile.paper_variant)
    verdicts = []
    for v in profile.variants:
        tests, exact = _tests(profile, samples, v, alternatives)
        verdicts.append(VariantVerdict(v, not any(t.rejected for t in tests), tuple(tests),
                                       tuple(exact), same[v]))
    return tuple(verdicts)


#: Runs per call batch after the first: progress is reported between batches.
BATCH = 1000

#: ``progress(runs done, runs in all, laws not yet rejected)``, called between batches.
Progress = Callable[[int, int, tuple[str, ...]], None]


def standing(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
             ) -> tuple[str, ...]:
    """The distinct laws not (yet) rejected by the KS test on the data so far, for progress
    reports only (the verdict is :func:`judge`'s, on the whole sample)."""
    same = same_laws(profile)
    level = FAMILY_LEVEL / len(profile.instances)
    out = []
    for v in profile.variants:
        if same[v] is not None:
            continue
        rejected = False
        for inst in profile.instances:
            counts = samples.get(inst.a)
            if counts:
                cdf, upper = _cdf(profile.algorithm, inst.a, inst.budget, v)
                rejected = rejected or ks_test("progress", counts, cdf, level, upper).rejected
        if not rejected:
            out.append(v)
    return tuple(out)


def _collect(profile: Profile, run: RunFunction, seed: int, runs: int, params: dict[str, Any],
             timeout: float, progress: Progress | None = None
             ) -> dict[tuple[int, ...], Counter[int]]:
    caller = Caller(run, timeout)
    children = np.random.SeedSequence(seed).spawn(len(profile.instances))
    samples: dict[tuple[int, ...], Counter[int]] = {}
    total = runs * len(profile.instances)
    for k, (inst, child) in enumerate(zip(profile.instances, children, strict=True)):
        laws = _laws(profile, inst)
        seeds = child.spawn(runs)
        first = min(FIRST_BATCH, runs)
        lowest = min(next((t for t, p in enumerate(law.truncated_pmf_upper()) if p > 0),
                          inst.budget) for law in laws.values())
        answers: list[Answer] = []
        bounds = [(0, first)] + [(lo, min(lo + BATCH, runs)) for lo in range(first, runs, BATCH)]
        for lo, hi in bounds:
            calls = [((inst.a,), {"rng": np.random.default_rng(s), "budget": inst.budget,
                                  **params}) for s in seeds[lo:hi]]
            answers.extend(parse_answer(raw, inst.budget)
                           for raw in caller.map(calls, first=lo + 1))
            if progress is not None:
                samples[inst.a] = Counter(ans.value for ans in answers)
                progress(k * runs + hi, total, standing(profile, samples))
            claimed = [ans.value for ans in answers if ans.solved and ans.value < lowest]
            if claimed:
                raise Errored(f"claims the optimum of a = {inst.a} after {min(claimed)} "
                              f"evaluations; from 0^n no variant reaches it in fewer than "
                              f"{lowest}")
            if lo == 0:
                _check_first(answers, laws)
                _check_repeat(caller, inst, seeds, answers, params)
        samples[inst.a] = Counter(ans.value for ans in answers)
    return samples


def _check_repeat(caller: Caller, inst: Instance, seeds: list[np.random.SeedSequence],
                  answers: list[Answer], params: dict[str, Any]) -> None:
    """Errored if the first calls, made again with the same seeds, answer differently."""
    count = min(REPEATED_CALLS, len(answers))
    calls = [((inst.a,), {"rng": np.random.default_rng(s), "budget": inst.budget, **params})
             for s in seeds[:count]]
    again = [parse_answer(raw, inst.budget) for raw in caller.map(calls)]
    for i, (one, two) in enumerate(zip(answers, again, strict=False)):
        if one != two:
            raise Errored(f"is not reproducible: call {i + 1} on a = {inst.a}, made twice with "
                          f"the same seed, returned {one.value} then {two.value} evaluations "
                          f"(does it draw from a generator of its own, not the rng or seed it "
                          f"is given?); its seed cannot repeat the check")


def _check_first(answers: list[Answer], laws: Mapping[str, RunTimeLaw]) -> None:
    """Errored if the first answers are all equal although every law makes that negligible."""
    if len(answers) < 2 or len({a.value for a in answers}) > 1:
        return
    value = answers[0].value
    chance = max(float(law.truncated_pmf_upper()[value]) for law in laws.values())
    if chance ** (len(answers) - 1) < IDENTICAL_BOUND:
        raise Errored(f"returned {value} evaluations on each of {len(answers)} different rng "
                      f"streams: does it use the rng it is given?")


def check(
    algorithm: str,
    *,
    run: RunFunction | None = None,
    operator: Callable[..., object] | None = None,
    seed: int = 0,
    params: Mapping[str, Any] | None = None,
    runs: int | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Progress | None = None,
) -> ConformanceResult:
    """Judge ``run`` (``run(a, *, rng, budget, **params) -> evaluations``) against the exact laws
    of ``algorithm``'s catalogued variants.

    ``seed`` derives every run's ``rng`` (``SeedSequence(seed)``, one child per instance, one
    grandchild per run); ``runs`` overrides the profile's sample size per instance (the error
    rate holds for any size, the power is measured at the default, and below it the verdict is
    at best ``inconclusive``); ``timeout`` is the most
    seconds one call may take; ``progress`` (run level), if given, is called between batches
    of calls with the runs done, the runs in all and the laws not yet rejected (nothing is
    printed here: ``zonemax conform`` shows it on stderr).  An implementation that cannot be
    judged gets a result with ``errored`` set, never an exception; bad arguments of ``check``
    itself raise ``ValueError`` or ``TypeError``.
    """
    from zonemax.conformance.operators import FAMILIES

    if algorithm not in PROFILES and algorithm not in FAMILIES:
        raise ValueError(f"no conformance profile for {algorithm!r}; the run level knows "
                         f"{', '.join(PROFILES)}, the operator level {', '.join(FAMILIES)}")
    if (run is None) == (operator is None):
        raise ValueError("pass the implementation as run=FUNCTION (run level) or "
                         "operator=FUNCTION (operator level), one of them")
    implementation = run if run is not None else operator
    if not callable(implementation):
        raise TypeError(f"the implementation must be callable, got "
                        f"{type(implementation).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")
    if runs is not None and (isinstance(runs, bool) or not isinstance(runs, int) or runs < 2):
        raise ValueError(f"runs must be an int >= 2, got {runs!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable or None, got {type(progress).__name__}")
    if not (isinstance(timeout, int | float) and timeout > 0):
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    if operator is not None:
        return _check_operator(algorithm, operator, seed, dict(params or {}), runs,
                               float(timeout))
    assert run is not None
    if algorithm not in PROFILES:
        raise ValueError(f"the run level is not available for {algorithm} (it is for "
                         f"{', '.join(PROFILES)}); judge its step operator with operator=")
    profile = PROFILES[algorithm]
    _check_params(profile, params or {})
    size = profile.runs if runs is None else runs
    try:
        samples = _collect(profile, run, seed, size, dict(profile.params), float(timeout),
                           progress)
    except Errored as exc:
        return ConformanceResult(algorithm, "run", seed, False, str(exc), (), (), (),
                                 FAMILY_LEVEL, size, profile.paper_variant,
                                 measured_runs=profile.runs, subject=SUBJECTS[algorithm])
    verdicts = judge(profile, samples)
    return _result(algorithm, "run", seed, profile.paper_variant, SUBJECTS[algorithm],
                   verdicts, size, profile.runs, most_likely(profile, samples, verdicts))


def _result(algorithm: str, level: str, seed: int, paper: str, subject: str,
            verdicts: tuple[VariantVerdict, ...], size: int, measured: int,
            likely: str | None) -> ConformanceResult:
    """The result of a judged sample, with its verdict (:func:`~zonemax.conformance.result.
    settle`)."""
    consistent = tuple(v.variant for v in verdicts if v.consistent)
    rejected = tuple(v.variant for v in verdicts if not v.consistent)
    unit = "draws" if level == "operator" else "runs per instance"
    status, reason = settle(paper, subject, verdicts, size, measured, unit, likely)
    return ConformanceResult(algorithm, level, seed, status == CONFORMS, None, consistent,
                             rejected, verdicts, FAMILY_LEVEL, size, paper, status, reason,
                             measured, likely, subject)


def most_likely(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]],
                verdicts: tuple[VariantVerdict, ...]) -> str | None:
    """The consistent variant under whose exact law the samples have the largest
    log-likelihood (an enclosure: its midpoints), the first of the catalogue among equals."""
    best: tuple[float, str] | None = None
    for v in verdicts:
        if not v.consistent or v.same_law_as is not None:
            continue
        total = 0.0
        for inst in profile.instances:
            law = _law(profile.algorithm, v.variant, inst.a, inst.budget)
            lower, upper = law.truncated_pmf(), law.truncated_pmf_upper()
            for t, count in samples[inst.a].items():
                p = float((lower[t] + upper[t]) / 2)
                total += count * (math.log(p) if p > 0 else -math.inf)
        if best is None or total > best[0]:
            best = (total, v.variant)
    if best is None:  # every consistent variant shares the law of an earlier one
        return next((v.variant for v in verdicts if v.consistent), None)
    return best[1]


def _check_params(profile: Profile, params: Mapping[str, Any]) -> None:
    """The run level is pre-registered at the profile's parameters: others are refused."""
    if not profile.params:
        if params:
            raise ValueError(f"{profile.algorithm} takes no parameters, got {', '.join(params)}")
        return
    fixed = dict(profile.params)
    for name, value in params.items():
        if name not in fixed:
            raise ValueError(f"{profile.algorithm} takes {', '.join(fixed)}, not {name!r}")
        try:
            same = Fraction(str(value)) == fixed[name]
        except (ValueError, ZeroDivisionError):
            same = False
        if not same:
            raise ValueError(f"the {profile.algorithm} check is pre-registered at "
                             + ", ".join(f"{k}={v}" for k, v in fixed.items())
                             + f" (the run receives them as params); got {name}={value}")


def _check_operator(algorithm: str, operator: Callable[..., object], seed: int,
                    params: dict[str, Any], draws: int | None, timeout: float
                    ) -> ConformanceResult:
    """The operator level (:mod:`zonemax.conformance.operators`)."""
    from zonemax.conformance.operators import (
        DRAWS,
        FAMILIES,
        collect_steps,
        judge_steps,
        operator_profile,
        operator_spec,
    )

    spec = operator_spec(algorithm, params)
    profile = operator_profile(FAMILIES[algorithm], spec)
    size = DRAWS if draws is None else draws
    subject = OPERATOR_SUBJECTS[FAMILIES[algorithm]]
    try:
        counts = collect_steps(operator, seed, size, params, timeout, profile.limit)
    except Errored as exc:
        return ConformanceResult(algorithm, "operator", seed, False, str(exc), (), (), (),
                                 FAMILY_LEVEL, size, profile.paper_variant,
                                 measured_runs=DRAWS, subject=subject)
    verdicts = tuple(VariantVerdict(name, ok, tests, (), same)
                     for name, ok, tests, same in judge_steps(profile, counts))
    return _result(algorithm, "operator", seed, profile.paper_variant, subject, verdicts, size,
                   DRAWS, None)


def accepted(result: ConformanceResult, allow_inconclusive: bool = False) -> bool:
    """The result passes ``assert_conforms``: it conforms, or is inconclusive and that is
    allowed."""
    return result.conforms or (allow_inconclusive and result.status == INCONCLUSIVE)


def assert_conforms(algorithm: str, *, allow_inconclusive: bool = False,
                    **kwargs: Any) -> ConformanceResult:
    """:func:`check`, raising ``AssertionError`` with the report unless the implementation
    conforms.  An inconclusive verdict (another catalogued law consistent too, or a sample below
    the pre-registered size) fails as well, unless ``allow_inconclusive=True``."""
    if not isinstance(allow_inconclusive, bool):
        raise TypeError(f"allow_inconclusive must be True or False, got {allow_inconclusive!r}")
    result = check(algorithm, **kwargs)
    if not accepted(result, allow_inconclusive):
        raise AssertionError(result.report())
    return result
