(* S3.omega-range (TeX l. 414): for 1 < omega < 1 + 1/e the margin omega - 1 - e(omega-1)^2 is positive. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_omega_range : S3_omega_range_statement.
Proof.
  unfold S3_omega_range_statement.
  intros omega H1 H2.
  assert (He : 0 < exp 1) by apply exp_pos.
  assert (Hx : (omega - 1) * exp 1 < 1).
  { apply (Rmult_lt_compat_r (exp 1)) in H2; [|exact He].
    field_simplify in H2; lra. }
  assert (0 < (omega - 1) * (1 - exp 1 * (omega - 1))).
  { apply Rmult_lt_0_compat; lra. }
  nra.
Qed.
