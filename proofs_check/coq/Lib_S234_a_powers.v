(* Shared lemmas for the Section 3 proofs (S3_power_bound, S3_thm4_last_steps):
   integer powers with a non-negative integer exponent, and exp x ^ n = exp (n x). *)
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

Lemma S234_exp_pow_nat : forall (x : R) (n : nat), exp x ^ n = exp (INR n * x).
Proof.
  intros x n. induction n as [|n IH].
  - simpl. rewrite Rmult_0_l, exp_0. reflexivity.
  - rewrite S_INR. simpl pow. rewrite IH.
    replace ((INR n + 1) * x) with (x + INR n * x) by ring.
    rewrite exp_plus. reflexivity.
Qed.

Lemma S234_powerRZ_nonneg : forall (x : R) (k : Z),
  (0 <= k)%Z -> powerRZ x k = x ^ Z.to_nat k.
Proof.
  intros x k Hk.
  rewrite <- (Z2Nat.id k Hk) at 1.
  apply eq_sym, pow_powerRZ.
Qed.

(* (1 + y)^n <= exp (n y) when 1 + y >= 0. *)
Lemma S234_pow_le_exp : forall (y : R) (n : nat),
  0 <= 1 + y -> (1 + y) ^ n <= exp (INR n * y).
Proof.
  intros y n Hy.
  rewrite <- S234_exp_pow_nat.
  apply pow_incr. split; [exact Hy | apply exp_ineq1_le].
Qed.
