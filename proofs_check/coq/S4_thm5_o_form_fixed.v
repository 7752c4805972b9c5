(* S4.thm5-o-form-fixed (TeX l. 469-497): (L+2) log2(L+2)^(1+eps) (1 + L) < (L+2)^2 log2(L+2)^(1+eps) for L >= 0. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S4_thm5_o_form_fixed : S4_thm5_o_form_fixed_statement.
Proof.
  unfold S4_thm5_o_form_fixed_statement.
  intros L eps HL Heps.
  set (R := Rpower (ln (L + 2) / ln 2) (1 + eps)).
  assert (HR : 0 < R) by (unfold R, Rpower; apply exp_pos).
  assert (HP : 0 < (L + 2) * R) by (apply Rmult_lt_0_compat; lra).
  nra.
Qed.
