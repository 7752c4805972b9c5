"""``check``: judge an implementation's run times against every catalogued variant's exact law.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 (Algorithm 1, RLS,
Definition 1).  The design (instances, budgets, runs, level) is the algorithm's
:class:`~zonemax.conformance.profiles.Profile`; the laws come from
:mod:`zonemax.conformance.laws`; the tests from :mod:`zonemax.conformance.statistics`.

The run level is sequential (:mod:`zonemax.conformance.sequential`): the implementation is
run on every instance look by look (100 runs per instance, then 25% more each time, up to the
cap ``runs``), and after each look the e-value against each distinct law of the catalogue (the
variants and the known bugs) is updated; the check stops as soon as at most one law is left
standing.  At the stop, each law is also tested for goodness of fit per instance (the KS
distance, the mean, the spread around the algorithm's rounded mean) at a level split over the
instances, the tests and the looks.  The data are consistent with a law when neither its
e-value nor a goodness-of-fit test rejects it.

Three verdicts (:func:`~zonemax.conformance.result.settle`): the implementation *conforms* when
the data are consistent with the paper's algorithm and every catalogued variant and known bug
with another law is rejected; it is *inconclusive* when the paper's algorithm is consistent but
another law is too when the cap is reached; it *does not conform* when the paper's algorithm is
rejected.  Error rates: a correct implementation is called "does not conform" with probability
at most ``FAMILY_LEVEL``; an implementation that runs a catalogued variant or known bug is
called "conforms" with probability at most ``FAMILY_LEVEL / 2`` at any size (its own law must
be rejected by its e-value).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from typing import Any

import numpy as np

from zonemax.conformance.harness import DEFAULT_TIMEOUT, Answer, Caller, Errored, parse_answer
from zonemax.conformance.laws import PROVEN_SAME, RunTimeLaw, run_time_law
from zonemax.conformance.profiles import (
    FAMILY_LEVEL,
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
    root_law,
    settle,
)
from zonemax.conformance.sequential import (
    E_SHARE,
    EValue,
    LogLaw,
    counts_array,
    e_values,
    schedule,
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
#: Runs per call batch after the first (the progress line moves between batches).
BATCH = 1000

RunFunction = Callable[..., object]


#: Every profile's laws fit (catalogue x instances: 66 for ea-pm1; a smaller cache thrashed).
@lru_cache(maxsize=1024)
def _law(algorithm: str, variant: str, a: tuple[int, ...], budget: int) -> RunTimeLaw:
    profile = PROFILES[algorithm]
    return run_time_law(algorithm, variant, a, budget, profile.param("alpha"),
                        profile.param("beta"), profile.param("geom_q"), profile.param("eps"),
                        profile.param("power_exponent"))


def _laws(profile: Profile, instance: Instance) -> dict[str, RunTimeLaw]:
    return {v: _law(profile.algorithm, v, instance.a, instance.budget) for v in profile.catalogue}


@lru_cache(maxsize=16)
def same_laws(profile: Profile) -> dict[str, str | None]:
    """Per variant or known bug, the first of the catalogue with the same law on every instance
    (``None`` if it is the first), or the variant its law is proven equal to."""
    out: dict[str, str | None] = {}
    names = profile.catalogue
    for i, v in enumerate(names):
        out[v] = PROVEN_SAME.get(v)  # equal by a proof (zonemax.conformance.laws.PROVEN_SAME)
        if out[v] is not None:
            continue
        for w in names[:i]:
            if all(_same(_laws(profile, inst)[v], _laws(profile, inst)[w])
                   for inst in profile.instances):
                out[v] = w
                break
    return out


def distinct_laws(profile: Profile) -> tuple[str, ...]:
    """One name per law of the catalogue: the variants and bugs that share no earlier one's."""
    same = same_laws(profile)
    return tuple(v for v in profile.catalogue if same[v] is None)


def _same(one: RunTimeLaw, other: RunTimeLaw) -> bool:
    """The same law (or enclosure) of ``min(T, budget)``."""
    return (one.truncated_pmf() == other.truncated_pmf()
            and one.truncated_pmf_upper() == other.truncated_pmf_upper())


