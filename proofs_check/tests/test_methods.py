"""Method labels are recorded while a check runs (issue 22, item 2): none is written by hand.

Every verdict carries the methods its check ran (:func:`zonemax.proofs_check.core.record`,
collected by :meth:`Claim.run`); a label that names z3 means z3 ran, and every recorded label is
pinned here (a change of what runs shows up as a diff of :data:`EXPECTED_METHODS`).
"""

from __future__ import annotations

import pytest
import z3
from zonemax.proofs_check import CLAIMS, TABLES
from zonemax.proofs_check.core import (
    Method,
    clear_recorded_caches,
    record,
    recorded_cache,
    recording,
)

#: What each claim's check runs (in :class:`Method` order), as recorded: reviewed, pinned.
_S, _D, _E, _I, _N, _P, _T = ("symbolic (sympy)", "decision procedure (z3 nlsat)",
                              "exact rational arithmetic", "interval arithmetic",
                              "exhaustive enumeration", "dynamic programme (exact rationals)",
                              "statistical test on reproduction data")
_V = "float solve verified by exact sub- and super-solutions"
_R = "seeded random sampling"
EXPECTED_METHODS: dict[str, tuple[str, ...]] = {
    "S1.intro-step-law": (_S, _E, _I, _N),
    "S1.intro-step-law-fixed": (_S, _E, _N),
    "S1.target-count": (_S, _E, _N),
    "S1.target-count-bound": (_E, _N),
    "S2.c-eps-finite": (_S,),
    "S2.heavy-infinite-mean": (_S,),
    "S2.law-base-free": (_S,),
    "S2.alg2-loop": (_E, _N),
    "S2.alg2-velocity-prose": (_D, _E, _N),
    "S2.alg2-velocity-pseudocode": (_D, _E, _N),
    "S2.thm1-thm4": (_N,),
    "S2.thm1-lemma7": (_D, _I, _N),
    "S2.thm1-lemma7-stopped": (_D, _I, _N),
    "S2.multiplicative-drift": (_E, _I, _R),
    "S3.cost-lemma": (_S, _E, _N),
    "S3.omega-margin": (_E,),
    "S3.omega-printed-value": (_E,),
    "S3.omega-range": (_S, _D),
    "S3.omega-best": (_S, _I),
    "S3.power-bound": (_S, _E, _N),
    "S3.x0-bound": (_E, _N),
    "S3.x-min": (_E, _N),
    "S3.e1-first-line": (_E, _N),
    "S3.e1-chain": (_S, _E, _N),
    "S3.pair-identity": (_S,),
    "S3.pair-correct-position": (_S, _D, _E, _N),
    "S3.uniform-on-A": (_E, _N),
    "S3.cS-regroup": (_E, _N),
    "S3.cS-regroup-le": (_E, _N),
    "S3.cS-bound": (_E, _N),
    "S3.cS-outside-O": (_D, _E, _N),
    "S3.e2-bound": (_E, _N),
    "S3.e2-outside-O": (_E, _N, _P),
    "S3.total-line": (_E, _N, _P),
    "S3.total-repaired": (_E, _N, _P),
    "S3.drift-final": (_E, _N, _P),
    "S3.thm3-explicit": (_E, _I, _N),
    "S3.thm4-drift": (_E, _N),
    "S3.thm4-unmodified": (_I, _N),
    "S3.thm4-log-base": (_I, _N),
    "S3.thm4-last-steps": (_S, _E, _N),
    "S3.thm4-explicit": (_E, _I, _N),
    "S3.theta-tightness": (_E, _I, _N),
    "S3.ones-explicit-bounds": (_E, _I, _N, _V),
    "S3.ones-faster": (_E, _N, _V),
    "S4.log-base": (_S, _E, _I, _N),
    "S4.a-ij-probability": (_I, _N),
    "S4.progress-decomposition": (_I, _N),
    "S4.drift-sum": (_S, _E, _I, _N),
    "S4.denominator-monotone": (_S, _N),
    "S4.thm5-constant": (_S, _E, _N),
    "S4.thm5-o-form": (_E,),
    "S4.thm5-o-form-fixed": (_E, _I),
    "S4.thm5-vs-exact": (_I, _N),
    "S4.cor6-constant": (_I, _N),
    "S4.cor6-o-form": (_S, _I),
    "S4.cor6-stopping": (_I, _N),
    "S5.example-conditions": (_E,),
    "S5.feasible-region": (_S, _D, _E),
    "S5.redundant-conditions": (_D,),
    "S5.cp-uniform": (_D, _E),
    "S5.beta-range": (_E, _N),
    "S5.velocity-domain": (_E, _N),
    "S5.drift-delta": (_D, _E),
    "S5.drift-feasible": (_D, _E),
    "S5.case1": (_D, _E),
    "S5.case2": (_D, _E),
    "S5.case2-decrease": (_D, _E),
    "S5.case2-toward": (_D, _E),
    "S5.case2-away": (_D, _E),
    "S5.case2-factor": (_S,),
    "S5.case2-sharp": (_D, _E),
    "S5.case2-strictness": (_D, _E),
    "S5.case2-positive": (_D,),
    "S5.case2-cap": (_D, _E),
    "S5.case2-cap-fixed": (_D, _E),
    "S5.case3": (_D, _E),
    "S5.case3-reset": (_D, _E),
    "S5.case4": (_D, _E),
    "S5.case5": (_D, _E),
    "S5.case5-rejected": (_D, _E),
    "S5.initial-potential": (_D, _E),
    "S5.lemma8-runtime": (_E, _I),
    "S5.lemma7-coupon": (_E, _I, _N),
    "S5.lemma7-velocity": (_E, _N),
    "S5.lemma7-combination": (_E, _I, _N),
    "S5.lemma7-theta": (_D, _E),
    "S6.rls-hypotheses": (_E,),
    "S6.rls-drift": (_E, _N),
    "S6.heavy-hypotheses": (_E, _I, _N),
    "S6.bounded-space": (_N,),
    "S6.elitist-box": (_N,),
    "S6.heavy-usable-mass": (_I, _N),
    "S6.jumps-pay-off": (_T,),
    "S6.jumps-pay-off-conditioned": (_T,),
    "S6.appendix-n20-similar": (_T,),
    "S4.c-eps-enclosures": (_I, _N),  # zonemax's own table (not counted)
}


