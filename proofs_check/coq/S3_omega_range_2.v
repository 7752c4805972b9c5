(* S3.omega-range (TeX l. 414), converse: omega > 1 with a positive margin omega - 1 - e(omega-1)^2 has omega < 1 + 1/e. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_omega_range_2 : S3_omega_range_2_statement.
Proof.
  unfold S3_omega_range_2_statement.
  intros omega H1 H2.
  assert (He : 0 < exp 1) by apply exp_pos.
  assert (Hx : exp 1 * (omega - 1) < 1).
  { assert (0 < (omega - 1) * (1 - exp 1 * (omega - 1))) by nra.
    assert (0 < 1 - exp 1 * (omega - 1)).
    { apply (Rmult_lt_reg_l (omega - 1)); lra. }
    lra. }
  assert (omega - 1 < / exp 1).
  { apply (Rmult_lt_reg_l (exp 1)); [exact He|].
    rewrite Rinv_r; lra. }
  unfold Rdiv. lra.
Qed.
