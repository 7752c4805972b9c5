(* S4.denominator-monotone (TeX l. 468): (L+2) log2(L+2)^(1+eps) is non-decreasing in L >= 0. *)
From Coq Require Import Reals Lra Lia Psatz.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.

Theorem S4_denominator_monotone : S4_denominator_monotone_statement.
Proof.
  unfold S4_denominator_monotone_statement.
  intros L M eps HL HLM Heps.
  assert (Hl20 : 0 < ln 2) by (rewrite <- ln_1; apply ln_increasing; lra).
  assert (Hln : ln 2 <= ln (L + 2)).
  { destruct (Req_dec L 0) as [->|HL0].
    - rewrite Rplus_0_l. lra.
    - left. apply ln_increasing; lra. }
  assert (HlnM : ln (L + 2) <= ln (M + 2)).
  { destruct (Req_dec L M) as [->|HLM0]; [lra|].
    left. apply ln_increasing; lra. }
  assert (Hq : 1 <= ln (L + 2) / ln 2).
  { apply (Rmult_le_reg_r (ln 2)); [exact Hl20|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  assert (Hq2 : ln (L + 2) / ln 2 <= ln (M + 2) / ln 2).
  { unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; exact Hl20 | exact HlnM]. }
  assert (HR : Rpower (ln (L + 2) / ln 2) (1 + eps) <= Rpower (ln (M + 2) / ln 2) (1 + eps)).
  { apply Rle_Rpower_l; lra. }
  assert (HR0 : 0 < Rpower (ln (L + 2) / ln 2) (1 + eps)) by (unfold Rpower; apply exp_pos).
  apply Rmult_le_compat; lra.
Qed.
