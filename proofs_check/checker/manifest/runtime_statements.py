r"""The run-time statements proved in Coq, written directly as Coq propositions.

The comparison language of :mod:`..formula` cannot state a run time: these statements speak of
the Markov kernel of RLS_{alpha,beta}, the laws of the stopped chain and the series
``E[T] = sum_{t >= 0} P(T > t)``, all defined in ``Vocabulary.v`` (the section after "Markov
chains with finite-support kernels"), which the checker pins by hash with the rest of its
trusted base.  Each text is reviewed against the TeX like every formula; the docs page
``docs/explanations/runtime-theorem.md`` maps every definition to Algorithm 2 and lists where the
formal statement departs from the paper's.

``S2.multiplicative-drift``
    Theorem 2 of Section 2 (TeX l. 338-347) for Markov chains whose every state has a
    finite-support law of the next state: a potential ``g >= 0``, ``g = 0`` on the target,
    ``g >= x_min > 0`` off it and ``E[g(X_{t+1}) | X_t = x] <= (1 - delta) g(x)`` off the
    target give ``E[T] <= (1 + ln(g(x_0)/x_min))/delta``.

``S5.lemma8-runtime``
    Lemma 8 (TeX l. 518-519, 645-647) with its constants: for every ``n >= 1`` and ``a`` in
    ``Z^n``, ``a != 0``, RLS_{alpha,beta} started at ``x = 0^n, v = 1^n`` has (first theorem, at
    the paper's example ``alpha = 17/10, beta = 9/10, c = 1/1000, p = 1/100``, where
    ``delta = 1/2535``) a probability kernel, ``E[T] <= 2535 n (1 + ln g(0^n, 1^n))``,
    ``g(0^n, 1^n) <= (1 + 2c)|a|_1^2`` and so ``E[T] <= 2535 n (1 + ln(1 + 2c) + 2 ln|a|_1)``;
    (second theorem) for every ``(alpha, beta, c, p)`` satisfying C1-C8, with ``delta`` the
    minimum of the five cases' ratios (as in ``S5.drift-feasible``), ``delta > 0`` and
    ``E[T] <= n (1 + ln(1 + 2c) + 2 ln|a|_1)/delta``.  ``T`` counts iterations until
    ``f_a(x) = 0`` (the start point is not counted).
"""

from __future__ import annotations

from ..formula import CoqProp

#: Lemma 8's run time at the paper's example constants.
LEMMA8_EXAMPLE = CoqProp("""forall (n : nat) (a : nat -> Z),
  (1 <= n)%nat ->
  norm1 n a <> 0%Z ->
  (forall (st : rls_state), dist_is_prob (rls_kernel n a (17 / 10) (9 / 10) st)) /\\
  expected_hitting_time_le (rls_kernel n a (17 / 10) (9 / 10)) (rls_target n a) rls_start
    (2535 * INR n
     * (1 + ln (rls_potential n a (17 / 10) (9 / 10) (1 / 1000) (1 / 100) rls_start))) /\\
  rls_potential n a (17 / 10) (9 / 10) (1 / 1000) (1 / 100) rls_start
    <= (1 + 2 * (1 / 1000)) * IZR (norm1 n a) ^ 2 /\\
  expected_hitting_time_le (rls_kernel n a (17 / 10) (9 / 10)) (rls_target n a) rls_start
    (2535 * INR n * (1 + ln (1 + 2 * (1 / 1000)) + 2 * ln (IZR (norm1 n a))))""")

#: The minimum of the five cases' ratios (the ``delta`` of ``S5.drift-feasible``).
DELTA_FEASIBLE = """Rmin ((((((2 * alpha) * beta) - beta) - alpha) / ((4 * alpha) * beta))
                      * (Rmin (4 * c) 1))
               (Rmin ((((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta))
                      / (2 * (1 + (4 * c))))
               (Rmin (((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1))) / ((1 + (4 * c)) + p))
               (Rmin (((p / 2) - ((2 * (alpha - 1)) * c)) / ((1 + (4 * c)) + p))
               (Rmin ((((4 * c) + p) - ((4 * beta) * c)) / ((1 + (4 * c)) + p))
                     (((4 * c) * (1 - beta)) / ((1 + (4 * c)) + p))))))"""

#: Lemma 8's run time over the feasible region C1-C8.
LEMMA8_FEASIBLE = CoqProp(f"""forall (n : nat) (a : nat -> Z) (alpha beta c p : R),
  alpha > 1 ->
  alpha <= 2 ->
  beta > (1 / 2) ->
  beta <= (9 / 10) ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 ->
  (alpha + beta) > 2 ->
  ((alpha ^ 2) * beta) > 1 ->
  (((((8 * alpha) * beta) * c) + (2 * p)) + ((4 * c) / beta)) <= (1 / 16) ->
  p > ((8 * c) * (((alpha + beta) / 2) - 1)) ->
  p > ((4 * (alpha - 1)) * c) ->
  ((4 * (alpha - 1)) * c) > 0 ->
  (1 <= n)%nat ->
  norm1 n a <> 0%Z ->
  let delta := {DELTA_FEASIBLE} in
  delta > 0 /\\
  expected_hitting_time_le (rls_kernel n a alpha beta) (rls_target n a) rls_start
    (INR n * (1 + ln (1 + 2 * c) + 2 * ln (IZR (norm1 n a))) / delta)""")

#: The multiplicative drift theorem for finite-support Markov chains.
MULTIPLICATIVE_DRIFT = CoqProp("""forall (X : Type) (K : X -> dist X) (target : X -> bool)
         (g : X -> R) (xmin delta : R) (x0 : X),
  (forall (x : X), target x = false -> dist_is_prob (K x)) ->
  (forall (x : X), 0 <= g x) ->
  (forall (x : X), target x = true -> g x = 0) ->
  (forall (x : X), target x = false -> xmin <= g x) ->
  xmin > 0 ->
  delta > 0 ->
  (forall (x : X), target x = false -> dist_expect (K x) g <= (1 - delta) * g x) ->
  target x0 = false ->
  expected_hitting_time_le K target x0 ((1 + ln (g x0 / xmin)) / delta)""")

#: Claim id -> its Coq statements (theorem ``<Name>``, then ``<Name>_2``).
FORMULAS: dict[str, tuple[CoqProp, ...]] = {
    "S2.multiplicative-drift": (MULTIPLICATIVE_DRIFT,),
    "S5.lemma8-runtime": (LEMMA8_EXAMPLE, LEMMA8_FEASIBLE),
}

#: Theorem name -> (label, a false variant the same proof must fail on).  Each variant is false,
#: not merely unprovable: at n = 1, a = (1) the exact E[T] is 2 (one try in two succeeds), far
#: above both lowered bounds; a chain that enters the target in one step from g(x_0) = x_min has
#: E[T] = 1 > ln(1)/delta = 0.
CONTROLS: dict[str, tuple[str, CoqProp]] = {
    "S2_multiplicative_drift": ("without the 1 + (bound ln(X_0/x_min)/delta)",
                                MULTIPLICATIVE_DRIFT.replaced("((1 + ln (g x0 / xmin)) / delta)",
                                                              "(ln (g x0 / xmin) / delta)")),
    "S5_lemma8_runtime": ("the closed form's constant divided by 10^4",
                          LEMMA8_EXAMPLE.replaced("(2535 * INR n * (1 + ln (1 + 2",
                                                  "(2535 / 10000 * INR n * (1 + ln (1 + 2")),
    "S5_lemma8_runtime_2": ("the bound divided by 10^4",
                            LEMMA8_FEASIBLE.replaced("/ delta)", "/ (10000 * delta))")),
}
