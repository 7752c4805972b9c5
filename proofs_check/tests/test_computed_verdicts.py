"""Every verdict is computed from its statement (issue 22, items 1, 3 and 4).

A control once flipped some claims only because a parameter selected an ``if`` branch that
returned a fixed verdict.  Each test here runs the claim's own check at inputs *between* the
values the old branches distinguished (or reads the computed margin) and shows that the verdict
follows the computation.  Also: the coverage class "proved by hand" and the Coq theorems named
as the decisive step of the claims the checker proves in Coq; the smaller items (both halves of
Lemma 1, a text per status, zonemax's c_eps table not counted, the digits of c).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from zonemax.proofs_check import CLAIMS, TABLES, run_claims
from zonemax.proofs_check.core import Coverage, Method, Status, coq_name
from zonemax.proofs_check.section1.intro_law import check_intro_law
from zonemax.proofs_check.section2.drift_theorem import check_thm1_lemma7
from zonemax.proofs_check.section2.heavy_tail import check_infinite_mean
from zonemax.proofs_check.section3 import pairing, single_mutation, theorem4
from zonemax.proofs_check.section3.elementary import check_power_bound
from zonemax.proofs_check.section3.lemma1 import check_cost_lemma
from zonemax.proofs_check.section3.omega import C_AT_PAPER_OMEGA, check_omega_printed
from zonemax.proofs_check.section4.corollary6 import check_cor6_constant, check_cor6_o_form
from zonemax.proofs_check.section4.theorem5 import check_thm5_constant, check_thm5_o_form
from zonemax.proofs_check.section4.theorem5_proof import check_drift_sum
from zonemax.proofs_check.section5.constants import check_beta_range
from zonemax.proofs_check.section5.lemma7 import check_lemma7_theta
from zonemax.proofs_check.section6.hypotheses import check_heavy_hypotheses
from zonemax.proofs_check.section6.search_space import check_bounded_space, check_usable_mass

F = Fraction
BY_ID = {c.id: c for c in CLAIMS}

#: The claims the independent checker proves in Coq (number of theorems): their verdict is
#: proved for the whole domain with the Coq theorem as the decisive step.
COQ = {"S2.alg2-velocity-pseudocode": 1, "S2.thm1-lemma7-stopped": 2, "S3.omega-margin": 1,
       "S3.omega-printed-value": 1, "S3.omega-range": 2, "S3.omega-best": 2,
       "S3.pair-identity": 1, "S3.pair-correct-position": 1, "S3.power-bound": 1,
       "S3.thm4-last-steps": 1, "S4.thm5-constant": 1, "S4.thm5-o-form-fixed": 1,
       "S4.denominator-monotone": 1, "S5.example-conditions": 1, "S5.feasible-region": 2,
       "S5.redundant-conditions": 1, "S5.cp-uniform": 1, "S5.beta-range": 1,
       "S5.drift-delta": 1, "S5.drift-feasible": 1, "S5.case1": 1, "S5.case2": 1,
       "S5.case2-sharp": 1, "S5.case2-decrease": 1, "S5.case2-toward": 1, "S5.case2-away": 1,
       "S5.case2-positive": 1, "S5.case2-cap-fixed": 1, "S5.case3": 1, "S5.case3-reset": 1,
       "S5.case4": 1, "S5.case5": 1, "S5.initial-potential": 1,
       "S2.multiplicative-drift": 1, "S5.lemma8-runtime": 2}
#: The verdicts whose decisive step is an argument in words (counted apart).
BY_HAND = {"S3.e1-chain", "S4.drift-sum", "S5.lemma7-theta", "S6.elitist-box"}


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    return {r.claim.id: r.verdict for r in run_claims()}


# ------------------------------------------------------------------------- item 1: computed
def test_intro_step_law_follows_the_step_map() -> None:
    assert check_intro_law(False, step="i").witness_dict()["step_size"] == 3
    assert check_intro_law(False, step="2**i/4").status is Status.HOLDS  # = 2^(i-2) (sympy)
    other = check_intro_law(False, step="2**(i-1)")  # off by one exponent: size 1 unweighted
    assert other.status is Status.FAILS and other.witness_dict()["step_size"] == 1


def test_lemma7_process_is_judged_by_its_values() -> None:
    assert check_thm1_lemma7(False, process="max(0, y)").status is Status.HOLDS
    assert check_thm1_lemma7(False, process="max(0, y/2)").status is Status.HOLDS
    shifted = check_thm1_lemma7(False, process="max(0, y) - 1/2")  # stopped, but at -1/2
    assert shifted.status is Status.FAILS
    steep = check_thm1_lemma7(False, process="max(0, 2*y)")  # drops by 2 per change
    assert steep.status is Status.FAILS and "more than 1" in steep.summary
    printed = check_thm1_lemma7(False, process="y")
    assert printed.witness_dict()["a_inf"] == 3 and printed.evidence_dict()["z3"] == "sat"


def test_infinite_mean_between_the_old_branches() -> None:
    assert check_infinite_mean(False, s=F(1, 100)).status is Status.HOLDS  # terms -> oo
    assert check_infinite_mean(False, s=F(0)).status is Status.FAILS  # the weights: sum c_eps
    neg = check_infinite_mean(False, s=F(-1, 10))
    assert neg.status is Status.FAILS and "ratio test" in neg.summary


def test_power_bound_reduces_for_the_printed_shift_only() -> None:
    assert check_power_bound(False, shift=-1).scope.coverage is Coverage.PROVED
    other = check_power_bound(False, shift=-2)  # true, but not the ln(1+x) <= x argument
    assert other.status is Status.HOLDS and other.scope.coverage is Coverage.EXHAUSTIVE
    assert check_power_bound(False, shift=0).status is Status.FAILS


def test_pair_correct_position_compares_the_bound() -> None:
    v = pairing.check_pair_correct(False, bound="(omega - 1)**2/omega")  # the bound at d_i = 0
    assert v.status is Status.HOLDS and v.evidence_dict()["z3"] == "unsat"
    zero_at_0 = "P*(omega - 1)**2/omega - (omega - 1)**2/omega"  # 0 at d_i = 0, like bound 0
    w = pairing.check_pair_correct(False, bound=zero_at_0)
    assert w.status is Status.FAILS and w.witness_dict()["d_prime"] == 1


def test_thm4_last_steps_reports_its_margin() -> None:
    holds = theorem4.check_thm4_last_steps(False, threshold=F(632, 1000))
    low, _ = holds.evidence_dict()["margin_1_minus_inv_e_minus_threshold"]
    assert holds.status is Status.HOLDS and F(0) < low < F(1, 1000)
    assert theorem4.check_thm4_last_steps(False, threshold=F(633, 1000)).status is Status.FAILS


def test_thm5_constant_between_the_old_branches() -> None:
    assert check_thm5_constant(False, x_min=F(1)).status is Status.HOLDS
    below = check_thm5_constant(False, x_min=F(3, 4))  # Theorem 2's factor too large at A = 1
    assert below.status is Status.FAILS and below.witness_dict()["a_norm_1"] == 1
    above = check_thm5_constant(False, x_min=F(3, 2))  # X = 1 < x_min is not optimal
    assert above.status is Status.FAILS and above.witness_dict()["below"] == (0, 1)


def test_thm5_o_form_between_the_old_branches() -> None:
    mid = check_thm5_o_form(False, shift=F(3, 2))  # holds, with a larger constant
    assert mid.status is Status.HOLDS and "39/10 x 2 e c_eps" in mid.summary
    assert check_thm5_o_form(False, shift=F(1, 2)).witness_dict()["a_norm_1"] == 1
    assert check_thm5_o_form(False, shift=F(-1)).witness_dict()["a_norm_1"] == 4  # L + k = 1


def test_drift_sum_for_other_bases() -> None:
    assert check_drift_sum(False, base=F(3, 2)).status is Status.HOLDS  # b <= 2
    wide = check_drift_sum(False, base=F(5, 2))
    assert wide.status is Status.FAILS and wide.witness_dict()["d"] == 2


def test_cor6_between_the_old_branches() -> None:
    assert check_cor6_o_form(False, offset=F(1, 2)).status is Status.HOLDS
    assert check_cor6_o_form(False, offset=F(-1)).status is Status.FAILS
    # |a|_1 <= 2 is computed, not assumed: the display is 0 at |a|_1 = 2
    assert check_cor6_constant(False, norm_min=2).status is Status.FAILS


def test_beta_range_finds_its_witness() -> None:
    edge = check_beta_range(False, beta_max=F(15, 16))  # premise with margin 0
    assert edge.status is Status.HOLDS
    assert edge.evidence_dict()["premise_margin_2_minus_2beta_minus_1_8"] == 0
    assert check_beta_range(False, beta_max=F(47, 50)).witness_dict() == {"beta": F(47, 50),
                                                                         "d": 8}


def test_lemma7_theta_runs_both_halves() -> None:
    fails = check_lemma7_theta(False)
    ev = fails.evidence_dict()
    assert ev["velocity_bound_z3"] == "unsat" and ev["drift_bound_z3"] == "sat"
    holds = check_lemma7_theta(False, alpha=F(17, 10), beta=F(9, 10))
    assert holds.status is Status.HOLDS and holds.evidence_dict()["drift_bound_z3"] == "unsat"
    # gamma > 1 and no drift proof: neither half decides
    assert check_lemma7_theta(False, alpha=F(3, 2), beta=F(3, 5)).status is Status.INCONCLUSIVE


def test_heavy_hypotheses_measure_the_moved_mass() -> None:
    v = check_heavy_hypotheses(False, rules=("none", "clip"))  # one changed rule suffices
    assert v.status is Status.FAILS and v.witness_dict()["rules"] == ("clip",)
    none = check_heavy_hypotheses(False, rules=("none",))
    assert none.status is Status.HOLDS
    assert set(none.evidence_dict()["total_variation"]["none"].values()) == {"0.0"}


def test_usable_mass_and_bounded_space_are_computed() -> None:
    assert check_usable_mass(False, eps=F(1)).witness_dict()["r"] == 10
    ctl = check_bounded_space(False, algorithms=("ea-pm1",), n=1)
    assert ctl.status is Status.HOLDS and ctl.scope.coverage is Coverage.EXHAUSTIVE


# -------------------------------------------------------------------- item 3: coverage classes
def test_coq_claims_name_their_theorem(results: dict[str, object]) -> None:
    assert {c.id: c.coq for c in CLAIMS if c.coq} == COQ
    for cid, count in COQ.items():
        v = results[cid]
        name = coq_name(cid)
        assert v.scope.coverage is Coverage.PROVED, cid
        assert v.scope.covered.startswith(f"decisive step: Coq theorem{'s' if count > 1 else ''} "
                                          f"{name}"), cid
        assert f"(proofs_check/coq/{name}.v)" in v.scope.covered, cid
        if count == 2:
            assert f"{name}_2" in v.scope.covered, cid
    assert coq_name("S5.case2-away") == "S5_case2_away"


def test_a_control_never_borrows_the_coq_theorem() -> None:
    claim = BY_ID["S5.beta-range"]
    v = claim.run(False, **claim.controls[0].params)
    assert "Coq" not in v.scope.covered


def test_by_hand_verdicts(results: dict[str, object]) -> None:
    got = {cid for cid, v in results.items() if v.scope.coverage is Coverage.BY_HAND}
    assert got == BY_HAND
    for cid in BY_HAND:
        assert results[cid].reading.endswith("(by hand)"), cid
        assert "by hand" in results[cid].scope.covered, cid
    theta = results["S5.lemma7-theta"]
    assert "S5_lemma7_theta (proofs_check/coq/S5_lemma7_theta.v)" in theta.scope.covered


# ---------------------------------------------------------------------- item 4: smaller items
def test_cost_lemma_checks_both_implications() -> None:
    claim = BY_ID["S3.cost-lemma"]
    assert claim.run(False).status is Status.HOLDS
    second = check_cost_lemma(False, implications=(("<=", "<="), (">=", "<=")))
    assert second.status is Status.FAILS and second.witness_dict()["implication"] == 2


def test_inconclusive_has_its_own_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the symbolic step failing, the chain, the pair bound and the last steps of Theorem
    4 are inconclusive and say so (no 'holds' text)."""
    class Refusing:
        def __getattr__(self, name: str) -> object:
            import sympy

            return lambda *a, **k: sympy.Integer(1)  # never 0, never reduces

    for module in (single_mutation, theorem4, pairing):
        monkeypatch.setattr(module, "symbolic", Refusing())
    chain = single_mutation.check_e1_chain(False)
    assert chain.status is Status.INCONCLUSIVE and not chain.summary.startswith("Every line")
    last = theorem4.check_thm4_last_steps(False)
    assert last.status is Status.INCONCLUSIVE and last.summary.startswith("Undecided")
    pair = pairing.check_pair_correct(False)
    assert pair.status is Status.INCONCLUSIVE and "sympy does not confirm" in pair.summary


def test_the_c_eps_table_is_listed_apart() -> None:
    assert "S4.c-eps-enclosures" in {t.id for t in TABLES}
    assert "S4.c-eps-enclosures" not in BY_ID


def test_c_is_printed_with_its_own_digits() -> None:
    assert F("0.0335759") == C_AT_PAPER_OMEGA
    v = check_omega_printed(False)
    assert "0.03357589" in v.summary and "0.0335757" not in v.summary
    assert check_omega_printed(False, printed=C_AT_PAPER_OMEGA).status is Status.FAILS


def test_methods_of_the_rewritten_checks() -> None:
    """z3 now runs where its answer is certified (S3.omega-range, S3.pair-correct-position)."""
    for cid in ("S3.omega-range", "S3.pair-correct-position", "S3.cS-outside-O"):
        assert Method.DECISION in BY_ID[cid].run(False).methods, cid
