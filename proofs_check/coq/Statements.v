(* Written by zonemax's certificate checker from its manifest
   (zonemax.proofs_check.checker.manifest); do not edit: the checker writes its own copy. *)

From Coq Require Import Reals.
Require Import ZM.Vocabulary.
Open Scope R_scope.

Definition S2_alg2_velocity_pseudocode_statement : Prop :=
  forall (v alpha beta : R),
  v >= 1 ->
  alpha > 1 ->
  alpha <= 2 ->
  beta > (1 / 2) ->
  beta < 1 ->
  ((alpha * v) >= 1) /\ ((Rmax 1 (beta * v)) >= 1) /\ ((IZR (Int_part (Rmax 1 (beta * v)))) >= 1).

Definition S2_thm1_lemma7_stopped_statement : Prop :=
  forall (y : R),
  ((Rmax 0 y) >= 0) /\ (((Rmax 0 y) - (Rmax 0 (y - 1))) <= 1) /\ (((Rmax 0 y) - (Rmax 0 (y - 1))) >= 0).

Definition S2_thm1_lemma7_stopped_2_statement : Prop :=
  forall (y : R),
  y <= 0 ->
  (Rmax 0 y) = 0.

Definition S2_multiplicative_drift_statement : Prop :=
  forall (X : Type) (K : X -> dist X) (target : X -> bool)
         (g : X -> R) (xmin delta : R) (x0 : X),
  (forall (x : X), target x = false -> dist_is_prob (K x)) ->
  (forall (x : X), 0 <= g x) ->
  (forall (x : X), target x = true -> g x = 0) ->
  (forall (x : X), target x = false -> xmin <= g x) ->
  xmin > 0 ->
  delta > 0 ->
  (forall (x : X), target x = false -> dist_expect (K x) g <= (1 - delta) * g x) ->
  target x0 = false ->
  expected_hitting_time_le K target x0 ((1 + ln (g x0 / xmin)) / delta).

Definition S3_omega_margin_statement : Prop :=
  (((6 / 5) - 1) - ((exp 1) * (((6 / 5) - 1) ^ 2))) > 0.

Definition S3_omega_printed_value_statement : Prop :=
  (Rabs ((((6 / 5) - 1) - ((exp 1) * (((6 / 5) - 1) ^ 2))) - (912687 / 10000000))) <= (1 / 20000000).

Definition S3_omega_range_statement : Prop :=
  forall (omega : R),
  omega > 1 ->
  omega < (1 + (1 / (exp 1))) ->
  ((omega - 1) - ((exp 1) * ((omega - 1) ^ 2))) > 0.

Definition S3_omega_range_2_statement : Prop :=
  forall (omega : R),
  omega > 1 ->
  ((omega - 1) - ((exp 1) * ((omega - 1) ^ 2))) > 0 ->
  omega < (1 + (1 / (exp 1))).

Definition S3_omega_best_statement : Prop :=
  forall (omega : R),
  omega > 1 ->
  (((omega - 1) - ((exp 1) * ((omega - 1) ^ 2))) / omega) <= ((((sqrt (1 + (1 / (exp 1)))) - 1) - ((exp 1) * (((sqrt (1 + (1 / (exp 1)))) - 1) ^ 2))) / (sqrt (1 + (1 / (exp 1))))).

Definition S3_omega_best_2_statement : Prop :=
  (((((6 / 5) - 1) - ((exp 1) * (((6 / 5) - 1) ^ 2))) / (6 / 5)) / ((((sqrt (1 + (1 / (exp 1)))) - 1) - ((exp 1) * (((sqrt (1 + (1 / (exp 1)))) - 1) ^ 2))) / (sqrt (1 + (1 / (exp 1)))))) > (97 / 100).

Definition S3_power_bound_statement : Prop :=
  forall (n : Z),
  (IZR n) >= 1 ->
  (powerRZ (1 - (1 / (IZR n))) (n - 1%Z)%Z) >= (1 / (exp 1)).

Definition S3_pair_identity_statement : Prop :=
  forall (d : Z) (omega : R),
  omega > 1 ->
  (IZR d) >= 1 ->
  ((((powerRZ omega (d + 1%Z)%Z) - (powerRZ omega d)) + (powerRZ omega (d - 1%Z)%Z)) - (powerRZ omega d)) = (((powerRZ omega d) * ((omega - 1) ^ 2)) / omega).

Definition S3_pair_correct_position_statement : Prop :=
  forall (k : Z) (omega : R),
  omega > 1 ->
  (IZR k) >= 1 ->
  (((omega - 1) + (powerRZ omega (k - 1%Z)%Z)) - (powerRZ omega k)) < (((omega - 1) ^ 2) / omega).

