r"""The independence map: what the ground truth imports from the code under test, and why.

The exact solvers (:mod:`zonemax.exact`), the claims checks (:mod:`zonemax.proofs_check`) and the
statistical expectations (:mod:`zonemax.stats_tests`: bounds, exact values, budgets) judge the
reference (:mod:`zonemax.reference`) and the fast engine (:mod:`zonemax.engine`).  Whatever they
import from those packages is a place where the judge and the judged can be wrong in the same
way (a bug in the largest admissible exponent once moved the reference and its
"exact" expectation together by about 6%).

:data:`SHARINGS` lists every such import, one entry per imported name, with the layers that
import it and the reason sharing it is safe.  Kinds:

``question``
    The algorithm specification and the readers/validators of its parameters.  They decide
    *which* instance is asked, for the simulation and for its expectation alike; a misreading
    would change the question for both sides consistently (and shows in every test label, which
    prints the spec's parameters), not the answer of one side.
``typing``
    Type aliases; no behaviour.
``subject``
    The code under test itself (the reference algorithms, the run result, the operator
    interface), used to *build* the implementations being judged (:data:`zonemax.stats_tests.
    implementations.REFERENCE`, the planted bugs, the observed Corollary 6 times).  It never
    enters an expected value.
``pinned``
    A helper that does enter an expected value (a bound, a claim's enclosure, an observed
    statistic) and is shared with the reference.  Each is pinned by a property test against a
    brute-force definition over a wide range including large magnitudes (``pin`` names the test
    in ``tests/test_exact_independence.py``), so a bug in it fails that test on its own.

:data:`RESOLVED` records the unsafe sharings that were removed: the exact layer used to take the
heavy-tailed law from the reference; it now derives it in :mod:`zonemax.exact.heavy_law`.

``tests/test_exact_independence.py`` parses every module of the three layers with :mod:`ast`
(function-level imports included) and fails when an import from :mod:`zonemax.reference` or
:mod:`zonemax.engine` is missing here, when an entry is no longer imported, or when a ``pinned``
entry names no existing test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: The layers whose imports the map covers, with their source folders in the repository.
LAYERS: dict[str, str] = {
    "exact": "zonemax/exact",
    "proofs_check": "proofs_check",
    "stats_tests": "stats_tests",
}
#: The packages under test.
UNDER_TEST: tuple[str, ...] = ("zonemax.reference", "zonemax.engine")

Kind = Literal["question", "typing", "subject", "pinned"]


@dataclass(frozen=True)
class Sharing:
    """One name imported from the code under test.

    ``name`` is the defining module and qualified name for functions and classes (so a
    re-export counts as the same name), else the module path as imported; ``users`` the layers
    that import it; ``pin`` the pinning test for ``kind == 'pinned'``.
    """

    name: str
    users: frozenset[str]
    kind: Kind
    reason: str
    pin: str = ""


def _s(name: str, users: str, kind: Kind, reason: str, pin: str = "") -> Sharing:
    return Sharing(name, frozenset(users.split()), kind, reason, pin)


_FIT = "zonemax.reference.fitness."
_PAR = "zonemax.reference.params."
_HT = "zonemax.reference.heavy_tailed."
_OPS = "zonemax.reference.operators."

#: Every import from the code under test into the exact solvers, the claims checks and the
#: statistical expectations.
SHARINGS: tuple[Sharing, ...] = (
    # -- the question: specification, parameter readers and validators -----------------------
    _s("zonemax.reference.spec.AlgorithmSpec", "exact stats_tests", "question",
       "The frozen instance description both sides receive; the solvers read only its fields "
       "(algorithm, a, eps, log base, truncation, r, alpha, beta, geom_q, geom_mean, "
       "power_exponent), none of its behaviour (not its step_operator())."),
    _s(_FIT + "validate_target", "exact proofs_check", "question",
       "Turns the user's target into a tuple of Python ints or refuses it; pinned as well "
       "(identity on int tuples, 10^30 included).", "test_validate_target_is_identity_on_ints"),
    _s("zonemax.reference.spec.GEOM_ALGORITHMS", "stats_tests", "question",
       "The names of the algorithms that take the double-geometric operator: which specs a "
       "planted double-geometric bug applies to (stats_tests.implementations); a tuple of "
       "strings, no arithmetic."),
    _s(_PAR + "as_fraction", "proofs_check", "question",
       "Reads a real parameter exactly (floats as the decimal they print as); the bound and the "
       "simulation get the same reading."),
    _s(_PAR + "check_eps", "exact proofs_check", "question",
       "Validates eps > 0 and reads it exactly; the same eps reaches both sides."),
    _s(_PAR + "check_log_base", "exact proofs_check", "question",
       "Validates the log base (int >= 2 or 'e'); no arithmetic."),
    _s(_PAR + "check_truncation", "exact", "question",
       "Validates the truncation mode name; no arithmetic."),
    _s(_PAR + "check_alpha_beta", "exact stats_tests", "question",
       "Validates alpha > 1, 0 < beta < 1 and reads them exactly; in stats_tests only inside a "
       "planted bug's own algorithm."),
    _s(_PAR + "DEFAULT_ALPHA", "exact", "question",
       "Section 5's example (17/10); only the default of rls_ab_exact's signature."),
    _s(_PAR + "DEFAULT_BETA", "exact", "question",
       "Section 5's example (9/10); only the default of rls_ab_exact's signature."),
    _s(_PAR + "check_geom_q", "exact", "question",
       "Validates the double-geometric ratio 0 < q < 1 and reads it exactly; the same q reaches "
       "both sides.  The law of G1 - G2 and the mean -> q map are derived afresh in "
       "zonemax.exact.geom_law."),
    _s(_PAR + "check_geom_mean", "exact", "question",
       "Validates the double-geometric mean step length > 0 and reads it exactly; the exact "
       "layer solves for q itself (zonemax.exact.geom_law.exact_ratio)."),
    _s(_PAR + "check_power_exponent", "exact", "question",
       "Validates the power-law exponent beta > 1 and reads it exactly; zeta(beta) and the tails "
       "are enclosed afresh in zonemax.exact.power_law (Euler-Maclaurin, not flint's zeta)."),
    _s(_PAR + "DEFAULT_POWER_EXPONENT", "exact", "question",
       "The default exponent 3/2; only the default of ea_power_exact's and rls_power_exact's "
       "signatures."),
    # -- typing -----------------------------------------------------------------------------
    _s(_PAR + "LogBase", "exact proofs_check", "typing", "Type alias int | 'e'."),
    _s(_PAR + "Real", "exact", "typing", "Type alias of accepted real inputs."),
    _s(_PAR + "Truncation", "exact", "typing", "Type alias of the truncation modes."),
    _s(_OPS + "Probability", "stats_tests", "typing",
       "Type alias Fraction | mpf, used by planted operators."),
    # -- the subject: code under test, used to build the implementations being judged --------
    _s("zonemax.reference.runner.run", "stats_tests", "subject",
       "Wrapped as the REFERENCE implementation: the thing the families judge."),
    _s("zonemax.reference.result.RunResult", "stats_tests", "subject",
       "The run record the simulators return (evaluations, solved); a container."),
    _s("zonemax.reference.rls.rls", "stats_tests", "subject",
       "Runs the reference RLS (observed, for the one-step laws of stats_tests.laws, and with a "
       "planted operator); the judged side, never an expectation."),
    _s("zonemax.reference.rls_ab.rls_ab", "stats_tests", "subject",
       "Runs the reference RLS_{alpha,beta} with an observer for the transition laws of "
       "stats_tests.laws; the judged side.  The expected transitions are computed there from "
       "Algorithm 2's lines 5-12, not by calling it."),
    _s("zonemax.reference.ea.one_plus_one_ea", "stats_tests", "subject",
       "Runs the reference EA for planted bugs (with a buggy operator or rate) and for the "
       "observed Corollary 6 times; the judged side, never an expectation."),
    _s(_HT + "HeavyTailed", "stats_tests", "subject",
       "The reference operator, inside the Corollary 6 runs and the planted heavy-tailed bugs "
       "(two subclass it); the judged side.  Its law is compared with zonemax.exact.heavy_law "
       "at limits up to 10^30 (tests/test_exact_independence.py, and the laws family of "
       "stats_tests.laws, which takes its expected laws from zonemax.exact.heavy_law)."),
    _s("zonemax.reference.double_geometric.DoubleGeometric", "stats_tests", "subject",
       "The reference double-geometric operator, subclassed by the planted wrong-logarithm bug "
       "(stats_tests.planted.DoubleGeometricWrongLog); the judged side.  The laws family takes "
       "its expected masses from the definition (stats_tests.samplers), not from this class."),
    _s("zonemax.reference.power_law.PowerLaw", "stats_tests", "subject",
       "The reference power-law operator with a wrong exponent, inside the planted 'ops' bug "
       "(stats_tests.planted.power_law_exponent_off_by_one); the judged side."),
    _s("zonemax.reference.heavy_tailed", "stats_tests", "subject",
       "The module whose helpers the common-mode planted bugs replace while a planted run lasts "
       "(stats_tests.planted.replaced); nothing else in stats_tests touches it."),
    _s(_HT + "CEpsilon", "stats_tests", "subject",
       "The result type the planted c_eps bug returns; a container."),
    _s(_OPS + "PlusMinusOne", "stats_tests", "subject",
       "Default operator of a planted buggy EA; the judged side."),
    _s(_OPS + "StepOperator", "stats_tests", "subject",
       "The operator protocol the planted operators implement and the implementations' "
       "operator hook returns; no behaviour."),
    _s(_OPS + "check_limit", "stats_tests", "subject",
       "Argument check inside planted operators; the judged side."),
    # -- pinned: shared helpers that enter an expected value ---------------------------------
    _s(_FIT + "norm_1", "proofs_check stats_tests", "pinned",
       "|a|_1 enters the Theorem 5 bound, the Corollary 6 threshold and the budgets.",
       "test_norms_and_fitness_match_their_definitions"),
    _s(_FIT + "norm_inf", "proofs_check stats_tests", "pinned",
       "|a|_inf enters the Theorem 4 and Lemma 7 lower bounds.",
       "test_norms_and_fitness_match_their_definitions"),
    _s(_FIT + "norm_hamming", "proofs_check stats_tests", "pinned",
       "|a|_H enters the Theorem 3-4 bounds and the ±1 normaliser.",
       "test_norms_and_fitness_match_their_definitions"),
    _s(_FIT + "fitness", "stats_tests", "pinned",
       "f_a(x) decides when an observed Corollary 6 run has reached alpha |a|_1 (and runs "
       "inside planted algorithms).", "test_norms_and_fitness_match_their_definitions"),
    _s(_HT + "c_epsilon", "stats_tests", "pinned",
       "c_eps enters the statistical families' use of the reference operator's law (planted "
       "bugs, budgets), while the claims compute their own (Arb) enclosure: a wrong c_eps would "
       "move operator and expectation together.  Pinned against the exact layer's own enclosure (a different "
       "bracket, written separately).", "test_c_epsilon_agrees_with_independent_enclosure"),
    _s(_HT + "largest_exponent", "stats_tests", "pinned",
       "The largest i with 2^(i-2) <= limit: the planted common-mode bug replaces it, and the "
       "reference operator truncates its law there.  Pinned against doubling from 1, "
       "exhaustively up to 2^12 and at every power of two +-1 up to 2^120 and 10^12..10^30.",
       "test_largest_exponent_matches_brute_force"),
)


@dataclass(frozen=True)
class Resolved:
    """An unsafe sharing that was removed, and what replaced it."""

    name: str
    layer: str
    replaced_by: str
    why: str


#: Unsafe sharings removed from the exact layer.
RESOLVED: tuple[Resolved, ...] = (
    Resolved(_HT + "largest_exponent", "exact", "zonemax.exact.heavy_law.exponents_upto",
             "the admissible magnitudes 2^(i-2) <= 2 f(x), listed by doubling from 1"),
    Resolved(_HT + "c_epsilon", "exact", "zonemax.exact.heavy_law.c_eps_enclosure",
             "c_eps by the plain integral test (bracket J(N) <= tail <= w(N) + J(N))"),
    Resolved(_HT + "HeavyTailed", "exact", "zonemax.exact.heavy_law.HeavyLaw",
             "the law of the step magnitude, truncations included, read from Definition 2"),
    Resolved(_HT + "DEFAULT_TERMS", "exact", "zonemax.exact.heavy_law.DEFAULT_C_TERMS",
             "the number of summed terms of the c_eps enclosure"),
    Resolved(_FIT + "norm_1", "exact", "sum(abs(a_i)) inline",
             "the state-count estimate of the EA solvers"),
)


def entry(name: str) -> Sharing | None:
    """The map's entry for ``name``, or ``None``."""
    return next((s for s in SHARINGS if s.name == name), None)
