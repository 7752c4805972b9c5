(* S3.omega-best (TeX l. 413-414): the rate (omega - 1 - e(omega-1)^2)/omega over omega > 1 is largest at omega* = sqrt(1 + 1/e). *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S3_omega_best : S3_omega_best_statement.
Proof.
  unfold S3_omega_best_statement.
  intros w Hw.
  assert (He : 0 < exp 1) by apply exp_pos.
  assert (Hie : 0 < 1 / exp 1) by (apply Rdiv_lt_0_compat; lra).
  set (s := sqrt (1 + 1 / exp 1)).
  assert (Hss : s * s = 1 + 1 / exp 1) by (apply sqrt_sqrt; lra).
  assert (Hs : 0 < s) by (apply sqrt_lt_R0; lra).
  assert (Hes : exp 1 * (s * s) = exp 1 + 1).
  { rewrite Hss. field. lra. }
  set (A := w - 1 - exp 1 * (w - 1) ^ 2).
  set (B := s - 1 - exp 1 * (s - 1) ^ 2).
  assert (HA : A / w = (A * s) * / (w * s)) by (field; lra).
  assert (HB : B / s = (B * w) * / (w * s)) by (field; lra).
  rewrite HA, HB.
  apply Rmult_le_compat_r.
  { left. apply Rinv_0_lt_compat. nra. }
  assert (Hid : B * w - A * s = (s - w) * (1 + exp 1 - exp 1 * (s * s)) + exp 1 * s * (s - w) ^ 2)
    by (unfold A, B; ring).
  assert (0 <= exp 1 * s * (s - w) ^ 2).
  { apply Rmult_le_pos; [nra | apply pow2_ge_0]. }
  rewrite Hes in Hid. lra.
Qed.
