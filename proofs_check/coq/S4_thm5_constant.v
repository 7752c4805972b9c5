(* S4.thm5-constant (TeX l. 474-478): for A > 1, 1 + ln A < 1 + log2 A. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S4_thm5_constant : S4_thm5_constant_statement.
Proof.
  unfold S4_thm5_constant_statement.
  intros A HA.
  assert (HlA : 0 < ln A) by (rewrite <- ln_1; apply ln_increasing; lra).
  assert (He2 : 2 < exp 1) by (pose proof (exp_ineq1 1 ltac:(lra)); lra).
  assert (Hl2 : ln 2 < 1) by (rewrite <- (ln_exp 1); apply ln_increasing; lra).
  assert (Hl20 : 0 < ln 2) by (rewrite <- ln_1; apply ln_increasing; lra).
  assert (ln A < ln A / ln 2).
  { apply (Rmult_lt_reg_r (ln 2)); [exact Hl20|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. nra. }
  lra.
Qed.