Definition S3_thm4_last_steps_statement : Prop :=
  forall (h : Z),
  (IZR h) >= 1 ->
  ((1 - (powerRZ (1 - (1 / (IZR h))) h)) >= (1 - (1 / (exp 1)))) /\ ((1 - (1 / (exp 1))) >= (1 / 2)).

Definition S4_denominator_monotone_statement : Prop :=
  forall (L M eps : R),
  L >= 0 ->
  L <= M ->
  eps > 0 ->
  ((L + 2) * (Rpower (ln (L + 2) / ln 2) (1 + eps))) <= ((M + 2) * (Rpower (ln (M + 2) / ln 2) (1 + eps))).

Definition S4_thm5_constant_statement : Prop :=
  forall (A : R),
  A > 1 ->
  (1 + (ln A)) < (1 + (ln A / ln 2)).

Definition S4_thm5_o_form_fixed_statement : Prop :=
  forall (L eps : R),
  L >= 0 ->
  eps > 0 ->
  (((L + 2) * (Rpower (ln (L + 2) / ln 2) (1 + eps))) * (1 + L)) < (((L + 2) * (L + 2)) * (Rpower (ln (L + 2) / ln 2) (1 + eps))).

Definition S5_example_conditions_statement : Prop :=
  ((17 / 10) > 1) /\ ((17 / 10) <= 2) /\ ((9 / 10) > (1 / 2)) /\ ((9 / 10) <= (9 / 10)) /\ (((((2 * (17 / 10)) * (9 / 10)) - (9 / 10)) - (17 / 10)) > 0) /\ (((17 / 10) + (9 / 10)) > 2) /\ ((((17 / 10) ^ 2) * (9 / 10)) > 1) /\ ((((((8 * (17 / 10)) * (9 / 10)) * (1 / 1000)) + (2 * (1 / 100))) + ((4 * (1 / 1000)) / (9 / 10))) <= (1 / 16)) /\ ((1 / 100) > ((8 * (1 / 1000)) * ((((17 / 10) + (9 / 10)) / 2) - 1))) /\ ((1 / 100) > ((4 * ((17 / 10) - 1)) * (1 / 1000))) /\ (((4 * ((17 / 10) - 1)) * (1 / 1000)) > 0).

Definition S5_feasible_region_statement : Prop :=
  forall (alpha beta : R),
  alpha > 1 ->
  alpha <= 2 ->
  beta > (1 / 2) ->
  beta <= (9 / 10) ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 ->
  (alpha + beta) > 2 ->
  ((alpha ^ 2) * beta) > 1 ->
  (alpha > (9 / 8)) /\ (alpha <= 2) /\ (alpha < (beta * ((2 * alpha) - 1))) /\ (beta <= (9 / 10)).

Definition S5_feasible_region_2_statement : Prop :=
  forall (alpha beta : R),
  alpha > (9 / 8) ->
  alpha <= 2 ->
  alpha < (beta * ((2 * alpha) - 1)) ->
  beta <= (9 / 10) ->
  (alpha > 1) /\ (alpha <= 2) /\ (beta > (1 / 2)) /\ (beta <= (9 / 10)) /\ (((((2 * alpha) * beta) - beta) - alpha) > 0) /\ ((alpha + beta) > 2) /\ (((alpha ^ 2) * beta) > 1).

Definition S5_redundant_conditions_statement : Prop :=
  forall (alpha beta : R),
  alpha > 1 ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 ->
  ((alpha + beta) > 2) /\ (((alpha ^ 2) * beta) > 1) /\ (beta > (1 / 2)).

Definition S5_cp_uniform_statement : Prop :=
  forall (alpha beta : R),
  alpha > 1 ->
  alpha <= 2 ->
  beta > (1 / 2) ->
  beta <= (9 / 10) ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 ->
  (alpha + beta) > 2 ->
  ((alpha ^ 2) * beta) > 1 ->
  ((((((8 * alpha) * beta) * (1 / 1000)) + (2 * (1 / 100))) + ((4 * (1 / 1000)) / beta)) <= (1 / 16)) /\ ((1 / 100) > ((8 * (1 / 1000)) * (((alpha + beta) / 2) - 1))) /\ ((1 / 100) > ((4 * (alpha - 1)) * (1 / 1000))) /\ (((4 * (alpha - 1)) * (1 / 1000)) > 0).

Definition S5_beta_range_statement : Prop :=
  forall (d : Z) (beta : R),
  (IZR d) >= 1 ->
  beta > (1 / 2) ->
  beta <= (9 / 10) ->
  (IZR (Int_part ((2 - (2 * beta)) * (IZR d)))) >= (IZR (Int_part ((IZR d) / 8))).