@lru_cache(maxsize=1024)
def _design(algorithm: str, a: tuple[int, ...], budget: int, null: str
            ) -> tuple[tuple[str, tuple[Fraction, ...], Moments], ...]:
    """The Bernstein scores of one instance (the mean and the spread around the algorithm's
    rounded mean) with their exact moments under ``null`` (cached: they do not depend on the
    data)."""
    profile = PROFILES[algorithm]
    laws = _laws(profile, Instance(a, budget))
    pmf, pmf_upper = laws[null].truncated_pmf(), laws[null].truncated_pmf_upper()
    times = tuple(Fraction(t) for t in range(budget + 1))
    centre = round(laws[profile.paper_variant].truncated_moments())  # fixed by the design
    scores: list[tuple[str, tuple[Fraction, ...]]] = [
        ("mean", times), ("spread", tuple((t - centre) ** 2 for t in times))]
    upper = pmf_upper if laws[null].enclosed else None
    return tuple((name, score, score_moments(score, pmf, upper)) for name, score in scores)


@lru_cache(maxsize=1024)
def _cdf(algorithm: str, a: tuple[int, ...], budget: int, null: str
         ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...] | None]:
    """The distribution function of ``min(T, budget)`` (lower and upper for an enclosure)."""
    law = _law(algorithm, null, a, budget)
    lower = tuple(accumulate(law.truncated_pmf()))
    if not law.enclosed:
        return lower, None
    return lower, tuple(min(Fraction(1), f) for f in accumulate(law.truncated_pmf_upper()))


#: Goodness-of-fit tests per instance and law: KS, mean, spread.
GOF_TESTS = 3


#: Extra evaluations per run of the offset alternatives: every law of the catalogue with one or
#: two more evaluations counted per run (``T + 1``, ``T + 2``), a count the catalogue does not
#: list (the start and the last evaluation both counted, a loop off by one, ...).
OFFSETS = (1, 2)
#: The share of the family-wise level spent on the e-value against the offsets at the stop.
OFFSET_SHARE = Fraction(1, 10)


def gof_level(profile: Profile, looks: int) -> float:
    """The level of each goodness-of-fit test: the family-wise level's share
    (``1 - E_SHARE - OFFSET_SHARE``) over the instances, the tests per instance, and the
    ``looks`` at which the check could have stopped (a union bound:
    :mod:`zonemax.conformance.sequential`)."""
    share = FAMILY_LEVEL * float(1 - E_SHARE - OFFSET_SHARE)
    return share / (GOF_TESTS * len(profile.instances) * looks)


def offset_level() -> float:
    """The level of the e-value against the offsets (:func:`offset_evidence`)."""
    return FAMILY_LEVEL * float(OFFSET_SHARE)


def e_level() -> float:
    """The level of each e-value (:mod:`zonemax.conformance.sequential`)."""
    return FAMILY_LEVEL * float(E_SHARE)


def _tests(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]], null: str,
           looks: int) -> tuple[list[StatTest], list[ExactValues]]:
    level = gof_level(profile, looks)
    tests: list[StatTest] = []
    exact: list[ExactValues] = []
    for inst in profile.instances:
        counts = samples[inst.a]
        tag = f"a={','.join(map(str, inst.a))}"
        cdf, cdf_upper = _cdf(profile.algorithm, inst.a, inst.budget, null)
        tests.append(ks_test(f"ks {tag}", counts, cdf, level, cdf_upper))
        for name, score, moments in _design(profile.algorithm, inst.a, inst.budget, null):
            tests.append(bernstein_test(f"{name} {tag}", counts, score, moments, level))
        n = sum(counts.values())
        observed = sum(t * c for t, c in counts.items()) / n
        law = _laws(profile, inst)[null]
        exact.append(ExactValues(null, inst.a, inst.budget, str(law.mean), str(law.variance),
                                 float(law.truncated_moments()), observed))  # "None": infinite
    return tests, exact


@lru_cache(maxsize=16)
def _log_laws(profile: Profile) -> dict[str, tuple[LogLaw, ...]]:
    """Per distinct law, its logs per instance (:mod:`zonemax.conformance.sequential`)."""
    out: dict[str, tuple[LogLaw, ...]] = {}
    for v in distinct_laws(profile):
        out[v] = tuple(LogLaw.of(law.truncated_pmf(), law.truncated_pmf_upper())
                       for law in (_laws(profile, inst)[v] for inst in profile.instances))
    return out


def _shifted(pmf: tuple[Fraction, ...], s: int) -> tuple[Fraction, ...]:
    """The law of ``min(T + s, budget)`` from that of ``min(T, budget)`` (``pmf[-1]`` is
    ``P(T >= budget)``)."""
    b = len(pmf) - 1
    return (*(Fraction(0),) * s, *pmf[:b - s], sum(pmf[b - s:], Fraction(0)))


