(* S3.power-bound (TeX l. 393-394): (1 - 1/n)^(n-1) >= 1/e for every integer n >= 1. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements ZM.Lib_S234_a_powers.
Open Scope R_scope.

Theorem S3_power_bound : S3_power_bound_statement.
Proof.
  unfold S3_power_bound_statement.
  intros n Hn.
  assert (He : 0 < exp 1) by apply exp_pos.
  assert (He2 : 2 <= exp 1) by (pose proof (exp_ineq1_le 1); lra).
  assert (Hie : / exp 1 <= / 2) by (apply Rinv_le_contravar; lra).
  assert (Hn' : (1 <= n)%Z) by (apply le_IZR; lra).
  rewrite S234_powerRZ_nonneg by lia.
  set (m := Z.to_nat (n - 1)).
  assert (Hnm : IZR n = INR m + 1).
  { unfold m. rewrite INR_IZR_INZ, Z2Nat.id by lia.
    rewrite minus_IZR. ring. }
  rewrite Hnm.
  destruct m as [|m'] eqn:Em.
  - simpl. apply Rle_ge. unfold Rdiv. rewrite Rmult_1_l.
    lra.
  - set (r := INR (S m')).
    assert (Hr : 1 <= r) by (unfold r; apply (le_INR 1); lia).
    assert (Hq : 1 - 1 / (r + 1) = / (1 + 1 / r)) by (field; lra).
    rewrite Hq, pow_inv.
    assert (Hb : (1 + 1 / r) ^ S m' <= exp 1).
    { replace (exp 1) with (exp (INR (S m') * (1 / r))).
      - apply S234_pow_le_exp.
        assert (0 < 1 / r) by (apply Rdiv_lt_0_compat; lra). lra.
      - f_equal. fold r. field. lra. }
    assert (Hp : 0 < (1 + 1 / r) ^ S m').
    { apply pow_lt. assert (0 < 1 / r) by (apply Rdiv_lt_0_compat; lra). lra. }
    apply Rle_ge. unfold Rdiv. rewrite Rmult_1_l.
    apply Rinv_le_contravar; assumption.
Qed.