Definition S5_drift_delta_statement : Prop :=
  forall (d : Z) (v : R),
  (IZR d) >= 1 ->
  v >= 1 ->
  (rls_drift (IZR d) v (17 / 10) (9 / 10) (1 / 1000) (1 / 100)) >= ((1 / 2535) * (rls_g (IZR d) v (17 / 10) (9 / 10) (1 / 1000) (1 / 100))).

Definition S5_drift_feasible_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((rls_drift (IZR d) v alpha beta c p) >= ((Rmin ((((((2 * alpha) * beta) - beta) - alpha) / ((4 * alpha) * beta)) * (Rmin (4 * c) 1)) (Rmin ((((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta)) / (2 * (1 + (4 * c)))) (Rmin (((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1))) / ((1 + (4 * c)) + p)) (Rmin (((p / 2) - ((2 * (alpha - 1)) * c)) / ((1 + (4 * c)) + p)) (Rmin ((((4 * c) + p) - ((4 * beta) * c)) / ((1 + (4 * c)) + p)) (((4 * c) * (1 - beta)) / ((1 + (4 * c)) + p))))))) * (rls_g (IZR d) v alpha beta c p))) /\ ((Rmin ((((((2 * alpha) * beta) - beta) - alpha) / ((4 * alpha) * beta)) * (Rmin (4 * c) 1)) (Rmin ((((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta)) / (2 * (1 + (4 * c)))) (Rmin (((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1))) / ((1 + (4 * c)) + p)) (Rmin (((p / 2) - ((2 * (alpha - 1)) * c)) / ((1 + (4 * c)) + p)) (Rmin ((((4 * c) + p) - ((4 * beta) * c)) / ((1 + (4 * c)) + p)) (((4 * c) * (1 - beta)) / ((1 + (4 * c)) + p))))))) > 0).

Definition S5_case1_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  v <= ((IZR d) / 8) ->
  (rls_drift (IZR d) v alpha beta c p) >= (((((((2 * alpha) * beta) - beta) - alpha) / ((4 * alpha) * beta)) * (Rmin (4 * c) 1)) * (rls_g (IZR d) v alpha beta c p)).

Definition S5_case2_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((IZR d) / 8) < v ->
  v <= ((2 * beta) * (IZR d)) ->
  (rls_drift (IZR d) v alpha beta c p) >= (((IZR d) / 2) * (((1 / 16) - (2 * ((((4 * alpha) * beta) * c) + p))) - ((4 * c) / beta))).

Definition S5_case2_decrease_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((IZR d) / 8) < v ->
  v <= ((2 * beta) * (IZR d)) ->
  ((IZR d) - (rls_d_toward (IZR d) v)) >= ((IZR d) / 16).

Definition S5_case2_toward_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((IZR d) / 8) < v ->
  v <= ((2 * beta) * (IZR d)) ->
  ((rls_g (IZR d) v alpha beta c p) - (rls_g_toward (IZR d) v alpha beta c p)) >= ((IZR d) * ((1 / 16) - ((((4 * alpha) * beta) * c) + p))).

Definition S5_case2_away_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((IZR d) / 8) < v ->
  v <= ((2 * beta) * (IZR d)) ->
  ((rls_g (IZR d) v alpha beta c p) - (rls_g_away (IZR d) v alpha beta c p)) >= ((((- 4) * c) * (IZR d)) / beta).