@lru_cache(maxsize=16)
def _offset_laws(profile: Profile) -> dict[str, tuple[LogLaw, ...]]:
    """Every distinct law shifted by each of :data:`OFFSETS`, named ``<law> +<s>``, leaving out
    those equal to a law of the catalogue or to an earlier offset (a start-counted law is its
    base shifted by one)."""
    seen = {tuple((law.truncated_pmf(), law.truncated_pmf_upper())
                  for law in (_laws(profile, inst)[v] for inst in profile.instances))
            for v in distinct_laws(profile)}
    out: dict[str, tuple[LogLaw, ...]] = {}
    for v in distinct_laws(profile):
        for s in OFFSETS:
            key = tuple((_shifted(law.truncated_pmf(), s), _shifted(law.truncated_pmf_upper(), s))
                        for law in (_laws(profile, inst)[v] for inst in profile.instances))
            if key not in seen:
                seen.add(key)
                out[f"{v} +{s}"] = tuple(LogLaw.of(lo, hi) for lo, hi in key)
    return out


def offset_evidence(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
                    ) -> dict[str, EValue]:
    """Per distinct law, at the stop, the e-value of the uniform mixture of the offset laws
    (:data:`OFFSETS`) against it, at :func:`offset_level`: a run time that is a catalogued law's
    with evaluations added fits no law of the catalogue, and this rejects the one that comes
    closest (an e-value is valid at any stopping time, so at the check's stop too)."""
    counts = _counts(profile, samples)
    offsets = _offset_laws(profile)
    out: dict[str, EValue] = {}
    for v, logs in _log_laws(profile).items():
        out[v] = e_values({v: logs, **offsets}, counts, offset_level(), against=(v,))[v]
    return out


def _counts(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
            ) -> list[np.ndarray]:
    """``samples`` as arrays over ``0..budget``, per instance."""
    return [counts_array(samples.get(inst.a, Counter()), inst.budget)
            for inst in profile.instances]


def _loglik(counts: list[np.ndarray], logs: tuple[LogLaw, ...]) -> float:
    """The log-likelihood of the counts under a law (an enclosure: the midpoints of its logs)."""
    total = 0.0
    for c, law in zip(counts, logs, strict=True):
        seen = c > 0
        total += float(c[seen] @ ((law.lower[seen] + law.upper[seen]) / 2))
    return total


def closest_offset(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
                   ) -> str | None:
    """The offset law (``<law> +<s>``) under which ``samples`` are most likely, if it is more
    likely than every law of the catalogue (a hint for an implementation that matches none)."""
    counts = _counts(profile, samples)

    def loglik(logs: tuple[LogLaw, ...]) -> float:
        return _loglik(counts, logs)

    best_offset = max(_offset_laws(profile).items(), key=lambda kv: loglik(kv[1]), default=None)
    if best_offset is None:
        return None
    best_law = max(loglik(logs) for logs in _log_laws(profile).values())
    return best_offset[0] if loglik(best_offset[1]) > best_law else None


def evidence(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
             ) -> dict[str, EValue]:
    """The e-value against each distinct law on ``samples`` (at :func:`e_level`)."""
    return e_values(_log_laws(profile), _counts(profile, samples), e_level(),
                    profile.paper_variant)


def judge(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]],
          looks: int | None = None) -> tuple[VariantVerdict, ...]:
    """Every variant's and known bug's tests on ``samples`` (``min(T, budget)`` counted per
    instance): the e-value against its law among the catalogue's, the e-value against it among
    the offset laws (:func:`offset_evidence`), and the goodness-of-fit tests at the level for
    ``looks`` checkpoints (default: the looks of the profile's cap).  The data are consistent
    with a law when none rejects."""
    same = same_laws(profile)
    looks = len(schedule(profile.runs)) if looks is None else looks
    weighed = evidence(profile, samples)
    shifted = offset_evidence(profile, samples)
    verdicts = []
    for v in profile.catalogue:
        root = root_law(v, same)
        ev, off = weighed[root], shifted[root]
        e_test = StatTest("e-value (all targets)", ev.log_e, 0.0, ev.p_value, ev.log_e,
                          ev.rejected, ev.level)
        o_test = StatTest("e-value vs offsets T+1, T+2", off.log_e, 0.0, off.p_value, off.log_e,
                          off.rejected, off.level)
        tests, exact = _tests(profile, samples, v, looks)
        consistent = not (ev.rejected or off.rejected or any(t.rejected for t in tests))
        verdicts.append(VariantVerdict(v, consistent, (e_test, o_test, *tests), tuple(exact),
                                       same[v]))
    return tuple(verdicts)


