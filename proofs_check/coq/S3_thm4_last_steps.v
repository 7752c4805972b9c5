(* S3.thm4-last-steps (TeX l. 434): 1 - (1 - 1/h)^h >= 1 - 1/e >= 1/2 for every integer h >= 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements ZM.Lib_S234_a_powers.
Open Scope R_scope.

Theorem S3_thm4_last_steps : S3_thm4_last_steps_statement.
Proof.
  unfold S3_thm4_last_steps_statement.
  intros h Hh.
  assert (He : 0 < exp 1) by apply exp_pos.
  assert (He2 : 2 <= exp 1) by (pose proof (exp_ineq1_le 1); lra).
  assert (Hie : / exp 1 <= / 2) by (apply Rinv_le_contravar; lra).
  assert (Hh' : (1 <= h)%Z) by (apply le_IZR; lra).
  rewrite S234_powerRZ_nonneg by lia.
  set (m := Z.to_nat h).
  assert (Hhm : IZR h = INR m).
  { unfold m. rewrite INR_IZR_INZ, Z2Nat.id by lia. reflexivity. }
  rewrite Hhm in *.
  assert (Hb : (1 + - (1 / INR m)) ^ m <= exp (INR m * - (1 / INR m))).
  { apply S234_pow_le_exp.
    assert (1 / INR m <= 1).
    { unfold Rdiv. rewrite Rmult_1_l. rewrite <- Rinv_1.
      apply Rinv_le_contravar; lra. }
    lra. }
  replace (INR m * - (1 / INR m)) with (Ropp 1) in Hb by (field; lra).
  rewrite exp_Ropp in Hb.
  replace (1 + - (1 / INR m)) with (1 - 1 / INR m) in Hb by ring.
  unfold Rdiv at 2 3. rewrite !Rmult_1_l.
  split; lra.
Qed.