Definition S5_case2_sharp_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((IZR d) / 8) < v ->
  v <= ((2 * beta) * (IZR d)) ->
  (rls_drift (IZR d) v alpha beta c p) >= (((IZR d) / 2) * (((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta))).

Definition S5_case2_positive_statement : Prop :=
  forall (alpha beta c p : R),
  alpha > 1 ->
  alpha <= 2 ->
  beta > (1 / 2) ->
  beta <= (9 / 10) ->
  ((((2 * alpha) * beta) - beta) - alpha) > 0 ->
  (alpha + beta) > 2 ->
  ((alpha ^ 2) * beta) > 1 ->
  p > ((8 * c) * (((alpha + beta) / 2) - 1)) ->
  p > ((4 * (alpha - 1)) * c) ->
  ((4 * (alpha - 1)) * c) > 0 ->
  (((1 / 16) - (2 * ((((4 * alpha) * beta) * c) + p))) - ((4 * c) / beta)) >= 0 ->
  (((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta)) > 0.

Definition S5_case2_cap_fixed_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((IZR d) / 8) < v ->
  v <= ((2 * beta) * (IZR d)) ->
  (beta * v) <= 1 ->
  ((c * ((IZR d) ^ 2)) / 2) >= (2 * c) ->
  (((rls_g (IZR d) v alpha beta c p) - (rls_g_away (IZR d) v alpha beta c p)) >= (((- c) * ((IZR d) ^ 2)) / 2)) /\ ((((- c) * ((IZR d) ^ 2)) / 2) >= (((- c) * ((IZR d) ^ 2)) / ((2 * beta) * v))) /\ ((((- c) * ((IZR d) ^ 2)) / ((2 * beta) * v)) >= ((((- 4) * c) * (IZR d)) / beta)).

Definition S5_case3_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((2 * beta) * (IZR d)) < v ->
  v < (2 * (IZR d)) ->
  (beta * v) >= 1 ->
  (rls_drift (IZR d) v alpha beta c p) >= ((IZR d) * ((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1)))).

Definition S5_case3_reset_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  ((2 * beta) * (IZR d)) < v ->
  v < (2 * (IZR d)) ->
  (beta * v) <= 1 ->
  (rls_drift (IZR d) v alpha beta c p) >= (((p / 2) * (IZR d)) - (((2 * (alpha - 1)) * c) * (IZR d))).

Definition S5_case4_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  v = (2 * (IZR d)) ->
  (rls_drift (IZR d) v alpha beta c p) = ((IZR d) * (((4 * c) + p) - ((4 * beta) * c))).

Definition S5_case5_statement : Prop :=
  forall (d : Z) (v alpha beta c p : R),
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
  (IZR d) >= 1 ->
  v >= 1 ->
  v > (2 * (IZR d)) ->
  ((rls_drift (IZR d) v alpha beta c p) = (((2 * c) * v) * (1 - beta))) /\ ((((2 * c) * v) * (1 - beta)) > (((4 * (1 - beta)) * c) * (IZR d))).

Definition S5_initial_potential_statement : Prop :=
  forall (d : Z) (alpha beta c p : R),
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
  (IZR d) >= 1 ->
  (rls_g (IZR d) 1 alpha beta c p) <= ((1 + (2 * c)) * ((IZR d) ^ 2)).

Definition S5_lemma8_runtime_statement : Prop :=
  forall (n : nat) (a : nat -> Z),
  (1 <= n)%nat ->
  norm1 n a <> 0%Z ->
  (forall (st : rls_state), dist_is_prob (rls_kernel n a (17 / 10) (9 / 10) st)) /\
  expected_hitting_time_le (rls_kernel n a (17 / 10) (9 / 10)) (rls_target n a) rls_start
    (2535 * INR n
     * (1 + ln (rls_potential n a (17 / 10) (9 / 10) (1 / 1000) (1 / 100) rls_start))) /\
  rls_potential n a (17 / 10) (9 / 10) (1 / 1000) (1 / 100) rls_start
    <= (1 + 2 * (1 / 1000)) * IZR (norm1 n a) ^ 2 /\
  expected_hitting_time_le (rls_kernel n a (17 / 10) (9 / 10)) (rls_target n a) rls_start
    (2535 * INR n * (1 + ln (1 + 2 * (1 / 1000)) + 2 * ln (IZR (norm1 n a)))).

Definition S5_lemma8_runtime_2_statement : Prop :=
  forall (n : nat) (a : nat -> Z) (alpha beta c p : R),
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
  let delta := Rmin ((((((2 * alpha) * beta) - beta) - alpha) / ((4 * alpha) * beta))
                      * (Rmin (4 * c) 1))
               (Rmin ((((1 / 16) - ((((4 * alpha) * beta) * c) + p)) - ((4 * c) / beta))
                      / (2 * (1 + (4 * c))))
               (Rmin (((p / 2) - ((4 * c) * (((alpha + beta) / 2) - 1))) / ((1 + (4 * c)) + p))
               (Rmin (((p / 2) - ((2 * (alpha - 1)) * c)) / ((1 + (4 * c)) + p))
               (Rmin ((((4 * c) + p) - ((4 * beta) * c)) / ((1 + (4 * c)) + p))
                     (((4 * c) * (1 - beta)) / ((1 + (4 * c)) + p)))))) in
  delta > 0 /\
  expected_hitting_time_le (rls_kernel n a alpha beta) (rls_target n a) rls_start
    (INR n * (1 + ln (1 + 2 * c) + 2 * ln (IZR (norm1 n a))) / delta).

Definition S5_lemma7_theta_statement : Prop :=
  forall (d : Z) (v : R),
  (IZR d) >= 1 ->
  v >= 1 ->
  (((rls_v_toward (IZR d) v (11 / 10) (3 / 5)) + (rls_v_away (IZR d) v (11 / 10) (3 / 5))) / 2) <= (((((11 / 10) + (3 / 5)) / 2) * v) + (1 / 2)).
