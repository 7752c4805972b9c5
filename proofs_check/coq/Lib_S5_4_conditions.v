(* Shared lemmas for the Section 5 proofs: consequences of the conditions C1-C5 on
   (alpha, beta) (TeX l. 519 and 535). *)
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

Lemma S5_pos_of_prod : forall x q : R, x * q > 0 -> q > 0 -> x > 0.
Proof.
  intros x q H Hq. destruct (Rle_lt_dec x 0) as [h|h]; [|exact h].
  exfalso. assert (0 <= (- x) * q) by (apply Rmult_le_pos; lra). lra.
Qed.

(* For alpha > 1, C3 (2 alpha beta - beta - alpha > 0) implies C4, C5 and beta > 1/2. *)
Lemma S5_redundant : forall a b : R,
  a > 1 -> 2 * a * b - b - a > 0 ->
  a + b > 2 /\ a ^ 2 * b > 1 /\ b > 1 / 2.
Proof.
  intros a b Ha H3.
  set (q := 2 * a - 1).
  assert (Hq : q > 0) by (unfold q; lra).
  assert (Hbq : b * q > a) by (unfold q; lra).
  split; [|split].
  - enough (a + b - 2 > 0) by lra.
    apply (S5_pos_of_prod (a + b - 2) q); [|exact Hq].
    assert (0 < (a - 1) * (a - 1)) by (apply Rmult_lt_0_compat; lra).
    unfold q in *. nra.
  - enough (a ^ 2 * b - 1 > 0) by lra.
    apply (S5_pos_of_prod (a ^ 2 * b - 1) q); [|exact Hq].
    assert (Ha2 : 0 < a * a) by (apply Rmult_lt_0_compat; lra).
    assert (0 < (a - 1) * (a * a + a - 1)) by (apply Rmult_lt_0_compat; nra).
    assert (a * a * (b * q) > a * a * a) by (apply Rmult_lt_compat_l; lra).
    unfold q in *. simpl. nra.
  - enough (b - 1 / 2 > 0) by lra.
    apply (S5_pos_of_prod (b - 1 / 2) q); [|exact Hq].
    unfold q in *. lra.
Qed.