#: ``progress(runs done, runs at most, laws not yet rejected)``, called between batches.
Progress = Callable[[int, int, tuple[str, ...]], None]


def standing(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]
             ) -> tuple[str, ...]:
    """The distinct laws whose e-value has not (yet) crossed its threshold."""
    return tuple(v for v, ev in evidence(profile, samples).items() if not ev.rejected)


class _Collector:
    """Runs of one implementation on each instance of a profile, extended look by look; run
    ``i`` on instance ``k`` always gets the ``i``-th grandchild of the ``k``-th child of
    ``SeedSequence(seed)``, whatever the looks (a result does not depend on the batches)."""

    def __init__(self, profile: Profile, run: RunFunction, seed: int, params: dict[str, Any],
                 timeout: float) -> None:
        self.profile = profile
        self.caller = Caller(run, timeout)
        self.params = params
        self.children = np.random.SeedSequence(seed).spawn(len(profile.instances))
        self.seeds: list[list[np.random.SeedSequence]] = [[] for _ in profile.instances]
        self.answers: list[list[Answer]] = [[] for _ in profile.instances]
        self.samples: dict[tuple[int, ...], Counter[int]] = {
            inst.a: Counter() for inst in profile.instances}

    def _calls(self, inst: Instance, seeds: list[np.random.SeedSequence]
               ) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
        return [((inst.a,), {"rng": np.random.default_rng(s), "budget": inst.budget,
                             **self.params}) for s in seeds]

    def extend(self, k: int, upto: int) -> None:
        """Runs on instance ``k`` up to ``upto`` in all."""
        inst = self.profile.instances[k]
        have = len(self.answers[k])
        if upto <= have:
            return
        self.seeds[k].extend(self.children[k].spawn(upto - len(self.seeds[k])))
        bounds = ([(have, min(FIRST_BATCH, upto))] if have < FIRST_BATCH else []) + [
            (lo, min(lo + BATCH, upto)) for lo in range(max(have, FIRST_BATCH), upto, BATCH)]
        for lo, hi in bounds:
            if lo >= hi:
                continue
            new = [parse_answer(raw, inst.budget) for raw in
                   self.caller.map(self._calls(inst, self.seeds[k][lo:hi]), first=lo + 1)]
            self.answers[k].extend(new)
            if lo == 0:
                _check_first(self.answers[k], _laws(self.profile, inst))
                _check_repeat(self.caller, inst, self.seeds[k], self.answers[k], self.params)
            self.samples[inst.a].update(ans.value for ans in new)


def run_sequentially(profile: Profile, cap: int, extend: Callable[[int, int], None],
                     samples: Mapping[tuple[int, ...], Counter[int]],
                     progress: Progress | None = None) -> tuple[int, int]:
    """The sequential check's stopping rule: look after look (:func:`~zonemax.conformance.
    sequential.schedule`), ``extend(k, n)`` brings instance ``k`` to ``n`` runs (into
    ``samples``), until at most one law is left standing or ``cap`` runs per instance are made.
    Returns the runs per instance and the looks taken.  :func:`check` runs it on an
    implementation; ``benchmarks/conformance_sequential.py`` on draws from exact laws."""
    looks = schedule(cap)
    total = cap * len(profile.instances)
    size = looks[0]
    for j, size in enumerate(looks):
        left: tuple[str, ...] | None = None
        for k in range(len(profile.instances)):
            extend(k, size)
            if progress is not None:
                before = looks[j - 1] if j else 0
                done = size * (k + 1) + before * (len(profile.instances) - k - 1)
                left = standing(profile, samples)
                progress(done, total, left)
        if len(standing(profile, samples) if left is None else left) <= 1:
            return size, j + 1
    return size, len(looks)