@pytest.fixture
def z3_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every call of z3's ``Solver.check`` (the only way z3 decides anything)."""
    calls = [0]
    real = z3.Solver.check

    def counting(self: z3.Solver, *args: object) -> z3.CheckSatResult:
        calls[0] += 1
        return real(self, *args)

    monkeypatch.setattr(z3.Solver, "check", counting)
    return calls


def test_every_claim_is_pinned() -> None:
    assert set(EXPECTED_METHODS) == {c.id for c in (*CLAIMS, *TABLES)}


def test_labels_are_what_ran(z3_runs: list[int]) -> None:
    """From cold caches, each check's recorded labels: never empty, equal to the pinned ones,
    and z3 is named exactly when z3's solver ran during that check (S3.omega-range and
    S3.cS-outside-O carried a hand-written z3 label before z3 ran in them)."""
    wrong = {}
    for claim in (*CLAIMS, *TABLES):
        clear_recorded_caches()
        before = z3_runs[0]
        verdict = claim.run(False)
        ran_z3 = z3_runs[0] > before
        assert verdict.methods, f"{claim.id}: no method recorded"
        assert (Method.DECISION in verdict.methods) is ran_z3, claim.id
        got = tuple(str(m) for m in verdict.methods)
        if got != EXPECTED_METHODS[claim.id]:
            wrong[claim.id] = got
    assert not wrong, f"recorded labels changed: {wrong}"


def test_a_check_without_z3_is_not_labelled_z3(z3_runs: list[int]) -> None:
    by_id = {c.id: c for c in CLAIMS}
    for cid in ("S3.omega-margin", "S3.e1-chain", "S4.drift-sum", "S6.elitist-box"):
        before = z3_runs[0]
        verdict = by_id[cid].run(False)
        assert z3_runs[0] == before and Method.DECISION not in verdict.methods, cid


def test_a_cache_hit_is_labelled_by_what_produced_it() -> None:
    runs = []

    @recorded_cache(maxsize=4)
    def square(x: int) -> int:
        runs.append(x)
        record(Method.EXACT)
        return x * x

    with recording() as first:
        assert square(3) == 9
    with recording() as second:
        assert square(3) == 9  # a hit: nothing runs, the label is replayed
    assert runs == [3] and first == second == {Method.EXACT}
    square.cache_clear()  # type: ignore[attr-defined]
    assert square(3) == 9 and runs == [3, 3]


def test_recording_nests_and_passes_methods_on() -> None:
    with recording() as outer:
        record(Method.EXACT)
        with recording() as inner:
            record(Method.INTERVAL)
    assert inner == {Method.INTERVAL} and outer == {Method.EXACT, Method.INTERVAL}
    record(Method.DATA)  # outside a recording: nothing to record into, no error
