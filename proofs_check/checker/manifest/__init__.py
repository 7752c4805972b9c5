r"""The checker's manifest: every claim's statement, owned by the checker (:mod:`..statement`).

Three reviewed sources, assembled into :data:`MANIFEST` (claim id -> :class:`~..statement.Entry`):

``claims.json``
    For every claim: the TeX lines and a verbatim quote, the statement in words, the quantifier
    as printed, the verdict the statement supports, the coverage class, the exact checks
    (``arith``, ``forall``, ``identity``, ``data``: the finite domains, the witnesses and the
    assertions, each in the expression language of :mod:`..expr`) and, for a claim proved by
    hand, the argument.  For every editorial entry: its TeX lines and quote.

    How it was made: the first draft was written out from the search's certificates of
    2026-11-26 (``python -m zonemax.proofs_check.manifest_draft``), then each entry was read
    against the TeX: statement, quantifier, domain and every assertion.  From then on it changes
    only by review: when the search's output changes, the checker rejects the certificates until
    the manifest is updated (``manifest_draft --diff`` shows what changed).

:mod:`.s5_formulas`, :mod:`.s234_formulas`
    The statements over real parameters and unbounded integers as formulas, written by hand
    from the TeX: the Coq theorems prove them (:mod:`..coq`), and the polynomial ones among them
    are also decided by z3 and cvc5 (:data:`SMT_FORMULAS`).

:data:`SMT_EXTRA`
    Polynomial lemmas that only the solvers decide.

The Coq obligations of a claim come first in its obligations, then the SMT formulas, then the
exact checks in the order of ``claims.json``, then the argument by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..formula import CoqStatement, Formula
from ..statement import ByHand, Check, Coq, EditorialEntry, Entry, Obligation, Smt
from . import runtime_statements, s5_formulas, s234_formulas
from .s5_formulas import C3, C15, C18, CONSTS

#: The statements proved in Coq, by claim id: formulas, and the run-time statements written
#: directly in Coq (:mod:`.runtime_statements`).
COQ_FORMULAS: dict[str, tuple[CoqStatement, ...]] = {
    **s234_formulas.FORMULAS, **s5_formulas.FORMULAS, **runtime_statements.FORMULAS}

#: Polynomial statements that z3 and cvc5 decide as well (a second proof, and the one that
#: remains where Coq is not installed).
SMT_FORMULAS: dict[str, tuple[Formula, ...]] = {
    cid: s5_formulas.FORMULAS[cid] for cid in (
        "S5.example-conditions", "S5.feasible-region", "S5.redundant-conditions",
        "S5.cp-uniform", "S5.case2-positive")}

#: Lemmas of S3.cS-outside-O's extension from the enumerated range to all n, over the reals:
#: (m - k)(k0 + 1) <= (m - k0)(k + 1) for 0 <= k0 <= k <= m, and a(k0 + 1) <= k0(2 k0 + 1 - m)
#: for 0 <= a <= m <= 2 k0 - a.
SMT_EXTRA: dict[str, tuple[Formula, ...]] = {
    "S3.cS-outside-O": (
        Formula((("m", "real"), ("k", "real"), ("k0", "real")),
                (("k0", ">=", "0"), ("k", ">=", "k0"), ("m", ">=", "k")),
                (("(m - k)*(k0 + 1)", "<=", "(m - k0)*(k + 1)"),)),
        Formula((("m", "real"), ("a", "real"), ("k0", "real")),
                (("a", ">=", "0"), ("a", "<=", "m"), ("2*k0", ">=", "a + m")),
                (("a*(k0 + 1)", "<=", "k0*(2*k0 + 1 - m)"),))),
}

_CLAIMS_JSON = Path(__file__).with_name("claims.json")


def _entry(raw: dict[str, Any]) -> Entry:
    cid = raw["id"]
    obligations: list[Obligation] = [Coq(f) for f in COQ_FORMULAS.get(cid, ())]
    obligations += [Smt(f) for f in (*SMT_FORMULAS.get(cid, ()), *SMT_EXTRA.get(cid, ()))]
    obligations += [Check(c["kind"], c["spec"]) for c in raw["checks"]]
    if raw.get("by_hand"):
        obligations.append(ByHand(raw["by_hand"]))
    first, last, quote = raw["tex"]
    return Entry(cid, (first, last, quote), raw["statement"], raw["quantifier"],
                 raw["verdict"], raw["coverage"], tuple(obligations))


def _load() -> tuple[dict[str, Entry], dict[str, EditorialEntry]]:
    doc = json.loads(_CLAIMS_JSON.read_text(encoding="utf-8"))
    claims = {raw["id"]: _entry(raw) for raw in doc["claims"]}
    editorial = {raw["id"]: EditorialEntry(raw["id"], (raw["tex"][0], raw["tex"][1],
                                                        raw["tex"][2]))
                 for raw in doc["editorial"]}
    return claims, editorial


#: Claim id -> entry (registry order), and editorial id -> entry.
MANIFEST, EDITORIAL_ENTRIES = _load()
_unlisted = (set(COQ_FORMULAS) | set(SMT_FORMULAS) | set(SMT_EXTRA)) - set(MANIFEST)
if _unlisted:  # a formula for a claim the manifest does not list would never be checked
    raise RuntimeError(f"formulas for claims not in claims.json: {sorted(_unlisted)}")


def coq_obligations() -> dict[str, CoqStatement]:
    """Theorem name -> formula of every Coq obligation (``S5_case4``, ``S5_feasible_region_2``)."""
    return {name: f for entry in MANIFEST.values() for name, f in entry.coq_formulas()}


__all__ = [
    "C3",
    "C15",
    "C18",
    "CONSTS",
    "COQ_CONTROLS",
    "COQ_FORMULAS",
    "EDITORIAL_ENTRIES",
    "MANIFEST",
    "SMT_EXTRA",
    "SMT_FORMULAS",
    "coq_obligations",
]


def _nudge(formula: Formula, old: str, new: str) -> Formula:
    """``formula`` with the text ``old`` replaced by ``new`` in exactly one comparison."""
    def swap(cmps: tuple[tuple[str, str, str], ...]) -> tuple[tuple[str, str, str], ...]:
        return tuple((lhs.replace(old, new), op, rhs.replace(old, new)) for lhs, op, rhs in cmps)

    hits = sum(old in lhs or old in rhs for lhs, _, rhs in (*formula.hyps, *formula.goals))
    if hits != 1:
        raise ValueError(f"{old!r} occurs in {hits} comparisons, not one")
    return Formula(formula.vars, swap(formula.hyps), swap(formula.goals), formula.consts)


def _hyp(formula: Formula, old: tuple[str, str, str], new: tuple[str, str, str]) -> Formula:
    """``formula`` with the hypothesis ``old`` replaced by ``new``."""
    if old not in formula.hyps:
        raise ValueError(f"{old} is not a hypothesis")
    return Formula(formula.vars, tuple(new if h == old else h for h in formula.hyps),
                   formula.goals, formula.consts)


def _goal(formula: Formula, index: int, new: tuple[str, str, str]) -> Formula:
    """``formula`` with goal ``index`` replaced by ``new``."""
    goals = list(formula.goals)
    goals[index] = new
    return Formula(formula.vars, formula.hyps, tuple(goals), formula.consts)


def _controls() -> dict[str, tuple[str, CoqStatement]]:
    """Theorem name -> (label, a false variant of its statement): the same proof must fail on it.
    Each mirrors a control of the search's registry (the altered statement is judged false
    there too)."""
    f = {name: formula for name, formula in coq_obligations().items()
         if isinstance(formula, Formula)}
    g = s5_formulas.G
    return {**runtime_statements.CONTROLS,
        "S2_alg2_velocity_pseudocode": ("alpha > 1/2 allowed (alpha v < 1 at v = 1)",
                                        _hyp(f["S2_alg2_velocity_pseudocode"], ("alpha", ">", "1"),
                                             ("alpha", ">", "1/2"))),
        "S2_thm1_lemma7_stopped": ("drops by at most 1/2", _goal(
            f["S2_thm1_lemma7_stopped"], 1, ("max(0, y) - max(0, y - 1)", "<=", "1/2"))),
        "S2_thm1_lemma7_stopped_2": ("0 already for y <= 1", _hyp(
            f["S2_thm1_lemma7_stopped_2"], ("y", "<=", "0"), ("y", "<=", "1"))),
        "S3_omega_margin": ("omega = 137/100, just past the root 1 + 1/e",
                            f["S3_omega_margin"].with_consts(omega="137/100")),
        "S3_omega_printed_value": ("printed value nudged to 0.0912688", _nudge(
            f["S3_omega_printed_value"], "912687/10000000", "912688/10000000")),
        "S3_omega_range": ("upper end 1 + 2/e", _nudge(f["S3_omega_range"], "1 + 1/e", "1 + 2/e")),
        "S3_omega_range_2": ("upper end 1 + 1/(2e)", _nudge(f["S3_omega_range_2"], "1 + 1/e",
                                                            "1 + 1/(2*e)")),
        "S3_omega_best": ("the rate 1% below its maximum everywhere", _nudge(
            f["S3_omega_best"], f"({s234_formulas.BEST} - 1", f"99/100*({s234_formulas.BEST} - 1")),
        "S3_omega_best_2": ("98% instead of 97%", _nudge(f["S3_omega_best_2"], "97/100", "98/100")),
        "S3_pair_identity": ("right side without the division by omega", _nudge(
            f["S3_pair_identity"], "omega**d*(omega - 1)**2/omega", "omega**d*(omega - 1)**2")),
        "S3_pair_correct_position": ("strictly negative (bound 0)", _nudge(
            f["S3_pair_correct_position"], "(omega - 1)**2/omega", "0")),
        "S3_power_bound": ("exponent n instead of n - 1", _nudge(
            f["S3_power_bound"], "(1 - 1/n)**(n - 1)", "(1 - 1/n)**n")),
        "S3_thm4_last_steps": ("1 - 1/e >= 2/3", _nudge(f["S3_thm4_last_steps"], "1/2", "2/3")),
        "S4_thm5_constant": ("A = 1 allowed (then both sides are 1)", _hyp(
            f["S4_thm5_constant"], ("A", ">", "1"), ("A", ">=", "1"))),
        "S4_thm5_o_form_fixed": ("log|a|_1 + 1 in place of log|a|_1 + 2", _nudge(
            f["S4_thm5_o_form_fixed"], "(L + 2)*(L + 2)", "(L + 1)*(L + 2)")),
        "S4_denominator_monotone": ("L <= M + 1", _hyp(f["S4_denominator_monotone"],
                                                       ("L", "<=", "M"), ("L", "<=", "M + 1"))),
        "S5_example_conditions": ("c = 26/10000: C6 fails",
                                  f["S5_example_conditions"].with_consts(c="26/10000")),
        "S5_feasible_region": ("closed form with alpha > 23/20", _nudge(
            f["S5_feasible_region"], "9/8", "23/20")),
        "S5_feasible_region_2": ("beta up to 1 (C2 fails)", _hyp(
            f["S5_feasible_region_2"], ("beta", "<=", "9/10"), ("beta", "<=", "1"))),
        "S5_redundant_conditions": ("C4 strengthened to alpha + beta > 201/100",
                                    _nudge(f["S5_redundant_conditions"], "alpha + beta",
                                           "alpha + beta - 1/100")),
        "S5_cp_uniform": ("c = 23/10000: C6 fails at alpha = 2, beta = 9/10",
                          f["S5_cp_uniform"].with_consts(c="23/10000")),
        "S5_beta_range": ("beta up to 19/20", _hyp(
            f["S5_beta_range"], ("beta", "<=", "9/10"), ("beta", "<=", "19/20"))),
        "S5_drift_delta": ("delta = 1/2534", _nudge(f["S5_drift_delta"], "1/2535", "1/2534")),
        "S5_drift_feasible": ("delta_5 x (1 + 10^-6)", Formula(
            f["S5_drift_feasible"].vars, f["S5_drift_feasible"].hyps,
            ((s5_formulas.DRIFT, ">=", s5_formulas.DELTA.replace(
                s5_formulas.RATIO5, f"1000001/1000000*{s5_formulas.RATIO5}") + f"*{g}"),))),
        "S5_case1": ("bound x 29", _nudge(f["S5_case1"], f"{s5_formulas.RATIO1}*{g}",
                                          f"29*{s5_formulas.RATIO1}*{g}")),
        "S5_case2": ("bound x 27/10", _nudge(f["S5_case2"], "d/2*(", "27/10*d/2*(")),
        "S5_case2_sharp": ("bound x 17/10", _nudge(f["S5_case2_sharp"], "d/2*(", "17/10*d/2*(")),
        "S5_case2_decrease": ("at least d/14", _nudge(f["S5_case2_decrease"], "d/16", "d/14")),
        "S5_case2_toward": ("bound x 3/2", _nudge(f["S5_case2_toward"], "d*(1/16",
                                                  "3/2*d*(1/16")),
        "S5_case2_away": ("bound x 99/1000", _nudge(f["S5_case2_away"], "-4*c*d/beta",
                                                    "-99/1000*4*c*d/beta")),
        "S5_case2_positive": ("C6 weakened (factor 1 in place of 2)", _nudge(
            f["S5_case2_positive"], "1/16 - 2*(", "1/16 - (")),
        "S5_case2_cap_fixed": ("sub-case widened to beta v <= 11/10", _hyp(
            f["S5_case2_cap_fixed"], ("beta*v", "<=", "1"), ("beta*v", "<=", "11/10"))),
        "S5_case3": ("bound x 201/200", _nudge(f["S5_case3"], "d*(p/2", "201/200*d*(p/2")),
        "S5_case3_reset": ("bound x 1000", _nudge(f["S5_case3_reset"], "p/2*d - 2*(alpha - 1)*c*d",
                                                  "1000*(p/2*d - 2*(alpha - 1)*c*d)")),
        "S5_case4": ("x (1 + 10^-6)", _nudge(f["S5_case4"], "d*(4*c + p - 4*beta*c)",
                                             "1000001/1000000*d*(4*c + p - 4*beta*c)")),
        "S5_case5": ("x (1 + 10^-6)", _nudge(f["S5_case5"], f"{s5_formulas.DRIFT}",
                                             f"1000000/1000001*{s5_formulas.DRIFT}")),
        "S5_initial_potential": ("(1 + 1.999c) d^2", _nudge(f["S5_initial_potential"],
                                                             "(1 + 2*c)", "(1 + 1999/1000*c)")),
        "S5_lemma7_theta": ("the example constants alpha = 17/10, beta = 9/10",
                            f["S5_lemma7_theta"].with_consts(alpha="17/10", beta="9/10")),
    }


#: Theorem name -> (label, a false variant of the statement) for every Coq theorem.
COQ_CONTROLS: dict[str, tuple[str, CoqStatement]] = _controls()