def sequential_result(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]],
                      seed: int, size: int, looks: int, cap: int) -> ConformanceResult:
    """The verdict of a sequential check stopped at ``size`` runs per instance after ``looks``
    looks (of the schedule of ``cap``)."""
    verdicts = judge(profile, samples, len(schedule(cap)))
    result = _result(profile.algorithm, "run", seed, profile.paper_variant,
                     SUBJECTS[profile.algorithm], verdicts, size, profile.runs,
                     most_likely(profile, samples, verdicts), cap=cap)
    hint = ""
    if not result.consistent_variants:
        offset = closest_offset(profile, samples)
        if offset is not None:
            law, _, extra = offset.rpartition(" +")
            hint = (f"; more likely than under any catalogued law, they are under {law} with "
                    f"{extra} more evaluation{'s' if extra != '1' else ''} counted per run "
                    f"(T + {extra}, a count the catalogue does not list; a ranking, not a "
                    f"finding that the code runs it)")
    return replace(result, looks=looks,
                   reason=result.reason + hint + _too_fast(profile, samples))


def _too_fast(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]]) -> str:
    """A note on run times shorter than every catalogued law allows (probability 0 under each,
    so every e-value rejects): the implementation reached the optimum faster than the
    algorithm can, by longer steps or by evaluations it did not count."""
    for inst in profile.instances:
        seen = [t for t, c in samples.get(inst.a, Counter()).items() if c and t < inst.budget]
        if not seen:
            continue
        lowest = min(next((t for t, p in enumerate(law.truncated_pmf_upper()) if p > 0),
                          inst.budget) for law in _laws(profile, inst).values())
        if min(seen) < lowest:
            return (f"; on a = {inst.a} it reached the optimum after {min(seen)} evaluations, "
                    f"fewer than any catalogued law allows ({lowest}): steps longer than the "
                    f"algorithm's, or evaluations left uncounted")
    return ""


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
    grandchild per run, whatever the looks); ``runs`` overrides the profile's cap, the most runs
    per instance (the run level stops earlier when it has decided; the error rates hold for any
    cap, the power is measured at the default); at the operator level it is the sample size
    (below the default the verdict is at best ``inconclusive``); ``timeout`` is the most
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
    cap = profile.runs if runs is None else runs
    collector = _Collector(profile, run, seed, dict(profile.params), float(timeout))
    try:
        size, looks = run_sequentially(profile, cap, collector.extend, collector.samples,
                                       progress)
    except Errored as exc:
        return ConformanceResult(algorithm, "run", seed, False, str(exc), (), (), (),
                                 FAMILY_LEVEL, cap, profile.paper_variant,
                                 measured_runs=profile.runs, subject=SUBJECTS[algorithm])
    return sequential_result(profile, collector.samples, seed, size, looks, cap)


def _result(algorithm: str, level: str, seed: int, paper: str, subject: str,
            verdicts: tuple[VariantVerdict, ...], size: int, measured: int,
            likely: str | None, cap: int | None = None) -> ConformanceResult:
    """The result of a judged sample, with its verdict (:func:`~zonemax.conformance.result.
    settle`; ``cap``: the most runs per instance of a sequential check, ``None`` for a
    fixed-size one)."""
    consistent = tuple(v.variant for v in verdicts if v.consistent)
    rejected = tuple(v.variant for v in verdicts if not v.consistent)
    unit = "draws" if level == "operator" else "runs per instance"
    status, reason = settle(paper, subject, verdicts, size, measured, unit, likely, cap=cap)
    return ConformanceResult(algorithm, level, seed, status == CONFORMS, None, consistent,
                             rejected, verdicts, FAMILY_LEVEL, size, paper, status, reason,
                             measured, likely, subject, cap=cap)


def most_likely(profile: Profile, samples: Mapping[tuple[int, ...], Counter[int]],
                verdicts: tuple[VariantVerdict, ...]) -> str | None:
    """The consistent variant under whose exact law the samples have the largest
    log-likelihood (an enclosure: the midpoints of its logs), the first of the catalogue among
    equals."""
    counts = _counts(profile, samples)
    best: tuple[float, str] | None = None
    for v in verdicts:
        if not v.consistent or v.same_law_as is not None:
            continue
        total = _loglik(counts, _log_laws(profile)[v.variant])
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
    conforms.  An inconclusive verdict (another catalogued law still consistent at the cap, or an
    operator sample below the pre-registered size) fails as well, unless
    ``allow_inconclusive=True``."""
    if not isinstance(allow_inconclusive, bool):
        raise TypeError(f"allow_inconclusive must be True or False, got {allow_inconclusive!r}")
    result = check(algorithm, **kwargs)
    if not accepted(result, allow_inconclusive):
        raise AssertionError(result.report())
    return result
